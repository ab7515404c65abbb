/* splitmix64, the seeded generator every random choice of the evaluator
 * draws from (the random deals of randomdeal.h, evaluate's worlds,
 * single-dummy's decisions): a state that grows by SPLITMIX_GAMMA per draw,
 * each draw the state's bits mixed.  Inline: worlds and decisions draw often. */
#ifndef SKATDD_SPLITMIX_H
#define SKATDD_SPLITMIX_H

#include <stdint.h>

#define SPLITMIX_GAMMA 0x9e3779b97f4a7c15ull

/* The next draw of the generator at *state (which moves on). */
static inline uint64_t splitmix_next(uint64_t *state)
{
    uint64_t z = (*state += SPLITMIX_GAMMA);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The draw of a generator at state z: a seed's bits mixed, to combine seeds. */
static inline uint64_t splitmix_mix(uint64_t z) { return splitmix_next(&z); }

#endif
