#include "text.h"

#include <stdarg.h>
#include <stdbool.h>
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

bool text_has_control(const char *s, size_t len, unsigned *code)
{
    const unsigned char *t = (const unsigned char *)s;
    for (size_t i = 0; i < len; i++) {
        bool c1 = t[i] == 0xc2 && i + 1 < len && t[i + 1] >= 0x80 && t[i + 1] <= 0x9f;
        if ((t[i] < 0x20 && t[i] != '\t' && t[i] != '\n') || t[i] == 0x7f || c1) {
            *code = c1 ? t[i + 1] : t[i];
            return true;
        }
    }
    return false;
}

void text_one_line(char *s)
{
    unsigned char *in = (unsigned char *)s, *out = in;
    for (; *in; in++) {
        bool c1 = in[0] == 0xc2 && in[1] >= 0x80 && in[1] <= 0x9f;
        if (c1 || *in < 0x20 || *in == 0x7f) {
            *out++ = '?';
            in += c1;
        } else {
            *out++ = *in;
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
