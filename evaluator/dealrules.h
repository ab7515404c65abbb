/* Which rule system a deal is played under, and loading it once.
 *
 * A deal is read and scored in the words of one rule system: the one named
 * on the command line (--rules, loaded once for the run), else the deal's own
 * rules:, else isko.  The reader needs it for the contract, the commands for
 * the score; both take it from here, so a file of many deals loads its rule
 * system once. */
#ifndef SKATDD_DEALRULES_H
#define SKATDD_DEALRULES_H

#include <stdbool.h>
#include <stddef.h>

#include "rules.h"

#define DEAL_RULES_DEFAULT "isko"

/* The name of the rule system a deal names: its rules: (document_rules,
 * "" or NULL when absent), else DEAL_RULES_DEFAULT. */
const char *deal_rules_name(const char *document_rules);

/* The rule systems of a file's deals: the one given for the whole run, the
 * directory to look names up in, and the last one a deal named. */
typedef struct {
    const RuleSystem *given; /* --rules, loaded once for the run (a pipe can be read
                                once only): wins over the document's rules:; not owned */
    bool active;      /* false: no rule system (contracts in plain words) */
    char *dir;        /* NULL: the built-in rule systems */
    RuleSystem *rules;
    char loaded[RULES_PATH]; /* the name rules was loaded as; "" when none */
    bool out_of_memory;      /* the last deal_rules_get failed for memory, not for the file */
} DealRules;

/* Sets the rule system given for every deal (NULL: each deal's own) and the
 * directory (NULL: the built-in rule systems), and makes the rule system
 * active.  given must outlive r.  False when out of memory. */
bool deal_rules_set(DealRules *r, const RuleSystem *given, const char *dir);
/* The rule system of a deal whose rules: is document_rules (NULL or "" when
 * it has none): the given one, else the one it names (rules_load), loaded
 * only when it differs from the last one.  NULL with rules_load's message in
 * err, and r->out_of_memory set when memory ran out. */
const RuleSystem *deal_rules_get(DealRules *r, const char *document_rules, char *err, size_t n);
void deal_rules_free(DealRules *r);

#endif
