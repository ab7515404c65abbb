#include "alike.h"

CardSet alike_group(CardSet hand, int card)
{
    CardSet low = ~hand & (0x07u << (8 * card_suit(card)));
    return set_has(low, card) ? low : card_bit(card);
}

/* The k-th lowest card of a set (from 0), as a set; 0 if it has fewer. */
static CardSet kth_lowest(CardSet set, int k)
{
    for (; k > 0 && set; k--)
        set &= set - 1;
    return set & -set;
}

CardSet alike_lowest(CardSet hand, CardSet skat)
{
    CardSet out = 0;
    for (CardSet m = skat; m; m &= m - 1) {
        CardSet group = alike_group(hand, set_first(m));
        for (int k = set_count(skat & group); k > 0; k--)
            out |= kth_lowest(group, k - 1);
    }
    return out;
}

CardSet alike_trade(CardSet hand, CardSet from, CardSet to, CardSet cards)
{
    CardSet out = 0;
    for (CardSet m = cards; m; m &= m - 1) {
        int c = set_first(m);
        CardSet group = alike_group(hand, c);
        /* Within its group, the card keeps its place among from's cards,
         * or among the others. */
        CardSet own = set_has(from, c) ? from & group : group & ~from;
        CardSet image = set_has(from, c) ? to & group : group & ~to;
        out |= kth_lowest(image, set_count(own & (card_bit(c) - 1)));
    }
    return out;
}
