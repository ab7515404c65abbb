evaluate --model single-dummy --sd-layouts 0
