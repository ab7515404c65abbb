#include "cards.h"


/* Points by rank in the order 7 8 9 T J Q K A, repeated for each suit. */
#define SUIT_POINTS 0, 0, 0, 10, 2, 3, 4, 11
const unsigned char card_points_table[CARD_COUNT] = {
    SUIT_POINTS, SUIT_POINTS, SUIT_POINTS, SUIT_POINTS,
};

int set_points(CardSet s)
{
    int total = 0;
    for (; s; s &= s - 1)
        total += card_points(set_first(s));
    return total;
}
