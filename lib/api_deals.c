/* Deals read from YAML text or files, and solving them as `skatdd solve` does. */
#include "api.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deal.h"
#include "dealreader.h"
#include "discard.h"
#include "iss.h"

/* ---- deals -------------------------------------------------------------- */

struct skatdd_deals {
    size_t count;
    Deal *deal;
    bool *lost_schwarz; /* per deal: its rules count a lost game's schwarz (the discard escapes it, as solve's) */
};

/* Room for one deal more; false when memory runs out. */
static bool make_room(skatdd_deals *d, size_t *capacity)
{
    if (d->count < *capacity)
        return true;
    size_t more = *capacity ? 2 * *capacity : 4;
    Deal *grown = realloc(d->deal, more * sizeof *grown);
    if (grown)
        d->deal = grown;
    bool *flags = grown ? realloc(d->lost_schwarz, more * sizeof *flags) : NULL;
    if (flags)
        d->lost_schwarz = flags;
    if (!flags)
        return false;
    *capacity = more;
    return true;
}

/* ISS game records: each declared game a deal with the cards it played
 * (games everybody passed have none). */
/* Keeps what solving deal count needs of its rule system. */
static skatdd_status keep_rules(DealReader *reader, skatdd_deals *d)
{
    char err[512];
    const RuleSystem *rules = deal_reader_rules(reader, &d->deal[d->count], err, sizeof err);
    if (!rules)
        return api_fail(deal_reader_out_of_memory(reader) ? SKATDD_ERR_MEMORY : SKATDD_ERR_YAML, "%s", err);
    d->lost_schwarz[d->count++] = rules->lost_counts_schwarz;
    return SKATDD_OK;
}

static skatdd_status read_iss(DealReader *deal_reader, const char *path, const char *text, size_t size,
                              skatdd_deals *d)
{
    char err[512];
    IssReader *reader = iss_reader_new(path, text, size);
    IssGame *game = malloc(sizeof *game);
    skatdd_status status = reader && game ? SKATDD_OK : api_fail(SKATDD_ERR_MEMORY, "out of memory reading deals");
    size_t capacity = 0;
    int got;
    while (status == SKATDD_OK && (got = iss_reader_next(reader, game, err, sizeof err)) != 0) {
        if (got < 0)
            status = api_fail(SKATDD_ERR_YAML, "%s", err);
        else if (!game->passed && !make_room(d, &capacity))
            status = api_fail(SKATDD_ERR_MEMORY, "out of memory reading deals");
        else if (!game->passed) {
            d->deal[d->count] = game->deal;
            status = keep_rules(deal_reader, d);
        }
    }
    free(game);
    iss_reader_free(reader);
    return status;
}

static skatdd_status read_deals(DealReader *reader, const char *path, const char *err_open, skatdd_deals **deals)
{
    char err[512];
    if (!reader) /* deal_reader_open says in errno why */
        return api_fail(errno == ENOMEM ? SKATDD_ERR_MEMORY : SKATDD_ERR_IO, "%s", err_open);
    skatdd_deals *d = calloc(1, sizeof *d);
    skatdd_status status = SKATDD_OK;
    size_t capacity = 0, size;
    const char *text = deal_reader_text(reader, &size);
    if (!d || !deal_reader_set_rules(reader, NULL, api_rules_directory()))
        status = api_fail(SKATDD_ERR_MEMORY, "out of memory reading deals");
    else if (iss_detect(text, size))
        status = read_iss(reader, path, text, size, d);
    while (status == SKATDD_OK && !iss_detect(text, size)) {
        if (!make_room(d, &capacity)) {
            status = api_fail(SKATDD_ERR_MEMORY, "out of memory reading deals");
            break;
        }
        int got = deal_reader_next(reader, &d->deal[d->count], err, sizeof err);
        if (got < 0)
            status = api_fail(deal_reader_out_of_memory(reader) ? SKATDD_ERR_MEMORY : SKATDD_ERR_YAML, "%s", err);
        if (got <= 0)
            break;
        status = keep_rules(reader, d);
    }
    deal_reader_close(reader);
    if (status) {
        skatdd_deals_free(d);
        return status;
    }
    *deals = d;
    return SKATDD_OK;
}

skatdd_status skatdd_deals_read(const char *text, size_t size, const char *name, skatdd_deals **deals)
{
    REQUIRE(text && deals);
    *deals = NULL;
    char err[512];
    DealReader *reader = deal_reader_open_text(name ? name : "<text>", text, size, err, sizeof err);
    return read_deals(reader, name ? name : "<text>", err, deals);
}

skatdd_status skatdd_deals_read_file(const char *path, skatdd_deals **deals)
{
    REQUIRE(path && deals);
    *deals = NULL;
    char err[512];
    DealReader *reader = deal_reader_open(path, err, sizeof err);
    return read_deals(reader, path, err, deals);
}

void skatdd_deals_free(skatdd_deals *deals)
{
    if (!deals)
        return;
    free(deals->deal);
    free(deals->lost_schwarz);
    free(deals);
}

size_t skatdd_deals_count(const skatdd_deals *deals) { return deals ? deals->count : 0; }

skatdd_status skatdd_deals_get(const skatdd_deals *deals, size_t index, skatdd_deal *deal)
{
    REQUIRE(deals && deal && index < deals->count);
    const Deal *d = &deals->deal[index];
    memset(deal, 0, sizeof *deal);
    snprintf(deal->name, sizeof deal->name, "%s", d->name);
    for (int s = 0; s < SEAT_COUNT; s++) {
        deal->has_hand[s] = d->has_hand[s];
        deal->hands[s] = d->hands[s];
    }
    deal->has_skat = d->has_skat;
    deal->skat = d->skat;
    deal->full_deal = d->full_deal;
    deal->has_declarer = d->has_declarer;
    deal->declarer = d->declarer;
    deal->has_contract = d->has_contract && !d->ramsch; /* a Ramsch is no contract: skatdd_deals_is_ramsch */
    deal->contract = api_from_contract(&d->contract);
    deal->has_discard = d->has_discard;
    deal->discard = d->discard;
    deal->play_count = d->play_count;
    memcpy(deal->play, d->play, sizeof deal->play);
    deal->bid = d->bid;
    deal->kontra = d->kontra;
    snprintf(deal->rules, sizeof deal->rules, "%s", d->rules);
    return SKATDD_OK;
}

skatdd_status skatdd_deals_is_ramsch(const skatdd_deals *deals, size_t index, bool *ramsch)
{
    REQUIRE(deals && ramsch && index < deals->count);
    *ramsch = deals->deal[index].ramsch;
    return SKATDD_OK;
}

skatdd_status skatdd_solve_deal(skatdd_solver *solver, const skatdd_deals *deals, size_t index,
                                skatdd_deal_solution *solution)
{
    REQUIRE(solver && deals && solution && index < deals->count);
    const Deal *deal = &deals->deal[index];
    char err[512];
    if (deal->ramsch)
        return api_fail(SKATDD_ERR_CONTRACT, "%s:%d:%d: a ramsch has no declarer: skatdd_ramsch_solve plays it",
                        deal->file, deal->mark.line, deal->mark.column);
    if (!deal_require_game(deal, err, sizeof err))
        return api_fail(SKATDD_ERR_ARGUMENT, "%s", err);
    memset(solution, 0, sizeof *solution);
    Position pos;
    solver_new_deal(solver->solver);
    deal_position(deal, &pos);
    solution->discard = deal->has_discard ? deal->discard : 0;
    if (deal->full_deal && !deal->contract.hand && !deal->has_discard) { /* chosen as skatdd solve chooses it */
        solution->discard = choose_skat_game_discard(solver->solver, &pos, deals->lost_schwarz[index]);
        solution->discard_found = true;
    }
    solution->position = api_from_position(&pos);
    /* The cards that count for the declarer from the start: the discard, or
     * in a hand game or a position the skat when it is known. */
    CardSet out = solution->discard ? solution->discard : deal->has_skat ? deal->skat : 0;
    bool out_of_play = !(out & (pos.hands[0] | pos.hands[1] | pos.hands[2]));
    if (set_count(out) == 2 && out_of_play && set_points(out) <= pos.declarer_points)
        solution->position.skat = out;
    api_analyze(solver->solver, &pos, &solution->analysis);
    return SKATDD_OK;
}
