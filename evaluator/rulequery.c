/* Looking things up in a rule system: forms, the games table, the lost-game
 * factor, tournament schemes. */
#include "rules.h"

#include <string.h>

const char *rules_form_name(const RuleSystem *rules, int form)
{
    return form > 0 && form <= rules->form_count ? rules->forms[form - 1].name : "";
}

/* The form whose entries give a contract's values. */
static int value_form(const RuleSystem *r, int form)
{
    if (form > 0 && form <= r->form_count && r->forms[form - 1].values_of)
        return r->forms[form - 1].values_of;
    return form;
}

static bool tri_matches(int pattern, bool value)
{
    return pattern < 0 || pattern == (int)value;
}

const RuleGame *rules_find_game(const RuleSystem *rules, const Contract *c)
{
    int form = value_form(rules, c->form);
    for (int i = 0; i < rules->game_count; i++) {
        const RuleGame *g = &rules->games[i];
        if (g->enabled && g->form == form && g->game == c->game && tri_matches(g->hand, c->hand) &&
            tri_matches(g->ouvert, c->ouvert))
            return g;
    }
    return NULL;
}

int rules_lost_factor(const RuleSystem *rules, const Contract *c)
{
    const RuleGame *g = rules_find_game(rules, c);
    if (g && g->lost_factor)
        return g->lost_factor;
    if (c->form > 0 && c->form <= rules->form_count && rules->forms[c->form - 1].lost_factor)
        return rules->forms[c->form - 1].lost_factor;
    return c->hand ? rules->lost_hand_factor : rules->lost_skat_factor;
}

const TournamentScheme *rules_find_scheme(const RuleSystem *rules, const char *name)
{
    if (rules->scheme_count == 0)
        return NULL;
    if (!name || !*name)
        return &rules->schemes[0];
    for (int i = 0; i < rules->scheme_count; i++)
        if (strcmp(rules->schemes[i].name, name) == 0)
            return &rules->schemes[i];
    return NULL;
}
