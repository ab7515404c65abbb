analyze --min-cost 0x10
