/* The stored values of tests/data/values.txt: 300 full deals (grand, clubs,
 * null), each deal's value and the value of every legal first card, as the
 * solver gave them when the file was written (`build/tests/bench
 * --write-values 100`).  No change for speed may change one of them.  Under
 * the sanitizers (SKATDD_QUICK) every fifth deal is checked.  The total node
 * count is printed as a signature of the search, not checked: legitimate
 * speed-ups change it.  tests/run_tests.sh runs this test (and unit_solver)
 * a second time with SKATDD_NO_BMI2=1: test_search_variant checks that the
 * copy of the search asked for is the one that runs (solver/dispatch.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include <string.h>

#include "dispatch.h"
#include "notation.h"
#include "search.h"
#include "support_cards.h"

enum { STORED_DEALS = 300 };

static const char *values_path = "tests/data/values.txt";

/* The nodes the stored values take, every deal and every fifth (under the
 * sanitizers), on every copy of the search: a change that keeps every value
 * but searches more nodes fails here, not only in make bench.  A change meant
 * to change the count writes the new figures here and its row in the
 * README's list of what was tried. */
static const unsigned long long stored_values_nodes[2] = {13880994, 3177669};

/* Reads one card name and its value; false at a malformed pair. */
static bool read_move(FILE *f, MoveValue *move)
{
    char name[4];
    if (fscanf(f, "%3s %d", name, &move->value) != 2)
        return false;
    move->card = card_parse(name);
    return move->card != CARD_NONE;
}

/* Reads the next deal's line (comment lines skipped) into pos, its value and
 * its moves.  Returns false at the end of the file; a malformed line fails
 * the test. */
static bool read_deal(FILE *f, int line_index, Position *pos, int *value, MoveValue moves[10], int *count)
{
    int c;
    while ((c = fgetc(f)) == '#')
        while ((c = fgetc(f)) != '\n' && c != EOF)
            ;
    if (c == EOF)
        return false;
    ungetc(c, f);
    char game[16];
    unsigned hands[3];
    if (fscanf(f, "%15s %x %x %x %d %d", game, &hands[0], &hands[1], &hands[2], value, count) != 6)
        fail_msg("%s: deal %d: malformed line", values_path, line_index);
    *pos = (Position){.game = game_type_parse(game), .declarer = SEAT_FOREHAND, .leader = SEAT_FOREHAND};
    if (pos->game == GAME_TYPE_COUNT || *count < 1 || *count > 10)
        fail_msg("%s: deal %d: bad game or move count", values_path, line_index);
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        pos->hands[seat] = hands[seat];
    pos->declarer_points = set_points(~(pos->hands[0] | pos->hands[1] | pos->hands[2]));
    for (int m = 0; m < *count; m++)
        if (!read_move(f, &moves[m]))
            fail_msg("%s: deal %d: malformed card value %d", values_path, line_index, m + 1);
    while ((c = fgetc(f)) != '\n' && c != EOF)
        ;
    return true;
}

static void test_stored_values(void **state)
{
    (void)state;
    FILE *f = fopen(values_path, "r");
    if (!f)
        fail_msg("cannot open %s (the tests run from the source tree's top)", values_path);
    Solver *solver = solver_new(16u << 20);
    assert_non_null(solver);
    int stride = getenv("SKATDD_QUICK") ? 5 : 1;
    int deals = 0, checked = 0;
    Position pos;
    int stored_value, count;
    MoveValue stored[10];
    while (read_deal(f, deals, &pos, &stored_value, stored, &count)) {
        int index = deals++;
        if (index % stride)
            continue;
        checked++;
        char name[3];
        solver_new_deal(solver);
        int value = solver_value(solver, &pos);
        if (value != stored_value)
            fail_msg("deal %d (%s): value %d, stored %d", index, game_type_name(pos.game), value, stored_value);
        MoveValue moves[10];
        int n = solver_move_values(solver, &pos, moves);
        if (n != count)
            fail_msg("deal %d (%s): %d legal cards, stored %d", index, game_type_name(pos.game), n, count);
        for (int m = 0; m < n; m++)
            if (moves[m].card != stored[m].card || moves[m].value != stored[m].value)
                fail_msg("deal %d (%s): card %s value %d, stored %s %d", index, game_type_name(pos.game),
                         card_name(moves[m].card, name), moves[m].value,
                         card_name(stored[m].card, (char[3]){0}), stored[m].value);
    }
    fclose(f);
    assert_int_equal(deals, STORED_DEALS);
    unsigned long long nodes = solver_nodes(solver), expected = stored_values_nodes[stride > 1];
    printf("stored values: %d of %d deals checked, %llu nodes\n", checked, deals, nodes);
    if (nodes != expected)
        fail_msg("the stored values took %llu nodes, not %llu: the search changed (see stored_values_nodes)", nodes,
                 expected);
    solver_free(solver);
}

/* The copy of the search dispatch.c chose: portable when SKATDD_NO_BMI2
 * asks for it, the one SKATDD_SEARCH names where the processor runs it,
 * else bmi2 on a processor with fast BMI2, popcnt on one with POPCNT, and
 * portable on the rest (this check repeats dispatch.c's on purpose). */
static void test_search_variant(void **state)
{
    (void)state;
    const char *no_bmi2 = getenv("SKATDD_NO_BMI2"), *asked = getenv("SKATDD_SEARCH");
    bool forced = no_bmi2 && *no_bmi2 && strcmp(no_bmi2, "0") != 0;
    bool popcnt = false, bmi2 = false, fast = false;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    popcnt = __builtin_cpu_supports("popcnt");
    bmi2 = popcnt && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("bmi");
    fast = bmi2 && !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
#endif
    const char *expected = fast ? "bmi2" : popcnt ? "popcnt" : "portable";
    if (asked && ((strcmp(asked, "portable") == 0) || (strcmp(asked, "popcnt") == 0 && popcnt) ||
                  (strcmp(asked, "bmi2") == 0 && bmi2)))
        expected = asked;
    if (forced)
        expected = "portable";
    printf("search variant: %s\n", search_variant());
    assert_string_equal(search_variant(), expected);
}

/* search_use (for bench_pair) sends the searches to another copy's entry
 * points, and NULL back to the one chosen at start-up. */
extern __typeof__(search_points) search_points_portable;
extern __typeof__(search_tricks) search_tricks_portable;

static void test_search_use(void **state)
{
    (void)state;
    const char *chosen = search_variant();
    Solver *solver = solver_new(4u << 20);
    Position pos = {.game = GAME_GRAND, .declarer = SEAT_FOREHAND, .leader = SEAT_FOREHAND};
    pos.hands[0] = test_cards("CJ SJ CA CT CK SA ST SK HA H7");
    pos.hands[1] = test_cards("HJ DJ CQ C9 C8 SQ S9 S8 HT HK");
    pos.hands[2] = test_cards("C7 S7 HQ H9 H8 DA DT DK DQ D9"); /* the skat: D8 D7 */
    int value = solver_value(solver, &pos);
    uint64_t nodes = solver_nodes(solver);
    const SearchEntry other = {"other", search_points_portable, search_tricks_portable};
    search_use(&other);
    assert_string_equal(search_variant(), "other");
    solver_new_deal(solver);
    assert_int_equal(solver_value(solver, &pos), value);
    assert_int_equal(solver_nodes(solver) - nodes, nodes); /* every copy searches the same nodes */
    search_use(NULL);
    assert_string_equal(search_variant(), chosen);
    solver_free(solver);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_variant),
        cmocka_unit_test(test_search_use),
        cmocka_unit_test(test_stored_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
