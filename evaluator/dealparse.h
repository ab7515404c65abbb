/* The parts of the YAML deal reader (dealreader.c) share this: the document
 * being read, where its text stands, and the readers of single values.
 * dealnode.c reads one node (strings, numbers, seats, contracts, cards and
 * their places in the file), dealkeys.c the top-level keys, dealanswer.c a
 * problem's answer, dealcheck.c the deal as a whole.  Not for use outside
 * the reader. */
#ifndef SKATDD_DEALPARSE_H
#define SKATDD_DEALPARSE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

#include "deal.h"
#include "dealrules.h"
#include "yamlvalue.h"

enum {
    MESSAGE_BYTES = 512,
    MAX_BID = RULES_MAX_VALUE, /* a bid the ladder offers: table's ceiling can be the highest value */
    MAX_GAME_VALUE = 99999,
    TRICK_CARDS = 3,
};

/* The file's text, to find cards inside strings: libyaml only marks nodes. */
typedef struct {
    const char *path;
    const char *text;
    size_t size;
    size_t bom;                      /* 3 when the text starts with a UTF-8 byte order mark */
    size_t cursor_char, cursor_byte; /* last character index turned into a byte offset */
} DealSource;

/* A list of cards as read, each with its place in the file. */
typedef struct {
    int count;
    int cards[CARD_COUNT];
    Mark marks[CARD_COUNT];
} CardList;

typedef enum {
    KEY_NAME, KEY_HANDS, KEY_SKAT, KEY_DECLARER, KEY_CONTRACT, KEY_DISCARD, KEY_PLAY,
    KEY_LEAD, KEY_TRICK, KEY_DECLARER_POINTS, KEY_DECLARER_TRICKS, KEY_DEFENDER_TRICKS,
    KEY_BID, KEY_KONTRA, KEY_RULES, KEY_QUESTION, KEY_SOURCE, KEY_EXPLANATION, KEY_ANSWER, KEY_PUSHES,
    KEY_BOCK, KEY_POINTS, KEY_TRICKS, KEY_SPITZE,
    KEY_COUNT
} DealKey;

/* One document being read. */
typedef struct {
    DealSource *src;
    DealRules *rules;               /* contracts are read in its words when it has a directory */
    yaml_document_t *doc;
    Deal *deal;
    char *err;
    size_t err_size;
    yaml_node_t *key[KEY_COUNT];    /* NULL when the document lacks the key */
    yaml_node_t *value[KEY_COUNT];
    yaml_node_t *hand_node[SEAT_COUNT];
    CardSet dealt;                  /* hands, skat and trick: no card twice among them */
    CardList discard, play, trick;
} DealParse;

/* ---- messages (dealnode.c) ---- */

Mark deal_node_mark(const yaml_node_t *n);
Mark deal_document_mark(const DealParse *c);
/* Writes "FILE:LINE:COL: message" into err, on one line. */
void deal_report(const char *path, Mark m, char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* deal_report for the document being read; returns false. */
bool deal_fail(DealParse *c, Mark m, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* What n is, with its article, for "must be X, not Y": "a mapping", "a
 * number", "null (~ or nothing)" (a scalar by what YAML reads it as). */
const char *deal_kind_name(const yaml_node_t *n);
bool deal_wrong_type(DealParse *c, const yaml_node_t *n, const char *what, const char *expected);

/* A card's ASCII name for messages ("HA"). */
typedef struct {
    char text[3];
} DealCardName;
DealCardName deal_card_text(int card);

/* ---- single values (dealnode.c); what names the value in messages ---- */

bool deal_get_string(DealParse *c, const yaml_node_t *n, const char *what, char *out, size_t size);
/* deal_get_string for text shown as one line of output (a name, a source,
 * a rule system's name): no tab or line break either, which would split or
 * shift the lines other output is read by, nor spaces alone (a blank line). */
bool deal_get_line(DealParse *c, const yaml_node_t *n, const char *what, char *out, size_t size);
bool deal_get_int(DealParse *c, const yaml_node_t *n, const char *what, int min, int max, int *out);
bool deal_get_bool(DealParse *c, const yaml_node_t *n, const char *what, bool *out);
bool deal_get_seat(DealParse *c, const yaml_node_t *n, const char *what, int *out);
/* A contract in plain words (contract_parse). */
bool deal_get_contract(DealParse *c, const yaml_node_t *n, const char *what, Contract *out);
/* Cards as a string or a sequence; dealt cards (hands, skat, trick) must be
 * new to the deal; plays (with_tricks) may also be cut into tricks. */
bool deal_get_cards(DealParse *c, const yaml_node_t *n, const char *what, bool dealt, bool with_tricks,
                    CardList *out);
CardSet deal_card_set(const CardList *list);
bool deal_count_is(DealParse *c, const yaml_node_t *n, const char *what, int count, int needed);
bool deal_count_at_most(DealParse *c, const yaml_node_t *n, const char *what, int count, int most);
/* The index of key's name in a table of names, or -1 (message written). */
int deal_key_index(DealParse *c, const yaml_node_t *key, const char *const *names, int count, const char *where);

/* ---- the parts ---- */

/* dealkeys.c: the rule system the document's contract is read in
 * (deal_rules_get); NULL when the reader reads none (plain contract words).
 * *ok false with the message written when it does not load. */
const RuleSystem *deal_document_rules(DealParse *c, bool *ok);
/* dealkeys.c: a contract in the words of the document's rule system (its
 * forms and implications: rules_parse_contract), in plain words when the
 * reader reads none.  The deal's contract and a bid problem's stated one
 * alike: read in other words, "grand ouvert" under texas would be the hand
 * game and "solo grand" no contract at all. */
bool deal_get_rule_contract(DealParse *c, yaml_node_t *n, const char *what, Contract *out);
/* dealkeys.c: every top-level key of the mapping root, each by its reader. */
bool deal_read_keys(DealParse *c, yaml_node_t *root);
const char *deal_key_name(DealKey key);
/* dealanswer.c: a problem's stated answer. */
bool deal_read_answer(DealParse *c, yaml_node_t *n);
/* dealcheck.c: the deal as a whole (hand sizes, position or full deal,
 * discard, the legality of the play). */
bool deal_check(DealParse *c);

#endif
