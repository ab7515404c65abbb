/* Unit tests of evaluator/review.c, the card-by-card review behind `skatdd
 * analyze`: a short endgame with a blunder whose values are worked out by
 * hand in the comments, a null endgame, and random endgames played out at
 * random whose every value is checked against the brute-force oracle. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "support_cards.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "review.h"
#include "support_oracle.h"

static const ReviewThresholds isko = {.win_points = 61, .schneider_points = 90, .schneidered_points = 30};

static CardSet better_set(const ReviewCard *c)
{
    CardSet s = 0;
    for (int i = 0; i < c->better_count; i++)
        s |= card_bit(c->better[i]);
    return s;
}

/* Spades, three tricks left (problems/declarer_play.yaml, "Trumps first"):
 * forehand (declarer, 40 points) SJ HA HT, middlehand DJ C7 C8, rearhand
 * H7 H8 HK.  SJ first takes all 29 points: 69.  The game played:
 *   HA?? -- middlehand ruffs with DJ and rearhand should smear HK; then
 *           SJ ruffs a club and HT wins: 12 more, 52 and lost (cost 17).
 *   DJ   -- right: discarding lets HA win, 69.
 *   H7?  -- rearhand keeps HK, which later falls to the declarer's HT
 *           trick: 56 instead of 52 (cost 4); HK was the card.
 *   C7 H8 SJ / HT C8 HK -- nothing more to decide: 40 + 2 + 14 = 56. */
static void test_blunder_by_hand(void **state)
{
    (void)state;
    Position pos = {.game = GAME_SPADES, .declarer = SEAT_FOREHAND, .leader = SEAT_FOREHAND,
                    .declarer_points = 40, .declarer_tricks = 4, .defender_tricks = 3};
    pos.hands[SEAT_FOREHAND] = test_cards("SJ HA HT");
    pos.hands[SEAT_MIDDLEHAND] = test_cards("DJ C7 C8");
    pos.hands[SEAT_REARHAND] = test_cards("H7 H8 HK");
    const char *names[] = {"HA", "DJ", "H7", "C7", "H8", "SJ", "HT", "C8", "HK"};
    int play[9];
    for (int i = 0; i < 9; i++)
        play[i] = test_card(names[i]);
    Solver *s = solver_new(1 << 20);
    Review *r = malloc(sizeof *r);
    assert_non_null(s);
    assert_non_null(r);
    review_game(s, &pos, play, 9, &isko, r);

    assert_int_equal(r->count, 9);
    assert_int_equal(r->start_value, 69);
    assert_int_equal(r->start_class, REVIEW_WON);
    const ReviewCard *c = r->cards;
    assert_int_equal(c[0].seat, SEAT_FOREHAND);
    assert_true(c[0].declarer);
    assert_int_equal(c[0].value_before, 69);
    assert_int_equal(c[0].value_after, 52);
    assert_int_equal(c[0].cost, 17);
    assert_true(c[0].decisive);
    assert_int_equal(c[0].class_after, REVIEW_LOST);
    assert_int_equal(better_set(&c[0]), test_cards("SJ"));

    assert_int_equal(c[1].seat, SEAT_MIDDLEHAND);
    assert_int_equal(c[1].cost, 0);
    assert_false(c[1].decisive);
    assert_int_equal(c[1].better_count, 0);

    assert_int_equal(c[2].seat, SEAT_REARHAND);
    assert_false(c[2].declarer);
    assert_int_equal(c[2].value_before, 52);
    assert_int_equal(c[2].value_after, 56);
    assert_int_equal(c[2].cost, 4);
    assert_false(c[2].decisive);
    assert_int_equal(better_set(&c[2]), test_cards("HK"));
    assert_int_equal(c[2].trick_winner, SEAT_MIDDLEHAND);
    assert_int_equal(c[2].trick, 8);

    for (int i = 3; i < 9; i++) {
        assert_int_equal(c[i].cost, 0);
        assert_int_equal(c[i].value_after, 56);
    }
    assert_true(r->complete);
    assert_int_equal(r->declarer_points, 56);
    assert_int_equal(r->end_class, REVIEW_LOST);
    assert_int_equal(r->players[SEAT_FOREHAND].mistakes, 1);
    assert_int_equal(r->players[SEAT_FOREHAND].decisive, 1);
    assert_int_equal(r->players[SEAT_FOREHAND].cost, 17);
    assert_int_equal(r->players[SEAT_MIDDLEHAND].mistakes, 0);
    assert_int_equal(r->players[SEAT_REARHAND].mistakes, 1);
    assert_int_equal(r->players[SEAT_REARHAND].cost, 4);

    /* the tricks as the outputs group them: three whole ones, then a record
     * stopping after the seventh card ends with a trick of one card */
    assert_int_equal(review_trick_end(r, 0), 3);
    assert_int_equal(review_trick_end(r, 3), 6);
    assert_int_equal(review_trick_end(r, 4), 6);
    assert_int_equal(review_trick_end(r, 6), 9);
    review_game(s, &pos, play, 7, &isko, r);
    assert_int_equal(review_trick_end(r, 3), 6);
    assert_int_equal(review_trick_end(r, 6), 7);
    free(r);
    solver_free(s);
}

/* Null (problems/null.yaml, "The bare queen"): forehand declares, holding
 * SQ H7 C7; middlehand S7 S8 H8, rearhand HA CA DA; middlehand leads.  A
 * spade catches the bare queen at once; H8 lets the declarer escape: a
 * decisive mistake of middlehand, cost 1, better S7 or S8. */
static void test_null_by_hand(void **state)
{
    (void)state;
    Position pos = {.game = GAME_NULL, .declarer = SEAT_FOREHAND, .leader = SEAT_MIDDLEHAND, .defender_tricks = 7};
    pos.hands[SEAT_FOREHAND] = test_cards("SQ H7 C7");
    pos.hands[SEAT_MIDDLEHAND] = test_cards("S7 S8 H8");
    pos.hands[SEAT_REARHAND] = test_cards("HA CA DA");
    /* H8 HA H7 / rearhand leads CA: C7 S7 / DA: SQ thrown, S8. */
    const char *names[] = {"H8", "HA", "H7", "CA", "C7", "S7", "DA", "SQ", "S8"};
    int play[9];
    for (int i = 0; i < 9; i++)
        play[i] = test_card(names[i]);
    Solver *s = solver_new(1 << 20);
    Review *r = malloc(sizeof *r);
    review_game(s, &pos, play, 9, &isko, r);
    assert_int_equal(r->start_value, 0);
    assert_int_equal(r->start_class, REVIEW_LOST);
    assert_int_equal(r->cards[0].value_before, 0);
    assert_int_equal(r->cards[0].value_after, 1);
    assert_int_equal(r->cards[0].cost, 1);
    assert_true(r->cards[0].decisive);
    assert_int_equal(better_set(&r->cards[0]), test_cards("S7 S8"));
    for (int i = 1; i < 9; i++)
        assert_false(r->cards[i].decisive);
    assert_true(r->complete);
    assert_int_equal(r->declarer_tricks, 0);
    assert_int_equal(r->end_class, REVIEW_WON);
    assert_int_equal(r->players[SEAT_MIDDLEHAND].decisive, 1);
    free(r);
    solver_free(s);
}

static int oracle_value(const Position *pos)
{
    return pos->game == GAME_NULL ? oracle_null(pos) : oracle_declarer_points(pos);
}

/* Random endgames of four tricks played out with random legal cards: every
 * value is the oracle's, costs are never negative, a card costs nothing
 * exactly when it keeps the value, and the better cards keep it. */
/* Plays the position out with random legal cards into play; returns how many. */
static int random_play(uint64_t *seed, const Position *pos, int play[])
{
    int n = 0;
    Position cur = *pos;
    while (!position_is_over(&cur)) {
        CardSet legal = position_legal_moves(&cur);
        int k = (int)(test_random(seed) % (uint64_t)set_count(legal));
        while (k--)
            legal &= legal - 1;
        play[n++] = set_first(legal);
        position_play(&cur, play[n - 1]);
    }
    return n;
}

static void test_random_against_oracle(void **state)
{
    (void)state;
    uint64_t seed = 20260611;
    int games = getenv("SKATDD_QUICK") ? 12 : 40;
    Solver *s = solver_new(1 << 22);
    Review *r = malloc(sizeof *r);
    for (int g = 0; g < games; g++) {
        GameType game = (GameType)(test_random(&seed) % GAME_TYPE_COUNT);
        Position pos;
        random_position(&seed, game, 4, (int)(test_random(&seed) % 3), (int)(test_random(&seed) % 3), 0, &pos);
        if (game == GAME_NULL)
            pos.declarer_points = 0;
        int play[12];
        int n = random_play(&seed, &pos, play);
        review_game(s, &pos, play, n, &isko, r);
        assert_int_equal(r->count, 12);
        Position cur = pos;
        for (int i = 0; i < n; i++) {
            const ReviewCard *c = &r->cards[i];
            assert_int_equal(c->value_before, oracle_value(&cur));
            Position before = cur;
            position_play(&cur, play[i]);
            assert_int_equal(c->value_after, oracle_value(&cur));
            assert_true(c->cost >= 0);
            int signed_cost = c->declarer ? c->value_before - c->value_after : c->value_after - c->value_before;
            assert_int_equal(c->cost, signed_cost);
            assert_int_equal(c->decisive, c->class_before != c->class_after);
            for (int k = 0; k < c->better_count; k++) {
                Position alt = before;
                position_play(&alt, c->better[k]);
                assert_int_equal(oracle_value(&alt), c->value_before);
            }
            if (c->cost > 0)
                assert_true(c->better_count > 0);
            if (i + 1 < n)
                assert_int_equal(r->cards[i + 1].value_before, c->value_after);
        }
        assert_true(r->complete);
    }
    free(r);
    solver_free(s);
}

/* The outcome class of a suit or grand position by the oracle alone: schwarz
 * either way by its trick searches, the rest by its points. */
static ReviewClass oracle_class(const Position *p, const ReviewThresholds *t)
{
    int value = oracle_declarer_points(p);
    if (p->defender_tricks == 0 && (position_is_over(p) || oracle_all_tricks(p, 1, 1)))
        return REVIEW_SCHWARZ;
    if (p->declarer_tricks == 0 && (position_is_over(p) || oracle_all_tricks(p, 0, 0)))
        return REVIEW_SCHWARZED;
    return value >= t->schneider_points ? REVIEW_SCHNEIDER
           : value >= t->win_points     ? REVIEW_WON
           : value <= t->schneidered_points ? REVIEW_SCHNEIDERED
                                            : REVIEW_LOST;
}

/* The card review ranks cards by their points and calls a card decisive when
 * the outcome class changes: is a card that keeps a better outcome (escapes
 * schwarz, reaches schneider) ever worth fewer points to its side than one
 * that loses it?  Then the review would call the wrong card the better one.
 * It is not: in random suit and grand endgames, no tricks taken yet by
 * either side (schwarz open both ways), with thresholds of an endgame's
 * size, no legal card has a better class for its side and fewer points,
 * the review's classes are the oracle's, and a decisive card always has
 * better cards (the value and the class kept). */
static void test_outcome_follows_points(void **state)
{
    (void)state;
    uint64_t seed = 20261206;
    int positions = getenv("SKATDD_QUICK") ? 400 : 2000;
    Solver *s = solver_new(1 << 22);
    Review *r = malloc(sizeof *r);
    assert_non_null(s);
    assert_non_null(r);
    int schwarz_seen = 0, schwarzed_seen = 0;
    for (int i = 0; i < positions; i++) {
        GameType game = (GameType)(test_random(&seed) % (GAME_GRAND + 1));
        Position pos;
        random_position(&seed, game, 3, (int)(test_random(&seed) % 3), (int)(test_random(&seed) % 3),
                        (int)(test_random(&seed) % 3), &pos);
        pos.declarer_points = (int)(test_random(&seed) % 12);
        int left = position_points_left(&pos) + pos.declarer_points;
        ReviewThresholds t = {.win_points = left / 2 + 1, .schneider_points = left * 3 / 4,
                              .schneidered_points = left / 4, .win_class = REVIEW_WON};
        int to_move = position_to_move(&pos);
        bool declarer = to_move == pos.declarer;
        int cards[10], n = 0, value[10];
        ReviewClass klass[10];
        for (CardSet legal = position_legal_moves(&pos); legal; legal &= legal - 1) {
            Position next = pos;
            cards[n] = set_first(legal);
            position_play(&next, cards[n]);
            value[n] = oracle_declarer_points(&next);
            klass[n] = oracle_class(&next, &t);
            assert_int_equal(review_class(s, &next, value[n], &t), klass[n]);
            schwarz_seen += klass[n] == REVIEW_SCHWARZ;
            schwarzed_seen += klass[n] == REVIEW_SCHWARZED;
            n++;
        }
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++) {
                bool a_better = declarer ? klass[a] > klass[b] : klass[a] < klass[b];
                bool a_fewer = declarer ? value[a] < value[b] : value[a] > value[b];
                if (a_better && a_fewer)
                    fail_msg("position %d: %d keeps outcome %d with %d points, %d has outcome %d with %d", i,
                             cards[a], klass[a], value[a], cards[b], klass[b], value[b]);
            }
        /* Every card reviewed in turn: a decisive one has better cards. */
        for (int k = 0; k < n; k++) {
            review_game(s, &pos, &cards[k], 1, &t, r);
            if (r->cards[0].decisive)
                assert_true(r->cards[0].better_count > 0);
        }
    }
    assert_true(schwarz_seen > 0);
    assert_true(schwarzed_seen > 0);
    free(r);
    solver_free(s);
}

static int oracle_fewest(const Position *p, int bonus)
{
    if (position_is_over(p))
        return p->declarer_points + (p->leader == p->declarer ? bonus : 0);
    return oracle_ramsch_fewest_points(p, bonus);
}

static bool oracle_takes_all(const Position *p)
{
    return p->defender_tricks == 0 && (position_is_over(p) || oracle_ramsch_takes_all(p));
}

static bool oracle_avoids_all(const Position *p)
{
    return p->declarer_tricks == 0 && (position_is_over(p) || oracle_ramsch_avoids_all(p));
}

/* Random Ramsch endgames of four tricks played out with random legal cards,
 * the six tricks before shared out at random: every seat's fewest points
 * and chances are the oracle's, a card costs what its seat's fewest points
 * rose (nothing while it keeps a Durchmarsch), it is decisive exactly when
 * it throws away a chance, and the better cards keep what it lost. */
static void test_ramsch_against_oracle(void **state)
{
    (void)state;
    uint64_t seed = 20261123;
    int games = getenv("SKATDD_QUICK") ? 12 : 40;
    Solver *s = solver_new(1 << 22);
    RamschReview *r = malloc(sizeof *r);
    assert_non_null(s);
    assert_non_null(r);
    RamschThresholds t = {.durchmarsch_pays = true, .jungfrau_pays = true, .min_cost = 1};
    int decisive_seen = 0;
    for (int g = 0; g < games; g++) {
        Position pos;
        random_position(&seed, GAME_GRAND, 4, 0, (int)(test_random(&seed) % 3), 0, &pos);
        int points[3] = {0}, tricks[3] = {0};
        for (int k = 0; k < 6; k++) { /* often nobody else has a trick: Durchmarsch and Jungfrau chances */
            int seat = g % 2 ? (int)(test_random(&seed) % 3) : (int)(g % 3);
            tricks[seat]++;
            points[seat] += (int)(test_random(&seed) % 12);
        }
        t.bonus = (int)(test_random(&seed) % 22);
        int play[12];
        int n = random_play(&seed, &pos, play);
        review_ramsch(s, &pos, points, tricks, play, n, &t, r);
        assert_int_equal(r->count, 12);
        assert_true(r->complete);
        for (int seat = 0; seat < 3; seat++) {
            Position p = position_ramsch_seat(&pos, points, tricks, seat);
            assert_int_equal(r->seats[seat].start_value, oracle_fewest(&p, t.bonus));
            assert_int_equal(r->seats[seat].takes_all, oracle_takes_all(&p));
            assert_int_equal(r->seats[seat].avoids_all, oracle_avoids_all(&p));
        }
        Position cur = pos;
        for (int i = 0; i < n; i++) {
            const RamschReviewCard *c = &r->cards[i];
            assert_int_equal(c->seat, position_to_move(&cur));
            Position before = position_ramsch_seat(&cur, points, tricks, c->seat);
            assert_int_equal(c->value_before, oracle_fewest(&before, t.bonus));
            bool takes_before = oracle_takes_all(&before), avoids_before = oracle_avoids_all(&before);
            assert_int_equal(c->takes_all_before, takes_before);
            assert_int_equal(c->avoids_all_before, avoids_before);
            int left = position_points_left(&cur);
            int winner = position_play(&cur, play[i]);
            if (winner >= 0) {
                points[winner] += left - position_points_left(&cur);
                tricks[winner]++;
            }
            Position after = position_ramsch_seat(&cur, points, tricks, c->seat);
            assert_int_equal(c->value_after, oracle_fewest(&after, t.bonus));
            bool takes_after = oracle_takes_all(&after), avoids_after = oracle_avoids_all(&after);
            assert_true(c->value_after >= c->value_before);
            assert_int_equal(c->cost, takes_before && takes_after ? 0 : c->value_after - c->value_before);
            RamschChance lost = takes_before && !takes_after   ? RAMSCH_LOST_DURCHMARSCH
                                : avoids_before && !avoids_after ? RAMSCH_LOST_JUNGFRAU
                                                                 : RAMSCH_KEPT;
            assert_int_equal(c->lost, lost);
            assert_int_equal(c->decisive, lost != RAMSCH_KEPT);
            assert_int_equal(c->mistake, c->decisive || c->cost > 0);
            decisive_seen += c->decisive;
            if (c->mistake)
                assert_true(c->better_count > 0);
            for (int k = 0; k < c->better_count; k++) {
                Position alt = before;
                position_play(&alt, c->better[k]);
                if (lost == RAMSCH_LOST_DURCHMARSCH)
                    assert_true(oracle_takes_all(&alt));
                else if (lost == RAMSCH_LOST_JUNGFRAU)
                    assert_true(oracle_avoids_all(&alt));
                else
                    assert_int_equal(oracle_fewest(&alt, t.bonus), c->value_before);
            }
            /* another seat's card never costs this one: the next card's seat is asked afresh */
            if (i + 1 < n && r->cards[i + 1].seat == c->seat)
                assert_true(r->cards[i + 1].value_before <= c->value_after);
        }
    }
    assert_true(decisive_seen > 0); /* the random play did throw chances away */

    /* the tricks as the outputs group them, for a record stopping after
     * five cards too: the last one short */
    for (int count = 12; count >= 5; count -= 7) {
        r->count = count;
        int tricks = 0;
        for (int i = 0; i < r->count; i = review_ramsch_trick_end(r, i), tricks++) {
            int end = review_ramsch_trick_end(r, i);
            assert_int_equal(end, i + 3 < r->count ? i + 3 : r->count);
            assert_int_equal(r->cards[end - 1].trick, r->cards[i].trick);
        }
        assert_int_equal(tricks, count == 12 ? 4 : 2);
    }
    free(r);
    solver_free(s);
}

/* A lost game schwarz that the rules score as one schneidered (Texas,
 * Tournee) is no outcome of its own: analyze judged a discard that left
 * the declarer schwarz with more points worse than one with fewer that
 * lost schneider, where solve and problems, scoring by the rules, chose
 * the other.  Under the ISkO it is one. */
static void test_schwarzed_as_the_rules_count_it(void **state)
{
    (void)state;
    const char *names[] = {"isko", "texas", "tournee"};
    GamePlay play = {.contract = {.game = GAME_GRAND}, .cards = (CardSet)0xfff};
    Solver *s = solver_new(1 << 20);
    assert_non_null(s);
    for (int k = 0; k < 3; k++) {
        RuleSystem rules;
        char err[256];
        assert_true(rules_load(names[k], "evaluator/rules", &rules, err, sizeof err));
        ReviewThresholds t;
        review_thresholds(&rules, &play, &t);
        assert_int_equal(t.schwarzed_uncounted, !rules.lost_counts_schwarz);
        assert_int_equal(t.schwarzed_uncounted, k > 0);
        uint64_t seed = 1206;
        int schwarzed = 0;
        for (int i = 0; i < 400 && schwarzed < 20; i++) {
            Position pos;
            random_position(&seed, GAME_GRAND, 3, 0, (int)(test_random(&seed) % 3), 0, &pos);
            pos.declarer_points = (int)(test_random(&seed) % 12);
            if (pos.declarer_tricks != 0 || !oracle_all_tricks(&pos, 0, 0))
                continue;
            schwarzed++;
            ReviewClass c = review_class(s, &pos, pos.declarer_points, &t);
            assert_int_equal(c, t.schwarzed_uncounted ? REVIEW_SCHNEIDERED : REVIEW_SCHWARZED);
        }
        assert_true(schwarzed > 0);
    }
    solver_free(s);
}

/* The contract review on random deals: for every contract the declarer
 * could have played, the played row is the table's row of that contract and
 * the best is the highest score of his seat's table, the one played when it
 * scores as much. */
static void test_contract_review_against_table(void **state)
{
    (void)state;
    RuleSystem rules;
    char err[256];
    assert_true(rules_load("isko", "evaluator/rules", &rules, err, sizeof err));
    TableWorkers *workers = table_workers_new(1, 4u << 20);
    DealTable *table = malloc(sizeof *table);
    assert_non_null(workers);
    assert_non_null(table);
    uint64_t rng = 77;
    int deals = getenv("SKATDD_QUICK") ? 1 : 2;
    for (int deal = 0; deal < deals; deal++) {
        Position pos;
        random_position(&rng, GAME_GRAND, 10, 0, 0, 0, &pos);
        CardSet skat = ~(pos.hands[0] | pos.hands[1] | pos.hands[2]);
        int declarer = deal % SEAT_COUNT;
        table_compute(workers, &rules, pos.hands, skat, 1u << declarer, table);
        const SeatTable *seat = &table->seat[declarer];
        int top = seat->entry[0].score;
        for (int i = 1; i < seat->count; i++)
            top = seat->entry[i].score > top ? seat->entry[i].score : top;
        for (int i = 0; i < seat->count; i += 3) { /* every third contract: the time of a unit test */
            ContractReview c;
            assert_true(review_contract(workers, &rules, pos.hands, skat, declarer, &seat->entry[i].row, &c));
            assert_true(c.found_played);
            assert_true(c.found_best);
            assert_memory_equal(&c.played.row, &seat->entry[i].row, sizeof c.played.row);
            assert_int_equal(c.played.score, seat->entry[i].score);
            assert_int_equal(c.played.game_value, seat->entry[i].game_value);
            assert_int_equal(c.best.score, top);
            if (c.played.score == top)
                assert_memory_equal(&c.best.row, &c.played.row, sizeof c.best.row);
        }
    }
    free(table);
    table_workers_free(workers);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blunder_by_hand),
        cmocka_unit_test(test_null_by_hand),
        cmocka_unit_test(test_random_against_oracle),
        cmocka_unit_test(test_outcome_follows_points),
        cmocka_unit_test(test_schwarzed_as_the_rules_count_it),
        cmocka_unit_test(test_contract_review_against_table),
        cmocka_unit_test(test_ramsch_against_oracle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
