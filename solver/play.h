/* The rules of play: which cards are trumps, which cards follow a led card,
 * which cards a player may play and who wins a trick, for each kind of game.
 * Everything here works on the canonical card indices of cards.h. */
#ifndef SKATDD_PLAY_H
#define SKATDD_PLAY_H

#include "cards.h"

/* The first four equal the trump suit's index in cards.h. */
typedef enum {
    GAME_CLUBS,
    GAME_SPADES,
    GAME_HEARTS,
    GAME_DIAMONDS,
    GAME_GRAND,
    GAME_NULL,
    GAME_TYPE_COUNT
} GameType;

enum { SEAT_FOREHAND, SEAT_MIDDLEHAND, SEAT_REARHAND, SEAT_COUNT };
enum { TRUMP_SUIT = SUIT_COUNT }; /* the effective suit of a trump card */

CardSet trump_cards(GameType game);
/* The suit a card belongs to when following suit: 0..3, or TRUMP_SUIT. */
int effective_suit(GameType game, int card);
/* All cards of one effective suit (0..3 or TRUMP_SUIT). */
CardSet effective_suit_cards(GameType game, int suit);
/* A number that orders cards of the same effective suit; trumps beat all. */
int card_strength(GameType game, int card);

/* Cards of hand that may be played to a trick whose first card is led
 * (CARD_NONE when the player leads). */
CardSet legal_moves(GameType game, CardSet hand, int led);
/* Which of the three cards of a complete trick wins: 0 (the leader's), 1, 2. */
int trick_winner(GameType game, const int cards[3]);
/* Whether card beats best, the card currently winning a trick. */
bool card_beats(GameType game, int card, int best);

#endif
