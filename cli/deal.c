/* Deals and positions from YAML (libyaml's document loader), fully validated.
 *
 * Reading a document goes in two passes: every top-level key is read by its
 * own function from a table (types, card names, duplicates, counts local to
 * one key), then a table of checks looks at the deal as a whole (hand sizes,
 * position or full deal, discard, the legality of the play).  Every message
 * points at the node that caused it, or at the card inside a string of cards:
 * libyaml only marks nodes, so the card's place is found in the file's text. */
#define _GNU_SOURCE /* memmem */
#include "deal.h"

#include "rules.h"
#include "slurp.h"
#include "text.h"
#include "yamldepth.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

enum {
    MESSAGE_BYTES = 512,
    MAX_BID = 9999,
    MAX_GAME_VALUE = 99999,
    TRICK_CARDS = 3,
};

struct DealReader {
    yaml_parser_t parser;
    YamlDepth guard;            /* walks each document before the parser loads it */
    bool refused;               /* the guard stopped a document: nothing more is read */
    Mark refused_mark;
    char *path;
    char *text;                 /* the whole file: to find cards inside strings */
    size_t size;
    size_t bom;                 /* 3 when the text starts with a UTF-8 byte order mark */
    size_t cursor_char, cursor_byte; /* last character index turned into a byte offset */
    int documents;              /* deals handed out or rejected so far */
    bool broken;                /* a YAML syntax error: libyaml cannot go on */
    bool ended;
    /* Contracts are read in the words of a rule system when one is set. */
    char *rules_override;       /* --rules: wins over the document's rules: */
    char *rules_dir;            /* NULL: plain contract words (contract_parse) */
    RuleSystem *rules;          /* the last one loaded, named loaded_rules */
    char loaded_rules[RULES_PATH];
};

/* A list of cards as read, each with its place in the file. */
typedef struct {
    int count;
    int cards[CARD_COUNT];
    Mark marks[CARD_COUNT];
} CardList;

/* Play: '/', line breaks and sequence items cut the cards into tricks.  With
 * more than one group every group must be one trick (the last may be partial). */
typedef struct {
    int size;                   /* cards in the current group */
    int number;                 /* 1-based number of the current group */
    bool closed;                /* a cut after the current group */
    Mark start;                 /* its first card */
} Groups;

typedef enum {
    KEY_NAME, KEY_HANDS, KEY_SKAT, KEY_DECLARER, KEY_CONTRACT, KEY_DISCARD, KEY_PLAY,
    KEY_LEAD, KEY_TRICK, KEY_DECLARER_POINTS, KEY_DECLARER_TRICKS, KEY_DEFENDER_TRICKS,
    KEY_BID, KEY_KONTRA, KEY_RULES, KEY_QUESTION, KEY_SOURCE, KEY_EXPLANATION, KEY_ANSWER, KEY_PUSHES,
    KEY_COUNT
} Key;

typedef struct {
    DealReader *reader;
    yaml_document_t *doc;
    Deal *deal;
    char *err;
    size_t err_size;
    yaml_node_t *key[KEY_COUNT];    /* NULL when the document lacks the key */
    yaml_node_t *value[KEY_COUNT];
    yaml_node_t *hand_node[SEAT_COUNT];
    CardSet dealt;                  /* hands, skat and trick: no card twice among them */
    CardList discard, play, trick;
} Ctx;

/* ---- messages ---------------------------------------------------------- */

static Mark mark_of(const yaml_node_t *n)
{
    return (Mark){(int)n->start_mark.line + 1, (int)n->start_mark.column + 1};
}

static Mark document_mark(const Ctx *c)
{
    return c->deal->mark;
}

/* Writes "FILE:LINE:COL: message" on one line: control characters from the
 * file (a key with a newline, say) must not break the line. */
static void vreport(const char *path, Mark m, char *err, size_t size, const char *fmt, va_list ap)
{
    if (!err || size == 0)
        return;
    char message[MESSAGE_BYTES];
    vsnprintf(message, sizeof message, fmt, ap);
    for (char *p = message; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';
    snprintf(err, size, "%s:%d:%d: %s", path, m.line, m.column, message);
}

static void report(const char *path, Mark m, char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void report(const char *path, Mark m, char *err, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(path, m, err, size, fmt, ap);
    va_end(ap);
}

static bool fail(Ctx *c, Mark m, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(Ctx *c, Mark m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(c->reader->path, m, c->err, c->err_size, fmt, ap);
    va_end(ap);
    return false;
}

const char *deal_shown_text(const char *text, size_t len, char out[DEAL_SHOWN_BYTES + 4])
{
    size_t n = len < DEAL_SHOWN_BYTES ? len : DEAL_SHOWN_BYTES;
    while (n < len && n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80)
        n--;
    memcpy(out, text, n);
    strcpy(out + n, n < len ? "..." : "");
    return out;
}

static const char *kind_name(const yaml_node_t *n)
{
    static const char *const names[] = {
        [YAML_NO_NODE] = "nothing", [YAML_SCALAR_NODE] = "string",
        [YAML_SEQUENCE_NODE] = "sequence", [YAML_MAPPING_NODE] = "mapping",
    };
    return names[n->type];
}

static bool wrong_type(Ctx *c, const yaml_node_t *n, const char *what, const char *expected)
{
    return fail(c, mark_of(n), "%s must be %s, not a %s", what, expected, kind_name(n));
}

/* A card's ASCII name for messages ("HA"). */
typedef struct {
    char text[3];
} CardName;

static CardName name_of(int card)
{
    CardName n;
    card_name(card, n.text);
    return n;
}

/* ---- scalars ------------------------------------------------------------ */

typedef enum { SCALAR_STRING, SCALAR_NULL, SCALAR_TRUE, SCALAR_FALSE, SCALAR_INT } ScalarKind;

static const char *scalar_text(const yaml_node_t *n)
{
    return (const char *)n->data.scalar.value;
}

static bool word_in(const char *text, const char *const *words)
{
    for (; *words; words++)
        if (strcmp(text, *words) == 0)
            return true;
    return false;
}

static bool is_decimal(const char *s)
{
    s += (*s == '-' || *s == '+');
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

/* YAML 1.1 resolution of plain scalars (libyaml tags every scalar as a string;
 * quoted scalars are always strings). */
static ScalarKind scalar_kind(const yaml_node_t *n)
{
    static const char *const nulls[] = {"", "~", "null", "Null", "NULL", NULL};
    static const char *const trues[] = {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y", NULL};
    static const char *const falses[] = {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N", NULL};
    if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return SCALAR_STRING;
    const char *t = scalar_text(n);
    if (word_in(t, nulls))
        return SCALAR_NULL;
    if (word_in(t, trues))
        return SCALAR_TRUE;
    if (word_in(t, falses))
        return SCALAR_FALSE;
    return is_decimal(t) ? SCALAR_INT : SCALAR_STRING;
}

static bool get_string(Ctx *c, const yaml_node_t *n, const char *what, char *out, size_t size)
{
    if (n->type != YAML_SCALAR_NODE)
        return wrong_type(c, n, what, "a string");
    size_t len = n->data.scalar.length;
    if (scalar_kind(n) == SCALAR_NULL)
        len = 0;
    if (memchr(scalar_text(n), '\0', len))
        return fail(c, mark_of(n), "%s contains a NUL character", what);
    if (len >= size)
        return fail(c, mark_of(n), "%s is too long: %zu bytes, at most %zu", what, len, size - 1);
    memcpy(out, scalar_text(n), len);
    out[len] = '\0';
    return true;
}

static bool get_int(Ctx *c, const yaml_node_t *n, const char *what, int min, int max, int *out)
{
    char buf[DEAL_SHOWN_BYTES + 4];
    if (n->type != YAML_SCALAR_NODE)
        return wrong_type(c, n, what, "an integer");
    const char *t = scalar_text(n);
    if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE && is_decimal(t))
        return fail(c, mark_of(n), "%s must be an integer, not a quoted string", what);
    bool integer = scalar_kind(n) == SCALAR_INT;
    errno = 0;
    long long v = integer ? strtoll(t, NULL, 10) : 0;
    if (!integer || errno == ERANGE || v < min || v > max)
        return fail(c, mark_of(n), "%s must be an integer from %d to %d, not '%s'", what, min, max,
                    deal_shown_text(t, n->data.scalar.length, buf));
    *out = (int)v;
    return true;
}

static bool get_bool(Ctx *c, const yaml_node_t *n, const char *what, bool *out)
{
    ScalarKind kind = scalar_kind(n);
    if (kind != SCALAR_TRUE && kind != SCALAR_FALSE) {
        char buf[DEAL_SHOWN_BYTES + 4];
        if (n->type != YAML_SCALAR_NODE)
            return wrong_type(c, n, what, "true or false");
        return fail(c, mark_of(n), "%s must be true or false, not '%s'", what,
                    deal_shown_text(scalar_text(n), n->data.scalar.length, buf));
    }
    *out = kind == SCALAR_TRUE;
    return true;
}

static const struct {
    const char *name;
    int seat;
} seat_words[] = {
    {"forehand", SEAT_FOREHAND},     {"vorhand", SEAT_FOREHAND},  {"middlehand", SEAT_MIDDLEHAND},
    {"mittelhand", SEAT_MIDDLEHAND}, {"rearhand", SEAT_REARHAND}, {"hinterhand", SEAT_REARHAND},
};

static bool get_seat(Ctx *c, const yaml_node_t *n, const char *what, int *out)
{
    char buf[DEAL_SHOWN_BYTES + 4];
    if (n->type != YAML_SCALAR_NODE)
        return wrong_type(c, n, what, "a seat");
    for (size_t i = 0; i < sizeof seat_words / sizeof seat_words[0]; i++)
        if (strcasecmp(scalar_text(n), seat_words[i].name) == 0) {
            *out = seat_words[i].seat;
            return true;
        }
    return fail(c, mark_of(n), "unknown seat '%s' (forehand, middlehand, rearhand)",
                deal_shown_text(scalar_text(n), n->data.scalar.length, buf));
}

static bool get_contract(Ctx *c, const yaml_node_t *n, const char *what, Contract *out)
{
    char text[128], message[MESSAGE_BYTES];
    if (n->type != YAML_SCALAR_NODE)
        return wrong_type(c, n, what, "a contract such as 'grand' or 'hearts hand'");
    if (n->data.scalar.length >= sizeof text)
        return fail(c, mark_of(n), "%s is too long", what);
    memcpy(text, scalar_text(n), n->data.scalar.length + 1);
    if (!contract_parse(text, out, message, sizeof message))
        return fail(c, mark_of(n), "%s", message);
    return true;
}

/* ---- cards and their places -------------------------------------------- */

/* libyaml's mark index counts characters; the text is bytes. */
static size_t byte_of_char(DealReader *r, size_t index)
{
    if (index < r->cursor_char) {
        r->cursor_char = 0;
        r->cursor_byte = r->bom;
    }
    while (r->cursor_char < index && r->cursor_byte < r->size) {
        r->cursor_byte++;
        while (r->cursor_byte < r->size && ((unsigned char)r->text[r->cursor_byte] & 0xc0) == 0x80)
            r->cursor_byte++;
        r->cursor_char++;
    }
    return r->cursor_byte;
}

/* Walks a scalar's text in the file to find each card's line and column.
 * When a card is not found verbatim (escapes in a quoted string) every card
 * from there on gets the scalar's own mark. */
typedef struct {
    const char *p, *end;
    Mark at, node;
    bool lost;
} Locator;

static void locator_init(DealReader *r, const yaml_node_t *n, Locator *loc)
{
    size_t from = byte_of_char(r, n->start_mark.index);
    size_t to = byte_of_char(r, n->end_mark.index);
    *loc = (Locator){.p = r->text + from, .end = r->text + (to > from ? to : from),
                     .at = mark_of(n), .node = mark_of(n)};
}

static void locator_advance(Locator *loc, const char *to)
{
    for (; loc->p < to; loc->p++) {
        unsigned char ch = (unsigned char)*loc->p;
        if (ch == '\n' || (ch == '\r' && loc->p + 1 < loc->end && loc->p[1] != '\n')) {
            loc->at.line++;
            loc->at.column = 1;
        } else if ((ch & 0xc0) != 0x80 && ch != '\r') {
            loc->at.column++;
        }
    }
}

static Mark locate(Locator *loc, const char *token, size_t len)
{
    const char *found = loc->lost ? NULL : memmem(loc->p, (size_t)(loc->end - loc->p), token, len);
    if (!found) {
        loc->lost = true;
        return loc->node;
    }
    locator_advance(loc, found);
    Mark m = loc->at;
    locator_advance(loc, found + len);
    return m;
}

static bool list_has(const CardList *list, int card)
{
    for (int i = 0; i < list->count; i++)
        if (list->cards[i] == card)
            return true;
    return false;
}

/* Adds one card name; dealt cards (hands, skat, trick) must also be new to the deal. */
static bool add_card(Ctx *c, const char *token, size_t len, Mark m, bool dealt, CardList *out)
{
    char name[16], buf[DEAL_SHOWN_BYTES + 4];
    int card = CARD_NONE;
    if (len < sizeof name) {
        memcpy(name, token, len);
        name[len] = '\0';
        card = card_parse(name);
    }
    if (card == CARD_NONE)
        return fail(c, m, "unknown card '%s'", deal_shown_text(token, len, buf));
    if (list_has(out, card) || (dealt && set_has(c->dealt, card)))
        return fail(c, m, "duplicate card %s", name_of(card).text);
    if (dealt)
        c->dealt |= card_bit(card);
    out->marks[out->count] = m;
    out->cards[out->count++] = card;
    return true;
}

static void group_cut(Groups *g)
{
    if (g && g->size > 0)
        g->closed = true;
}

/* A card of play: a group closed before it must have been one whole trick. */
static bool group_card(Ctx *c, Groups *g, Mark m)
{
    if (!g)
        return true;
    if (g->closed) {
        if (g->size != TRICK_CARDS)
            return fail(c, g->start, "trick %d of play holds %d card%s, a trick holds 3", g->number,
                        g->size, g->size == 1 ? "" : "s");
        *g = (Groups){.number = g->number + 1};
    }
    if (g->size++ == 0)
        g->start = m;
    if (g->number == 0)
        g->number = 1;
    return true;
}

static bool is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

/* Reads the cards of one string; with groups, '/' and line breaks cut tricks. */
static bool scalar_cards(Ctx *c, const yaml_node_t *n, bool dealt, CardList *out, Groups *g)
{
    const char *v = scalar_text(n);
    size_t len = n->data.scalar.length;
    Locator loc;
    locator_init(c->reader, n, &loc);
    for (size_t i = 0; i < len;) {
        if (is_blank(v[i]) || (g && v[i] == '/')) {
            if (v[i] == '\n' || v[i] == '/')
                group_cut(g);
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && !is_blank(v[j]) && !(g && v[j] == '/'))
            j++;
        Mark m = locate(&loc, v + i, j - i);
        if (!group_card(c, g, m) || !add_card(c, v + i, j - i, m, dealt, out))
            return false;
        i = j;
    }
    return true;
}

static int token_count(const yaml_node_t *n)
{
    int count = 0;
    const char *v = scalar_text(n);
    for (size_t i = 0; i < n->data.scalar.length; i++)
        count += !is_blank(v[i]) && (i == 0 || is_blank(v[i - 1]));
    return count;
}

static bool sequence_cards(Ctx *c, const yaml_node_t *n, const char *what, bool dealt, CardList *out,
                           Groups *g, int depth);

/* One item of a sequence of cards.  In play an item of several cards, or a
 * sequence, is a trick of its own. */
static bool item_cards(Ctx *c, const yaml_node_t *item, const char *what, bool dealt, CardList *out,
                       Groups *g, int depth)
{
    bool trick = g && (item->type == YAML_SEQUENCE_NODE || (item->type == YAML_SCALAR_NODE && token_count(item) > 1));
    if (item->type == YAML_MAPPING_NODE || (item->type == YAML_SEQUENCE_NODE && (!g || depth > 0)))
        return wrong_type(c, item, what, "cards (a string or a sequence of card names)");
    if (trick)
        group_cut(g);
    bool ok = item->type == YAML_SCALAR_NODE ? scalar_cards(c, item, dealt, out, g)
                                             : sequence_cards(c, item, what, dealt, out, g, depth + 1);
    if (trick)
        group_cut(g);
    return ok;
}

static bool sequence_cards(Ctx *c, const yaml_node_t *n, const char *what, bool dealt, CardList *out,
                           Groups *g, int depth)
{
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
        if (!item_cards(c, yaml_document_get_node(c->doc, *it), what, dealt, out, g, depth))
            return false;
    return true;
}

/* Cards as a string or a sequence; plays (with_tricks) may also be cut into tricks. */
static bool get_cards(Ctx *c, const yaml_node_t *n, const char *what, bool dealt, bool with_tricks,
                      CardList *out)
{
    Groups groups = {0};
    Groups *g = with_tricks ? &groups : NULL;
    *out = (CardList){0};
    if (n->type == YAML_MAPPING_NODE)
        return wrong_type(c, n, what, "cards (a string or a sequence of card names)");
    if (scalar_kind(n) == SCALAR_NULL) /* "skat: ~" or "skat:": no cards */
        return true;
    if (n->type == YAML_SCALAR_NODE ? !scalar_cards(c, n, dealt, out, g) : !sequence_cards(c, n, what, dealt, out, g, 0))
        return false;
    if (g && g->number > 1 && g->size > TRICK_CARDS)
        return fail(c, g->start, "trick %d of play holds %d cards, a trick holds 3", g->number, g->size);
    return true;
}

static CardSet list_set(const CardList *list)
{
    CardSet s = 0;
    for (int i = 0; i < list->count; i++)
        s |= card_bit(list->cards[i]);
    return s;
}

static bool count_is(Ctx *c, const yaml_node_t *n, const char *what, int count, int needed)
{
    if (count == needed)
        return true;
    return fail(c, mark_of(n), "%s holds %d card%s, it needs %d", what, count, count == 1 ? "" : "s", needed);
}

static bool count_at_most(Ctx *c, const yaml_node_t *n, const char *what, int count, int most)
{
    if (count <= most)
        return true;
    return fail(c, mark_of(n), "%s holds %d cards, at most %d", what, count, most);
}

/* ---- top-level keys ---------------------------------------------------- */

static bool read_name(Ctx *c, yaml_node_t *n)
{
    return get_string(c, n, "name", c->deal->name, sizeof c->deal->name);
}

static bool read_hand(Ctx *c, yaml_node_t *key, yaml_node_t *value)
{
    int seat;
    CardList list;
    if (key->type != YAML_SCALAR_NODE)
        return wrong_type(c, key, "a key of hands", "a seat");
    if (!get_seat(c, key, "a key of hands", &seat))
        return false;
    if (c->hand_node[seat])
        return fail(c, mark_of(key), "%s's hand given twice", seat_name(seat));
    if (!get_cards(c, value, seat_name(seat), true, false, &list))
        return false;
    c->hand_node[seat] = value;
    c->deal->has_hand[seat] = true;
    c->deal->hands[seat] = list_set(&list);
    return count_at_most(c, value, seat_name(seat), list.count, DEAL_MAX_CARDS);
}

static bool read_hands(Ctx *c, yaml_node_t *n)
{
    if (n->type != YAML_MAPPING_NODE)
        return wrong_type(c, n, "hands", "a mapping of seats to cards");
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
        if (!read_hand(c, yaml_document_get_node(c->doc, p->key), yaml_document_get_node(c->doc, p->value)))
            return false;
    return true;
}

static bool read_skat(Ctx *c, yaml_node_t *n)
{
    CardList list;
    if (!get_cards(c, n, "skat", true, false, &list) || !count_is(c, n, "skat", list.count, 2))
        return false;
    c->deal->has_skat = true;
    c->deal->skat = list_set(&list);
    return true;
}

static bool read_declarer(Ctx *c, yaml_node_t *n)
{
    c->deal->has_declarer = true;
    return get_seat(c, n, "declarer", &c->deal->declarer);
}

/* The value of a top-level key, wherever it stands in the mapping (keys
 * are read in the document's order; the contract needs rules: first). */
static const yaml_node_t *top_value(Ctx *c, const char *name)
{
    yaml_node_t *root = yaml_document_get_root_node(c->doc);
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *key = yaml_document_get_node(c->doc, p->key);
        if (key && key->type == YAML_SCALAR_NODE && strcmp(scalar_text(key), name) == 0)
            return yaml_document_get_node(c->doc, p->value);
    }
    return NULL;
}

/* The rule system a document's contract is read in: --rules, else the
 * document's rules:, else isko.  NULL when the reader has no rules directory. */
static const RuleSystem *document_rules(Ctx *c, bool *ok)
{
    DealReader *r = c->reader;
    *ok = true;
    if (!r->rules_dir)
        return NULL;
    const yaml_node_t *named = top_value(c, "rules");
    const char *name = r->rules_override;
    if (!name && named && named->type == YAML_SCALAR_NODE)
        name = scalar_text(named);
    if (!name)
        name = "isko";
    if (r->rules && strcmp(r->loaded_rules, name) == 0)
        return r->rules;
    if (!r->rules && !(r->rules = malloc(sizeof *r->rules))) {
        *ok = fail(c, c->deal->contract_mark, "out of memory");
        return NULL;
    }
    char message[MESSAGE_BYTES];
    r->loaded_rules[0] = '\0';
    if (!rules_load(name, r->rules_dir, r->rules, message, sizeof message)) {
        Mark at = named && !r->rules_override ? mark_of(named) : c->deal->contract_mark;
        *ok = fail(c, at, "rule system: %s", message);
        return NULL;
    }
    snprintf(r->loaded_rules, sizeof r->loaded_rules, "%s", name);
    return r->rules;
}

static bool read_contract(Ctx *c, yaml_node_t *n)
{
    c->deal->has_contract = true;
    c->deal->contract_mark = mark_of(n);
    /* All passed: the cards are played with the jacks as trumps, no skat
     * exchange, every player for himself. */
    if (n->type == YAML_SCALAR_NODE && strcasecmp(scalar_text(n), "ramsch") == 0) {
        c->deal->ramsch = true;
        c->deal->contract = (Contract){.game = GAME_GRAND, .hand = true};
        return true;
    }
    bool ok;
    const RuleSystem *rules = document_rules(c, &ok);
    if (!ok)
        return false;
    if (!rules || n->type != YAML_SCALAR_NODE)
        return get_contract(c, n, "contract", &c->deal->contract);
    char message[MESSAGE_BYTES];
    if (!rules_parse_contract(rules, scalar_text(n), &c->deal->contract, message, sizeof message))
        return fail(c, mark_of(n), "%s", message);
    return true;
}

static bool read_discard(Ctx *c, yaml_node_t *n)
{
    if (!get_cards(c, n, "discard", false, false, &c->discard) || !count_is(c, n, "discard", c->discard.count, 2))
        return false;
    c->deal->has_discard = true;
    c->deal->discard = list_set(&c->discard);
    return true;
}

static bool read_play(Ctx *c, yaml_node_t *n)
{
    if (!get_cards(c, n, "play", false, true, &c->play))
        return false;
    if (c->play.count > DEAL_MAX_PLAY)
        return fail(c, c->play.marks[DEAL_MAX_PLAY], "play holds %d cards, a game has at most %d",
                    c->play.count, DEAL_MAX_PLAY);
    c->deal->play_count = c->play.count;
    c->deal->play_mark = mark_of(n);
    memcpy(c->deal->play, c->play.cards, sizeof c->deal->play[0] * (size_t)c->play.count);
    return true;
}

static bool read_lead(Ctx *c, yaml_node_t *n)
{
    c->deal->has_lead = true;
    return get_seat(c, n, "lead", &c->deal->lead);
}

static bool read_trick(Ctx *c, yaml_node_t *n)
{
    if (!get_cards(c, n, "trick", true, false, &c->trick))
        return false;
    if (c->trick.count > 2)
        return fail(c, c->trick.marks[2], "trick holds %d cards, a trick in progress at most 2", c->trick.count);
    c->deal->trick_size = c->trick.count;
    memcpy(c->deal->trick, c->trick.cards, sizeof c->deal->trick[0] * (size_t)c->trick.count);
    return true;
}

static bool read_declarer_points(Ctx *c, yaml_node_t *n)
{
    c->deal->has_declarer_points = true;
    return get_int(c, n, "declarer_points", 0, 120, &c->deal->declarer_points);
}

static bool read_declarer_tricks(Ctx *c, yaml_node_t *n)
{
    c->deal->has_declarer_tricks = true;
    return get_int(c, n, "declarer_tricks", 0, 10, &c->deal->declarer_tricks);
}

static bool read_defender_tricks(Ctx *c, yaml_node_t *n)
{
    c->deal->has_defender_tricks = true;
    return get_int(c, n, "defender_tricks", 0, 10, &c->deal->defender_tricks);
}

static bool read_pushes(Ctx *c, yaml_node_t *n)
{
    return get_int(c, n, "pushes", 0, 3, &c->deal->pushes);
}

static bool read_bid(Ctx *c, yaml_node_t *n)
{
    return get_int(c, n, "bid", 1, MAX_BID, &c->deal->bid);
}

/* kontra: false/true, "kontra"/"re", or the number of doublings 0..2. */
static bool read_kontra(Ctx *c, yaml_node_t *n)
{
    static const struct {
        const char *word;
        int value;
    } words[] = {{"kontra", 1}, {"re", 2}};
    ScalarKind kind = scalar_kind(n);
    if (kind == SCALAR_TRUE || kind == SCALAR_FALSE) {
        c->deal->kontra = kind == SCALAR_TRUE;
        return true;
    }
    if (kind == SCALAR_INT)
        return get_int(c, n, "kontra", 0, 2, &c->deal->kontra);
    for (size_t i = 0; n->type == YAML_SCALAR_NODE && i < sizeof words / sizeof words[0]; i++)
        if (strcasecmp(scalar_text(n), words[i].word) == 0) {
            c->deal->kontra = words[i].value;
            return true;
        }
    if (n->type != YAML_SCALAR_NODE)
        return wrong_type(c, n, "kontra", "false, true, kontra, re or 0..2");
    char buf[DEAL_SHOWN_BYTES + 4];
    return fail(c, mark_of(n), "kontra must be false, true, kontra, re or 0..2, not '%s'",
                deal_shown_text(scalar_text(n), n->data.scalar.length, buf));
}

static bool read_rules(Ctx *c, yaml_node_t *n)
{
    return get_string(c, n, "rules", c->deal->rules, sizeof c->deal->rules);
}

static bool read_question(Ctx *c, yaml_node_t *n)
{
    return get_string(c, n, "question", c->deal->question, sizeof c->deal->question);
}

static bool read_source(Ctx *c, yaml_node_t *n)
{
    return get_string(c, n, "source", c->deal->source, sizeof c->deal->source);
}

static bool read_explanation(Ctx *c, yaml_node_t *n)
{
    return get_string(c, n, "explanation", c->deal->explanation, sizeof c->deal->explanation);
}

/* ---- answer ------------------------------------------------------------- */

static bool answer_declarer_points(Ctx *c, yaml_node_t *n, Answer *a)
{
    a->has_declarer_points = true;
    return get_int(c, n, "declarer_points", 0, 120, &a->declarer_points);
}

static bool answer_wins_null(Ctx *c, yaml_node_t *n, Answer *a)
{
    a->has_declarer_wins_null = true;
    return get_bool(c, n, "declarer_wins_null", &a->declarer_wins_null);
}

static bool answer_game_value(Ctx *c, yaml_node_t *n, Answer *a)
{
    a->has_game_value = true;
    return get_int(c, n, "game_value", -MAX_GAME_VALUE, MAX_GAME_VALUE, &a->game_value);
}

/* bid_ceiling: null means no bid at all is safe. */
static bool answer_bid_ceiling(Ctx *c, yaml_node_t *n, Answer *a)
{
    a->has_bid_ceiling = true;
    a->bid_ceiling_none = scalar_kind(n) == SCALAR_NULL;
    return a->bid_ceiling_none || get_int(c, n, "bid_ceiling", 0, MAX_BID, &a->bid_ceiling);
}

static bool answer_winning_cards(Ctx *c, yaml_node_t *n, Answer *a)
{
    CardList list;
    int most = (int)(sizeof a->winning_cards / sizeof a->winning_cards[0]);
    if (!get_cards(c, n, "winning_cards", false, false, &list) ||
        !count_at_most(c, n, "winning_cards", list.count, most))
        return false;
    a->winning_card_count = list.count;
    memcpy(a->winning_cards, list.cards, sizeof a->winning_cards[0] * (size_t)list.count);
    return true;
}

static bool answer_discard(Ctx *c, yaml_node_t *n, Answer *a)
{
    CardList list;
    if (!get_cards(c, n, "discard", false, false, &list) || !count_is(c, n, "discard", list.count, 2))
        return false;
    a->has_discard = true;
    a->discard = list_set(&list);
    return true;
}

static bool answer_contract(Ctx *c, yaml_node_t *n, Answer *a)
{
    a->has_contract = true;
    return get_contract(c, n, "contract", &a->contract);
}

static bool answer_schwarz(Ctx *c, yaml_node_t *n, Answer *a)
{
    a->has_declarer_schwarz = true;
    return get_bool(c, n, "declarer_schwarz", &a->declarer_schwarz);
}

static const struct {
    const char *name;
    bool (*read)(Ctx *, yaml_node_t *, Answer *);
} answer_keys[] = {
    {"declarer_points", answer_declarer_points}, {"declarer_wins_null", answer_wins_null},
    {"game_value", answer_game_value},           {"bid_ceiling", answer_bid_ceiling},
    {"winning_cards", answer_winning_cards},     {"discard", answer_discard},
    {"contract", answer_contract},               {"declarer_schwarz", answer_schwarz},
};
enum { ANSWER_KEY_COUNT = sizeof answer_keys / sizeof answer_keys[0] };

/* The index of key's name in a table of names, or -1 (message written). */
static int key_index(Ctx *c, const yaml_node_t *key, const char *const *names, int count, const char *where)
{
    char buf[DEAL_SHOWN_BYTES + 4];
    if (key->type != YAML_SCALAR_NODE) {
        wrong_type(c, key, "a key", "a string");
        return -1;
    }
    for (int i = 0; i < count; i++)
        if (strcmp(scalar_text(key), names[i]) == 0)
            return i;
    fail(c, mark_of(key), "unknown key '%s'%s", deal_shown_text(scalar_text(key), key->data.scalar.length, buf), where);
    return -1;
}

static bool read_answer(Ctx *c, yaml_node_t *n)
{
    const char *names[ANSWER_KEY_COUNT];
    bool seen[ANSWER_KEY_COUNT] = {false};
    for (int i = 0; i < ANSWER_KEY_COUNT; i++)
        names[i] = answer_keys[i].name;
    if (n->type != YAML_MAPPING_NODE)
        return wrong_type(c, n, "answer", "a mapping");
    c->deal->has_answer = true;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *key = yaml_document_get_node(c->doc, p->key);
        int i = key_index(c, key, names, ANSWER_KEY_COUNT, " in answer");
        if (i < 0)
            return false;
        if (seen[i])
            return fail(c, mark_of(key), "key '%s' given twice in answer", names[i]);
        seen[i] = true;
        if (!answer_keys[i].read(c, yaml_document_get_node(c->doc, p->value), &c->deal->answer))
            return false;
    }
    return true;
}

static const struct {
    const char *name;
    bool (*read)(Ctx *, yaml_node_t *);
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
    [KEY_ANSWER] = {"answer", read_answer},
    [KEY_PUSHES] = {"pushes", read_pushes},
};

static bool read_keys(Ctx *c, yaml_node_t *root)
{
    const char *names[KEY_COUNT];
    for (int i = 0; i < KEY_COUNT; i++)
        names[i] = top_keys[i].name;
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *key = yaml_document_get_node(c->doc, p->key);
        int i = key_index(c, key, names, KEY_COUNT, "");
        if (i < 0)
            return false;
        if (c->key[i])
            return fail(c, mark_of(key), "key '%s' given twice", names[i]);
        c->key[i] = key;
        c->value[i] = yaml_document_get_node(c->doc, p->value);
        if (!top_keys[i].read(c, c->value[i]))
            return false;
    }
    return true;
}

/* ---- the deal as a whole ----------------------------------------------- */

static int hand_size(const Ctx *c, int seat)
{
    return set_count(c->deal->hands[seat]);
}

/* A hand of fewer than 10 cards belongs to a position, which needs the
 * other hands too (a single hand, for evaluate, has 10 or 12 cards). */
static bool short_of_hands(Ctx *c, int seat)
{
    char missing[64] = "";
    for (int s = 0; s < SEAT_COUNT; s++)
        if (!c->deal->has_hand[s])
            text_append(missing, sizeof missing, "%s%s", missing[0] ? ", " : "", seat_name(s));
    int n = hand_size(c, seat);
    return fail(c, mark_of(c->hand_node[seat]), "%s holds %d card%s: a position needs all three hands (missing: %s)",
                seat_name(seat), n, n == 1 ? "" : "s", missing);
}

/* One or two hands (evaluate): each 10 cards, or 12 with the skat picked up. */
static bool check_some_hands(Ctx *c)
{
    static const Key full_only[] = {KEY_PLAY, KEY_LEAD, KEY_TRICK};
    for (size_t i = 0; i < sizeof full_only / sizeof full_only[0]; i++)
        if (c->key[full_only[i]])
            return fail(c, mark_of(c->key[full_only[i]]), "'%s' needs all three hands", top_keys[full_only[i]].name);
    for (int s = 0; s < SEAT_COUNT; s++) {
        if (!c->deal->has_hand[s] || hand_size(c, s) == 10)
            continue;
        if (hand_size(c, s) < 10)
            return short_of_hands(c, s);
        if (hand_size(c, s) != DEAL_MAX_CARDS)
            return fail(c, mark_of(c->hand_node[s]), "%s holds %d cards, a hand holds 10 (or 12 with the skat)",
                        seat_name(s), hand_size(c, s));
        if (c->deal->has_skat)
            return fail(c, mark_of(c->value[KEY_SKAT]), "skat given, but %s's 12 cards already include it",
                        seat_name(s));
    }
    return true;
}

/* Without a lead the three hands are a full deal of ten cards each. */
static bool check_full_deal(Ctx *c)
{
    if (c->key[KEY_TRICK])
        return fail(c, mark_of(c->key[KEY_TRICK]), "'trick' needs 'lead', the seat that led it");
    bool any_ten = false;
    for (int s = 0; s < SEAT_COUNT; s++)
        any_ten |= hand_size(c, s) == 10;
    if (!any_ten)
        return fail(c, document_mark(c), "missing key 'lead' (a position needs the seat that leads the current trick)");
    for (int s = 0; s < SEAT_COUNT; s++)
        if (hand_size(c, s) != 10)
            return fail(c, mark_of(c->hand_node[s]), "%s holds %d cards, a full deal needs 10 (a position needs 'lead')",
                        seat_name(s), hand_size(c, s));
    if (!c->deal->has_skat)
        return fail(c, document_mark(c), "missing key 'skat' (a full deal needs the skat)");
    c->deal->full_deal = true;
    return true;
}

/* A seat's hand with its card in the trick put back: the same for all three
 * when the hand sizes fit the trick (seats from the leader on have played). */
static int size_before_trick(const Ctx *c, int seat)
{
    const Deal *d = c->deal;
    int order = (seat - d->lead + SEAT_COUNT) % SEAT_COUNT;
    return hand_size(c, seat) + (order < d->trick_size ? 1 : 0);
}

/* The seat whose hand does not fit: the one that disagrees with the other
 * two, or, when all three disagree, the first that differs from the player
 * to move; *reference is the size before the trick it should have.  -1 when
 * the sizes fit. */
static int odd_hand(const Ctx *c, int to_move, int *reference)
{
    int before[SEAT_COUNT];
    for (int s = 0; s < SEAT_COUNT; s++)
        before[s] = size_before_trick(c, s);
    for (int s = 0; s < SEAT_COUNT; s++) {
        int a = before[(s + 1) % SEAT_COUNT], b = before[(s + 2) % SEAT_COUNT];
        if (a == b && before[s] != a) {
            *reference = a;
            return s;
        }
    }
    *reference = before[to_move];
    for (int i = 0; i < SEAT_COUNT; i++) {
        int s = (c->deal->lead + i) % SEAT_COUNT;
        if (before[s] != before[to_move])
            return s;
    }
    return -1;
}

static bool check_position_sizes(Ctx *c)
{
    const Deal *d = c->deal;
    int to_move = (d->lead + d->trick_size) % SEAT_COUNT;
    if (hand_size(c, to_move) == 0)
        return fail(c, mark_of(c->hand_node[to_move]), "%s is to play but holds no cards", seat_name(to_move));
    int reference;
    int odd = odd_hand(c, to_move, &reference);
    if (odd < 0)
        return true;
    int other = (odd + 1) % SEAT_COUNT, third = (odd + 2) % SEAT_COUNT;
    int expected = reference - (size_before_trick(c, odd) - hand_size(c, odd));
    return fail(c, mark_of(c->hand_node[odd]),
                "hand sizes do not fit the trick: %s holds %d cards, expected %d "
                "(%s holds %d and %s %d; %d card%s in the trick, led by %s)",
                seat_name(odd), hand_size(c, odd), expected, seat_name(other), hand_size(c, other),
                seat_name(third), hand_size(c, third), d->trick_size, d->trick_size == 1 ? "" : "s",
                seat_name(d->lead));
}

static bool check_position(Ctx *c)
{
    static const Key full_only[] = {KEY_PLAY, KEY_DISCARD};
    bool all_ten = true;
    for (int s = 0; s < SEAT_COUNT; s++)
        all_ten &= hand_size(c, s) == 10;
    if (all_ten && c->deal->trick_size == 0)
        return fail(c, mark_of(c->key[KEY_LEAD]), "'lead' is only for positions: forehand leads a full deal");
    for (size_t i = 0; i < sizeof full_only / sizeof full_only[0]; i++)
        if (c->key[full_only[i]])
            return fail(c, mark_of(c->key[full_only[i]]),
                        "'%s' is not allowed in a position (hands of fewer than 10 cards)", top_keys[full_only[i]].name);
    return check_position_sizes(c);
}

static bool check_hands(Ctx *c)
{
    int given = 0;
    for (int s = 0; s < SEAT_COUNT; s++)
        given += c->deal->has_hand[s];
    if (given == 0)
        return fail(c, document_mark(c), "missing key 'hands'");
    if (given < SEAT_COUNT)
        return check_some_hands(c);
    for (int s = 0; s < SEAT_COUNT; s++)
        if (hand_size(c, s) > 10)
            return fail(c, mark_of(c->hand_node[s]), "%s holds %d cards, at most 10", seat_name(s), hand_size(c, s));
    return c->deal->has_lead ? check_position(c) : check_full_deal(c);
}

static const char *suit_word(int effective)
{
    static const char *const words[] = {"clubs", "spades", "hearts", "diamonds", "trump"};
    return words[effective];
}

/* Whether seat may play card from hand (card still in it) to the trick. */
static bool check_follow(Ctx *c, GameType game, CardSet hand, int led, int card, int seat, Mark m,
                         const char *what)
{
    if (set_has(legal_moves(game, hand, led), card))
        return true;
    return fail(c, m, "%s: %s must follow %s, plays %s", what, seat_name(seat),
                suit_word(effective_suit(game, led)), name_of(card).text);
}

/* The second card of a trick in progress must have followed suit if it could. */
static bool check_trick(Ctx *c)
{
    const Deal *d = c->deal;
    if (d->full_deal || !d->has_lead || d->trick_size < 2 || !d->has_contract)
        return true;
    int seat = (d->lead + 1) % SEAT_COUNT;
    return check_follow(c, d->contract.game, d->hands[seat] | card_bit(d->trick[1]), d->trick[0], d->trick[1],
                        seat, c->trick.marks[1], "illegal trick");
}

/* The cards the declarer may put away: the hand and the skat. */
static bool declarer_cards(Ctx *c, int *seat)
{
    const Deal *d = c->deal;
    if (d->has_declarer) {
        *seat = d->declarer;
        return d->has_hand[*seat];
    }
    int given = 0;
    for (int s = 0; s < SEAT_COUNT; s++)
        if (d->has_hand[s]) {
            *seat = s;
            given++;
        }
    return given == 1;
}

static bool check_discard(Ctx *c)
{
    const Deal *d = c->deal;
    int seat;
    if (!d->has_discard)
        return true;
    if (d->has_contract && d->contract.hand)
        return fail(c, mark_of(c->key[KEY_DISCARD]), "a hand game has no discard");
    if (!declarer_cards(c, &seat))
        return fail(c, mark_of(c->key[KEY_DISCARD]), "'discard' needs 'declarer' and the declarer's hand");
    CardSet twelve = d->hands[seat] | d->skat;
    for (int i = 0; i < c->discard.count; i++)
        if (!set_has(twelve, c->discard.cards[i]))
            return fail(c, c->discard.marks[i], "discard %s is not among %s's cards and the skat",
                        name_of(c->discard.cards[i]).text, seat_name(seat));
    return true;
}

static void start_position(const Deal *d, Position *pos);

static bool play_card(Ctx *c, Position *pos, int i)
{
    int card = c->play.cards[i];
    int seat = position_to_move(pos);
    if (!set_has(pos->hands[seat], card))
        return fail(c, c->play.marks[i], "illegal play: %s is not in %s's hand", name_of(card).text, seat_name(seat));
    int led = pos->trick_size ? pos->trick[0] : CARD_NONE;
    if (!check_follow(c, pos->game, pos->hands[seat], led, card, seat, c->play.marks[i], "illegal play"))
        return false;
    position_play(pos, card);
    return true;
}

static bool check_play(Ctx *c)
{
    const Deal *d = c->deal;
    Position pos;
    if (!c->key[KEY_PLAY])
        return true;
    Mark m = mark_of(c->key[KEY_PLAY]);
    if (!d->has_contract)
        return fail(c, m, "play needs a contract");
    if (d->ramsch && d->has_declarer)
        return fail(c, mark_of(c->key[KEY_DECLARER]), "a ramsch has no declarer");
    if (!d->has_declarer && !d->ramsch)
        return fail(c, m, "play needs a declarer");
    if (!d->contract.hand && !d->has_discard)
        return fail(c, m, "play needs a discard in a skat game");
    start_position(d, &pos);
    for (int i = 0; i < c->play.count; i++)
        if (!play_card(c, &pos, i))
            return false;
    return true;
}

/* What was already won cannot exceed what is out of play. */
static bool check_results(Ctx *c)
{
    const Deal *d = c->deal;
    Position pos;
    int tricks = d->declarer_tricks + d->defender_tricks;
    yaml_node_t *tricks_node = c->value[KEY_DEFENDER_TRICKS] ? c->value[KEY_DEFENDER_TRICKS] : c->value[KEY_DECLARER_TRICKS];
    if (!d->full_deal && !d->has_lead)
        return true;
    if (d->full_deal) {
        if (tricks > 10)
            return fail(c, mark_of(tricks_node), "declarer_tricks and defender_tricks add up to %d, a game has 10 tricks", tricks);
        return true;
    }
    start_position(d, &pos);
    int out_of_play = 120 - position_points_left(&pos);
    if (d->declarer_points > out_of_play)
        return fail(c, mark_of(c->value[KEY_DECLARER_POINTS]),
                    "declarer_points is %d, but only %d points are out of play", d->declarer_points, out_of_play);
    int played = 10 - set_count(d->hands[(d->lead + d->trick_size) % SEAT_COUNT]);
    if (tricks > played)
        return fail(c, mark_of(tricks_node), "declarer_tricks and defender_tricks add up to %d, but %d trick%s been played",
                    tricks, played, played == 1 ? " has" : "s have");
    return true;
}

static bool (*const checks[])(Ctx *) = {check_hands, check_trick, check_discard, check_play, check_results};

static bool read_deal(Ctx *c, yaml_node_t *root)
{
    if (root->type != YAML_MAPPING_NODE)
        return fail(c, mark_of(root), "a deal must be a mapping of keys (hands, skat, declarer, ...), not a %s",
                    kind_name(root));
    if (!read_keys(c, root))
        return false;
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
        if (!checks[i](c))
            return false;
    return true;
}

/* ---- the reader --------------------------------------------------------- */

/* Takes text (size bytes, a '\0' after them, malloc'ed) whatever happens. */
static DealReader *open_text(const char *path, char *text, size_t size, const char *problem, char *err,
                             size_t err_size)
{
    DealReader *r = text ? calloc(1, sizeof *r) : NULL;
    if (r) {
        r->text = text;
        r->size = size;
        text = NULL;
    }
    if (r && (r->path = strdup(path)) && yaml_depth_init(&r->guard, r->text, r->size)) {
        if (yaml_parser_initialize(&r->parser)) {
            r->bom = r->size >= 3 && memcmp(r->text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
            r->cursor_byte = r->bom;
            yaml_parser_set_input_string(&r->parser, (const unsigned char *)r->text, r->size);
            return r;
        }
        yaml_depth_delete(&r->guard);
    }
    snprintf(err, err_size, "%s: cannot read: %s", path, problem);
    free(text);
    if (r) {
        free(r->text);
        free(r->path);
        free(r);
    }
    return NULL;
}

DealReader *deal_reader_open(const char *path, char *err, size_t err_size)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, err_size, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    const char *problem = "out of memory";
    size_t size = 0;
    char *text = slurp_stream(f, &size, &problem);
    if (!is_stdin)
        fclose(f);
    return open_text(path, text, size, problem, err, err_size);
}

DealReader *deal_reader_open_text(const char *name, const char *text, size_t size, char *err, size_t err_size)
{
    char *copy = malloc(size + 1);
    if (copy) {
        memcpy(copy, text, size);
        copy[size] = '\0';
    }
    return open_text(name, copy, size, "out of memory", err, err_size);
}

/* The line and column of a byte offset, for reader errors (bad UTF-8). */
static Mark mark_of_offset(const DealReader *r, size_t offset)
{
    Mark m = {1, 1};
    for (size_t i = r->bom; i < offset && i < r->size; i++) {
        if (r->text[i] == '\n') {
            m.line++;
            m.column = 1;
        } else if (((unsigned char)r->text[i] & 0xc0) != 0x80) {
            m.column++;
        }
    }
    return m;
}

static int syntax_error(DealReader *r, char *err, size_t err_size)
{
    r->broken = true;
    if (r->refused) {
        report(r->path, r->refused_mark, err, err_size, "%s", r->guard.problem);
        return -1;
    }
    const yaml_parser_t *p = &r->parser;
    Mark m = {(int)p->problem_mark.line + 1, (int)p->problem_mark.column + 1};
    if (p->error == YAML_READER_ERROR)
        m = mark_of_offset(r, p->problem_offset);
    report(r->path, m, err, err_size, "YAML syntax error: %s", p->problem ? p->problem : "out of memory");
    return -1;
}

/* The next document, once the guard has found it flat and small enough. */
static bool load(DealReader *r, yaml_document_t *doc)
{
    yaml_mark_t m;
    if (!yaml_depth_next(&r->guard, &m)) {
        r->refused = true;
        r->refused_mark = (Mark){(int)m.line + 1, (int)m.column + 1};
        return false;
    }
    return yaml_parser_load(&r->parser, doc);
}

/* An empty document ("---" and nothing) holds no deal: skipped. */
static bool empty_document(const yaml_node_t *root)
{
    return root->type == YAML_SCALAR_NODE && root->data.scalar.length == 0 &&
           root->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

/* The next document with a root node, or false at the end (doc then deleted). */
static bool load_document(DealReader *r, yaml_document_t *doc, yaml_node_t **root)
{
    for (;;) {
        *root = yaml_document_get_root_node(doc);
        if (!*root || !empty_document(*root))
            return *root != NULL;
        yaml_document_delete(doc);
        if (!load(r, doc))
            return false;
    }
}

int deal_reader_next(DealReader *r, Deal *deal, char *err, size_t err_size)
{
    yaml_document_t doc;
    yaml_node_t *root;
    memset(deal, 0, sizeof *deal);
    if (r->broken)
        return syntax_error(r, err, err_size);
    if (r->ended)
        return 0;
    if (!load(r, &doc) || (!load_document(r, &doc, &root) && (r->parser.error || r->refused)))
        return syntax_error(r, err, err_size);
    if (!root) {
        yaml_document_delete(&doc);
        r->ended = true;
        if (r->documents > 0)
            return 0;
        report(r->path, (Mark){1, 1}, err, err_size, "empty file: no deal");
        return -1;
    }
    r->documents++;
    snprintf(deal->file, sizeof deal->file, "%s", r->path);
    deal->mark = (Mark){(int)doc.start_mark.line + 1, (int)doc.start_mark.column + 1};
    deal->play_mark = deal->mark;
    Ctx c = {.reader = r, .doc = &doc, .deal = deal, .err = err, .err_size = err_size};
    bool ok = read_deal(&c, root);
    yaml_document_delete(&doc);
    return ok ? 1 : -1;
}

bool deal_reader_set_rules(DealReader *r, const char *override, const char *rules_dir)
{
    free(r->rules_override);
    free(r->rules_dir);
    r->rules_override = override ? strdup(override) : NULL;
    r->rules_dir = strdup(rules_dir);
    r->loaded_rules[0] = '\0';
    return r->rules_dir && (!override || r->rules_override);
}

const char *deal_reader_text(const DealReader *r, size_t *size)
{
    *size = r->size;
    return r->text;
}

void deal_reader_close(DealReader *r)
{
    if (!r)
        return;
    yaml_parser_delete(&r->parser);
    yaml_depth_delete(&r->guard);
    free(r->rules_override);
    free(r->rules_dir);
    free(r->rules);
    free(r->text);
    free(r->path);
    free(r);
}

/* ---- positions ---------------------------------------------------------- */

/* The position before the recorded play: after the skat exchange in a full deal. */
static void start_position(const Deal *d, Position *pos)
{
    *pos = (Position){.game = d->has_contract ? d->contract.game : GAME_GRAND,
                      .declarer = d->has_declarer ? d->declarer : SEAT_FOREHAND};
    memcpy(pos->hands, d->hands, sizeof pos->hands);
    if (!d->full_deal) {
        pos->leader = d->has_lead ? d->lead : SEAT_FOREHAND;
        pos->trick_size = d->trick_size;
        memcpy(pos->trick, d->trick, sizeof pos->trick);
        pos->declarer_points = d->declarer_points;
        pos->declarer_tricks = d->declarer_tricks;
        pos->defender_tricks = d->defender_tricks;
        return;
    }
    int s = pos->declarer;
    if (d->has_contract && d->contract.hand) {
        pos->declarer_points = set_points(d->skat);
    } else if (d->has_discard) {
        pos->hands[s] = (pos->hands[s] | d->skat) & ~d->discard;
        pos->declarer_points = set_points(d->discard);
    } else {
        pos->hands[s] |= d->skat; /* twelve cards: the caller chooses the discard */
    }
}

void deal_position(const Deal *deal, Position *pos)
{
    start_position(deal, pos);
    for (int i = 0; deal->full_deal && i < deal->play_count; i++)
        position_play(pos, deal->play[i]);
}

bool deal_require_game(const Deal *d, char *err, size_t n)
{
    if (!d->has_declarer || !d->has_contract) {
        report(d->file, d->mark, err, n, "missing key '%s'", d->has_declarer ? "contract" : "declarer");
        return false;
    }
    for (int s = 0; s < SEAT_COUNT; s++)
        if (!d->has_hand[s]) {
            report(d->file, d->mark, err, n, "missing hand '%s'", seat_name(s));
            return false;
        }
    return true;
}
