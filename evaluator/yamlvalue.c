#include "yamlvalue.h"

#include <stdio.h>
#include <string.h>

#include "text.h"

const char *yaml_value_text(const yaml_node_t *n)
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

bool yaml_value_is_decimal(const char *s)
{
    s += (*s == '-' || *s == '+');
    if (!*s || (s[0] == '0' && s[1]))
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

static const char *const nulls[] = {"", "~", "null", "Null", "NULL", NULL};
static const char *const trues[] = {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y", NULL};
static const char *const falses[] = {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N", NULL};

ScalarKind yaml_value_text_kind(const char *t)
{
    if (word_in(t, nulls))
        return SCALAR_NULL;
    if (word_in(t, trues))
        return SCALAR_TRUE;
    if (word_in(t, falses))
        return SCALAR_FALSE;
    return yaml_value_is_decimal(t) ? SCALAR_INT : SCALAR_STRING;
}

/* The tags a scalar may carry and the kinds of text each takes (in the
 * order of ScalarKind, SCALAR_STRING for any text). */
static const struct {
    const char *tag;
    bool takes[SCALAR_FOREIGN];
} scalar_tags[] = {
    {YAML_STR_TAG, {[SCALAR_STRING] = true}},
    {YAML_INT_TAG, {[SCALAR_INT] = true}},
    {YAML_BOOL_TAG, {[SCALAR_TRUE] = true, [SCALAR_FALSE] = true}},
    {YAML_NULL_TAG, {[SCALAR_NULL] = true}},
};

ScalarKind yaml_value_kind(const yaml_node_t *n)
{
    if (n->type != YAML_SCALAR_NODE)
        return SCALAR_STRING;
    const char *tag = (const char *)n->tag;
    ScalarKind by_text = yaml_value_text_kind(yaml_value_text(n));
    if (tag && strcmp(tag, YAML_VALUE_PLAIN_TAG) == 0)
        return by_text;
    for (size_t i = 0; i < sizeof scalar_tags / sizeof scalar_tags[0]; i++)
        if (tag && strcmp(tag, scalar_tags[i].tag) == 0) {
            if (scalar_tags[i].takes[SCALAR_STRING])
                return SCALAR_STRING;
            return scalar_tags[i].takes[by_text] ? by_text : SCALAR_FOREIGN;
        }
    return SCALAR_FOREIGN;
}

const char *yaml_value_forced_string(const yaml_node_t *n)
{
    if (yaml_value_kind(n) != SCALAR_STRING || yaml_value_text_kind(yaml_value_text(n)) == SCALAR_STRING)
        return NULL;
    return n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? "string (tagged !!str)" : "quoted string";
}

static bool foreign(const yaml_node_t *n)
{
    const char *tag = (const char *)n->tag;
    switch (n->type) {
    case YAML_SCALAR_NODE:
        return yaml_value_kind(n) == SCALAR_FOREIGN;
    case YAML_SEQUENCE_NODE:
        return !tag || strcmp(tag, YAML_SEQ_TAG) != 0;
    case YAML_MAPPING_NODE:
        return !tag || strcmp(tag, YAML_MAP_TAG) != 0;
    default:
        return false;
    }
}

const yaml_node_t *yaml_first_foreign_tag(const yaml_document_t *doc)
{
    for (const yaml_node_t *n = doc->nodes.start; n < doc->nodes.top; n++)
        if (foreign(n))
            return n;
    return NULL;
}

/* The key whose value is node id, or whose value holds it; NULL when none. */
static const yaml_node_t *key_of(const yaml_document_t *doc, int id)
{
    for (const yaml_node_t *n = doc->nodes.start; n < doc->nodes.top; n++)
        if (n->type == YAML_MAPPING_NODE)
            for (const yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
                if (p->value == id)
                    return &doc->nodes.start[p->key - 1];
    for (const yaml_node_t *n = doc->nodes.start; n < doc->nodes.top; n++)
        if (n->type == YAML_SEQUENCE_NODE)
            for (const yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
                if (*it == id)
                    return key_of(doc, (int)(n - doc->nodes.start) + 1);
    return NULL;
}

const char *yaml_value_foreign_text(const yaml_document_t *doc, const yaml_node_t *n, char *out, size_t size)
{
    static const char core[] = "tag:yaml.org,2002:";
    const char *tag = n->tag ? (const char *)n->tag : "";
    bool is_core = strncmp(tag, core, sizeof core - 1) == 0;
    const yaml_node_t *key = key_of(doc, (int)(n - doc->nodes.start) + 1);
    char where[96] = "";
    if (key && key->type == YAML_SCALAR_NODE)
        snprintf(where, sizeof where, "'%.64s': ", yaml_value_text(key));
    bool known = false;
    for (size_t i = 0; i < sizeof scalar_tags / sizeof scalar_tags[0]; i++)
        known |= strcmp(tag, scalar_tags[i].tag) == 0;
    if (known && n->type == YAML_SCALAR_NODE)
        snprintf(out, size, "%s'%.64s' is tagged !!%s, which it is not", where, yaml_value_text(n),
                 tag + sizeof core - 1);
    else
        snprintf(out, size, "%sthe tag %s%.64s is not read (only !!str, !!int, !!bool, !!null, !!seq, !!map)",
                 where, is_core ? "!!" : "", is_core ? tag + sizeof core - 1 : tag);
    /* %.64s cuts by bytes: a key, value or tag cut inside a character would
     * leave a stray byte (invalid UTF-8) in the message. */
    text_utf8_clean(out);
    return out;
}

const yaml_node_t *yaml_first_nul_scalar(const yaml_document_t *doc)
{
    for (const yaml_node_t *n = doc->nodes.start; n < doc->nodes.top; n++)
        if (n->type == YAML_SCALAR_NODE && memchr(n->data.scalar.value, '\0', n->data.scalar.length))
            return n;
    return NULL;
}
