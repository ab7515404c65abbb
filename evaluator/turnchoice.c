#include "turnchoice.h"

#include <stdlib.h>
#include <string.h>

enum { CARDS = 32 };

/* One world with one of its skat's cards turned first: the row played (-1
 * none), what the world is worth so, whether the first card was passed. */
typedef struct {
    int8_t row;
    bool second;
    double value;
} Outcome;

static size_t world(const TurnWorlds *t, int s, int j) { return (size_t)s * (size_t)t->samples + (size_t)j; }

static double first_value(const TurnWorlds *t, int k, int s, int j) { return t->first[k][world(t, s, j)]; }

static double second_value(const TurnWorlds *t, int k, int s, int j) { return t->second[k][world(t, s, j)]; }

/* Per card and row: the row's worth over every world whose skat holds the
 * card, played from the first card turned (first) and from the second. */
typedef struct {
    double first[CARDS][TURN_MAX_ROWS], second[CARDS][TURN_MAX_ROWS];
} Totals;

static void card_totals(const TurnWorlds *t, Totals *totals)
{
    memset(totals, 0, sizeof *totals);
    for (int s = 0; s < t->skats; s++)
        for (int k = 0; k < t->rows; k++)
            for (int j = 0; j < t->samples; j++)
                for (CardSet c = t->skat[s]; c; c &= c - 1) {
                    totals->first[set_first(c)][k] += first_value(t, k, s, j);
                    totals->second[set_first(c)][k] += second_value(t, k, s, j);
                }
}

/* The skat's card turned first (order 0: its lower card). */
static int first_card(CardSet skat, int order)
{
    return order == 0 ? set_first(skat) : set_first(skat & (skat - 1));
}

/* The second card x of skat s turned in layout j: of the rows it gives,
 * the one worth most in the skat's other layouts (with one layout, in the
 * other skats' worlds that hold x); the first among equals. */
static Outcome second_card(const TurnWorlds *t, const Totals *totals, int s, int j, int x)
{
    int pick = -1;
    double best = 0;
    for (int k = 0; k < t->rows; k++) {
        if (!(t->turned_by[k] >> x & 1))
            continue;
        double score = -second_value(t, k, s, j);
        if (t->samples > 1)
            for (int i = 0; i < t->samples; i++)
                score += second_value(t, k, s, i);
        else
            score += totals->second[x][k];
        if (pick < 0 || score > best) {
            best = score;
            pick = k;
        }
    }
    return (Outcome){.row = (int8_t)pick, .second = true, .value = pick >= 0 ? second_value(t, pick, s, j) : 0};
}

/* The first card a turned in layout j of skat s: take a row it gives or pass
 * it, whichever is worth most over a's other worlds (the first row among
 * equals, a row before passing).  passed_total: passing's worth over all
 * of a's worlds; passed: passing's outcome here. */
static Outcome first_card_choice(const TurnWorlds *t, const Totals *totals, int s, int j, int a, double passed_total,
                                 Outcome passed)
{
    Outcome pick = passed;
    double best = 0;
    for (int k = 0; k < t->rows; k++) {
        double score = totals->first[a][k] - first_value(t, k, s, j);
        if (t->turned_by[k] >> a & 1 && (pick.second || score > best)) {
            best = score;
            pick = (Outcome){.row = (int8_t)k, .second = false, .value = first_value(t, k, s, j)};
        }
    }
    return pick.second || passed_total - passed.value > best ? passed : pick;
}

/* The row worth most over every world where a card of the skat turns it,
 * the first among equals. */
static int fixed_row(const TurnWorlds *t)
{
    int fixed = 0;
    double most = 0;
    for (int k = 0; k < t->rows; k++) {
        double worth = 0;
        for (int s = 0; s < t->skats; s++)
            for (int j = 0; (t->skat[s] & t->turned_by[k]) && j < t->samples; j++)
                worth += first_value(t, k, s, j);
        if (k == 0 || worth > most) {
            most = worth;
            fixed = k;
        }
    }
    return fixed;
}

/* Always the fixed row where either card turns it (passing the first card
 * where only the second does), else as the second card decides. */
static Outcome fixed_policy(const TurnWorlds *t, int fixed, int s, int j, int a, Outcome passed)
{
    if (!(t->skat[s] & t->turned_by[fixed]))
        return passed;
    if (t->turned_by[fixed] >> a & 1)
        return (Outcome){.row = (int8_t)fixed, .second = false, .value = first_value(t, fixed, s, j)};
    return (Outcome){.row = (int8_t)fixed, .second = true, .value = second_value(t, fixed, s, j)};
}

/* The most any option is worth in the world: taking a row the first card
 * a gives, or one the second card x gives. */
static double best_option(const TurnWorlds *t, int s, int j, int a, int x)
{
    double best = 0;
    bool any = false;
    for (int k = 0; k < t->rows; k++) {
        if (t->turned_by[k] >> a & 1 && (!any || first_value(t, k, s, j) > best)) {
            best = first_value(t, k, s, j);
            any = true;
        }
        if (t->turned_by[k] >> x & 1 && (!any || second_value(t, k, s, j) > best)) {
            best = second_value(t, k, s, j);
            any = true;
        }
    }
    return best;
}

static void count(TurnChoice *out, Outcome o)
{
    out->value += o.value;
    if (o.row < 0)
        out->no_game++;
    else
        out->played[o.row]++;
    out->second_turn += o.second;
}

/* Every world with each card of its skat turned first, into at (index
 * ((s * samples) + j) * 2 + order). */
#define EACH_ORDERED_WORLD(t, s, j, order, at)                                                                      \
    for (int s = 0; s < (t)->skats; s++)                                                                            \
        for (int j = 0; j < (t)->samples; j++)                                                                      \
            for (int order = 0, at = (int)world(t, s, j) * 2; order < 2; order++, at++)

bool turn_choose(const TurnWorlds *t, TurnChoice *out)
{
    memset(out, 0, sizeof *out);
    size_t worlds = (size_t)t->skats * (size_t)t->samples * 2;
    Outcome *passed = malloc(worlds * sizeof *passed), *chosen = malloc(worlds * sizeof *chosen),
            *fixed = malloc(worlds * sizeof *fixed);
    Totals *totals = malloc(sizeof *totals);
    bool ok = passed && chosen && fixed && totals;
    if (ok && t->rows > 0) {
        card_totals(t, totals);
        double passed_total[CARDS] = {0}, left_out[CARDS] = {0}, always[CARDS] = {0};
        EACH_ORDERED_WORLD(t, s, j, order, at) {
            passed[at] = second_card(t, totals, s, j, first_card(t->skat[s], !order));
            passed_total[first_card(t->skat[s], order)] += passed[at].value;
        }
        int row = fixed_row(t);
        EACH_ORDERED_WORLD(t, s, j, order, at) {
            int a = first_card(t->skat[s], order);
            chosen[at] = first_card_choice(t, totals, s, j, a, passed_total[a], passed[at]);
            fixed[at] = fixed_policy(t, row, s, j, a, passed[at]);
            left_out[a] += chosen[at].value;
            always[a] += fixed[at].value;
        }
        EACH_ORDERED_WORLD(t, s, j, order, at) {
            int a = first_card(t->skat[s], order);
            count(out, always[a] > left_out[a] ? fixed[at] : chosen[at]);
            out->seen += best_option(t, s, j, a, first_card(t->skat[s], !order));
        }
    }
    free(passed);
    free(chosen);
    free(fixed);
    free(totals);
    return ok;
}
