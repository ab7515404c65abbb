#include "table.h"
#include "rulecontract.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "discard.h"

struct TableWorkers {
    int threads;
    Solver **solvers;
};

TableWorkers *table_workers_new(int threads, size_t tt_bytes)
{
    if (threads <= 0)
        threads = omp_get_num_procs();
    TableWorkers *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->solvers = calloc((size_t)threads, sizeof *w->solvers);
    w->threads = threads;
    for (int i = 0; w->solvers && i < threads; i++) {
        w->solvers[i] = solver_new(solver_tt_share(tt_bytes, threads));
        if (!w->solvers[i]) {
            table_workers_free(w);
            return NULL;
        }
    }
    if (!w->solvers) {
        free(w);
        return NULL;
    }
    return w;
}

Solver *table_workers_solver(TableWorkers *w, int i) { return w->solvers[i]; }

void table_workers_free(TableWorkers *w)
{
    if (!w)
        return;
    for (int i = 0; w->solvers && i < w->threads; i++)
        solver_free(w->solvers[i]);
    free(w->solvers);
    free(w);
}

int table_workers_threads(const TableWorkers *w) { return w->threads; }

/* ---- the contracts of the table ---- */

static bool same_contract(const Contract *a, const Contract *b)
{
    return a->game == b->game && a->hand == b->hand && a->ouvert == b->ouvert && a->form == b->form;
}

static void add_contract(Contract out[], int *count, const Contract *c)
{
    for (int i = 0; i < *count; i++)
        if (same_contract(&out[i], c))
            return;
    if (*count < TABLE_MAX_CONTRACTS)
        out[(*count)++] = *c;
}

int table_contracts(const RuleSystem *rules, CardSet skat, Contract out[TABLE_MAX_CONTRACTS])
{
    int count = 0;
    for (int i = 0; i < rules->game_count; i++) {
        const RuleGame *g = &rules->games[i];
        if (!g->enabled)
            continue;
        const RuleForm *form = g->form ? &rules->forms[g->form - 1] : NULL;
        if (form && form->values_of)
            continue; /* same play as the form it borrows from */
        if (!rules_skat_allows(rules, &(Contract){.game = g->game, .form = g->form}, skat))
            continue;
        for (int ouvert = 0; ouvert <= 1; ouvert++) {
            if (g->ouvert >= 0 && g->ouvert != ouvert)
                continue;
            for (int hand = 0; hand <= 1; hand++) {
                if (form ? hand == form->skat : (g->hand >= 0 && hand != g->hand))
                    continue;
                Contract c = {.game = g->game, .hand = hand, .ouvert = ouvert, .form = g->form};
                Contract checked;
                char err[256];
                if (rules_check_contract(rules, &c, &checked, err, sizeof err))
                    add_contract(out, &count, &checked);
            }
        }
    }
    return count;
}

/* ---- one contract of one seat ---- */

/* Scores a contract with its double-dummy result; false when the rules do
 * not admit it.  *declared gets the contract with what it implies. */
static bool score_contract(const RuleSystem *rules, const Contract *c, CardSet twelve, const PlayResult *result,
                           Contract *declared, GameScore *out)
{
    char err[256];
    if (!rules_check_contract(rules, c, declared, err, sizeof err))
        return false;
    GamePlay play = {.contract = *declared, .cards = twelve};
    gamevalue_set_result(&play, c->game, result);
    return gamevalue_score(rules, &play, out);
}

static void take_score(TableEntry *e, const Contract *declared, const GameScore *s, const RuleSystem *rules)
{
    e->contract = *declared;
    e->won = s->won;
    e->game_value = s->value;
    e->score = s->score;
    e->bid_ceiling = s->won ? bid_ceiling(rules, s->value) : 0;
}

/* Suit and grand: the announcements double-dummy play guarantees, the one
 * that makes the game worth most (ouvert is a row of its own). */
static void choose_announcements(const RuleSystem *rules, const Contract *base, CardSet twelve,
                                 const PlayResult *result, TableEntry *e)
{
    GameScore s;
    Contract declared;
    bool scored = score_contract(rules, base, twelve, result, &declared, &s);
    if (scored)
        take_score(e, &declared, &s, rules);
    if (base->ouvert || (rules->announce_needs_hand && !base->hand))
        return;
    Contract options[2] = {*base, *base};
    bool possible[2] = {result->points >= rules->schneider_points, result->declarer_schwarz};
    options[0].schneider_announced = true;
    options[1].schneider_announced = options[1].schwarz_announced = true;
    for (int i = 0; i < 2; i++) {
        if (!possible[i] || !score_contract(rules, &options[i], twelve, result, &declared, &s) ||
            !s.won)
            continue;
        if (scored && e->won && s.value <= e->game_value)
            continue;
        take_score(e, &declared, &s, rules);
        scored = true;
        e->announce_count = i + 1;
    }
}

/* What the double-dummy play of one contract gives, shared by the variants
 * of one kind of game that play alike (null and null ouvert; a skat game
 * seeded by the hand game, since putting the skat back is the hand game). */
typedef struct {
    bool known[2];            /* [hand] */
    bool wins_null[2];
    PointsDiscard result[2];  /* hand: discard 0 */
} Played;

static void solve_null(Solver *solver, const RuleSystem *rules, Position *pos, CardSet skat, Played *played,
                       TableEntry *e)
{
    CardSet twelve = pos->hands[pos->declarer] | skat;
    int hand = e->contract.hand;
    if (!played->known[hand]) {
        if (hand) {
            played->wins_null[hand] = solver_declarer_wins_null(solver, pos);
        } else {
            pos->hands[pos->declarer] = twelve;
            DiscardChoice d = best_discard(solver, pos);
            played->result[hand].discard = d.discard;
            played->wins_null[hand] = d.value == 1;
        }
        played->known[hand] = true;
    }
    bool wins = played->wins_null[hand];
    e->discard = played->result[hand].discard;
    e->declarer_wins_null = wins;
    GameScore s;
    Contract declared;
    PlayResult result = {.null_won = wins};
    if (score_contract(rules, &e->contract, twelve, &result, &declared, &s))
        take_score(e, &declared, &s, rules);
}

static void solve_points(Solver *solver, const RuleSystem *rules, Position *pos, CardSet skat, Played *played,
                         TableEntry *e)
{
    CardSet twelve = pos->hands[pos->declarer] | skat;
    int hand = e->contract.hand;
    if (!played->known[hand]) {
        PointsDiscard *r = &played->result[hand];
        if (hand) {
            Position play = *pos;
            play.declarer_points = set_points(skat);
            r->points = solver_declarer_points(solver, &play);
            r->schwarz = r->points == 120 && solver_declarer_takes_all(solver, &play);
        } else {
            PointsDiscard seed = played->result[1];
            seed.discard = skat;
            pos->hands[pos->declarer] = twelve;
            *r = best_points_discard(solver, pos, played->known[1] ? &seed : NULL, true,
                                     rules->lost_counts_schwarz);
        }
        played->known[hand] = true;
    }
    const PointsDiscard *r = &played->result[hand];
    Position play = *pos;
    position_after_discard(pos, hand ? 0 : r->discard, &play);
    if (hand)
        play.declarer_points = set_points(skat);
    PlayResult result = {.points = r->points, .declarer_schwarz = r->schwarz, .tricks = 5,
                         .defenders_schwarz = r->points == play.declarer_points &&
                                              solver_defenders_take_all(solver, &play)};
    e->discard = hand ? 0 : r->discard;
    e->declarer_points = r->points;
    e->declarer_schwarz = r->schwarz;
    Contract base = e->contract;
    choose_announcements(rules, &base, twelve, &result, e);
}

/* One job: every variant of one kind of game for one seat, hand games
 * first, with one solver whose table stays valid throughout. */
static void solve_group(Solver *solver, const RuleSystem *rules, const CardSet hands[3], CardSet skat, int seat,
                        const Contract *contracts, const int *members, int count, TableEntry *entries)
{
    Played played = {0};
    solver_new_deal(solver);
    for (int pass = 1; pass >= 0; pass--)
        for (int k = 0; k < count; k++) {
            const Contract *c = &contracts[members[k]];
            if (c->hand != pass)
                continue;
            TableEntry *e = &entries[members[k]];
            *e = (TableEntry){.row = *c, .contract = *c, .declarer_points = -1};
            Position pos = {.game = c->game, .declarer = seat, .leader = SEAT_FOREHAND};
            memcpy(pos.hands, hands, sizeof pos.hands);
            if (c->game == GAME_NULL)
                solve_null(solver, rules, &pos, skat, &played, e);
            else
                solve_points(solver, rules, &pos, skat, &played, e);
        }
}

/* ---- the whole table ---- */

static void summarize_seat(SeatTable *t)
{
    t->best = -1;
    t->bid_ceiling = 0;
    for (int i = 0; i < t->count; i++) {
        const TableEntry *e = &t->entry[i];
        if (!e->won)
            continue;
        if (t->best < 0 || e->bid_ceiling > t->bid_ceiling ||
            (e->bid_ceiling == t->bid_ceiling && e->game_value > t->entry[t->best].game_value)) {
            t->best = i;
            t->bid_ceiling = e->bid_ceiling;
        }
    }
}

/* Contracts of one kind of game (and form) play alike in their hand and
 * skat variants: they make one job. */
static int group_contracts(const Contract *contracts, int count, int members[][TABLE_MAX_CONTRACTS], int sizes[])
{
    int groups = 0;
    for (int i = 0; i < count; i++) {
        int g = 0;
        while (g < groups && !(contracts[members[g][0]].game == contracts[i].game &&
                               contracts[members[g][0]].form == contracts[i].form))
            g++;
        if (g == groups)
            sizes[groups++] = 0;
        members[g][sizes[g]++] = i;
    }
    return groups;
}

void table_compute(TableWorkers *w, const RuleSystem *rules, const CardSet hands[3], CardSet skat,
                   unsigned seat_mask, DealTable *out)
{
    memset(out, 0, sizeof *out);
    Contract contracts[TABLE_MAX_CONTRACTS];
    int count = table_contracts(rules, skat, contracts);
    int members[TABLE_MAX_CONTRACTS][TABLE_MAX_CONTRACTS], sizes[TABLE_MAX_CONTRACTS];
    int groups = group_contracts(contracts, count, members, sizes);
    int jobs[3 * TABLE_MAX_CONTRACTS][2];
    int job_count = 0;
    for (int seat = 0; seat < 3; seat++)
        if (seat_mask & (1u << seat)) {
            out->seat[seat].evaluated = true;
            out->seat[seat].count = count;
        }
    /* The long jobs first (suit and grand, with their 66 discards), the
     * quick null games last, so that threads finish together. */
    for (int pass = 0; pass < 2; pass++)
        for (int g = 0; g < groups; g++) {
            if ((contracts[members[g][0]].game == GAME_NULL) != pass)
                continue;
            for (int seat = 0; seat < 3; seat++)
                if (seat_mask & (1u << seat)) {
                    jobs[job_count][0] = seat;
                    jobs[job_count][1] = g;
                    job_count++;
                }
        }
    uint64_t before = 0, after = 0;
    for (int t = 0; t < w->threads; t++)
        before += solver_nodes(w->solvers[t]);
#pragma omp parallel for schedule(dynamic, 1) num_threads(w->threads)
    for (int j = 0; j < job_count; j++) {
        int seat = jobs[j][0], g = jobs[j][1];
        solve_group(w->solvers[omp_get_thread_num()], rules, hands, skat, seat, contracts, members[g], sizes[g],
                    out->seat[seat].entry);
    }
    for (int t = 0; t < w->threads; t++)
        after += solver_nodes(w->solvers[t]);
    out->nodes = after - before;
    out->best_seat = -1;
    for (int seat = 0; seat < 3; seat++) {
        SeatTable *t = &out->seat[seat];
        if (!t->evaluated)
            continue;
        summarize_seat(t);
        if (t->best >= 0 && (out->best_seat < 0 || t->bid_ceiling > out->seat[out->best_seat].bid_ceiling))
            out->best_seat = seat;
    }
}
