/* Rule systems as data: loading the YAML files, errors with FILE:LINE:COL,
 * listing and describing them, and contracts in a rule system's words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "support_cards.h"
#include "rulecontract.h"

#include "contract.h"
#include "gamevalue.h"
#include "rules.h"
#include "rules_builtin.h"
#include "rulestext.h"
#include "slurp.h"

static RuleSystem isko, texas, tournee, classic;

static int load_all(void **state)
{
    (void)state;
    return test_four_rules(&isko, &texas, &tournee, &classic) ? 0 : -1;
}

/* A complete rule file, the smallest the format admits. */
static const char minimal[] =
    "title: Minimal\n"
    "source: a test\n"
    "forms: []\n"
    "games:\n"
    "  - {game: clubs, value: 12}\n"
    "  - {game: null, ouvert: false, value: 23}\n"
    "matadors: {max_suit: 11, max_grand: 4}\n"
    "levels: {game: 1, hand: 1, schneider: 1, schneider_announced: 1, schwarz: 1, schwarz_announced: 1, ouvert: 1}\n"
    "spitze: {level: 0, max: 0}\n"
    "points: {win: 61, schneider: 90, schneidered: 30}\n"
    "announcements: {need_hand: true}\n"
    "ouvert: {implies_hand: true, implies_announcements: true}\n"
    "lost: {skat_game_factor: 2, hand_game_factor: 2, count_declarer_schneider: true, count_declarer_schwarz: true}\n"
    "overbid: {loss: lowest_multiple_not_below, null: not_allowed}\n"
    "bids: {minimum: 18, ladder: game_values}\n"
    "doubling: []\n"
    "ramsch: {enabled: false}\n"
    "tournament:\n"
    "  - {name: seeger-fabian, won: 50, lost: -50, defenders_3: 40, defenders_4: 30, dealer_4: 30}\n";

/* Writes text into a new temporary NAME.yaml; path gets its name. */
static void write_temp(char path[64], const char *text)
{
    snprintf(path, 64, "/tmp/skatdd_rules_XXXXXX.yaml");
    int fd = mkstemps(path, 5);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* text with the first "from" replaced by "to" (into out). */
static void replace(char *out, size_t n, const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    assert_non_null(at);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

/* "LINE:COL" (1-based) of the first marker in text. */
static void position(const char *text, const char *marker, char out[32])
{
    const char *at = strstr(text, marker);
    assert_non_null(at);
    int line = 1;
    const char *start = text;
    for (const char *p = text; p < at; p++)
        if (*p == '\n') {
            line++;
            start = p + 1;
        }
    snprintf(out, 32, "%d:%d", line, (int)(at - start) + 1);
}

static bool load_text(const char *text, char path[64], RuleSystem *r, char *err, size_t n)
{
    write_temp(path, text);
    bool ok = rules_load(path, NULL, r, err, n);
    unlink(path);
    return ok;
}

/* ----- the four files ------------------------------------------------------- */

static void test_files_load(void **state)
{
    (void)state;
    assert_string_equal(isko.name, "isko");
    assert_string_equal(texas.name, "texas");
    assert_string_equal(tournee.name, "tournee");
    assert_string_equal(classic.name, "classic");
    assert_string_equal(isko.file, "evaluator/rules/isko.yaml");
    assert_int_equal(isko.schneider_points, 90);
    assert_int_equal(texas.schneider_points, 91);
    assert_int_equal(tournee.min_bid, 10);
    assert_int_equal(tournee.form_count, 4);
    assert_int_equal(classic.doubling_count, 4);
    assert_true(classic.ramsch.enabled);
    assert_false(isko.ramsch.enabled);
    assert_int_equal(texas.lost_hand_factor, 1);
    assert_int_equal(isko.lost_hand_factor, 2);
    assert_int_equal(classic.lost_hand_factor, 1);
}

/* A name is looked up in the rules directory; a path is used as it is. */
static void test_name_or_path(void **state)
{
    (void)state;
    RuleSystem r;
    char err[512];
    assert_true(rules_load("evaluator/rules/texas.yaml", "/nonexistent", &r, err, sizeof err));
    assert_string_equal(r.name, "texas");
    assert_false(rules_load("texas", "/nonexistent", &r, err, sizeof err));
    assert_string_equal(err, "unknown rule system 'texas' (skatdd rules lists them)");
    /* Ending in .yaml makes it a path (relative to the working directory). */
    assert_false(rules_load("texas.yaml", "evaluator/rules", &r, err, sizeof err));
    assert_string_equal(err, "texas.yaml: cannot open: No such file or directory");
    assert_false(rules_load("evaluator/rules/", NULL, &r, err, sizeof err));
    assert_string_equal(err, "evaluator/rules/: cannot read: Is a directory");
    assert_false(rules_load("", NULL, &r, err, sizeof err));
    assert_true(rules_load("isko", NULL, &r, err, sizeof err)); /* built in */
    assert_false(rules_load("nosuch", NULL, &r, err, sizeof err));
    assert_string_equal(err, "unknown rule system 'nosuch' (skatdd rules lists them)");
}

/* The built-in systems are the files of evaluator/rules/, byte for byte (the
 * generated arrays are not stale), and load to the same rule systems. */
static void test_builtin(void **state)
{
    (void)state;
    const char *names[] = {"classic", "isko", "texas", "tournee"};
    assert_int_equal(rules_builtin_count(), 4);
    RuleSystem *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    char err[512], path[128], file[128];
    for (int i = 0; i < 4; i++) {
        const BuiltinRules *builtin = rules_builtin_at(i);
        assert_non_null(builtin);
        assert_string_equal(builtin->name, names[i]); /* sorted */
        assert_ptr_equal(rules_builtin_find(names[i]), builtin);
        snprintf(path, sizeof path, "evaluator/rules/%s.yaml", names[i]);
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        size_t size;
        const char *problem;
        char *text = slurp_stream(f, &size, &problem);
        fclose(f);
        assert_non_null(text);
        assert_int_equal(builtin->size, size);
        assert_memory_equal(builtin->text, text, size);
        assert_int_equal(builtin->text[size], '\0');
        free(text);

        assert_true(rules_load(path, NULL, a, err, sizeof err));
        assert_true(rules_load(names[i], NULL, b, err, sizeof err));
        snprintf(file, sizeof file, "%s.yaml (built in)", names[i]);
        assert_string_equal(b->file, file);
        assert_string_equal(b->name, names[i]);
        memcpy(b->file, a->file, sizeof b->file);
        assert_memory_equal(a, b, sizeof *a);
    }
    assert_null(rules_builtin_at(4));
    assert_null(rules_builtin_at(-1));
    assert_null(rules_builtin_find("isko.yaml"));
    free(a);
    free(b);

    /* The listing of the built-in systems is that of the directory. */
    char *from_dir = NULL, *built_in = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&from_dir, &size);
    assert_int_equal(rules_print_list("evaluator/rules", out, err, sizeof err), 4);
    fclose(out);
    out = open_memstream(&built_in, &size);
    assert_int_equal(rules_print_list(NULL, out, err, sizeof err), 4);
    fclose(out);
    assert_string_equal(built_in, from_dir);
    free(from_dir);
    free(built_in);
}

static void test_minimal_file(void **state)
{
    (void)state;
    RuleSystem r;
    char path[64], err[512];
    if (!load_text(minimal, path, &r, err, sizeof err))
        fail_msg("%s", err);
    assert_string_equal(r.title, "Minimal");
    assert_int_equal(r.game_count, 2);
    assert_int_equal(r.games[0].hand, -1); /* absent: any */
    assert_true(r.games[0].enabled);
    assert_int_equal(r.games[1].ouvert, 0);
    /* The name is the file's: /tmp/skatdd_rules_XXXXXX.yaml */
    assert_int_equal(strncmp(r.name, "skatdd_rules_", 13), 0);
    assert_null(strstr(r.name, ".yaml"));
    /* A skat form's entry that says hand: false is its skat games' entry. */
    char text[sizeof minimal + 256];
    replace(text, sizeof text, minimal, "forms: []\ngames:\n",
            "forms: [{name: solo, skat: true}]\ngames:\n  - {form: solo, game: clubs, hand: false, value: 12}\n");
    if (!load_text(text, path, &r, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(r.games[0].form, 1);
    assert_int_equal(r.games[0].hand, 0);
}

/* Every error names the file, line and column. */
static void test_errors_have_positions(void **state)
{
    (void)state;
    static const struct {
        const char *from, *to; /* the change to the minimal file */
        const char *marker;    /* where the error is */
        const char *message;
    } cases[] = {
        {"value: 12", "value: twelve", "twelve", "'value' must be a whole number, not 'twelve'"},
        {"hand: 1, schneider", "hund: 1, schneider", "hund",
         "unknown key 'hund' in levels (game, hand, schneider, schneider_announced, schwarz, schwarz_announced, "
         "ouvert)"},
        {"max_suit: 11", "max_suit: 12", "12,", "'max_suit' must be between 1 and 11, not 12"},
        {", max_grand: 4", "", "{max_suit", "matadors lacks the key 'max_grand'"},
        {"source: a test\n", "source: a test\ntitle: Again\n", "title: Again", "key 'title' given twice in a rule file"},
        {"game: clubs", "game: clover", "clover", "unknown game 'clover' (clubs, spades, hearts, diamonds, grand, null)"},
        {"{game: clubs", "{form: solo, game: clubs", "solo",
         "unknown form 'solo' (forms must be defined under 'forms' first)"},
        {"ladder: game_values", "ladder: fibonacci", "fibonacci",
         "'ladder' must be one of game_values, integers, not 'fibonacci'"},
        {"null: not_allowed}", "null: not_allowed, unreachable: maybe}", "maybe",
         "'unreachable' must be one of not_allowed, lost, not 'maybe'"},
        {"need_hand: true", "need_hand: maybe", "maybe", "'need_hand' must be true or false, not 'maybe'"},
        {"schneider: 90", "schneider: 50", "{win", "the schneider points (50) must be above the winning points (61)"},
        /* The boundaries: equal to the winning points is refused too. */
        {"schneider: 90", "schneider: 61", "{win", "the schneider points (61) must be above the winning points (61)"},
        {"schneidered: 30", "schneidered: 61", "{win", "schneidered (61) must be below the winning points (61)"},
        {"forms: []\ngames:\n", "forms: [{name: solo, skat: true}]\ngames:\n  - {form: solo, game: clubs, hand: true, "
         "value: 12}\n", "{form: solo", "form 'solo' takes the skat: hand must be false"},
        {"{game: null, ouvert: false, value: 23}", "{game: null, value: 23}", "{game: null",
         "a null entry must say ouvert: true or false (their values differ)"},
        {"title: Minimal", "title: [Minimal]", "[Minimal]", "'title' needs a single value"},
        {"forms: []", "forms: 3", "3", "'forms' needs a list"},
        {"doubling: []", "doubling: [{name: kontra, factor: 2, extra: 1}]", "extra",
         "unknown key 'extra' in a doubling entry (name, factor)"},
        {"tournament:\n  - {name: seeger-fabian, won: 50, lost: -50, defenders_3: 40, defenders_4: 30, dealer_4: 30}\n",
         "tournament: [ ]\n", "[ ]", "no tournament scheme (give at least one under 'tournament')"},
        {"ramsch: {enabled: false}", "ramsch: {enabled: true, scoring: winner, skat_to: last_trick, "
         "durchmarsch_points: -30, tie: all, three_way_tie: all, no_trick_points: 20, winner_points: 0}", "{enabled",
         "a ramsch scored for the winner needs winner_points"},
        /* Every key that says how an enabled Ramsch is scored is needed:
         * left out, it read as 0 or the first choice. */
        {"ramsch: {enabled: false}", "ramsch: {enabled: true}", "{enabled",
         "ramsch lacks the key 'scoring' (enabled: true)"},
        {"ramsch: {enabled: false}", "ramsch: {enabled: true, scoring: loser, skat_to: loser, tie: all, "
         "three_way_tie: none}", "{enabled", "ramsch lacks the key 'durchmarsch_points' (enabled: true)"},
        {"ramsch: {enabled: false}", "ramsch: {enabled: true, scoring: winner, skat_to: last_trick, "
         "durchmarsch_points: -30, tie: all, three_way_tie: all, winner_points: 10}", "{enabled",
         "ramsch lacks the key 'no_trick_points' (enabled: true, scoring: winner)"},
        /* A key of another way of scoring would be ignored. */
        {"ramsch: {enabled: false}", "ramsch: {enabled: true, scoring: winner, skat_to: last_trick, "
         "durchmarsch_points: -30, tie: all, three_way_tie: all, winner_points: 10, no_trick_points: 20, "
         "jungfrau_factor: 2}", "{enabled", "ramsch: 'jungfrau_factor' does not apply when the winner scores "
         "(scoring: winner)"},
        {"ramsch: {enabled: false}", "ramsch: {enabled: true, scoring: loser, skat_to: last_trick, "
         "durchmarsch_points: 120, tie: all, three_way_tie: all, winner_points: 10}", "{enabled",
         "ramsch: 'winner_points' does not apply when the loser pays (scoring: loser)"},
        {"ramsch: {enabled: false}", "ramsch: {enabled: true, scoring: loser, skat_to: last_trick, "
         "durchmarsch_points: 120, tie: all, three_way_tie: all, push_factor: 2}", "{enabled",
         "ramsch: 'push_factor' does not apply without pushes (max_pushes: 0)"},
        {"ladder: game_values}", "ladder: game_values, step: 2}", "{minimum",
         "'step' applies to ladder: integers only (game values have no step)"},
        {"title: Minimal", "title: \"Mini\\e[2Jmal\"", "\"Mini", "'title' contains a control character"},
        {"doubling: []", "doubling: [{name: kontra, factor: 2}, {name: Kontra, factor: 2}]", "{name: Kontra",
         "doubling call 'Kontra' defined twice"},
        {"doubling: []", "doubling: [{name: '', factor: 2}]", "''", "'name' is blank: give it some text"},
        /* Every text is shown on a line of its own: a blank one showed an
         * empty line, a line break a line the file made up. */
        {"title: Minimal", "title: \"\"", "\"\"", "'title' is blank: give it some text"},
        {"title: Minimal", "title: '   '", "'   '", "'title' is blank: give it some text"},
        {"title: Minimal", "title: null", "null", "'title' is blank: give it some text"},
        {"source: a test", "source:", "\nforms", "'source' is blank: give it some text"},
        {"source: a test", "source: \"a\\n  file: x\"", "\"a", "'source' must be one line: it holds a line break"},
        {"forms: []", "forms: [{name: x, skat: true, text: ' '}]", "' '", "'text' is blank: give it some text"},
        {"forms: []", "forms: [{name: x, skat: true, text: \"a\\tb\"}]", "\"a", "'text' must be one line: it holds a tab"},
        {"forms: []", "forms: [{name: two words, skat: true}]", "{name: two", "a form 'two words': a name is one word"},
        /* A form must be told from every other and from the words of a
         * contract: each is a way to read "solo" or "grand". */
        {"forms: []", "forms: [{name: solo, skat: true}, {name: Solo, skat: false}]", "{name: Solo",
         "form 'Solo' defined twice"},
        {"forms: []", "forms: [{name: grand, skat: true}]", "{name: grand",
         "form 'grand' is named by a word of every contract"},
        /* A contract is read word by word, split at blanks and tabs: a word
         * of a form that is empty or holds one could never be read. */
        {"forms: []", "forms: [{name: x, skat: true, words: [y, '']}]", "'']",
         "a word of 'words' is empty: give it some text"},
        {"forms: []", "forms: [{name: x, skat: true, words: [~]}]", "~]", "a word of 'words' is empty: give it some text"},
        {"forms: []", "forms: [{name: x, skat: true, words: ['two words']}]", "'two",
         "a word of 'words' ('two words') holds a blank: a word is one word"},
        {"forms: []", "forms: [{name: x, skat: true, words: [' ']}]", "' '",
         "a word of 'words' (' ') holds a blank: a word is one word"},
        {"forms: []", "forms: [{name: x, skat: true, words: [\"a\\tb\"]}]", "\"a",
         "a word of 'words' holds a tab: a word is one word"},
        {"forms: []", "forms: [{name: x, skat: true, words: [\"a\\nb\"]}]", "\"a",
         "a word of 'words' contains a control character"},
        {"forms: []", "forms: [{name: x, skat: true, words: [\"a\\e[2Jb\"]}]", "\"a",
         "a word of 'words' contains a control character"},
        {"forms: []", "forms: [{name: x, skat: true, words: [\"a\\u0085b\"]}]", "\"a",
         "a word of 'words' contains a control character"},
        {"forms: []", "forms: [{name: solo, skat: true}, {name: x, skat: false, words: [SOLO]}]", "{name: x",
         "the word 'SOLO' of form 'x' is already taken"},
        {"forms: []", "forms: [{name: solo, skat: true, words: [alleingang]}, {name: Alleingang, skat: false}]",
         "{name: Alleingang", "form 'Alleingang' defined twice"},
        {"ladder: game_values}", "ladder: integers, step: 101}", "101", "'step' must be between 1 and 100, not 101"},
        {"max_grand: 4", "max_grand: 5", "5}", "'max_grand' must be between 1 and 4, not 5"},
        {"forms: []\ngames:\n", "forms: [{name: schieber, skat: false}]\ngames:\n  - {form: schieber, game: clubs, hand: false, "
         "value: 12}\n", "{form: schieber", "form 'schieber' leaves the skat: hand must be true"},
        {"forms: []\ngames:\n", "forms: [{name: solo, skat: true}, {name: x, skat: true, values_of: solo}]\ngames:\n"
         "  - {form: solo, game: clubs, value: 12}\n  - {form: x, game: spades, value: 11}\n", "{form: x",
         "form 'x' takes the values of 'solo'; it has no entries of its own"},
        {"tournament:\n  - {name: seeger-fabian,", "tournament:\n  - {name: x, won: 1, lost: 1, defenders_3: 1, "
         "defenders_4: 1, dealer_4: 1}\n  - {name: X,", "{name: X", "tournament scheme 'X' defined twice"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[sizeof minimal + 256], path[64], err[512], at[32], expected[700];
        RuleSystem r;
        replace(text, sizeof text, minimal, cases[i].from, cases[i].to);
        position(text, cases[i].marker, at);
        if (load_text(text, path, &r, err, sizeof err))
            fail_msg("case %zu loaded", i);
        snprintf(expected, sizeof expected, "%s:%s: %s", path, at, cases[i].message);
        if (strcmp(err, expected) != 0)
            fail_msg("case %zu:\n got      %s\n expected %s", i, err, expected);
    }
}

static void test_yaml_syntax_errors(void **state)
{
    (void)state;
    RuleSystem r;
    char path[64], err[512], prefix[200];
    /* libyaml's own message, at its position. */
    assert_false(load_text("title: [open\nsource: x\n", path, &r, err, sizeof err));
    snprintf(prefix, sizeof prefix, "%s:", path);
    assert_int_equal(strncmp(err, prefix, strlen(prefix)), 0);
    int line = 0, col = 0;
    assert_int_equal(sscanf(err + strlen(prefix), "%d:%d:", &line, &col), 2);
    assert_true(line >= 1 && col >= 1);
    assert_false(load_text("", path, &r, err, sizeof err));
    snprintf(prefix, sizeof prefix, "%s: empty rule file", path);
    assert_string_equal(err, prefix);
    assert_false(load_text("- a\n- b\n", path, &r, err, sizeof err));
    snprintf(prefix, sizeof prefix, "%s:1:1: a rule file must be a mapping of keys to values", path);
    assert_string_equal(err, prefix);
}

/* A user copies a file and changes it: tournee with Gucki null enabled. */
static void test_user_copy_gucki_null(void **state)
{
    (void)state;
    FILE *f = fopen("evaluator/rules/tournee.yaml", "r");
    assert_non_null(f);
    static char text[16384], changed[16384], twice[16384];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    replace(changed, sizeof changed, text, "value: 15, enabled: false", "value: 15, enabled: true");
    replace(twice, sizeof twice, changed, "value: 30, enabled: false", "value: 30, enabled: true");
    RuleSystem r;
    char path[64], err[512];
    if (!load_text(twice, path, &r, err, sizeof err))
        fail_msg("%s", err);
    Contract c;
    /* Without Gucki null "gucki null" is no game; with it, "null" is ambiguous. */
    assert_false(rules_parse_contract(&tournee, "gucki null", &c, err, sizeof err));
    assert_string_equal(err, "the tournee rules have no game 'guckser null'");
    assert_false(rules_parse_contract(&r, "null", &c, err, sizeof err));
    assert_non_null(strstr(err, "ambiguous"));
    /* [facts B.2] Foster: Gucki Nullo 15, open 30; all Guckis lose double. */
    static const struct {
        const char *contract;
        int tricks, score;
    } cases[] = {
        {"gucki null", 0, 15}, {"gucki null", 1, -30}, {"guckser null ouvert", 0, 30}, {"guckser null ouvert", 2, -60},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        GamePlay p = {.declarer_tricks = cases[i].tricks};
        GameScore s;
        assert_true(rules_parse_contract(&r, cases[i].contract, &p.contract, err, sizeof err));
        assert_false(p.contract.hand); /* a Guckser takes the skat */
        assert_true(gamevalue_score(&r, &p, &s));
        assert_int_equal(s.score, cases[i].score);
    }
}

/* ----- listing and describing ------------------------------------------------ */

static void test_list(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t size = 0;
    char err[512];
    FILE *out = open_memstream(&buf, &size);
    assert_int_equal(rules_print_list("evaluator/rules", out, err, sizeof err), 4);
    fclose(out);
    assert_non_null(strstr(buf, "classic    Classic hobby rules"));
    assert_non_null(strstr(buf, "isko       International Skat Order"));
    assert_true(strstr(buf, "classic") < strstr(buf, "isko")); /* sorted */
    assert_true(strstr(buf, "texas") < strstr(buf, "tournee"));
    free(buf);

    char dir[] = "/tmp/skatdd_rulesdir_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char good[128], bad[128], other[128];
    snprintf(good, sizeof good, "%s/good.yaml", dir);
    snprintf(bad, sizeof bad, "%s/bad.yaml", dir);
    snprintf(other, sizeof other, "%s/notes.txt", dir);
    const char *paths[] = {good, bad, other};
    const char *texts[] = {minimal, "title: 3\n", "not a rule file\n"};
    for (int i = 0; i < 3; i++) {
        FILE *f = fopen(paths[i], "w");
        assert_non_null(f);
        fputs(texts[i], f);
        fclose(f);
    }
    out = open_memstream(&buf, &size);
    assert_int_equal(rules_print_list(dir, out, err, sizeof err), 1);
    fclose(out);
    char expected[512];
    snprintf(expected, sizeof expected, "bad        error: %s:1:1: a rule file lacks the key 'source'\ngood       Minimal\n",
             bad);
    assert_string_equal(buf, expected);
    free(buf);
    for (int i = 0; i < 3; i++)
        unlink(paths[i]);
    rmdir(dir);
    assert_int_equal(rules_print_list(dir, stdout, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot read the rules directory"));
}

/* rules_describe's text of r (free it). */
static char *described(const RuleSystem *r)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    assert_non_null(out);
    rules_describe(r, out);
    fclose(out);
    return buf;
}

static void test_describe(void **state)
{
    (void)state;
    static const struct {
        const RuleSystem *r;
        const char *needles[7];
    } cases[] = {
        {&isko, {"isko: International Skat Order", "grand 24 per level", "null ouvert hand 59", "63 values",
                 "schneider with 90", "seeger-fabian (default)",
                 /* hand: false and ouvert: false, said as such */
                 "    null 23 (not hand, not ouvert)\n"}},
        {&texas, {"grand ouvert 32 per level", "hand games single", "schneider with 91", "three tied: forehand",
                  "texas-match-points (default)", "+50 per matador without above 4 in a won game",
                  /* winner mode: the later last trick loses, so the earlier one scores */
                  "two tied: the one whose last trick came earlier"}},
        {&tournee, {"passt-mir-nicht (also second-turn): takes the skat, values of tournee, lost double",
                    "guckser null 15 (not ouvert) (disabled)", "from 10, any whole number: 207 values",
                    "above the bid", "solo: a hand game", "doubling: none", "tournee (also tourne, tournée): "}},
        {&classic, {"grand 20 per level", "kontra x2, re x2, bock x2, hirsch x2", "spitze: up to 1",
                    "x2 per Jungfrau", "Durchmarsch) +120", "up to 3 pushes"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *buf = described(cases[i].r);
        for (int k = 0; k < 7 && cases[i].needles[k]; k++)
            if (!strstr(buf, cases[i].needles[k]))
                fail_msg("%s: no '%s' in:\n%s", cases[i].r->name, cases[i].needles[k], buf);
        free(buf);
    }
}

/* A null game below the bid, lost (a rule file's choice), is charged by the
 * overbid rule: rules_describe names the same multiple as score uses. */
static void test_describe_null_overbid(void **state)
{
    (void)state;
    RuleSystem *r = malloc(sizeof *r);
    assert_non_null(r);
    *r = isko;
    r->null_overbid = NULL_OVERBID_LOST;
    r->overbid = OVERBID_MULTIPLE_ABOVE;
    char *buf = described(r);
    if (!strstr(buf, "null below the bid: lost with the lowest multiple of its value above the bid"))
        fail_msg("%s", buf);
    free(buf);
    free(r);
}

/* overbid: unreachable: not_allowed when left out (a file written before
 * the key gets the rule every rule text here gives), lost when it says so;
 * every built-in system says not_allowed, and rules_describe says which. */
static void test_overbid_unreachable_key(void **state)
{
    (void)state;
    const RuleSystem *builtin[] = {&isko, &texas, &tournee, &classic};
    for (int i = 0; i < 4; i++)
        assert_int_equal(builtin[i]->unreachable, UNREACHABLE_NOT_ALLOWED);
    RuleSystem *r = malloc(sizeof *r);
    assert_non_null(r);
    char path[64], err[512], text[sizeof minimal + 64];
    if (!load_text(minimal, path, r, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(r->unreachable, UNREACHABLE_NOT_ALLOWED);
    static const struct {
        const char *value;
        UnreachableBid read;
        const char *described;
    } cases[] = {
        {"not_allowed", UNREACHABLE_NOT_ALLOWED,
         "  a game that cannot reach the bid by any outcome (judged with the twelve cards after the skat is seen, "
         "with any skat before): may not be declared\n"},
        {"lost", UNREACHABLE_LOST, "  a game that cannot reach the bid: lost as overbid\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char to[64];
        snprintf(to, sizeof to, "null: not_allowed, unreachable: %s}", cases[i].value);
        replace(text, sizeof text, minimal, "null: not_allowed}", to);
        if (!load_text(text, path, r, err, sizeof err))
            fail_msg("%s: %s", cases[i].value, err);
        assert_int_equal(r->unreachable, cases[i].read);
        char *buf = described(r);
        if (!strstr(buf, cases[i].described))
            fail_msg("%s: no '%s' in:\n%s", cases[i].value, cases[i].described, buf);
        free(buf);
    }
    free(r);
}

/* skat_to: loser gives the skat to every seat tied for the most card
 * points, three as well as two (scoring.c): describe said "each of two". */
static void test_describe_skat_to_loser(void **state)
{
    (void)state;
    RuleSystem *r = malloc(sizeof *r);
    assert_non_null(r);
    *r = classic;
    r->ramsch.skat_to = SKAT_TO_LOSER;
    char *buf = described(r);
    if (!strstr(buf, "skat to the most card points (every seat tied there);"))
        fail_msg("%s", buf);
    free(buf);
    free(r);
}

/* A bid ladder longer than describe's buffer (found by fuzzing: high game
 * values in a whole-number ladder) ends with its true highest bid. */
static void test_describe_long_ladder(void **state)
{
    (void)state;
    RuleSystem *r = malloc(sizeof *r);
    assert_non_null(r);
    *r = tournee;
    for (int g = 0; g < r->game_count; g++)
        if (r->games[g].value == 16)
            r->games[g].value = 196; /* grand: up to 196 * 18 levels */
    int highest = bid_ceiling(r, RULES_MAX_VALUE);
    assert_true(bid_ladder(r, (int[1]){0}, 1) > 1024);
    char *buf = described(r), want[32];
    snprintf(want, sizeof want, " ... %d\n", highest);
    if (!strstr(buf, want))
        fail_msg("no '%s' in:\n%s", want, buf);
    free(buf);
    free(r);
}

/* ----- contracts in a rule system's words ------------------------------------ */

static void test_tournee_contract_words(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *form;
        GameType game;
        bool hand, ouvert, schneider, schwarz;
    } cases[] = {
        {"spades solo", "solo", GAME_SPADES, true, false, false, false},
        {"Solo Spades", "solo", GAME_SPADES, true, false, false, false},
        {"spades hand", "solo", GAME_SPADES, true, false, false, false},
        {"tournee hearts", "tournee", GAME_HEARTS, false, false, false, false},
        {"tourne hearts schneider", "tournee", GAME_HEARTS, false, false, true, false},
        {"passt-mir-nicht diamonds", "passt-mir-nicht", GAME_DIAMONDS, false, false, false, false},
        {"second-turn grand", "passt-mir-nicht", GAME_GRAND, false, false, false, false},
        {"guckser grand", "guckser", GAME_GRAND, false, false, false, false},
        {"gucki grand", "guckser", GAME_GRAND, false, false, false, false},
        {"grand ouvert", "solo", GAME_GRAND, true, true, true, true},
        {"null", "solo", GAME_NULL, true, false, false, false},
        {"null ouvert", "solo", GAME_NULL, true, true, false, false},
        {"solo clubs schwarz", "solo", GAME_CLUBS, true, false, true, true},
    };
    char err[256];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Contract c;
        if (!rules_parse_contract(&tournee, cases[i].text, &c, err, sizeof err))
            fail_msg("'%s': %s", cases[i].text, err);
        assert_string_equal(rules_form_name(&tournee, c.form), cases[i].form);
        assert_int_equal(c.game, cases[i].game);
        assert_int_equal(c.hand, cases[i].hand);
        assert_int_equal(c.ouvert, cases[i].ouvert);
        assert_int_equal(c.schneider_announced, cases[i].schneider);
        assert_int_equal(c.schwarz_announced, cases[i].schwarz);
    }
    static const struct {
        const char *text, *error;
    } bad[] = {
        {"spades", "'spades' is ambiguous in the tournee rules: say tournee, passt-mir-nicht or solo"},
        {"grand", "'grand' is ambiguous in the tournee rules: say tournee, passt-mir-nicht, solo or guckser"},
        {"tournee hearts hand", "a tournee takes the skat: it cannot be played hand"},
        {"guckser grand ouvert", "an ouvert game is a hand game: a guckser cannot be ouvert"},
        {"solo spades ouvert", "the tournee rules have no game 'solo spades ouvert'"},
        {"guckser hearts", "the tournee rules have no game 'guckser hearts'"},
        {"solo tournee hearts", "two forms in contract 'solo tournee hearts'"},
        {"solo", "no game in contract 'solo' (clubs, spades, hearts, diamonds, grand, null or kreuz, pik, herz, karo)"},
        {"solo hearts spitze",
         "unknown contract word 'spitze' (suits: clubs, spades, hearts, diamonds or kreuz, pik, herz, karo; games: grand, null; modifiers: hand, schneider, schwarz, ouvert or offen; forms: tournee, passt-mir-nicht, solo, guckser)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        Contract c;
        assert_false(rules_parse_contract(&tournee, bad[i].text, &c, err, sizeof err));
        if (strcmp(err, bad[i].error) != 0)
            fail_msg("'%s':\n got      %s\n expected %s", bad[i].text, err, bad[i].error);
    }
}

static void test_contract_words_by_system(void **state)
{
    (void)state;
    Contract c;
    char err[256];
    /* ISkO: announcements only in hand games; ouvert is hand with both. */
    assert_false(rules_parse_contract(&isko, "clubs schneider", &c, err, sizeof err));
    assert_string_equal(err, "schneider announced in a game that is not a hand game (the isko rules allow "
                             "announcements only in hand games)");
    assert_false(rules_parse_contract(&isko, "clubs solo", &c, err, sizeof err));
    assert_string_equal(err, "unknown contract word 'solo' (suits: clubs, spades, hearts, diamonds or kreuz, pik, herz, karo; games: grand, null; modifiers: hand, schneider, schwarz, ouvert or offen)");
    /* German words as German players write them. */
    static const struct {
        const char *german, *english;
    } german[] = {
        {"herz", "hearts"}, {"Kreuz Hand", "clubs hand"}, {"pik hand schneider", "spades hand schneider"},
        {"KARO", "diamonds"}, {"null offen", "null ouvert"}, {"kreuz offen", "clubs ouvert"},
    };
    for (size_t i = 0; i < sizeof german / sizeof *german; i++) {
        Contract g, e;
        assert_true(rules_parse_contract(&isko, german[i].german, &g, err, sizeof err));
        assert_true(rules_parse_contract(&isko, german[i].english, &e, err, sizeof err));
        assert_memory_equal(&g, &e, sizeof g);
    }
    assert_false(rules_parse_contract(&isko, "herz hearts", &c, err, sizeof err));
    assert_string_equal(err, "two games in contract 'herz hearts'");
    assert_false(rules_parse_contract(&isko, "null ouvert offen", &c, err, sizeof err));
    assert_string_equal(err, "contract word 'offen' given twice");
    assert_true(rules_parse_contract(&isko, "grand ouvert", &c, err, sizeof err));
    assert_true(c.hand && c.schneider_announced && c.schwarz_announced && c.form == 0);
    assert_true(rules_parse_contract(&isko, "null ouvert", &c, err, sizeof err));
    assert_false(c.hand);
    assert_false(rules_parse_contract(&isko, "null schneider", &c, err, sizeof err));
    assert_false(rules_parse_contract(&isko, "hearts clubs", &c, err, sizeof err));
    /* Texas: announcing after the skat; ouvert without hand. */
    assert_true(rules_parse_contract(&texas, "clubs schneider", &c, err, sizeof err));
    assert_false(c.hand);
    assert_true(rules_parse_contract(&texas, "grand ouvert", &c, err, sizeof err));
    assert_false(c.hand);
    assert_true(c.schneider_announced && c.schwarz_announced);
    assert_true(rules_parse_contract(&texas, "ouvert hand grand", &c, err, sizeof err));
    assert_true(c.hand);
}

/* contract_parse keeps working and knows nothing of forms; its contracts are
 * valid ISkO contracts. */
static void test_contract_parse_compatible(void **state)
{
    (void)state;
    static const char *const texts[] = {"clubs", "hearts hand schneider", "null ouvert hand", "grand ouvert",
                                        "diamonds hand schwarz", "null"};
    char err[256], a[128], b[128];
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        Contract c, checked, words;
        assert_true(contract_parse(texts[i], &c, err, sizeof err));
        assert_int_equal(c.form, 0);
        assert_true(rules_check_contract(&isko, &c, &checked, err, sizeof err));
        assert_memory_equal(&c, &checked, sizeof c);
        assert_true(rules_parse_contract(&isko, texts[i], &words, err, sizeof err));
        assert_memory_equal(&c, &words, sizeof c);
        assert_string_equal(contract_name(&c, a, sizeof a), rules_contract_name(&isko, &c, b, sizeof b));
    }
    Contract c;
    assert_false(contract_parse("spades solo", &c, err, sizeof err));
}

/* rules_contract_name gives words that read back to the same contract. */
static void test_contract_names_round_trip(void **state)
{
    (void)state;
    static const struct {
        const RuleSystem *r;
        const char *text, *name;
    } cases[] = {
        {&isko, "clubs", "clubs"},
        {&isko, "hand schneider hearts", "hearts hand schneider"},
        {&isko, "grand ouvert", "grand ouvert"},
        {&isko, "null ouvert hand", "null ouvert hand"},
        {&texas, "grand ouvert", "grand ouvert"},
        {&texas, "grand ouvert hand", "grand ouvert hand"},
        {&texas, "diamonds schwarz", "diamonds schwarz"},
        {&tournee, "spades solo", "solo spades"},
        {&tournee, "spades hand", "solo spades"},
        {&tournee, "passt-mir-nicht grand schneider", "passt-mir-nicht grand schneider"},
        {&tournee, "grand ouvert", "solo grand ouvert"},
        {&tournee, "null", "solo null"},
        {&classic, "diamonds hand schwarz", "diamonds hand schwarz"},
    };
    char err[256], name[128];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Contract c, again;
        if (!rules_parse_contract(cases[i].r, cases[i].text, &c, err, sizeof err))
            fail_msg("%s '%s': %s", cases[i].r->name, cases[i].text, err);
        rules_contract_name(cases[i].r, &c, name, sizeof name);
        assert_string_equal(name, cases[i].name);
        assert_true(rules_parse_contract(cases[i].r, name, &again, err, sizeof err));
        assert_memory_equal(&c, &again, sizeof c);
    }
}

static void test_lookups(void **state)
{
    (void)state;
    assert_string_equal(rules_find_scheme(&isko, NULL)->name, "seeger-fabian");
    assert_string_equal(rules_find_scheme(&texas, "")->name, "texas-match-points");
    assert_int_equal(rules_find_scheme(&texas, "seeger-fabian")->defenders_3, 40);
    assert_null(rules_find_scheme(&texas, "nope"));
    assert_string_equal(level_name(LEVEL_SCHNEIDER_ANNOUNCED), "schneider announced");
    assert_string_equal(level_name(LEVEL_COUNT), "?");
    assert_string_equal(rules_form_name(&tournee, 0), "");
    assert_string_equal(rules_form_name(&tournee, 4), "guckser");
    assert_string_equal(rules_form_name(&isko, 1), "");
    Contract c = {.game = GAME_CLUBS, .form = 3};
    assert_int_equal(rules_find_game(&tournee, &c)->value, 12); /* form 3: solo */
    c.form = 2;                                                  /* passt-mir-nicht: the tournee values */
    assert_int_equal(rules_find_game(&tournee, &c)->value, 8);
    assert_int_equal(rules_lost_factor(&tournee, &c), 2);
    /* Calls are named in any case, as their names are told apart. */
    assert_int_equal(rules_doubling_index(&classic, "Re"), 1);
    assert_int_equal(rules_doubling_index(&classic, "BOCK"), 2);
    assert_int_equal(rules_doubling_index(&classic, "rekontra"), -1);
}

/* A game may be worth RULES_MAX_VALUE (10000) at most: the entry's value
 * times the most matadors (11 in suit games) and every level, Spitzen as
 * many times as may be announced; a score RULES_MAX_SCORE (500000000) at
 * most: the highest bid and that value, lost overbid, by the largest lost
 * factor (a form's too) and every doubling call. */
static void test_value_limits(void **state)
{
    (void)state;
    static const char levels[] =
        "levels: {game: 1, hand: 1, schneider: 1, schneider_announced: 1, schwarz: 1, schwarz_announced: 1, ouvert: 1}";
    static const char spitze[] = "spitze: {level: 0, max: 0}";
    static const struct {
        const char *edits[3][2]; /* changes to the minimal file, in order */
        const char *message;     /* NULL: loads */
    } cases[] = {
        /* 400 x (11 + 7 + 1 x 7) = 10000 */
        {{{"value: 12}", "value: 400}"}, {spitze, "spitze: {level: 1, max: 7}"}}, NULL},
        /* 400 x (11 + 7 + 2 x 7) = 12800 */
        {{{"value: 12}", "value: 400}"}, {spitze, "spitze: {level: 2, max: 7}"}},
         "games entry 1 can be worth 12800, more than 10000"},
        /* 137 x (11 + 6 x 10 + 2) = 10001 */
        {{{"value: 12}", "value: 137}"},
          {levels, "levels: {game: 10, hand: 10, schneider: 10, schneider_announced: 10, schwarz: 10, "
                   "schwarz_announced: 10, ouvert: 2}"}},
         "games entry 1 can be worth 10001, more than 10000"},
        /* (10000 + 12 x 18) x 2 x 10^4 loads; with the form's lost factor 8
         * it would score 817280000. */
        {{{"doubling: []", "doubling: [{name: a, factor: 10}, {name: b, factor: 10}, {name: c, factor: 10}, "
                           "{name: d, factor: 10}]"}},
         NULL},
        {{{"doubling: []", "doubling: [{name: a, factor: 10}, {name: b, factor: 10}, {name: c, factor: 10}, "
                           "{name: d, factor: 10}]"},
          {"forms: []\ngames:\n", "forms: [{name: solo, skat: true, lost_factor: 8}]\ngames:\n"
                                   "  - {form: solo, game: clubs, value: 12}\n"}},
         "a game can score 817280000 (worth 216, lost overbid, by every doubling call), more than 500000000: smaller "
         "doubling factors or game values"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[sizeof minimal + 512], edited[sizeof minimal + 512], path[64], err[512], expected[700];
        RuleSystem r;
        snprintf(text, sizeof text, "%s", minimal);
        for (int e = 0; e < 3 && cases[i].edits[e][0]; e++) {
            replace(edited, sizeof edited, text, cases[i].edits[e][0], cases[i].edits[e][1]);
            memcpy(text, edited, sizeof text);
        }
        bool loaded = load_text(text, path, &r, err, sizeof err);
        if (!cases[i].message) {
            if (!loaded)
                fail_msg("case %zu: %s", i, err);
            continue;
        }
        /* A games entry's is said at the entry, not at the file's first line;
         * what every doubling call scores together, at the file. */
        char at[32] = "1:1";
        if (strncmp(cases[i].message, "games entry", 11) == 0)
            position(text, "{game: clubs", at);
        snprintf(expected, sizeof expected, "%s:%s: %s", path, at, cases[i].message);
        if (loaded || strcmp(err, expected) != 0)
            fail_msg("case %zu:\n got      %s\n expected %s", i, loaded ? "(loaded)" : err, expected);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_files_load),
        cmocka_unit_test(test_name_or_path),
        cmocka_unit_test(test_minimal_file),
        cmocka_unit_test(test_errors_have_positions),
        cmocka_unit_test(test_yaml_syntax_errors),
        cmocka_unit_test(test_user_copy_gucki_null),
        cmocka_unit_test(test_list),
        cmocka_unit_test(test_describe),
        cmocka_unit_test(test_describe_null_overbid),
        cmocka_unit_test(test_overbid_unreachable_key),
        cmocka_unit_test(test_describe_skat_to_loser),
        cmocka_unit_test(test_describe_long_ladder),
        cmocka_unit_test(test_tournee_contract_words),
        cmocka_unit_test(test_contract_words_by_system),
        cmocka_unit_test(test_contract_parse_compatible),
        cmocka_unit_test(test_contract_names_round_trip),
        cmocka_unit_test(test_lookups),
        cmocka_unit_test(test_value_limits),
        cmocka_unit_test(test_builtin),
    };
    return cmocka_run_group_tests(tests, load_all, NULL);
}
