/* What a YAML scalar means: the one resolution of scalars that every reader
 * of YAML here uses (deals and rule files alike), so a value means the same
 * in both.  YAML 1.1 resolves plain scalars without a tag to null, booleans
 * and integers by their text; quoted scalars are strings; an explicit tag
 * says the type itself (!!str 48 is a string, !!int 48 an integer).
 * libyaml's loader gives an untagged scalar the tag of a string, as if it
 * were !!str, so the guard (yaml_depth_settle) gives untagged plain scalars
 * YAML's non-specific tag "?" after loading: only those are resolved by
 * their text. */
#ifndef SKATDD_YAMLVALUE_H
#define SKATDD_YAMLVALUE_H

#include <stdbool.h>
#include <yaml.h>

/* SCALAR_FOREIGN: a tag the files do not use (!foo, !!float), or one its
 * text does not fit (!!int forehand). */
typedef enum { SCALAR_STRING, SCALAR_NULL, SCALAR_TRUE, SCALAR_FALSE, SCALAR_INT, SCALAR_FOREIGN } ScalarKind;

/* The tag of an untagged plain scalar once the guard has settled it. */
#define YAML_VALUE_PLAIN_TAG "?"

/* The scalar's text ('\0'-terminated; it may hold NULs before its length). */
const char *yaml_value_text(const yaml_node_t *n);

/* What the text t means as a plain scalar without a tag: null, a boolean,
 * an integer, else a string. */
ScalarKind yaml_value_text_kind(const char *t);

/* The kind of n: by its tag, by its text when plain and untagged;
 * SCALAR_STRING for non-scalar nodes. */
ScalarKind yaml_value_kind(const yaml_node_t *n);

/* "48", 'true' and !!str 48 are strings only by their quotes or tag: plain,
 * they would be a number, a boolean or null.  The readers of those say so,
 * in the words this gives for n: "quoted string" or "string (tagged !!str)";
 * NULL when n is no such string. */
const char *yaml_value_forced_string(const yaml_node_t *n);

/* The first node of doc the readers do not take whatever its place: a
 * scalar of SCALAR_FOREIGN, a sequence or mapping with a tag other than
 * !!seq and !!map; NULL when none.  Deal and rule files refuse such a
 * document whole.  yaml_value_foreign_text says why in words naming the
 * key whose value it is (or that holds it), into out. */
const yaml_node_t *yaml_first_foreign_tag(const yaml_document_t *doc);
const char *yaml_value_foreign_text(const yaml_document_t *doc, const yaml_node_t *n, char *out, size_t size);

/* An optional sign and decimal digits, nothing else, without a leading zero:
 * YAML 1.1 reads 010 as octal 8 and 018 as a string, YAML 1.2 both as
 * decimal, so a reader taking 010 for 10 would answer for a number the file
 * may not mean; such a value is refused as no whole number. */
bool yaml_value_is_decimal(const char *s);

/* The first scalar of doc holding a NUL ("\0" in a quoted string), or NULL:
 * every reader of a value stops at it, so "grand\0 hand" would be read as
 * grand; deal and rule files refuse such a document whole. */
const yaml_node_t *yaml_first_nul_scalar(const yaml_document_t *doc);

#endif
