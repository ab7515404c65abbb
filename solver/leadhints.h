/* Internal to the solver (not for evaluator/ or cli/).
 *
 * Lead hints: the lead that cut a trick's start off, remembered for the
 * positions like it, as the first lead to try where the transposition table
 * knows none.  Positions alike: of one shape (ttkey.h) except that the cards
 * of each plain suit below its top one, and the trumps below the top four,
 * count only by how many each hand holds.  Such positions come up far more
 * often than the same one again (cheap cards played or thrown in another
 * order), and mostly want the same lead; the exact table entry, where there
 * is one, still goes first.  Only an order: a wrong hint costs nodes, never a
 * value.  Not for Ramsch, whose leads it made worse (README, round 10).
 *
 * A direct-mapped table of LEAD_HINT_SLOTS words, emptied with the killer
 * moves (forget_move_order), so that what a search tries first never
 * depends on what the solver searched for another deal or kind of game. */
#ifndef SKATDD_LEADHINTS_H
#define SKATDD_LEADHINTS_H

#include "searchstate.h"

enum { LEAD_HINT_TOP_PLAIN = 1, LEAD_HINT_TOP_TRUMPS = 4 };

/* The key of position key's class with leader to lead; never 0. */
static inline uint64_t lead_hint_key(const Solver *s, const Key *key, int leader)
{
    uint32_t counted = 0;
    uint64_t counts = 0;
    for (int i = 0; i < s->suits.count; i++) {
        uint32_t run = s->suits.run[i];
        int live = __builtin_popcount(key->target & run);
        int top = run & s->trump ? LEAD_HINT_TOP_TRUMPS : LEAD_HINT_TOP_PLAIN;
        if (live <= top)
            continue;
        /* The key holds a suit's live cards from the bottom of its run up. */
        uint32_t below = ((1u << (live - top)) - 1) << __builtin_ctz(run);
        counted |= below;
        counts = counts * 121 + (uint64_t)__builtin_popcount(key->hand[0] & below) * 11 +
                 (uint64_t)__builtin_popcount(key->hand[1] & below);
    }
    uint64_t h = ((uint64_t)(key->hand[0] & ~counted) << 32 | (key->hand[1] & ~counted)) * 0x9e3779b97f4a7c15ull;
    h ^= ((uint64_t)key->target << 3 | (uint64_t)leader << 1 | (uint64_t)s->kind << 40) * 0xc2b2ae3d27d4eb4full;
    h ^= counts * 0x165667b19e3779f9ull;
    h ^= h >> 29;
    return h | 1;
}

/* A word: the key's low 56 bits above the lead (keyed card, ttkey.h). */
static inline uint64_t *lead_hint_slot(const Solver *s, uint64_t hint_key)
{
    return &s->lead_hints[hint_key >> (64 - LEAD_HINT_BITS)];
}

/* The remembered lead as a keyed card, or -1. */
static inline int lead_hint(const Solver *s, uint64_t hint_key)
{
    uint64_t word = *lead_hint_slot(s, hint_key);
    return (word >> 8) == (hint_key & 0x00ffffffffffffffull) ? (int)(word & 255) : -1;
}

static inline void lead_hint_store(const Solver *s, uint64_t hint_key, int keyed_card)
{
    *lead_hint_slot(s, hint_key) = (hint_key & 0x00ffffffffffffffull) << 8 | (uint64_t)keyed_card;
}

#endif
