/* Test support: an independent brute-force minimax (no pruning, no table,
 * no move reduction) over canonical positions, and seeded random positions. */
#ifndef SKATDD_SUPPORT_ORACLE_H
#define SKATDD_SUPPORT_ORACLE_H

#include <stdint.h>

#include "position.h"

/* Declarer's final card points with best play by both sides. */
int oracle_declarer_points(const Position *pos);
/* 1 when the side goal_declarer (1) or defenders (0) can be made to take every
 * remaining trick by the side trying_declarer (1) or defenders (0). */
int oracle_all_tricks(const Position *pos, int goal_declarer, int trying_declarer);
/* Null: 1 when the declarer can avoid taking any trick. */
int oracle_null(const Position *pos);

/* Ramsch, asked of the seat pos->declarer (its points and tricks so far in
 * declarer_points and declarer_tricks) with jacks the only trumps: its final
 * card points when it takes as few as it can and the other two give it as
 * many as they can, the winner of the last trick also taking bonus points. */
int oracle_ramsch_fewest_points(const Position *pos, int bonus);
/* 1 when the seat can take every remaining trick against the other two. */
int oracle_ramsch_takes_all(const Position *pos);
/* 1 when the seat can take no further trick against the other two. */
int oracle_ramsch_avoids_all(const Position *pos);

uint64_t test_random(uint64_t *state);
/* How many rounds the oracle tests run: SKATDD_ORACLE_ROUNDS (1 to 100000),
 * else 1.  `make oracle-long` asks for many, each on other random positions;
 * a value that is not such a number stops the test run (exit 2). */
int oracle_rounds(void);
/* A test's seed for one round: round 0 keeps the seed as the test states it. */
uint64_t oracle_round_seed(uint64_t seed, int round);
/* For item k of a test that takes per_round items a round: at each round's
 * first item, *state seeded for that round (oracle_round_seed). */
void oracle_round_start(uint64_t *state, uint64_t seed, int k, int per_round);
/* Orders the first n cards strongest first (strongest_first) or weakest
 * first by card_strength in game (a stable insertion sort). */
void sort_by_strength(GameType game, int *cards, int n, bool strongest_first);
/* Shuffles n cards in place (Fisher-Yates, from the last card down). */
void test_shuffle(uint64_t *state, int *cards, int n);
/* A random position: tricks_left tricks still to play, of which the current
 * one has trick_size cards played already (random legal ones), the given
 * declarer and leader, and some points already won by the declarer. */
void random_position(uint64_t *state, GameType game, int tricks_left, int declarer, int leader,
                     int trick_size, Position *pos);
/* The benchmarks' deals, shared so that they stay one set: a full deal of
 * bench (ten cards each, declarer and leader forehand, the skat's points
 * already the declarer's), and a layout of bench_thresholds and bench_pair:
 * a hand game of the declarer at seat holding hand (the skat two of the
 * other cards, its points already his, forehand to lead, the other seats ten
 * each; the game is the caller's to set). */
void bench_full_deal(uint64_t *state, GameType game, Position *pos);
void bench_layout(uint64_t *state, CardSet hand, int seat, Position *pos);

#endif
