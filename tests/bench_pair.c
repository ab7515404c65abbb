/* make bench-pair: the search as it is against a copy of it compiled once
 * more with PAIR_CFLAGS (other optimisation flags, or -D switches that a
 * change under trial is put behind), in one process, each item timed on both
 * in turn (which goes first alternates).
 *
 * On a shared machine whose speed drifts by a quarter within minutes, two
 * runs of a benchmark one after the other cannot tell a change of a few per
 * cent; two copies timed item by item within milliseconds of each other
 * see the same drift, and the median of the items' time ratios shows a
 * change of about a per cent (README, round 30).
 *
 * Items: the threshold questions of bench_thresholds (each layout's five
 * games), and full solves (analyze_position: value, every card, line) of
 * bench's grand and clubs deals.  Each copy has a solver of its own.  The
 * copies' nodes are printed too: a change of flags must not change them.
 * Arguments: layouts per bench hand (default 20) and deals per game
 * (default 150).  The pair copy is compiled with BMI2: run it where the
 * search in use is the bmi2 copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "bench_hands.h"
#include "common.h"
#include "dispatch.h"
#include "support_cards.h"
#include "support_machine.h"
#include "support_oracle.h"

extern __typeof__(search_points) search_points_pair;
extern __typeof__(search_tricks) search_tricks_pair;
static const SearchEntry pair = {"pair", search_points_pair, search_tricks_pair};

enum { MAX_ITEMS = 4096 };

typedef struct {
    const char *label;
    double ms[2], nodes[2];
    double ratio[MAX_ITEMS];
    int count;
} Part;

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void report(Part *p)
{
    qsort(p->ratio, (size_t)p->count, sizeof *p->ratio, by_value);
    printf("  %-20s %6d items  in use %9.1f ms %12.0f nodes   pair %9.1f ms %12.0f nodes   "
           "pair/in use: total %.3f, median %.3f\n",
           p->label, p->count, p->ms[0], p->nodes[0], p->ms[1], p->nodes[1], p->ms[1] / p->ms[0],
           p->ratio[p->count / 2]);
}

/* One item on both copies; what an item does: */
typedef void (*ItemFn)(Solver *solver, const Position *pos);

static void pair_item(Solver *solvers[2], const Position *pos, ItemFn fn, Part *p)
{
    double ms[2];
    for (int k = 0; k < 2; k++) {
        int x = (k + p->count) % 2; /* the first to run alternates */
        search_use(x ? &pair : NULL);
        uint64_t before = solver_nodes(solvers[x]);
        double start = wall_ms();
        solver_new_deal(solvers[x]);
        fn(solvers[x], pos);
        ms[x] = wall_ms() - start;
        p->ms[x] += ms[x];
        p->nodes[x] += (double)(solver_nodes(solvers[x]) - before);
    }
    search_use(NULL);
    if (p->count < MAX_ITEMS && ms[0] > 0)
        p->ratio[p->count++] = ms[1] / ms[0];
}

/* bench_thresholds' questions: the five games' "61", then 90 or 31. */
static void thresholds(Solver *solver, const Position *layout)
{
    Position pos = *layout;
    for (int game = GAME_CLUBS; game <= GAME_GRAND; game++) {
        pos.game = (GameType)game;
        bool won = solver_declarer_reaches(solver, &pos, 61);
        solver_declarer_reaches(solver, &pos, won ? 90 : 31);
    }
}

static void full_solve(Solver *solver, const Position *pos)
{
    Analysis a;
    analyze_position(solver, pos, &a);
}

int main(int argc, char **argv)
{
    int layouts = argc > 1 ? atoi(argv[1]) : 20, deals = argc > 2 ? atoi(argv[2]) : 150;
    if (layouts < 1 || deals < 1 || BENCH_HAND_COUNT * layouts > MAX_ITEMS || deals > MAX_ITEMS) {
        fprintf(stderr, "usage: bench_pair [LAYOUTS (1..%d) [DEALS (1..%d)]]\n", MAX_ITEMS / BENCH_HAND_COUNT,
                MAX_ITEMS);
        return 2;
    }
    if (strcmp(search_variant(), "bmi2") != 0) {
        fprintf(stderr, "bench_pair: the search in use is the %s copy; the pair copy needs BMI2\n",
                search_variant());
        return 2;
    }
    Solver *solvers[2] = {solver_new(16u << 20), solver_new(16u << 20)};
    if (!solvers[0] || !solvers[1]) {
        fprintf(stderr, "bench_pair: out of memory\n");
        return 1;
    }
    print_machine(stdout);
    printf("the search in use (%s) against the pair copy (PAIR_CFLAGS), item by item in turn:\n",
           search_variant());
    Part parts[3] = {{.label = "thresholds"}, {.label = "full solve, grand"}, {.label = "full solve, clubs"}};
    uint64_t rng = 20261124;
    for (int h = 0; h < BENCH_HAND_COUNT; h++) {
        CardSet hand = test_cards(bench_hands[h].cards);
        for (int l = 0; l < layouts; l++) {
            Position pos;
            bench_layout(&rng, hand, bench_hands[h].seat, &pos);
            pair_item(solvers, &pos, thresholds, &parts[0]);
        }
    }
    report(&parts[0]);
    const GameType games[2] = {GAME_GRAND, GAME_CLUBS};
    for (int g = 0; g < 2; g++) {
        rng = 20261121u + (uint64_t)games[g];
        for (int i = 0; i < deals; i++) {
            Position pos;
            bench_full_deal(&rng, games[g], &pos);
            pair_item(solvers, &pos, full_solve, &parts[1 + g]);
        }
        report(&parts[1 + g]);
    }
    solver_free(solvers[0]);
    solver_free(solvers[1]);
    return 0;
}
