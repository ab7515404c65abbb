evaluate --samples 1e1
