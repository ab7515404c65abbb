#include "runner.h"

#include <errno.h>
#include <stdlib.h>

#include "dealrules.h"
#include "iss.h"
#include "text.h"

int command_start(int argc, char **argv, CommonOptions *o, const char *help, unsigned common,
                  const ExtraOption *extra, ExtraHandler on_extra, void *ctx, int *status)
{
    common_defaults(o);
    int first = common_parse(argc, argv, o, help, common, extra, on_extra, ctx);
    *status = common_parse_status(first);
    if (first < 0)
        return -1;
    if (first >= argc) {
        cli_error("skatdd %s: no file given (see skatdd %s --help)", argv[0], argv[0]);
        return -1;
    }
    *status = EXIT_OK;
    return first;
}

/* What is wrong with a file or a record, unless another process says it. */
static void report(const CommonOptions *o, const char *err)
{
    if (!o->reader_quiet)
        cli_error("%s", err);
}

/* A record's play cut to its first o->iss_play cards; one that stops
 * before gives its last position, and says so (where: the record's name, or
 * a YAML deal's FILE:LINE:COL). */
static void cut_play(const CommonOptions *o, Deal *d, const char *where)
{
    if (d->play_count > o->iss_play)
        d->play_count = o->iss_play;
    else if (d->play_count < o->iss_play && o->iss_play < DEAL_MAX_PLAY && !o->reader_quiet)
        cli_error("%s: note: the record stops after %d card%s, before --after %d: its last position", where,
                  d->play_count, d->play_count == 1 ? "" : "s", o->iss_play);
}

/* The part of an ISS game's play a command sees (o->iss_play). */
static void keep_play(const CommonOptions *o, IssGame *game)
{
    Deal *d = &game->deal;
    if (o->iss_play >= 0) {
        cut_play(o, d, d->name);
        return;
    }
    if (game->complete)
        return;
    IssSettlement settled;
    iss_settle(game, &settled);
    d->play_count = 0;
    d->has_declarer_points = d->has_declarer_tricks = true;
    d->declarer_points = settled.declarer_points;
    d->declarer_tricks = settled.declarer_tricks;
    d->conceded = settled.conceded;
}

/* Every declared game of a file of ISS records, from its start (or after
 * o->iss_play cards of its play), as a deal.  A record refused is reported and
 * skipped; the status says so at the end.  Games everybody passed have no
 * deal. */
static int for_each_iss_game(const CommonOptions *o, const char *path, const char *text, size_t size,
                             RecordHandler handle, void *ctx)
{
    char err[512];
    IssReader *reader = iss_reader_new(path, text, size);
    IssGame *game = malloc(sizeof *game);
    DealRules rules = {0};
    int status = reader && game && deal_rules_set(&rules, o->given_rules, rules_directory()) ? EXIT_OK : out_of_memory(path);
    bool refused = false;
    int got;
    while (status == EXIT_OK && (got = iss_reader_next(reader, game, err, sizeof err)) != 0) {
        if (got < 0) { /* one bad record of many: said, then the next */
            report(o, err);
            refused = true;
            continue;
        }
        if (game->passed)
            continue;
        const RuleSystem *system = iss_game_rules(&rules, game, err, sizeof err);
        if (!system) {
            report(o, err);
            status = read_failure_status(rules.out_of_memory);
            break;
        }
        keep_play(o, game);
        status = handle(ctx, &game->deal, game, system);
        if (status == EXIT_BAD_INPUT) {
            refused = true;
            status = EXIT_OK;
        }
        fflush(stdout);
    }
    free(game);
    deal_rules_free(&rules);
    iss_reader_free(reader);
    return status == EXIT_OK && refused ? EXIT_BAD_INPUT : status;
}

const RuleSystem *iss_game_rules(DealRules *rules, const IssGame *game, char *err, size_t n)
{
    char why[512];
    const RuleSystem *system = deal_rules_get(rules, game->deal.rules, why, sizeof why);
    if (!system && n > 0) {
        err[0] = '\0'; /* the record's place, then why (cut short at n bytes) */
        text_append(err, n, "%s:%d:%d: rule system: %s", game->deal.file, game->deal.mark.line,
                    game->deal.mark.column, why);
    }
    return system;
}

static int records_of(const CommonOptions *o, DealReader *reader, RecordHandler handle, void *ctx);

int for_each_record(const CommonOptions *o, const char *path, RecordHandler handle, void *ctx)
{
    char err[512];
    DealReader *reader = deal_reader_open(path, err, sizeof err);
    if (!reader) {
        int status = read_failure_status(errno == ENOMEM);
        report(o, err);
        return status;
    }
    size_t size;
    const char *text = deal_reader_text(reader, &size);
    int status = iss_detect(text, size) ? for_each_iss_game(o, path, text, size, handle, ctx)
                                        : records_of(o, reader, handle, ctx);
    deal_reader_close(reader);
    return status;
}

/* A DealHandler as a RecordHandler: the record left out. */
typedef struct {
    DealHandler handle;
    void *ctx;
} DealOnly;

static int deal_only(void *ctx, const Deal *deal, const IssGame *iss, const RuleSystem *rules)
{
    (void)iss;
    const DealOnly *d = ctx;
    return d->handle(d->ctx, deal, rules);
}

int for_each_deal(const CommonOptions *o, const char *path, DealHandler handle, void *ctx)
{
    return for_each_record(o, path, deal_only, &(DealOnly){handle, ctx});
}

int for_each_deal_of(const CommonOptions *o, DealReader *reader, DealHandler handle, void *ctx)
{
    return records_of(o, reader, deal_only, &(DealOnly){handle, ctx});
}

static int records_of(const CommonOptions *o, DealReader *reader, RecordHandler handle, void *ctx)
{
    char err[512];
    Deal *deal = malloc(sizeof *deal);
    int status = deal && deal_reader_set_rules(reader, o->given_rules, rules_directory()) ? EXIT_OK : out_of_memory(NULL);
    int got = 0;
    while (status == EXIT_OK && (got = deal_reader_next(reader, deal, err, sizeof err)) == 1) {
        const RuleSystem *rules = deal_reader_rules(reader, deal, err, sizeof err);
        if (!rules) {
            got = -1;
            break;
        }
        if (o->after_given) {
            char where[DEAL_TEXT + 32];
            snprintf(where, sizeof where, "%s:%d:%d", deal->file, deal->mark.line, deal->mark.column);
            cut_play(o, deal, where);
        }
        status = handle(ctx, deal, NULL, rules);
        fflush(stdout);
    }
    if (status == EXIT_OK && got < 0) {
        report(o, err);
        status = read_failure_status(deal_reader_out_of_memory(reader));
    }
    free(deal);
    return status;
}
