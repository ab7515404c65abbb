batch --job evaluate --seed 18446744073709551616
