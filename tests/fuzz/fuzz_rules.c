/* libFuzzer target: the rule-system reader (evaluator/rules.h), then the
 * description of what it loaded (skatdd rules NAME), which walks every
 * parameter the reader let through.
 *
 * rules_load reads a file (a name containing '/' or ending in .yaml), so the
 * input goes through a temporary file, rewritten for each input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_file.h"
#include "rules.h"
#include "rulestext.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    const char *path = fuzz_file_write(data, size, ".yaml");
    RuleSystem *rules = malloc(sizeof *rules); /* large: not on the stack */
    if (!rules)
        abort();
    char err[512];
    if (rules_load(path, NULL, rules, err, sizeof err))
        rules_describe(rules, sink);
    free(rules);
    return 0;
}
