/* Alike skats (alike.h): the groups of a hand's unknown low cards (7 8 9 Q K
 * of a suit for suit and grand games, 7 8 9 for null), the alike skats told
 * apart, and the trade between two of them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <cmocka.h>

#include "support_cards.h"

#include "alike.h"

/* How many alike skats a hand's 231 skats fall into in game, checking
 * that each skat's lowest alike skat is a skat. */
static int alike_kinds(CardSet hand, GameType game)
{
    CardSet lowest[231];
    int skats = 0, kinds = 0;
    for (CardSet a = ~hand; a; a &= a - 1)
        for (CardSet b = a & (a - 1); b; b &= b - 1) {
            CardSet skat = card_bit(set_first(a)) | card_bit(set_first(b));
            CardSet low = alike_lowest(hand, game, skat);
            assert_int_equal(set_count(low), 2);
            assert_int_equal(low & hand, 0);
            int k = 0;
            while (k < kinds && lowest[k] != low)
                k++;
            if (k == kinds)
                lowest[kinds++] = low;
            skats++;
        }
    assert_int_equal(skats, 231);
    return kinds;
}

/* In game, with hand held: cards (one card for alike_group, a skat for
 * alike_lowest) give expected. */
typedef struct {
    const char *hand;
    GameType game;
    const char *cards, *expected;
} Alike;

static void test_groups(void **state)
{
    (void)state;
    const char *const hand = "SJ DJ HA HT HK H9 H8 SA S7 D7", *const strong = "C8 CJ SJ HJ DJ CA CT SA HA DA";
    const Alike groups[] = {
        /* Null: the sevens, eights and nines. */
        {hand, GAME_NULL, "C8", "C7 C8 C9"},
        {hand, GAME_NULL, "S9", "S8 S9"},
        {hand, GAME_NULL, "H7", "H7"},
        {hand, GAME_NULL, "CQ", "CQ"},
        {strong, GAME_NULL, "C9", "C7 C9"},
        /* Suit and grand: the queens and kings too, never a ten, an ace or a jack. */
        {hand, GAME_GRAND, "C8", "C7 C8 C9 CQ CK"},
        {hand, GAME_HEARTS, "CK", "C7 C8 C9 CQ CK"},
        {hand, GAME_CLUBS, "HQ", "H7 HQ"},
        {hand, GAME_SPADES, "S9", "S8 S9 SQ SK"},
        {strong, GAME_GRAND, "C9", "C7 C9 CQ CK"},
    };
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        const Alike *t = &groups[i];
        assert_int_equal(alike_group(test_cards(t->hand), t->game, test_card(t->cards)), test_cards(t->expected));
    }
    /* A ten, an ace, a jack and a card of the hand are alike to nothing. */
    const char *const alone[] = {"CT", "CA", "CJ", "S7"};
    for (int g = 0; g < GAME_TYPE_COUNT; g++)
        for (int i = 0; i < 4; i++)
            assert_int_equal(alike_group(test_cards(hand), (GameType)g, test_card(alone[i])), test_cards(alone[i]));

    /* Null: 22 unknown cards in 18 groups (C7-C9, S8-S9, D8-D9 and 15
     * alone): 153 skats of two groups and 3 of two cards of one group.
     * Suit and grand: 11 groups (C7 C8 C9 CQ CK, S8 S9 SQ SK, D8 D9 DQ DK,
     * H7 HQ and 7 alone): 55 skats of two groups and 4 of two cards of one
     * group. */
    assert_int_equal(alike_kinds(test_cards(hand), GAME_NULL), 156);
    assert_int_equal(alike_kinds(test_cards(hand), GAME_CLUBS), 59);
    assert_int_equal(alike_kinds(test_cards(hand), GAME_GRAND), 59);
    const Alike lowest[] = {
        {hand, GAME_NULL, "C9 S9", "C7 S8"},     {hand, GAME_NULL, "C9 C8", "C7 C8"},
        {hand, GAME_NULL, "CQ DA", "CQ DA"},     {hand, GAME_GRAND, "CQ DA", "C7 DA"},
        {hand, GAME_DIAMONDS, "CK CQ", "C7 C8"}, {hand, GAME_HEARTS, "HQ SK", "H7 S8"},
    };
    for (size_t i = 0; i < sizeof lowest / sizeof lowest[0]; i++) {
        const Alike *t = &lowest[i];
        assert_int_equal(alike_lowest(test_cards(t->hand), t->game, test_cards(t->cards)), test_cards(t->expected));
    }
}

/* One trade: in game, from skat from to skat to, cards become expected. */
typedef struct {
    GameType game;
    const char *from, *to, *cards, *expected;
} Trade;

static void test_trade(void **state)
{
    (void)state;
    CardSet hand = test_cards("SJ DJ HA HT HK H9 H8 SA S7 D7");
    const Trade trades[] = {
        /* One for one: the skat becomes the other, the hand stays. */
        {GAME_NULL, "C7 S9", "C9 S8", "C7 S9", "C9 S8"},
        {GAME_NULL, "C7 S9", "C9 S8", "SJ DJ HA HT HK H9 H8 SA S7 D7", "SJ DJ HA HT HK H9 H8 SA S7 D7"},
        {GAME_NULL, "C9 S8", "C7 S9", "C9 S8", "C7 S9"},
        /* A discard of one twelve is a discard of the other, the same cards
         * where it keeps the skat. */
        {GAME_NULL, "C7 S9", "C9 S8", "C7 SA", "C9 SA"},
        {GAME_NULL, "C7 S9", "C9 S8", "HT D7", "HT D7"},
        /* The unknown cards of a group keep their order: with C7 in the
         * skat, C8 and C9 are the others; with C9 there, C7 and C8. */
        {GAME_NULL, "C7 S9", "C9 S8", "C8", "C7"},
        {GAME_NULL, "C7 S9", "C9 S8", "C9", "C8"},
        /* Two cards of one group. */
        {GAME_NULL, "C7 C9", "C8 C9", "C7", "C8"},
        {GAME_NULL, "C7 C9", "C8 C9", "C9", "C9"},
        {GAME_NULL, "C7 C9", "C8 C9", "C8", "C7"},
        /* Suit and grand games: queens and kings trade too. */
        {GAME_GRAND, "CQ SK", "C7 S8", "CQ SK", "C7 S8"},
        {GAME_HEARTS, "CQ SK", "C7 S8", "CQ HT", "C7 HT"},
        {GAME_GRAND, "CQ SK", "C7 S8", "C7", "C8"},
        {GAME_GRAND, "CQ SK", "C7 S8", "CK", "CK"},
        {GAME_CLUBS, "CQ SK", "C7 S8", "SQ S8", "SK S9"},
        /* The same groups as null where only sevens, eights and nines differ. */
        {GAME_SPADES, "C7 S9", "C9 S8", "S9 C7", "S8 C9"},
        {GAME_SPADES, "C7 S9", "C9 S8", "C8", "C7"},
    };
    for (size_t i = 0; i < sizeof trades / sizeof trades[0]; i++) {
        const Trade *t = &trades[i];
        CardSet traded = alike_trade(hand, t->game, test_cards(t->from), test_cards(t->to), test_cards(t->cards));
        assert_int_equal(traded, test_cards(t->expected));
    }
    CardSet from = test_cards("C7 S9"), to = test_cards("C9 S8");
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, ALL_CARDS), ALL_CARDS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_groups),
        cmocka_unit_test(test_trade),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
