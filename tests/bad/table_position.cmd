table
