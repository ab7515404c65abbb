evaluate --rules nosuch
