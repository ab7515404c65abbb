#include "analysis.h"

#include <omp.h>

void analyze_position(Solver *solver, const Position *pos, Analysis *out)
{
    uint64_t start = solver_nodes(solver);
    *out = (Analysis){0};
    out->value = solver_value(solver, pos);
    if (pos->game != GAME_NULL) {
        out->declarer_can_schwarz = solver_declarer_takes_all(solver, pos);
        out->defenders_can_schwarz = solver_defenders_take_all(solver, pos);
    }
    if (!position_is_over(pos)) {
        out->move_count = solver_move_values(solver, pos, out->moves);
        out->line_length = solver_optimal_line(solver, pos, out->line);
    }
    out->nodes = solver_nodes(solver) - start;
}

/* What the two threads of analyze_position_shared hand each other, under
 * one lock (the critical section "analysis"): the cards still to search,
 * main taking them from the front (the highest, as one solver would) and
 * the helper from the back; the value, once main has it; the schwarz
 * answers, once the helper has them; and whether the line is taken. */
typedef struct {
    int todo[10];
    int front, back;
    int value; /* -1 until known */
    bool schwarz_known, line_taken;
} Jobs;

enum { JOB_NONE = -1, JOB_LINE = 10 };

/* The next job of a thread (0 main, 1 helper) and the value known when it
 * is taken: a card's index in out->moves, JOB_LINE, or JOB_NONE when
 * nothing is left that it can do. */
static int next_job(Jobs *jobs, int thread, int *value)
{
    int job = JOB_NONE;
#pragma omp critical(analysis)
    {
        *value = jobs->value;
        if (jobs->front < jobs->back)
            job = thread == 0 ? jobs->todo[jobs->front++] : jobs->todo[--jobs->back];
        else if (jobs->value >= 0 && jobs->schwarz_known && !jobs->line_taken) {
            jobs->line_taken = true;
            job = JOB_LINE;
        }
    }
    return job;
}

/* Two threads share one table (solver_join): the first finds the value
 * while the second answers the schwarz questions and then searches cards
 * over their whole window, from the lowest; once the value is known the
 * first searches cards from the highest, each in MTD(f) steps from the
 * value, and the second's next cards do too; the first to find no card left
 * plays the line.  The two prove most positions once between them: each
 * finds in the table what the other has proved.  Which thread searches
 * what, and so the nodes, vary from run to run; the answers are those of
 * analyze_position, as every search is exact. */
void analyze_position_shared(Solver *main, Solver *helper, const Position *pos, Analysis *out)
{
    /* A null game's full solve takes microseconds: less than waking a thread. */
    if (!helper || position_is_over(pos) || pos->game == GAME_NULL) {
        analyze_position(main, pos, out);
        return;
    }
    uint64_t start = solver_nodes(main) + solver_nodes(helper);
    *out = (Analysis){0};
    Jobs jobs = {.value = -1};
    jobs.back = solver_cards_to_search(main, pos, out->moves, &out->move_count, jobs.todo);
    solver_join(helper, main);
#pragma omp parallel num_threads(2)
    {
        int t = omp_get_thread_num();
        bool alone = omp_get_num_threads() == 1;
        Solver *s = t == 0 ? main : helper;
        if (t == 0) {
            int value = solver_value(main, pos);
#pragma omp critical(analysis)
            jobs.value = value;
        }
        if (t == 1 || alone) {
            bool all = solver_declarer_takes_all(s, pos);
            bool none = solver_defenders_take_all(s, pos);
#pragma omp critical(analysis)
            {
                out->declarer_can_schwarz = all;
                out->defenders_can_schwarz = none;
                jobs.schwarz_known = true;
            }
        }
        int value, job;
        while ((job = next_job(&jobs, t, &value)) != JOB_NONE) {
            if (job == JOB_LINE)
                out->line_length = solver_optimal_line_given(s, pos, value, out->declarer_can_schwarz,
                                                             out->defenders_can_schwarz, out->line);
            else
                out->moves[job].value = solver_card_value(s, pos, out->moves[job].card, value);
        }
    }
    solver_leave(helper);
    out->value = jobs.value;
    if (!jobs.line_taken)
        out->line_length = solver_optimal_line_given(main, pos, out->value, out->declarer_can_schwarz,
                                                     out->defenders_can_schwarz, out->line);
    solver_fill_equivalents(main, pos, out->moves, out->move_count);
    out->nodes = solver_nodes(main) + solver_nodes(helper) - start;
}
