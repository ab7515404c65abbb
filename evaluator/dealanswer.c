/* A problem's stated answer (answer: in problems/), a mapping of its own. */
#include "dealparse.h"

#include <string.h>

static bool answer_declarer_points(DealParse *c, yaml_node_t *n, Answer *a)
{
    a->has_declarer_points = true;
    return deal_get_int(c, n, "declarer_points", 0, 120, &a->declarer_points);
}

static bool answer_wins_null(DealParse *c, yaml_node_t *n, Answer *a)
{
    a->has_declarer_wins_null = true;
    return deal_get_bool(c, n, "declarer_wins_null", &a->declarer_wins_null);
}

static bool answer_game_value(DealParse *c, yaml_node_t *n, Answer *a)
{
    a->has_game_value = true;
    return deal_get_int(c, n, "game_value", -MAX_GAME_VALUE, MAX_GAME_VALUE, &a->game_value);
}

/* bid_ceiling: null means no bid at all is safe. */
static bool answer_bid_ceiling(DealParse *c, yaml_node_t *n, Answer *a)
{
    a->has_bid_ceiling = true;
    a->bid_ceiling_none = yaml_value_kind(n) == SCALAR_NULL;
    return a->bid_ceiling_none || deal_get_int(c, n, "bid_ceiling", 0, MAX_BID, &a->bid_ceiling);
}

static bool answer_winning_cards(DealParse *c, yaml_node_t *n, Answer *a)
{
    CardList list;
    int most = (int)(sizeof a->winning_cards / sizeof a->winning_cards[0]);
    if (!deal_get_cards(c, n, "winning_cards", false, false, &list) ||
        !deal_count_at_most(c, n, "winning_cards", list.count, most))
        return false;
    a->winning_card_count = list.count;
    memcpy(a->winning_cards, list.cards, sizeof a->winning_cards[0] * (size_t)list.count);
    memcpy(a->winning_marks, list.marks, sizeof a->winning_marks[0] * (size_t)list.count);
    return true;
}

static bool answer_discard(DealParse *c, yaml_node_t *n, Answer *a)
{
    CardList list;
    if (!deal_get_cards(c, n, "discard", false, false, &list) || !deal_count_is(c, n, "discard", list.count, 2))
        return false;
    a->has_discard = true;
    a->discard = deal_card_set(&list);
    return true;
}

static bool answer_contract(DealParse *c, yaml_node_t *n, Answer *a)
{
    a->has_contract = true;
    return deal_get_rule_contract(c, n, "contract", &a->contract);
}

static bool answer_schwarz(DealParse *c, yaml_node_t *n, Answer *a)
{
    a->has_declarer_schwarz = true;
    return deal_get_bool(c, n, "declarer_schwarz", &a->declarer_schwarz);
}

static const struct {
    const char *name;
    bool (*read)(DealParse *, yaml_node_t *, Answer *);
} answer_keys[] = {
    {"declarer_points", answer_declarer_points}, {"declarer_wins_null", answer_wins_null},
    {"game_value", answer_game_value},           {"bid_ceiling", answer_bid_ceiling},
    {"winning_cards", answer_winning_cards},     {"discard", answer_discard},
    {"contract", answer_contract},               {"declarer_schwarz", answer_schwarz},
};
enum { ANSWER_KEY_COUNT = sizeof answer_keys / sizeof answer_keys[0] };

bool deal_read_answer(DealParse *c, yaml_node_t *n)
{
    const char *names[ANSWER_KEY_COUNT];
    bool seen[ANSWER_KEY_COUNT] = {false};
    for (int i = 0; i < ANSWER_KEY_COUNT; i++)
        names[i] = answer_keys[i].name;
    if (n->type != YAML_MAPPING_NODE)
        return deal_wrong_type(c, n, "answer", "a mapping");
    c->deal->has_answer = true;
    c->deal->answer.mark = deal_node_mark(n);
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *key = yaml_document_get_node(c->doc, p->key);
        int i = deal_key_index(c, key, names, ANSWER_KEY_COUNT, " in answer");
        if (i < 0)
            return false;
        if (seen[i])
            return deal_fail(c, deal_node_mark(key), "key '%s' given twice in answer", names[i]);
        seen[i] = true;
        if (!answer_keys[i].read(c, yaml_document_get_node(c->doc, p->value), &c->deal->answer))
            return false;
    }
    return true;
}
