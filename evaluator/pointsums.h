/* Which card point totals some cards can make: what tells whether a result
 * (card points with a number of tricks) is one the cards allow.  The deal
 * checks and the library's position check share it, so that a position the
 * deal reader refuses is refused by skatdd_position_check too. */
#ifndef SKATDD_POINTSUMS_H
#define SKATDD_POINTSUMS_H

#include <stdbool.h>

#include "position.h"

enum { MOST_POINTS = 120, MOST_CARDS = CARD_COUNT };

/* sums[n][p] when n cards of the set are worth p card points together. */
void subset_sums(CardSet cards, bool sums[MOST_CARDS + 1][MOST_POINTS + 1]);

/* out[p] when some total of a and one of b add up to p. */
void add_sums(const bool a[MOST_POINTS + 1], const bool b[MOST_POINTS + 1], bool out[MOST_POINTS + 1]);

/* The declarer's card points a suit or grand position allows with tricks
 * tricks won: of the cards out of play (in no hand, not in the trick) he
 * holds the skat's two and three a trick he won. */
void position_possible_points(const Position *pos, int tricks, bool possible[MOST_POINTS + 1]);

#endif
