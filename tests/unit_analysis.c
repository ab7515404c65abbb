/* A full solve shared by two threads on one table (analyze_position_shared)
 * answers what one solver answers, on random positions of every kind of
 * game and size, and the table two threads share never hands out an entry
 * that one write did not make whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <omp.h>

#include "analysis.h"
#include "support_oracle.h"
#include "tt.h"

/* One solver alone, and two that share (the first's table). */
static Solver *one, *first, *second;

static int setup(void **state)
{
    (void)state;
    one = solver_new(8u << 20);
    first = solver_new(8u << 20);
    second = solver_new(SOLVER_MIN_TT_BYTES);
    return one && first && second ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    solver_free(one);
    solver_free(first);
    solver_free(second);
    return 0;
}

static void new_deals(void)
{
    solver_new_deal(one);
    solver_new_deal(first);
    solver_new_deal(second);
}

/* SKATDD_QUICK (set for the sanitizer runs) scales the random tests down. */
static int scaled(int count) { return getenv("SKATDD_QUICK") ? count / 8 + 1 : count; }

static void expect_same(const Analysis *one, const Analysis *two, const char *what, int k)
{
    if (one->value != two->value || one->declarer_can_schwarz != two->declarer_can_schwarz ||
        one->defenders_can_schwarz != two->defenders_can_schwarz || one->move_count != two->move_count ||
        one->line_length != two->line_length)
        fail_msg("%s %d: value %d/%d, schwarz %d%d/%d%d, cards %d/%d, line %d/%d", what, k, one->value, two->value,
                 one->declarer_can_schwarz, one->defenders_can_schwarz, two->declarer_can_schwarz,
                 two->defenders_can_schwarz, one->move_count, two->move_count, one->line_length, two->line_length);
    for (int m = 0; m < one->move_count; m++)
        if (one->moves[m].card != two->moves[m].card || one->moves[m].value != two->moves[m].value)
            fail_msg("%s %d: card %d value %d, shared card %d value %d", what, k, one->moves[m].card,
                     one->moves[m].value, two->moves[m].card, two->moves[m].value);
    for (int i = 0; i < one->line_length; i++)
        if (one->line[i] != two->line[i])
            fail_msg("%s %d: the line's card %d differs", what, k, i);
}

/* Random positions of 4 to 10 tricks, every kind of game, every seat as
 * declarer and to lead, tricks in progress; one solver against two sharing,
 * each pair given a new deal or not (a position of the same deal, or of
 * another game without one: the helper's own table must not serve it). */
static void test_shared_matches_one_solver(void **state)
{
    (void)state;
    uint64_t rng = 20261207;
    int count = scaled(960);
    for (int k = 0; k < count; k++) {
        Position pos;
        random_position(&rng, (GameType)(k % GAME_TYPE_COUNT), 4 + k % 7, k % 3, (k / 3) % 3, (k / 9) % 3, &pos);
        if (k % 4 != 3)
            new_deals();
        Analysis a, b;
        analyze_position(one, &pos, &a);
        analyze_position_shared(first, second, &pos, &b);
        expect_same(&a, &b, "position", k);
        assert_true(b.nodes > 0 || position_is_over(&pos));
    }
}

/* Full deals, and each solved again without a new deal: the table, shared
 * before, holds what the first solve stored and keeps its size. */
static void test_shared_full_deals(void **state)
{
    (void)state;
    uint64_t rng = 7;
    int count = scaled(48);
    for (int k = 0; k < count; k++) {
        Position pos;
        bench_full_deal(&rng, k % 2 ? GAME_CLUBS : GAME_GRAND, &pos);
        new_deals();
        Analysis a, b, c;
        analyze_position(one, &pos, &a);
        analyze_position_shared(first, second, &pos, &b);
        analyze_position_shared(first, second, &pos, &c);
        expect_same(&a, &b, "deal", k);
        expect_same(&a, &c, "deal again", k);
    }
}

/* Where OpenMP gives one thread (here: no parallel region may be active),
 * the main solver does every part alone and the answers are the same. */
static void test_shared_on_one_thread(void **state)
{
    (void)state;
    uint64_t rng = 99;
    Position pos;
    bench_full_deal(&rng, GAME_GRAND, &pos);
    Analysis a, b;
    new_deals();
    analyze_position(one, &pos, &a);
    int levels = omp_get_max_active_levels();
    uint64_t second_nodes = solver_nodes(second);
    omp_set_max_active_levels(0);
    analyze_position_shared(first, second, &pos, &b);
    omp_set_max_active_levels(levels);
    expect_same(&a, &b, "one thread", 0);
    assert_int_equal(solver_nodes(second), second_nodes);
}

static uint64_t key_hands(uint32_t k)
{
    uint32_t hand[3] = {k, (k * 7 + 1) & ~k, ~(k | (k * 7 + 1))};
    return tt_hands_code(hand);
}

static bool probe(TT *tt, uint32_t k, uint32_t *info)
{
    uint64_t hands = key_hands(k);
    return tt_probe(tt, tt_bucket(tt, tt_hash(hands, 0)), hands, k, 0, 0, info);
}

/* An entry half rewritten by another thread (one word of one write, the
 * other of another) is no entry: neither key finds it, nor do its bounds
 * reach the search as another position's. */
static void test_torn_entry_is_no_entry(void **state)
{
    (void)state;
    for (uint64_t h = 1; h < 1000; h++)
        assert_int_equal(tt_code_hands(tt_code(h * 0x123456789abull)), h * 0x123456789abull);
    TT *tt = tt_new(1u << 20);
    assert_non_null(tt);
    uint32_t a = 12345, info;
    uint64_t hands_a = key_hands(a), hands_b = key_hands(a + 1);
    tt_save(tt, tt_hash(hands_a, 0), hands_a, a, 0, 0, 70, 69, 71, 3);
    assert_true(probe(tt, a, &info));
    assert_int_equal(tt_lower(info), 70);
    TTBucket *bucket = &tt->buckets[tt_bucket_index(tt, tt_hash(hands_a, 0), a)];
    TTEntry *slot = NULL;
    for (int i = 0; i < TT_BUCKET_SIZE; i++)
        if (bucket->slot[i].data)
            slot = &bucket->slot[i];
    assert_non_null(slot);
    TTEntry whole_a = *slot, whole_b;
    /* What the other thread's write of key b (other bounds) puts there. */
    tt_write(&whole_b, tt_code(hands_b), a + 1, (whole_a.data & 0xffffffffu & ~((1u << 20) - 1)) | 40u << 7 | 40u);
    slot->check = whole_b.check; /* b's first word, a's second */
    assert_false(probe(tt, a, &info));
    assert_false(probe(tt, a + 1, &info));
    slot->check = whole_a.check;
    slot->data = whole_b.data; /* a's first word, b's second */
    assert_false(probe(tt, a, &info));
    assert_false(probe(tt, a + 1, &info));
    /* An update of a's own bounds torn the same way. */
    TTEntry updated;
    tt_write(&updated, tt_code(hands_a), a, (uint32_t)whole_a.data + 1);
    slot->check = updated.check;
    slot->data = whole_a.data;
    assert_false(probe(tt, a, &info));
    tt_free(tt);
}

/* Shared, the table first grows to TT_SHARED_BYTES (its entries moved) and
 * then keeps its size until a new generation starts it small again. */
static void test_shared_table_stops_growing(void **state)
{
    (void)state;
    TT *tt = tt_new(8u << 20);
    assert_non_null(tt);
    uint64_t start_mask = tt->mask;
    for (uint32_t k = 0; k < 100; k++) {
        uint64_t hands = key_hands(k);
        tt_save(tt, tt_hash(hands, 0), hands, k, 0, 0, (int)(k % 100), 200, 201, 0);
    }
    tt_share(tt);
    assert_int_equal((tt->mask + 1) * sizeof(TTBucket), TT_SHARED_BYTES);
    uint32_t info;
    int found = 0;
    for (uint32_t k = 0; k < 100; k++)
        if (probe(tt, k, &info)) {
            assert_int_equal(tt_upper(info), (int)(k % 100));
            found++;
        }
    assert_true(found >= 95);
    uint64_t mask = tt->mask;
    for (uint32_t k = 100; k < 100 + (mask + 1) * TT_BUCKET_SIZE; k++) {
        uint64_t hands = key_hands(k);
        tt_save(tt, tt_hash(hands, 0), hands, k, 0, 0, 5, 4, 6, 0);
    }
    assert_int_equal(tt->mask, mask);
    tt_share(tt); /* again in the same generation: the same size */
    assert_int_equal(tt->mask, mask);
    tt_new_generation(tt);
    assert_int_equal(tt->mask, start_mask);
    for (uint32_t k = 0; tt->mask == start_mask && k < 100000; k++) {
        uint64_t hands = key_hands(k);
        tt_save(tt, tt_hash(hands, 0), hands, k, 0, 0, 5, 4, 6, 0);
    }
    assert_true(tt->mask > start_mask);
    tt_free(tt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shared_matches_one_solver),
        cmocka_unit_test(test_shared_full_deals),
        cmocka_unit_test(test_shared_on_one_thread),
        cmocka_unit_test(test_torn_entry_is_no_entry),
        cmocka_unit_test(test_shared_table_stops_growing),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
