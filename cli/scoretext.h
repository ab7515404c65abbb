/* A game's score in words: how the value was counted and why a game was
 * lost ("with 2, game 3, hand 4 -> 4 x 12 = 48; lost: 50 card points -> -96"). */
#ifndef SKATDD_SCORETEXT_H
#define SKATDD_SCORETEXT_H

#include <stddef.h>

#include "gamevalue.h"
#include "scoring.h"

enum { SCORE_TEXT = 384 };

/* The breakdown of score, a result of gamevalue_score under rules; for a
 * game that is not valid the reason. */
const char *score_text(const RuleSystem *rules, const GameScore *score, char *out, size_t n);

/* A Ramsch's card points and who scores what ("card points (skat 10 to
 * rearhand): 0, 40, 80; rearhand loses 80 x 2 (1 Jungfrau, 0 push) = -160"). */
const char *ramsch_text(const RamschScore *ramsch, char *out, size_t n);

#endif
