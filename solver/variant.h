/* Internal to the solver: included first by each source file of the
 * dispatched search (alphabeta.c), before any other header.
 *
 * The search is compiled three times (see dispatch.h): alphabeta.c as it
 * is, for any x86-64, alphabeta_popcnt.c with -mpopcnt and alphabeta_bmi2.c
 * with -mbmi2 -mbmi -mpopcnt, each of which defines SEARCH_VARIANT (popcnt,
 * bmi2) and includes alphabeta.c again.  So that the copies link into one
 * program, each copy's entry points carry its
 * variant's name (search_points_portable, search_points_bmi2, ...);
 * dispatch.c defines the plain names and calls the chosen copy.  A new
 * non-static function of the search must be listed here too: otherwise the
 * link fails with a multiple definition. */
#ifndef SEARCH_VARIANT
#define SEARCH_VARIANT portable
#endif

#define SEARCH_GLUE(name, variant) name##_##variant
#define SEARCH_RENAME(name, variant) SEARCH_GLUE(name, variant)

#define search_points SEARCH_RENAME(search_points, SEARCH_VARIANT)
#define search_tricks SEARCH_RENAME(search_tricks, SEARCH_VARIANT)
