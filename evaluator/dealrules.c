#include "dealrules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *deal_rules_name(const char *override, const char *document_rules)
{
    if (override)
        return override;
    return document_rules && document_rules[0] ? document_rules : DEAL_RULES_DEFAULT;
}

bool deal_rules_set(DealRules *r, const char *override, const char *dir)
{
    free(r->override);
    free(r->dir);
    r->override = override ? strdup(override) : NULL;
    r->dir = dir ? strdup(dir) : NULL;
    r->active = true;
    r->loaded[0] = '\0';
    return (!dir || r->dir) && (!override || r->override);
}

const RuleSystem *deal_rules_get(DealRules *r, const char *name, char *err, size_t n)
{
    if (r->rules && strcmp(r->loaded, name) == 0)
        return r->rules;
    if (!r->rules && !(r->rules = malloc(sizeof *r->rules))) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    r->loaded[0] = '\0';
    if (!rules_load(name, r->dir, r->rules, err, n))
        return NULL;
    snprintf(r->loaded, sizeof r->loaded, "%s", name);
    return r->rules;
}

void deal_rules_free(DealRules *r)
{
    free(r->override);
    free(r->dir);
    free(r->rules);
    *r = (DealRules){0};
}
