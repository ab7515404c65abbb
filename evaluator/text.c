#include "text.h"

#include <stdarg.h>
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
