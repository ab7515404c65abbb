solve --format xml
