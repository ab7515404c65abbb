#include "common.h"
#include "rulecontract.h"
#include "text.h"

#include <langinfo.h>
#include <locale.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void common_defaults(CommonOptions *o)
{
    *o = (CommonOptions){.format = FORMAT_TEXT, .threads = 0, .tt_mb = 16, .rules = NULL};
    setlocale(LC_CTYPE, "");
    const char *codeset = nl_langinfo(CODESET);
    o->symbols = isatty(STDOUT_FILENO) && codeset && strcmp(codeset, "UTF-8") == 0;
}

bool parse_whole(const char *text, uint64_t low, uint64_t high, uint64_t *out)
{
    if (!*text)
        return false;
    uint64_t v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned digit = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - digit) / 10) /* beyond 2^64 - 1, so beyond every range: not wrapped round */
            return false;
        v = v * 10 + digit;
    }
    if (v < low || v > high)
        return false;
    *out = v;
    return true;
}

bool parse_whole_int(const char *text, int low, int high, int *out)
{
    uint64_t v;
    if (!parse_whole(text, (uint64_t)low, (uint64_t)high, &v))
        return false;
    *out = (int)v;
    return true;
}

const char *text_chance(double p, double confidence, char *out, size_t size)
{
    /* A chance is a share of at most 231 x 64 worlds, so one below a
     * confidence given to twelve decimals or fewer lies 1/(14,784 x 10^12)
     * or more below it, which seventeen decimals show. */
    for (int decimals = 2; decimals <= 17; decimals++) {
        snprintf(out, size, "%.*f", decimals, p);
        if (p >= confidence || strtod(out, NULL) < confidence)
            break;
    }
    return out;
}

const char *text_fraction(double x, char *out, size_t size)
{
    for (int decimals = 2; decimals <= 17; decimals++) {
        snprintf(out, size, "%.*f", decimals, x);
        if (strtod(out, NULL) == x)
            return out;
    }
    snprintf(out, size, "%.17g", x);
    return out;
}

bool parse_fraction(const char *text, double *out)
{
    static const char digits[] = "0123456789";
    size_t count = strspn(text, digits);
    const char *rest = text + count;
    if (*rest == '.') {
        size_t after = strspn(rest + 1, digits);
        count += after;
        rest += 1 + after;
    }
    if (count == 0 || *rest)
        return false;
    /* Digits and a '.' are all strtod sees now; LC_NUMERIC stays "C"
     * (common_defaults sets LC_CTYPE alone), so '.' is the decimal point. */
    double v = strtod(text, NULL);
    if (!isfinite(v)) /* more than 308 digits before the '.' */
        return false;
    *out = v;
    return true;
}

/* The rule system of --rules, read when the option is, once for the whole
 * run: a pipe (--rules <(...)) can be read only once, and read again with
 * each file's deals the second file found it empty; a rule system that does
 * not load was reported for every deal, at the deal's place, as if the deal
 * were wrong.  It lives as long as the program (the commands' options are
 * theirs, on their stacks); a second --rules replaces the first. */
static RuleSystem *given_rules;

/* Reads --rules value into given_rules; false with a message on stderr
 * (*no_memory set when it was memory that ran out). */
static bool read_given_rules(CommonOptions *o, const char *command, const char *value, bool *no_memory)
{
    char err[512];
    if (!given_rules && !(given_rules = malloc(sizeof *given_rules))) {
        *no_memory = true;
        cli_error("skatdd %s: --rules %s: out of memory", command, value);
        return false;
    }
    o->given_rules = NULL;
    ReadResult read = rules_read(value, rules_directory(), given_rules, err, sizeof err);
    if (read != READ_OK) {
        *no_memory = read == READ_NO_MEMORY;
        cli_error("skatdd %s: --rules %s: %s", command, value, err);
        return false;
    }
    o->given_rules = given_rules;
    return true;
}

/* A common option (long name without dashes, and its argument); false with
 * a message on stderr when the value is bad, naming the command ("skatdd
 * table: --threads ...") as every option error does. */
static bool common_option(CommonOptions *o, const char *command, const char *name, const char *value,
                          bool *no_memory)
{
    if (strcmp(name, "format") == 0) {
        o->format_given = true;
        if (strcmp(value, "text") == 0)
            o->format = FORMAT_TEXT;
        else if (strcmp(value, "json") == 0)
            o->format = FORMAT_JSON;
        else {
            cli_error("skatdd %s: --format must be text or json, not '%s'", command, value);
            return false;
        }
        return true;
    }
    if (strcmp(name, "threads") == 0) {
        if (!parse_whole_int(value, 0, 1024, &o->threads)) {
            cli_error("skatdd %s: --threads needs a number from 0 (all cores) to 1024", command);
            return false;
        }
        o->threads_given = true;
    }
    if (strcmp(name, "tt-mb") == 0 && !parse_whole_int(value, 1, 65536, &o->tt_mb)) {
        cli_error("skatdd %s: --tt-mb needs a number of megabytes from 1 to 65536", command);
        return false;
    }
    if (strcmp(name, "rules") == 0) {
        o->rules = value;
        return read_given_rules(o, command, value, no_memory);
    }
    if (strcmp(name, "ascii") == 0)
        o->symbols = false;
    if (strcmp(name, "symbols") == 0)
        o->symbols = true;
    if (strcmp(name, "quiet") == 0)
        o->quiet = true;
    return true;
}

const char *card_symbol_name(int card, char out[6])
{
    const char *symbol = card_suit_symbol(card_suit(card));
    char name[3];
    size_t n = strlen(symbol);
    memcpy(out, symbol, n);
    out[n] = card_name(card, name)[1];
    out[n + 1] = '\0';
    return out;
}

const char *text_card(const CommonOptions *o, int card, char out[8])
{
    return o->symbols ? card_symbol_name(card, out) : card_name(card, out);
}

/* Cards of a game in playing order: trumps, then clubs, spades, hearts,
 * diamonds; each high to low. */
int game_order_key(GameType game, int card)
{
    int suit = effective_suit(game, card);
    int group = suit == TRUMP_SUIT ? 0 : 1 + suit;
    return group * 64 - card_strength(game, card);
}

int sorted_cards(GameType game, CardSet cards, int out[32])
{
    int n = 0;
    for (; cards; cards &= cards - 1) {
        int c = set_first(cards);
        int i = n++;
        while (i > 0 && game_order_key(game, out[i - 1]) > game_order_key(game, c)) {
            out[i] = out[i - 1];
            i--;
        }
        out[i] = c;
    }
    return n;
}

const char *text_cards(const CommonOptions *o, GameType game, CardSet cards, char *out, size_t size)
{
    int list[32];
    int n = sorted_cards(game, cards, list);
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n && used + 8 < size; i++) {
        char name[8];
        int w = snprintf(out + used, size - used, "%s%s", i ? " " : "", text_card(o, list[i], name));
        used += (size_t)w;
    }
    if (n == 0)
        snprintf(out, size, "-");
    return out;
}

void print_cards_row(const CommonOptions *o, const char *label, GameType game, CardSet cards, const char *suffix)
{
    char text[256];
    printf("  %-22s %s%s\n", label, text_cards(o, game, cards, text, sizeof text), suffix);
}

void print_hand_rows(const CommonOptions *o, GameType game, const CardSet hands[SEAT_COUNT], int declarer)
{
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        char label[32];
        snprintf(label, sizeof label, "%s%s", seat_name(seat), seat == declarer ? " (declarer)" : "");
        print_cards_row(o, label, game, hands[seat], "");
    }
}

const char *contract_row_label(const RuleSystem *rules, const Contract *row, char *out, size_t n)
{
    Contract c = *row;
    c.schneider_announced = c.schwarz_announced = false;
    return rules_contract_name(rules, &c, out, n);
}

json_t *json_card(int card)
{
    char name[3];
    return json_string(card_name(card, name));
}

json_t *json_cards(GameType game, CardSet cards)
{
    int list[32];
    int n = sorted_cards(game, cards, list);
    return json_card_list(list, n);
}

json_t *json_card_list(const int *cards, int count)
{
    json_t *array = json_array();
    for (int i = 0; i < count; i++)
        json_array_append_new(array, json_card(cards[i]));
    return array;
}

void json_print_line(json_t *object)
{
    char *text = json_dumps(object, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (text) {
        puts(text);
        free(text);
    }
    json_decref(object);
}

const char *rules_directory(void)
{
    const char *dir = getenv("SKATDD_RULES_DIR");
    return dir && dir[0] ? dir : NULL;
}

int exit_status_worse(int a, int b)
{
    if (a == EXIT_INTERNAL || b == EXIT_INTERNAL)
        return EXIT_INTERNAL;
    return a != EXIT_OK ? a : b;
}

void cli_error(const char *fmt, ...)
{
    /* Long enough for a path (PATH_MAX) and a message quoting more text. */
    char line[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    text_shown_clean(line);
    fprintf(stderr, "%s\n", line);
}

int out_of_memory(const char *path)
{
    cli_error("%s: out of memory", path ? path : "skatdd");
    return EXIT_INTERNAL;
}

int read_failure_status(bool memory_ran_out)
{
    return memory_ran_out ? EXIT_INTERNAL : EXIT_BAD_INPUT;
}

double wall_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

#include <getopt.h>

static const struct {
    const char *name;
    bool has_value;
    unsigned set;
} common_table[] = {{"format", true, COMMON_FORMAT}, {"threads", true, COMMON_THREADS}, {"tt-mb", true, COMMON_TT_MB},
                    {"rules", true, COMMON_RULES},   {"ascii", false, COMMON_SYMBOLS},  {"symbols", false, COMMON_SYMBOLS},
                    {"quiet", false, COMMON_QUIET}};
enum { MAX_OPTIONS = 32 };

int common_parse(int argc, char **argv, CommonOptions *o, const char *help, unsigned common,
                 const ExtraOption *extra, ExtraHandler on_extra, void *ctx)
{
    struct option options[MAX_OPTIONS];
    int n = 0;
    for (size_t i = 0; i < sizeof common_table / sizeof *common_table; i++)
        if (common & common_table[i].set)
            options[n++] = (struct option){common_table[i].name,
                                           common_table[i].has_value ? required_argument : no_argument, NULL, 0};
    int first_extra = n;
    for (int i = 0; extra && extra[i].name && n < MAX_OPTIONS - 2; i++)
        options[n++] = (struct option){extra[i].name, extra[i].has_value ? required_argument : no_argument,
                                       NULL, 0};
    options[n++] = (struct option){"help", no_argument, NULL, 'h'};
    options[n] = (struct option){0};

    optind = 1;
    opterr = 0;
    for (;;) {
        int index = -1;
        int c = getopt_long(argc, argv, "h", options, &index);
        if (c == -1)
            break;
        if (c == 'h') {
            fputs(help, stdout);
            return PARSE_HELP;
        }
        if (c == '?') {
            /* A short option (the only one is -h) names its letter: within a
             * cluster such as -x.yaml, optind has not moved past it. */
            if (optopt)
                cli_error("skatdd %s: unknown option '-%c' (see skatdd %s --help)", argv[0], optopt,
                          argv[0]);
            else
                cli_error("skatdd %s: unknown or incomplete option '%s' (see skatdd %s --help)", argv[0],
                          argv[optind - 1], argv[0]);
            return PARSE_BAD;
        }
        const char *name = options[index].name;
        bool no_memory = false;
        bool ok = index >= first_extra ? on_extra(ctx, argv[0], name, optarg)
                                       : common_option(o, argv[0], name, optarg ? optarg : "", &no_memory);
        if (!ok)
            return no_memory ? PARSE_NO_MEMORY : PARSE_BAD;
    }
    return optind;
}

int common_parse_status(int first)
{
    return first == PARSE_HELP ? EXIT_OK : first == PARSE_NO_MEMORY ? EXIT_INTERNAL : EXIT_BAD_INPUT;
}
