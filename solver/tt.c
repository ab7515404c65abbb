#include "tt.h"

#include <stdlib.h>
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

/* Back to zero pages, given back to the system until written again. */
static void buckets_clear(TTBucket *buckets, size_t bytes)
{
    if (madvise(buckets, bytes, MADV_DONTNEED) != 0)
        memset(buckets, 0, bytes);
}

TT *tt_new(size_t bytes)
{
    size_t count = 1;
    while (count * 2 * sizeof(TTBucket) <= bytes)
        count *= 2;
    TT *tt = malloc(sizeof *tt);
    if (!tt)
        return NULL;
    tt->buckets = buckets_map(count * sizeof(TTBucket));
    if (!tt->buckets) {
        free(tt);
        return NULL;
    }
    tt->mask = count - 1;
    tt->generation = 1; /* a zeroed entry has generation 0: never valid */
    return tt;
}

void tt_free(TT *tt)
{
    if (tt) {
        munmap(tt->buckets, (tt->mask + 1) * sizeof(TTBucket));
        free(tt);
    }
}

void tt_new_generation(TT *tt)
{
    tt->generation = (tt->generation + 1) % TT_GENERATIONS;
    if (tt->generation == 0) {
        buckets_clear(tt->buckets, (tt->mask + 1) * sizeof(TTBucket));
        tt->generation = 1;
    }
}
