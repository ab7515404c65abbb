#include "discard.h"

#include <stdlib.h>

/* A cheap guess at how good a discard is, higher first. */
static int discard_estimate(GameType game, CardSet twelve, CardSet discard)
{
    int estimate = 0;
    CardSet trumps = trump_cards(game);
    for (CardSet d = discard; d; d &= d - 1) {
        int c = set_first(d);
        if (game == GAME_NULL) {
            /* High cards of short suits are the dangerous ones. */
            CardSet suit = effective_suit_cards(game, effective_suit(game, c)) & twelve;
            estimate += 4 * card_strength(game, c) - 3 * set_count(suit);
        } else {
            estimate += card_points(c) - (set_has(trumps, c) ? 30 : 0);
        }
    }
    return estimate;
}

typedef struct {
    CardSet discard;
    int estimate;
} Candidate;

static int by_estimate(const void *a, const void *b)
{
    const Candidate *x = a, *y = b;
    if (x->estimate != y->estimate)
        return y->estimate - x->estimate;
    return x->discard < y->discard ? -1 : x->discard > y->discard;
}

int discard_candidates(GameType game, CardSet twelve, CardSet out[DISCARD_COUNT])
{
    Candidate list[DISCARD_COUNT];
    int n = 0;
    for (CardSet a = twelve; a; a &= a - 1)
        for (CardSet b = a & (a - 1); b; b &= b - 1) {
            CardSet d = card_bit(set_first(a)) | card_bit(set_first(b));
            list[n].discard = d;
            list[n].estimate = discard_estimate(game, twelve, d);
            n++;
        }
    qsort(list, (size_t)n, sizeof list[0], by_estimate);
    for (int i = 0; i < n; i++)
        out[i] = list[i].discard;
    return n;
}

void position_after_discard(const Position *twelve, CardSet discard, Position *out)
{
    *out = *twelve;
    out->hands[twelve->declarer] &= ~discard;
    out->declarer_points += set_points(discard);
}

DiscardChoice best_discard(Solver *solver, const Position *twelve)
{
    CardSet candidates[DISCARD_COUNT];
    int n = discard_candidates(twelve->game, twelve->hands[twelve->declarer], candidates);
    DiscardChoice best = {.discard = candidates[0], .value = -1};
    for (int i = 0; i < n; i++) {
        Position pos;
        position_after_discard(twelve, candidates[i], &pos);
        if (twelve->game == GAME_NULL) {
            if (solver_declarer_wins_null(solver, &pos))
                return (DiscardChoice){candidates[i], 1};
            if (best.value < 0)
                best = (DiscardChoice){candidates[i], 0};
            continue;
        }
        if (best.value >= 0 && !solver_declarer_reaches(solver, &pos, best.value + 1))
            continue;
        best = (DiscardChoice){candidates[i], solver_declarer_points(solver, &pos)};
    }
    return best;
}
