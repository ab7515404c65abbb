/* What a YAML scalar means: the one resolution of plain scalars that every
 * reader of YAML here uses (deals and rule files alike), so a value means the
 * same in both.  libyaml tags every scalar as a string; YAML 1.1 resolves
 * plain scalars to null, booleans and integers by their text, and quoted
 * scalars are always strings. */
#ifndef SKATDD_YAMLVALUE_H
#define SKATDD_YAMLVALUE_H

#include <stdbool.h>
#include <yaml.h>

typedef enum { SCALAR_STRING, SCALAR_NULL, SCALAR_TRUE, SCALAR_FALSE, SCALAR_INT } ScalarKind;

/* The scalar's text ('\0'-terminated; it may hold NULs before its length). */
const char *yaml_value_text(const yaml_node_t *n);

/* The kind of n: SCALAR_STRING for quoted scalars and for non-scalar nodes. */
ScalarKind yaml_value_kind(const yaml_node_t *n);

/* An optional sign and decimal digits, nothing else. */
bool yaml_value_is_decimal(const char *s);

/* The first scalar of doc holding a NUL ("\0" in a quoted string), or NULL:
 * every reader of a value stops at it, so "grand\0 hand" would be read as
 * grand; deal and rule files refuse such a document whole. */
const yaml_node_t *yaml_first_nul_scalar(const yaml_document_t *doc);

#endif
