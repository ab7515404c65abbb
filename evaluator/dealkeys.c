/* The top-level keys of a deal, each read by its own function from a table
 * (types, card names, duplicates, counts local to one key), in the
 * document's order. */
#include "dealparse.h"
#include "rulecontract.h"
#include "notation.h"

#include <string.h>
#include <strings.h>

static bool read_name(DealParse *c, yaml_node_t *n)
{
    return deal_get_line(c, n, "name", c->deal->name, sizeof c->deal->name);
}

static bool read_hand(DealParse *c, yaml_node_t *key, yaml_node_t *value)
{
    int seat;
    CardList list;
    if (key->type != YAML_SCALAR_NODE)
        return deal_wrong_type(c, key, "a key of hands", "a seat");
    if (!deal_get_seat(c, key, "a key of hands", &seat))
        return false;
    if (c->hand_node[seat])
        return deal_fail(c, deal_node_mark(key), "%s's hand given twice", seat_name(seat));
    if (!deal_get_cards(c, value, seat_name(seat), true, false, &list))
        return false;
    c->hand_node[seat] = value;
    c->deal->has_hand[seat] = true;
    c->deal->hands[seat] = deal_card_set(&list);
    return deal_count_at_most(c, value, seat_name(seat), list.count, DEAL_MAX_CARDS);
}

static bool read_hands(DealParse *c, yaml_node_t *n)
{
    if (n->type != YAML_MAPPING_NODE)
        return deal_wrong_type(c, n, "hands", "a mapping of seats to cards");
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
        if (!read_hand(c, yaml_document_get_node(c->doc, p->key), yaml_document_get_node(c->doc, p->value)))
            return false;
    return true;
}

static bool read_skat(DealParse *c, yaml_node_t *n)
{
    CardList list;
    if (!deal_get_cards(c, n, "skat", true, false, &list) || !deal_count_is(c, n, "skat", list.count, 2))
        return false;
    c->deal->has_skat = true;
    c->deal->skat = deal_card_set(&list);
    return true;
}

static bool read_declarer(DealParse *c, yaml_node_t *n)
{
    c->deal->has_declarer = true;
    return deal_get_seat(c, n, "declarer", &c->deal->declarer);
}

/* The value of a top-level key, wherever it stands in the mapping (keys
 * are read in the document's order; the contract needs rules: first). */
static const yaml_node_t *top_value(DealParse *c, const char *name)
{
    yaml_node_t *root = yaml_document_get_root_node(c->doc);
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *key = yaml_document_get_node(c->doc, p->key);
        if (key && key->type == YAML_SCALAR_NODE && strcmp(yaml_value_text(key), name) == 0)
            return yaml_document_get_node(c->doc, p->value);
    }
    return NULL;
}

/* A rule file a deal names by a relative path is the deal file's
 * neighbour, as an include is: read against the working directory, the same
 * file gave its answers under other rules, or none, depending on where
 * skatdd was started.  Standard input's deals stay with the working
 * directory.  *name is left as it is, or pointed at out; false when the
 * path does not fit out. */
static bool beside_deal_file(const DealParse *c, const char **name, char *out, size_t n)
{
    const char *path = c->src->path, *slash = strrchr(path, '/');
    if (!*name || (*name)[0] == '/' || !rules_is_path(*name) || strcmp(path, "-") == 0 || !slash)
        return true;
    int len = snprintf(out, n, "%.*s/%s", (int)(slash - path), path, *name);
    *name = out;
    return len >= 0 && (size_t)len < n;
}

const RuleSystem *deal_document_rules(DealParse *c, bool *ok)
{
    *ok = true;
    if (!c->rules->active)
        return NULL;
    const yaml_node_t *named = top_value(c, "rules");
    const char *given = NULL;
    char beside[RULES_PATH];
    if (named && named->type == YAML_SCALAR_NODE)
        given = yaml_value_kind(named) == SCALAR_NULL ? "" : yaml_value_text(named);
    if (!beside_deal_file(c, &given, beside, sizeof beside)) {
        *ok = deal_fail(c, deal_node_mark(named), "rule system: rules: the path beside %s is too long", c->src->path);
        return NULL;
    }
    char message[MESSAGE_BYTES];
    const RuleSystem *rules = deal_rules_get(c->rules, given, message, sizeof message);
    if (!rules) {
        /* The rules: that names it; without one (isko, of $SKATDD_RULES_DIR)
         * the contract read under it, or, in a document without one (a hand
         * to evaluate, a deal for table), the document. */
        Mark at = named                   ? deal_node_mark(named)
                  : c->deal->has_contract ? c->deal->contract_mark
                                          : c->deal->mark;
        *ok = deal_fail(c, at, "rule system: %s", message);
    }
    return rules;
}

bool deal_get_rule_contract(DealParse *c, yaml_node_t *n, const char *what, Contract *out)
{
    bool ok;
    const RuleSystem *rules = deal_document_rules(c, &ok);
    if (!ok)
        return false;
    if (!rules || n->type != YAML_SCALAR_NODE)
        return deal_get_contract(c, n, what, out);
    char message[MESSAGE_BYTES];
    if (!rules_parse_contract(rules, yaml_value_text(n), out, message, sizeof message))
        return deal_fail(c, deal_node_mark(n), "%s", message);
    return true;
}

static bool read_contract(DealParse *c, yaml_node_t *n)
{
    c->deal->has_contract = true;
    c->deal->contract_mark = deal_node_mark(n);
    /* All passed: the cards are played with the jacks as trumps, no skat
     * exchange, every player for himself. */
    if (n->type == YAML_SCALAR_NODE && strcasecmp(yaml_value_text(n), "ramsch") == 0) {
        c->deal->ramsch = true;
        c->deal->contract = (Contract){.game = GAME_GRAND, .hand = true};
        return true; /* whether the rules have one: check_ramsch */
    }
    return deal_get_rule_contract(c, n, "contract", &c->deal->contract);
}

static bool read_discard(DealParse *c, yaml_node_t *n)
{
    if (!deal_get_cards(c, n, "discard", false, false, &c->discard) || !deal_count_is(c, n, "discard", c->discard.count, 2))
        return false;
    c->deal->has_discard = true;
    c->deal->discard = deal_card_set(&c->discard);
    return true;
}

static bool read_play(DealParse *c, yaml_node_t *n)
{
    if (!deal_get_cards(c, n, "play", false, true, &c->play))
        return false;
    if (c->play.count > DEAL_MAX_PLAY)
        return deal_fail(c, c->play.marks[DEAL_MAX_PLAY], "play holds %d cards, a game has at most %d",
                    c->play.count, DEAL_MAX_PLAY);
    c->deal->play_count = c->play.count;
    c->deal->play_mark = deal_node_mark(n);
    memcpy(c->deal->play, c->play.cards, sizeof c->deal->play[0] * (size_t)c->play.count);
    return true;
}

static bool read_lead(DealParse *c, yaml_node_t *n)
{
    c->deal->has_lead = true;
    return deal_get_seat(c, n, "lead", &c->deal->lead);
}

static bool read_trick(DealParse *c, yaml_node_t *n)
{
    if (!deal_get_cards(c, n, "trick", true, false, &c->trick))
        return false;
    if (c->trick.count > 2)
        return deal_fail(c, c->trick.marks[2], "trick holds %d cards, a trick in progress at most 2", c->trick.count);
    c->deal->trick_size = c->trick.count;
    memcpy(c->deal->trick, c->trick.cards, sizeof c->deal->trick[0] * (size_t)c->trick.count);
    return true;
}

static bool read_declarer_points(DealParse *c, yaml_node_t *n)
{
    c->deal->has_declarer_points = true;
    return deal_get_int(c, n, "declarer_points", 0, 120, &c->deal->declarer_points);
}

static bool read_declarer_tricks(DealParse *c, yaml_node_t *n)
{
    c->deal->has_declarer_tricks = true;
    return deal_get_int(c, n, "declarer_tricks", 0, 10, &c->deal->declarer_tricks);
}

static bool read_defender_tricks(DealParse *c, yaml_node_t *n)
{
    c->deal->has_defender_tricks = true;
    return deal_get_int(c, n, "defender_tricks", 0, 10, &c->deal->defender_tricks);
}

static bool read_pushes(DealParse *c, yaml_node_t *n)
{
    return deal_get_int(c, n, "pushes", 0, 3, &c->deal->pushes);
}

static bool read_bid(DealParse *c, yaml_node_t *n)
{
    return deal_get_int(c, n, "bid", 1, MAX_BID, &c->deal->bid);
}

/* kontra: false/true, a call's name (kontra, re; bock, hirsch where the
 * rules have them: the number of calls made up to it), or that number. */
static bool read_kontra_value(DealParse *c, yaml_node_t *n, const RuleSystem *rules)
{
    /* The calls' usual names, where no rules (or rules without calls) name them. */
    static const char *const usual_calls[] = {"kontra", "re", "bock", "hirsch"};
    ScalarKind kind = yaml_value_kind(n);
    if (kind == SCALAR_TRUE || kind == SCALAR_FALSE) {
        c->deal->kontra = kind == SCALAR_TRUE;
        return true;
    }
    if (kind == SCALAR_INT)
        return deal_get_int(c, n, "kontra", 0, RULES_MAX_DOUBLING, &c->deal->kontra);
    if (n->type != YAML_SCALAR_NODE)
        return deal_wrong_type(c, n, "kontra", "false, true, a doubling call (kontra, re ...) or its number");
    const char *word = yaml_value_text(n);
    bool named_by_rules = rules && rules->doubling_count > 0;
    int call = named_by_rules ? rules_doubling_index(rules, word) : -1;
    for (int i = 0; !named_by_rules && i < (int)(sizeof usual_calls / sizeof usual_calls[0]); i++)
        if (strcasecmp(word, usual_calls[i]) == 0)
            call = i;
    if (call >= 0) {
        c->deal->kontra = call + 1;
        return true;
    }
    char buf[DEAL_SHOWN_BYTES + 4];
    return deal_fail(c, deal_node_mark(n),
                     "kontra must be false, true, a doubling call of the rules (kontra, re ...) or its number, not '%s'",
                     deal_shown_text(word, n->data.scalar.length, buf));
}

/* The doublings count the rule system's doubling calls in order (kontra, re,
 * bock, hirsch in the classic rules): only as many as it has, lest a game be
 * scored without them. */
static bool read_kontra(DealParse *c, yaml_node_t *n)
{
    bool ok;
    const RuleSystem *rules = deal_document_rules(c, &ok);
    if (!ok || !read_kontra_value(c, n, rules))
        return false;
    if (rules && c->deal->kontra > rules->doubling_count) {
        if (rules->doubling_count == 0)
            return deal_fail(c, deal_node_mark(n), "the %s rules have no Kontra (no doubling calls)", rules->name);
        return deal_fail(c, deal_node_mark(n), "kontra: %d doublings, but the %s rules have %d doubling call%s",
                         c->deal->kontra, rules->name, rules->doubling_count, rules->doubling_count == 1 ? "" : "s");
    }
    return true;
}

/* A Bock round doubles every game in it: only where the rule system has a
 * doubling call named bock (classic), lest the key be silently ignored. */
static bool read_bock(DealParse *c, yaml_node_t *n)
{
    c->deal->bock_mark = deal_node_mark(n);
    if (!deal_get_bool(c, n, "bock", &c->deal->bock))
        return false;
    bool ok;
    const RuleSystem *rules = deal_document_rules(c, &ok);
    if (!ok)
        return false;
    if (c->deal->bock && rules && rules_doubling_index(rules, "bock") < 0)
        return deal_fail(c, deal_node_mark(n), "the %s rules have no Bock rounds (no doubling call named bock)",
                         rules->name);
    return true;
}

/* Spitzen announced: only where the rule system has them, and no more than
 * it allows. */
static bool read_spitze(DealParse *c, yaml_node_t *n)
{
    c->deal->spitze_mark = deal_node_mark(n);
    if (!deal_get_int(c, n, "spitze", 0, 11, &c->deal->spitze))
        return false;
    bool ok;
    const RuleSystem *rules = deal_document_rules(c, &ok);
    if (!ok)
        return false;
    if (c->deal->spitze && rules && rules->spitze_max == 0)
        return deal_fail(c, deal_node_mark(n), "the %s rules have no Spitze", rules->name);
    if (rules && c->deal->spitze > rules->spitze_max)
        return deal_fail(c, deal_node_mark(n), "spitze: %d announced, but the %s rules allow %d", c->deal->spitze,
                         rules->name, rules->spitze_max);
    return true;
}

/* points: / tricks: of a Ramsch position, {forehand: 20, rearhand: 31}:
 * what each seat has taken so far (seats not named have nothing). */
static bool read_per_seat(DealParse *c, yaml_node_t *n, const char *what, int most, int out[SEAT_COUNT])
{
    if (n->type != YAML_MAPPING_NODE)
        return deal_wrong_type(c, n, what, "a mapping of seats to numbers such as {forehand: 20}");
    bool seen[SEAT_COUNT] = {false};
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *key = yaml_document_get_node(c->doc, p->key);
        int seat;
        if (!deal_get_seat(c, key, what, &seat))
            return false;
        if (seen[seat])
            return deal_fail(c, deal_node_mark(key), "%s: %s given twice", what, seat_name(seat));
        seen[seat] = true;
        if (!deal_get_int(c, yaml_document_get_node(c->doc, p->value), what, 0, most, &out[seat]))
            return false;
    }
    return true;
}

static bool read_points(DealParse *c, yaml_node_t *n)
{
    return read_per_seat(c, n, "points", 120, c->deal->seat_points);
}

static bool read_tricks(DealParse *c, yaml_node_t *n)
{
    return read_per_seat(c, n, "tricks", 10, c->deal->seat_tricks);
}

static bool read_rules(DealParse *c, yaml_node_t *n)
{
    if (!deal_get_line(c, n, "rules", c->deal->rules, sizeof c->deal->rules))
        return false;
    /* "rules:" alone leaves the default; an empty name is no rule system. */
    if (!c->deal->rules[0] && yaml_value_kind(n) != SCALAR_NULL)
        return deal_fail(c, deal_node_mark(n), "rules: an empty name (skatdd rules lists them)");
    char beside[RULES_PATH];
    const char *name = c->deal->rules;
    if (!beside_deal_file(c, &name, beside, sizeof beside) || strlen(name) >= sizeof c->deal->rules)
        return deal_fail(c, deal_node_mark(n), "rules: the path beside %s is too long", c->src->path);
    if (name != c->deal->rules)
        snprintf(c->deal->rules, sizeof c->deal->rules, "%s", name);
    return true;
}

static bool read_question(DealParse *c, yaml_node_t *n)
{
    return deal_get_string(c, n, "question", c->deal->question, sizeof c->deal->question);
}

static bool read_source(DealParse *c, yaml_node_t *n)
{
    return deal_get_line(c, n, "source", c->deal->source, sizeof c->deal->source);
}

static bool read_explanation(DealParse *c, yaml_node_t *n)
{
    return deal_get_string(c, n, "explanation", c->deal->explanation, sizeof c->deal->explanation);
}
static const struct {
    const char *name;
    bool (*read)(DealParse *, yaml_node_t *);
} top_keys[KEY_COUNT] = {
    [KEY_NAME] = {"name", read_name},
    [KEY_HANDS] = {"hands", read_hands},
    [KEY_SKAT] = {"skat", read_skat},
    [KEY_DECLARER] = {"declarer", read_declarer},
    [KEY_CONTRACT] = {"contract", read_contract},
    [KEY_DISCARD] = {"discard", read_discard},
    [KEY_PLAY] = {"play", read_play},
    [KEY_LEAD] = {"lead", read_lead},
    [KEY_TRICK] = {"trick", read_trick},
    [KEY_DECLARER_POINTS] = {"declarer_points", read_declarer_points},
    [KEY_DECLARER_TRICKS] = {"declarer_tricks", read_declarer_tricks},
    [KEY_DEFENDER_TRICKS] = {"defender_tricks", read_defender_tricks},
    [KEY_BID] = {"bid", read_bid},
    [KEY_KONTRA] = {"kontra", read_kontra},
    [KEY_RULES] = {"rules", read_rules},
    [KEY_QUESTION] = {"question", read_question},
    [KEY_SOURCE] = {"source", read_source},
    [KEY_EXPLANATION] = {"explanation", read_explanation},
    [KEY_ANSWER] = {"answer", deal_read_answer},
    [KEY_PUSHES] = {"pushes", read_pushes},
    [KEY_BOCK] = {"bock", read_bock},
    [KEY_POINTS] = {"points", read_points},
    [KEY_TRICKS] = {"tricks", read_tricks},
    [KEY_SPITZE] = {"spitze", read_spitze},
};

bool deal_read_keys(DealParse *c, yaml_node_t *root)
{
    const char *names[KEY_COUNT];
    for (int i = 0; i < KEY_COUNT; i++)
        names[i] = deal_key_name(i);
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *key = yaml_document_get_node(c->doc, p->key);
        int i = deal_key_index(c, key, names, KEY_COUNT, "");
        if (i < 0)
            return false;
        if (c->key[i])
            return deal_fail(c, deal_node_mark(key), "key '%s' given twice", names[i]);
        c->key[i] = key;
        c->value[i] = yaml_document_get_node(c->doc, p->value);
        if (!top_keys[i].read(c, c->value[i]))
            return false;
    }
    return true;
}

const char *deal_key_name(DealKey key)
{
    return top_keys[key].name;
}
