/* A position of play: the cards still held, the trick in progress and what the
 * declarer's side has won so far.  Canonical card indices (cards.h). */
#ifndef SKATDD_POSITION_H
#define SKATDD_POSITION_H

#include "play.h"

typedef struct {
    GameType game;
    int declarer;                /* seat */
    CardSet hands[SEAT_COUNT];   /* cards still held */
    int leader;                  /* seat that led (or leads) the current trick */
    int trick_size;              /* cards already played to the current trick, 0..2 */
    int trick[2];                /* those cards, from the leader on */
    int declarer_points;         /* card points won so far, skat or discard included */
    int declarer_tricks;
    int defender_tricks;
} Position;

int position_to_move(const Position *pos);
CardSet position_legal_moves(const Position *pos);
int position_cards_left(const Position *pos); /* in hands, not counting the trick */
/* Card points still to be won: the hands and the cards of the current trick. */
int position_points_left(const Position *pos);
bool position_is_over(const Position *pos);
/* Plays card (which must be legal) and, when it completes a trick, gives the
 * trick to its winner.  Returns the winner's seat then, otherwise -1. */
int position_play(Position *pos, int card);
/* A Ramsch position as the solver's Ramsch questions take it for one seat
 * (everyone plays for himself): that seat as the declarer, its own points
 * and tricks as the declarer's, the other two seats' tricks as the defenders'. */
Position position_ramsch_seat(const Position *pos, const int points[SEAT_COUNT], const int tricks[SEAT_COUNT],
                              int seat);

#endif
