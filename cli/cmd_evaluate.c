#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "common.h"
#include "deal.h"
#include "runner.h"
#include "evaluate.h"
#include "plot.h"
#include "jobs.h"

static const char evaluate_help[] =
    "usage: skatdd evaluate [OPTIONS] FILE...\n"
    "\n"
    "Evaluates a hand from the cards one player knows: a document with one hand\n"
    "given (its seat decides who leads), ten cards, or twelve after picking up the\n"
    "skat (or ten plus a skat:).  With ten cards every one of the 231 possible\n"
    "skats is looked at, each with sampled layouts of the defenders' cards; with\n"
    "twelve the skat is known and every one of the 66 discards is tried.  Every\n"
    "world is played for every contract of the rule system (the rows of skatdd\n"
    "table, ouvert games included): double-dummy by default, which is optimistic\n"
    "for the declarer, or --model single-dummy.  What the declarer decides before\n"
    "seeing the other cards is decided once for the worlds he cannot tell apart:\n"
    "a hand game's announcements for all of them, a skat game's discard per skat.\n"
    "No layout counts a discard chosen in it: with several layouts per skat, the\n"
    "discard counted in each is chosen on the skat's other layouts; with one, or\n"
    "with twelve cards, in layouts of its own.\n"
    "Putting the skat back is always among the discards, so a skat game never\n"
    "wins less often than the same hand game.\n"
    "\n"
    "Per contract: the chance to win, to make schneider and schwarz, the expected\n"
    "game value and Seeger-Fabian score, and for each bid the chance to win when\n"
    "forced to that bid with the best announcement (schneider, schwarz) for it;\n"
    "then the safe bid ceiling (the highest bid some contract wins with\n"
    "probability --confidence) and the break-even bid (the highest at which the\n"
    "contract best at that bid has an expected tournament score not negative);\n"
    "the break-even bid and the contract to play come from the rows possible\n"
    "with every skat (a Tournee with ten cards is not) and the choices below,\n"
    "as they say.\n"
    "With ten cards, double-dummy, a last line, skat, best game, is picking up\n"
    "the skat and then declaring the skat game that does best with it (of two\n"
    "or more), per skat\n"
    "and bid: the choice counted in a layout made on the skat's other layouts\n"
    "(with one layout per skat, in the world counted: optimistic, and not\n"
    "counted in the ceiling); the safe bid ceiling counts it too, and its\n"
    "expected score (the same choice made for the score) the break-even bid\n"
    "and, where it scores above every row, the contract to play.\n"
    "Under rules with a Tournee, a line tournee, best turn, is declaring a\n"
    "Tournee and taking the first skat card's trump or passing it for the\n"
    "second's, decided on the first card's other worlds (never on the world\n"
    "counted); it never wins less often than a Tournee row, and the safe bid\n"
    "ceiling counts it; its expected score (decided for the score) takes part\n"
    "in the break-even bid and the contract to play.\n"
    "\n"
    "options:\n"
    "  --samples N         layouts per skat (default 4; 1..64)\n"
    "  --quick             a fast estimate: 1 layout per skat, --discards 0,\n"
    "                      3 layouts per single-dummy decision; with 1 layout\n"
    "                      per skat, skats that differ only in which low cards\n"
    "                      of a suit they hold (7 8 9, and Q K outside null)\n"
    "                      share one discard choice; --samples, --discards\n"
    "                      and --sd-layouts given count, before it or after\n"
    "  --lost-levels-every N  double-dummy, ten cards: a lost suit or grand game\n"
    "                      is told schneidered or not only in the worlds of\n"
    "                      about 1 skat in N (default 4; at least 16 worlds\n"
    "                      per contract where it loses), which stand for the\n"
    "                      rest in the expected values and scores (chances and\n"
    "                      bids are as without it); 1: in every world\n"
    "                      (refused with --model single-dummy)\n"
    "  --discards K        ten cards, skat games: discards tried per skat besides\n"
    "                      putting the skat back and, for each layout it loses,\n"
    "                      the first that wins there: the first K in the order\n"
    "                      of the pilot skats' choices, then of a cheap estimate\n"
    "                      (default 1; 0..65)\n"
    "  --model M           double-dummy (default): every world solved as if all\n"
    "                      cards were open; single-dummy: every world played card\n"
    "                      by card by players who see only their own cards and what\n"
    "                      was played, each card chosen by solving sampled layouts\n"
    "  --sd-layouts N      single-dummy: layouts sampled per decision (default 6)\n"
    "  --sd-contracts N    single-dummy: rows played, the best by double-dummy\n"
    "                      expected score (default 3); --sd-layouts and\n"
    "                      --sd-contracts are refused with double-dummy\n"
    "  --seed N            random seed (default 1); the same seed gives the same\n"
    "                      result for any number of threads\n"
    "  --confidence P      for the safe bid ceiling (default 0.9; above 0, below 1)\n"
    "  --plot FILE.svg     chart of win probability against bid (needs gnuplot;\n"
    "                      one deal; batch takes every option here but this)\n"
    "  --fresh-check       double-dummy skat games: also play each skat's chosen\n"
    "                      discard in as many new layouts, which played no part in\n"
    "                      choosing it, and show what it wins there (refused\n"
    "                      with --model single-dummy)\n"
    "  --rules NAME|FILE   rule system (default: the deal's rules:, else isko)\n"
    "  --threads N         threads (default 0: all cores)\n"
    "  --tt-mb N           transposition tables in megabytes, the total over all\n"
    "                      threads (default 16; each thread at least 1)\n"
    "  --format text|json, --quiet (no progress bar)\n"
    "  --ascii, --symbols  suit letters or suit symbols in text (default: symbols\n"
    "                      on a UTF-8 terminal)\n"
    "  --help              this help\n";

static const EvalOptions evaluate_defaults = {.samples = 4, .seed = 1, .discards = 1, .confidence = 0.9,
                                             .model = MODEL_DOUBLE_DUMMY, .sd_layouts = 6, .sd_contracts = 3,
                                             .lost_every = 4};

typedef struct {
    EvalOptions eval;
    const char *plot;
    double started;
    bool show_progress;
    /* Given: --quick leaves them as given, before it or after it (skatdd
     * batch's run fingerprint sorts the options by name: their order must
     * not change the answers). */
    bool samples_given, discards_given, sd_layouts_given;
    /* Given, for the options one model alone reads (model_options_agree). */
    bool sd_contracts_given, lost_every_given;
} EvaluateOptions;

/* --NAME N, a whole number from low to high: into *out, and *given set;
 * false after saying what it needs. */
static bool count_option(const char *command, const char *name, const char *value, int low, int high, int *out,
                         bool *given)
{
    if (!parse_whole_int(value, low, high, out)) {
        cli_error("skatdd %s: --%s needs a whole number from %d to %d", command, name, low, high);
        return false;
    }
    *given = true;
    return true;
}

static bool model_option(EvaluateOptions *e, const char *command, const char *value)
{
    int m = eval_model_parse(value);
    if (m < 0) {
        cli_error("skatdd %s: --model must be double-dummy or single-dummy, not '%.40s'", command, value);
        return false;
    }
    e->eval.model = (EvalModel)m;
    return true;
}

static bool seed_option(EvaluateOptions *e, const char *command, const char *value)
{
    uint64_t seed;
    if (!parse_whole(value, 0, UINT64_MAX, &seed)) {
        cli_error("skatdd %s: --seed needs a whole number from 0 to %" PRIu64, command, UINT64_MAX);
        return false;
    }
    e->eval.seed = seed;
    return true;
}

static bool confidence_option(EvaluateOptions *e, const char *command, const char *value)
{
    double p;
    if (!parse_fraction(value, &p) || p <= 0 || p >= 1) {
        cli_error("skatdd %s: --confidence needs a probability above 0 and below 1", command);
        return false;
    }
    e->eval.confidence = p;
    return true;
}

/* --quick: the fast settings, for what was not given (before or after it). */
static void quick_option(EvaluateOptions *e)
{
    e->eval.samples = e->samples_given ? e->eval.samples : 1;
    e->eval.discards = e->discards_given ? e->eval.discards : 0;
    e->eval.sd_layouts = e->sd_layouts_given ? e->eval.sd_layouts : 3;
}

static bool evaluate_option(void *ctx, const char *command, const char *name, const char *value)
{
    EvaluateOptions *e = ctx;
    EvalOptions *v = &e->eval;
    if (strcmp(name, "samples") == 0)
        return count_option(command, name, value, 1, 64, &v->samples, &e->samples_given);
    if (strcmp(name, "discards") == 0)
        return count_option(command, name, value, 0, 65, &v->discards, &e->discards_given);
    if (strcmp(name, "lost-levels-every") == 0)
        return count_option(command, name, value, 1, EVAL_MAX_SKATS, &v->lost_every, &e->lost_every_given);
    if (strcmp(name, "sd-layouts") == 0)
        return count_option(command, name, value, 1, EVAL_MAX_SD_LAYOUTS, &v->sd_layouts, &e->sd_layouts_given);
    if (strcmp(name, "sd-contracts") == 0)
        return count_option(command, name, value, 1, EVAL_MAX_CONTRACTS, &v->sd_contracts, &e->sd_contracts_given);
    if (strcmp(name, "model") == 0)
        return model_option(e, command, value);
    if (strcmp(name, "seed") == 0)
        return seed_option(e, command, value);
    if (strcmp(name, "confidence") == 0)
        return confidence_option(e, command, value);
    if (strcmp(name, "quick") == 0)
        quick_option(e);
    else if (strcmp(name, "plot") == 0)
        e->plot = value;
    else if (strcmp(name, "fresh-check") == 0)
        v->fresh_check = true;
    return true;
}

/* One table for skatdd evaluate and batch --job evaluate, so that an option
 * added to the command is the job's too: the job's are the same from the
 * second entry on (job_evaluate), without --plot (batch draws no chart).
 * Batch puts every option of the job it is given in its run's fingerprint. */
static const ExtraOption evaluate_options[] = {
    {"plot", true, VALUE_TEXT}, /* first: the command's alone */
    {"samples", true, VALUE_WHOLE},
    {"discards", true, VALUE_WHOLE},
    {"seed", true, VALUE_WHOLE},
    {"confidence", true, VALUE_FRACTION},
    {"quick", false, VALUE_TEXT},
    {"model", true, VALUE_TEXT},
    {"sd-layouts", true, VALUE_WHOLE},
    {"sd-contracts", true, VALUE_WHOLE},
    {"fresh-check", false, VALUE_TEXT},
    {"lost-levels-every", true, VALUE_WHOLE},
    {NULL, false, VALUE_TEXT},
};

/* The options that one model alone reads, given with the other, would
 * change nothing without a word; the order they are given in does not
 * matter (checked once all are read).  False after saying which. */
static bool model_options_agree(const EvaluateOptions *e, const char *command)
{
    const char *single_dummy_only = e->sd_layouts_given     ? "--sd-layouts"
                                    : e->sd_contracts_given ? "--sd-contracts"
                                                            : NULL;
    if (e->eval.model != MODEL_SINGLE_DUMMY && single_dummy_only) {
        cli_error("skatdd %s: %s needs --model single-dummy (double-dummy samples no layouts per "
                  "decision and plays every row)", command, single_dummy_only);
        return false;
    }
    if (e->eval.model != MODEL_DOUBLE_DUMMY && e->eval.fresh_check) {
        cli_error("skatdd %s: --fresh-check needs --model double-dummy (single-dummy chooses each "
                  "discard in layouts of its own already)", command);
        return false;
    }
    if (e->eval.model != MODEL_DOUBLE_DUMMY && e->lost_every_given) {
        cli_error("skatdd %s: --lost-levels-every needs --model double-dummy (single-dummy tells every "
                  "lost world apart)", command);
        return false;
    }
    return true;
}

static void progress(void *ctx, int done, int total, long worlds)
{
    EvaluateOptions *e = ctx;
    double elapsed = (wall_ms() - e->started) / 1000.0;
    if (!e->show_progress || elapsed < 1.0)
        return;
    int width = 30, filled = total ? done * width / total : width;
    double left = done ? elapsed * (total - done) / done : 0;
    fprintf(stderr, "\r[%.*s%*s] %3d/%d skats, %6.0f worlds/s, %3.0f s left ", filled,
            "==============================", width - filled, "", done, total, worlds / elapsed, left);
    fflush(stderr);
}

/* The one hand the document gives, with its seat; a skat given with ten
 * cards is the skat already picked up. */
static bool known_hand(const Deal *d, int *seat, CardSet *hand, char *err, size_t n)
{
    int found = 0;
    for (int s = 0; s < SEAT_COUNT; s++)
        if (d->has_hand[s]) {
            *seat = s;
            found++;
        }
    if (found != 1) {
        snprintf(err, n, "%s:%d:%d: evaluate needs exactly one hand (the seat of the player to evaluate), not %d",
                 d->file, d->mark.line, d->mark.column, found);
        return false;
    }
    if (d->has_declarer && d->declarer != *seat) {
        snprintf(err, n, "%s:%d:%d: declarer is %s, but the hand given is %s's: evaluate rates the seat whose hand "
                 "is given", d->file, d->mark.line, d->mark.column, seat_name(d->declarer), seat_name(*seat));
        return false;
    }
    /* Keys of one game played: evaluate rates the hand for every contract,
     * and would leave them out without a word. */
    const char *played = d->has_contract ? "contract" : d->has_discard ? "discard" : d->play_count ? "play"
                         : d->kontra ? "kontra" : d->bid ? "bid" : d->spitze ? "spitze" : NULL;
    if (played) {
        bool spitze = strcmp(played, "spitze") == 0; /* which only score counts */
        Mark at = d->has_contract ? d->contract_mark : d->play_count ? d->play_mark : spitze ? d->spitze_mark : d->mark;
        snprintf(err, n, "%s:%d:%d: evaluate rates the hand for every contract: '%s' belongs to a game played "
                 "(%s)", d->file, at.line, at.column, played, spitze ? "score" : "solve, score, analyze");
        return false;
    }
    *hand = d->hands[*seat] | (d->has_skat ? d->skat : 0);
    return true;
}

/* The row's label with the announcement that wins at a bid: "grand hand
 * schneider announced". */
static const char *row_with_announcement(const RuleSystem *rules, const EvalContract *c, int announce, char *out,
                                         size_t n)
{
    char label[64];
    contract_row_label(rules, &c->contract, label, sizeof label);
    if (announce == ANNOUNCE_PER_SKAT)
        snprintf(out, n, "%s, announcing after seeing the skat", label);
    else if (announce > ANNOUNCE_NONE)
        snprintf(out, n, "%s %s announced", label, announcement_name((Announcement)announce));
    else
        snprintf(out, n, "%s", label);
    return out;
}

/* The sampling error of a probability near 0.5 over the worlds solved:
 * the skats are complete, the layouts a sample, so this errs on the safe side. */
static double standard_error(const Evaluation *e)
{
    return e->worlds > 0 ? 0.5 / sqrt((double)e->worlds) : 1.0;
}

static char announce_mark(int announce)
{
    return announce == ANNOUNCE_SCHNEIDER ? 'S' : announce == ANNOUNCE_SCHWARZ ? 'Z' : announce ? '*' : ' ';
}

/* A few bids where the chance drops (a row's or a choice's), each with the
 * announcement it needs where announce_at is given. */
static void print_bid_steps(int bid_count, const int *bids, const double *p_win_at, const signed char *announce_at,
                            double confidence)
{
    char chance[32];
    int shown = 0;
    for (int b = 0; b < bid_count && shown < 4; b++)
        if (p_win_at[b] > 0 && (b + 1 == bid_count || p_win_at[b + 1] < p_win_at[b])) {
            char mark = announce_at ? announce_mark(announce_at[b]) : ' ';
            printf(" %d:%s", bids[b], text_chance(p_win_at[b], confidence, chance, sizeof chance));
            if (mark != ' ')
                putchar(mark);
            shown++;
        }
}

static int label_width(const RuleSystem *rules, const Evaluation *e)
{
    int width = 19;
    for (int r = 0; r < e->contract_count; r++) {
        char label[64];
        int len = (int)strlen(contract_row_label(rules, &e->contracts[r].contract, label, sizeof label));
        width = len > width ? len : width;
    }
    return width;
}

/* The labels of the choices, as rows'. */
static const char after_skat_label[] = EVAL_AFTER_SKAT_LABEL;
static const char turn_label[] = EVAL_TURN_LABEL;

/* The bid a choice's picks are shown at: its own safe ceiling, else its
 * lowest bid; its index, -1 none. */
static int choice_shown(const Evaluation *e, const EvalAfterSkat *a)
{
    int shown = a->bid_count > 0 ? 0 : -1;
    for (int b = 0; b < a->bid_count; b++)
        if (a->p_win_at[b] >= e->confidence)
            shown = b;
    return shown;
}

/* A choice (after the skat, or the turn) as a row: its bid steps (as
 * print_bid_steps), then which games it chose how often at choice_shown's
 * bid. */
static void print_choice(const RuleSystem *rules, const Evaluation *e, const EvalAfterSkat *a, const char *name,
                         int width)
{
    char label[64];
    int at = choice_shown(e, a);
    if (!a->evaluated || at < 0)
        return;
    printf("%-*s %6s %6s %6s %8s %8.1f ", width, name, "", "", "", "", a->expected_score);
    print_bid_steps(a->bid_count, a->bids, a->p_win_at, NULL, e->confidence);
    double worlds = (double)a->worlds;
    printf("  chosen at %d:", a->bids[at]);
    for (int r = 0; r < e->contract_count; r++)
        if (a->chose[at][r])
            printf(" %s %.2f", contract_row_label(rules, &e->contracts[r].contract, label, sizeof label),
                   a->chose[at][r] / worlds);
    if (a->second_turn[at])
        printf(" (second card %.2f)", a->second_turn[at] / worlds);
    if (a->overbid[at])
        printf(" %s %.2f", a->turn ? "no game" : "overbid", a->overbid[at] / worlds);
    printf("\n");
}

static void print_rows(const CommonOptions *o, const RuleSystem *rules, const Evaluation *e)
{
    char buf[128], label[64], chance[32];
    int width = label_width(rules, e);
    printf("%-*s %6s %6s %6s %8s %8s  %s\n", width, "contract", "win", "schn", "schw", "E(value)", "E(score)",
           "win chance at bids (S, Z: schneider, schwarz announced; *: after the skat)");
    for (int r = 0; r < e->contract_count; r++) {
        const EvalContract *c = &e->contracts[r];
        if (!c->evaluated)
            continue;
        printf("%-*s %6s %6.2f %6.2f %8.1f %8.1f ", width,
               contract_row_label(rules, &c->contract, label, sizeof label),
               text_chance(c->p_win, e->confidence, chance, sizeof chance), c->p_schneider, c->p_schwarz,
               c->expected_value, c->expected_score);
        print_bid_steps(c->bid_count, c->bids, c->p_win_at, c->announce_at, e->confidence);
        if (e->discards[r])
            printf("  discard %s", text_cards(o, c->contract.game, e->discards[r], buf, sizeof buf));
        if (c->p_available < 1)
            printf("  (possible with %.0f%% of the skats)", 100 * c->p_available);
        printf("\n");
    }
    print_choice(rules, e, &e->after_skat, after_skat_label, width);
    print_choice(rules, e, &e->turn, turn_label, width);
}

/* --fresh-check: what each skat game's discards win in layouts that played
 * no part in choosing them, against the chance reported. */
static void print_fresh_check(const RuleSystem *rules, const Evaluation *e)
{
    char label[64];
    int shown = 0;
    for (int r = 0; r < e->contract_count; r++) {
        const EvalContract *c = &e->contracts[r];
        if (!c->evaluated || c->p_win_fresh < 0)
            continue;
        if (!shown++)
            printf("Fresh check, the discards chosen per skat played in %ld new worlds (reported in brackets):\n ",
                   e->worlds);
        printf(" %s %.2f (%.2f)", contract_row_label(rules, &c->contract, label, sizeof label), c->p_win_fresh,
               c->p_win);
    }
    if (shown)
        printf("\n");
}

/* Which rows single-dummy played: --sd-contracts of them, or every row
 * where there are no more. */
static void print_single_dummy_rows(const Evaluation *e, int sd_layouts)
{
    int played = 0;
    for (int r = 0; r < e->contract_count; r++)
        played += e->contracts[r].evaluated;
    printf("Single-dummy: every player chose each card from %d sampled layout%s of the cards he could not see.\n",
           sd_layouts, sd_layouts == 1 ? "" : "s");
    if (played == e->contract_count)
        printf("Played: every contract.\n\n");
    else
        printf("Played: the %d contract%s with the best double-dummy expected score; the others are left out.\n\n",
               played, played == 1 ? "" : "s");
}

static void print_text(const CommonOptions *o, const RuleSystem *rules, const Deal *d, const Evaluation *e,
                       const EvalOptions *eo, double ms)
{
    char buf[128], name[160], confidence[32];
    text_fraction(e->confidence, confidence, sizeof confidence);
    if (d->name[0])
        printf("%s\n", d->name);
    printf("%s holds %s\n", seat_name(e->seat), text_cards(o, GAME_GRAND, e->hand, buf, sizeof buf));
    printf("%d skat%s x %d layout%s = %ld worlds played %s (%s rules), %.1f s\n", e->skats, e->skats == 1 ? "" : "s",
           e->samples, e->samples == 1 ? "" : "s", e->worlds, eval_model_name(e->model), rules->name, ms / 1000);
    print_rows(o, rules, e);
    print_fresh_check(rules, e);
    if (e->ceiling_after_skat)
        printf("Bid up to %d (wins with probability %s or more: pick up the skat and play the best game for it)",
               e->bid_ceiling, confidence);
    else if (e->ceiling_turn)
        printf("Bid up to %d (wins with probability %s or more: a Tournee, taking or passing the first card)",
               e->bid_ceiling, confidence);
    else if (e->bid_ceiling)
        printf("Bid up to %d (wins with probability %s or more with %s)", e->bid_ceiling, confidence,
               row_with_announcement(rules, &e->contracts[e->ceiling_contract], e->ceiling_announce, name,
                                     sizeof name));
    else
        printf("No bid is safe at probability %s", confidence);
    if (e->best_turn)
        printf("; play a Tournee, taking or passing the first card");
    else if (e->best_after_skat && e->ceiling_after_skat)
        printf("; play that way too");
    else if (e->best_after_skat)
        printf("; pick up the skat and play the best game for it");
    else if (e->best_contract >= 0)
        printf("; play %s", contract_row_label(rules, &e->contracts[e->best_contract].contract, name, sizeof name));
    printf(".\nBreak-even bid (expected Seeger-Fabian score >= 0): %s", e->best_bid ? "" : "none");
    if (e->best_bid)
        printf("%d", e->best_bid);
    printf(".\nSampling error: about +-%.3f on a probability near 0.5 (one standard error over %ld worlds).\n",
           standard_error(e), e->worlds);
    if (e->after_skat.evaluated && e->after_skat.seen_world)
        printf("With one layout per skat, \"%s\" is chosen in the world it counts (the chance that some\n"
               "skat game wins there, the best score there): optimistic, so it sets no bid ceiling and no\n"
               "break-even bid; with several layouts, on the skat's others.\n",
               after_skat_label);
    if (set_count(e->hand) == 12)
        printf("With twelve cards the skat is known: each row is already a game chosen after seeing it.\n");
    if (e->lost_every > 1)
        printf("Lost games told schneidered or not in the worlds of about 1 skat in %d (at least %d worlds per\n"
               "contract), which stand for the rest in E(value) and E(score).\n",
               e->lost_every, EVAL_MIN_RESOLVED);
    if (e->model == MODEL_DOUBLE_DUMMY)
        printf("Double-dummy worlds are optimistic for the declarer, who plays as if he saw the defenders' cards\n"
               "(make bench: about 5 card points a game against sampling play), and far more for the defenders\n"
               "(about 21 points); --model single-dummy plays without either (see the README).\n\n");
    else
        print_single_dummy_rows(e, eo->sd_layouts);
}

static json_t *bids_json(const EvalContract *c)
{
    json_t *bids = json_array();
    for (int b = 0; b < c->bid_count; b++) {
        json_t *bj = json_object();
        json_object_set_new(bj, "bid", json_integer(c->bids[b]));
        json_object_set_new(bj, "p_win", json_real(c->p_win_at[b]));
        int a = c->announce_at[b];
        json_object_set_new(bj, "announce", a == ANNOUNCE_PER_SKAT ? json_string("per skat")
                                            : a > ANNOUNCE_NONE     ? json_string(announcement_name((Announcement)a))
                                                                    : json_null());
        json_object_set_new(bj, "expected_score", json_real(c->score_at[b]));
        json_array_append_new(bids, bj);
    }
    return bids;
}

/* A choice (after the skat, or the turn): null where not evaluated (twelve
 * cards, single-dummy; the turn: rules without a Tournee). */
static json_t *choice_json(const RuleSystem *rules, const Evaluation *e, const EvalAfterSkat *a)
{
    int at = choice_shown(e, a);
    if (!a->evaluated || at < 0)
        return json_null();
    char label[64];
    json_t *j = json_object(), *bids = json_array(), *choices = json_object();
    for (int b = 0; b < a->bid_count; b++) {
        json_t *bj = json_object();
        json_object_set_new(bj, "bid", json_integer(a->bids[b]));
        json_object_set_new(bj, "p_win", json_real(a->p_win_at[b]));
        json_object_set_new(bj, "expected_score", json_real(a->score_at[b]));
        json_array_append_new(bids, bj);
    }
    for (int r = 0; r < e->contract_count; r++)
        if (a->chose[at][r])
            json_object_set_new(choices, contract_row_label(rules, &e->contracts[r].contract, label, sizeof label),
                                json_real(a->chose[at][r] / (double)a->worlds));
    json_object_set_new(j, "seen_world", json_boolean(a->seen_world));
    json_object_set_new(j, "bids", bids);
    json_object_set_new(j, "choices_at", json_integer(a->bids[at]));
    json_object_set_new(j, "choices", choices);
    json_object_set_new(j, "expected_score", json_real(a->expected_score));
    if (a->turn) {
        json_object_set_new(j, "second_card", json_real(a->second_turn[at] / (double)a->worlds));
        json_object_set_new(j, "no_game", json_real(a->overbid[at] / (double)a->worlds));
    } else {
        json_object_set_new(j, "overbid", json_real(a->overbid[at] / (double)a->worlds));
    }
    return j;
}

static json_t *contract_json(const RuleSystem *rules, const Evaluation *e, int r)
{
    char name[64];
    const EvalContract *c = &e->contracts[r];
    json_t *j = json_object();
    json_object_set_new(j, "contract", json_string(contract_row_label(rules, &c->contract, name, sizeof name)));
    json_object_set_new(j, "hand", json_boolean(c->contract.hand));
    json_object_set_new(j, "ouvert", json_boolean(c->contract.ouvert));
    json_object_set_new(j, "evaluated", json_boolean(c->evaluated));
    if (!c->evaluated)
        return j;
    json_object_set_new(j, "p_available", json_real(c->p_available));
    json_object_set_new(j, "p_win", json_real(c->p_win));
    if (c->p_win_fresh >= 0)
        json_object_set_new(j, "p_win_fresh", json_real(c->p_win_fresh));
    json_object_set_new(j, "p_schneider", json_real(c->p_schneider));
    json_object_set_new(j, "p_schwarz", json_real(c->p_schwarz));
    json_object_set_new(j, "expected_value", json_real(c->expected_value));
    json_object_set_new(j, "expected_score", json_real(c->expected_score));
    json_object_set_new(j, "bids", bids_json(c));
    json_object_set_new(j, "discard", e->discards[r] ? json_cards(c->contract.game, e->discards[r]) : json_null());
    return j;
}

static json_t *evaluation_json(const RuleSystem *rules, const Deal *d, const Evaluation *e, const EvalOptions *eo,
                               double ms)
{
    char name[160];
    json_t *o = json_object();
    json_object_set_new(o, "name", d->name[0] ? json_string(d->name) : json_null());
    json_object_set_new(o, "rules", json_string(rules->name));
    json_object_set_new(o, "model", json_string(eval_model_name(e->model)));
    if (e->model == MODEL_SINGLE_DUMMY) {
        json_object_set_new(o, "sd_layouts", json_integer(eo->sd_layouts));
        json_object_set_new(o, "sd_contracts", json_integer(eo->sd_contracts));
    }
    json_object_set_new(o, "seat", json_string(seat_name(e->seat)));
    json_object_set_new(o, "hand", json_cards(GAME_GRAND, e->hand));
    json_object_set_new(o, "skats", json_integer(e->skats));
    json_object_set_new(o, "samples", json_integer(e->samples));
    json_object_set_new(o, "worlds", json_integer(e->worlds));
    json_object_set_new(o, "lost_levels_every", json_integer(e->lost_every));
    json_t *list = json_array();
    for (int r = 0; r < e->contract_count; r++)
        json_array_append_new(list, contract_json(rules, e, r));
    json_object_set_new(o, "contracts", list);
    json_object_set_new(o, "confidence", json_real(e->confidence));
    json_object_set_new(o, "standard_error", json_real(standard_error(e)));
    json_object_set_new(o, "bid_ceiling", e->bid_ceiling ? json_integer(e->bid_ceiling) : json_null());
    json_object_set_new(o, "ceiling_contract",
                        e->ceiling_after_skat ? json_string(after_skat_label)
                        : e->ceiling_turn     ? json_string(turn_label)
                        : e->bid_ceiling ? json_string(row_with_announcement(rules, &e->contracts[e->ceiling_contract],
                                                                             e->ceiling_announce, name, sizeof name))
                                         : json_null());
    json_object_set_new(o, "ceiling_after_skat", json_boolean(e->ceiling_after_skat));
    json_object_set_new(o, "after_skat", choice_json(rules, e, &e->after_skat));
    json_object_set_new(o, "ceiling_turn", json_boolean(e->ceiling_turn));
    json_object_set_new(o, "turn", choice_json(rules, e, &e->turn));
    json_object_set_new(o, "best_bid", e->best_bid ? json_integer(e->best_bid) : json_null());
    json_object_set_new(o, "best_contract",
                        e->best_turn            ? json_string(turn_label)
                        : e->best_after_skat    ? json_string(after_skat_label)
                        : e->best_contract >= 0 ? json_string(contract_row_label(
                                                    rules, &e->contracts[e->best_contract].contract, name, sizeof name))
                                              : json_null());
    /* In the order of the row it is the discard of (a null game's differs). */
    json_object_set_new(o, "discard", e->discard ? json_cards(e->contracts[e->best_contract].contract.game, e->discard)
                                                 : json_null());
    json_object_set_new(o, "nodes", json_integer((json_int_t)e->nodes));
    json_object_set_new(o, "ms", json_real(ms));
    return o;
}

typedef struct {
    const CommonOptions *common;
    EvaluateOptions *options;
    Evaluation *evaluation;
    int deals; /* read so far (--plot: a chart shows one) */
} EvaluateRun;

/* The seat and hand a deal gives to rate (for batch, a full deal's
 * declarer's, else forehand's); false with the reason in err when there is
 * none, or evaluate cannot rate the deal as its rules ask. */
static bool hand_to_rate(const Deal *deal, const RuleSystem *rules, bool batch, int *seat, CardSet *hand, char *err,
                         size_t n)
{
    if (batch && deal->full_deal) {
        *seat = deal->has_declarer ? deal->declarer : SEAT_FOREHAND;
        *hand = deal->hands[*seat];
    } else if (!known_hand(deal, seat, hand, err, n)) {
        return false;
    }
    if (deal->bock) {
        snprintf(err, n, "%s:%d:%d: 'bock': evaluate rates every contract without a Bock round's doubling "
                 "(solve, score and analyze count it)", deal->file, deal->bock_mark.line, deal->bock_mark.column);
        return false;
    }
    char why[256];
    if (!evaluate_ladder_fits(rules, why, sizeof why)) {
        snprintf(err, n, "%s:%d:%d: %s", deal->file, deal->mark.line, deal->mark.column, why);
        return false;
    }
    return true;
}

/* The evaluation of the hand a deal gives: its JSON object in *json when json
 * is not NULL (skatdd batch: a full deal's declarer's hand, else
 * forehand's), else printed in the format chosen.  EXIT_BAD_INPUT with the
 * reason in err for a document without one hand, or of a Bock round.  A
 * full deal's game (contract, discard, play, bid, kontra, spitze, result)
 * comes after the hand rated, but a Bock round doubles every contract's
 * value, which evaluate would leave out without a word, in both forms. */
static int evaluate_one(EvaluateRun *run, const Deal *deal, const RuleSystem *rules, json_t **json, char *err,
                        size_t n)
{
    EvaluateOptions *eo = run->options;
    Evaluation *e = run->evaluation;
    int seat;
    CardSet hand;
    if (!hand_to_rate(deal, rules, json != NULL, &seat, &hand, err, n))
        return EXIT_BAD_INPUT;
    char why[256];
    eo->eval.known_skat = set_count(hand) == 12 && deal->has_skat ? deal->skat : 0;
    eo->started = wall_ms();
    if (!evaluate_hand(rules, seat, hand, &eo->eval, e, why, sizeof why)) {
        snprintf(err, n, "skatdd evaluate: %s", why);
        return EXIT_INTERNAL;
    }
    double ms = wall_ms() - eo->started;
    if (eo->show_progress && ms >= 1000)
        fprintf(stderr, "\r%*s\r", 78, "");
    if (json) {
        *json = evaluation_json(rules, deal, e, &eo->eval, ms);
        return EXIT_OK;
    }
    if (run->common->format == FORMAT_JSON)
        json_print_line(evaluation_json(rules, deal, e, &eo->eval, ms));
    else
        print_text(run->common, rules, deal, e, &eo->eval, ms);
    fflush(stdout);
    if (eo->plot && !plot_evaluation(eo->plot, rules, e, why, sizeof why)) {
        snprintf(err, n, "skatdd evaluate: --plot %s: %s", eo->plot, why);
        return EXIT_INTERNAL;
    }
    return EXIT_OK;
}

/* --plot draws one deal's chart: a second deal would replace it without a
 * word.  Said at the second deal, once. */
static void say_one_deal(const Deal *deal, const char *plot)
{
    cli_error("%s:%d:%d: --plot %s draws one deal's chart, and this is a second deal: give one deal, or "
              "evaluate the others without --plot", deal->file, deal->mark.line, deal->mark.column, plot);
}

static int evaluate_deal(void *ctx, const Deal *deal, const RuleSystem *rules)
{
    EvaluateRun *run = ctx;
    if (run->options->plot && ++run->deals > 1) {
        /* Standard input or a pipe, not counted before (it cannot be read
         * twice): the first deal is evaluated and drawn, the rest refused. */
        if (run->deals == 2)
            say_one_deal(deal, run->options->plot);
        return EXIT_BAD_INPUT;
    }
    char err[512];
    int status = evaluate_one(ctx, deal, rules, NULL, err, sizeof err);
    if (status != EXIT_OK)
        cli_error("%s", err);
    return status;
}

/* Counting the deals of a file up to the second, which is said. */
static int count_deal(void *ctx, const Deal *deal, const RuleSystem *rules)
{
    (void)rules;
    EvaluateRun *run = ctx;
    if (++run->deals < 2)
        return EXIT_OK;
    say_one_deal(deal, run->options->plot);
    return EXIT_INTERNAL; /* stops the reading of any file (the status is not kept) */
}

/* --plot draws one deal: more files, or a file of more deals, are refused
 * before any work.  A file is read for this without its messages (the
 * evaluation reads it again and says them); standard input and pipes cannot
 * be read twice: evaluate_deal refuses their second deal. */
static bool plot_input_is_one_deal(const CommonOptions *o, EvaluateRun *run, int files, const char *path)
{
    if (files > 1) {
        cli_error("skatdd evaluate: --plot %s draws one deal's chart, and %d files are given: give one "
                  "deal, or evaluate the others without --plot", run->options->plot, files);
        return false;
    }
    struct stat st;
    if (strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return true;
    CommonOptions quiet = *o;
    quiet.reader_quiet = true;
    for_each_deal(&quiet, path, count_deal, run);
    bool one = run->deals < 2;
    run->deals = 0;
    return one;
}

/* The common options evaluate uses; the others are refused. */
static const unsigned evaluate_common =
    COMMON_FORMAT | COMMON_THREADS | COMMON_TT_MB | COMMON_RULES | COMMON_SYMBOLS | COMMON_QUIET;

int cmd_evaluate(int argc, char **argv)
{
    CommonOptions o;
    EvaluateOptions eo = {.eval = evaluate_defaults};
    int status;
    int first =
        command_start(argc, argv, &o, evaluate_help, evaluate_common, evaluate_options, evaluate_option, &eo, &status);
    if (first < 0)
        return status;
    char why[256];
    if (!model_options_agree(&eo, argv[0]))
        return EXIT_BAD_INPUT;
    if (eo.plot && !plot_check_path(eo.plot, why, sizeof why)) {
        cli_error("skatdd evaluate: --plot %s: %s", eo.plot, why);
        return EXIT_BAD_INPUT;
    }
    eo.eval.threads = o.threads;
    eo.eval.tt_bytes = (size_t)o.tt_mb << 20;
    eo.eval.progress = progress;
    eo.eval.progress_ctx = &eo;
    eo.show_progress = !o.quiet && isatty(STDERR_FILENO);
    EvaluateRun run = {.common = &o, .options = &eo, .evaluation = malloc(sizeof(Evaluation))};
    if (!run.evaluation)
        return out_of_memory(NULL);
    if (eo.plot && !plot_input_is_one_deal(&o, &run, argc - first, argv[first])) {
        free(run.evaluation);
        return EXIT_BAD_INPUT;
    }
    for (int i = first; i < argc && status != EXIT_INTERNAL; i++) /* a bad file does not stop the others */
        status = exit_status_worse(status, for_each_deal(&o, argv[i], evaluate_deal, &run));
    free(run.evaluation);
    return status;
}

/* ----- skatdd batch: one thread per deal, no progress bar, no chart -------- */

typedef struct {
    CommonOptions *common;
    EvaluateOptions options;
} EvaluateSettings;

static void *evaluate_settings_new(CommonOptions *common)
{
    EvaluateSettings *s = malloc(sizeof *s);
    if (s)
        *s = (EvaluateSettings){.common = common, .options = {.eval = evaluate_defaults}};
    return s;
}

static bool evaluate_settings_option(void *ctx, const char *command, const char *name, const char *value)
{
    EvaluateSettings *s = ctx;
    return evaluate_option(&s->options, command, name, value);
}

static bool evaluate_settings_agree(void *settings, const char *command)
{
    EvaluateSettings *s = settings;
    return model_options_agree(&s->options, command);
}

typedef struct {
    EvaluateOptions options; /* the settings' with this worker's thread and table */
    EvaluateRun run;
} EvaluateWorker;

static void *evaluate_worker_new(void *settings)
{
    EvaluateSettings *s = settings;
    EvaluateWorker *w = malloc(sizeof *w);
    Evaluation *e = malloc(sizeof *e);
    if (!w || !e) {
        free(w);
        free(e);
        return NULL;
    }
    w->options = s->options;
    w->options.eval.threads = 1;
    w->options.eval.tt_bytes = (size_t)s->common->tt_mb << 20;
    w->run = (EvaluateRun){.common = s->common, .options = &w->options, .evaluation = e};
    return w;
}

static void evaluate_worker_free(void *worker)
{
    EvaluateWorker *w = worker;
    if (w)
        free(w->run.evaluation);
    free(w);
}

static json_t *evaluate_job_run(void *worker, const Deal *deal, const IssGame *iss, const RuleSystem *rules, char *err,
                                size_t n, int *status)
{
    (void)iss; /* the deal as read: a record's early end matters to analyze only */
    EvaluateWorker *w = worker;
    json_t *json = NULL;
    *status = evaluate_one(&w->run, deal, rules, &json, err, n);
    return json;
}

const Job job_evaluate = {"evaluate",          evaluate_options + 1, evaluate_settings_new, evaluate_settings_option,
                          evaluate_worker_new, evaluate_worker_free, evaluate_job_run,      free,
                          evaluate_settings_agree};
