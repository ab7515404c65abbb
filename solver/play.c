#include "play.h"


/* Strength within a plain suit by rank (7 8 9 T J Q K A); the jack is a trump
 * in suit and grand games, so its entry is unused there. */
static const signed char suit_game_order[RANK_COUNT] = {0, 1, 2, 5, -1, 3, 4, 6};
static const signed char null_order[RANK_COUNT] = {0, 1, 2, 3, 4, 5, 6, 7};
/* Jacks rank clubs, spades, hearts, diamonds: strength by suit index. */
static const signed char jack_order[SUIT_COUNT] = {3, 2, 1, 0};
enum { TRUMP_BASE = 8, JACK_BASE = 15 };

CardSet trump_cards(GameType game)
{
    if (game == GAME_NULL)
        return 0;
    if (game == GAME_GRAND)
        return JACK_BITS;
    return JACK_BITS | SUIT_BITS(game);
}

int effective_suit(GameType game, int card)
{
    return set_has(trump_cards(game), card) ? TRUMP_SUIT : card_suit(card);
}

CardSet effective_suit_cards(GameType game, int suit)
{
    if (suit == TRUMP_SUIT)
        return trump_cards(game);
    return SUIT_BITS(suit) & ~trump_cards(game);
}

int card_strength(GameType game, int card)
{
    int rank = card_rank(card);
    if (game == GAME_NULL)
        return null_order[rank];
    if (rank == RANK_J)
        return JACK_BASE + jack_order[card_suit(card)];
    int strength = suit_game_order[rank];
    return card_suit(card) == (int)game ? TRUMP_BASE + strength : strength;
}

CardSet legal_moves(GameType game, CardSet hand, int led)
{
    if (led == CARD_NONE)
        return hand;
    CardSet follow = hand & effective_suit_cards(game, effective_suit(game, led));
    return follow ? follow : hand;
}

bool card_beats(GameType game, int card, int best)
{
    int suit = effective_suit(game, card);
    int best_suit = effective_suit(game, best);
    if (suit == best_suit)
        return card_strength(game, card) > card_strength(game, best);
    return suit == TRUMP_SUIT;
}

int trick_winner(GameType game, const int cards[3])
{
    int winner = 0;
    for (int i = 1; i < 3; i++)
        if (card_beats(game, cards[i], cards[winner]))
            winner = i;
    return winner;
}
