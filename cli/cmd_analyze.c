/* skatdd analyze: where a game played out was won or lost. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "jobs.h"
#include "common.h"
#include "scoretext.h"
#include "dealreader.h"
#include "dealrules.h"
#include "discard.h"
#include "runner.h"
#include "gamevalue.h"
#include "htmlreview.h"
#include "iss.h"
#include "review.h"
#include "reviewtext.h"
#include "rulecontract.h"
#include "scoring.h"

static const char analyze_help[] =
    "usage: skatdd analyze [OPTIONS] FILE...\n"
    "\n"
    "Reviews games played out: a YAML game record (hands, skat, declarer, contract,\n"
    "discard in a skat game, the cards played, optional bid; a record of fewer than\n"
    "30 cards is reviewed up to where it stops) or game records of the\n"
    "International Skat Server ((;GM[Skat]...MV[...]...;), recognised by their\n"
    "start).  For every card: who played it, the double-dummy value of the\n"
    "position before and after it (the declarer's card points with the skat, or\n"
    "whether he can still win a null game), and what it cost the side that\n"
    "played it.  A card that changes the outcome (won or lost, schneider,\n"
    "schwarz) is a decisive mistake (marked ?\?), any other loss an inaccuracy\n"
    "(?); for each the cards that would have kept the value.  Then a summary: the\n"
    "value at the start, the result, each player's mistakes and the turning\n"
    "points.  ISS games that ended early (a null game lost, a resignation, a\n"
    "failed announcement) are reviewed up to their last card; games everybody\n"
    "passed are skipped.  For a skat game, the discard put away against the best\n"
    "discard (double-dummy values of the position after each; the best outcome\n"
    "first, schwarz either way included, then the points).  The contract\n"
    "review: the contract played against the declarer's best with the cards he\n"
    "held, both as the contract table values them (skatdd table; no bid).\n"
    "A Ramsch (contract: ramsch, no declarer) is reviewed for each seat by itself:\n"
    "a card costs its seat the rise of its fewest points (what it can hold itself\n"
    "to against the other two); a Durchmarsch or Jungfrau it could force and threw\n"
    "away is a decisive mistake where the rules reward it.  A full game is scored\n"
    "as skatdd score scores it.\n"
    "\n"
    "options:\n"
    "  --rules NAME|FILE   rule system for won/lost and schneider (default: the\n"
    "                      deal's rules:, else isko)\n"
    "  --format text|json  text (default) or one JSON object per game and line\n"
    "  --min-cost N        hide inaccuracies costing fewer than N card points\n"
    "                      (decisive mistakes are always shown; default 1)\n"
    "  --html FILE         also write the review as one self-contained HTML page\n"
    "                      (chart of the value, tricks, mistakes; one section\n"
    "                      per game of the run)\n"
    "  --threads N         threads for the contract review (default 0: all\n"
    "                      cores; the play is reviewed on one); results do not\n"
    "                      depend on it\n"
    "  --tt-mb N           transposition tables in megabytes, the total over all\n"
    "                      threads (default 16)\n"
    "  --ascii, --symbols  suit letters or suit symbols in text\n"
    "  --help              this help\n";

typedef struct {
    const Deal *deal;
    const IssGame *iss;         /* NULL for YAML */
    const RuleSystem *rules;
    Review review;
    bool has_score;
    GameScore score;            /* the result as played, or settled as the server settles an early end */
    IssSettlement settled;      /* ISS games */
    bool has_discard_review;    /* a skat game: the discard put away against the best */
    DiscardReview discard;
    uint64_t discard_nodes;
    ContractReview contract_review;
    double ms;
} Report;

/* analyze --html: the page every game of the run adds its section to (NULL
 * without --html). */
static HtmlPage *html_page;

/* ---- values in words ---------------------------------------------------- */

static const char *value_text(GameType game, int value, char out[16])
{
    if (game == GAME_NULL)
        snprintf(out, 16, "%s", value ? "wins" : "loses");
    else
        snprintf(out, 16, "%d", value);
    return out;
}

static json_t *value_json(GameType game, int value)
{
    return game == GAME_NULL ? json_boolean(value) : json_integer(value);
}

/* "; better: CA SK" after a mistake's note: the cards that kept the value. */
static void print_better(const CommonOptions *o, const int *better, int count)
{
    char card[8];
    if (count)
        printf("; better:");
    for (int i = 0; i < count; i++)
        printf(" %s", text_card(o, better[i], card));
}

static const char *role_name(const Review *r, int seat)
{
    return seat == r->declarer ? "declarer" : "defender";
}

/* ---- text --------------------------------------------------------------- */

/* A row of the contract table in words: "hearts lost, game value 30, score -60". */
static void print_row(const Report *rep, const char *what, const TableEntry *e)
{
    char name[64];
    printf("%s %s %s, game value %d, score %+d", what,
           rules_contract_name(rep->rules, &e->contract, name, sizeof name), e->won ? "won" : "lost", e->game_value,
           e->score);
}

static void print_contract_review(const Report *rep)
{
    const ContractReview *c = &rep->contract_review;
    if (!c->found_best)
        return;
    printf("Contract review (double-dummy, no bid):");
    if (c->found_played && c->best.score == c->played.score) {
        print_row(rep, " played", &c->played);
        printf(" (the best)\n");
        return;
    }
    if (c->found_played) {
        print_row(rep, " played", &c->played);
        printf(";");
    }
    print_row(rep, " best", &c->best);
    printf("\n");
}

/* "Discard: ST SK, value 61; best ..., value 66: costs 5". */
static void print_discard_review(const CommonOptions *o, GameType g, const DiscardReview *dr)
{
    char buf[256], v[16], best[16];
    const DiscardChoice *played = &dr->played, *top = &dr->best;
    bool outcomes = dr->best_class != dr->played_class; /* named where they differ */
    printf("Discard: %s, value %s", text_cards(o, g, played->discard, buf, sizeof buf),
           value_text(g, played->value, v));
    if (outcomes)
        printf(" (%s)", review_class_name(dr->played_class));
    if (top->discard == played->discard) {
        printf(" (the best)\n");
    } else {
        char cost[64];
        printf("; best %s, value %s", text_cards(o, g, top->discard, buf, sizeof buf), value_text(g, top->value, best));
        if (outcomes)
            printf(" (%s)", review_class_name(dr->best_class));
        printf(": costs %s\n", review_discard_cost(g, dr, cost, sizeof cost));
    }
}

static void print_header(const CommonOptions *o, const Report *rep)
{
    const Deal *d = rep->deal;
    const Review *r = &rep->review;
    GameType g = d->contract.game;
    char contract[64];
    printf("%s\n", d->name[0] ? d->name : "Game");
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        char who[64], player[ISS_TEXT + 8] = "";
        snprintf(who, sizeof who, "%s%s", seat_name(seat), seat == r->declarer ? " (declarer)" : "");
        if (rep->iss && rep->iss->players[seat][0])
            snprintf(player, sizeof player, "   [%s]", rep->iss->players[seat]);
        print_cards_row(o, who, g, d->hands[seat], player);
    }
    print_cards_row(o, "skat", g, d->skat, "");
    if (d->has_discard)
        print_cards_row(o, "discard", g, d->discard, "");
    printf("Contract: %s, declarer %s", rules_contract_name(rep->rules, &d->contract, contract, sizeof contract),
           seat_name(r->declarer));
    if (d->bid)
        printf(", bid %d", d->bid);
    printf(" (%s rules)\n", rep->rules->name);
    char v[16];
    printf("Double-dummy value at the start: %s (%s)\n", value_text(g, r->start_value, v),
           review_class_name(r->start_class));
    if (rep->has_discard_review)
        print_discard_review(o, g, &rep->discard);
    print_contract_review(rep);
}

static void print_note(const CommonOptions *o, const Review *r, const ReviewCard *c)
{
    char card[8], before[16], after[16];
    GameType g = r->game;
    printf("      %s %s%s", seat_name(c->seat), text_card(o, c->card, card), review_mistake_mark(c->decisive, c->mistake));
    if (c->decisive)
        printf(" turns the game: %s -> %s%s", review_class_name(c->class_before), review_class_name(c->class_after),
               g == GAME_NULL ? "" : ";");
    if (g == GAME_NULL) {
        if (!c->decisive)
            printf(" declarer %s -> %s", value_text(g, c->value_before, before), value_text(g, c->value_after, after));
    } else
        printf(" costs %d (%s -> %s)", c->cost, value_text(g, c->value_before, before),
               value_text(g, c->value_after, after));
    print_better(o, c->better, c->better_count);
    printf("\n");
}

/* A card on its trick's line, with its mark; returns the width printed. */
static int print_trick_card(const CommonOptions *o, int card, bool decisive, bool mistake)
{
    char text[8];
    return printf(" %s%-2s", text_card(o, card, text), review_mistake_mark(decisive, mistake));
}

/* Pads a trick's cards (width printed) so that what follows stands in one
 * column for tricks of one, two and three cards. */
static void print_trick_padding(int width)
{
    enum { TRICK_CARDS_WIDTH = 18 };
    printf("%*s", width < TRICK_CARDS_WIDTH ? TRICK_CARDS_WIDTH - width : 0, "");
}

static void print_tricks(const CommonOptions *o, const Review *r)
{
    char v[16];
    for (int i = 0; i < r->count;) {
        const ReviewCard *first = &r->cards[i];
        int end = review_trick_end(r, i);
        printf(" %2d. %-10s", first->trick, seat_name(first->seat));
        int width = 0;
        for (int k = i; k < end; k++)
            width += print_trick_card(o, r->cards[k].card, r->cards[k].decisive, r->cards[k].mistake);
        print_trick_padding(width);
        const ReviewCard *last = &r->cards[end - 1];
        if (last->trick_winner >= 0) {
            printf(" -> %-10s", seat_name(last->trick_winner));
            if (r->game != GAME_NULL)
                printf(" declarer %3d", last->declarer_points);
        }
        printf("   value %s\n", value_text(r->game, last->value_after, v));
        for (int k = i; k < end; k++)
            if (r->cards[k].mistake)
                print_note(o, r, &r->cards[k]);
        i = end;
    }
}

/* A game played to its end: the declarer's tricks (and card points), and the score. */
static void print_result_complete(const Report *rep)
{
    const Review *r = &rep->review;
    if (r->game == GAME_NULL)
        printf("  result: the declarer took %d trick%s: %s", r->declarer_tricks, r->declarer_tricks == 1 ? "" : "s",
               review_class_name(r->end_class));
    else
        printf("  result: %d card points, %d trick%s: %s", r->declarer_points, r->declarer_tricks,
               r->declarer_tricks == 1 ? "" : "s", review_class_name(r->end_class));
    char text[SCORE_TEXT];
    if (rep->has_score && rep->score.valid)
        printf(" (%s; score %+d)", score_text(rep->rules, &rep->score, text, sizeof text), rep->score.score);
    printf("\n");
}

/* A record that stops early, and an ISS game as the server settled it. */
static void print_result_stopped(const Report *rep)
{
    const Review *r = &rep->review;
    GameType g = r->game;
    char v[16];
    printf("  result: the %s after %d card%s%s%s; value then %s, %s\n", rep->iss ? "game stopped" : "record stops",
           r->count, r->count == 1 ? "" : "s", rep->iss ? ": " : "", rep->iss ? rep->iss->ending : "",
           value_text(g, r->end_value, v), review_class_name(r->end_class));
    char text[SCORE_TEXT];
    if (rep->has_score && rep->score.valid) {
        printf("  settled: ");
        if (g != GAME_NULL)
            printf("%d card points, ", rep->settled.declarer_points);
        printf("%d trick%s: %s (%s; score %+d)\n", rep->settled.declarer_tricks,
               rep->settled.declarer_tricks == 1 ? "" : "s", rep->score.won ? "won" : "lost",
               score_text(rep->rules, &rep->score, text, sizeof text), rep->score.score);
    }
}

/* Each player's mistakes, the declarer first. */
static void print_players(const Review *r)
{
    for (int k = 0; k < SEAT_COUNT; k++) {
        int seat = (r->declarer + k) % SEAT_COUNT;
        const ReviewPlayer *p = &r->players[seat];
        printf("  %-8s %-10s ", role_name(r, seat), seat_name(seat));
        if (!p->mistakes)
            printf("no mistake\n");
        else if (r->game == GAME_NULL)
            printf("%d mistake%s, %d decisive\n", p->mistakes, p->mistakes == 1 ? "" : "s", p->decisive);
        else
            printf("%d mistake%s, %d decisive, %d card point%s given away\n", p->mistakes, p->mistakes == 1 ? "" : "s",
                   p->decisive, p->cost, p->cost == 1 ? "" : "s");
    }
}

static void print_turning_points(const CommonOptions *o, const Review *r)
{
    char card[8];
    int turning = 0;
    for (int i = 0; i < r->count; i++) {
        const ReviewCard *c = &r->cards[i];
        if (!c->decisive)
            continue;
        printf("%s trick %d, %s %s: %s -> %s", turning++ ? ";" : "  turning points:", c->trick, seat_name(c->seat),
               text_card(o, c->card, card), review_class_name(c->class_before), review_class_name(c->class_after));
    }
    printf("%s\n", turning ? "" : "  turning points: none");
}

static void print_summary(const CommonOptions *o, const Report *rep)
{
    const Review *r = &rep->review;
    char v[16];
    printf("Summary:\n");
    printf("  value at the start: %s, %s with best play\n", value_text(r->game, r->start_value, v),
           review_class_name(r->start_class));
    if (r->complete)
        print_result_complete(rep);
    else
        print_result_stopped(rep);
    if (rep->iss && rep->iss->server.known && rep->has_score && rep->score.valid &&
        rep->iss->server.value != rep->score.score)
        printf("  note: the server scored %+d\n", rep->iss->server.value);
    print_players(r);
    print_turning_points(o, r);
}

static uint64_t report_nodes(const Report *rep)
{
    return rep->review.nodes + rep->discard_nodes + rep->contract_review.nodes;
}

static void print_text(const CommonOptions *o, const Report *rep)
{
    print_header(o, rep);
    print_tricks(o, &rep->review);
    print_summary(o, rep);
    printf("Nodes: %llu, time: %.1f ms\n\n", (unsigned long long)report_nodes(rep), rep->ms);
}

/* ---- JSON --------------------------------------------------------------- */

static json_t *card_json(const Review *r, const ReviewCard *c)
{
    json_t *j = json_object();
    json_object_set_new(j, "trick", json_integer(c->trick));
    json_object_set_new(j, "seat", json_string(seat_name(c->seat)));
    json_object_set_new(j, "role", json_string(role_name(r, c->seat)));
    json_object_set_new(j, "card", json_card(c->card));
    json_object_set_new(j, "value_before", value_json(r->game, c->value_before));
    json_object_set_new(j, "value_after", value_json(r->game, c->value_after));
    json_object_set_new(j, "cost", json_integer(c->cost));
    json_object_set_new(j, "decisive", json_boolean(c->decisive));
    json_object_set_new(j, "mistake", json_string(review_mistake_name(c->decisive, c->mistake)));
    json_object_set_new(j, "outcome_before", json_string(review_class_name(c->class_before)));
    json_object_set_new(j, "outcome_after", json_string(review_class_name(c->class_after)));
    json_object_set_new(j, "better", json_card_list(c->better, c->better_count));
    return j;
}

/* An ISS game that ended early, as the server settled it. */
static json_t *settled_json(const IssSettlement *settled)
{
    json_t *j = json_object();
    json_object_set_new(j, "declarer_points", json_integer(settled->declarer_points));
    json_object_set_new(j, "declarer_tricks", json_integer(settled->declarer_tricks));
    json_object_set_new(j, "conceded", json_boolean(settled->conceded));
    return j;
}

static json_t *result_json(const Report *rep)
{
    const Review *r = &rep->review;
    json_t *result = json_object();
    json_object_set_new(result, "complete", json_boolean(r->complete));
    json_object_set_new(result, "ending", rep->iss && !r->complete ? json_string(rep->iss->ending) : json_null());
    json_object_set_new(result, "declarer_points", r->game == GAME_NULL ? json_null() : json_integer(r->declarer_points));
    json_object_set_new(result, "declarer_tricks", json_integer(r->declarer_tricks));
    json_object_set_new(result, "value", value_json(r->game, r->end_value));
    json_object_set_new(result, "outcome", json_string(review_class_name(r->end_class)));
    bool scored = rep->has_score && rep->score.valid;
    json_object_set_new(result, "won", scored ? json_boolean(rep->score.won) : json_null());
    json_object_set_new(result, "overbid", scored ? json_boolean(rep->score.overbid) : json_null());
    json_object_set_new(result, "score", scored ? json_integer(rep->score.score) : json_null());
    if (rep->iss && !r->complete)
        json_object_set_new(result, "settled", settled_json(&rep->settled));
    const IssServerResult *server = rep->iss ? &rep->iss->server : NULL;
    json_object_set_new(result, "server_score", server && server->known ? json_integer(server->value) : json_null());
    return result;
}

/* "players" by seat, then what each side gave away, into s. */
static void set_players_json(json_t *s, const Review *r)
{
    json_t *players = json_object();
    int side_cost[2] = {0, 0};
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        const ReviewPlayer *p = &r->players[seat];
        json_t *pj = json_object();
        json_object_set_new(pj, "role", json_string(role_name(r, seat)));
        json_object_set_new(pj, "mistakes", json_integer(p->mistakes));
        json_object_set_new(pj, "decisive", json_integer(p->decisive));
        json_object_set_new(pj, "cost", json_integer(p->cost));
        json_object_set_new(players, seat_name(seat), pj);
        side_cost[seat == r->declarer] += p->cost;
    }
    json_object_set_new(s, "players", players);
    json_object_set_new(s, "declarer_cost", json_integer(side_cost[1]));
    json_object_set_new(s, "defenders_cost", json_integer(side_cost[0]));
}

static json_t *turning_points_json(const Review *r)
{
    json_t *turning = json_array();
    for (int i = 0; i < r->count; i++) {
        const ReviewCard *c = &r->cards[i];
        if (!c->decisive)
            continue;
        json_t *t = json_object();
        json_object_set_new(t, "trick", json_integer(c->trick));
        json_object_set_new(t, "seat", json_string(seat_name(c->seat)));
        json_object_set_new(t, "card", json_card(c->card));
        json_object_set_new(t, "from", json_string(review_class_name(c->class_before)));
        json_object_set_new(t, "to", json_string(review_class_name(c->class_after)));
        json_array_append_new(turning, t);
    }
    return turning;
}

static json_t *summary_json(const Report *rep)
{
    const Review *r = &rep->review;
    json_t *s = json_object();
    json_object_set_new(s, "start_value", value_json(r->game, r->start_value));
    json_object_set_new(s, "start_outcome", json_string(review_class_name(r->start_class)));
    json_object_set_new(s, "result", result_json(rep));
    set_players_json(s, r);
    json_object_set_new(s, "turning_points", turning_points_json(r));
    return s;
}

static json_t *row_json(const Report *rep, const TableEntry *e)
{
    char name[64];
    json_t *j = json_object();
    json_object_set_new(j, "contract", json_string(rules_contract_name(rep->rules, &e->contract, name, sizeof name)));
    json_object_set_new(j, "won", json_boolean(e->won));
    json_object_set_new(j, "game_value", json_integer(e->game_value));
    json_object_set_new(j, "score", json_integer(e->score));
    return j;
}

static json_t *contract_review_json(const Report *rep)
{
    const ContractReview *c = &rep->contract_review;
    if (!c->found_best)
        return json_null();
    json_t *j = json_object();
    json_object_set_new(j, "played", c->found_played ? row_json(rep, &c->played) : json_null());
    json_object_set_new(j, "best", row_json(rep, &c->best));
    json_object_set_new(j, "cost", c->found_played ? json_integer(c->best.score - c->played.score) : json_null());
    return j;
}

/* The discard put away against the best (null: no skat game, or a hand game). */
static json_t *discard_review_json(const Report *rep)
{
    if (!rep->has_discard_review)
        return json_null();
    GameType g = rep->review.game;
    const DiscardReview *dr = &rep->discard;
    json_t *j = json_object();
    json_object_set_new(j, "discard", json_cards(g, dr->played.discard));
    json_object_set_new(j, "value", value_json(g, dr->played.value));
    json_object_set_new(j, "outcome", json_string(review_class_name(dr->played_class)));
    json_object_set_new(j, "best", json_cards(g, dr->best.discard));
    json_object_set_new(j, "best_value", value_json(g, dr->best.value));
    json_object_set_new(j, "best_outcome", json_string(review_class_name(dr->best_class)));
    json_object_set_new(j, "cost", json_integer(dr->best.value - dr->played.value));
    return j;
}

static json_t *report_json(const Report *rep)
{
    const Deal *d = rep->deal;
    const Review *r = &rep->review;
    char contract[64];
    json_t *o = json_object();
    json_object_set_new(o, "name", d->name[0] ? json_string(d->name) : json_null());
    json_object_set_new(o, "format", json_string(rep->iss ? "iss" : "yaml"));
    json_object_set_new(o, "contract",
                        json_string(rules_contract_name(rep->rules, &d->contract, contract, sizeof contract)));
    json_object_set_new(o, "declarer", json_string(seat_name(r->declarer)));
    json_object_set_new(o, "bid", d->bid ? json_integer(d->bid) : json_null());
    json_object_set_new(o, "rules", json_string(rep->rules->name));
    json_t *cards = json_array();
    for (int i = 0; i < r->count; i++)
        json_array_append_new(cards, card_json(r, &r->cards[i]));
    json_object_set_new(o, "cards", cards);
    json_object_set_new(o, "summary", summary_json(rep));
    json_object_set_new(o, "discard_review", discard_review_json(rep));
    json_object_set_new(o, "contract_review", contract_review_json(rep));
    json_object_set_new(o, "nodes", json_integer((json_int_t)report_nodes(rep)));
    json_object_set_new(o, "ms", json_real(rep->ms));
    return o;
}

/* ---- Ramsch --------------------------------------------------------------
 * Everyone for himself (review_ramsch): each card valued for the seat that
 * played it in its fewest points, the chances it threw away, and the score
 * as `score` gives it. */

typedef struct {
    const Deal *deal;
    const RuleSystem *rules;
    RamschThresholds thresholds;
    RamschReview review;
    bool has_score;
    RamschPlay play;
    RamschScore score;
    double ms;
} RamschReport;

static const char *const chance_names[] = {[RAMSCH_KEPT] = "", [RAMSCH_LOST_DURCHMARSCH] = "durchmarsch",
                                           [RAMSCH_LOST_JUNGFRAU] = "jungfrau"};

static void ramsch_print_note(const CommonOptions *o, const RamschReviewCard *c)
{
    char card[8];
    printf("      %s %s%s", seat_name(c->seat), text_card(o, c->card, card), review_mistake_mark(c->decisive, c->mistake));
    if (c->lost != RAMSCH_KEPT)
        printf(" throws away the %s%s;", review_ramsch_lost(c->lost),
               c->lost == RAMSCH_LOST_JUNGFRAU ? " (no trick)" : "");
    printf(" costs %d (%d -> %d)", c->cost, c->value_before, c->value_after);
    print_better(o, c->better, c->better_count);
    printf("\n");
}

/* "Contract: ramsch (isko rules; ...)": where the skat's points go, the pushes. */
static void ramsch_print_contract(const RamschReport *rep)
{
    const Deal *d = rep->deal;
    printf("Contract: ramsch (%s rules", rep->rules->name);
    if (rep->thresholds.bonus || rep->rules->ramsch.skat_to == SKAT_TO_LAST_TRICK)
        printf("; the skat's %d points go to the last trick's winner", rep->thresholds.bonus);
    else
        printf("; the skat goes to the loser: not counted in the fewest points");
    if (d->pushes)
        printf("; skat pushed on %d time%s", d->pushes, d->pushes == 1 ? "" : "s");
    printf(")\n");
}

static void ramsch_print_start(const RamschReview *r)
{
    printf("Each seat against the other two at the start (fewest: the card points it can hold itself to):\n");
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        const RamschReviewSeat *s = &r->seats[seat];
        printf("  %-10s fewest %3d; ", seat_name(seat), s->start_value);
        printf("%s\n", review_ramsch_chances(s->takes_all, s->avoids_all));
    }
}

static void ramsch_print_tricks(const CommonOptions *o, const RamschReview *r)
{
    for (int i = 0; i < r->count;) {
        const RamschReviewCard *first = &r->cards[i];
        int end = review_ramsch_trick_end(r, i);
        printf(" %2d. %-10s", first->trick, seat_name(first->seat));
        int width = 0;
        for (int k = i; k < end; k++)
            width += print_trick_card(o, r->cards[k].card, r->cards[k].decisive, r->cards[k].mistake);
        print_trick_padding(width);
        const RamschReviewCard *last = &r->cards[end - 1];
        if (last->trick_winner >= 0)
            printf(" -> %-10s points %3d %3d %3d", seat_name(last->trick_winner), last->points[0], last->points[1],
                   last->points[2]);
        printf("\n");
        for (int k = i; k < end; k++)
            if (r->cards[k].mistake)
                ramsch_print_note(o, &r->cards[k]);
        i = end;
    }
}

/* Each seat's points, tricks, score and mistakes. */
static void ramsch_print_seats(const RamschReport *rep)
{
    const RamschReview *r = &rep->review;
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        const RamschReviewSeat *s = &r->seats[seat];
        printf("  %-10s %3d card points, %2d trick%s", seat_name(seat), s->points, s->tricks, s->tricks == 1 ? ": " : "s:");
        if (rep->has_score)
            printf(" score %+d;", rep->score.scores[seat]);
        printf(" fewest %d at the start; ", s->start_value);
        if (!s->mistakes)
            printf("no mistake\n");
        else
            printf("%d mistake%s, %d decisive, %d card point%s given away\n", s->mistakes, s->mistakes == 1 ? "" : "s",
                   s->decisive, s->cost, s->cost == 1 ? "" : "s");
    }
}

static void ramsch_print_turning_points(const CommonOptions *o, const RamschReview *r)
{
    char card[8];
    int turning = 0;
    for (int i = 0; i < r->count; i++) {
        const RamschReviewCard *c = &r->cards[i];
        if (c->decisive)
            printf("%s trick %d, %s %s: %s thrown away", turning++ ? ";" : "  turning points:", c->trick,
                   seat_name(c->seat), text_card(o, c->card, card), review_ramsch_lost(c->lost));
    }
    printf("%s\n", turning ? "" : "  turning points: none");
}

static void ramsch_print_summary(const CommonOptions *o, const RamschReport *rep)
{
    const RamschReview *r = &rep->review;
    char buf[256];
    printf("Summary:\n");
    if (rep->has_score)
        printf("  result: %s\n", ramsch_text(&rep->score, buf, sizeof buf));
    else
        printf("  result: the record stops after %d card%s\n", r->count, r->count == 1 ? "" : "s");
    ramsch_print_seats(rep);
    ramsch_print_turning_points(o, r);
}

static void ramsch_print_text(const CommonOptions *o, const RamschReport *rep)
{
    const Deal *d = rep->deal;
    printf("%s\n", d->name[0] ? d->name : "Game");
    print_hand_rows(o, GAME_GRAND, d->hands, -1);
    print_cards_row(o, "skat", GAME_GRAND, ~(d->hands[0] | d->hands[1] | d->hands[2]), "");
    ramsch_print_contract(rep);
    ramsch_print_start(&rep->review);
    ramsch_print_tricks(o, &rep->review);
    ramsch_print_summary(o, rep);
    printf("Nodes: %llu, time: %.1f ms\n\n", (unsigned long long)rep->review.nodes, rep->ms);
}

static json_t *ramsch_card_json(const RamschReviewCard *c)
{
    json_t *j = json_object();
    json_object_set_new(j, "trick", json_integer(c->trick));
    json_object_set_new(j, "seat", json_string(seat_name(c->seat)));
    json_object_set_new(j, "card", json_card(c->card));
    json_object_set_new(j, "value_before", json_integer(c->value_before));
    json_object_set_new(j, "value_after", json_integer(c->value_after));
    json_object_set_new(j, "cost", json_integer(c->cost));
    json_object_set_new(j, "decisive", json_boolean(c->decisive));
    json_object_set_new(j, "mistake", json_string(review_mistake_name(c->decisive, c->mistake)));
    json_object_set_new(j, "lost", c->lost == RAMSCH_KEPT ? json_null() : json_string(chance_names[c->lost]));
    json_object_set_new(j, "better", json_card_list(c->better, c->better_count));
    return j;
}

/* Each seat's points, chances, mistakes and score. */
static json_t *ramsch_seats_json(const RamschReport *rep)
{
    json_t *seats = json_object();
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        const RamschReviewSeat *rs = &rep->review.seats[seat];
        json_t *j = json_object();
        json_object_set_new(j, "points", json_integer(rs->points));
        json_object_set_new(j, "tricks", json_integer(rs->tricks));
        json_object_set_new(j, "fewest_points", json_integer(rs->start_value));
        json_object_set_new(j, "takes_all", json_boolean(rs->takes_all));
        json_object_set_new(j, "avoids_all", json_boolean(rs->avoids_all));
        json_object_set_new(j, "mistakes", json_integer(rs->mistakes));
        json_object_set_new(j, "decisive", json_integer(rs->decisive));
        json_object_set_new(j, "cost", json_integer(rs->cost));
        json_object_set_new(j, "score", rep->has_score ? json_integer(rep->score.scores[seat]) : json_null());
        json_object_set_new(seats, seat_name(seat), j);
    }
    return seats;
}

static json_t *ramsch_result_json(const RamschReport *rep)
{
    json_t *result = json_object();
    char text[SCORE_TEXT];
    json_object_set_new(result, "complete", json_boolean(rep->review.complete));
    json_object_set_new(result, "durchmarsch", rep->has_score ? json_boolean(rep->score.durchmarsch) : json_null());
    json_object_set_new(result, "jungfrauen", rep->has_score ? json_integer(rep->score.jungfrauen) : json_null());
    json_object_set_new(result, "breakdown",
                        rep->has_score ? json_string(ramsch_text(&rep->score, text, sizeof text)) : json_null());
    return result;
}

static json_t *ramsch_turning_points_json(const RamschReview *r)
{
    json_t *turning = json_array();
    for (int i = 0; i < r->count; i++) {
        const RamschReviewCard *c = &r->cards[i];
        if (!c->decisive)
            continue;
        json_t *t = json_object();
        json_object_set_new(t, "trick", json_integer(c->trick));
        json_object_set_new(t, "seat", json_string(seat_name(c->seat)));
        json_object_set_new(t, "card", json_card(c->card));
        json_object_set_new(t, "lost", json_string(chance_names[c->lost]));
        json_array_append_new(turning, t);
    }
    return turning;
}

static json_t *ramsch_summary_json(const RamschReport *rep)
{
    json_t *s = json_object();
    json_object_set_new(s, "ramsch", ramsch_seats_json(rep));
    json_object_set_new(s, "result", ramsch_result_json(rep));
    json_object_set_new(s, "turning_points", ramsch_turning_points_json(&rep->review));
    return s;
}

static json_t *ramsch_json(const RamschReport *rep)
{
    const Deal *d = rep->deal;
    const RamschReview *r = &rep->review;
    json_t *o = json_object();
    json_object_set_new(o, "name", d->name[0] ? json_string(d->name) : json_null());
    json_object_set_new(o, "format", json_string("yaml"));
    json_object_set_new(o, "contract", json_string("ramsch"));
    json_object_set_new(o, "declarer", json_null());
    json_object_set_new(o, "rules", json_string(rep->rules->name));
    json_object_set_new(o, "pushes", json_integer(d->pushes));
    json_object_set_new(o, "skat_to_last_trick", json_integer(rep->thresholds.bonus));
    json_t *cards = json_array();
    for (int i = 0; i < r->count; i++)
        json_array_append_new(cards, ramsch_card_json(&r->cards[i]));
    json_object_set_new(o, "cards", cards);
    json_object_set_new(o, "summary", ramsch_summary_json(rep));
    json_object_set_new(o, "nodes", json_integer((json_int_t)r->nodes));
    json_object_set_new(o, "ms", json_real(rep->ms));
    return o;
}

/* A Ramsch played to its end scored as `score` scores it; false after
 * saying why the rules cannot. */
static bool ramsch_report_score(RamschReport *rep, CardSet skat)
{
    char err[512];
    const Deal *d = rep->deal;
    if (!rep->review.complete)
        return true;
    ramsch_replay(d->hands, skat, d->pushes, d->play, d->play_count, &rep->play);
    if (!ramsch_score(rep->rules, &rep->play, &rep->score, err, sizeof err)) {
        cli_error("%s:%d:%d: %s", d->file, d->contract_mark.line, d->contract_mark.column, err);
        return false;
    }
    rep->has_score = true;
    return true;
}

/* The report as JSON in *json (batch), else printed; then its section of
 * the --html page. */
static void ramsch_deliver(const CommonOptions *o, const RamschReport *rep, json_t **json)
{
    if (json)
        *json = ramsch_json(rep);
    else if (o->format == FORMAT_JSON)
        json_print_line(ramsch_json(rep));
    else
        ramsch_print_text(o, rep);
    if (html_page)
        html_page_add_ramsch(html_page, &(HtmlRamsch){.deal = rep->deal, .rules = rep->rules,
                                                      .thresholds = &rep->thresholds, .review = &rep->review,
                                                      .score = rep->has_score ? &rep->score : NULL});
    fflush(stdout);
}

/* json: where batch takes the game's JSON object (NULL: printed). */
static int analyze_ramsch(const CommonOptions *o, TableWorkers *workers, const Deal *d, const RuleSystem *rules,
                          json_t **json)
{
    RamschReport *rep = calloc(1, sizeof *rep);
    if (!rep)
        return out_of_memory(d->file);
    rep->deal = d;
    rep->rules = rules;
    CardSet skat = ~(d->hands[0] | d->hands[1] | d->hands[2]); /* the skat: key given or not */
    review_ramsch_thresholds(rules, set_points(skat), &rep->thresholds);
    rep->thresholds.min_cost = o->min_cost;
    double t0 = wall_ms();
    Position start = {.game = GAME_GRAND, .leader = SEAT_FOREHAND, .trick = {CARD_NONE, CARD_NONE}};
    memcpy(start.hands, d->hands, sizeof start.hands);
    review_ramsch(table_workers_solver(workers, 0), &start, NULL, NULL, d->play, d->play_count, &rep->thresholds,
                  &rep->review);
    rep->ms = wall_ms() - t0;
    int status = ramsch_report_score(rep, skat) ? EXIT_OK : EXIT_BAD_INPUT;
    if (status == EXIT_OK)
        ramsch_deliver(o, rep, json);
    free(rep);
    return status;
}

/* ---- one game ------------------------------------------------------------ */

/* What a YAML record must hold for analyze (the reader checked the rest). */
static bool check_yaml(const Deal *d)
{
    char err[512];
    if (!d->ramsch && (!deal_require_game(d, err, sizeof err) || !deal_refuse_spitze(d, "analyze", err, sizeof err))) {
        cli_error("%s", err);
        return false;
    }
    if (!d->full_deal) {
        cli_error("%s:%d:%d: analyze needs a game from its start: three hands of 10 cards and the skat",
                  d->file, d->mark.line, d->mark.column);
        return false;
    }
    if (d->play_count == 0) { /* a deal without play is solve's, not a game to review */
        cli_error("%s:%d:%d: missing key 'play' (analyze needs the cards played)", d->file, d->mark.line,
                  d->mark.column);
        return false;
    }
    return true; /* fewer than 30 cards: reviewed up to where the record stops */
}

/* The contract as the rules name it in play->contract; a game the rules
 * cannot score (its calls, say) would be reviewed as never won: refused
 * instead.  An ISS record's errors point at the record. */
static bool check_contract(const Deal *d, const IssGame *iss, const RuleSystem *rules, GamePlay *play)
{
    char err[512];
    Mark m = iss ? d->mark : d->contract_mark;
    if (!rules_check_contract(rules, &d->contract, &play->contract, err, sizeof err)) {
        cli_error("%s:%d:%d: %s", d->file, m.line, m.column, err);
        return false;
    }
    GamePlay best = *play;
    best.declarer_points = play->contract.game == GAME_NULL ? 0 : 120;
    best.declarer_tricks = play->contract.game == GAME_NULL ? 0 : 10;
    GameScore check;
    if (!gamevalue_score(rules, &best, &check)) {
        char text[SCORE_TEXT];
        cli_error("%s:%d:%d: not a valid game: %s", d->file, m.line, m.column,
                  score_text(rules, &check, text, sizeof text));
        return false;
    }
    return true;
}

/* The best discard of the twelve cards the declarer held after taking the
 * skat (start_deal: the game before its first card). */
static void review_best_of_twelve(Solver *solver, const Deal *start_deal, const ReviewThresholds *t, Report *rep)
{
    Deal twelve_deal = *start_deal;
    twelve_deal.has_discard = false;
    twelve_deal.discard = 0;
    Position twelve;
    deal_position(&twelve_deal, &twelve);
    solver_new_deal(solver);
    uint64_t nodes = solver_nodes(solver);
    rep->discard.best = review_best_discard(solver, &twelve, t, &rep->discard.best_class);
    rep->discard_nodes = solver_nodes(solver) - nodes;
    rep->has_discard_review = true;
}

/* The discard put away against the best, once the play's review gave the
 * value of the one put away. */
static void compare_discards(Report *rep)
{
    DiscardReview *dr = &rep->discard;
    dr->played = (DiscardChoice){rep->deal->discard, rep->review.start_value};
    dr->played_class = rep->review.start_class;
    if (!review_outcome_better(dr->best_class, dr->best.value, dr->played_class, dr->played.value)) {
        dr->best = dr->played; /* as good: the one played */
        dr->best_class = dr->played_class;
    }
}

/* The discard, the play and the contract reviewed; false: out of memory. */
static bool review_report(TableWorkers *workers, const ReviewThresholds *t, Report *rep)
{
    const Deal *d = rep->deal;
    Deal start_deal = *d;
    start_deal.play_count = 0;
    Position start;
    deal_position(&start_deal, &start);
    double t0 = wall_ms();
    Solver *solver = table_workers_solver(workers, 0);
    if (d->has_discard && !d->contract.hand)
        review_best_of_twelve(solver, &start_deal, t, rep);
    review_game(solver, &start, d->play, d->play_count, t, &rep->review);
    if (!review_contract(workers, rep->rules, d->hands, d->skat, d->declarer, &d->contract, &rep->contract_review))
        return false;
    if (rep->has_discard_review)
        compare_discards(rep);
    rep->ms = wall_ms() - t0;
    return true;
}

/* The game scored as played, or an ISS game as the server settled its end;
 * a YAML record that stops early is not scored. */
static void score_report(GamePlay *play, Report *rep)
{
    if (rep->iss) {
        iss_settle(rep->iss, &rep->settled);
        play->declarer_points = rep->settled.declarer_points;
        play->declarer_tricks = rep->settled.declarer_tricks;
        play->conceded = rep->settled.conceded;
    } else {
        play->declarer_points = rep->review.declarer_points;
        play->declarer_tricks = rep->review.declarer_tricks;
    }
    if (rep->iss || rep->review.complete) {
        gamevalue_score(rep->rules, play, &rep->score);
        rep->has_score = true;
    }
}

/* The report as JSON in *json (batch), else printed; then its section of
 * the --html page. */
static void deliver_report(const CommonOptions *o, const Report *rep, const ReviewThresholds *t, json_t **json)
{
    if (json)
        *json = report_json(rep);
    else if (o->format == FORMAT_JSON)
        json_print_line(report_json(rep));
    else
        print_text(o, rep);
    fflush(stdout);
    if (html_page)
        html_page_add_game(html_page, &(HtmlGame){.deal = rep->deal, .iss = rep->iss, .rules = rep->rules,
                                                  .review = &rep->review, .thresholds = t,
                                                  .score = rep->has_score ? &rep->score : NULL,
                                                  .settled = rep->iss && !rep->review.complete ? &rep->settled : NULL,
                                                  .discard = rep->has_discard_review ? &rep->discard : NULL,
                                                  .contract_review = &rep->contract_review});
}

/* Reviews one game: its JSON object in *json when json is not NULL (skatdd
 * batch), else printed in the format chosen. */
static int analyze_game(const CommonOptions *o, TableWorkers *workers, const Deal *d, const IssGame *iss,
                        const RuleSystem *rules, json_t **json)
{
    GamePlay play = {.cards = d->hands[d->declarer] | d->skat, .skat = d->skat, .bid = d->bid,
                     .doubling = d->kontra, .bock = d->bock, .forced = d->played};
    if (!check_contract(d, iss, rules, &play))
        return EXIT_BAD_INPUT;
    Report *rep = calloc(1, sizeof *rep);
    if (!rep)
        return out_of_memory(d->file);
    rep->deal = d;
    rep->iss = iss;
    rep->rules = rules;
    ReviewThresholds t;
    review_thresholds(rules, &play, &t);
    t.min_cost = o->min_cost;
    if (!review_report(workers, &t, rep)) {
        free(rep);
        return out_of_memory(d->file);
    }
    score_report(&play, rep);
    deliver_report(o, rep, &t, json);
    free(rep);
    return EXIT_OK;
}

/* ---- files --------------------------------------------------------------- */

static int analyze_iss(const CommonOptions *o, TableWorkers *workers, const char *path, const char *text, size_t size)
{
    char err[512];
    IssReader *reader = iss_reader_new(path, text, size);
    IssGame *game = malloc(sizeof *game);
    DealRules rules = {0};
    int status = reader && game && deal_rules_set(&rules, o->given_rules, rules_directory()) ? EXIT_OK : out_of_memory(path);
    int got = 0;
    bool refused = false;
    while (status == EXIT_OK && (got = iss_reader_next(reader, game, err, sizeof err)) != 0) {
        if (got < 0) { /* one bad record of many: said, then the next */
            cli_error("%s", err);
            refused = true;
            continue;
        }
        if (game->passed) {
            if (o->format == FORMAT_TEXT)
                printf("%s: no game to analyze (%s)\n\n", game->deal.name, game->ending);
            if (html_page)
                html_page_add_skipped(html_page, game->deal.name, game->ending);
            continue;
        }
        const RuleSystem *system = iss_game_rules(&rules, game, err, sizeof err);
        if (!system) {
            cli_error("%s", err);
            status = read_failure_status(rules.out_of_memory);
            break;
        }
        status = analyze_game(o, workers, &game->deal, game, system, NULL);
        if (status == EXIT_BAD_INPUT) {
            refused = true;
            status = EXIT_OK;
        }
    }
    if (status == EXIT_OK && refused)
        status = EXIT_BAD_INPUT;
    free(game);
    deal_rules_free(&rules);
    iss_reader_free(reader);
    return status;
}

typedef struct {
    const CommonOptions *common;
    TableWorkers *workers;
} AnalyzeRun;

static int analyze_deal(void *ctx, const Deal *deal, const RuleSystem *rules)
{
    AnalyzeRun *run = ctx;
    if (!check_yaml(deal))
        return EXIT_BAD_INPUT;
    return deal->ramsch ? analyze_ramsch(run->common, run->workers, deal, rules, NULL)
                        : analyze_game(run->common, run->workers, deal, NULL, rules, NULL);
}

/* The file is read once, then looked at: ISS records or YAML deals. */
static int analyze_file(const CommonOptions *o, TableWorkers *workers, const char *path)
{
    char err[512];
    DealReader *reader = deal_reader_open(path, err, sizeof err);
    if (!reader) {
        int status = read_failure_status(errno == ENOMEM);
        cli_error("%s", err);
        return status;
    }
    size_t size;
    const char *text = deal_reader_text(reader, &size);
    AnalyzeRun run = {.common = o, .workers = workers};
    int status = iss_detect(text, size) ? analyze_iss(o, workers, path, text, size)
                                        : for_each_deal_of(o, reader, analyze_deal, &run);
    deal_reader_close(reader);
    return status;
}

/* One table for skatdd analyze and batch --job analyze (the job's: from the
 * second entry on; --html is the command's alone, a batch writes JSON lines). */
static const ExtraOption analyze_options[] = {
    {"html", true, VALUE_TEXT}, /* first: the command's alone */
    {"min-cost", true, VALUE_WHOLE},
    {NULL, false, VALUE_TEXT},
};

typedef struct {
    CommonOptions *common;
    const char *html;   /* --html FILE */
} AnalyzeOptions;

static bool analyze_option(void *ctx, const char *command, const char *name, const char *value)
{
    AnalyzeOptions *ao = ctx;
    CommonOptions *o = ao->common;
    if (strcmp(name, "html") == 0) {
        if (!*value) {
            cli_error("skatdd %s: --html needs a file name", command);
            return false;
        }
        ao->html = value;
        return true;
    }
    if (strcmp(name, "min-cost") != 0 || !parse_whole_int(value, 0, 120, &o->min_cost)) {
        cli_error("skatdd %s: --min-cost needs card points from 0 to 120, not '%s'", command, value);
        return false;
    }
    return true;
}

/* The common options analyze uses; the others are refused. */
static const unsigned analyze_common = COMMON_FORMAT | COMMON_THREADS | COMMON_TT_MB | COMMON_RULES | COMMON_SYMBOLS;

int cmd_analyze(int argc, char **argv)
{
    CommonOptions o;
    AnalyzeOptions ao = {.common = &o};
    int status;
    int first =
        command_start(argc, argv, &o, analyze_help, analyze_common, analyze_options, analyze_option, &ao, &status);
    if (first < 0)
        return status;
    char why[256];
    bool no_memory;
    if (ao.html && !(html_page = html_page_open(ao.html, why, sizeof why, &no_memory))) { /* before any work */
        cli_error("skatdd analyze: --html %s: %s", ao.html, why);
        return no_memory ? EXIT_INTERNAL : EXIT_BAD_INPUT;
    }
    /* The contract review's table spreads over the threads; the first
     * thread's solver reviews the play, card after card. */
    TableWorkers *workers = table_workers_new(o.threads, (size_t)o.tt_mb << 20);
    if (!workers) {
        cli_error("skatdd analyze: out of memory for a %d MB table", o.tt_mb);
        status = EXIT_INTERNAL;
    }
    for (int i = first; i < argc && status != EXIT_INTERNAL; i++) /* a bad file does not stop the others */
        status = exit_status_worse(status, analyze_file(&o, workers, argv[i]));
    table_workers_free(workers);
    if (html_page && html_page_sections(html_page) == 0) {
        /* Every input refused (each said why): a page of no game would
         * replace the one there, maybe the last run's good review. */
        html_page_close(html_page, NULL, 0);
        cli_error("skatdd analyze: --html %s: no game to review: the page is not written", ao.html);
        status = exit_status_worse(status, EXIT_BAD_INPUT);
    } else if (html_page && !html_page_close(html_page, why, sizeof why)) {
        cli_error("skatdd analyze: --html %s: %s", ao.html, why);
        if (status == EXIT_OK)
            status = EXIT_INTERNAL;
    }
    html_page = NULL;
    return status;
}

/* ----- skatdd batch: a game is its deal and play (ISS records with all
 * the cards they played, settled as analyze settles them); the reasons a
 * record is refused go to stderr as analyze says them. */

static void *analyze_settings_new(CommonOptions *common)
{
    common->iss_play = DEAL_MAX_PLAY; /* an ISS record with all the cards it played */
    AnalyzeOptions *ao = calloc(1, sizeof *ao);
    if (ao)
        ao->common = common;
    return ao;
}
static void analyze_settings_free(void *settings) { free(settings); }

static void *analyze_worker_new(void *settings)
{
    CommonOptions *o = ((AnalyzeOptions *)settings)->common;
    AnalyzeRun *run = malloc(sizeof *run);
    if (!run)
        return NULL;
    *run = (AnalyzeRun){.common = o, .workers = table_workers_new(1, (size_t)o->tt_mb << 20)};
    if (!run->workers) {
        free(run);
        return NULL;
    }
    return run;
}

static void analyze_worker_free(void *worker)
{
    AnalyzeRun *run = worker;
    if (run)
        table_workers_free(run->workers);
    free(run);
}

static json_t *analyze_job_run(void *worker, const Deal *deal, const IssGame *iss, const RuleSystem *rules, char *err,
                               size_t n, int *status)
{
    AnalyzeRun *run = worker;
    json_t *json = NULL;
    if (n)
        err[0] = '\0';
    if (!iss && !check_yaml(deal))
        *status = EXIT_BAD_INPUT;
    else if (deal->ramsch)
        *status = analyze_ramsch(run->common, run->workers, deal, rules, &json);
    else
        *status = analyze_game(run->common, run->workers, deal, iss, rules, &json);
    return json;
}

const Job job_analyze = {"analyze",          analyze_options + 1,       analyze_settings_new, analyze_option,
                         analyze_worker_new, analyze_worker_free, analyze_job_run,      analyze_settings_free,
                         NULL};
