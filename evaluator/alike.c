#include "alike.h"

/* The low cards of a suit in a kind of game, as the ranks' bits of the
 * suit's lowest byte (cards.h's order: 7 8 9 T J Q K A). */
static CardSet low_ranks(GameType game)
{
    const CardSet seven_to_nine = 1u << RANK_7 | 1u << RANK_8 | 1u << RANK_9;
    const CardSet queen_king = 1u << RANK_Q | 1u << RANK_K;
    return game == GAME_NULL ? seven_to_nine : seven_to_nine | queen_king;
}

CardSet alike_group(CardSet hand, GameType game, int card)
{
    CardSet low = ~hand & (low_ranks(game) << (8 * card_suit(card)));
    return set_has(low, card) ? low : card_bit(card);
}

/* The k-th lowest card of a set (from 0), as a set; 0 if it has fewer. */
static CardSet kth_lowest(CardSet set, int k)
{
    for (; k > 0 && set; k--)
        set &= set - 1;
    return set & -set;
}

CardSet alike_lowest(CardSet hand, GameType game, CardSet skat)
{
    CardSet out = 0;
    for (CardSet m = skat; m; m &= m - 1) {
        CardSet group = alike_group(hand, game, set_first(m));
        for (int k = set_count(skat & group); k > 0; k--)
            out |= kth_lowest(group, k - 1);
    }
    return out;
}

CardSet alike_trade(CardSet hand, GameType game, CardSet from, CardSet to, CardSet cards)
{
    CardSet out = 0;
    for (CardSet m = cards; m; m &= m - 1) {
        int c = set_first(m);
        CardSet group = alike_group(hand, game, c);
        /* Within its group, the card keeps its place among from's cards,
         * or among the others. */
        CardSet own = set_has(from, c) ? from & group : group & ~from;
        CardSet image = set_has(from, c) ? to & group : group & ~to;
        out |= kth_lowest(image, set_count(own & (card_bit(c) - 1)));
    }
    return out;
}
