#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "common.h"
#include "deal.h"
#include "runner.h"
#include "table.h"
#include "rulecontract.h"
#include "jobs.h"

static const char table_help[] =
    "usage: skatdd table [OPTIONS] FILE...\n"
    "\n"
    "The double-dummy contract table of each full deal (hands and skat): for each\n"
    "seat as declarer and every contract of the rule system, as a hand game and as\n"
    "a skat game (with the best of the 66 discards): the declarer's card points with\n"
    "best play (null: won or lost), the game value with the announcements double-\n"
    "dummy play guarantees, and the safe bid ceiling, the highest bid the contract\n"
    "still wins.  Then each seat's best contract and who could have bid highest.\n"
    "\n"
    "options:\n"
    "  --declarer SEAT     one seat only (forehand, middlehand, rearhand)\n"
    "  --rules NAME|FILE   rule system (default: the deal's rules:, else isko)\n"
    "  --threads N         threads (default 0: all cores); results do not depend on it\n"
    "  --tt-mb N           transposition tables in megabytes, the total over all\n"
    "                      threads (default 16; each thread at least 1)\n"
    "  --format text|json  text (default) or one JSON object per deal and line\n"
    "  --ascii, --symbols  suit letters or suit symbols in text\n"
    "  --help              this help\n";

typedef struct {
    unsigned seat_mask;
} TableOptions;

static bool table_option(void *ctx, const char *command, const char *name, const char *value)
{
    TableOptions *t = ctx;
    if (strcmp(name, "declarer") == 0) {
        int seat = seat_parse(value);
        if (seat < SEAT_COUNT) {
            t->seat_mask = 1u << seat;
            return true;
        }
        cli_error("skatdd %s: --declarer must be forehand, middlehand or rearhand, not '%s'", command,
                  value);
        return false;
    }
    return true;
}

static const ExtraOption table_options[] = {{"declarer", true, VALUE_TEXT}, {NULL, false, VALUE_TEXT}};

static char announce_mark(const TableEntry *e)
{
    if (e->announce_count == 0)
        return ' ';
    return e->announce_count == 2 ? 'Z' : 'S';
}

/* A seat's column: " %4s %5d%c %4s " and a discard of two cards (5
 * characters wide, with suit symbols too) padded to 6. */
enum { CELL_WIDTH = 24, DISCARD_WIDTH = 6 };

/* Prints text padded to width characters on the screen: a suit symbol is
 * three bytes of UTF-8 and one character, so printf's byte count would
 * shift the columns after it. */
static void print_padded(const char *text, int width)
{
    int shown = 0;
    for (const char *p = text; *p; p++)
        shown += ((unsigned char)*p & 0xC0) != 0x80;
    printf("%s%*s", text, shown < width ? width - shown : 0, "");
}

static void print_cell(const CommonOptions *o, const TableEntry *e)
{
    char points[8], ceiling[8], discard[40];
    if (e->contract.game == GAME_NULL)
        snprintf(points, sizeof points, "%s", e->declarer_wins_null ? "won" : "lost");
    else
        snprintf(points, sizeof points, "%d", e->declarer_points);
    if (e->bid_ceiling)
        snprintf(ceiling, sizeof ceiling, "%d", e->bid_ceiling);
    else
        snprintf(ceiling, sizeof ceiling, "-");
    if (e->discard)
        text_cards(o, e->contract.game, e->discard, discard, sizeof discard);
    else
        discard[0] = '\0';
    printf(" %4s %5d%c %4s ", points, e->won ? e->game_value : -e->game_value, announce_mark(e), ceiling);
    print_padded(discard, DISCARD_WIDTH);
}

static void print_deal(const CommonOptions *o, const Deal *d)
{
    char buf[128];
    if (d->name[0])
        printf("%s\n", d->name);
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        printf("  %-11s %s\n", seat_name(seat), text_cards(o, GAME_GRAND, d->hands[seat], buf, sizeof buf));
    printf("  %-11s %s\n", "skat", text_cards(o, GAME_GRAND, d->skat, buf, sizeof buf));
}

/* The contracts' rows, one column per seat evaluated (each seat has the same rows). */
static void print_contract_rows(const CommonOptions *o, const RuleSystem *rules, const DealTable *t)
{
    int rows = 0;
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        if (t->seat[seat].evaluated)
            rows = t->seat[seat].count;
    const TableEntry *first = NULL;
    for (int seat = 0; seat < SEAT_COUNT && !first; seat++)
        if (t->seat[seat].evaluated)
            first = t->seat[seat].entry;
    int width = 19;
    for (int i = 0; i < rows; i++) {
        char name[64];
        int len = (int)strlen(contract_row_label(rules, &first[i].row, name, sizeof name));
        width = len > width ? len : width;
    }
    printf("%-*s", width, "contract");
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        if (t->seat[seat].evaluated)
            printf(" %-*s", CELL_WIDTH - 1, seat_name(seat));
    printf("\n");
    for (int i = 0; i < rows; i++) {
        char name[64];
        printf("%-*s", width, contract_row_label(rules, &first[i].row, name, sizeof name));
        for (int seat = 0; seat < SEAT_COUNT; seat++)
            if (t->seat[seat].evaluated)
                print_cell(o, &t->seat[seat].entry[i]);
        printf("\n");
    }
}

/* A seat's safe bid ceiling and the contract it plays, or why it has none. */
static void print_seat_bid(const RuleSystem *rules, int seat, const SeatTable *s)
{
    if (s->best < 0) {
        printf("%s: no contract wins; no safe bid\n", seat_name(seat));
        return;
    }
    const TableEntry *e = &s->entry[s->best];
    char name[64];
    rules_contract_name(rules, &e->contract, name, sizeof name);
    if (s->bid_ceiling)
        printf("%s: bid up to %d, play %s (game value %d)\n", seat_name(seat), s->bid_ceiling, name, e->game_value);
    else
        printf("%s: no safe bid: %s wins, but its game value %d lies below the lowest bid\n", seat_name(seat), name,
               e->game_value);
}

static void print_highest_bid(const DealTable *t)
{
    if (t->best_seat >= 0 && t->seat[t->best_seat].bid_ceiling)
        printf("Highest bid: %s, %d.\n", seat_name(t->best_seat), t->seat[t->best_seat].bid_ceiling);
    else if (t->best_seat >= 0)
        printf("Highest bid: none; contracts win, but below the lowest bid.\n");
    else
        printf("Highest bid: nobody wins any contract.\n");
}

static void print_text(const CommonOptions *o, const RuleSystem *rules, const Deal *d, const DealTable *t,
                       double ms)
{
    print_deal(o, d);
    printf("Rules: %s.  Per seat: declarer's points (null: won/lost), game value (negative:\n"
           "lost; S/Z: schneider, schwarz announced), safe bid ceiling, discard.\n",
           rules->name);
    print_contract_rows(o, rules, t);
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        if (t->seat[seat].evaluated)
            print_seat_bid(rules, seat, &t->seat[seat]);
    print_highest_bid(t);
    printf("Nodes: %llu, time: %.0f ms\n\n", (unsigned long long)t->nodes, ms);
}

static json_t *entry_json(const RuleSystem *rules, const TableEntry *e)
{
    char name[64];
    json_t *j = json_object();
    json_object_set_new(j, "contract", json_string(contract_row_label(rules, &e->row, name, sizeof name)));
    json_object_set_new(j, "hand", json_boolean(e->row.hand));
    json_object_set_new(j, "ouvert", json_boolean(e->row.ouvert));
    bool null_game = e->contract.game == GAME_NULL;
    json_object_set_new(j, "declarer_points", null_game ? json_null() : json_integer(e->declarer_points));
    json_object_set_new(j, "declarer_wins_null", null_game ? json_boolean(e->declarer_wins_null) : json_null());
    json_object_set_new(j, "won", json_boolean(e->won));
    json_object_set_new(j, "game_value", json_integer(e->game_value));
    json_object_set_new(j, "bid_ceiling", e->bid_ceiling ? json_integer(e->bid_ceiling) : json_null());
    json_object_set_new(j, "discard", e->discard ? json_cards(e->contract.game, e->discard) : json_null());
    json_t *announce = json_array();
    static const char *const announce_names[] = {"schneider", "schwarz"};
    for (int k = 0; k < e->announce_count; k++)
        json_array_append_new(announce, json_string(announce_names[k]));
    json_object_set_new(j, "announce", announce);
    return j;
}

static json_t *table_json(const RuleSystem *rules, const Deal *d, const DealTable *t, double ms)
{
    json_t *o = json_object();
    json_object_set_new(o, "name", d->name[0] ? json_string(d->name) : json_null());
    json_object_set_new(o, "rules", json_string(rules->name));
    json_t *seats = json_object();
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        const SeatTable *s = &t->seat[seat];
        if (!s->evaluated)
            continue;
        json_t *js = json_object();
        json_t *list = json_array();
        for (int i = 0; i < s->count; i++)
            json_array_append_new(list, entry_json(rules, &s->entry[i]));
        json_object_set_new(js, "contracts", list);
        json_object_set_new(js, "best", s->best >= 0 ? entry_json(rules, &s->entry[s->best]) : json_null());
        json_object_set_new(js, "bid_ceiling", s->bid_ceiling ? json_integer(s->bid_ceiling) : json_null());
        json_object_set_new(seats, seat_name(seat), js);
    }
    json_object_set_new(o, "seats", seats);
    json_object_set_new(o, "best_seat", t->best_seat >= 0 ? json_string(seat_name(t->best_seat)) : json_null());
    json_object_set_new(o, "nodes", json_integer((json_int_t)t->nodes));
    json_object_set_new(o, "ms", json_real(ms));
    return o;
}

typedef struct {
    const CommonOptions *common;
    TableOptions options;
    TableWorkers *workers;
    DealTable *table;
} TableRun;

/* The table of one deal: its JSON object in *json when json is not NULL
 * (skatdd batch), else printed in the format chosen.  EXIT_BAD_INPUT with the
 * reason in err for a deal the table cannot take. */
static int table_one(TableRun *run, const Deal *deal, const RuleSystem *rules, json_t **json, char *err, size_t n)
{
    if (!deal->full_deal) {
        snprintf(err, n, "%s:%d:%d: table needs a full deal: three hands of 10 cards and the skat", deal->file,
                 deal->mark.line, deal->mark.column);
        return EXIT_BAD_INPUT;
    }
    double start = wall_ms();
    table_compute(run->workers, rules, deal->hands, deal->skat, run->options.seat_mask, run->table);
    double ms = wall_ms() - start;
    if (json)
        *json = table_json(rules, deal, run->table, ms);
    else if (run->common->format == FORMAT_JSON)
        json_print_line(table_json(rules, deal, run->table, ms));
    else
        print_text(run->common, rules, deal, run->table, ms);
    return EXIT_OK;
}

static int table_deal(void *ctx, const Deal *deal, const RuleSystem *rules)
{
    char err[512];
    int status = table_one(ctx, deal, rules, NULL, err, sizeof err);
    if (status != EXIT_OK)
        cli_error("%s", err);
    return status;
}

/* The common options table uses; the others are refused. */
static const unsigned table_common = COMMON_FORMAT | COMMON_THREADS | COMMON_TT_MB | COMMON_RULES | COMMON_SYMBOLS;

int cmd_table(int argc, char **argv)
{
    CommonOptions o;
    TableRun run = {.common = &o, .options = {.seat_mask = 7}};
    int status;
    int first =
        command_start(argc, argv, &o, table_help, table_common, table_options, table_option, &run.options, &status);
    if (first < 0)
        return status;
    run.workers = table_workers_new(o.threads, (size_t)o.tt_mb << 20);
    run.table = malloc(sizeof *run.table);
    if (!run.workers || !run.table) {
        cli_error("skatdd table: out of memory for the transposition tables");
        status = EXIT_INTERNAL;
    }
    for (int i = first; i < argc && status != EXIT_INTERNAL; i++) /* a bad file does not stop the others */
        status = exit_status_worse(status, for_each_deal(&o, argv[i], table_deal, &run));
    table_workers_free(run.workers);
    free(run.table);
    return status;
}

/* ----- skatdd batch: one thread per deal ------------------------------------ */

typedef struct {
    CommonOptions *common;
    TableOptions options;
} TableSettings;

static void *table_settings_new(CommonOptions *common)
{
    TableSettings *s = malloc(sizeof *s);
    if (s)
        *s = (TableSettings){.common = common, .options = {.seat_mask = 7}};
    return s;
}

static bool table_settings_option(void *ctx, const char *command, const char *name, const char *value)
{
    TableSettings *s = ctx;
    return table_option(&s->options, command, name, value);
}

static void *table_worker_new(void *settings)
{
    TableSettings *s = settings;
    TableRun *run = calloc(1, sizeof *run);
    if (!run)
        return NULL;
    *run = (TableRun){.common = s->common, .options = s->options,
                      .workers = table_workers_new(1, (size_t)s->common->tt_mb << 20),
                      .table = malloc(sizeof *run->table)};
    if (!run->workers || !run->table) {
        table_workers_free(run->workers);
        free(run->table);
        free(run);
        return NULL;
    }
    return run;
}

static void table_worker_free(void *worker)
{
    TableRun *run = worker;
    if (!run)
        return;
    table_workers_free(run->workers);
    free(run->table);
    free(run);
}

static json_t *table_job_run(void *worker, const Deal *deal, const IssGame *iss, const RuleSystem *rules, char *err,
                             size_t n, int *status)
{
    (void)iss; /* the deal as read: a record's early end matters to analyze only */
    json_t *json = NULL;
    *status = table_one(worker, deal, rules, &json, err, n);
    return json;
}

const Job job_table = {"table",          table_options,     table_settings_new, table_settings_option,
                       table_worker_new, table_worker_free, table_job_run,      free,
                       NULL};
