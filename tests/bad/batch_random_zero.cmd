batch --job solve --random 0
