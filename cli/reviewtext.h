/* The words of a game review, shared by analyze's text, JSON and HTML
 * outputs so that all three say the same. */
#ifndef SKATDD_REVIEWTEXT_H
#define SKATDD_REVIEWTEXT_H

#include "review.h"

/* The outcome class in words: "won", "lost schneider" ... */
const char *review_class_name(ReviewClass c);

/* A card's mistake, for game and Ramsch reviews alike: its name ("none",
 * "inaccuracy", "decisive": the JSON value and the HTML class) and its mark
 * ("", "?", "??"). */
const char *review_mistake_name(bool decisive, bool mistake);
const char *review_mistake_mark(bool decisive, bool mistake);

/* What a discard review's best saves over the discard played, after
 * "costs": "6" (card points, the outcome the same), "the outcome" (lost
 * schwarz where lost schneider was to be had), "the outcome and 7 card
 * points", "the outcome, for 2 card points more" (a better outcome with
 * fewer points).  Null: "the outcome", its value is won or lost. */
const char *review_discard_cost(GameType game, const DiscardReview *d, char *out, size_t n);

/* A Ramsch review's words: the chance a card threw away ("Durchmarsch",
 * "Jungfrau"; "" for none), and what a seat can force at the start ("can
 * force a Durchmarsch", "can stay a Jungfrau", "no Durchmarsch or
 * Jungfrau"). */
const char *review_ramsch_lost(RamschChance lost);
const char *review_ramsch_chances(bool takes_all, bool avoids_all);

#endif
