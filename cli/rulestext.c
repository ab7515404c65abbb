/* Rule systems in words, for `skatdd rules`: the list of a rules directory
 * and every parameter of one rule system. */
#include "rulestext.h"
#include "notation.h"

#include <stdlib.h>

#include "gamevalue.h"

int rules_print_list(const char *rules_dir, FILE *out, char *err, size_t n)
{
    RuleListing *list = malloc(RULES_MAX_LISTED * sizeof *list);
    if (!list) {
        snprintf(err, n, "out of memory");
        return -2;
    }
    int count = rules_list(rules_dir, list, RULES_MAX_LISTED, err, n);
    int shown = count < RULES_MAX_LISTED ? count : RULES_MAX_LISTED, loaded = 0;
    bool memory_ran_out = false;
    for (int i = 0; i < shown; i++) {
        fprintf(out, "%-10s %s%s\n", list[i].name, list[i].loaded ? "" : "error: ", list[i].text);
        loaded += list[i].loaded;
        memory_ran_out = memory_ran_out || list[i].out_of_memory;
    }
    if (count > shown)
        fprintf(out, "(%d more, not listed: the first %d by name are)\n", count - shown, shown);
    free(list);
    if (memory_ran_out) /* the listing is not what the directory holds */
        snprintf(err, n, "out of memory");
    return count < 0 ? count : memory_ran_out ? -2 : loaded;
}

/* Who a tie rule picks, as the losers (loser mode) or the winners (winner
 * mode): of two tied, the later last trick loses, so the winner is the
 * other one. */
static const char *const tie_words[RAMSCH_MODE_COUNT][TIE_KIND_COUNT] = {
    [RAMSCH_LOSER] = {"all of them", "the one who took the later last trick", "forehand", "nobody"},
    [RAMSCH_WINNER] = {"all of them", "the one whose last trick came earlier", "forehand", "nobody"},
};

/* "single", "double", "3 times" ... into buf. */
static const char *times_word(int factor, char *buf, size_t n)
{
    static const char *const words[] = {"never", "single", "double", "triple"};
    if (factor >= 0 && factor < 4)
        return words[factor];
    snprintf(buf, n, "%d times", factor);
    return buf;
}

static void describe_game(const RuleSystem *r, const RuleGame *g, FILE *out)
{
    fprintf(out, "    %s%s%s%s%s %d", g->form ? rules_form_name(r, g->form) : "", g->form ? " " : "",
            game_type_name(g->game), g->ouvert == 1 ? " ouvert" : "", g->hand == 1 ? " hand" : "", g->value);
    if (g->game != GAME_NULL)
        fprintf(out, " per level");
    char buf[32];
    if (g->lost_factor)
        fprintf(out, ", lost %s", times_word(g->lost_factor, buf, sizeof buf));
    /* hand: false and ouvert: false restrict the entry as much as true does;
     * the contract's name above shows only the true ones. */
    if (g->hand == 0 || g->ouvert == 0)
        fprintf(out, " (%s%s%s)", g->hand == 0 ? "not hand" : "", g->hand == 0 && g->ouvert == 0 ? ", " : "",
                g->ouvert == 0 ? "not ouvert" : "");
    if (!g->enabled)
        fprintf(out, " (disabled)");
    fprintf(out, "\n");
}

static const char *yes_no(bool b, const char *yes, const char *no)
{
    return b ? yes : no;
}

static void describe_form(const RuleSystem *r, const RuleForm *form, FILE *out)
{
    char buf[32];
    fprintf(out, "    %s", form->name);
    for (int w = 0; w < form->word_count; w++)
        fprintf(out, "%s%s%s", w ? ", " : " (also ", form->words[w], w + 1 == form->word_count ? ")" : "");
    fprintf(out, ": %s", form->skat ? "takes the skat" : "a hand game (skat untouched)");
    if (form->values_of)
        fprintf(out, ", values of %s", r->forms[form->values_of - 1].name);
    if (form->lost_factor)
        fprintf(out, ", lost %s", times_word(form->lost_factor, buf, sizeof buf));
    if (form->text[0])
        fprintf(out, "; %s", form->text);
    fprintf(out, "\n");
}

/* How a lost game counts: the factors, the own schneider, the overbid. */
static void describe_losses(const RuleSystem *r, FILE *out)
{
    char buf[32], buf2[32];
    fprintf(out, "  lost games: skat games count %s, hand games %s; in the loss the declarer's own "
                 "schneider %s and schwarz %s; a missed announcement counts at the announced level\n",
            times_word(r->lost_skat_factor, buf, sizeof buf), times_word(r->lost_hand_factor, buf2, sizeof buf2), yes_no(r->lost_counts_schneider, "counts", "does not count"),
            yes_no(r->lost_counts_schwarz, "counts", "does not count"));
    /* One word for both: a null game below the bid is lost by the same
     * overbid rule as the others. */
    const char *multiple = r->overbid == OVERBID_MULTIPLE_ABOVE ? "above" : "not below";
    fprintf(out, "  overbid: lost with the lowest multiple of the base value %s the bid (reaching schneider or "
                 "schwarz may still cover it)\n",
            multiple);
    if (r->null_overbid == NULL_OVERBID_NOT_ALLOWED)
        fprintf(out, "  null below the bid: may not be declared\n");
    else
        fprintf(out, "  null below the bid: lost with the lowest multiple of its value %s the bid\n", multiple);
    if (r->unreachable == UNREACHABLE_NOT_ALLOWED)
        fprintf(out, "  a game that cannot reach the bid by any outcome (judged with the twelve cards after the "
                     "skat is seen, with any skat before): may not be declared\n");
    else
        fprintf(out, "  a game that cannot reach the bid: lost as overbid\n");
}

/* The bid ladder: its first 12 values, then its top when it is longer. */
static void describe_bids(const RuleSystem *r, FILE *out)
{
    int ladder[1024];
    int count = bid_ladder(r, ladder, 1024);
    fprintf(out, "  bids: from %d, %s: %d values", r->min_bid,
            r->ladder == LADDER_GAME_VALUES ? "every value some game can reach" : "any whole number", count);
    if (r->ladder == LADDER_INTEGERS && r->ladder_step > 1)
        fprintf(out, " (step %d)", r->ladder_step);
    for (int i = 0; i < count && i < 1024; i++) {
        if (i == 12 && count > 16) {
            /* Not ladder[count - 1]: a ladder longer than the buffer (high
             * game values) is stored only in part. */
            fprintf(out, " ... %d", bid_ceiling(r, RULES_MAX_VALUE));
            break;
        }
        fprintf(out, "%s%d", i ? " " : ": ", ladder[i]);
    }
    fprintf(out, "\n");
}

static void describe_ramsch(const RamschRules *ra, FILE *out)
{
    if (!ra->enabled) {
        fprintf(out, "  ramsch: not played (all pass: the cards are thrown in)\n");
        return;
    }
    fprintf(out, "  ramsch: when all pass; skat to %s; ",
            ra->skat_to == SKAT_TO_LAST_TRICK ? "the winner of the last trick"
                                              : "the most card points (every seat tied there)");
    if (ra->mode == RAMSCH_WINNER)
        fprintf(out, "fewest card points scores %d (%d without a trick)", ra->winner_points, ra->no_trick_points);
    else
        fprintf(out, "most card points loses them, x%d per Jungfrau", ra->jungfrau_factor);
    fprintf(out, "; all tricks (Durchmarsch) %+d", ra->durchmarsch_points);
    if (ra->max_pushes)
        fprintf(out, "; Schieberamsch: up to %d pushes, x%d each, jacks %s", ra->max_pushes, ra->push_factor,
                ra->push_jacks ? "may be pushed" : "may not be pushed");
    fprintf(out, "; two tied: %s; three tied: %s\n", tie_words[ra->mode][ra->tie],
            tie_words[ra->mode][ra->three_way_tie]);
}

static void describe_scheme(const TournamentScheme *s, bool is_default, FILE *out)
{
    fprintf(out, "  tournament %s%s: won %+d, lost %+d; per lost game each defender %+d at a table of three, "
                 "%+d at four (dealer %+d)",
            s->name, is_default ? " (default)" : "", s->won, s->lost, s->defenders_3, s->defenders_4, s->dealer_4);
    if (s->matador_bonus)
        fprintf(out, "; %+d per matador without above %d in a won game", s->matador_bonus, s->matador_bonus_above);
    fprintf(out, "\n");
}

void rules_describe(const RuleSystem *r, FILE *out)
{
    fprintf(out, "%s: %s\n", r->name, r->title);
    fprintf(out, "  file: %s\n  source: %s\n", r->file, r->source);
    if (r->form_count)
        fprintf(out, "  contract forms:\n");
    for (int f = 0; f < r->form_count; f++)
        describe_form(r, &r->forms[f], out);
    fprintf(out, "  base values (the first entry that fits a contract counts):\n");
    for (int i = 0; i < r->game_count; i++)
        describe_game(r, &r->games[i], out);
    fprintf(out, "  matadors: with or without, counted over the declarer's ten cards and the skat, at most %d in a "
                 "suit game and %d in grand, one level each\n",
            r->matadors_max_suit, r->matadors_max_grand);
    fprintf(out, "  levels:");
    for (int l = 0; l < LEVEL_SPITZE; l++)
        fprintf(out, "%s %s %d", l ? "," : "", level_name((Level)l), r->levels[l]);
    fprintf(out, "\n");
    fprintf(out, "  winning: the declarer needs %d card points, skat included; schneider with %d or more; the "
                 "declarer is schneider with %d or fewer\n",
            r->win_points, r->schneider_points, r->schneidered_points);
    fprintf(out, "  announcements: schneider and schwarz may be announced %s\n",
            yes_no(r->announce_needs_hand, "only in hand games", "in any game, after picking up the skat too"));
    fprintf(out, "  ouvert (suit and grand): %s, %s\n",
            yes_no(r->ouvert_implies_hand, "a hand game", "with or without the skat"),
            yes_no(r->ouvert_implies_announcements, "schneider and schwarz announced (every trick needed)",
                   "no announcements implied"));
    describe_losses(r, out);
    describe_bids(r, out);
    fprintf(out, "  doubling:");
    if (!r->doubling_count)
        fprintf(out, " none");
    for (int i = 0; i < r->doubling_count; i++)
        fprintf(out, "%s %s x%d", i ? "," : "", r->doubling[i].name, r->doubling[i].factor);
    fprintf(out, "\n");
    if (r->spitze_max)
        fprintf(out, "  spitze: up to %d announced, %d level%s each\n", r->spitze_max, r->levels[LEVEL_SPITZE],
                r->levels[LEVEL_SPITZE] == 1 ? "" : "s");
    else
        fprintf(out, "  spitze: none\n");
    describe_ramsch(&r->ramsch, out);
    for (int i = 0; i < r->scheme_count; i++)
        describe_scheme(&r->schemes[i], i == 0, out);
}
