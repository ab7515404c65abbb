#include "turnchoice.h"

#include <stdlib.h>
#include <string.h>

enum { CARDS = 32 };

/* One world with one of its skat's cards turned first: the row played (-1
 * none), whether it wins, whether the first card was passed. */
typedef struct {
    int8_t row;
    bool won, second;
} Outcome;

static bool won(const TurnWorlds *t, int k, int s, int j, int b)
{
    return t->reach[k][(size_t)s * (size_t)t->samples + (size_t)j] >= b;
}

static int layout_wins(const TurnWorlds *t, int k, int s, int b)
{
    int n = 0;
    for (int j = 0; j < t->samples; j++)
        n += won(t, k, s, j, b);
    return n;
}

/* Per card and row: the row's wins over every world whose skat holds the
 * card. */
static void card_totals(const TurnWorlds *t, int b, long totals[CARDS][TURN_MAX_ROWS])
{
    memset(totals, 0, CARDS * sizeof *totals);
    for (int s = 0; s < t->skats; s++)
        for (int k = 0; k < t->rows; k++) {
            int n = layout_wins(t, k, s, b);
            for (CardSet c = t->skat[s]; c; c &= c - 1)
                totals[set_first(c)][k] += n;
        }
}

/* The skat's card turned first (order 0: its lower card). */
static int first_card(CardSet skat, int order)
{
    return order == 0 ? set_first(skat) : set_first(skat & (skat - 1));
}

/* The second card x of skat s turned in layout j: of the rows it gives,
 * the one winning most in the skat's other layouts (with one layout, in
 * the other skats' worlds that hold x); the first among equals. */
static Outcome second_card(const TurnWorlds *t, int b, const long totals[CARDS][TURN_MAX_ROWS], int s, int j, int x)
{
    int pick = -1;
    long best = -1;
    for (int k = 0; k < t->rows; k++) {
        if (!(t->turned_by[k] >> x & 1))
            continue;
        long score = t->samples > 1 ? layout_wins(t, k, s, b) - won(t, k, s, j, b) : totals[x][k] - won(t, k, s, 0, b);
        if (score > best) {
            best = score;
            pick = k;
        }
    }
    return (Outcome){.row = (int8_t)pick, .won = pick >= 0 && won(t, pick, s, j, b), .second = true};
}

/* The first card a turned in layout j of skat s: take a row it gives or pass
 * it, whichever wins most over a's other worlds (the first row among
 * equals, a row before passing).  reject_total: passing's wins over all of
 * a's worlds; passed: passing's outcome here. */
static Outcome first_card_choice(const TurnWorlds *t, int b, const long totals[CARDS][TURN_MAX_ROWS], int s, int j,
                                 int a, long reject_total, Outcome passed)
{
    Outcome pick = passed;
    long best = -1;
    for (int k = 0; k < t->rows; k++) {
        long score = totals[a][k] - won(t, k, s, j, b);
        if (t->turned_by[k] >> a & 1 && score > best) {
            best = score;
            pick = (Outcome){.row = (int8_t)k, .won = won(t, k, s, j, b), .second = false};
        }
    }
    return reject_total - passed.won > best ? passed : pick;
}

/* The row winning most over all worlds, the first among equals. */
static int fixed_row(const TurnWorlds *t, int b)
{
    int fixed = 0;
    long most = -1;
    for (int k = 0; k < t->rows; k++) {
        long wins = 0;
        for (int s = 0; s < t->skats; s++)
            wins += layout_wins(t, k, s, b);
        if (wins > most) {
            most = wins;
            fixed = k;
        }
    }
    return fixed;
}

/* Always the fixed row where either card turns it (passing the first card
 * where only the second does), else as the second card decides. */
static Outcome fixed_policy(const TurnWorlds *t, int b, int fixed, int s, int j, int a, Outcome passed)
{
    if (!(t->skat[s] & t->turned_by[fixed]))
        return passed;
    return (Outcome){.row = (int8_t)fixed, .won = won(t, fixed, s, j, b), .second = !(t->turned_by[fixed] >> a & 1)};
}

/* Whether some row a card of skat s gives wins in layout j. */
static bool any_wins(const TurnWorlds *t, int b, int s, int j)
{
    for (int k = 0; k < t->rows; k++)
        if ((t->skat[s] & t->turned_by[k]) && won(t, k, s, j, b))
            return true;
    return false;
}

static void count(TurnChoice *out, Outcome o)
{
    out->wins += o.won;
    if (o.row < 0)
        out->no_game++;
    else
        out->played[o.row]++;
    out->second_turn += o.second;
}

bool turn_choose(const TurnWorlds *t, int b, TurnChoice *out)
{
    memset(out, 0, sizeof *out);
    size_t worlds = (size_t)t->skats * (size_t)t->samples * 2;
    Outcome *passed = malloc(worlds * sizeof *passed), *chosen = malloc(worlds * sizeof *chosen),
            *fixed = malloc(worlds * sizeof *fixed);
    long (*totals)[TURN_MAX_ROWS] = malloc(CARDS * sizeof *totals);
    bool ok = passed && chosen && fixed && totals;
    if (ok && t->rows > 0) {
        card_totals(t, b, totals);
        long reject[CARDS] = {0}, left_out[CARDS] = {0}, always[CARDS] = {0};
        for (int s = 0; s < t->skats; s++)
            for (int j = 0; j < t->samples; j++)
                for (int order = 0; order < 2; order++) {
                    size_t at = ((size_t)s * (size_t)t->samples + (size_t)j) * 2 + (size_t)order;
                    passed[at] = second_card(t, b, totals, s, j, first_card(t->skat[s], !order));
                    reject[first_card(t->skat[s], order)] += passed[at].won;
                }
        int row = fixed_row(t, b);
        for (int s = 0; s < t->skats; s++)
            for (int j = 0; j < t->samples; j++)
                for (int order = 0; order < 2; order++) {
                    size_t at = ((size_t)s * (size_t)t->samples + (size_t)j) * 2 + (size_t)order;
                    int a = first_card(t->skat[s], order);
                    chosen[at] = first_card_choice(t, b, totals, s, j, a, reject[a], passed[at]);
                    fixed[at] = fixed_policy(t, b, row, s, j, a, passed[at]);
                    left_out[a] += chosen[at].won;
                    always[a] += fixed[at].won;
                }
        for (int s = 0; s < t->skats; s++)
            for (int j = 0; j < t->samples; j++)
                for (int order = 0; order < 2; order++) {
                    size_t at = ((size_t)s * (size_t)t->samples + (size_t)j) * 2 + (size_t)order;
                    int a = first_card(t->skat[s], order);
                    count(out, always[a] > left_out[a] ? fixed[at] : chosen[at]);
                    out->seen += any_wins(t, b, s, j);
                }
    }
    free(passed);
    free(chosen);
    free(fixed);
    free(totals);
    return ok;
}
