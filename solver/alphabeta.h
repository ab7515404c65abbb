/* Internal to the solver (not for evaluator/ or cli/).
 *
 * The alpha-beta search over a loaded position (layout_load): the
 * declarer's card points, fail-soft, and the all-tricks goals.  The search
 * driver and the solver's API are in search.c. */
#ifndef SKATDD_ALPHABETA_H
#define SKATDD_ALPHABETA_H

#include "searchstate.h"

/* The declarer's card points from here on, with n cards of the current
 * trick played (fail-soft). */
int search_points(Solver *s, int leader, int n, int alpha, int beta);
/* Trick searches: can the trying side make the goal side win every trick? */
bool search_tricks(Solver *s, int leader, int n);

#endif
