/* Internal to evaluator/ (evaluate.c): a skat's worlds played double-dummy,
 * each play (a game as a hand game or with the skat) to the levels its
 * worlds end at (evalwork.h's level_at).  A skat game's discard is chosen
 * per skat as the declarer chooses it, never in the world counted (README:
 * evaluate, "The discard"). */
#ifndef SKATDD_WORLDPLAY_H
#define SKATDD_WORLDPLAY_H

#include <stdbool.h>

#include "evalwork.h"
#include "search.h"

/* Hand play p in the counted layouts of skat s (hands[j]): each world's
 * level, the lost levels told apart where the skat resolves them. */
void worldplay_hand(const Work *w, Solver *solver, int skat, int p, const CardSet (*hands)[3]);
/* Skat-game play p in the counted layouts of skat s: the discard chosen
 * per skat (or per layout, leaving it out), each world's level with it,
 * never below putting the skat back (its hand twin, played first). */
void worldplay_skat(const Work *w, Solver *solver, int skat, int p, const CardSet (*hands)[3]);
/* Skat-game play p's discard for skat, chosen in layouts of its own
 * (CHOICE_LAYOUTS, not counted) among the first limit candidates (-1: the
 * options'), telling apart only the levels of winning. */
CardSet worldplay_choose_discard(const Work *w, Solver *solver, int skat, int p, int limit);
/* With one layout per skat: one discard choice for each group of alike
 * skats (alike.h), made on the threads before the worlds are played.
 * false where memory ran out. */
bool worldplay_share_choices(Work *w, Solver **solvers, int threads);
/* After every world is played, where lost levels are told apart in some
 * skats only: enough more lost worlds told apart per play and matador kind
 * to stand for the rest.  false where memory ran out. */
bool worldplay_resolve_lost(const Work *w, Solver *solver);

#endif
