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

/* Where a search for the best discard goes through the candidates in their
 * own order, which puts the most points away first, an ace comes early, and
 * double-dummy play mostly keeps its aces (and a ten with its ace): over
 * 100 random grand deals of `bench` the best discard came first in 15, and
 * each better one found later costs an exact value.  With every trump, plain
 * ace and ten guarded by its ace counted as worth 30 points less, it came
 * first in 43, and the 66-discard search took 33 % fewer nodes (README,
 * round 29). */
static int keep_first_estimate(GameType game, CardSet twelve, CardSet discard)
{
    enum { KEEPER = 30 };
    CardSet trumps = trump_cards(game), plain_aces = twelve & ~trumps & ACE_BITS;
    int estimate = 0;
    for (CardSet d = discard; d; d &= d - 1) {
        int c = set_first(d);
        bool ace = set_has(plain_aces, c);
        bool guarded_ten = card_rank(c) == RANK_T && set_has(plain_aces, card_make(card_suit(c), RANK_A));
        estimate += card_points(c) - (set_has(trumps, c) || ace || guarded_ten ? KEEPER : 0);
    }
    return estimate;
}

void discard_search_order(GameType game, CardSet twelve, const CardSet candidates[], int n,
                          int order[DISCARD_COUNT])
{
    int estimate[DISCARD_COUNT];
    for (int i = 0; i < n; i++) {
        estimate[i] = game == GAME_NULL ? 0 : keep_first_estimate(game, twelve, candidates[i]);
        /* Stable: equal estimates keep the candidates' order. */
        int k = i;
        for (; k > 0 && estimate[order[k - 1]] < estimate[i]; k--)
            order[k] = order[k - 1];
        order[k] = i;
    }
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
    CardSet twelve_cards = twelve->hands[twelve->declarer];
    int n = discard_candidates(twelve->game, twelve_cards, candidates);
    int order[DISCARD_COUNT];
    discard_search_order(twelve->game, twelve_cards, candidates, n, order);
    DiscardChoice best = {.discard = candidates[0], .value = -1};
    int best_index = -1; /* where the best stands in candidate order */
    for (int k = 0; k < n; k++) {
        int i = order[k];
        Position pos;
        position_after_discard(twelve, candidates[i], &pos);
        if (twelve->game == GAME_NULL) { /* searched in candidate order */
            if (solver_declarer_wins_null(solver, &pos))
                return (DiscardChoice){candidates[i], 1};
            if (best.value < 0)
                best = (DiscardChoice){candidates[i], 0};
            continue;
        }
        bool earlier = i < best_index; /* a tie goes to the first in order */
        if (best.value >= 0 && !solver_declarer_reaches(solver, &pos, best.value + (earlier ? 0 : 1)))
            continue;
        int value = solver_declarer_points(solver, &pos);
        if (value > best.value || earlier) {
            best = (DiscardChoice){candidates[i], value};
            best_index = i;
        }
    }
    return best;
}
