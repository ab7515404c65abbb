#include "text.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void text_append(char *out, size_t n, const char *fmt, ...)
{
    size_t len = strlen(out);
    if (len + 1 >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + len, n - len, fmt, ap);
    va_end(ap);
}

/* The bytes of the control character at s (len bytes left), 0 if none;
 * *code its code point.  Beside C0, DEL and C1, the line and paragraph
 * separators (U+2028, U+2029), which some terminals and editors break lines
 * at, and the bidirectional controls (U+061C, U+200E, U+200F, U+202A to
 * U+202E, U+2066 to U+2069), which reorder the text shown after them: a name
 * holding U+202E showed the rest of a message backwards. */
static size_t control_at(const unsigned char *s, size_t len, unsigned *code)
{
    if (s[0] < 0x20 || s[0] == 0x7f) {
        *code = s[0];
        return 1;
    }
    if (len >= 2 && ((s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f) || (s[0] == 0xd8 && s[1] == 0x9c))) {
        *code = (unsigned)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
        return 2;
    }
    if (len >= 3 && s[0] == 0xe2 && ((s[1] == 0x80 && (s[2] == 0x8e || s[2] == 0x8f || (s[2] >= 0xa8 && s[2] <= 0xae))) ||
                                     (s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9))) {
        *code = 0x2000u | (unsigned)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
        return 3;
    }
    return 0;
}

bool text_has_control(const char *s, size_t len, unsigned *code)
{
    const unsigned char *t = (const unsigned char *)s;
    for (size_t i = 0; i < len; i++)
        if (t[i] != '\t' && t[i] != '\n' && control_at(t + i, len - i, code))
            return true;
    return false;
}

void text_one_line(char *s)
{
    unsigned char *in = (unsigned char *)s, *out = in;
    while (*in) {
        unsigned code;
        /* No bound needed: the '\0' ends every comparison of a sequence. */
        size_t n = control_at(in, SIZE_MAX, &code);
        if (n) {
            *out++ = '?';
            in += n;
        } else {
            *out++ = *in++;
        }
    }
    *out = '\0';
}

/* The length of the valid UTF-8 sequence at s (overlong forms, surrogates
 * and code points above U+10FFFF are not), 0 if none; *cut: it is a valid
 * start that the string's end cuts off. */
static size_t utf8_sequence(const unsigned char *s, bool *cut)
{
    *cut = false;
    if (s[0] < 0x80)
        return 1;
    size_t len = s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
    for (size_t i = 1; i < len; i++) {
        if (!s[i]) {
            *cut = true;
            return 0;
        }
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    }
    if (len == 3 && ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0)))
        return 0;
    if (len == 4 && ((s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90)))
        return 0;
    return len;
}

void text_utf8_clean(char *s)
{
    unsigned char *p = (unsigned char *)s;
    while (*p) {
        bool cut;
        size_t len = utf8_sequence(p, &cut);
        if (cut) {
            *p = '\0';
            return;
        }
        if (len == 0) {
            *p++ = '?';
            continue;
        }
        p += len;
    }
}

void text_shown_clean(char *s)
{
    text_utf8_clean(s);
    text_one_line(s);
}

void text_file_name(char *out, size_t n, const char *path)
{
    size_t len = strlen(path);
    if (n < 8 || len < n) {
        snprintf(out, n, "%s", path);
    } else {
        const char *tail = path + len - (n - 4); /* "..." and the '\0' */
        while (((unsigned char)*tail & 0xc0) == 0x80)
            tail++;
        snprintf(out, n, "...%s", tail);
    }
    text_shown_clean(out);
}
