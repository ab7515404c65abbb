/* Tournament scoring (Seeger-Fabian, Texas match points) and Ramsch.
 * Sources: [enc] the encyclopedia article; [frag] the Skatordnung fragments;
 * [facts] rule-facts.md; [texas] the Texas State Skat League rules 2017;
 * [na] North American Skat and variants. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "support_cards.h"
#include "rulecontract.h"
#include "notation.h"

#include "gamevalue.h"
#include "rules.h"
#include "scoring.h"
#include "scoretext.h"

static RuleSystem isko, texas, tournee, classic;

static int load_all(void **state)
{
    (void)state;
    return test_four_rules(&isko, &texas, &tournee, &classic) ? 0 : -1;
}

/* A game of rule system r: contract words, twelve cards, result. */
static GameScore game(const RuleSystem *r, const char *contract, const char *cards, int points, int tricks)
{
    GamePlay p = {.declarer_points = points, .declarer_tricks = tricks};
    char err[256];
    if (!rules_parse_contract(r, contract, &p.contract, err, sizeof err))
        fail_msg("%s", err);
    char buf[128];
    snprintf(buf, sizeof buf, "%s", cards);
    char *save = NULL;
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
        p.cards |= card_bit(card_parse(w));
    GameScore s;
    if (!gamevalue_score(r, &p, &s))
        fail_msg("%s", s.reason);
    return s;
}

/* Clubs with 2 (CJ SJ): 36 won, -72 lost; without 6 in grand... see below. */
static const char clubs_with2[] = "CJ SJ CA CT CK CQ SA ST HA HT D7 D8";

/* ----- Seeger-Fabian ---------------------------------------------------------- */

/* [enc] tournaments: 50 more for a won game; when the defenders win they get
 * 40 each and the declarer loses twice the value.  [frag] 30 at a table of
 * four, 40 at a table of three for each game lost by each other player.
 * [facts A.9] -50 for a lost game. */
static void test_seeger_fabian(void **state)
{
    (void)state;
    const TournamentScheme *seeger = rules_find_scheme(&isko, "seeger-fabian");
    assert_non_null(seeger);
    TournamentScore t;
    char err[256];
    GameScore won = game(&isko, "clubs", clubs_with2, 70, 6);
    assert_int_equal(won.score, 36);
    assert_true(tournament_score(seeger, &won, 3, &t, err, sizeof err));
    assert_int_equal(t.declarer, 86);
    assert_int_equal(t.defender, 0);
    assert_int_equal(t.dealer, 0);
    assert_int_equal(t.won_lost, 50);
    assert_int_equal(t.matadors_without, 0);
    GameScore lost = game(&isko, "clubs", clubs_with2, 50, 5);
    assert_int_equal(lost.score, -72);
    assert_true(tournament_score(seeger, &lost, 3, &t, err, sizeof err));
    assert_int_equal(t.declarer, -122);
    assert_int_equal(t.defender, 40);
    assert_int_equal(t.dealer, 0);
    assert_int_equal(t.won_lost, -50);
    assert_true(tournament_score(seeger, &lost, 4, &t, err, sizeof err));
    assert_int_equal(t.declarer, -122);
    assert_int_equal(t.defender, 30);
    assert_int_equal(t.dealer, 30);
    /* No matador bonus in Seeger-Fabian. */
    GameScore without = game(&isko, "grand", "CA CT CK SA ST SK HA HT HK DA DT DK", 70, 7);
    assert_int_equal(without.matadors, 4);
    assert_true(tournament_score(seeger, &without, 3, &t, err, sizeof err));
    assert_int_equal(t.declarer, without.score + 50);
}

/* [texas] match points: net plays x 50; 30 for each loss of another player at
 * a table of four, 45 at three; 50 per matador above four played against. */
static void test_texas_match_points(void **state)
{
    (void)state;
    const TournamentScheme *mp = rules_find_scheme(&texas, NULL);
    assert_string_equal(mp->name, "texas-match-points");
    TournamentScore t;
    char err[256];
    GameScore lost = game(&texas, "clubs", clubs_with2, 50, 5);
    assert_true(tournament_score(mp, &lost, 3, &t, err, sizeof err));
    assert_int_equal(t.declarer, -72 - 50);
    assert_int_equal(t.defender, 45);
    assert_true(tournament_score(mp, &lost, 4, &t, err, sizeof err));
    assert_int_equal(t.defender, 30);
    assert_int_equal(t.dealer, 30);
    /* Clubs without 6 (no jack, no ace or ten of clubs): 2 x 50 more. */
    GameScore without6 = game(&texas, "clubs", "CK CQ C9 C8 C7 SA ST HA HT DA DT SK", 70, 6);
    assert_int_equal(without6.matadors, 6);
    assert_false(without6.with_matadors);
    assert_int_equal(without6.score, 7 * 12);
    assert_true(tournament_score(mp, &without6, 3, &t, err, sizeof err));
    assert_int_equal(t.declarer, 84 + 50 + 100);
    assert_int_equal(t.won_lost, 50);
    assert_int_equal(t.matadors_without, 2);
    /* With 6 or without 4: no bonus; a lost game: no bonus. */
    GameScore with6 = game(&texas, "clubs", "CJ SJ HJ DJ CA CT C7 SA ST HA HT DA", 70, 6);
    assert_true(tournament_score(mp, &with6, 3, &t, err, sizeof err));
    assert_int_equal(t.declarer, with6.score + 50);
    GameScore without4 = game(&texas, "clubs", "CA CT CK CQ C7 SA ST HA HT DA DT SK", 70, 6);
    assert_int_equal(without4.matadors, 4);
    assert_true(tournament_score(mp, &without4, 3, &t, err, sizeof err));
    assert_int_equal(t.declarer, without4.score + 50);
    GameScore lost6 = game(&texas, "clubs", "CK CQ C9 C8 C7 SA ST HA HT DA DT SK", 40, 4);
    assert_true(tournament_score(mp, &lost6, 3, &t, err, sizeof err));
    assert_int_equal(t.declarer, lost6.score - 50);
}

static void test_tournament_errors(void **state)
{
    (void)state;
    TournamentScore t;
    char err[256];
    GameScore won = game(&isko, "clubs", clubs_with2, 70, 6);
    assert_false(tournament_score(&isko.schemes[0], &won, 5, &t, err, sizeof err));
    assert_string_equal(err, "a tournament table has 3 or 4 players, not 5");
    GamePlay p = {.contract = {.game = GAME_NULL}, .bid = 30};
    GameScore invalid;
    assert_false(gamevalue_score(&isko, &p, &invalid));
    assert_false(tournament_score(&isko.schemes[0], &invalid, 3, &t, err, sizeof err));
    assert_non_null(strstr(err, "not valid"));
}

/* ----- Ramsch ------------------------------------------------------------------ */

typedef struct {
    int points[3], skat, tricks[3], last[3], pushes;
    int scores[3];
} RamschCase;

static void check_ramsch(const RuleSystem *r, const RamschCase *cases, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const RamschCase *k = &cases[i];
        RamschPlay p = {.skat_points = k->skat, .pushes = k->pushes};
        for (int s = 0; s < 3; s++) {
            p.points[s] = k->points[s];
            p.tricks[s] = k->tricks[s];
            p.last_trick[s] = k->last[s];
        }
        RamschScore out;
        char err[256], text[SCORE_TEXT];
        if (!ramsch_score(r, &p, &out, err, sizeof err))
            fail_msg("%s case %zu: %s", r->name, i, err);
        if (memcmp(out.scores, k->scores, sizeof out.scores) != 0)
            fail_msg("%s case %zu: %d %d %d, expected %d %d %d (%s)", r->name, i, out.scores[0], out.scores[1],
                     out.scores[2], k->scores[0], k->scores[1], k->scores[2], ramsch_text(&out, text, sizeof text));
    }
}

/* [texas] rule 6: the skat to the last trick; fewest points 10, no trick 20;
 * two tied: the one without the later trick of theirs wins; all tied at 40:
 * forehand; every trick: minus 30. [na] the same for Tournee. */
static void test_texas_ramsch(void **state)
{
    (void)state;
    static const RamschCase cases[] = {
        /* points          skat  tricks      last trick   push   scores */
        {{25, 40, 45}, 10, {2, 4, 4}, {5, 9, 10}, 0, {10, 0, 0}},   /* fewest: forehand */
        {{0, 50, 60}, 10, {0, 5, 5}, {0, 9, 10}, 0, {20, 0, 0}},    /* no trick */
        {{110, 0, 0}, 10, {10, 0, 0}, {10, 0, 0}, 0, {-30, 0, 0}},  /* every trick */
        {{30, 30, 50}, 10, {3, 3, 4}, {7, 8, 10}, 0, {10, 0, 0}},   /* tied: middlehand took the later */
        {{30, 30, 50}, 10, {3, 3, 4}, {8, 7, 10}, 0, {0, 10, 0}},   /* tied: forehand took the later */
        {{40, 40, 30}, 10, {3, 3, 4}, {9, 8, 10}, 0, {10, 0, 0}},   /* all three 40: forehand */
        {{30, 35, 45}, 10, {3, 3, 4}, {8, 10, 9}, 0, {10, 0, 0}},   /* skat to middlehand: 30 45 45 */
        {{30, 35, 45}, 10, {3, 3, 4}, {10, 8, 9}, 0, {0, 10, 0}},   /* skat to forehand: 40 35 45 */
        {{0, 0, 110}, 10, {1, 0, 9}, {3, 0, 10}, 0, {0, 20, 0}},    /* a zero trick: no-trick player wins */
    };
    check_ramsch(&texas, cases, sizeof cases / sizeof *cases);
    /* The tie breaks differ from "all": here only one winner per deal. */
    check_ramsch(&tournee, cases, sizeof cases / sizeof *cases);
}

/* [enc] Ramsch: the most card points lose them; a Jungfrau doubles; the skat
 * to the last trick; Durchmarsch; Schieberamsch doubles.  [na] tied players
 * both subtract; the Durchmarsch +120 of rule-facts C. */
static void test_classic_ramsch(void **state)
{
    (void)state;
    static const RamschCase cases[] = {
        {{20, 30, 60}, 10, {2, 3, 5}, {4, 7, 10}, 0, {0, 0, -70}},      /* most points */
        {{20, 30, 60}, 10, {2, 3, 5}, {10, 7, 9}, 0, {0, 0, -60}},      /* skat to forehand */
        {{0, 40, 70}, 10, {0, 4, 6}, {0, 9, 10}, 0, {0, 0, -160}},      /* Jungfrau doubles */
        {{20, 30, 60}, 10, {2, 3, 5}, {4, 7, 10}, 2, {0, 0, -280}},     /* two pushes: x4 */
        {{0, 40, 70}, 10, {0, 4, 6}, {0, 9, 10}, 3, {0, 0, -1280}},     /* Jungfrau and 3 pushes: 80 x 2 x 8 */
        {{0, 110, 0}, 10, {0, 10, 0}, {0, 10, 0}, 0, {0, 120, 0}},     /* Durchmarsch */
        {{50, 50, 10}, 10, {4, 4, 2}, {8, 9, 10}, 0, {-50, -50, 0}},    /* tied: both lose */
        {{40, 40, 30}, 10, {3, 3, 4}, {8, 9, 10}, 0, {-40, -40, -40}},  /* all tied */
    };
    check_ramsch(&classic, cases, sizeof cases / sizeof *cases);
}

/* Other settings a file may choose: the tied player who took the later trick
 * loses; the skat to the loser. */
static void test_ramsch_variants(void **state)
{
    (void)state;
    RuleSystem r = classic;
    r.ramsch.tie = TIE_LATER_TRICK_LOSES;
    static const RamschCase later[] = {
        {{50, 50, 10}, 10, {4, 4, 2}, {8, 9, 10}, 0, {0, -50, 0}},
        {{50, 50, 10}, 10, {4, 4, 2}, {9, 8, 10}, 0, {-50, 0, 0}},
    };
    check_ramsch(&r, later, 2);
    r = classic;
    r.ramsch.skat_to = SKAT_TO_LOSER;
    static const RamschCase loser[] = {
        {{20, 30, 60}, 10, {2, 3, 5}, {10, 7, 9}, 0, {0, 0, -70}},
    };
    check_ramsch(&r, loser, 1);
    r.ramsch.three_way_tie = TIE_NONE;
    static const RamschCase none[] = {
        /* the skat goes to the loser: the two tied with 40 both count it
         * (50 each) and both lose (tie: all) */
        {{40, 40, 30}, 10, {3, 3, 4}, {8, 9, 10}, 0, {-50, -50, 0}},
        {{40, 40, 40}, 0, {3, 3, 4}, {8, 9, 10}, 0, {0, 0, 0}},
    };
    check_ramsch(&r, none, 2);
    /* Tied for the most, both count the skat; the tie rule, not the skat,
     * picks the loser. */
    r.ramsch.tie = TIE_LATER_TRICK_LOSES;
    static const RamschCase tied_later[] = {
        {{40, 40, 30}, 10, {3, 3, 4}, {8, 9, 10}, 0, {0, -50, 0}},
        {{40, 40, 30}, 10, {3, 3, 4}, {9, 8, 10}, 0, {-50, 0, 0}},
    };
    check_ramsch(&r, tied_later, 2);
    /* A tie rule only breaks ties: with "none", a single loser still loses. */
    RuleSystem other = classic;
    other.ramsch.tie = TIE_NONE;
    static const RamschCase single[] = {{{20, 30, 60}, 10, {2, 3, 5}, {4, 7, 10}, 0, {0, 0, -70}}};
    check_ramsch(&other, single, 1);
    /* The Jungfrau factor multiplies a loss; in winner mode the player
     * without a trick is the winner and gets the no-trick points, 20. */
    other = texas;
    other.ramsch.jungfrau_factor = 2;
    static const RamschCase jungfrau_winner[] = {{{0, 50, 60}, 10, {0, 5, 5}, {0, 9, 10}, 0, {20, 0, 0}}};
    check_ramsch(&other, jungfrau_winner, 1);
    RamschPlay p = {.points = {40, 40, 30}, .skat_points = 10, .tricks = {3, 3, 4}, .last_trick = {8, 9, 10}};
    RamschScore out;
    char err[256], text[SCORE_TEXT];
    r.ramsch.tie = TIE_ALL;
    assert_true(ramsch_score(&r, &p, &out, err, sizeof err));
    assert_string_equal(ramsch_text(&out, text, sizeof text),
                        "card points (skat 10 to forehand and middlehand): 50, 50, 30; forehand loses 50; middlehand "
                        "loses 50 (2 tied)");
}

static void test_ramsch_breakdown_and_flags(void **state)
{
    (void)state;
    RamschPlay p = {.points = {0, 40, 70}, .skat_points = 10, .tricks = {0, 4, 6}, .last_trick = {0, 9, 10}};
    RamschScore out;
    char err[256];
    assert_true(ramsch_score(&classic, &p, &out, err, sizeof err));
    assert_int_equal(out.jungfrauen, 1);
    assert_false(out.durchmarsch);
    assert_true(out.lost[2]);
    assert_int_equal(out.points[2], 80);
    char text[SCORE_TEXT];
    assert_string_equal(ramsch_text(&out, text, sizeof text),
                        "card points (skat 10 to rearhand): 0, 40, 80; rearhand loses 80 x 2 (1 Jungfrau) = -160");
    assert_true(ramsch_score(&texas, &p, &out, err, sizeof err));
    assert_true(out.won[0]);
    assert_string_equal(ramsch_text(&out, text, sizeof text),
                        "card points (skat 10 to rearhand): 0, 40, 80; forehand wins 20 (no trick)");
}

/* The breakdown of a Ramsch's factor names what multiplies, in the plural
 * where there are more (it said "x 8 (0 Jungfrau, 3 push)"): [enc] passing
 * the skat on unseen doubles the score (Schieberamsch), a Jungfrau doubles
 * the loser's points. */
static const char *ramsch_breakdown(const RuleSystem *r, const int points[3], const int tricks[3], int pushes,
                                    char *text)
{
    static const int last[3] = {4, 9, 10}; /* the skat to rearhand */
    RamschPlay p = {.skat_points = 10, .pushes = pushes};
    for (int s = 0; s < 3; s++) {
        p.points[s] = points[s];
        p.tricks[s] = tricks[s];
        p.last_trick[s] = tricks[s] ? last[s] : 0;
    }
    RamschScore out;
    char err[256];
    if (!ramsch_score(r, &p, &out, err, sizeof err))
        fail_msg("%s: %s", r->name, err);
    return ramsch_text(&out, text, SCORE_TEXT);
}

static void test_ramsch_factor_words(void **state)
{
    (void)state;
    char text[SCORE_TEXT];
    static const int spread[3] = {20, 30, 60}, spread_tricks[3] = {2, 3, 5};
    static const int jungfrau[3] = {0, 40, 70}, jungfrau_tricks[3] = {0, 4, 6};
    assert_string_equal(ramsch_breakdown(&classic, spread, spread_tricks, 3, text),
                        "card points (skat 10 to rearhand): 20, 30, 70; rearhand loses 70 x 8 (3 pushes) = -560");
    assert_string_equal(ramsch_breakdown(&classic, spread, spread_tricks, 1, text),
                        "card points (skat 10 to rearhand): 20, 30, 70; rearhand loses 70 x 2 (1 push) = -140");
    assert_string_equal(ramsch_breakdown(&classic, jungfrau, jungfrau_tricks, 2, text),
                        "card points (skat 10 to rearhand): 0, 40, 80; rearhand loses 80 x 8 (1 Jungfrau, 2 pushes) = -640");
    assert_string_equal(ramsch_breakdown(&classic, spread, spread_tricks, 0, text),
                        "card points (skat 10 to rearhand): 20, 30, 70; rearhand loses 70");
    /* A part whose factor is 1 multiplies nothing and is not named. */
    RuleSystem plain = classic;
    plain.ramsch.jungfrau_factor = 1;
    assert_string_equal(ramsch_breakdown(&plain, jungfrau, jungfrau_tricks, 1, text),
                        "card points (skat 10 to rearhand): 0, 40, 80; rearhand loses 80 x 2 (1 push) = -160");
    /* Winner scoring: the pushes multiply the win, a Jungfrau is the win itself. */
    RuleSystem winner = texas;
    winner.ramsch.push_factor = 2;
    winner.ramsch.max_pushes = 3;
    assert_string_equal(ramsch_breakdown(&winner, spread, spread_tricks, 2, text),
                        "card points (skat 10 to rearhand): 20, 30, 70; forehand wins 10 (fewest card points) x 4 "
                        "(2 pushes) = 40");
}

static void test_ramsch_errors(void **state)
{
    (void)state;
    RamschScore out;
    char err[256];
    RamschPlay good = {.points = {20, 30, 60}, .skat_points = 10, .tricks = {2, 3, 5}, .last_trick = {4, 7, 10}};
    assert_true(ramsch_score(&classic, &good, &out, err, sizeof err));
    assert_false(ramsch_score(&isko, &good, &out, err, sizeof err));
    assert_string_equal(err, "the isko rules have no Ramsch");
    RamschPlay p = good;
    p.tricks[0] = 1;
    assert_false(ramsch_score(&classic, &p, &out, err, sizeof err));
    p = good;
    p.points[0] = 21;
    assert_false(ramsch_score(&classic, &p, &out, err, sizeof err));
    p = good;
    p.last_trick[1] = 4;
    assert_false(ramsch_score(&classic, &p, &out, err, sizeof err));
    assert_string_equal(err, "forehand and middlehand cannot both have taken trick 4");
    p = good;
    p.last_trick[2] = 9;
    assert_false(ramsch_score(&classic, &p, &out, err, sizeof err));
    p = good;
    p.skat_points = 23; /* two aces are 22 */
    assert_false(ramsch_score(&classic, &p, &out, err, sizeof err));
    assert_string_equal(err, "the skat holds 0 to 22 card points, not 23");
    p = good;
    p.pushes = 4;
    assert_false(ramsch_score(&classic, &p, &out, err, sizeof err));
    p.pushes = 1;
    assert_false(ramsch_score(&texas, &p, &out, err, sizeof err));
    assert_string_equal(err, "1 pushes, but the texas rules allow 0");
}

/* [texas] match points count Ramsch games won and lost: a Durchmarsch is a
 * lost game (rule 6 sec 5), its bonus goes to the others. */
static void test_tournament_ramsch(void **state)
{
    (void)state;
    const TournamentScheme *mp = rules_find_scheme(&texas, NULL);
    RamschScore out;
    char err[256];
    int points[3], dealer;
    RamschPlay p = {.points = {25, 40, 45}, .skat_points = 10, .tricks = {2, 4, 4}, .last_trick = {5, 9, 10}};
    assert_true(ramsch_score(&texas, &p, &out, err, sizeof err));
    assert_true(tournament_ramsch_score(mp, &out, 3, points, &dealer, err, sizeof err));
    assert_int_equal(points[0], 60);
    assert_int_equal(points[1], 0);
    assert_int_equal(points[2], 0);
    assert_int_equal(dealer, 0);
    RamschPlay all = {.points = {110, 0, 0}, .skat_points = 10, .tricks = {10, 0, 0}, .last_trick = {10, 0, 0}};
    assert_true(ramsch_score(&texas, &all, &out, err, sizeof err));
    assert_true(out.durchmarsch);
    assert_true(tournament_ramsch_score(mp, &out, 4, points, &dealer, err, sizeof err));
    assert_int_equal(points[0], -80);
    assert_int_equal(points[1], 30);
    assert_int_equal(points[2], 30);
    assert_int_equal(dealer, 30);
    assert_false(tournament_ramsch_score(mp, &out, 2, points, &dealer, err, sizeof err));
    /* [frag] 30 at a table of four for each game lost by each other
     * player: two tied losers (classic: both lose 50) give the dealer and
     * rearhand 2 x 30, and each loser 30 for the other's loss. */
    const TournamentScheme *seeger = rules_find_scheme(&classic, "seeger-fabian");
    RamschPlay tied = {.points = {50, 50, 10}, .skat_points = 10, .tricks = {4, 4, 2}, .last_trick = {8, 9, 10}};
    assert_true(ramsch_score(&classic, &tied, &out, err, sizeof err));
    assert_true(tournament_ramsch_score(seeger, &out, 4, points, &dealer, err, sizeof err));
    assert_int_equal(points[0], -50 - 50 + 30);
    assert_int_equal(points[1], -50 - 50 + 30);
    assert_int_equal(points[2], 60);
    assert_int_equal(dealer, 60);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seeger_fabian),
        cmocka_unit_test(test_texas_match_points),
        cmocka_unit_test(test_tournament_errors),
        cmocka_unit_test(test_texas_ramsch),
        cmocka_unit_test(test_classic_ramsch),
        cmocka_unit_test(test_ramsch_variants),
        cmocka_unit_test(test_ramsch_breakdown_and_flags),
        cmocka_unit_test(test_ramsch_factor_words),
        cmocka_unit_test(test_ramsch_errors),
        cmocka_unit_test(test_tournament_ramsch),
    };
    return cmocka_run_group_tests(tests, load_all, NULL);
}
