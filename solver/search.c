/* The solver's API (search.h) over the parts of the search: the solver's life
 * cycle, the search over the whole window that finds a value, the threshold and
 * all-tricks questions, every move's value and an optimal line. */
#include "search.h"

#include <stdlib.h>

#include "alphabeta.h"
#include "layout.h"

Solver *solver_new(size_t tt_bytes)
{
    Solver *s = alloc_cache_lines(sizeof *s);
    if (!s)
        return NULL;
    s->tt = s->own_tt = tt_new(tt_bytes);
    s->ends = calloc((size_t)1 << END_BITS, sizeof *s->ends);
    s->lead_hints = calloc(HINT_SLOTS, sizeof *s->lead_hints);
    s->reply_hints = calloc(HINT_SLOTS, sizeof *s->reply_hints);
    if (!s->tt || !s->ends || !s->lead_hints || !s->reply_hints) {
        tt_free(s->tt);
        free(s->ends);
        free(s->lead_hints);
        free(s->reply_hints);
        free(s);
        return NULL;
    }
    s->end_stamp = 1;
    return s;
}

size_t solver_tt_share(size_t total_bytes, int threads)
{
    size_t share = threads > 1 ? total_bytes / (size_t)threads : total_bytes;
    return share < SOLVER_MIN_TT_BYTES ? SOLVER_MIN_TT_BYTES : share;
}

void solver_free(Solver *solver)
{
    if (solver) {
        tt_free(solver->own_tt);
        free(solver->ends);
        free(solver->lead_hints);
        free(solver->reply_hints);
        free(solver);
    }
}

uint64_t solver_nodes(const Solver *solver) { return solver->nodes; }

void solver_new_deal(Solver *solver)
{
    tt_new_generation(solver->tt);
    forget_move_order(solver);
}

void solver_join(Solver *helper, const Solver *main)
{
    TT *own = helper->own_tt;
    EndEntry *ends = helper->ends;
    uint32_t *lead_hints = helper->lead_hints, *reply_hints = helper->reply_hints;
    uint64_t nodes = helper->nodes;
    *helper = *main;
    helper->own_tt = own;
    helper->ends = ends;
    helper->lead_hints = lead_hints;
    helper->reply_hints = reply_hints;
    helper->nodes = nodes;
    memcpy(ends, main->ends, ((size_t)1 << END_BITS) * sizeof *ends);
    memcpy(lead_hints, main->lead_hints, HINT_SLOTS * sizeof *lead_hints);
    memcpy(reply_hints, main->reply_hints, HINT_SLOTS * sizeof *reply_hints);
    tt_share(main->tt);
}

void solver_leave(Solver *helper)
{
    helper->tt = helper->own_tt;
    /* Its own table's entries may be of another game: configure afresh. */
    helper->configured = false;
}

/* The declarer's final points, known to lie in [lower, upper], by one
 * search over that whole window: inside it the search is a principal
 * variation search (alphabeta.c), which proves most moves no better by null
 * windows and so costs less than the four to six null-window probes a
 * bisection needs (README, round 23). */
static int points_within(Solver *s, const Position *pos, int kind, int lower, int upper)
{
    int n = layout_load(s, pos, kind);
    int already = pos->declarer_points;
    if (lower >= upper)
        return lower;
    return already + search_points(s, pos->leader, n, lower - already - 1, upper - already + 1);
}

/* The declarer's final points, known to lie in [lower, upper], by null-window
 * searches that each start at the bound the last one returned (MTD(f)).  A
 * root card's first probe asks whether it keeps the position's value (most
 * do, or nearly); after that a fail-soft bound is mostly close to the value,
 * and stepping from it costs fewer nodes than one wide search of the rest
 * (README, round 23). */
static int points_stepping(Solver *s, const Position *pos, int lower, int upper, int guess)
{
    int n = layout_load(s, pos, KIND_POINTS);
    int already = pos->declarer_points;
    int g = guess;
    while (lower < upper) {
        int beta = g <= lower ? lower + 1 : g > upper ? upper : g;
        g = already + search_points(s, pos->leader, n, beta - already - 1, beta - already);
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    return lower;
}

int solver_declarer_points(Solver *solver, const Position *pos)
{
    return points_within(solver, pos, KIND_POINTS, pos->declarer_points,
                         pos->declarer_points + position_points_left(pos));
}

bool solver_declarer_reaches(Solver *solver, const Position *pos, int points)
{
    int needed = points - pos->declarer_points;
    if (needed <= 0)
        return true;
    if (needed > position_points_left(pos))
        return false;
    int n = layout_load(solver, pos, KIND_POINTS);
    return search_points(solver, pos->leader, n, needed - 1, needed) >= needed;
}

static bool trick_goal(Solver *s, const Position *pos, int kind, int goal_side, int trying_side)
{
    int n = layout_load(s, pos, kind);
    s->goal_side = goal_side;
    s->trying_side = trying_side;
    if (n == 0 && position_cards_left(pos) == 0)
        return true;
    return search_tricks(s, pos->leader, n);
}

bool solver_declarer_takes_all(Solver *solver, const Position *pos)
{
    if (pos->defender_tricks > 0)
        return false;
    return trick_goal(solver, pos, KIND_DECLARER_ALL, DECLARER_SIDE, DECLARER_SIDE);
}

bool solver_defenders_take_all(Solver *solver, const Position *pos)
{
    return trick_goal(solver, pos, KIND_DEFENDERS_ALL, DEFENDER_SIDE, DEFENDER_SIDE);
}

bool solver_declarer_wins_null(Solver *solver, const Position *pos)
{
    if (pos->declarer_tricks > 0)
        return false;
    return trick_goal(solver, pos, KIND_NULL, DEFENDER_SIDE, DECLARER_SIDE);
}

int solver_value(Solver *solver, const Position *pos)
{
    if (pos->game == GAME_NULL)
        return solver_declarer_wins_null(solver, pos);
    return solver_declarer_points(solver, pos);
}

/* Whether card's value is known from the card just above it: the next
 * higher live card of its suit is in the same hand and worth the same.
 * Returns that card, or CARD_NONE. */
static int equivalent_card(Solver *s, const Position *pos, int card)
{
    layout_load(s, pos, KIND_POINTS);
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2];
    for (int i = 0; i < pos->trick_size; i++)
        live |= 1u << s->trick[i];
    int c = s->internal_of[card];
    uint32_t above = live & s->follow[c] & ~((2u << c) - 1);
    if (!above)
        return CARD_NONE;
    int next = __builtin_ctz(above);
    uint32_t own = s->hand[position_to_move(pos)];
    if (!((own >> next) & 1u) || s->equal_points[next] != s->equal_points[c])
        return CARD_NONE;
    return s->card_of[next];
}

int solver_cards_to_search(Solver *solver, const Position *pos, MoveValue moves[10], int *move_count, int todo[10])
{
    int searched = 0, n = 0;
    for (CardSet m = position_legal_moves(pos); m; m &= m - 1)
        moves[n++] = (MoveValue){set_first(m), -1};
    for (int i = n - 1; i >= 0; i--)
        if (equivalent_card(solver, pos, moves[i].card) == CARD_NONE)
            todo[searched++] = i;
    *move_count = n;
    return searched;
}

/* Round by round, because card order need not follow rank order (the
 * jacks): a chain of equivalent cards is filled down from its top. */
void solver_fill_equivalents(Solver *solver, const Position *pos, MoveValue moves[], int move_count)
{
    for (bool filled = true; filled;) {
        filled = false;
        for (int i = 0; i < move_count; i++) {
            if (moves[i].value >= 0)
                continue;
            int same = equivalent_card(solver, pos, moves[i].card);
            for (int j = 0; j < move_count; j++)
                if (moves[j].card == same && moves[j].value >= 0) {
                    moves[i].value = moves[j].value;
                    filled = true;
                }
        }
    }
}

int solver_card_value(Solver *solver, const Position *pos, int card, int value)
{
    Position next = *pos;
    position_play(&next, card);
    if (pos->game == GAME_NULL)
        return solver_declarer_wins_null(solver, &next);
    if (value < 0)
        return solver_declarer_points(solver, &next);
    if (position_to_move(pos) == pos->declarer)
        return points_stepping(solver, &next, next.declarer_points, value, value);
    return points_stepping(solver, &next, value, next.declarer_points + position_points_left(&next), value);
}

int solver_move_values(Solver *solver, const Position *pos, MoveValue moves[10])
{
    int value = solver_value(solver, pos);
    int todo[10], n;
    int searched = solver_cards_to_search(solver, pos, moves, &n, todo);
    for (int k = 0; k < searched; k++)
        moves[todo[k]].value = solver_card_value(solver, pos, moves[todo[k]].card, value);
    solver_fill_equivalents(solver, pos, moves, n);
    return n;
}

/* Whether playing card keeps the value of the position at value. */
static bool keeps_value(Solver *solver, const Position *pos, int card, int value)
{
    Position next = *pos;
    position_play(&next, card);
    bool declarer_moves = position_to_move(pos) == pos->declarer;
    if (pos->game == GAME_NULL)
        return solver_declarer_wins_null(solver, &next) == (value == 1);
    if (declarer_moves)
        return solver_declarer_reaches(solver, &next, value);
    return !solver_declarer_reaches(solver, &next, value + 1);
}

/* Who can take every trick from the line's start (suit and grand): card
 * points leave open who wins a trick worth none, but a score reads schwarz
 * off the tricks of the line, so the line must end as best play on both
 * sides ends for schwarz too. */
typedef struct {
    bool declarer_all;   /* solver_declarer_takes_all */
    bool defenders_all;  /* solver_defenders_take_all: no further trick for the declarer */
    int declarer_tricks; /* his tricks at the start */
} SchwarzOutlook;

/* Whether the position after a card (next) keeps the outlook: the side
 * that can take every trick still can, and the other side, while it has
 * no trick yet, can still get one. */
static bool keeps_schwarz(Solver *solver, const Position *next, bool declarer_moved, const SchwarzOutlook *o)
{
    if (declarer_moved) {
        if (o->declarer_all)
            return solver_declarer_takes_all(solver, next);
        return o->defenders_all || next->declarer_tricks > o->declarer_tricks ||
               !solver_defenders_take_all(solver, next);
    }
    if (o->defenders_all) /* "no further trick": the trick just ended counts too */
        return next->declarer_tricks == o->declarer_tricks && solver_defenders_take_all(solver, next);
    return o->declarer_all || !solver_declarer_takes_all(solver, next);
}

int solver_optimal_line(Solver *solver, const Position *pos, int line[30])
{
    int value = solver_value(solver, pos);
    if (pos->game == GAME_NULL)
        return solver_optimal_line_given(solver, pos, value, false, false, line);
    return solver_optimal_line_given(solver, pos, value, solver_declarer_takes_all(solver, pos),
                                     solver_defenders_take_all(solver, pos), line);
}

int solver_optimal_line_given(Solver *solver, const Position *pos, int value, bool declarer_all, bool defenders_all,
                              int line[30])
{
    Position cur = *pos;
    bool points = pos->game != GAME_NULL;
    SchwarzOutlook outlook = {declarer_all, defenders_all, pos->declarer_tricks};
    int length = 0;
    while (!position_is_over(&cur)) {
        CardSet legal = position_legal_moves(&cur);
        bool declarer_moves = position_to_move(&cur) == cur.declarer;
        int chosen = set_first(legal);
        for (CardSet m = legal; m; m &= m - 1) {
            if (!keeps_value(solver, &cur, set_first(m), value))
                continue;
            Position next = cur;
            position_play(&next, set_first(m));
            if (points && !keeps_schwarz(solver, &next, declarer_moves, &outlook))
                continue;
            chosen = set_first(m);
            break;
        }
        line[length++] = chosen;
        position_play(&cur, chosen);
    }
    return length;
}

/* ----- Ramsch ---------------------------------------------------------------
 * Every question is asked of pos->declarer, the seat, against the other two;
 * the game is played as a grand (jacks the only trumps). */

static Position as_grand(const Position *pos, int seat)
{
    Position p = *pos;
    p.game = GAME_GRAND;
    p.declarer = seat;
    return p;
}

static int ramsch_upper(const Position *pos, int bonus)
{
    return pos->declarer_points + position_points_left(pos) + bonus;
}

/* The seat's fewest points, at least lower, by one search over the rest of
 * the window (as a position's value: points_within). */
static int ramsch_within(Solver *s, const Position *pos, int bonus, int lower)
{
    if (position_is_over(pos))
        return pos->declarer_points;
    s->ramsch_bonus = bonus;
    return points_within(s, pos, KIND_RAMSCH, lower, ramsch_upper(pos, bonus));
}

int solver_ramsch_fewest_points(Solver *solver, const Position *pos, int bonus)
{
    Position p = as_grand(pos, pos->declarer);
    return ramsch_within(solver, &p, bonus, p.declarer_points);
}

bool solver_ramsch_takes_all(Solver *solver, const Position *pos)
{
    Position p = as_grand(pos, pos->declarer);
    return solver_declarer_takes_all(solver, &p);
}

bool solver_ramsch_avoids_all(Solver *solver, const Position *pos)
{
    if (pos->declarer_tricks > 0)
        return false;
    Position p = as_grand(pos, pos->declarer);
    return trick_goal(solver, &p, KIND_AVOID_ALL, DEFENDER_SIDE, DECLARER_SIDE);
}

/* The mover's fewest points after card, at least lower (his value before
 * it): the bonus goes with the game's last trick. */
static int ramsch_after(Solver *s, const Position *pos, int card, int bonus, int lower)
{
    Position next = *pos;
    int winner = position_play(&next, card);
    if (position_is_over(&next))
        return next.declarer_points + (winner == next.declarer ? bonus : 0);
    return ramsch_within(s, &next, bonus, lower);
}

int solver_ramsch_move_values(Solver *solver, const Position *pos, int bonus, MoveValue moves[10])
{
    Position p = as_grand(pos, position_to_move(pos));
    int value = solver_ramsch_fewest_points(solver, &p, bonus);
    int n = 0;
    for (CardSet m = position_legal_moves(&p); m; m &= m - 1, n++) {
        moves[n].card = set_first(m);
        moves[n].value = ramsch_after(solver, &p, moves[n].card, bonus, value);
    }
    return n;
}

/* Whether card keeps the mover to value, his fewest points before it: one
 * null-window search (after it he holds at least value). */
static bool ramsch_keeps(Solver *s, const Position *pos, int card, int bonus, int value)
{
    Position next = *pos;
    int winner = position_play(&next, card);
    if (position_is_over(&next))
        return next.declarer_points + (winner == next.declarer ? bonus : 0) <= value;
    s->ramsch_bonus = bonus;
    int n = layout_load(s, &next, KIND_RAMSCH);
    int needed = value - next.declarer_points;
    return search_points(s, next.leader, n, needed, needed + 1) <= needed;
}

int solver_ramsch_line(Solver *solver, const Position *pos, int bonus, int line[30])
{
    Position cur = as_grand(pos, position_to_move(pos));
    int length = 0;
    while (!position_is_over(&cur)) {
        cur.declarer = position_to_move(&cur);
        /* declarer_points now count for the mover: only differences matter,
         * so his own points are taken as 0. */
        cur.declarer_points = 0;
        int value = solver_ramsch_fewest_points(solver, &cur, bonus);
        CardSet legal = position_legal_moves(&cur);
        int chosen = set_first(legal);
        for (CardSet m = legal; m; m &= m - 1)
            if (ramsch_keeps(solver, &cur, set_first(m), bonus, value)) {
                chosen = set_first(m);
                break;
            }
        line[length++] = chosen;
        position_play(&cur, chosen);
    }
    return length;
}
