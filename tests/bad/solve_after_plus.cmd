solve --after +1
