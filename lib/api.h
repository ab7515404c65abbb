/* What the files of the public API (lib/api_*.c) share: the handles'
 * insides, the error text, conversions between the public structs and the
 * modules' own.  Not installed: programs see include/skatdd.h only. */
#ifndef SKATDD_API_H
#define SKATDD_API_H

#include "skatdd.h"

#include "contract.h"
#include "position.h"
#include "rules.h"
#include "notation.h"
#include "search.h"

enum { DEFAULT_TT_MB = 16, MAX_TT_MB = 1 << 20 };

/* Sets the calling thread's skatdd_last_error text and returns status. */
skatdd_status api_fail(skatdd_status status, const char *format, ...) __attribute__((format(printf, 2, 3)));

#define REQUIRE(cond)                                                                                     \
    do {                                                                                                  \
        if (!(cond))                                                                                      \
            return api_fail(SKATDD_ERR_ARGUMENT, "%s: %s", __func__, "bad argument: " #cond);                 \
    } while (0)

extern const char api_card_names[CARD_COUNT][3];

static inline bool api_is_seat(int seat) { return seat >= 0 && seat < SEAT_COUNT; }

struct skatdd_rules {
    RuleSystem system;
};

struct skatdd_solver {
    Solver *solver;
};

/* $SKATDD_RULES_DIR when set, else NULL: the built-in rule systems. */
const char *api_rules_directory(void);

Contract api_to_contract(const skatdd_contract *c);
skatdd_contract api_from_contract(const Contract *c);
/* The game and the form (rules NULL: no forms) are in range. */
skatdd_status api_check_contract(const skatdd_rules *rules, const skatdd_contract *c);

skatdd_position api_from_position(const Position *p);
/* Checks a position and makes the solver's (out may be NULL). */
skatdd_status api_check_position(const skatdd_position *p, Position *out);
/* megabytes (0: the default) as bytes. */
size_t api_tt_bytes(size_t megabytes);
/* skatdd_solve's work on a checked position. */
void api_analyze(Solver *solver, const Position *pos, skatdd_analysis *out);

#endif
