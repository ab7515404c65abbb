evaluate --model triple-dummy
