#include "singledummy.h"

#include <string.h>

#include "discard.h"
#include "splitmix.h"

/* ---- random numbers: a splitmix stream per decision ---- */

/* The next number of a decision's stream: its state moved on, then mixed. */
static uint64_t next_random(uint64_t *state)
{
    *state += SPLITMIX_GAMMA;
    return splitmix_mix(*state);
}

static int random_below(uint64_t *state, int n) { return (int)(next_random(state) % (uint64_t)n); }

/* The stream of one decision, so that no decision's numbers depend on how
 * many the others drew. */
static uint64_t stream(uint64_t seed, uint64_t decision) { return splitmix_mix(seed ^ splitmix_mix(decision)); }

/* ---- dealing hidden cards to places that must not get some of them ---- */

enum { MAX_PLACES = 3, REJECTION_TRIES = 8 };

typedef struct {
    int count;
    int size[MAX_PLACES];
    CardSet forbidden[MAX_PLACES];
    CardSet dealt[MAX_PLACES];
} Deal;

static void shuffle(uint64_t *rng, int *cards, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = random_below(rng, i + 1);
        int x = cards[i];
        cards[i] = cards[j];
        cards[j] = x;
    }
}

/* A plain shuffle dealt in order is exactly uniform; kept only when it
 * respects every forbidden card (early in the game it nearly always does), it
 * is uniform over the layouts that do.  So is deal_uniformly, which deals when
 * it fails: together they are too, whichever deals. */
static bool deal_by_rejection(uint64_t *rng, const int *cards_in, int n, Deal *deal)
{
    int cards[CARD_COUNT];
    for (int i = 0; i < n; i++)
        cards[i] = cards_in[i];
    for (int attempt = 0; attempt < REJECTION_TRIES; attempt++) {
        shuffle(rng, cards, n);
        int next = 0;
        bool fits = true;
        for (int p = 0; p < deal->count && fits; p++) {
            deal->dealt[p] = 0;
            for (int k = 0; k < deal->size[p]; k++)
                deal->dealt[p] |= card_bit(cards[next++]);
            fits = !(deal->dealt[p] & deal->forbidden[p]);
        }
        if (fits)
            return true;
    }
    return false;
}

/* Uniform over every layout that respects the forbidden cards, whatever the
 * voids: each card goes to a place with a chance in proportion to the number
 * of ways the cards after it can then be dealt, counted backwards first.
 * (Weighting the places by their room instead, among those that left the rest
 * dealable, gave some layouts five times the chance of others.)  ways[i][a][b]:
 * the ways to deal cards i.. with room a and b left in places 0 and 1 (place
 * 2 has the rest); below 3^32 (32 cards, three places), so no count overflows. */
enum { MAX_ROOM = 10 };

static uint64_t random_below_wide(uint64_t *state, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, r;
    do
        r = next_random(state);
    while (r >= limit);
    return r % n;
}

static bool deal_uniformly(uint64_t *rng, const int *cards, int n, Deal *deal)
{
    int size[MAX_PLACES] = {0};
    for (int p = 0; p < deal->count; p++) {
        if (deal->size[p] > MAX_ROOM)
            return false;
        size[p] = deal->size[p];
    }
    uint64_t ways[CARD_COUNT + 1][MAX_ROOM + 1][MAX_ROOM + 1];
    for (int i = n; i >= 0; i--)
        for (int a = 0; a <= size[0]; a++)
            for (int b = 0; b <= size[1]; b++) {
                int c = n - i - a - b;
                uint64_t w = 0;
                if (c >= 0 && c <= size[2] && i == n) {
                    w = 1;
                } else if (c >= 0 && c <= size[2]) {
                    int room[MAX_PLACES] = {a, b, c};
                    for (int p = 0; p < deal->count; p++)
                        if (room[p] > 0 && !set_has(deal->forbidden[p], cards[i]))
                            w += ways[i + 1][a - (p == 0)][b - (p == 1)];
                }
                ways[i][a][b] = w;
            }
    if (ways[0][size[0]][size[1]] == 0)
        return false;
    int room[MAX_PLACES] = {size[0], size[1], size[2]};
    for (int p = 0; p < deal->count; p++)
        deal->dealt[p] = 0;
    for (int i = 0; i < n; i++) {
        uint64_t r = random_below_wide(rng, ways[i][room[0]][room[1]]);
        int p = 0;
        for (;; p++) {
            if (room[p] == 0 || set_has(deal->forbidden[p], cards[i]))
                continue;
            uint64_t w = ways[i + 1][room[0] - (p == 0)][room[1] - (p == 1)];
            if (r < w)
                break;
            r -= w;
        }
        room[p]--;
        deal->dealt[p] |= card_bit(cards[i]);
    }
    return true;
}

static bool deal_cards(uint64_t *rng, CardSet pool, Deal *deal)
{
    int cards[CARD_COUNT], n = 0;
    for (CardSet m = pool; m; m &= m - 1)
        cards[n++] = set_first(m);
    int places = 0;
    for (int p = 0; p < deal->count; p++)
        places += deal->size[p];
    if (places != n)
        return false;
    return deal_by_rejection(rng, cards, n, deal) || deal_uniformly(rng, cards, n, deal);
}

/* ---- what a player knows ---- */

static bool knows_out_of_play(const SdGame *game, int me)
{
    return ((game->sees_all >> me) & 1u) || (me == game->start.declarer && game->declarer_knows_out_of_play);
}

static bool sees_hand(const SdGame *game, int me, int seat)
{
    return seat == me || ((game->sees_all >> me) & 1u) || (game->declarer_open && seat == game->start.declarer);
}

bool sd_sample_layout(const SdGame *game, const Position *now, const CardSet shown_void[SEAT_COUNT], int me,
                      uint64_t *rng, Position *out, CardSet *out_of_play)
{
    Deal deal = {0};
    int seat_of_place[MAX_PLACES];
    CardSet pool = 0;
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        if (sees_hand(game, me, seat))
            continue;
        seat_of_place[deal.count] = seat;
        deal.size[deal.count] = set_count(now->hands[seat]);
        deal.forbidden[deal.count] = shown_void[seat];
        deal.count++;
        pool |= now->hands[seat];
    }
    bool guesses_out_of_play = !knows_out_of_play(game, me);
    if (guesses_out_of_play) {
        seat_of_place[deal.count] = -1;
        deal.size[deal.count] = set_count(game->out_of_play);
        deal.forbidden[deal.count] = 0;
        deal.count++;
        pool |= game->out_of_play;
    }
    if (!deal_cards(rng, pool, &deal))
        return false;
    *out = *now;
    *out_of_play = game->out_of_play;
    for (int p = 0; p < deal.count; p++) {
        if (seat_of_place[p] >= 0)
            out->hands[seat_of_place[p]] = deal.dealt[p];
        else
            *out_of_play = deal.dealt[p];
    }
    out->declarer_points += set_points(*out_of_play) - set_points(game->out_of_play);
    return true;
}

/* Cards that me knows are out of the play: tricks already taken, and the
 * out-of-play cards when he knows them. */
static CardSet known_gone(const SdGame *game, const Position *now, int me)
{
    CardSet live = now->hands[0] | now->hands[1] | now->hands[2];
    for (int i = 0; i < now->trick_size; i++)
        live |= card_bit(now->trick[i]);
    CardSet gone = ~live & ~game->out_of_play;
    if (knows_out_of_play(game, me))
        gone |= game->out_of_play;
    return gone;
}

/* One card of each group of legal cards that are worth the same in every
 * layout me can imagine: neighbours in the suit's order with nothing between
 * them that might be someone else's, and (but in null) the same points.  The
 * lowest index stands for its group, which keeps ties going to card order. */
static CardSet distinct_choices(const SdGame *game, const Position *now, int me, CardSet legal)
{
    GameType g = now->game;
    CardSet gone = known_gone(game, now, me), choices = 0;
    for (int suit = 0; suit <= TRUMP_SUIT; suit++) {
        CardSet suit_cards = effective_suit_cards(g, suit) & ~gone;
        if (!(suit_cards & legal))
            continue;
        int order[CARD_COUNT], n = 0;
        for (CardSet m = suit_cards; m; m &= m - 1) {
            int c = set_first(m), i = n++;
            while (i > 0 && card_strength(g, order[i - 1]) > card_strength(g, c)) {
                order[i] = order[i - 1];
                i--;
            }
            order[i] = c;
        }
        int previous = CARD_NONE, group_first = CARD_NONE;
        for (int i = 0; i < n; i++) {
            int c = order[i];
            bool mine = set_has(legal, c);
            bool joins = mine && previous != CARD_NONE && (g == GAME_NULL || card_points(c) == card_points(previous));
            if (!joins && group_first != CARD_NONE) {
                choices |= card_bit(group_first);
                group_first = CARD_NONE;
            }
            if (mine && (group_first == CARD_NONE || c < group_first))
                group_first = c;
            previous = mine ? c : CARD_NONE;
        }
        if (group_first != CARD_NONE)
            choices |= card_bit(group_first);
    }
    return choices;
}

/* ---- choosing the best option over sampled layouts ---- */

enum { MAX_OPTIONS = 10 };

/* Better for the declarer (maximizing) or for the defenders: more (fewer)
 * layouts reaching win_points, then more (fewer) points in total. */
static bool better(int wins, long total, int best_wins, long best_total, bool maximizing)
{
    if (wins != best_wins)
        return maximizing ? wins > best_wins : wins < best_wins;
    return maximizing ? total > best_total : total < best_total;
}

/* The options are cards to play or, for the declarer with twelve cards,
 * discards to put away. */
typedef struct {
    Solver *solver;
    bool maximizing;             /* the declarer chooses */
    bool discarding;
    int win_points;
    bool all_tricks;             /* ouvert: winning is taking every trick */
    int schneider_points, schneidered_points; /* 0: ties by totals */
    int options;
    int card[MAX_OPTIONS];
    CardSet discard[MAX_OPTIONS];
    int samples;
    Position world[SD_MAX_LAYOUTS];
} Choice;

static Position after(const Choice *c, int sample, int option)
{
    Position next;
    if (c->discarding) {
        position_after_discard(&c->world[sample], c->discard[option], &next);
    } else {
        next = c->world[sample];
        position_play(&next, c->card[option]);
    }
    return next;
}

static int exact_value(const Choice *c, int sample, int option)
{
    Position next = after(c, sample, option);
    return solver_declarer_points(c->solver, &next);
}

/* Whether option may do better for the chooser than reference_value in one
 * layout: one null-window search instead of an exact value. */
static bool may_beat(const Choice *c, int sample, int option, int reference_value)
{
    Position next = after(c, sample, option);
    if (c->maximizing)
        return solver_declarer_reaches(c->solver, &next, reference_value + 1);
    return !solver_declarer_reaches(c->solver, &next, reference_value);
}

/* Among options that reach win_points equally often (suit and grand): the
 * one with the best total, found without the exact value of most of them.
 * The first is solved exactly; each later one only where a threshold search
 * says it might beat the best so far, and in full only when those layouts
 * could make up for the others.  Later options must do strictly better, so
 * ties stay with the first. */
static int best_total(const Choice *c, const int *tied, int n)
{
    int reference[SD_MAX_LAYOUTS], value[SD_MAX_LAYOUTS];
    long reference_total = 0;
    for (int s = 0; s < c->samples; s++) {
        reference[s] = exact_value(c, s, tied[0]);
        reference_total += reference[s];
    }
    int best = tied[0];
    for (int i = 1; i < n; i++) {
        /* value[s] is exact where known[s], otherwise a bound no better than the reference. */
        bool known[SD_MAX_LAYOUTS];
        long bound_total = 0;
        for (int s = 0; s < c->samples; s++) {
            known[s] = may_beat(c, s, tied[i], reference[s]);
            value[s] = known[s] ? exact_value(c, s, tied[i]) : reference[s];
            bound_total += value[s];
        }
        if (!better(0, bound_total, 0, reference_total, c->maximizing))
            continue;
        long total = 0;
        for (int s = 0; s < c->samples; s++) {
            if (!known[s])
                value[s] = exact_value(c, s, tied[i]);
            total += value[s];
        }
        if (better(0, total, 0, reference_total, c->maximizing)) {
            best = tied[i];
            reference_total = total;
            for (int s = 0; s < c->samples; s++)
                reference[s] = value[s];
        }
    }
    return best;
}

/* Does the option, in one layout, leave the declarer at or above level k of
 * the levels scoring counts beyond winning: schneider, schwarz, and (for a
 * lost game) not schneidered? */
static bool reaches_key(const Choice *c, int sample, int option, int k)
{
    Position next = after(c, sample, option);
    if (k == 0)
        return solver_declarer_reaches(c->solver, &next, c->schneider_points);
    if (k == 1)
        return solver_declarer_takes_all(c->solver, &next);
    return solver_declarer_reaches(c->solver, &next, c->schneidered_points + 1);
}

/* Among options that reach win_points equally often: the one that does
 * best on the levels scoring counts, key by key (schneider, schwarz, not
 * schneidered), each a threshold search; ties stay with the first. */
static int best_by_levels(const Choice *c, const int *options, int n)
{
    int tied[MAX_OPTIONS];
    memcpy(tied, options, sizeof *tied * (size_t)n);
    for (int k = 0; k < 3 && n > 1; k++) {
        int count[MAX_OPTIONS], best = 0;
        for (int i = 0; i < n; i++) {
            count[i] = 0;
            for (int s = 0; s < c->samples; s++)
                count[i] += reaches_key(c, s, tied[i], k);
            if (c->maximizing ? count[i] > count[best] : count[i] < count[best])
                best = i;
        }
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (count[i] == count[best])
                tied[kept++] = tied[i];
        n = kept;
    }
    return tied[0];
}

/* Does the declarer win the game in one layout after the option: reach
 * win_points, or take every trick where only that wins (ouvert), or in null
 * take none? */
static bool declarer_wins(const Choice *c, int sample, int option, GameType game)
{
    Position next = after(c, sample, option);
    if (game == GAME_NULL)
        return solver_declarer_wins_null(c->solver, &next);
    if (c->all_tricks)
        return solver_declarer_takes_all(c->solver, &next);
    return solver_declarer_reaches(c->solver, &next, c->win_points);
}

/* The best option: first how often each wins (declarer_wins), by threshold
 * searches, giving up on one as soon as it cannot match the best; the
 * totals, or the levels, only matter among those tied on that. */
static int best_option(const Choice *c, GameType game)
{
    int wins[MAX_OPTIONS], tied[MAX_OPTIONS], ties = 0, best_wins = -1;
    bool complete[MAX_OPTIONS];
    for (int i = 0; i < c->options; i++) {
        wins[i] = 0;
        complete[i] = false;
        for (int s = 0; s < c->samples; s++) {
            if (best_wins >= 0 && (c->maximizing ? wins[i] + (c->samples - s) < best_wins : wins[i] > best_wins))
                break;
            wins[i] += declarer_wins(c, s, i, game);
            complete[i] = s == c->samples - 1;
        }
        if (complete[i] && (best_wins < 0 || better(wins[i], 0, best_wins, 0, c->maximizing)))
            best_wins = wins[i];
    }
    for (int i = 0; i < c->options; i++)
        if (complete[i] && wins[i] == best_wins)
            tied[ties++] = i;
    if (ties == 1 || game == GAME_NULL)
        return tied[0];
    if (c->schneider_points)
        return best_by_levels(c, tied, ties);
    return best_total(c, tied, ties);
}

typedef struct {
    const SdGame *game;
    Position now;
    CardSet shown_void[SEAT_COUNT];
    int decision;
} Table;

/* First how often each card wins (declarer_wins), by threshold searches;
 * the totals, or the levels, only matter among the cards tied on that. */
static int choose_card(Solver *solver, const Table *t, int layouts, uint64_t seed)
{
    const Position *now = &t->now;
    int me = position_to_move(now);
    CardSet choices = distinct_choices(t->game, now, me, position_legal_moves(now));
    if (set_count(choices) == 1)
        return set_first(choices);
    Choice c = {.solver = solver, .maximizing = me == now->declarer, .win_points = t->game->win_points,
                .all_tricks = t->game->all_tricks,
                .schneider_points = t->game->schneider_points, .schneidered_points = t->game->schneidered_points};
    for (CardSet m = choices; m; m &= m - 1)
        c.card[c.options++] = set_first(m);
    c.samples = (t->game->sees_all >> me) & 1u ? 1 : layouts;
    uint64_t rng = stream(seed, (uint64_t)t->decision);
    for (int s = 0; s < c.samples; s++) {
        CardSet out_of_play;
        /* Cannot fail: the real layout agrees with what anyone has seen. */
        if (!sd_sample_layout(t->game, now, t->shown_void, me, &rng, &c.world[s], &out_of_play))
            c.world[s] = *now;
    }
    return c.card[best_option(&c, now->game)];
}

static void play_card(Table *t, int card)
{
    const Position *now = &t->now;
    if (now->trick_size > 0) {
        int led = effective_suit(now->game, now->trick[0]);
        if (effective_suit(now->game, card) != led)
            t->shown_void[position_to_move(now)] |= effective_suit_cards(now->game, led);
    }
    position_play(&t->now, card);
    t->decision++;
}

void sd_play(Solver *solver, const SdGame *game, int layouts, uint64_t seed, SdResult *out)
{
    Table t = {.game = game, .now = game->start};
    *out = (SdResult){0};
    layouts = layouts < 1 ? 1 : layouts > SD_MAX_LAYOUTS ? SD_MAX_LAYOUTS : layouts;
    while (!position_is_over(&t.now) && out->cards_played < SD_MAX_CARDS) {
        if (t.now.game == GAME_NULL && t.now.declarer_tricks > 0)
            break; /* lost: the rest of the play cannot change that */
        int card = choose_card(solver, &t, layouts, seed);
        out->played[out->cards_played++] = card;
        play_card(&t, card);
    }
    out->declarer_points = t.now.declarer_points;
    out->declarer_tricks = t.now.declarer_tricks;
    out->null_won = t.now.game == GAME_NULL && t.now.declarer_tricks == 0;
}

/* ---- the discard ---- */

enum { SOLVED_FOR_SHORTLIST = 3 };

/* Layout number i of the twenty cards a declarer with twelve cannot see. */
static void discard_layout(GameType game, int declarer, CardSet twelve, uint64_t seed, int i, Position *out)
{
    uint64_t rng = stream(seed, (uint64_t)(SD_MAX_CARDS + i));
    Deal deal = {.count = 2, .size = {10, 10}};
    deal_cards(&rng, ~twelve, &deal);
    *out = (Position){.game = game, .declarer = declarer, .leader = SEAT_FOREHAND};
    out->hands[declarer] = twelve;
    out->hands[(declarer + 1) % SEAT_COUNT] = deal.dealt[0];
    out->hands[(declarer + 2) % SEAT_COUNT] = deal.dealt[1];
}

static int add_candidate(CardSet *list, int n, CardSet discard)
{
    for (int i = 0; i < n; i++)
        if (list[i] == discard)
            return n;
    list[n] = discard;
    return n + 1;
}

CardSet sd_discard(Solver *solver, GameType game, int declarer, CardSet twelve, CardSet skat, int win_points,
                   int layouts, uint64_t seed)
{
    Choice c = {.solver = solver, .maximizing = true, .discarding = true, .win_points = win_points};
    c.samples = layouts < 1 ? 1 : layouts > SD_MAX_LAYOUTS ? SD_MAX_LAYOUTS : layouts;
    for (int i = 0; i < c.samples; i++)
        discard_layout(game, declarer, twelve, seed, i, &c.world[i]);
    c.options = skat ? add_candidate(c.discard, 0, skat) : 0; /* 0: twelve cards, the skat not known apart */
    /* What double-dummy play would put away in some layouts: the discard
     * that only works with the cards where they lie should still get a try. */
    for (int i = 0; i < c.samples && i < SOLVED_FOR_SHORTLIST; i++)
        c.options = add_candidate(c.discard, c.options, best_discard(solver, &c.world[i]).discard);
    CardSet candidates[DISCARD_COUNT];
    int count = discard_candidates(game, twelve, candidates);
    for (int i = 0; i < count && c.options < MAX_OPTIONS; i++)
        c.options = add_candidate(c.discard, c.options, candidates[i]);
    return c.discard[best_option(&c, game)];
}
