batch --job evaluate --quick --quiet --declarer middlehand
