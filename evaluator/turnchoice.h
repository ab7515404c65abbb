/* A Tournee's turn (North American Tournee Skat): the declarer looks at the
 * first skat card and either takes the trump it gives (a jack: grand or its
 * suit) or passes it ("passt mir nicht") and must play the trump the second
 * card gives (a jack: grand or its suit), whose loss counts double.  Given
 * what each Tournee row is worth in each world of each skat, played from
 * the first card turned and from the second (a win at a bid: 1 or 0; a
 * score), this works out what the declarer who decides so makes, each
 * skat's two cards coming in either order with equal chance.
 *
 * What he decides, he decides on what he has seen, never on the world that
 * is counted: on the first card, over every world whose skat holds it, the
 * world counted left out; on the second (only a jack leaves a choice), over
 * the skat's other layouts, or with one layout per skat over the other
 * skats that hold it.  Where what is so counted over a first card's worlds
 * is worth less than always playing the Tournee row worth most over all
 * worlds (when either card turns it; else as the second card decides),
 * that is counted: so, with a win worth 1 from either card, the turn
 * never wins less often than any Tournee row.  (A row's score counts
 * nothing where no card of the skat turns it; the turn always plays.)
 * It knows nothing of searches or rules: only cards and worths. */
#ifndef SKATDD_TURNCHOICE_H
#define SKATDD_TURNCHOICE_H

#include <stdbool.h>
#include <stdint.h>

#include "cards.h"

enum { TURN_MAX_ROWS = 32 }; /* as many as evaluate has rows (EVAL_MAX_CONTRACTS) */

typedef struct {
    int rows;                          /* the Tournee rows, at most TURN_MAX_ROWS */
    CardSet turned_by[TURN_MAX_ROWS];  /* per row: the cards that give its trump when turned */
    /* Per row, [skat * samples + layout], where a card of the skat turns
     * it: what the world is worth with the row played from the first card
     * turned, and from the second (0 elsewhere). */
    const double *first[TURN_MAX_ROWS], *second[TURN_MAX_ROWS];
    int skats, samples;
    const CardSet *skat;               /* per skat: its two cards */
} TurnWorlds;

/* Summed over half worlds: every layout of every skat once for each order
 * of the skat's two cards. */
typedef struct {
    double value;
    long played[TURN_MAX_ROWS]; /* where each row was played */
    long second_turn;           /* where the first card was passed */
    long no_game;               /* where the card turned gives no Tournee row (worth 0) */
    double seen;                /* the best option in each world: the bound above value */
} TurnChoice;

/* false where memory ran out. */
bool turn_choose(const TurnWorlds *t, TurnChoice *out);

#endif
