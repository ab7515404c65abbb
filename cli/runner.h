/* What every command over deal files does: options and --help, at least one
 * file, every deal of every file with its rule system, errors reported. */
#ifndef SKATDD_RUNNER_H
#define SKATDD_RUNNER_H

#include "common.h"
#include "dealreader.h"
#include "dealrules.h"
#include "iss.h"
#include "rules.h"

/* Parses the options (see common_parse).  Returns the index of the first
 * file; or -1 when the command is over, with its exit status in *status
 * (0 after --help, 2 after a bad option or no file, 1 when memory ran out
 * reading --rules). */
int command_start(int argc, char **argv, CommonOptions *o, const char *help, unsigned common,
                  const ExtraOption *extra, ExtraHandler on_extra, void *ctx, int *status);

/* Handles one deal read from a file, with its rule system; returns an exit
 * status (EXIT_OK to go on). */
typedef int (*DealHandler)(void *ctx, const Deal *deal, const RuleSystem *rules);

/* Hands every deal of the YAML file at path, with the rule system it is
 * played under (--rules, else the deal's rules:, else isko), to handle, until
 * a status other than EXIT_OK; a file or deal that cannot be read is
 * reported on stderr (EXIT_BAD_INPUT). */
int for_each_deal(const CommonOptions *o, const char *path, DealHandler handle, void *ctx);
/* The same for a reader already open (it stays open). */
int for_each_deal_of(const CommonOptions *o, DealReader *reader, DealHandler handle, void *ctx);

/* A deal with the ISS record it was read from (how the game ended, the
 * server's result), or NULL for a YAML document. */
typedef int (*RecordHandler)(void *ctx, const Deal *deal, const IssGame *iss, const RuleSystem *rules);
/* for_each_deal, the record given to the handler too. */
int for_each_record(const CommonOptions *o, const char *path, RecordHandler handle, void *ctx);

/* The rule system an ISS record's game is played under: the given one
 * (--rules), else isko (a record names none).  NULL when it does not load,
 * with "FILE:LINE:COL: rule system: why" in err at the record's start, and
 * rules->out_of_memory set when memory ran out: it would fail alike for
 * every record of the file, which ends there, after one line. */
const RuleSystem *iss_game_rules(DealRules *rules, const IssGame *game, char *err, size_t n);

#endif
