/* Skats alike for the discard choice: skats of one hand that differ only
 * in which of a suit's low cards they hold.  For suit and grand games the
 * low cards are the sevens, eights, nines, queens and kings (the cards below
 * the ten in their suit's order, worth at most 4 points); for null the
 * sevens, eights and nines (the lowest three there too: a null's queen and
 * king are high cards).  The twelve cards of alike skats have the same
 * suits, lengths, tens, aces and jacks, and a discard chosen for one skat
 * is, traded card for card, a sound choice for another (evaluate --quick
 * shares it).  It is no symmetry: which of the low cards the declarer holds
 * can decide a trick, and queens and kings count, so every skat's worlds
 * are still played with its own cards. */
#ifndef SKATDD_ALIKE_H
#define SKATDD_ALIKE_H

#include "play.h"

/* The cards a card of a skat is alike to in game: the low cards of its suit
 * outside the hand where it is one of them, else itself. */
CardSet alike_group(CardSet hand, GameType game, int card);

/* The alike skat that holds the lowest cards of each group: two skats are
 * alike where theirs are the same. */
CardSet alike_lowest(CardSet hand, GameType game, CardSet skat);

/* The trade from skat from to the alike skat to, applied to cards: in each
 * group the i-th lowest card of from becomes the i-th lowest of to, and the
 * group's other cards keep their order among the rest; every other card
 * stays.  A discard of hand | from becomes one of hand | to. */
CardSet alike_trade(CardSet hand, GameType game, CardSet from, CardSet to, CardSet cards);

#endif
