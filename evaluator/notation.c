#include "notation.h"

#include <ctype.h>
#include <string.h>

static const char suit_letters[SUIT_COUNT] = {'C', 'S', 'H', 'D'};
static const char rank_letters[RANK_COUNT] = {'7', '8', '9', 'T', 'J', 'Q', 'K', 'A'};
static const char *const suit_symbols[SUIT_COUNT] = {"\u2663", "\u2660", "\u2665", "\u2666"};
static const char *const game_names[GAME_TYPE_COUNT] = {
    "clubs", "spades", "hearts", "diamonds", "grand", "null",
};
static const char *const seat_names[SEAT_COUNT] = {"forehand", "middlehand", "rearhand"};

/* Returns the suit whose letter or UTF-8 symbol starts text, and sets *len. */
static int parse_suit(const char *text, int *len)
{
    for (int suit = 0; suit < SUIT_COUNT; suit++) {
        if (toupper((unsigned char)text[0]) == suit_letters[suit]) {
            *len = 1;
            return suit;
        }
        size_t n = strlen(suit_symbols[suit]);
        if (strncmp(text, suit_symbols[suit], n) == 0) {
            *len = (int)n;
            return suit;
        }
    }
    return -1;
}

static int parse_rank(const char *text)
{
    if (strcmp(text, "10") == 0)
        return RANK_T;
    if (text[0] == '\0' || text[1] != '\0')
        return -1;
    for (int rank = 0; rank < RANK_COUNT; rank++)
        if (toupper((unsigned char)text[0]) == rank_letters[rank])
            return rank;
    return -1;
}

int card_parse(const char *text)
{
    int len = 0;
    int suit = parse_suit(text, &len);
    if (suit < 0)
        return CARD_NONE;
    int rank = parse_rank(text + len);
    return rank < 0 ? CARD_NONE : card_make(suit, rank);
}

const char *card_name(int card, char out[3])
{
    out[0] = suit_letters[card_suit(card)];
    out[1] = rank_letters[card_rank(card)];
    out[2] = '\0';
    return out;
}

const char *card_suit_symbol(int suit)
{
    return suit_symbols[suit];
}

const char *game_type_name(GameType game)
{
    return game < GAME_TYPE_COUNT ? game_names[game] : "?";
}

GameType game_type_parse(const char *name)
{
    for (int g = 0; g < GAME_TYPE_COUNT; g++)
        if (strcmp(name, game_names[g]) == 0)
            return (GameType)g;
    return GAME_TYPE_COUNT;
}

const char *seat_name(int seat)
{
    return seat >= 0 && seat < SEAT_COUNT ? seat_names[seat] : "?";
}

int seat_parse(const char *name)
{
    int seat = 0;
    while (seat < SEAT_COUNT && !(name && strcmp(name, seat_names[seat]) == 0))
        seat++;
    return seat;
}
