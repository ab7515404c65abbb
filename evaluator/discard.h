/* The declarer's discard after picking up the skat: which two of the twelve
 * cards to put away.  Discards that cannot beat the best found so far are
 * only tested against it (one threshold search), never solved exactly. */
#ifndef SKATDD_DISCARD_H
#define SKATDD_DISCARD_H

#include "search.h"

enum { DISCARD_COUNT = 66 };

/* All 66 two-card subsets of twelve cards, ordered so that the likely best
 * come first: for suit and grand the most points put away and the fewest
 * trumps; for null the highest cards of the shortest suits. */
int discard_candidates(GameType game, CardSet twelve, CardSet out[DISCARD_COUNT]);

/* The order in which to search the candidates (indices into them) for the
 * best discard: the candidates' own order for null; for suit and grand the
 * discards that keep every card likely to take a trick first (see
 * discard.c).  Ties between discards still go to the first in candidate
 * order, so the answer does not depend on this order, only the time. */
void discard_search_order(GameType game, CardSet twelve, const CardSet candidates[], int n,
                          int order[DISCARD_COUNT]);

/* Whether discard can do no better than another discard that comes before
 * it in discard_candidates' order, in any layout of the other cards: it
 * puts away a card and keeps one interchangeable with it in play (of one
 * effective suit, no card of the other hands between them) that is worth
 * more points (null: ranks higher), or as much and has a lower index.  Such
 * a discard never needs a search: the other one is as good or better and
 * wins a tie. */
bool discard_dominated(GameType game, CardSet twelve, CardSet discard);

/* The position after putting discard away: twelve is pos with the
 * declarer holding twelve cards; the discard's points go to the declarer. */
void position_after_discard(const Position *twelve, CardSet discard, Position *out);

/* Suit and grand skat game: the discard with the most card points (where
 * schwarz_counts, then schwarz); among equals the first in
 * discard_candidates' order.  Where lost_schwarz_counts (a lost game counts
 * the declarer's schwarz) and those points leave him no trick against the
 * defenders' best play, the discard with which he takes one, the most
 * points among those, instead.  twelve is the position with the declarer
 * holding twelve cards.  seed, when not NULL, is one discard already valued
 * (putting the skat back is the hand game): it is not solved again. */
typedef struct {
    CardSet discard;
    int points;      /* declarer's double-dummy points, discard included */
    bool schwarz;    /* false unless schwarz_counts */
} PointsDiscard;
PointsDiscard best_points_discard(Solver *solver, const Position *twelve, const PointsDiscard *seed,
                                  bool schwarz_counts, bool lost_schwarz_counts);

typedef struct {
    CardSet discard;
    int value; /* solver_value with that discard */
} DiscardChoice;

/* The discard with the highest value (declarer's points, or null won);
 * among equals the first in candidate order. */
DiscardChoice best_discard(Solver *solver, const Position *twelve);

/* The discard a skat game dealt without one is solved with (solve, the
 * library), as the table chooses it: null won; else the most points, then
 * schwarz, a lost game's schwarz escaped where lost_schwarz_counts.  pos
 * holds the declarer's twelve cards and becomes the position after it. */
CardSet choose_skat_game_discard(Solver *solver, Position *pos, bool lost_schwarz_counts);

#endif
