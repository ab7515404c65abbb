#include "search.h"

#include <stdlib.h>
#include <string.h>

#include "endings.h"
#include "layout.h"
#include "movegen.h"
#include "quicktricks.h"
#include "searchstate.h"

/* The point search has one function per seat in the trick (lead_points,
 * second_points, third_points).  A trick's start first tries cheap sound
 * bounds (declarer_floor, defenders_floor), then the transposition table;
 * two-trick endings are solved outright and cached (ending_points).  Each
 * node searches one move chosen from bit masks first, as the full ordering
 * would, and lists the others only when that move does not cut off: most
 * nodes never need the list. */

Solver *solver_new(size_t tt_bytes)
{
    Solver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->tt = tt_new(tt_bytes);
    s->ends = calloc((size_t)1 << END_BITS, sizeof *s->ends);
    if (!s->tt || !s->ends) {
        tt_free(s->tt);
        free(s->ends);
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
        tt_free(solver->tt);
        free(solver->ends);
        free(solver);
    }
}

uint64_t solver_nodes(const Solver *solver) { return solver->nodes; }

void solver_new_deal(Solver *solver) { tt_new_generation(solver->tt); }

static inline uint32_t legal_for(const Solver *s, uint32_t hand, int n)
{
    if (n == 0)
        return hand;
    uint32_t follow = hand & s->follow[s->trick[0]];
    return follow ? follow : hand;
}

/* The index of the card winning the first n cards of the trick so far: the
 * highest among the trumps and the cards of the led suit. */
static inline int winning_index(const Solver *s, int n)
{
    uint32_t contenders = s->trump | s->follow[s->trick[0]];
    uint32_t played = 1u << s->trick[0];
    for (int i = 1; i < n; i++)
        played |= 1u << s->trick[i];
    int top = highest_bit(played & contenders);
    return top == s->trick[0] ? 0 : top == s->trick[1] ? 1 : 2;
}

static int lead_points(Solver *s, int leader, int alpha, int beta);

/* Takes card from the player's hand for the rest of the search below. */
static inline void take(Solver *s, int player, int c)
{
    s->hand[player] &= ~(1u << c);
    s->hand_points -= s->points[c];
}

static inline void give_back(Solver *s, int player, int c)
{
    s->hand[player] |= 1u << c;
    s->hand_points += s->points[c];
}

/* Keeps the best value for the side to move; true on a cutoff. */
static inline bool improve(bool maximizing, int v, int c, int *best, int *best_move, int *alpha, int *beta)
{
    if (maximizing ? v <= *best : v >= *best)
        return false;
    *best = v;
    *best_move = c;
    if (maximizing ? v > *alpha : v < *beta) {
        if (maximizing)
            *alpha = v;
        else
            *beta = v;
    }
    return *alpha >= *beta;
}

/* The third player plays c, which gives the trick to winner: the value. */
static inline int play_third(Solver *s, int player, int c, int winner, int in_trick, int alpha, int beta)
{
    int first = s->trick[0], second = s->trick[1];
    take(s, player, c);
    int v;
    if (winner != s->declarer) {
        v = lead_points(s, winner, alpha, beta);
    } else {
        int won = in_trick + s->points[c];
        v = won + lead_points(s, winner, alpha - won, beta - won);
    }
    give_back(s, player, c);
    /* The next tricks reused s->trick. */
    s->trick[0] = first;
    s->trick[1] = second;
    return v;
}

/* The third player's moves after the first, c, failed to settle the node. */
static __attribute__((noinline)) int third_rest(Solver *s, int leader, int c, int best, int in_trick, int alpha,
                                                int beta)
{
    int player = seat_after[leader][2];
    bool maximizing = player == s->declarer;
    if (maximizing ? best > alpha : best < beta) {
        if (maximizing)
            alpha = best;
        else
            beta = best;
    }
    MoveList list;
    int winner[10];
    third_moves(s, leader, c, &list, winner);
    int best_move = c;
    for (int i = 0; i < list.count; i++) {
        int v = play_third(s, player, list.card[i], winner[i], in_trick, alpha, beta);
        if (improve(maximizing, v, list.card[i], &best, &best_move, &alpha, &beta))
            break;
    }
    return best;
}

/* The last card of a trick: every choice decides who takes it.  The first
 * choice is made from masks and usually settles the node; the others are
 * listed only when it does not. */
static int third_points(Solver *s, int leader, int alpha, int beta)
{
    s->nodes++;
    int player = seat_after[leader][2];
    uint32_t legal = reply_cards(s->hand[player], s->follow[s->trick[0]]);
    int in_trick = s->points[s->trick[0]] + s->points[s->trick[1]];
    bool maximizing = player == s->declarer;

    int winner;
    int c = third_choice(s, leader, &winner);
    int best = play_third(s, player, c, winner, in_trick, alpha, beta);
    if (!(legal & (legal - 1)) || (maximizing ? best >= beta : best <= alpha))
        return best;
    return third_rest(s, leader, c, best, in_trick, alpha, beta);
}

/* The second player's moves after the first, c, failed to settle the node. */
static __attribute__((noinline)) int second_rest(Solver *s, int leader, int c, int best, int alpha, int beta)
{
    int player = seat_after[leader][1];
    bool maximizing = player == s->declarer;
    if (maximizing ? best > alpha : best < beta) {
        if (maximizing)
            alpha = best;
        else
            beta = best;
    }
    MoveList list;
    second_moves(s, leader, c, &list);
    int best_move = c;
    for (int i = 0; i < list.count; i++) {
        int m = list.card[i];
        take(s, player, m);
        s->trick[1] = m;
        int v = third_points(s, leader, alpha, beta);
        give_back(s, player, m);
        if (improve(maximizing, v, m, &best, &best_move, &alpha, &beta))
            break;
    }
    return best;
}

static int second_points(Solver *s, int leader, int alpha, int beta)
{
    s->nodes++;
    int player = seat_after[leader][1];
    uint32_t legal = reply_cards(s->hand[player], s->follow[s->trick[0]]);
    bool maximizing = player == s->declarer;
    int c = second_choice(s, leader, legal);
    take(s, player, c);
    s->trick[1] = c;
    int best = third_points(s, leader, alpha, beta);
    give_back(s, player, c);
    if (!(legal & (legal - 1)) || (maximizing ? best >= beta : best <= alpha))
        return best;
    return second_rest(s, leader, c, best, alpha, beta);
}

static inline int play_lead(Solver *s, int leader, int c, int alpha, int beta)
{
    take(s, leader, c);
    s->trick[0] = c;
    int v = second_points(s, leader, alpha, beta);
    give_back(s, leader, c);
    return v;
}

/* The declarer's card points from the start of a trick on (fail-soft). */
static int lead_points(Solver *s, int leader, int alpha, int beta)
{
    s->nodes++;
    uint32_t own = s->hand[leader];
    if (!own)
        return 0;
    if (s->hand_points <= alpha)
        return s->hand_points;
    if (!(own & (own - 1)))
        return last_trick_points(s, leader);
    uint32_t others = own & (own - 1);
    if (!(others & (others - 1)))
        return ending_points(s, leader);
    /* The declarer surely takes sure, the defenders all but ceiling. */
    int sure = declarer_floor(s, leader);
    if (sure >= beta)
        return sure;
    int ceiling = s->hand_points - defenders_floor(s, leader);
    if (ceiling <= alpha)
        return ceiling;
    Key key;
    make_key(s->hand, &s->squeeze[0], &key);
    TTBucket *bucket = tt_bucket(s->tt, key.hand, leader);
    TTEntry *entry = tt_probe(s->tt, bucket, key.hand, leader, KIND_POINTS);
    int c = -1;
    if (entry) {
        int lower = tt_lower(entry), upper = tt_upper(entry);
        if (lower >= beta || lower == upper)
            return lower;
        if (upper <= alpha)
            return upper;
        if (lower > alpha)
            alpha = lower;
        if (upper < beta)
            beta = upper;
        if (tt_best(entry)) {
            c = card_of_key(&key, tt_best(entry) - 1);
            if (!((own >> c) & 1u))
                c = -1;
        }
    }
    int alpha0 = alpha, beta0 = beta;
    bool maximizing = leader == s->declarer;
    if (c < 0)
        c = lead_choice(s, leader);
    int best = play_lead(s, leader, c, alpha, beta), best_move = c;
    if (maximizing ? best < beta : best > alpha) {
        if (maximizing ? best > alpha : best < beta) {
            if (maximizing)
                alpha = best;
            else
                beta = best;
        }
        MoveList list;
        lead_moves(s, leader, c, &list);
        for (int i = 0; i < list.count; i++) {
            int m = list.card[i];
            int v = play_lead(s, leader, m, alpha, beta);
            if (improve(maximizing, v, m, &best, &best_move, &alpha, &beta))
                break;
        }
    }
    entry = tt_store(s->tt, bucket, key.hand, leader, KIND_POINTS);
    int lower = tt_lower(entry), upper = tt_upper(entry);
    if (best <= alpha0)
        upper = best < upper ? best : upper;
    else if (best >= beta0)
        lower = best > lower ? best : lower;
    else
        lower = upper = best;
    tt_set(entry, lower, upper, key_card(&key, best_move) + 1);
    return best;
}

/* The declarer's card points from a position with n cards of the current
 * trick played. */
static int search_points(Solver *s, int leader, int n, int alpha, int beta)
{
    if (n == 0)
        return lead_points(s, leader, alpha, beta);
    if (n == 1)
        return second_points(s, leader, alpha, beta);
    return third_points(s, leader, alpha, beta);
}

/* Trick searches: can the trying side make the goal side win every trick? */
static bool search_tricks(Solver *s, int leader, int n)
{
    s->nodes++;
    int player = seat_after[leader][n];
    TTEntry *entry = NULL;
    TTBucket *bucket = NULL;
    int tt_move = -1;
    Key key;
    if (n == 0) {
        if (!s->hand[player])
            return true;
        /* The top trump takes a trick whenever it is played: the goal is
         * lost while the other side holds it. */
        uint32_t trumps = (s->hand[0] | s->hand[1] | s->hand[2]) & s->trump;
        if (trumps && (((s->hand[s->declarer] >> highest_bit(trumps)) & 1u) != (s->goal_side == DECLARER_SIDE)))
            return false;
        make_key(s->hand, &s->squeeze[1], &key);
        bucket = tt_bucket(s->tt, key.hand, leader);
        entry = tt_probe(s->tt, bucket, key.hand, leader, s->kind);
        if (entry) {
            if (tt_lower(entry) == tt_upper(entry))
                return tt_lower(entry);
            if (tt_best(entry))
                tt_move = card_of_key(&key, tt_best(entry) - 1);
        }
    }
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2];
    for (int i = 0; i < n; i++)
        live |= 1u << s->trick[i];
    uint32_t moves = without_equivalents(s, legal_for(s, s->hand[player], n), live);

    int side = side_of(s, player);
    bool trying = side == s->trying_side;
    /* High cards when this player wants the goal side to take the trick and
     * sits on it, or wants the other side to take it and sits on that one. */
    bool play_high = (side == s->goal_side) == trying;
    int order[10] = {0}, count = 0;
    if (tt_move >= 0 && ((moves >> tt_move) & 1u)) {
        order[count++] = tt_move;
        moves &= ~(1u << tt_move);
    }
    while (moves) {
        int c = play_high ? highest_bit(moves) : __builtin_ctz(moves);
        order[count++] = c;
        moves &= ~(1u << c);
    }

    bool result = !trying;
    int best_move = order[0];
    for (int i = 0; i < count; i++) {
        int c = order[i];
        s->hand[player] &= ~(1u << c);
        s->trick[n] = c;
        bool v;
        if (n < 2) {
            v = search_tricks(s, leader, n + 1);
        } else {
            int first = s->trick[0], second = s->trick[1];
            int winner = seat_after[leader][winning_index(s, 3)];
            v = side_of(s, winner) == s->goal_side && search_tricks(s, winner, 0);
            s->trick[0] = first;
            s->trick[1] = second;
        }
        s->hand[player] |= 1u << c;
        if (v == trying) {
            result = v;
            best_move = c;
            break;
        }
    }
    if (n == 0) {
        entry = tt_store(s->tt, bucket, key.hand, leader, s->kind);
        tt_set(entry, result, result, key_card(&key, best_move) + 1);
    }
    return result;
}

/* Bisection over null-window searches for the declarer's final points,
 * known to lie in [lower, upper]: a fail-soft result moves the bound past the
 * probe when it can, but the next probe is always the midpoint, so no value
 * takes more than about seven searches. */

/* The declarer's points when everybody plays his first choice: a guess. */
static int playout_points(Solver *s, int leader, int n)
{
    uint32_t hand[3] = {s->hand[0], s->hand[1], s->hand[2]};
    int trick[3] = {s->trick[0], s->trick[1], s->trick[2]}, hand_points = s->hand_points;
    int points = 0;
    while (s->hand[seat_after[leader][n]]) {
        int c, winner = -1;
        int player = seat_after[leader][n];
        if (n == 0)
            c = lead_choice(s, leader);
        else if (n == 1)
            c = second_choice(s, leader, reply_cards(s->hand[player], s->follow[s->trick[0]]));
        else
            c = third_choice(s, leader, &winner);
        take(s, player, c);
        s->trick[n] = c;
        if (n < 2) {
            n++;
            continue;
        }
        if (winner == s->declarer)
            points += s->points[s->trick[0]] + s->points[s->trick[1]] + s->points[c];
        leader = winner;
        n = 0;
    }
    memcpy(s->hand, hand, sizeof hand);
    memcpy(s->trick, trick, sizeof trick);
    s->hand_points = hand_points;
    return points;
}

static int points_between(Solver *s, const Position *pos, int lower, int upper, int guess)
{
    int n = layout_load(s, pos, KIND_POINTS);
    int already = pos->declarer_points;
    if (guess < 0)
        guess = already + playout_points(s, pos->leader, n) + 1;
    int second = -1;
    while (lower < upper) {
        int beta = lower + (upper - lower + 1) / 2;
        if (guess > lower && guess <= upper) {
            beta = guess;
            second = guess + 1;
            guess = -1;
        } else if (second > lower && second <= upper) {
            beta = second;
            second = -1;
        }
        int g = already + search_points(s, pos->leader, n, beta - already - 1, beta - already);
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    return lower;
}

int solver_declarer_points(Solver *solver, const Position *pos)
{
    return points_between(solver, pos, pos->declarer_points,
                          pos->declarer_points + position_points_left(pos), -1);
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
 * higher live card of its suit is in the same hand and worth the same. */
static int equivalent_above(Solver *s, const Position *pos, int card)
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

int solver_move_values(Solver *solver, const Position *pos, MoveValue moves[10])
{
    int value = solver_value(solver, pos);
    bool maximizing = position_to_move(pos) == pos->declarer;
    int count = 0;
    /* Highest card first, so that an equivalent card finds its value. */
    CardSet legal = position_legal_moves(pos);
    int cards[10], n = 0;
    for (CardSet m = legal; m; m &= m - 1)
        cards[n++] = set_first(m);
    for (int i = 0; i < n; i++) {
        int card = cards[i];
        moves[i].card = card;
        moves[i].value = -1;
    }
    int guess = value;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = n - 1; i >= 0; i--) {
            if (moves[i].value >= 0)
                continue;
            int same = equivalent_above(solver, pos, cards[i]);
            if (same != CARD_NONE) {
                for (int j = 0; j < n; j++)
                    if (cards[j] == same && moves[j].value >= 0)
                        moves[i].value = moves[j].value;
                if (moves[i].value >= 0 || pass == 0)
                    continue;
            }
            Position next = *pos;
            position_play(&next, cards[i]);
            if (pos->game == GAME_NULL)
                moves[i].value = solver_declarer_wins_null(solver, &next);
            else if (maximizing)
                moves[i].value = points_between(solver, &next, next.declarer_points, value, guess);
            else
                moves[i].value = points_between(solver, &next, value,
                                                next.declarer_points + position_points_left(&next), guess);
            guess = moves[i].value;
        }
    }
    count = n;
    return count;
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

int solver_optimal_line(Solver *solver, const Position *pos, int line[30])
{
    Position cur = *pos;
    int value = solver_value(solver, &cur);
    int length = 0;
    while (!position_is_over(&cur)) {
        CardSet legal = position_legal_moves(&cur);
        int chosen = set_first(legal);
        for (CardSet m = legal; m; m &= m - 1)
            if (keeps_value(solver, &cur, set_first(m), value)) {
                chosen = set_first(m);
                break;
            }
        line[length++] = chosen;
        position_play(&cur, chosen);
    }
    return length;
}
