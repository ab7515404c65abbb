evaluate --fresh-check --model single-dummy
