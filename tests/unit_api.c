/* The public API as a program outside the tree sees it: compiled against
 * include/skatdd.h alone and linked with libskatdd.a.  A good deal solved
 * to the value `skatdd solve` prints (README), bad card sets and bad YAML
 * turned into error codes with their detail, the value agreeing with the
 * solver's other answers (card values, thresholds, the deal's solution). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "skatdd.h"

static const char grand_deal[] =
    "name: Grand with four jacks\n"
    "hands:\n"
    "  forehand:   CJ SJ HJ DJ CA CT CK SA ST S9\n"
    "  middlehand: [C9, C8, C7, SK, SQ, S8, HA, HT, HK, HQ]\n"
    "  rearhand:   H9 H8 H7 DA DT DK DQ D9 S7 CQ\n"
    "skat: D8 D7\n"
    "declarer: forehand\n"
    "contract: grand\n";

static skatdd_solver *solver;

static int setup(void **state)
{
    (void)state;
    return skatdd_solver_new(8, &solver) == SKATDD_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    skatdd_solver_free(solver);
    return 0;
}

static skatdd_cards cards(const char *text)
{
    skatdd_cards set = 0;
    assert_int_equal(skatdd_cards_from_text(text, &set), SKATDD_OK);
    return set;
}

static void test_version_and_errors(void **state)
{
    (void)state;
    assert_string_equal(skatdd_version(), SKATDD_VERSION);
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", SKATDD_VERSION_MAJOR, SKATDD_VERSION_MINOR, SKATDD_VERSION_PATCH);
    assert_string_equal(SKATDD_VERSION, expected);
    assert_string_equal(skatdd_strerror(SKATDD_OK), "success");
    for (int s = 1; s < SKATDD_STATUS_COUNT; s++)
        for (int t = 0; t < s; t++)
            assert_string_not_equal(skatdd_strerror(s), skatdd_strerror(t));
    assert_string_equal(skatdd_strerror((skatdd_status)999), "unknown status");
}

static void test_cards(void **state)
{
    (void)state;
    int card = -1;
    assert_int_equal(skatdd_card_from_name("CJ", &card), SKATDD_OK);
    assert_int_equal(card, 4);
    assert_int_equal(skatdd_card_from_name("D10", &card), SKATDD_OK);
    assert_int_equal(card, 27);
    for (int c = 0; c < SKATDD_CARD_COUNT; c++) {
        assert_int_equal(skatdd_card_from_name(skatdd_card_name(c), &card), SKATDD_OK);
        assert_int_equal(card, c);
    }
    assert_null(skatdd_card_name(32));
    assert_null(skatdd_card_name(-1));
    assert_int_equal(skatdd_card_from_name("CX", &card), SKATDD_ERR_CARD);
    assert_int_equal(skatdd_card_from_name(NULL, &card), SKATDD_ERR_ARGUMENT);

    assert_int_equal(cards("CJ, SJ  HA"), (1u << 4) | (1u << 12) | (1u << 23));
    skatdd_cards set;
    assert_int_equal(skatdd_cards_from_text("CJ SJ CJ", &set), SKATDD_ERR_CARDS);
    assert_non_null(strstr(skatdd_last_error(), "CJ appears twice"));
    assert_int_equal(skatdd_cards_from_text("CJ XX", &set), SKATDD_ERR_CARD);
    assert_int_equal(skatdd_cards_from_text("CJ SJJJJJJJJJJJJJJJJJJJJJ", &set), SKATDD_ERR_CARD);

    char text[64];
    assert_int_equal(skatdd_cards_to_text(cards("DA C7 HT"), text, sizeof text), SKATDD_OK);
    assert_string_equal(text, "C7 HT DA");
    assert_int_equal(skatdd_cards_to_text(cards("DA C7 HT"), text, 5), SKATDD_ERR_ARGUMENT);
    assert_string_equal(text, ""); /* not "C7 H", half a list */
    assert_int_equal(skatdd_card_points(cards("CA CT CK CQ CJ C9")), 30);
}

static skatdd_deals *read_grand(void)
{
    skatdd_deals *deals = NULL;
    assert_int_equal(skatdd_deals_read(grand_deal, strlen(grand_deal), "grand.yaml", &deals), SKATDD_OK);
    assert_int_equal(skatdd_deals_count(deals), 1);
    return deals;
}

/* The README's first deal: 116 card points, the skat D8 D7 put away. */
static void test_good_deal(void **state)
{
    (void)state;
    skatdd_deals *deals = read_grand();
    skatdd_deal deal;
    assert_int_equal(skatdd_deals_get(deals, 0, &deal), SKATDD_OK);
    assert_string_equal(deal.name, "Grand with four jacks");
    assert_true(deal.full_deal && deal.has_declarer && deal.has_contract);
    assert_int_equal(deal.contract.game, SKATDD_GRAND);
    assert_false(deal.contract.hand);
    assert_int_equal(deal.hands[SKATDD_FOREHAND], cards("CJ SJ HJ DJ CA CT CK SA ST S9"));
    assert_int_equal(deal.skat, cards("D8 D7"));
    assert_int_equal(skatdd_deals_get(deals, 1, &deal), SKATDD_ERR_ARGUMENT);

    skatdd_deal_solution sol;
    assert_int_equal(skatdd_solve_deal(solver, deals, 0, &sol), SKATDD_OK);
    assert_int_equal(sol.analysis.value, 116);
    assert_true(sol.discard_found);
    assert_int_equal(sol.discard, cards("D8 D7"));
    assert_false(sol.analysis.declarer_can_schwarz);
    assert_int_equal(sol.analysis.to_move, SKATDD_FOREHAND);
    assert_int_equal(sol.analysis.move_count, 10);
    assert_int_equal(sol.analysis.line_length, 30);
    assert_int_equal(skatdd_position_check(&sol.position), SKATDD_OK);
    assert_int_equal(sol.position.declarer_points, 0); /* D8 D7 are worth nothing */
    assert_int_equal(sol.position.skat, cards("D8 D7"));
    skatdd_deals_free(deals);
}

/* ISS game records read as deals (as `skatdd solve` reads them: the first
 * declared game, 541932, a grand by forehand with all 30 cards); a Ramsch
 * document has no contract there and is no game to solve. */
static void test_iss_and_ramsch_deals(void **state)
{
    (void)state;
    skatdd_deals *deals;
    assert_int_equal(skatdd_deals_read_file("tests/integration/data/iss_games.sgf", &deals), SKATDD_OK);
    assert_int_equal(skatdd_deals_count(deals), 5);
    skatdd_deal deal;
    assert_int_equal(skatdd_deals_get(deals, 0, &deal), SKATDD_OK);
    assert_string_equal(deal.name, "ISS game 541932");
    assert_true(deal.full_deal && deal.has_declarer && deal.has_contract);
    assert_int_equal(deal.play_count, 30);
    bool ramsch = true;
    assert_int_equal(skatdd_deals_is_ramsch(deals, 0, &ramsch), SKATDD_OK);
    assert_false(ramsch);
    skatdd_deals_free(deals);

    assert_int_equal(skatdd_deals_read_file("tests/integration/data/ramsch.yaml", &deals), SKATDD_OK);
    assert_int_equal(skatdd_deals_get(deals, 0, &deal), SKATDD_OK);
    assert_false(deal.has_contract || deal.has_declarer);
    assert_int_equal(skatdd_deals_is_ramsch(deals, 0, &ramsch), SKATDD_OK);
    assert_true(ramsch);
    skatdd_deal_solution sol;
    assert_int_equal(skatdd_solve_deal(solver, deals, 0, &sol), SKATDD_ERR_CONTRACT);
    assert_non_null(strstr(skatdd_last_error(), "skatdd_ramsch_solve plays it"));
    assert_int_equal(skatdd_deals_is_ramsch(deals, 99, &ramsch), SKATDD_ERR_ARGUMENT);
    skatdd_deals_free(deals);
}

/* The position's value, the best card's value, the thresholds around it and
 * the deal's solution are the same number. */
static void test_value_agrees(void **state)
{
    (void)state;
    skatdd_deals *deals = read_grand();
    skatdd_deal_solution sol;
    assert_int_equal(skatdd_solve_deal(solver, deals, 0, &sol), SKATDD_OK);
    int value = -1;
    assert_int_equal(skatdd_value(solver, &sol.position, &value), SKATDD_OK);
    assert_int_equal(value, sol.analysis.value);
    int best = -1;
    for (int i = 0; i < sol.analysis.move_count; i++)
        best = sol.analysis.moves[i].value > best ? sol.analysis.moves[i].value : best;
    assert_int_equal(best, value);
    bool yes;
    assert_int_equal(skatdd_ask(solver, &sol.position, SKATDD_REACHES, value, &yes), SKATDD_OK);
    assert_true(yes);
    assert_int_equal(skatdd_ask(solver, &sol.position, SKATDD_REACHES, value + 1, &yes), SKATDD_OK);
    assert_false(yes);
    assert_int_equal(skatdd_ask(solver, &sol.position, SKATDD_DECLARER_TAKES_ALL, 0, &yes), SKATDD_OK);
    assert_int_equal(yes, sol.analysis.declarer_can_schwarz);
    assert_int_equal(skatdd_ask(solver, &sol.position, SKATDD_NULL_WON, 0, &yes), SKATDD_ERR_ARGUMENT);

    /* Ten cards less: after the first card of the optimal line the value stays. */
    skatdd_position after = sol.position;
    int first = sol.analysis.line[0];
    after.hands[after.leader] &= ~(1u << first);
    after.trick[0] = first;
    after.trick_size = 1;
    assert_int_equal(skatdd_value(solver, &after, &value), SKATDD_OK);
    assert_int_equal(value, sol.analysis.value);
    skatdd_deals_free(deals);
}

static skatdd_position small_position(void)
{
    /* Three cards each, grand, forehand declarer and to lead. */
    skatdd_position p = {.game = SKATDD_GRAND, .declarer = SKATDD_FOREHAND, .leader = SKATDD_FOREHAND,
                         .trick = {SKATDD_NO_CARD, SKATDD_NO_CARD}, .declarer_points = 40,
                         .declarer_tricks = 4, .defender_tricks = 3};
    p.hands[0] = cards("CJ CA CT");
    p.hands[1] = cards("C7 HA HT");
    p.hands[2] = cards("C8 SA ST");
    return p;
}

static void test_bad_positions(void **state)
{
    (void)state;
    skatdd_analysis a;
    skatdd_position p = small_position();
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_OK);
    assert_int_equal(a.value, 40 + 65); /* every trick */

    p = small_position();
    p.hands[1] |= 1u << 4; /* CJ twice */
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_CARDS);
    assert_non_null(strstr(skatdd_last_error(), "CJ is in two hands"));

    p = small_position();
    p.hands[2] = cards("C8 SA"); /* too few */
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_CARDS);

    p = small_position();
    p.hands[0] = cards("CA CT"); /* CJ led, but still held elsewhere: */
    p.trick[0] = 4;
    p.trick_size = 1;
    p.hands[1] |= 1u << 4;
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_CARDS);

    /* Middlehand throws HA on a trump lead while holding C7 (a trump? no: a
     * club; in grand the club jack leads trumps, C7 is no trump, HA is legal).
     * Lead CA instead: middlehand must follow with C7. */
    p = small_position();
    p.hands[0] = cards("CJ CT");
    p.hands[1] = cards("C7 HT");
    p.trick[0] = 7; /* CA */
    p.trick[1] = 23; /* HA */
    p.trick_size = 2;
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_TRICK);
    p.hands[1] = cards("HA HT");
    p.trick[1] = 0; /* C7: follows */
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_OK);
    assert_int_equal(a.to_move, SKATDD_REARHAND);

    p = small_position();
    p.skat = cards("DA DT");
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_OK);
    p.skat = cards("DA CA");
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_CARDS);
    assert_non_null(strstr(skatdd_last_error(), "skat card CA is also held"));
    p.skat = cards("DA");
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_CARDS);
    p.skat = cards("DA DT");
    p.declarer_points = 20; /* the skat alone is 21 */
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_ARGUMENT);

    p = small_position();
    p.game = (skatdd_game)9;
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_ARGUMENT);
    p = small_position();
    p.declarer_points = 100; /* only 120 - 84 points are out of play */
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_ARGUMENT);
    p = small_position();
    p.declarer_tricks = 6;
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_ARGUMENT);
    p.declarer_tricks = 3; /* 6 of the 7 tricks played: schwarz would turn on the one left out */
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_ARGUMENT);
    assert_non_null(strstr(skatdd_last_error(), "7 tricks have been played"));
    /* No trick, but 40 points: the skat's two cards out of play hold at most
     * 21 (DA DT), and the deal reader refuses it: so must the library. */
    p = small_position();
    p.declarer_tricks = 0;
    p.defender_tricks = 7;
    assert_int_equal(skatdd_position_check(&p), SKATDD_ERR_ARGUMENT);
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_ARGUMENT);
    assert_non_null(strstr(skatdd_last_error(), "declarer_points 40: no 0 tricks and the skat"));
    p.declarer_points = 21;
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_OK);
    p.game = SKATDD_NULL; /* a null counts no points */
    p.declarer_points = 40;
    assert_int_equal(skatdd_position_check(&p), SKATDD_OK);
    p = small_position();
    p.declarer_tricks = p.defender_tricks = 2147483647; /* no sum may overflow */
    assert_int_equal(skatdd_solve(solver, &p, &a), SKATDD_ERR_ARGUMENT);
    assert_int_equal(skatdd_solve(NULL, &p, &a), SKATDD_ERR_ARGUMENT);
    assert_int_equal(skatdd_solve(solver, NULL, &a), SKATDD_ERR_ARGUMENT);
}

/* The seat to move, the node count and the two schwarz questions, each
 * against what skatdd_solve says of the same position; and the trick's
 * cards checked as the hands are. */
static void test_to_move_nodes_and_schwarz(void **state)
{
    (void)state;
    skatdd_position p = small_position();
    assert_int_equal(skatdd_position_to_move(&p), SKATDD_FOREHAND);
    p.leader = SKATDD_REARHAND;
    p.trick_size = 2;
    assert_int_equal(skatdd_position_to_move(&p), SKATDD_MIDDLEHAND);
    p.trick_size = 3;
    assert_int_equal(skatdd_position_to_move(&p), -1);
    p.trick_size = 0;
    p.leader = 3;
    assert_int_equal(skatdd_position_to_move(&p), -1);
    assert_int_equal(skatdd_position_to_move(NULL), -1);

    skatdd_solver *own = NULL;
    assert_int_equal(skatdd_solver_new(1, &own), SKATDD_OK);
    assert_true(skatdd_solver_nodes(own) == 0);
    assert_true(skatdd_solver_nodes(NULL) == 0);
    /* Every trick so far the declarer's: 55 points out of play, all his. */
    p = small_position();
    p.declarer_tricks = 7;
    p.defender_tricks = 0;
    p.declarer_points = 55;
    skatdd_analysis a;
    assert_int_equal(skatdd_solve(own, &p, &a), SKATDD_OK);
    assert_true(a.nodes > 0 && skatdd_solver_nodes(own) >= a.nodes);
    bool all = false, none = true;
    assert_int_equal(skatdd_ask(own, &p, SKATDD_DECLARER_TAKES_ALL, 0, &all), SKATDD_OK);
    assert_int_equal(skatdd_ask(own, &p, SKATDD_DEFENDERS_TAKE_ALL, 0, &none), SKATDD_OK);
    assert_true(a.declarer_can_schwarz && all); /* CJ, then his clubs */
    assert_false(a.defenders_can_schwarz || none);
    /* The declarer without his trump: the defenders keep him from any trick. */
    p.hands[0] = cards("C9 D7 D8");
    p.hands[1] = cards("CJ HA HT");
    p.hands[2] = cards("SJ SA ST");
    p.declarer_points = 120 - skatdd_card_points(p.hands[0] | p.hands[1] | p.hands[2]);
    assert_int_equal(skatdd_solve(own, &p, &a), SKATDD_OK);
    assert_int_equal(skatdd_ask(own, &p, SKATDD_DEFENDERS_TAKE_ALL, 0, &none), SKATDD_OK);
    assert_true(none && a.defenders_can_schwarz);
    assert_int_equal(skatdd_ask(own, &p, SKATDD_DECLARER_TAKES_ALL, 0, &all), SKATDD_OK);
    assert_false(all || a.declarer_can_schwarz);
    skatdd_solver_free(own);

    p = small_position();
    p.hands[0] = cards("CA CT");
    p.trick_size = 1;
    p.trick[0] = 40;
    assert_int_equal(skatdd_position_check(&p), SKATDD_ERR_CARD);
    assert_non_null(strstr(skatdd_last_error(), "trick card 40 is not a card number"));
    p.trick[0] = 7; /* CA, still in forehand's hand below */
    p.hands[0] = cards("CA CT");
    assert_int_equal(skatdd_position_check(&p), SKATDD_ERR_CARDS);
    assert_non_null(strstr(skatdd_last_error(), "trick card CA is also held"));
    p = small_position(); /* every hand empty, a card led: middlehand cannot answer */
    p.hands[0] = p.hands[1] = p.hands[2] = 0;
    p.trick_size = 1;
    p.trick[0] = 7;
    assert_int_equal(skatdd_position_check(&p), SKATDD_ERR_CARDS);
    assert_non_null(strstr(skatdd_last_error(), "middlehand is to play to the trick but holds no card"));
}

/* Random garbage never crashes: an error, or a value in range. */
static void test_random_positions(void **state)
{
    (void)state;
    uint64_t x = 12345;
    int ok = 0;
    for (int i = 0; i < 20000; i++) {
        skatdd_position p;
        unsigned char *b = (unsigned char *)&p;
        for (size_t k = 0; k < sizeof p; k++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            b[k] = (unsigned char)(x >> 56);
        }
        if (i % 2) { /* small values, so that some are valid */
            p.game = (skatdd_game)(p.game & 7u);
            p.declarer &= 3;
            p.leader &= 3;
            p.trick_size &= 3;
            p.trick[0] &= 31;
            p.trick[1] &= 31;
            p.declarer_points &= 15;
            p.skat &= 0x00800080u; /* CA HA: sometimes held, sometimes out, sometimes one card */
            p.declarer_tricks &= 1;
            p.defender_tricks &= 1;
            skatdd_cards deck = 0xffffffffu;
            for (int s = 0; s < 3; s++) {
                p.hands[s] &= deck & 0x01010101u * (1u << s);
                deck &= ~p.hands[s];
            }
            /* The tricks played, all of them someone's (the seat to play decides how many). */
            int played = 10 - __builtin_popcount(p.hands[(p.leader + p.trick_size) % 3]);
            p.defender_tricks = played - p.declarer_tricks;
        }
        int value;
        skatdd_status s = skatdd_value(solver, &p, &value);
        if (s == SKATDD_OK) {
            ok++;
            assert_true(value >= 0 && value <= 120);
        } else {
            assert_true(s > SKATDD_OK && s < SKATDD_STATUS_COUNT);
        }
    }
    assert_true(ok > 0);
}

static void test_bad_yaml(void **state)
{
    (void)state;
    static const char duplicate[] =
        "hands:\n"
        "  forehand:   CJ SJ HJ DJ CA CT CK SA ST S9\n"
        "  middlehand: C9 C8 C7 SK SQ S8 HA HT HK CJ\n";
    skatdd_deals *deals = (skatdd_deals *)&deals;
    assert_int_equal(skatdd_deals_read(duplicate, strlen(duplicate), "bad.yaml", &deals), SKATDD_ERR_YAML);
    assert_null(deals);
    assert_string_equal(skatdd_last_error(), "bad.yaml:3:42: duplicate card CJ");

    static const char syntax[] = "hands: [\n";
    assert_int_equal(skatdd_deals_read(syntax, strlen(syntax), NULL, &deals), SKATDD_ERR_YAML);
    assert_non_null(strstr(skatdd_last_error(), "<text>:2:1: YAML syntax error"));

    assert_int_equal(skatdd_deals_read_file("/nonexistent/deals.yaml", &deals), SKATDD_ERR_IO);
    assert_int_equal(skatdd_deals_read(NULL, 0, NULL, &deals), SKATDD_ERR_ARGUMENT);

    /* A position document without a contract cannot be solved. */
    static const char no_contract[] = "hands: {forehand: [CA], middlehand: [C7], rearhand: [CT]}\nlead: forehand\n";
    assert_int_equal(skatdd_deals_read(no_contract, strlen(no_contract), "p.yaml", &deals), SKATDD_OK);
    skatdd_deal_solution sol;
    assert_int_equal(skatdd_solve_deal(solver, deals, 0, &sol), SKATDD_ERR_ARGUMENT);
    assert_non_null(strstr(skatdd_last_error(), "p.yaml:1:1: missing key"));
    skatdd_deals_free(deals);
}

/* A null position after two tricks, no counts given: the declarer is still
 * in the game, so both tricks were the defenders' (dealcheck.c).  The
 * position solved keeps them: it passes the library's own check, whose
 * trick counts must add up to the tricks played. */
static void test_null_position_tricks(void **state)
{
    (void)state;
    static const char null_position[] = "hands:\n"
                                        "  forehand: [S8, S9, H7, H8, H9, D7, D8, D9]\n"
                                        "  middlehand: [SA, SK, SQ, HA, HK, HQ, DA, DK]\n"
                                        "  rearhand: [C9, CT, CJ, CQ, ST, SJ, HT, HJ]\n"
                                        "declarer: forehand\ncontract: null\nlead: middlehand\n";
    skatdd_deals *deals;
    assert_int_equal(skatdd_deals_read(null_position, strlen(null_position), "null.yaml", &deals), SKATDD_OK);
    skatdd_deal_solution sol;
    assert_int_equal(skatdd_solve_deal(solver, deals, 0, &sol), SKATDD_OK);
    assert_int_equal(sol.position.declarer_tricks, 0);
    assert_int_equal(sol.position.defender_tricks, 2);
    assert_int_equal(skatdd_position_check(&sol.position), SKATDD_OK);
    assert_int_equal(sol.analysis.value, 1); /* the declarer wins: middlehand must lead into his low cards */
    skatdd_deals_free(deals);
}

static void test_rules_and_contracts(void **state)
{
    (void)state;
    skatdd_rules *rules = NULL;
    assert_int_equal(skatdd_rules_load("no-such-rules", &rules), SKATDD_ERR_RULES);
    assert_null(rules);
    assert_int_equal(skatdd_rules_load("tournee", &rules), SKATDD_OK);
    assert_string_equal(skatdd_rules_name(rules), "tournee");
    skatdd_contract c;
    assert_int_equal(skatdd_contract_parse(rules, "spades solo", &c), SKATDD_OK);
    assert_int_equal(c.game, SKATDD_SPADES);
    assert_true(c.form > 0);
    char name[64];
    assert_int_equal(skatdd_contract_name(rules, &c, name, sizeof name), SKATDD_OK);
    assert_string_equal(name, "solo spades");
    assert_int_equal(skatdd_contract_parse(NULL, "spades solo", &c), SKATDD_ERR_CONTRACT);
    assert_int_equal(skatdd_contract_parse(NULL, "grand ouvert", &c), SKATDD_OK);
    assert_true(c.hand && c.schwarz_announced);
    c.form = 3;
    assert_int_equal(skatdd_contract_name(NULL, &c, name, sizeof name), SKATDD_ERR_CONTRACT);
    /* Flags no words can say are refused; implied ones are named as read back. */
    skatdd_contract null_schneider = {.game = SKATDD_NULL, .schneider_announced = true};
    assert_int_equal(skatdd_contract_name(NULL, &null_schneider, name, sizeof name), SKATDD_ERR_CONTRACT);
    assert_int_equal(skatdd_contract_name(rules, &null_schneider, name, sizeof name), SKATDD_ERR_CONTRACT);
    skatdd_contract schwarz_no_hand = {.game = SKATDD_CLUBS, .schwarz_announced = true};
    assert_int_equal(skatdd_contract_name(NULL, &schwarz_no_hand, name, sizeof name), SKATDD_ERR_CONTRACT);
    skatdd_contract ouvert = {.game = SKATDD_CLUBS, .ouvert = true}, back;
    assert_int_equal(skatdd_contract_name(NULL, &ouvert, name, sizeof name), SKATDD_OK);
    assert_int_equal(skatdd_contract_parse(NULL, name, &back), SKATDD_OK);
    assert_true(back.ouvert && back.hand && back.schneider_announced && back.schwarz_announced);
    skatdd_rules *isko = NULL;
    assert_int_equal(skatdd_rules_load("isko", &isko), SKATDD_OK);
    skatdd_game_play play = {.contract = null_schneider, .cards = 0xfff, .declarer_tricks = 0, .bid = 18};
    skatdd_score score;
    assert_int_equal(skatdd_score_game(isko, &play, &score), SKATDD_ERR_CONTRACT);
    skatdd_rules_free(isko);
    skatdd_rules_free(rules);
}

/* The README's outcome: won, with 4, game 5, schneider 6 -> 6 x 24 = 144. */
static void test_score(void **state)
{
    (void)state;
    skatdd_rules *rules;
    assert_int_equal(skatdd_rules_load("isko", &rules), SKATDD_OK);
    skatdd_game_play play = {.cards = cards("CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7"), .declarer_points = 116,
                             .declarer_tricks = 9};
    assert_int_equal(skatdd_contract_parse(rules, "grand", &play.contract), SKATDD_OK);
    skatdd_score score;
    assert_int_equal(skatdd_score_game(rules, &play, &score), SKATDD_OK);
    assert_true(score.won);
    assert_int_equal(score.value, 144);
    assert_int_equal(score.score, 144);
    assert_int_equal(score.matadors, 4);
    assert_int_equal(score.tournament_declarer, 144 + 50);
    assert_int_equal(score.multiplier, 6); /* with 4, game 5, schneider 6 */
    assert_int_equal(score.base, 24);
    play.bock = true; /* the ISkO has no Bock rounds */
    assert_int_equal(skatdd_score_game(rules, &play, &score), SKATDD_ERR_CONTRACT);
    play.bock = false;
    /* Results no play gives are bad arguments, not contracts the rules
     * refuse: they were SKATDD_ERR_CONTRACT. */
    play.declarer_tricks = 10;
    assert_int_equal(skatdd_score_game(rules, &play, &score), SKATDD_ERR_ARGUMENT);
    play.declarer_tricks = 0;
    assert_int_equal(skatdd_score_game(rules, &play, &score), SKATDD_ERR_ARGUMENT);
    play.declarer_points = 22;
    assert_int_equal(skatdd_score_game(rules, &play, &score), SKATDD_OK);
    play.declarer_points = 116;
    play.declarer_tricks = 9;
    play.cards = cards("CJ");
    assert_int_equal(skatdd_score_game(rules, &play, &score), SKATDD_ERR_CARDS);
    skatdd_rules_free(rules);

    /* The classic rules' Bock round doubles the game. */
    assert_int_equal(skatdd_rules_load("classic", &rules), SKATDD_OK);
    play.cards = cards("CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7");
    assert_int_equal(skatdd_contract_parse(rules, "grand", &play.contract), SKATDD_OK);
    assert_int_equal(skatdd_score_game(rules, &play, &score), SKATDD_OK);
    int plain = score.score;
    play.bock = true;
    assert_int_equal(skatdd_score_game(rules, &play, &score), SKATDD_OK);
    assert_int_equal(score.score, 2 * plain);
    assert_int_equal(score.doubling_factor, 2);
    skatdd_rules_free(rules);
}

/* Forehand's column of `skatdd table` for the README's deal. */
static void test_table(void **state)
{
    (void)state;
    skatdd_rules *rules;
    assert_int_equal(skatdd_rules_load("isko", &rules), SKATDD_OK);
    skatdd_cards hands[3] = {cards("CJ SJ HJ DJ CA CT CK SA ST S9"), cards("C9 C8 C7 SK SQ S8 HA HT HK HQ"),
                             cards("H9 H8 H7 DA DT DK DQ D9 S7 CQ")};
    skatdd_table *t = malloc(sizeof *t);
    assert_non_null(t);
    assert_int_equal(skatdd_table_compute(rules, hands, cards("D8 D7"), 1, 1, 4, t), SKATDD_OK);
    assert_true(t->seats[0].computed);
    assert_false(t->seats[1].computed);
    assert_int_equal(t->seats[0].row_count, 19);
    assert_int_equal(t->seats[0].bid_ceiling, 192);
    const skatdd_table_row *grand = NULL;
    for (int i = 0; i < t->seats[0].row_count; i++)
        if (strcmp(t->seats[0].rows[i].label, "grand") == 0)
            grand = &t->seats[0].rows[i];
    assert_non_null(grand);
    assert_int_equal(grand->declarer_points, 116);
    assert_int_equal(grand->game_value, 144);
    assert_int_equal(grand->bid_ceiling, 144);
    assert_int_equal(grand->discard, cards("D8 D7"));

    hands[1] = hands[0];
    assert_int_equal(skatdd_table_compute(rules, hands, cards("D8 D7"), 1, 1, 4, t), SKATDD_ERR_CARDS);
    free(t);
    skatdd_rules_free(rules);
}

/* Twelve cards (the skat known): one world per discard, quick. */
/* Ramsch: the full deal of tests/integration/data/ramsch.yaml gives the
 * values `skatdd solve` prints (README); forehand with the four jacks must
 * take every trick; rules without Ramsch and bad counts are refused. */
static void test_ramsch(void **state)
{
    (void)state;
    skatdd_rules *classic, *isko;
    assert_int_equal(skatdd_rules_load("classic", &classic), SKATDD_OK);
    assert_int_equal(skatdd_rules_load("isko", &isko), SKATDD_OK);
    skatdd_ramsch_position p = {.leader = SKATDD_FOREHAND, .trick = {SKATDD_NO_CARD, SKATDD_NO_CARD}};
    p.hands[0] = cards("CJ SA ST S9 HA H7 D7 D8 C7 C8");
    p.hands[1] = cards("SJ CA CT C9 HT H8 DA DT D9 S7");
    p.hands[2] = cards("HJ DJ CK CQ SK SQ S8 HK HQ H9");
    p.skat = cards("DK DQ");
    skatdd_ramsch_analysis a;
    assert_int_equal(skatdd_ramsch_solve(solver, classic, &p, &a), SKATDD_OK);
    const int fewest[3] = {81, 77, 51};
    for (int seat = 0; seat < 3; seat++) {
        assert_int_equal(a.seats[seat].fewest_points, fewest[seat]);
        assert_false(a.seats[seat].takes_all);
        assert_false(a.seats[seat].avoids_all);
    }
    assert_int_equal(a.skat_bonus, 7);
    assert_int_equal(a.to_move, SKATDD_FOREHAND);
    assert_int_equal(a.move_count, 10);
    for (int i = 0; i < a.move_count; i++)
        assert_int_equal(a.moves[i].value, strcmp(skatdd_card_name(a.moves[i].card), "H7") == 0 ? 88 : 81);
    assert_int_equal(a.line_length, 30);
    assert_true(a.nodes > 0);

    skatdd_ramsch_position jacks = {.leader = SKATDD_FOREHAND, .trick = {SKATDD_NO_CARD, SKATDD_NO_CARD},
                                    .points = {35, 0, 0}, .tricks = {6, 0, 0}};
    jacks.hands[0] = cards("CJ SJ HJ DJ");
    jacks.hands[1] = cards("SA ST SK SQ");
    jacks.hands[2] = cards("HA HT HK HQ");
    jacks.skat = cards("DA DT");
    assert_int_equal(skatdd_ramsch_solve(solver, classic, &jacks, &a), SKATDD_OK);
    assert_int_equal(a.seats[0].fewest_points, 120);
    assert_true(a.seats[0].takes_all);
    assert_int_equal(a.seats[1].fewest_points, 0);
    assert_true(a.seats[1].avoids_all && a.seats[2].avoids_all);

    assert_int_equal(skatdd_ramsch_solve(solver, isko, &p, &a), SKATDD_ERR_CONTRACT);
    assert_non_null(strstr(skatdd_last_error(), "no ramsch"));
    skatdd_ramsch_position bad = jacks;
    bad.points[1] = 50; /* 85 points, only 120 - 64 left in hands - 21 in the skat = 35 played */
    assert_int_equal(skatdd_ramsch_solve(solver, classic, &bad, &a), SKATDD_ERR_ARGUMENT);
    bad = jacks;
    bad.tricks[2] = 1; /* seven tricks, six played */
    assert_int_equal(skatdd_ramsch_solve(solver, classic, &bad, &a), SKATDD_ERR_ARGUMENT);
    bad = jacks;
    bad.tricks[0] = 2; /* fewer tricks than were played */
    assert_int_equal(skatdd_ramsch_solve(solver, classic, &bad, &a), SKATDD_ERR_ARGUMENT);
    assert_non_null(strstr(skatdd_last_error(), "tricks add up to 2, but 6 tricks have been played"));
    bad = jacks;
    bad.points[0] = 10; /* the skat is known: the cards played hold 35 */
    assert_int_equal(skatdd_ramsch_solve(solver, classic, &bad, &a), SKATDD_ERR_ARGUMENT);
    bad = jacks;
    bad.points[1] = 2; /* points without a trick */
    bad.points[0] = 33;
    assert_int_equal(skatdd_ramsch_solve(solver, classic, &bad, &a), SKATDD_ERR_ARGUMENT);
    bad = jacks;
    bad.points[0] = bad.points[1] = 2147483647; /* no sum may overflow */
    bad.tricks[1] = 2147483647;
    assert_int_equal(skatdd_ramsch_solve(solver, classic, &bad, &a), SKATDD_ERR_ARGUMENT);
    bad = jacks;
    bad.hands[1] |= cards("DA"); /* also in the skat */
    assert_int_equal(skatdd_ramsch_solve(solver, classic, &bad, &a), SKATDD_ERR_CARDS);
    assert_int_equal(skatdd_ramsch_solve(NULL, classic, &p, &a), SKATDD_ERR_ARGUMENT);
    skatdd_rules_free(classic);
    skatdd_rules_free(isko);
}

static void test_evaluate(void **state)
{
    (void)state;
    skatdd_rules *rules;
    assert_int_equal(skatdd_rules_load("isko", &rules), SKATDD_OK);
    skatdd_eval_options o;
    skatdd_eval_options_default(&o);
    assert_int_equal(o.samples, 4);
    o.samples = 1;
    o.threads = 1;
    skatdd_evaluation *e = NULL;
    skatdd_cards twelve = cards("CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7");
    assert_int_equal(skatdd_evaluate(rules, SKATDD_FOREHAND, twelve, &o, &e), SKATDD_OK);
    skatdd_evaluation_summary s;
    assert_int_equal(skatdd_evaluation_get_summary(e, &s), SKATDD_OK);
    assert_int_equal(s.row_count, 7); /* the skat games only */
    assert_true(s.bid_ceiling >= 144);
    skatdd_evaluation_row row;
    assert_int_equal(skatdd_evaluation_get_row(e, s.best_row, &row), SKATDD_OK);
    assert_true(row.p_win >= 0 && row.p_win <= 1);
    assert_true(row.bid_count > 0);
    int bid;
    double p;
    assert_int_equal(skatdd_evaluation_get_bid(e, s.best_row, 0, &bid, &p), SKATDD_OK);
    assert_true(bid >= 18 && p >= 0 && p <= 1);
    assert_int_equal(skatdd_evaluation_get_row(e, s.row_count, &row), SKATDD_ERR_ARGUMENT);
    skatdd_evaluation_free(e);
    o.samples = 0;
    assert_int_equal(skatdd_evaluate(rules, SKATDD_FOREHAND, twelve, &o, &e), SKATDD_ERR_ARGUMENT);
    /* As skatdd evaluate --sd-layouts: 1..64 (up to 1000 were taken, and
     * single-dummy play quietly kept to 256 of them). */
    o.samples = 1;
    o.sd_layouts = 65;
    assert_int_equal(skatdd_evaluate(rules, SKATDD_FOREHAND, twelve, &o, &e), SKATDD_ERR_ARGUMENT);
    assert_int_equal(skatdd_evaluate(rules, SKATDD_FOREHAND, cards("CJ"), NULL, &e), SKATDD_ERR_CARDS);
    assert_null(skatdd_evaluation_ceiling_choice(NULL));
    assert_null(skatdd_evaluation_best_choice(NULL));
    skatdd_rules_free(rules);
}

/* hand evaluated in forehand under rules with options o: the evaluation
 * (*e, to be freed) and its summary. */
static skatdd_evaluation_summary evaluated_forehand(const skatdd_rules *rules, const char *hand,
                                                    const skatdd_eval_options *o, skatdd_evaluation **e)
{
    skatdd_evaluation_summary s;
    *e = NULL;
    assert_int_equal(skatdd_evaluate(rules, SKATDD_FOREHAND, cards(hand), o, e), SKATDD_OK);
    assert_int_equal(skatdd_evaluation_get_summary(*e, &s), SKATDD_OK);
    return s;
}

/* A choice sets the ceiling where no row does, and says which: the
 * Tournee's turn for unit_evaluate's hand (a 231-skat run: not under the
 * sanitizers); a row for four jacks. */
static void test_evaluate_ceiling_choice(void **state)
{
    (void)state;
    skatdd_eval_options o;
    skatdd_eval_options_default(&o);
    o.samples = 1;
    o.threads = 1;
    o.seed = 7;
    o.confidence = 0.6;
    skatdd_rules *rules;
    skatdd_evaluation *e;
    assert_int_equal(skatdd_rules_load("isko", &rules), SKATDD_OK);
    skatdd_evaluation_summary s = evaluated_forehand(rules, "CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7", &o, &e);
    assert_true(s.ceiling_row >= 0);
    assert_null(skatdd_evaluation_ceiling_choice(e));
    assert_true(s.best_row >= 0);
    assert_null(skatdd_evaluation_best_choice(e));
    skatdd_evaluation_free(e);
    skatdd_rules_free(rules);
    if (getenv("SKATDD_QUICK"))
        return;
    assert_int_equal(skatdd_rules_load("tournee", &rules), SKATDD_OK);
    s = evaluated_forehand(rules, "DQ SJ C7 DA CK CA HJ C8 ST HT", &o, &e);
    assert_int_equal(s.bid_ceiling, 10);
    assert_int_equal(s.ceiling_row, -1);
    assert_string_equal(skatdd_evaluation_ceiling_choice(e), "tournee, best turn");
    /* Its expected score, 17.8, is above every row possible with any skat
     * (the Guckser grand's, -12.8, the best of them). */
    assert_int_equal(s.best_row, -1);
    assert_string_equal(skatdd_evaluation_best_choice(e), "tournee, best turn");
    skatdd_evaluation_free(e);
    skatdd_rules_free(rules);
}

/* Picking up the skat is the contract to play where it scores above every
 * row: two jacks and two four-card suits, clubs or spades whichever the
 * skat fits (tests/integration/data/after_skat.yaml), where it scores 67.4
 * against clubs hand's 60.3 with two layouts per skat.  With one layout per
 * skat it was chosen in the world counted, and a row is played. */
static void test_evaluate_best_after_skat(void **state)
{
    (void)state;
    if (getenv("SKATDD_QUICK"))
        skip();
    skatdd_eval_options o;
    skatdd_eval_options_default(&o);
    o.samples = 2;
    o.seed = 7;
    skatdd_rules *rules;
    skatdd_evaluation *e;
    assert_int_equal(skatdd_rules_load("isko", &rules), SKATDD_OK);
    const char *hand = "HJ DJ CA C9 C8 C7 SA S9 S8 S7";
    skatdd_evaluation_summary s = evaluated_forehand(rules, hand, &o, &e);
    assert_int_equal(s.best_row, -1);
    assert_string_equal(skatdd_evaluation_best_choice(e), "skat, best game");
    skatdd_evaluation_free(e);
    o.samples = 1;
    s = evaluated_forehand(rules, hand, &o, &e);
    assert_true(s.best_row >= 0);
    assert_null(skatdd_evaluation_best_choice(e));
    skatdd_evaluation_free(e);
    skatdd_rules_free(rules);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version_and_errors),
        cmocka_unit_test(test_cards),
        cmocka_unit_test(test_good_deal), cmocka_unit_test(test_iss_and_ramsch_deals),
        cmocka_unit_test(test_value_agrees),
        cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_to_move_nodes_and_schwarz),
        cmocka_unit_test(test_random_positions),
        cmocka_unit_test(test_bad_yaml),
        cmocka_unit_test(test_null_position_tricks),
        cmocka_unit_test(test_rules_and_contracts),
        cmocka_unit_test(test_score),
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_evaluate),
        cmocka_unit_test(test_evaluate_ceiling_choice),
        cmocka_unit_test(test_evaluate_best_after_skat),
        cmocka_unit_test(test_ramsch),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
