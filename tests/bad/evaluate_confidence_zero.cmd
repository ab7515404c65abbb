evaluate --confidence 0
