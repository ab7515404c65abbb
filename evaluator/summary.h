/* Internal to evaluator/ (evaluate.c): what the worlds' levels come to.
 * evaluate.c plays the worlds and fills in the levels of its Work
 * (evalwork.h); these functions read them and fill in the Evaluation. */
#ifndef SKATDD_SUMMARY_H
#define SKATDD_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>

#include "evalwork.h"

/* The bids worth tabulating, after bid 0 (none): the ladder up to the
 * highest value any row reaches in any world with any announcement.
 * Returns how many, 0 where memory ran out. */
int summary_useful_ladder(const Work *w, int ladder[EVAL_MAX_BIDS + 1]);

/* Row row of w: its chances to win, to make schneider and schwarz, its
 * expected value and score, and at every bid of ladder its win chance and
 * expected score with the best announcement; skat_wins: per skat, the
 * layouts won.  false where memory ran out. */
bool summary_row(const Work *w, int row, const int *ladder, int ladder_count, EvalContract *out,
                 uint8_t skat_wins[EVAL_MAX_SKATS]);

/* Ten cards, double-dummy: picking up the skat and declaring the skat game
 * best for it, at every bid and at none (out->evaluated false where there
 * are fewer than two such games).  false where memory ran out. */
bool summary_after_skat(const Work *w, const int *ladder, int ladder_count, EvalAfterSkat *out);

/* Ten cards, double-dummy, a rule system with a Tournee: declaring a
 * Tournee and taking or passing the first skat card (turnchoice.h), at
 * every bid and at none.  false where memory ran out. */
bool summary_turn(const Work *w, const int *ladder, int ladder_count, EvalAfterSkat *out);

/* Whether the declarer can choose row c before he sees the skat: it is
 * possible with every skat (a Tournee with ten cards is not). */
bool summary_choosable(const EvalContract *c);

/* The bid ceiling at e->confidence, the break-even bid and the contract to
 * play, from e's rows, its choice after the skat and its turn. */
void summary_conclude(Evaluation *e);

#endif
