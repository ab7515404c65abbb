/* The contract table: the same with any number of threads, the windowed
 * discard search against an exhaustive one, matadors from the skat. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "support_cards.h"

#include "discard.h"
#include "support_oracle.h"
#include "table.h"

/* SKATDD_QUICK (set for the sanitizer run) scales the random tests down. */
static int scaled(int count) { return getenv("SKATDD_QUICK") ? count / 6 + 1 : count; }

static RuleSystem rules;

static int setup(void **state)
{
    (void)state;
    char err[256];
    return rules_load("isko", "evaluator/rules", &rules, err, sizeof err) ? 0 : -1;
}

static void random_deal(uint64_t *rng, CardSet hands[3], CardSet *skat)
{
    Position pos;
    random_position(rng, GAME_GRAND, 10, 0, 0, 0, &pos);
    memcpy(hands, pos.hands, sizeof pos.hands);
    *skat = ~(hands[0] | hands[1] | hands[2]);
}

static void assert_same_entry(const TableEntry *a, const TableEntry *b)
{
    assert_int_equal(a->declarer_points, b->declarer_points);
    assert_int_equal(a->declarer_wins_null, b->declarer_wins_null);
    assert_int_equal(a->declarer_schwarz, b->declarer_schwarz);
    assert_int_equal(a->won, b->won);
    assert_int_equal(a->game_value, b->game_value);
    assert_int_equal(a->score, b->score);
    assert_int_equal(a->bid_ceiling, b->bid_ceiling);
    assert_int_equal(a->discard, b->discard);
    assert_int_equal(a->announce_count, b->announce_count);
    assert_memory_equal(&a->contract, &b->contract, sizeof a->contract);
}

static void test_threads_agree(void **state)
{
    (void)state;
    TableWorkers *one = table_workers_new(1, 4u << 20);
    TableWorkers *two = table_workers_new(2, 4u << 20);
    assert_non_null(one);
    assert_non_null(two);
    DealTable *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    uint64_t rng = 31;
    for (int deal = 0; deal < scaled(3); deal++) {
        CardSet hands[3], skat;
        random_deal(&rng, hands, &skat);
        table_compute(one, &rules, hands, skat, 7, a);
        table_compute(two, &rules, hands, skat, 7, b);
        assert_int_equal(a->best_seat, b->best_seat);
        for (int seat = 0; seat < 3; seat++) {
            assert_int_equal(a->seat[seat].count, b->seat[seat].count);
            assert_int_equal(a->seat[seat].best, b->seat[seat].best);
            assert_int_equal(a->seat[seat].bid_ceiling, b->seat[seat].bid_ceiling);
            for (int i = 0; i < a->seat[seat].count; i++)
                assert_same_entry(&a->seat[seat].entry[i], &b->seat[seat].entry[i]);
        }
    }
    free(a);
    free(b);
    table_workers_free(one);
    table_workers_free(two);
}

static int escapes_seen; /* deals where the most points' discard left no trick */
static void check_escape_schwarz(Solver *solver, const Position *twelve, PointsDiscard most);

/* The windowed search must find the best (points, then schwarz) of all 66
 * discards, and the first such in candidate order. */
static void test_window_matches_exhaustive(void **state)
{
    (void)state;
    Solver *solver = solver_new(8u << 20);
    uint64_t rng = 77;
    for (int deal = 0; deal < scaled(50); deal++) {
        CardSet hands[3], skat;
        random_deal(&rng, hands, &skat);
        GameType game = (GameType)(deal % 5);
        int seat = deal % 3;
        Position twelve = {.game = game, .declarer = seat, .leader = SEAT_FOREHAND};
        memcpy(twelve.hands, hands, sizeof hands);
        twelve.hands[seat] |= skat;
        solver_new_deal(solver);
        PointsDiscard found = best_points_discard(solver, &twelve, NULL, true, false);
        /* Seeded with the hand game, as the table does: putting the skat
         * back is the hand game, valued beforehand. */
        Position hand_game = twelve;
        hand_game.hands[seat] &= ~skat;
        hand_game.declarer_points = set_points(skat);
        PointsDiscard seed = {.discard = skat, .points = solver_declarer_points(solver, &hand_game)};
        seed.schwarz = seed.points == 120 && solver_declarer_takes_all(solver, &hand_game);
        PointsDiscard seeded = best_points_discard(solver, &twelve, &seed, true, false);

        CardSet candidates[DISCARD_COUNT];
        int n = discard_candidates(game, twelve.hands[seat], candidates);
        assert_int_equal(n, 66);
        int best_points = -1;
        bool best_schwarz = false;
        CardSet best = 0;
        for (int i = 0; i < n; i++) {
            Position pos;
            position_after_discard(&twelve, candidates[i], &pos);
            int points = solver_declarer_points(solver, &pos);
            bool schwarz = points == 120 && solver_declarer_takes_all(solver, &pos);
            if (points > best_points || (points == best_points && schwarz && !best_schwarz)) {
                best_points = points;
                best_schwarz = schwarz;
                best = candidates[i];
            }
        }
        assert_int_equal(found.points, best_points);
        assert_int_equal(found.schwarz, best_schwarz);
        assert_int_equal(found.discard, best);
        assert_int_equal(seeded.points, best_points);
        assert_int_equal(seeded.schwarz, best_schwarz);
        assert_int_equal(seeded.discard, best);
        check_escape_schwarz(solver, &twelve, found);
    }
    solver_free(solver);
}

/* Where a lost game counts the declarer's schwarz, best_points_discard
 * trades the most points for a trick: exhaustively, if the defenders can
 * take every trick after the most points' discard, the answer is the discard
 * after which they cannot, with the most points (the first such); else the
 * most points' discard itself. */
static void check_escape_schwarz(Solver *solver, const Position *twelve, PointsDiscard most)
{
    PointsDiscard found = best_points_discard(solver, twelve, NULL, true, true);
    Position pos;
    position_after_discard(twelve, most.discard, &pos);
    if (most.points > pos.declarer_points || !solver_defenders_take_all(solver, &pos)) {
        assert_int_equal(found.discard, most.discard);
        return;
    }
    CardSet candidates[DISCARD_COUNT];
    int n = discard_candidates(twelve->game, twelve->hands[twelve->declarer], candidates);
    PointsDiscard escape = {.discard = most.discard, .points = -1};
    for (int i = 0; i < n; i++) {
        position_after_discard(twelve, candidates[i], &pos);
        int points = solver_declarer_points(solver, &pos);
        if (!solver_defenders_take_all(solver, &pos) && points > escape.points)
            escape = (PointsDiscard){candidates[i], points, false};
    }
    assert_int_equal(found.discard, escape.discard);
    assert_int_equal(found.points, escape.points < 0 ? most.points : escape.points);
    escapes_seen += escape.points >= 0;
}

/* A deal where the most points (the aces put away) leave the declarer no
 * trick: clubs by rearhand loses schwarz with CA DA away, only schneider with
 * a discard that keeps a trick (isko: 60, not 72). */
static void test_discard_escapes_schwarz(void **state)
{
    (void)state;
    Solver *solver = solver_new(8u << 20);
    Position twelve = {.game = GAME_CLUBS, .declarer = SEAT_REARHAND, .leader = SEAT_FOREHAND};
    twelve.hands[SEAT_FOREHAND] = test_cards("DK SJ HA CJ C7 H8 CT HT D9 DT");
    twelve.hands[SEAT_MIDDLEHAND] = test_cards("CK S7 SQ C8 HQ HJ SK S9 SA H7");
    twelve.hands[SEAT_REARHAND] = test_cards("DA H9 C9 DJ D7 HK CQ D8 CA S8 ST DQ");
    PointsDiscard most = best_points_discard(solver, &twelve, NULL, true, false);
    assert_int_equal(most.points, 22);
    Position pos;
    position_after_discard(&twelve, most.discard, &pos);
    assert_true(solver_defenders_take_all(solver, &pos));
    escapes_seen = 0;
    check_escape_schwarz(solver, &twelve, most);
    assert_int_equal(escapes_seen, 1);
    PointsDiscard found = best_points_discard(solver, &twelve, NULL, true, true);
    position_after_discard(&twelve, found.discard, &pos);
    assert_false(solver_defenders_take_all(solver, &pos));
    assert_int_equal(found.points, 14);
    solver_free(solver);
}

/* best_discard (solve's choice) searches the candidates in
 * discard_search_order, yet must answer as if it went through them in
 * candidate order: the highest value (null: won), the first such.  The
 * deals include ties whose later candidate is searched first.  Both it and
 * best_points_discard skip the discards that discard_dominated names: each
 * must be no better than some earlier candidate. */
static void test_best_discard_matches_exhaustive(void **state)
{
    (void)state;
    Solver *solver = solver_new(8u << 20);
    uint64_t rng = 4242;
    int ties_searched_out_of_order = 0, dominated = 0, dominated_ties = 0;
    for (int deal = 0; deal < 80; deal++) {
        CardSet hands[3], skat;
        random_deal(&rng, hands, &skat);
        GameType game = (GameType)(deal % GAME_TYPE_COUNT);
        int seat = (deal / GAME_TYPE_COUNT) % 3;
        Position twelve = {.game = game, .declarer = seat, .leader = SEAT_FOREHAND};
        memcpy(twelve.hands, hands, sizeof hands);
        twelve.hands[seat] |= skat;
        solver_new_deal(solver);
        DiscardChoice found = best_discard(solver, &twelve);

        CardSet candidates[DISCARD_COUNT];
        int n = discard_candidates(game, twelve.hands[seat], candidates);
        int order[DISCARD_COUNT], place[DISCARD_COUNT], value[DISCARD_COUNT];
        discard_search_order(game, twelve.hands[seat], candidates, n, order);
        int best_value = -1, best = -1;
        for (int i = 0; i < n; i++) {
            place[order[i]] = i;
            Position pos;
            position_after_discard(&twelve, candidates[i], &pos);
            value[i] = game == GAME_NULL ? solver_declarer_wins_null(solver, &pos)
                                         : solver_declarer_points(solver, &pos);
            if (value[i] > best_value) {
                best_value = value[i];
                best = i;
            }
        }
        for (int i = best + 1; i < n; i++)
            ties_searched_out_of_order += value[i] == best_value && place[i] < place[best];
        assert_int_equal(found.value, best_value);
        assert_int_equal(found.discard, candidates[best]);
        int earlier_best = -1;
        for (int i = 0; i < n; i++) {
            if (discard_dominated(game, twelve.hands[seat], candidates[i])) {
                dominated++;
                assert_true(earlier_best >= value[i]);
                dominated_ties += earlier_best == value[i];
            }
            earlier_best = value[i] > earlier_best ? value[i] : earlier_best;
        }
    }
    assert_true(ties_searched_out_of_order > 0);
    /* Not vacuous: about half of all discards are dominated, and some tie. */
    assert_true(dominated > 80 * 66 / 4);
    assert_true(dominated_ties > 0);
    solver_free(solver);
}

/* Forehand holds three jacks and misses the club jack, which lies in the
 * skat: the twelve cards are "with 4", not "without 1", in the hand game too. */
static void test_skat_jack_counts(void **state)
{
    (void)state;
    CardSet hands[3] = {test_cards("SJ HJ DJ CA CT SA ST HA HT DA"), test_cards("C9 C8 C7 CK CQ SK SQ S9 S8 S7"),
                        test_cards("HK HQ H9 H8 H7 DT DK DQ D9 D8")};
    CardSet skat = test_cards("CJ D7");
    TableWorkers *w = table_workers_new(1, 4u << 20);
    DealTable *t = malloc(sizeof *t);
    table_compute(w, &rules, hands, skat, 1, t);
    const SeatTable *s = &t->seat[0];
    int checked = 0;
    for (int i = 0; i < s->count; i++) {
        const TableEntry *e = &s->entry[i];
        if (e->contract.game != GAME_GRAND)
            continue;
        assert_true(e->won);
        /* with 4, game 5, (hand 6), schneider, announcements ... */
        int levels = 4 + 1 + e->contract.hand + (e->declarer_points >= 90) + e->declarer_schwarz +
                     e->contract.schneider_announced + e->contract.schwarz_announced + e->contract.ouvert;
        assert_int_equal(e->game_value, 24 * levels);
        assert_true(e->game_value >= 24 * 5);
        assert_int_equal(e->bid_ceiling, bid_ceiling(&rules, e->game_value));
        checked++;
    }
    assert_int_equal(checked, 3); /* grand, grand hand, grand ouvert hand */
    assert_true(s->bid_ceiling >= 24 * 5);
    /* A game lost covers no bid at all: its ceiling is none (0), whatever
     * value the loss counts. */
    int lost = 0;
    for (int i = 0; i < s->count; i++)
        if (!s->entry[i].won) {
            assert_int_equal(s->entry[i].bid_ceiling, 0);
            lost++;
        }
    assert_true(lost > 0);
    free(t);
    table_workers_free(w);
}

static void test_contract_list(void **state)
{
    (void)state;
    Contract list[TABLE_MAX_CONTRACTS];
    /* ISkO: four suits and grand as skat, hand and ouvert hand games, null,
     * null hand, null ouvert, null ouvert hand. */
    assert_int_equal(table_contracts(&rules, test_cards("C7 D8"), list), 19);
    for (int i = 0; i < 19; i++)
        assert_true(list[i].game == GAME_NULL || !list[i].ouvert || list[i].hand); /* suit and grand ouvert imply hand */
    assert_true(list[2].game == GAME_CLUBS && list[2].ouvert && list[2].hand);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_contract_list),
        cmocka_unit_test(test_skat_jack_counts),
        cmocka_unit_test(test_threads_agree),
        cmocka_unit_test(test_window_matches_exhaustive),
        cmocka_unit_test(test_discard_escapes_schwarz),
        cmocka_unit_test(test_best_discard_matches_exhaustive),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
