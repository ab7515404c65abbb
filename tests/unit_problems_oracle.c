/* The answers of the problem library (problems/, every *.yaml file), checked without
 * skatdd's solver: every problem small enough (at most five tricks left) is
 * solved by the brute-force minimax of tests/support_oracle.c, which has no
 * pruning, no table and no move reduction.  Full deals are left to the
 * written argument in their explanation (and to `skatdd problems`).
 *
 * Run from the top of the source tree (tests/run_tests.sh does); SKATDD_PROBLEMS
 * names another directory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "dealreader.h"
#include "support_oracle.h"
#include "notation.h"

enum { MAX_FILES = 64, ORACLE_MAX_TRICKS = 5, MIN_VERIFIED = 30 };

/* The value the problem asks about, from the side of the declarer: with
 * declarer_schwarz, schwarz first and then points; else points (null: won). */
static int oracle_value(const Position *pos, bool schwarz)
{
    if (pos->game == GAME_NULL)
        return oracle_null(pos);
    int points = oracle_declarer_points(pos);
    if (!schwarz)
        return points;
    int all = pos->defender_tricks == 0 && oracle_all_tricks(pos, 1, 1);
    return all * 1000 + points;
}

static const char *problems_dir(void)
{
    const char *dir = getenv("SKATDD_PROBLEMS");
    return dir && dir[0] ? dir : "problems";
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int list_files(const char *dir, char *names[MAX_FILES])
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len < 6 || strcmp(e->d_name + len - 5, ".yaml") != 0)
            continue;
        assert_true(n < MAX_FILES);
        names[n] = malloc(strlen(dir) + len + 2);
        assert_non_null(names[n]);
        sprintf(names[n++], "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, compare_names);
    return n;
}

static void print_moves(const Position *pos, bool schwarz)
{
    char name[3];
    for (CardSet m = position_legal_moves(pos); m; m &= m - 1) {
        Position next = *pos;
        position_play(&next, set_first(m));
        printf("      %s -> %d\n", card_name(set_first(m), name), oracle_value(&next, schwarz));
    }
}

/* Checks one problem; returns false when a stated answer is wrong. */
static bool check(const Deal *d, const Position *pos)
{
    const Answer *a = &d->answer;
    bool ok = true;
    bool schwarz = a->has_declarer_schwarz;
    if (a->has_declarer_points) {
        int v = oracle_declarer_points(pos);
        if (v != a->declarer_points) {
            printf("    declarer_points: stated %d, oracle %d\n", a->declarer_points, v);
            ok = false;
        }
    }
    if (a->has_declarer_wins_null) {
        int v = oracle_null(pos);
        if (v != a->declarer_wins_null) {
            printf("    declarer_wins_null: stated %d, oracle %d\n", a->declarer_wins_null, v);
            ok = false;
        }
    }
    if (a->has_declarer_schwarz) {
        int v = pos->defender_tricks == 0 && oracle_all_tricks(pos, 1, 1);
        if (v != a->declarer_schwarz) {
            printf("    declarer_schwarz: stated %d, oracle %d\n", a->declarer_schwarz, v);
            ok = false;
        }
    }
    if (a->winning_card_count) {
        bool maximizing = position_to_move(pos) == pos->declarer;
        int best = maximizing ? -1 : 1 << 30;
        int values[CARD_COUNT];
        CardSet legal = position_legal_moves(pos);
        for (CardSet m = legal; m; m &= m - 1) {
            Position next = *pos;
            position_play(&next, set_first(m));
            int v = values[set_first(m)] = oracle_value(&next, schwarz);
            best = maximizing ? (v > best ? v : best) : (v < best ? v : best);
        }
        CardSet winning = 0, stated = 0;
        for (CardSet m = legal; m; m &= m - 1)
            if (values[set_first(m)] == best)
                winning |= card_bit(set_first(m));
        for (int i = 0; i < a->winning_card_count; i++)
            stated |= card_bit(a->winning_cards[i]);
        if (winning != stated) {
            printf("    winning_cards differ from the oracle's; every card's value:\n");
            print_moves(pos, schwarz);
            ok = false;
        }
    }
    return ok;
}

/* Numbers the explanations give for other lines of play: the explanation must
 * say text, and after the moves (cards played on from the problem's position)
 * the oracle's value must be value (points; null: 1 won, 0 lost).  Readers
 * take these lines as the worked example, so a wrong one is a wrong answer. */
typedef struct {
    const char *problem; /* the name up to its colon */
    const char *text;
    const char *moves;
    int value;
} Claim;

static const Claim claims[] = {
    {"defence-2", "ruffs the ace with SJ (69)", "HT SJ", 69},
    {"defence-2", "not with the seven (67)", "HT C7", 67},
    {"defence-2", "overruffed by SJ (71)", "HJ", 71},
    {"declarer-1", "(HA: 52", "HA", 52},
    {"declarer-1", "HT: 53)", "HT", 53},
    {"declarer-5", "stays at 47", "ST", 47},
    {"declarer-6", "for the last trick (79)", "CJ", 79},
    {"declarer-7", "(62, 63)", "HA", 62},
    {"declarer-7", "(62, 63)", "HT", 63},
    {"declarer-7", "ends on 77", "S7", 77},
    {"declarer-9", "stays at 36", "C9", 36},
    {"declarer-10", "small card (51)", "S8", 51},
    {"declarer-10", "after C7 it may never win at all (40)", "C7", 40},
    {"defence-1", "declarer's tricks (71)", "S9", 71},
    {"defence-1", "loses the ace later (67)", "SK", 67},
    {"defence-5", "into the declarer's DA: 71", "H7", 71},
    {"defence-6", "no longer takes anything: 71", "D7", 71},
    {"midtrick-2", "94 or 98", "DK", 94},
    {"midtrick-2", "94 or 98", "D7", 98},
    {"midtrick-4", "DJ remain: 53", "D7", 53},
    {"midtrick-7", "smeared on it: 83", "H7", 83},
    {"midtrick-8", "their trick (107)", "S7", 107},
    {"midtrick-9", "without a trick (50)", "HA", 50},
    {"declarer-2", "beat the king: only 11 more, 59", "HA", 59},
    {"declarer-2", "beat the king: only 11 more, 59", "HK", 59},
    {"declarer-3", "(DA: 73", "DA", 73},
    {"declarer-3", "DT: 74)", "DT", 74},
    {"declarer-8", "gives the declarer 62", "C8 CA C7", 62},
    {"declarer-8", "23 points, 61", "C8 CA CQ DT", 61},
    {"declarer-8", "(62 or more)", "C8 CA CQ SA", 62},
    {"declarer-8", "ends on 51", "CT", 51},
    {"declarer-8", "ruffed by the ace (52)", "H8", 52},
    {"defence-4", "ruffs his heart lead all the same", "S7 SA CJ", 70},
    {"defence-4", "gets to 70", "H7", 70},
    {"midtrick-1", "and makes 64", "HJ", 64},
    {"midtrick-1", "ten (58)", "HJ H7", 58},
    {"midtrick-1", "Throwing DA gives 56", "DA", 56},
    {"midtrick-3", "60, one", "SK D7 SA", 60},
    {"midtrick-3", "at the last trick (71)", "SK D7 H7", 71},
    {"midtrick-3", "74 and the game", "SA", 74},
    {"midtrick-5", "it later takes H7, 66", "HA", 66},
    {"midtrick-5", "DA): 60", "H7", 60},
    {"defence-7", "takes the trick (47)", "CQ H8 CK", 47},
    {"defence-7", "either way, 47", "CQ H8 CK S7", 47},
    {"defence-7", "either way, 47", "CQ H8 CK ST", 47},
    {"defence-7", "the declarer's ten (53)", "CQ S9 CK", 53},
    {"defence-7", "keeps the ten alive too (53)", "SQ", 53},
    {"defence-7", "keeps the ten alive too (53)", "DA", 53},
    {"defence-8", "forehand is on lead again (53)", "CQ H8 C8", 53},
    {"defence-8", "(SJ first: 61)", "CQ S9 C8 SJ", 61},
    {"defence-8", "over forehand's SQ (53)", "CQ S9 C8 H8 ST SQ", 53},
    {"null-1", "follows CA with C7 and throws the queen on DA", "H8 HA H7 CA C7 S7", 1},
};

static bool is_problem(const Deal *d, const char *problem)
{
    size_t len = strlen(problem);
    return strncmp(d->name, problem, len) == 0 && d->name[len] == ':';
}

/* Plays the claim's moves on pos; false on an unknown or illegal card. */
static bool play_moves(Position *pos, const char *moves)
{
    char copy[64];
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *save = NULL, *name = strtok_r(copy, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
        int c = card_parse(name);
        if (c == CARD_NONE || !(position_legal_moves(pos) & card_bit(c)))
            return false;
        position_play(pos, c);
    }
    return true;
}

/* Checks the claims about d; returns how many were found wrong. */
static int check_claims(const Deal *d, const Position *pos, int *checked)
{
    int wrong = 0;
    for (size_t i = 0; i < sizeof claims / sizeof claims[0]; i++) {
        const Claim *c = &claims[i];
        if (!is_problem(d, c->problem))
            continue;
        ++*checked;
        Position next = *pos;
        if (!strstr(d->explanation, c->text)) {
            printf("    %s: the explanation does not say \"%s\"\n", c->problem, c->text);
            wrong++;
        } else if (!play_moves(&next, c->moves)) {
            printf("    %s: moves \"%s\" not legal\n", c->problem, c->moves);
            wrong++;
        } else if (oracle_value(&next, false) != c->value) {
            printf("    %s: \"%s\" after %s: stated %d, oracle %d\n", c->problem, c->text, c->moves, c->value,
                   oracle_value(&next, false));
            wrong++;
        }
    }
    return wrong;
}

/* A position's question must give what the answer depends on: the declarer's
 * points so far, unless he has taken every trick (then they are all the
 * points not in the hands).  false, with a message, when it does not. */
static bool question_states_points(const Deal *d, const Position *pos)
{
    if (pos->game == GAME_NULL || d->full_deal || pos->defender_tricks == 0)
        return true;
    char number[16];
    snprintf(number, sizeof number, "%d", pos->declarer_points);
    const char *q = d->question;
    for (const char *hit = strstr(q, number); hit; hit = strstr(hit + 1, number)) {
        bool alone = (hit == q || !isdigit((unsigned char)hit[-1])) && !isdigit((unsigned char)hit[strlen(number)]);
        if (alone)
            return true;
    }
    printf("    %s: the question does not give the declarer's %d points\n", d->name, pos->declarer_points);
    return false;
}

static void test_problem_answers(void **state)
{
    (void)state;
    char *files[MAX_FILES];
    int n = list_files(problems_dir(), files);
    int verified = 0, skipped = 0, wrong = 0, claims_checked = 0, claims_wrong = 0;
    for (int f = 0; f < n; f++) {
        char err[1024];
        DealReader *r = deal_reader_open(files[f], err, sizeof err);
        assert_non_null(r);
        assert_true(deal_reader_set_rules(r, NULL, rules_directory()));
        Deal *d = malloc(sizeof *d);
        assert_non_null(d);
        int got;
        while ((got = deal_reader_next(r, d, err, sizeof err)) == 1) {
            if (!d->has_answer)
                continue; /* a deal, not a problem (examples.yaml) */
            Position pos;
            deal_position(d, &pos);
            int tricks = set_count(pos.hands[position_to_move(&pos)]);
            bool small = !d->full_deal && tricks <= ORACLE_MAX_TRICKS;
            bool answers = d->answer.has_declarer_points || d->answer.has_declarer_wins_null ||
                           d->answer.has_declarer_schwarz || d->answer.winning_card_count;
            if (!small || !answers) {
                skipped++;
                continue;
            }
            claims_wrong += check_claims(d, &pos, &claims_checked);
            claims_wrong += !question_states_points(d, &pos);
            bool ok = check(d, &pos);
            printf("  %s %s (%s:%d)\n", ok ? "verified" : "WRONG   ", d->name, d->file, d->mark.line);
            verified += ok;
            wrong += !ok;
        }
        if (got < 0)
            printf("%s\n", err);
        assert_int_equal(got, 0);
        free(d);
        deal_reader_close(r);
        free(files[f]);
    }
    printf("  oracle: %d problems verified, %d wrong, %d left to their written argument\n", verified, wrong, skipped);
    printf("  explanations: %d claims checked, %d wrong\n", claims_checked, claims_wrong);
    assert_int_equal(wrong, 0);
    assert_true(verified >= MIN_VERIFIED);
    assert_int_equal(claims_wrong, 0);
    assert_int_equal(claims_checked, (int)(sizeof claims / sizeof claims[0]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_problem_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
