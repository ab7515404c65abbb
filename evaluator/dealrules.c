#include "dealrules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *deal_rules_name(const char *document_rules)
{
    return document_rules && document_rules[0] ? document_rules : DEAL_RULES_DEFAULT;
}

bool deal_rules_set(DealRules *r, const RuleSystem *given, const char *dir)
{
    free(r->dir);
    r->given = given;
    r->dir = dir ? strdup(dir) : NULL;
    r->active = true;
    r->loaded[0] = '\0';
    return !dir || r->dir;
}

const RuleSystem *deal_rules_get(DealRules *r, const char *document_rules, char *err, size_t n)
{
    r->out_of_memory = false;
    if (r->given)
        return r->given;
    const char *name = deal_rules_name(document_rules);
    if (r->rules && strcmp(r->loaded, name) == 0)
        return r->rules;
    if (!r->rules && !(r->rules = malloc(sizeof *r->rules))) {
        snprintf(err, n, "out of memory");
        r->out_of_memory = true;
        return NULL;
    }
    r->loaded[0] = '\0';
    /* A deal's rules: is the file's word, not the user's: a FIFO without a
     * writer there made every command wait for ever, /dev/tty for the
     * keyboard.  --rules may name a pipe (--rules <(...)). */
    struct stat st;
    if (rules_is_path(name) && stat(name, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(err, n, "%s: not a regular file (a deal's rules: names a rule file; a pipe or device only with --rules)",
                 name);
        return NULL;
    }
    ReadResult read = rules_read(name, r->dir, r->rules, err, n);
    if (read != READ_OK) {
        r->out_of_memory = read == READ_NO_MEMORY;
        return NULL;
    }
    snprintf(r->loaded, sizeof r->loaded, "%s", name);
    return r->rules;
}

void deal_rules_free(DealRules *r)
{
    free(r->dir);
    free(r->rules);
    *r = (DealRules){0};
}
