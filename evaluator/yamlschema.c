#include "yamlschema.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "yamldepth.h"
#include "yamlvalue.h"

enum { FIELD_TEXT = 256 }; /* a list of names or keys in a message */

/* A plain integer (yamlvalue.h) that fits a long. */
static bool int_value(const yaml_node_t *node, long *out)
{
    if (yaml_value_kind(node) != SCALAR_INT)
        return false;
    errno = 0;
    long v = strtol(yaml_value_text(node), NULL, 10);
    if (errno)
        return false;
    *out = v;
    return true;
}

bool schema_fail(SchemaLoader *L, const yaml_node_t *node, const char *fmt, ...)
{
    int used = snprintf(L->err, L->n, "%s:%lu:%lu: ", L->file, (unsigned long)node->start_mark.line + 1,
                        (unsigned long)node->start_mark.column + 1);
    if (used >= 0 && (size_t)used < L->n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(L->err + used, L->n - (size_t)used, fmt, ap);
        va_end(ap);
    }
    text_one_line(L->err); /* the message may quote a key or value of the file */
    return false;
}

static bool want_scalar(SchemaLoader *L, yaml_node_t *node, const char *key)
{
    if (node->type == YAML_SCALAR_NODE)
        return true;
    return schema_fail(L, node, "'%s' needs a single value", key);
}

static void join_names(char *out, size_t n, const char *const *names, int count)
{
    out[0] = '\0';
    for (int i = 0; i < count; i++) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", i ? ", " : "", names[i]);
    }
}

const yaml_node_t *schema_value_at(const SchemaLoader *L, const yaml_node_t *map, const char *key)
{
    if (map->type != YAML_MAPPING_NODE)
        return map;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = yaml_document_get_node(L->doc, p->key);
        if (k->type == YAML_SCALAR_NODE && strcmp(yaml_value_text(k), key) == 0)
            return yaml_document_get_node(L->doc, p->value);
    }
    return map;
}

static bool parse_map(SchemaLoader *L, yaml_node_t *map, const Schema *schema, void *base);

/* The readers of one field type each: node is the key's value, at where the
 * field is stored. */
static bool parse_int(SchemaLoader *L, yaml_node_t *node, const Field *f, char *at)
{
    long v;
    if (!want_scalar(L, node, f->key))
        return false;
    if (yaml_value_forced_string(node))
        return schema_fail(L, node, "'%s' must be a whole number, not a %s", f->key, yaml_value_forced_string(node));
    if (yaml_value_kind(node) == SCALAR_INT && !int_value(node, &v)) /* a whole number, beyond a long */
        return schema_fail(L, node, "'%s' must be between %d and %d, not %s", f->key, f->min, f->max,
                           yaml_value_text(node));
    if (!int_value(node, &v))
        return schema_fail(L, node, "'%s' must be a whole number, not '%s'", f->key, yaml_value_text(node));
    if (v < f->min || v > f->max)
        return schema_fail(L, node, "'%s' must be between %d and %d, not %ld", f->key, f->min, f->max, v);
    *(int *)at = (int)v;
    return true;
}

/* FT_BOOL into a bool, FT_TRI (true, false or absent) into an int. */
static bool parse_bool(SchemaLoader *L, yaml_node_t *node, const Field *f, char *at)
{
    if (!want_scalar(L, node, f->key))
        return false;
    ScalarKind kind = yaml_value_kind(node);
    int b = kind == SCALAR_TRUE;
    if (yaml_value_forced_string(node))
        return schema_fail(L, node, "'%s' must be true or false, not a %s", f->key, yaml_value_forced_string(node));
    if (kind != SCALAR_TRUE && kind != SCALAR_FALSE)
        return schema_fail(L, node, "'%s' must be true or false, not '%s'", f->key, yaml_value_text(node));
    if (f->type == FT_BOOL)
        *(bool *)at = b;
    else
        *(int *)at = b;
    return true;
}

static bool parse_text(SchemaLoader *L, yaml_node_t *node, const Field *f, char *at)
{
    if (!want_scalar(L, node, f->key))
        return false;
    if (node->data.scalar.length >= (size_t)f->max)
        return schema_fail(L, node, "'%s' is longer than %d characters", f->key, f->max - 1);
    const char *text = yaml_value_text(node);
    unsigned code;
    if (text_has_control(text, node->data.scalar.length, &code))
        return schema_fail(L, node, "'%s' contains a control character", f->key);
    /* Every text is shown on a line of its own ("skatdd rules": "isko:
     * TITLE"): a blank one (or null, "title:" alone) showed an empty
     * line, a line break or tab a line the file made up. */
    if (yaml_value_kind(node) == SCALAR_NULL || !text[strspn(text, " ")])
        return schema_fail(L, node, "'%s' is blank: give it some text", f->key);
    size_t stop = strcspn(text, "\t\n");
    if (text[stop])
        return schema_fail(L, node, "'%s' must be one line: it holds a %s", f->key,
                           text[stop] == '\t' ? "tab" : "line break");
    memcpy(at, text, node->data.scalar.length + 1);
    return true;
}

static bool parse_enum(SchemaLoader *L, yaml_node_t *node, const Field *f, char *at)
{
    if (!want_scalar(L, node, f->key))
        return false;
    for (int i = 0; i < f->max; i++)
        if (strcmp(yaml_value_text(node), f->names[i]) == 0) {
            *(int *)at = i;
            return true;
        }
    char names[FIELD_TEXT];
    join_names(names, sizeof names, f->names, f->max);
    return schema_fail(L, node, "'%s' must be one of %s, not '%s'", f->key, names, yaml_value_text(node));
}

/* A word the field's lookup knows (a game, a level...). */
static bool parse_word(SchemaLoader *L, yaml_node_t *node, const Field *f, char *at)
{
    if (!want_scalar(L, node, f->key))
        return false;
    int value = f->lookup(L, yaml_value_text(node));
    if (value < 0)
        return schema_fail(L, node, f->unknown, yaml_value_text(node));
    *(int *)at = value;
    return true;
}

/* A list of at most f->min words of fewer than f->max bytes each, the count
 * at f->count_offset. */
/* A contract is read word by word, split at blanks and tabs: a word that
 * is empty (or null) or holds one could never be read, and a control
 * character (a line break among them) would reach the terminal with the
 * listing of the rule system. */
static bool words_word_fits(SchemaLoader *L, yaml_node_t *word, const char *key)
{
    const char *text = yaml_value_text(word);
    size_t length = word->data.scalar.length;
    unsigned code;
    if (length == 0 || yaml_value_kind(word) == SCALAR_NULL)
        return schema_fail(L, word, "a word of '%s' is empty: give it some text", key);
    if (strchr(text, '\t'))
        return schema_fail(L, word, "a word of '%s' holds a tab: a word is one word", key);
    if (text_has_control(text, length, &code) || strchr(text, '\n'))
        return schema_fail(L, word, "a word of '%s' contains a control character", key);
    if (strchr(text, ' '))
        return schema_fail(L, word, "a word of '%s' ('%s') holds a blank: a word is one word", key, text);
    return true;
}

static bool parse_words(SchemaLoader *L, yaml_node_t *node, const Field *f, void *base)
{
    char *at = (char *)base + f->offset;
    if (node->type != YAML_SEQUENCE_NODE)
        return schema_fail(L, node, "'%s' needs a list of words", f->key);
    int count = 0;
    for (yaml_node_item_t *it = node->data.sequence.items.start; it < node->data.sequence.items.top; it++) {
        yaml_node_t *word = yaml_document_get_node(L->doc, *it);
        if (!want_scalar(L, word, f->key))
            return false;
        if (count == f->min)
            return schema_fail(L, word, "'%s' has more than %d words", f->key, f->min);
        if (word->data.scalar.length >= (size_t)f->max)
            return schema_fail(L, word, "a word of '%s' must have 1 to %d characters", f->key, f->max - 1);
        if (!words_word_fits(L, word, f->key))
            return false;
        memcpy(at + (size_t)count * (size_t)f->max, yaml_value_text(word), word->data.scalar.length + 1);
        count++;
    }
    *(int *)((char *)base + f->count_offset) = count;
    return true;
}

/* A list of at most f->max mappings of the schema f->sub, the count at
 * f->count_offset. */
static bool parse_list(SchemaLoader *L, yaml_node_t *node, const Field *f, void *base)
{
    char *at = (char *)base + f->offset;
    if (node->type != YAML_SEQUENCE_NODE)
        return schema_fail(L, node, "'%s' needs a list", f->key);
    int *count = (int *)((char *)base + f->count_offset);
    *count = 0;
    for (yaml_node_item_t *it = node->data.sequence.items.start; it < node->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(L->doc, *it);
        if (*count == f->max)
            return schema_fail(L, item, "'%s' has more than %d entries", f->key, f->max);
        if (!parse_map(L, item, f->sub, at + (size_t)*count * f->item_size))
            return false;
        (*count)++;
    }
    return true;
}

static bool parse_field(SchemaLoader *L, yaml_node_t *node, const Field *f, void *base)
{
    char *at = (char *)base + f->offset;
    switch (f->type) {
    case FT_INT:
        return parse_int(L, node, f, at);
    case FT_BOOL:
    case FT_TRI:
        return parse_bool(L, node, f, at);
    case FT_TEXT:
        return parse_text(L, node, f, at);
    case FT_ENUM:
        return parse_enum(L, node, f, at);
    case FT_WORD:
        return parse_word(L, node, f, at);
    case FT_WORDS:
        return parse_words(L, node, f, base);
    case FT_MAP:
        return parse_map(L, node, f->sub, at);
    case FT_LIST:
        return parse_list(L, node, f, base);
    }
    return schema_fail(L, node, "internal: unknown field type");
}

static void set_default(const Field *f, void *base)
{
    char *at = (char *)base + f->offset;
    switch (f->type) {
    case FT_INT:
    case FT_TRI:
    case FT_ENUM:
    case FT_WORD:
        *(int *)at = f->def;
        break;
    case FT_BOOL:
        *(bool *)at = f->def != 0;
        break;
    case FT_TEXT:
        *at = '\0';
        break;
    case FT_WORDS:
    case FT_LIST:
        *(int *)((char *)base + f->count_offset) = 0;
        break;
    case FT_MAP:
        break;
    }
}

static bool parse_map(SchemaLoader *L, yaml_node_t *map, const Schema *schema, void *base)
{
    if (map->type != YAML_MAPPING_NODE)
        return schema_fail(L, map, "%s must be a mapping of keys to values", schema->what);
    yaml_node_t *found[24] = {NULL};
    if (schema->count > 24)
        return schema_fail(L, map, "internal: schema %s too large", schema->what);
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *key = yaml_document_get_node(L->doc, p->key);
        if (key->type != YAML_SCALAR_NODE)
            return schema_fail(L, key, "keys of %s must be words", schema->what);
        int i = 0;
        while (i < schema->count && strcmp(schema->fields[i].key, yaml_value_text(key)) != 0)
            i++;
        if (i == schema->count) {
            char known[FIELD_TEXT * 2] = "";
            for (int k = 0; k < schema->count; k++) {
                size_t len = strlen(known);
                snprintf(known + len, sizeof known - len, "%s%s", k ? ", " : "", schema->fields[k].key);
            }
            return schema_fail(L, key, "unknown key '%s' in %s (%s)", yaml_value_text(key), schema->what, known);
        }
        if (found[i])
            return schema_fail(L, key, "key '%s' given twice in %s", yaml_value_text(key), schema->what);
        found[i] = yaml_document_get_node(L->doc, p->value);
    }
    for (int i = 0; i < schema->count; i++) {
        const Field *f = &schema->fields[i];
        if (!found[i]) {
            if (f->required)
                return schema_fail(L, map, "%s lacks the key '%s'", schema->what, f->key);
            set_default(f, base);
        } else if (!parse_field(L, found[i], f, base)) {
            return false;
        }
    }
    return !schema->check || schema->check(L, map, base);
}


static ReadResult no_memory(const SchemaLoader *L)
{
    snprintf(L->err, L->n, "%s: out of memory", L->file);
    return READ_NO_MEMORY;
}

/* Why the guard stopped: where the document went over a bound, or memory
 * (no place of the file is at fault). */
static ReadResult guard_refused(const SchemaLoader *L, const YamlDepth *guard, yaml_mark_t m)
{
    if (guard->out_of_memory)
        return no_memory(L);
    snprintf(L->err, L->n, "%s:%lu:%lu: %s", L->file, (unsigned long)m.line + 1, (unsigned long)m.column + 1,
             guard->problem);
    return READ_REFUSED;
}

/* No rule file holds a NUL (yaml_first_nul_scalar): the key "bids\0x"
 * would be read as bids. */
static bool free_of_nul(SchemaLoader *L)
{
    const yaml_node_t *n = yaml_first_nul_scalar(L->doc);
    return !n || schema_fail(L, n, "a string contains a NUL character (\\0): no rule file holds one");
}

/* No rule file takes a tag but those of its values' types (yaml_first_foreign_tag). */
static bool free_of_foreign_tags(SchemaLoader *L)
{
    char why[256];
    const yaml_node_t *n = yaml_first_foreign_tag(L->doc);
    return !n || schema_fail(L, n, "%s", yaml_value_foreign_text(L->doc, n, why, sizeof why));
}

/* libyaml could not load the document: where its syntax is wrong, or memory. */
static ReadResult load_failure(const SchemaLoader *L, const yaml_parser_t *parser)
{
    if (parser->error == YAML_MEMORY_ERROR || !parser->problem) /* libyaml names every syntax error */
        return no_memory(L);
    snprintf(L->err, L->n, "%s:%lu:%lu: %s%s%s", L->file, (unsigned long)parser->problem_mark.line + 1,
             (unsigned long)parser->problem_mark.column + 1, parser->problem, parser->context ? " " : "",
             parser->context ? parser->context : "");
    return READ_REFUSED;
}

/* The loaded document L->doc, once the guard has seen its aliases' copies, into L->target. */
static ReadResult read_document(SchemaLoader *L, YamlDepth *guard, const Schema *schema, const char *what)
{
    yaml_mark_t m;
    if (!yaml_depth_settle(guard, L->doc, &m))
        return guard_refused(L, guard, m);
    yaml_node_t *root = yaml_document_get_root_node(L->doc); /* after the aliases' copies: they move the nodes */
    if (!root) {
        snprintf(L->err, L->n, "%s: empty %s", L->file, what);
        return READ_REFUSED;
    }
    bool read = free_of_nul(L) && free_of_foreign_tags(L) && parse_map(L, root, schema, L->target);
    return read ? READ_OK : READ_REFUSED;
}

/* The text the guard let through, loaded by libyaml and read. */
static ReadResult load_guarded(SchemaLoader *L, YamlDepth *guard, const char *text, size_t size,
                               const Schema *schema, const char *what)
{
    yaml_parser_t parser;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&parser))
        return no_memory(L);
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, size);
    ReadResult result;
    if (!yaml_parser_load(&parser, &doc)) {
        result = load_failure(L, &parser);
    } else {
        L->doc = &doc;
        result = read_document(L, guard, schema, what);
        yaml_document_delete(&doc);
        L->doc = NULL;
    }
    yaml_parser_delete(&parser);
    return result;
}

ReadResult schema_load_text(const char *path, const char *text, size_t size, const Schema *schema, void *target,
                           const char *what, char *err, size_t n)
{
    SchemaLoader L = {.file = path, .target = target, .err = err, .n = n};
    /* the guard walks the document first: larger or deeper than any file read
     * by a schema needs, libyaml would take minutes or gigabytes over it */
    YamlDepth guard;
    yaml_mark_t m;
    if (!yaml_depth_init(&guard, text, size))
        return no_memory(&L);
    ReadResult result = yaml_depth_next(&guard, &m) ? load_guarded(&L, &guard, text, size, schema, what)
                                                     : guard_refused(&L, &guard, m);
    yaml_depth_delete(&guard);
    return result;
}
