/* Lines of JSON Lines files (batch's --output, the files stats reads), read
 * with a bound.  A line is parsed whole (jansson), at about 20 bytes of
 * memory per byte of small numbers: one line of 200 MB took 4 GB and 23 s,
 * and getline alone keeps a line of any length.  No line batch writes
 * comes near the bound (evaluate's, the longest, take some 50 KiB; with a
 * ladder of 500 bids, 170 KiB). */
#ifndef SKATDD_JSONLINE_H
#define SKATDD_JSONLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { JSON_LINE_MAX_BYTES = 16 << 20 };

typedef struct {
    char *text;      /* the line, its '\n' included, a '\0' after it; "" when too_long */
    size_t length;   /* the bytes of the line read, its '\n' included */
    bool newline;    /* it ends with '\n' (the last line of a file may not) */
    bool too_long;   /* longer than JSON_LINE_MAX_BYTES: read up to the bound, not kept */
    bool out_of_memory;
    size_t capacity; /* of text */
} JsonLine;

/* The next line of f, in at most JSON_LINE_MAX_BYTES of memory.  A line
 * longer than that (too_long) is read only up to the bound, so the caller
 * reads no further in f: the rest of the line would be taken for the next.
 * False at the end of f, on a read error (ferror(f)) or when out of memory
 * (line->out_of_memory). */
bool json_line_read(FILE *f, JsonLine *line);
void json_line_free(JsonLine *line);

/* The message of a line over the bound, without its "FILE:LINE:1: ". */
#define JSON_LINE_TOO_LONG "line longer than 16 MiB: no line of skatdd batch comes near that"

#endif
