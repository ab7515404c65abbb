/* Ramsch positions, checked as positions of play are, and the solver's
 * Ramsch questions asked of each seat (as `skatdd solve` asks them). */
#include "api.h"

#include <string.h>

/* The cards and the trick are checked as a grand's: the tricks of all three
 * counted as the declarer's, the skat's points as his points. */
static skatdd_status check_ramsch(const skatdd_ramsch_position *r, Position *out)
{
    skatdd_position p = {.game = SKATDD_GRAND, .declarer = SKATDD_FOREHAND, .skat = r->skat, .leader = r->leader,
                         .trick_size = r->trick_size, .trick = {r->trick[0], r->trick[1]}};
    memcpy(p.hands, r->hands, sizeof p.hands);
    int tricks = 0, points = 0;
    for (int s = 0; s < SEAT_COUNT; s++) {
        if (r->points[s] < 0 || r->tricks[s] < 0 || r->points[s] > 120 || r->tricks[s] > 10)
            return api_fail(SKATDD_ERR_ARGUMENT, "%s: points %d and tricks %d: points 0 to 120, tricks 0 to 10",
                            seat_name(s), r->points[s], r->tricks[s]);
        if (r->points[s] > 0 && r->tricks[s] == 0)
            return api_fail(SKATDD_ERR_ARGUMENT, "%s has %d points but no trick", seat_name(s), r->points[s]);
        tricks += r->tricks[s];
        points += r->points[s];
    }
    /* As a deal file's points: and tricks: (README): the tricks those
     * played, the points those of the cards played, exactly where the skat
     * is known.  The tricks first, said per seat, where the seat to play is
     * one (the rest api_check_position checks). */
    bool to_move = r->leader >= 0 && r->leader < SEAT_COUNT && r->trick_size >= 0 && r->trick_size <= 2;
    int played = to_move ? 10 - set_count(r->hands[(r->leader + r->trick_size) % SEAT_COUNT]) : tricks;
    if (played >= 0 && tricks != played)
        return api_fail(SKATDD_ERR_ARGUMENT, "the seats' tricks add up to %d, but %d trick%s been played", tricks,
                        played, played == 1 ? " has" : "s have");
    p.declarer_tricks = tricks;
    p.declarer_points = skatdd_card_points(r->skat);
    skatdd_status status = api_check_position(&p, out);
    if (status)
        return status;
    int out_of_play = 120 - position_points_left(out) - set_points(r->skat);
    if (r->skat ? points != out_of_play : points > out_of_play)
        return api_fail(SKATDD_ERR_ARGUMENT, "the seats' points add up to %d, but the cards played hold %s%d", points,
                        r->skat ? "" : "at most ", out_of_play);
    return SKATDD_OK;
}

skatdd_status skatdd_ramsch_solve(skatdd_solver *solver, const skatdd_rules *rules,
                                  const skatdd_ramsch_position *position, skatdd_ramsch_analysis *analysis)
{
    REQUIRE(solver && rules && position && analysis);
    const RamschRules *ra = &rules->system.ramsch;
    if (!ra->enabled)
        return api_fail(SKATDD_ERR_CONTRACT, "the %s rules have no ramsch: when all pass the cards are thrown in",
                        rules->system.name);
    Position pos;
    skatdd_status status = check_ramsch(position, &pos);
    if (status)
        return status;
    memset(analysis, 0, sizeof *analysis);
    Solver *v = solver->solver;
    uint64_t nodes = solver_nodes(v);
    solver_new_deal(v);
    int bonus = ra->skat_to == SKAT_TO_LAST_TRICK ? set_points(position->skat) : 0;
    analysis->skat_bonus = bonus;
    bool over = position_is_over(&pos);
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        Position p = position_ramsch_seat(&pos, position->points, position->tricks, seat);
        skatdd_ramsch_seat *s = &analysis->seats[seat];
        /* at the end the leader is the last trick's winner, who has the skat */
        s->fewest_points = over ? p.declarer_points + (seat == pos.leader ? bonus : 0)
                                : solver_ramsch_fewest_points(v, &p, bonus);
        s->takes_all = over ? p.defender_tricks == 0 : solver_ramsch_takes_all(v, &p);
        s->avoids_all = over ? p.declarer_tricks == 0 : solver_ramsch_avoids_all(v, &p);
    }
    analysis->to_move = over ? -1 : position_to_move(&pos);
    if (!over) {
        Position mover = position_ramsch_seat(&pos, position->points, position->tricks, analysis->to_move);
        MoveValue moves[10];
        analysis->move_count = solver_ramsch_move_values(v, &mover, bonus, moves);
        for (int i = 0; i < analysis->move_count; i++)
            analysis->moves[i] = (skatdd_move_value){moves[i].card, moves[i].value};
        analysis->line_length = solver_ramsch_line(v, &mover, bonus, analysis->line);
    }
    analysis->nodes = solver_nodes(v) - nodes;
    return SKATDD_OK;
}
