evaluate --quiet --plot /no/such/dir/x.svg
