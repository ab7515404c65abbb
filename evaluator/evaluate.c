#include "evaluate.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alike.h"
#include "discard.h"
#include "evalwork.h"
#include "search.h"
#include "singledummy.h"
#include "summary.h"
#include "table.h"

static CardSet *stood_at(const Work *w, int skat, int play, int sample)
{
    return &w->stood[((size_t)skat * MAX_PLAYS + (size_t)play) * (size_t)w->samples + (size_t)sample];
}


/* ---- worlds ---- */

static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Sample numbers of the layouts that are not counted: the fresh check's and
 * the discard choice's own, each from its base on (a counted world's number
 * is below EVAL_MAX_SAMPLES). */
enum { FRESH_LAYOUTS = EVAL_MAX_SAMPLES, CHOICE_LAYOUTS = 2 * EVAL_MAX_SAMPLES };

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


/* A seeded draw per world that its outcome cannot sway (salt: which draw). */
static uint64_t world_draw(const Work *w, int skat, int sample, uint64_t salt)
{
    return mix(w->seed ^ mix(((uint64_t)skat << 8 | (uint64_t)sample) + salt));
}

/* lost_every: a lost suit or grand game's level below winning counts only
 * in the expected values and scores, yet its search ("does he escape
 * schneider") is the dearest of a hopeless contract's worlds (README, round
 * 21).  It is searched in the worlds of the skats picked here (seeded,
 * whatever the outcome, so the lost ones among them are a fair sample of
 * every lost world), in all plays alike.  Whole skats, because leaving one
 * out compares a skat's layouts down to their lost levels. */
static bool merges_lost(const Work *w)
{
    return w->lost_every > 1 && w->own_layouts && !w->twelve && !w->single_dummy;
}

static bool resolves_lost(const Work *w, int skat)
{
    return !merges_lost(w) || world_draw(w, skat, 0, 0x10575) % (uint64_t)w->lost_every == 0;
}

static Position world_position(const Work *w, GameType game, const CardSet hands[3], CardSet declarer_hand,
                               CardSet out_of_play)
{
    Position pos = {.game = game, .declarer = w->seat, .leader = SEAT_FOREHAND,
                    .declarer_points = set_points(out_of_play)};
    memcpy(pos.hands, hands, sizeof pos.hands);
    pos.hands[w->seat] = declarer_hand;
    return pos;
}

/* ---- double-dummy levels ---- */

/* Does the world end at level or above?  One threshold search. */
static bool reaches_level(Solver *solver, const RuleSystem *rules, const Position *pos, int level)
{
    if (pos->game == GAME_NULL)
        return level <= OUT_LOST || solver_declarer_wins_null(solver, pos);
    switch (level) {
    case OUT_LOST_SCHWARZ: return true;
    case OUT_LOST_SCHNEIDER: return !solver_defenders_take_all(solver, pos);
    case OUT_LOST: return solver_declarer_reaches(solver, pos, rules->schneidered_points + 1);
    case OUT_WON: return solver_declarer_reaches(solver, pos, rules->win_points);
    case OUT_SCHNEIDER: return solver_declarer_reaches(solver, pos, rules->schneider_points);
    default: return solver_declarer_takes_all(solver, pos);
    }
}

/* The level of a world known to lie in [low, high]: the question of
 * escaping schneider first, then of winning, then outward (schwarz and being
 * schwarz are rare and the searches for them quick).  A world held below
 * schneider skips the question of winning: 1-2 % fewer nodes in evaluate
 * than asking about winning first (README, round 16). */
static int level_between(Solver *solver, const RuleSystem *rules, const Position *pos, int low, int high)
{
    if (pos->game == GAME_NULL) {
        low = low < OUT_LOST ? OUT_LOST : low;
        high = high > OUT_WON ? OUT_WON : high;
    }
    while (low < high) {
        int test = low >= OUT_WON ? low + 1 : high <= OUT_LOST ? high : low < OUT_LOST ? OUT_LOST : OUT_WON;
        if (reaches_level(solver, rules, pos, test))
            low = test;
        else
            high = test - 1;
    }
    return low;
}

/* Every level of each layout when the declarer holds held and out_of_play
 * is put away (the skat, or a discard). */
static void play_levels(const Work *w, Solver *solver, GameType game, const CardSet (*hands)[3], CardSet held,
                        CardSet out_of_play, uint8_t *levels)
{
    for (int j = 0; j < w->samples; j++) {
        Position pos = world_position(w, game, hands[j], held, out_of_play);
        levels[j] = (uint8_t)level_between(solver, w->rules, &pos, OUT_LOST_SCHWARZ, OUT_SCHWARZ);
    }
}

/* ---- skat games: the discard ---- */

/* How good a discard was over a skat's layouts, compared key by key: the
 * layouts reaching the goal first, then the other levels from the top. */
typedef struct {
    int count[OUT_LEVELS]; /* layouts at this level or above */
} Tally;

/* Over every layout but left_out (-1: every layout). */
static Tally tally_without(const uint8_t *levels, int samples, int left_out)
{
    Tally t = {{0}};
    for (int j = 0; j < samples; j++)
        for (int l = 0; j != left_out && l <= levels[j]; l++)
            t.count[l]++;
    return t;
}

static Tally tally(const uint8_t *levels, int samples)
{
    return tally_without(levels, samples, -1);
}

static bool better(const Tally *a, const Tally *b, int goal)
{
    if (a->count[goal] != b->count[goal])
        return a->count[goal] > b->count[goal];
    for (int l = OUT_LEVELS - 1; l > 0; l--)
        if (l != goal && a->count[l] != b->count[l])
            return a->count[l] > b->count[l];
    return false;
}

/* The keys of the comparison, in order: the goal, then the levels from the
 * top (schwarz, schneider, won, not schneidered, a trick). */
static int comparison_keys(int goal, int keys[OUT_LEVELS - 1])
{
    int n = 0;
    keys[n++] = goal;
    for (int l = OUT_LEVELS - 1; l > 0; l--)
        if (l != goal)
            keys[n++] = l;
    return n;
}

/* Whether a discard still tied with the best on the keys before keys[from]
 * can still beat it: on some key from there on, the layouts that may yet
 * reach it (high) outnumber the best's.  Where the best reaches a key in as
 * many layouts as can, that key can only tie or lose (a tie keeps the best). */
static bool can_beat(const Tally *best, const int *keys, int key_count, int from, const int *high, int samples)
{
    for (int k = from; k < key_count; k++) {
        int reachable = 0;
        for (int j = 0; j < samples; j++)
            reachable += high[j] >= keys[k];
        if (reachable > best->count[keys[k]])
            return true;
    }
    return false;
}

/* With one layout better() puts the higher level first, so a discard beats
 * the best exactly where it reaches the level above the best's: one
 * threshold search decides, and only a discard that beats the best has the
 * rest of its level resolved.  (Key by key, a discard that wins as the
 * best does would be asked to win, then schwarz, then schneider.)  floor as
 * try_discard's. */
static bool beats_in_one_layout(const Work *w, Solver *solver, const Position *pos, int floor, const Tally *best,
                                uint8_t *level)
{
    bool null_game = pos->game == GAME_NULL;
    int low = null_game ? OUT_LOST : floor, top = null_game ? OUT_WON : OUT_SCHWARZ;
    int best_level = 0;
    while (best_level < OUT_LEVELS - 1 && best->count[best_level + 1] > 0)
        best_level++;
    int target = best_level + 1 > low ? best_level + 1 : low;
    if (target > top || (target > low && !reaches_level(solver, w->rules, pos, target)))
        return false;
    *level = (uint8_t)level_between(solver, w->rules, pos, target, top);
    return true;
}

/* Plays one discard in every layout, resolving the levels key by key in the
 * order better() compares them.  With a best to beat (not NULL), it stops as
 * soon as the discard can no longer beat it and returns false, also when it
 * only ties (the earlier candidate stays); otherwise every level is resolved. */
static bool try_discard(const Work *w, Solver *solver, const Play *play, CardSet twelve, CardSet discard,
                        const CardSet (*hands)[3], int floor, const Tally *best, uint8_t *levels)
{
    Position pos[EVAL_MAX_SAMPLES];
    int low[EVAL_MAX_SAMPLES], high[EVAL_MAX_SAMPLES];
    bool null_game = play->game == GAME_NULL;
    if (best && w->samples == 1) {
        pos[0] = world_position(w, play->game, hands[0], twelve & ~discard, discard);
        return beats_in_one_layout(w, solver, &pos[0], floor, best, levels);
    }
    for (int j = 0; j < w->samples; j++) {
        pos[j] = world_position(w, play->game, hands[j], twelve & ~discard, discard);
        low[j] = null_game ? OUT_LOST : floor;
        high[j] = null_game ? OUT_WON : OUT_SCHWARZ;
    }
    int keys[OUT_LEVELS - 1];
    int key_count = comparison_keys(play->goal, keys);
    bool tied = best != NULL; /* so far equal to the best on every key */
    for (int k = 0; k < key_count; k++) {
        int key = keys[k], at_least = 0, open = 0;
        for (int j = 0; j < w->samples; j++) {
            at_least += low[j] >= key;
            open += low[j] < key && key <= high[j];
        }
        for (int j = 0; j < w->samples; j++) {
            if (!(low[j] < key && key <= high[j]))
                continue;
            if (tied && !can_beat(best, keys, key_count, k, high, w->samples))
                return false;
            open--;
            if (reaches_level(solver, w->rules, &pos[j], key)) {
                low[j] = key;
                at_least++;
            } else {
                high[j] = key - 1;
            }
            if (tied && at_least + open < best->count[key])
                return false;
        }
        if (tied && at_least != best->count[key]) {
            if (at_least < best->count[key])
                return false;
            tied = false;
        }
    }
    if (tied)
        return false;
    for (int j = 0; j < w->samples; j++)
        levels[j] = (uint8_t)low[j];
    return true;
}

/* A skat game: the discard that does best over this skat's layouts (Tally),
 * among putting the skat back (which is the hand game, already played), the
 * first candidates (all 66 with twelve cards), and, for each layout where the
 * best so far misses the goal, the first of the next RESCUE_SCAN candidates
 * that reaches it there: double-dummy play often puts away what no estimate
 * ranks high (an ace, to bank its points).  The candidates come in the order
 * of a cheap estimate, with ten cards first those that put away what the
 * pilot skats' choices among all 66 did (run_pilots). */
enum { RESCUE_SCAN = 8 };

typedef struct {
    const Work *w;
    Solver *solver;
    const Play *play;
    CardSet twelve;
    const CardSet (*hands)[3];
    int floor;      /* the lowest level told apart: OUT_LOST_SCHWARZ, or OUT_LOST (every lost level one) */
    int limit;      /* candidates tried besides the rescue: -1 the options' */
    int p;          /* the play */
    bool have;
    Tally best;
    uint8_t *best_levels;
    CardSet *chosen;
} DiscardSearch;

static void consider(DiscardSearch *d, CardSet discard)
{
    uint8_t trial[EVAL_MAX_SAMPLES];
    bool cut_off = d->have && !d->w->exhaustive;
    if (!try_discard(d->w, d->solver, d->play, d->twelve, discard, d->hands, d->floor, cut_off ? &d->best : NULL,
                     trial))
        return;
    Tally t = tally(trial, d->w->samples);
    if (d->have && !cut_off && !better(&t, &d->best, d->play->goal))
        return;
    d->have = true;
    d->best = t;
    memcpy(d->best_levels, trial, (size_t)d->w->samples);
    *d->chosen = discard;
}

/* The first of the next RESCUE_SCAN untried candidates that reaches the
 * goal in the layout hands, or -1. */
static int rescue(const Work *w, Solver *solver, const Play *play, CardSet twelve, const CardSet hands[3],
                  const CardSet *candidates, int n, const bool *tried)
{
    for (int i = 0, scanned = 0; i < n && scanned < RESCUE_SCAN; i++) {
        if (tried[i])
            continue;
        scanned++;
        Position pos = world_position(w, play->game, hands, twelve & ~candidates[i], candidates[i]);
        if (reaches_level(solver, w->rules, &pos, play->goal))
            return i;
    }
    return -1;
}

/* Puts first the candidates that put away what the pilots' choices did:
 * the same cards of the hand and as many skat cards (stable: the
 * estimate's order among equals). */
static void order_by_pilots(const Work *w, int p, int skat, CardSet *candidates, int n)
{
    int votes[DISCARD_COUNT];
    for (int i = 0; i < n; i++) {
        CardSet kept = candidates[i] & w->hand;
        int from_skat = set_count(candidates[i] & w->skat[skat]);
        votes[i] = 0;
        for (int k = 0; k < w->pilots; k++) {
            CardSet chosen = w->pilot_choice[k][p];
            votes[i] += chosen != ALL_CARDS && (chosen & w->hand) == kept &&
                        set_count(chosen & w->skat[w->pilot_skat[k]]) == from_skat;
        }
    }
    for (int i = 1; i < n; i++) {
        CardSet c = candidates[i];
        int v = votes[i], k = i;
        for (; k > 0 && votes[k - 1] < v; k--) {
            candidates[k] = candidates[k - 1];
            votes[k] = votes[k - 1];
        }
        candidates[k] = c;
        votes[k] = v;
    }
}

/* Whether the candidates come in the pilots' order rather than
 * discard_candidates' own: with ten cards, once the pilots have chosen. */
static bool pilots_order(const Work *w) { return w->pilots > 0 && !w->twelve; }

/* A skat's candidate discards for play p: the estimate's order, with ten
 * cards the pilots' first.  Returns how many. */
static int ordered_candidates(const Work *w, int p, int skat, CardSet twelve, CardSet candidates[DISCARD_COUNT])
{
    int n = discard_candidates(w->play[p].game, twelve, candidates);
    if (pilots_order(w))
        order_by_pilots(w, p, skat, candidates, n);
    return n;
}

/* How many candidates a choice tries besides the rescue, given DiscardSearch's
 * limit (-1: the options': all 66 with twelve cards, else --discards). */
static int candidates_to_try(const Work *w, int limit)
{
    return limit >= 0 ? limit : w->twelve ? DISCARD_COUNT : w->discards;
}

/* The candidates after the first (putting the skat back, when d has it). */
static void search_discards(DiscardSearch *d, int skat)
{
    const Work *w = d->w;
    CardSet candidates[DISCARD_COUNT];
    bool tried[DISCARD_COUNT] = {false};
    int n = ordered_candidates(w, d->p, skat, d->twelve, candidates);
    int limit = candidates_to_try(w, d->limit), count = 0;
    /* Where every candidate is tried in discard_candidates' own order, one
     * that an earlier one dominates can neither beat it nor win a tie. */
    bool every = limit >= n && !pilots_order(w);
    for (int i = 0; i < n; i++) {
        tried[i] = candidates[i] == w->skat[skat];
        if (!tried[i] && count < limit) {
            tried[i] = true;
            count++;
            if (!every || !discard_dominated(d->play->game, d->twelve, candidates[i]))
                consider(d, candidates[i]);
        }
    }
    for (int j = 0; !w->twelve && !w->exhaustive && j < w->samples; j++) {
        if (d->best_levels[j] >= d->play->goal)
            continue;
        int i = rescue(w, d->solver, d->play, d->twelve, d->hands[j], candidates, n, tried);
        if (i >= 0) {
            tried[i] = true;
            consider(d, candidates[i]);
        }
    }
}

/* The discard chosen in the layouts that are counted (the same-layouts choice). */
static void skat_play_same_layouts(const Work *w, Solver *solver, int skat, int p, const CardSet (*hands)[3])
{
    DiscardSearch d = {.w = w, .solver = solver, .play = &w->play[p], .twelve = w->hand | w->skat[skat],
                       .hands = hands, .floor = OUT_LOST_SCHWARZ, .limit = -1, .p = p,
                       .best_levels = level_at(w, skat, p, 0),
                       .chosen = &w->chosen[skat * MAX_PLAYS + p]};
    if (d.play->hand_twin >= 0) {
        memcpy(d.best_levels, level_at(w, skat, d.play->hand_twin, 0), (size_t)w->samples);
        d.best = tally(d.best_levels, w->samples);
        *d.chosen = w->skat[skat];
        d.have = true;
    }
    search_discards(&d, skat);
}

/* With one layout and no candidate tried besides the rescue (--quick), only
 * which discards reach the goal there decides: the skat back where it does,
 * else the first one the rescue scan finds (it beats the skat back on the
 * goal, and nothing else is compared), else the skat back.  So no other
 * level is searched. */
static CardSet choose_on_goal(const Work *w, Solver *solver, int skat, int p, const CardSet hands[3])
{
    const Play *play = &w->play[p];
    CardSet twelve = w->hand | w->skat[skat];
    Position back = world_position(w, play->game, hands, w->hand, w->skat[skat]);
    if (reaches_level(solver, w->rules, &back, play->goal))
        return w->skat[skat];
    CardSet candidates[DISCARD_COUNT];
    bool tried[DISCARD_COUNT];
    int n = ordered_candidates(w, p, skat, twelve, candidates);
    for (int i = 0; i < n; i++)
        tried[i] = candidates[i] == w->skat[skat];
    int i = rescue(w, solver, play, twelve, hands, candidates, n, tried);
    return i >= 0 ? candidates[i] : w->skat[skat];
}

/* The discard chosen in layouts of its own (CHOICE_LAYOUTS), which are not
 * counted, telling apart only the levels of winning (a lost game is a lost
 * game there); limit as DiscardSearch's. */
static CardSet choose_in_own_layouts(const Work *w, Solver *solver, int skat, int p, int limit)
{
    const Play *play = &w->play[p];
    bool twin = play->hand_twin >= 0;
    if (w->samples == 1 && candidates_to_try(w, limit) == 0 && twin && !w->twelve && !w->exhaustive) {
        CardSet hands[3];
        deal_world(w, skat, CHOICE_LAYOUTS, hands);
        return choose_on_goal(w, solver, skat, p, hands);
    }
    CardSet choice_hands[EVAL_MAX_SAMPLES][3];
    uint8_t choice_levels[EVAL_MAX_SAMPLES] = {0};
    CardSet discard = w->skat[skat];
    for (int j = 0; j < w->samples; j++) {
        deal_world(w, skat, CHOICE_LAYOUTS + j, choice_hands[j]);
        if (twin) {
            Position pos = world_position(w, play->game, choice_hands[j], w->hand, w->skat[skat]);
            choice_levels[j] = (uint8_t)level_between(solver, w->rules, &pos, OUT_LOST, OUT_SCHWARZ);
        }
    }
    DiscardSearch d = {.w = w, .solver = solver, .play = play, .twelve = w->hand | w->skat[skat],
                       .hands = (const CardSet(*)[3])choice_hands, .floor = OUT_LOST, .limit = limit, .p = p,
                       .have = twin, .best = tally(choice_levels, w->samples), .best_levels = choice_levels,
                       .chosen = &discard};
    search_discards(&d, skat);
    return discard;
}

static int pilot_of(const Work *w, int skat)
{
    int k = 0;
    while (k < w->pilots && w->pilot_skat[k] != skat)
        k++;
    return k < w->pilots ? k : -1;
}

/* A skat's own choice: a pilot has chosen among all discards in these same
 * layouts already; any other skat chooses in layouts of its own. */
static CardSet own_layouts_choice(const Work *w, Solver *solver, int skat, int p)
{
    int k = pilot_of(w, skat);
    return k >= 0 ? w->pilot_choice[k][p] : choose_in_own_layouts(w, solver, skat, p, -1);
}

/* The choice a skat takes from its alike skat (alike.h), traded. */
static CardSet taken_choice(const Work *w, int skat, int p)
{
    int from = w->choice_from[skat * MAX_PLAYS + p], k = pilot_of(w, from);
    CardSet chosen = k >= 0 ? w->pilot_choice[k][p] : w->own_choice[from * MAX_PLAYS + p];
    return alike_trade(w->hand, w->play[p].game, w->skat[from], w->skat[skat], chosen);
}

/* The skat whose choice skat takes for skat-game play p: the alike one with
 * the lowest cards where that one plays p too, else itself. */
static int alike_chooser(const Work *w, int skat, int p)
{
    CardSet lowest = alike_lowest(w->hand, w->play[p].game, w->skat[skat]);
    int from = 0;
    while (w->skat[from] != lowest)
        from++;
    return w->needed[from] >> p & 1 ? from : skat;
}

/* With one layout per skat (--quick), each skat's discard is chosen in one
 * layout of its own, as much a guess from one sample as any other.  Alike
 * skats (alike.h, which are alike depends on the kind of game) share one
 * such choice, traded to their cards: the one of the skat with the lowest
 * cards of each group.  (Drawn among them instead, the chooser does
 * measurably worse: README, round 15.)  A pilot keeps its
 * own choice among all discards.  One job per choosing skat and skat-game
 * play; every skat's worlds are still played with its own cards
 * (skat_play_own_layouts). */
static bool share_choices(Work *w, Solver **solvers, int threads)
{
    int jobs = 0;
    int *job = malloc((size_t)w->skats * MAX_PLAYS * sizeof *job);
    if (!job)
        return false;
    for (int s = 0; s < w->skats; s++) {
        bool pilot = pilot_of(w, s) >= 0;
        for (int p = 0; p < w->plays; p++) {
            if (w->play[p].hand || !(w->needed[s] >> p & 1))
                continue;
            int from = pilot ? s : alike_chooser(w, s, p);
            w->choice_from[s * MAX_PLAYS + p] = from;
            if (from == s && !pilot)
                job[jobs++] = s * MAX_PLAYS + p;
        }
    }
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (int j = 0; j < jobs; j++) {
        Solver *solver = solvers[omp_get_thread_num()];
        solver_new_deal(solver);
        w->own_choice[job[j]] = choose_in_own_layouts(w, solver, job[j] / MAX_PLAYS, job[j] % MAX_PLAYS, -1);
    }
    free(job);
    w->alike_choices = true;
    return true;
}

/* A skat game's worlds of one skat as its hand game's: the skat goes back. */
static void skat_back(const Work *w, int skat, int p)
{
    int twin = w->play[p].hand_twin;
    memcpy(level_at(w, skat, p, 0), level_at(w, skat, twin, 0), (size_t)w->samples);
    memcpy(unresolved_at(w, skat, p, 0), unresolved_at(w, skat, twin, 0), (size_t)w->samples);
    for (int j = 0; j < w->samples; j++)
        *stood_at(w, skat, p, j) = w->skat[skat];
}

/* A lost world's level (below winning) when the declarer puts discard away. */
static int lost_level_with(const Work *w, Solver *solver, GameType game, const CardSet hands[3], CardSet twelve,
                           CardSet discard)
{
    Position pos = world_position(w, game, hands, twelve & ~discard, discard);
    return level_between(solver, w->rules, &pos, OUT_LOST_SCHWARZ, OUT_LOST);
}

/* The discard chosen in layouts of its own, then played in the counted
 * layouts.  With ten cards, where it does worse there than putting the skat
 * back (the hand game), the skat goes back, so that no skat game does worse
 * than its hand game. */
static void skat_play_own_layouts(const Work *w, Solver *solver, int skat, int p, const CardSet (*hands)[3])
{
    const Play *play = &w->play[p];
    CardSet twelve = w->hand | w->skat[skat];
    CardSet discard = w->alike_choices ? taken_choice(w, skat, p) : own_layouts_choice(w, solver, skat, p);

    uint8_t *levels = level_at(w, skat, p, 0);
    if (play->hand_twin < 0) {
        play_levels(w, solver, play->game, hands, twelve & ~discard, discard, levels);
        w->chosen[skat * MAX_PLAYS + p] = discard;
        return;
    }
    const uint8_t *hand_levels = level_at(w, skat, play->hand_twin, 0);
    skat_back(w, skat, p);
    w->chosen[skat * MAX_PLAYS + p] = w->skat[skat];
    w->tried[skat * MAX_PLAYS + p] = discard;
    if (discard == w->skat[skat])
        return;
    /* Played against putting the skat back: dropped as soon as it cannot
     * beat it.  Where the lost levels are not told apart (resolves_lost), a
     * lost skat back is beaten only by a discard that wins, and a discard
     * that wins has its level resolved. */
    Tally back = tally(hand_levels, w->samples);
    int floor = resolves_lost(w, skat) ? OUT_LOST_SCHWARZ : OUT_LOST;
    if (try_discard(w, solver, play, twelve, discard, hands, floor, &back, levels)) {
        w->chosen[skat * MAX_PLAYS + p] = discard;
        memset(unresolved_at(w, skat, p, 0), 0, (size_t)w->samples);
    }
}

/* Leave one out: with ten cards and several layouts per skat, the discard
 * counted in each layout is the one chosen on the skat's other counted
 * layouts, so that no layout counts a discard chosen in it, and the choice
 * needs neither layouts nor hand games of its own: putting the skat back is
 * the hand game, already played in every layout.  The candidates are those
 * of search_discards (the first ones in the pilots' and the estimate's
 * order, and a rescue scan for each layout where the best over all layouts
 * misses the goal), each played in every layout, the levels below winning
 * told apart only where a lost layout is counted.  Where the counted levels
 * do worse than putting the skat back, the skat goes back (no skat game does
 * worse than its hand game).  The skat's discard (chosen, for the fresh
 * check) is the best over all its layouts. */
typedef struct {
    int count;
    CardSet discard[DISCARD_COUNT];
    uint8_t level[DISCARD_COUNT][EVAL_MAX_SAMPLES]; /* OUT_LOST stands for every lost level */
} LeftOut;

/* The best candidate over every layout but left_out (-1: every layout);
 * among equals the first. */
static int left_out_best(const LeftOut *c, int samples, int left_out, int goal)
{
    int best = 0;
    Tally top = tally_without(c->level[0], samples, left_out);
    for (int k = 1; k < c->count; k++) {
        Tally t = tally_without(c->level[k], samples, left_out);
        if (better(&t, &top, goal)) {
            best = k;
            top = t;
        }
    }
    return best;
}

static void left_out_add(const Work *w, Solver *solver, const Play *play, CardSet twelve, CardSet discard,
                         const CardSet (*hands)[3], LeftOut *c)
{
    for (int j = 0; j < w->samples; j++) {
        Position pos = world_position(w, play->game, hands[j], twelve & ~discard, discard);
        c->level[c->count][j] = (uint8_t)level_between(solver, w->rules, &pos, OUT_LOST, OUT_SCHWARZ);
    }
    c->discard[c->count++] = discard;
}

static void skat_play_left_out(const Work *w, Solver *solver, int skat, int p, const CardSet (*hands)[3])
{
    const Play *play = &w->play[p];
    CardSet twelve = w->hand | w->skat[skat];
    const uint8_t *hand_levels = level_at(w, skat, play->hand_twin, 0);
    LeftOut left_out, *c = &left_out;
    c->count = 1;
    c->discard[0] = w->skat[skat];
    for (int j = 0; j < w->samples; j++)
        c->level[0][j] = (uint8_t)(hand_levels[j] > OUT_LOST ? hand_levels[j] : OUT_LOST);

    CardSet candidates[DISCARD_COUNT];
    bool tried[DISCARD_COUNT];
    int n = ordered_candidates(w, p, skat, twelve, candidates), count = 0;
    for (int i = 0; i < n; i++) {
        tried[i] = candidates[i] == w->skat[skat];
        if (!tried[i] && count < w->discards) {
            tried[i] = true;
            count++;
            left_out_add(w, solver, play, twelve, candidates[i], hands, c);
        }
    }
    int best = left_out_best(c, w->samples, -1, play->goal);
    for (int j = 0; !w->exhaustive && j < w->samples; j++) {
        int i = c->level[best][j] < play->goal ? rescue(w, solver, play, twelve, hands[j], candidates, n, tried) : -1;
        if (i >= 0) {
            tried[i] = true;
            left_out_add(w, solver, play, twelve, candidates[i], hands, c);
            best = left_out_best(c, w->samples, -1, play->goal);
        }
    }

    uint8_t *levels = level_at(w, skat, p, 0);
    bool resolve = resolves_lost(w, skat) || play->game == GAME_NULL;
    for (int j = 0; j < w->samples; j++) {
        int k = left_out_best(c, w->samples, j, play->goal);
        if (k == 0) {
            levels[j] = hand_levels[j];
            *unresolved_at(w, skat, p, j) = *unresolved_at(w, skat, play->hand_twin, j);
        } else if (c->level[k][j] > OUT_LOST) {
            levels[j] = c->level[k][j];
        } else if (!resolve) {
            levels[j] = OUT_LOST;
            *unresolved_at(w, skat, p, j) = 1;
        } else {
            levels[j] = (uint8_t)lost_level_with(w, solver, play->game, hands[j], twelve, c->discard[k]);
        }
        if (!resolve)
            *stood_at(w, skat, p, j) = c->discard[k];
    }
    w->chosen[skat * MAX_PLAYS + p] = c->discard[best];
    Tally counted = tally(levels, w->samples), back = tally(hand_levels, w->samples);
    if (better(&counted, &back, play->goal))
        return;
    /* Lost levels not told apart tie on their keys, so where nothing else
     * tells counted and back apart, the choice waits for them (resolve_left_out). */
    if (!resolve && !better(&back, &counted, play->goal) && counted.count[OUT_WON] < w->samples) {
        w->undecided[skat * MAX_PLAYS + p] = 1;
        return;
    }
    skat_back(w, skat, p);
}

static bool leaves_one_out(const Work *w, int p)
{
    return w->own_layouts && w->samples > 1 && w->play[p].hand_twin >= 0;
}

static void skat_play(const Work *w, Solver *solver, int skat, int p, const CardSet (*hands)[3])
{
    if (!w->own_layouts)
        skat_play_same_layouts(w, solver, skat, p, hands);
    else if (leaves_one_out(w, p))
        skat_play_left_out(w, solver, skat, p, hands);
    else
        skat_play_own_layouts(w, solver, skat, p, hands);
}

static void hand_play(const Work *w, Solver *solver, int skat, int p, const CardSet (*hands)[3])
{
    GameType game = w->play[p].game;
    bool resolve = resolves_lost(w, skat);
    for (int j = 0; j < w->samples; j++) {
        Position pos = world_position(w, game, hands[j], w->hand, w->skat[skat]);
        int level = level_between(solver, w->rules, &pos, resolve ? OUT_LOST_SCHWARZ : OUT_LOST, OUT_SCHWARZ);
        *level_at(w, skat, p, j) = (uint8_t)level;
        *unresolved_at(w, skat, p, j) = !resolve && level == OUT_LOST && game != GAME_NULL;
    }
}

/* One world's lost level searched after all (resolve_more), as
 * skat_play_own_layouts would have found it there: the skat back's, or the
 * tried discard's where that one does better. */
static void resolve_world(const Work *w, Solver *solver, int skat, int p, int sample)
{
    const Play *play = &w->play[p];
    CardSet hands[3];
    deal_world(w, skat, sample, hands);
    int level;
    if (play->hand) {
        solver_new_deal(solver);
        Position pos = world_position(w, play->game, hands, w->hand, w->skat[skat]);
        level = level_between(solver, w->rules, &pos, OUT_LOST_SCHWARZ, OUT_LOST);
    } else {
        if (*unresolved_at(w, skat, play->hand_twin, sample))
            resolve_world(w, solver, skat, play->hand_twin, sample);
        level = *level_at(w, skat, play->hand_twin, sample);
        CardSet discard = w->tried[skat * MAX_PLAYS + p], twelve = w->hand | w->skat[skat];
        /* The discard did not win here (it would have been resolved). */
        if (discard != w->skat[skat] && level < OUT_LOST) {
            solver_new_deal(solver);
            Position pos = world_position(w, play->game, hands, twelve & ~discard, discard);
            if (reaches_level(solver, w->rules, &pos, level + 1)) {
                level = level_between(solver, w->rules, &pos, level + 1, OUT_LOST);
                w->chosen[skat * MAX_PLAYS + p] = discard;
            }
        }
    }
    *level_at(w, skat, p, sample) = (uint8_t)level;
    *unresolved_at(w, skat, p, sample) = 0;
}

/* A leave-one-out skat game's worlds of one skat told apart after all
 * (resolve_more), as skat_play_left_out would have found them: the hand
 * game's first, each world's counted discard's where it stood for a lost
 * world, then counted and back compared again where they waited for it. */
static void resolve_left_out(const Work *w, Solver *solver, int skat, int p)
{
    const Play *play = &w->play[p];
    const uint8_t *hand_levels = level_at(w, skat, play->hand_twin, 0);
    uint8_t *levels = level_at(w, skat, p, 0);
    CardSet twelve = w->hand | w->skat[skat];
    for (int j = 0; j < w->samples; j++)
        if (*unresolved_at(w, skat, play->hand_twin, j))
            resolve_world(w, solver, skat, play->hand_twin, j);
    for (int j = 0; j < w->samples; j++) {
        if (!*unresolved_at(w, skat, p, j))
            continue;
        CardSet discard = *stood_at(w, skat, p, j);
        if (discard == w->skat[skat]) {
            levels[j] = hand_levels[j];
        } else {
            CardSet hands[3];
            deal_world(w, skat, j, hands);
            solver_new_deal(solver);
            levels[j] = (uint8_t)lost_level_with(w, solver, play->game, hands, twelve, discard);
        }
        *unresolved_at(w, skat, p, j) = 0;
    }
    uint8_t *undecided = &w->undecided[skat * MAX_PLAYS + p];
    Tally counted = tally(levels, w->samples), back = tally(hand_levels, w->samples);
    if (*undecided && !better(&counted, &back, play->goal))
        skat_back(w, skat, p);
    *undecided = 0;
}

typedef struct {
    uint64_t order;
    int skat, sample, kind;
} Pending;

/* What a lost world costs depends on its level and on the declarer's
 * matadors, and both on his twelve cards, so the shares stand for the lost
 * worlds of one matador kind at a time: each kind with lost worlds not told
 * apart gets at least MIN_KIND_RESOLVED told apart (all where it has fewer).
 * Pooled over the kinds, the shares left E(value) 0.08 to 0.18 points high
 * on average over 200 random hands (README). */
enum { MIN_KIND_RESOLVED = 4 };

static int by_order(const void *a, const void *b)
{
    uint64_t x = ((const Pending *)a)->order, y = ((const Pending *)b)->order;
    return x < y ? -1 : x > y;
}

/* After every world is played: each play with lost worlds not told apart
 * gets at least min_resolved lost worlds told apart, and each of its
 * matador kinds at least MIN_KIND_RESOLVED (all where there are fewer),
 * more of them taken in a seeded order, hand plays first (a skat play's
 * world needs its hand twin's). */
static bool resolve_more(const Work *w, Solver *solver)
{
    Pending *pending = malloc(sizeof *pending * (size_t)w->skats * (size_t)w->samples);
    if (!pending)
        return false;
    for (int pass = 1; pass >= 0; pass--)
        for (int p = 0; p < w->plays; p++) {
            if (w->play[p].hand != pass || w->play[p].game == GAME_NULL)
                continue;
            /* Leaving one out, a skat's worlds are told apart together. */
            bool whole_skats = leaves_one_out(w, p);
            int resolved = 0, n = 0, in_kind[MATADOR_KINDS] = {0};
            for (int s = 0; s < w->skats; s++)
                for (int j = 0; (w->needed[s] >> p & 1) && j < w->samples; j++) {
                    int kind = world_kind(w, p, s);
                    if (*unresolved_at(w, s, p, j)) {
                        if (!whole_skats || n == 0 || pending[n - 1].skat != s)
                            pending[n++] = (Pending){world_draw(w, s, whole_skats ? 0 : j, 0x2e501), s, j, kind};
                    } else if (*level_at(w, s, p, j) <= OUT_LOST) {
                        resolved++;
                        in_kind[kind]++;
                    }
                }
            qsort(pending, (size_t)n, sizeof *pending, by_order);
            for (int i = 0; i < n; i++) {
                int s = pending[i].skat, kind = pending[i].kind;
                if (resolved >= w->min_resolved && in_kind[kind] >= MIN_KIND_RESOLVED)
                    continue;
                if (!whole_skats) {
                    resolve_world(w, solver, s, p, pending[i].sample);
                    resolved++;
                    in_kind[kind]++;
                    continue;
                }
                resolve_left_out(w, solver, s, p);
                for (int j = 0; j < w->samples; j++) {
                    bool lost = *level_at(w, s, p, j) <= OUT_LOST;
                    resolved += lost;
                    in_kind[kind] += lost;
                }
            }
        }
    free(pending);
    return true;
}

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
    uint64_t seed = mix(w->seed ^ mix(((uint64_t)skat << 8 | (uint64_t)p) + 0x5d));
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
        sd_play(solver, &game, w->sd_layouts, mix(seed + (uint64_t)j + 1), &result);
        *level_at(w, skat, p, j) = (uint8_t)sd_level(w->rules, play->game, &result);
    }
}

static void evaluate_skat(const Work *w, Solver *solver, int skat)
{
    CardSet hands[EVAL_MAX_SAMPLES][3];
    for (int j = 0; j < w->samples; j++)
        deal_world(w, skat, j, hands[j]);
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
                    hand_play(w, solver, skat, p, (const CardSet(*)[3])hands);
                else
                    skat_play(w, solver, skat, p, (const CardSet(*)[3])hands);
            }
}

/* The fresh check: a skat's chosen discard for winning, played in layouts
 * of their own (FRESH_LAYOUTS), asking only whether it wins. */
static void fresh_check_skat(const Work *w, Solver *solver, int skat)
{
    CardSet hands[EVAL_MAX_SAMPLES][3];
    for (int j = 0; j < w->samples; j++)
        deal_world(w, skat, FRESH_LAYOUTS + j, hands[j]);
    solver_new_deal(solver);
    for (int p = 0; p < w->plays; p++) {
        const Play *play = &w->play[p];
        if (play->hand || play->goal != OUT_WON || !(w->needed[skat] >> p & 1))
            continue;
        CardSet discard = w->chosen[skat * MAX_PLAYS + p], twelve = w->hand | w->skat[skat];
        int wins = 0;
        for (int j = 0; j < w->samples; j++) {
            Position pos = world_position(w, play->game, hands[j], twelve & ~discard, discard);
            wins += reaches_level(solver, w->rules, &pos, OUT_WON);
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
        w->pilot_choice[k][p] = choose_in_own_layouts(w, solver, w->pilot_skat[k], p, DISCARD_COUNT);
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
    if (w->own_layouts && w->samples == 1 && !w->twelve && !w->single_dummy && !share_choices(w, solvers, threads))
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
    if (!run_worlds(w, solvers, threads, o, out->skat_visits) || (merges_lost(w) && !resolve_more(w, solvers[0])))
        return false;
    out->lost_every = merges_lost(w) ? w->lost_every : 1;
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
    int rank_a = summary_choosable(a) ? 2 : a->p_available > 0, rank_b = summary_choosable(b) ? 2 : b->p_available > 0;
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
