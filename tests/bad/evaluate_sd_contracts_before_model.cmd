evaluate --quick --sd-contracts 2 --model double-dummy
