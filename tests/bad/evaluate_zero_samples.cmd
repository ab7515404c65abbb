evaluate --samples 0
