/* Internal to the solver (not for evaluator/ or cli/).
 *
 * The default build runs on any x86-64, but the search is much faster with
 * the BMI2 instructions pext and pdep (the transposition table's shape
 * keys, ttkey.h) and popcnt.  Inline code deep in the search cannot be
 * switched per call, so the whole search (alphabeta.c) is compiled twice,
 * once plain and once with those instructions (alphabeta_bmi2.c, variant.h),
 * and dispatch.c picks one copy when the program (or libskatdd.so) starts:
 *   - bmi2 when the processor has BMI2, BMI1 and POPCNT, except on AMD
 *     families 15h and 17h (Excavator, Zen 1 and 2), where pext and pdep are
 *     microcoded and far slower than the portable loops;
 *   - portable otherwise, or when the environment variable SKATDD_NO_BMI2
 *     is set to anything but "" or "0" (for tests and benchmarks).
 * Both copies give the same values; only the speed differs. */
#ifndef SKATDD_DISPATCH_H
#define SKATDD_DISPATCH_H

/* The copy of the search in use: "bmi2" or "portable". */
const char *search_variant(void);

#endif
