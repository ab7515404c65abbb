score
