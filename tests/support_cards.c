#include "support_cards.h"
#include "notation.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

int test_card(const char *name)
{
    int card = card_parse(name);
    if (card == CARD_NONE)
        fail_msg("unknown card '%s'", name);
    return card;
}

CardSet test_cards(const char *names)
{
    char buf[256];
    CardSet set = 0;
    snprintf(buf, sizeof buf, "%s", names);
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        int card = test_card(w);
        if (set_has(set, card))
            fail_msg("card %s twice in '%s'", w, names);
        set |= card_bit(card);
    }
    return set;
}

bool test_rules(const char *name, RuleSystem *out)
{
    char err[512];
    if (rules_load(name, "evaluator/rules", out, err, sizeof err))
        return true;
    fprintf(stderr, "%s\n", err);
    return false;
}

bool test_four_rules(RuleSystem *isko, RuleSystem *texas, RuleSystem *tournee, RuleSystem *classic)
{
    return test_rules("isko", isko) && test_rules("texas", texas) && test_rules("tournee", tournee) &&
           test_rules("classic", classic);
}
