/* The solver against the brute-force oracle of tests/support_oracle.c on
 * random small positions in every kind of game, with every seat to lead and
 * as declarer, with tricks in progress, and on the value of every root move. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>
#include <cmocka.h>

#include "analysis.h"
#include "endings.h"
#include "search.h"
#include "tt.h"
#include "support_oracle.h"
#include "support_cards.h"
#include "notation.h"

static Solver *solver;

static int setup(void **state)
{
    (void)state;
    solver = solver_new(8u << 20);
    return solver ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    solver_free(solver);
    return 0;
}

/* The oracle's value in the solver's units: final points or null won. */
static int oracle_value(const Position *pos)
{
    return pos->game == GAME_NULL ? oracle_null(pos) : oracle_declarer_points(pos);
}

static void describe(const Position *p, char *out, size_t size)
{
    size_t used = (size_t)snprintf(out, size, "%s decl=%d lead=%d trick=%d pts=%d:", game_type_name(p->game),
                                   p->declarer, p->leader, p->trick_size, p->declarer_points);
    for (int seat = 0; seat < 3 && used < size; seat++)
        for (CardSet m = p->hands[seat]; m && used < size; m &= m - 1) {
            char name[3];
            used += (size_t)snprintf(out + used, size - used, " %d%s", seat, card_name(set_first(m), name));
        }
}

/* Checks every question the solver answers for one position. */
static void check_position(const Position *pos, bool with_moves)
{
    char what[512];
    describe(pos, what, sizeof what);
    int expected = oracle_value(pos);
    int got = solver_value(solver, pos);
    if (got != expected)
        fail_msg("value %d, oracle %d: %s", got, expected, what);
    if (pos->game != GAME_NULL) {
        assert_true(solver_declarer_reaches(solver, pos, expected));
        assert_false(solver_declarer_reaches(solver, pos, expected + 1));
        assert_int_equal(solver_declarer_takes_all(solver, pos), oracle_all_tricks(pos, 1, 1));
        assert_int_equal(solver_defenders_take_all(solver, pos), oracle_all_tricks(pos, 0, 0));
    }
    if (!with_moves)
        return;
    MoveValue moves[10];
    int n = solver_move_values(solver, pos, moves);
    assert_int_equal(n, set_count(position_legal_moves(pos)));
    for (int i = 0; i < n; i++) {
        Position next = *pos;
        position_play(&next, moves[i].card);
        int want = oracle_value(&next);
        if (moves[i].value != want)
            fail_msg("move %d: value %d, oracle %d: %s", moves[i].card, moves[i].value, want, what);
    }
}

/* count positions of each kind of game with tricks_left tricks, cycling
 * through declarer, leader and cards already in the trick. */
static void run_positions(GameType game, int tricks_left, int count, uint64_t seed, bool with_moves)
{
    uint64_t rng = seed;
    for (int k = 0; k < count; k++) {
        Position pos;
        random_position(&rng, game, tricks_left, k % 3, (k / 3) % 3, (k / 9) % 3, &pos);
        solver_new_deal(solver);
        check_position(&pos, with_moves);
    }
}

/* 6 kinds of game x 3 trick counts x 170 = 3060 positions of 2 to 4 tricks. */
static void test_small_positions(void **state)
{
    (void)state;
    for (int round = 0; round < oracle_rounds(); round++)
        for (int game = 0; game < GAME_TYPE_COUNT; game++)
            for (int tricks = 2; tricks <= 4; tricks++)
                run_positions((GameType)game, tricks, 170,
                              oracle_round_seed(1000u * (unsigned)game + (unsigned)tricks, round), true);
}

/* 6 x 17 = 102 positions of 5 tricks, root moves included. */
static void test_five_tricks(void **state)
{
    (void)state;
    for (int round = 0; round < oracle_rounds(); round++)
        for (int game = 0; game < GAME_TYPE_COUNT; game++)
            run_positions((GameType)game, 5, 17, oracle_round_seed(77u + (unsigned)game, round), true);
}

/* Null from cards of two suits only, five each: every hand holds several
 * cards of a suit, so the defenders' attacks on a suit over several rounds
 * (null_suit_forces) are tried in every shape; 3 x 3 x 30 = 270 positions,
 * root moves included. */
static void test_null_two_suits(void **state)
{
    (void)state;
    uint64_t rng = 0;
    for (int k = 0; k < 270 * oracle_rounds(); k++) {
        oracle_round_start(&rng, 4242, k, 270);
        int first = (int)(test_random(&rng) % SUIT_COUNT);
        int second = (first + 1 + (int)(test_random(&rng) % (SUIT_COUNT - 1))) % SUIT_COUNT;
        int deck[16], n = 0;
        for (int rank = 0; rank < RANK_COUNT; rank++) {
            deck[n++] = card_make(first, rank);
            deck[n++] = card_make(second, rank);
        }
        test_shuffle(&rng, deck, n);
        Position pos = {.game = GAME_NULL, .declarer = k % 3, .leader = (k / 3) % 3};
        for (int i = 0; i < 15; i++)
            pos.hands[i / 5] |= card_bit(deck[i]);
        solver_new_deal(solver);
        check_position(&pos, true);
    }
}

/* Null where the declarer holds only low cards (7 to ten), the others the
 * rest at random: the positions where he surely takes no trick
 * (declarer_takes_no_trick), and the near misses where one card of his lies
 * above a defender's; 300 positions of five tricks, root moves included. */
static void test_null_low_declarer(void **state)
{
    (void)state;
    uint64_t rng = 0;
    for (int k = 0; k < 300 * oracle_rounds(); k++) {
        oracle_round_start(&rng, 777, k, 300);
        int low[16], high[16], n_low = 0, n_high = 0;
        for (int suit = 0; suit < SUIT_COUNT; suit++)
            for (int rank = 0; rank < RANK_COUNT; rank++)
                if (rank <= RANK_T)
                    low[n_low++] = card_make(suit, rank);
                else
                    high[n_high++] = card_make(suit, rank);
        test_shuffle(&rng, low, n_low);
        Position pos = {.game = GAME_NULL, .declarer = k % 3, .leader = (k / 3) % 3};
        for (int i = 0; i < 5; i++)
            pos.hands[pos.declarer] |= card_bit(low[i]);
        /* The defenders' ten from the other low cards and the high ones. */
        int rest[32], n = 0;
        for (int i = 5; i < n_low; i++)
            rest[n++] = low[i];
        for (int i = 0; i < n_high; i++)
            rest[n++] = high[i];
        test_shuffle(&rng, rest, n);
        for (int i = 0; i < 10; i++)
            pos.hands[(pos.declarer + 1 + i / 5) % 3] |= card_bit(rest[i]);
        solver_new_deal(solver);
        check_position(&pos, true);
    }
    /* On lead with nothing but a suit the defenders lack, he takes the
     * trick; with a card of a suit they hold too, he gives the lead away. */
    Position lost = {.game = GAME_NULL, .declarer = 0, .leader = 0,
                     .hands = {test_cards("C7 C8"), test_cards("S7 HA"), test_cards("SA H7")}};
    Position won = {.game = GAME_NULL, .declarer = 0, .leader = 0,
                    .hands = {test_cards("C7 H8"), test_cards("S7 HA"), test_cards("SA H9")}};
    solver_new_deal(solver);
    assert_int_equal(solver_value(solver, &lost), 0);
    assert_int_equal(solver_value(solver, &won), 1);
    check_position(&lost, true);
    check_position(&won, true);
}

/* The schwarz questions where their answer is often yes: the declarer dealt
 * the weakest (or strongest) of a random draw of twice his cards, so that
 * the defenders (or he) can take every trick; suit and grand, 4 to 6 tricks,
 * every seat as declarer and to lead, 0 to 2 cards of the trick played.
 * This is where the trick searches leave out a side's cards that cannot
 * take the trick but the lowest of each suit: a wrong such rule shows
 * as a yes where the oracle finds the trick that answers no. */
static void biased_position(uint64_t *rng, GameType game, int tricks, int k, bool strong, Position *pos)
{
    int deck[32];
    for (int i = 0; i < 32; i++)
        deck[i] = i;
    test_shuffle(rng, deck, 32);
    /* Of the first 2 * tricks cards, the declarer's are the strongest or weakest half. */
    sort_by_strength(game, deck, 2 * tricks, strong);
    *pos = (Position){.game = game, .declarer = k % 3, .leader = (k / 3) % 3};
    for (int i = 0; i < tricks; i++)
        pos->hands[pos->declarer] |= card_bit(deck[i]);
    for (int i = 0; i < 2 * tricks; i++)
        pos->hands[(pos->declarer + 1 + i % 2) % 3] |= card_bit(deck[tricks + i]);
    for (int i = 0; i < (k / 9) % 3; i++) {
        CardSet legal = position_legal_moves(pos);
        int n = (int)(test_random(rng) % (uint64_t)set_count(legal));
        while (n--)
            legal &= legal - 1;
        position_play(pos, set_first(legal));
    }
}

static void test_trick_questions(void **state)
{
    (void)state;
    int yes[2] = {0, 0}, asked = 0;
    uint64_t rng = 0;
    for (int i = 0; i < GAME_TYPE_COUNT * oracle_rounds(); i++) {
        int game = i % GAME_TYPE_COUNT;
        oracle_round_start(&rng, 2026, i, GAME_TYPE_COUNT);
        if ((GameType)game == GAME_NULL)
            continue;
        for (int tricks = 4; tricks <= 6; tricks++)
            for (int k = 0; k < (tricks == 6 ? 27 : 54); k++)
                for (int strong = 0; strong < 2; strong++) {
                    Position pos;
                    biased_position(&rng, (GameType)game, tricks, k, strong, &pos);
                    char what[512];
                    describe(&pos, what, sizeof what);
                    solver_new_deal(solver);
                    bool all = solver_declarer_takes_all(solver, &pos), none = solver_defenders_take_all(solver, &pos);
                    if (all != (bool)oracle_all_tricks(&pos, 1, 1))
                        fail_msg("declarer takes all: %d, oracle %d: %s", all, !all, what);
                    if (none != (bool)oracle_all_tricks(&pos, 0, 0))
                        fail_msg("defenders take all: %d, oracle %d: %s", none, !none, what);
                    yes[0] += all;
                    yes[1] += none;
                    asked++;
                }
    }
    print_message("trick questions: %d positions, declarer takes all in %d, defenders in %d\n", asked, yes[0], yes[1]);
    /* Both answers occur often enough for the test to mean something. */
    assert_true(yes[0] > asked / 10 && yes[0] < asked - asked / 10);
    assert_true(yes[1] > asked / 10 && yes[1] < asked - asked / 10);
}

/* The table carries over between positions of one kind of game: results must
 * not depend on what it held (the same positions, solved in another order). */
static void test_table_reuse(void **state)
{
    (void)state;
    Position list[60];
    uint64_t rng = 5;
    for (int k = 0; k < 60; k++)
        random_position(&rng, (GameType)(k % 5), 4, k % 3, (k / 3) % 3, (k / 9) % 3, &list[k]);
    int first[60];
    for (int k = 0; k < 60; k++)
        first[k] = solver_value(solver, &list[k]);
    for (int k = 59; k >= 0; k--)
        assert_int_equal(solver_value(solver, &list[k]), first[k]);
}

static long resident_mib(void)
{
    long pages_total = 0, pages_resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    assert_non_null(f);
    assert_int_equal(fscanf(f, "%ld %ld", &pages_total, &pages_resident), 2);
    fclose(f);
    return pages_resident * (sysconf(_SC_PAGESIZE) / 1024) / 1024;
}

/* A table is memory only where a search has written: a 1 GiB table that
 * solves a few small positions stays far below its size. */
static void test_table_memory_is_lazy(void **state)
{
    (void)state;
    long before = resident_mib();
    Solver *big = solver_new((size_t)1 << 30);
    assert_non_null(big);
    uint64_t rng = 11;
    for (int k = 0; k < 30; k++) {
        Position pos;
        random_position(&rng, (GameType)(k % 5), 3, k % 3, (k / 3) % 3, 0, &pos);
        assert_int_equal(solver_value(big, &pos), solver_value(solver, &pos));
    }
    long grown = resident_mib() - before;
    solver_free(big);
    assert_true(grown < 64);
}

static uint64_t key_hands(uint32_t k)
{
    uint32_t hand[3] = {k, (k * 7 + 1) & ~k, ~(k | (k * 7 + 1))};
    return tt_hands_code(hand);
}

/* Stores an exact value for key k. */
static void store_key(TT *tt, uint32_t k, int value)
{
    int leader = (int)(k % 3);
    uint64_t hands = key_hands(k);
    tt_save(tt, tt_hash(hands, leader), hands, k, leader, 0, value, value - 1, value + 1, 0);
}

/* Whether key k has an entry; its lower bound in *lower. */
static bool probe_key(TT *tt, uint32_t k, int *lower)
{
    int leader = (int)(k % 3);
    uint64_t hands = key_hands(k);
    uint32_t info;
    if (!tt_probe(tt, tt_bucket(tt, tt_hash(hands, leader)), hands, k, leader, 0, &info))
        return false;
    *lower = tt_lower(info);
    return true;
}

/* The table grows while it fills: every entry stored stays reachable through
 * the doublings (moved to its new bucket), until a new generation empties it. */
static void test_table_growth_keeps_entries(void **state)
{
    (void)state;
    TT *tt = tt_new(8u << 20);
    assert_non_null(tt);
    uint64_t start_mask = tt->mask;
    enum { KEYS = 60000 };
    for (uint32_t k = 0; k < KEYS; k++)
        store_key(tt, k, (int)(k % 100));
    assert_true(tt->mask > start_mask);
    int found = 0, lower;
    for (uint32_t k = 0; k < KEYS; k++) {
        if (probe_key(tt, k, &lower)) {
            assert_int_equal(lower, (int)(k % 100));
            found++;
        }
    }
    /* Lost only where a bucket overflowed before a doubling (a few %);
     * without the move to the new buckets half would be lost. */
    assert_true(found > KEYS * 90 / 100);
    tt_new_generation(tt);
    assert_int_equal(tt->mask, start_mask);
    for (uint32_t k = 0; k < KEYS; k++)
        assert_false(probe_key(tt, k, &lower));
    tt_free(tt);
}

/* When the generation count wraps round, the table is zeroed wherever an
 * entry may lie, also in the part a grown table used: else entries of the
 * generation that comes round again would be found as valid. */
static void test_table_generation_wrap(void **state)
{
    (void)state;
    TT *tt = tt_new(8u << 20);
    assert_non_null(tt);
    enum { KEYS = 60000 };
    for (uint32_t k = 0; k < KEYS; k++)
        store_key(tt, k, 5);
    uint64_t grown = tt->mask;
    uint32_t generation = tt->generation;
    for (int g = 0; g < TT_GENERATIONS - 1; g++)
        tt_new_generation(tt);
    assert_int_equal(tt->generation, generation);
    /* Other keys grow the table as far again. */
    for (uint32_t k = KEYS; tt->mask < grown; k++)
        store_key(tt, k, 7);
    int lower;
    for (uint32_t k = 0; k < KEYS; k++)
        assert_false(probe_key(tt, k, &lower));
    tt_free(tt);
}

/* When the two-trick endings' stamp wraps round, every cached ending is
 * emptied: else one cached under the stamp that comes round again, for
 * another numbering of the cards, would be found as valid. */
static void test_ending_stamp_wrap(void **state)
{
    (void)state;
    Solver *s = solver_new(1u << 20);
    assert_non_null(s);
    enum { COUNT = 30 };
    Position list[COUNT];
    uint64_t rng = 11;
    for (int k = 0; k < COUNT; k++) {
        random_position(&rng, (GameType)(k % 5), 3, k % 3, (k / 3) % 3, 0, &list[k]);
        assert_int_equal(solver_value(s, &list[k]), oracle_value(&list[k]));
    }
    int cached = 0;
    for (int i = 0; i < 1 << END_BITS; i++)
        cached += s->ends[i].tag != 0;
    assert_true(cached > 0);
    s->end_stamp = END_STAMPS - 1;
    endings_new_stamp(s);
    assert_int_equal(s->end_stamp, 1);
    for (int i = 0; i < 1 << END_BITS; i++)
        assert_int_equal(s->ends[i].tag, 0);
    for (int k = 0; k < COUNT; k++)
        assert_int_equal(solver_value(s, &list[k]), oracle_value(&list[k]));
    solver_free(s);
}

/* The optimal line keeps the value card by card and plays legal cards, and
 * in suit and grand ends as best play ends for schwarz: the declarer takes
 * every trick where he can force them, none where the defenders can keep
 * him from any, else both sides take one (a score reads schwarz off the
 * line: a line with the same points and a trick worth nothing on the wrong
 * side scored another game). */
static void test_optimal_line(void **state)
{
    (void)state;
    uint64_t rng = 0;
    int both_sides = 0, one_side = 0;
    for (int k = 0; k < 600 * oracle_rounds(); k++) {
        oracle_round_start(&rng, 99, k, 600);
        Position pos;
        random_position(&rng, (GameType)(k % GAME_TYPE_COUNT), 4, k % 3, (k / 3) % 3, (k / 7) % 3, &pos);
        int value = oracle_value(&pos);
        int line[30];
        int n = solver_optimal_line(solver, &pos, line);
        assert_int_equal(n, position_cards_left(&pos));
        Position cur = pos;
        for (int i = 0; i < n; i++) {
            assert_true(set_has(position_legal_moves(&cur), line[i]));
            position_play(&cur, line[i]);
            assert_int_equal(oracle_value(&cur), value);
        }
        if (pos.game == GAME_NULL)
            continue;
        bool declarer_all = oracle_all_tricks(&pos, 1, 1), defenders_all = oracle_all_tricks(&pos, 0, 0);
        char what[512];
        describe(&pos, what, sizeof what);
        if ((cur.defender_tricks == 0) != declarer_all)
            fail_msg("line: defenders end with %d tricks, declarer can force all: %d: %s", cur.defender_tricks,
                     declarer_all, what);
        if ((cur.declarer_tricks == 0) != defenders_all)
            fail_msg("line: declarer ends with %d tricks, defenders can keep him from any: %d: %s",
                     cur.declarer_tricks, defenders_all, what);
        if (declarer_all || defenders_all)
            one_side++;
        else
            both_sides++;
    }
    /* Both outlooks were tried. */
    assert_true(one_side > 20 && both_sides > 20);
}

/* A full deal solved twice, once inside an analysis, gives one value. */
static void test_full_deal_analysis(void **state)
{
    (void)state;
    uint64_t rng = 4242;
    Position pos;
    random_position(&rng, GAME_GRAND, 10, 0, 0, 0, &pos);
    Analysis a;
    analyze_position(solver, &pos, &a);
    assert_int_equal(a.value, solver_declarer_points(solver, &pos));
    assert_int_equal(a.move_count, 10);
    assert_int_equal(a.line_length, 30);
    int best = -1;
    for (int i = 0; i < a.move_count; i++)
        if (a.moves[i].value > best)
            best = a.moves[i].value;
    assert_int_equal(best, a.value);
    assert_true(a.nodes > 0);
}

/* What the search learnt of its move order (killers, history, hints) is
 * forgotten with a new deal: after other deals and solver_new_deal, a deal
 * costs the nodes it costs a fresh solver, in every kind of game. */
static void test_new_deal_forgets_move_order(void **state)
{
    (void)state;
    uint64_t rng = 77;
    for (int game = GAME_CLUBS; game <= GAME_GRAND; game++) {
        Position before, pos;
        random_position(&rng, (GameType)game, 10, 0, 0, 0, &before);
        random_position(&rng, (GameType)game, 10, 0, 0, 0, &pos);
        Solver *fresh = solver_new(SOLVER_MIN_TT_BYTES);
        assert_non_null(fresh);
        int value = solver_declarer_points(fresh, &pos);
        uint64_t nodes = solver_nodes(fresh);
        Analysis a;
        analyze_position(fresh, &before, &a);
        solver_new_deal(fresh);
        uint64_t start = solver_nodes(fresh);
        assert_int_equal(solver_declarer_points(fresh, &pos), value);
        assert_int_equal(solver_nodes(fresh) - start, nodes);
        solver_free(fresh);
    }
}

int main(void)
{
    oracle_rounds(); /* a bad SKATDD_ORACLE_ROUNDS stops here, before any test */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_positions),
        cmocka_unit_test(test_five_tricks),
        cmocka_unit_test(test_null_two_suits),
        cmocka_unit_test(test_null_low_declarer),
        cmocka_unit_test(test_trick_questions),
        cmocka_unit_test(test_table_reuse),
        cmocka_unit_test(test_table_memory_is_lazy),
        cmocka_unit_test(test_table_growth_keeps_entries),
        cmocka_unit_test(test_table_generation_wrap),
        cmocka_unit_test(test_ending_stamp_wrap),
        cmocka_unit_test(test_optimal_line),
        cmocka_unit_test(test_full_deal_analysis),
        cmocka_unit_test(test_new_deal_forgets_move_order),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
