/* A stand-in for libFuzzer's driver: feeds each file named on the command
 * line (or each file of a named directory) to LLVMFuzzerTestOneInput once.
 * With it the targets build with gcc and its sanitizers, and make test
 * replays the stored corpus and past crash inputs without needing libFuzzer.
 * A failure is a sanitizer report (the process aborts); on success it prints
 * how many inputs ran. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "slurp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    size_t size;
    const char *problem;
    char *text = slurp_stream(f, &size, &problem);
    fclose(f);
    if (!text) {
        fprintf(stderr, "%s: %s\n", path, problem);
        return -1;
    }
    /* A copy of exactly size bytes, as libFuzzer gives it: no '\0' after the
     * input for a reader to lean on unseen. */
    uint8_t *data = malloc(size ? size : 1);
    if (!data)
        abort();
    memcpy(data, text, size);
    free(text);
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 1;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of dir, in name order (a report then names the
 * same input on every machine). */
static int run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return -1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? 2 * cap : 64;
            if (!(names = realloc(names, cap * sizeof *names)))
                abort();
        }
        if (!(names[count++] = strdup(e->d_name)))
            abort();
    }
    closedir(d);
    qsort(names, count, sizeof *names, compare_names);
    int runs = 0;
    for (size_t i = 0; i < count; i++) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            int r = run_file(path);
            if (r < 0)
                runs = -1;
            else if (runs >= 0)
                runs += r;
        }
        free(names[i]);
    }
    free(names);
    return runs;
}

int main(int argc, char **argv)
{
    int runs = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        int r = stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) ? run_dir(argv[i]) : run_file(argv[i]);
        if (r < 0)
            return 1;
        runs += r;
    }
    printf("%d\n", runs);
    return 0;
}
