/* Skats alike for the discard choice: skats of one hand that differ only
 * in which sevens, eights and nines of a suit they hold.  These cards have
 * no points and are the lowest three of their suit in every kind of game,
 * so the twelve cards of alike skats have the same suits, lengths, points
 * and high cards, and a discard chosen for one skat is, traded card for
 * card, a sound choice for another (evaluate --quick shares it).  It is no
 * symmetry: which of the low cards the declarer holds can decide a trick,
 * so every skat's worlds are still played with its own cards. */
#ifndef SKATDD_ALIKE_H
#define SKATDD_ALIKE_H

#include "cards.h"

/* The cards a card of a skat is alike to: the sevens, eights and nines of
 * its suit outside the hand where it is one of them, else itself. */
CardSet alike_group(CardSet hand, int card);

/* The alike skat that holds the lowest cards of each group: two skats are
 * alike where theirs are the same. */
CardSet alike_lowest(CardSet hand, CardSet skat);

/* The trade from skat from to the alike skat to, applied to cards: in each
 * group the i-th lowest card of from becomes the i-th lowest of to, and the
 * group's other cards keep their order among the rest; every other card
 * stays.  A discard of hand | from becomes one of hand | to. */
CardSet alike_trade(CardSet hand, CardSet from, CardSet to, CardSet cards);

#endif
