#include "cards.h"

#include <ctype.h>
#include <string.h>

/* Points by rank in the order 7 8 9 T J Q K A, repeated for each suit. */
#define SUIT_POINTS 0, 0, 0, 10, 2, 3, 4, 11
const unsigned char card_points_table[CARD_COUNT] = {
    SUIT_POINTS, SUIT_POINTS, SUIT_POINTS, SUIT_POINTS,
};

static const char suit_letters[SUIT_COUNT] = {'C', 'S', 'H', 'D'};
static const char rank_letters[RANK_COUNT] = {'7', '8', '9', 'T', 'J', 'Q', 'K', 'A'};
static const char *const suit_symbols[SUIT_COUNT] = {"\u2663", "\u2660", "\u2665", "\u2666"};

int set_points(CardSet s)
{
    int total = 0;
    for (; s; s &= s - 1)
        total += card_points(set_first(s));
    return total;
}

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

const char *card_symbol_name(int card, char out[6])
{
    const char *symbol = suit_symbols[card_suit(card)];
    size_t n = strlen(symbol);
    memcpy(out, symbol, n);
    out[n] = rank_letters[card_rank(card)];
    out[n + 1] = '\0';
    return out;
}
