/* Game values, scores, the bid ladder and reach under the four rule systems
 * of evaluator/rules/.  Worked examples name their source:
 *   [enc]    the encyclopedia article (skat-encyclopedia-article.txt)
 *   [isko]   the International Skat Order, as quoted in rule-facts.md A
 *   [facts]  other sourced facts of rule-facts.md (section given)
 *   [texas]  the Texas State Skat League rules 2017
 *   [na]     North American Skat and variants (north-american-skat-and-variants.txt)
 *   [frag]   the Skatordnung fragments (skatordnung-fragments.txt) */
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
#include "play.h"
#include "rules.h"
#include "scoretext.h"

static RuleSystem isko, texas, tournee, classic;

/* The score in words, as the commands show it (cli/scoretext.c). */
static const char *breakdown(const RuleSystem *r, const GameScore *s)
{
    static char text[SCORE_TEXT];
    return score_text(r, s, text, sizeof text);
}

static int load_all(void **state)
{
    (void)state;
    return test_four_rules(&isko, &texas, &tournee, &classic) ? 0 : -1;
}

/* ----- helpers -------------------------------------------------------------- */

/* The trumps of a suit or grand game from the top (independent of the
 * evaluator's own table). */
static int trump_order(GameType game, int order[11])
{
    static const char *const jacks[] = {"CJ", "SJ", "HJ", "DJ"};
    static const char ranks[] = {'A', 'T', 'K', 'Q', '9', '8', '7'};
    static const char suits[] = {'C', 'S', 'H', 'D'};
    int n = 0;
    for (int j = 0; j < 4; j++)
        order[n++] = card_parse(jacks[j]);
    if (game <= GAME_DIAMONDS)
        for (int r = 0; r < 7; r++) {
            char name[3] = {suits[game], ranks[r], '\0'};
            order[n++] = card_parse(name);
        }
    return n;
}

/* Twelve cards "with" or "without" exactly n matadors, the rest plain cards. */
static CardSet matador_cards(GameType game, bool with, int n)
{
    int order[11];
    int count = trump_order(game, order);
    CardSet set = 0;
    if (with)
        for (int i = 0; i < n; i++)
            set |= card_bit(order[i]);
    else if (n < count)
        set |= card_bit(order[n]);
    CardSet trumps = trump_cards(game);
    for (int card = 0; card < CARD_COUNT && set_count(set) < 12; card++)
        if (!set_has(trumps, card))
            set |= card_bit(card);
    assert_int_equal(set_count(set), 12);
    return set;
}

static Contract contract(const RuleSystem *r, const char *text)
{
    Contract c;
    char err[256];
    if (!rules_parse_contract(r, text, &c, err, sizeof err))
        fail_msg("%s: '%s': %s", r->name, text, err);
    return c;
}

static GameScore play(const RuleSystem *r, const char *text, CardSet cards, int points, int tricks, int bid)
{
    GamePlay p = {.contract = contract(r, text), .cards = cards, .declarer_points = points,
                  .declarer_tricks = tricks, .bid = bid};
    GameScore s;
    if (!gamevalue_score(r, &p, &s))
        fail_msg("%s: '%s' not valid: %s", r->name, text, breakdown(r, &s));
    return s;
}

/* ----- base values, one table per rule system ------------------------------ */

typedef struct {
    const char *contract;
    int base;        /* base value (suit, grand) or fixed value (null) */
    int lost_factor;
} BaseCase;

static void check_bases(const RuleSystem *r, const BaseCase *cases, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        Contract c = contract(r, cases[i].contract);
        const RuleGame *g = rules_find_game(r, &c);
        assert_non_null(g);
        if (g->value != cases[i].base || rules_lost_factor(r, &c) != cases[i].lost_factor)
            fail_msg("%s %s: base %d lost x%d, expected %d x%d", r->name, cases[i].contract, g->value,
                     rules_lost_factor(r, &c), cases[i].base, cases[i].lost_factor);
        /* Through the scoring: won with its value, lost with its factor. */
        bool null = c.game == GAME_NULL;
        bool every_trick = c.schwarz_announced;
        CardSet cards = null ? 0 : matador_cards(c.game, true, 1);
        GameScore s = play(r, cases[i].contract, cards, null || every_trick ? 120 : 70,
                           null ? 0 : every_trick ? 10 : 6, 0);
        assert_true(s.won);
        assert_int_equal(s.base, cases[i].base);
        assert_int_equal(s.value, null ? cases[i].base : cases[i].base * s.multiplier);
        assert_int_equal(s.score, s.value);
        s = play(r, cases[i].contract, cards, null ? 0 : 50, null ? 1 : 5, 0);
        assert_false(s.won);
        assert_int_equal(s.score, -s.value * cases[i].lost_factor);
    }
}

static void test_isko_base_values(void **state)
{
    (void)state;
    static const BaseCase cases[] = {
        {"clubs", 12, 2},          {"spades", 11, 2},         {"hearts", 10, 2},
        {"diamonds", 9, 2},        {"grand", 24, 2},          {"clubs hand", 12, 2},
        {"grand ouvert", 24, 2},   {"null", 23, 2},           {"null hand", 35, 2},
        {"null ouvert", 46, 2},    {"null ouvert hand", 59, 2},
    };
    check_bases(&isko, cases, sizeof cases / sizeof *cases);
}

/* [texas] base value table (ouvert in brackets) and rule 3 sec 2. */
static void test_texas_base_values(void **state)
{
    (void)state;
    static const BaseCase cases[] = {
        {"diamonds", 9, 2},          {"diamonds ouvert", 18, 2},  {"hearts", 10, 2},
        {"hearts ouvert", 20, 2},    {"spades", 11, 2},           {"spades ouvert", 22, 2},
        {"clubs", 12, 2},            {"clubs ouvert", 24, 2},     {"grand", 16, 2},
        {"grand ouvert", 32, 2},     {"grand hand", 16, 1},       {"grand ouvert hand", 32, 1},
        {"null", 20, 2},             {"null ouvert", 40, 2},      {"null hand", 30, 1},
        {"null ouvert hand", 60, 1},
    };
    check_bases(&texas, cases, sizeof cases / sizeof *cases);
}

/* [na] game table: Tournee 8/7/6/5, grand Tournee 12, Solo 12/11/10/9, grand
 * Solo 20, grand ouvert 24, Guckser 16, null 20, null ouvert 40; passt mir
 * nicht and Guckser lose double. */
static void test_tournee_base_values(void **state)
{
    (void)state;
    static const BaseCase cases[] = {
        {"tournee clubs", 8, 1},          {"tournee spades", 7, 1},        {"tournee hearts", 6, 1},
        {"tournee diamonds", 5, 1},       {"tournee grand", 12, 1},        {"passt-mir-nicht clubs", 8, 2},
        {"passt-mir-nicht diamonds", 5, 2}, {"passt-mir-nicht grand", 12, 2}, {"solo clubs", 12, 1},
        {"solo spades", 11, 1},           {"solo hearts", 10, 1},          {"solo diamonds", 9, 1},
        {"solo grand", 20, 1},            {"grand ouvert", 24, 1},         {"guckser grand", 16, 2},
        {"null", 20, 1},                  {"null ouvert", 40, 1},
    };
    check_bases(&tournee, cases, sizeof cases / sizeof *cases);
}

/* [enc] grand 20 "well into the postwar era"; lost hand games single until 1998. */
static void test_classic_base_values(void **state)
{
    (void)state;
    static const BaseCase cases[] = {
        {"clubs", 12, 2},      {"spades", 11, 2},     {"hearts", 10, 2},    {"diamonds", 9, 2},
        {"grand", 20, 2},      {"grand hand", 20, 1}, {"null", 23, 2},      {"null hand", 35, 1},
        {"null ouvert", 46, 2}, {"null ouvert hand", 59, 1},
    };
    check_bases(&classic, cases, sizeof cases / sizeof *cases);
}

/* ----- multipliers, one table per rule system -------------------------------- */

typedef struct {
    const char *contract;
    bool with;
    int matadors;
    int points, tricks;
    int multiplier;
    bool won;
} LevelCase;

static void check_levels(const RuleSystem *r, const LevelCase *cases, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const LevelCase *k = &cases[i];
        Contract c = contract(r, k->contract);
        GameScore s = play(r, k->contract, matador_cards(c.game, k->with, k->matadors), k->points, k->tricks, 0);
        if (s.multiplier != k->multiplier || s.won != k->won || s.value != s.base * k->multiplier)
            fail_msg("%s case %zu '%s': %s (multiplier %d, won %d), expected %d won %d", r->name, i, k->contract,
                     breakdown(r, &s), s.multiplier, s.won, k->multiplier, k->won);
    }
}

static void test_isko_levels(void **state)
{
    (void)state;
    static const LevelCase cases[] = {
        {"clubs", true, 1, 61, 5, 2, true},   /* with 1, game 2 */
        {"clubs", true, 1, 60, 5, 2, false},  /* 60 loses */
        {"clubs", false, 3, 70, 6, 4, true},  /* without 3, game 4 */
        {"clubs", true, 11, 70, 6, 12, true}, /* 11 matadors */
        {"clubs", false, 11, 70, 6, 12, true},
        {"grand", true, 4, 70, 6, 5, true},   /* grand caps at 4 */
        {"grand", false, 4, 70, 6, 5, true},
        {"clubs hand", true, 2, 70, 6, 4, true},
        {"clubs", true, 2, 90, 8, 4, true},   /* schneider at 90 */
        {"clubs", true, 2, 89, 8, 3, true},
        {"clubs", true, 2, 120, 10, 5, true}, /* schneider, schwarz */
        {"clubs hand schneider", true, 2, 95, 8, 6, true},
        {"clubs hand schwarz", true, 2, 120, 10, 8, true},
        {"clubs ouvert", true, 2, 120, 10, 9, true},
        {"clubs", true, 2, 30, 3, 4, false},  /* lost, declarer schneider */
        {"clubs", true, 2, 0, 0, 5, false},   /* lost, declarer schwarz */
    };
    check_levels(&isko, cases, sizeof cases / sizeof *cases);
}

static void test_texas_levels(void **state)
{
    (void)state;
    static const LevelCase cases[] = {
        {"clubs", true, 1, 61, 5, 2, true},
        {"clubs", true, 1, 90, 8, 2, true},  /* rule 2 sec 3: schneider needs 91 */
        {"clubs", true, 1, 91, 8, 3, true},
        {"clubs hand", true, 1, 70, 6, 3, true},  /* out of the hand */
        {"clubs schneider", true, 1, 95, 8, 4, true}, /* announced after the skat */
        {"clubs schwarz", true, 1, 120, 10, 6, true},
        {"grand ouvert", true, 4, 120, 10, 9, true},  /* ouvert: no level, base 32 */
        {"grand ouvert hand", true, 4, 120, 10, 10, true},
        {"clubs", true, 1, 30, 3, 3, false}, /* rule 3 sec 5: fails to take 31 */
        {"clubs", true, 1, 0, 0, 3, false},  /* no schwarz level for the declarer's loss */
    };
    check_levels(&texas, cases, sizeof cases / sizeof *cases);
}

/* [facts B.2] Foster: game 1; schneider 2; announced schneider or unannounced
 * schwarz 3; schwarz after announcing schneider 4; announced schwarz 5; plus
 * the matadors.  [enc] North American Skat: the same, no hand level. */
static void test_tournee_levels(void **state)
{
    (void)state;
    static const LevelCase cases[] = {
        {"solo clubs", true, 1, 61, 5, 2, true},         /* game */
        {"solo clubs", true, 1, 90, 8, 2, true},         /* 91 for schneider */
        {"solo clubs", true, 1, 91, 8, 3, true},         /* schneider 2 */
        {"solo clubs schneider", true, 1, 95, 8, 4, true}, /* announced schneider 3 */
        {"solo clubs", true, 1, 120, 10, 4, true},       /* unannounced schwarz 3 */
        {"solo clubs schneider", true, 1, 120, 10, 5, true}, /* schwarz after schneider 4 */
        {"solo clubs schwarz", true, 1, 120, 10, 6, true},   /* announced schwarz 5 */
        {"tournee clubs schneider", false, 2, 95, 8, 5, true}, /* with the skat too */
        {"tournee spades", false, 2, 70, 6, 3, true},
        {"grand ouvert", true, 2, 120, 10, 7, true},
        {"guckser grand", true, 3, 70, 6, 4, true},
        {"solo clubs", true, 1, 30, 3, 3, false},        /* schneidered */
    };
    check_levels(&tournee, cases, sizeof cases / sizeof *cases);
}

static void test_classic_levels(void **state)
{
    (void)state;
    static const LevelCase cases[] = {
        {"grand", true, 2, 70, 6, 3, true},
        {"grand hand", true, 2, 70, 6, 4, true},
        {"grand", true, 2, 90, 8, 4, true},
        {"grand ouvert", true, 4, 120, 10, 11, true},
        {"hearts hand schneider", true, 3, 95, 8, 7, true},
        {"hearts", true, 3, 25, 2, 5, false},
    };
    check_levels(&classic, cases, sizeof cases / sizeof *cases);
}

/* ----- matadors ------------------------------------------------------------- */

/* [enc] "More examples": with 2, plus 1 is 3; with 1 (interrupted), plus 1
 * is 2; with 4, plus 1 is 5; without 2, plus 1 is 3; the heart jack alone is
 * also without 2; [enc] "having all the jacks and the ace but not the 10 ...
 * with 5"; "the heart jack but no higher jack ... without 2" [na]: a
 * highest trump of the diamond jack is without 3. */
static void test_matadors(void **state)
{
    (void)state;
    static const struct {
        const char *cards;
        GameType game;
        bool with;
        int count;
    } cases[] = {
        {"CJ SJ", GAME_HEARTS, true, 2},
        {"CJ HJ", GAME_HEARTS, true, 1},
        {"CJ SJ HJ DJ", GAME_HEARTS, true, 4},
        {"HJ", GAME_HEARTS, false, 2},
        {"HJ DJ", GAME_HEARTS, false, 2},
        {"CJ SJ HJ DJ CA C7", GAME_CLUBS, true, 5},
        {"DJ", GAME_SPADES, false, 3},
        /* [na] counts this "with 5" because it ranks K above 10; with
         * A 10 K Q (every other source, the Texas rules too) it is with 6. */
        {"CJ SJ HJ DJ SA ST S7", GAME_SPADES, true, 6},
        {"CJ SJ HJ DJ SA SK S7", GAME_SPADES, true, 5},
        /* american-skat-page.txt: heart jack highest: without two; CJ SJ HJ
         * without DJ: with three; SJ without CJ: without one; CJ without SJ:
         * with one. */
        {"HJ SA", GAME_SPADES, false, 2},
        {"CJ SJ HJ", GAME_SPADES, true, 3},
        {"SJ", GAME_SPADES, false, 1},
        {"CJ", GAME_SPADES, true, 1},
        {"HA HT", GAME_HEARTS, false, 4},
        {"HK", GAME_HEARTS, false, 6},
        {"", GAME_HEARTS, false, 11},
        {"CJ SJ HJ DJ HA HT HK HQ H9 H8 H7", GAME_HEARTS, true, 11},
        {"", GAME_GRAND, false, 4},
        {"SJ", GAME_GRAND, false, 1},
        /* Diamonds like any suit: the four jacks, then DA DT DK ... */
        {"DK", GAME_DIAMONDS, false, 6},
        {"CJ SJ HJ DJ DA DT D7", GAME_DIAMONDS, true, 6},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        bool with;
        int n = gamevalue_matadors(cases[i].game, test_cards(cases[i].cards), &with);
        if (n != cases[i].count || with != cases[i].with)
            fail_msg("case %zu (%s): %s %d", i, cases[i].cards, with ? "with" : "without", n);
    }
}

/* [isko] 2.4: matadors count the skat; a cap from the file applies. */
static void test_matador_cap(void **state)
{
    (void)state;
    RuleSystem capped = isko;
    capped.matadors_max_suit = 4;
    GameScore s = play(&capped, "clubs", matador_cards(GAME_CLUBS, true, 7), 70, 6, 0);
    assert_int_equal(s.matadors, 4);
    assert_int_equal(s.value, 5 * 12);
    s = play(&isko, "clubs", matador_cards(GAME_CLUBS, true, 7), 70, 6, 0);
    assert_int_equal(s.matadors, 7);
    assert_int_equal(s.value, 8 * 12);
}

/* ----- worked examples: ISkO and the encyclopedia --------------------------- */

/* [enc] Game value, example 1: with 1; hearts 20, hand 30, schneider 30;
 * grand 48. */
static void test_enc_example1(void **state)
{
    (void)state;
    CardSet cards = test_cards("CJ HJ HA HT HK H9 SA ST CA CT DA D7");
    assert_int_equal(play(&isko, "hearts", cards, 70, 6, 0).value, 20);
    assert_int_equal(play(&isko, "hearts hand", cards, 70, 6, 0).value, 30);
    assert_int_equal(play(&isko, "hearts", cards, 90, 7, 0).value, 30);
    assert_int_equal(play(&isko, "grand", cards, 70, 6, 0).value, 48);
}

/* [enc] Game value, example 2: hearts with 3 is safe at 40 whatever the
 * skat; played hand with schneider announced, the skat gives with 7 and the
 * declarer takes 95: 11 x 10 = 110. */
static void test_enc_example2(void **state)
{
    (void)state;
    GameReach reach;
    char err[256];
    /* Any skat without the diamond jack keeps "with 3". */
    Contract c = contract(&isko, "hearts");
    assert_true(gamevalue_reach(&isko, &c, test_cards("CJ SJ HJ H9 H8 SA ST SK CA CT C9 C8"), &reach, err, sizeof err));
    assert_int_equal(reach.min_value, 40);
    GameScore s = play(&isko, "hearts hand schneider", test_cards("CJ SJ HJ DJ HA HT HK H9 H8 SA ST CA"), 95, 8, 0);
    assert_true(s.won);
    assert_int_equal(s.matadors, 7);
    assert_int_equal(s.multiplier, 11);
    assert_int_equal(s.score, 110);
    assert_string_equal(breakdown(&isko, &s), "with 7, game 8, hand 9, schneider 10, schneider announced 11 -> 11 x 10 = 110");
    /* "Most players will declare a grand game with the above hand": with the
     * skat picked up and schneider, at least 24 x 6 = 144. */
    s = play(&isko, "grand", test_cards("CJ SJ HJ DJ HA HT HK H9 H8 SA ST CA"), 95, 8, 0);
    assert_int_equal(s.score, 144);
}

/* [enc] special cases: with 2, game 3, hand 4; with 2, game 3, schneider 4;
 * with 2 ... hand, schneider, schwarz is 6; with 2, game 3, hand 4,
 * schneider 5, announced 6, schwarz 7, announced 8, ouvert 9. */
static void test_enc_special_cases(void **state)
{
    (void)state;
    CardSet with2 = matador_cards(GAME_CLUBS, true, 2);
    assert_int_equal(play(&isko, "clubs hand", with2, 70, 6, 0).multiplier, 4);
    assert_int_equal(play(&isko, "clubs", with2, 92, 8, 0).multiplier, 4);
    GameScore s = play(&isko, "clubs hand", with2, 120, 10, 0);
    assert_int_equal(s.multiplier, 6);
    assert_string_equal(breakdown(&isko, &s), "with 2, game 3, hand 4, schneider 5, schwarz 6 -> 6 x 12 = 72");
    s = play(&isko, "clubs ouvert", with2, 120, 10, 0);
    assert_string_equal(breakdown(&isko, &s), "with 2, game 3, hand 4, schneider 5, schneider announced 6, schwarz 7, "
                                     "schwarz announced 8, ouvert 9 -> 9 x 12 = 108");
}

/* [isko] 5.2.6: clubs ouvert with two 9 x 12 = 108; grand ouvert with four
 * 11 x 24 = 264.  [enc] the highest level is 18 (clubs 216), the lowest 2. */
static void test_highest_values(void **state)
{
    (void)state;
    assert_int_equal(play(&isko, "clubs ouvert", matador_cards(GAME_CLUBS, true, 2), 120, 10, 0).score, 108);
    assert_int_equal(play(&isko, "grand ouvert", matador_cards(GAME_GRAND, true, 4), 120, 10, 0).score, 264);
    GameScore s = play(&isko, "clubs ouvert", matador_cards(GAME_CLUBS, true, 11), 120, 10, 0);
    assert_int_equal(s.multiplier, 18);
    assert_int_equal(s.score, 216);
    s = play(&isko, "clubs ouvert", matador_cards(GAME_CLUBS, false, 11), 120, 10, 0);
    assert_int_equal(s.score, 216);
    assert_int_equal(play(&isko, "diamonds", matador_cards(GAME_DIAMONDS, true, 1), 61, 4, 0).score, 18);
}

/* [enc] Overbid hands: bid 30 on clubs "without 2", the club jack in the skat
 * makes it with 1 = 24: lost with 36, -72; schneider (36) would cover the
 * bid; hearts instead loses 60 "unless the opponents score schneider". [frag]
 * repeats it. */
static void test_enc_overbid(void **state)
{
    (void)state;
    CardSet cards = test_cards("CJ HJ DJ CA CT CK CQ C9 SA ST HA D7");
    GameScore s = play(&isko, "clubs", cards, 75, 7, 30);
    assert_true(s.valid);
    assert_false(s.won);
    assert_true(s.overbid);
    assert_int_equal(s.value, 24);
    assert_int_equal(s.lost_value, 36);
    assert_int_equal(s.score, -72);
    assert_string_equal(breakdown(&isko, &s), "with 1, game 2 -> 2 x 12 = 24; lost: overbid (bid 30: 3 x 12 = 36) -> 2 x 36 = -72");
    /* Schneider raises the value to 36: won. */
    s = play(&isko, "clubs", cards, 95, 8, 30);
    assert_true(s.won);
    assert_false(s.overbid);
    assert_int_equal(s.score, 36);
    /* Hearts with 1 is 20: the lowest multiple of 10 not below 30. */
    s = play(&isko, "hearts", cards, 75, 7, 30);
    assert_true(s.overbid);
    assert_int_equal(s.score, -60);
    /* Schneidered in hearts: 3 x 10 = 30, still -60; schwarz: 4 x 10, -80. */
    s = play(&isko, "hearts", cards, 25, 2, 30);
    assert_false(s.overbid);
    assert_int_equal(s.score, -60);
    s = play(&isko, "hearts", cards, 0, 0, 30);
    assert_int_equal(s.score, -80);
    /* Lost on points and overbid: the bid's multiple, 72. */
    s = play(&isko, "clubs", cards, 45, 4, 30);
    assert_int_equal(s.score, -72);
    assert_string_equal(breakdown(&isko, &s),
                        "with 1, game 2 -> 2 x 12 = 24; lost: 45 card points, overbid (bid 30: 3 x 12 = 36) -> 2 x 36 = -72");
}

/* [enc] Scoring, example 1: bid 20, grand won with 78 card points; the
 * article counts 24 x (2 + 1) = 72: with 2, game 3. */
static void test_enc_grand_72(void **state)
{
    (void)state;
    GameScore s = play(&isko, "grand", test_cards("CJ SJ CA CT CK SA ST SK HA HT D7 D8"), 78, 7, 20);
    assert_true(s.won);
    assert_int_equal(s.score, 72);
    assert_string_equal(breakdown(&isko, &s), "with 2, game 3 -> 3 x 24 = 72");
    /* With one it would be 2 x 24. */
    s = play(&isko, "grand", test_cards("CJ HJ CA CT CK SA ST SK HA HT D7 D8"), 78, 7, 20);
    assert_int_equal(s.score, 48);
}

/* [enc] Scoring, example 2: bid 30, null ouvert lost in the ninth trick:
 * 46 doubled, -92. */
static void test_enc_null_ouvert_lost(void **state)
{
    (void)state;
    GameScore s = play(&isko, "null ouvert", 0, 0, 1, 30);
    assert_false(s.won);
    assert_int_equal(s.score, -92);
    assert_string_equal(breakdown(&isko, &s), "null ouvert 46; lost: the declarer took a trick -> 2 x 46 = -92");
    s = play(&isko, "null ouvert", 0, 0, 0, 30);
    assert_true(s.won);
    assert_int_equal(s.score, 46);
}

/* [facts A.6] preisskat.org: grand hand, schneider announced, three jacks in
 * hand and the fourth in the skat, the opponents take 31: "with 4, game 5,
 * hand 6, schneider 7, announced 8" = 192, doubled since 1999. */
static void test_missed_schneider_announced(void **state)
{
    (void)state;
    GameScore s = play(&isko, "grand hand schneider", matador_cards(GAME_GRAND, true, 4), 89, 8, 0);
    assert_false(s.won);
    assert_int_equal(s.value, 192);
    assert_int_equal(s.score, -384);
    assert_string_equal(breakdown(&isko, &s), "with 4, game 5, hand 6, schneider 7, schneider announced 8 -> 8 x 24 = 192; "
                                     "lost: schneider announced, 89 card points -> 2 x 192 = -384");
    /* [isko] 5.2.5: no level twice: schneider announced and the declarer
     * schneidered himself counts schneider once. */
    s = play(&isko, "clubs hand schneider", matador_cards(GAME_CLUBS, true, 1), 25, 3, 0);
    assert_int_equal(s.multiplier, 5);
    assert_int_equal(s.score, -120);
    /* Schwarz announced and missed: every level up to schwarz announced. */
    s = play(&isko, "clubs hand schwarz", matador_cards(GAME_CLUBS, true, 1), 100, 9, 0);
    assert_int_equal(s.multiplier, 7);
    assert_int_equal(s.score, -168);
    /* An ouvert game losing a trick counts as schwarz announced. */
    s = play(&isko, "grand ouvert", matador_cards(GAME_GRAND, true, 4), 110, 9, 0);
    assert_int_equal(s.value, 264);
    assert_int_equal(s.score, -528);
}

/* [facts A.6] Buro's declarations: a declarer with 30 or fewer loses with
 * the schneider level, without a trick with the schwarz level too. */
static void test_declarer_schneider_schwarz(void **state)
{
    (void)state;
    CardSet cards = matador_cards(GAME_CLUBS, true, 1);
    GameScore s = play(&isko, "clubs", cards, 30, 3, 0);
    assert_int_equal(s.score, -72);
    assert_string_equal(breakdown(&isko, &s),
                        "with 1, game 2, schneider 3 -> 3 x 12 = 36; lost: 30 card points (declarer schneider) -> 2 x 36 = -72");
    assert_int_equal(play(&isko, "clubs", cards, 31, 3, 0).score, -48);
    assert_int_equal(play(&isko, "clubs", cards, 0, 0, 0).score, -96);
    assert_int_equal(play(&isko, "clubs", cards, 11, 0, 0).score, -96); /* skat points only */
}

/* [facts A.5] Skat-Gericht case 002: bid 23, spades played without the skat
 * but hand not announced: without 1, game 2 = 22; the opponents took 31:
 * lost with schneider's 33, doubled, 66; with the opponents at 30 schneider
 * would have covered the bid. */
static void test_skatgericht_002(void **state)
{
    (void)state;
    CardSet cards = matador_cards(GAME_SPADES, false, 1);
    GameScore s = play(&isko, "spades", cards, 89, 8, 23);
    assert_true(s.overbid);
    assert_int_equal(s.score, -66);
    s = play(&isko, "spades", cards, 90, 8, 23);
    assert_true(s.won);
    assert_int_equal(s.score, 33);
}

/* [facts A.5] preisskat.org: forehand held 45 on diamonds without 4 and found
 * the club jack in the skat: no diamonds game reaches 45 (schwarz is 36); a
 * grand or null ouvert (46) does.  Null (23) may replace a spades game bid
 * at 22; null hand announced after 50 was accepted only as null ouvert hand
 * (59). */
static void test_covering_the_bid(void **state)
{
    (void)state;
    CardSet cards = test_cards("CJ DA DT DK DQ D9 D8 D7 SA ST HA H7");
    Contract diamonds = contract(&isko, "diamonds");
    GameReach reach;
    char err[256];
    assert_true(gamevalue_reach(&isko, &diamonds, cards, &reach, err, sizeof err));
    assert_int_equal(reach.max_value, 36);
    assert_false(gamevalue_covers(&isko, &diamonds, cards, 45));
    Contract grand = contract(&isko, "grand");
    assert_true(gamevalue_covers(&isko, &grand, cards, 45));
    Contract null_ouvert = contract(&isko, "null ouvert");
    assert_true(gamevalue_covers(&isko, &null_ouvert, cards, 45));
    Contract null = contract(&isko, "null");
    assert_true(gamevalue_covers(&isko, &null, cards, 22));
    assert_false(gamevalue_covers(&isko, &null, cards, 24));
    assert_true(play(&isko, "null", 0, 0, 0, 22).won);
    Contract null_hand = contract(&isko, "null hand");
    assert_false(gamevalue_covers(&isko, &null_hand, cards, 50));
    assert_int_equal(play(&isko, "null ouvert hand", 0, 0, 0, 50).score, 59);
    /* A diamonds game announced at bid 22 with two matadors is worth 27. */
    Contract d = contract(&isko, "diamonds");
    assert_true(gamevalue_reach(&isko, &d, matador_cards(GAME_DIAMONDS, true, 2), &reach, err, sizeof err));
    assert_int_equal(reach.min_value, 27);
}

/* Null below the bid: not allowed under the ISkO (see isko.yaml); with the
 * file's alternative (null: lost) it is lost at the next multiple. */
static void test_null_overbid_policy(void **state)
{
    (void)state;
    GamePlay p = {.contract = contract(&isko, "null"), .declarer_tricks = 0, .bid = 24};
    GameScore s;
    assert_false(gamevalue_score(&isko, &p, &s));
    assert_false(s.valid);
    assert_int_equal(s.score, 0);
    assert_non_null(strstr(breakdown(&isko, &s), "not allowed"));
    for (size_t i = 0; i < 3; i++) {
        const RuleSystem *r = i == 0 ? &texas : i == 1 ? &tournee : &classic;
        GamePlay q = {.contract = contract(r, "null"), .bid = 100};
        assert_false(gamevalue_score(r, &q, &s));
    }
    RuleSystem lost = isko;
    lost.null_overbid = NULL_OVERBID_LOST;
    assert_true(gamevalue_score(&lost, &p, &s));
    assert_true(s.overbid);
    assert_false(s.won);
    assert_int_equal(s.score, -92);
}

/* ----- the announcement obligation ------------------------------------------ */

/* A game of rule system r with the skat as dealt (the twelve cards are the
 * ten and the skat); false when the rules refuse it. */
static bool play_dealt(const RuleSystem *r, const char *text, const char *ten, const char *skat, int points,
                       int tricks, int bid, GameScore *s)
{
    CardSet k = test_cards(skat);
    GamePlay p = {.contract = contract(r, text), .cards = test_cards(ten) | k, .skat = k, .declarer_points = points,
                  .declarer_tricks = tricks, .bid = bid};
    return gamevalue_score(r, &p, s);
}

/* [facts A.5] preisskat.org: forehand held 45 planning diamonds without 4,
 * found the club jack in the skat: no diamonds game reaches 45 (schwarz is
 * 36), so he may not announce one, not even to concede at once; with the
 * same cards a grand (48) may be. */
static const char karo_ten[] = "DA DT DK DQ D9 D8 D7 SA ST HA", karo_skat[] = "CJ H7";

static void test_unreachable_after_skat(void **state)
{
    (void)state;
    GameScore s;
    assert_false(play_dealt(&isko, "diamonds", karo_ten, karo_skat, 120, 10, 45, &s));
    assert_false(s.valid);
    assert_int_equal(s.score, 0);
    assert_string_equal(s.reason, "diamonds cannot reach the bid 45 (at most 36 with these twelve cards): not allowed "
                                  "in the isko rules");
    GamePlay conceded = {.contract = contract(&isko, "diamonds"), .cards = test_cards(karo_ten) | test_cards(karo_skat),
                         .skat = test_cards(karo_skat), .declarer_points = 2, .bid = 45, .conceded = true};
    assert_false(gamevalue_score(&isko, &conceded, &s));
    /* At 36 schwarz reaches the bid: an overbid that might have been won,
     * lost at 4 x 9, doubled; won schwarz it is worth exactly the bid. */
    assert_true(play_dealt(&isko, "diamonds", karo_ten, karo_skat, 61, 5, 36, &s));
    assert_true(s.overbid);
    assert_int_equal(s.score, -72);
    assert_true(play_dealt(&isko, "diamonds", karo_ten, karo_skat, 120, 10, 36, &s));
    assert_true(s.won);
    assert_int_equal(s.score, 36);
    assert_true(play_dealt(&isko, "grand", karo_ten, karo_skat, 61, 5, 45, &s));
    assert_int_equal(s.score, 48);
    /* Texas allows announcing after the pick-up, ouvert too (base 18): the
     * diamonds game can still reach 45 there. */
    assert_true(play_dealt(&texas, "diamonds", karo_ten, karo_skat, 61, 5, 45, &s));
    assert_true(s.overbid);
}

/* A hand game is judged by what any skat could have given, with every
 * announcement it could carry: the skat as dealt does not make it invalid. */
static void test_unreachable_hand_any_skat(void **state)
{
    (void)state;
    GameScore s;
    /* Spades without 4 in the hand; the club jack in the skat makes it with
     * 1 (at most 8 x 11 = 88), but a skat without jacks leaves it without 4:
     * schwarz announced and ouvert, 11 x 11 = 121. */
    const char *ten = "SA ST SK SQ S9 S8 S7 HA HT DA";
    assert_true(play_dealt(&isko, "spades hand", ten, "CJ D7", 70, 6, 99, &s));
    assert_true(s.overbid);
    assert_int_equal(s.score, -198); /* 9 x 11, doubled */
    assert_false(play_dealt(&isko, "spades hand", ten, "CJ D7", 120, 10, 132, &s));
    assert_string_equal(s.reason, "spades hand cannot reach the bid 132 (at most 121 with any skat): not allowed in "
                                  "the isko rules");
    /* A skat can fill two gaps of a run held: CJ SJ . DJ SA ST SK SQ S9 . is
     * with 10 (187); the skat as dealt leaves it with 2. */
    const char *run = "CJ SJ DJ SA ST SK SQ S9 HA HT";
    assert_true(play_dealt(&isko, "spades hand", run, "D7 D8", 90, 8, 187, &s));
    assert_int_equal(s.score, -374);
    assert_false(play_dealt(&isko, "spades hand", run, "D7 D8", 120, 10, 198, &s));
    assert_non_null(strstr(s.reason, "(at most 187 with any skat)"));
    /* Without the skat known (0) any two of the twelve may be it: refused
     * only where no such split could reach the bid. */
    GamePlay unknown = {.contract = contract(&isko, "spades hand"), .cards = test_cards(ten) | test_cards("CJ D7"),
                        .declarer_points = 70, .declarer_tricks = 6, .bid = 132};
    assert_true(gamevalue_score(&isko, &unknown, &s));
    unknown.bid = 143;
    assert_false(gamevalue_score(&isko, &unknown, &s));
}

/* [na] "the Player may never declare a game which could not, under any
 * circumstances, earn a score equal or exceeding the value of his bid": a
 * Tournee is named before its trump is turned, so any skat and any trump it
 * could turn count (clubs without 11: 16 x 8 = 128); a Solo names its trump. */
static void test_unreachable_forms(void **state)
{
    (void)state;
    GameScore s;
    const char *ten = "DA DT DK SA ST SK SQ HA HT HK";
    assert_true(play_dealt(&tournee, "tournee diamonds", ten, "D7 H7", 70, 6, 100, &s));
    assert_true(s.overbid);
    assert_false(play_dealt(&tournee, "tournee diamonds", ten, "D7 H7", 70, 6, 130, &s));
    assert_non_null(strstr(s.reason, "(at most 128 with any skat)"));
    /* Solo diamonds without 4 at most: 9 x (4 + game, schneider, announced,
     * schwarz, announced) = 81. */
    assert_true(play_dealt(&tournee, "solo diamonds", ten, "D7 H7", 70, 6, 81, &s));
    assert_false(play_dealt(&tournee, "solo diamonds", ten, "D7 H7", 70, 6, 82, &s));
    assert_non_null(strstr(s.reason, "(at most 81 with any skat)"));
}

/* overbid: unreachable: lost scores such a game as a lost overbid, as
 * before the rule; so does a declarer forced to the bid (evaluate's worlds),
 * whatever the rules say. */
static void test_unreachable_policy(void **state)
{
    (void)state;
    GameScore s;
    RuleSystem lost = isko;
    lost.unreachable = UNREACHABLE_LOST;
    assert_true(play_dealt(&lost, "diamonds", karo_ten, karo_skat, 61, 5, 45, &s));
    assert_true(s.overbid);
    assert_false(s.won);
    assert_int_equal(s.overbid_multiple, 5);
    assert_int_equal(s.score, -90);
    GamePlay forced = {.contract = contract(&isko, "diamonds"), .cards = test_cards(karo_ten) | test_cards(karo_skat),
                       .skat = test_cards(karo_skat), .declarer_points = 61, .declarer_tricks = 5, .bid = 45,
                       .forced = true};
    assert_true(gamevalue_score(&isko, &forced, &s));
    assert_int_equal(s.score, -90);
    /* No bid, nothing to reach. */
    assert_true(play_dealt(&isko, "diamonds", karo_ten, karo_skat, 61, 5, 0, &s));
    assert_int_equal(s.score, 18);
}

/* ----- worked examples: Texas ----------------------------------------------- */

/* [texas] rule 3 sec 2 and rule 8: lost skat games double, hand games single;
 * an overbid is charged the next value single or double the same way. */
static void test_texas_lost_and_overbid(void **state)
{
    (void)state;
    CardSet with1 = matador_cards(GAME_CLUBS, true, 1);
    assert_int_equal(play(&texas, "clubs", with1, 50, 5, 0).score, -48);
    assert_int_equal(play(&texas, "clubs hand", with1, 50, 5, 0).score, -36);
    GameScore s = play(&texas, "clubs hand", with1, 70, 6, 40);
    assert_true(s.overbid);
    assert_int_equal(s.score, -48);
    s = play(&texas, "clubs", with1, 70, 6, 30);
    assert_int_equal(s.score, -72);
    /* Rule 3 sec 3: schneider announced and the opponents take 30: lost. */
    s = play(&texas, "clubs schneider", with1, 90, 8, 0);
    assert_false(s.won);
    assert_int_equal(s.score, -96);
    /* Null lost: skat game double, out of the hand single. */
    assert_int_equal(play(&texas, "null", 0, 0, 2, 0).score, -40);
    assert_int_equal(play(&texas, "null hand", 0, 0, 2, 0).score, -30);
    assert_int_equal(play(&texas, "null ouvert hand", 0, 0, 2, 0).score, -60);
}

/* [facts B.1] pagat on Texas Skat: grand ouvert with 4 = (4 + game +
 * schneider + announced + schwarz + announced = 9) x 2 x 16 = 288; [texas]
 * rule 3 sec 4: ouvert loses when the opponents take a trick. */
static void test_texas_grand_ouvert(void **state)
{
    (void)state;
    CardSet four = matador_cards(GAME_GRAND, true, 4);
    GameScore s = play(&texas, "grand ouvert", four, 120, 10, 0);
    assert_int_equal(s.score, 288);
    s = play(&texas, "grand ouvert", four, 115, 9, 0);
    assert_false(s.won);
    assert_int_equal(s.score, -576);
    s = play(&texas, "grand ouvert hand", four, 115, 9, 0);
    assert_int_equal(s.score, -320);
}

/* ----- worked examples: Tournee --------------------------------------------- */

/* [na] a spade Solo bid 24 that makes game but only 22 loses 33, doubled for
 * Guckser and passt mir nicht. */
static void test_tournee_overbid(void **state)
{
    (void)state;
    GameScore s = play(&tournee, "solo spades", matador_cards(GAME_SPADES, true, 1), 70, 6, 24);
    assert_true(s.overbid);
    assert_int_equal(s.value, 22);
    assert_int_equal(s.score, -33);
    assert_string_equal(breakdown(&tournee, &s), "with 1, game 2 -> 2 x 11 = 22; lost: overbid (bid 24: 3 x 11 = 33) -> -33");
    /* "the next multiple ... higher than his bid": bid 33 loses 44. */
    assert_int_equal(play(&tournee, "solo spades", matador_cards(GAME_SPADES, true, 1), 70, 6, 33).score, -44);
    s = play(&tournee, "guckser grand", matador_cards(GAME_GRAND, true, 1), 70, 6, 40);
    assert_int_equal(s.score, -96);
    s = play(&tournee, "passt-mir-nicht spades", matador_cards(GAME_SPADES, true, 1), 70, 6, 20);
    assert_int_equal(s.score, -42);
}

/* [na] losses: single; passt mir nicht and Guckser double; schneidered
 * (fewer than 31) with the schneider level; an announcement missed loses at
 * the announced level. [enc] Grand Guckser 16, 32 if lost. */
static void test_tournee_losses(void **state)
{
    (void)state;
    CardSet spades = matador_cards(GAME_SPADES, true, 1);
    assert_int_equal(play(&tournee, "tournee spades", spades, 50, 5, 0).score, -14);
    assert_int_equal(play(&tournee, "passt-mir-nicht spades", spades, 50, 5, 0).score, -28);
    assert_int_equal(play(&tournee, "solo spades", spades, 30, 3, 0).score, -33);
    assert_int_equal(play(&tournee, "solo spades schneider", spades, 80, 7, 0).score, -44);
    CardSet grand = matador_cards(GAME_GRAND, true, 1);
    assert_int_equal(play(&tournee, "guckser grand", grand, 70, 6, 0).score, 32);
    assert_int_equal(play(&tournee, "guckser grand", grand, 50, 6, 0).score, -64);
    assert_int_equal(play(&tournee, "null", 0, 0, 1, 0).score, -20);
    assert_int_equal(play(&tournee, "null ouvert", 0, 0, 0, 0).score, 40);
}

/* ----- classic: doubling and Spitze ------------------------------------------ */

/* [enc] Kontra doubles, Re redoubles, "Bock" and "Hirsch" again. */
static void test_classic_doubling(void **state)
{
    (void)state;
    GamePlay p = {.contract = contract(&classic, "clubs"), .cards = matador_cards(GAME_CLUBS, true, 1),
                  .declarer_points = 70, .declarer_tricks = 6};
    static const int won[] = {24, 48, 96, 192, 384};
    GameScore s;
    for (int k = 0; k <= 4; k++) {
        p.doubling = k;
        assert_true(gamevalue_score(&classic, &p, &s));
        assert_int_equal(s.score, won[k]);
        assert_int_equal(s.value, 24);
    }
    p.doubling = 2;
    p.declarer_points = 50;
    assert_true(gamevalue_score(&classic, &p, &s));
    assert_int_equal(s.score, -192);
    assert_string_equal(breakdown(&classic, &s), "with 1, game 2 -> 2 x 12 = 24; lost: 50 card points -> 2 x 24 = -48; kontra, re x4 = -192");
    /* Kontra does not change the bid the game must reach. */
    p.declarer_points = 70;
    p.bid = 27;
    assert_true(gamevalue_score(&classic, &p, &s));
    assert_true(s.overbid);
    assert_int_equal(s.score, -36 * 2 * 4);
    /* Each call's factor comes from the file. */
    RuleSystem triple = classic;
    triple.doubling[0].factor = 3;
    p.doubling = 2;
    p.bid = 0;
    assert_true(gamevalue_score(&triple, &p, &s));
    assert_int_equal(s.score, 24 * 3 * 2);
    /* No doubling in the ISkO. */
    p.contract = contract(&isko, "clubs");
    p.doubling = 1;
    p.bid = 0;
    assert_false(gamevalue_score(&isko, &p, &s));
    assert_false(s.valid);
}

/* A Bock round doubles the score on top of kontra and re, by the factor of
 * the rules' call named bock; a rule system without one refuses it. */
static void test_bock_round(void **state)
{
    (void)state;
    GamePlay p = {.contract = contract(&classic, "clubs"), .cards = matador_cards(GAME_CLUBS, true, 1),
                  .declarer_points = 70, .declarer_tricks = 6, .bock = true};
    GameScore s;
    assert_true(gamevalue_score(&classic, &p, &s));
    assert_int_equal(s.score, 48);
    assert_int_equal(s.value, 24);
    p.doubling = 1;
    p.declarer_points = 50;
    assert_true(gamevalue_score(&classic, &p, &s));
    assert_int_equal(s.score, -48 * 4);
    assert_string_equal(breakdown(&classic, &s),
                        "with 1, game 2 -> 2 x 12 = 24; lost: 50 card points -> 2 x 24 = -48; kontra, bock round x4 = -192");
    RuleSystem triple = classic;
    triple.doubling[2].factor = 3;
    assert_true(gamevalue_score(&triple, &p, &s));
    assert_int_equal(s.score, -48 * 2 * 3);
    p.contract = contract(&isko, "clubs");
    p.doubling = 0;
    assert_false(gamevalue_score(&isko, &p, &s));
    assert_string_equal(s.reason, "the isko rules have no Bock rounds");
}

/* [na] Spitze: one more level when the lowest trump takes the last trick;
 * failing it loses like a game not made. */
static void test_classic_spitze(void **state)
{
    (void)state;
    GamePlay p = {.contract = contract(&classic, "clubs"), .cards = test_cards("CJ HJ CA CT CK C7 SA ST HA HT DA D8"),
                  .declarer_points = 80, .declarer_tricks = 7, .spitze = 1, .spitze_made = true};
    GameScore s;
    assert_true(gamevalue_score(&classic, &p, &s));
    assert_int_equal(s.score, 36);
    assert_string_equal(breakdown(&classic, &s), "with 1, game 2, spitze 3 -> 3 x 12 = 36");
    p.spitze_made = false;
    assert_true(gamevalue_score(&classic, &p, &s));
    assert_int_equal(s.score, -72);
    /* Without the seven of trumps there is no Spitze. */
    p.cards = test_cards("CJ HJ CA CT CK C8 SA ST HA HT DA D8");
    assert_false(gamevalue_score(&classic, &p, &s));
    /* Grand's lowest trump is the diamond jack. */
    p.contract = contract(&classic, "grand");
    p.cards = test_cards("CJ DJ CA CT CK C8 SA ST HA HT DA D8");
    p.spitze_made = true;
    assert_true(gamevalue_score(&classic, &p, &s));
    assert_int_equal(s.score, 60);
    /* The ISkO has none. */
    p.contract = contract(&isko, "grand");
    assert_false(gamevalue_score(&isko, &p, &s));
}

/* Thirty card names, forehand leading the first trick, as an array. */
static void parse_play(const char *text, int play[30])
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    int n = 0;
    char *save = NULL;
    for (char *w = strtok_r(buf, " /", &save); w; w = strtok_r(NULL, " /", &save)) {
        assert_true(n < 30);
        play[n++] = test_card(w);
    }
    assert_int_equal(n, 30);
}

/* [na] "if the Player declared two Spitzes, they would have to win the last
 * trick with the lowest trump card and then win the second to last trick in
 * the hand with the second lowest trump card."  Grand, forehand declares;
 * the trumps from the lowest: DJ HJ SJ CJ. */
static void test_spitze_tricks(void **state)
{
    (void)state;
    int p[30];
    /* The declarer takes tricks 7 to 10 with CJ SJ HJ DJ: up to four Spitzen
     * made, and a fifth is more trumps than grand has. */
    parse_play("CA C7 D9 / CT C8 DQ / CK C9 DK / SA S8 S7 / ST S9 SK / HA H9 H7 / CJ CQ DT / SJ SQ DA / HJ HK HT / "
               "DJ HQ H8", p);
    for (int spitze = 1; spitze <= 4; spitze++)
        if (!gamevalue_spitze_made(GAME_GRAND, SEAT_FOREHAND, p, spitze))
            fail_msg("%d Spitzen not made", spitze);
    assert_false(gamevalue_spitze_made(GAME_GRAND, SEAT_FOREHAND, p, 5));
    /* HJ in the eighth trick and SJ in the ninth: the second lowest trump
     * did not take the second to last trick. */
    parse_play("CA C7 D9 / CT C8 DQ / CK C9 DK / SA S8 S7 / ST S9 SK / HA H9 H7 / CJ CQ DT / HJ SQ DA / SJ HK HT / "
               "DJ HQ H8", p);
    assert_true(gamevalue_spitze_made(GAME_GRAND, SEAT_FOREHAND, p, 1));
    assert_false(gamevalue_spitze_made(GAME_GRAND, SEAT_FOREHAND, p, 2));
    /* The declarer leads the diamond jack to the last trick and rearhand
     * takes it with the heart jack: the lowest trump played last is not
     * enough, it must win the trick. */
    parse_play("CA C9 D7 / CT C8 D8 / CK C7 D9 / CQ H8 DQ / SA S8 S7 / ST S9 DK / SK SQ DT / HA H9 H7 / HT HQ DA / "
               "DJ HK HJ", p);
    assert_false(gamevalue_spitze_made(GAME_GRAND, SEAT_FOREHAND, p, 1));
}

/* [na] "Each Spitze declared adds one multiplier": clubs with 1 and two
 * Spitzen (C7, C8) is with 1, game 2, two Spitzen 4: 4 x 12 = 48; not made,
 * lost like a game not made, doubled. */
static void test_two_spitzen(void **state)
{
    (void)state;
    RuleSystem two = classic;
    two.spitze_max = 2;
    GamePlay p = {.contract = contract(&two, "clubs"), .cards = test_cards("CJ HJ CA CT CK C8 C7 SA ST HA HT DA"),
                  .declarer_points = 80, .declarer_tricks = 7, .spitze = 2, .spitze_made = true};
    GameScore s;
    assert_true(gamevalue_score(&two, &p, &s));
    assert_int_equal(s.multiplier, 4);
    assert_int_equal(s.score, 48);
    p.spitze_made = false;
    assert_true(gamevalue_score(&two, &p, &s));
    assert_int_equal(s.score, -96);
}

/* Schwarz announced (schneider with it) and 80 card points: the game is lost
 * for the missed schwarz; the loss names that announcement only, not
 * schneider as well (the breakdown says why the game was lost). */
static void test_missed_schwarz_reason(void **state)
{
    (void)state;
    GameScore s = play(&isko, "clubs hand schwarz", matador_cards(GAME_CLUBS, true, 2), 80, 8, 0);
    assert_false(s.won);
    assert_true(s.lost.schwarz_missed);
    assert_false(s.lost.schneider_missed);
    assert_false(s.lost.short_of_points);
}

/* A rule file that does not count the declarer's own schneider in a loss:
 * clubs with 2 lost with 30 card points is with 2, game 3 (36, -72), where
 * the ISkO counts schneider too (4 x 12 = 48, -96). */
static void test_lost_without_own_schneider(void **state)
{
    (void)state;
    RuleSystem r = isko;
    r.lost_counts_schneider = false;
    GameScore s = play(&r, "clubs", matador_cards(GAME_CLUBS, true, 2), 30, 3, 0);
    assert_false(s.won);
    assert_int_equal(s.multiplier, 3);
    assert_int_equal(s.score, -72);
    assert_int_equal(play(&isko, "clubs", matador_cards(GAME_CLUBS, true, 2), 30, 3, 0).score, -96);
}

/* [enc] "Declarer may, unilaterally, concede a loss": a conceded game is
 * lost whatever the card points, at its value (clubs with 2: 36, -72); a
 * conceded null game without a trick is lost too (23, -46). */
static void test_conceded(void **state)
{
    (void)state;
    GamePlay p = {.contract = contract(&isko, "clubs"), .cards = matador_cards(GAME_CLUBS, true, 2),
                  .declarer_points = 70, .declarer_tricks = 6, .conceded = true};
    GameScore s;
    assert_true(gamevalue_score(&isko, &p, &s));
    assert_false(s.won);
    assert_int_equal(s.score, -72);
    p = (GamePlay){.contract = contract(&isko, "null"), .conceded = true};
    assert_true(gamevalue_score(&isko, &p, &s));
    assert_false(s.won);
    assert_int_equal(s.score, -46);
}

/* ----- invalid input --------------------------------------------------------- */

static void test_invalid_play(void **state)
{
    (void)state;
    GameScore s;
    GamePlay p = {.contract = contract(&isko, "clubs"), .cards = matador_cards(GAME_CLUBS, true, 1),
                  .declarer_points = 70, .declarer_tricks = 6};
    assert_true(gamevalue_score(&isko, &p, &s));
    GamePlay bad = p;
    bad.cards = test_cards("CJ CA");
    assert_false(gamevalue_score(&isko, &bad, &s));
    bad = p;
    bad.declarer_points = 121;
    assert_false(gamevalue_score(&isko, &bad, &s));
    bad = p;
    bad.declarer_tricks = 10;
    assert_false(gamevalue_score(&isko, &bad, &s)); /* all tricks are all points */
    bad = p;
    bad.declarer_tricks = 0;
    assert_false(gamevalue_score(&isko, &bad, &s));
    /* Without a trick the declarer has only the skat: two aces at most, 22. */
    bad = p;
    bad.declarer_tricks = 0;
    bad.declarer_points = 22;
    assert_true(gamevalue_score(&isko, &bad, &s));
    bad.declarer_points = 23;
    assert_false(gamevalue_score(&isko, &bad, &s));
    bad = p;
    bad.contract.schneider_announced = true; /* without hand */
    assert_false(gamevalue_score(&isko, &bad, &s));
    assert_non_null(strstr(breakdown(&isko, &s), "not a hand game"));
    assert_true(gamevalue_score(&texas, &bad, &s)); /* Texas allows it */
    bad = p;
    bad.contract.form = 1; /* the ISkO has no forms */
    assert_false(gamevalue_score(&isko, &bad, &s));
}

/* ----- the bid ladder --------------------------------------------------------- */

/* [facts A.7] the 63 ISkO values; [enc] the double-digit sequence 18 ... 99. */
static void test_isko_ladder(void **state)
{
    (void)state;
    static const int expected[] = {
        18,  20,  22,  23,  24,  27,  30,  33,  35,  36,  40,  44,  45,  46,  48,  50,  54,  55,  59,  60,  63,
        66,  70,  72,  77,  80,  81,  84,  88,  90,  96,  99,  100, 108, 110, 117, 120, 121, 126, 130, 132, 135,
        140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187, 192, 198, 204, 216, 240, 264,
    };
    int values[100];
    int n = bid_ladder(&isko, values, 100);
    assert_int_equal(n, 63);
    assert_memory_equal(values, expected, sizeof expected);
    static const int encyclopedia[] = {18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50,
                                       54, 55, 59, 60, 63, 66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99};
    assert_memory_equal(values, encyclopedia, sizeof encyclopedia);
    /* A short buffer gets the first values and the full count. */
    int few[3];
    assert_int_equal(bid_ladder(&isko, few, 3), 63);
    assert_int_equal(few[2], 22);
}

/* An independent generator: base x levels for every level count a game can
 * have, the fixed null values, from the minimum bid. */
static int expected_ladder(const int *bases, const int *lo, const int *hi, int n, const int *fixed, int nfixed,
                           int min, int *out)
{
    static unsigned char seen[20000];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < n; i++)
        for (int m = lo[i]; m <= hi[i]; m++)
            seen[bases[i] * m] = 1;
    for (int i = 0; i < nfixed; i++)
        seen[fixed[i]] = 1;
    int count = 0;
    for (int v = min; v < 20000; v++)
        if (seen[v])
            out[count++] = v;
    return count;
}

static void test_texas_ladder(void **state)
{
    (void)state;
    /* Suits: 2..17 levels; ouvert (double base) with schneider and schwarz
     * announced: 6..17; grand 2..10, grand ouvert 6..10. */
    static const int bases[] = {9, 10, 11, 12, 18, 20, 22, 24, 16, 32};
    static const int lo[] = {2, 2, 2, 2, 6, 6, 6, 6, 2, 6};
    static const int hi[] = {17, 17, 17, 17, 17, 17, 17, 17, 10, 10};
    static const int nulls[] = {20, 30, 40, 60};
    int expected[400], values[400];
    int n = expected_ladder(bases, lo, hi, 10, nulls, 4, 18, expected);
    assert_int_equal(bid_ladder(&texas, values, 400), n);
    assert_memory_equal(values, expected, (size_t)n * sizeof *values);
    assert_int_equal(values[0], 18);
    assert_int_equal(values[n - 1], 408); /* clubs ouvert hand with 11 */
}

static void test_classic_ladder(void **state)
{
    (void)state;
    /* Spitze adds a level to the ISkO maximum: suits 2..19, grand 20 x 2..12. */
    static const int bases[] = {9, 10, 11, 12, 20};
    static const int lo[] = {2, 2, 2, 2, 2};
    static const int hi[] = {19, 19, 19, 19, 12};
    static const int nulls[] = {23, 35, 46, 59};
    int expected[400], values[400];
    int n = expected_ladder(bases, lo, hi, 5, nulls, 4, 18, expected);
    assert_int_equal(bid_ladder(&classic, values, 400), n);
    assert_memory_equal(values, expected, (size_t)n * sizeof *values);
    assert_int_equal(values[n - 1], 240);
}

/* [na] minimum bid 10, then any number; up to the highest game value. */
static void test_tournee_ladder(void **state)
{
    (void)state;
    int values[400];
    int n = bid_ladder(&tournee, values, 400);
    /* Highest: grand ouvert with 4 and every level (4 + 5) x 24 = 216. */
    assert_int_equal(n, 216 - 10 + 1);
    assert_int_equal(values[0], 10);
    assert_int_equal(values[1], 11);
    assert_int_equal(values[n - 1], 216);
    assert_int_equal(play(&tournee, "grand ouvert", matador_cards(GAME_GRAND, true, 4), 120, 10, 0).score, 216);
}

/* The minimum bid and the ladder step are parameters of the file. */
static void test_ladder_parameters(void **state)
{
    (void)state;
    int values[400];
    RuleSystem r = isko;
    r.min_bid = 20;
    assert_int_equal(bid_ladder(&r, values, 400), 62);
    assert_int_equal(values[0], 20);
    assert_int_equal(bid_ceiling(&r, 19), 0);
    /* From 21 the game value 20 is below the minimum: off the ladder. */
    r.min_bid = 21;
    assert_int_equal(bid_ladder(&r, values, 400), 61);
    assert_int_equal(values[0], 22);
    assert_int_equal(bid_ceiling(&r, 20), 0);
    r = tournee;
    r.ladder_step = 2; /* "by custom ... multiples of 2" */
    int n = bid_ladder(&r, values, 400);
    assert_int_equal(values[0], 10);
    assert_int_equal(values[1], 12);
    assert_int_equal(values[n - 1], 216);
    assert_int_equal(n, (216 - 10) / 2 + 1);
    assert_int_equal(bid_ceiling(&r, 33), 32);
}

/* Safe bid ceilings: the highest legal bid a won game still covers. */
static void test_bid_ceiling(void **state)
{
    (void)state;
    static const struct {
        const RuleSystem *r;
        int value, ceiling;
    } cases[] = {
        {&isko, 36, 36}, {&isko, 37, 36}, {&isko, 47, 46}, {&isko, 17, 0}, {&isko, 18, 18},
        {&isko, 1000, 264}, {&isko, 263, 240}, {&tournee, 33, 33}, {&tournee, 9, 0}, {&texas, 31, 30},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        if (bid_ceiling(cases[i].r, cases[i].value) != cases[i].ceiling)
            fail_msg("case %zu: %s ceiling of %d is %d", i, cases[i].r->name, cases[i].value,
                     bid_ceiling(cases[i].r, cases[i].value));
}

static void test_reach(void **state)
{
    (void)state;
    GameReach reach;
    char err[256];
    CardSet with2 = matador_cards(GAME_CLUBS, true, 2);
    Contract c = contract(&isko, "clubs");
    assert_true(gamevalue_reach(&isko, &c, with2, &reach, err, sizeof err));
    assert_int_equal(reach.min_value, 36);
    assert_int_equal(reach.max_value, 60);
    assert_int_equal(reach.matadors, 2);
    assert_true(reach.with_matadors);
    c = contract(&isko, "clubs hand schneider");
    assert_true(gamevalue_reach(&isko, &c, with2, &reach, err, sizeof err));
    assert_int_equal(reach.min_value, 72);
    assert_int_equal(reach.max_value, 84);
    assert_true(gamevalue_covers(&isko, &c, with2, 84));
    assert_false(gamevalue_covers(&isko, &c, with2, 88));
    assert_false(gamevalue_reach(&isko, &c, test_cards("CJ"), &reach, err, sizeof err));
    c = contract(&isko, "null hand");
    assert_true(gamevalue_reach(&isko, &c, 0, &reach, err, sizeof err));
    assert_int_equal(reach.max_value, 35);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_isko_base_values),
        cmocka_unit_test(test_texas_base_values),
        cmocka_unit_test(test_tournee_base_values),
        cmocka_unit_test(test_classic_base_values),
        cmocka_unit_test(test_isko_levels),
        cmocka_unit_test(test_texas_levels),
        cmocka_unit_test(test_tournee_levels),
        cmocka_unit_test(test_classic_levels),
        cmocka_unit_test(test_matadors),
        cmocka_unit_test(test_matador_cap),
        cmocka_unit_test(test_enc_example1),
        cmocka_unit_test(test_enc_example2),
        cmocka_unit_test(test_enc_special_cases),
        cmocka_unit_test(test_highest_values),
        cmocka_unit_test(test_enc_overbid),
        cmocka_unit_test(test_enc_grand_72),
        cmocka_unit_test(test_enc_null_ouvert_lost),
        cmocka_unit_test(test_missed_schneider_announced),
        cmocka_unit_test(test_declarer_schneider_schwarz),
        cmocka_unit_test(test_skatgericht_002),
        cmocka_unit_test(test_covering_the_bid),
        cmocka_unit_test(test_null_overbid_policy),
        cmocka_unit_test(test_unreachable_after_skat),
        cmocka_unit_test(test_unreachable_hand_any_skat),
        cmocka_unit_test(test_unreachable_forms),
        cmocka_unit_test(test_unreachable_policy),
        cmocka_unit_test(test_texas_lost_and_overbid),
        cmocka_unit_test(test_texas_grand_ouvert),
        cmocka_unit_test(test_tournee_overbid),
        cmocka_unit_test(test_tournee_losses),
        cmocka_unit_test(test_classic_doubling),
        cmocka_unit_test(test_bock_round),
        cmocka_unit_test(test_classic_spitze),
        cmocka_unit_test(test_spitze_tricks),
        cmocka_unit_test(test_two_spitzen),
        cmocka_unit_test(test_lost_without_own_schneider),
        cmocka_unit_test(test_conceded),
        cmocka_unit_test(test_missed_schwarz_reason),
        cmocka_unit_test(test_invalid_play),
        cmocka_unit_test(test_isko_ladder),
        cmocka_unit_test(test_texas_ladder),
        cmocka_unit_test(test_classic_ladder),
        cmocka_unit_test(test_tournee_ladder),
        cmocka_unit_test(test_ladder_parameters),
        cmocka_unit_test(test_bid_ceiling),
        cmocka_unit_test(test_reach),
    };
    return cmocka_run_group_tests(tests, load_all, NULL);
}
