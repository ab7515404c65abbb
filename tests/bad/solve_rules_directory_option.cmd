solve --rules /
