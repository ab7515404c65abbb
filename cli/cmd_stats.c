/* skatdd stats: tables from the JSON Lines of skatdd batch (table and solve
 * jobs): the best seat and contract, the bid ceilings, and the double-dummy
 * win rate of every contract by what its declarer sees in his ten cards. */
#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "common.h"
#include "jsonline.h"
#include "plot.h"
#include "rulecontract.h"
#include "text.h"

static const char stats_help[] =
    "usage: skatdd stats [OPTIONS] FILE.jsonl...\n"
    "\n"
    "Tables from the lines of skatdd batch (--job table or solve):\n"
    "  best        table: which seat can bid highest and the contract it plays\n"
    "              there, how often (nobody: no contract wins for anybody)\n"
    "  bid ceiling table: the distribution of the safe bid ceilings, the deal's\n"
    "              highest and each seat's (none: no contract wins)\n"
    "  win rates   for each contract, how often it wins double-dummy by what its\n"
    "              declarer sees in his ten cards before the skat: the jacks he\n"
    "              holds, his trumps (jacks and the trump suit; grand: jacks;\n"
    "              not for null), his aces and tens; won/hands and the rate\n"
    "              (table: every seat's contracts; solve: the contract solved\n"
    "              from the deal's start, won by its outcome, else 61 points or\n"
    "              a null without tricks)\n"
    "Lines of other jobs are counted and left out.\n"
    "\n"
    "options:\n"
    "  --csv               one CSV table: table,row,column,deals,count,share\n"
    "                      (share = count / deals)\n"
    "  --plot FILE.svg     chart of the deals' highest bid ceilings (gnuplot)\n"
    "  --rules NAME|FILE   rule system for lines without \"rules\" (default isko)\n"
    "  --help              this help\n";

enum { FEATURE_JACKS, FEATURE_TRUMPS, FEATURE_ACES_TENS, FEATURE_COUNT };
enum { FEATURE_VALUES = 12, MAX_CONTRACTS = 96, MAX_BEST = 256, LABEL = 80 };
enum { CEILING_HIGHEST, CEILING_SEATS }; /* columns: highest, then one per seat */

static const char *const feature_name[FEATURE_COUNT] = {"jacks", "trumps", "aces_tens"};
static const char *const feature_title[FEATURE_COUNT] = {"jacks held", "trumps held", "aces and tens held"};
static const int feature_max[FEATURE_COUNT] = {4, 11, 8};

typedef struct {
    char label[LABEL];
    GameType game;
    long hands[FEATURE_COUNT][FEATURE_VALUES];
    long won[FEATURE_COUNT][FEATURE_VALUES];
} ContractRates;

typedef struct {
    char seat[LABEL];
    char contract[LABEL];
    long count;
} BestCount;

/* The deals whose ceiling is bid (0: none), per column. */
typedef struct {
    long bid;
    long count[1 + SEAT_COUNT];
} CeilingCount;

typedef struct {
    const RuleSystem *given; /* --rules (CommonOptions' given_rules) */
    RuleSystem *rules;      /* loaded when first needed, by name */
    char rules_loaded[LABEL];
    bool rules_failed;      /* rules_loaded names a system that could not be loaded (said once) */
    char line_error[400];  /* why the line being counted is not counted in full ("" none) */
    long table_lines, solve_lines, other_lines;
    long solve_after_play; /* solve lines of a position after play: not in the win rates */
    BestCount best[MAX_BEST];
    int best_count;
    long nobody;
    CeilingCount *ceilings; /* in bid order, "none" first; as many as bids met */
    int ceiling_count;
    bool out_of_memory;
    bool rules_out_of_memory; /* a rule system a line names not loaded for want of memory */
    ContractRates contracts[MAX_CONTRACTS];
    int contract_count;
    /* The bids of ladder_rules, kept: built anew for every ceiling, the
     * ladder took most of the time of a file's lines. */
    const RuleSystem *ladder_rules;
    int *ladder;
    int ladder_count;
} Stats;

typedef struct {
    bool csv;
    const char *plot;
    const char *rules;
} StatsOptions;

static const ExtraOption stats_options[] = {{"csv", false, VALUE_TEXT}, {"plot", true, VALUE_TEXT}, {NULL, false, VALUE_TEXT}};

static bool stats_option(void *ctx, const char *command, const char *name, const char *value)
{
    (void)command; /* neither option can be wrong */
    StatsOptions *s = ctx;
    if (strcmp(name, "csv") == 0)
        s->csv = true;
    else if (strcmp(name, "plot") == 0)
        s->plot = value;
    return true;
}

/* ---- counting --------------------------------------------------------------- */

static CardSet cards_of(json_t *list)
{
    CardSet set = 0;
    size_t i;
    json_t *card;
    json_array_foreach(list, i, card)
    {
        int c = json_is_string(card) ? card_parse(json_string_value(card)) : CARD_NONE;
        if (c != CARD_NONE)
            set |= card_bit(c);
    }
    return set;
}

/* The rule system a line names (a file given with --rules stands for the
 * system of its name); NULL where it cannot be loaded, which is said once
 * per name (line_error). */
static const RuleSystem *line_rules(Stats *s, const char *rules_name)
{
    const char *name = rules_name ? rules_name : s->given ? s->given->name : "isko";
    if (s->given && strcmp(s->given->name, name) == 0)
        return s->given;
    if (s->rules_loaded[0] && strcmp(s->rules_loaded, name) == 0)
        return s->rules_failed ? NULL : s->rules;
    char err[256];
    snprintf(s->rules_loaded, sizeof s->rules_loaded, "%s", name);
    if (s->ladder_rules == s->rules)
        s->ladder_rules = NULL; /* s->rules is read anew */
    /* A line names its system (batch writes the name): a path in it is not
     * opened, lest a line make stats read a FIFO or a device and hang. */
    bool path = rules_name && rules_is_path(name);
    ReadResult read = READ_NO_MEMORY;
    if (path) {
        snprintf(err, sizeof err, "rule system '%s' is a path, not a name", name);
        read = READ_REFUSED;
    } else if (s->rules || (s->rules = malloc(sizeof *s->rules))) {
        read = rules_read(name, rules_directory(), s->rules, err, sizeof err);
    }
    s->rules_failed = read != READ_OK;
    /* Memory is not the line's fault: said at the end, exit status 1. */
    s->rules_out_of_memory = s->rules_out_of_memory || read == READ_NO_MEMORY;
    if (read == READ_REFUSED) {
        snprintf(s->line_error, sizeof s->line_error, "%.256s (give its file with --rules)", err);
        text_shown_clean(s->line_error); /* the name is the line's */
    }
    return s->rules_failed ? NULL : s->rules;
}

/* The game a contract's label names, in the words of the line's rules. */
static GameType game_of(Stats *s, const char *rules_name, const char *label)
{
    char err[256];
    const RuleSystem *rules = line_rules(s, rules_name);
    Contract c;
    if (!rules || strcmp(label, "ramsch") == 0 || !rules_parse_contract(rules, label, &c, err, sizeof err))
        return GAME_TYPE_COUNT;
    return c.game;
}

/* A seat or contract as the tables show it and tell apart: the lines come
 * from files, whose strings may hold line feeds or escape sequences. */
static const char *shown_label(const char *text, char out[LABEL])
{
    snprintf(out, LABEL, "%s", text);
    text_shown_clean(out);
    return out;
}

static ContractRates *rates_of(Stats *s, const char *rules_name, const char *text)
{
    char label[LABEL];
    shown_label(text, label);
    for (int i = 0; i < s->contract_count; i++)
        if (strcmp(s->contracts[i].label, label) == 0)
            return &s->contracts[i];
    if (s->contract_count == MAX_CONTRACTS)
        return NULL;
    ContractRates *r = &s->contracts[s->contract_count++];
    memset(r, 0, sizeof *r);
    snprintf(r->label, sizeof r->label, "%s", label);
    r->game = game_of(s, rules_name, label);
    return r;
}

static const CardSet jacks = (1u << 4) | (1u << 12) | (1u << 20) | (1u << 28);

static int feature(int which, GameType game, CardSet hand)
{
    CardSet aces_tens = 0;
    for (int suit = 0; suit < SUIT_COUNT; suit++)
        aces_tens |= card_bit(card_make(suit, RANK_A)) | card_bit(card_make(suit, RANK_T));
    if (which == FEATURE_JACKS)
        return set_count(hand & jacks);
    if (which == FEATURE_ACES_TENS)
        return set_count(hand & aces_tens);
    if (game == GAME_GRAND)
        return set_count(hand & jacks);
    if (game < GAME_GRAND) /* a suit game: its suit is the game type's number */
        return set_count(hand & jacks) + set_count(hand & ~jacks & (0xffu << (8 * game)));
    return -1;
}

static void count_hand(ContractRates *r, CardSet hand, bool won)
{
    if (!r)
        return;
    for (int f = 0; f < FEATURE_COUNT; f++) {
        int v = feature(f, r->game, hand);
        if (v < 0 || v >= FEATURE_VALUES)
            continue;
        r->hands[f][v]++;
        r->won[f][v] += won;
    }
}

/* A ceiling is a bid, and no rule system bids above RULES_MAX_VALUE: so
 * there are at most that many rows, each found by bisection.  Unbounded,
 * lines of ever new ceilings took time growing with their square (80,000
 * lines: 92 s). */
static void count_ceiling(Stats *s, int column, json_t *ceiling)
{
    json_int_t value = json_is_integer(ceiling) ? json_integer_value(ceiling) : 0;
    if (value > RULES_MAX_VALUE) {
        if (!s->line_error[0]) /* a rule system's error, said once, goes first */
            snprintf(s->line_error, sizeof s->line_error,
                     "bid ceiling %" JSON_INTEGER_FORMAT " above %d, the highest bid of any rule system: not counted",
                     value, RULES_MAX_VALUE);
        return;
    }
    long bid = value > 0 ? (long)value : 0;
    int low = 0, high = s->ceiling_count; /* the first row whose bid is not below bid */
    while (low < high) {
        int middle = low + (high - low) / 2;
        if (s->ceilings[middle].bid < bid)
            low = middle + 1;
        else
            high = middle;
    }
    int at = low;
    if (at == s->ceiling_count || s->ceilings[at].bid != bid) {
        CeilingCount *grown = realloc(s->ceilings, sizeof *grown * (size_t)(s->ceiling_count + 1));
        if (!grown) {
            s->out_of_memory = true;
            return;
        }
        s->ceilings = grown;
        memmove(&grown[at + 1], &grown[at], sizeof *grown * (size_t)(s->ceiling_count - at));
        grown[at] = (CeilingCount){.bid = bid};
        s->ceiling_count++;
    }
    s->ceilings[at].count[column]++;
}

static void count_best(Stats *s, const char *seat_text, const char *contract_text)
{
    char seat[LABEL], contract[LABEL];
    shown_label(seat_text, seat);
    shown_label(contract_text, contract);
    for (int i = 0; i < s->best_count; i++)
        if (strcmp(s->best[i].seat, seat) == 0 && strcmp(s->best[i].contract, contract) == 0) {
            s->best[i].count++;
            return;
        }
    if (s->best_count == MAX_BEST)
        return;
    BestCount *b = &s->best[s->best_count++];
    snprintf(b->seat, sizeof b->seat, "%s", seat);
    snprintf(b->contract, sizeof b->contract, "%s", contract);
    b->count = 1;
}

/* A line table_fits took: its seats, contracts and best are all there. */
static void count_table(Stats *s, json_t *line, json_t *hands)
{
    const char *rules = json_string_value(json_object_get(line, "rules"));
    json_t *seats = json_object_get(line, "seats");
    const char *best_seat = json_string_value(json_object_get(line, "best_seat"));
    s->table_lines++;
    if (best_seat) {
        json_t *seat = json_object_get(seats, best_seat);
        count_best(s, best_seat, json_string_value(json_object_get(json_object_get(seat, "best"), "contract")));
        count_ceiling(s, CEILING_HIGHEST, json_object_get(seat, "bid_ceiling"));
    } else {
        s->nobody++;
        count_ceiling(s, CEILING_HIGHEST, NULL);
    }
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        json_t *st = json_object_get(seats, seat_name(seat));
        if (!st)
            continue;
        count_ceiling(s, CEILING_SEATS + seat, json_object_get(st, "bid_ceiling"));
        CardSet hand = cards_of(json_object_get(hands, seat_name(seat)));
        size_t i;
        json_t *row;
        json_array_foreach(json_object_get(st, "contracts"), i, row)
        {
            const char *label = json_string_value(json_object_get(row, "contract"));
            count_hand(rates_of(s, rules, label), hand, json_is_true(json_object_get(row, "won")));
        }
    }
}

/* A line solve_fits took: its contract and declarer are there. */
static void count_solve(Stats *s, json_t *line, json_t *hands)
{
    const char *label = json_string_value(json_object_get(line, "contract"));
    const char *declarer = json_string_value(json_object_get(line, "declarer"));
    json_t *outcome = json_object_get(line, "outcome");
    json_t *points = json_object_get(line, "declarer_points");
    bool won = json_is_object(outcome) ? json_is_true(json_object_get(outcome, "won"))
               : json_is_integer(points) ? json_integer_value(points) >= 61
                                         : json_is_true(json_object_get(line, "declarer_wins_null"));
    s->solve_lines++;
    /* A game with its play, or a problem's position, was solved where the
     * play stands: its outcome is no double-dummy answer about the ten
     * cards dealt.  Solved from the deal's start, the line holds all 30 cards. */
    if (json_array_size(json_object_get(line, "line")) != CARD_COUNT - 2) { /* all but the skat */
        s->solve_after_play++;
        return;
    }
    count_hand(rates_of(s, json_string_value(json_object_get(outcome, "rules")), label),
               cards_of(json_object_get(hands, declarer)), won);
}

/* ---- what a line must hold to be counted ------------------------------------ */

/* A line of table or solve is counted whole or not at all: a field that
 * holds what batch never writes (a card "XX", a ceiling "36" or 37, a "won"
 * of "yes", a contract of no rule system) is said, FILE:LINE:1, and the line
 * left out, not counted as something else. */
typedef struct {
    char why[320];
} Unfit;

static bool unfit(Unfit *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool unfit(Unfit *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(u->why, sizeof u->why, fmt, ap);
    va_end(ap);
    text_shown_clean(u->why); /* it quotes the line's strings */
    return false;
}

/* A seat's ten cards as batch writes them: card names, none twice. */
static bool hand_fits(json_t *list, const char *seat, Unfit *u)
{
    if (!json_is_array(list))
        return unfit(u, "deal.hands.%s: not a list of cards", seat);
    CardSet set = 0;
    size_t i;
    json_t *card;
    json_array_foreach(list, i, card)
    {
        const char *name = json_string_value(card);
        int c = name ? card_parse(name) : CARD_NONE;
        if (c == CARD_NONE)
            return unfit(u, "deal.hands.%s[%zu]: %.40s is not a card", seat, i, name ? name : "(not a string)");
        if (set & card_bit(c))
            return unfit(u, "deal.hands.%s: %.40s twice", seat, name);
        set |= card_bit(c);
    }
    if (json_array_size(list) != 10)
        return unfit(u, "deal.hands.%s: %zu cards, a hand is dealt 10", seat, json_array_size(list));
    return true;
}

/* A contract's label in the words of the line's rules (when they load: else
 * what cannot be loaded is said once, and the label is taken as it is). */
static bool contract_fits(Stats *s, const char *rules_name, json_t *label, const char *field, Unfit *u)
{
    const char *text = json_string_value(label);
    if (!text)
        return unfit(u, "%s: not a contract's name", field);
    const RuleSystem *rules = line_rules(s, rules_name);
    char err[256];
    Contract c;
    if (rules && strcmp(text, "ramsch") != 0 && !rules_parse_contract(rules, text, &c, err, sizeof err))
        return unfit(u, "%s: '%.40s' is no contract of the %s rules", field, text, rules->name);
    return true;
}

/* Whether bid is on the ladder of rules; true when memory for the ladder
 * ran out (said at the end, exit status 1). */
static bool is_bid(Stats *s, const RuleSystem *rules, json_int_t bid)
{
    if (s->ladder_rules != rules) {
        if (!s->ladder && !(s->ladder = malloc((RULES_MAX_VALUE + 1) * sizeof *s->ladder))) {
            s->out_of_memory = true;
            return true;
        }
        s->ladder_count = bid_ladder(rules, s->ladder, RULES_MAX_VALUE + 1);
        s->ladder_rules = rules;
    }
    int low = 0, high = s->ladder_count;
    while (low < high) {
        int middle = low + (high - low) / 2;
        if (s->ladder[middle] < bid)
            low = middle + 1;
        else
            high = middle;
    }
    return low < s->ladder_count && s->ladder[low] == bid;
}

/* A seat's bid ceiling: null (no contract wins), or a bid of the rules. */
static bool ceiling_fits(Stats *s, const char *rules_name, json_t *ceiling, const char *seat, Unfit *u)
{
    if (json_is_null(ceiling))
        return true;
    json_int_t bid = json_is_integer(ceiling) ? json_integer_value(ceiling) : 0;
    if (bid <= 0)
        return unfit(u, "seats.%s.bid_ceiling: not a bid (a whole number above 0, or null: none)", seat);
    const RuleSystem *rules = line_rules(s, rules_name);
    if (rules && (bid > RULES_MAX_VALUE || !is_bid(s, rules, bid)))
        return unfit(u, "seats.%s.bid_ceiling: %" JSON_INTEGER_FORMAT " is no bid of the %s rules", seat, bid,
                     rules->name);
    return true;
}

static bool seat_fits(Stats *s, const char *rules_name, json_t *seat, json_t *hands, int k, Unfit *u)
{
    const char *name = seat_name(k);
    if (!json_is_object(seat))
        return unfit(u, "seats.%s: not an object", name);
    if (!hand_fits(json_object_get(hands, name), name, u) ||
        !ceiling_fits(s, rules_name, json_object_get(seat, "bid_ceiling"), name, u))
        return false;
    json_t *rows = json_object_get(seat, "contracts");
    if (!json_is_array(rows))
        return unfit(u, "seats.%s.contracts: not a list", name);
    size_t i;
    json_t *row;
    json_array_foreach(rows, i, row)
    {
        char field[64];
        snprintf(field, sizeof field, "seats.%s.contracts[%zu].contract", name, i);
        if (!contract_fits(s, rules_name, json_object_get(row, "contract"), field, u))
            return false;
        if (!json_is_boolean(json_object_get(row, "won")))
            return unfit(u, "seats.%s.contracts[%zu].won: not true or false", name, i);
    }
    return true;
}

static bool table_fits(Stats *s, json_t *line, json_t *hands, Unfit *u)
{
    const char *rules_name = json_string_value(json_object_get(line, "rules"));
    json_t *seats = json_object_get(line, "seats");
    for (int k = 0; k < SEAT_COUNT; k++) {
        json_t *seat = json_object_get(seats, seat_name(k));
        if (seat && !seat_fits(s, rules_name, seat, hands, k, u))
            return false;
    }
    json_t *best_seat = json_object_get(line, "best_seat");
    if (json_is_null(best_seat) || !best_seat)
        return true;
    const char *best = json_string_value(best_seat);
    json_t *seat = seat_parse(best) < SEAT_COUNT ? json_object_get(seats, best) : NULL;
    if (!seat)
        return unfit(u, "best_seat: not forehand, middlehand or rearhand with a seat in the line");
    return contract_fits(s, rules_name, json_object_get(json_object_get(seat, "best"), "contract"),
                         "the best seat's best.contract", u);
}

static bool solve_fits(Stats *s, json_t *line, json_t *hands, Unfit *u)
{
    const char *declarer = json_string_value(json_object_get(line, "declarer"));
    if (seat_parse(declarer) == SEAT_COUNT)
        return unfit(u, "declarer: not forehand, middlehand or rearhand");
    if (json_array_size(json_object_get(line, "line")) != CARD_COUNT - 2)
        return true; /* solved after play: not counted */
    json_t *outcome = json_object_get(line, "outcome");
    json_t *points = json_object_get(line, "declarer_points");
    if (!hand_fits(json_object_get(hands, declarer), declarer, u) ||
        !contract_fits(s, json_string_value(json_object_get(outcome, "rules")), json_object_get(line, "contract"),
                       "contract", u))
        return false;
    if (json_is_object(outcome))
        return json_is_boolean(json_object_get(outcome, "won")) || unfit(u, "outcome.won: not true or false");
    if (points && !json_is_null(points))
        return (json_is_integer(points) && json_integer_value(points) >= 0 && json_integer_value(points) <= 120) ||
               unfit(u, "declarer_points: not card points from 0 to 120");
    return json_is_boolean(json_object_get(line, "declarer_wins_null")) ||
           unfit(u, "no outcome: neither declarer_points nor declarer_wins_null");
}

/* One line: false when it is no line of skatdd batch. */
static bool count_line(Stats *s, const char *text, size_t len)
{
    json_t *line = json_loadb(text, len, 0, NULL);
    json_t *hands = json_object_get(json_object_get(line, "deal"), "hands");
    bool ok = json_is_integer(json_object_get(line, "index")) && json_is_object(hands);
    /* The line's "job" says which command wrote it; lines without one (an
     * earlier skatdd) are known by their keys. */
    const char *job = json_string_value(json_object_get(line, "job"));
    bool table = json_is_object(json_object_get(line, "seats")) && (!job || strcmp(job, "table") == 0);
    bool solve = json_is_array(json_object_get(line, "moves")) && json_object_get(line, "declarer") &&
                 (!job || strcmp(job, "solve") == 0);
    Unfit u = {""};
    if (ok && table && table_fits(s, line, hands, &u))
        count_table(s, line, hands);
    else if (ok && solve && !table && solve_fits(s, line, hands, &u))
        count_solve(s, line, hands);
    else if (ok && !table && !solve)
        s->other_lines++;
    if (u.why[0] && !s->line_error[0])
        snprintf(s->line_error, sizeof s->line_error, "%s: the line is not counted", u.why);
    json_decref(line);
    return ok;
}

/* What is wrong with a file's lines, said up to MAX_SHOWN messages, then
 * only counted: a file of newlines wrote 90 bytes of messages for each of
 * its bytes (10 MB of them: 900 MB on stderr, 8 s). */
enum { MAX_SHOWN = 20 };

typedef struct {
    const char *path;
    long shown, more; /* messages said; messages beyond them */
} LineReport;

static void report_line(LineReport *r, long number, const char *why)
{
    if (r->shown == MAX_SHOWN) {
        r->more++;
        return;
    }
    cli_error("%s:%ld:1: %s", r->path, number, why);
    r->shown++;
}

static int count_file(Stats *s, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) {
        int status = read_failure_status(errno == ENOMEM);
        cli_error("%s: cannot read: %m", path);
        return status;
    }
    JsonLine line = {0};
    LineReport report = {.path = path};
    long number = 0;
    while (json_line_read(f, &line)) {
        number++;
        if (line.too_long) { /* its end is not read: the file's next lines cannot be found */
            report_line(&report, number, JSON_LINE_TOO_LONG ": the rest of the file is not read");
            break;
        }
        if (!count_line(s, line.text, line.length))
            report_line(&report, number, "not a line of skatdd batch (a JSON object with \"index\" and \"deal\")");
        if (s->line_error[0]) {
            report_line(&report, number, s->line_error);
            s->line_error[0] = '\0';
        }
    }
    int status = report.shown ? EXIT_BAD_INPUT : EXIT_OK;
    if (report.more)
        cli_error("%s: %ld more messages about its lines not shown (the first %d are)", path, report.more,
                  MAX_SHOWN);
    if (ferror(f)) {
        cli_error("%s: cannot read: %m", path);
        status = EXIT_BAD_INPUT;
    } else if (line.out_of_memory) {
        status = exit_status_worse(status, out_of_memory(path));
    }
    json_line_free(&line);
    if (f != stdin)
        fclose(f);
    return status;
}

/* ---- output ----------------------------------------------------------------- */

static double share(long count, long of) { return of ? (double)count / (double)of : 0; }

static int by_count(const void *a, const void *b)
{
    const BestCount *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    int seat = strcmp(x->seat, y->seat);
    return seat ? seat : strcmp(x->contract, y->contract);
}

static void print_best_text(const Stats *s)
{
    printf("Best seat and contract (%ld deals: the seat that can bid highest, the contract it plays)\n",
           s->table_lines);
    printf("  %-12s %-24s %8s %7s\n", "seat", "contract", "deals", "share");
    for (int i = 0; i < s->best_count; i++)
        printf("  %-12s %-24s %8ld %6.1f%%\n", s->best[i].seat, s->best[i].contract, s->best[i].count,
               100 * share(s->best[i].count, s->table_lines));
    if (s->nobody)
        printf("  %-12s %-24s %8ld %6.1f%%\n", "nobody", "-", s->nobody, 100 * share(s->nobody, s->table_lines));
}

static void ceiling_label(long bid, char out[24])
{
    if (bid)
        snprintf(out, 24, "%ld", bid);
    else
        snprintf(out, 24, "none");
}

static void print_ceilings_text(const Stats *s)
{
    printf("\nBid ceilings (the highest bid a contract still wins double-dummy; deals)\n");
    printf("  %-6s %9s %11s %11s %11s\n", "bid", "highest", seat_name(0), seat_name(1), seat_name(2));
    for (int i = 0; i < s->ceiling_count; i++) {
        const long *c = s->ceilings[i].count;
        char label[24];
        ceiling_label(s->ceilings[i].bid, label);
        printf("  %-6s %9ld %11ld %11ld %11ld\n", label, c[0], c[1], c[2], c[3]);
    }
}

static void print_rates_text(const Stats *s)
{
    for (int f = 0; f < FEATURE_COUNT; f++) {
        printf("\nDouble-dummy win rate by %s (percent won, hands in brackets)\n  %-22s", feature_title[f],
               "contract");
        for (int v = 0; v <= feature_max[f]; v++)
            printf(" %11d", v);
        printf("\n");
        for (int i = 0; i < s->contract_count; i++) {
            const ContractRates *r = &s->contracts[i];
            if (f == FEATURE_TRUMPS && r->game >= GAME_NULL)
                continue;
            printf("  %-22s", r->label);
            for (int v = 0; v <= feature_max[f]; v++) {
                char cell[24] = "-";
                if (r->hands[f][v])
                    snprintf(cell, sizeof cell, "%3.0f%% (%ld)", 100 * share(r->won[f][v], r->hands[f][v]),
                             r->hands[f][v]);
                printf(" %11s", cell);
            }
            printf("\n");
        }
    }
}

/* Where a CSV field's text comes from: skatdd's own words and numbers, or
 * the lines read (seats and contracts, which a hand-made or edited file may
 * set to anything). */
typedef enum { CSV_OWN, CSV_FROM_LINES } CsvSource;

/* A spreadsheet program opening the CSV runs a field that begins so as a
 * formula (=HYPERLINK(...), +cmd|...): text from the lines is kept text. */
static const char formula_start[] = "=+-@\t\r";

/* A CSV field: quoted when it holds a comma, a quote or a line break, or
 * when text from the lines begins like a formula, which is then written
 * after a single quote ('=x as "'=x"), the mark spreadsheets take for text. */
static void csv_field(const char *text, CsvSource source)
{
    bool formula = source == CSV_FROM_LINES && text[0] && strchr(formula_start, text[0]);
    if (!formula && !strpbrk(text, ",\"\n\r")) {
        fputs(text, stdout);
        return;
    }
    putchar('"');
    if (formula)
        putchar('\'');
    for (const char *p = text; *p; p++) {
        if (*p == '"')
            putchar('"');
        putchar(*p);
    }
    putchar('"');
}

/* One row; source says where row and column come from (the table's name is
 * skatdd's own). */
static void csv_row(const char *table, const char *row, const char *column, CsvSource source, long deals,
                    long count)
{
    csv_field(table, CSV_OWN);
    putchar(',');
    csv_field(row, source);
    putchar(',');
    csv_field(column, source);
    printf(",%ld,%ld,%.6f\n", deals, count, share(count, deals));
}

static void print_csv(const Stats *s)
{
    printf("table,row,column,deals,count,share\n");
    for (int i = 0; i < s->best_count; i++)
        csv_row("best", s->best[i].seat, s->best[i].contract, CSV_FROM_LINES, s->table_lines, s->best[i].count);
    if (s->nobody)
        csv_row("best", "nobody", "-", CSV_OWN, s->table_lines, s->nobody);
    static const char *const ceiling_rows[] = {"highest", "forehand", "middlehand", "rearhand"};
    for (int column = 0; column < 1 + SEAT_COUNT; column++)
        for (int i = 0; i < s->ceiling_count; i++) {
            char label[24];
            ceiling_label(s->ceilings[i].bid, label);
            if (s->ceilings[i].count[column])
                csv_row("bid_ceiling", ceiling_rows[column], label, CSV_OWN, s->table_lines, s->ceilings[i].count[column]);
        }
    for (int f = 0; f < FEATURE_COUNT; f++)
        for (int i = 0; i < s->contract_count; i++)
            for (int v = 0; v < FEATURE_VALUES; v++) {
                const ContractRates *r = &s->contracts[i];
                char value[12]; /* room for any int: gcc cannot see v < FEATURE_VALUES */
                snprintf(value, sizeof value, "%d", v);
                if (r->hands[f][v])
                    csv_row(feature_name[f], r->label, value, CSV_FROM_LINES, r->hands[f][v], r->won[f][v]);
            }
}

static bool plot_ceilings(const Stats *s, const char *path, char *err, size_t n)
{
    PlotBar *bars = malloc(sizeof *bars * (size_t)(s->ceiling_count + 1));
    char (*labels)[24] = malloc(sizeof *labels * (size_t)(s->ceiling_count + 1));
    if (!bars || !labels) {
        free(bars);
        free(labels);
        snprintf(err, n, "out of memory");
        return false;
    }
    int count = 0;
    for (int i = 0; i < s->ceiling_count; i++)
        if (s->ceilings[i].count[CEILING_HIGHEST]) {
            ceiling_label(s->ceilings[i].bid, labels[count]);
            bars[count] = (PlotBar){labels[count], share(s->ceilings[i].count[CEILING_HIGHEST], s->table_lines)};
            count++;
        }
    char title[128];
    snprintf(title, sizeof title, "The deal's highest safe bid, double-dummy (%ld deals)", s->table_lines);
    bool ok = plot_bars(path, title, "share of deals", bars, count, err, n);
    free(bars);
    free(labels);
    return ok;
}

/* The common options stats uses; the others are refused. */
static const unsigned stats_common = COMMON_RULES;

static void free_stats(Stats *s)
{
    free(s->ceilings);
    free(s->rules);
    free(s->ladder);
    free(s);
}

static void print_text(const Stats *s)
{
    printf("%ld lines: %ld of table, %ld of solve, %ld of other jobs (left out)\n\n", s->table_lines + s->solve_lines + s->other_lines,
           s->table_lines, s->solve_lines, s->other_lines);
    if (s->solve_after_play)
        printf("(%ld of solve from a position other than the deal's start: left out of the win rates)\n\n",
               s->solve_after_play);
    if (s->table_lines) {
        print_best_text(s);
        print_ceilings_text(s);
    }
    print_rates_text(s);
}

/* --plot: the status after drawing the chart, worse than the given one if it cannot be drawn. */
static int plot_status(const Stats *s, const char *plot, int status)
{
    char why[256];
    if (!s->table_lines) {
        /* The chart's bars are table lines' ceilings: with none, gnuplot
         * would fail on an empty data file, which is no internal failure. */
        cli_error("skatdd stats: --plot %s: no lines of table, whose bid ceilings it draws", plot);
        return exit_status_worse(status, EXIT_BAD_INPUT);
    }
    if (!plot_ceilings(s, plot, why, sizeof why)) {
        cli_error("skatdd stats: --plot %s: %s", plot, why);
        return EXIT_INTERNAL;
    }
    return status;
}

/* Out of memory while counting: what was printed is short of lines. */
static int memory_status(const Stats *s, int status)
{
    if (s->out_of_memory) {
        cli_error("skatdd stats: out of memory: the bid ceilings are incomplete");
        status = EXIT_INTERNAL;
    }
    if (s->rules_out_of_memory) {
        cli_error("skatdd stats: out of memory loading a rule system: the lines it plays are not counted");
        status = EXIT_INTERNAL;
    }
    return status;
}

int cmd_stats(int argc, char **argv)
{
    CommonOptions o;
    StatsOptions so = {0};
    common_defaults(&o);
    int first = common_parse(argc, argv, &o, stats_help, stats_common, stats_options, stats_option, &so);
    if (first < 0)
        return common_parse_status(first);
    if (first >= argc) {
        cli_error("skatdd stats: no file given (see skatdd stats --help)");
        return EXIT_BAD_INPUT;
    }
    char why[256];
    if (so.plot && !plot_check_path(so.plot, why, sizeof why)) {
        cli_error("skatdd stats: --plot %s: %s", so.plot, why);
        return EXIT_BAD_INPUT;
    }
    Stats *s = calloc(1, sizeof *s);
    if (!s)
        return out_of_memory(NULL);
    s->given = o.given_rules;
    int status = EXIT_OK;
    for (int i = first; i < argc; i++)
        status = exit_status_worse(status, count_file(s, argv[i]));
    qsort(s->best, (size_t)s->best_count, sizeof *s->best, by_count);
    if (so.csv)
        print_csv(s);
    else
        print_text(s);
    if (so.plot)
        status = plot_status(s, so.plot, status);
    status = memory_status(s, status);
    free_stats(s);
    return status;
}
