#include "slurp.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

char *slurp_stream(FILE *f, size_t *size, const char **problem)
{
    size_t cap = 4096, n = 0;
    char *text = malloc(cap);
    int why = ENOMEM;
    *problem = "out of memory";
    while (text) {
        n += fread(text + n, 1, cap - 1 - n, f);
        if (ferror(f)) {
            why = errno ? errno : EIO;
            *problem = strerror(why);
            break;
        }
        if (n < cap - 1) {
            text[n] = '\0';
            *size = n;
            return text;
        }
        if (cap >= SLURP_MAX_BYTES) {
            why = EFBIG;
            *problem = "file too large (more than 64 MiB)";
            break;
        }
        char *bigger = realloc(text, cap * 2);
        if (!bigger)
            break;
        text = bigger;
        cap *= 2;
    }
    free(text);
    errno = why;
    return NULL;
}
