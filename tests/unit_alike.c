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

static void test_groups(void **state)
{
    (void)state;
    CardSet hand = test_cards("SJ DJ HA HT HK H9 H8 SA S7 D7");
    /* Null: the sevens, eights and nines. */
    assert_int_equal(alike_group(hand, GAME_NULL, test_card("C8")), test_cards("C7 C8 C9"));
    assert_int_equal(alike_group(hand, GAME_NULL, test_card("S9")), test_cards("S8 S9"));
    assert_int_equal(alike_group(hand, GAME_NULL, test_card("H7")), test_cards("H7"));
    assert_int_equal(alike_group(hand, GAME_NULL, test_card("CQ")), test_cards("CQ"));
    /* Suit and grand: the queens and kings too, never a ten, an ace or a jack. */
    assert_int_equal(alike_group(hand, GAME_GRAND, test_card("C8")), test_cards("C7 C8 C9 CQ CK"));
    assert_int_equal(alike_group(hand, GAME_HEARTS, test_card("CK")), test_cards("C7 C8 C9 CQ CK"));
    assert_int_equal(alike_group(hand, GAME_CLUBS, test_card("HQ")), test_cards("H7 HQ"));
    assert_int_equal(alike_group(hand, GAME_SPADES, test_card("S9")), test_cards("S8 S9 SQ SK"));
    for (int g = 0; g < GAME_TYPE_COUNT; g++) {
        assert_int_equal(alike_group(hand, (GameType)g, test_card("CT")), test_cards("CT"));
        assert_int_equal(alike_group(hand, (GameType)g, test_card("CA")), test_cards("CA"));
        assert_int_equal(alike_group(hand, (GameType)g, test_card("CJ")), test_cards("CJ"));
        /* A card of the hand is alike to nothing. */
        assert_int_equal(alike_group(hand, (GameType)g, test_card("S7")), test_cards("S7"));
    }
    CardSet strong = test_cards("C8 CJ SJ HJ DJ CA CT SA HA DA");
    assert_int_equal(alike_group(strong, GAME_NULL, test_card("C9")), test_cards("C7 C9"));
    assert_int_equal(alike_group(strong, GAME_GRAND, test_card("C9")), test_cards("C7 C9 CQ CK"));

    /* Null: 22 unknown cards in 18 groups (C7-C9, S8-S9, D8-D9 and 15
     * alone): 153 skats of two groups and 3 of two cards of one group.
     * Suit and grand: 11 groups (C7 C8 C9 CQ CK, S8 S9 SQ SK, D8 D9 DQ DK,
     * H7 HQ and 7 alone): 55 skats of two groups and 4 of two cards of one
     * group. */
    assert_int_equal(alike_kinds(hand, GAME_NULL), 156);
    assert_int_equal(alike_kinds(hand, GAME_CLUBS), 59);
    assert_int_equal(alike_kinds(hand, GAME_GRAND), 59);
    assert_int_equal(alike_lowest(hand, GAME_NULL, test_cards("C9 S9")), test_cards("C7 S8"));
    assert_int_equal(alike_lowest(hand, GAME_NULL, test_cards("C9 C8")), test_cards("C7 C8"));
    assert_int_equal(alike_lowest(hand, GAME_NULL, test_cards("CQ DA")), test_cards("CQ DA"));
    assert_int_equal(alike_lowest(hand, GAME_GRAND, test_cards("CQ DA")), test_cards("C7 DA"));
    assert_int_equal(alike_lowest(hand, GAME_DIAMONDS, test_cards("CK CQ")), test_cards("C7 C8"));
    assert_int_equal(alike_lowest(hand, GAME_HEARTS, test_cards("HQ SK")), test_cards("H7 S8"));
}

static void test_trade(void **state)
{
    (void)state;
    CardSet hand = test_cards("SJ DJ HA HT HK H9 H8 SA S7 D7");
    CardSet from = test_cards("C7 S9"), to = test_cards("C9 S8");
    /* One for one: the skat becomes the other, the hand stays. */
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, ALL_CARDS), ALL_CARDS);
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, from), to);
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, hand), hand);
    assert_int_equal(alike_trade(hand, GAME_NULL, to, from, to), from);
    /* A discard of one twelve is a discard of the other, the same cards
     * where it keeps the skat. */
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, test_cards("C7 SA")), test_cards("C9 SA"));
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, test_cards("HT D7")), test_cards("HT D7"));
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, test_cards("S9 C7")), test_cards("S8 C9"));
    /* The unknown cards of a group keep their order: with C7 in the skat,
     * C8 and C9 are the others; with C9 there, C7 and C8. */
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, test_cards("C8")), test_cards("C7"));
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, test_cards("C9")), test_cards("C8"));
    /* Two cards of one group. */
    from = test_cards("C7 C9");
    to = test_cards("C8 C9");
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, test_cards("C7")), test_cards("C8"));
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, test_cards("C9")), test_cards("C9"));
    assert_int_equal(alike_trade(hand, GAME_NULL, from, to, test_cards("C8")), test_cards("C7"));
    /* Suit and grand games: queens and kings trade too. */
    from = test_cards("CQ SK");
    to = test_cards("C7 S8");
    assert_int_equal(alike_trade(hand, GAME_GRAND, from, to, from), to);
    assert_int_equal(alike_trade(hand, GAME_HEARTS, from, to, test_cards("CQ HT")), test_cards("C7 HT"));
    assert_int_equal(alike_trade(hand, GAME_GRAND, from, to, test_cards("C7")), test_cards("C8"));
    assert_int_equal(alike_trade(hand, GAME_GRAND, from, to, test_cards("CK")), test_cards("CK"));
    assert_int_equal(alike_trade(hand, GAME_CLUBS, from, to, test_cards("SQ S8")), test_cards("SK S9"));
    /* The same groups as null where only sevens, eights and nines differ. */
    from = test_cards("C7 S9");
    to = test_cards("C9 S8");
    assert_int_equal(alike_trade(hand, GAME_SPADES, from, to, test_cards("S9 C7")), test_cards("S8 C9"));
    assert_int_equal(alike_trade(hand, GAME_SPADES, from, to, test_cards("C8")), test_cards("C7"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_groups),
        cmocka_unit_test(test_trade),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
