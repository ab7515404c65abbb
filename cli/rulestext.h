/* Rule systems (rules.h) in words. */
#ifndef SKATDD_RULESTEXT_H
#define SKATDD_RULESTEXT_H

#include <stddef.h>
#include <stdio.h>

#include "rules.h"

/* Prints one line per *.yaml file of rules_dir (NULL: per built-in system),
 * sorted: "NAME  TITLE", or
 * "NAME  error: ..." for a file that does not load.  Returns the number of
 * rule systems that load, -1 when the directory cannot be read, -2 when
 * memory ran out (err set). */
int rules_print_list(const char *rules_dir, FILE *out, char *err, size_t n);

/* Prints the rule system with all its parameters in words. */
void rules_describe(const RuleSystem *rules, FILE *out);

#endif
