/* Standard output, checked: every write to stdout goes through a stream that
 * remembers why the first failed write failed (a full disk, a closed pipe),
 * and the end of the program reports it once. */
#ifndef SKATDD_OUTPUT_H
#define SKATDD_OUTPUT_H

/* Replaces stdout by the checked stream (line-buffered on a terminal).
 * JSON values are built by an allocator that ends the program (status 1,
 * a line on stderr) when memory runs out, never with a value left out.
 * Without memory for it stdout stays as it is, still checked at the end.
 * A closed stdin, stdout or stderr is first held by /dev/null, unusable, so
 * that no file the command opens takes its place. */
void output_begin(void);

/* Flushes and closes stdout.  When a write failed, prints "skatdd: error
 * writing output: REASON" on stderr and returns 1 in place of a status of 0;
 * otherwise returns status. */
int output_end(int status);

#endif
