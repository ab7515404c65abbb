/* The worlds of an evaluation (worlds.h): the defenders' hands dealt per skat
 * and layout, and how far the declarer gets in each (double-dummy levels). */
#include "worlds.h"

#include <string.h>

#include "search.h"
#include "splitmix.h"

/* The defenders' hands of one world: a shuffle of the cards nobody knows,
 * seeded by (seed, skat, sample) so that no thread sees another's numbers. */
void world_deal(const Work *w, int skat, int sample, CardSet hands[3])
{
    CardSet unknown = ~(w->hand | w->skat[skat]);
    int cards[32], n = 0;
    for (CardSet m = unknown; m; m &= m - 1)
        cards[n++] = set_first(m);
    uint64_t state = splitmix_mix(w->seed ^ splitmix_mix((uint64_t)skat * 1000003u + (uint64_t)sample));
    for (int i = n - 1; i > 0; i--) {
        state = splitmix_mix(state);
        int j = (int)(state % (uint64_t)(i + 1));
        int t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
    int first = (w->seat + 1) % 3, second = (w->seat + 2) % 3;
    hands[w->seat] = w->hand & ~w->skat[skat];
    hands[first] = hands[second] = 0;
    for (int i = 0; i < n; i++)
        hands[i < n / 2 ? first : second] |= card_bit(cards[i]);
}

/* A seeded draw per world that its outcome cannot sway (salt: which draw). */
uint64_t world_draw(const Work *w, int skat, int sample, uint64_t salt)
{
    return splitmix_mix(w->seed ^ splitmix_mix(((uint64_t)skat << 8 | (uint64_t)sample) + salt));
}

/* lost_every: a lost suit or grand game's level below winning counts only
 * in the expected values and scores, yet its search ("does he escape
 * schneider") is the dearest of a hopeless contract's worlds (README, round
 * 21).  It is searched in the worlds of the skats picked here (seeded,
 * whatever the outcome, so the lost ones among them are a fair sample of
 * every lost world), in all plays alike.  Whole skats, because leaving one
 * out compares a skat's layouts down to their lost levels. */
bool world_lost_merged(const Work *w)
{
    return w->lost_every > 1 && w->own_layouts && !w->twelve && !w->single_dummy;
}

bool world_lost_resolved(const Work *w, int skat)
{
    return !world_lost_merged(w) || world_draw(w, skat, 0, 0x10575) % (uint64_t)w->lost_every == 0;
}

Position world_position(const Work *w, GameType game, const CardSet hands[3], CardSet declarer_hand,
                        CardSet out_of_play)
{
    Position pos = {.game = game, .declarer = w->seat, .leader = SEAT_FOREHAND,
                    .declarer_points = set_points(out_of_play)};
    memcpy(pos.hands, hands, sizeof pos.hands);
    pos.hands[w->seat] = declarer_hand;
    return pos;
}

/* Does the world end at level or above?  One threshold search.  (A
 * declarer who has a trick already is not schwarz: the solver's question
 * asks only about the tricks to come.) */
bool world_reaches(Solver *solver, const RuleSystem *rules, const Position *pos, int level)
{
    if (pos->game == GAME_NULL)
        return level <= OUT_LOST || solver_declarer_wins_null(solver, pos);
    switch (level) {
    case OUT_LOST_SCHWARZ: return true;
    case OUT_LOST_SCHNEIDER: return pos->declarer_tricks > 0 || !solver_defenders_take_all(solver, pos);
    case OUT_LOST: return solver_declarer_reaches(solver, pos, rules->schneidered_points + 1);
    case OUT_WON: return solver_declarer_reaches(solver, pos, rules->win_points);
    case OUT_SCHNEIDER: return solver_declarer_reaches(solver, pos, rules->schneider_points);
    default: return solver_declarer_takes_all(solver, pos);
    }
}

/* The level of a world known to lie in [low, high]: the question of
 * escaping schneider first, then of winning, then outward (schwarz and being
 * schwarz are rare and the searches for them quick).  A world held below
 * schneider skips the question of winning: 1-2 % fewer nodes in evaluate
 * than asking about winning first (README, round 16). */
int world_level_between(Solver *solver, const RuleSystem *rules, const Position *pos, int low, int high)
{
    if (pos->game == GAME_NULL) {
        low = low < OUT_LOST ? OUT_LOST : low;
        high = high > OUT_WON ? OUT_WON : high;
    }
    while (low < high) {
        int test = low >= OUT_WON ? low + 1 : high <= OUT_LOST ? high : low < OUT_LOST ? OUT_LOST : OUT_WON;
        if (world_reaches(solver, rules, pos, test))
            low = test;
        else
            high = test - 1;
    }
    return low;
}

/* Every level of each layout when the declarer holds held and out_of_play
 * is put away (the skat, or a discard). */
void world_play_levels(const Work *w, Solver *solver, GameType game, const CardSet (*hands)[3], CardSet held,
                       CardSet out_of_play, uint8_t *levels)
{
    for (int j = 0; j < w->samples; j++) {
        Position pos = world_position(w, game, hands[j], held, out_of_play);
        levels[j] = (uint8_t)world_level_between(solver, w->rules, &pos, OUT_LOST_SCHWARZ, OUT_SCHWARZ);
    }
}
