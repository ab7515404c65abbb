/* make bench: skatdd evaluate on a fixed set of hands, strong, middling,
 * weak and null hands, from every seat.
 *
 * For each hand: the time of an evaluation with the default settings and
 * with --quick (all threads), and its nodes (the same for any number of
 * threads and from run to run, so a change's work can be compared on a busy
 * machine where times vary by a fifth), then median and maximum over the
 * set, and the node totals; then,
 * on the first hands, double-dummy against single-dummy (--quick settings):
 * the win chance of the contracts single-dummy plays; then, on the first
 * hands, the skat games' win chance as reported against that of the same
 * discards in fresh layouts.  Arguments: how many hands (default all), how
 * many of them for the single-dummy comparison (default 4), how many for
 * the fresh layouts (default 4). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "evaluate.h"
#include "bench_hands.h"
#include "support_cards.h"
#include "support_machine.h"

/* The bench hands, then hands found slow for --quick among 120 random ones
 * (README, round 15) and among 200 more (round 17), the slowest of those
 * 200 with the defaults (round 22), and the slowest of 200 more (round 25).
 * Only here: the threshold benchmark keeps the bench hands alone, so that
 * its figures stay comparable from round to round. */
static const BenchHand slow_hands[] = {
    {"HJ CA CT C7 SA SQ S7 HT H9 H7", SEAT_FOREHAND, "random, slow: many skats choose"},
    {"SJ CT C9 C8 ST S9 S7 HT HQ H9", SEAT_REARHAND, "random, slow: lost suit games"},
    {"CT H7 HK D9 CQ CJ DJ C9 HT HJ", SEAT_FOREHAND, "random, slowest of 200 more: hand games near 31 and 61"},
    {"DJ CK H7 S9 H9 HT S8 CA SJ SK", SEAT_FOREHAND, "random, second slowest of 200 more: lost hand games"},
    {"HA H7 CJ DJ D9 SA CQ SK SQ DA", SEAT_FOREHAND, "random, slowest of those 200 with the defaults"},
    {"CJ HJ CA CQ C8 ST S9 S8 DA D8", SEAT_REARHAND, "random, slowest of 200 more (round 25): every suit game near 61"},
};
enum { HAND_COUNT = BENCH_HAND_COUNT + sizeof slow_hands / sizeof *slow_hands };
static BenchHand hands[HAND_COUNT];

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static EvalOptions settings(bool quick)
{
    return (EvalOptions){.samples = quick ? 1 : 4, .seed = 1, .discards = quick ? 0 : 1, .confidence = 0.9,
                         .model = MODEL_DOUBLE_DUMMY, .sd_layouts = 3, .sd_contracts = 3, .tt_bytes = 16u << 20,
                         .lost_every = 4};
}

static void time_hands(const RuleSystem *rules, Evaluation *e, int count)
{
    printf("evaluate, %d fixed hands, all threads (seconds, millions of nodes; ceiling = safe bid at 0.9):\n",
           count);
    printf("  %-30s %-10s %8s %8s %8s %8s %8s\n", "hand", "seat", "default", "nodes", "--quick", "nodes", "ceiling");
    double times[2][HAND_COUNT];
    uint64_t nodes[2] = {0, 0};
    char err[256];
    for (int h = 0; h < count; h++) {
        int ceiling = 0;
        double mnodes[2];
        for (int q = 0; q < 2; q++) {
            EvalOptions o = settings(q == 1);
            double t0 = wall_ms();
            if (!evaluate_hand(rules, hands[h].seat, test_cards(hands[h].cards), &o, e, err, sizeof err)) {
                fprintf(stderr, "bench: %s\n", err);
                exit(1);
            }
            times[q][h] = (wall_ms() - t0) / 1000;
            nodes[q] += e->nodes;
            mnodes[q] = (double)e->nodes / 1e6;
            if (q == 0)
                ceiling = e->bid_ceiling;
        }
        printf("  %-30s %-10s %8.2f %8.1f %8.2f %8.1f %8d\n", hands[h].cards, seat_name(hands[h].seat), times[0][h],
               mnodes[0], times[1][h], mnodes[1], ceiling);
        fflush(stdout);
    }
    for (int q = 0; q < 2; q++) {
        qsort(times[q], (size_t)count, sizeof times[q][0], by_value);
        printf("  %-8s median %6.2f s  max %6.2f s  total nodes %llu\n", q ? "--quick" : "default",
               times[q][count / 2], times[q][count - 1], (unsigned long long)nodes[q]);
    }
}

/* The rows single-dummy plays, with both models' chance to win. */
static void compare_models(const RuleSystem *rules, Evaluation *dd, Evaluation *sd, int count)
{
    printf("double-dummy against single-dummy (--quick settings, 3 layouts per decision), chance to win:\n");
    char err[256], label[64];
    for (int h = 0; h < count; h++) {
        EvalOptions o = settings(true);
        CardSet hand = test_cards(hands[h].cards);
        double t0 = wall_ms();
        o.model = MODEL_SINGLE_DUMMY;
        if (!evaluate_hand(rules, hands[h].seat, hand, &o, sd, err, sizeof err)) {
            fprintf(stderr, "bench: %s\n", err);
            exit(1);
        }
        double seconds = (wall_ms() - t0) / 1000;
        o.model = MODEL_DOUBLE_DUMMY;
        if (!evaluate_hand(rules, hands[h].seat, hand, &o, dd, err, sizeof err)) {
            fprintf(stderr, "bench: %s\n", err);
            exit(1);
        }
        printf("  %s (%s), single-dummy %.1f s, ceiling dd %d sd %d:\n", hands[h].cards, hands[h].what, seconds,
               dd->bid_ceiling, sd->bid_ceiling);
        for (int r = 0; r < sd->contract_count; r++) {
            if (!sd->contracts[r].evaluated)
                continue;
            contract_row_label(rules, &sd->contracts[r].contract, label, sizeof label);
            printf("    %-24s dd %.2f  sd %.2f  (schneider dd %.2f sd %.2f)\n", label, dd->contracts[r].p_win,
                   sd->contracts[r].p_win, dd->contracts[r].p_schneider, sd->contracts[r].p_schneider);
        }
        fflush(stdout);
    }
}

/* Skat games: the win chance evaluate reports, and what the same discards
 * (chosen per skat) win in fresh layouts that played no part in choosing
 * them: the difference is what the choice's view of the counted layouts
 * adds.  Default settings. */
static void fresh_layouts(const RuleSystem *rules, Evaluation *e, int count)
{
    printf("skat games, default settings: chance to win as reported, and of the same discards in fresh layouts:\n");
    char err[256], label[64];
    for (int h = 0; h < count; h++) {
        EvalOptions o = settings(false);
        o.fresh_check = true;
        if (!evaluate_hand(rules, hands[h].seat, test_cards(hands[h].cards), &o, e, err, sizeof err)) {
            fprintf(stderr, "bench: %s\n", err);
            exit(1);
        }
        printf("  %s (%s):\n   ", hands[h].cards, hands[h].what);
        double reported = 0, fresh = 0;
        for (int r = 0; r < e->contract_count; r++) {
            const EvalContract *c = &e->contracts[r];
            if (!c->evaluated || c->p_win_fresh < 0)
                continue;
            contract_row_label(rules, &c->contract, label, sizeof label);
            printf(" %s %.2f/%.2f", label, c->p_win, c->p_win_fresh);
            reported += c->p_win;
            fresh += c->p_win_fresh;
        }
        printf("\n    sum of the differences %.2f\n", reported - fresh);
        fflush(stdout);
    }
}

int main(int argc, char **argv)
{
    memcpy(hands, bench_hands, sizeof bench_hands);
    memcpy(hands + BENCH_HAND_COUNT, slow_hands, sizeof slow_hands);
    int count = argc > 1 ? atoi(argv[1]) : HAND_COUNT;
    count = count < 1 || count > HAND_COUNT ? HAND_COUNT : count;
    int compared = argc > 2 ? atoi(argv[2]) : 4;
    compared = compared < 0 ? 0 : compared > count ? count : compared;
    RuleSystem *rules = malloc(sizeof *rules);
    Evaluation *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    char err[256];
    if (!rules || !a || !b || !rules_load("isko", "evaluator/rules", rules, err, sizeof err)) {
        fprintf(stderr, "bench: %s\n", rules && a && b ? err : "out of memory");
        return 1;
    }
    print_machine(stdout);
    time_hands(rules, a, count);
    compare_models(rules, a, b, compared);
    int checked = argc > 3 ? atoi(argv[3]) : 4;
    fresh_layouts(rules, a, checked < 0 ? 0 : checked > count ? count : checked);
    free(rules);
    free(a);
    free(b);
    return 0;
}
