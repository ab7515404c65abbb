#include "endings.h"

/* Makes every cached ending invalid: its cards mean other cards now. */
void endings_new_stamp(Solver *s)
{
    if (++s->end_stamp == END_STAMPS) {
        memset(s->ends, 0, ((size_t)1 << END_BITS) * sizeof *s->ends);
        s->end_stamp = 1;
    }
}
