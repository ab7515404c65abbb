/* skatdd batch: one command over many deals (deal files, ISS records, or
 * reproducible random deals), as JSON Lines, resumable, in index order, on
 * one core, all cores (OpenMP: deals side by side) or a cluster (MPI). */
#include <inttypes.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batchfile.h"
#include "batchmpi.h"
#include "commands.h"
#include "common.h"
#include "dealrules.h"
#include "jobs.h"
#include "randomdeal.h"
#include "rulecontract.h"
#include "runner.h"
#include "slurp.h"

static const char batch_help[] =
    "usage: skatdd batch --job JOB [OPTIONS] FILE...\n"
    "       skatdd batch --job JOB --random N [--seed S] [OPTIONS]\n"
    "\n"
    "Runs a command (JOB: solve, table, evaluate, analyze) over every deal of the\n"
    "YAML files and ISS records, or over N uniformly random deals (--random: deal i\n"
    "depends on the seed and i alone; the algorithm is in the README), and writes\n"
    "JSON Lines, one line per deal, in index order: \"index\" (from 0, counting every\n"
    "deal of the input), \"deal\" (\"hands\" by seat, \"skat\"), then the keys of the\n"
    "command's --format json without \"nodes\" and \"ms\", which depend on the\n"
    "machine and on the deals a thread solved before.  Deals run side by side on\n"
    "the threads, each thread one deal; the lines do not depend on the threads.\n"
    "A deal the command refuses is reported (FILE:LINE:COL: why) and skipped; the\n"
    "exit status is then 2.  With --output FILE a stopped run continues where it\n"
    "stopped: the complete lines are kept, a torn last line is cut off, and the\n"
    "deals in the file are not solved again.  Every line has \"job\" and \"run\", a\n"
    "fingerprint of what decides the answers (the job and its options, --seed,\n"
    "--contract, --declarer, --rules, the input files' contents, the rule files\n"
    "the deals name): a resume with other settings is refused (exit 2); other\n"
    "--threads, --chunk, --tt-mb or a larger --random N resume.  Under mpirun\n"
    "(Open MPI) rank 0 hands out chunks of deals to the other ranks as they ask\n"
    "and writes the same file.\n"
    "\n"
    "options:\n"
    "  --job JOB           solve, table, evaluate or analyze; the command's own\n"
    "                      options follow it (skatdd JOB --help)\n"
    "  --random N          N random deals (dealt in full, forehand leads)\n"
    "  --seed S            the random deals' seed (default 1; evaluate: also its\n"
    "                      sampling seed)\n"
    "  --contract C        random deals: the contract solve and analyze play\n"
    "                      (default grand), in the rule system's words; not\n"
    "                      with files, nor with table and evaluate, which go\n"
    "                      through every contract\n"
    "  --declarer SEAT     random deals: the declarer (default forehand), the\n"
    "                      seat evaluate rates; table: this seat only, of files\n"
    "                      too; the other jobs' files have their own\n"
    "  --output FILE       write (and resume) FILE instead of standard output (-)\n"
    "  --chunk N           deals handed out at a time (default 8 per thread;\n"
    "                      the lines do not depend on it)\n"
    "  --rules NAME|FILE   rule system (default: the deal's rules:, else isko)\n"
    "  --threads N         threads (default 0: all cores)\n"
    "  --tt-mb N           transposition tables in megabytes per thread (default 16)\n"
    "  --quiet             no progress and no rate at the end (on stderr)\n"
    "  --format json       the only format there is (JSON Lines)\n"
    "  --help              this help\n";

enum { MAX_GIVEN = 64 }; /* options of the job on one command line */

/* An option of the job as given, with what its value stands for. */
typedef struct {
    const char *name;
    const char *value;
    OptionValue kind;
} GivenOption;

typedef struct {
    const Job *job;
    void *settings;
    int64_t random;      /* deals; 0: files */
    uint64_t seed;
    const char *contract;
    int declarer;
    bool declarer_given;
    const char *output;
    int chunk;
    /* The job's options as given, for the run's fingerprint. */
    GivenOption given[MAX_GIVEN];
    int given_count;
    char run[17];        /* the fingerprint: 16 hex digits */
} BatchOptions;

/* The contract of random deals as given: --contract, else grand. */
static const char *random_contract(const BatchOptions *options)
{
    return options->contract ? options->contract : "grand";
}

static const ExtraOption batch_own_options[] = {
    {"job", true, VALUE_TEXT},      {"random", true, VALUE_WHOLE}, {"seed", true, VALUE_WHOLE},
    {"contract", true, VALUE_TEXT}, {"declarer", true, VALUE_TEXT}, {"output", true, VALUE_TEXT},
    {"chunk", true, VALUE_WHOLE},   {NULL, false, VALUE_TEXT},
};

static const Job *const jobs[] = {&job_solve, &job_table, &job_evaluate, &job_analyze};

static const ExtraOption *job_option(const Job *job, const char *name)
{
    for (int i = 0; job->options[i].name; i++)
        if (strcmp(job->options[i].name, name) == 0)
            return &job->options[i];
    return NULL;
}

static bool parse_declarer(BatchOptions *b, const char *value)
{
    b->declarer_given = true;
    b->declarer = seat_parse(value);
    if (b->declarer == SEAT_COUNT) {
        b->declarer = -1;
        cli_error("skatdd batch: --declarer must be forehand, middlehand or rearhand, not '%s'", value);
        return false;
    }
    return true;
}

/* batch's own options (*own: whether name is one); false after saying what
 * is wrong with the value. */
static bool parse_own_option(BatchOptions *b, const char *name, const char *value, bool *own)
{
    uint64_t v;
    *own = true;
    if (strcmp(name, "job") == 0) {
        /* Read before the rest (find_job): nothing to do. */
    } else if (strcmp(name, "random") == 0) {
        if (!parse_whole(value, 1, INT64_MAX / 2, &v)) {
            cli_error("skatdd batch: --random needs a number of deals from 1 to %" PRId64 ", not '%s'",
                      INT64_MAX / 2, value);
            return false;
        }
        b->random = (int64_t)v;
    } else if (strcmp(name, "seed") == 0) {
        if (!parse_whole(value, 0, UINT64_MAX, &b->seed)) {
            cli_error("skatdd batch: --seed needs a whole number from 0 to %" PRIu64, UINT64_MAX);
            return false;
        }
    } else if (strcmp(name, "contract") == 0) {
        b->contract = value;
    } else if (strcmp(name, "declarer") == 0) {
        return parse_declarer(b, value);
    } else if (strcmp(name, "output") == 0) {
        b->output = strcmp(value, "-") == 0 ? NULL : value; /* -: standard output, as without --output */
    } else if (strcmp(name, "chunk") == 0) {
        if (!parse_whole_int(value, 1, 1 << 20, &b->chunk)) {
            cli_error("skatdd batch: --chunk needs a number of deals from 1 to %d", 1 << 20);
            return false;
        }
    } else {
        *own = false;
    }
    return true;
}

/* An option of the job: kept for the fingerprint (one left out could
 * change the answers without changing it), then the job's to read. */
static bool give_job_option(BatchOptions *b, const char *command, const char *name, const char *value,
                            const ExtraOption *option)
{
    if (b->given_count == MAX_GIVEN) {
        cli_error("skatdd batch: more than %d options of the job given: give each once", MAX_GIVEN);
        return false;
    }
    b->given[b->given_count++] = (GivenOption){name, value ? value : "", option->value};
    return b->job->on_option(b->settings, command, name, value);
}

static bool batch_option(void *ctx, const char *command, const char *name, const char *value)
{
    BatchOptions *b = ctx;
    bool own;
    if (!parse_own_option(b, name, value, &own))
        return false;
    /* The job's options; --seed and --declarer mean the same to both. */
    const ExtraOption *option = job_option(b->job, name);
    if (option)
        return give_job_option(b, command, name, value, option);
    return own;
}

/* --contract, and --declarer where the job does not read it (table: its one
 * seat), make the random deals; the deals of files have their own, and
 * would be played without a word as if neither were given (evaluate rated
 * a full deal's declarer's hand whatever --declarer said).  False after
 * saying so. */
static bool random_deal_options_fit(const BatchOptions *b)
{
    const char *which = b->contract ? "--contract" : b->declarer_given && !job_option(b->job, "declarer") ? "--declarer"
                                                                                                          : NULL;
    if (!which)
        return true;
    cli_error("skatdd batch: %s is for --random deals, not deal files (a file's deals have their own)",
              which);
    return false;
}

/* --job is read first: the options after it are the job's. */
static const Job *find_job(int argc, char **argv)
{
    const char *name = NULL;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "--job") == 0 && i + 1 < argc)
            name = argv[i + 1];
        else if (strncmp(argv[i], "--job=", 6) == 0)
            name = argv[i] + 6;
        else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return &job_solve; /* help for any job */
    }
    if (!name) {
        cli_error("skatdd batch: --job is needed: solve, table, evaluate or analyze");
        return NULL;
    }
    for (size_t i = 0; i < sizeof jobs / sizeof *jobs; i++)
        if (strcmp(name, jobs[i]->name) == 0)
            return jobs[i];
    cli_error("skatdd batch: --job must be solve, table, evaluate or analyze, not '%s'", name);
    return NULL;
}

/* ---- the run's fingerprint ------------------------------------------------ */

/* FNV-1a, 64 bits: a fingerprint against mistakes, not against an adversary. */
static uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001B3u;
    return h;
}

static uint64_t fnv1a_text(uint64_t h, const char *text)
{
    return fnv1a(h, text, strlen(text) + 1); /* the NUL separates the fields */
}

/* The file's bytes; of standard input, a pipe or a device only the name: it
 * cannot be read twice (batch /dev/stdin and batch <(...) once read it here,
 * and the reader then found an "empty file: no deal").  No more than the
 * reader reads, one byte past SLURP_MAX_BYTES, after which it refuses the
 * file: the whole of a file of 5 GB took 16 s before the reader's refusal. */
static uint64_t fnv1a_file(uint64_t h, const char *path)
{
    struct stat st;
    bool regular = strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode);
    FILE *f = regular ? fopen(path, "rb") : NULL;
    if (!f)
        return fnv1a_text(h, path); /* the reader says what is wrong with it */
    static char buffer[1 << 16];
    size_t got, left = (size_t)SLURP_MAX_BYTES + 1;
    while (left && (got = fread(buffer, 1, left < sizeof buffer ? left : sizeof buffer, f)) > 0) {
        h = fnv1a(h, buffer, got);
        left -= got;
    }
    fclose(f);
    return fnv1a_text(h, "");
}

/* The options given, in name order; an option given twice keeps the order
 * of its values (the last one counts, so "--samples 1 --samples 2" and
 * "--samples 2 --samples 1" are different settings). */
static void sort_given(GivenOption *given, int count)
{
    for (int i = 1; i < count; i++) {
        GivenOption option = given[i];
        int k = i;
        for (; k > 0 && strcmp(given[k - 1].name, option.name) > 0; k--)
            given[k] = given[k - 1];
        given[k] = option;
    }
}

/* An option's value as the fingerprint takes it: a number as the number it
 * stands for, in one spelling ("05" as "5", ".5" and "0.50" as "0.5"), read
 * as the job reads it; text as given. */
static const char *canonical_value(const GivenOption *option, char *out, size_t n)
{
    uint64_t whole;
    double fraction;
    if (option->kind == VALUE_WHOLE && parse_whole(option->value, 0, UINT64_MAX, &whole)) {
        snprintf(out, n, "%" PRIu64, whole);
        return out;
    }
    if (option->kind == VALUE_FRACTION && parse_fraction(option->value, &fraction)) {
        /* The shortest of %.15g to %.17g that reads back as the value (0.95
         * as "0.95", as before numbers were read). */
        for (int digits = 15; digits <= 17; digits++) {
            snprintf(out, n, "%.*g", digits, fraction);
            if (strtod(out, NULL) == fraction)
                break;
        }
        return out;
    }
    return option->value; /* text, or a value the job refused before (the run never starts) */
}

/* The rule files a run's deals are played under, each hashed once, in the
 * order first met. */
typedef struct {
    uint64_t h;
    char (*seen)[RULES_PATH];
    int count;
    bool out_of_memory;
} RuleFiles;

/* The file of the rule system called name, if it is one (a path, or a name
 * in $SKATDD_RULES_DIR; a built-in system changes with the program alone,
 * which the fingerprint leaves out). */
static void hash_rule_file(RuleFiles *r, const char *name)
{
    char path[RULES_PATH];
    if (!rules_file_path(name, rules_directory(), path, sizeof path))
        return;
    for (int i = 0; i < r->count; i++)
        if (strcmp(r->seen[i], path) == 0)
            return;
    char(*grown)[RULES_PATH] = realloc(r->seen, sizeof *grown * (size_t)(r->count + 1));
    if (!grown) {
        r->out_of_memory = true;
        return;
    }
    r->seen = grown;
    snprintf(r->seen[r->count++], RULES_PATH, "%s", path);
    r->h = fnv1a_file(r->h, path);
}

static int deal_rule_file(void *ctx, const Deal *deal, const RuleSystem *rules)
{
    (void)rules;
    hash_rule_file(ctx, deal_rules_name(deal->rules));
    return EXIT_OK;
}

/* Without --rules every deal is played under its own rules: (else isko): a
 * rule file named there decides its answers as much as --rules FILE would,
 * and so does a file of $SKATDD_RULES_DIR.  A file of YAML deals is read for
 * them as the run reads it (deal by deal, without its messages, which the
 * run says); ISS records name no rules (isko).  Standard input and pipes
 * cannot be read twice, and are never resumed (input_read_once).  False
 * when out of memory. */
static bool hash_deal_rule_files(const CommonOptions *o, uint64_t *h, int first, int argc, char **argv)
{
    RuleFiles r = {.h = *h};
    CommonOptions quiet = *o;
    quiet.reader_quiet = true;
    for (int i = first; i < argc; i++) {
        struct stat st;
        if (strcmp(argv[i], "-") == 0 || stat(argv[i], &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        char err[512];
        size_t size;
        DealReader *reader = deal_reader_open(argv[i], err, sizeof err);
        if (!reader)
            continue; /* the run says why */
        const char *text = deal_reader_text(reader, &size);
        if (iss_detect(text, size))
            hash_rule_file(&r, DEAL_RULES_DEFAULT);
        else if (for_each_deal_of(&quiet, reader, deal_rule_file, &r) == EXIT_INTERNAL)
            r.out_of_memory = true;
        deal_reader_close(reader);
    }
    free(r.seen);
    *h = r.h;
    return !r.out_of_memory;
}

/* --contract as the run reads it, in one spelling: "Grand", " grand" and
 * "grand" are one contract, "kreuz" and "clubs" too (rules_contract_name
 * reads back to the same contract).  As given where the rule system or the
 * contract cannot be read, which random_options_check refused before. */
static const char *canonical_contract(const CommonOptions *o, const char *given, char *out, size_t n)
{
    char err[256];
    if (strcasecmp(given, "ramsch") == 0)
        return "ramsch";
    RuleSystem *loaded = NULL;
    const RuleSystem *rules = o->given_rules; /* --rules, read once with the options */
    if (!rules && (loaded = malloc(sizeof *loaded)) &&
        rules_load(DEAL_RULES_DEFAULT, rules_directory(), loaded, err, sizeof err))
        rules = loaded;
    Contract c;
    bool read = rules && rules_parse_contract(rules, given, &c, err, sizeof err);
    const char *name = read ? rules_contract_name(rules, &c, out, n) : given;
    free(loaded);
    return name;
}

/* What decides a run's answers, hashed: the job, its options as given (in
 * name order; a number by its value, canonical_value), the rule system (and
 * the rule files of the deals' own rules:, hash_deal_rule_files), and the input: random deals' seed, contract
 * and declarer (not their number: a run may be extended), or the input
 * files' contents in order (not their names: a file may move).  Left out is
 * what changes speed alone: --threads, --chunk, --tt-mb, --quiet, --output.
 * Every line carries it; a resume whose fingerprint differs is refused. */
static bool run_fingerprint(BatchOptions *b, const CommonOptions *o, int first, int argc, char **argv)
{
    char number[32];
    uint64_t h = fnv1a_text(0xCBF29CE484222325u, "skatdd batch 1");
    h = fnv1a_text(h, b->job->name);
    sort_given(b->given, b->given_count);
    for (int i = 0; i < b->given_count; i++)
        h = fnv1a_text(fnv1a_text(h, b->given[i].name), canonical_value(&b->given[i], number, sizeof number));
    h = fnv1a_text(h, o->rules ? o->rules : "(the deal's)");
    /* A rule file's contents decide the answers as much as its name: an
     * edited file is another rule system.  A built-in one changes with the
     * program alone, which the fingerprint leaves out.  Random deals without
     * --rules are played under isko, which $SKATDD_RULES_DIR may hold; deal
     * files' own systems are hashed below. */
    const char *system = o->rules ? o->rules : b->random ? DEAL_RULES_DEFAULT : NULL;
    char rule_file[RULES_PATH];
    if (system && rules_file_path(system, rules_directory(), rule_file, sizeof rule_file))
        h = fnv1a_file(h, rule_file);
    snprintf(number, sizeof number, "%" PRIu64, b->seed);
    h = fnv1a_text(h, number);
    bool ok = true;
    if (b->random) {
        h = fnv1a_text(h, "random");
        char contract[128];
        h = fnv1a_text(h, canonical_contract(o, random_contract(b), contract, sizeof contract));
        h = fnv1a_text(h, seat_name(b->declarer));
    } else {
        for (int i = first; i < argc; i++)
            h = fnv1a_file(h, argv[i]);
        if (!o->rules)
            ok = hash_deal_rule_files(o, &h, first, argc, argv);
    }
    snprintf(b->run, sizeof b->run, "%016" PRIx64, h);
    return ok;
}

/* A bound on the indices of the run's deals, for what a file to resume may
 * hold: the number of random deals, or the input files' bytes (a deal takes
 * more than a byte); standard input or a file that cannot be measured gives
 * no bound. */
static int64_t deal_limit(const BatchOptions *b, int first, int argc, char **argv)
{
    if (b->random)
        return b->random;
    int64_t bytes = 0;
    for (int i = first; i < argc; i++) {
        struct stat st;
        if (strcmp(argv[i], "-") == 0 || stat(argv[i], &st) != 0 || !S_ISREG(st.st_mode))
            return INT64_MAX;
        bytes += st.st_size;
    }
    return bytes;
}

/* Whether path is read once and so hashed by its name alone: standard
 * input ("-"), or a pipe or device (/dev/stdin, <(...)); a directory or a
 * missing file is refused by the reader. */
static bool read_once(const char *path)
{
    struct stat st;
    return strcmp(path, "-") == 0 || (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode));
}

/* The input of the run that its fingerprint holds by its name alone, in
 * words (into out), so that a file written from it is not resumed: another
 * pipe of the same name (/dev/stdin, /dev/fd/63 of every <(...)) may hold
 * other deals or another rule system.  NULL when the fingerprint covers the
 * input. */
static const char *input_read_once(const BatchOptions *b, const CommonOptions *o, int first, int argc, char **argv,
                                   char *out, size_t n)
{
    char rule_file[RULES_PATH];
    if (o->rules && rules_file_path(o->rules, rules_directory(), rule_file, sizeof rule_file) && read_once(rule_file)) {
        snprintf(out, n, "--rules %s, a pipe or device", o->rules);
        return out;
    }
    for (int i = first; !b->random && i < argc; i++) {
        if (strcmp(argv[i], "-") == 0) {
            snprintf(out, n, "standard input");
            return out;
        }
        if (read_once(argv[i])) {
            snprintf(out, n, "%s, a pipe or device", argv[i]);
            return out;
        }
    }
    return NULL;
}

/* ---- one chunk of deals, side by side on the threads -------------------- */

typedef struct {
    int64_t index;
    IssGame record;   /* record.deal: the deal; the rest only for an ISS record (iss) */
    bool iss;
    RuleSystem rules; /* a copy: the reader that lent it may be gone when the chunk runs */
    char refused[512]; /* a random deal refused as the reader refuses a deal file's: why; else "" */
} Pending;

typedef struct {
    BatchOptions *options;
    CommonOptions *common;
    BatchMpi *mpi;
    BatchFile *file;      /* rank 0 (and a run alone) */
    DoneIndices done;     /* the indices in the file already (a copy on the other ranks) */
    int64_t done_count;   /* rank 0: lines in the file before this run */
    int threads;
    void **workers;       /* one per thread */
    int64_t chunk_size;
    /* The chunk being gathered: [chunk * chunk_size, + chunk_size). */
    int64_t chunk;        /* -1: none yet */
    bool finished;        /* no more chunks */
    Pending *pending;
    int count;
    int64_t seen;         /* deals the input handed out so far */
    int64_t total;        /* deals in the input; -1 while not known */
    /* Progress and the end's rate (rank 0). */
    int64_t delivered, solved;
    double started, shown;
    int status;
} Batch;

static bool chunk_needed(void *ctx, int64_t chunk)
{
    Batch *b = ctx;
    int64_t first = chunk * b->chunk_size, end = first + b->chunk_size;
    if (b->total >= 0 && end > b->total)
        end = b->total;
    for (int64_t i = first; i < end; i++)
        if (!done_indices_has(&b->done, i))
            return true;
    return false;
}

/* A chunk's results: one record per deal in index order, a kind and a line:
 * "L" + the JSON line, "E" + why a deal was refused, "I" + why it failed. */
typedef struct {
    char *text;
    size_t len, cap;
} Records;

static bool records_add(Records *r, char kind, const char *text)
{
    size_t n = strlen(text);
    if (r->len + n + 2 > r->cap) {
        size_t cap = r->cap ? r->cap : 4096;
        while (cap < r->len + n + 2)
            cap *= 2;
        char *grown = realloc(r->text, cap);
        if (!grown)
            return false;
        r->text = grown;
        r->cap = cap;
    }
    r->text[r->len++] = kind;
    memcpy(r->text + r->len, text, n);
    r->len += n;
    r->text[r->len++] = '\n';
    return true;
}

/* The batch line of a deal: index, deal, then the command's keys. */
static char *batch_line(const BatchOptions *o, const Pending *p, json_t *answer)
{
    json_t *line = json_object();
    json_object_set_new(line, "index", json_integer((json_int_t)p->index));
    json_object_set_new(line, "job", json_string(o->job->name));
    json_object_set_new(line, "run", json_string(o->run));
    const Deal *d = &p->record.deal;
    json_t *deal = json_object(), *hands = json_object();
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        json_object_set_new(hands, seat_name(seat), d->has_hand[seat] ? json_cards(GAME_GRAND, d->hands[seat]) : json_null());
    json_object_set_new(deal, "hands", hands);
    json_object_set_new(deal, "skat", d->has_skat ? json_cards(GAME_GRAND, d->skat) : json_null());
    json_object_set_new(line, "deal", deal);
    json_object_del(answer, "nodes");
    json_object_del(answer, "ms");
    json_object_update(line, answer);
    json_decref(answer);
    char *text = json_dumps(line, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(line);
    return text;
}

typedef struct {
    char kind;
    char *text;
} Outcome;

static void run_one(Batch *b, void *worker, const Pending *p, Outcome *out)
{
    char err[1024] = "";
    int status = EXIT_OK;
    if (p->refused[0]) {
        out->kind = 'E';
        out->text = strdup(p->refused);
        return;
    }
    json_t *answer = b->options->job->run(worker, &p->record.deal, p->iss ? &p->record : NULL, &p->rules, err,
                                          sizeof err, &status);
    if (answer) {
        out->kind = 'L';
        out->text = batch_line(b->options, p, answer);
        if (!out->text) {
            out->kind = 'I';
            out->text = strdup("skatdd batch: out of memory");
        }
    } else {
        out->kind = status == EXIT_INTERNAL ? 'I' : 'E';
        out->text = strdup(err);
    }
}

/* Solves the chunk gathered, its deals side by side (dynamic: a hard deal
 * does not hold up the others), and returns its records in index order. */
static bool run_chunk(Batch *b, Records *records)
{
    int count = b->count;
    Outcome *outcomes = calloc((size_t)count + 1, sizeof *outcomes);
    if (!outcomes)
        return false;
#pragma omp parallel for schedule(dynamic, 1) num_threads(b->threads)
    for (int i = 0; i < count; i++)
        run_one(b, b->workers[omp_get_thread_num()], &b->pending[i], &outcomes[i]);
    bool ok = true;
    for (int i = 0; i < count; i++) {
        ok = ok && outcomes[i].text && records_add(records, outcomes[i].kind, outcomes[i].text);
        free(outcomes[i].text);
    }
    free(outcomes);
    b->solved += count;
    b->count = 0;
    return ok;
}

/* ---- the output, rank 0 --------------------------------------------------- */

static void show_progress(Batch *b, bool last)
{
    if (b->common->quiet || !isatty(STDERR_FILENO))
        return;
    double now = wall_ms();
    if (!last && now - b->shown < 500)
        return;
    b->shown = now;
    double seconds = (now - b->started) / 1000;
    double rate = seconds > 0 ? (double)b->delivered / seconds : 0;
    int64_t left = b->total >= 0 ? b->total - b->done_count - b->delivered : -1;
    fprintf(stderr, "\r%" PRId64 " deals done", b->done_count + b->delivered);
    if (b->total >= 0)
        fprintf(stderr, " of %" PRId64, b->total);
    fprintf(stderr, ", %.2f deals/s", rate);
    if (left >= 0 && rate > 0)
        fprintf(stderr, ", %.0f s left ", (double)left / rate);
    fprintf(stderr, "   ");
    if (last)
        fprintf(stderr, "\r%*s\r", 70, "");
}

/* Writes a chunk's lines and says why deals were refused. */
static bool deliver(void *ctx, int64_t chunk, const char *results, size_t len)
{
    (void)chunk;
    Batch *b = ctx;
    char err[512];
    const char *end = results + len;
    for (const char *r = results; r < end;) {
        const char *eol = memchr(r, '\n', (size_t)(end - r));
        if (!eol)
            break;
        if (r[0] == 'L') {
            if (!batch_file_write(b->file, r + 1, (size_t)(eol - r), err, sizeof err)) {
                if (err[0])
                    cli_error("skatdd batch: %s", err);
                b->status = EXIT_INTERNAL;
                return false;
            }
            b->delivered++;
        } else {
            if (eol > r + 1)
                cli_error("%.*s", (int)(eol - r - 1), r + 1);
            int status = r[0] == 'I' ? EXIT_INTERNAL : EXIT_BAD_INPUT;
            b->status = status > b->status ? status : b->status;
        }
        r = eol + 1;
    }
    if (!batch_file_sync(b->file, err, sizeof err)) {
        if (err[0])
            cli_error("skatdd batch: %s", err);
        b->status = EXIT_INTERNAL;
        return false;
    }
    show_progress(b, false);
    return true;
}

/* ---- the chunks, alone or as a worker of rank 0 --------------------------- */

/* Hands in the chunk gathered (solved) and moves to the next one. */
static bool next_chunk(Batch *b)
{
    Records records = {0};
    bool ok = true;
    if (b->chunk >= 0)
        ok = run_chunk(b, &records);
    if (!ok) {
        b->status = EXIT_INTERNAL;
        cli_error("skatdd batch: out of memory");
    }
    if (b->mpi->size > 1) {
        int64_t chunk;
        b->finished = !batch_mpi_ask(b->mpi, b->chunk, records.text, records.len, b->total, &chunk) || !ok;
        b->chunk = chunk;
    } else {
        if (ok && b->chunk >= 0)
            ok = deliver(b, b->chunk, records.text, records.len);
        do
            b->chunk++;
        while ((b->total < 0 || b->chunk * b->chunk_size < b->total) && !chunk_needed(b, b->chunk));
        b->finished = !ok || (b->total >= 0 && b->chunk * b->chunk_size >= b->total);
    }
    free(records.text);
    return !b->finished;
}

/* Whether the deal of index i is this process's to solve now, moving on to
 * the chunks it falls in. */
static bool wanted(Batch *b, int64_t i)
{
    while (!b->finished && (b->chunk < 0 || i >= (b->chunk + 1) * b->chunk_size))
        next_chunk(b);
    return !b->finished && i >= b->chunk * b->chunk_size && !done_indices_has(&b->done, i);
}

static void take(Batch *b, int64_t i, const Deal *deal, const IssGame *iss, const RuleSystem *rules)
{
    Pending *p = &b->pending[b->count++];
    p->index = i;
    if (iss)
        p->record = *iss;
    else
        p->record.deal = *deal;
    p->iss = iss != NULL;
    p->rules = *rules;
    p->refused[0] = '\0';
}

/* Read to the end even when this process has no more chunks: parsing is
 * cheap beside solving, and the rank that reports the input's errors sees
 * them all. */
static int file_deal(void *ctx, const Deal *deal, const IssGame *iss, const RuleSystem *rules)
{
    Batch *b = ctx;
    int64_t i = b->seen++;
    if (wanted(b, i))
        take(b, i, deal, iss, rules);
    return EXIT_OK;
}

/* Whether the job plays the deal's contract: table and evaluate go through
 * every contract of the rule system and need none (a default one could not
 * be read under every rule system: "grand" is ambiguous in the Tournee's). */
static bool job_plays_contract(const Job *job)
{
    return job == &job_solve || job == &job_analyze;
}

/* Random deal i as a deal file would give it: dealt in full, the contract
 * (where the job plays one or --contract names one) and the declarer of the
 * options. */
static bool random_deal_of(const BatchOptions *options, const RuleSystem *rules, int64_t i, Deal *d, char *err,
                           size_t n)
{
    memset(d, 0, sizeof *d);
    snprintf(d->file, sizeof d->file, "random deal %" PRId64 " of seed %" PRIu64, i, options->seed);
    d->mark = (Mark){1, 1};
    random_deal(options->seed, (uint64_t)i, d->hands, &d->skat);
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        d->has_hand[seat] = true;
    d->has_skat = d->full_deal = true;
    d->has_declarer = true;
    d->declarer = options->declarer;
    if (!options->contract && !job_plays_contract(options->job))
        return true;
    d->has_contract = true;
    d->contract_mark = d->mark;
    const char *contract = random_contract(options);
    if (strcasecmp(contract, "ramsch") == 0) {
        /* As a deal file's contract (any case): ramsch only under rules that play it. */
        if (!rules->ramsch.enabled) {
            snprintf(err, n, "the %s rules have no ramsch: when all pass the cards are thrown in", rules->name);
            return false;
        }
        d->ramsch = true;
        d->contract = (Contract){.game = GAME_GRAND, .hand = true};
        return true;
    }
    return rules_parse_contract(rules, contract, &d->contract, err, n);
}

/* The rule system of random deals, and whether --contract reads under it
 * (deal 0 stands for every deal: they share the contract and the rules); a
 * line naming the option where not. */
static int random_rules(const BatchOptions *options, const CommonOptions *o, RuleSystem *rules, Deal *deal)
{
    char err[512];
    /* --rules was read with the options, once (a pipe can be read once only). */
    ReadResult read =
        o->given_rules ? READ_OK : rules_read(DEAL_RULES_DEFAULT, rules_directory(), rules, err, sizeof err);
    if (read != READ_OK) {
        cli_error("skatdd batch: %s", err);
        return read_failure_status(read == READ_NO_MEMORY);
    }
    if (o->given_rules)
        *rules = *o->given_rules;
    if (!random_deal_of(options, rules, 0, deal, err, sizeof err)) {
        cli_error("skatdd batch: --contract %s: %s", random_contract(options), err);
        return EXIT_BAD_INPUT;
    }
    return EXIT_OK;
}

/* Checked before any work, as options are: one line, exit 2, and no --output
 * file made, nor an earlier run's file refused for another fingerprint. */
static int random_options_check(const BatchOptions *options, const CommonOptions *o)
{
    RuleSystem *rules = malloc(sizeof *rules);
    Deal *deal = malloc(sizeof *deal);
    int status = rules && deal ? random_rules(options, o, rules, deal) : out_of_memory(NULL);
    free(rules);
    free(deal);
    return status;
}

static int run_random(Batch *b)
{
    char err[512];
    RuleSystem *rules = malloc(sizeof *rules);
    Deal *deal = malloc(sizeof *deal);
    int status = rules && deal ? random_rules(b->options, b->common, rules, deal) : out_of_memory(NULL);
    b->total = b->options->random;
    for (int64_t i = 0; status == EXIT_OK && i < b->total; i++) {
        if (!wanted(b, i)) {
            if (b->finished)
                break;
            if (i < b->chunk * b->chunk_size)
                i = b->chunk * b->chunk_size - 1; /* another rank's chunks */
            continue;
        }
        random_deal_of(b->options, rules, i, deal, err, sizeof err);
        take(b, i, deal, NULL, rules);
        /* A deal file with this deal would be refused (a Tournee whose skat
         * turns no trump): so is the random deal, not played as another. */
        Pending *p = &b->pending[b->count - 1];
        deal_skat_turns(deal, rules, p->refused, sizeof p->refused);
    }
    free(rules);
    free(deal);
    return status;
}

static int run_files(Batch *b, int first, int argc, char **argv)
{
    int status = EXIT_OK;
    /* Every rank reads the files; one says what is wrong with them. */
    b->common->reader_quiet = b->mpi->rank > 1;
    for (int i = first; i < argc; i++) {
        int s = for_each_record(b->common, argv[i], file_deal, b);
        if (s != EXIT_OK)
            status = s > status ? s : status;
        if (s == EXIT_INTERNAL)
            return s;
    }
    b->total = b->seen;
    return status;
}

/* The work of a process that solves (alone, or a rank other than 0). */
static int work(Batch *b, int first, int argc, char **argv)
{
    int status = b->options->random ? run_random(b) : run_files(b, first, argc, argv);
    if (status == EXIT_INTERNAL)
        b->total = b->total < 0 ? b->seen : b->total;
    while (!b->finished)
        next_chunk(b); /* the last chunk, then the end */
    return status > b->status ? status : b->status;
}

static bool start_workers(Batch *b)
{
    b->workers = calloc((size_t)b->threads, sizeof *b->workers);
    b->pending = malloc((size_t)b->chunk_size * sizeof *b->pending);
    if (!b->workers || !b->pending)
        return false;
    for (int t = 0; t < b->threads; t++)
        if (!(b->workers[t] = b->options->job->worker_new(b->options->settings)))
            return false;
    return true;
}

static void stop_workers(Batch *b)
{
    for (int t = 0; b->workers && t < b->threads; t++)
        if (b->workers[t])
            b->options->job->worker_free(b->workers[t]);
    free(b->workers);
    free(b->pending);
}

static void report_rate(const Batch *b, int cores)
{
    if (b->common->quiet)
        return;
    double seconds = (wall_ms() - b->started) / 1000;
    double rate = seconds > 0 ? (double)b->delivered / seconds : 0;
    fprintf(stderr,
            "skatdd batch: %" PRId64 " deals in %.1f s: %.2f deals/s, %.3f deals/s per core (%d core%s)\n",
            b->delivered, seconds, rate, rate / cores, cores, cores == 1 ? "" : "s");
}

/* Every rank must answer the same question: checked before rank 0 touches
 * the file.  The number of random deals is no part of the run's fingerprint
 * (a run may be extended), but every rank must deal the same ones.  False:
 * another rank's input differs; it says so and ends the run. */
static bool ranks_agree(const Batch *b)
{
    BatchMpi *m = b->mpi;
    bool every_rank = true;
    if (m->size == 1)
        return every_rank;
    char mine[sizeof b->options->run + 32], run0[sizeof mine];
    if (b->options->random)
        snprintf(mine, sizeof mine, "%s, %" PRId64 " random deals", b->options->run, b->options->random);
    else
        snprintf(mine, sizeof mine, "%s", b->options->run);
    if (!batch_mpi_same_text(m, mine, run0, sizeof run0, &every_rank)) {
        fprintf(stderr,
                "skatdd batch: rank %d's input or options differ from rank 0's (run %s, rank 0's %s): every "
                "rank needs the same input files\n",
                m->rank, mine, run0);
        batch_mpi_abort(m, EXIT_BAD_INPUT);
    }
    return every_rank;
}

/* Rank 0 opens the output (and reads what an earlier run wrote there). */
static int open_output(Batch *b, BatchFile *file, int first, int argc, char **argv)
{
    char err[512], read_once_words[RULES_PATH + 64];
    int status = EXIT_OK;
    if (!batch_file_open(file, b->options->output, b->options->job->name, b->options->run,
                         deal_limit(b->options, first, argc, argv),
                         input_read_once(b->options, b->common, first, argc, argv, read_once_words,
                                         sizeof read_once_words),
                         err, sizeof err)) {
        cli_error("%s", err);
        status = file->bad_input ? EXIT_BAD_INPUT : EXIT_INTERNAL;
    }
    b->done = file->done;
    b->done_count = file->done_count;
    return status;
}

/* Every rank learns whether rank 0 could start, and the indices done: a
 * chunk size of 0 ends the run before any work. */
static void share_start(Batch *b, int status, bool every_rank)
{
    BatchMpi *m = b->mpi;
    if (m->rank == 0 && status != EXIT_OK)
        b->chunk_size = 0;
    if (!batch_mpi_share(m, &b->done.bounds, &b->done.bound_count, &b->chunk_size))
        batch_mpi_abort(m, EXIT_INTERNAL);
    if (!every_rank)
        b->chunk_size = 0;
    if (b->chunk_size == 0 && m->rank != 0)
        b->finished = true;
}

/* The deals worked on in this process's threads. */
static int work_here(Batch *b, int first, int argc, char **argv)
{
    int status;
    if (!start_workers(b)) {
        cli_error("skatdd batch: out of memory for the threads' tables");
        batch_mpi_abort(b->mpi, EXIT_INTERNAL); /* the other ranks cannot go on without this one's chunks */
        status = EXIT_INTERNAL;
    } else {
        status = work(b, first, argc, argv);
    }
    stop_workers(b);
    return status;
}

/* Rank 0 of several hands out the chunks and writes the lines; every other
 * process works (a run alone: both). */
static int run_deals(Batch *b, int status, int first, int argc, char **argv)
{
    BatchMpi *m = b->mpi;
    b->started = wall_ms();
    if (m->rank == 0 && m->size > 1) {
        BatchMpiCoordinator c = {chunk_needed, deliver, b};
        b->total = b->options->random ? b->options->random : -1;
        if (status == EXIT_OK && !batch_mpi_coordinate(m, b->total, b->chunk_size, &c))
            status = EXIT_INTERNAL;
    } else if (status == EXIT_OK && !b->finished) {
        status = work_here(b, first, argc, argv);
    }
    int cores = batch_mpi_solving_threads(m, b->threads);
    if (m->rank == 0) {
        show_progress(b, true);
        report_rate(b, cores);
    }
    return status;
}

/* Rank 0 closes the file (its indices go with it); the others free their copy. */
static int close_output(Batch *b, BatchFile *file, int status)
{
    char err[512];
    if (b->mpi->rank != 0) {
        free(b->done.bounds);
        return status;
    }
    b->done = (DoneIndices){0}; /* the file's, freed with it */
    if (!batch_file_close(file, err, sizeof err)) {
        if (err[0])
            cli_error("skatdd batch: %s", err);
        status = EXIT_INTERNAL;
    }
    return status;
}

static int batch_run(Batch *b, int first, int argc, char **argv)
{
    BatchMpi *m = b->mpi;
    BatchFile file = {0};
    /* Until another rank's differing input ends the run no rank works and
     * rank 0 writes nothing. */
    bool every_rank = ranks_agree(b);
    int status = every_rank ? EXIT_OK : EXIT_BAD_INPUT;
    if (m->rank == 0 && every_rank)
        status = open_output(b, &file, first, argc, argv);
    if (m->rank == 0)
        b->file = &file;
    if (m->size > 1)
        share_start(b, status, every_rank);
    if (status == EXIT_OK || m->size > 1)
        status = run_deals(b, status, first, argc, argv);
    status = b->status > status ? b->status : status;
    status = close_output(b, &file, status);
    b->file = NULL; /* file lives on this stack frame only */
    return status;
}

/* The common options batch uses; the others are refused. */
static const unsigned batch_common = COMMON_FORMAT | COMMON_THREADS | COMMON_TT_MB | COMMON_RULES | COMMON_QUIET;

/* batch's own options, then the job's that batch has not (its --seed and
 * --declarer are batch's), in extra (of 32). */
static void batch_extra_options(const Job *job, ExtraOption extra[32])
{
    int n = 0;
    for (int i = 0; batch_own_options[i].name; i++)
        extra[n++] = batch_own_options[i];
    for (int i = 0; job->options[i].name && n < 31; i++)
        if (!job_option(&(Job){.options = batch_own_options}, job->options[i].name))
            extra[n++] = job->options[i];
    extra[n] = (ExtraOption){NULL, false, VALUE_TEXT};
}

/* The options read (files from first on) that do not go together, said;
 * EXIT_OK when the run can start. */
static int check_batch_options(const BatchOptions *options, const CommonOptions *o, int first, int argc)
{
    const Job *job = options->job;
    if (job->settings_agree && !job->settings_agree(options->settings, "batch"))
        return EXIT_BAD_INPUT;
    if (o->format_given && o->format != FORMAT_JSON) {
        cli_error("skatdd batch: --format text: batch writes JSON lines only");
        return EXIT_BAD_INPUT;
    }
    if (options->random && first < argc) {
        cli_error("skatdd batch: --random deals and deal files do not go together");
        return EXIT_BAD_INPUT;
    }
    if (options->random && job == &job_analyze) {
        /* A random deal has no play to review: each deal was refused alone
         * ("missing key 'play'") and the run wrote nothing. */
        cli_error("skatdd batch: --job analyze reviews the play of recorded games, and --random deals have none: "
                  "give game files (YAML with play:, ISS records)");
        return EXIT_BAD_INPUT;
    }
    if (!options->random && first >= argc) {
        cli_error("skatdd batch: no file given and no --random N (see skatdd batch --help)");
        return EXIT_BAD_INPUT;
    }
    if (!options->random && !random_deal_options_fit(options))
        return EXIT_BAD_INPUT;
    if (options->contract && !job_plays_contract(job)) {
        /* It was ignored, and under the Tournee's rules a deal whose skat
         * turns no trump of it was even refused. */
        cli_error("skatdd batch: --contract is for the jobs that play one (solve, analyze): %s goes through "
                  "every contract of the rules", job->name);
        return EXIT_BAD_INPUT;
    }
    return options->random ? random_options_check(options, o) : EXIT_OK;
}

/* The run, under mpirun one rank of it: the fingerprint, then the deals. */
static int run_ranks(BatchOptions *options, CommonOptions *o, int first, int argc, char **argv)
{
    char err[512];
    BatchMpi mpi;
    if (!batch_mpi_start(&mpi, &argc, &argv, err, sizeof err)) {
        cli_error("skatdd batch: %s", err);
        return EXIT_INTERNAL;
    }
    if (!run_fingerprint(options, o, first, argc, argv)) {
        cli_error("skatdd batch: out of memory for the rule files of the run's fingerprint");
        batch_mpi_abort(&mpi, EXIT_INTERNAL); /* the other ranks would wait for this one */
        return batch_mpi_finish(&mpi, EXIT_INTERNAL);
    }
    Batch b = {.options = options, .common = o, .mpi = &mpi, .chunk = -1, .total = -1};
    b.threads = o->threads > 0 ? o->threads : omp_get_num_procs();
    b.chunk_size = options->chunk ? options->chunk : 8 * b.threads;
    return batch_mpi_finish(&mpi, batch_run(&b, first, argc, argv));
}

int cmd_batch(int argc, char **argv)
{
    const Job *job = find_job(argc, argv);
    if (!job)
        return EXIT_BAD_INPUT;
    CommonOptions o;
    BatchOptions options = {.job = job, .seed = 1, .declarer = SEAT_FOREHAND};
    ExtraOption extra[32];
    batch_extra_options(job, extra);
    common_defaults(&o);
    options.settings = job->settings_new(&o);
    if (!options.settings)
        return out_of_memory(NULL);
    int first = common_parse(argc, argv, &o, batch_help, batch_common, extra, batch_option, &options);
    int status = first < 0 ? common_parse_status(first) : check_batch_options(&options, &o, first, argc);
    if (first >= 0 && status == EXIT_OK)
        status = run_ranks(&options, &o, first, argc, argv);
    job->settings_free(options.settings);
    return status;
}
