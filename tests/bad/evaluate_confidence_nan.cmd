evaluate --confidence nan
