/* Building the one-line texts of the evaluator (breakdowns, descriptions). */
#ifndef SKATDD_TEXT_H
#define SKATDD_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Appends printf-style text to the string in out (size n); what does not
 * fit is cut off. */
void text_append(char *out, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Whether the len bytes at s hold a control character other than tab and
 * line feed (C0, DEL, or C1 in UTF-8; the line and paragraph separators
 * U+2028 and U+2029; the bidirectional controls U+061C, U+200E, U+200F,
 * U+202A to U+202E and U+2066 to U+2069): text shown on terminals must not,
 * lest an escape sequence rewrite what the reader sees, or a bidirectional
 * override show it backwards.  *code gets the first one's code point. */
bool text_has_control(const char *s, size_t len, unsigned *code);

/* Makes a message one printable line in place: every control character
 * (those of text_has_control, tab and line feed included) becomes '?'.  Messages quote
 * the input (an unknown key, a card), and a C1 CSI (U+009B) starts an escape
 * sequence on terminals just as ESC does. */
void text_one_line(char *s);

/* Makes s valid UTF-8 in place, for text shown or written as JSON and HTML
 * (file names are bytes, and a copy cut at a byte count may end inside a
 * character): a byte that starts no valid sequence becomes '?', and a
 * sequence cut off at the end is dropped. */
void text_utf8_clean(char *s);

/* Makes s fit to be shown on one line of a terminal or in a message: valid
 * UTF-8 (text_utf8_clean), and each control character, tab and line feed
 * included (C0, DEL, C1), becomes one '?'.  For names the user did not
 * write: file names (a folder's, a shell pattern's) and batch lines. */
void text_shown_clean(char *s);

/* Copies a file name into out (size n) for messages and output: when it
 * does not fit, its end (the file's own name) is kept behind "...", cut at
 * a character's start, so that a long path is never shown as another one;
 * then text_shown_clean. */
void text_file_name(char *out, size_t n, const char *path);

#endif
