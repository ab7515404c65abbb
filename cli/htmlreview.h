/* skatdd analyze --html: the game review as one self-contained HTML page
 * (inline CSS and SVG, no script, nothing fetched), readable on a phone.
 * Every game of the run is one section of the page, in the order analyzed.
 *
 * The page shows the review analyze computed (no second computation): the
 * deal, a chart of the double-dummy value over the cards played with the
 * mistakes marked, the tricks with each mistake's cost and better cards, the
 * discard and contract reviews and the summary.  A Ramsch gets a line per
 * seat (its fewest points) instead of the declarer's value.  Every text that comes from
 * the input (names, players, rule names) passes through one escaping
 * function.
 *
 * The page is built in memory and written when the run ends: into a
 * temporary file beside FILE, renamed over FILE once every write succeeded
 * (a failure removes it and leaves FILE as it was).  A FILE that exists and
 * is no regular file (/dev/stdout, a pipe) is written directly. */
#ifndef SKATDD_HTMLREVIEW_H
#define SKATDD_HTMLREVIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "deal.h"
#include "discard.h"
#include "gamevalue.h"
#include "iss.h"
#include "review.h"
#include "rules.h"
#include "scoring.h"

typedef struct HtmlPage HtmlPage;

/* What analyze knows of one game; NULL for the parts it does not have. */
typedef struct {
    const Deal *deal;
    const IssGame *iss;                  /* ISS records */
    const RuleSystem *rules;
    const Review *review;
    const ReviewThresholds *thresholds;  /* the goal line of the chart */
    const GameScore *score;              /* scored games: complete ones and ISS games */
    const IssSettlement *settled;        /* ISS games that stopped early */
    const DiscardReview *discard;        /* skat games */
    const ContractReview *contract_review;
} HtmlGame;

/* What analyze knows of one Ramsch (everyone for himself, review_ramsch). */
typedef struct {
    const Deal *deal;
    const RuleSystem *rules;
    const RamschThresholds *thresholds;
    const RamschReview *review;
    const RamschScore *score;            /* NULL when the record stops before the tenth trick */
} HtmlRamsch;

/* Makes sure the page can be written at path (makes its temporary file and
 * removes it again: a run killed before the end leaves nothing behind).
 * On NULL, err says why in one line (without the path), and out_of_memory
 * whether it was memory that ran out (not the path's fault). */
HtmlPage *html_page_open(const char *path, char *err, size_t n, bool *out_of_memory);

/* Adds a game's section. */
void html_page_add_game(HtmlPage *page, const HtmlGame *game);

/* Adds a Ramsch's section: the deal, each seat's start, a chart of each
 * seat's fewest points with its mistakes, the tricks and the summary. */
void html_page_add_ramsch(HtmlPage *page, const HtmlRamsch *game);

/* Adds a section for a record without a game (everybody passed). */
void html_page_add_skipped(HtmlPage *page, const char *name, const char *why);

/* The sections added so far (games, Ramsch, records without a game). */
int html_page_sections(const HtmlPage *page);

/* Writes the page and frees it.  On false err says why (without the path)
 * and the file is not left half written.  Without err (NULL) the page is
 * abandoned: nothing is written and the file is left as it was. */
bool html_page_close(HtmlPage *page, char *err, size_t n);

/* Writes HTML-escaped text (& < > " ') to out: for the page and its tests. */
void html_escape(FILE *out, const char *text);

#endif
