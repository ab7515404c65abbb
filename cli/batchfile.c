#include "batchfile.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "grow.h"
#include "jsonline.h"
#include "text.h"

/* An index of the file and the line that holds it. */
typedef struct {
    int64_t index;
    long line;
} SeenIndex;

typedef struct {
    SeenIndex *at;
    size_t count, capacity;
} SeenIndices;

static bool seen_add(SeenIndices *s, int64_t index, long line)
{
    SeenIndex *at = grow_array(s->at, s->count, 1, &s->capacity, sizeof *at, 256);
    if (!at)
        return false;
    s->at = at;
    s->at[s->count++] = (SeenIndex){index, line};
    return true;
}

static int compare_seen(const void *a, const void *b)
{
    const SeenIndex *x = a, *y = b;
    if (x->index != y->index)
        return (x->index > y->index) - (x->index < y->index);
    return (x->line > y->line) - (x->line < y->line);
}

/* Adds index, above every index added before. */
static bool mark_done(BatchFile *f, int64_t index)
{
    DoneIndices *d = &f->done;
    if (d->bound_count && d->bounds[d->bound_count - 1] == index) {
        d->bounds[d->bound_count - 1]++; /* the last run goes on */
    } else {
        int64_t *bounds = grow_array(d->bounds, (size_t)d->bound_count, 2, &d->capacity, sizeof *bounds, 64);
        if (!bounds)
            return false;
        d->bounds = bounds;
        d->bounds[d->bound_count++] = index;
        d->bounds[d->bound_count++] = index + 1;
    }
    f->done_count++;
    return true;
}

bool done_indices_has(const DoneIndices *d, int64_t index)
{
    int64_t low = 0, high = d->bound_count / 2; /* the first run that ends above index */
    while (low < high) {
        int64_t middle = low + (high - low) / 2;
        if (d->bounds[2 * middle + 1] <= index)
            low = middle + 1;
        else
            high = middle;
    }
    return low < d->bound_count / 2 && d->bounds[2 * low] <= index;
}

/* The index of a complete line (-1 when the line is no batch line) and
 * whether the run that wrote it had this run's job and settings. */
static int64_t line_index(const BatchFile *f, const char *line, size_t len, bool *same_run, char *was, size_t n)
{
    json_t *j = json_loadb(line, len, 0, NULL);
    json_t *index = json_object_get(j, "index");
    int64_t i = json_is_integer(index) && json_integer_value(index) >= 0 ? (int64_t)json_integer_value(index) : -1;
    const char *job = json_string_value(json_object_get(j, "job"));
    const char *run = json_string_value(json_object_get(j, "run"));
    *same_run = job && run && strcmp(job, f->job) == 0 && strcmp(run, f->run) == 0;
    snprintf(was, n, "%.20s %.20s", job ? job : "(none)", run ? run : "(none)");
    text_shown_clean(was); /* the file's strings, cut to size */
    json_decref(j);
    return i;
}

/* How every batch line starts (the writer puts "index" first). */
static const char LINE_START[] = "{\"index\":";

/* A torn last line is cut off only where a kill may have torn a batch line. */
static bool torn_batch_line(const char *line, size_t len)
{
    size_t start = sizeof LINE_START - 1;
    return strncmp(line, LINE_START, len < start ? len : start) == 0;
}

/* The file's indices, sorted, as f->done; an index on two lines is refused
 * (the file mixes two runs' lines, or was edited).  The lines need not come
 * in index order: a resume appends the deals an earlier run could not
 * answer after the ones it did. */
static bool mark_seen(BatchFile *f, SeenIndices *seen, char *err, size_t n)
{
    if (seen->count) /* none: at is NULL, which qsort may not be given even for 0 */
        qsort(seen->at, seen->count, sizeof *seen->at, compare_seen);
    for (size_t i = 0; i < seen->count; i++) {
        if (i > 0 && seen->at[i].index == seen->at[i - 1].index) {
            snprintf(err, n, "%s:%ld:1: index %" PRId64 " again (line %ld has it): a batch file holds each deal once",
                     f->path, seen->at[i].line, seen->at[i].index, seen->at[i - 1].line);
            f->bad_input = true;
            return false;
        }
        if (!mark_done(f, seen->at[i].index)) {
            snprintf(err, n, "%s: out of memory", f->path);
            return false;
        }
    }
    return true;
}

/* A line of the file (its number-th) that is whole: one of this run's, its
 * index in seen and its length added to *keep.  False after saying what is
 * wrong; f->bad_input when the line is, not the system. */
static bool take_line(BatchFile *f, const JsonLine *line, long number, SeenIndices *seen, off_t *keep, char *err,
                      size_t n)
{
    bool same_run;
    char was[64];
    int64_t index = line->newline && !line->too_long
                        ? line_index(f, line->text, line->length - 1, &same_run, was, sizeof was)
                        : -1;
    if (line->too_long) {
        snprintf(err, n, "%s:%ld:1: %s", f->path, number, JSON_LINE_TOO_LONG);
    } else if (index < 0) {
        snprintf(err, n, "%s:%ld:1: not a line of skatdd batch (a JSON object with an \"index\")", f->path, number);
    } else if (index >= f->deal_limit) {
        snprintf(err, n, "%s:%ld:1: index %" PRId64 ", but this run's input holds fewer deals (at most %" PRId64 ")",
                 f->path, number, index, f->deal_limit);
    } else if (!same_run) {
        snprintf(err, n,
                 "%s:%ld:1: written by a run with other settings (job and run %s, this run's are %s %s): "
                 "resume with the first run's job, options and input, or write another file",
                 f->path, number, was, f->job, f->run);
    } else if (f->read_once) {
        snprintf(err, n, "%s:%ld:1: written by an earlier run, whose input cannot be checked against %s: give "
                 "the input as a file to resume, or write another file", f->path, number, f->read_once);
    } else if (!seen_add(seen, index, number)) {
        snprintf(err, n, "%s: out of memory", f->path);
        return false;
    } else {
        *keep += (off_t)line->length;
        return true;
    }
    f->bad_input = true; /* the file's lines, not the system, stop the run */
    return false;
}

/* Whether the reading stopped at the file's end, not at an error. */
static bool read_to_end(const BatchFile *f, FILE *in, const JsonLine *line, char *err, size_t n)
{
    if (ferror(in)) {
        snprintf(err, n, "%s: %s", f->path, strerror(errno));
        return false;
    }
    if (line->out_of_memory) {
        snprintf(err, n, "%s: out of memory", f->path);
        return false;
    }
    return true;
}

/* Reads the lines there are; *keep is the length of the complete ones. */
static bool read_existing(BatchFile *f, FILE *in, off_t *keep, char *err, size_t n)
{
    JsonLine line = {0};
    SeenIndices seen = {0};
    long number = 0;
    bool ok = true;
    *keep = 0;
    while (ok && json_line_read(in, &line)) {
        number++;
        /* A line of batch is far shorter: a torn one too, which is not cut off then. */
        if (!line.newline && !line.too_long && torn_batch_line(line.text, line.length)) { /* torn by a kill: solved again */
            f->torn = true;
            break;
        }
        ok = take_line(f, &line, number, &seen, keep, err, n);
    }
    ok = ok && read_to_end(f, in, &line, err, n);
    ok = ok && mark_seen(f, &seen, err, n);
    free(seen.at);
    json_line_free(&line);
    return ok;
}

bool batch_file_open(BatchFile *f, const char *path, const char *job, const char *run, int64_t deal_limit,
                     const char *read_once, char *err, size_t n)
{
    *f = (BatchFile){.path = path, .job = job, .run = run, .deal_limit = deal_limit, .read_once = read_once};
    if (!path) {
        f->out = stdout;
        return true;
    }
    struct stat st;
    bool regular = stat(path, &st) == 0 && S_ISREG(st.st_mode);
    FILE *in = regular ? fopen(path, "r") : NULL;
    if (regular && !in) {
        snprintf(err, n, "skatdd batch: --output %s: %s", path, strerror(errno));
        f->bad_input = errno == EACCES;
        return false;
    }
    off_t keep = 0;
    if (in) {
        bool ok = read_existing(f, in, &keep, err, n);
        fclose(in);
        if (!ok)
            return false;
    }
    f->out = fopen(path, "a");
    if (!f->out || (f->torn && ftruncate(fileno(f->out), keep) != 0)) {
        /* A path that cannot be written is the user's to mend, as with --html and --plot. */
        f->bad_input = !f->out && (errno == ENOENT || errno == ENOTDIR || errno == EACCES || errno == EISDIR ||
                                   errno == EROFS);
        snprintf(err, n, "skatdd batch: --output %s: %s", path, strerror(errno));
        if (f->out)
            fclose(f->out);
        f->out = NULL;
        return false;
    }
    return true;
}

/* The first failure's reason; none for standard output (output_end says it). */
static bool fail(BatchFile *f, char *err, size_t n)
{
    int why = errno ? errno : EIO;
    if (n)
        err[0] = '\0';
    if (!f->failed && f->path)
        snprintf(err, n, "%s: %s", f->path, strerror(why));
    f->failed = true;
    return false;
}

bool batch_file_write(BatchFile *f, const char *text, size_t len, char *err, size_t n)
{
    errno = 0;
    if (f->failed || (len && fwrite(text, 1, len, f->out) != len))
        return fail(f, err, n);
    return true;
}

/* fsync of a file that cannot be synced (a pipe, a terminal) is no failure. */
bool batch_file_sync(BatchFile *f, char *err, size_t n)
{
    errno = 0;
    if (f->failed || fflush(f->out) != 0 || ferror(f->out) ||
        (f->path && fsync(fileno(f->out)) != 0 && errno != EINVAL && errno != EROFS))
        return fail(f, err, n);
    return true;
}

bool batch_file_close(BatchFile *f, char *err, size_t n)
{
    if (n)
        err[0] = '\0';
    bool ok = !f->out || batch_file_sync(f, err, n);
    if (f->path && f->out && fclose(f->out) != 0 && ok)
        ok = fail(f, err, n);
    f->out = NULL;
    free(f->done.bounds);
    f->done = (DoneIndices){0};
    return ok;
}
