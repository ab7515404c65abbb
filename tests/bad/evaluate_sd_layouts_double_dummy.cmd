evaluate --quick --sd-layouts 4
