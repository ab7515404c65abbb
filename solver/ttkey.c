#include "ttkey.h"

#include "cards.h"

static void add_squeeze(Squeeze *q, int offset, int width, bool up)
{
    if (width < 2)
        return;
    uint32_t run = (uint32_t)(((1ull << width) - 1) << offset);
    if (up)
        q->up[q->ups++] = run;
    else
        q->down[q->downs++] = run;
    q->all |= run;
}

/* Within a run of one effective suit [first, next), the cards worth nothing
 * (7 8 9) are the lowest and the jacks (2 each) the highest; squeezing either
 * group together keeps every comparison and every point value.  For trick
 * searches points do not count at all and the whole run is squeezed. */
void squeeze_suit(Squeeze squeeze[2], const uint8_t points[32], const signed char card_of[32], bool null_game,
                  int first, int next)
{
    int zero_end = first;
    while (zero_end < next && points[zero_end] == 0)
        zero_end++;
    add_squeeze(&squeeze[0], first, zero_end - first, false);
    int jacks = 0;
    while (!null_game && jacks < next - first && card_rank(card_of[next - 1 - jacks]) == RANK_J)
        jacks++;
    add_squeeze(&squeeze[0], next - jacks, jacks, true);
    add_squeeze(&squeeze[1], first, next - first, false);
}
