#define _GNU_SOURCE /* open_memstream */
#include "htmlreview.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common.h"
#include "reviewtext.h"
#include "rulecontract.h"
#include "scoretext.h"
#include "skatdd.h" /* SKATDD_VERSION */


struct HtmlPage {
    char *path;
    char *temp;        /* the file written, renamed to path at the end; NULL when path is written directly */
    mode_t mode;       /* the temporary file's */
    int fd;
    FILE *body;        /* the sections, in memory until the end */
    char *body_text;
    size_t body_size;
    FILE *toc;         /* one link per section */
    char *toc_text;
    size_t toc_size;
    int sections;
    bool out_of_memory; /* why opening failed */
    char first_title[256];
};

/* ---- text ---------------------------------------------------------------- */

void html_escape(FILE *out, const char *text)
{
    static const char *const entity[256] = {
        ['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;", ['"'] = "&quot;", ['\''] = "&#39;",
    };
    for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
        if (entity[*s])
            fputs(entity[*s], out);
        else
            fputc(*s, out);
    }
}

/* Formatted text, escaped: everything a page says that is not markup goes
 * through here or html_escape. */
__attribute__((format(printf, 2, 3))) static void textf(FILE *f, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    html_escape(f, buf);
}

static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* A card with its suit symbol and colour (four-colour deck: clubs black,
 * spades green, hearts red, diamonds orange). */
static void put_card(FILE *f, int card)
{
    static const char *const suit_class[SUIT_COUNT] = {"cl", "sp", "he", "di"};
    char name[6];
    card_symbol_name(card, name);
    size_t n = strlen(name);
    char rank[3] = {name[n - 1], '\0', '\0'};
    if (rank[0] == 'T')
        memcpy(rank, "10", 3);
    name[n - 1] = '\0';
    fprintf(f, "<span class=\"c %s\">%s%s</span>", suit_class[card_suit(card)], name, rank);
}

static void put_cards(FILE *f, GameType game, CardSet cards)
{
    int list[32];
    int n = sorted_cards(game, cards, list);
    for (int i = 0; i < n; i++) {
        fputs(i ? " " : "", f);
        put_card(f, list[i]);
    }
    if (n == 0)
        fputs("none", f);
}

static void put_value(FILE *f, GameType game, int value)
{
    if (game == GAME_NULL)
        fputs(value ? "wins" : "loses", f);
    else
        fprintf(f, "%d", value);
}

static const char *seat_short(int seat)
{
    static const char *const names[SEAT_COUNT] = {"FH", "MH", "RH"};
    return names[seat];
}

/* A card in a trick's row, with its mark and the seat's short name; title
 * (who played it) shows on hovering, play_class is added to the span's. */
static void put_trick_card(FILE *f, const char *play_class, const char *title, int seat, int card, bool decisive,
                           bool mistake)
{
    fprintf(f, "<span class=\"play%s\" title=\"", play_class);
    html_escape(f, title);
    fputs("\">", f);
    put_card(f, card);
    if (mistake)
        fprintf(f, "<span class=\"mark %s\">%s</span>", review_mistake_name(decisive, mistake),
                review_mistake_mark(decisive, mistake));
    fprintf(f, "<small>%s</small></span>", seat_short(seat));
}

/* The start of a mistake's note in a trick: "<li ...><b>seat card??</b> ". */
static void put_note_start(FILE *f, int seat, int card, bool decisive, bool mistake)
{
    fprintf(f, "<li class=\"note %s\"><b>", review_mistake_name(decisive, mistake));
    textf(f, "%s ", seat_name(seat));
    put_card(f, card);
    fprintf(f, "<span class=\"mark\">%s</span></b> ", review_mistake_mark(decisive, mistake));
}

/* ". Better: CA SK" after a mistake's note: the cards that kept the value. */
static void put_better(FILE *f, const int *better, int count)
{
    if (count)
        fputs(". Better:", f);
    for (int i = 0; i < count; i++) {
        fputc(' ', f);
        put_card(f, better[i]);
    }
}

/* ---- the chart ------------------------------------------------------------ */

/* Plot area in the SVG's own units; the SVG scales to the page width. */
enum { CHART_W = 640, CHART_H = 300, CHART_LEFT = 52, CHART_RIGHT = 14, CHART_TOP = 14, CHART_BOTTOM = 46 };

static double chart_x(int cards)
{
    return CHART_LEFT + cards * (double)(CHART_W - CHART_LEFT - CHART_RIGHT) / REVIEW_MAX_CARDS;
}

/* Card points 0..120 upwards; a null game has two levels, wins above loses. */
static double chart_y(GameType game, int value)
{
    double h = CHART_H - CHART_TOP - CHART_BOTTOM;
    if (game == GAME_NULL)
        return CHART_TOP + h * (value ? 0.25 : 0.75);
    return CHART_TOP + (120 - value) * h / 120;
}

static int value_after(const Review *r, int cards)
{
    return cards == 0 ? r->start_value : r->cards[cards - 1].value_after;
}

/* The card points the declarer needs: the bid's or the announcement's
 * schneider or schwarz, else 61; -1 when nothing wins. */
static int goal_points(const ReviewThresholds *t, const char **label)
{
    ReviewClass need = t->win_class ? t->win_class : REVIEW_WON;
    if (need == REVIEW_WON) {
        *label = "to win";
        return t->win_points;
    }
    if (need == REVIEW_SCHNEIDER) {
        *label = "schneider needed";
        return t->schneider_points;
    }
    if (need == REVIEW_SCHWARZ) {
        *label = "schwarz needed (every trick)";
        return 120;
    }
    *label = "";
    return -1;
}

/* t NULL: no goal line (a Ramsch has none). */
static void chart_axes(FILE *f, GameType game, const ReviewThresholds *t, const char *y_label)
{
    double left = chart_x(0), right = chart_x(REVIEW_MAX_CARDS);
    double top = CHART_TOP, bottom = CHART_H - CHART_BOTTOM;
    if (game == GAME_NULL) {
        double mid = (top + bottom) / 2;
        fprintf(f, "<rect class=\"zone\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n", left, top,
                right - left, mid - top);
        fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">wins</text>\n", left - 6,
                chart_y(game, 1) + 4);
        fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">loses</text>\n", left - 6,
                chart_y(game, 0) + 4);
    } else {
        const char *label;
        int goal = t ? goal_points(t, &label) : -1;
        if (goal >= 0) {
            double y = chart_y(game, goal);
            fprintf(f, "<rect class=\"zone\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n", left, top,
                    right - left, y - top);
        }
        for (int v = 0; v <= 120; v += 30) {
            double y = chart_y(game, v);
            fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", left, y, right, y);
            fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d</text>\n", left - 6, y + 4, v);
        }
        if (goal >= 0) {
            double y = chart_y(game, goal);
            fprintf(f, "<line class=\"goal\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", left, y, right, y);
            fprintf(f, "<text class=\"goal-label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d %s</text>\n",
                    right - 4, y - 5, goal, label);
        }
    }
    for (int cards = 0; cards <= REVIEW_MAX_CARDS; cards += 3) { /* a line after every trick */
        double x = chart_x(cards);
        fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x, top, x, bottom);
        fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%d</text>\n", x, bottom + 16,
                cards);
    }
    fprintf(f, "<text class=\"axis\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">cards played (a line after each trick)</text>\n",
            (left + right) / 2, CHART_H - 6);
    fprintf(f, "<text class=\"axis\" transform=\"translate(13 %.1f) rotate(-90)\" text-anchor=\"middle\">%s</text>\n",
            (top + bottom) / 2, y_label);
}

static void chart_tooltip(FILE *f, const Review *r, const ReviewCard *c)
{
    char card[8], name[6];
    card_symbol_name(c->card, name);
    snprintf(card, sizeof card, "%s", name);
    textf(f, "Trick %d, %s (%s) %s%s: ", c->trick, seat_name(c->seat), c->declarer ? "declarer" : "defender", card,
          review_mistake_mark(c->decisive, c->mistake));
    if (c->decisive)
        textf(f, "turns the game, %s \u2192 %s", review_class_name(c->class_before), review_class_name(c->class_after));
    if (r->game != GAME_NULL)
        textf(f, "%scosts %d (%d \u2192 %d)", c->decisive ? "; " : "", c->cost, c->value_before, c->value_after);
}

static void put_chart(FILE *f, const HtmlGame *g, int section)
{
    const Review *r = g->review;
    GameType game = r->game;
    fprintf(f, "<figure class=\"chart\">\n<svg id=\"chart-%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
               "aria-label=\"double-dummy value over the cards played\" xmlns=\"http://www.w3.org/2000/svg\">\n",
            section, CHART_W, CHART_H);
    chart_axes(f, game, g->thresholds, game == GAME_NULL ? "declarer" : "declarer's points");
    if (game != GAME_NULL) { /* the points the declarer has taken, trick by trick */
        fprintf(f, "<polyline class=\"taken\" points=\"%.1f,%.1f", chart_x(0), chart_y(game, 0));
        int taken = 0;
        for (int i = 0; i < r->count; i++)
            if (r->cards[i].trick_winner >= 0) {
                fprintf(f, " %.1f,%.1f %.1f,%.1f", chart_x(i + 1), chart_y(game, taken), chart_x(i + 1),
                        chart_y(game, r->cards[i].declarer_points));
                taken = r->cards[i].declarer_points;
            }
        fputs("\"/>\n", f);
    }
    fprintf(f, "<polyline class=\"value\" points=\"");
    for (int cards = 0; cards <= r->count; cards++)
        fprintf(f, "%s%.1f,%.1f", cards ? " " : "", chart_x(cards), chart_y(game, value_after(r, cards)));
    fputs("\"/>\n", f);
    for (int i = 0; i < r->count; i++) {
        const ReviewCard *c = &r->cards[i];
        if (!c->mistake)
            continue;
        fprintf(f, "<circle class=\"mk %s\" data-card=\"%d\" data-cost=\"%d\" cx=\"%.1f\" cy=\"%.1f\" r=\"%d\"><title>",
                review_mistake_name(c->decisive, c->mistake), i + 1, c->cost, chart_x(i + 1), chart_y(game, c->value_after), c->decisive ? 7 : 5);
        chart_tooltip(f, r, c);
        fputs("</title></circle>\n", f);
    }
    fputs("</svg>\n<figcaption><span class=\"item\"><span class=\"key value\"></span>double-dummy value</span>", f);
    if (game != GAME_NULL)
        fputs(" <span class=\"item\"><span class=\"key taken\"></span>points taken</span>", f);
    fputs(" <span class=\"item\"><span class=\"key decisive\"></span>decisive mistake</span>"
          " <span class=\"item\"><span class=\"key inaccuracy\"></span>inaccuracy</span>",
          f);
    if (game != GAME_NULL && g->thresholds && goal_points(g->thresholds, &(const char *){NULL}) < 0)
        fputs(" (the bid cannot be reached: no goal line)", f);
    fputs("</figcaption>\n</figure>\n", f);
}

/* ---- the sections ------------------------------------------------------- */

static void put_deal(FILE *f, const HtmlGame *g)
{
    const Deal *d = g->deal;
    GameType game = d->contract.game;
    fputs("<div class=\"hands\">\n", f);
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        bool declarer = seat == g->review->declarer;
        fprintf(f, "<div class=\"hand%s\"><div class=\"who\">", declarer ? " declarer" : "");
        textf(f, "%s%s", seat_name(seat), declarer ? " (declarer)" : "");
        if (g->iss && g->iss->players[seat][0]) {
            fputs(" <span class=\"player\">", f);
            html_escape(f, g->iss->players[seat]);
            fputs("</span>", f);
        }
        fputs("</div><div class=\"cards\">", f);
        put_cards(f, game, d->hands[seat]);
        fputs("</div></div>\n", f);
    }
    fputs("<div class=\"hand\"><div class=\"who\">skat</div><div class=\"cards\">", f);
    put_cards(f, game, d->skat);
    fputs("</div></div>\n", f);
    if (d->has_discard) {
        fputs("<div class=\"hand\"><div class=\"who\">discard</div><div class=\"cards\">", f);
        put_cards(f, game, d->discard);
        fputs("</div></div>\n", f);
    }
    fputs("</div>\n", f);
}

static void put_contract_row(FILE *f, const HtmlGame *g, const char *what, const TableEntry *e)
{
    char name[64];
    textf(f, "%s %s %s, game value %d, score %+d", what,
          rules_contract_name(g->rules, &e->contract, name, sizeof name), e->won ? "won" : "lost", e->game_value,
          e->score);
}

static void put_reviews(FILE *f, const HtmlGame *g)
{
    GameType game = g->review->game;
    const ContractReview *c = g->contract_review;
    if (!g->discard && !(c && c->found_best))
        return;
    fprintf(f, "<h3>%s</h3>\n<ul class=\"reviews\">\n", g->discard ? "Discard and contract" : "Contract");
    if (g->discard) {
        const DiscardChoice *played = &g->discard->played, *best = &g->discard->best;
        bool outcomes = g->discard->best_class != g->discard->played_class; /* named where they differ */
        fputs("<li class=\"discard-review\">Discard ", f);
        put_cards(f, game, played->discard);
        fputs(", value ", f);
        put_value(f, game, played->value);
        if (outcomes)
            fprintf(f, " (%s)", review_class_name(g->discard->played_class));
        if (best->discard == played->discard)
            fputs(" (the best)", f);
        else {
            char cost[64];
            fputs("; best ", f);
            put_cards(f, game, best->discard);
            fputs(", value ", f);
            put_value(f, game, best->value);
            if (outcomes)
                fprintf(f, " (%s)", review_class_name(g->discard->best_class));
            fprintf(f, ": <b>costs %s</b>", review_discard_cost(game, g->discard, cost, sizeof cost));
        }
        fputs("</li>\n", f);
    }
    if (c && c->found_best) {
        fputs("<li class=\"contract-review\">Contract (double-dummy, no bid): ", f);
        if (c->found_played) {
            put_contract_row(f, g, "played", &c->played);
            fputs(c->best.score == c->played.score ? " (the best)" : "; ", f);
        }
        if (!c->found_played || c->best.score != c->played.score) {
            put_contract_row(f, g, "best", &c->best);
            if (c->found_played)
                fprintf(f, ": <b>costs %d</b>", c->best.score - c->played.score);
        }
        fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
}

static void put_note(FILE *f, const Review *r, const ReviewCard *c)
{
    GameType game = r->game;
    put_note_start(f, c->seat, c->card, c->decisive, c->mistake);
    if (c->decisive)
        textf(f, "turns the game: %s \u2192 %s%s ", review_class_name(c->class_before),
              review_class_name(c->class_after), game == GAME_NULL ? "" : ";");
    if (game != GAME_NULL)
        textf(f, "costs %d (%d \u2192 %d)", c->cost, c->value_before, c->value_after);
    else if (!c->decisive)
        textf(f, "declarer %s \u2192 %s", c->value_before ? "wins" : "loses", c->value_after ? "wins" : "loses");
    put_better(f, c->better, c->better_count);
    fputs("</li>\n", f);
}

static void put_tricks(FILE *f, const Review *r)
{
    fputs("<h3>Tricks</h3>\n<div class=\"tricks\">\n", f);
    for (int i = 0; i < r->count;) {
        int end = review_trick_end(r, i);
        fprintf(f, "<div class=\"trick\"><div class=\"row\"><span class=\"tn\">%d</span><span class=\"plays\">",
                r->cards[i].trick);
        for (int k = i; k < end; k++) {
            const ReviewCard *c = &r->cards[k];
            char title[64];
            snprintf(title, sizeof title, "%s (%s)", seat_name(c->seat), c->declarer ? "declarer" : "defender");
            put_trick_card(f, c->declarer ? " decl" : "", title, c->seat, c->card, c->decisive, c->mistake);
        }
        fputs("</span><span class=\"after\">", f);
        const ReviewCard *last = &r->cards[end - 1];
        if (last->trick_winner >= 0) {
            textf(f, "\u2192 %s", seat_name(last->trick_winner));
            if (r->game != GAME_NULL)
                fprintf(f, " \u00b7 declarer %d", last->declarer_points);
            fputs(" \u00b7 ", f);
        }
        fputs("value ", f);
        put_value(f, r->game, last->value_after);
        fputs("</span></div>\n", f);
        bool notes = false;
        for (int k = i; k < end; k++)
            if (r->cards[k].mistake) {
                if (!notes)
                    fputs("<ul class=\"notes\">\n", f);
                notes = true;
                put_note(f, r, &r->cards[k]);
            }
        if (notes)
            fputs("</ul>\n", f);
        fputs("</div>\n", f);
        i = end;
    }
    fputs("</div>\n", f);
}

static void put_result(FILE *f, const HtmlGame *g)
{
    const Review *r = g->review;
    GameType game = r->game;
    char text[SCORE_TEXT];
    bool scored = g->score && g->score->valid;
    fputs("<li>Result: ", f);
    if (r->complete) {
        if (game == GAME_NULL)
            textf(f, "the declarer took %d trick%s: %s", r->declarer_tricks, plural(r->declarer_tricks),
                  review_class_name(r->end_class));
        else
            textf(f, "%d card points, %d trick%s: %s", r->declarer_points, r->declarer_tricks,
                  plural(r->declarer_tricks), review_class_name(r->end_class));
        if (scored)
            textf(f, " (%s; score %+d)", score_text(g->rules, g->score, text, sizeof text), g->score->score);
        fputs("</li>\n", f);
    } else {
        textf(f, "the %s after %d card%s%s%s; value then ", g->iss ? "game stopped" : "record stops", r->count,
              plural(r->count), g->iss ? ": " : "", g->iss ? g->iss->ending : "");
        put_value(f, game, r->end_value);
        textf(f, ", %s", review_class_name(r->end_class));
        fputs("</li>\n", f);
        if (scored && g->settled) {
            fputs("<li>Settled: ", f);
            if (game != GAME_NULL)
                textf(f, "%d card points, ", g->settled->declarer_points);
            textf(f, "%d trick%s: %s (%s; score %+d)", g->settled->declarer_tricks,
                  plural(g->settled->declarer_tricks), g->score->won ? "won" : "lost",
                  score_text(g->rules, g->score, text, sizeof text), g->score->score);
            fputs("</li>\n", f);
        }
    }
    if (g->iss && g->iss->server.known && scored && g->iss->server.value != g->score->score)
        fprintf(f, "<li>Note: the server scored %+d</li>\n", g->iss->server.value);
}

static void put_summary(FILE *f, const HtmlGame *g)
{
    const Review *r = g->review;
    GameType game = r->game;
    fputs("<h3>Summary</h3>\n<ul class=\"summary\">\n<li>Value at the start: ", f);
    put_value(f, game, r->start_value);
    textf(f, ", %s with best play", review_class_name(r->start_class));
    fputs("</li>\n", f);
    put_result(f, g);
    int turning = 0;
    for (int i = 0; i < r->count; i++) {
        const ReviewCard *c = &r->cards[i];
        if (!c->decisive)
            continue;
        fputs(turning++ ? "; " : "<li>Turning points: ", f);
        textf(f, "trick %d, %s ", c->trick, seat_name(c->seat));
        put_card(f, c->card);
        textf(f, ": %s \u2192 %s", review_class_name(c->class_before), review_class_name(c->class_after));
    }
    fputs(turning ? "</li>\n" : "<li>Turning points: none</li>\n", f);
    fputs("</ul>\n<table class=\"players\"><thead><tr><th>player</th><th>mistakes</th><th>decisive</th>", f);
    if (game != GAME_NULL)
        fputs("<th>points given away</th>", f);
    fputs("</tr></thead><tbody>\n", f);
    for (int k = 0; k < SEAT_COUNT; k++) {
        int seat = (r->declarer + k) % SEAT_COUNT;
        const ReviewPlayer *p = &r->players[seat];
        fputs("<tr><td>", f);
        textf(f, "%s %s", seat == r->declarer ? "declarer" : "defender", seat_name(seat));
        if (g->iss && g->iss->players[seat][0]) {
            fputs(" <span class=\"player\">", f);
            html_escape(f, g->iss->players[seat]);
            fputs("</span>", f);
        }
        fprintf(f, "</td><td>%d</td><td>%d</td>", p->mistakes, p->decisive);
        if (game != GAME_NULL)
            fprintf(f, "<td>%d</td>", p->cost);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

static void section_title(const HtmlPage *page, const char *name, char *out, size_t n)
{
    if (name && name[0])
        snprintf(out, n, "%s", name);
    else
        snprintf(out, n, "Game %d", page->sections + 1);
}

static void add_toc(HtmlPage *page, const char *title)
{
    fprintf(page->toc, "<li><a href=\"#game-%d\">", page->sections + 1);
    html_escape(page->toc, title);
    fputs("</a></li>\n", page->toc);
    if (page->sections == 0)
        snprintf(page->first_title, sizeof page->first_title, "%s", title);
}

void html_page_add_game(HtmlPage *page, const HtmlGame *g)
{
    FILE *f = page->body;
    const Deal *d = g->deal;
    const Review *r = g->review;
    char title[256], contract[64];
    section_title(page, d->name, title, sizeof title);
    add_toc(page, title);
    page->sections++;
    fprintf(f, "<section class=\"game\" id=\"game-%d\" data-cards=\"%d\">\n<h2>", page->sections, r->count);
    html_escape(f, title);
    fputs("</h2>\n<p class=\"meta\">", f);
    textf(f, "%s, declarer %s", rules_contract_name(g->rules, &d->contract, contract, sizeof contract),
          seat_name(r->declarer));
    if (d->bid)
        textf(f, ", bid %d", d->bid);
    textf(f, " (%s rules) \u00b7 %s %s", g->rules->name, g->iss ? "ISS record in" : "from", d->file);
    fputs("</p>\n", f);
    put_deal(f, g);
    fputs("<p class=\"start\">Double-dummy value at the start: <b>", f);
    put_value(f, r->game, r->start_value);
    fputs("</b> (", f);
    html_escape(f, review_class_name(r->start_class));
    fputs(")</p>\n", f);
    put_chart(f, g, page->sections);
    put_reviews(f, g);
    put_tricks(f, r);
    put_summary(f, g);
    fputs("</section>\n", f);
}

void html_page_add_skipped(HtmlPage *page, const char *name, const char *why)
{
    char title[256];
    section_title(page, name, title, sizeof title);
    add_toc(page, title);
    page->sections++;
    fprintf(page->body, "<section class=\"game skipped\" id=\"game-%d\">\n<h2>", page->sections);
    html_escape(page->body, title);
    fputs("</h2>\n<p>No game to analyze: ", page->body);
    html_escape(page->body, why);
    fputs(".</p>\n</section>\n", page->body);
}

/* ---- Ramsch --------------------------------------------------------------
 * Everyone for himself: the chart has a line per seat (its fewest points),
 * each mistake marked on the line of the seat that made it. */


/* Each seat's fewest points after n cards, from the review alone: known at
 * the start, around each of its own cards (the value before it is the value
 * after the card before) and at the end of a game played out (its points).
 * In between the line holds: the review values a card only for the seat that
 * played it, so what the others' cards did to a seat shows where it plays
 * next. */
static void ramsch_lines(const RamschReview *r, int line[SEAT_COUNT][REVIEW_MAX_CARDS + 1])
{
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        line[seat][0] = r->seats[seat].start_value;
        for (int n = 1; n <= r->count; n++) {
            line[seat][n] = line[seat][n - 1];
            if (r->cards[n - 1].seat == seat)
                line[seat][n] = r->cards[n - 1].value_after;
            else if (n < r->count && r->cards[n].seat == seat)
                line[seat][n] = r->cards[n].value_before;
            else if (n == r->count && r->complete)
                line[seat][n] = r->seats[seat].points;
        }
    }
}

static void ramsch_note_text(FILE *f, const RamschReviewCard *c)
{
    if (c->lost != RAMSCH_KEPT)
        textf(f, "throws away the %s%s; ", review_ramsch_lost(c->lost),
              c->lost == RAMSCH_LOST_JUNGFRAU ? " (no trick)" : "");
    textf(f, "costs %d (%d \u2192 %d)", c->cost, c->value_before, c->value_after);
}

static void put_ramsch_chart(FILE *f, const RamschReview *r, int section)
{
    int line[SEAT_COUNT][REVIEW_MAX_CARDS + 1];
    ramsch_lines(r, line);
    fprintf(f, "<figure class=\"chart\">\n<svg id=\"chart-%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
               "aria-label=\"each seat's fewest points over the cards played\" xmlns=\"http://www.w3.org/2000/svg\">\n",
            section, CHART_W, CHART_H);
    chart_axes(f, GAME_GRAND, NULL, "fewest points");
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        fprintf(f, "<polyline class=\"value s%d\" data-seat=\"%s\" points=\"", seat, seat_name(seat));
        for (int n = 0; n <= r->count; n++)
            fprintf(f, "%s%.1f,%.1f", n ? " " : "", chart_x(n), chart_y(GAME_GRAND, line[seat][n]));
        fputs("\"/>\n", f);
    }
    for (int i = 0; i < r->count; i++) {
        const RamschReviewCard *c = &r->cards[i];
        if (!c->mistake)
            continue;
        char name[6];
        card_symbol_name(c->card, name);
        fprintf(f, "<circle class=\"mk %s\" data-card=\"%d\" data-seat=\"%s\" data-cost=\"%d\" cx=\"%.1f\" "
                   "cy=\"%.1f\" r=\"%d\"><title>",
                review_mistake_name(c->decisive, c->mistake), i + 1, seat_name(c->seat), c->cost, chart_x(i + 1),
                chart_y(GAME_GRAND, c->value_after), c->decisive ? 7 : 5);
        textf(f, "Trick %d, %s %s%s: ", c->trick, seat_name(c->seat), name, review_mistake_mark(c->decisive, c->mistake));
        ramsch_note_text(f, c);
        fputs("</title></circle>\n", f);
    }
    fputs("</svg>\n<figcaption>", f);
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        fprintf(f, "<span class=\"item\"><span class=\"key s%d\"></span>", seat);
        html_escape(f, seat_name(seat));
        fputs("</span> ", f);
    }
    fputs("<span class=\"item\"><span class=\"key decisive\"></span>decisive mistake</span>"
          " <span class=\"item\"><span class=\"key inaccuracy\"></span>inaccuracy</span>"
          " (each line moves at its seat's own cards)</figcaption>\n</figure>\n",
          f);
}

static void put_ramsch_deal(FILE *f, const Deal *d)
{
    fputs("<div class=\"hands\">\n", f);
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        fprintf(f, "<div class=\"hand s%d\"><div class=\"who\">", seat);
        html_escape(f, seat_name(seat));
        fputs("</div><div class=\"cards\">", f);
        put_cards(f, GAME_GRAND, d->hands[seat]);
        fputs("</div></div>\n", f);
    }
    fputs("<div class=\"hand\"><div class=\"who\">skat</div><div class=\"cards\">", f);
    put_cards(f, GAME_GRAND, ~(d->hands[0] | d->hands[1] | d->hands[2]));
    fputs("</div></div>\n</div>\n", f);
}

static void put_ramsch_start(FILE *f, const RamschReview *r)
{
    fputs("<h3>At the start</h3>\n<p class=\"start\">Each seat against the other two (fewest: the card points it "
          "can hold itself to)</p>\n<ul class=\"summary ramsch-start\">\n",
          f);
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        const RamschReviewSeat *s = &r->seats[seat];
        fprintf(f, "<li><span class=\"key s%d\"></span>", seat);
        textf(f, "%s: fewest ", seat_name(seat));
        fprintf(f, "<b>%d</b>; ", s->start_value);
        html_escape(f, review_ramsch_chances(s->takes_all, s->avoids_all));
        fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
}

static void put_ramsch_tricks(FILE *f, const RamschReview *r)
{
    fputs("<h3>Tricks</h3>\n<div class=\"tricks\">\n", f);
    for (int i = 0; i < r->count;) {
        int end = review_ramsch_trick_end(r, i);
        fprintf(f, "<div class=\"trick\"><div class=\"row\"><span class=\"tn\">%d</span><span class=\"plays\">",
                r->cards[i].trick);
        for (int k = i; k < end; k++) {
            const RamschReviewCard *c = &r->cards[k];
            put_trick_card(f, "", seat_name(c->seat), c->seat, c->card, c->decisive, c->mistake);
        }
        fputs("</span><span class=\"after\">", f);
        const RamschReviewCard *last = &r->cards[end - 1];
        if (last->trick_winner >= 0)
            textf(f, "\u2192 %s \u00b7 points %d %d %d", seat_name(last->trick_winner), last->points[0],
                  last->points[1], last->points[2]);
        fputs("</span></div>\n", f);
        bool notes = false;
        for (int k = i; k < end; k++) {
            const RamschReviewCard *c = &r->cards[k];
            if (!c->mistake)
                continue;
            if (!notes)
                fputs("<ul class=\"notes\">\n", f);
            notes = true;
            put_note_start(f, c->seat, c->card, c->decisive, c->mistake);
            ramsch_note_text(f, c);
            put_better(f, c->better, c->better_count);
            fputs("</li>\n", f);
        }
        if (notes)
            fputs("</ul>\n", f);
        fputs("</div>\n", f);
        i = end;
    }
    fputs("</div>\n", f);
}

/* The result, or where the record stops; the Durchmarsch or the Jungfrauen; the skat's pushes. */
static void put_ramsch_result(FILE *f, const HtmlRamsch *g)
{
    const RamschScore *score = g->score;
    char text[SCORE_TEXT];
    fputs("<li>Result: ", f);
    if (score)
        html_escape(f, ramsch_text(score, text, sizeof text));
    else
        textf(f, "the record stops after %d card%s", g->review->count, plural(g->review->count));
    fputs("</li>\n", f);
    if (score) {
        fputs("<li>", f);
        if (score->durchmarsch)
            textf(f, "Durchmarsch by %s", seat_name(score->durchmarsch_seat));
        else
            textf(f, "No Durchmarsch; %d Jungfrau%s", score->jungfrauen, score->jungfrauen == 1 ? "" : "en");
        textf(f, "; skat pushed on %d time%s", g->deal->pushes, plural(g->deal->pushes));
        fputs("</li>\n", f);
    } else if (g->deal->pushes) { /* the markup outside textf, which escapes it */
        fputs("<li>", f);
        textf(f, "Skat pushed on %d time%s", g->deal->pushes, plural(g->deal->pushes));
        fputs("</li>\n", f);
    }
}

static void put_ramsch_turning_points(FILE *f, const RamschReview *r)
{
    int turning = 0;
    for (int i = 0; i < r->count; i++) {
        const RamschReviewCard *c = &r->cards[i];
        if (!c->decisive)
            continue;
        fputs(turning++ ? "; " : "<li>Turning points: ", f);
        textf(f, "trick %d, %s ", c->trick, seat_name(c->seat));
        put_card(f, c->card);
        textf(f, ": %s thrown away", review_ramsch_lost(c->lost));
    }
    fputs(turning ? "</li>\n" : "<li>Turning points: none</li>\n", f);
}

/* One row a seat: points, tricks, score (a game played out), mistakes. */
static void put_ramsch_players(FILE *f, const RamschReview *r, const RamschScore *score)
{
    fputs("<div class=\"wide\"><table class=\"players ramsch\"><thead><tr><th>seat</th><th>points</th>"
          "<th>tricks</th>", f);
    if (score)
        fputs("<th>score</th>", f);
    fputs("<th>mistakes</th></tr></thead><tbody>\n", f); /* fewest at the start: in its own list above */
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        const RamschReviewSeat *s = &r->seats[seat];
        fputs("<tr><td>", f);
        html_escape(f, seat_name(seat));
        fprintf(f, "</td><td>%d</td><td>%d</td>", s->points, s->tricks);
        if (score)
            fprintf(f, "<td>%+d</td>", score->scores[seat]);
        fputs("<td>", f);
        if (s->mistakes)
            textf(f, "%d (%d decisive), %d point%s given away", s->mistakes, s->decisive, s->cost, plural(s->cost));
        else
            fputs("none", f);
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table></div>\n", f);
}

static void put_ramsch_summary(FILE *f, const HtmlRamsch *g)
{
    fputs("<h3>Summary</h3>\n<ul class=\"summary\">\n", f);
    put_ramsch_result(f, g);
    put_ramsch_turning_points(f, g->review);
    fputs("</ul>\n", f);
    put_ramsch_players(f, g->review, g->score);
}

void html_page_add_ramsch(HtmlPage *page, const HtmlRamsch *g)
{
    FILE *f = page->body;
    const Deal *d = g->deal;
    const RamschReview *r = g->review;
    char title[256];
    section_title(page, d->name, title, sizeof title);
    add_toc(page, title);
    page->sections++;
    fprintf(f, "<section class=\"game ramsch\" id=\"game-%d\" data-cards=\"%d\">\n<h2>", page->sections, r->count);
    html_escape(f, title);
    fputs("</h2>\n<p class=\"meta\">", f);
    textf(f, "Ramsch, everyone for himself (%s rules; ", g->rules->name);
    if (g->thresholds->bonus || g->rules->ramsch.skat_to == SKAT_TO_LAST_TRICK)
        textf(f, "the skat's %d points go to the last trick's winner", g->thresholds->bonus);
    else
        textf(f, "the skat goes to the loser: not counted in the fewest points");
    if (d->pushes)
        textf(f, "; skat pushed on %d time%s", d->pushes, plural(d->pushes));
    textf(f, ") \u00b7 from %s", d->file);
    fputs("</p>\n", f);
    put_ramsch_deal(f, d);
    put_ramsch_start(f, r);
    put_ramsch_chart(f, r, page->sections);
    put_ramsch_tricks(f, r);
    put_ramsch_summary(f, g);
    fputs("</section>\n", f);
}

/* ---- the page ------------------------------------------------------------- */

static const char page_style[] =
    ":root{--ink:#1b1f24;--muted:#5b636d;--line:#d8dde3;--bg:#f3f4f6;--paper:#fff;--value:#1f6fd1;"
    "--decisive:#d1242f;--inaccuracy:#e8890c;--zone:#e6f4ea;--s0:#1f6fd1;--s1:#8250df;--s2:#0f8b8d}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0;font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;"
    "color:var(--ink);background:var(--bg)}\n"
    "main{max-width:960px;margin:0 auto;padding:12px}\n"
    "h1{font-size:1.35rem;margin:6px 0 10px}h2{font-size:1.2rem;margin:0 0 4px}"
    "h3{font-size:1.02rem;margin:16px 0 6px}\n"
    "nav ol{margin:0 0 12px;padding-left:1.4em}\n"
    "section.game{background:var(--paper);border:1px solid var(--line);border-radius:10px;padding:12px 14px;"
    "margin:0 0 16px}\n"
    ".meta{color:var(--muted);margin:0 0 10px;overflow-wrap:anywhere}\n"
    ".hands{display:grid;grid-template-columns:repeat(auto-fit,minmax(250px,1fr));gap:6px}\n"
    ".hand{border:1px solid var(--line);border-radius:8px;padding:4px 8px}\n"
    ".hand.declarer{border-color:#5b8def;box-shadow:inset 3px 0 0 #5b8def}\n"
    ".who{font-size:.85rem;color:var(--muted)}.player{font-weight:600;color:var(--ink);overflow-wrap:anywhere}\n"
    ".c{font-weight:700;white-space:nowrap}.cl{color:#1b1f24}.sp{color:#1a7f37}.he{color:#d1242f}"
    ".di{color:#d97706}\n"
    "figure.chart{margin:10px 0 4px}figure.chart svg{display:block;width:100%;height:auto}\n"
    "figcaption{font-size:.85rem;color:var(--muted)}figcaption .item{white-space:nowrap}\n"
    ".key{display:inline-block;width:14px;height:4px;vertical-align:middle;margin:0 4px 0 10px}"
    ".key.value{background:var(--value)}.key.taken{background:#8c959f}"
    ".key.decisive,.key.inaccuracy{width:10px;height:10px;border-radius:50%}"
    ".key.decisive{background:var(--decisive)}.key.inaccuracy{background:var(--inaccuracy)}\n"
    "svg .grid{stroke:#e3e6ea;stroke-width:1}svg .zone{fill:var(--zone)}"
    "svg .goal{stroke:#1a7f37;stroke-width:1.5;stroke-dasharray:6 4}"
    "svg .goal-label{fill:#1a7f37;font-size:12px}"
    "svg .tick{fill:var(--muted);font-size:12px}svg .axis{fill:var(--ink);font-size:12px}"
    "svg .value{fill:none;stroke:var(--value);stroke-width:3;stroke-linejoin:round}"
    "svg .taken{fill:none;stroke:#8c959f;stroke-width:1.5;stroke-dasharray:4 3}"
    "svg .value.s0{stroke:var(--s0)}svg .value.s1{stroke:var(--s1)}svg .value.s2{stroke:var(--s2)}"
    ".key.s0{background:var(--s0)}.key.s1{background:var(--s1)}.key.s2{background:var(--s2)}"
    ".hand.s0{box-shadow:inset 3px 0 0 var(--s0)}.hand.s1{box-shadow:inset 3px 0 0 var(--s1)}"
    ".hand.s2{box-shadow:inset 3px 0 0 var(--s2)}\n"
    "svg .mk{stroke:#fff;stroke-width:1.5}svg .mk.decisive{fill:var(--decisive)}"
    "svg .mk.inaccuracy{fill:var(--inaccuracy)}\n"
    ".reviews,.summary{margin:0;padding-left:1.2em}\n"
    ".trick{border-bottom:1px solid var(--line);padding:4px 0}\n"
    ".row{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 12px}\n"
    ".tn{min-width:1.6em;font-weight:700;color:var(--muted)}\n"
    ".plays{display:flex;gap:10px;min-width:12em}\n"
    ".play{display:inline-flex;align-items:baseline;gap:2px}.play small{color:var(--muted);font-size:.7rem}\n"
    ".play.decl .c{text-decoration:underline;text-decoration-color:var(--value);text-underline-offset:3px}\n"
    ".after{color:var(--muted);font-size:.9rem}\n"
    ".mark{font-weight:700}.mark.decisive{color:var(--decisive)}.mark.inaccuracy{color:var(--inaccuracy)}\n"
    ".notes{list-style:none;margin:4px 0 2px;padding:0}\n"
    ".note{margin:2px 0 2px 1.6em;padding:2px 8px;border-left:4px solid;background:#fafbfc;font-size:.92rem}\n"
    ".note.decisive{border-color:var(--decisive)}.note.inaccuracy{border-color:var(--inaccuracy)}\n"
    ".note .mark{color:inherit}\n"
    "table.players{border-collapse:collapse;margin-top:8px;width:100%;max-width:560px}"
    "table.players th,table.players td{text-align:left;padding:3px 8px;border-bottom:1px solid var(--line)}"
    "table.players th{font-size:.85rem;color:var(--muted);font-weight:600}\n"
    ".wide{overflow-x:auto}table.ramsch td:first-child{white-space:nowrap}\n"
    "footer{color:var(--muted);font-size:.8rem;text-align:center;padding:8px}\n"
    "@media (max-width:480px){body{font-size:15px}main{padding:6px}section.game{padding:10px 8px}"
    ".note{margin-left:0}table.ramsch th,table.ramsch td{padding:3px 3px}svg .tick,svg .axis,svg .goal-label{font-size:21px}svg .value{stroke-width:4}}\n";

/* Makes the temporary file beside the page (page->temp, a template ending
 * in six letters that mkstemp fills) with the page's mode: false with errno. */
static bool made_temp(HtmlPage *page)
{
    memcpy(page->temp + strlen(page->temp) - 6, "XXXXXX", 6);
    page->fd = mkstemp(page->temp);
    if (page->fd < 0)
        return false;
    fchmod(page->fd, page->mode);
    return true;
}

/* A file that is no regular file (a device, a FIFO) is written directly. */
static bool open_special_file(HtmlPage *page, char *err, size_t n)
{
    page->fd = open(page->path, O_WRONLY | O_TRUNC);
    if (page->fd < 0)
        snprintf(err, n, "%s", strerror(errno));
    return page->fd >= 0;
}

/* The mode of a new file: what the umask leaves of 0666. */
static mode_t new_file_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* A regular file (existing: its stat) or a new one is written to a
 * temporary file beside it and renamed over it at the end: whether that
 * temporary file can be made. */
static bool can_make_temp(HtmlPage *page, const struct stat *existing, char *err, size_t n)
{
    /* A link is followed, so that the file it names is replaced, never
     * the link (/dev/stdout to a file must stay a link). */
    char *real = existing ? realpath(page->path, NULL) : NULL;
    if (real) {
        free(page->path);
        page->path = real;
    } else if (existing && errno == ENOMEM) { /* a link would be replaced */
        page->out_of_memory = true;
        snprintf(err, n, "out of memory");
        return false;
    }
    char *copy = strdup(page->path);
    size_t size = strlen(page->path) + 32;
    page->temp = malloc(size);
    bool made = false;
    if (copy && page->temp) {
        snprintf(page->temp, size, "%s/.skatdd-html-XXXXXX", dirname(copy));
        /* mkstemp makes it private: keep the mode of the file replaced, else a new file's */
        page->mode = existing ? existing->st_mode & 07777 : new_file_mode();
        made = made_temp(page);
        if (!made)
            snprintf(err, n, "%s", strerror(errno));
    } else {
        page->out_of_memory = true;
        snprintf(err, n, "out of memory");
    }
    free(copy);
    if (made) { /* it can be made; until the end there is none to leave behind (skatdd killed) */
        close(page->fd);
        unlink(page->temp);
        page->fd = -1;
    }
    return made;
}

/* The sections and the table of contents are kept in memory until the end. */
static bool open_memory(HtmlPage *page, char *err, size_t n)
{
    page->body = open_memstream(&page->body_text, &page->body_size);
    page->toc = open_memstream(&page->toc_text, &page->toc_size);
    if (page->body && page->toc)
        return true;
    page->out_of_memory = true;
    snprintf(err, n, "out of memory");
    return false;
}

HtmlPage *html_page_open(const char *path, char *err, size_t n, bool *out_of_memory)
{
    *out_of_memory = false;
    HtmlPage *page = calloc(1, sizeof *page);
    if (!page || !(page->path = strdup(path))) {
        free(page);
        snprintf(err, n, "out of memory");
        *out_of_memory = true;
        return NULL;
    }
    page->fd = -1;
    struct stat st;
    bool exists = stat(path, &st) == 0, ready = false;
    if (exists && S_ISDIR(st.st_mode))
        snprintf(err, n, "is a folder");
    else if (exists && !S_ISREG(st.st_mode))
        ready = open_special_file(page, err, n);
    else
        ready = can_make_temp(page, exists ? &st : NULL, err, n);
    if (ready && open_memory(page, err, n))
        return page;
    *out_of_memory = page->out_of_memory;
    html_page_close(page, NULL, 0);
    return NULL;
}

/* The head, the table of contents for several games, the sections, the end. */
static bool write_page(HtmlPage *page, FILE *out)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"skatdd " SKATDD_VERSION "\">\n<title>",
          out);
    if (page->sections == 1)
        fputs("Game review: ", out), html_escape(out, page->first_title);
    else
        fprintf(out, "Game reviews (%d games)", page->sections);
    fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n<h1>", page_style);
    if (page->sections == 1)
        fputs("Game review", out);
    else
        fprintf(out, "Game reviews: %d games", page->sections);
    fputs("</h1>\n", out);
    if (page->sections > 1)
        fprintf(out, "<nav><ol>\n%.*s</ol></nav>\n", (int)page->toc_size, page->toc_text);
    if (page->sections == 0)
        fputs("<p>No game to review.</p>\n", out);
    fwrite(page->body_text, 1, page->body_size, out);
    fputs("</main>\n<footer>skatdd analyze " SKATDD_VERSION " \u00b7 double-dummy: every card judged with all "
          "hands known, best play on both sides from there on; ? an inaccuracy, ?? a decisive mistake</footer>\n"
          "</body>\n</html>\n",
          out);
    return !ferror(out);
}

int html_page_sections(const HtmlPage *page) { return page->sections; }

/* Closes the memory streams: false if either was not made or failed. */
static bool close_memory(HtmlPage *page)
{
    bool ok = page->body && page->toc;
    if (page->body && fclose(page->body) != 0)
        ok = false;
    if (page->toc && fclose(page->toc) != 0)
        ok = false;
    return ok;
}

/* Writes the page to page->fd and closes it: false with *cause, the errno. */
static bool write_to_fd(HtmlPage *page, int *cause)
{
    FILE *out = fdopen(page->fd, "w");
    if (!out) {
        *cause = errno;
        return false;
    }
    page->fd = -1;
    errno = 0;
    bool ok = true;
    if (!write_page(page, out) || fflush(out) != 0) {
        *cause = errno ? errno : EIO;
        ok = false;
    }
    if (fclose(out) != 0 && ok) {
        *cause = errno ? errno : EIO;
        ok = false;
    }
    return ok;
}

/* The temporary file renamed over the page when all went well, else removed. */
static bool put_in_place(HtmlPage *page, bool ok, int *cause)
{
    if (ok && rename(page->temp, page->path) != 0) {
        *cause = errno;
        ok = false;
    }
    if (!ok)
        unlink(page->temp);
    return ok;
}

static void free_page(HtmlPage *page)
{
    free(page->body_text);
    free(page->toc_text);
    free(page->temp);
    free(page->path);
    free(page);
}

bool html_page_close(HtmlPage *page, char *err, size_t n)
{
    bool ok = err != NULL; /* without err: abandoned */
    int cause = 0;
    if (!close_memory(page) && ok) {
        ok = false;
        cause = ENOMEM;
    }
    bool temp_made = ok && page->temp && made_temp(page);
    if (ok && page->temp && !temp_made) {
        ok = false;
        cause = errno;
    }
    if (ok && page->fd >= 0)
        ok = write_to_fd(page, &cause);
    if (page->fd >= 0)
        close(page->fd);
    if (temp_made)
        ok = put_in_place(page, ok, &cause);
    if (!ok && err)
        snprintf(err, n, "cannot write: %s", strerror(cause ? cause : EIO));
    free_page(page);
    return ok;
}
