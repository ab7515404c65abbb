/* Internal to the solver (not for evaluator/ or cli/).
 *
 * The transposition table's key for a position: the three hands, with the
 * runs of cards that differ only in rank order squeezed together, so that
 * positions differing only in which of those cards were played share one
 * entry; and how to map a card between the hands and the key.  Inline: a
 * search makes a key at every trick's start. */
#ifndef SKATDD_TTKEY_H
#define SKATDD_TTKEY_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __BMI2__
#include <immintrin.h>
static inline uint32_t bits_extract(uint32_t x, uint32_t mask) { return _pext_u32(x, mask); }
static inline uint32_t bits_deposit(uint32_t x, uint32_t mask) { return _pdep_u32(x, mask); }
#else
static inline uint32_t bits_extract(uint32_t x, uint32_t mask)
{
    uint32_t out = 0;
    for (uint32_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (x & mask & -mask)
            out |= bit;
    return out;
}
static inline uint32_t bits_deposit(uint32_t x, uint32_t mask)
{
    uint32_t out = 0;
    for (uint32_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (x & bit)
            out |= mask & -mask;
    return out;
}
#endif

typedef struct {
    int downs, ups;
    uint32_t down[8];  /* runs squeezed towards their lowest card */
    uint32_t up[8];    /* runs squeezed towards their highest card */
    uint32_t all;
} Squeeze;

/* A position's table key with its squeezed runs, and how to map cards back. */
typedef struct {
    uint32_t hand[3];
    uint32_t live;   /* live cards inside the squeezed runs */
    uint32_t target; /* where those cards sit in the key */
} Key;

/* Where the live cards sit in the key (make_key's target) for each squeezed
 * run, and elsewhere where they are. */
static inline uint32_t squeezed_live(uint32_t live, const Squeeze *q)
{
    uint32_t in_runs = live & q->all, target = 0;
    for (int i = 0; i < q->downs; i++) {
        uint64_t lowest = q->down[i] & -q->down[i];
        target |= (uint32_t)((lowest << __builtin_popcount(in_runs & q->down[i])) - lowest);
    }
    for (int i = 0; i < q->ups; i++) {
        uint64_t end = (uint64_t)(q->up[i] & -q->up[i]) << __builtin_popcount(q->up[i]);
        target |= (uint32_t)(end - (end >> __builtin_popcount(in_runs & q->up[i])));
    }
    return (live & ~q->all) | target;
}

/* The table key: inside each squeezed run the live cards are moved together,
 * so positions that differ only in which worthless cards (or, in trick
 * searches, which cards at all) were played share one entry. */
static inline void make_key(const uint32_t hand[3], const Squeeze *q, Key *key)
{
    uint32_t live = (hand[0] | hand[1] | hand[2]) & q->all;
    uint32_t target = 0;
    for (int i = 0; i < q->downs; i++) {
        uint64_t lowest = q->down[i] & -q->down[i];
        target |= (uint32_t)((lowest << __builtin_popcount(live & q->down[i])) - lowest);
    }
    for (int i = 0; i < q->ups; i++) {
        uint64_t end = (uint64_t)(q->up[i] & -q->up[i]) << __builtin_popcount(q->up[i]);
        target |= (uint32_t)(end - (end >> __builtin_popcount(live & q->up[i])));
    }
    key->live = live;
    key->target = target;
    for (int seat = 0; seat < 3; seat++)
        key->hand[seat] = (hand[seat] & ~q->all) | bits_deposit(bits_extract(hand[seat], live), target);
}

static inline int key_card(const Key *key, int card)
{
    uint32_t bit = 1u << card;
    if (!(bit & key->live))
        return card;
    return __builtin_ctz(bits_deposit(bits_extract(bit, key->live), key->target));
}

static inline int card_of_key(const Key *key, int keyed)
{
    uint32_t bit = 1u << keyed;
    if (!(bit & key->target))
        return keyed;
    return __builtin_ctz(bits_deposit(bits_extract(bit, key->target), key->live));
}

/* Adds the squeezed runs of one effective suit [first, next) of the internal
 * numbering: squeeze[0] for card-point searches, squeeze[1] for trick searches. */
void squeeze_suit(Squeeze squeeze[2], const uint8_t points[32], const signed char card_of[32], bool null_game,
                  int first, int next);

#endif
