/* The search once more, for processors with BMI2: the Makefile compiles this
 * file with -mbmi2 -mbmi -mpopcnt, so that the table keys' bit gathering
 * and spreading (ttkey.h) is one pext and one pdep instruction and a card
 * count (bits.h) one popcnt.  dispatch.c runs it where the processor has
 * them and they are fast.  No source of its own: see variant.h. */
#define SEARCH_VARIANT bmi2
#include "alphabeta.c"
