/* See fuzz_file.h. */
#include "fuzz_file.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char path[256];

static void remove_file(void) { unlink(path); }

const char *fuzz_file_write(const uint8_t *data, size_t size, const char *suffix)
{
    if (!path[0]) {
        const char *dir = getenv("TMPDIR");
        snprintf(path, sizeof path, "%s/skatdd-fuzz-XXXXXX%s", dir && *dir ? dir : "/tmp", suffix);
        int fd = mkstemps(path, (int)strlen(suffix));
        if (fd < 0) {
            perror("fuzz_file_write: mkstemps");
            abort();
        }
        close(fd);
        atexit(remove_file); /* libFuzzer leaves through exit() too */
    }
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
        perror(path);
        abort();
    }
    return path;
}

void fuzz_command_file(const uint8_t *data, size_t size, const char *suffix, char *out, size_t n)
{
    static bool started;
    if (!started) {
        unsetenv("SKATDD_RULES_DIR"); /* rule names mean the built-in systems, wherever it runs */
        started = true;
    }
    snprintf(out, n, "%s", fuzz_file_write(data, size, suffix));
}
