/* The rule systems built into the program.
 *
 * The YAML files of evaluator/rules/ are compiled in (tools/embed.sh writes
 * them as byte arrays at build time), so an installed skatdd needs no data
 * files.  rules_load reads them by name when no rules directory is given
 * ($SKATDD_RULES_DIR and --rules PATH override them); their bytes go through
 * the same parser as a file's. */
#ifndef SKATDD_RULES_BUILTIN_H
#define SKATDD_RULES_BUILTIN_H

#include <stddef.h>

typedef struct {
    const char *name; /* the file's base name: "isko" */
    const char *text; /* the file's bytes, a '\0' after them */
    size_t size;
} BuiltinRules;

/* How a built-in file is named in messages: "isko.yaml (built in)". */
#define RULES_BUILTIN_SUFFIX ".yaml (built in)"

/* The built-in rule system called name, NULL when there is none. */
const BuiltinRules *rules_builtin_find(const char *name);

/* The built-in rule systems, sorted by name: index 0 .. count - 1. */
int rules_builtin_count(void);
const BuiltinRules *rules_builtin_at(int index);

#endif
