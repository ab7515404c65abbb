/* Hand evaluation: every skat once, the same for any thread count, the
 * sure grand and the hopeless hand, the twelve-card discard confirmed by an
 * exhaustive run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "support_cards.h"

#include "evaluate.h"

static RuleSystem rules;
static Evaluation a, b;

static int setup(void **state)
{
    (void)state;
    char err[256];
    return rules_load("isko", "evaluator/rules", &rules, err, sizeof err) ? 0 : -1;
}

/* The 231-skat runs take seconds; under the sanitizers (SKATDD_QUICK) only
 * the twelve-card ones run. */
static void skip_when_quick(void)
{
    if (getenv("SKATDD_QUICK"))
        skip();
}

static EvalOptions quick(int threads)
{
    /* One layout per skat keeps the 231-skat runs short. */
    return (EvalOptions){.samples = 1, .seed = 7, .discards = 1, .confidence = 0.9, .threads = threads,
                         .tt_bytes = 2u << 20};
}

static const EvalContract *row(const Evaluation *e, GameType game, bool hand)
{
    for (int r = 0; r < e->contract_count; r++)
        if (e->contracts[r].contract.game == game && e->contracts[r].contract.hand == hand)
            return &e->contracts[r];
    fail_msg("no row %d hand %d", game, hand);
    return NULL;
}

static void test_sure_grand(void **state)
{
    (void)state;
    skip_when_quick();
    char err[256];
    EvalOptions o = quick(0);
    /* Four jacks and all aces and tens of three suits: nothing can beat it. */
    assert_true(evaluate_hand(&rules, SEAT_FOREHAND, test_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), &o, &a, err, sizeof err));
    assert_int_equal(a.skats, 231);
    for (int s = 0; s < 231; s++)
        assert_int_equal(a.skat_visits[s], 1);
    const EvalContract *grand = row(&a, GAME_GRAND, true);
    assert_true(grand->p_win == 1.0);
    assert_true(grand->p_schneider == 1.0);
    assert_int_equal(grand->bids[0], 18);
    assert_true(grand->p_win_at[0] == 1.0);
    /* Grand hand with four is worth at least 24 x 6 = 144 everywhere. */
    assert_true(a.bid_ceiling >= 144);
}

static void test_hopeless_hand(void **state)
{
    (void)state;
    skip_when_quick();
    char err[256];
    EvalOptions o = quick(0);
    /* No jack, no ace, nines under every seven and eight: no suit or grand can
     * be won, and in null the defenders lead a low card under it. */
    assert_true(evaluate_hand(&rules, SEAT_MIDDLEHAND, test_cards("C9 CQ CT S9 SQ ST H9 HQ D9 DQ"), &o, &a, err,
                              sizeof err));
    for (int r = 0; r < a.contract_count; r++)
        assert_true(a.contracts[r].p_win == 0.0);
    assert_int_equal(a.bid_ceiling, 0);
    assert_int_equal(a.best_bid, 0);
}

static void assert_same(const Evaluation *x, const Evaluation *y)
{
    assert_int_equal(x->contract_count, y->contract_count);
    assert_int_equal(x->bid_ceiling, y->bid_ceiling);
    assert_int_equal(x->best_bid, y->best_bid);
    assert_int_equal(x->discard, y->discard);
    for (int r = 0; r < x->contract_count; r++) {
        const EvalContract *p = &x->contracts[r], *q = &y->contracts[r];
        assert_true(p->p_win == q->p_win);
        assert_true(p->p_schneider == q->p_schneider);
        assert_true(p->expected_score == q->expected_score);
        assert_int_equal(p->bid_count, q->bid_count);
        for (int i = 0; i < p->bid_count; i++)
            assert_true(p->p_win_at[i] == q->p_win_at[i]);
        assert_int_equal(x->discards[r], y->discards[r]);
    }
}

static void test_threads(void **state)
{
    (void)state;
    skip_when_quick();
    char err[256];
    CardSet hand = test_cards("CJ SJ HJ CA CT SA ST HA HT D7");
    EvalOptions one = quick(1), two = quick(2);
    assert_true(evaluate_hand(&rules, SEAT_REARHAND, hand, &one, &a, err, sizeof err));
    assert_true(evaluate_hand(&rules, SEAT_REARHAND, hand, &two, &b, err, sizeof err));
    assert_same(&a, &b);
}

/* The same seed gives the same result, another seed other layouts. */
static void test_seed(void **state)
{
    (void)state;
    char err[256];
    CardSet hand = test_cards("CJ HJ CA CT C9 C8 SA ST H7 D7 HK S8");
    EvalOptions o = quick(2);
    o.samples = 4;
    assert_true(evaluate_hand(&rules, SEAT_MIDDLEHAND, hand, &o, &a, err, sizeof err));
    assert_true(evaluate_hand(&rules, SEAT_MIDDLEHAND, hand, &o, &b, err, sizeof err));
    assert_same(&a, &b);
    o.seed = 8;
    assert_true(evaluate_hand(&rules, SEAT_MIDDLEHAND, hand, &o, &b, err, sizeof err));
    bool differs = false;
    for (int r = 0; r < a.contract_count; r++)
        differs |= a.contracts[r].p_win != b.contracts[r].p_win ||
                    a.contracts[r].expected_score != b.contracts[r].expected_score;
    assert_true(differs);
}

/* Twelve cards: the discard chosen with the cut-off is the one an exhaustive
 * run (every discard in every layout) chooses. */
static void test_twelve_cards(void **state)
{
    (void)state;
    char err[256];
    CardSet hand = test_cards("CJ SJ HA HT HK H9 H8 SA S7 CA D7 D8");
    EvalOptions o = quick(0);
    o.samples = getenv("SKATDD_QUICK") ? 2 : 4;
    assert_true(evaluate_hand(&rules, SEAT_FOREHAND, hand, &o, &a, err, sizeof err));
    o.exhaustive = true;
    assert_true(evaluate_hand(&rules, SEAT_FOREHAND, hand, &o, &b, err, sizeof err));
    assert_int_equal(a.skats, 1);
    assert_same(&a, &b);
    for (int r = 0; r < a.contract_count; r++) {
        assert_false(a.contracts[r].contract.hand);
        assert_int_equal(set_count(a.discards[r]), 2);
        assert_true((a.discards[r] & ~hand) == 0);
    }
    assert_int_equal(set_count(a.discard), 2);
}

static void test_bad_hand(void **state)
{
    (void)state;
    char err[256];
    EvalOptions o = quick(1);
    assert_false(evaluate_hand(&rules, SEAT_FOREHAND, test_cards("CJ SJ HJ"), &o, &a, err, sizeof err));
    assert_non_null(strstr(err, "10 cards"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_hand),      cmocka_unit_test(test_sure_grand),
        cmocka_unit_test(test_hopeless_hand), cmocka_unit_test(test_threads), cmocka_unit_test(test_seed),
        cmocka_unit_test(test_twelve_cards),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
