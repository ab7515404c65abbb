evaluate --quick
