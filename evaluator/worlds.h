/* Internal to evaluator/ (evaluate.c, worldplay.c): the worlds of an
 * evaluation, each a skat and a layout of the defenders' cards, and the
 * level a world ends at (OUT_*, evalwork.h), asked of the solver by
 * threshold searches. */
#ifndef SKATDD_WORLDS_H
#define SKATDD_WORLDS_H

#include <stdbool.h>
#include <stdint.h>

#include "evalwork.h"
#include "position.h"
#include "search.h"

/* Sample numbers of the layouts that are not counted: the fresh check's and
 * the discard choice's own, each from its base on (a counted world's number
 * is below EVAL_MAX_SAMPLES). */
enum { FRESH_LAYOUTS = EVAL_MAX_SAMPLES, CHOICE_LAYOUTS = 2 * EVAL_MAX_SAMPLES };

/* The hands of world (skat, sample): the declarer's ten, the defenders' a
 * shuffle of the cards nobody knows, seeded by (seed, skat, sample). */
void world_deal(const Work *w, int skat, int sample, CardSet hands[3]);
/* A seeded draw per world that its outcome cannot sway (salt: which draw). */
uint64_t world_draw(const Work *w, int skat, int sample, uint64_t salt);
/* Whether lost levels are told apart in the worlds of some skats only
 * (lost_every), and whether skat's are among them. */
bool world_lost_merged(const Work *w);
bool world_lost_resolved(const Work *w, int skat);
/* The position a world starts from: game, the hands with declarer_hand the
 * declarer's, out_of_play's points already his, forehand to lead. */
Position world_position(const Work *w, GameType game, const CardSet hands[3], CardSet declarer_hand,
                        CardSet out_of_play);
/* Whether the world ends at level or above: one threshold search.  pos may
 * be any position of the game (a declarer with a trick is not schwarz). */
bool world_reaches(Solver *solver, const RuleSystem *rules, const Position *pos, int level);
/* The level of a world known to lie in [low, high]. */
int world_level_between(Solver *solver, const RuleSystem *rules, const Position *pos, int low, int high);
/* Every level of each counted layout (hands[j]) when the declarer holds
 * held and out_of_play is put away (the skat, or a discard). */
void world_play_levels(const Work *w, Solver *solver, GameType game, const CardSet (*hands)[3], CardSet held,
                       CardSet out_of_play, uint8_t *levels);

#endif
