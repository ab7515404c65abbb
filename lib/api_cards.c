/* Cards, seats and games by name and number. */
#include "api.h"

#include <stdio.h>
#include <string.h>

/* ---- cards, seats, games ------------------------------------------------ */

const char api_card_names[CARD_COUNT][3] = {
    "C7", "C8", "C9", "CT", "CJ", "CQ", "CK", "CA", "S7", "S8", "S9", "ST", "SJ", "SQ", "SK", "SA",
    "H7", "H8", "H9", "HT", "HJ", "HQ", "HK", "HA", "D7", "D8", "D9", "DT", "DJ", "DQ", "DK", "DA",
};

skatdd_status skatdd_card_from_name(const char *name, int *card)
{
    REQUIRE(name && card);
    int c = card_parse(name);
    if (c == CARD_NONE)
        return api_fail(SKATDD_ERR_CARD, "'%.40s' is not a card", name);
    *card = c;
    return SKATDD_OK;
}

const char *skatdd_card_name(int card) { return card >= 0 && card < CARD_COUNT ? api_card_names[card] : NULL; }

skatdd_status skatdd_cards_from_text(const char *text, skatdd_cards *cards)
{
    REQUIRE(text && cards);
    CardSet set = 0;
    const char *p = text;
    for (;;) {
        p += strspn(p, " ,\t\n");
        size_t len = strcspn(p, " ,\t\n");
        if (!len)
            break;
        char word[16];
        if (len >= sizeof word)
            return api_fail(SKATDD_ERR_CARD, "'%.*s' is not a card", (int)(len > 40 ? 40 : len), p);
        memcpy(word, p, len);
        word[len] = '\0';
        int c = card_parse(word);
        if (c == CARD_NONE)
            return api_fail(SKATDD_ERR_CARD, "'%s' is not a card", word);
        if (set_has(set, c))
            return api_fail(SKATDD_ERR_CARDS, "%s appears twice", api_card_names[c]);
        set |= card_bit(c);
        p += len;
    }
    *cards = set;
    return SKATDD_OK;
}

skatdd_status skatdd_cards_to_text(skatdd_cards cards, char *out, size_t size)
{
    REQUIRE(out && size > 0);
    size_t used = 0;
    out[0] = '\0';
    for (CardSet s = cards; s; s &= s - 1) {
        int n = snprintf(out + used, size - used, "%s%s", used ? " " : "", api_card_names[set_first(s)]);
        if (n < 0 || (size_t)n >= size - used) {
            out[0] = '\0'; /* never a cut list that reads as cards */
            return api_fail(SKATDD_ERR_ARGUMENT, "skatdd_cards_to_text: %zu bytes are too few", size);
        }
        used += (size_t)n;
    }
    return SKATDD_OK;
}

int skatdd_card_points(skatdd_cards cards) { return set_points(cards); }

const char *skatdd_seat_name(int seat) { return seat >= 0 && seat < SEAT_COUNT ? seat_name(seat) : NULL; }

const char *skatdd_game_name(skatdd_game game)
{
    return (unsigned)game < GAME_TYPE_COUNT ? game_type_name((GameType)game) : NULL;
}
