batch --job solve --random 2 --chunk 1.0
