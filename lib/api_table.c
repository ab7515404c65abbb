/* The contract table of a deal and the evaluation of one hand. */
#include "api.h"

#include <stdlib.h>
#include <string.h>

#include "evaluate.h"
#include "rulecontract.h"
#include "table.h"

/* ---- the contract table -------------------------------------------------- */

/* Ten cards each and two in the skat, all 32 dealt once. */
static skatdd_status check_full_deal(const skatdd_cards hands[SEAT_COUNT], skatdd_cards skat)
{
    CardSet seen = 0;
    for (int s = 0; s < SEAT_COUNT; s++) {
        if (set_count(hands[s]) != 10)
            return api_fail(SKATDD_ERR_CARDS, "%s holds %d cards, not 10", seat_name(s), set_count(hands[s]));
        if (hands[s] & seen)
            return api_fail(SKATDD_ERR_CARDS, "%s is dealt twice", api_card_names[set_first(hands[s] & seen)]);
        seen |= hands[s];
    }
    if (set_count(skat) != 2)
        return api_fail(SKATDD_ERR_CARDS, "the skat holds %d cards, not 2", set_count(skat));
    if (skat & seen)
        return api_fail(SKATDD_ERR_CARDS, "%s is dealt twice", api_card_names[set_first(skat & seen)]);
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
    TableWorkers *workers = t ? table_workers_new(threads, api_tt_bytes(tt_megabytes)) : NULL;
    if (!workers) {
        free(t);
        return api_fail(SKATDD_ERR_MEMORY, "out of memory for the table's solvers");
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
            row->row = api_from_contract(&e->row);
            row->contract = api_from_contract(&e->contract);
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
    REQUIRE(rules && evaluation && api_is_seat(seat));
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
    REQUIRE(o.sd_layouts >= 1 && o.sd_layouts <= EVAL_MAX_SD_LAYOUTS && o.sd_contracts >= 1 && o.sd_contracts <= EVAL_MAX_CONTRACTS);
    REQUIRE(o.threads >= 0 && o.threads <= 1024 && o.tt_megabytes <= MAX_TT_MB);
    if (set_count(hand) != 10 && set_count(hand) != 12)
        return api_fail(SKATDD_ERR_CARDS, "a hand to evaluate holds 10 or 12 cards, not %d", set_count(hand));
    char err[256];
    if (!evaluate_ladder_fits(&rules->system, err, sizeof err))
        return api_fail(SKATDD_ERR_RULES, "%s", err);
    skatdd_evaluation *e = malloc(sizeof *e);
    if (!e)
        return api_fail(SKATDD_ERR_MEMORY, "out of memory for an evaluation");
    e->rules = rules->system;
    EvalOptions eo = {.samples = o.samples, .seed = o.seed, .discards = o.discards, .confidence = o.confidence,
                      .model = (EvalModel)o.model, .sd_layouts = o.sd_layouts, .sd_contracts = o.sd_contracts,
                      .threads = o.threads, .tt_bytes = api_tt_bytes(o.tt_megabytes)};
    if (!evaluate_hand(&e->rules, seat, hand, &eo, &e->result, err, sizeof err)) {
        free(e);
        return api_fail(strcmp(err, "out of memory") == 0 ? SKATDD_ERR_MEMORY : SKATDD_ERR_INTERNAL, "%s", err);
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

const char *skatdd_evaluation_ceiling_choice(const skatdd_evaluation *evaluation)
{
    if (!evaluation)
        return NULL;
    const Evaluation *e = &evaluation->result;
    return e->ceiling_after_skat ? EVAL_AFTER_SKAT_LABEL : e->ceiling_turn ? EVAL_TURN_LABEL : NULL;
}

const char *skatdd_evaluation_best_choice(const skatdd_evaluation *evaluation)
{
    if (!evaluation)
        return NULL;
    const Evaluation *e = &evaluation->result;
    return e->best_turn ? EVAL_TURN_LABEL : e->best_after_skat ? EVAL_AFTER_SKAT_LABEL : NULL;
}

skatdd_status skatdd_evaluation_get_row(const skatdd_evaluation *evaluation, int row, skatdd_evaluation_row *out)
{
    REQUIRE(evaluation && out && row >= 0 && row < evaluation->result.contract_count);
    const EvalContract *c = &evaluation->result.contracts[row];
    memset(out, 0, sizeof *out);
    rules_contract_name(&evaluation->rules, &c->contract, out->label, sizeof out->label);
    out->contract = api_from_contract(&c->contract);
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
