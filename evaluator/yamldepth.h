/* A guard against YAML documents that would cost the loader far more than
 * any deal or rule file needs.  libyaml's loader takes time that grows with
 * the square of the nesting (a file of 200 KB of '[' takes minutes), and it
 * builds the whole tree of a document at about 85 bytes per input byte (a
 * 63 MiB document peaked at 2.8 GB).  No deal or rule file nests more than a
 * few levels or holds more than a few hundred nodes.  The guard walks the
 * parser's events of each document ahead of the loader and stops at the
 * first collection nested deeper than YAML_MAX_DEPTH, the first node past
 * YAML_MAX_NODES or the first node ending past YAML_MAX_DOCUMENT_BYTES from
 * the document's start, at once and before the tree exists.  A file of many
 * small documents is fine: each is loaded and freed in turn. */
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

typedef struct {
    yaml_parser_t parser;
    bool done;           /* the end of the text, a syntax error or out of memory */
    const char *problem; /* why yaml_depth_next refused a document */
} YamlDepth;

/* Starts a guard over text (not copied).  False when out of memory. */
bool yaml_depth_init(YamlDepth *guard, const char *text, size_t size);

/* Walks the next document (call it once before each yaml_parser_load of the
 * same text).  False when it nests too deep or is too large, with where the
 * node over the bound starts (0-based, as libyaml marks) and the bound in
 * guard->problem ("nesting deeper than 64 levels"); true otherwise, also at
 * the end of the text and at a syntax error, which the loader then reports
 * itself. */
bool yaml_depth_next(YamlDepth *guard, yaml_mark_t *where);

void yaml_depth_delete(YamlDepth *guard);

#endif
