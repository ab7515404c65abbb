#include "analysis.h"

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
