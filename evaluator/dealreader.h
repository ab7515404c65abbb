/* Deals and positions read from YAML files (libyaml), fully validated.
 *
 * One deal per YAML document.  Every error names the file, line and column of
 * the offending node: "FILE:LINE:COL: message". */
#ifndef SKATDD_DEALREADER_H
#define SKATDD_DEALREADER_H

#include <stdbool.h>
#include <stddef.h>

#include "deal.h"
#include "rules.h"

typedef struct DealReader DealReader;

/* Opens a file of YAML documents ("-": standard input) and reads it whole,
 * once (a pipe cannot be read again).  NULL with a message in err on failure,
 * and errno ENOMEM when it was the memory's (exit status 1, not 2). */
DealReader *deal_reader_open(const char *path, char *err, size_t err_size);
/* The same over text in memory (size bytes, copied); name stands for the
 * file in messages. */
DealReader *deal_reader_open_text(const char *name, const char *text, size_t size, char *err, size_t err_size);
/* The file's text as read (size bytes, '\0' after them): what a command
 * that also reads other formats looks at.  Valid until the reader is closed. */
const char *deal_reader_text(const DealReader *reader, size_t *size);
/* Reads the next document into deal.  Returns 1 for a deal, 0 at the end of
 * the file, -1 on an error (message "FILE:LINE:COL: ..." in err). */
int deal_reader_next(DealReader *reader, Deal *deal, char *err, size_t err_size);
/* Whether the error deal_reader_next or deal_reader_rules reported last was
 * memory running out (its rule system's included), not the file's fault:
 * a failure of the system (exit status 1), not bad input (2). */
bool deal_reader_out_of_memory(const DealReader *reader);
void deal_reader_close(DealReader *reader);
/* From now on contracts are read in the words of a rule system (forms such as
 * "spades solo" included): given (--rules, loaded once for the run; it must
 * outlive the reader) if not NULL, else the document's rules:, else isko,
 * looked up in rules_dir (NULL: the built-in rule systems).  False when out
 * of memory. */
bool deal_reader_set_rules(DealReader *reader, const RuleSystem *given, const char *rules_dir);
/* The rule system of the deal just read (the given one, else the one its
 * rules: names), loaded once for all the deals that share it.  Needs
 * deal_reader_set_rules first.  NULL with rules_load's message in err. */
const RuleSystem *deal_reader_rules(DealReader *reader, const Deal *deal, char *err, size_t err_size);

#endif
