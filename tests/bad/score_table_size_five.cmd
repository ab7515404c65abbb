score --table-size 5
