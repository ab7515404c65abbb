/* The JSON Lines file of skatdd batch (--output FILE), resumable: a run
 * stopped at any point (Ctrl-C, a killed node, a full queue) continues where
 * it stopped.  Lines are written whole and in index order; at the start the
 * complete lines already in the file are kept, a torn last line is cut off,
 * and the indices found are not solved again. */
#ifndef SKATDD_BATCHFILE_H
#define SKATDD_BATCHFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The indices a file holds already, as runs of consecutive indices in
 * increasing order: the memory grows with the file's lines (a run at most
 * for each), not with the indices they name.  A bit map up to the largest
 * index took 4 GiB for a file of one line of 60 bytes ("index":
 * 20000000000 in a run of more random deals). */
typedef struct {
    int64_t *bounds;      /* run k holds the indices [bounds[2k], bounds[2k + 1]) */
    int64_t bound_count;  /* twice the runs */
    size_t capacity;      /* of bounds */
} DoneIndices;

/* Whether index is in done (by bisection). */
bool done_indices_has(const DoneIndices *done, int64_t index);

typedef struct {
    const char *path;   /* NULL: standard output, nothing to resume */
    const char *job;    /* this run's job and settings' fingerprint: every line kept must have them */
    const char *run;
    FILE *out;
    DoneIndices done;   /* the indices in the file already */
    int64_t done_count;
    int64_t deal_limit; /* every index lies below it (the run's deals, or a bound from its input) */
    const char *read_once; /* the run's input the fingerprint holds by its name alone (standard input, a
                              pipe), in words ("standard input"); NULL: it covers the input, a resume is safe */
    bool torn;          /* a torn last line was cut off */
    bool bad_input;     /* open failed on what the file holds, not on the system */
    bool failed;        /* a write failed: said once, nothing more is written */
} BatchFile;

/* Opens path for appending after reading what it holds (created when
 * missing; a file that is no regular file, such as a pipe, is not read), or
 * standard output when path is NULL.  A complete line that is not
 * a JSON object with a whole "index" >= 0 below deal_limit, above the line
 * before's, is no batch file's, and so is a torn last line that does not
 * start as a batch line does; a line whose "job" and "run" are not job and
 * run was written with other settings (its answers would mix with answers
 * to another question): false, with "FILE:LINE:1: why" in err and
 * f->bad_input set (nothing is changed then).  With read_once (not NULL: the
 * run's input that is read once, a pipe or standard input, in words) a
 * complete line is refused too: that input is in run by its name alone, so
 * the line may answer another input's deal. */
bool batch_file_open(BatchFile *f, const char *path, const char *job, const char *run, int64_t deal_limit,
                     const char *read_once, char *err, size_t n);
/* Writes len bytes of whole lines; false with the reason in err.  Only the
 * first failure has a reason ("" after it, and for standard output, whose
 * failure the end of the program reports). */
bool batch_file_write(BatchFile *f, const char *text, size_t len, char *err, size_t n);
/* What is written reaches the disk (fflush, then fsync for a file): a kill
 * after this loses nothing written before it. */
bool batch_file_sync(BatchFile *f, char *err, size_t n);
/* Syncs and closes; false with the reason when something failed. */
bool batch_file_close(BatchFile *f, char *err, size_t n);

#endif
