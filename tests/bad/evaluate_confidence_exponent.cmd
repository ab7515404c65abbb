evaluate --confidence 5e-1
