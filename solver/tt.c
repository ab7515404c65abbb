#include "tt.h"

#include <stdlib.h>
#include <string.h>

enum { BUCKET_SIZE = 4, GENERATIONS = 16 };

typedef struct {
    TTEntry slot[BUCKET_SIZE];
} Bucket;

struct TT {
    Bucket *buckets;
    uint64_t mask;
    unsigned generation;
};

TT *tt_new(size_t bytes)
{
    size_t count = 1;
    while (count * 2 * sizeof(Bucket) <= bytes)
        count *= 2;
    TT *tt = malloc(sizeof *tt);
    if (!tt)
        return NULL;
    tt->buckets = aligned_alloc(64, count * sizeof(Bucket));
    if (!tt->buckets) {
        free(tt);
        return NULL;
    }
    memset(tt->buckets, 0, count * sizeof(Bucket));
    tt->mask = count - 1;
    tt->generation = 1; /* a zeroed entry has generation 0: never valid */
    return tt;
}

void tt_free(TT *tt)
{
    if (tt) {
        free(tt->buckets);
        free(tt);
    }
}

void tt_new_generation(TT *tt)
{
    tt->generation = (tt->generation + 1) % GENERATIONS;
    if (tt->generation == 0) {
        memset(tt->buckets, 0, (tt->mask + 1) * sizeof(Bucket));
        tt->generation = 1;
    }
}

static Bucket *bucket_of(const TT *tt, const uint32_t hand[3], int leader)
{
    uint64_t h = (hand[0] * 0x9e3779b97f4a7c15ull) ^ (hand[1] * 0xc2b2ae3d27d4eb4full) ^
                 (hand[2] * 0x165667b19e3779f9ull) ^ ((uint64_t)leader << 60);
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 32;
    return &tt->buckets[h & tt->mask];
}

static uint8_t meta_of(const TT *tt, int leader, int kind)
{
    return (uint8_t)(tt->generation << 4 | kind << 2 | leader);
}

static int same_key(const TTEntry *e, const uint32_t hand[3], uint8_t meta)
{
    return e->meta == meta && e->hand[0] == hand[0] && e->hand[1] == hand[1] &&
           e->hand[2] == hand[2];
}

TTEntry *tt_probe(TT *tt, const uint32_t hand[3], int leader, int kind)
{
    Bucket *b = bucket_of(tt, hand, leader);
    uint8_t meta = meta_of(tt, leader, kind);
    for (int i = 0; i < BUCKET_SIZE; i++)
        if (same_key(&b->slot[i], hand, meta))
            return &b->slot[i];
    return NULL;
}

static int cards_held(const TTEntry *e)
{
    return __builtin_popcount(e->hand[0] | e->hand[1] | e->hand[2]);
}

TTEntry *tt_store(TT *tt, const uint32_t hand[3], int leader, int kind)
{
    Bucket *b = bucket_of(tt, hand, leader);
    uint8_t meta = meta_of(tt, leader, kind);
    TTEntry *victim = NULL;
    for (int i = 0; i < BUCKET_SIZE; i++) {
        TTEntry *e = &b->slot[i];
        if (same_key(e, hand, meta))
            return e;
        if ((e->meta >> 4) != tt->generation) {
            if (!victim || (victim->meta >> 4) == tt->generation)
                victim = e;
        } else if (!victim || ((victim->meta >> 4) == tt->generation &&
                               cards_held(e) < cards_held(victim))) {
            victim = e;
        }
    }
    memcpy(victim->hand, hand, sizeof victim->hand);
    victim->meta = meta;
    victim->lower = 0;
    victim->upper = 255;
    victim->best = 0;
    return victim;
}
