analyze
