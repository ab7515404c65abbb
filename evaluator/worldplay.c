/* A skat's worlds played double-dummy (worldplay.h): hand games, skat games
 * with the discard chosen per skat as the declarer chooses it, and the lost
 * levels resolved afterwards. */
#include "worldplay.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "alike.h"
#include "discard.h"
#include "search.h"
#include "worlds.h"

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
    if (target > top || (target > low && !world_reaches(solver, w->rules, pos, target)))
        return false;
    *level = (uint8_t)world_level_between(solver, w->rules, pos, target, top);
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
            if (world_reaches(solver, w->rules, &pos[j], key)) {
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
        if (world_reaches(solver, w->rules, &pos, play->goal))
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
    if (world_reaches(solver, w->rules, &back, play->goal))
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
CardSet worldplay_choose_discard(const Work *w, Solver *solver, int skat, int p, int limit)
{
    const Play *play = &w->play[p];
    bool twin = play->hand_twin >= 0;
    if (w->samples == 1 && candidates_to_try(w, limit) == 0 && twin && !w->twelve && !w->exhaustive) {
        CardSet hands[3];
        world_deal(w, skat, CHOICE_LAYOUTS, hands);
        return choose_on_goal(w, solver, skat, p, hands);
    }
    CardSet choice_hands[EVAL_MAX_SAMPLES][3];
    uint8_t choice_levels[EVAL_MAX_SAMPLES] = {0};
    CardSet discard = w->skat[skat];
    for (int j = 0; j < w->samples; j++) {
        world_deal(w, skat, CHOICE_LAYOUTS + j, choice_hands[j]);
        if (twin) {
            Position pos = world_position(w, play->game, choice_hands[j], w->hand, w->skat[skat]);
            choice_levels[j] = (uint8_t)world_level_between(solver, w->rules, &pos, OUT_LOST, OUT_SCHWARZ);
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
    return k >= 0 ? w->pilot_choice[k][p] : worldplay_choose_discard(w, solver, skat, p, -1);
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
bool worldplay_share_choices(Work *w, Solver **solvers, int threads)
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
        w->own_choice[job[j]] = worldplay_choose_discard(w, solver, job[j] / MAX_PLAYS, job[j] % MAX_PLAYS, -1);
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
    return world_level_between(solver, w->rules, &pos, OUT_LOST_SCHWARZ, OUT_LOST);
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
        world_play_levels(w, solver, play->game, hands, twelve & ~discard, discard, levels);
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
     * beat it.  Where the lost levels are not told apart (world_lost_resolved), a
     * lost skat back is beaten only by a discard that wins, and a discard
     * that wins has its level resolved. */
    Tally back = tally(hand_levels, w->samples);
    int floor = world_lost_resolved(w, skat) ? OUT_LOST_SCHWARZ : OUT_LOST;
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
        c->level[c->count][j] = (uint8_t)world_level_between(solver, w->rules, &pos, OUT_LOST, OUT_SCHWARZ);
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
    bool resolve = world_lost_resolved(w, skat) || play->game == GAME_NULL;
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

void worldplay_skat(const Work *w, Solver *solver, int skat, int p, const CardSet (*hands)[3])
{
    if (!w->own_layouts)
        skat_play_same_layouts(w, solver, skat, p, hands);
    else if (leaves_one_out(w, p))
        skat_play_left_out(w, solver, skat, p, hands);
    else
        skat_play_own_layouts(w, solver, skat, p, hands);
}

void worldplay_hand(const Work *w, Solver *solver, int skat, int p, const CardSet (*hands)[3])
{
    GameType game = w->play[p].game;
    bool resolve = world_lost_resolved(w, skat);
    for (int j = 0; j < w->samples; j++) {
        Position pos = world_position(w, game, hands[j], w->hand, w->skat[skat]);
        int level = world_level_between(solver, w->rules, &pos, resolve ? OUT_LOST_SCHWARZ : OUT_LOST, OUT_SCHWARZ);
        *level_at(w, skat, p, j) = (uint8_t)level;
        *unresolved_at(w, skat, p, j) = !resolve && level == OUT_LOST && game != GAME_NULL;
    }
}

/* One world's lost level searched after all (worldplay_resolve_lost), as
 * skat_play_own_layouts would have found it there: the skat back's, or the
 * tried discard's where that one does better. */
static void resolve_world(const Work *w, Solver *solver, int skat, int p, int sample)
{
    const Play *play = &w->play[p];
    CardSet hands[3];
    world_deal(w, skat, sample, hands);
    int level;
    if (play->hand) {
        solver_new_deal(solver);
        Position pos = world_position(w, play->game, hands, w->hand, w->skat[skat]);
        level = world_level_between(solver, w->rules, &pos, OUT_LOST_SCHWARZ, OUT_LOST);
    } else {
        if (*unresolved_at(w, skat, play->hand_twin, sample))
            resolve_world(w, solver, skat, play->hand_twin, sample);
        level = *level_at(w, skat, play->hand_twin, sample);
        CardSet discard = w->tried[skat * MAX_PLAYS + p], twelve = w->hand | w->skat[skat];
        /* The discard did not win here (it would have been resolved). */
        if (discard != w->skat[skat] && level < OUT_LOST) {
            solver_new_deal(solver);
            Position pos = world_position(w, play->game, hands, twelve & ~discard, discard);
            if (world_reaches(solver, w->rules, &pos, level + 1)) {
                level = world_level_between(solver, w->rules, &pos, level + 1, OUT_LOST);
                w->chosen[skat * MAX_PLAYS + p] = discard;
            }
        }
    }
    *level_at(w, skat, p, sample) = (uint8_t)level;
    *unresolved_at(w, skat, p, sample) = 0;
}

/* A leave-one-out skat game's worlds of one skat told apart after all
 * (worldplay_resolve_lost), as skat_play_left_out would have found them: the hand
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
            world_deal(w, skat, j, hands);
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
bool worldplay_resolve_lost(const Work *w, Solver *solver)
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
