/* Internal to the solver (not for evaluator/ or cli/).
 *
 * The last two tricks, solved outright: the last trick plays itself, and
 * two-trick endings are tried every way and cached in the solver's ends
 * (see EndEntry).  Inline: they end most branches of the search. */
#ifndef SKATDD_ENDINGS_H
#define SKATDD_ENDINGS_H

#include <string.h>

#include "searchstate.h"

/* Makes every cached ending invalid: its cards mean other cards now. */
void endings_new_stamp(Solver *s);

/* The last trick plays itself. */
static inline int last_trick_points(const Solver *s, int leader)
{
    uint32_t cards = s->hand[0] | s->hand[1] | s->hand[2];
    uint32_t contenders = s->trump | s->follow[__builtin_ctz(s->hand[leader])];
    uint32_t top = 1u << highest_bit(cards & contenders);
    return top & s->hand[s->declarer] ? s->hand_points : 0;
}

/* The declarer's points from the last two tricks, by trying every way to
 * play the first of them (at most eight: the last trick plays itself), with
 * cutoffs at the window (fail-soft). */
static inline int two_tricks_points(const Solver *s, int leader, int alpha, int beta)
{
    int second = seat_after[leader][1], third = seat_after[leader][2];
    uint32_t hand1 = s->hand[leader], hand2 = s->hand[second], hand3 = s->hand[third];
    uint32_t all = hand1 | hand2 | hand3;
    uint32_t declarer_cards = s->hand[s->declarer];
    bool max1 = maximizes(s, leader), max2 = maximizes(s, second), max3 = maximizes(s, third);
    int best1 = max1 ? -1 : 1000;
    for (uint32_t m1 = hand1; m1; m1 &= m1 - 1) {
        int c1 = __builtin_ctz(m1);
        uint32_t led = s->follow[c1];
        uint32_t contenders = s->trump | led;
        uint32_t replies3 = reply_cards(hand3, led);
        int best2 = max2 ? -1 : 1000;
        for (uint32_t m2 = reply_cards(hand2, led); m2; m2 &= m2 - 1) {
            int c2 = __builtin_ctz(m2);
            int points12 = s->points[c1] + s->points[c2];
            int best3 = max3 ? -1 : 1000;
            for (uint32_t m3 = replies3; m3; m3 &= m3 - 1) {
                int c3 = __builtin_ctz(m3);
                uint32_t trick = 1u << c1 | 1u << c2 | 1u << c3;
                uint32_t top = 1u << highest_bit(trick & contenders);
                uint32_t rest = all & ~trick;
                /* The last trick, led by the winner of this one. */
                uint32_t winner_hand = top & hand1 ? hand1 : top & hand2 ? hand2 : hand3;
                uint32_t last_led = s->follow[__builtin_ctz(winner_hand & rest)];
                uint32_t last_top = 1u << highest_bit(rest & (s->trump | last_led));
                int points = points12 + s->points[c3];
                int v = (top & declarer_cards ? points : 0) +
                        (last_top & declarer_cards ? s->hand_points - points : 0);
                if (max3 ? v > best3 : v < best3)
                    best3 = v;
                if (max3 ? best3 >= beta : best3 <= alpha)
                    break;
            }
            if (max2 ? best3 > best2 : best3 < best2)
                best2 = best3;
            if (max2 ? best2 >= beta : best2 <= alpha)
                break;
        }
        if (max1 ? best2 > best1 : best2 < best1)
            best1 = best2;
        if (max1 ? best1 >= beta : best1 <= alpha)
            break;
    }
    return best1;
}

/* The declarer's points from the last two tricks, cached. */
static inline int ending_points(Solver *s, int leader)
{
    const uint32_t *hand = s->hand;
    uint32_t h = (hand[0] * 0x9e3779b1u) ^ (hand[1] * 0x85ebca6bu) ^ (hand[2] * 0xc2b2ae35u) ^ (uint32_t)leader;
    EndEntry *e = &s->ends[(h ^ (h >> 15)) & ((1u << END_BITS) - 1)];
    uint32_t tag = s->end_stamp << 10 | (uint32_t)leader << 8;
    if ((e->tag >> 8) == (tag >> 8) && e->hand[0] == hand[0] && e->hand[1] == hand[1] && e->hand[2] == hand[2])
        return (int)(e->tag & 255);
    /* Every value lies in [0, hand_points]: reaching either end is exact. */
    int v = two_tricks_points(s, leader, 0, s->hand_points);
    memcpy(e->hand, hand, sizeof e->hand);
    e->tag = tag | (uint32_t)v;
    return v;
}

#endif
