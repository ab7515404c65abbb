/* Whole input files in memory, read once and never beyond a cap: deal files,
 * game records and rule files may come from a pipe, which cannot be read
 * twice, and may be endless ("yes | skatdd ..."). */
#ifndef SKATDD_SLURP_H
#define SKATDD_SLURP_H

#include <stddef.h>
#include <stdio.h>

enum { SLURP_MAX_BYTES = 64 << 20 }; /* far beyond any deal, record or rule file */

/* How reading an input file (a rule file) ended: read, refused for what it
 * holds (bad input: exit status 2), or stopped because memory ran out (a
 * failure of the system: status 1, "out of memory"). */
typedef enum { READ_OK, READ_REFUSED, READ_NO_MEMORY } ReadResult;

/* Reads f to its end into a new buffer (size bytes, a '\0' after them).
 * NULL when f cannot be read, is out of memory or holds SLURP_MAX_BYTES or
 * more, with the reason in *problem ("file too large (more than 64 MiB)")
 * and in errno: ENOMEM when memory ran out (a failure of the system, not of
 * the file: its readers exit with status 1, not 2). */
char *slurp_stream(FILE *f, size_t *size, const char **problem);

#endif
