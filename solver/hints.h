/* Internal to the solver (not for evaluator/ or cli/).
 *
 * Hints: the card that cut a node off, remembered for the positions like
 * its own, and tried first there.  Positions alike: of one shape (ttkey.h)
 * except that some low cards count only by how many each hand holds (the
 * position's class).  Such positions come up far more often than the same
 * one again (cheap cards played or thrown in another order), and mostly
 * want the same card.  A lead hint is keyed by the class of the trick's
 * start that keeps each plain suit's top card and the top two trumps, and
 * goes first where the transposition table knows no lead for the position
 * itself.  A reply hint is keyed by a coarser class of the trick's start
 * (each plain suit counted whole, the top trump kept) and the cards played
 * to the trick so far, and goes before the second or third player's first
 * choice from masks.  (How much each keeps: measured, README round 10.)
 * Only an order: a wrong hint costs nodes, never a value.  Not for Ramsch,
 * where they cost more than they saved (README, round 10).
 *
 * Two direct-mapped tables of HINT_SLOTS words (the key's low 56 bits above
 * the card), emptied with the killer moves (forget_move_order), so that what
 * a search tries first never depends on what the solver searched for
 * another deal or kind of game. */
#ifndef SKATDD_HINTS_H
#define SKATDD_HINTS_H

#include "searchstate.h"

enum { HINT_TOP_PLAIN = 1, HINT_TOP_TRUMPS = 2, REPLY_TOP_PLAIN = 0, REPLY_TOP_TRUMPS = 1 };
enum { LEAD_CLASS, REPLY_CLASS }; /* hint_class's which */

/* The hash of a class: the hands' cards outside counted, and counts. */
static inline uint64_t class_hash(const Key *key, int leader, int kind, uint32_t counted, uint64_t counts)
{
    uint64_t h = ((uint64_t)(key->hand[0] & ~counted) << 32 | (key->hand[1] & ~counted)) * 0x9e3779b97f4a7c15ull;
    h ^= ((uint64_t)key->target << 3 | (uint64_t)leader << 1 | (uint64_t)kind << 40) * 0xc2b2ae3d27d4eb4full;
    h ^= counts * 0x165667b19e3779f9ull;
    h ^= h >> 29;
    return h | 1;
}

/* A class of position key with leader to lead: the leads' (LEAD_CLASS:
 * each plain suit's top card and the top two trumps kept; never 0) or the
 * replies' (REPLY_CLASS: each plain suit counted whole, the top trump kept).
 * Apart, so that a lead's class is worked out only where it is used. */
static inline uint64_t hint_class(const Solver *s, const Key *key, int leader, int which)
{
    static const int top[2][2] = {{HINT_TOP_PLAIN, HINT_TOP_TRUMPS}, {REPLY_TOP_PLAIN, REPLY_TOP_TRUMPS}};
    uint32_t counted = 0;
    uint64_t counts = 0;
    for (int i = 0; i < s->suits.count; i++) {
        uint32_t run = s->suits.run[i];
        int live = bit_count(key->target & run);
        int kept = top[which][(run & s->trump) != 0];
        if (live <= kept)
            continue;
        /* The key holds a suit's live cards from the bottom of its run up. */
        uint32_t below = ((1u << (live - kept)) - 1) << __builtin_ctz(run);
        counted |= below;
        counts = counts * 121 + (uint64_t)bit_count(key->hand[0] & below) * 11 +
                 (uint64_t)bit_count(key->hand[1] & below);
    }
    uint64_t h = class_hash(key, leader, s->kind, counted, counts);
    return which == REPLY_CLASS ? h ^ 0x2545f4914f6cdd1dull : h;
}

/* The key of a reply hint: the trick's class (set by first_lead, by the
 * cards its leader holds after leading) and the n cards played to it. */
static inline uint64_t reply_hint_key(const Solver *s, int leader, int n)
{
    uint64_t h = s->trick_class[bit_count(s->hand[leader])];
    h ^= (uint64_t)(s->trick[0] + 1) * 0x94d049bb133111ebull;
    if (n == 2)
        h ^= (uint64_t)(s->trick[1] + 1) * 0xd6e8feb86659fd93ull;
    h *= 0xbf58476d1ce4e5b9ull;
    return (h ^ (h >> 31)) | 1;
}

static inline uint32_t *hint_slot(uint32_t *table, uint64_t key)
{
    return &table[key >> (64 - HINT_BITS)];
}

/* A slot holds 24 more bits of the key (never 0: an empty slot matches
 * nothing) above the card: 16 KB a table, in the L1 cache. */
static inline uint32_t hint_tag(uint64_t key)
{
    return ((uint32_t)(key >> (64 - HINT_BITS - 24)) & 0xffffffu) | 1u;
}

/* The card remembered under key (a keyed card for leads, a card of the
 * solver's numbering for replies), or -1. */
static inline int hint_card(uint32_t *table, uint64_t key)
{
    uint32_t word = *hint_slot(table, key);
    return (word >> 8) == hint_tag(key) ? (int)(word & 255) : -1;
}

static inline void hint_store(uint32_t *table, uint64_t key, int card)
{
    *hint_slot(table, key) = hint_tag(key) << 8 | (uint32_t)card;
}

#endif
