/* Reading single values of a deal's YAML document: messages that point at
 * the node, strings, numbers, seats, contracts, and cards with the place of
 * each card in the file (libyaml only marks nodes, so a card inside a string
 * is found in the file's text). */
#define _GNU_SOURCE /* memmem */
#include "dealparse.h"
#include "notation.h"
#include "text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- messages ---------------------------------------------------------- */

Mark deal_node_mark(const yaml_node_t *n)
{
    return (Mark){(int)n->start_mark.line + 1, (int)n->start_mark.column + 1};
}

Mark deal_document_mark(const DealParse *c)
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
    snprintf(err, size, "%s:%d:%d: %s", path, m.line, m.column, message);
    text_one_line(err);
}

void deal_report(const char *path, Mark m, char *err, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(path, m, err, size, fmt, ap);
    va_end(ap);
}

bool deal_fail(DealParse *c, Mark m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(c->src->path, m, c->err, c->err_size, fmt, ap);
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

const char *deal_kind_name(const yaml_node_t *n)
{
    static const char *const names[] = {
        [YAML_NO_NODE] = "nothing", [YAML_SCALAR_NODE] = "a string",
        [YAML_SEQUENCE_NODE] = "a sequence", [YAML_MAPPING_NODE] = "a mapping",
    };
    /* A scalar by what YAML reads it as: "hands: ~" is no string. */
    static const char *const scalars[] = {
        [SCALAR_STRING] = "a string", [SCALAR_NULL] = "null (~ or nothing)", [SCALAR_TRUE] = "a boolean (true)",
        [SCALAR_FALSE] = "a boolean (false)", [SCALAR_INT] = "a number", [SCALAR_FOREIGN] = "a string",
    };
    return n->type == YAML_SCALAR_NODE ? scalars[yaml_value_kind(n)] : names[n->type];
}

bool deal_wrong_type(DealParse *c, const yaml_node_t *n, const char *what, const char *expected)
{
    return deal_fail(c, deal_node_mark(n), "%s must be %s, not %s", what, expected, deal_kind_name(n));
}

DealCardName deal_card_text(int card)
{
    DealCardName n;
    card_name(card, n.text);
    return n;
}

/* ---- scalars ------------------------------------------------------------ */

bool deal_get_string(DealParse *c, const yaml_node_t *n, const char *what, char *out, size_t size)
{
    if (n->type != YAML_SCALAR_NODE)
        return deal_wrong_type(c, n, what, "a string");
    size_t len = n->data.scalar.length;
    if (yaml_value_kind(n) == SCALAR_NULL)
        len = 0;
    unsigned code;
    if (text_has_control(yaml_value_text(n), len, &code))
        return deal_fail(c, deal_node_mark(n), "%s contains a control character (U+%04X)", what, code);
    if (len >= size)
        return deal_fail(c, deal_node_mark(n), "%s is too long: %zu bytes, at most %zu", what, len, size - 1);
    memcpy(out, yaml_value_text(n), len);
    out[len] = '\0';
    return true;
}

bool deal_get_line(DealParse *c, const yaml_node_t *n, const char *what, char *out, size_t size)
{
    if (!deal_get_string(c, n, what, out, size))
        return false;
    size_t at = strcspn(out, "\t\n");
    if (out[at])
        return deal_fail(c, deal_node_mark(n), "%s must be one line: it holds a %s", what,
                         out[at] == '\t' ? "tab" : "line break");
    /* Spaces alone were shown as a blank line ("name: '  '"); "" is no
     * text, as the key left out. */
    if (out[0] && !out[strspn(out, " ")])
        return deal_fail(c, deal_node_mark(n), "%s is blank: give it some text or leave the key out", what);
    return true;
}

bool deal_get_int(DealParse *c, const yaml_node_t *n, const char *what, int min, int max, int *out)
{
    char buf[DEAL_SHOWN_BYTES + 4];
    if (n->type != YAML_SCALAR_NODE)
        return deal_wrong_type(c, n, what, "an integer");
    const char *t = yaml_value_text(n);
    if (yaml_value_forced_string(n))
        return deal_fail(c, deal_node_mark(n), "%s must be an integer, not a %s", what, yaml_value_forced_string(n));
    bool integer = yaml_value_kind(n) == SCALAR_INT;
    errno = 0;
    long long v = integer ? strtoll(t, NULL, 10) : 0;
    if (!integer || errno == ERANGE || v < min || v > max)
        return deal_fail(c, deal_node_mark(n), "%s must be an integer from %d to %d, not '%s'", what, min, max,
                    deal_shown_text(t, n->data.scalar.length, buf));
    *out = (int)v;
    return true;
}

bool deal_get_bool(DealParse *c, const yaml_node_t *n, const char *what, bool *out)
{
    ScalarKind kind = yaml_value_kind(n);
    if (kind != SCALAR_TRUE && kind != SCALAR_FALSE) {
        char buf[DEAL_SHOWN_BYTES + 4];
        if (n->type != YAML_SCALAR_NODE)
            return deal_wrong_type(c, n, what, "true or false");
        if (yaml_value_forced_string(n))
            return deal_fail(c, deal_node_mark(n), "%s must be true or false, not a %s", what,
                             yaml_value_forced_string(n));
        return deal_fail(c, deal_node_mark(n), "%s must be true or false, not '%s'", what,
                    deal_shown_text(yaml_value_text(n), n->data.scalar.length, buf));
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

bool deal_get_seat(DealParse *c, const yaml_node_t *n, const char *what, int *out)
{
    char buf[DEAL_SHOWN_BYTES + 4];
    if (n->type != YAML_SCALAR_NODE)
        return deal_wrong_type(c, n, what, "a seat");
    for (size_t i = 0; i < sizeof seat_words / sizeof seat_words[0]; i++)
        if (strcasecmp(yaml_value_text(n), seat_words[i].name) == 0) {
            *out = seat_words[i].seat;
            return true;
        }
    return deal_fail(c, deal_node_mark(n), "unknown seat '%s' (forehand, middlehand, rearhand)",
                deal_shown_text(yaml_value_text(n), n->data.scalar.length, buf));
}

bool deal_get_contract(DealParse *c, const yaml_node_t *n, const char *what, Contract *out)
{
    char text[128], message[MESSAGE_BYTES];
    if (n->type != YAML_SCALAR_NODE)
        return deal_wrong_type(c, n, what, "a contract such as 'grand' or 'hearts hand'");
    if (n->data.scalar.length >= sizeof text)
        return deal_fail(c, deal_node_mark(n), "%s is too long", what);
    memcpy(text, yaml_value_text(n), n->data.scalar.length + 1);
    if (!contract_parse(text, out, message, sizeof message))
        return deal_fail(c, deal_node_mark(n), "%s", message);
    return true;
}

/* ---- cards and their places -------------------------------------------- */

/* libyaml's mark index counts characters; the text is bytes. */
static size_t byte_of_char(DealSource *r, size_t index)
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

static void locator_init(DealSource *r, const yaml_node_t *n, Locator *loc)
{
    size_t from = byte_of_char(r, n->start_mark.index);
    size_t to = byte_of_char(r, n->end_mark.index);
    *loc = (Locator){.p = r->text + from, .end = r->text + (to > from ? to : from),
                     .at = deal_node_mark(n), .node = deal_node_mark(n)};
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
static bool add_card(DealParse *c, const char *token, size_t len, Mark m, bool dealt, CardList *out)
{
    char name[16], buf[DEAL_SHOWN_BYTES + 4];
    int card = CARD_NONE;
    if (len < sizeof name) {
        memcpy(name, token, len);
        name[len] = '\0';
        card = card_parse(name);
    }
    if (card == CARD_NONE)
        return deal_fail(c, m, "unknown card '%s'", deal_shown_text(token, len, buf));
    if (list_has(out, card) || (dealt && set_has(c->dealt, card)))
        return deal_fail(c, m, "duplicate card %s", deal_card_text(card).text);
    if (dealt)
        c->dealt |= card_bit(card);
    out->marks[out->count] = m;
    out->cards[out->count++] = card;
    return true;
}

/* Play: '/', line breaks and sequence items cut the cards into tricks.  With
 * more than one group every group must be one trick (the last may be partial). */
typedef struct {
    int size;                   /* cards in the current group */
    int number;                 /* 1-based number of the current group */
    bool closed;                /* a cut after the current group */
    Mark start;                 /* its first card */
} Groups;

static void group_cut(Groups *g)
{
    if (g && g->size > 0)
        g->closed = true;
}

/* A card of play: a group closed before it must have been one whole trick. */
static bool group_card(DealParse *c, Groups *g, Mark m)
{
    if (!g)
        return true;
    if (g->closed) {
        if (g->size != TRICK_CARDS)
            return deal_fail(c, g->start, "trick %d of play holds %d card%s, a trick holds 3", g->number,
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
static bool scalar_cards(DealParse *c, const yaml_node_t *n, bool dealt, CardList *out, Groups *g)
{
    const char *v = yaml_value_text(n);
    size_t len = n->data.scalar.length;
    Locator loc;
    locator_init(c->src, n, &loc);
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
    const char *v = yaml_value_text(n);
    for (size_t i = 0; i < n->data.scalar.length; i++)
        count += !is_blank(v[i]) && (i == 0 || is_blank(v[i - 1]));
    return count;
}

static bool sequence_cards(DealParse *c, const yaml_node_t *n, const char *what, bool dealt, CardList *out,
                           Groups *g, int depth);

/* One item of a sequence of cards.  In play an item of several cards, or a
 * sequence, is a trick of its own. */
static bool item_cards(DealParse *c, const yaml_node_t *item, const char *what, bool dealt, CardList *out,
                       Groups *g, int depth)
{
    bool trick = g && (item->type == YAML_SEQUENCE_NODE || (item->type == YAML_SCALAR_NODE && token_count(item) > 1));
    if (item->type == YAML_MAPPING_NODE || (item->type == YAML_SEQUENCE_NODE && (!g || depth > 0)))
        return deal_wrong_type(c, item, what, "cards (a string or a sequence of card names)");
    /* An item without a card ("", ~) was skipped without a word: a card
     * left out, or a slip of the file, never a card. */
    if (item->type == YAML_SCALAR_NODE && (token_count(item) == 0 || yaml_value_kind(item) == SCALAR_NULL))
        return deal_fail(c, deal_node_mark(item), "%s: an item of the sequence holds no card", what);
    if (trick)
        group_cut(g);
    bool ok = item->type == YAML_SCALAR_NODE ? scalar_cards(c, item, dealt, out, g)
                                             : sequence_cards(c, item, what, dealt, out, g, depth + 1);
    if (trick)
        group_cut(g);
    return ok;
}

static bool sequence_cards(DealParse *c, const yaml_node_t *n, const char *what, bool dealt, CardList *out,
                           Groups *g, int depth)
{
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
        if (!item_cards(c, yaml_document_get_node(c->doc, *it), what, dealt, out, g, depth))
            return false;
    return true;
}

/* Cards as a string or a sequence; plays (with_tricks) may also be cut into tricks. */
bool deal_get_cards(DealParse *c, const yaml_node_t *n, const char *what, bool dealt, bool with_tricks,
                      CardList *out)
{
    Groups groups = {0};
    Groups *g = with_tricks ? &groups : NULL;
    *out = (CardList){0};
    if (n->type == YAML_MAPPING_NODE)
        return deal_wrong_type(c, n, what, "cards (a string or a sequence of card names)");
    if (yaml_value_kind(n) == SCALAR_NULL) /* "skat: ~" or "skat:": no cards */
        return true;
    if (n->type == YAML_SCALAR_NODE ? !scalar_cards(c, n, dealt, out, g) : !sequence_cards(c, n, what, dealt, out, g, 0))
        return false;
    if (g && g->number > 1 && g->size > TRICK_CARDS)
        return deal_fail(c, g->start, "trick %d of play holds %d cards, a trick holds 3", g->number, g->size);
    return true;
}

CardSet deal_card_set(const CardList *list)
{
    CardSet s = 0;
    for (int i = 0; i < list->count; i++)
        s |= card_bit(list->cards[i]);
    return s;
}

bool deal_count_is(DealParse *c, const yaml_node_t *n, const char *what, int count, int needed)
{
    if (count == needed)
        return true;
    return deal_fail(c, deal_node_mark(n), "%s holds %d card%s, it needs %d", what, count, count == 1 ? "" : "s", needed);
}

bool deal_count_at_most(DealParse *c, const yaml_node_t *n, const char *what, int count, int most)
{
    if (count <= most)
        return true;
    return deal_fail(c, deal_node_mark(n), "%s holds %d cards, at most %d", what, count, most);
}

int deal_key_index(DealParse *c, const yaml_node_t *key, const char *const *names, int count, const char *where)
{
    char buf[DEAL_SHOWN_BYTES + 4];
    if (key->type != YAML_SCALAR_NODE) {
        deal_wrong_type(c, key, "a key", "a string");
        return -1;
    }
    for (int i = 0; i < count; i++)
        if (strcmp(yaml_value_text(key), names[i]) == 0)
            return i;
    deal_fail(c, deal_node_mark(key), "unknown key '%s'%s", deal_shown_text(yaml_value_text(key), key->data.scalar.length, buf), where);
    return -1;
}
