#include "runner.h"

#include <stdlib.h>

#include "iss.h"

int command_start(int argc, char **argv, CommonOptions *o, const char *help, const ExtraOption *extra,
                  ExtraHandler on_extra, void *ctx, int *status)
{
    common_defaults(o);
    int first = common_parse(argc, argv, o, help, extra, on_extra, ctx);
    *status = first == -2 ? EXIT_OK : EXIT_BAD_INPUT;
    if (first < 0)
        return -1;
    if (first >= argc) {
        fprintf(stderr, "skatdd %s: no file given (see skatdd %s --help)\n", argv[0], argv[0]);
        return -1;
    }
    *status = EXIT_OK;
    return first;
}

/* True with a message when the file holds ISS game records, which only
 * analyze reads: read as YAML, a record would be "not a mapping", which
 * names neither form. */
static bool iss_records(const char *path, DealReader *reader)
{
    size_t size;
    const char *text = deal_reader_text(reader, &size);
    Mark at;
    if (!iss_detect_at(text, size, &at))
        return false;
    fprintf(stderr, "%s:%d:%d: this is an ISS game record; skatdd analyze reads those, this command reads YAML deals\n",
            path, at.line, at.column);
    return true;
}

int for_each_deal(const CommonOptions *o, const char *path, DealHandler handle, void *ctx)
{
    char err[512];
    DealReader *reader = deal_reader_open(path, err, sizeof err);
    if (!reader) {
        fprintf(stderr, "%s\n", err);
        return EXIT_BAD_INPUT;
    }
    int status = iss_records(path, reader) ? EXIT_BAD_INPUT : for_each_deal_of(o, reader, handle, ctx);
    deal_reader_close(reader);
    return status;
}

int for_each_deal_of(const CommonOptions *o, DealReader *reader, DealHandler handle, void *ctx)
{
    char err[512];
    Deal *deal = malloc(sizeof *deal);
    int status = deal && deal_reader_set_rules(reader, o->rules, rules_directory()) ? EXIT_OK : EXIT_INTERNAL;
    int got = 0;
    while (status == EXIT_OK && (got = deal_reader_next(reader, deal, err, sizeof err)) == 1) {
        const RuleSystem *rules = deal_reader_rules(reader, deal, err, sizeof err);
        if (!rules) {
            got = -1;
            break;
        }
        status = handle(ctx, deal, rules);
        fflush(stdout);
    }
    if (status == EXIT_OK && got < 0) {
        fprintf(stderr, "%s\n", err);
        status = EXIT_BAD_INPUT;
    }
    free(deal);
    return status;
}
