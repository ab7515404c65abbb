evaluate --model single-dummy --sd-contracts 33
