evaluate --quick --model single-dummy --lost-levels-every 8
