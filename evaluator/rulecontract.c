/* Contracts in the words of a rule system: read, checked against its games
 * table and implications, and named back. */
#include "rulecontract.h"

#include <stdio.h>
#include <string.h>

#include "text.h"

bool rules_check_contract(const RuleSystem *rules, const Contract *in, Contract *out, char *err, size_t n)
{
    Contract c = *in;
    char name[RULES_TEXT];
    if ((unsigned)c.game >= GAME_TYPE_COUNT) {
        snprintf(err, n, "not a game");
        return false;
    }
    if (c.form < 0 || c.form > rules->form_count) {
        snprintf(err, n, "the %s rules have no such contract form", rules->name);
        return false;
    }
    if (c.form) {
        const RuleForm *f = &rules->forms[c.form - 1];
        if (f->skat && c.hand) {
            snprintf(err, n, "a %s takes the skat: it cannot be played hand", f->name);
            return false;
        }
        if (!f->skat)
            c.hand = true;
    }
    if (c.game == GAME_NULL) {
        if (c.schneider_announced || c.schwarz_announced) {
            snprintf(err, n, "a null game has no schneider or schwarz to announce");
            return false;
        }
    } else {
        if (c.ouvert && rules->ouvert_implies_announcements)
            c.schneider_announced = c.schwarz_announced = true;
        if (c.ouvert && rules->ouvert_implies_hand) {
            if (c.form && rules->forms[c.form - 1].skat) {
                snprintf(err, n, "an ouvert game is a hand game: a %s cannot be ouvert", rules->forms[c.form - 1].name);
                return false;
            }
            c.hand = true;
        }
        if (c.schwarz_announced)
            c.schneider_announced = true;
        if (c.schneider_announced && !c.hand && rules->announce_needs_hand) {
            snprintf(err, n, "%s announced in a game that is not a hand game (the %s rules allow announcements "
                     "only in hand games)", c.schwarz_announced ? "schwarz" : "schneider", rules->name);
            return false;
        }
    }
    if (!rules_find_game(rules, &c)) {
        snprintf(err, n, "the %s rules have no game '%s'", rules->name,
                 rules_contract_name(rules, &c, name, sizeof name));
        return false;
    }
    *out = c;
    return true;
}

static bool turns_skat_card(const RuleSystem *rules, int form)
{
    if (form <= 0 || form > rules->form_count)
        return false;
    const RuleForm *f = &rules->forms[form - 1];
    return strcmp(f->name, "tournee") == 0 || (f->values_of && turns_skat_card(rules, f->values_of));
}

int rules_turning_cards(const RuleSystem *rules, const Contract *c, CardSet skat, int *second_turn_form)
{
    *second_turn_form = 0;
    if (!turns_skat_card(rules, c->form))
        return -1;
    for (int f = 1; f <= rules->form_count; f++)
        if (rules->forms[f - 1].values_of == c->form)
            *second_turn_form = f;
    if (c->game == GAME_GRAND)
        return set_count(skat & JACK_BITS);
    return c->game < GAME_GRAND ? set_count(skat & SUIT_BITS(c->game)) : 0;
}

bool rules_skat_allows(const RuleSystem *rules, const Contract *c, CardSet skat)
{
    int second;
    return rules_turning_cards(rules, c, skat, &second) != 0;
}

/* Without a form word: the one form with which the contract is allowed. */
static bool guess_form(const RuleSystem *r, Contract *c, const char *text, char *err, size_t n)
{
    bool fits[RULES_MAX_FORMS + 1] = {false};
    int count = 0, last = 0;
    for (int f = 1; f <= r->form_count; f++) {
        Contract probe = *c, checked;
        char why[RULES_TEXT];
        probe.form = f;
        if (rules_check_contract(r, &probe, &checked, why, sizeof why)) {
            fits[f] = true;
            count++;
            last = f;
        }
    }
    if (count == 1) {
        c->form = last;
        return true;
    }
    if (count == 0) {
        snprintf(err, n, "the %s rules have no game '%s'", r->name, text);
        return false;
    }
    snprintf(err, n, "'%s' is ambiguous in the %s rules: say ", text, r->name);
    int said = 0;
    for (int f = 1; f <= r->form_count; f++)
        if (fits[f])
            text_append(err, n, "%s%s", said++ == 0 ? "" : said == count ? " or " : ", ", r->forms[f - 1].name);
    return false;
}

static int form_of(const void *rules, const char *word)
{
    return rules_find_form(rules, word);
}

static const char *form_name(const void *ctx, int form)
{
    const RuleSystem *rules = ctx;
    return form <= rules->form_count ? rules->forms[form - 1].name : NULL;
}

bool rules_parse_contract(const RuleSystem *rules, const char *text, Contract *out, char *err, size_t n)
{
    ContractForms forms = {rules, form_of, form_name};
    Contract c;
    if (!contract_read_words(text, &forms, &c, err, n))
        return false;
    if (!c.form && rules->form_count > 0 && !guess_form(rules, &c, text, err, n))
        return false;
    return rules_check_contract(rules, &c, out, err, n);
}

const char *rules_contract_name(const RuleSystem *rules, const Contract *c, char *out, size_t n)
{
    bool suit_or_grand = c->game != GAME_NULL;
    bool form_hand = c->form > 0 && c->form <= rules->form_count && !rules->forms[c->form - 1].skat;
    bool hand_implied = form_hand || (c->ouvert && suit_or_grand && rules->ouvert_implies_hand);
    bool announce_implied = c->ouvert && rules->ouvert_implies_announcements;
    return contract_words_name(c, rules_form_name(rules, c->form), hand_implied, announce_implied, out, n);
}
