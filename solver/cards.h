/* Cards as bits of a uint32_t and their point values (their names: notation.h).
 *
 * A card is an index 0..31: suit * 8 + rank, suits in the order clubs, spades,
 * hearts, diamonds and ranks in the printed order 7 8 9 T J Q K A.  A set of
 * cards is the uint32_t with bit (1u << card) for each card.  Rank orders for
 * play are contract-dependent and live in play.h.
 */
#ifndef SKATDD_CARDS_H
#define SKATDD_CARDS_H

#include <stdbool.h>
#include <stdint.h>

typedef uint32_t CardSet;

enum { SUIT_CLUBS, SUIT_SPADES, SUIT_HEARTS, SUIT_DIAMONDS, SUIT_COUNT };
enum { RANK_7, RANK_8, RANK_9, RANK_T, RANK_J, RANK_Q, RANK_K, RANK_A, RANK_COUNT };
enum { CARD_COUNT = 32, CARD_NONE = -1 };

#define ALL_CARDS 0xffffffffu
#define SUIT_BITS(suit) (0xffu << (8 * (suit)))
#define JACK_BITS 0x10101010u
#define ACE_BITS 0x80808080u

static inline int card_make(int suit, int rank) { return suit * 8 + rank; }
static inline int card_suit(int card) { return card >> 3; }
static inline int card_rank(int card) { return card & 7; }
static inline CardSet card_bit(int card) { return 1u << card; }
static inline int set_count(CardSet s) { return __builtin_popcount(s); }
static inline int set_first(CardSet s) { return __builtin_ctz(s); }
static inline bool set_has(CardSet s, int card) { return (s >> card) & 1u; }

/* Card points by card index (A 11, T 10, K 4, Q 3, J 2). */
extern const unsigned char card_points_table[CARD_COUNT];
static inline int card_points(int card) { return card_points_table[card]; }
int set_points(CardSet s);

#endif
