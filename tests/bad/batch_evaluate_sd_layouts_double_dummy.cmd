batch --job evaluate --quick --quiet --sd-layouts 4
