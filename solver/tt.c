#include "tt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The buckets come straight from mmap: zero pages that the kernel backs only
 * when a search first writes to them, so a small position, which stores few
 * entries, costs little memory whatever --tt-mb says.  Page alignment also
 * keeps every bucket in one cache line. */
static TTBucket *buckets_map(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* Zeroes the buckets used since the last clear.  They stay mapped: given
 * back to the system (madvise), they came back as page faults, which cost
 * several per cent of the time of searches that start many generations
 * (evaluate starts one per skat and kind of game). */
static void buckets_clear(TT *tt)
{
    memset(tt->buckets, 0, (tt->used_mask + 1) * sizeof(TTBucket));
    tt->used_mask = 0;
}

/* Half full (in entries) is when a bucket starts to lose entries it would keep. */
static void set_size(TT *tt, uint64_t mask)
{
    tt->mask = mask;
    tt->used_mask = mask > tt->used_mask ? mask : tt->used_mask;
    tt->grow_at = mask == tt->max_mask ? UINT64_MAX : (mask + 1) * TT_BUCKET_SIZE / 2;
}

static void start_small(TT *tt)
{
    uint64_t start = TT_START_BYTES / sizeof(TTBucket) - 1;
    set_size(tt, start < tt->max_mask ? start : tt->max_mask);
    tt->stored = 0;
}

void tt_grow(TT *tt)
{
    uint64_t old_count = tt->mask + 1;
    set_size(tt, tt->mask * 2 + 1);
    /* Every entry of this generation whose hash has the new mask bit set moves
     * to the bucket old_count further on, into the same slot: that bucket was
     * beyond the part in use, so it holds no entry of this generation.  (The
     * bit of the bucket within its group comes from the live cards, not the
     * hash, and stays.) */
    for (uint64_t i = 0; i < old_count; i++) {
        TTBucket *from = &tt->buckets[i], *to = &tt->buckets[i + old_count];
        for (int k = 0; k < TT_BUCKET_SIZE; k++) {
            TTSeen e = tt_read(&from->slot[k]);
            if ((e.info >> 25) != tt->generation)
                continue;
            if (tt_hash(tt_code_hands(e.code), (int)((e.info >> 20) & 3)) & old_count) {
                tt_write(&to->slot[k], e.code, e.live, e.info);
                tt_write(&from->slot[k], 0, 0, 0);
            }
        }
    }
}

TT *tt_new(size_t bytes)
{
    size_t count = TT_GROUP;
    while (count * 2 * sizeof(TTBucket) <= bytes)
        count *= 2;
    TT *tt = alloc_cache_lines(sizeof *tt);
    if (!tt)
        return NULL;
    tt->buckets = buckets_map(count * sizeof(TTBucket));
    if (!tt->buckets) {
        free(tt);
        return NULL;
    }
    tt->max_mask = count - 1;
    tt->generation = 1; /* a zeroed entry has generation 0: never valid */
    start_small(tt);
    return tt;
}

void tt_free(TT *tt)
{
    if (tt) {
        munmap(tt->buckets, (tt->max_mask + 1) * sizeof(TTBucket));
        free(tt);
    }
}

void tt_new_generation(TT *tt)
{
    tt->generation = (tt->generation + 1) % TT_GENERATIONS;
    if (tt->generation == 0) {
        buckets_clear(tt);
        tt->generation = 1;
    }
    start_small(tt);
}

void tt_share(TT *tt)
{
    uint64_t mask = tt->mask;
    while ((mask + 1) * sizeof(TTBucket) < TT_SHARED_BYTES && mask < tt->max_mask)
        mask = mask * 2 + 1;
    /* A table shared before in this generation is this size already; else
     * stored counts its entries, and none means none to move. */
    if (tt->stored == 0)
        set_size(tt, mask);
    while (tt->mask < mask)
        tt_grow(tt);
    tt->grow_at = UINT64_MAX;
}
