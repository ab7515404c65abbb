#include "yamlvalue.h"

#include <string.h>

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
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

ScalarKind yaml_value_kind(const yaml_node_t *n)
{
    static const char *const nulls[] = {"", "~", "null", "Null", "NULL", NULL};
    static const char *const trues[] = {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y", NULL};
    static const char *const falses[] = {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N", NULL};
    if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return SCALAR_STRING;
    const char *t = yaml_value_text(n);
    if (word_in(t, nulls))
        return SCALAR_NULL;
    if (word_in(t, trues))
        return SCALAR_TRUE;
    if (word_in(t, falses))
        return SCALAR_FALSE;
    return yaml_value_is_decimal(t) ? SCALAR_INT : SCALAR_STRING;
}

const yaml_node_t *yaml_first_nul_scalar(const yaml_document_t *doc)
{
    for (const yaml_node_t *n = doc->nodes.start; n < doc->nodes.top; n++)
        if (n->type == YAML_SCALAR_NODE && memchr(n->data.scalar.value, '\0', n->data.scalar.length))
            return n;
    return NULL;
}
