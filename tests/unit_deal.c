/* Unit tests of cli/deal.c: reading deals and positions from YAML files,
 * every validation message with its line and column, and deal_position. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "support_cards.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dealreader.h"
#include "grow.h"
#include "notation.h"
#include "text.h"

enum { ERR_SIZE = 1024 };

/* The deal of the examples: forehand holds four jacks. */
#define HANDS                                            \
    "hands:\n"                                           \
    "  forehand:   CJ SJ HJ DJ CA CT CK SA ST S9\n"      \
    "  middlehand: C9 C8 C7 SK SQ S8 HA HT HK HQ\n"      \
    "  rearhand:   H9 H8 H7 DA DT DK DQ D9 S7 CQ\n"
#define DEAL HANDS "skat: D8 D7\ndeclarer: forehand\ncontract: grand\n"

/* ---- helpers ------------------------------------------------------------ */

static char *write_temp(const void *text, size_t len)
{
    char *path = strdup("/tmp/unit_deal_XXXXXX");
    assert_non_null(path);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
    return path;
}

/* The set of a space-separated list of card names. */
/* Reads the first document of text: 1 for a deal, -1 with err. */
static int read_first_n(const char *text, size_t len, Deal *deal, char *err)
{
    char *path = write_temp(text, len);
    DealReader *r = deal_reader_open(path, err, ERR_SIZE);
    assert_non_null(r);
    int rc = deal_reader_next(r, deal, err, ERR_SIZE);
    deal_reader_close(r);
    unlink(path);
    free(path);
    return rc;
}

static int read_first(const char *text, Deal *deal, char *err)
{
    return read_first_n(text, strlen(text), deal, err);
}

static void read_ok(const char *text, Deal *deal)
{
    char err[ERR_SIZE] = "";
    int rc = read_first(text, deal, err);
    if (rc != 1)
        fail_msg("expected a deal, got %d: %s", rc, err);
}

/* Checks the message after "FILE:": expected is "LINE:COL: message". */
static void expect_error_n(const char *text, size_t len, const char *expected)
{
    char err[ERR_SIZE] = "";
    char full[ERR_SIZE + 64];
    Deal *deal = malloc(sizeof *deal);
    char *path = write_temp(text, len);
    DealReader *r = deal_reader_open(path, err, ERR_SIZE);
    assert_non_null(r);
    int rc = deal_reader_next(r, deal, err, ERR_SIZE);
    if (rc == 1 && !deal_require_game(deal, err, ERR_SIZE))
        rc = -1;
    snprintf(full, sizeof full, "%s:%s", path, expected);
    deal_reader_close(r);
    unlink(path);
    free(path);
    free(deal);
    assert_int_equal(rc, -1);
    assert_string_equal(err, full);
}

static void expect_error(const char *text, const char *expected)
{
    expect_error_n(text, strlen(text), expected);
}

/* ---- notation ----------------------------------------------------------- */

static void test_notation_variants(void **state)
{
    (void)state;
    Deal d;
    read_ok("name: Grand with four jacks\n"
            "hands:\n"
            "  Vorhand:    cj sj hj dj ca c10 ck sa st s9\n"
            "  mittelhand: [♣9, ♣8, ♣7, ♠K, ♠Q, ♠8, ♥A, ♥10, ♥K, ♥Q]\n"
            "  HINTERHAND: [\"H9\", 'H8', H7 DA, D10, DK DQ D9, S7, CQ]\n"
            "skat: [d8, ♦7]\n"
            "declarer: FOREHAND\n"
            "contract: Grand\n",
            &d);
    assert_string_equal(d.name, "Grand with four jacks");
    assert_true(d.full_deal);
    assert_int_equal(d.hands[SEAT_FOREHAND], test_cards("CJ SJ HJ DJ CA CT CK SA ST S9"));
    assert_int_equal(d.hands[SEAT_MIDDLEHAND], test_cards("C9 C8 C7 SK SQ S8 HA HT HK HQ"));
    assert_int_equal(d.hands[SEAT_REARHAND], test_cards("H9 H8 H7 DA DT DK DQ D9 S7 CQ"));
    assert_true(d.has_skat);
    assert_int_equal(d.skat, test_cards("D8 D7"));
    for (int s = 0; s < SEAT_COUNT; s++)
        assert_true(d.has_hand[s]);
    assert_true(d.has_declarer);
    assert_int_equal(d.declarer, SEAT_FOREHAND);
    assert_true(d.has_contract);
    assert_int_equal(d.contract.game, GAME_GRAND);
    assert_false(d.contract.hand);
    assert_int_equal(d.contract_mark.line, 8);
    assert_int_equal(d.contract_mark.column, 11);
    assert_int_equal(d.mark.line, 1);
    assert_int_equal(d.mark.column, 1);
    assert_false(d.has_discard);
    assert_int_equal(d.play_count, 0);
    assert_int_equal(d.bid, 0);
    assert_int_equal(d.kontra, 0);
    assert_false(d.has_answer);
}

static void expect_play(const char *play_yaml)
{
    static const char *const expected[] = {"CJ", "C9", "H9", "SJ", "C8", "H8", "HJ"};
    char text[2048];
    Deal d;
    snprintf(text, sizeof text, DEAL "discard: D8 D7\n%s", play_yaml);
    read_ok(text, &d);
    assert_int_equal(d.play_count, 7);
    for (int i = 0; i < 7; i++)
        assert_int_equal(d.play[i], test_card(expected[i]));
}

static void test_play_notations(void **state)
{
    (void)state;
    expect_play("play: CJ C9 H9 / SJ C8 H8 / HJ\n");
    expect_play("play: CJ C9 H9/SJ C8 H8/HJ\n");
    expect_play("play: CJ C9 H9 SJ C8 H8 HJ\n");
    expect_play("play: |\n  CJ C9 H9\n  SJ C8 H8\n\n  HJ\n");
    expect_play("play: [CJ, C9, H9, SJ, C8, H8, HJ]\n");
    expect_play("play:\n  - CJ C9 H9\n  - SJ C8 H8\n  - HJ\n");
    expect_play("play: [[CJ, C9, H9], [SJ, C8, H8], [HJ]]\n");
    expect_play("play: cj ♣9 h9 / ♠J c8 ♥8 / hj /\n");
}

static void test_seat_and_cards_errors_point_inside_strings(void **state)
{
    (void)state;
    /* Columns count characters, not bytes: ♣ is three bytes. */
    expect_error("hands:\n  forehand: ♣J ♠J ♥J ♦J ♣X\n", "2:25: unknown card '♣X'");
    expect_error("hands:\n  forehand: \"CJ SJ HJ DJ CX\"\n", "2:26: unknown card 'CX'");
    /* An escape hides the card in the text: the string's own mark. */
    expect_error("hands:\n  forehand: \"CJ \\x53J CX\"\n", "2:13: unknown card 'CX'");
    expect_error("hands:\n  forehand: |\n    CJ SJ\n    HJ DJ CX\n", "4:11: unknown card 'CX'");
    expect_error("hands:\n  forehand: CJ SJ HJ\n    DJ CX\n", "3:8: unknown card 'CX'");
    expect_error("hands: {forehand: [CJ, 10]}\n", "1:24: unknown card '10'");
}

static void test_bom_and_crlf(void **state)
{
    (void)state;
    static const char text[] = "\xef\xbb\xbfname: x\r\nhands:\r\n  forehand: ♥A ♥K H1\r\n";
    expect_error_n(text, sizeof text - 1, "3:19: unknown card 'H1'");
}

/* ---- documents ---------------------------------------------------------- */

static void test_multiple_documents(void **state)
{
    (void)state;
    char err[ERR_SIZE];
    Deal d;
    const char *text = "# three deals\n"
                       "---\n"
                       "name: one\n" DEAL "---\n"
                       "---\n"
                       "name: two\n" DEAL "...\n"
                       "---\n"
                       "name: three\n"
                       "hands: {middlehand: C9 C8 C7 SK SQ S8 HA HT HK HQ}\n";
    char *path = write_temp(text, strlen(text));
    DealReader *r = deal_reader_open(path, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(deal_reader_next(r, &d, err, sizeof err), 1);
    assert_string_equal(d.name, "one");
    assert_int_equal(d.mark.line, 2);
    assert_string_equal(d.file, path);
    assert_int_equal(deal_reader_next(r, &d, err, sizeof err), 1);
    assert_string_equal(d.name, "two");
    assert_int_equal(d.mark.line, 12); /* line 11 is an empty document */
    assert_int_equal(deal_reader_next(r, &d, err, sizeof err), 1);
    assert_string_equal(d.name, "three");
    assert_false(d.full_deal);
    assert_int_equal(deal_reader_next(r, &d, err, sizeof err), 0);
    assert_int_equal(deal_reader_next(r, &d, err, sizeof err), 0);
    deal_reader_close(r);
    unlink(path);
    free(path);
}

/* A bad document does not stop the next one; a syntax error stops all. */
static void test_errors_and_later_documents(void **state)
{
    (void)state;
    char err[ERR_SIZE], expected[ERR_SIZE];
    Deal d;
    const char *text = "hands: {forehand: CX}\n---\nname: fine\n" DEAL "---\nname: [\n";
    char *path = write_temp(text, strlen(text));
    DealReader *r = deal_reader_open(path, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(deal_reader_next(r, &d, err, sizeof err), -1);
    snprintf(expected, sizeof expected, "%s:1:19: unknown card 'CX'", path);
    assert_string_equal(err, expected);
    assert_int_equal(deal_reader_next(r, &d, err, sizeof err), 1);
    assert_string_equal(d.name, "fine");
    snprintf(expected, sizeof expected, "%s:13:1: YAML syntax error: did not find expected node content", path);
    assert_int_equal(deal_reader_next(r, &d, err, sizeof err), -1);
    assert_string_equal(err, expected);
    assert_int_equal(deal_reader_next(r, &d, err, sizeof err), -1);
    assert_string_equal(err, expected);
    deal_reader_close(r);
    unlink(path);
    free(path);
}

static void test_open_errors(void **state)
{
    (void)state;
    char err[ERR_SIZE];
    assert_null(deal_reader_open("/nonexistent/deals.yaml", err, sizeof err));
    assert_string_equal(err, "/nonexistent/deals.yaml: cannot open: No such file or directory");
    assert_null(deal_reader_open("/tmp", err, sizeof err));
    assert_string_equal(err, "/tmp: cannot read: Is a directory");
    deal_reader_close(NULL);
}

static void test_empty_files(void **state)
{
    (void)state;
    expect_error("", "1:1: empty file: no deal");
    expect_error("# nothing but a comment\n\n", "1:1: empty file: no deal");
    expect_error("---\n---\n", "1:1: empty file: no deal");
}

/* ---- positions ---------------------------------------------------------- */

static void test_position(void **state)
{
    (void)state;
    Deal d;
    Position pos;
    read_ok("name: endgame\n"
            "hands:\n"
            "  forehand: SJ CA\n"
            "  middlehand: C9 HA\n"
            "  rearhand: H9 H8 H7\n"
            "lead: forehand\n"
            "trick: [CT, C8]\n"
            "declarer: rearhand\n"
            "contract: hearts\n"
            "declarer_points: 40\n"
            "declarer_tricks: 3\n"
            "defender_tricks: 4\n",
            &d);
    assert_false(d.full_deal);
    assert_false(d.has_skat);
    assert_true(d.has_lead);
    assert_int_equal(d.lead, SEAT_FOREHAND);
    assert_int_equal(d.trick_size, 2);
    deal_position(&d, &pos);
    assert_int_equal(pos.game, GAME_HEARTS);
    assert_int_equal(pos.declarer, SEAT_REARHAND);
    assert_int_equal(pos.hands[SEAT_FOREHAND], test_cards("SJ CA"));
    assert_int_equal(pos.hands[SEAT_REARHAND], test_cards("H9 H8 H7"));
    assert_int_equal(pos.leader, SEAT_FOREHAND);
    assert_int_equal(pos.trick_size, 2);
    assert_int_equal(pos.trick[0], test_card("CT"));
    assert_int_equal(pos.trick[1], test_card("C8"));
    assert_int_equal(pos.declarer_points, 40);
    assert_int_equal(pos.declarer_tricks, 3);
    assert_int_equal(pos.defender_tricks, 4);
    assert_int_equal(position_to_move(&pos), SEAT_REARHAND);
}

/* The first trick in progress: ten cards for those still to play to it. */
static void test_position_in_first_trick(void **state)
{
    (void)state;
    Deal d;
    Position pos;
    read_ok("hands:\n"
            "  forehand:   SJ HJ DJ CA CT CK SA ST S9\n"
            "  middlehand: C9 C8 C7 SK SQ S8 HA HT HK HQ\n"
            "  rearhand:   H9 H8 H7 DA DT DK DQ D9 S7 CQ\n"
            "skat: D8 D7\nlead: vorhand\ntrick: CJ\ndeclarer: forehand\ncontract: grand\n",
            &d);
    assert_false(d.full_deal);
    deal_position(&d, &pos);
    assert_int_equal(position_to_move(&pos), SEAT_MIDDLEHAND);
    assert_int_equal(position_legal_moves(&pos), d.hands[SEAT_MIDDLEHAND]);
    assert_int_equal(position_points_left(&pos), 120);
}

static void test_position_with_skat_and_aliases(void **state)
{
    (void)state;
    Deal d;
    Position pos;
    read_ok("hands: {vorhand: [DJ], mittelhand: [D7], hinterhand: [DA]}\n"
            "skat: [CJ, SJ]\n"
            "lead: MITTELHAND\n"
            "declarer: hinterhand\n"
            "contract: null ouvert\n",
            &d);
    deal_position(&d, &pos);
    assert_int_equal(pos.game, GAME_NULL);
    assert_int_equal(pos.leader, SEAT_MIDDLEHAND);
    assert_int_equal(pos.declarer_points, 0);
    assert_int_equal(pos.trick_size, 0);
    assert_true(d.contract.ouvert);
}

static void test_position_errors(void **state)
{
    (void)state;
#define THREE "hands: {forehand: SJ CA, middlehand: C9 HA, rearhand: H9 H8}\n"
    expect_error(THREE "trick: CT\nlead: forehand\n",
                 "1:19: hand sizes do not fit the trick: forehand holds 2 cards, expected 1 "
                 "(middlehand holds 2 and rearhand 2; 1 card in the trick, led by forehand)");
    expect_error(THREE "lead: middlehand\ntrick: [CT, C8, C7]\n", "3:17: trick holds 3 cards, a trick in progress at most 2");
    expect_error(THREE "trick: CT\n", "2:1: 'trick' needs 'lead', the seat that led it");
    expect_error(THREE "lead: forehand\ndiscard: D7 D8\n", "3:1: 'discard' is not allowed in a position (hands of fewer than 10 cards)");
    expect_error(THREE "lead: nobody\n", "2:7: unknown seat 'nobody' (forehand, middlehand, rearhand)");
    expect_error(THREE "lead: forehand\ntrick: CA\n", "3:8: duplicate card CA");
    expect_error(THREE "lead: forehand\ndeclarer_tricks: 5\ndefender_tricks: 4\n",
                 "4:18: declarer_tricks and defender_tricks add up to 9, but 8 tricks have been played");
    expect_error(THREE "lead: forehand\ndefender_tricks: 11\n", "3:18: defender_tricks must be an integer from 0 to 10, not '11'");
    expect_error("hands: {forehand: '', middlehand: '', rearhand: ''}\nlead: rearhand\n",
                 "1:49: rearhand is to play but holds no cards");
    /* The seat to play follows the leader by the cards in the trick. */
    expect_error("hands: {forehand: '', middlehand: '', rearhand: SA}\nlead: forehand\ntrick: CA\n",
                 "1:35: middlehand is to play but holds no cards");
    expect_error(HANDS "skat: D8 D7\nlead: forehand\n", "6:1: 'lead' is only for positions: forehand leads a full deal");
    /* A trick is checked by the contract's rules: in grand a jack is a trump. */
    expect_error("hands: {forehand: [CA, CT], middlehand: [C9], rearhand: [HJ]}\n"
                 "lead: middlehand\ntrick: [DJ, C8]\ncontract: grand\n",
                 "3:13: illegal trick: rearhand must follow trump, plays C8");
    expect_error("hands: {forehand: [CA, CT], middlehand: [C9], rearhand: [HJ]}\n"
                 "lead: middlehand\ntrick: [DJ, C8]\ncontract: null\n",
                 "1:1: missing key 'declarer'");
#undef THREE
}

/* ---- deal_position of full deals -------------------------------------- */

static void test_position_after_discard(void **state)
{
    (void)state;
    Deal d;
    Position pos;
    read_ok(DEAL "discard: [ST, CK]\n", &d);
    assert_true(d.has_discard);
    assert_int_equal(d.discard, test_cards("ST CK"));
    deal_position(&d, &pos);
    assert_int_equal(pos.hands[SEAT_FOREHAND], test_cards("CJ SJ HJ DJ CA CT SA S9 D8 D7"));
    assert_int_equal(pos.hands[SEAT_MIDDLEHAND], d.hands[SEAT_MIDDLEHAND]);
    assert_int_equal(pos.declarer_points, 14);
    assert_int_equal(pos.leader, SEAT_FOREHAND);
    assert_int_equal(pos.trick_size, 0);
    assert_int_equal(pos.declarer_tricks + pos.defender_tricks, 0);
}

static void test_position_of_hand_game(void **state)
{
    (void)state;
    Deal d;
    Position pos;
    read_ok("hands:\n"
            "  forehand:   CJ SJ HJ DJ CA CT CK SA ST S9\n"
            "  middlehand: C9 C8 C7 SK SQ S8 HA HT HK HQ\n"
            "  rearhand:   H9 H8 H7 DA D8 DK DQ D9 S7 CQ\n"
            "skat: [DT, D7]\ndeclarer: middlehand\ncontract: hearts hand\n",
            &d);
    deal_position(&d, &pos);
    assert_int_equal(pos.game, GAME_HEARTS);
    assert_int_equal(pos.declarer, SEAT_MIDDLEHAND);
    assert_int_equal(pos.hands[SEAT_MIDDLEHAND], d.hands[SEAT_MIDDLEHAND]);
    assert_int_equal(pos.declarer_points, 10);
}

static void test_position_without_discard(void **state)
{
    (void)state;
    Deal d;
    Position pos;
    read_ok(DEAL, &d);
    deal_position(&d, &pos);
    assert_int_equal(set_count(pos.hands[SEAT_FOREHAND]), 12);
    assert_int_equal(pos.hands[SEAT_FOREHAND], d.hands[SEAT_FOREHAND] | d.skat);
    assert_int_equal(pos.declarer_points, 0);
}

static void test_position_after_play(void **state)
{
    (void)state;
    Deal d;
    Position pos;
    /* Forehand wins the jacks and SA; middlehand's SQ takes the fourth trick. */
    read_ok(DEAL "discard: D8 D7\nplay: CJ C9 H9 / SJ C8 H8 / SA SK S7 / S9 SQ D9 / HQ\n", &d);
    deal_position(&d, &pos);
    assert_int_equal(pos.declarer_tricks, 3);
    assert_int_equal(pos.defender_tricks, 1);
    assert_int_equal(pos.declarer_points, 0 + 2 + 2 + 15);
    assert_int_equal(pos.leader, SEAT_MIDDLEHAND);
    assert_int_equal(pos.trick_size, 1);
    assert_int_equal(pos.trick[0], test_card("HQ"));
    assert_int_equal(position_to_move(&pos), SEAT_REARHAND);
    assert_int_equal(pos.hands[SEAT_FOREHAND], test_cards("HJ DJ CA CT CK ST"));
    assert_int_equal(pos.hands[SEAT_MIDDLEHAND], test_cards("C7 S8 HA HT HK"));
}

static void test_null_hand_play(void **state)
{
    (void)state;
    Deal d;
    Position pos;
    /* Null: jacks are plain cards, so DJ follows diamonds. */
    read_ok(HANDS "skat: D8 D7\ndeclarer: rearhand\ncontract: null hand\nplay: [ST, S8, S7, DJ, HA, DA]\n", &d);
    deal_position(&d, &pos);
    assert_int_equal(pos.game, GAME_NULL);
    assert_int_equal(pos.declarer_tricks, 1);
    assert_int_equal(pos.defender_tricks, 1);
    assert_int_equal(pos.leader, SEAT_REARHAND);
}

/* ---- other keys --------------------------------------------------------- */

/* Tags that fit their values read as the values without them: !!int 23
 * is 23, !!str on text is the text, !!bool and !!null keep their words. */
static void test_fitting_tags(void **state)
{
    (void)state;
    Deal plain, tagged;
    read_ok(DEAL "bid: 23\nbock: false\nanswer: {declarer_schwarz: yes, bid_ceiling: ~}\n", &plain);
    read_ok("hands: !!map\n"
            "  forehand:   !!str CJ SJ HJ DJ CA CT CK SA ST S9\n"
            "  middlehand: !!seq [C9, C8, C7, SK, SQ, S8, HA, HT, HK, HQ]\n"
            "  rearhand:   H9 H8 H7 DA DT DK DQ D9 S7 CQ\n"
            "skat: D8 D7\ndeclarer: !!str forehand\ncontract: !!str grand\n"
            "bid: !!int 23\nbock: !!bool false\nanswer: {declarer_schwarz: !!bool yes, bid_ceiling: !!null ~}\n",
            &tagged);
    assert_true(memcmp(plain.hands, tagged.hands, sizeof plain.hands) == 0);
    assert_int_equal(tagged.declarer, plain.declarer);
    assert_int_equal(tagged.contract.game, GAME_GRAND);
    assert_int_equal(tagged.bid, 23);
    assert_false(tagged.bock);
    assert_true(tagged.answer.declarer_schwarz);
    assert_true(tagged.answer.bid_ceiling_none);
}

static void test_optional_keys(void **state)
{
    (void)state;
    Deal d;
    read_ok(DEAL "bid: 23\n"
                 "kontra: re\n"
                 "rules: ISPA\n"
                 "question: What does the declarer make?\n"
                 "source: 'Skat magazine, 1999'\n"
                 "explanation: >\n  A long\n  explanation.\n"
                 "declarer_points: 91\ndeclarer_tricks: 7\ndefender_tricks: 3\n"
                 "answer:\n"
                 "  declarer_points: 120\n"
                 "  declarer_wins_null: no\n"
                 "  game_value: -96\n"
                 "  bid_ceiling: ~\n"
                 "  winning_cards: [CJ, ♠J]\n"
                 "  discard: D8 D7\n"
                 "  contract: grand hand\n",
            &d);
    assert_int_equal(d.bid, 23);
    assert_int_equal(d.kontra, 2);
    assert_string_equal(d.rules, "ISPA");
    assert_string_equal(d.question, "What does the declarer make?");
    assert_string_equal(d.source, "Skat magazine, 1999");
    assert_string_equal(d.explanation, "A long explanation.\n");
    assert_true(d.has_declarer_points && d.has_declarer_tricks && d.has_defender_tricks);
    assert_int_equal(d.declarer_points, 91);
    assert_int_equal(d.declarer_tricks, 7);
    assert_true(d.has_answer);
    assert_true(d.answer.has_declarer_points);
    assert_int_equal(d.answer.declarer_points, 120);
    assert_true(d.answer.has_declarer_wins_null);
    assert_false(d.answer.declarer_wins_null);
    assert_int_equal(d.answer.game_value, -96);
    assert_true(d.answer.has_bid_ceiling && d.answer.bid_ceiling_none);
    assert_int_equal(d.answer.winning_card_count, 2);
    assert_int_equal(d.answer.winning_cards[0], test_card("CJ"));
    assert_int_equal(d.answer.winning_cards[1], test_card("SJ"));
    assert_true(d.answer.has_discard);
    assert_int_equal(d.answer.discard, test_cards("D8 D7"));
    assert_true(d.answer.has_contract && d.answer.contract.hand);
    /* The result of a game stands in for the play: no position change. */
    Position pos;
    deal_position(&d, &pos);
    assert_int_equal(pos.declarer_points, 0);
    assert_int_equal(pos.declarer_tricks, 0);
}

/* The cards' names of a set, space-separated. */
static void names_of(CardSet cards, char *out, size_t n)
{
    out[0] = '\0';
    char name[3];
    for (CardSet rest = cards; rest; rest &= rest - 1)
        text_append(out, n, "%s%s", out[0] ? " " : "", card_name(set_first(rest), name));
}

/* Every result a complete play gives is one the reader accepts as a game's
 * result, with the discard given or not; and none other of the totals the
 * cards cannot make. */
static void test_result_of_any_play_accepted(void **state)
{
    (void)state;
    static const char *const contracts[] = {"grand hand", "clubs hand", "spades", "diamonds", "grand"};
    uint64_t seed = 12345;
    for (int round = 0; round < 400; round++) {
        int deck[CARD_COUNT];
        for (int i = 0; i < CARD_COUNT; i++)
            deck[i] = i;
        for (int i = CARD_COUNT - 1; i > 0; i--) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            int k = (int)((seed >> 33) % (uint64_t)(i + 1)), t = deck[i];
            deck[i] = deck[k];
            deck[k] = t;
        }
        CardSet hands[SEAT_COUNT] = {0}, skat = card_bit(deck[30]) | card_bit(deck[31]);
        for (int i = 0; i < 30; i++)
            hands[i / 10] |= card_bit(deck[i]);
        int declarer = round % SEAT_COUNT;
        const char *contract = contracts[round % 5];
        bool hand = strstr(contract, "hand") != NULL, give_discard = round % 2 == 0;
        CardSet twelve = hands[declarer] | skat, discard = skat;
        if (!hand) /* two of the twelve, by the seed */
            for (discard = 0; set_count(discard) < 2;) {
                seed = seed * 6364136223846793005u + 1442695040888963407u;
                int card = (int)((seed >> 33) % CARD_COUNT);
                if (twelve & card_bit(card))
                    discard |= card_bit(card);
            }
        char text[1024], names[SEAT_COUNT + 2][64];
        for (int seat = 0; seat < SEAT_COUNT; seat++)
            names_of(hands[seat], names[seat], sizeof names[seat]);
        names_of(skat, names[3], sizeof names[3]);
        names_of(discard, names[4], sizeof names[4]);
        int n = snprintf(text, sizeof text,
                         "hands:\n  forehand: %s\n  middlehand: %s\n  rearhand: %s\nskat: %s\ndeclarer: %s\ncontract: %s\n",
                         names[0], names[1], names[2], names[3], seat_name(declarer), contract);
        Deal d;
        snprintf(text + n, sizeof text - (size_t)n, "%s%s\n", hand ? "" : "discard: ", hand ? "" : names[4]);
        read_ok(text, &d);
        Position pos;
        deal_start_position(&d, &pos);
        while (!position_is_over(&pos)) {
            CardSet legal = position_legal_moves(&pos);
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            int skip = (int)((seed >> 33) % (uint64_t)set_count(legal));
            while (skip-- > 0)
                legal &= legal - 1;
            position_play(&pos, set_first(legal));
        }
        snprintf(text + n, sizeof text - (size_t)n, "%s%s%sdeclarer_points: %d\ndeclarer_tricks: %d\n",
                 give_discard && !hand ? "discard: " : "", give_discard && !hand ? names[4] : "",
                 give_discard && !hand ? "\n" : "", pos.declarer_points, pos.declarer_tricks);
        read_ok(text, &d);
        assert_int_equal(d.declarer_points, pos.declarer_points);
    }
    /* Schwarz: ten tricks hold all 120 card points, the skat of a hand game too. */
    Deal schwarz;
    read_ok(HANDS "skat: D8 D7\ndeclarer: forehand\ncontract: grand hand\ndeclarer_points: 120\ndeclarer_tricks: 10\n",
            &schwarz);
    assert_int_equal(schwarz.declarer_tricks, 10);
    /* The defenders cannot hold 1 card point; forehand's only blank card
     * is S9 (the skat D8 D7 blank too), so two tricks are worth 2 at least. */
    expect_error(HANDS "skat: D8 D7\ndeclarer: forehand\ncontract: grand hand\ndeclarer_points: 119\ndeclarer_tricks: 9\n",
                 "8:18: declarer_points is 119, but no 9 tricks of a card from each hand, with the two cards put away, "
                 "are worth 119");
    expect_error(HANDS "skat: D8 D7\ndeclarer: forehand\ncontract: grand hand\ndeclarer_points: 1\ndeclarer_tricks: 1\n",
                 "8:18: declarer_points is 1, but no 1 trick of a card from each hand, with the two cards put away, "
                 "is worth 1");
    expect_error(HANDS "skat: D8 D7\ndeclarer: forehand\ncontract: grand hand\ndeclarer_points: 0\ndeclarer_tricks: 2\n",
                 "8:18: declarer_points is 0, but with 2 tricks the declarer's card points can only be 2 to 64");
    expect_error(DEAL "declarer_points: 1\ndeclarer_tricks: 0\n",
                 "8:18: declarer_points is 1, but no 0 tricks of a card from each hand, with the two cards put away, "
                 "are worth 1");
}

static void test_kontra_values(void **state)
{
    (void)state;
    static const struct {
        const char *yaml;
        int kontra;
    } cases[] = {
        {"false", 0}, {"true", 1}, {"Kontra", 1}, {"RE", 2}, {"0", 0}, {"2", 2}, {"\"re\"", 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024];
        Deal d;
        snprintf(text, sizeof text, DEAL "kontra: %s\n", cases[i].yaml);
        read_ok(text, &d);
        assert_int_equal(d.kontra, cases[i].kontra);
    }
    Deal d;
    read_ok(DEAL "bock: true\n", &d);
    assert_true(d.bock);
    read_ok(DEAL "bock: false\n", &d);
    assert_false(d.bock);
    expect_error(DEAL "bock: 2\n", "8:7: bock must be true or false, not '2'");
    /* All passed: nobody declares, with or without a play. */
    expect_error(HANDS "skat: D8 D7\ndeclarer: forehand\ncontract: ramsch\n", "6:1: a ramsch has no declarer: everybody passed (drop 'declarer' or name the game declared)");
    /* Calls by their usual names where no rules are read, else by the rules' own. */
    read_ok(DEAL "kontra: bock\n", &d);
    assert_int_equal(d.kontra, 3);
    expect_error(DEAL "kontra: supra\n",
                 "8:9: kontra must be false, true, a doubling call of the rules (kontra, re ...) or its number, not 'supra'");
    expect_error(DEAL "kontra: [re]\n",
                 "8:9: kontra must be false, true, a doubling call (kontra, re ...) or its number, not a sequence");
    read_ok(DEAL "rules: classic\nkontra: Bock\n", &d);
    assert_int_equal(d.kontra, 3);
    read_ok(DEAL "kontra: hirsch\nrules: classic\n", &d);
    assert_int_equal(d.kontra, 4);
}

static void test_partial_hands(void **state)
{
    (void)state;
    Deal d;
    read_ok("hands: {middlehand: C9 C8 C7 SK SQ S8 HA HT HK HQ}\nskat: D8 D7\n", &d);
    assert_false(d.full_deal);
    assert_false(d.has_hand[SEAT_FOREHAND]);
    assert_true(d.has_hand[SEAT_MIDDLEHAND]);
    assert_false(d.has_declarer || d.has_contract);
    assert_true(d.has_skat);
    read_ok("hands:\n  rearhand: CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7\nanswer: {discard: [D8, D7], contract: grand}\n", &d);
    assert_int_equal(set_count(d.hands[SEAT_REARHAND]), 12);
    assert_false(d.has_skat);
    read_ok("hands:\n  rearhand: CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7\ndiscard: D8 S9\n", &d);
    assert_int_equal(d.discard, test_cards("D8 S9"));
    read_ok("hands: {forehand: CJ SJ HJ DJ CA CT CK SA ST S9, rearhand: H9 H8 H7 DA DT DK DQ D9 S7 CQ}\n", &d);
    assert_false(d.full_deal);
    char err[ERR_SIZE];
    assert_false(deal_require_game(&d, err, sizeof err));
    assert_non_null(strstr(err, ":1:1: missing key 'declarer'"));
}

static void test_require_game(void **state)
{
    (void)state;
    Deal d;
    char err[ERR_SIZE] = "";
    read_ok(DEAL, &d);
    assert_true(deal_require_game(&d, err, sizeof err));
    read_ok("hands: {middlehand: C9 C8 C7 SK SQ S8 HA HT HK HQ}\ndeclarer: middlehand\ncontract: spades\n", &d);
    assert_false(deal_require_game(&d, err, sizeof err));
    assert_non_null(strstr(err, ":1:1: missing hand 'forehand'"));
    expect_error("# comment\n\n" HANDS "skat: D8 D7\ndeclarer: forehand\n", "3:1: missing key 'contract'");
    expect_error(HANDS "skat: D8 D7\ncontract: grand\n", "1:1: missing key 'declarer'");
}

/* ---- errors ------------------------------------------------------------- */

typedef struct {
    const char *yaml;
    const char *message; /* "LINE:COL: message" */
} ErrorCase;

static void run_cases(const ErrorCase *cases, size_t count)
{
    for (size_t i = 0; i < count; i++)
        expect_error(cases[i].yaml, cases[i].message);
}

/* The names batch writes and the options take: exactly seat_name's, which
 * the JSON lines and --declarer are compared with. */
static void test_seat_names(void **state)
{
    (void)state;
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        assert_int_equal(seat_parse(seat_name(seat)), seat);
    static const char *const others[] = {"Forehand", "vorhand", "forehand ", "", "?"};
    for (size_t i = 0; i < sizeof others / sizeof *others; i++)
        assert_int_equal(seat_parse(others[i]), SEAT_COUNT);
    assert_int_equal(seat_parse(NULL), SEAT_COUNT);
}

static void test_card_errors(void **state)
{
    (void)state;
    static const ErrorCase cases[] = {
        {HANDS "skat: D8 D8\n", "5:10: duplicate card D8"},
        {HANDS "skat: D8 CJ\n", "5:10: duplicate card CJ"},
        {"skat: D8 CJ\n" HANDS, "3:15: duplicate card CJ"},
        {HANDS "skat: D8\n", "5:7: skat holds 1 card, it needs 2"},
        {HANDS "skat: ~\n", "5:7: skat holds 0 cards, it needs 2"},
        {HANDS "skat: [D8, [D7]]\n", "5:12: skat must be cards (a string or a sequence of card names), not a sequence"},
        {HANDS "skat: [D8, {D7: 1}]\n", "5:12: skat must be cards (a string or a sequence of card names), not a mapping"},
        {"hands: {forehand: CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7 C7}\n", "1:19: forehand holds 13 cards, at most 12"},
        {"hands: {forehand: CJ xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}\n",
         "1:22: unknown card 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"},
        {"hands: {forehand: CJ ♥♥♥♥♥♥♥♥♥♥♥♥♥♥♥♥♥♥♥♥}\n", "1:22: unknown card '♥♥♥♥♥♥♥♥♥♥♥♥♥...'"},
        {"hands: {forehand: CJ, forehand: SJ}\n", "1:23: forehand's hand given twice"},
        {"hands: {forehand: CJ, vorhand: SJ}\n", "1:23: forehand's hand given twice"},
        {"hands: {[forehand]: CJ}\n", "1:9: a key of hands must be a seat, not a sequence"},
        {"hands: forehand\n", "1:8: hands must be a mapping of seats to cards, not a string"},
        {DEAL "discard: D8 D8\n", "8:13: duplicate card D8"},
        {DEAL "discard: D8 D7 S9\n", "8:10: discard holds 3 cards, it needs 2"},
        {HANDS "skat: D8 D7\ndiscard: D8 D7\n", "6:1: 'discard' needs 'declarer' and the declarer's hand"},
        {DEAL "answer: {winning_cards: CJ SJ HJ DJ CA CT CK SA ST S9 D8}\n",
         "8:25: winning_cards holds 11 cards, at most 10"},
        {DEAL "answer: {discard: D8}\n", "8:19: discard holds 1 card, it needs 2"},
    };
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

static void test_play_errors(void **state)
{
    (void)state;
    static const ErrorCase cases[] = {
        {DEAL "discard: D8 D7\nplay: CA SK\n", "9:10: illegal play: middlehand must follow clubs, plays SK"},
        {DEAL "discard: D8 D7\nplay: CJ C9 D8\n", "9:13: illegal play: D8 is not in rearhand's hand"},
        {DEAL "discard: D8 D7\nplay: CJ C9 CJ\n", "9:13: duplicate card CJ"},
        {DEAL "discard: D8 D7\nplay: CJ C9 H9 SJ / C8 H8\n", "9:7: trick 1 of play holds 4 cards, a trick holds 3"},
        {DEAL "discard: D8 D7\nplay: CJ C9 H9 / SJ C8 H8 HJ\n", "9:18: trick 2 of play holds 4 cards, a trick holds 3"},
        {DEAL "discard: D8 D7\nplay: [CJ C9, H9]\n", "9:8: trick 1 of play holds 2 cards, a trick holds 3"},
        {DEAL "discard: D8 D7\nplay: [[CJ, C9, [H9]]]\n", "9:17: play must be cards (a string or a sequence of card names), not a sequence"},
        {DEAL "discard: D8 D7\nplay: {CJ: C9}\n", "9:7: play must be cards (a string or a sequence of card names), not a mapping"},
        {HANDS "skat: D8 D7\ncontract: grand hand\nplay: CJ\n", "7:1: play needs a declarer"},
        {"hands: {forehand: CJ SJ HJ DJ CA CT CK SA ST S9}\ndeclarer: forehand\ncontract: grand hand\nplay: CJ\n",
         "4:1: 'play' needs all three hands"},
        {"hands: {forehand: CJ SJ HJ DJ CA CT CK SA ST S9}\nlead: forehand\n", "2:1: 'lead' needs all three hands"},
    };
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

static void test_value_errors(void **state)
{
    (void)state;
    static const ErrorCase cases[] = {
        {DEAL "bid: 0\n", "8:6: bid must be an integer from 1 to 10000, not '0'"},
        {DEAL "bid: 18.5\n", "8:6: bid must be an integer from 1 to 10000, not '18.5'"},
        {DEAL "bid: eighteen\n", "8:6: bid must be an integer from 1 to 10000, not 'eighteen'"},
        {DEAL "bid: [18]\n", "8:6: bid must be an integer, not a sequence"},
        {DEAL "bid: 18446744073709551634\n", "8:6: bid must be an integer from 1 to 10000, not '18446744073709551634'"},
        {DEAL "bid: -9223372036854775809\n", "8:6: bid must be an integer from 1 to 10000, not '-9223372036854775809'"},
        {DEAL "declarer_points: -1\n", "8:18: declarer_points must be an integer from 0 to 120, not '-1'"},
        {DEAL "declarer_tricks: 6\ndefender_tricks: 5\n", "9:18: declarer_tricks and defender_tricks add up to 11, a game has 10 tricks"},
        {DEAL "name: [a]\n", "8:7: name must be a string, not a sequence"},
        {DEAL "name: \"a\\0b\"\n", "8:7: a string contains a NUL character (\\0): no deal text holds one"},
        {HANDS "skat: D8 D7\ndeclarer: forehand\ncontract: \"grand\\0 hand\"\n",
         "7:11: a string contains a NUL character (\\0): no deal text holds one"},
        {DEAL "\"bid\\0x\": 18\n", "8:1: a string contains a NUL character (\\0): no deal text holds one"},
        {HANDS "skat: [D7, \"D8\\0x\"]\n", "5:12: a string contains a NUL character (\\0): no deal text holds one"},
        {DEAL "question: {a: b}\n", "8:11: question must be a string, not a mapping"},
        {DEAL "answer: 120\n", "8:9: answer must be a mapping, not a number"},
        {DEAL "answer: {declarer_wins_null: maybe}\n", "8:30: declarer_wins_null must be true or false, not 'maybe'"},
        {DEAL "answer: {declarer_wins_null: [true]}\n", "8:30: declarer_wins_null must be true or false, not a sequence"},
        {DEAL "answer: {bid_ceiling: none}\n", "8:23: bid_ceiling must be an integer from 0 to 10000, not 'none'"},
        {DEAL "answer: {game_value: '48'}\n", "8:22: game_value must be an integer, not a quoted string"},
        /* tags: !!str makes a string as quotes do; a tag must fit its value and be one of YAML's own */
        {DEAL "bid: !!str 48\n", "8:6: bid must be an integer, not a string (tagged !!str)"},
        {DEAL "bid: !!int forty\n", "8:6: 'bid': 'forty' is tagged !!int, which it is not"},
        {DEAL "bid: !!float 48\n", "8:6: 'bid': the tag !!float is not read (only !!str, !!int, !!bool, !!null, !!seq, !!map)"},
        {DEAL "bid: !x 48\n", "8:6: 'bid': the tag !x is not read (only !!str, !!int, !!bool, !!null, !!seq, !!map)"},
        {DEAL "answer: {winning_cards: [CJ, !c SJ]}\n", "8:30: 'winning_cards': the tag !c is not read (only !!str, !!int, !!bool, !!null, !!seq, !!map)"},
        {DEAL "answer: {declarer_schwarz: !!str true}\n", "8:28: declarer_schwarz must be true or false, not a string (tagged !!str)"},
        {DEAL "answer: {declarer_schwarz: !!bool 1}\n", "8:28: 'declarer_schwarz': '1' is tagged !!bool, which it is not"},
        {DEAL "answer: {contract: grand hund}\n", "8:20: unknown contract word 'hund' (suits: clubs, spades, hearts, diamonds or kreuz, pik, herz, karo; games: grand, null; modifiers: hand, schneider, schwarz, ouvert or offen)"},
        {DEAL "answer: {contract: 1, contract: 2}\n", "8:20: unknown contract word '1' (suits: clubs, spades, hearts, diamonds or kreuz, pik, herz, karo; games: grand, null; modifiers: hand, schneider, schwarz, ouvert or offen)"},
        {DEAL "answer: {game_value: 1, game_value: 2}\n", "8:25: key 'game_value' given twice in answer"},
        {HANDS "skat: D8 D7\ndeclarer: forehand\ncontract: ''\n", "7:11: no game in contract '' (clubs, spades, hearts, diamonds, grand, null or kreuz, pik, herz, karo)"},
        {HANDS "skat: D8 D7\ndeclarer: forehand\ncontract: grand hand hand\n", "7:11: contract word 'hand' given twice"},
        {HANDS "skat: D8 D7\ndeclarer: forehand\ncontract: [grand]\n",
         "7:11: contract must be a contract such as 'grand' or 'hearts hand', not a sequence"},
        {HANDS "skat: D8 D7\ndeclarer: {seat: forehand}\n", "6:11: declarer must be a seat, not a mapping"},
        {HANDS "skat: D8 D7\ndeclarer:\n", "6:10: unknown seat '' (forehand, middlehand, rearhand)"},
        {DEAL "? [a, b]\n: c\n", "8:3: a key must be a string, not a sequence"},
        {DEAL "\"a\\nb\": c\n", "8:1: unknown key 'a?b'"},
        {"- just\n- a list\n", "1:1: a deal must be a YAML mapping of keys (hands, skat, declarer, ...) or an ISS game record (;GM[Skat]...;), not a sequence"},
        {"just words\n", "1:1: a deal must be a YAML mapping of keys (hands, skat, declarer, ...) or an ISS game record (;GM[Skat]...;), not a string"},
        {"name: x\n", "1:1: missing key 'hands'"},
        {"hands: {forehand: &a [CJ]}\nskat: *b\n", "2:7: YAML syntax error: found undefined alias"},
        {"hands:\n\tforehand: CJ\n", "2:1: YAML syntax error: found character that cannot start any token"},
        {"name: \"x\n", "2:1: YAML syntax error: found unexpected end of stream"},
    };
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

/* ---- robustness --------------------------------------------------------- */

/* Nesting of depth levels of '[' inside "hands: {forehand: ...}". */
static void expect_nested_hand(int depth, const char *message)
{
    size_t len = 2 * (size_t)depth + 64;
    char *text = malloc(len);
    assert_non_null(text);
    size_t n = (size_t)sprintf(text, "hands: {forehand: ");
    memset(text + n, '[', (size_t)depth);
    memset(text + n + depth, ']', (size_t)depth);
    n += 2 * (size_t)depth;
    n += (size_t)sprintf(text + n, "}\n");
    expect_error_n(text, n, message);
    free(text);
}

static void test_deep_nesting(void **state)
{
    (void)state;
    /* The root mapping and hands make two levels: 62 sequences reach 64. */
    expect_nested_hand(62, "1:20: forehand must be cards (a string or a sequence of card names), not a sequence");
    /* The 63rd is refused where it starts, before libyaml loads the rest. */
    expect_nested_hand(63, "1:81: nesting deeper than 64 levels");
    expect_nested_hand(100000, "1:81: nesting deeper than 64 levels");
}

static void test_aliases(void **state)
{
    (void)state;
    Deal d;
    /* An alias is the value it names again, reported where the alias
     * stands: its cards are dealt twice at *f, not at the anchor's CJ. */
    expect_error("hands: {forehand: &f CJ SJ, middlehand: *f}\n", "1:41: duplicate card CJ");
    expect_error("bid: &b 18\ndeclarer: *b\n", "2:11: unknown seat '18' (forehand, middlehand, rearhand)");
    expect_error("hands: {forehand: &h [CJ, SJ], middlehand: [*h]}\n",
                 "1:45: middlehand must be cards (a string or a sequence of card names), not a sequence");
    read_ok("hands: {forehand: &h [CJ, SJ, HJ, DJ, CA, CT, CK, SA, ST, S9]}\nanswer: {winning_cards: *h}\n", &d);
    assert_int_equal(d.answer.winning_card_count, 10);
    /* The deal of the examples with a contract and cards given through
     * aliases reads as without them. */
    Deal plain;
    read_ok(DEAL, &plain);
    read_ok("name: &g grand\n"
            "hands:\n"
            "  forehand:   &fh [CJ, SJ, HJ, DJ, CA, CT, CK, SA, ST, S9]\n"
            "  middlehand: C9 C8 C7 SK SQ S8 HA HT HK HQ\n"
            "  rearhand:   H9 H8 H7 DA DT DK DQ D9 S7 CQ\n"
            "skat: D8 D7\ndeclarer: forehand\ncontract: *g\nanswer: {winning_cards: *fh}\n",
            &d);
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        assert_true(d.hands[seat] == plain.hands[seat]);
    assert_true(d.skat == plain.skat);
    assert_int_equal(d.declarer, plain.declarer);
    assert_int_equal(d.contract.game, GAME_GRAND);
    assert_int_equal(d.answer.winning_card_count, 10);
    /* A sequence holding itself must not send the reader round in circles. */
    expect_error("hands: {forehand: CJ}\nplay: &p [*p]\n", "2:11: an alias inside the node it names (a recursive alias)");
    /* Nested aliases ("billion laughs") are refused where their copies pass
     * the bound of a document's nodes, at once. */
    char laughs[1024] = "a: &a0 [CJ, CJ, CJ, CJ, CJ, CJ, CJ, CJ, CJ, CJ]\n";
    for (int i = 1; i < 10; i++) {
        size_t len = strlen(laughs);
        snprintf(laughs + len, sizeof laughs - len, "a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n",
                 i, i, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1);
    }
    expect_error(laughs, "4:45: document too large: aliases make it more than 10000 YAML nodes (a deal has about 100)");
}

static void test_long_texts(void **state)
{
    (void)state;
    Deal d;
    size_t big = 1 << 20;
    char *text = malloc(big + 256);
    assert_non_null(text);
    strcpy(text, DEAL "explanation: ");
    size_t n = strlen(text);
    memset(text + n, 'x', big);
    strcpy(text + n + big, "\n");
    /* A whole MiB is over the bound of a document, before the tree is built. */
    expect_error(text, "8:14: document too large: more than 1 MiB of YAML text (a deal takes a few KiB at most)");
    strcpy(text + n + big / 2, "\n");
    expect_error(text, "8:14: explanation is too long: 524288 bytes, at most 2047");
    /* The longest texts that fit. */
    n = (size_t)sprintf(text, DEAL "explanation: ");
    memset(text + n, 'y', DEAL_TEXT * 8 - 1);
    sprintf(text + n + DEAL_TEXT * 8 - 1, "\nname: ");
    n = strlen(text);
    memset(text + n, 'z', DEAL_TEXT - 1);
    strcpy(text + n + DEAL_TEXT - 1, "\n");
    read_ok(text, &d);
    assert_int_equal(strlen(d.explanation), DEAL_TEXT * 8 - 1);
    assert_int_equal(strlen(d.name), DEAL_TEXT - 1);
    free(text);
}

/* The bound of a document's text counts its nodes' text, from the root's
 * start: a deal after 2 MiB of comments (before a file's first document,
 * after the "---" of another) was refused as "more than 1 MiB of YAML
 * text", while a deal longer than the bound after such comments still is. */
static void test_comment_header_is_no_document_text(void **state)
{
    (void)state;
    size_t header = 2u << 20, line = 64;
    char *text = malloc(2 * header + (1u << 20) + 1024);
    assert_non_null(text);
    size_t n = 0;
    for (int part = 0; part < 2; part++) {
        if (part)
            n += (size_t)sprintf(text + n, "---\n");
        for (size_t i = 0; i < header / line; i++, n += line) {
            memset(text + n, 'x', line - 1);
            text[n] = '#';
            text[n + line - 1] = '\n';
        }
        n += (size_t)sprintf(text + n, "%s", DEAL);
    }
    char *path = write_temp(text, n);
    char err[ERR_SIZE] = "";
    Deal *d = malloc(sizeof *d);
    assert_non_null(d);
    DealReader *r = deal_reader_open(path, err, sizeof err);
    assert_non_null(r);
    for (int part = 0; part < 2; part++)
        if (deal_reader_next(r, d, err, sizeof err) != 1)
            fail_msg("document %d after 2 MiB of comments: %s", part + 1, err);
    assert_int_equal(d->mark.line, (int)(header / line) + 8); /* the second deal: at its "---" */
    deal_reader_close(r);
    unlink(path);
    free(path);
    n = header; /* the first document alone, one text of 1 MiB longer */
    n += (size_t)sprintf(text + n, DEAL "explanation: ");
    memset(text + n, 'x', 1u << 20);
    strcpy(text + n + (1u << 20), "\n");
    char expected[128];
    snprintf(expected, sizeof expected, "%d:14: document too large: more than 1 MiB of YAML text (a deal takes a few "
             "KiB at most)", (int)(header / line) + 8);
    expect_error(text, expected);
    free(text);
    free(d);
}

static void test_many_documents(void **state)
{
    (void)state;
    enum { DOCUMENTS = 500 };
    size_t one = strlen("---\n" DEAL);
    char *text = malloc(one * DOCUMENTS + 1);
    char err[ERR_SIZE];
    Deal *d = malloc(sizeof *d);
    assert_non_null(text);
    for (int i = 0; i < DOCUMENTS; i++)
        memcpy(text + one * (size_t)i, "---\n" DEAL, one);
    char *path = write_temp(text, one * DOCUMENTS);
    DealReader *r = deal_reader_open(path, err, sizeof err);
    assert_non_null(r);
    int count = 0, last_line = 0;
    while (deal_reader_next(r, d, err, sizeof err) == 1) {
        count++;
        last_line = d->mark.line;
    }
    assert_int_equal(count, DOCUMENTS);
    /* Marks of late documents are right too. */
    assert_int_equal(last_line, 8 * (DOCUMENTS - 1) + 1);
    deal_reader_close(r);
    unlink(path);
    free(path);
    free(text);
    free(d);
}

static void test_message_truncated_to_buffer(void **state)
{
    (void)state;
    char err[16];
    Deal d;
    const char *text = "hands: {forehand: CX}\n";
    char *path = write_temp(text, strlen(text));
    DealReader *r = deal_reader_open(path, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(deal_reader_next(r, &d, err, sizeof err), -1);
    assert_int_equal(strlen(err), sizeof err - 1);
    assert_memory_equal(err, path, sizeof err - 1);
    deal_reader_close(r);
    unlink(path);
    free(path);
}

/* File names are bytes: what is shown of them is made valid UTF-8. */
static void test_utf8_clean(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"plain", "plain"},
        {"caf\xc3\xa9", "caf\xc3\xa9"},         /* é kept */
        {"caf\xc3", "caf"},                      /* é cut in two at the end: dropped */
        {"a\xe2\x82", "a"},                      /* a three-byte sequence cut off */
        {"\xf0\x9f\x82\xa1!", "\xf0\x9f\x82\xa1!"}, /* a four-byte card symbol */
        {"x\xffy", "x?y"},                       /* no sequence starts with 0xff */
        {"\xc0\xaf", "??"},                      /* an overlong '/' */
        {"\xed\xa0\x80z", "???z"},              /* a surrogate */
        {"\xc3(", "?("},                         /* a lead byte without its continuation */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[32];
        snprintf(text, sizeof text, "%s", cases[i].in);
        text_utf8_clean(text);
        if (strcmp(text, cases[i].out) != 0)
            fail_msg("case %zu: '%s', expected '%s'", i, text, cases[i].out);
    }
}

/* Names the user did not write (a folder's file names, batch lines) are
 * shown with every control character as one '?': no line feed or escape
 * sequence reaches the terminal. */
static void test_shown_clean(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"plain name.yaml", "plain name.yaml"},
        {"caf\xc3\xa9", "caf\xc3\xa9"},       /* é kept */
        {"a\x1b[2Jb", "a?[2Jb"},                /* ESC */
        {"line\none\ttab\r", "line?one?tab?"},  /* line feed, tab, carriage return */
        {"del\x7f", "del?"},
        {"\xc2\x9b" "31m", "?31m"},             /* C1 CSI: one character, one '?' */
        {"x\xffy\xc3", "x?y"},                 /* bytes no UTF-8: as text_utf8_clean */
        {"a\xe2\x80\xae" "b", "a?b"},         /* U+202E right-to-left override */
        {"p\xe2\x80\xa8q\xe2\x80\xa9r", "p?q?r"}, /* line and paragraph separators */
        {"\xe2\x81\xa6i\xe2\x81\xa9\xe2\x80\x8f", "?i??"}, /* isolate, pop, RLM */
        {"\xd8\x9c\xe2\x80\x94", "?\xe2\x80\x94"}, /* ALM; the em dash is kept */
    };
    unsigned code = 0;
    assert_true(text_has_control("name \xe2\x80\xae", 8, &code));
    assert_int_equal(code, 0x202e);
    assert_true(text_has_control("\xd8\x9c", 2, &code));
    assert_int_equal(code, 0x61c);
    assert_false(text_has_control("caf\xc3\xa9 \xe2\x80\x94 \xe2\x80\xaf", 13, &code)); /* é, em dash, narrow space */
    assert_false(text_has_control("cut \xe2\x80", 6, &code)); /* a sequence the length cuts is not read past it */
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[32];
        snprintf(text, sizeof text, "%s", cases[i].in);
        text_shown_clean(text);
        if (strcmp(text, cases[i].out) != 0)
            fail_msg("case %zu: '%s', expected '%s'", i, text, cases[i].out);
    }
}

/* A file name too long for a deal's copy keeps its end behind "...": cut
 * at its start it would name another file in messages and JSON. */
static void test_file_name(void **state)
{
    (void)state;
    char out[16];
    text_file_name(out, sizeof out, "short.yaml");
    assert_string_equal(out, "short.yaml");
    text_file_name(out, sizeof out, "a/very/long/folder/x.yaml");
    assert_string_equal(out, "...older/x.yaml");
    text_file_name(out, sizeof out, "folder/\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9.yaml"); /* é: never half of one */
    assert_string_equal(out, "...\xc3\xa9\xc3\xa9\xc3\xa9.yaml");
    text_file_name(out, sizeof out, "a\x1b[2Jb.yaml");
    assert_string_equal(out, "a?[2Jb.yaml");
    Deal deal;
    char err[512], path[400];
    memset(path, 'd', sizeof path);
    snprintf(path + sizeof path - 10, 10, "/x.yaml");
    static const char text[] = "hands:\n  forehand: CJ SJ HJ DJ CA CT SA ST HA HT\n"
                               "  middlehand: C9 C8 C7 CK CQ SK SQ S9 S8 S7\n"
                               "  rearhand: HK HQ H9 H8 H7 DK DQ D9 D8 D7\n"
                               "skat: DA DT\ndeclarer: forehand\ncontract: grand hand\n";
    DealReader *r = deal_reader_open_text(path, text, sizeof text - 1, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(deal_reader_next(r, &deal, err, sizeof err), 1);
    assert_int_equal(strlen(deal.file), sizeof deal.file - 1);
    assert_memory_equal(deal.file, "...", 3);
    assert_string_equal(deal.file + strlen(deal.file) - 7, "/x.yaml");
    deal_reader_close(r);
}

/* grow_array, which the readers' lists (aliases, batch indices) grow by:
 * the first capacity, then doubling, only when the items do not fit; a size
 * past SIZE_MAX refused with the array and its capacity as they were. */
static void test_grow_array(void **state)
{
    (void)state;
    size_t capacity = 0;
    int *items = grow_array(NULL, 0, 1, &capacity, sizeof *items, 4);
    assert_non_null(items);
    assert_int_equal(capacity, 4);
    for (int i = 0; i < 4; i++)
        items[i] = i;
    assert_ptr_equal(grow_array(items, 3, 1, &capacity, sizeof *items, 4), items); /* room: kept */
    assert_int_equal(capacity, 4);
    items = grow_array(items, 4, 1, &capacity, sizeof *items, 4);
    assert_non_null(items);
    assert_int_equal(capacity, 8);
    items = grow_array(items, 8, 9, &capacity, sizeof *items, 4); /* 17 items: doubled twice */
    assert_non_null(items);
    assert_int_equal(capacity, 32);
    for (int i = 0; i < 4; i++)
        assert_int_equal(items[i], i);
    assert_null(grow_array(items, 32, SIZE_MAX / 2, &capacity, sizeof *items, 4));
    assert_int_equal(capacity, 32);
    /* count + more past SIZE_MAX wrapped to a small number that "fit". */
    assert_null(grow_array(items, 32, SIZE_MAX, &capacity, sizeof *items, 4));
    assert_int_equal(capacity, 32);
    size_t full = SIZE_MAX / 4 + 1; /* doubled, still counted; in bytes, past SIZE_MAX */
    assert_null(grow_array(items, full, 1, &full, sizeof *items, 4));
    assert_int_equal(full, SIZE_MAX / 4 + 1);
    assert_int_equal(items[3], 3);
    free(items);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notation_variants),
        cmocka_unit_test(test_play_notations),
        cmocka_unit_test(test_seat_and_cards_errors_point_inside_strings),
        cmocka_unit_test(test_bom_and_crlf),
        cmocka_unit_test(test_multiple_documents),
        cmocka_unit_test(test_errors_and_later_documents),
        cmocka_unit_test(test_open_errors),
        cmocka_unit_test(test_empty_files),
        cmocka_unit_test(test_position),
        cmocka_unit_test(test_position_in_first_trick),
        cmocka_unit_test(test_position_with_skat_and_aliases),
        cmocka_unit_test(test_position_errors),
        cmocka_unit_test(test_position_after_discard),
        cmocka_unit_test(test_position_of_hand_game),
        cmocka_unit_test(test_position_without_discard),
        cmocka_unit_test(test_position_after_play),
        cmocka_unit_test(test_null_hand_play),
        cmocka_unit_test(test_optional_keys),
        cmocka_unit_test(test_fitting_tags),
        cmocka_unit_test(test_result_of_any_play_accepted),
        cmocka_unit_test(test_kontra_values),
        cmocka_unit_test(test_partial_hands),
        cmocka_unit_test(test_require_game),
        cmocka_unit_test(test_seat_names),
        cmocka_unit_test(test_card_errors),
        cmocka_unit_test(test_play_errors),
        cmocka_unit_test(test_value_errors),
        cmocka_unit_test(test_deep_nesting),
        cmocka_unit_test(test_aliases),
        cmocka_unit_test(test_long_texts),
        cmocka_unit_test(test_comment_header_is_no_document_text),
        cmocka_unit_test(test_many_documents),
        cmocka_unit_test(test_message_truncated_to_buffer),
        cmocka_unit_test(test_utf8_clean),
        cmocka_unit_test(test_shown_clean),
        cmocka_unit_test(test_file_name),
        cmocka_unit_test(test_grow_array),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
