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

/* Whether two of the declarer's twelve cards are interchangeable in play:
 * of one effective suit, with no card of the other hands ranking between
 * them.  Every card of the others then beats both or neither, so with
 * either kept every line of play takes the same tricks. */
static bool interchangeable(GameType game, CardSet twelve, int a, int b)
{
    int suit = effective_suit(game, a);
    if (effective_suit(game, b) != suit)
        return false;
    int low = card_strength(game, a), high = card_strength(game, b);
    if (low > high) {
        int t = low;
        low = high;
        high = t;
    }
    for (CardSet m = effective_suit_cards(game, suit) & ~twelve; m; m &= m - 1) {
        int strength = card_strength(game, set_first(m));
        if (strength > low && strength < high)
            return false;
    }
    return true;
}

bool discard_dominated(GameType game, CardSet twelve, CardSet discard)
{
    for (CardSet d = discard; d; d &= d - 1) {
        int away = set_first(d);
        for (CardSet k = twelve & ~discard; k; k &= k - 1) {
            int kept = set_first(k);
            if (!interchangeable(game, twelve, away, kept))
                continue;
            /* The swap puts the kept card away instead: in null the higher
             * one (the same outcome, earlier in candidate order), else the
             * one worth more (never fewer points: what the skat gains the
             * tricks lose at most), or as much and of a lower index. */
            int gain = game == GAME_NULL ? card_strength(game, kept) - card_strength(game, away)
                                         : card_points(kept) - card_points(away);
            if (gain > 0 || (gain == 0 && kept < away))
                return true;
        }
    }
    return false;
}

void position_after_discard(const Position *twelve, CardSet discard, Position *out)
{
    *out = *twelve;
    out->hands[twelve->declarer] &= ~discard;
    out->declarer_points += set_points(discard);
}

/* Where the most points leave the declarer without a trick, the defenders
 * able to take them all, and a loss counts his schwarz: a discard with which
 * he takes a trick is worth more, the most points among those (the first in
 * candidate order among equals).  Both lose schneidered: the best took at
 * most the 22 points a discard holds. */
static PointsDiscard escape_schwarz(Solver *solver, const Position *twelve, const CardSet candidates[], int n,
                                    PointsDiscard best)
{
    Position pos;
    position_after_discard(twelve, best.discard, &pos);
    if (best.points > pos.declarer_points || !solver_defenders_take_all(solver, &pos))
        return best;
    PointsDiscard escape = {.points = -1};
    CardSet cards = twelve->hands[twelve->declarer];
    for (int i = 0; i < n; i++) {
        /* A dominated discard takes tricks as the one that dominates it does. */
        if (discard_dominated(twelve->game, cards, candidates[i]))
            continue;
        position_after_discard(twelve, candidates[i], &pos);
        if ((escape.points >= 0 && !solver_declarer_reaches(solver, &pos, escape.points + 1)) ||
            solver_defenders_take_all(solver, &pos))
            continue;
        escape = (PointsDiscard){candidates[i], solver_declarer_points(solver, &pos), false};
    }
    return escape.points >= 0 ? escape : best;
}

PointsDiscard best_points_discard(Solver *solver, const Position *twelve, const PointsDiscard *seed,
                                  bool schwarz_counts, bool lost_schwarz_counts)
{
    CardSet candidates[DISCARD_COUNT];
    int n = discard_candidates(twelve->game, twelve->hands[twelve->declarer], candidates);
    int all_points = position_points_left(twelve) + twelve->declarer_points;
    PointsDiscard best = {.discard = candidates[0], .points = -1};
    int best_index = -1; /* where the best stands in the candidate order */
    int seed_index = -1;
    for (int i = 0; seed && i < n; i++)
        if (candidates[i] == seed->discard) {
            best = *seed;
            best_index = seed_index = i;
        }
    int order[DISCARD_COUNT];
    discard_search_order(twelve->game, twelve->hands[twelve->declarer], candidates, n, order);
    for (int k = 0; k < n; k++) {
        int i = order[k];
        if (i == seed_index || discard_dominated(twelve->game, twelve->hands[twelve->declarer], candidates[i]))
            continue;
        bool earlier = i < best_index; /* a tie goes to the first in order */
        Position pos;
        position_after_discard(twelve, candidates[i], &pos);
        if (best.points < 0) {
            int points = solver_declarer_points(solver, &pos);
            best = (PointsDiscard){candidates[i], points,
                                   schwarz_counts && points == all_points && solver_declarer_takes_all(solver, &pos)};
            best_index = i;
            continue;
        }
        if (schwarz_counts && best.points == all_points) {
            /* Only schwarz, or a tie earlier in the order, can be better. */
            if ((best.schwarz && !earlier) || !solver_declarer_reaches(solver, &pos, all_points))
                continue;
            bool schwarz = solver_declarer_takes_all(solver, &pos);
            if ((schwarz && !best.schwarz) || (earlier && schwarz == best.schwarz)) {
                best = (PointsDiscard){candidates[i], all_points, schwarz};
                best_index = i;
            }
            continue;
        }
        if (!solver_declarer_reaches(solver, &pos, best.points + (earlier ? 0 : 1)))
            continue;
        int points = solver_declarer_points(solver, &pos);
        if (points > best.points || earlier) {
            best = (PointsDiscard){candidates[i], points,
                                   schwarz_counts && points == all_points && solver_declarer_takes_all(solver, &pos)};
            best_index = i;
        }
    }
    return lost_schwarz_counts ? escape_schwarz(solver, twelve, candidates, n, best) : best;
}

CardSet choose_skat_game_discard(Solver *solver, Position *pos, bool lost_schwarz_counts)
{
    Position twelve = *pos;
    CardSet discard = twelve.game == GAME_NULL
                          ? best_discard(solver, &twelve).discard
                          : best_points_discard(solver, &twelve, NULL, true, lost_schwarz_counts).discard;
    position_after_discard(&twelve, discard, pos);
    return discard;
}

DiscardChoice best_discard(Solver *solver, const Position *twelve)
{
    if (twelve->game != GAME_NULL) {
        PointsDiscard best = best_points_discard(solver, twelve, NULL, false, false);
        return (DiscardChoice){best.discard, best.points};
    }
    CardSet candidates[DISCARD_COUNT];
    int n = discard_candidates(twelve->game, twelve->hands[twelve->declarer], candidates);
    for (int i = 0; i < n; i++) {
        if (discard_dominated(GAME_NULL, twelve->hands[twelve->declarer], candidates[i]))
            continue;
        Position pos;
        position_after_discard(twelve, candidates[i], &pos);
        if (solver_declarer_wins_null(solver, &pos))
            return (DiscardChoice){candidates[i], 1};
    }
    return (DiscardChoice){candidates[0], 0};
}
