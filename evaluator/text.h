/* Building the one-line texts of the evaluator (breakdowns, descriptions). */
#ifndef SKATDD_TEXT_H
#define SKATDD_TEXT_H

#include <stddef.h>

/* Appends printf-style text to the string in out (size n); what does not
 * fit is cut off. */
void text_append(char *out, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
