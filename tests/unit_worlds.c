/* evaluator/worlds.c: the worlds of an evaluation dealt from their seed, and
 * the level a world ends at asked by threshold searches, against the
 * brute-force oracle of tests/support_oracle.c on positions of four tricks
 * played out from random full deals (so that points and tricks agree, as in
 * a real game). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "evalwork.h"
#include "rules.h"
#include "support_oracle.h"
#include "worlds.h"

static RuleSystem isko, tournee;
static Solver *solver;

static int setup(void **state)
{
    (void)state;
    char err[256];
    solver = solver_new(8u << 20);
    return solver && rules_load("isko", "evaluator/rules", &isko, err, sizeof err) &&
                   rules_load("tournee", "evaluator/rules", &tournee, err, sizeof err)
               ? 0
               : -1;
}

static int teardown(void **state)
{
    (void)state;
    solver_free(solver);
    return 0;
}

/* A Work with just what dealing reads: the seat, ten cards, every skat of
 * the other 22, the seed. */
static void ten_cards(uint64_t *rng, Work *w, int seat, uint64_t seed)
{
    int deck[CARD_COUNT];
    for (int c = 0; c < CARD_COUNT; c++)
        deck[c] = c;
    test_shuffle(rng, deck, CARD_COUNT);
    memset(w, 0, sizeof *w);
    w->seat = seat;
    w->seed = seed;
    for (int i = 0; i < 10; i++)
        w->hand |= card_bit(deck[i]);
    for (int i = 10; i < CARD_COUNT; i++)
        for (int k = i + 1; k < CARD_COUNT; k++)
            w->skat[w->skats++] = card_bit(deck[i]) | card_bit(deck[k]);
}

/* Each world is a deal of the 30 cards outside its skat: the declarer's
 * ten, ten to each defender; the same seed, skat and sample give the same
 * world, other samples or another seed other layouts. */
static void test_deal(void **state)
{
    (void)state;
    uint64_t rng = 31;
    for (int round = 0; round < 12; round++) {
        Work w, other;
        int seat = round % SEAT_COUNT;
        ten_cards(&rng, &w, seat, 1000u + (unsigned)round);
        other = w;
        other.seed++;
        assert_int_equal(w.skats, 231);
        for (int s = 0; s < w.skats; s += 23) {
            CardSet first[SEAT_COUNT] = {0};
            int same_as_first = 0, same_seed_apart = 0;
            for (int j = 0; j < 8; j++) {
                CardSet hands[SEAT_COUNT], again[SEAT_COUNT], moved[SEAT_COUNT];
                world_deal(&w, s, j, hands);
                world_deal(&w, s, j, again);
                world_deal(&other, s, j, moved);
                assert_memory_equal(hands, again, sizeof hands);
                assert_int_equal(hands[seat], w.hand);
                for (int p = 0; p < SEAT_COUNT; p++)
                    assert_int_equal(set_count(hands[p]), 10);
                assert_int_equal(hands[0] & hands[1], 0);
                assert_int_equal((hands[0] | hands[1]) & hands[2], 0);
                assert_int_equal(hands[0] | hands[1] | hands[2] | w.skat[s], ALL_CARDS);
                if (j == 0)
                    memcpy(first, hands, sizeof first);
                else
                    same_as_first += memcmp(first, hands, sizeof first) == 0;
                same_seed_apart += memcmp(hands, moved, sizeof hands) == 0;
            }
            /* 20 cards split ten and ten: two equal layouts by chance are
             * one in 184,756. */
            assert_int_equal(same_as_first, 0);
            assert_int_equal(same_seed_apart, 0);
        }
    }
}

/* Plays card after card from a random full deal until tricks_left tricks
 * are left: by policy 0 random legal cards from a random deal; by policy 1
 * the declarer, dealt the ten strongest of twenty cards, his strongest card
 * and the defenders their weakest (the declarer takes most tricks, often
 * every one); 2 the other way round.  The skat's points are the
 * declarer's from the start in suit and grand games, as evaluate counts
 * them. */
static void played_out(uint64_t *rng, GameType game, int declarer, int policy, int tricks_left, Position *pos)
{
    int deck[CARD_COUNT];
    for (int c = 0; c < CARD_COUNT; c++)
        deck[c] = c;
    test_shuffle(rng, deck, CARD_COUNT);
    if (policy > 0)
        sort_by_strength(game, deck, 20, policy == 1);
    *pos = (Position){.game = game, .declarer = declarer, .leader = SEAT_FOREHAND};
    for (int i = 0; i < 30; i++)
        pos->hands[(declarer + i / 10) % SEAT_COUNT] |= card_bit(deck[i]);
    if (game != GAME_NULL)
        pos->declarer_points = card_points(deck[30]) + card_points(deck[31]);
    while (position_cards_left(pos) + pos->trick_size > 3 * tricks_left) {
        CardSet legal = position_legal_moves(pos);
        int mover = position_to_move(pos), pick = set_first(legal);
        bool strongest = policy == 1 ? mover == declarer : mover != declarer;
        if (policy == 0) {
            int n = (int)(test_random(rng) % (uint64_t)set_count(legal));
            for (CardSet m = legal; n >= 0; m &= m - 1, n--)
                pick = set_first(m);
        } else {
            for (CardSet m = legal; m; m &= m - 1) {
                int c = set_first(m);
                bool above = card_strength(game, c) > card_strength(game, pick);
                if (above == strongest && c != pick)
                    pick = c;
            }
        }
        position_play(pos, pick);
    }
}

/* The level the oracle gives a world (evalwork.h's OUT_*). */
static int oracle_level(const RuleSystem *r, const Position *pos)
{
    if (pos->game == GAME_NULL)
        return oracle_null(pos) ? OUT_WON : OUT_LOST;
    int points = oracle_declarer_points(pos);
    if (pos->defender_tricks == 0 && oracle_all_tricks(pos, 1, 1))
        return OUT_SCHWARZ;
    if (points >= r->schneider_points)
        return OUT_SCHNEIDER;
    if (points >= r->win_points)
        return OUT_WON;
    if (pos->declarer_tricks == 0 && oracle_all_tricks(pos, 0, 0))
        return OUT_LOST_SCHWARZ;
    return points <= r->schneidered_points ? OUT_LOST_SCHNEIDER : OUT_LOST;
}

/* Every level's question, and the level found between any two bounds
 * around the oracle's (a null game's between lost and won), under rules
 * whose schneider lies at 90 (isko) and at 91 (tournee); every level met
 * often enough for the comparison to mean something. */
static void test_levels(void **state)
{
    (void)state;
    const RuleSystem *systems[2] = {&isko, &tournee};
    const GameType games[3] = {GAME_CLUBS, GAME_GRAND, GAME_NULL};
    int seen[OUT_LEVELS] = {0}, nulls[OUT_LEVELS] = {0};
    uint64_t rng = 0;
    for (int k = 0; k < 1080 * oracle_rounds(); k++) {
        oracle_round_start(&rng, 2026, k, 1080);
        Position pos;
        GameType game = games[k % 3];
        played_out(&rng, game, (k / 3) % SEAT_COUNT, (k / 9) % 3, 4, &pos);
        for (int r = 0; r < 2; r++) {
            int want = oracle_level(systems[r], &pos);
            (game == GAME_NULL ? nulls : seen)[want] += r == 0;
            int top = game == GAME_NULL ? OUT_WON : OUT_SCHWARZ;
            for (int level = OUT_LOST_SCHWARZ; level <= top; level++) {
                solver_new_deal(solver);
                if (world_reaches(solver, systems[r], &pos, level) != (want >= level))
                    fail_msg("position %d, %s rules: reaches level %d, the oracle's level %d", k,
                             systems[r]->name, level, want);
            }
            for (int low = OUT_LOST_SCHWARZ; low <= want; low++)
                for (int high = want; high <= OUT_SCHWARZ; high++) {
                    solver_new_deal(solver);
                    int got = world_level_between(solver, systems[r], &pos, low, high);
                    if (got != (game == GAME_NULL && want == OUT_LOST ? OUT_LOST : want))
                        fail_msg("position %d, %s rules: level %d in [%d, %d], the oracle's %d", k,
                                 systems[r]->name, got, low, high, want);
                }
        }
    }
    print_message("levels (isko): lost schwarz %d, lost schneider %d, lost %d, won %d, schneider %d, schwarz %d; "
                  "null lost %d, won %d\n",
                  seen[0], seen[1], seen[2], seen[3], seen[4], seen[5], nulls[OUT_LOST], nulls[OUT_WON]);
    for (int level = 0; level < OUT_LEVELS; level++)
        assert_true(seen[level] >= 5);
    assert_true(nulls[OUT_LOST] >= 5 && nulls[OUT_WON] >= 5);
}

int main(void)
{
    oracle_rounds(); /* a bad SKATDD_ORACLE_ROUNDS stops here, before any test */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deal),
        cmocka_unit_test(test_levels),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
