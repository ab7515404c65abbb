/* The search's bit operations (solver/bits.h) and table keys (ttkey.h) as
 * the portable copy of the search computes them (this file is built without
 * BMI2 and POPCNT), against card-by-card definitions on random and
 * edge-case sets.  The BMI2 copy is
 * one instruction each; both copies searching the same nodes for the stored
 * values (unit_values) checks the two against each other. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "bits.h"
#include "ttkey.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

/* Sets of every density, and the empty and full ones. */
static uint32_t random_set(int i)
{
    switch (i % 6) {
    case 0: return next_random() & next_random();
    case 1: return next_random() | next_random();
    case 2: return i % 12 == 2 ? 0 : ~0u;
    default: return next_random();
    }
}

/* The definitions, one card at a time. */
static uint32_t gather_slowly(uint32_t x, uint32_t mask)
{
    uint32_t out = 0;
    for (int place = 0; mask; mask &= mask - 1, place++)
        if (x & mask & -mask)
            out |= 1u << place;
    return out;
}

static uint32_t spread_slowly(uint32_t x, uint32_t mask)
{
    uint32_t out = 0;
    for (int place = 0; mask; mask &= mask - 1, place++)
        if (x >> place & 1u)
            out |= mask & -mask;
    return out;
}

static int count_slowly(uint64_t x)
{
    int n = 0;
    for (; x; x >>= 1)
        n += (int)(x & 1u);
    return n;
}

static void test_packer(void **state)
{
    (void)state;
    for (int i = 0; i < 200000; i++) {
        uint32_t mask = random_set(i), x = random_set(i / 6 + 1);
        BitPacker p;
        packer_init(&p, mask);
        assert_int_equal(packer_extract(&p, x), gather_slowly(x, mask));
    }
}

static void test_counts(void **state)
{
    (void)state;
    for (int i = 0; i < 200000; i++) {
        uint32_t x = random_set(i);
        uint64_t wide = (uint64_t)random_set(i + 1) << 32 | x;
        assert_int_equal(bit_count(x), count_slowly(x));
        assert_int_equal(bit_count64(wide), count_slowly(wide));
    }
}

static void test_lowest_and_nth(void **state)
{
    (void)state;
    for (int i = 0; i < 100000; i++) {
        uint32_t set = random_set(i);
        int n = count_slowly(set);
        for (int k = 0; k <= n && k < 32; k++) {
            uint32_t lowest = lowest_bits(set, k);
            assert_int_equal(lowest, spread_slowly(k == 32 ? ~0u : (1u << k) - 1, set));
            if (k < n)
                assert_int_equal(nth_card(set, k), __builtin_ctz(spread_slowly(1u << k, set)));
        }
    }
}

/* The key by its definition: in each suit (run of the numbering) the live
 * cards moved together to the run's lowest places, in order, each in the
 * hand that holds it. */
static void key_slowly(const uint32_t hand[3], const SuitRuns *suits, Key *key)
{
    key->live = hand[0] | hand[1] | hand[2];
    key->target = key->hand[0] = key->hand[1] = key->hand[2] = 0;
    for (int i = 0; i < suits->count; i++) {
        int place = __builtin_ctz(suits->run[i]);
        for (int card = 0; card < 32; card++) {
            if (!(suits->run[i] >> card & 1u) || !(key->live >> card & 1u))
                continue;
            key->target |= 1u << place;
            for (int seat = 0; seat < 3; seat++)
                key->hand[seat] |= (hand[seat] >> card & 1u) << place;
            place++;
        }
    }
}

/* Random partitions of the 32 places into one to five runs, random hands
 * with some cards played. */
static void test_make_key(void **state)
{
    (void)state;
    for (int i = 0; i < 100000; i++) {
        SuitRuns suits = {0};
        int start = 0;
        while (start < 32) {
            int left = 32 - start, length = suits.count == 4 ? left : 1 + (int)(next_random() % (uint32_t)left);
            suits.run[suits.count++] = (uint32_t)(((1ull << (start + length)) - 1) & ~((1ull << start) - 1));
            start += length;
        }
        uint32_t live = random_set(i), hand[3] = {0, 0, 0};
        for (uint32_t m = live; m; m &= m - 1)
            hand[next_random() % 3] |= m & -m;
        Key fast, slow;
        make_key(hand, &suits, &fast);
        key_slowly(hand, &suits, &slow);
        assert_int_equal(fast.live, slow.live);
        assert_int_equal(fast.target, slow.target);
        for (int seat = 0; seat < 3; seat++)
            assert_int_equal(fast.hand[seat], slow.hand[seat]);
        for (uint32_t m = live; m; m &= m - 1) {
            int card = __builtin_ctz(m);
            assert_int_equal(card_of_key(&fast, key_card(&fast, card)), card);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_packer),
        cmocka_unit_test(test_counts),
        cmocka_unit_test(test_lowest_and_nth),
        cmocka_unit_test(test_make_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
