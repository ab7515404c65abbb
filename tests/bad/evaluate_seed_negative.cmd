evaluate --seed -5
