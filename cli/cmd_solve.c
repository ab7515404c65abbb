#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "analysis.h"
#include "commands.h"
#include "common.h"
#include "scoretext.h"
#include "deal.h"
#include "runner.h"
#include "discard.h"
#include "gamevalue.h"
#include "rulecontract.h"
#include "jobs.h"

static const char solve_help[] =
    "usage: skatdd solve [OPTIONS] FILE...\n"
    "\n"
    "Solves each deal or position of the YAML files, or each game of ISS records\n"
    "((;GM[Skat]...;), from its start), double-dummy (all cards known):\n"
    "the declarer's card points with best play by both sides (null: whether the\n"
    "declarer can avoid every trick), whether the declarer can force schwarz, whether\n"
    "the defenders can keep him from any further trick, the value of every legal\n"
    "card of the player to move, and one optimal line to the end.  A skat game\n"
    "dealt in full with no discard gets the best discard.  A Ramsch (contract: ramsch)\n"
    "gives per seat the fewest card points it can hold itself to against the other\n"
    "two, whether it can take every trick and whether it can avoid every trick.\n"
    "\n"
    "options:\n"
    "  --after N           the position after the first N cards played (ISS records,\n"
    "                      and YAML deals' play:)\n"
    "  --rules NAME|FILE   rule system for the outcome (default: the deal's rules:,\n"
    "                      else isko)\n"
    "  --format text|json  text (default) or one JSON object per deal and line\n"
    "  --threads N         1 (default) or 2 (0: 2 where there are two cores or\n"
    "                      more): two threads share each position's search, its\n"
    "                      value, cards and line, on one table; the answers are\n"
    "                      the same, the nodes vary from run to run with two\n"
    "  --tt-mb N           transposition table in megabytes (default 16)\n"
    "  --ascii, --symbols  suit letters or suit symbols in text (default: symbols\n"
    "                      on a UTF-8 terminal)\n"
    "  --help              this help\n";

typedef struct {
    const Deal *deal;
    Position pos;          /* after discard and play */
    bool discard_found;    /* the solver chose the discard */
    CardSet discard;       /* 0 in a hand game or a position */
    Analysis analysis;
    bool has_outcome;      /* full deals: the game's result with best play */
    GameScore outcome;
    const RuleSystem *rules;
    double ms;
} SolveReport;

/* The declarer's tricks at the end of the optimal line: those taken so far
 * and those the line wins for him. */
static int line_declarer_tricks(const Position *p, const Analysis *a)
{
    Position cur = *p;
    int tricks = p->declarer_tricks;
    for (int i = 0; i < a->line_length; i++)
        tricks += position_play(&cur, a->line[i]) == p->declarer;
    return tricks;
}

/* The game's result under the rules if both sides play perfectly from here:
 * the double-dummy points, and schwarz either way when a side can force it. */
static void compute_outcome(const Deal *deal, const RuleSystem *rules, SolveReport *r)
{
    const Position *p = &r->pos;
    const Analysis *a = &r->analysis;
    if (!deal->full_deal)
        return;
    GamePlay play = {.cards = deal->hands[p->declarer] | deal->skat, .skat = deal->skat, .bid = deal->bid,
                     .doubling = deal->kontra, .bock = deal->bock};
    char err[256];
    if (!rules_check_contract(rules, &deal->contract, &play.contract, err, sizeof err))
        return;
    /* Only schwarz or not counts: the side that can force it does, the other
     * keeps it from happening.  The tricks in between are the printed line's,
     * for the message of a missed schwarz announcement ("8 tricks"). */
    int line_tricks = line_declarer_tricks(p, a);
    int tricks = line_tricks < 1 ? 1 : line_tricks > 9 ? 9 : line_tricks;
    PlayResult result = {.null_won = a->value != 0, .points = a->value, .declarer_schwarz = a->declarer_can_schwarz,
                         .defenders_schwarz = a->defenders_can_schwarz && p->declarer_tricks == 0, .tricks = tricks};
    gamevalue_set_result(&play, p->game, &result);
    r->has_outcome = gamevalue_score(rules, &play, &r->outcome) || !r->outcome.valid;
    r->rules = rules;
}

/* The position to solve, choosing the discard when a skat game has none:
 * as the table chooses it, the highest game value (null: won), then the
 * most card points. */
static void prepare(Solver *solver, const Deal *deal, SolveReport *r)
{
    deal_position(deal, &r->pos);
    r->discard = deal->has_discard ? deal->discard : 0;
    if (deal->full_deal && !deal->contract.hand && !deal->has_discard) {
        r->discard = choose_skat_game_discard(solver, &r->pos, r->rules->lost_counts_schwarz);
        r->discard_found = true;
    }
}

/* The moves in the game's order: trumps first, then by suit, high to low. */
static void sort_moves(GameType game, const MoveValue *moves, int count, int order[10])
{
    for (int i = 0; i < count; i++) {
        int key = game_order_key(game, moves[i].card);
        int k = i;
        while (k > 0 && game_order_key(game, moves[order[k - 1]].card) > key) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
}

/* The cards of the trick the position stands in, on a line of their own. */
static void print_trick_so_far(const CommonOptions *o, const Position *p)
{
    char card[8];
    if (!p->trick_size)
        return;
    printf("  %-22s", "trick so far");
    for (int i = 0; i < p->trick_size; i++)
        printf(" %s", text_card(o, p->trick[i], card));
    printf("\n");
}

/* One card of a line of play, played in cur: a trick's first card opens its
 * line (number, leader, the cards already in it when the line starts inside
 * a trick).  Returns the trick's winner when the card completes it, for the
 * caller to end its line, else -1. */
static int print_line_card(const CommonOptions *o, Position *cur, int card, int *number, bool *open)
{
    char text[8];
    if (*open) {
        printf("  %2d. %-10s", *number, seat_name(cur->leader));
        for (int k = 0; k < cur->trick_size; k++)
            printf(" %s", text_card(o, cur->trick[k], text));
        *open = false;
    }
    printf(" %s", text_card(o, card, text));
    int winner = position_play(cur, card);
    if (winner >= 0) {
        ++*number;
        *open = true;
    }
    return winner;
}

static const char *yes_no(bool b) { return b ? "yes" : "no"; }

static void print_value(const Position *pos, int value)
{
    if (pos->game == GAME_NULL)
        printf("%s", value ? "declarer wins" : "declarer loses");
    else
        printf("%d", value);
}

/* The hands, skat and discard, the trick on the table, the contract and
 * what the declarer has taken so far. */
static void print_position(const CommonOptions *o, const SolveReport *r)
{
    const Deal *d = r->deal;
    const Position *p = &r->pos;
    GameType g = p->game;
    char contract[RULES_TEXT];
    if (d->name[0])
        printf("%s\n", d->name);
    print_hand_rows(o, g, p->hands, p->declarer);
    if (d->has_skat)
        print_cards_row(o, "skat", g, d->skat, "");
    if (r->discard)
        print_cards_row(o, "discard", g, r->discard, r->discard_found ? " (best, found by the solver)" : "");
    print_trick_so_far(o, p);
    printf("Contract: %s, declarer %s; %s to play", rules_contract_name(r->rules, &d->contract, contract, sizeof contract),
           seat_name(p->declarer), seat_name(position_to_move(p)));
    if (g != GAME_NULL)
        printf("; declarer has %d card points and %d trick%s so far", p->declarer_points, p->declarer_tricks,
               p->declarer_tricks == 1 ? "" : "s");
    printf("\n");
}

static void print_result(GameType g, const Analysis *a)
{
    if (g == GAME_NULL)
        printf("Result: the declarer %s every trick with best play\n",
               a->value ? "can avoid" : "cannot avoid");
    else
        printf("Result: declarer takes %d card points with best play; can force schwarz: %s; "
               "defenders can keep him from any further trick: %s\n",
               a->value, yes_no(a->declarer_can_schwarz), yes_no(a->defenders_can_schwarz));
}

/* Each legal card of the player to move with its value, in sorted order. */
static void print_moves(const CommonOptions *o, const Position *p, const Analysis *a)
{
    char card[8];
    if (!a->move_count)
        return;
    printf("Cards for %s:", seat_name(position_to_move(p)));
    int order[10];
    sort_moves(p->game, a->moves, a->move_count, order);
    for (int i = 0; i < a->move_count; i++) {
        printf(" %s ", text_card(o, a->moves[order[i]].card, card));
        print_value(p, a->moves[order[i]].value);
        printf(i + 1 < a->move_count ? "," : "\n");
    }
}

/* One optimal line to the end, a trick a line with its winner. */
static void print_optimal_line(const CommonOptions *o, const Position *p, const Analysis *a)
{
    if (!a->line_length)
        return;
    printf("Optimal line:\n");
    Position cur = *p;
    int number = p->declarer_tricks + p->defender_tricks + 1;
    bool open = true;
    for (int i = 0; i < a->line_length; i++) {
        int winner = print_line_card(o, &cur, a->line[i], &number, &open);
        if (winner >= 0) {
            printf("   -> %s", seat_name(winner));
            if (p->game != GAME_NULL)
                printf(" (declarer %d)", cur.declarer_points);
            printf("\n");
        }
    }
}

/* The game scored as the line plays it out. */
static void print_outcome(const SolveReport *r)
{
    if (!r->has_outcome)
        return;
    const GameScore *g = &r->outcome;
    char text[SCORE_TEXT];
    score_text(r->rules, g, text, sizeof text);
    if (!g->valid)
        printf("Outcome (%s rules): not a valid game: %s\n", r->rules->name, text);
    else
        printf("Outcome (%s rules) with best play: %s; %s; score %+d\n", r->rules->name,
               g->won ? "won" : "lost", text, g->score);
}

static void print_text(const CommonOptions *o, const SolveReport *r)
{
    print_position(o, r);
    print_result(r->pos.game, &r->analysis);
    print_moves(o, &r->pos, &r->analysis);
    print_optimal_line(o, &r->pos, &r->analysis);
    print_outcome(r);
    printf("Nodes: %llu, time: %.1f ms\n\n", (unsigned long long)r->analysis.nodes, r->ms);
}

/* Each legal card of the player to move with its value. */
static json_t *moves_json(const Analysis *a, bool null)
{
    json_t *moves = json_array();
    for (int i = 0; i < a->move_count; i++) {
        json_t *m = json_object();
        json_object_set_new(m, "card", json_card(a->moves[i].card));
        if (null)
            json_object_set_new(m, "declarer_wins_null", json_boolean(a->moves[i].value));
        else
            json_object_set_new(m, "declarer_points", json_integer(a->moves[i].value));
        json_array_append_new(moves, m);
    }
    return moves;
}

static json_t *outcome_json(const SolveReport *r)
{
    if (!r->has_outcome)
        return json_null();
    char text[SCORE_TEXT];
    json_t *outcome = json_object();
    json_object_set_new(outcome, "rules", json_string(r->rules->name));
    json_object_set_new(outcome, "valid", json_boolean(r->outcome.valid));
    json_object_set_new(outcome, "won", json_boolean(r->outcome.won));
    json_object_set_new(outcome, "game_value", json_integer(r->outcome.value));
    json_object_set_new(outcome, "score", json_integer(r->outcome.score));
    json_object_set_new(outcome, "breakdown", json_string(score_text(r->rules, &r->outcome, text, sizeof text)));
    return outcome;
}

static json_t *report_json(const SolveReport *r)
{
    const Deal *d = r->deal;
    const Position *p = &r->pos;
    const Analysis *a = &r->analysis;
    bool null = p->game == GAME_NULL;
    char contract[RULES_TEXT];
    json_t *o = json_object();
    json_object_set_new(o, "name", d->name[0] ? json_string(d->name) : json_null());
    json_object_set_new(o, "contract", json_string(rules_contract_name(r->rules, &d->contract, contract, sizeof contract)));
    json_object_set_new(o, "declarer", json_string(seat_name(p->declarer)));
    json_object_set_new(o, "to_move", json_string(seat_name(position_to_move(p))));
    json_object_set_new(o, "declarer_points", null ? json_null() : json_integer(a->value));
    json_object_set_new(o, "declarer_can_schwarz", null ? json_null() : json_boolean(a->declarer_can_schwarz));
    json_object_set_new(o, "defenders_can_schwarz", null ? json_null() : json_boolean(a->defenders_can_schwarz));
    json_object_set_new(o, "declarer_wins_null", null ? json_boolean(a->value) : json_null());
    json_object_set_new(o, "discard", r->discard ? json_cards(p->game, r->discard) : json_null());
    json_object_set_new(o, "discard_found", json_boolean(r->discard_found));
    json_object_set_new(o, "moves", moves_json(a, null));
    json_object_set_new(o, "line", json_card_list(a->line, a->line_length));
    json_object_set_new(o, "outcome", outcome_json(r));
    json_object_set_new(o, "nodes", json_integer((json_int_t)a->nodes));
    json_object_set_new(o, "ms", json_real(r->ms));
    return o;
}

typedef struct {
    const CommonOptions *common;
    Solver *solver;
    Solver *helper; /* the second thread's, sharing solver's table; NULL: one thread */
} SolveRun;

static uint64_t run_nodes(const SolveRun *run)
{
    return solver_nodes(run->solver) + (run->helper ? solver_nodes(run->helper) : 0);
}

/* ----- Ramsch ---------------------------------------------------------------
 * Everyone for himself: per seat the fewest card points it can hold itself
 * to against the other two (solver_ramsch_fewest_points), whether it can
 * take every remaining trick and whether it can avoid every one. */

typedef struct {
    const Deal *deal;
    Position pos;                /* game grand; declarer set per question */
    int points[SEAT_COUNT];      /* taken so far in tricks */
    int tricks[SEAT_COUNT];
    int skat_points;             /* the skat's points, 0 when not known */
    int bonus;                   /* what the last trick's winner also takes */
    const RuleSystem *rules;
    int fewest[SEAT_COUNT];
    bool takes_all[SEAT_COUNT], avoids_all[SEAT_COUNT];
    int move_count;
    MoveValue moves[10];
    int line_length;
    int line[30];
    uint64_t nodes;
    double ms;
} RamschReport;

/* The position asked of seat: its points and tricks as the declarer's. */
static Position ramsch_asked(const RamschReport *r, int seat)
{
    Position p = r->pos;
    p.declarer = seat;
    p.declarer_points = r->points[seat];
    p.declarer_tricks = r->tricks[seat];
    p.defender_tricks = r->tricks[0] + r->tricks[1] + r->tricks[2] - r->tricks[seat];
    return p;
}

static void ramsch_solve(Solver *solver, const Deal *deal, const RuleSystem *rules, RamschReport *r)
{
    r->deal = deal;
    r->rules = rules;
    deal_ramsch_position(deal, &r->pos, r->points, r->tricks);
    CardSet skat = deal->full_deal ? ~(deal->hands[0] | deal->hands[1] | deal->hands[2]) : deal->skat;
    r->skat_points = deal->full_deal || deal->has_skat ? set_points(skat) : 0;
    r->bonus = rules->ramsch.skat_to == SKAT_TO_LAST_TRICK ? r->skat_points : 0;
    if (position_is_over(&r->pos) && deal->play_count > 0)
        r->points[r->pos.leader] += r->bonus; /* the game is over: the last trick's winner has the skat */
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        Position p = ramsch_asked(r, seat);
        r->fewest[seat] = solver_ramsch_fewest_points(solver, &p, r->bonus);
        r->takes_all[seat] = solver_ramsch_takes_all(solver, &p);
        r->avoids_all[seat] = solver_ramsch_avoids_all(solver, &p);
    }
    if (position_is_over(&r->pos))
        return;
    Position mover = ramsch_asked(r, position_to_move(&r->pos));
    r->move_count = solver_ramsch_move_values(solver, &mover, r->bonus, r->moves);
    r->line_length = solver_ramsch_line(solver, &mover, r->bonus, r->line);
}

/* How the skat counts, in words. */
static const char *ramsch_skat_words(const RamschReport *r, char *out, size_t n)
{
    if (!r->deal->full_deal && !r->deal->has_skat)
        snprintf(out, n, "skat not given: not counted");
    else if (r->rules->ramsch.skat_to == SKAT_TO_LAST_TRICK)
        snprintf(out, n, "the skat's %d points go to the last trick's winner", r->skat_points);
    else
        snprintf(out, n, "the skat's %d points go to the loser: not counted here", r->skat_points);
    return out;
}

/* Each legal card of the player to move with its fewest points after it. */
static void ramsch_print_moves(const CommonOptions *o, const RamschReport *r)
{
    char card[8];
    if (!r->move_count)
        return;
    printf("Cards for %s (its fewest points after the card):", seat_name(position_to_move(&r->pos)));
    int order[10];
    sort_moves(GAME_GRAND, r->moves, r->move_count, order);
    for (int i = 0; i < r->move_count; i++)
        printf(" %s %d%s", text_card(o, r->moves[order[i]].card, card), r->moves[order[i]].value,
               i + 1 < r->move_count ? "," : "\n");
}

/* The line to the end, each trick with the seats' card points after it. */
static void ramsch_print_line(const CommonOptions *o, const RamschReport *r)
{
    if (!r->line_length)
        return;
    printf("A line of play (each player keeps his own fewest points):\n");
    Position cur = r->pos;
    int taken[SEAT_COUNT] = {r->points[0], r->points[1], r->points[2]};
    int number = r->tricks[0] + r->tricks[1] + r->tricks[2] + 1;
    bool open = true;
    for (int i = 0; i < r->line_length; i++) {
        int before = position_points_left(&cur);
        int winner = print_line_card(o, &cur, r->line[i], &number, &open);
        if (winner >= 0) {
            taken[winner] += before - position_points_left(&cur);
            if (position_is_over(&cur))
                taken[winner] += r->bonus;
            printf("   -> %s (%d %d %d)\n", seat_name(winner), taken[0], taken[1], taken[2]);
        }
    }
}

static void ramsch_print_text(const CommonOptions *o, const RamschReport *r)
{
    const Deal *d = r->deal;
    const Position *p = &r->pos;
    char buf[256];
    if (d->name[0])
        printf("%s\n", d->name);
    print_hand_rows(o, GAME_GRAND, p->hands, -1);
    if (d->full_deal || d->has_skat)
        print_cards_row(o, "skat", GAME_GRAND, d->full_deal ? ~(d->hands[0] | d->hands[1] | d->hands[2]) : d->skat,
                        "");
    print_trick_so_far(o, p);
    printf("Contract: ramsch (%s rules; %s); %s to play\n", r->rules->name, ramsch_skat_words(r, buf, sizeof buf),
           position_is_over(p) ? "nobody" : seat_name(position_to_move(p)));
    printf("Each seat against the other two (fewest: the card points it can hold itself to):\n");
    /* "1 trick;  " is as wide as "2 tricks; ": the columns after it stay in place. */
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        printf("  %-10s so far %3d points %2d trick%sfewest %3d; can take every trick: %s; can avoid every "
               "trick: %s\n",
               seat_name(seat), r->points[seat], r->tricks[seat], r->tricks[seat] == 1 ? ";  " : "s; ",
               r->fewest[seat], yes_no(r->takes_all[seat]), yes_no(r->avoids_all[seat]));
    ramsch_print_moves(o, r);
    ramsch_print_line(o, r);
    printf("Nodes: %llu, time: %.1f ms\n\n", (unsigned long long)r->nodes, r->ms);
}

static json_t *ramsch_json(const RamschReport *r)
{
    const Deal *d = r->deal;
    const Position *p = &r->pos;
    json_t *o = json_object();
    json_object_set_new(o, "name", d->name[0] ? json_string(d->name) : json_null());
    json_object_set_new(o, "contract", json_string("ramsch"));
    json_object_set_new(o, "rules", json_string(r->rules->name));
    json_object_set_new(o, "to_move", position_is_over(p) ? json_null() : json_string(seat_name(position_to_move(p))));
    json_object_set_new(o, "skat_to_last_trick", json_integer(r->bonus));
    json_t *seats = json_object();
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        json_t *s = json_object();
        json_object_set_new(s, "points", json_integer(r->points[seat]));
        json_object_set_new(s, "tricks", json_integer(r->tricks[seat]));
        json_object_set_new(s, "fewest_points", json_integer(r->fewest[seat]));
        json_object_set_new(s, "takes_all", json_boolean(r->takes_all[seat]));
        json_object_set_new(s, "avoids_all", json_boolean(r->avoids_all[seat]));
        json_object_set_new(seats, seat_name(seat), s);
    }
    json_object_set_new(o, "ramsch", seats);
    json_t *moves = json_array();
    for (int i = 0; i < r->move_count; i++) {
        json_t *m = json_object();
        json_object_set_new(m, "card", json_card(r->moves[i].card));
        json_object_set_new(m, "fewest_points", json_integer(r->moves[i].value));
        json_array_append_new(moves, m);
    }
    json_object_set_new(o, "moves", moves);
    json_object_set_new(o, "line", json_card_list(r->line, r->line_length));
    json_object_set_new(o, "nodes", json_integer((json_int_t)r->nodes));
    json_object_set_new(o, "ms", json_real(r->ms));
    return o;
}

/* The answer to one deal: its JSON object in *json when json is not NULL
 * (skatdd batch), else printed in the format chosen.  EXIT_BAD_INPUT with
 * the reason in err for a deal solve refuses. */
static int solve_ramsch(SolveRun *run, const Deal *deal, const RuleSystem *rules, json_t **json, char *err,
                        size_t n)
{
    for (int s = 0; s < SEAT_COUNT; s++)
        if (!deal->has_hand[s]) {
            snprintf(err, n, "%s:%d:%d: missing hand '%s'", deal->file, deal->mark.line, deal->mark.column,
                     seat_name(s));
            return EXIT_BAD_INPUT;
        }
    RamschReport *report = calloc(1, sizeof *report);
    if (!report) {
        snprintf(err, n, "out of memory");
        return EXIT_INTERNAL;
    }
    double start = wall_ms();
    uint64_t nodes = solver_nodes(run->solver);
    solver_new_deal(run->solver);
    ramsch_solve(run->solver, deal, rules, report);
    report->nodes = solver_nodes(run->solver) - nodes;
    report->ms = wall_ms() - start;
    if (json)
        *json = ramsch_json(report);
    else if (run->common->format == FORMAT_JSON)
        json_print_line(ramsch_json(report));
    else
        ramsch_print_text(run->common, report);
    free(report);
    return EXIT_OK;
}

static int solve_one(SolveRun *run, const Deal *deal, const RuleSystem *rules, json_t **json, char *err, size_t n)
{
    if (deal->ramsch)
        return solve_ramsch(run, deal, rules, json, err, n);
    if (!deal_require_game(deal, err, n) || !deal_refuse_spitze(deal, "solve", err, n))
        return EXIT_BAD_INPUT;
    SolveReport report = {.deal = deal, .rules = rules};
    double start = wall_ms();
    uint64_t nodes = run_nodes(run);
    solver_new_deal(run->solver);
    prepare(run->solver, deal, &report);
    analyze_position_shared(run->solver, run->helper, &report.pos, &report.analysis);
    report.analysis.nodes = run_nodes(run) - nodes;
    report.ms = wall_ms() - start;
    compute_outcome(deal, rules, &report);
    if (json)
        *json = report_json(&report);
    else if (run->common->format == FORMAT_JSON)
        json_print_line(report_json(&report));
    else
        print_text(run->common, &report);
    return EXIT_OK;
}

static int solve_deal(void *ctx, const Deal *deal, const RuleSystem *rules)
{
    char err[512];
    int status = solve_one(ctx, deal, rules, NULL, err, sizeof err);
    if (status != EXIT_OK)
        cli_error("%s", err);
    return status;
}

static const ExtraOption solve_options[] = {{"after", true, VALUE_WHOLE}, {NULL, false, VALUE_TEXT}};

static bool solve_option(void *ctx, const char *command, const char *name, const char *value)
{
    CommonOptions *o = ctx;
    if (strcmp(name, "after") != 0 || !parse_whole_int(value, 0, DEAL_MAX_PLAY, &o->iss_play)) {
        cli_error("skatdd %s: --after needs a number of cards from 0 to %d, not '%s'", command,
                  DEAL_MAX_PLAY, value);
        return false;
    }
    o->after_given = true;
    return true;
}

/* The common options solve uses; the others are refused. */
static const unsigned solve_common = COMMON_FORMAT | COMMON_THREADS | COMMON_TT_MB | COMMON_RULES | COMMON_SYMBOLS;

/* Two threads where asked for: a full solve gains about a third from a
 * second one (README, round 50) and has nothing for a third. */
static bool solve_shares(const CommonOptions *o)
{
    int threads = !o->threads_given ? 1 : o->threads == 0 ? omp_get_num_procs() : o->threads;
    return threads >= 2;
}

int cmd_solve(int argc, char **argv)
{
    CommonOptions o;
    int status;
    int first = command_start(argc, argv, &o, solve_help, solve_common, solve_options, solve_option, &o, &status);
    if (first < 0)
        return status;
    /* The helper searches in the solver's table only: its own stays the
     * smallest, never written. */
    bool shares = solve_shares(&o);
    SolveRun run = {.common = &o,
                    .solver = solver_new((size_t)o.tt_mb << 20),
                    .helper = shares ? solver_new(SOLVER_MIN_TT_BYTES) : NULL};
    if (!run.solver || (shares && !run.helper)) {
        cli_error("skatdd solve: out of memory for a %d MB table", o.tt_mb);
        solver_free(run.solver);
        solver_free(run.helper);
        return EXIT_INTERNAL;
    }
    for (int i = first; i < argc && status != EXIT_INTERNAL; i++) /* a bad file does not stop the others */
        status = exit_status_worse(status, for_each_deal(&o, argv[i], solve_deal, &run));
    solver_free(run.solver);
    solver_free(run.helper);
    return status;
}

/* ----- skatdd batch --------------------------------------------------------- */

static void *solve_settings_new(CommonOptions *common) { return common; }
static void solve_settings_free(void *settings) { (void)settings; }

static void *solve_worker_new(void *settings)
{
    CommonOptions *o = settings;
    SolveRun *run = malloc(sizeof *run);
    if (!run)
        return NULL;
    *run = (SolveRun){.common = o, .solver = solver_new((size_t)o->tt_mb << 20)};
    if (!run->solver) {
        free(run);
        return NULL;
    }
    return run;
}

static void solve_worker_free(void *worker)
{
    SolveRun *run = worker;
    if (run)
        solver_free(run->solver);
    free(run);
}

static json_t *solve_job_run(void *worker, const Deal *deal, const IssGame *iss, const RuleSystem *rules, char *err,
                             size_t n, int *status)
{
    (void)iss; /* the deal as read: a record's early end matters to analyze only */
    json_t *json = NULL;
    *status = solve_one(worker, deal, rules, &json, err, n);
    return json;
}

const Job job_solve = {"solve",          solve_options,     solve_settings_new, solve_option,
                       solve_worker_new, solve_worker_free, solve_job_run,      solve_settings_free,
                       NULL};
