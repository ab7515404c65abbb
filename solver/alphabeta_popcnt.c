/* The search once more, for processors with POPCNT but without BMI2 (or
 * with a slow one: AMD Zen 1 and 2, Excavator): the Makefile compiles this
 * file with -mpopcnt, so that a card count (bits.h) is one instruction,
 * while pext and pdep stay bits.h's masked shifts.  dispatch.c runs it
 * where the BMI2 copy does not run or is not fast.  No source of its own:
 * see variant.h. */
#define SEARCH_VARIANT popcnt
#include "alphabeta.c"
