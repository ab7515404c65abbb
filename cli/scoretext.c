#include "scoretext.h"

#include <stdio.h>

#include "notation.h"
#include "rulecontract.h"
#include "text.h"

/* "with 2, game 3, hand 4" or, for null, "null ouvert 46". */
static void value_text(const RuleSystem *r, const GameScore *s, char *out, size_t n)
{
    if (s->contract.game == GAME_NULL) {
        char name[RULES_TEXT];
        snprintf(out, n, "%s %d", rules_contract_name(r, &s->contract, name, sizeof name), s->value);
        return;
    }
    snprintf(out, n, "%s %d", s->with_matadors ? "with" : "without", s->matadors);
    for (int i = 0; i < s->level_count; i++)
        text_append(out, n, ", %s%s %d", s->levels[i].times > 1 ? "2x " : "", level_name(s->levels[i].level),
                    s->levels[i].total);
    text_append(out, n, " -> %d x %d = %d", s->multiplier, s->base, s->value);
}

static void lost_text(const GameScore *p, const LostReasons *l, char *out, size_t n)
{
    out[0] = '\0';
    if (l->took_trick)
        text_append(out, n, "the declarer took a trick");
    if (l->short_of_points)
        text_append(out, n, "%d card points%s", p->declarer_points,
                    l->own_schwarz ? " (declarer schwarz)" : l->own_schneider ? " (declarer schneider)" : "");
    if (l->schwarz_missed)
        text_append(out, n, "schwarz announced, %d trick%s", p->declarer_tricks, p->declarer_tricks == 1 ? "" : "s");
    else if (l->schneider_missed)
        text_append(out, n, "schneider announced, %d card points", p->declarer_points);
    if (l->spitze_missed)
        text_append(out, n, "%sSpitze not made", *out ? ", " : "");
    if (l->conceded)
        text_append(out, n, "%sthe declarer gave up", *out ? ", " : "");
}

const char *score_text(const RuleSystem *r, const GameScore *s, char *out, size_t n)
{
    if (!s->valid) {
        snprintf(out, n, "%s", s->reason);
        return out;
    }
    value_text(r, s, out, n);
    int undoubled = s->doubling_factor ? s->score / s->doubling_factor : s->score;
    if (!s->won) {
        char reasons[GAMEVALUE_TEXT];
        lost_text(s, &s->lost, reasons, sizeof reasons);
        if (s->overbid)
            text_append(out, n, "; lost: %s%soverbid (bid %d: %d x %d = %d)", reasons, *reasons ? ", " : "", s->bid,
                        s->overbid_multiple, s->base, s->lost_value);
        else
            text_append(out, n, "; lost: %s", reasons);
        if (s->lost_factor != 1)
            text_append(out, n, " -> %d x %d = %d", s->lost_factor, s->lost_value, undoubled);
        else
            text_append(out, n, " -> %d", undoubled);
    }
    if (s->doubling_factor != 1) {
        text_append(out, n, ";");
        for (int i = 0; i < s->doubling; i++)
            text_append(out, n, "%s %s", i ? "," : "", r->doubling[i].name);
        if (s->bock)
            text_append(out, n, "%s bock round", s->doubling ? "," : "");
        text_append(out, n, " x%d = %d", s->doubling_factor, s->score);
    }
    return out;
}

/* What a Ramsch's factor is made of, the parts that multiply: "3 pushes",
 * "1 Jungfrau, 2 pushes" (Schieberamsch: every push doubles under the
 * classic rules, a Jungfrau doubles again). */
static const char *ramsch_factor_text(const RamschScore *r, char *out, size_t n)
{
    out[0] = '\0';
    if (r->jungfrau_factor != 1)
        text_append(out, n, "%d Jungfrau%s", r->jungfrauen, r->jungfrauen == 1 ? "" : "en");
    if (r->push_factor != 1)
        text_append(out, n, "%s%d push%s", *out ? ", " : "", r->pushes, r->pushes == 1 ? "" : "es");
    return out;
}

const char *ramsch_text(const RamschScore *r, char *out, size_t n)
{
    char to[64] = "", why[64];
    for (int s = 0, named = 0; s < SEAT_COUNT; s++)
        if (r->skat_to[s])
            text_append(to, sizeof to, "%s%s", named++ ? " and " : "", seat_name(s));
    snprintf(out, n, "card points (skat %d to %s): %d, %d, %d", r->skat_points, to, r->points[0], r->points[1],
             r->points[2]);
    if (r->durchmarsch) {
        text_append(out, n, "; %s took every trick (Durchmarsch): %+d", seat_name(r->durchmarsch_seat),
                    r->scores[r->durchmarsch_seat]);
        return out;
    }
    for (int s = 0; s < SEAT_COUNT; s++) {
        if (!r->picked[s])
            continue;
        if (r->loser_mode)
            text_append(out, n, "; %s loses %d", seat_name(s), r->points[s]);
        else
            text_append(out, n, "; %s wins %d (%s)", seat_name(s), r->base[s],
                        r->no_trick[s] ? "no trick" : "fewest card points");
        if (r->factor != 1)
            text_append(out, n, " x %d (%s) = %d", r->factor, ramsch_factor_text(r, why, sizeof why), r->scores[s]);
    }
    if (r->tied > 1)
        text_append(out, n, " (%d tied)", r->tied);
    return out;
}
