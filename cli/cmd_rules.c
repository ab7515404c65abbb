#include <stdlib.h>

#include "commands.h"
#include "common.h"
#include "rules.h"
#include "rulestext.h"

static const char rules_help[] =
    "usage: skatdd rules [NAME|FILE]\n"
    "\n"
    "Without an argument, lists the rule systems: the YAML files of the\n"
    "directory $SKATDD_RULES_DIR when it is set, else the ones built into\n"
    "skatdd.  With a name or a path, prints that rule system with every\n"
    "parameter in words.  Copy a file (skatdd source: evaluator/rules/), change\n"
    "it and select it with --rules PATH in any command.\n";

/* The common options rules uses; the others are refused. */
static const unsigned rules_common = 0;

int cmd_rules(int argc, char **argv)
{
    CommonOptions o;
    common_defaults(&o);
    int first = common_parse(argc, argv, &o, rules_help, rules_common, NULL, NULL, NULL);
    if (first == -2)
        return EXIT_OK;
    if (first < 0)
        return EXIT_BAD_INPUT;
    char err[512];
    if (first >= argc) {
        int loaded = rules_print_list(rules_directory(), stdout, err, sizeof err);
        if (loaded < 0) {
            cli_error("skatdd rules: %s", err);
            return read_failure_status(loaded == -2);
        }
        return EXIT_OK;
    }
    int status = EXIT_OK;
    RuleSystem *rules = malloc(sizeof *rules);
    if (!rules)
        return out_of_memory(NULL);
    for (int i = first; i < argc; i++) {
        ReadResult read = rules_read(argv[i], rules_directory(), rules, err, sizeof err);
        if (read != READ_OK) {
            cli_error("%s", err);
            status = read_failure_status(read == READ_NO_MEMORY);
            break;
        }
        rules_describe(rules, stdout);
    }
    free(rules);
    return status;
}
