/* The transposition table: bounds on the declarer's future card points (or the
 * outcome of a trick-count search) for positions at trick boundaries.  A
 * position is stored under its shape, the three hands with only the order of
 * the cards within each effective suit kept (two bits a card tell whose hand
 * holds it: 64 bits), and its live cards (32 bits), which tell the cards'
 * points; both are stored whole, so a hit is never a collision.  Positions of
 * one shape share a group of two adjacent buckets: they differ only in the
 * points of some cards, so a stored bound also bounds the others, loosened by
 * that difference (the search does this, alphabeta.c).  Each goes to the
 * bucket of its group a hash of its live cards picks, so that a family of
 * similar positions does not crowd one bucket.  Lossy: a full bucket drops
 * its shallowest entry.
 *
 * The hot paths are inline: a search finds the bucket once (prefetching it),
 * probes it and later stores into it. */
#ifndef SKATDD_TT_H
#define SKATDD_TT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"

/* Zeroed whole cache lines of their own, for the structures a thread writes
 * at every node (the Solver, the table's counters): two threads' structures
 * sharing a line slow both down (measured: two threads made the contract
 * table 1.47 times faster than one instead of 1.81).  free() releases it. */
static inline void *alloc_cache_lines(size_t size)
{
    enum { LINE = 64 };
    size_t lines = (size + LINE - 1) / LINE * LINE;
    void *p = aligned_alloc(LINE, lines);
    if (p)
        memset(p, 0, lines);
    return p;
}

/* info: generation << 25 | kind << 22 | leader << 20 | best << 14 | upper << 7 | lower.
 * best is the leader's best card (solver's own index) + 1, 0 = none; the
 * bounds are 0..120 and TT_NO_UPPER.  Seven bits of generation let the table
 * start afresh 127 times before it has to be cleared; three bits of kind
 * tell the searches apart (searchstate.h). */
typedef struct {
    uint64_t hands; /* tt_hands_code of the shape */
    uint32_t live;  /* the live cards (0 in trick searches, whose shape is all) */
    uint32_t info;
} TTEntry;

/* Sixteen-byte entries: four fill a 64-byte cache line; a shape's group is
 * two buckets. */
enum { TT_BUCKET_SIZE = 4, TT_GROUP = 2, TT_NO_UPPER = 127, TT_GENERATIONS = 128 };

typedef struct {
    TTEntry slot[TT_BUCKET_SIZE];
} TTBucket;
_Static_assert(sizeof(TTBucket) == 64, "a bucket is one cache line");

/* The table grows with the search: only the first mask + 1 buckets are in use,
 * starting from TT_START_BYTES and doubling, entries moved to their new
 * buckets, whenever stored entries fill half of it.  Small searches, the most
 * common, so stay in the cache (and two threads out of each other's way); a
 * new generation starts small again.  256 KB, a quarter of a 1 MB L2 cache,
 * leaves room there for the rest of the search's data: 1 MB made evaluate's
 * threshold searches 8 % slower on such a core (README, round 42). */
enum { TT_START_BYTES = 1 << 18 };

typedef struct {
    TTBucket *buckets;
    uint64_t mask;      /* of the buckets in use */
    uint64_t max_mask;  /* of all the buckets mapped */
    uint64_t used_mask; /* of the buckets used since they were last cleared */
    uint64_t stored;    /* entries of this generation */
    uint64_t grow_at;   /* stored entries that make the table double */
    uint32_t generation;
} TT;

TT *tt_new(size_t bytes);
void tt_free(TT *tt);
/* Starts a new generation: every stored entry becomes invalid. */
void tt_new_generation(TT *tt);
/* Doubles the buckets in use (internal to tt_store). */
void tt_grow(TT *tt);

static inline int tt_lower(const TTEntry *e) { return (int)(e->info & 127); }
static inline int tt_upper(const TTEntry *e) { return (int)((e->info >> 7) & 127); }
static inline int tt_best(const TTEntry *e) { return (int)((e->info >> 14) & 63); }

static inline void tt_set(TTEntry *e, int lower, int upper, int best)
{
    e->info = (e->info & ~((1u << 20) - 1)) | (uint32_t)best << 14 | (uint32_t)upper << 7 | (uint32_t)lower;
}

/* Bit i of x at bit 2i. */
static inline uint64_t spread_bits(uint32_t x)
{
#ifdef __BMI2__
    return _pdep_u64(x, 0x5555555555555555ull);
#endif
    uint64_t v = x;
    v = (v | v << 16) & 0x0000ffff0000ffffull;
    v = (v | v << 8) & 0x00ff00ff00ff00ffull;
    v = (v | v << 4) & 0x0f0f0f0f0f0f0f0full;
    v = (v | v << 2) & 0x3333333333333333ull;
    v = (v | v << 1) & 0x5555555555555555ull;
    return v;
}

/* The three (disjoint) hands in two bits a card: 1, 2 or 3 for the hand
 * holding it, 0 for a card out of play. */
static inline uint64_t tt_hands_code(const uint32_t hand[3])
{
    return spread_bits(hand[0] | hand[2]) | spread_bits(hand[1] | hand[2]) << 1;
}

static inline uint64_t tt_hash(uint64_t hands, int leader)
{
    uint64_t h = hands * 0x9e3779b97f4a7c15ull ^ ((uint64_t)leader << 60);
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 32;
    return h;
}

/* The group of buckets of a shape's hash (TT_GROUP buckets from the one
 * returned), fetched into the cache ahead of its use.  The search keeps the
 * hash, not the group, across its children: they may grow the table and so
 * move the shape to another group. */
static inline TTBucket *tt_bucket(const TT *tt, uint64_t hash)
{
    TTBucket *b = &tt->buckets[hash & tt->mask & ~(uint64_t)(TT_GROUP - 1)];
    __builtin_prefetch(b);
    __builtin_prefetch(b + 1);
    return b;
}

/* The bucket of its group a position is stored in. */
static inline uint64_t tt_bucket_index(const TT *tt, uint64_t hash, uint32_t live)
{
    return ((hash & ~(uint64_t)(TT_GROUP - 1)) | (live * 0x9e3779b9u) >> 31) & tt->mask;
}

/* The bits of info above the bounds and the best card. */
static inline uint32_t tt_meta(const TT *tt, int leader, int kind)
{
    return tt->generation << 5 | (uint32_t)kind << 2 | (uint32_t)leader;
}

/* Whether e holds a position of this shape (hands), leader and search
 * (meta), whatever its live cards. */
static inline int tt_same_shape(const TTEntry *e, uint64_t hands, uint32_t meta)
{
    return (e->info >> 20) == meta && e->hands == hands;
}

static inline int tt_same_key(const TTEntry *e, uint64_t hands, uint32_t live, uint32_t meta)
{
    return tt_same_shape(e, hands, meta) && e->live == live;
}

/* The entry for this position in its group, or NULL. */
static inline TTEntry *tt_probe(const TT *tt, TTBucket *group, uint64_t hands, uint32_t live, int leader, int kind)
{
    uint32_t meta = tt_meta(tt, leader, kind);
    for (int b = 0; b < TT_GROUP; b++)
        for (int i = 0; i < TT_BUCKET_SIZE; i++)
            if (tt_same_key(&group[b].slot[i], hands, live, meta))
                return &group[b].slot[i];
    return NULL;
}

static inline int tt_cards_held(const TTEntry *e)
{
    return bit_count64((e->hands | e->hands >> 1) & 0x5555555555555555ull);
}

/* The entry to write this key into: its own, or a replaced one set to this key
 * with no bounds (lower 0, upper TT_NO_UPPER, best 0).  Another generation's
 * entry goes first, else the one with the fewest cards left. */
static inline TTEntry *tt_store(TT *tt, uint64_t hash, uint64_t hands, uint32_t live, int leader, int kind)
{
    uint32_t meta = tt_meta(tt, leader, kind);
    TTBucket *b = &tt->buckets[tt_bucket_index(tt, hash, live)];
    TTEntry *victim = NULL;
    int victim_cards = 99;
    for (int i = 0; i < TT_BUCKET_SIZE; i++) {
        TTEntry *e = &b->slot[i];
        if (tt_same_key(e, hands, live, meta))
            return e;
        int cards = (e->info >> 25) != tt->generation ? -1 : tt_cards_held(e);
        if (cards < victim_cards) {
            victim = e;
            victim_cards = cards;
        }
    }
    if (victim_cards < 0 && ++tt->stored > tt->grow_at) {
        tt_grow(tt);
        tt->stored--; /* counted again below */
        return tt_store(tt, hash, hands, live, leader, kind);
    }
    victim->hands = hands;
    victim->live = live;
    victim->info = meta << 20 | (uint32_t)TT_NO_UPPER << 7;
    return victim;
}

#endif
