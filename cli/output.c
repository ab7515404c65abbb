#define _GNU_SOURCE /* fopencookie */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdlib.h>
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

/* A standard descriptor the caller closed (skatdd ... >&-) must stay taken:
 * else the next file opened (the --html page, the --output file) gets its
 * number and receives what is written to stdout or stderr.  /dev/null
 * opened the wrong way round holds the number, and every use fails as on
 * the closed one (a write to stdout: EBADF, reported at the end). */
static bool stderr_closed; /* by the caller (2>&-): no message is wanted */

static void hold_closed_descriptors(void)
{
    static const int modes[] = {O_WRONLY, O_RDONLY, O_RDONLY}; /* stdin, stdout, stderr */
    for (int fd = 0; fd < 3; fd++)
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            open("/dev/null", modes[fd]); /* the lowest free number: fd */
            stderr_closed = stderr_closed || fd == STDERR_FILENO;
        }
}

/* jansson answers a failed allocation by leaving the value out: an object
 * without its key, an array one element short, printed as if whole.  A
 * program that cannot build its answer stops instead, from any thread, with
 * only calls that allocate nothing. */
static void *json_memory(size_t size)
{
    void *p = malloc(size);
    if (!p && size) {
        static const char message[] = "skatdd: out of memory building the JSON output\n";
        ssize_t ignored = write(STDERR_FILENO, message, sizeof message - 1);
        (void)ignored;
        _exit(EXIT_INTERNAL);
    }
    return p;
}

void output_begin(void)
{
    json_set_alloc_funcs(json_memory, free);
    hold_closed_descriptors();
    cookie_io_functions_t io = {.write = write_all};
    FILE *out = fopencookie(NULL, "w", io);
    if (!out)
        return;
    setvbuf(out, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
    stdout = out;
}

int output_end(int status)
{
    /* A line for stderr (a rate, a progress line, a warning) that could not
     * be written (a full disk): nothing can say so any more, but the status
     * does, as GNU's close_stdout does, so that the run is not taken for
     * clean.  Not where the caller closed stderr: he wants no messages. */
    if (ferror(stderr) && !stderr_closed && status == EXIT_OK)
        status = EXIT_INTERNAL;
    bool failed = ferror(stdout);
    errno = 0;
    if (fclose(stdout) != 0)
        failed = true;
    if (!failed)
        return status;
    int cause = first_error ? first_error : errno ? errno : EIO;
    cli_error("skatdd: error writing output: %s", strerror(cause));
    return status == EXIT_OK ? EXIT_INTERNAL : status;
}
