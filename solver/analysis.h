/* Everything `solve` reports about one position: its value, the schwarz
 * questions, the value of every legal card and one optimal line. */
#ifndef SKATDD_ANALYSIS_H
#define SKATDD_ANALYSIS_H

#include "search.h"

typedef struct {
    int value;                   /* solver_value: final declarer points, or null won 1/0 */
    bool declarer_can_schwarz;   /* suit and grand: declarer can force every remaining trick */
    bool defenders_can_schwarz;  /* suit and grand: declarer takes no further trick */
    int move_count;
    MoveValue moves[10];         /* every legal card of the player to move */
    int line_length;
    int line[30];                /* one optimal line to the end */
    uint64_t nodes;
} Analysis;

void analyze_position(Solver *solver, const Position *pos, Analysis *out);
/* The same on two threads, main and helper sharing main's table (helper
 * NULL: analyze_position on main): about a third faster on two cores, the
 * answers the same, the nodes (both solvers' counted) varying from run to
 * run.  OpenMP giving one thread, main does it all. */
void analyze_position_shared(Solver *main, Solver *helper, const Position *pos, Analysis *out);

#endif
