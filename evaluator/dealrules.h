/* Which rule system a deal is played under, and loading it once.
 *
 * A deal is read and scored in the words of one rule system: the one named
 * on the command line (--rules), else the deal's own rules:, else isko.  The
 * reader needs it for the contract, the commands for the score; both take it
 * from here, so a file of many deals loads its rule system once. */
#ifndef SKATDD_DEALRULES_H
#define SKATDD_DEALRULES_H

#include <stdbool.h>
#include <stddef.h>

#include "rules.h"

#define DEAL_RULES_DEFAULT "isko"

/* The name of the rule system: override if not NULL, else the deal's
 * rules: (document_rules, "" when absent), else DEAL_RULES_DEFAULT. */
const char *deal_rules_name(const char *override, const char *document_rules);

/* The rule systems of a file's deals: the override and the directory to
 * look names up in, and the last one loaded. */
typedef struct {
    char *override;   /* --rules: wins over the document's rules: */
    bool active;      /* false: no rule system (contracts in plain words) */
    char *dir;        /* NULL: the built-in rule systems */
    RuleSystem *rules;
    char loaded[RULES_PATH]; /* the name rules was loaded as; "" when none */
    bool out_of_memory;      /* the last deal_rules_get failed for memory, not for the file */
} DealRules;

/* Sets the override (may be NULL) and the directory (NULL: the built-in
 * rule systems), and makes the rule system active.  False when out of memory. */
bool deal_rules_set(DealRules *r, const char *override, const char *dir);
/* The rule system called name (rules_load), loaded only when it differs from
 * the last one.  NULL with rules_load's message in err, and r->out_of_memory
 * set when memory ran out. */
const RuleSystem *deal_rules_get(DealRules *r, const char *name, char *err, size_t n);
void deal_rules_free(DealRules *r);

#endif
