/* A Tournee's turn (turnchoice.h): taking the first skat card's trump or
 * passing it, decided never on the world counted, and never winning less
 * often than any Tournee row. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "support_cards.h"

#include "turnchoice.h"

enum { CLUBS_ROW, SPADES_ROW, HEARTS_ROW, DIAMONDS_ROW, GRAND_ROW, ROWS };

static void tournee_rows(TurnWorlds *t)
{
    t->rows = ROWS;
    t->turned_by[CLUBS_ROW] = SUIT_BITS(GAME_CLUBS);
    t->turned_by[SPADES_ROW] = SUIT_BITS(GAME_SPADES);
    t->turned_by[HEARTS_ROW] = SUIT_BITS(GAME_HEARTS);
    t->turned_by[DIAMONDS_ROW] = SUIT_BITS(GAME_DIAMONDS);
    t->turned_by[GRAND_ROW] = JACK_BITS;
}

/* The worths at bid index b of worlds with these reaches (row by row,
 * [skat * samples + layout]; -1 none): a win, from either card.  buf holds
 * 2 * ROWS * worlds. */
static void wins_at(TurnWorlds *t, const int16_t *const reach[ROWS], int b, double *buf)
{
    size_t n = (size_t)t->skats * (size_t)t->samples;
    for (int k = 0; k < ROWS; k++) {
        double *first = buf + 2 * (size_t)k * n, *second = first + n;
        for (size_t i = 0; i < n; i++)
            first[i] = second[i] = reach[k][i] >= b;
        t->first[k] = first;
        t->second[k] = second;
    }
}

/* A hand's skats with room for every row's reaches and worths. */
typedef struct {
    int16_t *reach;
    double *worth;
    const int16_t *rows[ROWS]; /* each row's reaches, [skat * samples + layout] */
} Space;

static void space_new(Space *space, TurnWorlds *t, int skats, int samples, const CardSet *skat)
{
    size_t n = (size_t)skats * (size_t)samples;
    space->reach = malloc(ROWS * n * sizeof *space->reach);
    space->worth = malloc(2 * ROWS * n * sizeof *space->worth);
    assert_non_null(space->reach);
    assert_non_null(space->worth);
    for (int k = 0; k < ROWS; k++)
        space->rows[k] = space->reach + (size_t)k * n;
    *t = (TurnWorlds){.skats = skats, .samples = samples, .skat = skat};
    tournee_rows(t);
}

static void space_free(Space *space)
{
    free(space->reach);
    free(space->worth);
}

static int all_skats(CardSet hand, CardSet skats[231])
{
    int n = 0;
    for (CardSet a = ~hand; a; a &= a - 1)
        for (CardSet b = a & (a - 1); b; b &= b - 1)
            skats[n++] = card_bit(set_first(a)) | card_bit(set_first(b));
    return n;
}

/* Three skats with the spade ace, worked out by hand.  Spades wins only
 * with the heart seven beside it, clubs with either club: so the ace turned
 * first, looked at over its other worlds, is taken where passing would have
 * won and passed where taking it would have: 0 of 3.  Playing clubs where
 * either card turns it wins 2 of those 3, and is counted instead.  The
 * heart seven turned first is taken (hearts loses) over passing, which ties
 * with it on the other worlds (none): the same fallback passes it to the
 * ace, which wins.  The clubs turned first are taken and win. */
static void test_worked_by_hand(void **state)
{
    (void)state;
    CardSet skats[3] = {test_cards("SA H7"), test_cards("SA C7"), test_cards("SA C8")};
    int16_t reach[ROWS][3];
    for (int k = 0; k < ROWS; k++)
        for (int s = 0; s < 3; s++)
            reach[k][s] = -1;
    reach[SPADES_ROW][0] = 1;
    reach[SPADES_ROW][1] = reach[SPADES_ROW][2] = 0;
    reach[CLUBS_ROW][1] = reach[CLUBS_ROW][2] = 1;
    reach[HEARTS_ROW][0] = 0;
    TurnWorlds t = {.skats = 3, .samples = 1, .skat = skats};
    tournee_rows(&t);
    const int16_t *rows[ROWS];
    for (int k = 0; k < ROWS; k++)
        rows[k] = reach[k];
    double worth[2 * ROWS * 3];
    wins_at(&t, rows, 1, worth);
    TurnChoice c;
    assert_true(turn_choose(&t, &c));
    assert_true(c.value == 5);
    assert_int_equal(c.second_turn, 4);
    assert_int_equal(c.played[CLUBS_ROW], 4);
    assert_int_equal(c.played[SPADES_ROW], 1);
    assert_int_equal(c.played[HEARTS_ROW], 1);
    assert_int_equal(c.no_game, 0);
    assert_true(c.seen == 6);
    /* At a bid no world reaches nothing wins. */
    wins_at(&t, rows, 2, worth);
    assert_true(turn_choose(&t, &c));
    assert_true(c.value == 0);
    assert_true(c.seen == 0);
}

/* One row wins wherever it can be turned, the others nowhere: the turn takes
 * it when it comes first, passes otherwise, and wins in every world whose
 * skat holds one of its cards, in both orders. */
static void test_one_good_trump(void **state)
{
    (void)state;
    CardSet hand = test_cards("CJ SJ CA CT SA ST HA HT DA DT"), skats[231];
    int n = all_skats(hand, skats);
    for (int samples = 1; samples <= 3; samples++) {
        Space space;
        TurnWorlds t;
        space_new(&space, &t, n, samples, skats);
        long with_heart = 0, first_not_heart = 0;
        for (int k = 0; k < ROWS; k++)
            for (int i = 0; i < n * samples; i++)
                space.reach[k * n * samples + i] = !(skats[i / samples] & t.turned_by[k]) ? -1 : k == HEARTS_ROW ? 3 : 0;
        for (int s = 0; s < n; s++) {
            with_heart += (skats[s] & t.turned_by[HEARTS_ROW]) != 0;
            first_not_heart += set_count(skats[s] & ~t.turned_by[HEARTS_ROW]);
        }
        TurnChoice c;
        wins_at(&t, space.rows, 2, space.worth);
        assert_true(turn_choose(&t, &c));
        assert_true(c.value == 2.0 * (double)(with_heart * samples));
        assert_int_equal(c.second_turn, first_not_heart * samples);
        assert_true(c.seen == c.value);
        space_free(&space);
    }
}

static uint64_t next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Random reaches: never fewer wins than any row played wherever either card
 * turns it (in both orders), never more than the worlds some row wins,
 * every world counted once. */
static void test_random_bounds(void **state)
{
    (void)state;
    CardSet skats[231];
    uint64_t x = 88172645463325252ull;
    for (int round = 0; round < 60; round++) {
        CardSet hand = 0;
        while (set_count(hand) < 10)
            hand |= card_bit((int)(next(&x) % 32));
        int n = all_skats(hand, skats), samples = 1 + round % 4;
        Space space;
        TurnWorlds t;
        space_new(&space, &t, n, samples, skats);
        for (int k = 0; k < ROWS; k++) {
            int bias = (int)(next(&x) % 4);
            for (int i = 0; i < n * samples; i++)
                space.reach[k * n * samples + i] =
                    !(skats[i / samples] & t.turned_by[k]) ? -1 : (int16_t)((next(&x) % 4 + (unsigned)bias) / 2);
        }
        for (int b = 1; b <= 3; b++) {
            TurnChoice c;
            wins_at(&t, space.rows, b, space.worth);
            assert_true(turn_choose(&t, &c));
            long total = c.no_game;
            for (int k = 0; k < ROWS; k++) {
                long row_wins = 0;
                for (int i = 0; i < n * samples; i++)
                    row_wins += space.rows[k][i] >= b;
                assert_true(c.value >= 2.0 * (double)row_wins);
                total += c.played[k];
            }
            assert_true(c.value <= c.seen);
            assert_int_equal(total, 2L * n * samples);
            assert_true(c.second_turn <= total);
        }
        space_free(&space);
    }
}

/* ---- the same, worked out plainly: every sum over the worlds again ---- */

static double worth_ref(const TurnWorlds *t, int k, int s, int j, bool second)
{
    return k < 0 ? 0 : second ? t->second[k][s * t->samples + j] : t->first[k][s * t->samples + j];
}

static int other_card(CardSet skat, int card) { return set_first(skat & ~card_bit(card)); }

/* Whether the declarer who turned card second in layout j of skat s has
 * seen world (s2, j2) as one like his: the skat's other layouts, or with
 * one layout the other skats holding the card. */
static bool like_second(const TurnWorlds *t, int s, int j, int card, int s2, int j2)
{
    if (t->samples > 1)
        return s2 == s && j2 != j;
    return s2 != s && (t->skat[s2] >> card & 1);
}

static int second_ref(const TurnWorlds *t, int s, int j, int card)
{
    int pick = -1;
    double best = 0;
    for (int k = 0; k < t->rows; k++) {
        if (!(t->turned_by[k] >> card & 1))
            continue;
        double score = 0;
        for (int s2 = 0; s2 < t->skats; s2++)
            for (int j2 = 0; j2 < t->samples; j2++)
                score += like_second(t, s, j, card, s2, j2) ? worth_ref(t, k, s2, j2, true) : 0;
        if (pick < 0 || score > best) {
            best = score;
            pick = k;
        }
    }
    return pick;
}

/* The option taken with card first in layout j of skat s: a row (taking),
 * or ROWS (passing), chosen on card's other worlds. */
static int first_ref(const TurnWorlds *t, int s, int j, int card)
{
    double score[ROWS + 1] = {0};
    for (int s2 = 0; s2 < t->skats; s2++)
        for (int j2 = 0; j2 < t->samples; j2++) {
            if (!(t->skat[s2] >> card & 1) || (s2 == s && j2 == j))
                continue;
            for (int k = 0; k < t->rows; k++)
                score[k] += worth_ref(t, k, s2, j2, false);
            int x = other_card(t->skat[s2], card);
            score[ROWS] += worth_ref(t, second_ref(t, s2, j2, x), s2, j2, true);
        }
    int pick = ROWS;
    for (int k = t->rows - 1; k >= 0; k--)
        if ((t->turned_by[k] >> card & 1) && (pick == ROWS || score[k] >= score[pick]))
            pick = k;
    return pick < ROWS && score[ROWS] > score[pick] ? ROWS : pick;
}

static void reference(const TurnWorlds *t, TurnChoice *out)
{
    memset(out, 0, sizeof *out);
    double row_worth[ROWS] = {0};
    for (int k = 0; k < t->rows; k++)
        for (int s = 0; s < t->skats; s++)
            for (int j = 0; (t->skat[s] & t->turned_by[k]) && j < t->samples; j++)
                row_worth[k] += worth_ref(t, k, s, j, false);
    int fixed = 0;
    for (int k = 1; k < t->rows; k++)
        fixed = row_worth[k] > row_worth[fixed] ? k : fixed;
    for (int card = 0; card < 32; card++) {
        double chosen_worth = 0, fixed_worth = 0;
        int row[2][30 * 4];
        bool passed[2][30 * 4];
        for (int s = 0; s < t->skats; s++)
            for (int j = 0; (t->skat[s] >> card & 1) && j < t->samples; j++) {
                int x = other_card(t->skat[s], card), second = second_ref(t, s, j, x);
                int take = first_ref(t, s, j, card), at = s * t->samples + j;
                row[0][at] = take == ROWS ? second : take;
                passed[0][at] = take == ROWS;
                bool has_fixed = (t->skat[s] & t->turned_by[fixed]) != 0;
                row[1][at] = has_fixed ? fixed : second;
                passed[1][at] = !has_fixed || !(t->turned_by[fixed] >> card & 1);
                chosen_worth += worth_ref(t, row[0][at], s, j, passed[0][at]);
                fixed_worth += worth_ref(t, row[1][at], s, j, passed[1][at]);
            }
        int use = fixed_worth > chosen_worth;
        for (int s = 0; s < t->skats; s++)
            for (int j = 0; (t->skat[s] >> card & 1) && j < t->samples; j++) {
                int at = s * t->samples + j;
                out->value += worth_ref(t, row[use][at], s, j, passed[use][at]);
                out->second_turn += passed[use][at];
                if (row[use][at] < 0)
                    out->no_game++;
                else
                    out->played[row[use][at]]++;
            }
    }
}

/* Random worths on 30 of a hand's skats, whole numbers so that every sum is
 * exact: a win (the same from either card), or a score whose loss counts
 * double from the second card.  The same counts as the plain sums over the
 * worlds. */
static void test_against_reference(void **state)
{
    (void)state;
    CardSet all[231], skats[30];
    uint64_t x = 0x2545f4914f6cdd1dull;
    static double worth[2 * ROWS * 30 * 4];
    for (int round = 0; round < 60; round++) {
        CardSet hand = 0;
        while (set_count(hand) < 10)
            hand |= card_bit((int)(next(&x) % 32));
        int n = all_skats(hand, all), samples = 1 + round % 4;
        for (int s = 0; s < 30; s++) /* several skats share each card */
            skats[s] = all[next(&x) % (uint64_t)(n / 3)];
        TurnWorlds t = {.skats = 30, .samples = samples, .skat = skats};
        tournee_rows(&t);
        bool scores = round % 3 == 2;
        for (int k = 0; k < ROWS; k++) {
            double *first = worth + 2 * (size_t)k * 30 * 4, *second = first + 30 * 4;
            t.first[k] = first;
            t.second[k] = second;
            for (int i = 0; i < 30 * samples; i++) {
                bool turns = (skats[i / samples] & t.turned_by[k]) != 0;
                double v = scores ? (double)(next(&x) % 7) - 3 : (double)(next(&x) % 2);
                first[i] = turns ? v : 0;
                second[i] = turns ? (v < 0 ? 2 * v : v) : 0;
            }
        }
        TurnChoice c, r;
        assert_true(turn_choose(&t, &c));
        reference(&t, &r);
        assert_true(c.value == r.value);
        assert_int_equal(c.second_turn, r.second_turn);
        assert_int_equal(c.no_game, r.no_game);
        for (int k = 0; k < ROWS; k++)
            assert_int_equal(c.played[k], r.played[k]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_by_hand),
        cmocka_unit_test(test_one_good_trump),
        cmocka_unit_test(test_random_bounds),
        cmocka_unit_test(test_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
