/* Solves the first deal of problems/examples.yaml (a grand, declarer
 * forehand) through the public API alone, and prints what `skatdd solve`
 * reports: the discard the solver chose, each card's value, one optimal line
 * and, last, the declarer's card points with best play.
 *
 *   cc solve_position.c $(pkg-config --cflags --libs skatdd) -o solve_position
 *   ./solve_position [FILE]      (default problems/examples.yaml) */
#include <stdio.h>
#include <stdlib.h>

#include <skatdd.h>

static int check(skatdd_status status, const char *what)
{
    if (status != SKATDD_OK) {
        fprintf(stderr, "%s: %s: %s\n", what, skatdd_strerror(status), skatdd_last_error());
        exit(1);
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "problems/examples.yaml";
    skatdd_deals *deals;
    skatdd_solver *solver;
    check(skatdd_deals_read_file(path, &deals), path);
    check(skatdd_solver_new(16, &solver), "solver");

    skatdd_deal deal;
    skatdd_deal_solution solution;
    check(skatdd_deals_get(deals, 0, &deal), "deal");
    check(skatdd_solve_deal(solver, deals, 0, &solution), deal.name);

    char cards[128];
    const skatdd_analysis *a = &solution.analysis;
    printf("%s (libskatdd %s)\n", deal.name, skatdd_version());
    skatdd_cards_to_text(solution.discard, cards, sizeof cards);
    printf("discard: %s%s\n", cards, solution.discard_found ? " (chosen by the solver)" : "");
    printf("cards for %s:", skatdd_seat_name(a->to_move));
    for (int i = 0; i < a->move_count; i++)
        printf(" %s %d", skatdd_card_name(a->moves[i].card), a->moves[i].value);
    printf("\noptimal line:");
    for (int i = 0; i < a->line_length; i++)
        printf("%s %s", i % 3 == 0 && i ? " /" : "", skatdd_card_name(a->line[i]));
    printf("\n%d\n", a->value);

    skatdd_solver_free(solver);
    skatdd_deals_free(deals);
    return 0;
}
