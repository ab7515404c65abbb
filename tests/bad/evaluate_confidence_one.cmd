evaluate --confidence 1
