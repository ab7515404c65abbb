/* A guard against deeply nested YAML.  libyaml's loader takes time that
 * grows with the square of the nesting (a file of 200 KB of '[' takes
 * minutes), and no deal or rule file nests more than a few levels.  The
 * guard walks the parser's events of each document ahead of the loader and
 * stops at the first collection nested deeper than YAML_MAX_DEPTH, at once. */
#ifndef SKATDD_YAMLDEPTH_H
#define SKATDD_YAMLDEPTH_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

enum { YAML_MAX_DEPTH = 64 };

typedef struct {
    yaml_parser_t parser;
    bool done; /* the end of the text, a syntax error or out of memory */
} YamlDepth;

/* Starts a guard over text (not copied).  False when out of memory. */
bool yaml_depth_init(YamlDepth *guard, const char *text, size_t size);

/* Walks the next document (call it once before each yaml_parser_load of the
 * same text).  False when it nests too deep, with where the collection too
 * deep starts (0-based, as libyaml marks); true otherwise, also at the end of
 * the text and at a syntax error, which the loader then reports itself. */
bool yaml_depth_next(YamlDepth *guard, yaml_mark_t *where);

void yaml_depth_delete(YamlDepth *guard);

#endif
