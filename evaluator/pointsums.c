/* Card point totals of subsets of cards, for the checks of results. */
#include "pointsums.h"

#include <string.h>

void subset_sums(CardSet cards, bool sums[MOST_CARDS + 1][MOST_POINTS + 1])
{
    memset(sums, 0, (MOST_CARDS + 1) * sizeof sums[0]);
    sums[0][0] = true;
    int held = 0;
    for (CardSet rest = cards; rest; rest &= rest - 1, held++) {
        int value = card_points(set_first(rest));
        for (int n = held < MOST_CARDS ? held : MOST_CARDS - 1; n >= 0; n--)
            for (int p = MOST_POINTS - value; p >= 0; p--)
                sums[n + 1][p + value] |= sums[n][p];
    }
}

void add_sums(const bool a[MOST_POINTS + 1], const bool b[MOST_POINTS + 1], bool out[MOST_POINTS + 1])
{
    memset(out, 0, (MOST_POINTS + 1) * sizeof out[0]);
    for (int p = 0; p <= MOST_POINTS; p++)
        for (int q = 0; a[p] && q <= MOST_POINTS - p; q++)
            out[p + q] |= b[q];
}

void position_possible_points(const Position *pos, int tricks, bool possible[MOST_POINTS + 1])
{
    CardSet gone = ALL_CARDS & ~(pos->hands[0] | pos->hands[1] | pos->hands[2]);
    for (int i = 0; i < pos->trick_size; i++)
        gone &= ~card_bit(pos->trick[i]);
    memset(possible, 0, (MOST_POINTS + 1) * sizeof possible[0]);
    if (tricks < 0 || 3 * tricks + 2 > MOST_CARDS)
        return;
    bool sums[MOST_CARDS + 1][MOST_POINTS + 1];
    subset_sums(gone, sums);
    memcpy(possible, sums[3 * tricks + 2], (MOST_POINTS + 1) * sizeof possible[0]);
}
