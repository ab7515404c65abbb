/* The double-dummy solver: exact values of positions with all cards known.
 *
 * Suit and grand games are valued in the declarer's card points at the end of
 * the game (what was already won, skat or discard included, plus what best play
 * wins from here).  Null games and the schwarz questions are won/lost searches
 * over tricks.  A Solver owns a transposition table and is not thread-safe: use
 * one per thread.  Results never depend on what the table held before. */
#ifndef SKATDD_SEARCH_H
#define SKATDD_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "position.h"

typedef struct Solver Solver;

/* A solver whose transposition table takes about tt_bytes; NULL when out of memory. */
Solver *solver_new(size_t tt_bytes);

/* The smallest table solver_tt_share gives a thread: below it a search
 * thrashes its table (the values stay the same, only slower). */
enum { SOLVER_MIN_TT_BYTES = 1 << 20 };

/* The table of each of threads solvers that share total_bytes (--tt-mb is
 * the total over all threads, so that --threads 64 does not take 64 tables
 * of the full size): total_bytes / threads, at least SOLVER_MIN_TT_BYTES. */
size_t solver_tt_share(size_t total_bytes, int threads);
void solver_free(Solver *solver);
/* Tells the solver that the positions to come belong to another deal: what
 * its table holds is still correct but no longer useful, so it makes room. */
void solver_new_deal(Solver *solver);
/* Nodes searched since the solver was made. */
uint64_t solver_nodes(const Solver *solver);

/* Suit and grand: the declarer's card points at the end with best play. */
int solver_declarer_points(Solver *solver, const Position *pos);
/* Suit and grand: can the declarer reach at least points card points? */
bool solver_declarer_reaches(Solver *solver, const Position *pos, int points);
/* Can the declarer force every remaining trick? (false once the defenders have one) */
bool solver_declarer_takes_all(Solver *solver, const Position *pos);
/* Can the defenders keep the declarer from taking any further trick? */
bool solver_defenders_take_all(Solver *solver, const Position *pos);
/* Null: can the declarer avoid taking any trick? (false once he has one) */
bool solver_declarer_wins_null(Solver *solver, const Position *pos);

/* One number for any game: declarer's final card points for suit and grand,
 * 1 (declarer wins) or 0 for null. */
int solver_value(Solver *solver, const Position *pos);

typedef struct {
    int card;
    int value; /* solver_value after the card is played */
} MoveValue;

/* The value of every legal card of the player to move, in card order (the
 * rank-equivalent ones too).  Returns how many (at most 10). */
int solver_move_values(Solver *solver, const Position *pos, MoveValue moves[10]);
/* One optimal line from pos to the end of the game.  Returns its length. */
int solver_optimal_line(Solver *solver, const Position *pos, int line[30]);

/* The parts of solver_move_values and solver_optimal_line, for a caller
 * that shares them between solvers (analysis.h).  The legal cards of the
 * player to move in card order, values -1, in moves (*move_count of them),
 * and in todo the indices of those whose values must be searched, highest
 * card first (returns how many): each other card takes the value of an
 * equivalent one above it (same hand, next in rank, same points), which
 * solver_fill_equivalents fills in once the searched ones are known.  A
 * card's value, given value, the position's (-1: not known yet, so the
 * card's whole window is searched); the line, given the position's value
 * and its schwarz answers (false, false in null).  Each gives what the
 * whole functions give, whatever the table holds. */
int solver_cards_to_search(Solver *solver, const Position *pos, MoveValue moves[10], int *move_count, int todo[10]);
void solver_fill_equivalents(Solver *solver, const Position *pos, MoveValue moves[], int move_count);
int solver_card_value(Solver *solver, const Position *pos, int card, int value);
int solver_optimal_line_given(Solver *solver, const Position *pos, int value, bool declarer_all, bool defenders_all,
                              int line[30]);

/* helper joins main in main's deal, to search positions of it at the same
 * time on another thread: it takes main's move order and cached endings
 * and shares main's table itself, which keeps its size from now until
 * main's next deal.  Until solver_leave, both search only positions of the
 * game and declarer main last searched, and neither gets a new deal. */
void solver_join(Solver *helper, const Solver *main);
/* helper goes back to a table of its own. */
void solver_leave(Solver *helper);

/* Ramsch: everyone plays for himself, jacks the only trumps (as in grand,
 * whatever pos->game says).  Each question is asked of the seat
 * pos->declarer against the other two playing together; declarer_points
 * and declarer_tricks are what that seat has taken so far, defender_tricks
 * what the other two have.  bonus: card points the winner of the game's
 * last trick also takes (the skat where the rules give it so, else 0). */

/* The card points the seat ends with when it takes as few as it can and the
 * other two give it as many as they can. */
int solver_ramsch_fewest_points(Solver *solver, const Position *pos, int bonus);
/* Can the seat take every remaining trick against the other two? (false
 * once they have one) */
bool solver_ramsch_takes_all(Solver *solver, const Position *pos);
/* Can the seat take no further trick against the other two? (false once it
 * has one) */
bool solver_ramsch_avoids_all(Solver *solver, const Position *pos);
/* The player to move's fewest points (pos->declarer is ignored: the mover
 * is asked, declarer_points must be his) after each of his legal cards, in
 * card order.  Returns how many. */
int solver_ramsch_move_values(Solver *solver, const Position *pos, int bonus, MoveValue moves[10]);
/* A line of play to the end in which every player plays a card that keeps
 * his own fewest points.  Returns its length. */
int solver_ramsch_line(Solver *solver, const Position *pos, int bonus, int line[30]);

#endif
