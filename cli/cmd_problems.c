/* skatdd problems: solves Skat problems (deal documents with a stated answer)
 * and checks the answers. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "common.h"
#include "deal.h"
#include "runner.h"
#include "discard.h"
#include "gamevalue.h"
#include "table.h"
#include "rulecontract.h"
#include "text.h"

static const char problems_help[] =
    "usage: skatdd problems [OPTIONS] DIR_OR_FILE...\n"
    "\n"
    "Solves every problem of the YAML files (a directory stands for its *.yaml\n"
    "files, in name order) double-dummy and checks its stated answer (documents\n"
    "without 'answer' are deals, not problems: skipped).  A problem is\n"
    "a deal document (a full deal or a position) with 'answer', a mapping of:\n"
    "  declarer_points: N     suit and grand: the declarer's card points with best\n"
    "                         play, the skat included (skat game without discard:\n"
    "                         with the best discard, as for 'discard')\n"
    "  declarer_wins_null: B  null: whether the declarer can avoid every trick\n"
    "  declarer_schwarz: B    suit and grand: whether the declarer can take every\n"
    "                         remaining trick, the defenders having none yet\n"
    "  winning_cards: [..]    exactly the legal cards of the player to move that\n"
    "                         keep the optimal value (with declarer_schwarz:\n"
    "                         schwarz first, then points)\n"
    "  discard: [C1, C2]      a skat game dealt in full without 'discard': two cards\n"
    "                         whose putting away gives the best result, as solve\n"
    "                         chooses it: the outcome first (schwarz, and a lost\n"
    "                         game's schwarz where the rules count it), then the\n"
    "                         points; null: won\n"
    "  game_value: N          full deal: the contract's game value with best play,\n"
    "                         negative when it is lost (what the loss counts)\n"
    "  bid_ceiling: N|null    full deal: the highest bid the contract still wins\n"
    "                         (null: none); without 'contract' in the deal, the\n"
    "                         declarer seat's ceiling over every contract, as\n"
    "                         skatdd table finds it\n"
    "  contract: TEXT         with no contract in the deal: a contract that reaches\n"
    "                         the seat's bid ceiling, in the words of the problem's\n"
    "                         rules, its form and announcements compared too\n"
    "                         ('tournee hearts schneider', texas 'grand ouvert hand')\n"
    "Prints a table of the problems, solved or wrong, with the time each took.\n"
    "Exit status 1 when an answer is wrong, 2 on bad input.\n"
    "\n"
    "options:\n"
    "  --rules NAME|FILE   rule system (default: the problem's rules:, else isko)\n"
    "  --format text|json  text (default) or one JSON object per problem and line:\n"
    "                      name, file, line, correct, expected, found, ms\n"
    "  --threads N         threads for bid problems without a contract (default 0:\n"
    "                      all cores)\n"
    "  --tt-mb N           transposition tables in megabytes, the total over all\n"
    "                      threads (default 16; each thread at least 1)\n"
    "  --help              this help\n";

enum { ERR_BYTES = 1024 };

typedef struct {
    const CommonOptions *o;
    Solver *solver;
    TableWorkers *workers; /* tables for every thread; solver is the first one's */
    const RuleSystem *rules; /* the current problem's */
    int solved, wrong, skipped;
    double ms;
} Run;

typedef struct {
    bool correct;
    json_t *expected, *found;
} Check;

/* ---- small helpers -------------------------------------------------------- */

/* What the stated answer asks that the deal cannot give: said at the answer. */
static bool bad(char *err, const Deal *d, const char *message)
{
    Mark at = d->has_answer ? d->answer.mark : d->mark;
    snprintf(err, ERR_BYTES, "%s:%d:%d: %s", d->file, at.line, at.column, message);
    return false;
}

static void record(Check *c, const char *key, json_t *expected, json_t *found)
{
    c->correct &= json_equal(expected, found);
    json_object_set_new(c->expected, key, expected);
    json_object_set_new(c->found, key, found);
}

static json_t *ceiling_json(int ceiling) { return ceiling > 0 ? json_integer(ceiling) : json_null(); }

static CardSet list_set(const int *cards, int n)
{
    CardSet s = 0;
    for (int i = 0; i < n; i++)
        s |= card_bit(cards[i]);
    return s;
}

/* A skat game dealt in full without a discard: the declarer holds twelve. */
static bool holds_twelve(const Deal *d)
{
    return d->full_deal && d->has_contract && !d->contract.hand && !d->has_discard;
}

/* Suit and grand: the declarer's points and schwarz with best play; with
 * twelve cards after the best discard: the outcome first, then the points
 * (best_points_discard: the most points, then schwarz; where the rules count
 * a lost game's schwarz, one that escapes it before more points), as solve
 * and the table choose it. */
static PointsDiscard best_points(const Run *run, const Position *pos, bool twelve)
{
    Solver *s = run->solver;
    if (twelve)
        return best_points_discard(s, pos, NULL, true, run->rules->lost_counts_schwarz);
    int points = solver_declarer_points(s, pos);
    bool schwarz = points == pos->declarer_points + position_points_left(pos) && solver_declarer_takes_all(s, pos);
    return (PointsDiscard){0, points, schwarz};
}

/* Whether the declarer, with points at the end, takes no trick (the
 * defenders can keep him from any), where the rules count a lost game's
 * schwarz: an outcome of its own then. */
static bool schwarzed(const Run *run, const Position *pos, int points)
{
    return run->rules->lost_counts_schwarz && points == pos->declarer_points && pos->declarer_tricks == 0 &&
           solver_defenders_take_all(run->solver, pos);
}

/* The contract scored with the double-dummy result; false when the rules do
 * not admit it. */
static bool dd_score(Run *run, const Deal *d, const Position *pos, bool twelve, int bid, GameScore *out, char *err)
{
    char message[256];
    GamePlay play = {.cards = d->hands[d->declarer] | d->skat, .skat = d->skat, .bid = bid,
                     .doubling = d->kontra, .bock = d->bock};
    if (!rules_check_contract(run->rules, &d->contract, &play.contract, message, sizeof message)) {
        snprintf(err, ERR_BYTES, "%s:%d:%d: %s", d->file, d->contract_mark.line, d->contract_mark.column, message);
        return false;
    }
    PlayResult result = {.tricks = 5};
    if (pos->game == GAME_NULL) {
        result.null_won = twelve ? best_discard(run->solver, pos).value == 1
                                 : solver_declarer_wins_null(run->solver, pos);
    } else {
        PointsDiscard p = best_points(run, pos, twelve);
        Position after = *pos;
        if (twelve)
            position_after_discard(pos, p.discard, &after);
        result.points = p.points;
        result.declarer_schwarz = p.schwarz;
        result.defenders_schwarz = p.points == after.declarer_points && after.declarer_tricks == 0 &&
                                   solver_defenders_take_all(run->solver, &after);
    }
    gamevalue_set_result(&play, pos->game, &result);
    gamevalue_score(run->rules, &play, out);
    return true;
}

/* ---- the answers ---------------------------------------------------------- */

static bool check_winning_cards(Run *run, const Deal *d, const Position *pos, Check *c, char *err)
{
    const Answer *a = &d->answer;
    if (holds_twelve(d))
        return bad(err, d, "winning_cards in a skat game needs the deal's 'discard'");
    if (position_is_over(pos))
        return bad(err, d, "winning_cards: the game is over, nobody is to play");
    MoveValue moves[10];
    int best = solver_value(run->solver, pos);
    int n = solver_move_values(run->solver, pos, moves);
    if (a->has_declarer_schwarz && pos->game != GAME_NULL) {
        /* Schwarz first, then points: one number for the pair. */
        bool maximizing = position_to_move(pos) == pos->declarer;
        best = maximizing ? -1 : 1 << 30;
        for (int i = 0; i < n; i++) {
            Position next = *pos;
            position_play(&next, moves[i].card);
            bool all = next.defender_tricks == 0 && solver_declarer_takes_all(run->solver, &next);
            moves[i].value += all ? 1000 : 0;
            best = maximizing ? (moves[i].value > best ? moves[i].value : best)
                              : (moves[i].value < best ? moves[i].value : best);
        }
    }
    CardSet found = 0;
    for (int i = 0; i < n; i++)
        if (moves[i].value == best)
            found |= card_bit(moves[i].card);
    record(c, "winning_cards", json_cards(pos->game, list_set(a->winning_cards, a->winning_card_count)),
           json_cards(pos->game, found));
    return true;
}

static bool check_discard(Run *run, const Deal *d, const Position *pos, Check *c, char *err)
{
    CardSet stated = d->answer.discard;
    if (!holds_twelve(d))
        return bad(err, d, "answer discard needs a skat game dealt in full, without 'discard' in the deal");
    if ((stated & pos->hands[pos->declarer]) != stated)
        return bad(err, d, "answer discard: the cards are not among the declarer's twelve");
    Position after;
    position_after_discard(pos, stated, &after);
    CardSet found;
    if (pos->game == GAME_NULL) {
        DiscardChoice best = best_discard(run->solver, pos);
        found = solver_declarer_wins_null(run->solver, &after) == best.value ? stated : best.discard;
    } else {
        /* As good as the best: the same outcome (schwarz either way, the
         * rest follows from the points) and the same points. */
        PointsDiscard best = best_points(run, pos, true);
        PointsDiscard mine = best_points(run, &after, false);
        Position best_after;
        position_after_discard(pos, best.discard, &best_after);
        found = mine.points == best.points && mine.schwarz == best.schwarz &&
                        schwarzed(run, &after, mine.points) == schwarzed(run, &best_after, best.points)
                    ? stated
                    : best.discard;
    }
    record(c, "discard", json_cards(pos->game, stated), json_cards(pos->game, found));
    return true;
}

/* A stated bid_ceiling no play can give (17, 19 under the ISkO) is a
 * mistake of the file, not a wrong answer of the problem: said as bad input
 * before any search. */
static bool stated_ceiling_fits(Run *run, const Deal *d, char *err)
{
    const Answer *a = &d->answer;
    char nearest[64], message[256];
    if (!a->has_bid_ceiling || a->bid_ceiling_none || !bid_off_ladder(run->rules, a->bid_ceiling, nearest, sizeof nearest))
        return true;
    snprintf(message, sizeof message, "answer bid_ceiling %d is no bid of the %s rules (%s; null: no bid is safe)",
             a->bid_ceiling, run->rules->name, nearest);
    return bad(err, d, message);
}

/* A stated game_value the contract cannot have with the declarer's twelve
 * cards (0, 99999, 25 for a grand): won or lost, a game is worth between its
 * value with just the declared levels and its value schwarz. */
static bool stated_value_fits(Run *run, const Deal *d, char *err)
{
    const Answer *a = &d->answer;
    if (!a->has_game_value)
        return true;
    Contract contract;
    GameReach reach;
    char message[320];
    if (!rules_check_contract(run->rules, &d->contract, &contract, message, sizeof message) ||
        !gamevalue_reach(run->rules, &contract, d->hands[d->declarer] | d->skat, &reach, message, sizeof message))
        return true; /* the contract's own error is said where it is played */
    int value = abs(a->game_value);
    if (value >= reach.min_value && value <= reach.max_value)
        return true;
    char worth[64];
    if (reach.min_value == reach.max_value)
        snprintf(worth, sizeof worth, "%d", reach.min_value);
    else
        snprintf(worth, sizeof worth, "%d to %d", reach.min_value, reach.max_value);
    snprintf(message, sizeof message,
             "answer game_value %d: the contract is worth %s with these cards, won (positive) or lost (negative)",
             a->game_value, worth);
    return bad(err, d, message);
}

/* game_value and bid_ceiling of the deal's contract. */
static bool check_contract_value(Run *run, const Deal *d, const Position *pos, Check *c, char *err)
{
    const Answer *a = &d->answer;
    bool twelve = holds_twelve(d);
    if (!d->full_deal)
        return bad(err, d, "game_value and bid_ceiling need a full deal (the declarer's twelve cards)");
    if (!stated_ceiling_fits(run, d, err) || !stated_value_fits(run, d, err))
        return false;
    GameScore g;
    if (a->has_game_value) {
        if (!dd_score(run, d, pos, twelve, d->bid, &g, err))
            return false;
        record(c, "game_value", json_integer(a->game_value), json_integer(g.won ? g.value : -g.value));
    }
    if (a->has_bid_ceiling) {
        if (!dd_score(run, d, pos, twelve, 0, &g, err))
            return false;
        int ceiling = g.valid && g.won ? bid_ceiling(run->rules, g.value) : 0;
        record(c, "bid_ceiling", ceiling_json(a->bid_ceiling_none ? 0 : a->bid_ceiling), ceiling_json(ceiling));
    }
    return true;
}

/* The table's row a stated contract is played in: the same game, hand or
 * skat, ouvert and form (its announcements are the stated contract's own);
 * NULL when the table has none (a form the table leaves out, such as
 * passt-mir-nicht, or a Tournee whose trump the skat cannot turn). */
static const TableEntry *stated_row(const SeatTable *s, const Contract *stated)
{
    for (int i = 0; i < s->count; i++) {
        const Contract *r = &s->entry[i].row;
        if (r->game == stated->game && r->hand == stated->hand && r->ouvert == stated->ouvert &&
            r->form == stated->form)
            return &s->entry[i];
    }
    return NULL;
}

/* Whether the stated contract, announcements and all, reaches the seat's
 * bid ceiling: scored with its row's double-dummy result, as the table
 * scores the row (a contract that announces more than double-dummy play
 * makes is lost, one that announces less is worth less).  Comparing the
 * game alone passed "grand hand" where only "grand hand schwarz" reaches. */
static bool stated_reaches(const Run *run, const Deal *d, const SeatTable *s, const Contract *stated)
{
    const TableEntry *e = stated_row(s, stated);
    if (!e || s->bid_ceiling <= 0)
        return false;
    char message[256];
    GamePlay play = {.cards = d->hands[d->declarer] | d->skat};
    if (!rules_check_contract(run->rules, stated, &play.contract, message, sizeof message))
        return false;
    PlayResult result = {.points = e->declarer_points, .declarer_schwarz = e->declarer_schwarz,
                         .null_won = e->declarer_wins_null, .tricks = 5};
    gamevalue_set_result(&play, stated->game, &result);
    GameScore g;
    return gamevalue_score(run->rules, &play, &g) && g.won && bid_ceiling(run->rules, g.value) == s->bid_ceiling;
}

/* No contract in the deal: the declarer seat's row of the contract table. */
static bool check_table(Run *run, const Deal *d, Check *c, char *err)
{
    const Answer *a = &d->answer;
    if (!d->full_deal || !d->has_declarer)
        return bad(err, d, "a bid problem without 'contract' needs a full deal and 'declarer'");
    if (a->has_declarer_points || a->has_declarer_wins_null || a->has_game_value || a->winning_card_count ||
        a->has_discard || a->has_declarer_schwarz)
        return bad(err, d, "this answer needs the deal's 'contract'");
    if (!stated_ceiling_fits(run, d, err))
        return false;
    DealTable *t = malloc(sizeof *t);
    if (!t)
        return bad(err, d, "out of memory for the contract table");
    table_compute(run->workers, run->rules, d->hands, d->skat, 1u << d->declarer, t);
    const SeatTable *s = &t->seat[d->declarer];
    if (a->has_bid_ceiling)
        record(c, "bid_ceiling", ceiling_json(a->bid_ceiling_none ? 0 : a->bid_ceiling), ceiling_json(s->bid_ceiling));
    if (a->has_contract) {
        char stated[64], best[64];
        rules_contract_name(run->rules, &a->contract, stated, sizeof stated);
        if (s->best >= 0)
            rules_contract_name(run->rules, &s->entry[s->best].contract, best, sizeof best);
        record(c, "contract", json_string(stated),
               stated_reaches(run, d, s, &a->contract) ? json_string(stated)
               : s->best >= 0                          ? json_string(best)
                                                       : json_null());
    }
    free(t);
    return true;
}

static bool check_problem(Run *run, const Deal *d, Check *c, char *err)
{
    const Answer *a = &d->answer;
    if (!d->has_contract && (a->has_bid_ceiling || a->has_contract))
        return check_table(run, d, c, err);
    if (a->has_contract)
        return bad(err, d, "answer contract is for bid problems without 'contract' in the deal");
    if (d->ramsch)
        return bad(err, d, "problems checks the answers of declared games: a ramsch has none of them");
    if (!deal_require_game(d, err, ERR_BYTES) || !deal_refuse_spitze(d, "problems", err, ERR_BYTES))
        return false;
    Position pos;
    deal_position(d, &pos);
    bool twelve = holds_twelve(d);
    bool null_game = pos.game == GAME_NULL;
    if (a->has_declarer_points) {
        if (null_game)
            return bad(err, d, "declarer_points in a null game (the answer is declarer_wins_null)");
        record(c, "declarer_points", json_integer(a->declarer_points),
               json_integer(best_points(run, &pos, twelve).points));
    }
    if (a->has_declarer_wins_null) {
        if (!null_game)
            return bad(err, d, "declarer_wins_null in a suit or grand game (the answer is declarer_points)");
        bool wins = twelve ? best_discard(run->solver, &pos).value == 1 : solver_declarer_wins_null(run->solver, &pos);
        record(c, "declarer_wins_null", json_boolean(a->declarer_wins_null), json_boolean(wins));
    }
    if (a->has_declarer_schwarz) {
        if (null_game)
            return bad(err, d, "declarer_schwarz in a null game (the answer is declarer_wins_null)");
        bool all = twelve ? best_points_discard(run->solver, &pos, NULL, true, false).schwarz
                          : pos.defender_tricks == 0 && solver_declarer_takes_all(run->solver, &pos);
        record(c, "declarer_schwarz", json_boolean(a->declarer_schwarz), json_boolean(all));
    }
    if (a->winning_card_count && !check_winning_cards(run, d, &pos, c, err))
        return false;
    if (a->has_discard && !check_discard(run, d, &pos, c, err))
        return false;
    if ((a->has_game_value || a->has_bid_ceiling) && !check_contract_value(run, d, &pos, c, err))
        return false;
    if (json_object_size(c->expected) == 0)
        return bad(err, d, "the answer states nothing to check");
    return true;
}

/* ---- output ---------------------------------------------------------------- */

static void problem_name(const Deal *d, char *out, size_t n)
{
    if (d->name[0])
        snprintf(out, n, "%s", d->name);
    else
        snprintf(out, n, "%s:%d", d->file, d->mark.line);
}

static void print_result(const Run *run, const Deal *d, const Check *c, double ms)
{
    char name[DEAL_TEXT + 32];
    problem_name(d, name, sizeof name);
    if (run->o->format == FORMAT_JSON) {
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(name));
        json_object_set_new(o, "file", json_string(d->file));
        json_object_set_new(o, "line", json_integer(d->mark.line));
        json_object_set_new(o, "correct", json_boolean(c->correct));
        json_object_set_new(o, "expected", json_incref(c->expected));
        json_object_set_new(o, "found", json_incref(c->found));
        json_object_set_new(o, "ms", json_real(ms));
        json_print_line(o);
        return;
    }
    printf("%-6s %9.1f  %s\n", c->correct ? "solved" : "WRONG", ms, name);
    if (!c->correct) {
        char *e = json_dumps(c->expected, JSON_COMPACT | JSON_PRESERVE_ORDER);
        char *f = json_dumps(c->found, JSON_COMPACT | JSON_PRESERVE_ORDER);
        printf("%-6s %9s  expected %s\n%-6s %9s  found    %s\n", "", "", e ? e : "?", "", "", f ? f : "?");
        free(e);
        free(f);
    }
    fflush(stdout);
}

/* ---- files ----------------------------------------------------------------- */

static int problem_deal(void *ctx, const Deal *deal, const RuleSystem *rules)
{
    Run *run = ctx;
    char err[ERR_BYTES];
    if (!deal->has_answer) { /* a deal without a problem (examples for solve) */
        run->skipped++;
        return EXIT_OK;
    }
    run->rules = rules;
    Check c = {.correct = true, .expected = json_object(), .found = json_object()};
    double start = wall_ms();
    solver_new_deal(run->solver);
    bool ok = check_problem(run, deal, &c, err);
    double ms = wall_ms() - start;
    if (ok) {
        print_result(run, deal, &c, ms);
        run->ms += ms;
        if (c.correct)
            run->solved++;
        else
            run->wrong++;
    } else {
        cli_error("%s", err);
    }
    json_decref(c.expected);
    json_decref(c.found);
    return ok ? EXIT_OK : EXIT_BAD_INPUT;
}

static int problems_file(Run *run, const char *path)
{
    return for_each_deal(run->o, path, problem_deal, run);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool yaml_name(const char *name)
{
    size_t n = strlen(name);
    return name[0] != '.' && n > 5 && strcmp(name + n - 5, ".yaml") == 0;
}

/* A folder's problems are its files: a FIFO named x.yaml (an archive can
 * hold one) would be waited on forever, a device read without end.  Said
 * and true for such an entry. */
static bool special_file(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) /* the reader says what is wrong */
        return false;
    char shown[DEAL_TEXT];
    snprintf(shown, sizeof shown, "%s", path);
    text_shown_clean(shown);
    cli_error("%s: cannot read: not a file", shown);
    return true;
}

static int problems_dir(Run *run, const char *path)
{
    DIR *dir = opendir(path);
    if (!dir) {
        cli_error("%s: cannot open: %s", path, strerror(errno));
        return EXIT_BAD_INPUT;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    int status = EXIT_OK;
    for (struct dirent *e; (e = readdir(dir));) {
        if (!yaml_name(e->d_name))
            continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 16;
            char **bigger = realloc(names, cap * sizeof *names);
            if (!bigger) {
                status = EXIT_INTERNAL;
                break;
            }
            names = bigger;
        }
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        if (!(names[count] = malloc(len))) {
            status = EXIT_INTERNAL;
            break;
        }
        snprintf(names[count++], len, "%s%s%s", path, path[strlen(path) - 1] == '/' ? "" : "/", e->d_name);
    }
    closedir(dir);
    if (count)
        qsort(names, count, sizeof *names, compare_names);
    if (status == EXIT_OK && count == 0) {
        cli_error("%s: no *.yaml files", path);
        status = EXIT_BAD_INPUT;
    }
    for (size_t i = 0; i < count && status == EXIT_OK; i++)
        status = special_file(names[i]) ? EXIT_BAD_INPUT : problems_file(run, names[i]);
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
    return status;
}

/* The common options problems uses; the others are refused. */
static const unsigned problems_common = COMMON_FORMAT | COMMON_THREADS | COMMON_TT_MB | COMMON_RULES;

int cmd_problems(int argc, char **argv)
{
    CommonOptions o;
    int status;
    int first = command_start(argc, argv, &o, problems_help, problems_common, NULL, NULL, NULL, &status);
    if (first < 0)
        return status;
    /* One set of tables within --tt-mb: the single-position checks use the
     * first thread's solver. */
    Run run = {.o = &o, .workers = table_workers_new(o.threads, (size_t)o.tt_mb << 20)};
    if (run.workers)
        run.solver = table_workers_solver(run.workers, 0);
    if (!run.solver) {
        cli_error("skatdd problems: out of memory for a %d MB table", o.tt_mb);
        return EXIT_INTERNAL;
    }
    if (o.format == FORMAT_TEXT)
        printf("%-6s %9s  %s\n", "result", "time (ms)", "problem");
    for (int i = first; i < argc && status == EXIT_OK; i++) {
        struct stat st;
        bool is_dir = strcmp(argv[i], "-") != 0 && stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode);
        status = is_dir ? problems_dir(&run, argv[i]) : problems_file(&run, argv[i]);
    }
    if (status == EXIT_OK && o.format == FORMAT_TEXT)
        printf("%d problem%s: %d solved, %d wrong; %.0f ms%s\n", run.solved + run.wrong,
               run.solved + run.wrong == 1 ? "" : "s", run.solved, run.wrong, run.ms,
               run.skipped ? " (documents without an answer skipped)" : "");
    table_workers_free(run.workers);
    if (status == EXIT_OK && run.wrong)
        status = 1;
    return status;
}
