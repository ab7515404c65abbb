/* make bench: the solver on a fixed, seeded set of random full deals.
 *
 * For each kind of game (grand, clubs, null) DEALS deals with the declarer in
 * forehand and forehand to lead, the skat counted for the declarer (a hand
 * game), one thread.  Two measures per deal: the value alone, and everything
 * `skatdd solve` computes for a position (value, schwarz questions, every
 * card's value, optimal line).  Then Ramsch: every seat's three answers on
 * full deals.  On two cores or more the full solve is timed again on two
 * threads sharing one table (analyze_position_shared), and its answers
 * compared with one thread's: a difference is printed and fails the run.
 * Prints median, p90 and maximum, and per set the total node
 * count and a signature of the values (both byte-identical as long as the
 * search is: a change for speed keeps the values signature, a change of the
 * search shows in the node totals).  --quick: the same figures on the first
 * deals of the same sets (their signatures differ from the full run's). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "analysis.h"
#include "common.h"
#include "dispatch.h"
#include "support_machine.h"
#include "support_oracle.h"
#include "table.h"

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct {
    double *ms;
    double *nodes;
} Samples;

static void print_stats(const char *label, double *values, int n, const char *unit, int decimals)
{
    qsort(values, (size_t)n, sizeof *values, by_value);
    printf("  %-22s median %10.*f  p90 %10.*f  max %10.*f %s\n", label, decimals, values[n / 2], decimals,
           values[(n * 9) / 10], decimals, values[n - 1], unit);
}

/* The sum of a hand's ranks (7 low, ace high: the null order). */
static int rank_sum(CardSet hand)
{
    int sum = 0;
    for (CardSet m = hand; m; m &= m - 1)
        sum += card_rank(set_first(m));
    return sum;
}

/* A null game on a random deal is nearly always lost at once, which checks
 * little: the stored set gives the declarer the dealt hand of the lowest
 * cards, so that some games are won and the searches go deeper. */
static void give_declarer_lowest(Position *pos)
{
    int lowest = 0;
    for (int seat = 1; seat < SEAT_COUNT; seat++)
        if (rank_sum(pos->hands[seat]) < rank_sum(pos->hands[lowest]))
            lowest = seat;
    CardSet mine = pos->hands[lowest];
    pos->hands[lowest] = pos->hands[SEAT_FOREHAND];
    pos->hands[SEAT_FOREHAND] = mine;
}

/* bench --write-values N: the stored values of tests/data/values.txt (their
 * format is described at the file's top), checked by tests/unit_values.c.
 * N deals per game, seeded apart from the timed sets. */
static int write_values(Solver *solver, int deals)
{
    printf("# skatdd stored values: written by `build/tests/bench --write-values %d`, checked by\n"
           "# tests/unit_values.c.  Full deals, declarer forehand, forehand leads, the skat's points the\n"
           "# declarer's (a hand game).  One deal a line: the game; the hands of forehand, middlehand\n"
           "# and rearhand as hexadecimal card sets (bit suit*8+rank, solver/cards.h); the value\n"
           "# (declarer's final card points, null: 1 won, 0 lost); the number of legal first cards;\n"
           "# then each card and its value (solver_move_values).\n",
           deals);
    const GameType games[] = {GAME_GRAND, GAME_CLUBS, GAME_NULL};
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        uint64_t rng = 20261201u + (uint64_t)games[g];
        for (int i = 0; i < deals; i++) {
            Position pos;
            bench_full_deal(&rng, games[g], &pos);
            if (games[g] == GAME_NULL)
                give_declarer_lowest(&pos);
            solver_new_deal(solver);
            MoveValue moves[10];
            int value = solver_value(solver, &pos);
            int n = solver_move_values(solver, &pos, moves);
            printf("%s %08x %08x %08x %d %d", game_type_name(games[g]), (unsigned)pos.hands[0],
                   (unsigned)pos.hands[1], (unsigned)pos.hands[2], value, n);
            for (int m = 0; m < n; m++) {
                char name[3];
                printf(" %s %d", card_name(moves[m].card, name), moves[m].value);
            }
            printf("\n");
        }
    }
    return fflush(stdout) == 0 ? 0 : 1;
}

static bool same_analysis(const Analysis *a, const Analysis *b)
{
    if (a->value != b->value || a->declarer_can_schwarz != b->declarer_can_schwarz ||
        a->defenders_can_schwarz != b->defenders_can_schwarz || a->move_count != b->move_count ||
        a->line_length != b->line_length)
        return false;
    for (int m = 0; m < a->move_count; m++)
        if (a->moves[m].card != b->moves[m].card || a->moves[m].value != b->moves[m].value)
            return false;
    return memcmp(a->line, b->line, sizeof(int) * (size_t)a->line_length) == 0;
}

static int shared_differ; /* deals the two threads answered otherwise */

/* The full solves again on two threads (analyze_position_shared), after
 * every one-thread solve of the set: OpenMP's waiting thread spins for a
 * while after each parallel region, and on this machine a spinning core
 * slows the other one's search by a third (README, round 50). */
static void bench_shared(Solver *solver, Solver *helper, GameType game, int deals, const Analysis *one)
{
    double *ms = malloc(sizeof(double) * (size_t)deals);
    double *nodes = malloc(sizeof(double) * (size_t)deals);
    uint64_t rng = 20261121u + (uint64_t)game;
    int differ = 0;
    for (int i = 0; i < deals; i++) {
        Position pos;
        bench_full_deal(&rng, game, &pos);
        solver_new_deal(solver);
        Analysis b;
        double t0 = wall_ms();
        analyze_position_shared(solver, helper, &pos, &b);
        ms[i] = wall_ms() - t0;
        nodes[i] = (double)b.nodes;
        const Analysis *a = &one[i];
        if (!same_analysis(a, &b)) {
            differ++;
            fprintf(stderr, "deal %d: value %d/%d schwarz %d%d/%d%d moves", i, a->value, b.value,
                    a->declarer_can_schwarz, a->defenders_can_schwarz, b.declarer_can_schwarz,
                    b.defenders_can_schwarz);
            for (int m = 0; m < a->move_count; m++)
                fprintf(stderr, " %d:%d/%d", a->moves[m].card, a->moves[m].value, b.moves[m].value);
            fprintf(stderr, " line %d/%d\n", a->line_length, b.line_length);
        }
    }
    print_stats("full, 2 threads: time", ms, deals, "ms", 3);
    print_stats("full, 2 threads: nodes", nodes, deals, "", 0);
    printf("  2 threads: %d of %d deals answered otherwise than by 1 thread\n", differ, deals);
    shared_differ += differ;
    free(ms);
    free(nodes);
}

static void bench_game(Solver *solver, Solver *helper, GameType game, int deals)
{
    Analysis *one = malloc(sizeof(Analysis) * (size_t)deals);
    double *value_ms = malloc(sizeof(double) * (size_t)deals);
    double *value_nodes = malloc(sizeof(double) * (size_t)deals);
    double *full_ms = malloc(sizeof(double) * (size_t)deals);
    double *full_nodes = malloc(sizeof(double) * (size_t)deals);
    uint64_t rng = 20261121u + (uint64_t)game;
    /* Deterministic signatures of the fixed set: a change that must not alter
     * the search (a refactoring) keeps them byte-identical. */
    uint64_t value_total = 0, full_total = 0, value_sum = 0;
    for (int i = 0; i < deals; i++) {
        Position pos;
        bench_full_deal(&rng, game, &pos);

        solver_new_deal(solver);
        uint64_t n0 = solver_nodes(solver);
        double t0 = wall_ms();
        int value = solver_value(solver, &pos);
        value_ms[i] = wall_ms() - t0;
        value_nodes[i] = (double)(solver_nodes(solver) - n0);
        value_total += solver_nodes(solver) - n0;
        value_sum = value_sum * 31 + (uint64_t)value;

        solver_new_deal(solver);
        Analysis *a = &one[i];
        t0 = wall_ms();
        analyze_position(solver, &pos, a);
        full_ms[i] = wall_ms() - t0;
        full_nodes[i] = (double)a->nodes;
        full_total += a->nodes;
        for (int m = 0; m < a->move_count; m++)
            value_sum = value_sum * 31 + (uint64_t)a->moves[m].value;
    }
    printf("%s, %d deals:\n", game_type_name(game), deals);
    print_stats("value: time", value_ms, deals, "ms", 3);
    print_stats("value: nodes", value_nodes, deals, "", 0);
    print_stats("full solve: time", full_ms, deals, "ms", 3);
    print_stats("full solve: nodes", full_nodes, deals, "", 0);
    if (helper)
        bench_shared(solver, helper, game, deals, one);
    printf("  total nodes: value %llu, full solve %llu; values signature %016llx\n",
           (unsigned long long)value_total, (unsigned long long)full_total, (unsigned long long)value_sum);
    free(one);
    free(value_ms);
    free(value_nodes);
    free(full_ms);
    free(full_nodes);
}

/* Ramsch: random full deals, forehand to lead, the skat going to the last
 * trick's winner; per deal every seat's three answers (fewest points,
 * takes all, avoids all), timed together. */
static void bench_ramsch(Solver *solver, int deals)
{
    double *ms = malloc(sizeof(double) * (size_t)deals);
    double *nodes = malloc(sizeof(double) * (size_t)deals);
    uint64_t rng = 20261123u, total = 0, signature = 0;
    for (int i = 0; i < deals; i++) {
        Position pos;
        random_position(&rng, GAME_GRAND, 10, SEAT_FOREHAND, SEAT_FOREHAND, 0, &pos);
        pos.declarer_points = 0;
        int skat = set_points(~(pos.hands[0] | pos.hands[1] | pos.hands[2]));
        solver_new_deal(solver);
        uint64_t n0 = solver_nodes(solver);
        double t0 = wall_ms();
        for (int seat = 0; seat < SEAT_COUNT; seat++) {
            pos.declarer = seat;
            int fewest = solver_ramsch_fewest_points(solver, &pos, skat);
            bool all = solver_ramsch_takes_all(solver, &pos), none = solver_ramsch_avoids_all(solver, &pos);
            signature = signature * 31 + (uint64_t)(fewest * 4 + all * 2 + none);
        }
        ms[i] = wall_ms() - t0;
        nodes[i] = (double)(solver_nodes(solver) - n0);
        total += solver_nodes(solver) - n0;
    }
    printf("ramsch, %d deals, all three seats:\n", deals);
    print_stats("three seats: time", ms, deals, "ms", 3);
    print_stats("three seats: nodes", nodes, deals, "", 0);
    printf("  total nodes %llu; values signature %016llx\n", (unsigned long long)total,
           (unsigned long long)signature);
    free(ms);
    free(nodes);
}

/* The full three-seat contract table of random deals, with one thread and
 * with all, and one seat's skat-game grand with all 66 discards.  Each deal
 * is timed with one thread and with all in turn (which goes first
 * alternates), so that the machine's drift over the run, which is larger
 * than the gain on a shared machine, falls on both alike. */
static void bench_table(const RuleSystem *rules, int deals, int discard_deals)
{
    int cores = omp_get_num_procs(), runs = cores > 1 ? 2 : 1;
    int thread_counts[2] = {1, cores};
    double *seconds[2] = {malloc(sizeof(double) * (size_t)deals), malloc(sizeof(double) * (size_t)deals)};
    double table_seconds[2] = {0, 0};
    uint64_t table_nodes[2] = {0, 0}, table_signature[2] = {0, 0};
    DealTable *table = malloc(sizeof *table);
    TableWorkers *workers[2] = {table_workers_new(1, 16u << 20), table_workers_new(cores, 16u << 20)};
    uint64_t table_rng = 4711;
    for (int i = 0; i < deals; i++) {
        Position pos;
        random_position(&table_rng, GAME_GRAND, 10, 0, 0, 0, &pos);
        CardSet skat = ~(pos.hands[0] | pos.hands[1] | pos.hands[2]);
        for (int k = 0; k < runs; k++) {
            int t = runs == 2 ? (i + k) % 2 : 0;
            double t0 = wall_ms();
            table_compute(workers[t], rules, pos.hands, skat, 7, table);
            seconds[t][i] = (wall_ms() - t0) / 1000;
            table_seconds[t] += seconds[t][i];
            table_nodes[t] += table->nodes;
            for (int seat = 0; seat < 3; seat++)
                for (int e = 0; e < table->seat[seat].count; e++) {
                    const TableEntry *x = &table->seat[seat].entry[e];
                    table_signature[t] = table_signature[t] * 1000003u + x->discard * 131u +
                                         (uint64_t)(x->declarer_points + 1) * 4u + x->declarer_schwarz * 2u + x->won;
                }
        }
    }
    for (int t = 0; t < runs; t++) {
        char label[64];
        snprintf(label, sizeof label, "table, %d thread%s", thread_counts[t], thread_counts[t] > 1 ? "s" : "");
        print_stats(label, seconds[t], deals, "s", 3);
        printf("  %-22s total nodes %llu; values signature %016llx\n", "", (unsigned long long)table_nodes[t],
               (unsigned long long)table_signature[t]);
    }
    if (runs == 2)
        printf("  %-22s %.2fx (total time, one thread against %d, deal by deal in turn)\n", "speed-up",
               table_seconds[0] / table_seconds[1], cores);
    for (int t = 0; t < 2; t++)
        table_workers_free(workers[t]);
    free(table);
    free(seconds[0]);
    free(seconds[1]);

    Solver *solver = solver_new(16u << 20);
    double *ms = malloc(sizeof(double) * (size_t)discard_deals);
    double *nodes = malloc(sizeof(double) * (size_t)discard_deals);
    uint64_t rng = 815, total = 0, signature = 0;
    for (int i = 0; i < discard_deals; i++) {
        Position pos;
        random_position(&rng, GAME_GRAND, 10, 0, 0, 0, &pos);
        pos.hands[0] |= ~(pos.hands[0] | pos.hands[1] | pos.hands[2]);
        solver_new_deal(solver);
        uint64_t before = solver_nodes(solver);
        double t0 = wall_ms();
        PointsDiscard best = best_points_discard(solver, &pos, NULL, true, false);
        ms[i] = wall_ms() - t0;
        nodes[i] = (double)(solver_nodes(solver) - before);
        total += solver_nodes(solver) - before;
        signature = signature * 1000003u + best.discard * 131u + (uint64_t)best.points * 2u + best.schwarz;
    }
    printf("grand, 66 discards, %d deals:\n", discard_deals);
    print_stats("time", ms, discard_deals, "ms", 2);
    print_stats("nodes", nodes, discard_deals, "", 0);
    printf("  total nodes %llu; discards signature %016llx\n", (unsigned long long)total,
           (unsigned long long)signature);
    free(ms);
    free(nodes);
    solver_free(solver);
}

/* The sizes of the sets: the full run, and --quick (under a minute on two
 * shared cores) for a first look at a change. */
typedef struct {
    int deals, ramsch_deals, table_deals, discard_deals;
} BenchSizes;

static const BenchSizes full_sizes = {500, 500, 100, 100};
static const BenchSizes quick_sizes = {100, 12, 2, 20};

static int usage(void)
{
    fprintf(stderr, "usage: bench [--quick] [DEALS [TABLE_DEALS]]\n"
                    "       bench --write-values DEALS >tests/data/values.txt\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write-values") == 0) {
        Solver *solver = solver_new(16u << 20);
        int status = solver && atoi(argv[2]) > 0 ? write_values(solver, atoi(argv[2])) : 1;
        solver_free(solver);
        return status;
    }
    BenchSizes sizes = full_sizes;
    const char *mode = "";
    int arg = 1;
    if (arg < argc && strcmp(argv[arg], "--quick") == 0) {
        sizes = quick_sizes;
        mode = " (--quick)";
        arg++;
    }
    /* DEALS sets the games' and Ramsch's sets, TABLE_DEALS the table's. */
    if (arg < argc) {
        sizes.deals = sizes.ramsch_deals = atoi(argv[arg++]);
        if (sizes.deals < 1)
            return usage();
    }
    if (arg < argc) {
        sizes.table_deals = sizes.discard_deals = atoi(argv[arg++]);
        if (sizes.table_deals < 1)
            return usage();
    }
    if (arg < argc)
        return usage();
    Solver *solver = solver_new(16u << 20);
    if (!solver)
        return 1;
    print_machine(stdout);
    printf("skatdd solver benchmark%s: random full deals, declarer forehand, forehand leads, 1 thread "
           "(the full solve also on 2 sharing one table), the search's %s copy\n",
           mode, search_variant());
    const GameType games[] = {GAME_GRAND, GAME_CLUBS, GAME_NULL};
    Solver *helper = omp_get_num_procs() > 1 ? solver_new(SOLVER_MIN_TT_BYTES) : NULL;
    for (size_t g = 0; g < sizeof games / sizeof *games; g++)
        bench_game(solver, helper, games[g], sizes.deals);
    solver_free(helper);
    bench_ramsch(solver, sizes.ramsch_deals);
    solver_free(solver);

    RuleSystem *rules = malloc(sizeof *rules);
    char err[256];
    if (!rules || !rules_load("isko", "evaluator/rules", rules, err, sizeof err)) {
        fprintf(stderr, "bench: %s\n", rules ? err : "out of memory");
        return 1;
    }
    printf("contract table (isko), %d random deals, all three seats:\n", sizes.table_deals);
    bench_table(rules, sizes.table_deals, sizes.discard_deals);
    free(rules);
    return shared_differ ? 1 : 0;
}
