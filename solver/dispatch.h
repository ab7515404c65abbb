/* Internal to the solver (not for evaluator/ or cli/).
 *
 * The default build runs on any x86-64, but the search is much faster with
 * the BMI2 instructions pext and pdep (the transposition table's shape
 * keys) and with popcnt (card counts at every node; bits.h).  Inline code
 * deep in the search cannot be switched per call, so the whole search
 * (alphabeta.c) is compiled three times: plain, with POPCNT
 * (alphabeta_popcnt.c) and with BMI2 and POPCNT (alphabeta_bmi2.c; see
 * variant.h), and dispatch.c picks one copy when the program (or
 * libskatdd.so) starts:
 *   - bmi2 when the processor has BMI2, BMI1 and POPCNT, except on AMD
 *     families 15h and 17h (Excavator, Zen 1 and 2), where pext and pdep are
 *     microcoded (hundreds of cycles for dense masks);
 *   - popcnt otherwise, when it has POPCNT;
 *   - portable otherwise, or when the environment variable SKATDD_NO_BMI2
 *     is set to anything but "" or "0" (for tests and benchmarks);
 *     SKATDD_SEARCH=portable|popcnt|bmi2 asks for a copy by name (ignored
 *     where the processor cannot run it).
 * All copies give the same values and search the same nodes; only the
 * speed differs. */
#ifndef SKATDD_DISPATCH_H
#define SKATDD_DISPATCH_H

#include "alphabeta.h"

/* The copy of the search in use: "bmi2", "popcnt" or "portable". */
const char *search_variant(void);

/* One more copy of the search, compiled by a benchmark with flags or
 * switches of its own (tests/bench_pair.c, `make bench-pair`): its entry
 * points, as variant.h names them. */
typedef struct {
    const char *name;
    int (*points)(Solver *s, int leader, int n, int alpha, int beta);
    bool (*tricks)(Solver *s, int leader, int n);
} SearchEntry;

/* For such benchmarks only: the searches from now on go to entry's copy, or
 * (NULL) to the one chosen at start-up again.  Never while another thread
 * searches. */
void search_use(const SearchEntry *entry);

#endif
