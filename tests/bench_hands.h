/* make bench: the fixed hands of the evaluate and threshold benchmarks
 * (strong, middling, weak and null hands from every seat). */
#ifndef SKATDD_BENCH_HANDS_H
#define SKATDD_BENCH_HANDS_H

#include "play.h"

typedef struct {
    const char *cards;
    int seat;
    const char *what;
} BenchHand;

static const BenchHand bench_hands[] = {
    {"SJ HJ CA CT CK C9 C8 SA HA H7", SEAT_FOREHAND, "two jacks, long clubs"},
    {"HJ DJ CA CT CK CQ C9 SA HA D7", SEAT_MIDDLEHAND, "two low jacks, clubs"},
    {"CJ SJ HJ DJ CA CT SA ST HA D7", SEAT_FOREHAND, "four jacks: grand hand"},
    {"C7 C8 C9 S7 S8 SQ H7 H9 D8 DT", SEAT_REARHAND, "low cards: null"},
    {"CJ HJ CA CT C9 C8 SA ST H7 D7", SEAT_FOREHAND, "clubs with two jacks"},
    {"SJ DJ HA HT HK H9 H8 SA S7 D7", SEAT_MIDDLEHAND, "hearts, middling"},
    {"CJ DJ DA DT DK D9 CA SA HT H8", SEAT_REARHAND, "diamonds with aces"},
    {"SJ HJ CA ST SK SQ S9 HA HK D8", SEAT_FOREHAND, "spades, weak trumps"},
    {"HJ CA CK CQ SA SK HA HK DA D7", SEAT_REARHAND, "one jack, four aces"},
    {"SJ DJ HJ CT C9 ST S9 HT H9 DT", SEAT_FOREHAND, "three jacks, bare tens"},
    {"C8 S8 H8 D7 D8 D9 CA C7 S7 H7", SEAT_MIDDLEHAND, "null with a club ace"},
    {"CJ SJ CA CT CK SA ST SK HA DA", SEAT_MIDDLEHAND, "grand with two black jacks"},
};
enum { BENCH_HAND_COUNT = sizeof bench_hands / sizeof *bench_hands };

#endif
