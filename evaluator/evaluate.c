#include "evaluate.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "discard.h"
#include "scoring.h"
#include "search.h"

enum { MAX_SKATS = 231 };

/* What one world's double-dummy play gives, as far as scoring cares:
 * representative card points and tricks for the level reached. */
typedef struct {
    int8_t points;
    int8_t tricks;
} Outcome;

typedef struct {
    const RuleSystem *rules;
    const TournamentScheme *scheme;
    int seat;
    CardSet hand;
    bool twelve;                 /* the skat is already in the hand */
    int rows;
    Contract contract[EVAL_MAX_CONTRACTS];
    int skats;
    CardSet skat[MAX_SKATS];
    int samples;
    int discards;
    bool exhaustive;
    uint64_t seed;
    Outcome *outcome;            /* [skat][row][sample] */
    CardSet *chosen;             /* [skat][row]: skat games' discard */
} Work;

static Outcome *outcome_at(const Work *w, int skat, int row, int sample)
{
    return &w->outcome[((size_t)skat * (size_t)w->rows + (size_t)row) * (size_t)w->samples + (size_t)sample];
}

/* ---- worlds ---- */

static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The defenders' hands of one world: a shuffle of the cards nobody knows,
 * seeded by (seed, skat, sample) so that no thread sees another's numbers. */
static void deal_world(const Work *w, int skat, int sample, CardSet hands[3])
{
    CardSet unknown = ~(w->hand | w->skat[skat]);
    int cards[32], n = 0;
    for (CardSet m = unknown; m; m &= m - 1)
        cards[n++] = set_first(m);
    uint64_t state = mix(w->seed ^ mix((uint64_t)skat * 1000003u + (uint64_t)sample));
    for (int i = n - 1; i > 0; i--) {
        state = mix(state);
        int j = (int)(state % (uint64_t)(i + 1));
        int t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
    int first = (w->seat + 1) % 3, second = (w->seat + 2) % 3;
    hands[w->seat] = w->hand & ~w->skat[skat];
    hands[first] = hands[second] = 0;
    for (int i = 0; i < n; i++)
        hands[i < n / 2 ? first : second] |= card_bit(cards[i]);
}

/* Plays one world out double-dummy, only as far as scoring needs: won?
 * schneider? schwarz?  and, when lost, schneidered?  without a trick? */
static Outcome play_world(Solver *solver, const RuleSystem *rules, const Position *pos)
{
    if (pos->game == GAME_NULL)
        return (Outcome){0, solver_declarer_wins_null(solver, pos) ? 0 : 1};
    if (solver_declarer_reaches(solver, pos, rules->win_points)) {
        if (!solver_declarer_reaches(solver, pos, rules->schneider_points))
            return (Outcome){(int8_t)rules->win_points, 5};
        if (solver_declarer_takes_all(solver, pos))
            return (Outcome){120, 10};
        return (Outcome){(int8_t)rules->schneider_points, 9};
    }
    if (solver_declarer_reaches(solver, pos, rules->schneidered_points + 1))
        return (Outcome){(int8_t)(rules->win_points - 1), 5};
    if (solver_defenders_take_all(solver, pos))
        return (Outcome){(int8_t)pos->declarer_points, 0};
    return (Outcome){(int8_t)rules->schneidered_points, 1};
}

static void score_outcome(const Work *w, int row, CardSet twelve, Outcome o, int bid, GameScore *out)
{
    GamePlay play = {.contract = w->contract[row], .cards = twelve, .declarer_points = o.points,
                     .declarer_tricks = o.tricks, .bid = bid};
    gamevalue_score(w->rules, &play, out);
}

static int tournament_points(const Work *w, const GameScore *g)
{
    TournamentScore t;
    char err[128];
    if (!g->valid || !tournament_score(w->scheme, g, 3, &t, err, sizeof err))
        return 0;
    return t.declarer;
}

static Position world_position(const Work *w, int row, const CardSet hands[3], CardSet declarer_hand,
                               int declarer_points)
{
    Position pos = {.game = w->contract[row].game, .declarer = w->seat, .leader = SEAT_FOREHAND,
                    .declarer_points = declarer_points};
    memcpy(pos.hands, hands, sizeof pos.hands);
    pos.hands[w->seat] = declarer_hand;
    return pos;
}

/* A skat game: the discard with the best expected tournament score over
 * this skat's layouts, among the first w->discards candidates.  A candidate
 * is dropped as soon as even the best result in every remaining layout could
 * not lift it above the best so far. */
static void skat_game(const Work *w, Solver *solver, int skat, int row, const CardSet (*hands)[3])
{
    CardSet twelve = w->hand | w->skat[skat];
    CardSet candidates[DISCARD_COUNT];
    int n = discard_candidates(w->contract[row].game, twelve, candidates);
    if (n > w->discards)
        n = w->discards;
    GameScore best_case;
    score_outcome(w, row, twelve, (Outcome){120, 10}, 0, &best_case);
    int ceiling = tournament_points(w, &best_case);
    Outcome trial[64], kept[64];
    long best_sum = 0;
    bool have = false;
    for (int i = 0; i < n; i++) {
        long sum = 0;
        int j;
        for (j = 0; j < w->samples; j++) {
            Position pos = world_position(w, row, hands[j], twelve & ~candidates[i], set_points(candidates[i]));
            trial[j] = play_world(solver, w->rules, &pos);
            GameScore g;
            score_outcome(w, row, twelve, trial[j], 0, &g);
            sum += tournament_points(w, &g);
            if (have && !w->exhaustive && sum + (long)(w->samples - j - 1) * ceiling <= best_sum)
                break;
        }
        if (j < w->samples || (have && sum <= best_sum))
            continue;
        have = true;
        best_sum = sum;
        w->chosen[skat * w->rows + row] = candidates[i];
        memcpy(kept, trial, sizeof(Outcome) * (size_t)w->samples);
    }
    for (int j = 0; j < w->samples; j++)
        *outcome_at(w, skat, row, j) = kept[j];
}

static void evaluate_skat(const Work *w, Solver *solver, int skat)
{
    CardSet hands[64][3];
    for (int j = 0; j < w->samples; j++)
        deal_world(w, skat, j, hands[j]);
    solver_new_deal(solver);
    for (int row = 0; row < w->rows; row++) {
        if (!w->contract[row].hand) {
            skat_game(w, solver, skat, row, (const CardSet(*)[3])hands);
            continue;
        }
        for (int j = 0; j < w->samples; j++) {
            Position pos = world_position(w, row, hands[j], w->hand, set_points(w->skat[skat]));
            *outcome_at(w, skat, row, j) = play_world(solver, w->rules, &pos);
        }
    }
}

/* ---- the rows and the skats ---- */

static int choose_rows(const RuleSystem *rules, bool twelve, Contract out[EVAL_MAX_CONTRACTS])
{
    int rows = 0;
    for (int hand = 0; hand <= (twelve ? 0 : 1); hand++)
        for (int g = 0; g < GAME_TYPE_COUNT; g++) {
            Contract c = {.game = (GameType)g, .hand = hand}, checked;
            char err[256];
            if (rows < EVAL_MAX_CONTRACTS && rules_check_contract(rules, &c, &checked, err, sizeof err))
                out[rows++] = checked;
        }
    return rows;
}

static int list_skats(CardSet hand, bool twelve, CardSet out[MAX_SKATS])
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

/* ---- statistics ---- */

/* Per row: the outcomes of every world scored at every bid.  Sums run in
 * skat and sample order, so the result does not depend on threads. */
static void summarize_row(const Work *w, int row, const int *ladder, int ladder_count, EvalContract *out)
{
    long worlds = (long)w->skats * w->samples;
    long wins = 0, schneider = 0, schwarz = 0;
    double value_sum = 0, score_sum = 0;
    long *bid_wins = calloc((size_t)ladder_count, sizeof *bid_wins);
    double *bid_scores = calloc((size_t)ladder_count, sizeof *bid_scores);
    bool *bid_allowed = calloc((size_t)ladder_count, sizeof *bid_allowed);
    for (int s = 0; s < w->skats; s++) {
        CardSet twelve = w->hand | w->skat[s];
        for (int j = 0; j < w->samples; j++) {
            Outcome o = *outcome_at(w, s, row, j);
            GameScore g;
            score_outcome(w, row, twelve, o, 0, &g);
            wins += g.won;
            schneider += g.won && w->contract[row].game != GAME_NULL && o.points >= w->rules->schneider_points;
            schwarz += g.won && w->contract[row].game != GAME_NULL && o.tricks == 10;
            value_sum += g.score;
            score_sum += tournament_points(w, &g);
            for (int b = 0; b < ladder_count; b++) {
                score_outcome(w, row, twelve, o, ladder[b], &g);
                if (!g.valid)
                    continue;
                bid_allowed[b] = true;
                bid_wins[b] += g.won;
                bid_scores[b] += tournament_points(w, &g);
            }
        }
    }
    out->contract = w->contract[row];
    out->p_win = (double)wins / (double)worlds;
    out->p_schneider = (double)schneider / (double)worlds;
    out->p_schwarz = (double)schwarz / (double)worlds;
    out->expected_value = value_sum / (double)worlds;
    out->expected_score = score_sum / (double)worlds;
    out->bid_count = 0;
    for (int b = 0; b < ladder_count && out->bid_count < EVAL_MAX_BIDS; b++) {
        if (!bid_allowed[b])
            continue;
        out->bids[out->bid_count] = ladder[b];
        out->p_win_at[out->bid_count] = (double)bid_wins[b] / (double)worlds;
        out->score_at[out->bid_count] = bid_scores[b] / (double)worlds;
        out->bid_count++;
    }
    free(bid_wins);
    free(bid_scores);
    free(bid_allowed);
}

/* The bids worth tabulating: the ladder up to the highest value any row
 * reaches in any world. */
static int useful_ladder(const Work *w, int *ladder)
{
    int all[EVAL_MAX_BIDS * 4];
    int count = bid_ladder(w->rules, all, EVAL_MAX_BIDS * 4);
    if (count > EVAL_MAX_BIDS * 4)
        count = EVAL_MAX_BIDS * 4;
    int highest = 0;
    for (int s = 0; s < w->skats; s++)
        for (int row = 0; row < w->rows; row++)
            for (int j = 0; j < w->samples; j++) {
                GameScore g;
                score_outcome(w, row, w->hand | w->skat[s], *outcome_at(w, s, row, j), 0, &g);
                if (g.won && g.value > highest)
                    highest = g.value;
            }
    int n = 0;
    for (int i = 0; i < count && n < EVAL_MAX_BIDS; i++)
        if (all[i] <= highest || n == 0)
            ladder[n++] = all[i];
    return n;
}

static void conclude(Evaluation *e)
{
    e->bid_ceiling = 0;
    e->ceiling_contract = -1;
    e->best_bid = 0;
    e->best_contract = -1;
    for (int r = 0; r < e->contract_count; r++) {
        const EvalContract *c = &e->contracts[r];
        for (int b = 0; b < c->bid_count; b++) {
            if (c->p_win_at[b] >= e->confidence && c->bids[b] > e->bid_ceiling) {
                e->bid_ceiling = c->bids[b];
                e->ceiling_contract = r;
            }
            if (c->score_at[b] >= 0 && c->bids[b] > e->best_bid)
                e->best_bid = c->bids[b];
        }
        if (e->best_contract < 0 || c->expected_score > e->contracts[e->best_contract].expected_score)
            e->best_contract = r;
    }
}

bool evaluate_hand(const RuleSystem *rules, int seat, CardSet hand, const EvalOptions *o, Evaluation *out,
                   char *err, size_t n)
{
    int cards = set_count(hand);
    if (cards != 10 && cards != 12) {
        snprintf(err, n, "evaluate needs a hand of 10 cards, or 12 with the skat picked up (not %d)", cards);
        return false;
    }
    if (o->samples < 1 || o->samples > 64) {
        snprintf(err, n, "samples must be from 1 to 64");
        return false;
    }
    Work *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, n, "out of memory");
        return false;
    }
    w->rules = rules;
    w->scheme = rules_find_scheme(rules, "seeger-fabian");
    if (!w->scheme)
        w->scheme = rules_find_scheme(rules, NULL);
    w->seat = seat;
    w->hand = hand;
    w->twelve = cards == 12;
    w->rows = choose_rows(rules, w->twelve, w->contract);
    w->skats = list_skats(hand, w->twelve, w->skat);
    w->samples = o->samples;
    w->discards = w->twelve ? DISCARD_COUNT : (o->discards < 1 ? 1 : o->discards);
    w->seed = o->seed;
    w->exhaustive = o->exhaustive;
    w->outcome = calloc((size_t)w->skats * (size_t)w->rows * (size_t)w->samples, sizeof *w->outcome);
    w->chosen = calloc((size_t)w->skats * (size_t)w->rows, sizeof *w->chosen);
    int threads = o->threads > 0 ? o->threads : omp_get_num_procs();
    Solver **solvers = calloc((size_t)threads, sizeof *solvers);
    bool ok = w->outcome && w->chosen && solvers && w->scheme;
    for (int t = 0; ok && t < threads; t++)
        ok = (solvers[t] = solver_new(o->tt_bytes)) != NULL;
    if (!ok) {
        snprintf(err, n, w->scheme ? "out of memory" : "the rule system has no tournament scheme");
    } else {
        memset(out, 0, sizeof *out);
        int done = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
        for (int s = 0; s < w->skats; s++) {
            evaluate_skat(w, solvers[omp_get_thread_num()], s);
#pragma omp atomic
            out->skat_visits[s]++;
#pragma omp atomic
            done++;
            if (o->progress && omp_get_thread_num() == 0)
                o->progress(o->progress_ctx, done, w->skats, (long)done * w->samples);
        }
        int ladder[EVAL_MAX_BIDS];
        int ladder_count = useful_ladder(w, ladder);
        out->seat = seat;
        out->hand = hand;
        out->skats = w->skats;
        out->samples = w->samples;
        out->worlds = (long)w->skats * w->samples;
        out->confidence = o->confidence;
        out->contract_count = w->rows;
        for (int row = 0; row < w->rows; row++) {
            summarize_row(w, row, ladder, ladder_count, &out->contracts[row]);
            if (w->twelve && !w->contract[row].hand)
                out->discards[row] = w->chosen[row];
        }
        for (int t = 0; t < threads; t++)
            out->nodes += solver_nodes(solvers[t]);
        conclude(out);
        if (w->twelve && out->best_contract >= 0)
            out->discard = out->discards[out->best_contract];
    }
    for (int t = 0; solvers && t < threads; t++)
        solver_free(solvers[t]);
    free(solvers);
    free(w->outcome);
    free(w->chosen);
    free(w);
    return ok;
}
