#include "reviewtext.h"

#include <stdio.h>

const char *review_discard_cost(GameType game, const DiscardReview *d, char *out, size_t n)
{
    int points = d->best.value - d->played.value;
    if (d->best_class == d->played_class)
        snprintf(out, n, "%d", points);
    else if (points == 0 || game == GAME_NULL)
        snprintf(out, n, "the outcome");
    else if (points > 0)
        snprintf(out, n, "the outcome and %d card point%s", points, points == 1 ? "" : "s");
    else
        snprintf(out, n, "the outcome, for %d card point%s more", -points, points == -1 ? "" : "s");
    return out;
}

const char *review_class_name(ReviewClass c)
{
    static const char *const names[REVIEW_CLASS_COUNT] = {
        [REVIEW_SCHWARZED] = "lost schwarz", [REVIEW_SCHNEIDERED] = "lost schneider",
        [REVIEW_LOST] = "lost",             [REVIEW_WON] = "won",
        [REVIEW_SCHNEIDER] = "won schneider", [REVIEW_SCHWARZ] = "won schwarz",
    };
    return (unsigned)c < REVIEW_CLASS_COUNT ? names[c] : "?";
}

typedef enum { MISTAKE_NONE, MISTAKE_INACCURACY, MISTAKE_DECISIVE, MISTAKE_KIND_COUNT } MistakeKind;

static const struct {
    const char *name, *mark;
} mistake_words[MISTAKE_KIND_COUNT] = {
    [MISTAKE_NONE] = {"none", ""},
    [MISTAKE_INACCURACY] = {"inaccuracy", "?"},
    [MISTAKE_DECISIVE] = {"decisive", "??"},
};

static MistakeKind mistake_kind(bool decisive, bool mistake)
{
    return decisive ? MISTAKE_DECISIVE : mistake ? MISTAKE_INACCURACY : MISTAKE_NONE;
}

const char *review_mistake_name(bool decisive, bool mistake)
{
    return mistake_words[mistake_kind(decisive, mistake)].name;
}

const char *review_mistake_mark(bool decisive, bool mistake)
{
    return mistake_words[mistake_kind(decisive, mistake)].mark;
}

const char *review_ramsch_lost(RamschChance lost)
{
    static const char *const names[] = {
        [RAMSCH_KEPT] = "", [RAMSCH_LOST_DURCHMARSCH] = "Durchmarsch", [RAMSCH_LOST_JUNGFRAU] = "Jungfrau"};
    return (unsigned)lost < sizeof names / sizeof *names ? names[lost] : "?";
}

const char *review_ramsch_chances(bool takes_all, bool avoids_all)
{
    return takes_all ? "can force a Durchmarsch" : avoids_all ? "can stay a Jungfrau" : "no Durchmarsch or Jungfrau";
}
