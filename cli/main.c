/* skatdd: double-dummy solver and hand evaluator for Skat. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "common.h"
#include "output.h"
#include "skatdd.h" /* SKATDD_VERSION: the program and its library are one release */

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Command;

static const Command commands[] = {
    {"solve", cmd_solve, "solve deals and positions double-dummy (all cards known)"},
    {"score", cmd_score, "score finished games under a rule system (game value, overbid, tournament)"},
    {"table", cmd_table, "every contract for every seat: double-dummy values and safe bid ceilings"},
    {"evaluate", cmd_evaluate, "evaluate one hand: every skat, sampled layouts, win chances, safe bids"},
    {"rules", cmd_rules, "list the rule systems, or describe one"},
    {"analyze", cmd_analyze, "review games played out: every card's double-dummy cost, the decisive mistakes"},
    {"problems", cmd_problems, "solve Skat problems and check their stated answers"},
    {"batch", cmd_batch, "run solve, table, evaluate or analyze over many deals: JSON Lines, resumable, MPI"},
    {"stats", cmd_stats, "tables from a batch file: best contracts, bid ceilings, win rates by hand"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: skatdd COMMAND [OPTIONS] FILE...\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nskatdd COMMAND --help describes a command's options.\n"
                 "  --help     this help\n  --version  the version\n"
                 "Exit status: 0 done, 1 internal failure, 2 bad input.\n");
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_BAD_INPUT;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("skatdd %s\n", SKATDD_VERSION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    cli_error("skatdd: unknown command '%s' (see skatdd --help)", argv[1]);
    return EXIT_BAD_INPUT;
}

int main(int argc, char **argv)
{
    output_begin();
    return output_end(run(argc, argv));
}
