/* The search once more, for processors with BMI2: the Makefile compiles this
 * file with -mbmi2 -mbmi -mpopcnt, so that the table keys' bit gathering
 * (ttkey.h: bits_extract, bits_deposit) is one pext or pdep instruction and
 * popcount one instruction.  dispatch.c runs it where the processor has
 * them and they are fast.  No source of its own: see variant.h. */
#define SEARCH_VARIANT bmi2
#include "alphabeta.c"
