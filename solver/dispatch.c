/* The choice between the two copies of the search (dispatch.h), and the
 * search's entry points (alphabeta.h) calling the chosen one: one indirect
 * call per search from the root, none inside it. */
#include "dispatch.h"

#include <stdlib.h>
#include <string.h>

#include "alphabeta.h"

/* The two copies' entry points (variant.h), of the same types as the plain ones. */
extern __typeof__(search_points) search_points_portable, search_points_bmi2;
extern __typeof__(search_tricks) search_tricks_portable, search_tricks_bmi2;
extern __typeof__(playout_points) playout_points_portable, playout_points_bmi2;

typedef struct {
    const char *name;
    __typeof__(search_points) *points;
    __typeof__(search_tricks) *tricks;
    __typeof__(playout_points) *playout;
} SearchCopy;

static const SearchCopy portable = {"portable", search_points_portable, search_tricks_portable,
                                    playout_points_portable};
static const SearchCopy bmi2 = {"bmi2", search_points_bmi2, search_tricks_bmi2, playout_points_bmi2};

/* Set once before main (or when the shared library is loaded), before any
 * thread can search: read without synchronisation afterwards. */
static const SearchCopy *active = &portable;

static bool bmi2_is_fast(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt") &&
           !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
#else
    return false;
#endif
}

__attribute__((constructor)) static void choose_search(void)
{
    const char *no_bmi2 = getenv("SKATDD_NO_BMI2");
    bool forced_portable = no_bmi2 && *no_bmi2 && strcmp(no_bmi2, "0") != 0;
    active = !forced_portable && bmi2_is_fast() ? &bmi2 : &portable;
}

const char *search_variant(void) { return active->name; }

int search_points(Solver *s, int leader, int n, int alpha, int beta)
{
    return active->points(s, leader, n, alpha, beta);
}

bool search_tricks(Solver *s, int leader, int n) { return active->tricks(s, leader, n); }

int playout_points(Solver *s, int leader, int n) { return active->playout(s, leader, n); }
