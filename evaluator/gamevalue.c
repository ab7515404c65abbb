#include "gamevalue.h"
#include "rulecontract.h"


#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Trump order of suit and grand games from the top: the four jacks, then the
 * trump suit's A T K Q 9 8 7. */
static const int jack_order[] = {SUIT_CLUBS, SUIT_SPADES, SUIT_HEARTS, SUIT_DIAMONDS};
static const int trump_rank_order[] = {RANK_A, RANK_T, RANK_K, RANK_Q, RANK_9, RANK_8, RANK_7};
enum { MAX_TRUMPS = 11 };

static int trump_sequence(GameType game, int order[MAX_TRUMPS])
{
    int count = 0;
    for (int j = 0; j < 4; j++)
        order[count++] = card_make(jack_order[j], RANK_J);
    if (game <= GAME_DIAMONDS)
        for (int r = 0; r < 7; r++)
            order[count++] = card_make((int)game, trump_rank_order[r]);
    return count;
}

int gamevalue_matadors(GameType game, CardSet cards, bool *with)
{
    int order[MAX_TRUMPS];
    int count = trump_sequence(game, order);
    bool held = set_has(cards, order[0]);
    int m = 0;
    while (m < count && set_has(cards, order[m]) == held)
        m++;
    *with = held;
    return m;
}

/* Whether the declarer holds the k lowest trumps (k Spitzen). */
static bool holds_lowest_trumps(GameType game, CardSet cards, int k)
{
    int order[MAX_TRUMPS];
    int count = trump_sequence(game, order);
    for (int i = 0; i < k; i++)
        if (i >= count || !set_has(cards, order[count - 1 - i]))
            return false;
    return true;
}

bool gamevalue_spitze_made(GameType game, int declarer, const int play[30], int spitze)
{
    int order[MAX_TRUMPS], count = trump_sequence(game, order);
    int winner_of[10], declarer_card[10], leader = SEAT_FOREHAND;
    for (int t = 0; t < 10; t++) {
        const int *trick = &play[3 * t];
        declarer_card[t] = trick[(declarer - leader + SEAT_COUNT) % SEAT_COUNT];
        winner_of[t] = leader = (leader + trick_winner(game, trick)) % SEAT_COUNT;
    }
    for (int i = 0; i < spitze; i++)
        if (i >= count || winner_of[9 - i] != declarer || declarer_card[9 - i] != order[count - 1 - i])
            return false;
    return true;
}

/* The multiplier: matadors, then each level that applies with its weight
 * from the rules.  out (may be NULL) gets the levels that counted. */
static int count_levels(const RuleSystem *r, const Contract *c, int matadors, bool schneider, bool schwarz,
                        int spitze, GameScore *out)
{
    const struct {
        Level level;
        bool applies;
        int times;
    } table[] = {
        {LEVEL_GAME, true, 1},
        {LEVEL_HAND, c->hand, 1},
        {LEVEL_SCHNEIDER, schneider, 1},
        {LEVEL_SCHNEIDER_ANNOUNCED, c->schneider_announced, 1},
        {LEVEL_SCHWARZ, schwarz, 1},
        {LEVEL_SCHWARZ_ANNOUNCED, c->schwarz_announced, 1},
        {LEVEL_OUVERT, c->ouvert, 1},
        {LEVEL_SPITZE, spitze > 0, spitze},
    };
    int m = matadors;
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        int add = table[i].applies ? r->levels[table[i].level] * table[i].times : 0;
        if (add == 0)
            continue;
        m += add;
        if (out)
            out->levels[out->level_count++] = (LevelCount){table[i].level, table[i].times, m};
    }
    return m;
}

static int matador_cap(const RuleSystem *r, GameType game)
{
    return game == GAME_GRAND ? r->matadors_max_grand : r->matadors_max_suit;
}

/* The multiple of base a loss counts when the bid was not reached. */
static int overbid_multiple(const RuleSystem *r, int base, int bid)
{
    if (r->overbid == OVERBID_MULTIPLE_ABOVE)
        return bid / base + 1;
    return (bid + base - 1) / base;
}

static bool invalid(GameScore *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool invalid(GameScore *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->reason, sizeof out->reason, fmt, ap);
    va_end(ap);
    out->valid = false;
    out->won = false;
    out->score = 0;
    return false;
}

/* Range checks of the play that do not depend on the game kind. */
static bool check_play(const RuleSystem *r, const GamePlay *p, const Contract *c, GameScore *out)
{
    if (p->declarer_tricks < 0 || p->declarer_tricks > 10)
        return invalid(out, "declarer tricks must be 0 to 10, not %d", p->declarer_tricks);
    if (p->bid < 0)
        return invalid(out, "a bid cannot be negative");
    if (p->doubling < 0 || p->doubling > r->doubling_count)
        return invalid(out, "%d doubling calls, but the %s rules have %d", p->doubling, r->name, r->doubling_count);
    if (p->bock && rules_doubling_index(r, "bock") < 0)
        return invalid(out, "the %s rules have no Bock rounds", r->name);
    if (p->spitze < 0 || p->spitze > r->spitze_max)
        return invalid(out, "%d Spitzen announced, but the %s rules allow %d", p->spitze, r->name, r->spitze_max);
    if (c->game == GAME_NULL) {
        if (p->spitze)
            return invalid(out, "a null game has no Spitze");
        return true;
    }
    if (set_count(p->cards) != 12)
        return invalid(out, "the declarer's cards with the skat must be 12, not %d", set_count(p->cards));
    if (p->declarer_points < 0 || p->declarer_points > 120)
        return invalid(out, "declarer card points must be 0 to 120, not %d", p->declarer_points);
    if (p->declarer_tricks == 10 && p->declarer_points != 120)
        return invalid(out, "a declarer with every trick has 120 card points, not %d", p->declarer_points);
    if (p->declarer_tricks == 0 && p->declarer_points > 22)
        return invalid(out, "a declarer without a trick has only the skat's points, not %d", p->declarer_points);
    if (p->spitze && !holds_lowest_trumps(c->game, p->cards, p->spitze))
        return invalid(out, "a Spitze needs the lowest trump%s in the declarer's cards", p->spitze > 1 ? "s" : "");
    return true;
}

static void finish(const RuleSystem *r, const GamePlay *p, GameScore *out)
{
    for (int i = 0; i < p->doubling; i++)
        out->doubling_factor *= r->doubling[i].factor;
    if (p->bock)
        out->doubling_factor *= r->doubling[rules_doubling_index(r, "bock")].factor;
    if (out->won) {
        out->lost_factor = 1;
        out->score = out->value;
    } else {
        if (out->overbid) {
            out->overbid_multiple = overbid_multiple(r, out->base, p->bid);
            out->lost_value = out->overbid_multiple * out->base;
        } else {
            out->lost_value = out->value;
        }
        out->score = -out->lost_value * out->lost_factor;
    }
    out->score *= out->doubling_factor;
}

static bool score_null(const RuleSystem *r, const GamePlay *p, const Contract *c, const RuleGame *g,
                       GameScore *out)
{
    char name[RULES_TEXT];
    out->base = out->value = g->value;
    if (p->bid > g->value && r->null_overbid == NULL_OVERBID_NOT_ALLOWED)
        return invalid(out, "%s (%d) does not cover the bid %d: not allowed in the %s rules",
                       rules_contract_name(r, c, name, sizeof name), g->value, p->bid, r->name);
    out->overbid = p->bid > g->value;
    out->won = p->declarer_tricks == 0 && !out->overbid && !p->conceded;
    out->lost.took_trick = !out->won && p->declarer_tricks != 0;
    out->lost.conceded = p->conceded;
    finish(r, p, out);
    return true;
}

/* What the declarer's play reached, before the announcements are judged. */
typedef struct {
    bool game, schneider, schwarz, spitze;
} Reached;

static Reached reached(const RuleSystem *r, const GamePlay *p)
{
    return (Reached){
        .game = p->declarer_points >= r->win_points,
        .schneider = p->declarer_points >= r->schneider_points,
        .schwarz = p->declarer_tricks == 10,
        .spitze = p->spitze == 0 || p->spitze_made,
    };
}

/* Won as played: the game, every level announced, the Spitze, no concession
 * (the bid is judged after the game value). */
static bool played_won(const GamePlay *p, const Contract *c, Reached made)
{
    bool announced_made = (!c->schneider_announced || made.schneider) && (!c->schwarz_announced || made.schwarz);
    return made.game && announced_made && made.spitze && !p->conceded;
}

/* A loss counts every announced level, what the declarer reached, and (by
 * the rules) his own schneider and schwarz, each once: the levels that count
 * in *schneider and *schwarz, why it is lost in *lost. */
static void count_loss(const RuleSystem *r, const GamePlay *p, const Contract *c, Reached made, bool *schneider,
                       bool *schwarz, LostReasons *lost)
{
    bool own_schneider = r->lost_counts_schneider && p->declarer_points <= r->schneidered_points;
    bool own_schwarz = r->lost_counts_schwarz && p->declarer_tricks == 0;
    *schneider = made.schneider || c->schneider_announced || own_schneider;
    *schwarz = made.schwarz || c->schwarz_announced || own_schwarz;
    *lost = (LostReasons){
        .short_of_points = !made.game,
        .own_schwarz = own_schwarz,
        .own_schneider = own_schneider,
        .schwarz_missed = made.game && c->schwarz_announced && !made.schwarz,
        .spitze_missed = !made.spitze,
        .conceded = p->conceded,
    };
    lost->schneider_missed = made.game && !lost->schwarz_missed && c->schneider_announced && !made.schneider;
}

static void count_matadors(const RuleSystem *r, const GamePlay *p, GameType game, GameScore *out)
{
    bool with;
    int matadors = gamevalue_matadors(game, p->cards, &with);
    int cap = matador_cap(r, game);
    out->matadors = matadors < cap ? matadors : cap;
    out->with_matadors = with;
}

/* ----- the announcement obligation ------------------------------------------
 * A declarer must announce a game whose value can still reach the bid
 * (preisskat.org, rule-facts.md A.5: forehand held 45 on diamonds without 4
 * and found the club jack in the skat; even diamonds schwarz is 36, so he must
 * announce a grand or null ouvert).  What he knew when he declared decides:
 * after picking up the skat his twelve cards; before it (a hand game, or a
 * form named before the skat is seen: Tournee, Solo, Guckser) only his ten,
 * so that only a game no skat could bring up to the bid is refused. */

/* The run of trumps from the club jack that cards show held (held true) or
 * missing, where up to flips of its cards may count the other way. */
static int run_with_flips(GameType game, CardSet cards, bool held, int flips)
{
    int order[MAX_TRUMPS];
    int count = trump_sequence(game, order);
    int m = 0;
    for (; m < count; m++) {
        if (set_has(cards, order[m]) == held)
            continue;
        if (flips == 0)
            break;
        flips--;
    }
    return m;
}

/* The most matadors any skat could give.  Two cards not seen can
 * fill two gaps of a run held, and can always stay out of a run missing.
 * With the skat not known any two of the twelve may be it: a run missing may
 * then be two cards longer too (more than any real skat can give: only a
 * game that cannot reach the bid even so is refused). */
static int best_matadors(GameType game, CardSet cards, CardSet skat)
{
    bool known = set_count(skat) == 2 && (skat & ~cards) == 0;
    CardSet ten = known ? cards & ~skat : cards;
    int with = run_with_flips(game, ten, true, 2);
    int without = run_with_flips(game, ten, false, known ? 0 : 2);
    return with > without ? with : without;
}

/* The most a suit or grand game c can be worth: won schwarz, with every
 * announcement the rules let it carry and its Spitzen made. */
static int best_value(const RuleSystem *r, const GamePlay *p, const Contract *c, bool before_skat)
{
    Contract most = *c;
    if (c->hand || !r->announce_needs_hand)
        most.schneider_announced = most.schwarz_announced = true;
    bool with;
    int matadors = before_skat ? best_matadors(c->game, p->cards, p->skat)
                               : gamevalue_matadors(c->game, p->cards, &with);
    if (matadors > matador_cap(r, c->game))
        matadors = matador_cap(r, c->game);
    return rules_find_game(r, c)->value * count_levels(r, &most, matadors, true, true, p->spitze, NULL);
}

/* The games the declarer could still have announced instead of c: c, its
 * ouvert (a level more, or its own base value) where that keeps c's skat or
 * hand, and for a form whose trump a turned skat card fixes (Tournee) each
 * of its games, not chosen but turned up.  Returns how many are in out. */
static int declarable_games(const RuleSystem *r, const Contract *c, Contract out[2 * (GAME_GRAND + 1)])
{
    int second, count = 0;
    bool turned = rules_turning_cards(r, c, 0, &second) >= 0; /* -1: a form that turns no card */
    for (int game = 0; game <= GAME_GRAND; game++) {
        if (!turned && game != (int)c->game)
            continue;
        for (int open = c->ouvert; open <= 1; open++) {
            Contract want = *c, checked;
            char err[RULES_TEXT];
            want.game = (GameType)game;
            want.ouvert = open;
            if (rules_check_contract(r, &want, &checked, err, sizeof err) && checked.hand == c->hand)
                out[count++] = checked;
        }
    }
    return count;
}

/* False (out invalid) when no game the declarer could still announce
 * reaches the bid and the rules do not allow such a game. */
static bool check_reachable(const RuleSystem *r, const GamePlay *p, const Contract *c, GameScore *out)
{
    if (p->forced || r->unreachable == UNREACHABLE_LOST || p->bid == 0)
        return true;
    bool before_skat = c->hand || c->form > 0;
    Contract games[2 * (GAME_GRAND + 1)];
    int count = declarable_games(r, c, games), most = 0;
    for (int i = 0; i < count; i++) {
        int v = best_value(r, p, &games[i], before_skat);
        most = v > most ? v : most;
    }
    if (most >= p->bid)
        return true;
    char name[RULES_TEXT];
    return invalid(out, "%s cannot reach the bid %d (at most %d %s): not allowed in the %s rules",
                   rules_contract_name(r, c, name, sizeof name), p->bid, most,
                   before_skat ? "with any skat" : "with these twelve cards", r->name);
}

/* Suit and grand games: the matadors and levels make the game value. */
static bool score_trump_game(const RuleSystem *r, const GamePlay *p, const Contract *c, const RuleGame *g,
                             GameScore *out)
{
    if (!check_reachable(r, p, c, out))
        return false;
    count_matadors(r, p, c->game, out);
    out->base = g->value;
    Reached made = reached(r, p);
    bool won = played_won(p, c, made);
    bool schneider = made.schneider, schwarz = made.schwarz;
    if (!won)
        count_loss(r, p, c, made, &schneider, &schwarz, &out->lost);
    out->multiplier = count_levels(r, c, out->matadors, schneider, schwarz, p->spitze, out);
    out->value = out->multiplier * out->base;
    out->overbid = p->bid > out->value;
    out->won = won && !out->overbid;
    finish(r, p, out);
    return true;
}

bool gamevalue_score(const RuleSystem *r, const GamePlay *p, GameScore *out)
{
    memset(out, 0, sizeof *out);
    out->valid = true;
    out->lost_factor = 1;
    out->doubling_factor = 1;
    Contract c;
    char why[GAMEVALUE_TEXT];
    if (!rules_check_contract(r, &p->contract, &c, why, sizeof why))
        return invalid(out, "%s", why);
    if (!check_play(r, p, &c, out))
        return false;
    out->contract = c;
    out->declarer_points = p->declarer_points;
    out->declarer_tricks = p->declarer_tricks;
    out->bid = p->bid;
    out->doubling = p->doubling;
    out->bock = p->bock;
    const RuleGame *g = rules_find_game(r, &c);
    out->lost_factor = rules_lost_factor(r, &c);
    if (c.game == GAME_NULL)
        return score_null(r, p, &c, g, out);
    return score_trump_game(r, p, &c, g, out);
}

bool gamevalue_reach(const RuleSystem *r, const Contract *in, CardSet cards, GameReach *out, char *err, size_t n)
{
    Contract c;
    memset(out, 0, sizeof *out);
    if (!rules_check_contract(r, in, &c, err, n))
        return false;
    const RuleGame *g = rules_find_game(r, &c);
    out->base = g->value;
    if (c.game == GAME_NULL) {
        out->min_value = out->max_value = g->value;
        return true;
    }
    if (set_count(cards) != 12) {
        snprintf(err, n, "the declarer's cards with the skat must be 12, not %d", set_count(cards));
        return false;
    }
    int matadors = gamevalue_matadors(c.game, cards, &out->with_matadors);
    int cap = matador_cap(r, c.game);
    out->matadors = matadors < cap ? matadors : cap;
    out->min_value = g->value * count_levels(r, &c, out->matadors, c.schneider_announced,
                                             c.schwarz_announced, 0, NULL);
    out->max_value = g->value * count_levels(r, &c, out->matadors, true, true, 0, NULL);
    return true;
}

bool gamevalue_covers(const RuleSystem *r, const Contract *c, CardSet cards, int bid)
{
    GameReach reach;
    char err[GAMEVALUE_TEXT];
    return gamevalue_reach(r, c, cards, &reach, err, sizeof err) && reach.max_value >= bid;
}

/* ----- the bid ladder ------------------------------------------------------ */

/* The values 0..RULES_MAX_VALUE a bid may have, one bit each: on the stack,
 * so that no allocation can fail and leave a ladder silently empty. */
typedef struct {
    uint64_t bits[RULES_MAX_VALUE / 64 + 1];
} BidSet;

static void bid_set(BidSet *s, int v, bool on)
{
    uint64_t bit = (uint64_t)1 << (v % 64);
    s->bits[v / 64] = on ? s->bits[v / 64] | bit : s->bits[v / 64] & ~bit;
}

static bool bid_in(const BidSet *s, int v) { return s->bits[v / 64] >> (v % 64) & 1; }

/* Marks every value a won game of contract c can have; returns the highest. */
static int mark_contract(const RuleSystem *r, const Contract *c, const RuleGame *g, BidSet *seen)
{
    if (c->game == GAME_NULL) {
        bid_set(seen, g->value, true);
        return g->value;
    }
    int trumps = c->game == GAME_GRAND ? 4 : MAX_TRUMPS;
    int high = 0;
    for (int with = 0; with <= 1; with++)
        for (int m = 1; m <= matador_cap(r, c->game); m++)
            for (int outcome = 0; outcome < 3; outcome++) {
                bool schneider = outcome >= 1, schwarz = outcome == 2;
                if ((c->schneider_announced && !schneider) || (c->schwarz_announced && !schwarz))
                    continue;
                for (int spitze = 0; spitze <= r->spitze_max; spitze++) {
                    if (spitze && !with && m + spitze > trumps)
                        continue; /* the lowest trumps are among the missing ones */
                    int v = g->value * count_levels(r, c, m, schneider, schwarz, spitze, NULL);
                    if (v <= RULES_MAX_VALUE)
                        bid_set(seen, v, true);
                    if (v > high)
                        high = v;
                }
            }
    return high;
}

/* Marks the legal bids in seen. */
static void mark_ladder(const RuleSystem *r, BidSet *seen)
{
    memset(seen, 0, sizeof *seen);
    int high = 0;
    for (int form = 0; form <= r->form_count; form++)
        for (int game = 0; game < GAME_TYPE_COUNT; game++)
            for (int bits = 0; bits < 16; bits++) {
                Contract c = {.game = (GameType)game, .form = form, .hand = bits & 1, .ouvert = (bits >> 1) & 1,
                              .schneider_announced = (bits >> 2) & 1, .schwarz_announced = (bits >> 3) & 1};
                Contract norm;
                char err[RULES_TEXT];
                if (!rules_check_contract(r, &c, &norm, err, sizeof err))
                    continue;
                int v = mark_contract(r, &norm, rules_find_game(r, &norm), seen);
                if (v > high)
                    high = v;
            }
    if (high > RULES_MAX_VALUE)
        high = RULES_MAX_VALUE;
    if (r->ladder == LADDER_INTEGERS)
        for (int v = 0; v <= high; v++)
            bid_set(seen, v, v >= r->min_bid && (v - r->min_bid) % r->ladder_step == 0);
    for (int v = 0; v < r->min_bid && v <= RULES_MAX_VALUE; v++)
        bid_set(seen, v, false);
}

int bid_ladder(const RuleSystem *r, int *values, int max)
{
    BidSet seen;
    mark_ladder(r, &seen);
    int count = 0;
    for (int v = 0; v <= RULES_MAX_VALUE; v++)
        if (bid_in(&seen, v)) {
            if (count < max)
                values[count] = v;
            count++;
        }
    return count;
}

int bid_ceiling(const RuleSystem *r, int value)
{
    BidSet seen;
    mark_ladder(r, &seen);
    int v = value > RULES_MAX_VALUE ? RULES_MAX_VALUE : value;
    while (v > 0 && !bid_in(&seen, v))
        v--;
    return v > 0 ? v : 0;
}

const char *bid_off_ladder(const RuleSystem *r, int bid, char *out, size_t n)
{
    BidSet seen;
    mark_ladder(r, &seen);
    if (bid >= 0 && bid <= RULES_MAX_VALUE && bid_in(&seen, bid))
        return NULL;
    int below = bid > RULES_MAX_VALUE ? RULES_MAX_VALUE : bid - 1, above = bid < 0 ? 0 : bid + 1;
    while (below > 0 && !bid_in(&seen, below))
        below--;
    while (above <= RULES_MAX_VALUE && !bid_in(&seen, above))
        above++;
    if (below <= 0)
        snprintf(out, n, "the lowest is %d", above);
    else if (above > RULES_MAX_VALUE)
        snprintf(out, n, "the highest is %d", below);
    else
        snprintf(out, n, "%d below it, %d above", below, above);
    return out;
}

const char *bid_nearest_text(const int *ladder, int count, int bid, char *out, size_t n)
{
    int above = 0;
    while (above < count && ladder[above] < bid)
        above++;
    snprintf(out, n, above == 0 ? "the lowest is %d" : above == count ? "the highest is %d" : "%d below it, %d above",
             ladder[above > 0 ? above - 1 : 0], above < count ? ladder[above] : 0);
    return out;
}

void gamevalue_set_result(GamePlay *play, GameType game, const PlayResult *r)
{
    if (game == GAME_NULL) {
        play->declarer_points = 0;
        play->declarer_tricks = r->null_won ? 0 : 1;
        return;
    }
    play->declarer_points = r->points;
    play->declarer_tricks = r->declarer_schwarz ? 10 : r->defenders_schwarz ? 0 : r->tricks;
}
