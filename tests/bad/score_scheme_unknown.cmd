score --scheme league
