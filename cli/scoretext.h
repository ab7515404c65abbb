/* A game's score in words: how the value was counted and why a game was
 * lost ("with 2, game 3, hand 4 -> 4 x 12 = 48; lost: 50 card points -> -96"). */
#ifndef SKATDD_SCORETEXT_H
#define SKATDD_SCORETEXT_H

#include <stddef.h>

#include "gamevalue.h"

enum { SCORE_TEXT = 384 };

/* The breakdown of score, a result of gamevalue_score under rules; for a
 * game that is not valid the reason. */
const char *score_text(const RuleSystem *rules, const GameScore *score, char *out, size_t n);

#endif
