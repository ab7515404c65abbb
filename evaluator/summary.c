/* What the worlds' levels come to (summary.h): each row's chances, expected
 * value and score, and its win chance and score at every bid; the choice
 * after the skat and the Tournee's turn; the bid ceiling, the break-even bid
 * and the contract to play. */
#include "summary.h"

#include <stdlib.h>
#include <string.h>

#include "rulecontract.h"
#include "scoring.h"
#include "turnchoice.h"

/* ---- scoring the levels ---- */

/* The result that stands for a level when scoring. */
static PlayResult level_result(const RuleSystem *rules, int level)
{
    /* Without a trick the declarer has only what he put away (at most 22
     * points, and the score depends on the level alone): 0 stands for it. */
    const int table[OUT_LEVELS][2] = {
        {0, 0},                         {rules->schneidered_points, 1}, {rules->win_points - 1, 5},
        {rules->win_points, 5},         {rules->schneider_points, 9},   {120, 10},
    };
    return (PlayResult){.null_won = level >= OUT_WON, .points = table[level][0], .tricks = table[level][1],
                        .declarer_schwarz = level == OUT_SCHWARZ, .defenders_schwarz = level == OUT_LOST_SCHWARZ};
}

/* The score of a world depends on its level and, through the matadors, on
 * the declarer's twelve cards: worlds fall into few classes, each scored
 * once per announcement and bid. */
enum { CLASSES = OUT_LEVELS * MATADOR_KINDS };

typedef struct {
    bool valid, won;
    bool declarable; /* announcement none only (else false): may be declared at the bid (not forced) */
    int score;       /* on the score sheet */
    int tournament;  /* Seeger-Fabian */
} Scored;

typedef struct {
    const Work *w;
    int row;
    int ladder_count;
    const int *ladder;          /* bid 0 (none) first */
    bool announce_ok[ANNOUNCE_COUNT];
    Contract declared[ANNOUNCE_COUNT];
    Scored *memo[ANNOUNCE_COUNT][CLASSES]; /* [bid index] */
    bool out_of_memory;         /* a memo could not be had: the row's sums are void */
} RowScores;

/* What scored gives where memory ran out: no game at any bid, so that the
 * loops over it run on harmlessly until the row is given up. */
static const Scored no_scores[EVAL_MAX_BIDS + 1];

static int tournament_points(const TournamentScheme *scheme, const GameScore *g)
{
    TournamentScore t;
    char err[128];
    if (!g->valid || !tournament_score(scheme, g, 3, &t, err, sizeof err))
        return 0;
    return t.declarer;
}

static const Scored *scored(RowScores *rs, int a, int skat, int level)
{
    const Work *w = rs->w;
    GameType game = w->contract[rs->row].game;
    CardSet twelve = w->hand | w->skat[skat];
    int cls = level * MATADOR_KINDS + matador_kind(game, twelve);
    Scored **slot = &rs->memo[a][cls];
    if (*slot)
        return *slot;
    Scored *s = calloc((size_t)rs->ladder_count, sizeof *s);
    if (!s) {
        rs->out_of_memory = true;
        return no_scores;
    }
    /* A bid the world's cards cannot reach is still a bid the declarer may
     * be held to (the chance to win when forced to it): scored as a lost
     * overbid, not refused as a game he could have declared. */
    GamePlay play = {.contract = rs->declared[a], .cards = twelve, .forced = true};
    PlayResult result = level_result(w->rules, level);
    gamevalue_set_result(&play, game, &result);
    for (int b = 0; b < rs->ladder_count; b++) {
        GameScore g;
        play.bid = rs->ladder[b];
        gamevalue_score(w->rules, &play, &g);
        /* Every level of an allowed contract is a game that can be scored:
         * anything else would count as 0 in the expectations, unseen. */
        if (b == 0 && a == ANNOUNCE_NONE && !g.valid) {
            fprintf(stderr, "skatdd: internal error: level %d of a row scores as no game (%s)\n", level, g.reason);
            abort();
        }
        s[b] = (Scored){.valid = g.valid, .won = g.valid && g.won, .score = g.score,
                        .tournament = tournament_points(w->scheme, &g)};
        if (a == ANNOUNCE_NONE) {
            /* Declared by choice, not forced: the rules' unreachable bids. */
            GamePlay chosen = play;
            chosen.forced = false;
            gamevalue_score(w->rules, &chosen, &g);
            s[b].declarable = g.valid;
        }
    }
    *slot = s;
    return s;
}

/* The scores of a row's contract, or of the same game in another form
 * (form > 0: passt-mir-nicht for a Tournee). */
static void row_scores_init_form(RowScores *rs, const Work *w, int row, int form, const int *ladder,
                                 int ladder_count)
{
    memset(rs, 0, sizeof *rs);
    rs->w = w;
    rs->row = row;
    rs->ladder = ladder;
    rs->ladder_count = ladder_count;
    Contract in_form = w->contract[row];
    if (form > 0)
        in_form.form = form;
    const Contract *c = &in_form;
    bool may_announce = c->game != GAME_NULL && !c->ouvert && (c->hand || !w->rules->announce_needs_hand);
    for (int a = 0; a < ANNOUNCE_COUNT; a++) {
        if (a > 0 && !may_announce)
            continue;
        Contract want = *c;
        want.schneider_announced = a >= ANNOUNCE_SCHNEIDER;
        want.schwarz_announced = a >= ANNOUNCE_SCHWARZ;
        char err[256];
        rs->announce_ok[a] = rules_check_contract(w->rules, &want, &rs->declared[a], err, sizeof err);
    }
}

static void row_scores_init(RowScores *rs, const Work *w, int row, const int *ladder, int ladder_count)
{
    row_scores_init_form(rs, w, row, 0, ladder, ladder_count);
}

static void row_scores_free(RowScores *rs)
{
    for (int a = 0; a < ANNOUNCE_COUNT; a++)
        for (int c = 0; c < CLASSES; c++)
            free(rs->memo[a][c]);
}

/* ---- statistics ---- */

/* The shares of the lost levels among play p's lost worlds told apart, per
 * matador kind, which stand for the lost worlds of that kind not told apart
 * (lost_every).  worldplay_resolve_lost leaves no kind with such worlds without a lost
 * world told apart. */
static void lost_shares(const Work *w, int p, double share[MATADOR_KINDS][OUT_WON])
{
    long count[MATADOR_KINDS][OUT_WON] = {{0}}, total[MATADOR_KINDS] = {0};
    for (int s = 0; s < w->skats; s++)
        for (int j = 0; (w->needed[s] >> p & 1) && j < w->samples; j++) {
            int level = *level_at(w, s, p, j), kind = world_kind(w, p, s);
            if (level < OUT_WON && !*unresolved_at(w, s, p, j)) {
                count[kind][level]++;
                total[kind]++;
            }
        }
    for (int k = 0; k < MATADOR_KINDS; k++)
        for (int l = 0; l < OUT_WON; l++)
            share[k][l] = total[k] ? (double)count[k][l] / (double)total[k] : l == OUT_LOST;
}

/* The announcement best for the score at bid b on the worlds of all less
 * own (the worlds it is not chosen on); among equals the lowest. */
static int best_announcement(const RowScores *rs, const double *all, const double *own, int ladder_count, int b)
{
    int pick = ANNOUNCE_NONE;
    for (int a = 1; a < ANNOUNCE_COUNT; a++)
        if (rs->announce_ok[a] &&
            all[a * ladder_count + b] - own[a * ladder_count + b] > all[pick * ladder_count + b] - own[pick * ladder_count + b])
            pick = a;
    return pick;
}

/* The announcement that wins most often at bid b; among equals the lowest. */
static int most_wins(const RowScores *rs, const double *wins, int ladder_count, int b)
{
    int pick = ANNOUNCE_NONE;
    for (int a = 1; a < ANNOUNCE_COUNT; a++)
        if (rs->announce_ok[a] && wins[a * ladder_count + b] > wins[pick * ladder_count + b])
            pick = a;
    return pick;
}

/* The best score at bid b of one announcement made in every world. */
static double best_fixed(const RowScores *rs, const double *sum, int ladder_count, int b)
{
    double best = sum[b];
    for (int a = 1; a < ANNOUNCE_COUNT; a++)
        if (rs->announce_ok[a] && sum[a * ladder_count + b] > best)
            best = sum[a * ladder_count + b];
    return best;
}

/* One row's sums over its worlds, for summary_row.  A cell is one
 * announcement at one bid: cell a * ladder_count + b. */
typedef struct {
    const Work *w;
    int row, play, ladder_count;
    const Contract *contract;
    bool per_skat;               /* a skat game: announced after picking up, skat by skat */
    /* A Tournee whose trump only one skat card gives is played from the
     * second card (passt-mir-nicht) in half its worlds: the skat's order is
     * as likely one way as the other, and its losses may count more. */
    RowScores rs, second_rs;
    double lost_share[MATADOR_KINDS][OUT_WON];
    size_t cells;
    long available, wins, schneider, schwarz;
    double value_sum, score_sum;
    double *win_sum, *tour_sum;  /* per cell, over all skats */
    double *skat_win, *skat_tour; /* per cell, the skat being summed */
    double *layout_tour;         /* per layout and cell, the skat being summed (skat games) */
    double *layout_win;          /* per layout and cell, the skat being summed (skat games) */
    double *best_win, *best_tour; /* per bid, with the announcement chosen */
    double *left_out_tour;       /* per bid, each layout with the choice of the skat's others */
    bool *valid;                 /* per bid: some world can be declared at it */
    signed char *chosen;         /* per bid: the announcement counted at it */
} RowSummary;

/* false when memory ran out (row_summary_free is due either way). */
static bool row_summary_init(RowSummary *r, const Work *w, int row, const int *ladder, int ladder_count)
{
    const Contract *c = &w->contract[row];
    *r = (RowSummary){.w = w, .row = row, .play = w->play_of_row[row], .ladder_count = ladder_count, .contract = c,
                      .per_skat = !c->hand};
    row_scores_init(&r->rs, w, row, ladder, ladder_count);
    int second_form;
    rules_turning_cards(w->rules, c, 0, &second_form);
    row_scores_init_form(&r->second_rs, w, row, second_form, ladder, ladder_count);
    lost_shares(w, r->play, r->lost_share);
    size_t cells = r->cells = (size_t)ANNOUNCE_COUNT * (size_t)ladder_count, bids = (size_t)ladder_count;
    r->win_sum = calloc(cells, sizeof *r->win_sum);
    r->tour_sum = calloc(cells, sizeof *r->tour_sum);
    r->skat_win = calloc(cells, sizeof *r->skat_win);
    r->skat_tour = calloc(cells, sizeof *r->skat_tour);
    r->best_win = calloc(bids, sizeof *r->best_win);
    r->best_tour = calloc(bids, sizeof *r->best_tour);
    r->valid = calloc(bids, sizeof *r->valid);
    r->chosen = calloc(bids, 1);
    r->layout_tour = calloc(cells * (size_t)w->samples, sizeof *r->layout_tour);
    r->layout_win = calloc(cells * (size_t)w->samples, sizeof *r->layout_win);
    r->left_out_tour = calloc(bids, sizeof *r->left_out_tour);
    return r->win_sum && r->tour_sum && r->skat_win && r->skat_tour && r->best_win && r->best_tour && r->valid &&
           r->chosen && r->layout_tour && r->layout_win && r->left_out_tour;
}

static void row_summary_free(RowSummary *r)
{
    free(r->win_sum);
    free(r->tour_sum);
    free(r->skat_win);
    free(r->skat_tour);
    free(r->best_win);
    free(r->best_tour);
    free(r->layout_tour);
    free(r->layout_win);
    free(r->left_out_tour);
    free(r->valid);
    free(r->chosen);
    row_scores_free(&r->rs);
    row_scores_free(&r->second_rs);
}

/* The levels a world of play p stands for, highest first, with their
 * weights: its own, or where it is a lost world not told apart, every lost
 * level in its share (share: lost_shares').  Returns how many. */
static int world_levels(const Work *w, const double share[MATADOR_KINDS][OUT_WON], int p, int s, int j,
                        int levels[OUT_LEVELS], double weights[OUT_LEVELS])
{
    int level = *level_at(w, s, p, j), n = 0;
    if (!*unresolved_at(w, s, p, j)) {
        levels[0] = level;
        weights[0] = 1;
        return 1;
    }
    const double *shares = share[world_kind(w, p, s)];
    for (int l = level; l >= OUT_LOST_SCHWARZ; l--)
        if (shares[l] != 0) {
            levels[n] = l;
            weights[n++] = shares[l];
        }
    return n;
}

/* Layout j of skat s counted at level l with weight (1, or the level's
 * share of a lost world not told apart); second: the share of the worlds
 * played from the skat's second card, first the rest. */
static void count_world(RowSummary *r, int s, int j, int l, double weight, double first, double second,
                        uint8_t *skat_wins)
{
    const Contract *c = r->contract;
    int ladder_count = r->ladder_count;
    const Scored *none = scored(&r->rs, ANNOUNCE_NONE, s, l);
    const Scored *none2 = second ? scored(&r->second_rs, ANNOUNCE_NONE, s, l) : none;
    r->wins += none[0].won;
    *skat_wins += none[0].won;
    r->schneider += none[0].won && c->game != GAME_NULL && l >= OUT_SCHNEIDER;
    r->schwarz += none[0].won && c->game != GAME_NULL && l == OUT_SCHWARZ;
    r->value_sum += weight * (first * none[0].score + second * none2[0].score);
    r->score_sum += weight * (first * none[0].tournament + second * none2[0].tournament);
    for (int a = 0; a < ANNOUNCE_COUNT; a++) {
        if (!r->rs.announce_ok[a])
            continue;
        const Scored *sc = scored(&r->rs, a, s, l);
        const Scored *sc2 = second && r->second_rs.announce_ok[a] ? scored(&r->second_rs, a, s, l) : sc;
        for (int b = 0; b < ladder_count; b++) {
            double tour = weight * (first * sc[b].tournament + second * sc2[b].tournament);
            r->valid[b] |= sc[b].valid;
            r->skat_win[a * ladder_count + b] += weight * sc[b].won;
            r->skat_tour[a * ladder_count + b] += tour;
            r->layout_tour[(size_t)j * r->cells + (size_t)(a * ladder_count + b)] += tour;
            r->layout_win[(size_t)j * r->cells + (size_t)(a * ladder_count + b)] += weight * sc[b].won;
        }
    }
}

/* Every layout of skat s (none when the skat rules the row out), into the
 * skat's cells and the totals. */
static void sum_skat(RowSummary *r, int s, uint8_t *skat_wins)
{
    const Work *w = r->w;
    int p = r->play;
    memset(r->skat_win, 0, r->cells * sizeof *r->skat_win);
    memset(r->skat_tour, 0, r->cells * sizeof *r->skat_tour);
    memset(r->layout_tour, 0, r->cells * (size_t)w->samples * sizeof *r->layout_tour);
    memset(r->layout_win, 0, r->cells * (size_t)w->samples * sizeof *r->layout_win);
    bool allowed = w->allowed[s] >> r->row & 1;
    int second_form;
    int turning = rules_turning_cards(w->rules, r->contract, turnable(w, s), &second_form);
    double second = second_form && turning == 1 ? 0.5 : 0, first = 1 - second;
    *skat_wins = 0;
    for (int j = 0; allowed && j < w->samples; j++) {
        int levels[OUT_LEVELS];
        double weights[OUT_LEVELS];
        r->available++;
        for (int i = world_levels(w, r->lost_share, p, s, j, levels, weights) - 1; i >= 0; i--)
            count_world(r, s, j, levels[i], weights[i], first, second, skat_wins);
    }
    for (size_t k = 0; k < r->cells; k++) {
        r->win_sum[k] += r->skat_win[k];
        r->tour_sum[k] += r->skat_tour[k];
    }
}

/* A skat game's announcement, made after seeing the skat just summed: for
 * the chance to win the best for it, for the score each layout's left out. */
static void announce_after_skat(RowSummary *r)
{
    int ladder_count = r->ladder_count, samples = r->w->samples;
    for (int b = 0; b < ladder_count; b++) {
        int pick = most_wins(&r->rs, r->skat_win, ladder_count, b);
        r->best_win[b] += r->skat_win[pick * ladder_count + b];
        if (pick != ANNOUNCE_NONE)
            r->chosen[b] = ANNOUNCE_PER_SKAT;
        for (int j = 0; samples > 1 && j < samples; j++) {
            const double *own = &r->layout_tour[(size_t)j * r->cells];
            r->left_out_tour[b] += own[best_announcement(&r->rs, r->skat_tour, own, ladder_count, b) * ladder_count + b];
        }
    }
}

/* A row the declarer may choose after picking up the skat (EvalAfterSkat):
 * a skat game played here, not a form whose trump a turned card decides. */
static bool after_skat_row(const Work *w, int row)
{
    int second_form;
    const Contract *c = &w->contract[row];
    return w->reach && !w->single_dummy && !c->hand && (w->rows_played >> row & 1) &&
           rules_turning_cards(w->rules, c, 0, &second_form) < 0;
}

/* A Tournee row (its trump fixed by a turned skat card) whose turn is
 * worked out (turnchoice.h): ten cards, double-dummy, a form of its own (not
 * one playing it from the second card). */
static bool turn_row(const Work *w, int row)
{
    int second_form;
    const Contract *c = &w->contract[row];
    return w->reach && !w->single_dummy && (w->rows_played >> row & 1) &&
           rules_turning_cards(w->rules, c, 0, &second_form) >= 0 && !w->rules->forms[c->form - 1].values_of;
}

/* For the choice after the skat: the highest bid each layout of skat s just
 * summed wins at with the skat's announcement (announce_after_skat's), and
 * the highest the row may be declared at with it.  A world won at a bid is
 * won at every lower one (the announcements' winning levels are nested, so
 * the one winning most often wins wherever another does); should it not
 * be, the bid below the first loss stands, which flatters nothing. */
static void record_reach(RowSummary *r, int s)
{
    const Work *w = r->w;
    int ladder_count = r->ladder_count;
    bool allowed = w->allowed[s] >> r->row & 1;
    int16_t *declarable = &w->declarable[(size_t)r->row * (size_t)w->skats + (size_t)s];
    *declarable = -1;
    for (int b = 0; allowed && b < ladder_count && scored(&r->rs, ANNOUNCE_NONE, s, OUT_WON)[b].declarable; b++)
        *declarable = (int16_t)b;
    int pick[EVAL_MAX_BIDS + 1];
    for (int b = 0; b < ladder_count; b++)
        pick[b] = most_wins(&r->rs, r->skat_win, ladder_count, b);
    for (int j = 0; j < w->samples; j++) {
        const double *own = &r->layout_win[(size_t)j * r->cells];
        int16_t *reach = reach_at(w, r->row, s, j);
        *reach = -1;
        for (int b = 0; allowed && b < ladder_count && own[pick[b] * ladder_count + b] > 0; b++)
            *reach = (int16_t)b;
    }
}

/* After the last skat: the score at each bid with the better way of
 * announcing (skat games), or the one announcement for all worlds (hand
 * games), and a hand game's chance to win with the one winning most. */
static void settle_bids(RowSummary *r)
{
    int ladder_count = r->ladder_count, samples = r->w->samples;
    if (!r->per_skat) {
        for (int b = 0; b < ladder_count; b++) {
            int pick = most_wins(&r->rs, r->win_sum, ladder_count, b);
            r->best_tour[b] = best_fixed(&r->rs, r->tour_sum, ladder_count, b);
            r->best_win[b] = r->win_sum[pick * ladder_count + b];
            r->chosen[b] = (signed char)pick;
        }
        return;
    }
    for (int b = 0; b < ladder_count; b++) {
        r->best_tour[b] = best_fixed(&r->rs, r->tour_sum, ladder_count, b);
        if (samples > 1 && r->left_out_tour[b] > r->best_tour[b])
            r->best_tour[b] = r->left_out_tour[b];
    }
    /* The choices left out differ from bid to bid, and a lower bid's may do
     * worse than a higher one's: announcing as at the higher bid scores no
     * less at the lower one, where no world is lost that was won. */
    for (int b = ladder_count - 2; samples > 1 && b >= 0; b--)
        if (r->valid[b + 1] && r->best_tour[b + 1] > r->best_tour[b])
            r->best_tour[b] = r->best_tour[b + 1];
}

/* The row's line of the evaluation: the sums as shares of all worlds. */
static void describe_row(const RowSummary *r, const int *ladder, EvalContract *out)
{
    const Work *w = r->w;
    double worlds = (double)w->skats * w->samples;
    out->contract = *r->contract;
    out->evaluated = true;
    out->p_available = r->available / worlds;
    out->p_win = r->wins / worlds;
    out->p_schneider = r->schneider / worlds;
    out->p_schwarz = r->schwarz / worlds;
    out->p_win_fresh = -1;
    if (w->fresh_wins && r->per_skat && w->play[r->play].goal == OUT_WON) {
        long fresh = 0;
        for (int s = 0; s < w->skats; s++)
            fresh += (w->allowed[s] >> r->row & 1) ? w->fresh_wins[s * MAX_PLAYS + r->play] : 0;
        out->p_win_fresh = fresh / worlds;
    }
    out->expected_value = r->value_sum / worlds;
    out->expected_score = r->score_sum / worlds;
    out->bid_count = 0;
    for (int b = 1; b < r->ladder_count && out->bid_count < EVAL_MAX_BIDS; b++) {
        if (!r->valid[b])
            continue;
        out->bids[out->bid_count] = ladder[b];
        out->p_win_at[out->bid_count] = r->best_win[b] / worlds;
        out->announce_at[out->bid_count] = r->best_win[b] > 0 ? r->chosen[b] : ANNOUNCE_NONE;
        out->score_at[out->bid_count] = r->best_tour[b] / worlds;
        out->bid_count++;
    }
}

/* Per row: every world scored at every bid, with the announcement chosen
 * once for all worlds (hand games) or once per skat (skat games, where the
 * rules allow announcing after picking up).  Sums run in skat and sample
 * order, so the result does not depend on threads.
 *
 * The chance to win at a bid takes the announcement that wins in most of the
 * skat's layouts: a world's level decides, and the worlds an announcement
 * wins at a bid are those from some level up, so the best announcement is
 * the same for every layout, seen or not.  For the expected score at a bid
 * it is not (announcing schneider gains where it is made and costs where it
 * is missed): chosen on the layouts counted, it would be chosen per world
 * with one layout per skat, and flatter the score as a discard chosen there
 * would (round 34: a Texas clubs game's score at 18 stood 3.6 above its
 * unannounced score with one layout per skat, 0.6 with sixteen).  So the
 * score at a bid is that of the better way of announcing, chosen once for
 * all worlds as a hand game's announcement is: the same announcement for
 * every skat, or, with several layouts per skat, in each layout the one best
 * on the skat's other layouts (leave one out; on few layouts that choice errs
 * often, and a miss costs). */
bool summary_row(const Work *w, int row, const int *ladder, int ladder_count, EvalContract *out,
                 uint8_t skat_wins[EVAL_MAX_SKATS])
{
    RowSummary r;
    bool ok = row_summary_init(&r, w, row, ladder, ladder_count);
    for (int s = 0; ok && s < w->skats; s++) {
        sum_skat(&r, s, &skat_wins[s]);
        if (r.per_skat)
            announce_after_skat(&r);
        if (after_skat_row(w, row) || turn_row(w, row))
            record_reach(&r, s);
    }
    ok = ok && !r.rs.out_of_memory && !r.second_rs.out_of_memory;
    if (ok) {
        settle_bids(&r);
        describe_row(&r, ladder, out);
    }
    row_summary_free(&r);
    return ok;
}

/* ---- the choice after the skat ---- */

/* The rows the declarer may choose among (after_skat_row). */
typedef struct {
    int count;
    int row[EVAL_MAX_CONTRACTS];
} Choosable;

static bool wins_at(const Work *w, int row, int s, int j, int b) { return *reach_at(w, row, s, j) >= b; }

/* At most as many candidates as choosable rows, each with every
 * announcement (announced_choice_score). */
enum { CHOICE_CANDIDATES = EVAL_MAX_CONTRACTS * ANNOUNCE_COUNT };

/* What each candidate k (a choosable row, or a row with an announcement) is
 * worth at one bid in each world, worth[k * n + s * samples + j] (n the
 * worlds: won 1 or 0, or a score), and whether it may be declared with skat
 * s at the bid, declared[k * skats + s]. */
typedef struct {
    double *worth;
    bool *declared;
} ChoiceWorths;

static bool choice_worths_init(ChoiceWorths *v, const Work *w, int candidates)
{
    size_t n = (size_t)w->skats * (size_t)w->samples;
    v->worth = calloc((size_t)candidates * n, sizeof *v->worth);
    v->declared = calloc((size_t)candidates * (size_t)w->skats, sizeof *v->declared);
    return v->worth && v->declared;
}

static void choice_worths_free(ChoiceWorths *v)
{
    free(v->worth);
    free(v->declared);
}

/* Row k's worths in the layouts of skat s. */
static double *worths_in(const ChoiceWorths *v, const Work *w, int k, int s)
{
    return v->worth + ((size_t)k * (size_t)w->skats + (size_t)s) * (size_t)w->samples;
}

/* Whether row k may be chosen with skat s. */
static bool *declared_in(const ChoiceWorths *v, const Work *w, int k, int s)
{
    return &v->declared[(size_t)k * (size_t)w->skats + (size_t)s];
}

/* Whether row k may be declared with skat s at ladder index b. */
static bool declared_at(const Work *w, const Choosable *c, int k, int s, int b)
{
    return w->declarable[(size_t)c->row[k] * (size_t)w->skats + (size_t)s] >= b;
}

/* The candidate (of the first count) worth most at the bid over every skat
 * and layout where it may be declared, among those that may be with some
 * skat; the first among equals (0 where none may be). */
static int fixed_row(const Work *w, int count, const ChoiceWorths *v)
{
    int fixed = -1;
    double most = 0;
    for (int k = 0; k < count; k++) {
        double sum = 0;
        bool declared = false;
        for (int s = 0; s < w->skats; s++) {
            if (!*declared_in(v, w, k, s))
                continue;
            declared = true;
            for (int j = 0; j < w->samples; j++)
                sum += worths_in(v, w, k, s)[j];
        }
        if (declared && (fixed < 0 || sum > most)) {
            most = sum;
            fixed = k;
        }
    }
    return fixed < 0 ? 0 : fixed;
}

/* Skat s: the candidate (of the first count) counted in each layout
 * (pick[j]), the choice made on the skat's other layouts, the candidate
 * worth most there (the first among equals); with one layout, in it: the
 * first worth most there.  (The candidate worth most in this skat's own
 * layouts would be a choice made on the layouts counted.)  total[k]: each
 * candidate's worth over the skat's layouts.  Returns the worth counted;
 * pick[0] -1 where none may be declared. */
static double choose_left_out(const Work *w, int count, const ChoiceWorths *v, int s, int pick[EVAL_MAX_SAMPLES],
                              double total[CHOICE_CANDIDATES])
{
    const double *at[CHOICE_CANDIDATES]; /* candidate k's worths in the skat's layouts */
    double counted = 0;
    int best = -1;
    for (int k = 0; k < count; k++) {
        at[k] = worths_in(v, w, k, s);
        total[k] = 0;
        if (!*declared_in(v, w, k, s))
            continue;
        for (int j = 0; j < w->samples; j++)
            total[k] += at[k][j];
        if (best < 0 || total[k] > total[best])
            best = k;
    }
    pick[0] = -1;
    if (best < 0)
        return 0;
    for (int j = 0; j < w->samples; j++) {
        int p = best;
        for (int k = 0; k < count; k++) {
            if (!*declared_in(v, w, k, s))
                continue;
            double rest = total[k] - at[k][j], pick_rest = total[p] - at[p][j];
            if (w->samples == 1 ? at[k][j] > at[p][j] : rest > pick_rest || (rest == pick_rest && k < p))
                p = k;
        }
        pick[j] = p;
        counted += at[p][j];
    }
    return counted;
}

/* Skat s: the choice left out (choose_left_out) among the choosable rows;
 * where that is worth less over the skat's layouts than the one row fixed
 * for every skat (fixed_row), that row in every layout, as a discard
 * counted gives way to putting the skat back.  Returns the worth counted;
 * pick[0] -1 where no row may be declared. */
static double choose_for_skat(const Work *w, const Choosable *c, const ChoiceWorths *v, int s, int fixed,
                              int pick[EVAL_MAX_SAMPLES])
{
    double total[CHOICE_CANDIDATES];
    double counted = choose_left_out(w, c->count, v, s, pick, total);
    if (pick[0] >= 0 && *declared_in(v, w, fixed, s) && total[fixed] > counted) {
        for (int j = 0; j < w->samples; j++)
            pick[j] = fixed;
        return total[fixed];
    }
    return counted;
}

/* Every choosable row's worlds at ladder index b: won there or not. */
static void choice_wins(const Work *w, const Choosable *c, int b, ChoiceWorths *v)
{
    for (int k = 0; k < c->count; k++)
        for (int s = 0; s < w->skats; s++) {
            *declared_in(v, w, k, s) = declared_at(w, c, k, s, b);
            for (int j = 0; j < w->samples; j++)
                worths_in(v, w, k, s)[j] = wins_at(w, c->row[k], s, j, b);
        }
}

/* Choosing at a lower bid as at a higher one wins no less and scores no
 * less (a row that may be declared at the higher bid may be at the lower,
 * wins there where it wins at the higher, and no world scores less there):
 * a bid's chance and score are at least the next one's. */
static void after_skat_monotone(EvalAfterSkat *a)
{
    for (int k = a->bid_count - 2; k >= 0; k--) {
        if (a->p_win_at[k + 1] > a->p_win_at[k]) {
            a->p_win_at[k] = a->p_win_at[k + 1];
            memcpy(a->chose[k], a->chose[k + 1], sizeof a->chose[k]);
            a->overbid[k] = a->overbid[k + 1];
            a->second_turn[k] = a->second_turn[k + 1];
        }
        if (a->score_at[k + 1] > a->score_at[k])
            a->score_at[k] = a->score_at[k + 1];
    }
}

/* The choosable rows' scores, as their rows score them (RowScores). */
typedef struct {
    RowScores rs[EVAL_MAX_CONTRACTS];
    double lost_share[EVAL_MAX_CONTRACTS][MATADOR_KINDS][OUT_WON];
} ChoiceScores;

static double world_score(const Work *w, RowScores *rs, const double share[MATADOR_KINDS][OUT_WON], int p, int s,
                          int j, int a, int b);

/* Every choosable row's worlds at ladder index b: their scores with
 * announcement a where the row allows it.  Any row the skat allows and the
 * bid leaves a game (not a null above its value) may be chosen: one that
 * may not be declared at the bid is scored as the rows score it, held to
 * the bid and lost overbid, so that the choice scores no less than any
 * row. */
static void choice_scores(const Work *w, const Choosable *c, ChoiceScores *u, int a, int b, ChoiceWorths *v)
{
    for (int k = 0; k < c->count; k++) {
        int row = c->row[k], p = w->play_of_row[row];
        for (int s = 0; s < w->skats; s++) {
            bool allowed = *declared_in(v, w, k, s) =
                declared_at(w, c, k, s, 0) && scored(&u->rs[k], ANNOUNCE_NONE, s, OUT_LOST)[b].valid;
            for (int j = 0; j < w->samples; j++)
                worths_in(v, w, k, s)[j] = allowed ? world_score(w, &u->rs[k], u->lost_share[k], p, s, j, a, b) : 0;
        }
    }
}

/* Row k's score in skat s, announced as its row is after the skat
 * (announce_after_skat, by the same best_announcement): in each layout the
 * announcement best on the skat's other layouts.  Candidate a * count + k
 * of v is row k announcing a (rs: row k's scores). */
static double announced_row(const Work *w, int count, const ChoiceWorths *v, const RowScores *rs, int k, int s)
{
    double total[ANNOUNCE_COUNT] = {0}, own[ANNOUNCE_COUNT] = {0}, score = 0;
    for (int a = 0; a < ANNOUNCE_COUNT; a++)
        for (int j = 0; *declared_in(v, w, a * count + k, s) && j < w->samples; j++)
            total[a] += worths_in(v, w, a * count + k, s)[j];
    for (int j = 0; *declared_in(v, w, k, s) && j < w->samples; j++) {
        for (int a = 0; a < ANNOUNCE_COUNT; a++)
            own[a] = *declared_in(v, w, a * count + k, s) ? worths_in(v, w, a * count + k, s)[j] : 0;
        score += own[best_announcement(rs, total, own, 1, 0)];
    }
    return score;
}

/* The choice for the score at one bid, summed over the worlds, with the
 * announcement made skat by skat, as a skat-game row's may be: the
 * candidates are every row with every announcement its form allows (v, its
 * worths at the bid, as announced_row reads it),
 * in each layout the one best on the skat's other layouts
 * (choose_left_out); where that is worth less in the skat's layouts than
 * the one row best over all skats announced as its row is (announced_row),
 * that row so announced.  So it scores no less than any row announcing
 * after the skat.  Several layouts per skat only: with one, the
 * announcement would be chosen in the world counted. */
static double announced_choice_score(const Work *w, int count, const ChoiceScores *u, const ChoiceWorths *v)
{
    int pick[EVAL_MAX_SAMPLES], fixed = -1;
    double total[CHOICE_CANDIDATES], most = 0, sum = 0;
    for (int k = 0; k < count; k++) {
        double row = 0;
        bool declared = false;
        for (int s = 0; s < w->skats; s++) {
            declared = declared || *declared_in(v, w, k, s);
            row += announced_row(w, count, v, &u->rs[k], k, s);
        }
        if (declared && (fixed < 0 || row > most)) {
            most = row;
            fixed = k;
        }
    }
    for (int s = 0; s < w->skats; s++) {
        double counted = choose_left_out(w, count * ANNOUNCE_COUNT, v, s, pick, total);
        if (fixed >= 0 && *declared_in(v, w, fixed, s)) {
            double row = announced_row(w, count, v, &u->rs[fixed], fixed, s);
            if (row > counted)
                counted = row;
        }
        sum += counted;
    }
    return sum;
}

/* The expected score at ladder index b of the choice after the skat, made
 * for the score as choose_for_skat makes it for winning: at no bid (b 0)
 * unannounced, as a row's expected score; at a bid the better of two ways
 * of announcing, as a skat-game row's score at a bid is: the one
 * announcement, made in every world whose row allows it, that scores best
 * (as the turn's is: turn_score), or, with several layouts per skat where
 * the rules allow announcing after picking up, the announcement chosen
 * with the game skat by skat (announced_choice_score, into the candidates
 * of per_skat).  per_skat: NULL where that is not so. */
static double after_skat_score(const Work *w, const Choosable *c, ChoiceScores *u, ChoiceWorths *v,
                               ChoiceWorths *per_skat, int b)
{
    int pick[EVAL_MAX_SAMPLES];
    double best = 0;
    size_t block = (size_t)c->count * (size_t)w->skats, samples = (size_t)w->samples;
    if (per_skat)
        memset(per_skat->declared, 0, (size_t)ANNOUNCE_COUNT * block * sizeof *per_skat->declared);
    for (int a = ANNOUNCE_NONE; a < (b == 0 ? 1 : ANNOUNCE_COUNT); a++) {
        bool allowed = a == ANNOUNCE_NONE;
        for (int k = 0; k < c->count; k++)
            allowed = allowed || u->rs[k].announce_ok[a];
        if (!allowed)
            continue;
        double sum = 0;
        choice_scores(w, c, u, a, b, v);
        int fixed = fixed_row(w, c->count, v);
        for (int s = 0; s < w->skats; s++)
            sum += choose_for_skat(w, c, v, s, fixed, pick);
        if (a == ANNOUNCE_NONE || sum > best)
            best = sum;
        if (!per_skat || b == 0)
            continue;
        memcpy(per_skat->worth + (size_t)a * block * samples, v->worth, block * samples * sizeof *v->worth);
        for (int k = 0; k < c->count; k++)
            for (int s = 0; s < w->skats; s++)
                *declared_in(per_skat, w, a * c->count + k, s) =
                    *declared_in(v, w, k, s) && u->rs[k].announce_ok[a];
    }
    if (per_skat && b > 0) {
        double announced = announced_choice_score(w, c->count, u, per_skat);
        if (announced > best)
            best = announced;
    }
    return best / ((double)w->skats * w->samples);
}

/* The win chance at bid k (ladder index b) of the choice after the skat. */
static void after_skat_wins(const Work *w, const Choosable *c, ChoiceWorths *v, int b, int k, EvalAfterSkat *out)
{
    int pick[EVAL_MAX_SAMPLES];
    double wins = 0;
    long seen = 0;
    choice_wins(w, c, b, v);
    int fixed = fixed_row(w, c->count, v);
    for (int s = 0; s < w->skats; s++) {
        wins += choose_for_skat(w, c, v, s, fixed, pick);
        if (pick[0] < 0) {
            out->overbid[k] += (uint16_t)w->samples;
            continue;
        }
        for (int j = 0; j < w->samples; j++) {
            out->chose[k][c->row[pick[j]]]++;
            bool any = false;
            for (int i = 0; i < c->count; i++)
                any = any || (*declared_in(v, w, i, s) && worths_in(v, w, i, s)[j] > 0);
            seen += any;
        }
    }
    out->p_win_at[k] = wins / (double)out->worlds;
    out->p_win_seen_at[k] = seen / (double)out->worlds;
}

/* Ten cards, double-dummy: picking up the skat and declaring the skat game
 * best for it (EvalAfterSkat), where there are two or more to choose from
 * (one, as the Guckser grand under tournee, is its own row): at every bid
 * the win chance (the game chosen for winning) and the expected score (the
 * game chosen for the score: after_skat_score), and the expected score at
 * no bid.  Sums in skat and layout order: the same for any number of
 * threads.  false where memory ran out. */
bool summary_after_skat(const Work *w, const int *ladder, int ladder_count, EvalAfterSkat *out)
{
    memset(out, 0, sizeof *out);
    Choosable c = {0};
    for (int row = 0; row < w->rows; row++)
        if (after_skat_row(w, row))
            c.row[c.count++] = row;
    if (c.count < 2)
        return true;
    ChoiceWorths v;
    ChoiceScores *u = calloc(1, sizeof *u); /* a hundred kilobytes: not on a thread's stack */
    bool ok = choice_worths_init(&v, w, c.count) && u;
    bool announced = false; /* some row may announce after picking up */
    for (int k = 0; ok && k < c.count; k++) {
        row_scores_init(&u->rs[k], w, c.row[k], ladder, ladder_count);
        lost_shares(w, w->play_of_row[c.row[k]], u->lost_share[k]);
        for (int a = ANNOUNCE_NONE + 1; a < ANNOUNCE_COUNT; a++)
            announced = announced || u->rs[k].announce_ok[a];
    }
    ChoiceWorths per_skat = {0};
    if (ok && announced && w->samples > 1)
        ok = choice_worths_init(&per_skat, w, c.count * ANNOUNCE_COUNT);
    ChoiceWorths *announcing = per_skat.worth ? &per_skat : NULL;
    out->evaluated = ok;
    out->seen_world = w->samples == 1;
    out->worlds = (long)w->skats * w->samples;
    if (ok)
        out->expected_score = after_skat_score(w, &c, u, &v, announcing, 0);
    for (int b = 1; ok && b < ladder_count && out->bid_count < EVAL_MAX_BIDS; b++) {
        int k = out->bid_count++;
        out->bids[k] = ladder[b];
        after_skat_wins(w, &c, &v, b, k, out);
        out->score_at[k] = after_skat_score(w, &c, u, &v, announcing, b);
    }
    for (int k = 0; u && k < c.count; k++) {
        ok = ok && !u->rs[k].out_of_memory;
        row_scores_free(&u->rs[k]);
    }
    free(u);
    choice_worths_free(&v);
    choice_worths_free(&per_skat);
    after_skat_monotone(out);
    return ok;
}

_Static_assert((int)TURN_MAX_ROWS >= (int)EVAL_MAX_CONTRACTS, "every Tournee row takes part in the turn");

/* What a world of play p is worth on the score sheet (Seeger-Fabian) at
 * ladder index b, announcement a where the row's form allows it (else
 * none): a lost world not told apart is every lost level in its share, as
 * sum_skat counts it. */
static double world_score(const Work *w, RowScores *rs, const double share[MATADOR_KINDS][OUT_WON], int p, int s,
                          int j, int a, int b)
{
    int levels[OUT_LEVELS];
    double weights[OUT_LEVELS], score = 0;
    if (!rs->announce_ok[a])
        a = ANNOUNCE_NONE;
    for (int i = world_levels(w, share, p, s, j, levels, weights) - 1; i >= 0; i--)
        score += weights[i] * scored(rs, a, s, levels[i])[b].tournament;
    return score;
}

/* The Tournee rows of the turn (turn_row), with their scores from the
 * first card turned and from the second. */
typedef struct {
    TurnWorlds t;
    int row[TURN_MAX_ROWS];
    RowScores first_rs[TURN_MAX_ROWS], second_rs[TURN_MAX_ROWS];
    double lost_share[TURN_MAX_ROWS][MATADOR_KINDS][OUT_WON];
    double *worth; /* per row, first and second: [skat * samples + layout] */
} Turn;

static bool turn_init(Turn *u, const Work *w, const int *ladder, int ladder_count)
{
    memset(u, 0, sizeof *u);
    u->t = (TurnWorlds){.skats = w->skats, .samples = w->samples, .skat = w->skat};
    for (int row = 0; row < w->rows; row++) {
        if (!turn_row(w, row))
            continue;
        int k = u->t.rows++, second_form;
        for (int card = 0; card < 32; card++)
            if (rules_turning_cards(w->rules, &w->contract[row], card_bit(card), &second_form) > 0)
                u->t.turned_by[k] |= card_bit(card);
        u->row[k] = row;
        row_scores_init(&u->first_rs[k], w, row, ladder, ladder_count);
        row_scores_init_form(&u->second_rs[k], w, row, second_form, ladder, ladder_count);
        lost_shares(w, w->play_of_row[row], u->lost_share[k]);
    }
    size_t n = (size_t)w->skats * (size_t)w->samples;
    u->worth = calloc(2 * (size_t)(u->t.rows > 0 ? u->t.rows : 1) * n, sizeof *u->worth);
    for (int k = 0; u->worth && k < u->t.rows; k++) {
        u->t.first[k] = u->worth + 2 * (size_t)k * n;
        u->t.second[k] = u->t.first[k] + n;
    }
    return u->worth != NULL;
}

static bool turn_out_of_memory(const Turn *u)
{
    for (int k = 0; k < u->t.rows; k++)
        if (u->first_rs[k].out_of_memory || u->second_rs[k].out_of_memory)
            return true;
    return false;
}

static void turn_free(Turn *u)
{
    for (int k = 0; k < u->t.rows; k++) {
        row_scores_free(&u->first_rs[k]);
        row_scores_free(&u->second_rs[k]);
    }
    free(u->worth);
}

/* Tournee row k's worlds at ladder index b, from the first card turned and
 * from the second: won at b or not (score false), else their scores with
 * announcement a (where the row allows it). */
static void row_turn_worth(Turn *u, const Work *w, int k, int b, bool score, int a, double *first, double *second)
{
    int row = u->row[k], p = w->play_of_row[row];
    for (int s = 0; s < w->skats; s++)
        for (int j = 0; j < w->samples; j++) {
            size_t at = (size_t)s * (size_t)w->samples + (size_t)j;
            if (!(w->skat[s] & u->t.turned_by[k])) {
                first[at] = second[at] = 0;
            } else if (!score) {
                first[at] = second[at] = *reach_at(w, row, s, j) >= b;
            } else {
                first[at] = world_score(w, &u->first_rs[k], u->lost_share[k], p, s, j, a, b);
                second[at] = world_score(w, &u->second_rs[k], u->lost_share[k], p, s, j, a, b);
            }
        }
}

/* Every Tournee row's worlds at ladder index b (row_turn_worth). */
static void turn_worth(Turn *u, const Work *w, int b, bool score, int a)
{
    size_t n = (size_t)w->skats * (size_t)w->samples;
    for (int k = 0; k < u->t.rows; k++) {
        double *first = u->worth + 2 * (size_t)k * n; /* u->t.first[k]; u->t.second[k] follows */
        row_turn_worth(u, w, k, b, score, a, first, first + n);
    }
}

/* Whether some Tournee row of the turn may be announced a, played from
 * either card. */
static bool turn_may_announce(const Turn *u, int a)
{
    for (int k = 0; k < u->t.rows; k++)
        if (u->first_rs[k].announce_ok[a] || u->second_rs[k].announce_ok[a])
            return true;
    return false;
}

/* The turn's score summed over its worlds at ladder index b with the
 * announcement decided as the trump is: each Tournee row with each
 * announcement one of its forms allows is a row of its own, so the
 * declarer announces on what he has seen when he takes or passes a card
 * (turnchoice.h), never on the world counted, and may announce differently
 * for each card.  (He announces after picking up the whole skat, so this
 * is no more than he can do.)  false where memory ran out; *sum unchanged
 * where the announced rows would be too many. */
static bool turn_score_announced(Turn *u, const Work *w, int b, double *sum)
{
    size_t n = (size_t)w->skats * (size_t)w->samples;
    TurnWorlds t = u->t;
    t.rows = 0;
    double *worth = calloc(2 * (size_t)(u->t.rows * ANNOUNCE_COUNT) * n, sizeof *worth);
    if (!worth)
        return false;
    for (int k = 0; k < u->t.rows; k++)
        for (int a = ANNOUNCE_NONE; a < ANNOUNCE_COUNT; a++) {
            if (a != ANNOUNCE_NONE && !u->first_rs[k].announce_ok[a] && !u->second_rs[k].announce_ok[a])
                continue;
            if (t.rows == TURN_MAX_ROWS) {
                free(worth);
                return true;
            }
            int m = t.rows++;
            t.turned_by[m] = u->t.turned_by[k];
            double *first = worth + 2 * (size_t)m * n;
            t.first[m] = first;
            t.second[m] = first + n;
            row_turn_worth(u, w, k, b, true, a, first, first + n);
        }
    TurnChoice c;
    bool ok = turn_choose(&t, &c);
    if (ok && c.value > *sum)
        *sum = c.value;
    free(worth);
    return ok;
}

/* The turn's score summed over its worlds at ladder index b, the turn
 * decided for the score: at no bid (b 0) unannounced, as a row's expected
 * score; at a bid the best of the one announcement, made in every world
 * whose row allows it (as a row's score at a bid is at least: best_fixed),
 * and the announcement decided with the turn (turn_score_announced).
 * false where memory ran out. */
static bool turn_score(Turn *u, const Work *w, int b, double *sum)
{
    for (int a = ANNOUNCE_NONE; a < (b == 0 ? 1 : ANNOUNCE_COUNT); a++) {
        TurnChoice c;
        if (a != ANNOUNCE_NONE && !turn_may_announce(u, a))
            continue;
        turn_worth(u, w, b, true, a);
        if (!turn_choose(&u->t, &c))
            return false;
        if (a == ANNOUNCE_NONE || c.value > *sum)
            *sum = c.value;
    }
    if (b > 0 && (turn_may_announce(u, ANNOUNCE_SCHNEIDER) || turn_may_announce(u, ANNOUNCE_SCHWARZ)))
        return turn_score_announced(u, w, b, sum);
    return true;
}

/* Ten cards, double-dummy, a rule system with a Tournee: declaring a
 * Tournee and taking or passing the first skat card as turnchoice.h
 * decides, at every bid its win chance (the choice made for winning, with
 * the announcement the worlds' levels allow) and its expected score
 * (turn_score), and its expected score at no bid.  false where memory ran
 * out. */
bool summary_turn(const Work *w, const int *ladder, int ladder_count, EvalAfterSkat *out)
{
    memset(out, 0, sizeof *out);
    Turn *u = malloc(sizeof *u); /* a quarter of a megabyte: not on a thread's stack */
    if (!u)
        return false;
    bool ok = turn_init(u, w, ladder, ladder_count);
    out->evaluated = ok && u->t.rows > 0;
    out->turn = true;
    out->worlds = 2L * w->skats * w->samples;
    for (int b = 0; out->evaluated && ok && b < ladder_count && out->bid_count < EVAL_MAX_BIDS; b++) {
        TurnChoice c;
        double score = 0;
        ok = turn_score(u, w, b, &score);
        if (!ok)
            break;
        if (b == 0) {
            out->expected_score = score / (double)out->worlds;
            continue;
        }
        int k = out->bid_count++;
        out->score_at[k] = score / (double)out->worlds;
        turn_worth(u, w, b, false, ANNOUNCE_NONE);
        ok = turn_choose(&u->t, &c);
        if (!ok) /* out of memory: c holds nothing to copy */
            break;
        out->bids[k] = ladder[b];
        out->p_win_at[k] = c.value / (double)out->worlds;
        out->p_win_seen_at[k] = c.seen / (double)out->worlds;
        for (int i = 0; i < u->t.rows; i++)
            out->chose[k][u->row[i]] = (uint16_t)c.played[i];
        out->second_turn[k] = (uint16_t)c.second_turn;
        out->overbid[k] = (uint16_t)c.no_game;
    }
    ok = ok && !turn_out_of_memory(u);
    turn_free(u);
    free(u);
    after_skat_monotone(out);
    return ok;
}

/* The bids worth tabulating, after bid 0 (none): the ladder up to the
 * highest value any row reaches in any world with any announcement.  0
 * where memory ran out. */
int summary_useful_ladder(const Work *w, int ladder[EVAL_MAX_BIDS + 1])
{
    int all[EVAL_MAX_BIDS * 4];
    int count = bid_ladder(w->rules, all, EVAL_MAX_BIDS * 4);
    if (count > EVAL_MAX_BIDS * 4)
        count = EVAL_MAX_BIDS * 4;
    int zero = 0, highest = 0;
    for (int row = 0; row < w->rows; row++) {
        if (!(w->rows_played >> row & 1))
            continue;
        RowScores rs;
        row_scores_init(&rs, w, row, &zero, 1);
        for (int s = 0; s < w->skats; s++)
            for (int j = 0; (w->allowed[s] >> row & 1) && j < w->samples; j++)
                for (int a = 0; a < ANNOUNCE_COUNT; a++) {
                    if (!rs.announce_ok[a])
                        continue;
                    const Scored *sc = scored(&rs, a, s, *level_at(w, s, w->play_of_row[row], j));
                    if (sc[0].won && sc[0].score > highest)
                        highest = sc[0].score;
                }
        row_scores_free(&rs);
        if (rs.out_of_memory)
            return 0;
    }
    int n = 0;
    ladder[n++] = 0;
    for (int i = 0; i < count && n <= EVAL_MAX_BIDS; i++)
        if (all[i] <= highest || n == 1)
            ladder[n++] = all[i];
    return n;
}

/* A row the declarer can choose before he sees the skat: possible with
 * every skat.  A Tournee with ten cards is possible only where the skat
 * turns its trump; its sums count the other worlds as nothing, neither won
 * nor lost, yet there the declarer who chose to turn plays another game.
 * So its expected score is no score of a choice: a hopeless hand was told
 * to "play tournee diamonds" (possible with a quarter of the skats, the
 * sum near 0 where every Solo lost), and CJ HJ DJ CQ C8 SA S8 HA HK DA
 * broke even up to 60 with the tournee grand a skat with SJ allows, where
 * the Solo grand does to 40.  Its chance to win at a bid is a chance of
 * turning the Tournee, so it may set the safe ceiling. */
bool summary_choosable(const EvalContract *c)
{
    return c->evaluated && c->p_available >= 1;
}

/* The bid ceiling, the break-even bid and the contract to play, from the
 * rows and the two choices (summary.h). */
void summary_conclude(Evaluation *e)
{
    e->bid_ceiling = 0;
    e->ceiling_contract = -1;
    e->ceiling_after_skat = false;
    e->ceiling_turn = false;
    e->ceiling_announce = ANNOUNCE_NONE;
    e->best_bid = 0;
    e->best_contract = -1;
    e->best_turn = false;
    e->best_after_skat = false;
    bool have_best = false; /* best_score is the contract to play's */
    double best_score = 0;
    for (int r = 0; r < e->contract_count; r++) {
        const EvalContract *c = &e->contracts[r];
        if (!c->evaluated || c->p_available <= 0) /* a Tournee no skat card can turn */
            continue;
        for (int b = 0; b < c->bid_count; b++)
            if (c->p_win_at[b] >= e->confidence && c->bids[b] > e->bid_ceiling) {
                e->bid_ceiling = c->bids[b];
                e->ceiling_contract = r;
                e->ceiling_announce = c->announce_at[b];
            }
        if (!summary_choosable(c))
            continue;
        for (int b = 0; b < c->bid_count; b++)
            if (c->score_at[b] >= 0 && c->bids[b] > e->best_bid)
                e->best_bid = c->bids[b];
        if (!have_best || c->expected_score > best_score) {
            e->best_contract = r;
            best_score = c->expected_score;
            have_best = true;
        }
    }
    /* The choice after the skat sets the ceiling only above every row's, and
     * not where it was made in the world counted (seen_world: the chance
     * that some game wins there, no chance of a choice). */
    const EvalAfterSkat *a = &e->after_skat;
    for (int b = 0; a->evaluated && !a->seen_world && b < a->bid_count; b++) {
        if (a->p_win_at[b] >= e->confidence && a->bids[b] > e->bid_ceiling) {
            e->bid_ceiling = a->bids[b];
            e->ceiling_contract = -1;
            e->ceiling_after_skat = true;
            e->ceiling_announce = ANNOUNCE_NONE;
        }
        /* Its score sets the break-even bid on the same terms. */
        if (a->score_at[b] >= 0 && a->bids[b] > e->best_bid)
            e->best_bid = a->bids[b];
    }
    /* The turn never chooses in the world counted (turnchoice.h), and may
     * be declared with any skat. */
    const EvalAfterSkat *t = &e->turn;
    for (int b = 0; t->evaluated && b < t->bid_count; b++) {
        if (t->p_win_at[b] >= e->confidence && t->bids[b] > e->bid_ceiling) {
            e->bid_ceiling = t->bids[b];
            e->ceiling_contract = -1;
            e->ceiling_after_skat = false;
            e->ceiling_turn = true;
            e->ceiling_announce = ANNOUNCE_NONE;
        }
        if (t->score_at[b] >= 0 && t->bids[b] > e->best_bid)
            e->best_bid = t->bids[b];
    }
    if (t->evaluated && (!have_best || t->expected_score > best_score)) {
        e->best_contract = -1;
        e->best_turn = true;
        best_score = t->expected_score;
        have_best = true;
    }
    /* Picking up the skat and choosing is what he plays where it scores
     * above everything he could commit to before seeing the skat; a tie
     * keeps the row, which then names the game the choice makes (the two
     * sum the same worths in another order: a tie may differ in the last
     * bits, hence EVAL_CHOICE_TIE).  Not where the choice was made in the
     * world counted (optimistic). */
    if (a->evaluated && !a->seen_world && (!have_best || a->expected_score > best_score + EVAL_CHOICE_TIE)) {
        e->best_contract = -1;
        e->best_turn = false;
        e->best_after_skat = true;
    }
}

