/* skatdd batch across the processes of an MPI job (mpirun -np K skatdd batch
 * ...): rank 0 coordinates, handing out chunks of deal indices to the other
 * ranks as they ask for them (a rank slowed by hard deals simply asks less
 * often) and passing the results back in chunk order, so that the file is the
 * same as a run without MPI.  Chunk k holds the indices [k * size, (k + 1) *
 * size).  Without mpirun, or in a build without MPI (SKATDD_MPI undefined:
 * the sanitizer builds), the process runs alone. */
#ifndef SKATDD_BATCHMPI_H
#define SKATDD_BATCHMPI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int rank, size; /* 0 and 1 when alone */
    bool joined;    /* MPI_Init was called: batch_mpi_finish must be */
} BatchMpi;

/* Joins the MPI job when mpirun started this process (its environment says
 * so); a process started otherwise never loads MPI's machinery.  False with
 * the reason in err when it cannot join. */
bool batch_mpi_start(BatchMpi *m, int *argc, char ***argv, char *err, size_t n);
/* Ends every rank of the job at once with status (MPI_Abort), when one rank
 * cannot go on and the others would wait for it forever; alone: nothing. */
void batch_mpi_abort(BatchMpi *m, int status);
/* The threads of every rank other than 0 (those that solve), summed, on
 * rank 0: ranks may run on nodes of different sizes.  Every rank calls it
 * (a collective); alone: threads. */
int batch_mpi_solving_threads(BatchMpi *m, int threads);
/* The worst exit status over all ranks, which every rank then returns. */
int batch_mpi_finish(BatchMpi *m, int status);

/* Rank 0's indices done already (the bounds of their runs, DoneIndices)
 * and its chunk size, to every rank: *bounds, *count and *chunk_size are
 * replaced on the others. */
bool batch_mpi_share(BatchMpi *m, int64_t **bounds, int64_t *count, int64_t *chunk_size);

/* Whether this rank's text (the run's fingerprint) is rank 0's, which every
 * rank gets in rank0 (n bytes, NUL-terminated): a rank whose copy of the
 * input differs would write answers to another question.  *every_rank tells
 * whether all ranks' texts are rank 0's: no rank learns it before every rank
 * has compared, so none starts work that a differing rank must stop.  A
 * collective. */
bool batch_mpi_same_text(BatchMpi *m, const char *text, char *rank0, size_t n, bool *every_rank);

/* A worker hands in the results of its last chunk (chunk -1: none yet) and
 * how many deals the input holds (-1: not known yet), and gets the next chunk
 * in *chunk; false when there is no more work. */
bool batch_mpi_ask(BatchMpi *m, int64_t done_chunk, const char *results, size_t len, int64_t input_count,
                   int64_t *chunk);

/* What the coordinator asks of the batch: whether a chunk has anything left
 * to do (resume), and to take the results of the chunks in order. */
typedef struct {
    bool (*needed)(void *ctx, int64_t chunk);
    bool (*deliver)(void *ctx, int64_t chunk, const char *results, size_t len);
    void *ctx;
} BatchMpiCoordinator;

/* Rank 0 until every worker is told there is no more: chunks of the
 * chunk_size indices of total deals (-1: until a worker reports the end of
 * the input).  False when delivering failed (the workers are stopped). */
bool batch_mpi_coordinate(BatchMpi *m, int64_t total, int64_t chunk_size, const BatchMpiCoordinator *c);

#endif
