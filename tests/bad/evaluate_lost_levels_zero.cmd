evaluate --lost-levels-every 0
