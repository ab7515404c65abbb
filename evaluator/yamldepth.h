/* A guard against YAML documents that would cost the loader far more than
 * any deal or rule file needs.  libyaml's loader takes time that grows with
 * the square of the nesting (a file of 200 KB of '[' takes minutes), and it
 * builds the whole tree of a document at about 85 bytes per input byte (a
 * 63 MiB document peaked at 2.8 GB).  No deal or rule file nests more than a
 * few levels or holds more than a few hundred nodes.  The guard walks the
 * parser's events of each document ahead of the loader and stops at the
 * first collection nested deeper than YAML_MAX_DEPTH, the first node past
 * YAML_MAX_NODES or the first node ending past YAML_MAX_DOCUMENT_BYTES from
 * the start of the document's root node (comments before it or after the
 * last node are not the document's text), at once and before the tree
 * exists.  A file of many
 * small documents is fine: each is loaded and freed in turn.
 *
 * The walk also notes where each alias (*name) stands: the loader makes an
 * alias share the node it names, marked where the anchor (&name) stands, so
 * a wrong value used through an alias would be reported at the anchor, and
 * nested aliases ("billion laughs") would make a small tree that stands for
 * an enormous one.  yaml_depth_settle gives each alias a copy of its own,
 * marked where the alias stands, within the same bounds.  It also notes
 * which plain scalars carry no tag: the loader tags them as strings, the
 * same as an explicit !!str (yamlvalue.h). */
#ifndef SKATDD_YAMLDEPTH_H
#define SKATDD_YAMLDEPTH_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

enum {
    YAML_MAX_DEPTH = 64,
    YAML_MAX_NODES = 10000,                /* a deal has about 100, a rule file about 300 */
    YAML_MAX_DOCUMENT_BYTES = 1 << 20,     /* a deal is a few hundred bytes */
};

/* An alias of the document walked last, in the loader's node numbers. */
typedef struct {
    int parent;       /* the sequence or mapping holding it */
    int slot;         /* its place there: the item, or 2 * pair + 1 for a value, 2 * pair for a key */
    int depth;        /* the nesting of that place */
    yaml_mark_t mark; /* where it stands */
} YamlAlias;

typedef struct {
    yaml_parser_t parser;
    bool done;           /* the end of the text, a syntax error or out of memory */
    const char *problem; /* why yaml_depth_next or yaml_depth_settle refused a document */
    bool out_of_memory;  /* the problem is the memory's ("out of memory"), not the document's */
    YamlAlias *aliases;  /* of the document walked last, in the order they stand */
    size_t alias_count, alias_capacity;
    unsigned char untagged[YAML_MAX_NODES / 8 + 2]; /* by node number: plain scalars without a tag */
} YamlDepth;

/* Starts a guard over text (not copied).  False when out of memory. */
bool yaml_depth_init(YamlDepth *guard, const char *text, size_t size);

/* Walks the next document (call it once before each yaml_parser_load of the
 * same text).  False when it nests too deep or is too large, with where the
 * node over the bound starts (0-based, as libyaml marks) and the bound in
 * guard->problem ("nesting deeper than 64 levels"), or when memory runs out
 * (guard->out_of_memory: a walk cut short would leave plain scalars it did
 * not reach tagged as strings); true otherwise, also at the end of the text
 * and at a syntax error, which the loader then reports itself. */
bool yaml_depth_next(YamlDepth *guard, yaml_mark_t *where);

/* Completes doc (the document yaml_depth_next walked last, then loaded) as
 * the walk saw it: each plain scalar without a tag gets the non-specific tag
 * YAML_VALUE_PLAIN_TAG, and each alias a copy of the node it names, marked
 * where the alias stands, so that no node is shared.  False, with where and
 * guard->problem, when the copies take the document past YAML_MAX_NODES or
 * YAML_MAX_DEPTH, when an alias stands inside the node it names, or when out
 * of memory (guard->out_of_memory). */
bool yaml_depth_settle(YamlDepth *guard, yaml_document_t *doc, yaml_mark_t *where);

void yaml_depth_delete(YamlDepth *guard);

#endif
