solve --rules nosuch
