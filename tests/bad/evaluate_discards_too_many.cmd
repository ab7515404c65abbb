evaluate --discards 66
