/* Internal to the solver (not for evaluator/ or cli/).
 *
 * Inside the search, cards are renumbered per kind of game so that each
 * effective suit occupies a run of consecutive bits in rank order, with the
 * trumps on top.  Then the cards that follow a led card are one mask, and the
 * winner of a trick is simply the highest bit among the trumps and the cards
 * of the led suit.
 *
 * The layout is made once per kind of game and declarer, with the tables
 * that go with it (points, follow masks, the suits' runs for the keys). */
#ifndef SKATDD_LAYOUT_H
#define SKATDD_LAYOUT_H

#include "searchstate.h"

/* Loads pos into the solver for a search of this kind (KIND_*), laying out
 * the cards anew when its game or declarer changed.  Returns the cards
 * already played to the current trick. */
int layout_load(Solver *s, const Position *pos, int kind);

#endif
