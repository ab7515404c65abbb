/* The choice among the copies of the search (dispatch.h), and the search's
 * entry points (alphabeta.h) calling the chosen one: one indirect call per
 * search from the root, none inside it. */
#include "dispatch.h"

#include <stdlib.h>
#include <string.h>

#include "alphabeta.h"

/* The copies' entry points (variant.h), of the same types as the plain ones. */
extern __typeof__(search_points) search_points_portable, search_points_popcnt, search_points_bmi2;
extern __typeof__(search_tricks) search_tricks_portable, search_tricks_popcnt, search_tricks_bmi2;

enum { COPY_PORTABLE, COPY_POPCNT, COPY_BMI2, COPY_COUNT };

static const SearchEntry copies[COPY_COUNT] = {
    {"portable", search_points_portable, search_tricks_portable},
    {"popcnt", search_points_popcnt, search_tricks_popcnt},
    {"bmi2", search_points_bmi2, search_tricks_bmi2},
};

/* Set once before main (or when the shared library is loaded), before any
 * thread can search: read without synchronisation afterwards (search_use,
 * for single-threaded benchmarks, changes it between searches). */
static const SearchEntry *active = &copies[COPY_PORTABLE], *chosen = &copies[COPY_PORTABLE];

/* Whether the processor runs a copy at all. */
static bool runs(int copy)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    bool popcnt = __builtin_cpu_supports("popcnt");
    if (copy == COPY_BMI2)
        return popcnt && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("bmi");
    return copy == COPY_PORTABLE || popcnt;
#else
    return copy == COPY_PORTABLE;
#endif
}

/* Whether it runs the BMI2 copy fast: pext and pdep are microcoded on AMD
 * families 15h and 17h (Excavator, Zen 1 and 2), hundreds of cycles for
 * dense masks (not measured here: no such machine). */
static bool bmi2_is_fast(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return runs(COPY_BMI2) && !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
#else
    return false;
#endif
}

/* SKATDD_NO_BMI2 (anything but "" or "0") asks for the portable copy,
 * SKATDD_SEARCH for one by name; a request the processor cannot run, or an
 * unknown name, leaves the choice to the processor. */
static int requested(void)
{
    const char *no_bmi2 = getenv("SKATDD_NO_BMI2");
    if (no_bmi2 && *no_bmi2 && strcmp(no_bmi2, "0") != 0)
        return COPY_PORTABLE;
    const char *name = getenv("SKATDD_SEARCH");
    for (int copy = 0; name && copy < COPY_COUNT; copy++)
        if (strcmp(name, copies[copy].name) == 0 && runs(copy))
            return copy;
    return -1;
}

__attribute__((constructor)) static void choose_search(void)
{
    int copy = requested();
    if (copy < 0)
        copy = bmi2_is_fast() ? COPY_BMI2 : runs(COPY_POPCNT) ? COPY_POPCNT : COPY_PORTABLE;
    active = chosen = &copies[copy];
}

void search_use(const SearchEntry *entry) { active = entry ? entry : chosen; }

const char *search_variant(void) { return active->name; }

int search_points(Solver *s, int leader, int n, int alpha, int beta)
{
    return active->points(s, leader, n, alpha, beta);
}

bool search_tricks(Solver *s, int leader, int n) { return active->tricks(s, leader, n); }
