/* make bench: the threshold searches evaluate's hand games ask, on fixed
 * layouts, so that a change to the solver can be judged by what evaluate
 * spends most of its time on (README, rounds 5 to 8) in seconds, not minutes.
 *
 * For each bench hand (bench_hands.h), LAYOUTS seeded layouts: a skat and
 * the defenders' hands drawn from the 22 cards the hand does not hold.  Each
 * is played as a hand game in the four suits and grand, forehand to lead,
 * the skat counted for the declarer, and asked what evaluate asks first:
 * does the declarer reach 61; where he does, 90; where he does not, 31.  One
 * thread; the table starts afresh for each layout.  Prints per question the
 * searches, nodes and milliseconds of the proofs (the declarer reaches it)
 * and of the refutations, and a signature of all answers, which no change
 * made for speed may alter.  Argument: layouts per hand (default 50). */
#include <stdio.h>
#include <stdlib.h>

#include "bench_hands.h"
#include "common.h"
#include "search.h"
#include "support_cards.h"
#include "support_machine.h"
#include "support_oracle.h"

enum { QUESTIONS = 3, BENCH_GAMES = 5 };
static const int threshold[QUESTIONS] = {61, 90, 31};

typedef struct {
    long searches[QUESTIONS][2]; /* [question][reached] */
    double nodes[QUESTIONS][2];
    double ms[QUESTIONS][2];
    uint64_t signature;
} Totals;

static bool ask(Solver *solver, const Position *pos, int question, Totals *t)
{
    uint64_t before = solver_nodes(solver);
    double start = wall_ms();
    bool reached = solver_declarer_reaches(solver, pos, threshold[question]);
    t->ms[question][reached] += wall_ms() - start;
    t->nodes[question][reached] += (double)(solver_nodes(solver) - before);
    t->searches[question][reached]++;
    t->signature = t->signature * 1000003u + (uint64_t)(2 * question + reached + 1);
    return reached;
}

int main(int argc, char **argv)
{
    int layouts = argc > 1 ? atoi(argv[1]) : 50;
    layouts = layouts < 1 ? 50 : layouts;
    Solver *solver = solver_new(16u << 20);
    if (!solver) {
        fprintf(stderr, "bench: out of memory\n");
        return 1;
    }
    Totals t = {.signature = 1};
    uint64_t rng = 20261124;
    for (int h = 0; h < BENCH_HAND_COUNT; h++) {
        CardSet hand = test_cards(bench_hands[h].cards);
        for (int l = 0; l < layouts; l++) {
            Position pos;
            bench_layout(&rng, hand, bench_hands[h].seat, &pos);
            solver_new_deal(solver);
            for (int game = GAME_CLUBS; game < BENCH_GAMES; game++) {
                pos.game = (GameType)game;
                ask(solver, &pos, ask(solver, &pos, 0, &t) ? 1 : 2, &t);
            }
        }
    }
    print_machine(stdout);
    printf("threshold searches of evaluate's hand games, %d hands x %d layouts x 5 games, 1 thread:\n",
           BENCH_HAND_COUNT, layouts);
    printf("  %-9s %10s %12s %10s   %10s %12s %10s\n", "question", "proofs", "nodes", "ms", "refuted", "nodes", "ms");
    double nodes = 0, ms = 0;
    for (int q = 0; q < QUESTIONS; q++) {
        printf("  reach %-3d %10ld %12.0f %10.1f   %10ld %12.0f %10.1f\n", threshold[q], t.searches[q][1],
               t.nodes[q][1], t.ms[q][1], t.searches[q][0], t.nodes[q][0], t.ms[q][0]);
        nodes += t.nodes[q][0] + t.nodes[q][1];
        ms += t.ms[q][0] + t.ms[q][1];
    }
    printf("  total nodes %.0f, %.1f ms; answers signature %016llx\n", nodes, ms, (unsigned long long)t.signature);
    solver_free(solver);
    return 0;
}
