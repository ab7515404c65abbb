/* What double-dummy play takes for granted, measured on random hand games,
 * and what single-dummy play (evaluator/singledummy.c) costs.
 *
 * A side that does not see the others' cards plays single-dummy: at each turn
 * it samples layouts of the cards it cannot see that fit what the play has
 * shown, solves each double-dummy and plays the card best over them.  Two
 * runs on the same deals:
 *   - the declarer sees all, the defenders guess: the declarer takes at least
 *     his double-dummy points; the excess is what the defenders' perfect
 *     information is worth in evaluate's worlds;
 *   - the declarer guesses, the defenders see all: he takes at most his
 *     double-dummy points; the shortfall is how optimistic double-dummy is
 *     about the declarer's own play.
 * Then every seat guessing, timed per game, as the evaluator will play its
 * worlds.  Part of `make bench`. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "common.h"
#include "singledummy.h"
#include "support_oracle.h"

enum { DEALS = 40, LAYOUTS = 8, TIMED_LAYOUTS = 6 };

/* CPU time: on a busy machine it is closer to what one free core would take. */
static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A hand game of clubs or grand, the declarer the seat with the most trumps. */
static void random_game(uint64_t *rng, GameType game, SdGame *out)
{
    Position pos;
    random_position(rng, game, 10, SEAT_FOREHAND, SEAT_FOREHAND, 0, &pos);
    int most = 0;
    for (int s = 1; s < 3; s++)
        if (set_count(pos.hands[s] & trump_cards(game)) > set_count(pos.hands[most] & trump_cards(game)))
            most = s;
    pos.declarer = most;
    CardSet skat = ~(pos.hands[0] | pos.hands[1] | pos.hands[2]);
    pos.declarer_points = set_points(skat);
    *out = (SdGame){.start = pos, .out_of_play = skat, .win_points = 61};
}

int main(int argc, char **argv)
{
    int deals = argc > 1 ? atoi(argv[1]) : DEALS;
    if (deals < 1)
        deals = DEALS;
    Solver *solver = solver_new(16u << 20);
    double *ms = malloc(sizeof *ms * (size_t)deals);
    if (!solver || !ms)
        return 1;
    uint64_t rng = 99;
    long dd_sum = 0, sum[3] = {0, 0, 0};
    int dd_wins = 0, wins[3] = {0, 0, 0};
    double start = wall_ms();
    for (int d = 0; d < deals; d++) {
        SdGame game;
        random_game(&rng, d % 2 ? GAME_GRAND : GAME_CLUBS, &game);
        solver_new_deal(solver);
        int dd = solver_declarer_points(solver, &game.start);
        dd_sum += dd;
        dd_wins += dd >= 61;
        unsigned declarer_bit = 1u << game.start.declarer;
        unsigned sees_all[2] = {declarer_bit, 7u & ~declarer_bit};
        for (int k = 0; k < 2; k++) {
            game.sees_all = sees_all[k];
            SdResult r;
            sd_play(solver, &game, LAYOUTS, (uint64_t)d, &r);
            sum[k] += r.declarer_points;
            wins[k] += r.declarer_points >= 61;
        }
    }
    double one_side_ms = wall_ms() - start;
    uint64_t timed_nodes = 0;
    for (int d = 0; d < deals; d++) {
        SdGame game;
        uint64_t timed_rng = 1000 + (uint64_t)d;
        random_game(&timed_rng, d % 2 ? GAME_GRAND : GAME_CLUBS, &game);
        solver_new_deal(solver);
        SdResult r;
        double t0 = cpu_ms();
        uint64_t n0 = solver_nodes(solver);
        sd_play(solver, &game, TIMED_LAYOUTS, (uint64_t)d, &r);
        ms[d] = cpu_ms() - t0;
        timed_nodes += solver_nodes(solver) - n0;
        sum[2] += r.declarer_points;
        wins[2] += r.declarer_points >= 61;
    }
    printf("double-dummy against one side guessing (%d hand games, clubs and grand, declarer with the most\n"
           "trumps; the guessing side solves %d sampled layouts of the cards it cannot see each turn):\n",
           deals, LAYOUTS);
    printf("  declarer's points: double-dummy %.1f; defenders guessing %.1f (%+.1f); declarer guessing %.1f (%+.1f)\n",
           (double)dd_sum / deals, (double)sum[0] / deals, (double)(sum[0] - dd_sum) / deals,
           (double)sum[1] / deals, (double)(sum[1] - dd_sum) / deals);
    printf("  games won (61+) of %d: double-dummy %d; defenders guessing %d; declarer guessing %d  (%.1f s)\n",
           deals, dd_wins, wins[0], wins[1], one_side_ms / 1000);
    qsort(ms, (size_t)deals, sizeof *ms, by_value);
    printf("every seat guessing with %d layouts (%d other deals): declarer's points %.1f, won %d;\n"
           "  CPU ms per game: median %.0f  p90 %.0f  max %.0f; nodes per game %.0f k\n",
           TIMED_LAYOUTS, deals, (double)sum[2] / deals, wins[2], ms[deals / 2], ms[(deals * 9) / 10],
           ms[deals - 1], (double)timed_nodes / deals / 1000);
    free(ms);
    solver_free(solver);
    return 0;
}
