#define _GNU_SOURCE /* fopencookie */
#include "output.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common.h"

static int first_error; /* errno of the first failed write, 0 while none failed */

static ssize_t write_all(void *cookie, const char *data, size_t size)
{
    (void)cookie;
    size_t done = 0;
    while (done < size) {
        ssize_t w = write(STDOUT_FILENO, data + done, size - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!first_error)
                first_error = w < 0 ? errno : EIO;
            return -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)size;
}

void output_begin(void)
{
    cookie_io_functions_t io = {.write = write_all};
    FILE *out = fopencookie(NULL, "w", io);
    if (!out)
        return;
    setvbuf(out, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
    stdout = out;
}

int output_end(int status)
{
    bool failed = ferror(stdout);
    errno = 0;
    if (fclose(stdout) != 0)
        failed = true;
    if (!failed)
        return status;
    int cause = first_error ? first_error : errno ? errno : EIO;
    fprintf(stderr, "skatdd: error writing output: %s\n", strerror(cause));
    return status == EXIT_OK ? EXIT_INTERNAL : status;
}
