#include "evaluate.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "discard.h"
#include "evalwork.h"
#include "search.h"
#include "singledummy.h"
#include "splitmix.h"
#include "summary.h"
#include "table.h"
#include "worldplay.h"
#include "worlds.h"

/* ---- single-dummy ---- */

_Static_assert((int)EVAL_MAX_SD_LAYOUTS <= (int)SD_MAX_LAYOUTS, "sd_play would quietly use fewer layouts");

static int sd_level(const RuleSystem *rules, GameType game, const SdResult *r)
{
    if (game == GAME_NULL)
        return r->null_won ? OUT_WON : OUT_LOST;
    if (r->declarer_tricks == 10)
        return OUT_SCHWARZ;
    if (r->declarer_points >= rules->schneider_points)
        return OUT_SCHNEIDER;
    if (r->declarer_points >= rules->win_points)
        return OUT_WON;
    if (r->declarer_tricks == 0)
        return OUT_LOST_SCHWARZ;
    return r->declarer_points <= rules->schneidered_points ? OUT_LOST_SCHNEIDER : OUT_LOST;
}

/* Every world of one skat played card by card; the declarer of a skat game
 * chooses his discard once for the skat, as he would, from layouts of his own. */
static void sd_play_skat(const Work *w, Solver *solver, int skat, int p, const CardSet (*hands)[3])
{
    const Play *play = &w->play[p];
    uint64_t seed = splitmix_mix(w->seed ^ splitmix_mix(((uint64_t)skat << 8 | (uint64_t)p) + 0x5d));
    CardSet out_of_play = w->skat[skat], held = w->hand;
    if (!play->hand) {
        CardSet twelve = w->hand | w->skat[skat];
        /* From his own layouts alone: the double-dummy pass's choice, once a
         * candidate here, was the best over the very worlds then played. */
        out_of_play = sd_discard(solver, play->game, w->seat, twelve, w->skat[skat], w->rules->win_points,
                                 w->sd_layouts, seed);
        held = twelve & ~out_of_play;
        w->chosen[skat * MAX_PLAYS + p] = out_of_play;
    }
    for (int j = 0; j < w->samples; j++) {
        SdGame game = {.start = world_position(w, play->game, hands[j], held, out_of_play),
                       .out_of_play = out_of_play,
                       .declarer_knows_out_of_play = !play->hand,
                       .declarer_open = play->open,
                       .win_points = w->rules->win_points,
                       .all_tricks = play->open && play->game != GAME_NULL, /* ouvert: schwarz announced */
                       .schneider_points = w->rules->schneider_points,
                       .schneidered_points = w->rules->schneidered_points};
        SdResult result;
        sd_play(solver, &game, w->sd_layouts, splitmix_mix(seed + (uint64_t)j + 1), &result);
        *level_at(w, skat, p, j) = (uint8_t)sd_level(w->rules, play->game, &result);
    }
}

static void evaluate_skat(const Work *w, Solver *solver, int skat)
{
    CardSet hands[EVAL_MAX_SAMPLES][3];
    for (int j = 0; j < w->samples; j++)
        world_deal(w, skat, j, hands[j]);
    solver_new_deal(solver);
    if (w->single_dummy) {
        for (int p = 0; p < w->plays; p++)
            if (w->needed[skat] >> p & 1)
                sd_play_skat(w, solver, skat, p, (const CardSet(*)[3])hands);
        return;
    }
    /* One kind of game after the other (the solver's table holds one kind
     * at a time), its hand plays first: a skat game starts from its hand
     * twin. */
    for (int game = 0; game < GAME_TYPE_COUNT; game++)
        for (int pass = 1; pass >= 0; pass--)
            for (int p = 0; p < w->plays; p++) {
                if (w->play[p].game != (GameType)game || w->play[p].hand != pass || !(w->needed[skat] >> p & 1))
                    continue;
                if (pass)
                    worldplay_hand(w, solver, skat, p, (const CardSet(*)[3])hands);
                else
                    worldplay_skat(w, solver, skat, p, (const CardSet(*)[3])hands);
            }
}

/* The fresh check: a skat's chosen discard for winning, played in layouts
 * of their own (FRESH_LAYOUTS), asking only whether it wins. */
static void fresh_check_skat(const Work *w, Solver *solver, int skat)
{
    CardSet hands[EVAL_MAX_SAMPLES][3];
    for (int j = 0; j < w->samples; j++)
        world_deal(w, skat, FRESH_LAYOUTS + j, hands[j]);
    solver_new_deal(solver);
    for (int p = 0; p < w->plays; p++) {
        const Play *play = &w->play[p];
        if (play->hand || play->goal != OUT_WON || !(w->needed[skat] >> p & 1))
            continue;
        CardSet discard = w->chosen[skat * MAX_PLAYS + p], twelve = w->hand | w->skat[skat];
        int wins = 0;
        for (int j = 0; j < w->samples; j++) {
            Position pos = world_position(w, play->game, hands[j], twelve & ~discard, discard);
            wins += world_reaches(solver, w->rules, &pos, OUT_WON);
        }
        w->fresh_wins[skat * MAX_PLAYS + p] = (uint8_t)wins;
    }
}

static void fresh_check(Work *w, Solver **solvers, int threads)
{
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (int s = 0; s < w->skats; s++)
        fresh_check_skat(w, solvers[omp_get_thread_num()], s);
}

/* ---- the rows, the plays and the skats ---- */

static bool same_contract(const Contract *a, const Contract *b)
{
    return a->game == b->game && a->hand == b->hand && a->ouvert == b->ouvert && a->form == b->form;
}

/* Double-dummy, an ouvert game plays like the same game closed; single-dummy
 * it does not: the defenders see the declarer's cards. */
static int find_play(Work *w, GameType game, bool hand, int goal, bool open)
{
    open = open && w->single_dummy;
    for (int p = 0; p < w->plays; p++)
        if (w->play[p].game == game && w->play[p].hand == hand && (hand || w->play[p].goal == goal) &&
            w->play[p].open == open)
            return p;
    w->play[w->plays] = (Play){.game = game, .hand = hand, .goal = goal, .open = open, .hand_twin = -1};
    return w->plays++;
}

/* The plays of the rows to be played (rows_played). */
static void choose_plays(Work *w)
{
    w->plays = 0;
    for (int r = 0; r < w->rows; r++) {
        const Contract *c = &w->contract[r];
        int goal = c->ouvert && c->game != GAME_NULL ? OUT_SCHWARZ : OUT_WON;
        w->play_of_row[r] = (w->rows_played >> r & 1) ? find_play(w, c->game, c->hand, goal, c->ouvert) : -1;
    }
    /* Putting the skat back is the hand game (single-dummy: among the
     * discards the declarer weighs; the worlds are played out in any case). */
    for (int p = 0; !w->twelve && !w->single_dummy && p < w->plays; p++)
        if (!w->play[p].hand) {
            int twin = find_play(w, w->play[p].game, true, OUT_WON, false);
            w->play[p].hand_twin = twin;
        }
}

/* The rows are the contract table's (table_contracts over every skat); with
 * twelve cards only the skat games. */
static void choose_rows(Work *w, unsigned games)
{
    Contract all[TABLE_MAX_CONTRACTS];
    int count = table_contracts(w->rules, ALL_CARDS, all);
    w->rows = 0;
    for (int i = 0; i < count && w->rows < EVAL_MAX_CONTRACTS; i++)
        if (!(w->twelve && all[i].hand) && (!games || (games >> all[i].game & 1)))
            w->contract[w->rows++] = all[i];
    w->rows_played = w->rows == 32 ? ~0u : (1u << w->rows) - 1;
}

static int list_skats(CardSet hand, bool twelve, CardSet out[EVAL_MAX_SKATS])
{
    if (twelve) {
        out[0] = 0; /* the discard comes out of the hand */
        return 1;
    }
    int n = 0;
    CardSet unknown = ~hand;
    for (CardSet a = unknown; a; a &= a - 1)
        for (CardSet b = a & (a - 1); b; b &= b - 1)
            out[n++] = card_bit(set_first(a)) | card_bit(set_first(b));
    return n;
}


/* Which rows each skat allows (a Tournee needs its trump in the skat) and
 * so which plays are needed. */
static void mark_needed(Work *w)
{
    for (int s = 0; s < w->skats; s++) {
        Contract allowed[TABLE_MAX_CONTRACTS];
        int count = table_contracts(w->rules, turnable(w, s), allowed);
        w->allowed[s] = 0;
        w->needed[s] = 0;
        for (int r = 0; r < w->rows; r++)
            for (int i = 0; (w->rows_played >> r & 1) && i < count; i++)
                if (same_contract(&w->contract[r], &allowed[i])) {
                    w->allowed[s] |= 1u << r;
                    int p = w->play_of_row[r];
                    w->needed[s] |= 1ull << p;
                    if (w->play[p].hand_twin >= 0)
                        w->needed[s] |= 1ull << w->play[p].hand_twin;
                }
    }
}

const char *eval_model_name(EvalModel model)
{
    static const char *const names[MODEL_COUNT] = {"double-dummy", "single-dummy"};
    return model < MODEL_COUNT ? names[model] : "?";
}

int eval_model_parse(const char *name)
{
    for (int m = 0; m < MODEL_COUNT; m++)
        if (strcmp(name, eval_model_name((EvalModel)m)) == 0)
            return m;
    return -1;
}

const char *announcement_name(Announcement a)
{
    static const char *const names[ANNOUNCE_COUNT] = {"", "schneider", "schwarz"};
    return a < ANNOUNCE_COUNT ? names[a] : "";
}

/* The pilots: a few skats, spread over all, whose discard is chosen among
 * all 66 in their own layouts; what they put away orders every skat's
 * candidates, and is their own choice.  One job per pilot and skat game
 * (the solver's table holds one kind of game at a time anyway), so that two
 * threads share the work evenly. */
static void run_pilots(Work *w, Solver **solvers, int threads, int pilots)
{
    w->pilots = 0; /* the pilots' own candidates in the estimate's order */
    int jobs = 0, job_pilot[PILOTS * MAX_PLAYS], job_play[PILOTS * MAX_PLAYS];
    for (int k = 0; k < pilots; k++) {
        int skat = (int)(((long)k * w->skats) / pilots);
        w->pilot_skat[k] = skat;
        for (int p = 0; p < w->plays; p++) {
            w->pilot_choice[k][p] = ALL_CARDS;
            if (!w->play[p].hand && (w->needed[skat] >> p & 1)) {
                job_pilot[jobs] = k;
                job_play[jobs++] = p;
            }
        }
    }
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (int j = 0; j < jobs; j++) {
        int k = job_pilot[j], p = job_play[j];
        Solver *solver = solvers[omp_get_thread_num()];
        solver_new_deal(solver);
        w->pilot_choice[k][p] = worldplay_choose_discard(w, solver, w->pilot_skat[k], p, DISCARD_COUNT);
    }
    w->pilots = pilots;
}

static bool run_worlds(Work *w, Solver **solvers, int threads, const EvalOptions *o, int visits[])
{
    /* Pilots only where a skat may try more than putting the skat back. */
    bool more_than_back = w->discards > 0 || !w->exhaustive;
    if (w->own_layouts && !w->twelve && !w->single_dummy && more_than_back && !o->no_pilots)
        run_pilots(w, solvers, threads, PILOTS < w->skats ? PILOTS : w->skats);
    /* One layout per skat: the choice is made in one layout of its own (skat_play_own_layouts). */
    w->alike_choices = false;
    if (w->own_layouts && w->samples == 1 && !w->twelve && !w->single_dummy &&
        !worldplay_share_choices(w, solvers, threads))
        return false;
    int done = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (int s = 0; s < w->skats; s++) {
        evaluate_skat(w, solvers[omp_get_thread_num()], s);
        int now;
#pragma omp atomic capture
        now = ++done;
        visits[s]++; /* each skat is one iteration: no other thread writes it */
        if (o->progress && omp_get_thread_num() == 0)
            o->progress(o->progress_ctx, now, w->skats, (long)now * w->samples);
    }
    return true;
}

/* Plays every world of the rows in rows_played and summarizes those rows;
 * false where memory ran out (the evaluation is then void). */
static bool play_and_summarize(Work *w, Solver **solvers, int threads, const EvalOptions *o, Evaluation *out)
{
    choose_plays(w);
    mark_needed(w);
    memset(w->level, 0, (size_t)w->skats * MAX_PLAYS * (size_t)w->samples);
    memset(w->unresolved, 0, (size_t)w->skats * MAX_PLAYS * (size_t)w->samples);
    memset(w->undecided, 0, (size_t)w->skats * MAX_PLAYS);
    memset(w->chosen, 0, (size_t)w->skats * MAX_PLAYS * sizeof *w->chosen);
    memset(out->skat_visits, 0, sizeof out->skat_visits);
    if (!run_worlds(w, solvers, threads, o, out->skat_visits) ||
        (world_lost_merged(w) && !worldplay_resolve_lost(w, solvers[0])))
        return false;
    out->lost_every = world_lost_merged(w) ? w->lost_every : 1;
    if (w->fresh_wins)
        fresh_check(w, solvers, threads);
    int ladder[EVAL_MAX_BIDS + 1];
    int ladder_count = summary_useful_ladder(w, ladder);
    if (ladder_count == 0)
        return false;
    for (int row = 0; row < w->rows; row++) {
        if (!(w->rows_played >> row & 1)) {
            out->contracts[row] = (EvalContract){.contract = w->contract[row], .evaluated = false, .p_win_fresh = -1};
            out->discards[row] = 0;
            continue;
        }
        if (!summary_row(w, row, ladder, ladder_count, &out->contracts[row], out->skat_wins[row]))
            return false;
        for (int s = 0; !w->contract[row].hand && s < w->skats; s++)
            out->skat_discards[row][s] = w->chosen[s * MAX_PLAYS + w->play_of_row[row]];
        out->discards[row] = w->twelve && !w->contract[row].hand && (w->allowed[0] >> row & 1)
                                 ? w->chosen[w->play_of_row[row]] : 0;
    }
    if (!w->single_dummy) {
        if (!summary_after_skat(w, ladder, ladder_count, &out->after_skat) ||
            !summary_turn(w, ladder, ladder_count, &out->turn))
            return false;
    }
    return true;
}

/* Whether row a goes before row b for single-dummy play: rows the
 * declarer can choose first (summary_choosable), then those some skat allows; a row
 * no skat allows never (its expected score, 0, once put a twelve-card
 * Tournee's impossible rows ahead of every row it can play). */
static bool plays_before(const EvalContract *a, const EvalContract *b)
{
    int rank_a = summary_choosable(a) ? 2 : a->p_available > 0;
    int rank_b = summary_choosable(b) ? 2 : b->p_available > 0;
    return rank_a != rank_b ? rank_a > rank_b : a->expected_score > b->expected_score;
}

/* Single-dummy plays only the rows with the best double-dummy expected score. */
static uint32_t best_rows(const Evaluation *e, int count)
{
    uint32_t chosen = 0;
    for (int k = 0; k < count && k < e->contract_count; k++) {
        int best = -1;
        for (int r = 0; r < e->contract_count; r++)
            if (!(chosen >> r & 1) && e->contracts[r].p_available > 0 &&
                (best < 0 || plays_before(&e->contracts[r], &e->contracts[best])))
                best = r;
        if (best >= 0)
            chosen |= 1u << best;
    }
    return chosen;
}

/* A ladder cut at EVAL_MAX_BIDS would end the bid table, and with it the
 * bid ceiling, below what the hand wins: a ladder of integers from 18 with
 * grand worth 240 said "Bid up to 529" for a grand hand worth 1440. */
bool evaluate_ladder_fits(const RuleSystem *rules, char *err, size_t n)
{
    int count = bid_ladder(rules, NULL, 0);
    if (count <= EVAL_MAX_BIDS)
        return true;
    snprintf(err, n, "the %s rules' bid ladder has %d bids, more than the %d evaluate can tabulate (a larger "
             "'step' under 'bids')", rules->name, count, EVAL_MAX_BIDS);
    return false;
}

static bool check_options(const RuleSystem *rules, int cards, const EvalOptions *o, char *err, size_t n)
{
    if (!evaluate_ladder_fits(rules, err, n))
        return false;
    if (cards != 10 && cards != 12)
        snprintf(err, n, "evaluate needs a hand of 10 cards, or 12 with the skat picked up (not %d)", cards);
    else if (o->samples < 1 || o->samples > EVAL_MAX_SAMPLES)
        snprintf(err, n, "samples must be from 1 to %d", EVAL_MAX_SAMPLES);
    else if (!(o->confidence > 0 && o->confidence < 1))
        snprintf(err, n, "the confidence must be above 0 and below 1");
    else if (o->model < 0 || o->model >= MODEL_COUNT)
        snprintf(err, n, "unknown model");
    else
        return true;
    return false;
}

/* The work of one evaluation as the options set it, with its tables
 * (cleared); false when one could not be had. */
static bool work_init(Work *w, const RuleSystem *rules, int seat, CardSet hand, const EvalOptions *o)
{
    w->rules = rules;
    w->scheme = rules_find_scheme(rules, "seeger-fabian");
    if (!w->scheme)
        w->scheme = rules_find_scheme(rules, NULL);
    w->seat = seat;
    w->hand = hand;
    w->twelve = set_count(hand) == 12;
    w->known_skat = w->twelve ? o->known_skat : 0;
    choose_rows(w, o->games);
    w->skats = list_skats(hand, w->twelve, w->skat);
    w->samples = o->samples;
    w->discards = o->discards < 0 ? 0 : o->discards;
    w->seed = o->seed;
    w->exhaustive = o->exhaustive;
    w->own_layouts = !o->same_layouts;
    w->level = calloc((size_t)w->skats * MAX_PLAYS * (size_t)w->samples, 1);
    /* Single-dummy's double-dummy pass only picks the rows it plays; it tells
     * every world apart, as when it also gave single-dummy a discard to try. */
    w->lost_every = o->model == MODEL_DOUBLE_DUMMY ? o->lost_every : 0;
    w->min_resolved = o->min_resolved > 0 ? o->min_resolved : EVAL_MIN_RESOLVED;
    w->unresolved = calloc((size_t)w->skats * MAX_PLAYS * (size_t)w->samples, 1);
    w->tried = calloc((size_t)w->skats * MAX_PLAYS, sizeof *w->tried);
    w->stood = calloc((size_t)w->skats * MAX_PLAYS * (size_t)w->samples, sizeof *w->stood);
    w->undecided = calloc((size_t)w->skats * MAX_PLAYS, 1);
    w->chosen = calloc((size_t)w->skats * MAX_PLAYS, sizeof *w->chosen);
    size_t row_skats = (size_t)(w->rows > 0 ? w->rows : 1) * (size_t)w->skats;
    bool after_skat = !w->twelve;
    w->reach = after_skat ? calloc(row_skats * (size_t)w->samples, sizeof *w->reach) : NULL;
    w->declarable = after_skat ? calloc(row_skats, sizeof *w->declarable) : NULL;
    w->own_choice = calloc((size_t)w->skats * MAX_PLAYS, sizeof *w->own_choice);
    w->choice_from = calloc((size_t)w->skats * MAX_PLAYS, sizeof *w->choice_from);
    bool fresh = o->fresh_check && o->model == MODEL_DOUBLE_DUMMY;
    w->fresh_wins = fresh ? calloc((size_t)w->skats * MAX_PLAYS, 1) : NULL;
    return w->level && w->unresolved && w->tried && w->stood && w->undecided && w->chosen && w->own_choice &&
           w->choice_from && (w->fresh_wins || !fresh) && ((w->reach && w->declarable) || !after_skat);
}

static void work_free(Work *w)
{
    free(w->level);
    free(w->unresolved);
    free(w->tried);
    free(w->stood);
    free(w->undecided);
    free(w->chosen);
    free(w->own_choice);
    free(w->choice_from);
    free(w->fresh_wins);
    free(w->reach);
    free(w->declarable);
    free(w);
}

/* Every world played double-dummy, then, for --model single-dummy, the
 * best rows again single-dummy; out gets the result.  false: out of memory. */
static bool run_evaluation(Work *w, Solver **solvers, int threads, const EvalOptions *o, Evaluation *out)
{
    memset(out, 0, sizeof *out);
    out->seat = w->seat;
    out->hand = w->hand;
    out->model = MODEL_DOUBLE_DUMMY;
    out->skats = w->skats;
    out->samples = w->samples;
    out->worlds = (long)w->skats * w->samples;
    out->confidence = o->confidence;
    out->contract_count = w->rows;
    bool ok = play_and_summarize(w, solvers, threads, o, out);
    if (ok && o->model == MODEL_SINGLE_DUMMY) {
        w->single_dummy = true;
        w->sd_layouts = o->sd_layouts < 1 ? 1 : o->sd_layouts;
        w->rows_played = best_rows(out, o->sd_contracts < 1 ? 1 : o->sd_contracts);
        out->model = MODEL_SINGLE_DUMMY;
        ok = play_and_summarize(w, solvers, threads, o, out);
        /* Its chances are double-dummy's, the rows' now single-dummy's: it
         * would set the ceiling in the other model. */
        memset(&out->after_skat, 0, sizeof out->after_skat);
        memset(&out->turn, 0, sizeof out->turn);
    }
    for (int t = 0; t < threads; t++)
        out->nodes += solver_nodes(solvers[t]);
    summary_conclude(out);
    if (w->twelve && out->best_contract >= 0)
        out->discard = out->discards[out->best_contract];
    return ok;
}

bool evaluate_hand(const RuleSystem *rules, int seat, CardSet hand, const EvalOptions *o, Evaluation *out,
                   char *err, size_t n)
{
    if (!check_options(rules, set_count(hand), o, err, n))
        return false;
    Work *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, n, "out of memory");
        return false;
    }
    bool ok = work_init(w, rules, seat, hand, o);
    int threads = o->threads > 0 ? o->threads : omp_get_num_procs();
    Solver **solvers = calloc((size_t)threads, sizeof *solvers);
    ok = ok && solvers && w->scheme;
    for (int t = 0; ok && t < threads; t++)
        ok = (solvers[t] = solver_new(solver_tt_share(o->tt_bytes, threads))) != NULL;
    if (!ok)
        snprintf(err, n, w->scheme ? "out of memory" : "the rule system has no tournament scheme");
    else if (!(ok = run_evaluation(w, solvers, threads, o, out)))
        snprintf(err, n, "out of memory");
    for (int t = 0; solvers && t < threads; t++)
        solver_free(solvers[t]);
    free(solvers);
    work_free(w);
    return ok;
}
