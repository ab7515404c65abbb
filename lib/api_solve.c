/* Positions, checked before the solver sees them, and the solver. */
#include "api.h"

#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "pointsums.h"

/* ---- positions ---------------------------------------------------------- */

static bool is_card(int card) { return card >= 0 && card < CARD_COUNT; }

/* Checks p and makes the solver's position of it. */
static skatdd_status check_position(const skatdd_position *p, Position *out)
{
    if ((unsigned)p->game >= GAME_TYPE_COUNT)
        return api_fail(SKATDD_ERR_ARGUMENT, "game %d is not one of 0..%d", (int)p->game, GAME_TYPE_COUNT - 1);
    if (!api_is_seat(p->declarer) || !api_is_seat(p->leader))
        return api_fail(SKATDD_ERR_ARGUMENT, "declarer %d or leader %d is not a seat 0..2", p->declarer, p->leader);
    if (p->trick_size < 0 || p->trick_size > 2)
        return api_fail(SKATDD_ERR_TRICK, "trick_size %d is not 0, 1 or 2", p->trick_size);
    CardSet seen = 0;
    for (int s = 0; s < SEAT_COUNT; s++) {
        if (p->hands[s] & seen)
            return api_fail(SKATDD_ERR_CARDS, "%s is in two hands", api_card_names[set_first(p->hands[s] & seen)]);
        seen |= p->hands[s];
    }
    if (p->skat) {
        if (set_count(p->skat) != 2)
            return api_fail(SKATDD_ERR_CARDS, "the skat holds %d cards, not 2", set_count(p->skat));
        if (p->skat & seen)
            return api_fail(SKATDD_ERR_CARDS, "skat card %s is also held", api_card_names[set_first(p->skat & seen)]);
        seen |= p->skat;
    }
    for (int i = 0; i < p->trick_size; i++) {
        if (!is_card(p->trick[i]))
            return api_fail(SKATDD_ERR_CARD, "trick card %d is not a card number 0..31", p->trick[i]);
        if (set_has(seen, p->trick[i]))
            return api_fail(SKATDD_ERR_CARDS, "trick card %s is also held", api_card_names[p->trick[i]]);
        seen |= card_bit(p->trick[i]);
    }
    int mover = (p->leader + p->trick_size) % SEAT_COUNT;
    int left = set_count(p->hands[mover]);
    if (left > 10)
        return api_fail(SKATDD_ERR_CARDS, "%s holds %d cards, at most 10", seat_name(mover), left);
    if (left == 0 && p->trick_size)
        return api_fail(SKATDD_ERR_CARDS, "%s is to play to the trick but holds no card", seat_name(mover));
    for (int k = 1; k < SEAT_COUNT; k++) {
        int seat = (mover + k) % SEAT_COUNT;
        bool played = SEAT_COUNT - k <= p->trick_size; /* the last trick_size seats before the mover */
        int want = left - played;
        if (set_count(p->hands[seat]) != want)
            return api_fail(SKATDD_ERR_CARDS, "%s holds %d cards, %s %d: it should hold %d", seat_name(seat),
                        set_count(p->hands[seat]), seat_name(mover), left, want);
    }
    /* The second card of a trick must follow the first where it can. */
    if (p->trick_size == 2) {
        int second = (p->leader + 1) % SEAT_COUNT;
        CardSet before = p->hands[second] | card_bit(p->trick[1]);
        if (!set_has(legal_moves((GameType)p->game, before, p->trick[0]), p->trick[1]))
            return api_fail(SKATDD_ERR_TRICK, "%s could not play %s to %s: it must follow suit", seat_name(second),
                        api_card_names[p->trick[1]], api_card_names[p->trick[0]]);
    }
    /* Every trick played is someone's: schwarz turns on the counts. */
    if (p->declarer_tricks < 0 || p->defender_tricks < 0 || p->declarer_tricks > 10 || p->defender_tricks > 10 ||
        p->declarer_tricks + p->defender_tricks != 10 - left)
        return api_fail(SKATDD_ERR_ARGUMENT, "declarer_tricks %d and defender_tricks %d: %d tricks have been played",
                    p->declarer_tricks, p->defender_tricks, 10 - left);
    Position pos = {.game = (GameType)p->game, .declarer = p->declarer, .leader = p->leader,
                    .trick_size = p->trick_size, .trick = {p->trick[0], p->trick[1]},
                    .declarer_points = p->declarer_points, .declarer_tricks = p->declarer_tricks,
                    .defender_tricks = p->defender_tricks};
    memcpy(pos.hands, p->hands, sizeof pos.hands);
    if (p->trick_size < 2)
        pos.trick[1] = CARD_NONE;
    if (p->trick_size < 1)
        pos.trick[0] = CARD_NONE;
    int out_of_play = 120 - position_points_left(&pos);
    if (p->declarer_points < 0 || p->declarer_points > out_of_play)
        return api_fail(SKATDD_ERR_ARGUMENT, "declarer_points %d: only %d card points are out of play",
                    p->declarer_points, out_of_play);
    if (p->declarer_points < set_points(p->skat))
        return api_fail(SKATDD_ERR_ARGUMENT, "declarer_points %d: the skat alone counts %d", p->declarer_points,
                    set_points(p->skat));
    if (out)
        *out = pos;
    return SKATDD_OK;
}

skatdd_status api_check_position(const skatdd_position *p, Position *out) { return check_position(p, out); }

/* A suit or grand position's points must be ones the declarer's tricks and
 * the skat, of the cards out of play, can hold, as the deal reader demands
 * of a position (dealcheck.c): else its value, schneider and schwarz would
 * be those of a game that cannot have been played.  Ramsch positions are
 * checked per seat instead (api_ramsch.c). */
static skatdd_status check_game_position(const skatdd_position *p, Position *out)
{
    Position pos;
    skatdd_status s = check_position(p, &pos);
    if (s)
        return s;
    bool possible[MOST_POINTS + 1];
    position_possible_points(&pos, pos.declarer_tricks, possible);
    if (pos.game != GAME_NULL && !possible[pos.declarer_points])
        return api_fail(SKATDD_ERR_ARGUMENT, "declarer_points %d: no %d trick%s and the skat, of the cards out of play, "
                        "are worth that", pos.declarer_points, pos.declarer_tricks, pos.declarer_tricks == 1 ? "" : "s");
    if (out)
        *out = pos;
    return SKATDD_OK;
}

skatdd_position api_from_position(const Position *p)
{
    skatdd_position out = {.game = (skatdd_game)p->game, .declarer = p->declarer, .leader = p->leader,
                           .trick_size = p->trick_size, .declarer_points = p->declarer_points,
                           .declarer_tricks = p->declarer_tricks, .defender_tricks = p->defender_tricks};
    memcpy(out.hands, p->hands, sizeof out.hands);
    out.trick[0] = p->trick_size > 0 ? p->trick[0] : SKATDD_NO_CARD;
    out.trick[1] = p->trick_size > 1 ? p->trick[1] : SKATDD_NO_CARD;
    return out;
}

skatdd_status skatdd_position_check(const skatdd_position *position)
{
    REQUIRE(position);
    return check_game_position(position, NULL);
}

int skatdd_position_to_move(const skatdd_position *position)
{
    if (!position || !api_is_seat(position->leader) || position->trick_size < 0 || position->trick_size > 2)
        return -1;
    return (position->leader + position->trick_size) % SEAT_COUNT;
}

/* ---- the solver --------------------------------------------------------- */


size_t api_tt_bytes(size_t megabytes) { return (megabytes ? megabytes : DEFAULT_TT_MB) << 20; }

skatdd_status skatdd_solver_new(size_t tt_megabytes, skatdd_solver **solver)
{
    REQUIRE(solver && tt_megabytes <= MAX_TT_MB);
    *solver = NULL;
    skatdd_solver *s = malloc(sizeof *s);
    if (!s || !(s->solver = solver_new(api_tt_bytes(tt_megabytes)))) {
        free(s);
        return api_fail(SKATDD_ERR_MEMORY, "out of memory for a %zu MB table", tt_megabytes);
    }
    *solver = s;
    return SKATDD_OK;
}

void skatdd_solver_free(skatdd_solver *solver)
{
    if (!solver)
        return;
    solver_free(solver->solver);
    free(solver);
}

uint64_t skatdd_solver_nodes(const skatdd_solver *solver) { return solver ? solver_nodes(solver->solver) : 0; }

static void from_analysis(const Position *pos, const Analysis *a, skatdd_analysis *out)
{
    memset(out, 0, sizeof *out);
    out->value = a->value;
    out->declarer_can_schwarz = a->declarer_can_schwarz;
    out->defenders_can_schwarz = a->defenders_can_schwarz;
    out->to_move = position_to_move(pos);
    out->move_count = a->move_count;
    for (int i = 0; i < a->move_count; i++)
        out->moves[i] = (skatdd_move_value){a->moves[i].card, a->moves[i].value};
    out->line_length = a->line_length;
    memcpy(out->line, a->line, sizeof out->line);
    out->nodes = a->nodes;
}

void api_analyze(Solver *solver, const Position *pos, skatdd_analysis *out)
{
    Analysis a;
    uint64_t nodes = solver_nodes(solver);
    analyze_position(solver, pos, &a);
    a.nodes = solver_nodes(solver) - nodes;
    from_analysis(pos, &a, out);
}

skatdd_status skatdd_solve(skatdd_solver *solver, const skatdd_position *position, skatdd_analysis *analysis)
{
    REQUIRE(solver && position && analysis);
    Position pos;
    skatdd_status s = check_game_position(position, &pos);
    if (s)
        return s;
    api_analyze(solver->solver, &pos, analysis);
    return SKATDD_OK;
}

skatdd_status skatdd_value(skatdd_solver *solver, const skatdd_position *position, int *value)
{
    REQUIRE(solver && position && value);
    Position pos;
    skatdd_status s = check_game_position(position, &pos);
    if (s)
        return s;
    *value = solver_value(solver->solver, &pos);
    return SKATDD_OK;
}

skatdd_status skatdd_ask(skatdd_solver *solver, const skatdd_position *position, skatdd_question question,
                         int points, bool *answer)
{
    REQUIRE(solver && position && answer && (unsigned)question < SKATDD_QUESTION_COUNT);
    Position pos;
    skatdd_status s = check_game_position(position, &pos);
    if (s)
        return s;
    bool null_question = question == SKATDD_NULL_WON;
    if (null_question != (pos.game == GAME_NULL))
        return api_fail(SKATDD_ERR_ARGUMENT, "that question is about %s games", null_question ? "null" : "suit and grand");
    Solver *v = solver->solver;
    switch (question) {
    case SKATDD_REACHES:
        *answer = solver_declarer_reaches(v, &pos, points < 0 ? 0 : points > 121 ? 121 : points);
        break;
    case SKATDD_DECLARER_TAKES_ALL:
        *answer = solver_declarer_takes_all(v, &pos);
        break;
    case SKATDD_DEFENDERS_TAKE_ALL:
        *answer = solver_defenders_take_all(v, &pos);
        break;
    default:
        *answer = solver_declarer_wins_null(v, &pos);
        break;
    }
    return SKATDD_OK;
}
