/* A Tournee's turn (North American Tournee Skat): the declarer looks at the
 * first skat card and either takes the trump it gives (a jack: grand or its
 * suit) or passes it ("passt mir nicht") and must play the trump the second
 * card gives (a jack: grand or its suit), whose loss counts double.  Given
 * which Tournee rows each world of each skat wins at a bid, this works out
 * how often the declarer who decides so wins at that bid, each skat's two
 * cards coming in either order with equal chance.
 *
 * What he decides, he decides on what he has seen, never on the world that
 * is counted: on the first card, over every world whose skat holds it, the
 * world counted left out; on the second (only a jack leaves a choice), over
 * the skat's other layouts, or with one layout per skat over the other
 * skats that hold it.  Where what is so counted over a first card's worlds
 * wins less often than always playing the Tournee row that wins most over
 * all worlds (when either card turns it; else as the second card decides),
 * that is counted: so the turn never wins less often than any Tournee row.
 * It knows nothing of searches or rules: only cards and reached bids. */
#ifndef SKATDD_TURNCHOICE_H
#define SKATDD_TURNCHOICE_H

#include <stdbool.h>
#include <stdint.h>

#include "cards.h"

enum { TURN_MAX_ROWS = 32 }; /* as many as evaluate has rows (EVAL_MAX_CONTRACTS) */

typedef struct {
    int rows;                          /* the Tournee rows, at most TURN_MAX_ROWS */
    CardSet turned_by[TURN_MAX_ROWS];  /* per row: the cards that give its trump when turned */
    const int16_t *reach[TURN_MAX_ROWS]; /* per row, [skat * samples + layout]: highest bid index won, -1 none */
    int skats, samples;
    const CardSet *skat;               /* per skat: its two cards */
} TurnWorlds;

/* Counted in half worlds: every layout of every skat once for each order
 * of the skat's two cards. */
typedef struct {
    long wins;
    long played[TURN_MAX_ROWS]; /* where each row was played */
    long second_turn;           /* where the first card was passed */
    long no_game;               /* where the card turned gives no Tournee row */
    long seen;                  /* where some row either card gives wins: the bound above wins */
} TurnChoice;

/* The turn at bid index b: a world is won at b where its row's reach is b
 * or more.  false where memory ran out. */
bool turn_choose(const TurnWorlds *t, int b, TurnChoice *out);

#endif
