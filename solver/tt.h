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

#include <stdbool.h>
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
 * tell the searches apart (searchstate.h).
 *
 * An entry is two words, each read and written whole and on its own (relaxed
 * atomics: plain moves on x86-64), so that two threads can share one table
 * (analysis.c): data holds the live cards and info, check the shape's code
 * spread over all 64 bits (tt_code, a multiplication: a bijection) xor data.
 * Every write replaces both words.  A reader that meets an entry half
 * rewritten by the other thread takes one write's check with the other's
 * data: it decodes a code that differs from the first write's by the two
 * data words' difference, and a position whose code lies that near another
 * one's is one of a few million among 2^64 (those whose shapes differ by a
 * small multiple of the inverse factor): it finds no entry there. */
typedef struct {
    uint64_t check; /* tt_code(hands) ^ data */
    uint64_t data;  /* live << 32 | info */
} TTEntry;

/* An entry as read once: what the table held at one moment. */
typedef struct {
    uint64_t code; /* tt_code of its shape */
    uint32_t live; /* the live cards (0 in trick searches, whose shape is all) */
    uint32_t info;
} TTSeen;

/* A shape's code (tt_hands_code) times an odd number, and back. */
static const uint64_t TT_SPREAD = 0x9e3779b97f4a7c15ull, TT_UNSPREAD = 0xf1de83e19937733dull;
static inline uint64_t tt_code(uint64_t hands) { return hands * TT_SPREAD; }
static inline uint64_t tt_code_hands(uint64_t code) { return code * TT_UNSPREAD; }

static inline TTSeen tt_read(const TTEntry *e)
{
    uint64_t check = __atomic_load_n(&e->check, __ATOMIC_RELAXED);
    uint64_t data = __atomic_load_n(&e->data, __ATOMIC_RELAXED);
    return (TTSeen){check ^ data, (uint32_t)(data >> 32), (uint32_t)data};
}

static inline void tt_write(TTEntry *e, uint64_t code, uint32_t live, uint32_t info)
{
    uint64_t data = (uint64_t)live << 32 | info;
    __atomic_store_n(&e->data, data, __ATOMIC_RELAXED);
    __atomic_store_n(&e->check, code ^ data, __ATOMIC_RELAXED);
}

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
/* Doubles the buckets in use (internal to tt_save and tt_share). */
void tt_grow(TT *tt);
/* Two searches are about to use the table at once: it grows to
 * TT_SHARED_BYTES now and then keeps its size until the next generation
 * (tt_grow moves entries, which a search on the other thread would miss;
 * and entries stored while shared go uncounted).  1 MB: 4 MB made a full
 * solve on two threads slower, 256 KB (no growth) doubled the nodes of the
 * hardest ones (README, round 50). */
enum { TT_SHARED_BYTES = 1 << 20 };
void tt_share(TT *tt);

static inline int tt_lower(uint32_t info) { return (int)(info & 127); }
static inline int tt_upper(uint32_t info) { return (int)((info >> 7) & 127); }
static inline int tt_best(uint32_t info) { return (int)((info >> 14) & 63); }

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

/* Whether e holds a position of this shape (code: tt_code of its
 * tt_hands_code), leader and search (meta), whatever its live cards. */
static inline int tt_same_shape(const TTSeen *e, uint64_t code, uint32_t meta)
{
    return (e->info >> 20) == meta && e->code == code;
}

static inline int tt_same_key(const TTSeen *e, uint64_t code, uint32_t live, uint32_t meta)
{
    return tt_same_shape(e, code, meta) && e->live == live;
}

/* Whether this position has an entry in its group; its info in *info. */
static inline bool tt_probe(const TT *tt, const TTBucket *group, uint64_t hands, uint32_t live, int leader, int kind,
                            uint32_t *info)
{
    uint32_t meta = tt_meta(tt, leader, kind);
    uint64_t code = tt_code(hands);
    for (int b = 0; b < TT_GROUP; b++)
        for (int i = 0; i < TT_BUCKET_SIZE; i++) {
            TTSeen e = tt_read(&group[b].slot[i]);
            if (tt_same_key(&e, code, live, meta)) {
                *info = e.info;
                return true;
            }
        }
    return false;
}

static inline int tt_cards_held(uint64_t hands)
{
    return bit_count64((hands | hands >> 1) & 0x5555555555555555ull);
}

/* Keeps what a search from alpha to beta found for this key: result (an
 * upper bound at or below alpha, a lower bound at or above beta, else the
 * value) with the bounds already there, and the best card (as info's best).
 * It goes into the key's own entry, else into another generation's, else
 * into the one with the fewest cards left; a table in use by one search
 * alone may first grow. */
static inline void tt_save(TT *tt, uint64_t hash, uint64_t hands, uint32_t live, int leader, int kind, int result,
                           int alpha, int beta, int best)
{
    uint32_t meta = tt_meta(tt, leader, kind);
    uint64_t code = tt_code(hands);
    TTBucket *b = &tt->buckets[tt_bucket_index(tt, hash, live)];
    TTEntry *slot = NULL;
    int victim_cards = 99, lower = 0, upper = TT_NO_UPPER;
    for (int i = 0; i < TT_BUCKET_SIZE; i++) {
        TTSeen e = tt_read(&b->slot[i]);
        if (tt_same_key(&e, code, live, meta)) {
            slot = &b->slot[i];
            lower = tt_lower(e.info);
            upper = tt_upper(e.info);
            victim_cards = 99;
            break;
        }
        int cards = (e.info >> 25) != tt->generation ? -1 : tt_cards_held(tt_code_hands(e.code));
        if (cards < victim_cards) {
            slot = &b->slot[i];
            victim_cards = cards;
        }
    }
    if (victim_cards < 0 && tt->grow_at != UINT64_MAX && ++tt->stored > tt->grow_at) {
        tt_grow(tt);
        tt->stored--; /* counted again below */
        tt_save(tt, hash, hands, live, leader, kind, result, alpha, beta, best);
        return;
    }
    if (result <= alpha)
        upper = result < upper ? result : upper;
    else if (result >= beta)
        lower = result > lower ? result : lower;
    else
        lower = upper = result;
    tt_write(slot, code, live, meta << 20 | (uint32_t)best << 14 | (uint32_t)upper << 7 | (uint32_t)lower);
}

#endif
