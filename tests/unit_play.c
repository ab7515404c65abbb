/* Cards, their names and points, and the rules of play in every kind of game. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "support_cards.h"
#include "notation.h"
#include "common.h"

#include "play.h"
#include "position.h"

static void test_card_names(void **state)
{
    (void)state;
    assert_int_equal(card_parse("CJ"), card_make(SUIT_CLUBS, RANK_J));
    assert_int_equal(card_parse("ht"), card_make(SUIT_HEARTS, RANK_T));
    assert_int_equal(card_parse("D10"), card_make(SUIT_DIAMONDS, RANK_T));
    assert_int_equal(card_parse("\u2665" "10"), card_make(SUIT_HEARTS, RANK_T));
    assert_int_equal(card_parse("\u2663J"), card_make(SUIT_CLUBS, RANK_J));
    assert_int_equal(card_parse("\u2660" "a"), card_make(SUIT_SPADES, RANK_A));
    assert_int_equal(card_parse("\u2666" "7"), card_make(SUIT_DIAMONDS, RANK_7));
    const char *bad[] = {"", "C", "CX", "X7", "C11", "CJJ", "1", "C1", "C100", "\u2665", "JC"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_int_equal(card_parse(bad[i]), CARD_NONE);
    for (int c = 0; c < CARD_COUNT; c++) {
        char name[3], symbol[6];
        assert_int_equal(card_parse(card_name(c, name)), c);
        assert_int_equal(card_parse(card_symbol_name(c, symbol)), c);
    }
}

static void test_card_points(void **state)
{
    (void)state;
    assert_int_equal(card_points(test_card("SA")), 11);
    assert_int_equal(card_points(test_card("ST")), 10);
    assert_int_equal(card_points(test_card("SK")), 4);
    assert_int_equal(card_points(test_card("SQ")), 3);
    assert_int_equal(card_points(test_card("SJ")), 2);
    assert_int_equal(card_points(test_card("S9")) + card_points(test_card("S8")) + card_points(test_card("S7")), 0);
    assert_int_equal(set_points(ALL_CARDS), 120);
}

static int winner(GameType g, const char *a, const char *b, const char *c)
{
    int trick[3] = {test_card(a), test_card(b), test_card(c)};
    return trick_winner(g, trick);
}

static void test_trumps(void **state)
{
    (void)state;
    assert_int_equal(trump_cards(GAME_GRAND), test_cards("CJ SJ HJ DJ"));
    assert_int_equal(trump_cards(GAME_HEARTS), test_cards("CJ SJ HJ DJ HA HT HK HQ H9 H8 H7"));
    assert_int_equal(trump_cards(GAME_NULL), 0);
    /* A jack belongs to the trump suit, not to its printed suit. */
    assert_int_equal(effective_suit(GAME_SPADES, test_card("HJ")), TRUMP_SUIT);
    assert_int_equal(effective_suit(GAME_NULL, test_card("HJ")), SUIT_HEARTS);
    assert_int_equal(effective_suit(GAME_GRAND, test_card("CA")), SUIT_CLUBS);
}

static void test_trick_winners(void **state)
{
    (void)state;
    /* The jack of diamonds beats the trump ace. */
    assert_int_equal(winner(GAME_HEARTS, "HA", "DJ", "HT"), 1);
    /* Jacks rank clubs, spades, hearts, diamonds. */
    assert_int_equal(winner(GAME_GRAND, "DJ", "SJ", "HJ"), 1);
    assert_int_equal(winner(GAME_CLUBS, "SJ", "CJ", "CA"), 1);
    /* The ten ranks between ace and king, except in null. */
    assert_int_equal(winner(GAME_GRAND, "HK", "HT", "H9"), 1);
    assert_int_equal(winner(GAME_GRAND, "HT", "HA", "HK"), 1);
    assert_int_equal(winner(GAME_NULL, "HK", "HT", "H9"), 0);
    assert_int_equal(winner(GAME_NULL, "HT", "HJ", "H9"), 1);
    assert_int_equal(winner(GAME_NULL, "HJ", "HQ", "HT"), 1);
    /* In null a jack is a plain card of its suit. */
    assert_int_equal(winner(GAME_NULL, "H7", "CJ", "H8"), 2);
    /* A card of another suit that is no trump never wins. */
    assert_int_equal(winner(GAME_GRAND, "H7", "SA", "DA"), 0);
    /* A lowly trump beats any plain card. */
    assert_int_equal(winner(GAME_DIAMONDS, "SA", "ST", "D7"), 2);
    assert_int_equal(winner(GAME_GRAND, "SA", "DJ", "ST"), 1);
    /* Trump led: the highest trump wins, plain cards do not count. */
    assert_int_equal(winner(GAME_SPADES, "S7", "HA", "S8"), 2);
    /* In suit games the trump suit's jack is no plain card of it: H led, HJ trumps. */
    assert_int_equal(winner(GAME_CLUBS, "HA", "HJ", "HT"), 1);
}

static void test_legal_moves(void **state)
{
    (void)state;
    CardSet hand = test_cards("CJ HA H7 SA D7");
    /* A led jack demands trump: in a suit game the jack or the trump suit. */
    assert_int_equal(legal_moves(GAME_HEARTS, hand, test_card("SJ")), test_cards("CJ HA H7"));
    assert_int_equal(legal_moves(GAME_GRAND, hand, test_card("SJ")), test_cards("CJ"));
    /* Hearts led in grand: the heart jack does not follow hearts. */
    assert_int_equal(legal_moves(GAME_GRAND, test_cards("HJ S7"), test_card("HA")), test_cards("HJ S7"));
    /* Clubs led in hearts: the club jack is a trump, so a hand without other
     * clubs may play anything. */
    assert_int_equal(legal_moves(GAME_HEARTS, hand, test_card("C7")), hand);
    /* In null the jack follows its printed suit. */
    assert_int_equal(legal_moves(GAME_NULL, hand, test_card("C7")), test_cards("CJ"));
    assert_int_equal(legal_moves(GAME_NULL, hand, test_card("H9")), test_cards("HA H7"));
    /* Trump suit card led: jacks follow. */
    assert_int_equal(legal_moves(GAME_DIAMONDS, hand, test_card("DA")), test_cards("CJ D7"));
    /* Leading: anything. */
    assert_int_equal(legal_moves(GAME_CLUBS, hand, CARD_NONE), hand);
    /* Void: anything. */
    assert_int_equal(legal_moves(GAME_SPADES, test_cards("H7 D7"), test_card("SA")), test_cards("H7 D7"));
}

static void test_play_positions(void **state)
{
    (void)state;
    Position pos = {.game = GAME_GRAND, .declarer = SEAT_MIDDLEHAND, .leader = SEAT_FOREHAND};
    pos.hands[0] = test_cards("HA S7");
    pos.hands[1] = test_cards("HT CJ");
    pos.hands[2] = test_cards("HK SA");
    assert_int_equal(position_to_move(&pos), SEAT_FOREHAND);
    assert_int_equal(position_points_left(&pos), 11 + 10 + 2 + 4 + 11);
    assert_int_equal(position_play(&pos, test_card("HA")), -1);
    assert_int_equal(position_to_move(&pos), SEAT_MIDDLEHAND);
    assert_int_equal(position_legal_moves(&pos), test_cards("HT"));
    position_play(&pos, test_card("HT"));
    assert_int_equal(position_play(&pos, test_card("HK")), SEAT_FOREHAND);
    assert_int_equal(pos.defender_tricks, 1);
    assert_int_equal(pos.declarer_points, 0);
    position_play(&pos, test_card("S7"));
    position_play(&pos, test_card("CJ"));
    assert_int_equal(position_play(&pos, test_card("SA")), SEAT_MIDDLEHAND);
    assert_int_equal(pos.declarer_points, 13);
    assert_int_equal(pos.declarer_tricks, 1);
    assert_true(position_is_over(&pos));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card_names),   cmocka_unit_test(test_card_points),
        cmocka_unit_test(test_trumps),       cmocka_unit_test(test_trick_winners),
        cmocka_unit_test(test_legal_moves),  cmocka_unit_test(test_play_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
