/* Unit tests of evaluator/iss.c, the reader of International Skat Server game
 * records: a published record read in full, hand games, games that end
 * early by the rules or by a resignation, passed games, and the messages
 * with their lines and columns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "support_cards.h"
#include "notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamevalue.h"
#include "iss.h"
#include "rules.h"

/* The record of jSkat's MessageParserTest (ISS game 541932): rearhand plays
 * diamonds after picking up H8 CK, puts away ST H8, and loses with 59. */
#define JSKAT_RECORD                                                                                          \
    "(;GM[Skat]PC[International Skat Server]CO[]SE[24072]ID[541932]DT[2010-12-06/18:59:24/UTC]P0[zoot]"     \
    "P1[kermit]P2[foo]R0[]R1[]R2[0.0]MV[w HA.SK.SJ.SA.CQ.S8.C9.H7.H9.DQ.CJ.S9.DJ.S7.D9.SQ.C8.HQ.DK.CA.D8.D7." \
    "DT.CT.ST.C7.HK.DA.HT.HJ.H8.CK 1 p 2 18 0 p 2 s w H8.CK 2 D.ST.H8 0 SA 1 S7 2 DA 2 HJ 0 SJ 1 D9 0 DQ 1 " \
    "DJ 2 D7 1 CJ 2 D8 0 CQ 1 CA 2 C7 0 C9 1 S9 2 DT 0 S8 2 CT 0 H7 1 C8 2 CK 0 H9 1 HQ 2 HK 0 HA 1 SQ 0 SK " \
    "1 DK 2 HT ]R[d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)\n"

/* A deal of our own: forehand's CA is his only club and rearhand has none. */
#define DEAL "w CA.S7.S8.S9.H7.H8.H9.D7.D8.D9.C7.C8.C9.CT.CJ.CQ.CK.HT.HJ.HQ.SA.ST.SJ.SQ.SK.HK.HA.DT.DJ.DQ.DK.DA"

/* Reads the first record of text: 1, 0 or -1 (message in err). */
static int read_first(const char *text, IssGame *g, char *err, size_t n)
{
    IssReader *r = iss_reader_new("t.sgf", text, strlen(text));
    assert_non_null(r);
    int got = iss_reader_next(r, g, err, n);
    iss_reader_free(r);
    return got;
}

/* The message for the first record of text's size bytes (NULs included). */
static void expect_error_bytes(const char *text, size_t size, const char *message)
{
    IssGame *g = malloc(sizeof *g);
    char err[512] = "";
    IssReader *r = iss_reader_new("t.sgf", text, size);
    assert_non_null(r);
    assert_int_equal(iss_reader_next(r, g, err, sizeof err), -1);
    iss_reader_free(r);
    if (strcmp(err, message) != 0)
        printf("got '%s'\nexpected '%s'\n", err, message);
    assert_string_equal(err, message);
    free(g);
}

static void expect_error(const char *text, const char *message)
{
    expect_error_bytes(text, strlen(text), message);
}

static void test_detect(void **state)
{
    (void)state;
    const char *yes = "# comment\n\n  (;GM[Skat];)", *no = "hands:\n  forehand: CA\n";
    assert_true(iss_detect(yes, strlen(yes)));
    assert_false(iss_detect(no, strlen(no)));
    assert_false(iss_detect("", 0));
}

static void test_published_record(void **state)
{
    (void)state;
    IssGame *g = malloc(sizeof *g);
    char err[512];
    assert_int_equal(read_first(JSKAT_RECORD, g, err, sizeof err), 1);
    const Deal *d = &g->deal;
    assert_string_equal(d->name, "ISS game 541932");
    assert_string_equal(g->players[0], "zoot");
    assert_string_equal(g->players[2], "foo");
    assert_true(d->full_deal);
    assert_int_equal(d->hands[SEAT_FOREHAND], test_cards("HA SK SJ SA CQ S8 C9 H7 H9 DQ"));
    assert_int_equal(d->hands[SEAT_MIDDLEHAND], test_cards("CJ S9 DJ S7 D9 SQ C8 HQ DK CA"));
    assert_int_equal(d->hands[SEAT_REARHAND], test_cards("D8 D7 DT CT ST C7 HK DA HT HJ"));
    assert_int_equal(d->skat, test_cards("H8 CK"));
    assert_int_equal(d->declarer, SEAT_REARHAND);
    assert_int_equal(d->contract.game, GAME_DIAMONDS);
    assert_false(d->contract.hand);
    assert_true(d->has_discard);
    assert_int_equal(d->discard, test_cards("ST H8"));
    assert_int_equal(d->bid, 18);
    assert_int_equal(d->play_count, 30);
    assert_int_equal(d->play[0], card_parse("SA"));
    assert_int_equal(d->play[29], card_parse("HT"));
    assert_true(g->complete);
    assert_false(g->passed);
    /* As ISS scored it: 59 card points, 4 tricks. */
    Position pos;
    deal_position(d, &pos);
    assert_int_equal(pos.declarer_points, 59);
    assert_int_equal(pos.declarer_tricks, 4);
    free(g);
}

static void test_hand_game_and_two_records(void **state)
{
    (void)state;
    const char *text =
        "(;GM[Skat]ID[9]MV[w S7.ST.CA.DT.CQ.S8.C8.D9.HT.SQ.HQ.DK.H9.DJ.HK.HJ.C9.DQ.HA.H8.SA.CJ.CK.DA.H7.C7.S9.CT.SK.D7."
        "SJ.D8 1 18 0 p 2 20 1 p 2 CH 0 SQ 1 H9 2 SA 2 SK 0 ST 1 HK 0 D9 1 DQ 2 DA 2 D7 0 DT 1 DK 0 HT 1 H8 2 H7 0 S8 "
        "1 HQ 2 S9 2 C7 0 CA 1 DJ 1 C9 2 CT 0 C8 2 CK 0 CQ 1 HJ 1 HA 2 CJ 0 S7 ]R[d:2 loss v:-96] ;)\n"
        "(;GM[Skat]MV[" DEAL " 1 p 2 p 0 p]R[passed] ;)\n";
    IssReader *r = iss_reader_new("t.sgf", text, strlen(text));
    IssGame *g = malloc(sizeof *g);
    char err[512];
    assert_int_equal(iss_reader_next(r, g, err, sizeof err), 1);
    assert_int_equal(g->deal.declarer, SEAT_REARHAND);
    assert_int_equal(g->deal.contract.game, GAME_CLUBS);
    assert_true(g->deal.contract.hand);
    assert_false(g->deal.has_discard);
    assert_int_equal(g->deal.bid, 20);
    assert_int_equal(g->deal.play_count, 30);
    Position pos;
    deal_position(&g->deal, &pos);
    assert_int_equal(pos.declarer_points, 56);
    assert_int_equal(iss_reader_next(r, g, err, sizeof err), 1);
    assert_true(g->passed);
    assert_string_equal(g->ending, "all players passed");
    assert_string_equal(g->deal.name, "ISS game 2 of t.sgf");
    assert_int_equal(iss_reader_next(r, g, err, sizeof err), 0);
    iss_reader_free(r);
    free(g);
}

static void test_early_ends(void **state)
{
    (void)state;
    IssGame *g = malloc(sizeof *g);
    char err[512];
    /* Null hand: forehand leads his only club, the ace, and rearhand has no
     * club: he takes the trick and the record ends there. */
    assert_int_equal(read_first("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 NH 0 CA 1 C7 2 SA] ;)", g, err, sizeof err), 1);
    assert_int_equal(g->deal.contract.game, GAME_NULL);
    assert_true(g->deal.contract.hand);
    assert_int_equal(g->deal.declarer, SEAT_FOREHAND);
    assert_int_equal(g->deal.play_count, 3);
    assert_false(g->complete);
    assert_string_equal(g->ending, "the declarer took a trick: the null game is lost");
    /* Grand ouvert implies hand and both announcements; a resignation ends it. */
    assert_int_equal(read_first("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 GO 0 S7 1 RE 2 RE] ;)", g, err, sizeof err), 1);
    assert_true(g->deal.contract.ouvert && g->deal.contract.hand && g->deal.contract.schwarz_announced);
    assert_int_equal(g->deal.play_count, 1);
    assert_string_equal(g->ending, "both defenders resigned");
    /* Declaration and discard as two moves, then a time-out. */
    assert_int_equal(read_first("(;GM[Skat]MV[" DEAL " 1 18 0 y 1 p 2 p 0 s w DK.DA 0 G 0 D7.D8 0 DA w TI.1] ;)", g,
                                err, sizeof err),
                     1);
    assert_int_equal(g->deal.contract.game, GAME_GRAND);
    assert_int_equal(g->deal.discard, test_cards("D7 D8"));
    assert_int_equal(g->deal.play_count, 1);
    assert_string_equal(g->ending, "time-out of middlehand");
    assert_int_equal(g->end, ISS_END_DEFENDERS_GAVE_UP); /* middlehand defends */
    /* A time-out in the bidding: nobody declared, no game. */
    assert_int_equal(read_first("(;GM[Skat]MV[" DEAL " 1 p w TI.2] ;)", g, err, sizeof err), 1);
    assert_true(g->passed);
    assert_string_equal(g->ending, "time-out of rearhand");
    /* A claim showing the nine cards he holds stands where the moves end. */
    assert_int_equal(read_first("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 GH 0 S7 0 SC.CA.S8.S9.H7.H8.H9.D7.D8.D9] ;)", g,
                                err, sizeof err),
                     1);
    assert_int_equal(g->end, ISS_END_DEFENDERS_GAVE_UP);
    assert_string_equal(g->ending, "the declarer showed his cards and claimed the rest");
    /* Null ouvert after picking up the skat: ouvert alone, no hand, no
     * announcement (those a suit or grand ouvert implies). */
    assert_int_equal(read_first("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 s w DK.DA 0 NO.DK.DA 0 CA 1 C7 2 SA] ;)", g, err,
                                sizeof err),
                     1);
    assert_int_equal(g->deal.contract.game, GAME_NULL);
    assert_true(g->deal.contract.ouvert);
    assert_false(g->deal.contract.hand || g->deal.contract.schneider_announced);
    assert_string_equal(g->ending, "the declarer took a trick: the null game is lost");
    free(g);
}

static void test_errors(void **state)
{
    (void)state;
    /* The deal's move ends at column 110; the moves after it are counted
     * from there. */
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 NH 0 H7 1 C7] ;)",
                 "t.sgf:1:137: illegal play: middlehand must follow suit, plays C7");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 NH 0 S7 2 SA] ;)",
                 "t.sgf:1:137: rearhand plays 'SA', but middlehand is to play");
    expect_error("(;GM[Skat]MV[w ??.??.S8] ;)",
                 "t.sgf:1:16: deal: hidden card '?\?' (a player's view of the game; analysis needs every card)");
    expect_error("(;GM[Skat]XX[1] ;)", "t.sgf:1:11: unknown property 'XX'");
    expect_error("(;GM[Chess] ;)", "t.sgf:1:6: GM[Chess]: not a Skat game");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 NH 0 S7] ;)",
                 "t.sgf:1:134: the moves end before the game is over (1 card played)");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 p 0 18] ;)",
                 "t.sgf:1:126: move '18' after the end of the game (all players passed)");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 CS] ;)",
                 "t.sgf:1:127: game declaration 'CS': schneider or schwarz announced without hand");
    /* Hand or not is the skat's: taken up, or not. */
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 G] ;)",
                 "t.sgf:1:127: forehand declares 'G' without picking up the skat: a hand game needs H");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 s w DK.DA 0 GH.D7.D8] ;)",
                 "t.sgf:1:139: 'GH' is a hand game, but the declarer picked up the skat");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 NHS] ;)",
                 "t.sgf:1:127: game declaration 'NHS': schneider or schwarz announced in a null game");
    expect_error("(;GM[Skat]MV[" DEAL "\n 1 p\n 2 p 0 18 0 s w DK.DA 0 G.HA.DA] ;)",
                 "t.sgf:3:25: discard HA is not among forehand's cards and the skat");
    expect_error("(;GM[Skat]MV[w CA] ;)", "t.sgf:1:16: the deal holds 1 cards, it needs 32 (10 per player and the skat)");
    /* A card is two letters: "S7X" was played as S7.  A card dealt twice
     * would sit in two hands at once. */
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 NH 0 S7X] ;)",
                 "t.sgf:1:132: forehand: expected a card (such as CA or HT), not 'S7X'");
    expect_error("(;GM[Skat]MV[w CA.S7.S8.S9.H7.H8.H9.D7.D8.D9.C7.C8.C9.CT.CJ.CQ.CK.HT.HJ.HQ.SA.ST.SJ.SQ.SK.HK.HA.DT.DJ."
                 "DQ.DK.CA 1 p 2 p 0 p] ;)",
                 "t.sgf:1:16: duplicate card CA in the deal");
    expect_error("(;GM[Skat]", "t.sgf:1:11: unexpected end of file: the record is not closed with ';)'");
    expect_error("GM[Skat]", "t.sgf:1:1: expected '(;', the start of an ISS game record");
    /* A NUL byte is refused where it stands: it once ended the move or the
     * value it was in, and what followed was dropped unseen ("CA\0ZZ" was
     * played as CA, GM[Skat\0Chess] a Skat game). */
    static const char nul_move[] = "(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 NH 0 CA\0ZZ 1 C7 2 SA] ;)";
    expect_error_bytes(nul_move, sizeof nul_move - 1,
                       "t.sgf:1:134: a NUL character (\\0) in the move 'CA': no game record holds one");
    static const char nul_value[] = "(;GM[Skat\0Chess]MV[" DEAL " 1 p 2 p 0 p] ;)";
    expect_error_bytes(nul_value, sizeof nul_value - 1,
                       "t.sgf:1:10: a NUL character (\\0) in GM[...]: no game record holds one");
    /* A claim stands when the moves end with it; cards played after it show
     * the game went on, and a record that stops there is cut short. */
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 GH 0 S7 0 SC 1 C7 2 SA 2 SK] ;)",
                 "t.sgf:1:154: the moves end before the game is over (4 cards played)");
    /* The cards a claim shows are the declarer's, all he holds: "SC.ZZ"
     * and another hand stood as claims, and the rest went to him. */
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 GH 0 S7 0 SC.ZZ] ;)",
                 "t.sgf:1:137: claim (SC): unknown card 'ZZ' in 'ZZ'");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 GH 0 S7 0 SC.CA] ;)",
                 "t.sgf:1:137: the cards shown are not the 9 cards the declarer holds");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 GH 0 S7 0 SC.CA.S7.S9.H7.H8.H9.D7.D8.D9] ;)",
                 "t.sgf:1:137: the cards shown are not the 9 cards the declarer holds");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 GH 0 S7 0 SC 0 SC] ;)",
                 "t.sgf:1:142: the declarer shows his cards a second time (SC), no card played since");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 GH 0 S7 1 SC] ;)",
                 "t.sgf:1:137: only the declarer may show his cards (SC)");
    /* A time-out names one seat, 0, 1 or 2; one before the deal is no deal. */
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 GH 0 S7 w TI.3] ;)",
                 "t.sgf:1:137: the server (w) plays 'TI.3', but only the players (0, 1, 2) play cards");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 GH 0 S7 w TI.12] ;)",
                 "t.sgf:1:137: the server (w) plays 'TI.12', but only the players (0, 1, 2) play cards");
    expect_error("(;GM[Skat]MV[w TI.0 " DEAL " 1 p 2 p 0 p] ;)", "t.sgf:1:16: deal: unknown card 'TI' in 'TI.0'");
    /* A move longer than the reader keeps is refused, not cut: the 32 cards
     * of the deal, 100 dots and a card that is none were read as the deal. */
    expect_error("(;GM[Skat]MV[" DEAL "...................................................................."
                 "................................ZZ 1 p 2 p 0 p] ;)",
                 "t.sgf:1:16: move too long (more than 159 characters): "
                 "'CA.S7.S8.S9.H7.H8.H9.D7.D8.D9.C7.C8.C9.C...'");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 NH 0 CAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
                 "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA] ;)",
                 "t.sgf:1:132: move too long (more than 159 characters): "
                 "'CAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA...'");
}

/* A record's text of TEMPLATE with %s replaced by count copies of ch. */
static char *with_run(const char *template, char ch, size_t count)
{
    char *run = malloc(count + 1), *text = malloc(strlen(template) + count + 1);
    assert_true(run && text);
    memset(run, ch, count);
    run[count] = '\0';
    sprintf(text, template, run);
    free(run);
    return text;
}

/* Names and ids are kept whole or refused, never shown cut (a name of 300
 * characters was shown as its first 127, an id as its first 200); numbers
 * are digits alone, as the server writes them (strtol took the bid "+18"
 * as 18, and "v: 7" in R[...] read the 7 of the next field as the
 * server's score, which analyze then printed as "the server scored +7"). */
static void test_long_values_and_numbers(void **state)
{
    (void)state;
    IssGame *g = malloc(sizeof *g);
    char err[512] = "";
    assert_non_null(g);
    const char *player = "(;GM[Skat]P1[%s]MV[" DEAL " 1 p 2 p 0 p] ;)";
    char *text = with_run(player, 'k', ISS_TEXT - 1);
    assert_int_equal(read_first(text, g, err, sizeof err), 1);
    assert_int_equal(strlen(g->players[1]), ISS_TEXT - 1);
    free(text);
    text = with_run(player, 'k', ISS_TEXT);
    expect_error(text, "t.sgf:1:14: P1[...] longer than 127 characters (128): "
                       "'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk...'");
    free(text);
    const char *id = "(;GM[Skat]ID[%s]MV[" DEAL " 1 p 2 p 0 p] ;)";
    size_t most = DEAL_TEXT - sizeof "ISS game ";
    text = with_run(id, '9', most);
    assert_int_equal(read_first(text, g, err, sizeof err), 1);
    assert_int_equal(strlen(g->deal.name), strlen("ISS game ") + most);
    free(text);
    text = with_run(id, '9', most + 1);
    expect_error(text, "t.sgf:1:14: ID[...] longer than 246 characters (247): "
                       "'9999999999999999999999999999999999999999...'");
    free(text);
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 +18 0 NH] ;)",
                 "t.sgf:1:122: forehand: expected a bid (a number below 500) or p, not '+18'");
    expect_error("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18x 0 NH] ;)",
                 "t.sgf:1:122: forehand: expected a bid (a number below 500) or p, not '18x'");
    const char *result = "(;GM[Skat]MV[" DEAL " 1 p 2 p 0 p]R[%s] ;)";
    static const struct {
        const char *r, *message;
    } results[] = {
        {"v: 7 p:59 t:4", "R[...]: v: needs a whole number from -9999 to 9999, not 'v:'"},
        {"v:+7 p:59 t:4", "R[...]: v: needs a whole number from -9999 to 9999, not 'v:+7'"},
        {"v:-54x p:59 t:4", "R[...]: v: needs a whole number from -9999 to 9999, not 'v:-54x'"},
        {"v:-54 p:-59 t:4", "R[...]: p: needs a whole number from 0 to 9999, not 'p:-59'"},
        {"v:-54 p:59 t:10000", "R[...]: t: needs a whole number from 0 to 9999, not 't:10000'"},
    };
    for (size_t i = 0; i < sizeof results / sizeof *results; i++) {
        char record[400], expected[200];
        snprintf(record, sizeof record, result, results[i].r);
        snprintf(expected, sizeof expected, "t.sgf:1:126: %s", results[i].message);
        expect_error(record, expected);
    }
    char record[400];
    snprintf(record, sizeof record, result, "d:2 loss v:-54 m:-2 bidok p:59 t:4");
    assert_int_equal(read_first(record, g, err, sizeof err), 1);
    assert_true(g->server.known && g->server.value == -54 && g->server.points == 59 && g->server.tricks == 4);
    free(g);
}

/* Forehand (grand hand) holds CA C7 ST SA DA D7 and four jacks; middlehand CT
 * and DT, rearhand HA, HT and the low diamonds; DK (4) lies in the skat.
 * Forehand takes the first trick (CA C8 C9, 11), then loses C7 to
 * middlehand's CT with rearhand's heart on it, and D7 to middlehand's DT. */
#define ANNOUNCED_CARDS "w CA.C7.ST.CJ.SJ.HJ.DJ.SA.DA.D7.C8.CT.CK.CQ.DT.SK.SQ.S9.S8.S7.C9.HA.HT.HK.HQ.H9.H8.H7.DQ.D9.D8.DK"
#define ANNOUNCED_DEAL ANNOUNCED_CARDS " 1 p 2 p 0 18 0 GHS 0 CA 1 C8 2 C9 0 C7 1 CT 2 "

/* The settled game as scored by the International Skat Order. */
static GameScore settled_score(const IssGame *g, IssSettlement *settled)
{
    RuleSystem isko;
    char err[512];
    assert_true(rules_load("isko", NULL, &isko, err, sizeof err));
    iss_settle(g, settled);
    GamePlay play = {.contract = g->deal.contract,
                     .cards = g->deal.hands[g->deal.declarer] | g->deal.skat,
                     .declarer_points = settled->declarer_points,
                     .declarer_tricks = settled->declarer_tricks,
                     .bid = g->deal.bid,
                     .conceded = settled->conceded};
    GameScore score;
    assert_true(gamevalue_score(&isko, &play, &score));
    return score;
}

/* An announced schneider fails once the defenders hold more than 30 card
 * points: with exactly 30 the game goes on (here both defenders resign and
 * the rest is the declarer's: 90, won), with 31 it ends there, lost.  An
 * announced schwarz fails with the defenders' first trick, worth 0 or not. */
static void test_announcement_boundaries(void **state)
{
    (void)state;
    IssGame *g = malloc(sizeof *g);
    char err[512] = "";
    IssSettlement settled;
    assert_non_null(g);
    /* C7 CT HT (20), then DT D9 D7 (10): the defenders hold 30. */
    assert_int_equal(read_first("(;GM[Skat]MV[" ANNOUNCED_DEAL "HT 1 DT 2 D9 0 D7 1 RE 2 RE] ;)", g, err, sizeof err), 1);
    assert_true(g->deal.contract.schneider_announced);
    assert_int_equal(g->deal.play_count, 9);
    assert_string_equal(g->ending, "both defenders resigned");
    GameScore score = settled_score(g, &settled);
    assert_int_equal(settled.declarer_points, 90);
    assert_int_equal(settled.declarer_tricks, 8);
    assert_true(score.won);
    /* C7 CT HA (21), then DT D9 D7 (10): 31, the game is over. */
    assert_int_equal(read_first("(;GM[Skat]MV[" ANNOUNCED_DEAL "HA 1 DT 2 D9 0 D7] ;)", g, err, sizeof err), 1);
    assert_int_equal(g->deal.play_count, 9);
    assert_string_equal(g->ending, "the defenders passed 30 points: the announced schneider failed");
    score = settled_score(g, &settled);
    assert_int_equal(settled.declarer_points, 15); /* CA and the skat's DK */
    assert_int_equal(settled.declarer_tricks, 1);
    assert_false(score.won);
    expect_error("(;GM[Skat]MV[" ANNOUNCED_DEAL "HA 1 DT 2 D9 0 D7 1 RE] ;)",
                 "t.sgf:1:178: move 'RE' after the end of the game (the defenders passed 30 points: the announced "
                 "schneider failed)");
    /* A null game the defenders give up keeps its tricks: none to the
     * declarer, won (the cards left are no tricks of his). */
    assert_int_equal(read_first("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 NH 0 S7 1 RE 2 RE] ;)", g, err, sizeof err), 1);
    assert_int_equal(g->end, ISS_END_DEFENDERS_GAVE_UP);
    score = settled_score(g, &settled);
    assert_int_equal(settled.declarer_tricks, 0);
    assert_false(settled.conceded);
    assert_true(score.won);
    /* A declarer who resigns has lost, whatever his points. */
    assert_int_equal(read_first("(;GM[Skat]MV[" DEAL " 1 p 2 p 0 18 0 GH 0 CA 1 C7 2 SA 0 RE] ;)", g, err, sizeof err), 1);
    assert_int_equal(g->end, ISS_END_DECLARER_GAVE_UP);
    score = settled_score(g, &settled);
    assert_true(settled.conceded);
    assert_false(score.won);
    /* Schwarz announced: rearhand's C9 takes C7 C8, a trick of no points. */
    assert_int_equal(read_first("(;GM[Skat]MV[" ANNOUNCED_CARDS " 1 p 2 p 0 18 0 GHZ 0 C7 1 C8 2 C9] ;)", g, err,
                                sizeof err),
                     1);
    assert_true(g->deal.contract.schneider_announced); /* schwarz announced says schneider too */
    assert_int_equal(g->deal.play_count, 3);
    assert_string_equal(g->ending, "the defenders took a trick: the announced schwarz failed");
    score = settled_score(g, &settled);
    assert_int_equal(settled.declarer_tricks, 0);
    assert_false(score.won);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_detect),
        cmocka_unit_test(test_published_record),
        cmocka_unit_test(test_hand_game_and_two_records),
        cmocka_unit_test(test_early_ends),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_long_values_and_numbers),
        cmocka_unit_test(test_announcement_boundaries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
