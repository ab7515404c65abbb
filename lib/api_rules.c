/* Rule systems, contracts and scoring a game. */
#include "api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamevalue.h"
#include "rulecontract.h"
#include "scoring.h"

/* ---- rule systems and contracts ---------------------------------------- */


const char *api_rules_directory(void)
{
    const char *dir = getenv("SKATDD_RULES_DIR");
    return dir && dir[0] ? dir : NULL; /* NULL: the built-in rule systems */
}

skatdd_status skatdd_rules_load(const char *name_or_path, skatdd_rules **rules)
{
    REQUIRE(name_or_path && rules);
    *rules = NULL;
    skatdd_rules *r = malloc(sizeof *r);
    if (!r)
        return api_fail(SKATDD_ERR_MEMORY, "out of memory for a rule system");
    char err[512];
    ReadResult read = rules_read(name_or_path, api_rules_directory(), &r->system, err, sizeof err);
    if (read != READ_OK) {
        free(r);
        return api_fail(read == READ_NO_MEMORY ? SKATDD_ERR_MEMORY : SKATDD_ERR_RULES, "%s", err);
    }
    *rules = r;
    return SKATDD_OK;
}

void skatdd_rules_free(skatdd_rules *rules) { free(rules); }
const char *skatdd_rules_name(const skatdd_rules *rules) { return rules ? rules->system.name : NULL; }
const char *skatdd_rules_title(const skatdd_rules *rules) { return rules ? rules->system.title : NULL; }

Contract api_to_contract(const skatdd_contract *c)
{
    return (Contract){.game = (GameType)c->game, .hand = c->hand, .schneider_announced = c->schneider_announced,
                      .schwarz_announced = c->schwarz_announced, .ouvert = c->ouvert, .form = c->form};
}

skatdd_contract api_from_contract(const Contract *c)
{
    return (skatdd_contract){.game = (skatdd_game)c->game, .hand = c->hand,
                             .schneider_announced = c->schneider_announced,
                             .schwarz_announced = c->schwarz_announced, .ouvert = c->ouvert, .form = c->form};
}

skatdd_status api_check_contract(const skatdd_rules *rules, const skatdd_contract *c)
{
    if ((unsigned)c->game >= GAME_TYPE_COUNT)
        return api_fail(SKATDD_ERR_CONTRACT, "game %d is not one of 0..%d", (int)c->game, GAME_TYPE_COUNT - 1);
    int forms = rules ? rules->system.form_count : 0;
    if (c->form < 0 || c->form > forms)
        return api_fail(SKATDD_ERR_CONTRACT, "form %d is not one of 0..%d", c->form, forms);
    return SKATDD_OK;
}

/* A contract as its rules read it: the implied words set, and refused where
 * no words say it (null schneider, clubs schwarz without hand), so that its
 * name is one skatdd_contract_parse reads back to the same contract. */
static skatdd_status implied_contract(const skatdd_rules *rules, const skatdd_contract *given, Contract *out)
{
    skatdd_status s = api_check_contract(rules, given);
    if (s)
        return s;
    Contract c = api_to_contract(given);
    char err[256];
    bool ok = rules ? rules_check_contract(&rules->system, &c, out, err, sizeof err)
                    : contract_imply(&c, out, err, sizeof err);
    return ok ? SKATDD_OK : api_fail(SKATDD_ERR_CONTRACT, "%s", err);
}

skatdd_status skatdd_contract_parse(const skatdd_rules *rules, const char *text, skatdd_contract *contract)
{
    REQUIRE(text && contract);
    Contract c;
    char err[256];
    bool ok = rules ? rules_parse_contract(&rules->system, text, &c, err, sizeof err)
                    : contract_parse(text, &c, err, sizeof err);
    if (!ok)
        return api_fail(SKATDD_ERR_CONTRACT, "%s", err);
    *contract = api_from_contract(&c);
    return SKATDD_OK;
}

skatdd_status skatdd_contract_name(const skatdd_rules *rules, const skatdd_contract *contract, char *out,
                                   size_t size)
{
    REQUIRE(contract && out && size > 0);
    Contract c;
    skatdd_status s = implied_contract(rules, contract, &c);
    if (s)
        return s;
    char name[128];
    if (rules)
        rules_contract_name(&rules->system, &c, name, sizeof name);
    else
        contract_name(&c, name, sizeof name);
    if (strlen(name) >= size)
        return api_fail(SKATDD_ERR_ARGUMENT, "skatdd_contract_name: %zu bytes are too few", size);
    strcpy(out, name);
    return SKATDD_OK;
}

/* ---- scoring ------------------------------------------------------------- */

skatdd_status skatdd_score_game(const skatdd_rules *rules, const skatdd_game_play *play, skatdd_score *score)
{
    REQUIRE(rules && play && score);
    Contract contract;
    skatdd_status s = implied_contract(rules, &play->contract, &contract);
    if (s)
        return s;
    if (set_count(play->cards) != 12)
        return api_fail(SKATDD_ERR_CARDS, "the declarer's cards with the skat are %d, not 12", set_count(play->cards));
    REQUIRE(play->declarer_points >= 0 && play->declarer_points <= 120);
    REQUIRE(play->declarer_tricks >= 0 && play->declarer_tricks <= 10);
    /* A result no play can give is a bad argument, not a contract the rules
     * refuse (gamevalue_score would say SKATDD_ERR_CONTRACT): every trick is
     * all 120 points, no trick at most the skat's two cards. */
    bool null = play->contract.game == SKATDD_NULL;
    REQUIRE(null || play->declarer_tricks != 10 || play->declarer_points == 120);
    REQUIRE(null || play->declarer_tricks != 0 || play->declarer_points <= 22);
    REQUIRE(play->bid >= 0 && play->bid <= RULES_MAX_VALUE);
    REQUIRE(play->doubling >= 0 && play->doubling <= rules->system.doubling_count);
    REQUIRE(play->spitze >= 0 && play->spitze <= rules->system.spitze_max);
    GamePlay gp = {.contract = contract, .cards = play->cards,
                   .declarer_points = play->declarer_points, .declarer_tricks = play->declarer_tricks,
                   .bid = play->bid, .doubling = play->doubling, .spitze = play->spitze,
                   .spitze_made = play->spitze_made, .bock = play->bock};
    GameScore g;
    if (!gamevalue_score(&rules->system, &gp, &g))
        return api_fail(SKATDD_ERR_CONTRACT, "%s", g.reason);
    memset(score, 0, sizeof *score);
    score->won = g.won;
    score->overbid = g.overbid;
    score->base = g.base;
    score->matadors = g.matadors;
    score->with_matadors = g.with_matadors;
    score->multiplier = g.multiplier;
    score->value = g.value;
    score->lost_factor = g.lost_factor;
    score->doubling_factor = g.doubling_factor;
    score->score = g.score;
    const TournamentScheme *scheme = rules_find_scheme(&rules->system, NULL);
    TournamentScore t;
    char err[256];
    if (scheme) {
        if (!tournament_score(scheme, &g, 3, &t, err, sizeof err))
            return api_fail(SKATDD_ERR_INTERNAL, "%s", err);
        score->tournament_declarer = t.declarer;
        score->tournament_defender = t.defender;
    }
    return SKATDD_OK;
}
