/* The transposition table: bounds on the declarer's future card points (or the
 * outcome of a trick-count search) for positions at trick boundaries, keyed by
 * the three hands and the leader.  Keys are stored whole, so a hit is never a
 * collision.  Lossy: a full bucket drops its shallowest entry. */
#ifndef SKATDD_TT_H
#define SKATDD_TT_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t hand[3];
    uint8_t lower, upper; /* bounds on the value */
    uint8_t best;         /* the leader's best card (solver's own index) + 1, 0 = none */
    uint8_t meta;         /* generation << 4 | kind << 2 | leader */
} TTEntry;

typedef struct TT TT;

TT *tt_new(size_t bytes);
void tt_free(TT *tt);
/* Starts a new generation: every stored entry becomes invalid. */
void tt_new_generation(TT *tt);
/* The entry for this key, or NULL. */
TTEntry *tt_probe(TT *tt, const uint32_t hand[3], int leader, int kind);
/* The entry to write this key into: its own, or a replaced one set to this key
 * with no bounds (lower 0, upper 255, best 0). */
TTEntry *tt_store(TT *tt, const uint32_t hand[3], int leader, int kind);

#endif
