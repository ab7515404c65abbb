#include "position.h"

int position_to_move(const Position *pos)
{
    return (pos->leader + pos->trick_size) % SEAT_COUNT;
}

CardSet position_legal_moves(const Position *pos)
{
    int led = pos->trick_size ? pos->trick[0] : CARD_NONE;
    return legal_moves(pos->game, pos->hands[position_to_move(pos)], led);
}

int position_cards_left(const Position *pos)
{
    return set_count(pos->hands[0] | pos->hands[1] | pos->hands[2]);
}

int position_points_left(const Position *pos)
{
    int points = set_points(pos->hands[0] | pos->hands[1] | pos->hands[2]);
    for (int i = 0; i < pos->trick_size; i++)
        points += card_points(pos->trick[i]);
    return points;
}

bool position_is_over(const Position *pos)
{
    return pos->trick_size == 0 && position_cards_left(pos) == 0;
}

int position_play(Position *pos, int card)
{
    int player = position_to_move(pos);
    pos->hands[player] &= ~card_bit(card);
    if (pos->trick_size < 2) {
        pos->trick[pos->trick_size++] = card;
        return -1;
    }
    int cards[3] = {pos->trick[0], pos->trick[1], card};
    int winner = (pos->leader + trick_winner(pos->game, cards)) % SEAT_COUNT;
    if (winner == pos->declarer) {
        pos->declarer_points += card_points(cards[0]) + card_points(cards[1]) + card_points(cards[2]);
        pos->declarer_tricks++;
    } else {
        pos->defender_tricks++;
    }
    pos->leader = winner;
    pos->trick_size = 0;
    return winner;
}

Position position_ramsch_seat(const Position *pos, const int points[SEAT_COUNT], const int tricks[SEAT_COUNT],
                              int seat)
{
    Position p = *pos;
    p.declarer = seat;
    p.declarer_points = points[seat];
    p.declarer_tricks = tricks[seat];
    p.defender_tricks = tricks[0] + tricks[1] + tricks[2] - tricks[seat];
    return p;
}
