batch --job evaluate --quick --quiet --threads 1
