/* What every command shares: options, exit statuses, card formatting and
 * JSON helpers. */
#ifndef SKATDD_COMMON_H
#define SKATDD_COMMON_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cards.h"
#include "notation.h"
#include "play.h"
#include "rules.h"

enum { EXIT_OK = 0, EXIT_INTERNAL = 1, EXIT_BAD_INPUT = 2 };
/* A message on stderr, printf-style, as one line shown clean (text_shown_clean:
 * each control character, line feed and tab included, becomes '?'): messages
 * quote what the user gave (an option's value, a path, a line of a file),
 * and an escape sequence or a line feed in it would reach the terminal or
 * make up lines of its own. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The status of two parts of a run together: a failure of the system
 * (EXIT_INTERNAL) over bad input, bad input over success. */
int exit_status_worse(int a, int b);
/* "PATH: out of memory" (or "skatdd: out of memory" without a path) on
 * stderr, whatever else is quiet; returns EXIT_INTERNAL. */
int out_of_memory(const char *path);
/* The status of a file that could not be read: EXIT_INTERNAL when memory ran
 * out while reading it (the system's failure, not the file's), else
 * EXIT_BAD_INPUT. */
int read_failure_status(bool memory_ran_out);
enum { FORMAT_TEXT, FORMAT_JSON };

typedef struct {
    int format;
    bool format_given; /* --format named on the command line */
    int threads;      /* 0: all cores */
    bool threads_given; /* --threads named on the command line */
    int tt_mb;        /* transposition tables, megabytes over all threads */
    const char *rules;        /* --rules as given: its name in messages and in batch's fingerprint */
    const RuleSystem *given_rules; /* --rules, read once when the option is (a pipe, --rules <(...), can be
                                      read only once), for every deal of the run; NULL without --rules */
    bool quiet;
    bool symbols;     /* suit symbols in text output */
    int min_cost;     /* analyze: inaccuracies below this many card points are not shown */
    int iss_play;     /* ISS records: the cards of their play kept (0: the deal from its start; -1: the
                         game as played, an early end with its settled points and tricks) */
    bool after_given; /* solve --after N: a YAML deal's play: is cut to its first N cards too */
    bool reader_quiet; /* batch under MPI: the files' errors are said by one rank, not by every one */
} CommonOptions;

void common_defaults(CommonOptions *o);

/* A card with its suit symbol ("\u2663J"); out needs at least 6 bytes. */
const char *card_symbol_name(int card, char out[6]);

/* A card or a set of cards for text output, in the order of the game
 * (trumps first, high to low); symbols when o->symbols. */
const char *text_card(const CommonOptions *o, int card, char out[8]);
const char *text_cards(const CommonOptions *o, GameType game, CardSet cards, char *out, size_t size);
/* A row of a deal in text, one line: the label ("forehand", "skat") in a
 * column of its own, the cards as text_cards gives them, then suffix ("" for
 * none), so that every command lists a deal alike. */
void print_cards_row(const CommonOptions *o, const char *label, GameType game, CardSet cards, const char *suffix);
/* The three hands as such rows, the declarer's seat labelled "forehand
 * (declarer)" (declarer -1: none, a Ramsch). */
void print_hand_rows(const CommonOptions *o, GameType game, const CardSet hands[SEAT_COUNT], int declarer);

/* Sorts cards for display: trumps first, then clubs, spades, hearts,
 * diamonds, each high to low (smaller key first). */
int game_order_key(GameType game, int card);
/* The cards of a set in that order; returns how many. */
int sorted_cards(GameType game, CardSet cards, int out[32]);

/* A row of the contract table and of the evaluation, as listed by
 * table_contracts, in the rule system's words without the announcements
 * play may add: "clubs hand", "clubs ouvert", "solo grand", "null hand" (the
 * name `skatdd rules` lists and every command reads). */
const char *contract_row_label(const RuleSystem *rules, const Contract *row, char *out, size_t n);

json_t *json_card(int card);
json_t *json_cards(GameType game, CardSet cards);
json_t *json_card_list(const int *cards, int count);
/* Prints one JSON object on one line and frees it. */
void json_print_line(json_t *object);

double wall_ms(void);

/* Where rule systems named on the command line or in a deal are looked up:
 * $SKATDD_RULES_DIR when set and not empty, else NULL, the built-in ones. */
const char *rules_directory(void);



/* Numbers on the command line, read one way by every command, so that a
 * mistyped value is refused rather than taken as another number: a whole
 * number is decimal digits alone ("5", "05"), a fraction decimal digits with
 * at most one '.' ("0.9", ".9").  No sign, space, exponent ("1e1"),
 * hexadecimal ("0x10") or word ("inf"): strtol and strtod read all of them,
 * and skip a space before a minus that a look at the first character misses
 * (--seed ' -5' was the seed 2^64 - 5).  No option takes a negative number. */
/* A whole number from low to high (at most 2^64 - 1). */
bool parse_whole(const char *text, uint64_t low, uint64_t high, uint64_t *out);
/* The same for an int, low at least 0. */
bool parse_whole_int(const char *text, int low, int high, int *out);
/* A fraction, of any size a double holds; the caller checks its range. */
bool parse_fraction(const char *text, double *out);

/* A chance as the bid advice shows it: two decimals, more where two would
 * round a chance below confidence up to it (0.896 would read 0.90 beside
 * "No bid is safe at probability 0.90").  out: 32 bytes. */
const char *text_chance(double p, double confidence, char *out, size_t size);
/* A fraction (the confidence) with the fewest decimals, at least two, that
 * show it exactly (0.875, not 0.88; 0.9999999, not 1.00). out: 32 bytes. */
const char *text_fraction(double x, char *out, size_t size);

/* What an option's value is: text, or a number read as above.  skatdd
 * batch's run fingerprint takes a number by its value, so that "05" and "5"
 * (or "0.5" and ".5") are the same setting, and text as given. */
typedef enum { VALUE_TEXT, VALUE_WHOLE, VALUE_FRACTION } OptionValue;

/* Options a single command adds to the common ones. */
typedef struct {
    const char *name;
    bool has_value;
    OptionValue value;
} ExtraOption;
/* command: the command the user typed ("evaluate", or "batch" running the
 * evaluate job), which an error message names. */
typedef bool (*ExtraHandler)(void *ctx, const char *command, const char *name, const char *value);

/* The common options a command takes: one it would ignore is refused as
 * unknown, so that nobody believes it changed something. */
enum {
    COMMON_FORMAT = 1 << 0,  /* --format */
    COMMON_THREADS = 1 << 1, /* --threads */
    COMMON_TT_MB = 1 << 2,   /* --tt-mb */
    COMMON_RULES = 1 << 3,   /* --rules */
    COMMON_SYMBOLS = 1 << 4, /* --ascii, --symbols */
    COMMON_QUIET = 1 << 5,   /* --quiet */
};

/* What common_parse returns when the command is over before its files. */
enum {
    PARSE_BAD = -1,       /* a bad option, said (exit 2) */
    PARSE_HELP = -2,      /* --help printed (exit 0) */
    PARSE_NO_MEMORY = -3, /* memory ran out reading --rules, said (exit 1) */
};

/* Parses argv (argv[0] is the command name): the common options of the set
 * common (COMMON_... bits), the extra ones, and --help, which prints help.
 * --rules is read here, once for the run (o->given_rules; a rule system that
 * does not load is a bad option).  Returns the index of the first file
 * argument, or one of PARSE_... after which the command ends with
 * common_parse_status's exit status. */
int common_parse(int argc, char **argv, CommonOptions *o, const char *help, unsigned common,
                 const ExtraOption *extra, ExtraHandler on_extra, void *ctx);
/* The exit status of a command that common_parse ended (first < 0). */
int common_parse_status(int first);

#endif
