/* The public API (include/skatdd.h) over the solver and evaluator modules.
 * Everything the caller hands in is checked here, because the modules below
 * trust their input (the CLI checks it when it reads a deal).  Nothing here
 * prints: errors go to the thread's last-error text. */
#include "skatdd.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "deal.h"
#include "discard.h"
#include "evaluate.h"
#include "gamevalue.h"
#include "rules.h"
#include "scoring.h"
#include "search.h"
#include "table.h"

#ifndef SKATDD_RULES_DIR
#define SKATDD_RULES_DIR RULES_DIR_DEFAULT
#endif

/* The public enums mirror the internal ones; a change below must show here. */
_Static_assert((int)SKATDD_GRAND == (int)GAME_GRAND && (int)SKATDD_NULL == (int)GAME_NULL, "game order");
_Static_assert((int)SKATDD_REARHAND == (int)SEAT_REARHAND, "seat order");
_Static_assert((int)SKATDD_SINGLE_DUMMY == (int)MODEL_SINGLE_DUMMY, "model order");
_Static_assert((int)SKATDD_TABLE_MAX_ROWS == (int)TABLE_MAX_CONTRACTS && (int)SKATDD_TABLE_MAX_ROWS == (int)EVAL_MAX_CONTRACTS,
               "table rows");
_Static_assert(sizeof(skatdd_score){0}.breakdown == GAMEVALUE_TEXT, "breakdown size");

enum { DEFAULT_TT_MB = 16, MAX_TT_MB = 1 << 20 };

/* ---- errors ------------------------------------------------------------- */

static _Thread_local char last_error[512];

static skatdd_status fail(skatdd_status status, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

static skatdd_status fail(skatdd_status status, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    vsnprintf(last_error, sizeof last_error, format, ap);
    va_end(ap);
    return status;
}

static const char *const status_text[SKATDD_STATUS_COUNT] = {
    [SKATDD_OK] = "success",
    [SKATDD_ERR_ARGUMENT] = "bad argument",
    [SKATDD_ERR_CARD] = "not a card",
    [SKATDD_ERR_CARDS] = "bad card set",
    [SKATDD_ERR_TRICK] = "impossible trick",
    [SKATDD_ERR_CONTRACT] = "bad contract",
    [SKATDD_ERR_RULES] = "rule system cannot be loaded",
    [SKATDD_ERR_YAML] = "bad deal text",
    [SKATDD_ERR_IO] = "cannot read file",
    [SKATDD_ERR_MEMORY] = "out of memory",
    [SKATDD_ERR_INTERNAL] = "internal error",
};

const char *skatdd_strerror(skatdd_status status)
{
    return (unsigned)status < SKATDD_STATUS_COUNT ? status_text[status] : "unknown status";
}

const char *skatdd_last_error(void) { return last_error; }

const char *skatdd_version(void) { return SKATDD_VERSION; }

#define REQUIRE(cond)                                                                                     \
    do {                                                                                                  \
        if (!(cond))                                                                                      \
            return fail(SKATDD_ERR_ARGUMENT, "%s: %s", __func__, "bad argument: " #cond);                 \
    } while (0)

/* ---- cards, seats, games ------------------------------------------------ */

static const char card_names[CARD_COUNT][3] = {
    "C7", "C8", "C9", "CT", "CJ", "CQ", "CK", "CA", "S7", "S8", "S9", "ST", "SJ", "SQ", "SK", "SA",
    "H7", "H8", "H9", "HT", "HJ", "HQ", "HK", "HA", "D7", "D8", "D9", "DT", "DJ", "DQ", "DK", "DA",
};

skatdd_status skatdd_card_from_name(const char *name, int *card)
{
    REQUIRE(name && card);
    int c = card_parse(name);
    if (c == CARD_NONE)
        return fail(SKATDD_ERR_CARD, "'%.40s' is not a card", name);
    *card = c;
    return SKATDD_OK;
}

const char *skatdd_card_name(int card) { return card >= 0 && card < CARD_COUNT ? card_names[card] : NULL; }

skatdd_status skatdd_cards_from_text(const char *text, skatdd_cards *cards)
{
    REQUIRE(text && cards);
    CardSet set = 0;
    const char *p = text;
    for (;;) {
        p += strspn(p, " ,\t\n");
        size_t len = strcspn(p, " ,\t\n");
        if (!len)
            break;
        char word[16];
        if (len >= sizeof word)
            return fail(SKATDD_ERR_CARD, "'%.*s' is not a card", (int)(len > 40 ? 40 : len), p);
        memcpy(word, p, len);
        word[len] = '\0';
        int c = card_parse(word);
        if (c == CARD_NONE)
            return fail(SKATDD_ERR_CARD, "'%s' is not a card", word);
        if (set_has(set, c))
            return fail(SKATDD_ERR_CARDS, "%s appears twice", card_names[c]);
        set |= card_bit(c);
        p += len;
    }
    *cards = set;
    return SKATDD_OK;
}

skatdd_status skatdd_cards_to_text(skatdd_cards cards, char *out, size_t size)
{
    REQUIRE(out && size > 0);
    size_t used = 0;
    out[0] = '\0';
    for (CardSet s = cards; s; s &= s - 1) {
        int n = snprintf(out + used, size - used, "%s%s", used ? " " : "", card_names[set_first(s)]);
        if (n < 0 || (size_t)n >= size - used)
            return fail(SKATDD_ERR_ARGUMENT, "skatdd_cards_to_text: %zu bytes are too few", size);
        used += (size_t)n;
    }
    return SKATDD_OK;
}

int skatdd_card_points(skatdd_cards cards) { return set_points(cards); }

const char *skatdd_seat_name(int seat) { return seat >= 0 && seat < SEAT_COUNT ? seat_name(seat) : NULL; }

const char *skatdd_game_name(skatdd_game game)
{
    return (unsigned)game < GAME_TYPE_COUNT ? game_type_name((GameType)game) : NULL;
}

/* ---- rule systems and contracts ---------------------------------------- */

struct skatdd_rules {
    RuleSystem system;
};

static const char *rules_directory(void)
{
    const char *dir = getenv("SKATDD_RULES_DIR");
    return dir && dir[0] ? dir : SKATDD_RULES_DIR;
}

skatdd_status skatdd_rules_load(const char *name_or_path, skatdd_rules **rules)
{
    REQUIRE(name_or_path && rules);
    *rules = NULL;
    skatdd_rules *r = malloc(sizeof *r);
    if (!r)
        return fail(SKATDD_ERR_MEMORY, "out of memory for a rule system");
    char err[512];
    if (!rules_load(name_or_path, rules_directory(), &r->system, err, sizeof err)) {
        free(r);
        return fail(SKATDD_ERR_RULES, "%s", err);
    }
    *rules = r;
    return SKATDD_OK;
}

void skatdd_rules_free(skatdd_rules *rules) { free(rules); }
const char *skatdd_rules_name(const skatdd_rules *rules) { return rules ? rules->system.name : NULL; }
const char *skatdd_rules_title(const skatdd_rules *rules) { return rules ? rules->system.title : NULL; }

static Contract to_contract(const skatdd_contract *c)
{
    return (Contract){.game = (GameType)c->game, .hand = c->hand, .schneider_announced = c->schneider_announced,
                      .schwarz_announced = c->schwarz_announced, .ouvert = c->ouvert, .form = c->form};
}

static skatdd_contract from_contract(const Contract *c)
{
    return (skatdd_contract){.game = (skatdd_game)c->game, .hand = c->hand,
                             .schneider_announced = c->schneider_announced,
                             .schwarz_announced = c->schwarz_announced, .ouvert = c->ouvert, .form = c->form};
}

static skatdd_status check_contract(const skatdd_rules *rules, const skatdd_contract *c)
{
    if ((unsigned)c->game >= GAME_TYPE_COUNT)
        return fail(SKATDD_ERR_CONTRACT, "game %d is not one of 0..%d", (int)c->game, GAME_TYPE_COUNT - 1);
    int forms = rules ? rules->system.form_count : 0;
    if (c->form < 0 || c->form > forms)
        return fail(SKATDD_ERR_CONTRACT, "form %d is not one of 0..%d", c->form, forms);
    return SKATDD_OK;
}

skatdd_status skatdd_contract_parse(const skatdd_rules *rules, const char *text, skatdd_contract *contract)
{
    REQUIRE(text && contract);
    Contract c;
    char err[256];
    bool ok = rules ? rules_parse_contract(&rules->system, text, &c, err, sizeof err)
                    : contract_parse(text, &c, err, sizeof err);
    if (!ok)
        return fail(SKATDD_ERR_CONTRACT, "%s", err);
    *contract = from_contract(&c);
    return SKATDD_OK;
}

skatdd_status skatdd_contract_name(const skatdd_rules *rules, const skatdd_contract *contract, char *out,
                                   size_t size)
{
    REQUIRE(contract && out && size > 0);
    skatdd_status s = check_contract(rules, contract);
    if (s)
        return s;
    Contract c = to_contract(contract);
    char name[128];
    if (rules)
        rules_contract_name(&rules->system, &c, name, sizeof name);
    else
        contract_name(&c, name, sizeof name);
    if (strlen(name) >= size)
        return fail(SKATDD_ERR_ARGUMENT, "skatdd_contract_name: %zu bytes are too few", size);
    strcpy(out, name);
    return SKATDD_OK;
}

/* ---- positions ---------------------------------------------------------- */

static bool is_card(int card) { return card >= 0 && card < CARD_COUNT; }
static bool is_seat(int seat) { return seat >= 0 && seat < SEAT_COUNT; }

/* Checks p and makes the solver's position of it. */
static skatdd_status check_position(const skatdd_position *p, Position *out)
{
    if ((unsigned)p->game >= GAME_TYPE_COUNT)
        return fail(SKATDD_ERR_ARGUMENT, "game %d is not one of 0..%d", (int)p->game, GAME_TYPE_COUNT - 1);
    if (!is_seat(p->declarer) || !is_seat(p->leader))
        return fail(SKATDD_ERR_ARGUMENT, "declarer %d or leader %d is not a seat 0..2", p->declarer, p->leader);
    if (p->trick_size < 0 || p->trick_size > 2)
        return fail(SKATDD_ERR_TRICK, "trick_size %d is not 0, 1 or 2", p->trick_size);
    CardSet seen = 0;
    for (int s = 0; s < SEAT_COUNT; s++) {
        if (p->hands[s] & seen)
            return fail(SKATDD_ERR_CARDS, "%s is in two hands", card_names[set_first(p->hands[s] & seen)]);
        seen |= p->hands[s];
    }
    if (p->skat) {
        if (set_count(p->skat) != 2)
            return fail(SKATDD_ERR_CARDS, "the skat holds %d cards, not 2", set_count(p->skat));
        if (p->skat & seen)
            return fail(SKATDD_ERR_CARDS, "skat card %s is also held", card_names[set_first(p->skat & seen)]);
        seen |= p->skat;
    }
    for (int i = 0; i < p->trick_size; i++) {
        if (!is_card(p->trick[i]))
            return fail(SKATDD_ERR_CARD, "trick card %d is not a card number 0..31", p->trick[i]);
        if (set_has(seen, p->trick[i]))
            return fail(SKATDD_ERR_CARDS, "trick card %s is also held", card_names[p->trick[i]]);
        seen |= card_bit(p->trick[i]);
    }
    int mover = (p->leader + p->trick_size) % SEAT_COUNT;
    int left = set_count(p->hands[mover]);
    if (left > 10)
        return fail(SKATDD_ERR_CARDS, "%s holds %d cards, at most 10", seat_name(mover), left);
    if (left == 0 && p->trick_size)
        return fail(SKATDD_ERR_CARDS, "%s is to play to the trick but holds no card", seat_name(mover));
    for (int k = 1; k < SEAT_COUNT; k++) {
        int seat = (mover + k) % SEAT_COUNT;
        bool played = SEAT_COUNT - k <= p->trick_size; /* the last trick_size seats before the mover */
        int want = left - played;
        if (set_count(p->hands[seat]) != want)
            return fail(SKATDD_ERR_CARDS, "%s holds %d cards, %s %d: it should hold %d", seat_name(seat),
                        set_count(p->hands[seat]), seat_name(mover), left, want);
    }
    /* The second card of a trick must follow the first where it can. */
    if (p->trick_size == 2) {
        int second = (p->leader + 1) % SEAT_COUNT;
        CardSet before = p->hands[second] | card_bit(p->trick[1]);
        if (!set_has(legal_moves((GameType)p->game, before, p->trick[0]), p->trick[1]))
            return fail(SKATDD_ERR_TRICK, "%s could not play %s to %s: it must follow suit", seat_name(second),
                        card_names[p->trick[1]], card_names[p->trick[0]]);
    }
    if (p->declarer_tricks < 0 || p->defender_tricks < 0 || p->declarer_tricks + p->defender_tricks > 10 - left)
        return fail(SKATDD_ERR_ARGUMENT, "declarer_tricks %d and defender_tricks %d: %d tricks have been played",
                    p->declarer_tricks, p->defender_tricks, 10 - left);
    Position pos = {.game = (GameType)p->game, .declarer = p->declarer, .leader = p->leader,
                    .trick_size = p->trick_size, .trick = {p->trick[0], p->trick[1]},
                    .declarer_points = p->declarer_points, .declarer_tricks = p->declarer_tricks,
                    .defender_tricks = p->defender_tricks};
    memcpy(pos.hands, p->hands, sizeof pos.hands);
    if (p->trick_size < 2)
        pos.trick[1] = CARD_NONE;
    if (p->trick_size < 1)
        pos.trick[0] = CARD_NONE;
    int out_of_play = 120 - position_points_left(&pos);
    if (p->declarer_points < 0 || p->declarer_points > out_of_play)
        return fail(SKATDD_ERR_ARGUMENT, "declarer_points %d: only %d card points are out of play",
                    p->declarer_points, out_of_play);
    if (p->declarer_points < set_points(p->skat))
        return fail(SKATDD_ERR_ARGUMENT, "declarer_points %d: the skat alone counts %d", p->declarer_points,
                    set_points(p->skat));
    if (out)
        *out = pos;
    return SKATDD_OK;
}

static skatdd_position from_position(const Position *p)
{
    skatdd_position out = {.game = (skatdd_game)p->game, .declarer = p->declarer, .leader = p->leader,
                           .trick_size = p->trick_size, .declarer_points = p->declarer_points,
                           .declarer_tricks = p->declarer_tricks, .defender_tricks = p->defender_tricks};
    memcpy(out.hands, p->hands, sizeof out.hands);
    out.trick[0] = p->trick_size > 0 ? p->trick[0] : SKATDD_NO_CARD;
    out.trick[1] = p->trick_size > 1 ? p->trick[1] : SKATDD_NO_CARD;
    return out;
}

skatdd_status skatdd_position_check(const skatdd_position *position)
{
    REQUIRE(position);
    return check_position(position, NULL);
}

int skatdd_position_to_move(const skatdd_position *position)
{
    if (!position || !is_seat(position->leader) || position->trick_size < 0 || position->trick_size > 2)
        return -1;
    return (position->leader + position->trick_size) % SEAT_COUNT;
}

/* ---- the solver --------------------------------------------------------- */

struct skatdd_solver {
    Solver *solver;
};

static size_t tt_bytes(size_t megabytes) { return (megabytes ? megabytes : DEFAULT_TT_MB) << 20; }

skatdd_status skatdd_solver_new(size_t tt_megabytes, skatdd_solver **solver)
{
    REQUIRE(solver && tt_megabytes <= MAX_TT_MB);
    *solver = NULL;
    skatdd_solver *s = malloc(sizeof *s);
    if (!s || !(s->solver = solver_new(tt_bytes(tt_megabytes)))) {
        free(s);
        return fail(SKATDD_ERR_MEMORY, "out of memory for a %zu MB table", tt_megabytes);
    }
    *solver = s;
    return SKATDD_OK;
}

void skatdd_solver_free(skatdd_solver *solver)
{
    if (!solver)
        return;
    solver_free(solver->solver);
    free(solver);
}

uint64_t skatdd_solver_nodes(const skatdd_solver *solver) { return solver ? solver_nodes(solver->solver) : 0; }

static void from_analysis(const Position *pos, const Analysis *a, skatdd_analysis *out)
{
    memset(out, 0, sizeof *out);
    out->value = a->value;
    out->declarer_can_schwarz = a->declarer_can_schwarz;
    out->defenders_can_schwarz = a->defenders_can_schwarz;
    out->to_move = position_to_move(pos);
    out->move_count = a->move_count;
    for (int i = 0; i < a->move_count; i++)
        out->moves[i] = (skatdd_move_value){a->moves[i].card, a->moves[i].value};
    out->line_length = a->line_length;
    memcpy(out->line, a->line, sizeof out->line);
    out->nodes = a->nodes;
}

static void analyze(Solver *solver, const Position *pos, skatdd_analysis *out)
{
    Analysis a;
    uint64_t nodes = solver_nodes(solver);
    analyze_position(solver, pos, &a);
    a.nodes = solver_nodes(solver) - nodes;
    from_analysis(pos, &a, out);
}

skatdd_status skatdd_solve(skatdd_solver *solver, const skatdd_position *position, skatdd_analysis *analysis)
{
    REQUIRE(solver && position && analysis);
    Position pos;
    skatdd_status s = check_position(position, &pos);
    if (s)
        return s;
    analyze(solver->solver, &pos, analysis);
    return SKATDD_OK;
}

skatdd_status skatdd_value(skatdd_solver *solver, const skatdd_position *position, int *value)
{
    REQUIRE(solver && position && value);
    Position pos;
    skatdd_status s = check_position(position, &pos);
    if (s)
        return s;
    *value = solver_value(solver->solver, &pos);
    return SKATDD_OK;
}

skatdd_status skatdd_ask(skatdd_solver *solver, const skatdd_position *position, skatdd_question question,
                         int points, bool *answer)
{
    REQUIRE(solver && position && answer && (unsigned)question < SKATDD_QUESTION_COUNT);
    Position pos;
    skatdd_status s = check_position(position, &pos);
    if (s)
        return s;
    bool null_question = question == SKATDD_NULL_WON;
    if (null_question != (pos.game == GAME_NULL))
        return fail(SKATDD_ERR_ARGUMENT, "that question is about %s games", null_question ? "null" : "suit and grand");
    Solver *v = solver->solver;
    switch (question) {
    case SKATDD_REACHES:
        *answer = solver_declarer_reaches(v, &pos, points < 0 ? 0 : points > 121 ? 121 : points);
        break;
    case SKATDD_DECLARER_TAKES_ALL:
        *answer = solver_declarer_takes_all(v, &pos);
        break;
    case SKATDD_DEFENDERS_TAKE_ALL:
        *answer = solver_defenders_take_all(v, &pos);
        break;
    default:
        *answer = solver_declarer_wins_null(v, &pos);
        break;
    }
    return SKATDD_OK;
}

/* ---- deals -------------------------------------------------------------- */

struct skatdd_deals {
    size_t count;
    Deal *deal;
};

static skatdd_status read_deals(DealReader *reader, const char *err_open, skatdd_deals **deals)
{
    char err[512];
    if (!reader)
        return fail(SKATDD_ERR_IO, "%s", err_open);
    skatdd_deals *d = calloc(1, sizeof *d);
    skatdd_status status = SKATDD_OK;
    size_t capacity = 0;
    if (!d || !deal_reader_set_rules(reader, NULL, rules_directory()))
        status = fail(SKATDD_ERR_MEMORY, "out of memory reading deals");
    while (status == SKATDD_OK) {
        if (d->count == capacity) {
            capacity = capacity ? 2 * capacity : 4;
            Deal *more = realloc(d->deal, capacity * sizeof *more);
            if (!more) {
                status = fail(SKATDD_ERR_MEMORY, "out of memory reading deals");
                break;
            }
            d->deal = more;
        }
        int got = deal_reader_next(reader, &d->deal[d->count], err, sizeof err);
        if (got < 0)
            status = fail(SKATDD_ERR_YAML, "%s", err);
        if (got <= 0)
            break;
        d->count++;
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
    return read_deals(reader, err, deals);
}

skatdd_status skatdd_deals_read_file(const char *path, skatdd_deals **deals)
{
    REQUIRE(path && deals);
    *deals = NULL;
    char err[512];
    DealReader *reader = deal_reader_open(path, err, sizeof err);
    return read_deals(reader, err, deals);
}

void skatdd_deals_free(skatdd_deals *deals)
{
    if (!deals)
        return;
    free(deals->deal);
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
    deal->has_contract = d->has_contract;
    deal->contract = from_contract(&d->contract);
    deal->has_discard = d->has_discard;
    deal->discard = d->discard;
    deal->play_count = d->play_count;
    memcpy(deal->play, d->play, sizeof deal->play);
    deal->bid = d->bid;
    deal->kontra = d->kontra;
    snprintf(deal->rules, sizeof deal->rules, "%s", d->rules);
    return SKATDD_OK;
}

skatdd_status skatdd_solve_deal(skatdd_solver *solver, const skatdd_deals *deals, size_t index,
                                skatdd_deal_solution *solution)
{
    REQUIRE(solver && deals && solution && index < deals->count);
    const Deal *deal = &deals->deal[index];
    char err[512];
    if (!deal_require_game(deal, err, sizeof err))
        return fail(SKATDD_ERR_ARGUMENT, "%s", err);
    memset(solution, 0, sizeof *solution);
    Position pos;
    solver_new_deal(solver->solver);
    deal_position(deal, &pos);
    solution->discard = deal->has_discard ? deal->discard : 0;
    if (deal->full_deal && !deal->contract.hand && !deal->has_discard) {
        DiscardChoice choice = best_discard(solver->solver, &pos);
        Position twelve = pos;
        position_after_discard(&twelve, choice.discard, &pos);
        solution->discard = choice.discard;
        solution->discard_found = true;
    }
    solution->position = from_position(&pos);
    /* The cards that count for the declarer from the start: the discard, or
     * in a hand game or a position the skat when it is known. */
    CardSet out = solution->discard ? solution->discard : deal->has_skat ? deal->skat : 0;
    bool out_of_play = !(out & (pos.hands[0] | pos.hands[1] | pos.hands[2]));
    if (set_count(out) == 2 && out_of_play && set_points(out) <= pos.declarer_points)
        solution->position.skat = out;
    analyze(solver->solver, &pos, &solution->analysis);
    return SKATDD_OK;
}

/* ---- scoring ------------------------------------------------------------- */

skatdd_status skatdd_score_game(const skatdd_rules *rules, const skatdd_game_play *play, skatdd_score *score)
{
    REQUIRE(rules && play && score);
    skatdd_status s = check_contract(rules, &play->contract);
    if (s)
        return s;
    if (set_count(play->cards) != 12)
        return fail(SKATDD_ERR_CARDS, "the declarer's cards with the skat are %d, not 12", set_count(play->cards));
    REQUIRE(play->declarer_points >= 0 && play->declarer_points <= 120);
    REQUIRE(play->declarer_tricks >= 0 && play->declarer_tricks <= 10);
    REQUIRE(play->bid >= 0 && play->bid <= RULES_MAX_VALUE);
    REQUIRE(play->doubling >= 0 && play->doubling <= rules->system.doubling_count);
    REQUIRE(play->spitze >= 0 && play->spitze <= rules->system.spitze_max);
    GamePlay gp = {.contract = to_contract(&play->contract), .cards = play->cards,
                   .declarer_points = play->declarer_points, .declarer_tricks = play->declarer_tricks,
                   .bid = play->bid, .doubling = play->doubling, .spitze = play->spitze,
                   .spitze_made = play->spitze_made};
    GameScore g;
    if (!gamevalue_score(&rules->system, &gp, &g))
        return fail(SKATDD_ERR_CONTRACT, "%s", g.breakdown);
    memset(score, 0, sizeof *score);
    score->won = g.won;
    score->overbid = g.overbid;
    score->base = g.base;
    score->matadors = g.matadors;
    score->with_matadors = g.with_matadors;
    score->multiplier = g.multiplier;
    score->value = g.value;
    score->lost_factor = g.lost_factor;
    score->doubling_factor = g.doubling_factor;
    score->score = g.score;
    memcpy(score->breakdown, g.breakdown, sizeof score->breakdown);
    const TournamentScheme *scheme = rules_find_scheme(&rules->system, NULL);
    TournamentScore t;
    char err[256];
    if (scheme) {
        if (!tournament_score(scheme, &g, 3, &t, err, sizeof err))
            return fail(SKATDD_ERR_INTERNAL, "%s", err);
        score->tournament_declarer = t.declarer;
        score->tournament_defender = t.defender;
    }
    return SKATDD_OK;
}

/* ---- the contract table -------------------------------------------------- */

/* Ten cards each and two in the skat, all 32 dealt once. */
static skatdd_status check_full_deal(const skatdd_cards hands[SEAT_COUNT], skatdd_cards skat)
{
    CardSet seen = 0;
    for (int s = 0; s < SEAT_COUNT; s++) {
        if (set_count(hands[s]) != 10)
            return fail(SKATDD_ERR_CARDS, "%s holds %d cards, not 10", seat_name(s), set_count(hands[s]));
        if (hands[s] & seen)
            return fail(SKATDD_ERR_CARDS, "%s is dealt twice", card_names[set_first(hands[s] & seen)]);
        seen |= hands[s];
    }
    if (set_count(skat) != 2)
        return fail(SKATDD_ERR_CARDS, "the skat holds %d cards, not 2", set_count(skat));
    if (skat & seen)
        return fail(SKATDD_ERR_CARDS, "%s is dealt twice", card_names[set_first(skat & seen)]);
    return SKATDD_OK;
}

skatdd_status skatdd_table_compute(const skatdd_rules *rules, const skatdd_cards hands[SKATDD_SEAT_COUNT],
                                   skatdd_cards skat, unsigned seat_mask, int threads, size_t tt_megabytes,
                                   skatdd_table *table)
{
    REQUIRE(rules && hands && table && seat_mask < 8 && threads >= 0 && threads <= 1024);
    REQUIRE(tt_megabytes <= MAX_TT_MB);
    skatdd_status s = check_full_deal(hands, skat);
    if (s)
        return s;
    DealTable *t = malloc(sizeof *t);
    TableWorkers *workers = t ? table_workers_new(threads, tt_bytes(tt_megabytes)) : NULL;
    if (!workers) {
        free(t);
        return fail(SKATDD_ERR_MEMORY, "out of memory for the table's solvers");
    }
    table_compute(workers, &rules->system, hands, skat, seat_mask ? seat_mask : 7, t);
    table_workers_free(workers);
    memset(table, 0, sizeof *table);
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        const SeatTable *st = &t->seat[seat];
        skatdd_seat_table *out = &table->seats[seat];
        out->computed = st->evaluated;
        out->row_count = st->count;
        out->best = st->best;
        out->bid_ceiling = st->bid_ceiling;
        for (int i = 0; i < st->count; i++) {
            const TableEntry *e = &st->entry[i];
            skatdd_table_row *row = &out->rows[i];
            rules_contract_name(&rules->system, &e->row, row->label, sizeof row->label);
            row->row = from_contract(&e->row);
            row->contract = from_contract(&e->contract);
            row->declarer_points = e->declarer_points;
            row->declarer_wins_null = e->declarer_wins_null;
            row->declarer_schwarz = e->declarer_schwarz;
            row->won = e->won;
            row->game_value = e->game_value;
            row->score = e->score;
            row->bid_ceiling = e->bid_ceiling;
            row->discard = e->discard;
        }
    }
    table->best_seat = t->best_seat;
    table->nodes = t->nodes;
    free(t);
    return SKATDD_OK;
}

/* ---- evaluation ---------------------------------------------------------- */

struct skatdd_evaluation {
    RuleSystem rules; /* a copy: the labels need it after the caller's rules are gone */
    Evaluation result;
};

void skatdd_eval_options_default(skatdd_eval_options *options)
{
    if (!options)
        return;
    *options = (skatdd_eval_options){.samples = 4, .seed = 1, .discards = 1, .confidence = 0.9,
                                     .model = SKATDD_DOUBLE_DUMMY, .sd_layouts = 6, .sd_contracts = 3};
}

skatdd_status skatdd_evaluate(const skatdd_rules *rules, int seat, skatdd_cards hand,
                              const skatdd_eval_options *options, skatdd_evaluation **evaluation)
{
    REQUIRE(rules && evaluation && is_seat(seat));
    *evaluation = NULL;
    skatdd_eval_options o;
    if (options)
        o = *options;
    else
        skatdd_eval_options_default(&o);
    REQUIRE(o.samples >= 1 && o.samples <= EVAL_MAX_SAMPLES);
    REQUIRE(o.discards >= 0 && o.discards <= 65);
    REQUIRE(o.confidence > 0 && o.confidence < 1);
    REQUIRE((unsigned)o.model < MODEL_COUNT);
    REQUIRE(o.sd_layouts >= 1 && o.sd_layouts <= 1000 && o.sd_contracts >= 1 && o.sd_contracts <= EVAL_MAX_CONTRACTS);
    REQUIRE(o.threads >= 0 && o.threads <= 1024 && o.tt_megabytes <= MAX_TT_MB);
    if (set_count(hand) != 10 && set_count(hand) != 12)
        return fail(SKATDD_ERR_CARDS, "a hand to evaluate holds 10 or 12 cards, not %d", set_count(hand));
    skatdd_evaluation *e = malloc(sizeof *e);
    if (!e)
        return fail(SKATDD_ERR_MEMORY, "out of memory for an evaluation");
    e->rules = rules->system;
    EvalOptions eo = {.samples = o.samples, .seed = o.seed, .discards = o.discards, .confidence = o.confidence,
                      .model = (EvalModel)o.model, .sd_layouts = o.sd_layouts, .sd_contracts = o.sd_contracts,
                      .threads = o.threads, .tt_bytes = tt_bytes(o.tt_megabytes)};
    char err[256];
    if (!evaluate_hand(&e->rules, seat, hand, &eo, &e->result, err, sizeof err)) {
        free(e);
        return fail(SKATDD_ERR_INTERNAL, "%s", err);
    }
    *evaluation = e;
    return SKATDD_OK;
}

void skatdd_evaluation_free(skatdd_evaluation *evaluation) { free(evaluation); }

skatdd_status skatdd_evaluation_get_summary(const skatdd_evaluation *evaluation, skatdd_evaluation_summary *summary)
{
    REQUIRE(evaluation && summary);
    const Evaluation *e = &evaluation->result;
    *summary = (skatdd_evaluation_summary){.row_count = e->contract_count, .worlds = e->worlds,
                                           .bid_ceiling = e->bid_ceiling, .ceiling_row = e->ceiling_contract,
                                           .best_bid = e->best_bid, .best_row = e->best_contract,
                                           .discard = e->discard, .nodes = e->nodes};
    return SKATDD_OK;
}

skatdd_status skatdd_evaluation_get_row(const skatdd_evaluation *evaluation, int row, skatdd_evaluation_row *out)
{
    REQUIRE(evaluation && out && row >= 0 && row < evaluation->result.contract_count);
    const EvalContract *c = &evaluation->result.contracts[row];
    memset(out, 0, sizeof *out);
    rules_contract_name(&evaluation->rules, &c->contract, out->label, sizeof out->label);
    out->contract = from_contract(&c->contract);
    out->evaluated = c->evaluated;
    out->p_win = c->p_win;
    out->p_schneider = c->p_schneider;
    out->p_schwarz = c->p_schwarz;
    out->expected_value = c->expected_value;
    out->expected_score = c->expected_score;
    out->bid_count = c->bid_count;
    return SKATDD_OK;
}

skatdd_status skatdd_evaluation_get_bid(const skatdd_evaluation *evaluation, int row, int bid, int *bid_value,
                                        double *p_win)
{
    REQUIRE(evaluation && bid_value && p_win && row >= 0 && row < evaluation->result.contract_count);
    const EvalContract *c = &evaluation->result.contracts[row];
    REQUIRE(bid >= 0 && bid < c->bid_count);
    *bid_value = c->bids[bid];
    *p_win = c->p_win_at[bid];
    return SKATDD_OK;
}
