score --rules tests/bad/rules_option_empty_file.yaml
