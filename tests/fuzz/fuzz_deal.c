/* libFuzzer target: the YAML deal reader (evaluator/deal.h), as every command that
 * reads deals uses it: each document read, then, for a playable deal, the
 * position built from it.
 *
 * deal_reader_open reads a path, so the input goes through a temporary file
 * (one per process, rewritten for each input): the reader is tested exactly
 * as the commands call it, with no entry point kept only for the fuzzer. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "dealreader.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file_write(data, size, ".yaml");
    char err[512];
    DealReader *reader = deal_reader_open(path, err, sizeof err);
    if (!reader)
        return 0;
    /* Contracts in the words of a rule system, as the commands read them.  A
     * given system, as --rules gives it (not the document's rules:), keeps
     * the fuzzer from naming files of its own choosing (/dev/zero,
     * /dev/stdin); loaded once, as --rules is once per run. */
    static RuleSystem isko;
    static bool isko_loaded;
    if (!isko_loaded && !(isko_loaded = rules_load("isko", NULL, &isko, err, sizeof err)))
        abort();
    if (!deal_reader_set_rules(reader, &isko, NULL))
        abort();
    Deal *deal = malloc(sizeof *deal); /* large: not on the stack */
    if (!deal)
        abort();
    while (deal_reader_next(reader, deal, err, sizeof err) == 1) {
        if (deal_require_game(deal, err, sizeof err)) {
            Position pos;
            deal_position(deal, &pos);
        }
    }
    free(deal);
    deal_reader_close(reader);
    return 0;
}
