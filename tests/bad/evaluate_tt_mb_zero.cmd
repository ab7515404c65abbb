evaluate --tt-mb 0
