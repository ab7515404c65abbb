/* Uniformly random deals, reproducible: deal number i of seed s depends on
 * (s, i) alone, so that any range of a batch is dealt on any machine without
 * dealing the ones before it.  The algorithm (README "Random deals"):
 *
 *   splitmix64(x): x += 0x9E3779B97F4A7C15; z = x;
 *                  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
 *                  z = (z ^ (z >> 27)) * 0x94D049BB133111EB;  return z ^ (z >> 31)
 *                  (x is the generator's state, updated in place)
 *   state = seed; repeat i + 1 times: key = splitmix64(state)
 *     -- done in one step: state = seed + i * 0x9E3779B97F4A7C15
 *   state = key; cards[c] = c for c = 0..31 (c = 8 * suit + rank; suits clubs,
 *     spades, hearts, diamonds; ranks 7 8 9 T J Q K A)
 *   for j = 31 down to 1: draw x = splitmix64(state) until x >= 2^64 mod (j + 1)
 *     (rejection: no modulo bias); k = x mod (j + 1); swap cards[j], cards[k]
 *   forehand cards[0..9], middlehand cards[10..19], rearhand cards[20..29],
 *   skat cards[30..31]. */
#ifndef SKATDD_RANDOMDEAL_H
#define SKATDD_RANDOMDEAL_H

#include <stdint.h>

#include "cards.h"
#include "play.h"

void random_deal(uint64_t seed, uint64_t index, CardSet hands[SEAT_COUNT], CardSet *skat);

#endif
