/* Internal to the solver (not for evaluator/ or cli/).
 *
 * The transposition table's key for a position, its shape: in each effective
 * suit the live cards moved together to the suit's lowest places, in order,
 * each still in the hand that holds it; so positions that differ only in
 * which cards were played, and so in the points of the cards that are left,
 * share one key (tt.h, alphabeta.c); and how to map a card between the hands
 * and the key.  Inline: a search makes a key at every trick's start. */
#ifndef SKATDD_TTKEY_H
#define SKATDD_TTKEY_H

#include <stdint.h>

#include "bits.h"

/* The effective suits of a kind of game as runs of the internal numbering
 * (layout.c). */
typedef struct {
    int count;
    uint32_t run[5];
} SuitRuns;

/* A position's table key, and how to map cards back. */
typedef struct {
    uint32_t hand[3];
    uint32_t live;   /* the live cards */
    uint32_t target; /* where they sit in the key */
} Key;

static inline void make_key(const uint32_t hand[3], const SuitRuns *suits, Key *key)
{
    uint32_t live = hand[0] | hand[1] | hand[2];
    uint32_t target = 0;
    key->live = live;
#ifdef __BMI2__
    for (int i = 0; i < suits->count; i++) {
        uint64_t lowest = suits->run[i] & -suits->run[i];
        target |= (uint32_t)((lowest << bit_count(live & suits->run[i])) - lowest);
    }
    for (int seat = 0; seat < 3; seat++)
        key->hand[seat] = _pdep_u32(_pext_u32(hand[seat], live), target);
#else
    /* Without pdep: each hand's live cards gathered once (the suits' in
     * order, as the runs are), then each suit's block of them moved up to
     * the lowest places of its run. */
    BitPacker from;
    packer_init(&from, live);
    uint32_t gathered[3];
    for (int seat = 0; seat < 3; seat++) {
        gathered[seat] = packer_extract(&from, hand[seat]);
        key->hand[seat] = 0;
    }
    int below = 0; /* live cards of the suits before */
    for (int i = 0; i < suits->count; i++) {
        int n = bit_count(live & suits->run[i]), start = __builtin_ctz(suits->run[i]);
        if (!n)
            continue;
        uint32_t block = (uint32_t)((1ull << n) - 1);
        for (int seat = 0; seat < 3; seat++)
            key->hand[seat] |= (gathered[seat] >> below & block) << start;
        target |= block << start;
        below += n;
    }
#endif
    key->target = target;
}

/* The card in the place of set's (k+1)-th lowest card. */
static inline int nth_card(uint32_t set, int k)
{
#ifdef __BMI2__
    return __builtin_ctz(_pdep_u32(1u << k, set));
#else
    for (; k > 0; k--)
        set &= set - 1;
    return __builtin_ctz(set);
#endif
}

static inline int key_card(const Key *key, int card)
{
    uint32_t bit = 1u << card;
    if (!(bit & key->live))
        return card;
    return nth_card(key->target, bit_count(key->live & (bit - 1)));
}

static inline int card_of_key(const Key *key, int keyed)
{
    uint32_t bit = 1u << keyed;
    if (!(bit & key->target))
        return keyed;
    return nth_card(key->live, bit_count(key->target & (bit - 1)));
}

#endif
