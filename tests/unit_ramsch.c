/* The Ramsch searches against the brute-force oracle of tests/support_oracle.c:
 * random positions of 2 to 4 tricks with every seat to lead, every seat
 * asked, tricks in progress, a last-trick bonus (the skat) or none, and the
 * value of every card of the player to move and the line of play. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "search.h"
#include "support_oracle.h"

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

/* A Ramsch position: random hands (dealt as a grand), some points and tricks
 * already taken by the seat asked and by the others, a bonus of 0 or the
 * points of two random cards outside the hands. */
static int random_ramsch(uint64_t *rng, int tricks, int k, Position *pos)
{
    random_position(rng, GAME_GRAND, tricks, k % 3, (k / 3) % 3, (k / 9) % 3, pos);
    pos->declarer_tricks = (int)(test_random(rng) % 3);
    pos->defender_tricks = (int)(test_random(rng) % 3);
    CardSet out = ~(pos->hands[0] | pos->hands[1] | pos->hands[2]);
    for (int i = 0; i < pos->trick_size; i++)
        out &= ~card_bit(pos->trick[i]);
    if (k % 2)
        return 0;
    int bonus = 0;
    for (int i = 0; i < 2; i++) {
        int skip = (int)(test_random(rng) % (uint64_t)set_count(out));
        CardSet m = out;
        while (skip--)
            m &= m - 1;
        bonus += card_points(set_first(m));
        out &= ~card_bit(set_first(m));
    }
    return bonus;
}

static void check_seat(const Position *pos, int bonus, int k)
{
    int want = oracle_ramsch_fewest_points(pos, bonus);
    int got = solver_ramsch_fewest_points(solver, pos, bonus);
    if (got != want)
        fail_msg("position %d seat %d bonus %d: fewest points %d, oracle %d", k, pos->declarer, bonus, got, want);
    assert_int_equal(solver_ramsch_takes_all(solver, pos), oracle_ramsch_takes_all(pos));
    assert_int_equal(solver_ramsch_avoids_all(solver, pos), oracle_ramsch_avoids_all(pos));
}

/* 3 trick counts x 700 positions x 3 seats asked: 2,100 positions. */
static void test_every_seat(void **state)
{
    (void)state;
    int checked = 0;
    for (int round = 0; round < oracle_rounds(); round++) {
        uint64_t rng = oracle_round_seed(2026, round);
        for (int tricks = 2; tricks <= 4; tricks++)
            for (int k = 0; k < 700; k++) {
                Position pos;
                int bonus = random_ramsch(&rng, tricks, k, &pos);
                solver_new_deal(solver);
                for (int seat = 0; seat < 3; seat++) {
                    Position asked = pos;
                    asked.declarer = seat;
                    check_seat(&asked, bonus, k);
                }
                checked++;
            }
    }
    assert_true(checked >= 2000);
}

/* Each card's value is the mover's fewest points after it, the best of them
 * his value; the line of play keeps every mover's value. */
static void test_moves_and_line(void **state)
{
    (void)state;
    uint64_t rng = 0;
    for (int k = 0; k < 300 * oracle_rounds(); k++) {
        oracle_round_start(&rng, 77, k, 300);
        Position pos;
        int bonus = random_ramsch(&rng, 2 + k % 3, k, &pos);
        pos.declarer = position_to_move(&pos);
        int value = oracle_ramsch_fewest_points(&pos, bonus);
        MoveValue moves[10];
        int n = solver_ramsch_move_values(solver, &pos, bonus, moves);
        assert_int_equal(n, set_count(position_legal_moves(&pos)));
        int best = 1000;
        for (int i = 0; i < n; i++) {
            Position next = pos;
            int winner = position_play(&next, moves[i].card);
            int want = position_is_over(&next) ? next.declarer_points + (winner == next.declarer ? bonus : 0)
                                               : oracle_ramsch_fewest_points(&next, bonus);
            assert_int_equal(moves[i].value, want);
            best = want < best ? want : best;
        }
        assert_int_equal(best, value);

        int line[30];
        int length = solver_ramsch_line(solver, &pos, bonus, line);
        assert_int_equal(length, position_cards_left(&pos));
        Position cur = pos;
        for (int i = 0; i < length; i++) {
            cur.declarer = position_to_move(&cur);
            int before = oracle_ramsch_fewest_points(&cur, bonus);
            assert_true(set_has(position_legal_moves(&cur), line[i]));
            int winner = position_play(&cur, line[i]);
            int after = position_is_over(&cur) ? cur.declarer_points + (winner == cur.declarer ? bonus : 0)
                                               : oracle_ramsch_fewest_points(&cur, bonus);
            assert_int_equal(after, before);
        }
    }
}

/* The oracle and the solver can tell the seats apart: in a known ending the
 * answers differ from seat to seat (the test can fail). */
static void test_known_ending(void **state)
{
    (void)state;
    /* Forehand holds the club jack and the ace of spades, middlehand the
     * spade jack and the ten of spades, rearhand two low hearts: forehand
     * leads.  Jacks are trumps: forehand's jack beats everything. */
    Position pos = {.game = GAME_GRAND, .leader = SEAT_FOREHAND};
    pos.hands[0] = card_bit(card_make(SUIT_CLUBS, RANK_J)) | card_bit(card_make(SUIT_SPADES, RANK_A));
    pos.hands[1] = card_bit(card_make(SUIT_SPADES, RANK_J)) | card_bit(card_make(SUIT_SPADES, RANK_T));
    pos.hands[2] = card_bit(card_make(SUIT_HEARTS, RANK_7)) | card_bit(card_make(SUIT_HEARTS, RANK_8));
    /* Forehand must win a trick with the club jack; leading the ace of
     * spades, middlehand may keep the ten (jack) or give it up. */
    pos.declarer = SEAT_FOREHAND;
    assert_false(solver_ramsch_avoids_all(solver, &pos));
    assert_true(solver_ramsch_takes_all(solver, &pos));
    int forehand = solver_ramsch_fewest_points(solver, &pos, 0);
    assert_int_equal(forehand, oracle_ramsch_fewest_points(&pos, 0));
    pos.declarer = SEAT_REARHAND;
    assert_true(solver_ramsch_avoids_all(solver, &pos));
    assert_false(solver_ramsch_takes_all(solver, &pos));
    assert_int_equal(solver_ramsch_fewest_points(solver, &pos, 0), 0);
    assert_int_equal(solver_ramsch_fewest_points(solver, &pos, 0), oracle_ramsch_fewest_points(&pos, 0));
}

int main(void)
{
    oracle_rounds(); /* a bad SKATDD_ORACLE_ROUNDS stops here, before any test */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_seat),
        cmocka_unit_test(test_moves_and_line),
        cmocka_unit_test(test_known_ending),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
