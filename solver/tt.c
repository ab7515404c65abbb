#include "tt.h"

#include <stdlib.h>

TT *tt_new(size_t bytes)
{
    size_t count = 1;
    while (count * 2 * sizeof(TTBucket) <= bytes)
        count *= 2;
    TT *tt = malloc(sizeof *tt);
    if (!tt)
        return NULL;
    tt->buckets = aligned_alloc(64, count * sizeof(TTBucket));
    if (!tt->buckets) {
        free(tt);
        return NULL;
    }
    memset(tt->buckets, 0, count * sizeof(TTBucket));
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
    tt->generation = (tt->generation + 1) % TT_GENERATIONS;
    if (tt->generation == 0) {
        memset(tt->buckets, 0, (tt->mask + 1) * sizeof(TTBucket));
        tt->generation = 1;
    }
}
