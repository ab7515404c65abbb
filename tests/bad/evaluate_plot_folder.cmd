evaluate --quiet --plot tests/bad
