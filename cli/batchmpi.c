#include "batchmpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether mpirun (Open MPI, or a PMI launcher such as srun) started us. */
static bool started_by_mpirun(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_RANK");
}

#ifndef SKATDD_MPI

bool batch_mpi_start(BatchMpi *m, int *argc, char ***argv, char *err, size_t n)
{
    (void)argc;
    (void)argv;
    *m = (BatchMpi){.rank = 0, .size = 1};
    if (started_by_mpirun()) {
        snprintf(err, n, "this skatdd is built without MPI: it cannot join mpirun's job");
        return false;
    }
    return true;
}

void batch_mpi_abort(BatchMpi *m, int status)
{
    (void)m;
    (void)status;
}

int batch_mpi_finish(BatchMpi *m, int status)
{
    (void)m;
    return status;
}

int batch_mpi_solving_threads(BatchMpi *m, int threads)
{
    (void)m;
    return threads;
}

bool batch_mpi_share(BatchMpi *m, int64_t **bounds, int64_t *count, int64_t *chunk_size)
{
    (void)m;
    (void)bounds;
    (void)count;
    (void)chunk_size;
    return true;
}

bool batch_mpi_same_text(BatchMpi *m, const char *text, char *rank0, size_t n, bool *every_rank)
{
    (void)m;
    snprintf(rank0, n, "%s", text);
    *every_rank = true;
    return true;
}

bool batch_mpi_ask(BatchMpi *m, int64_t done_chunk, const char *results, size_t len, int64_t input_count,
                   int64_t *chunk)
{
    (void)m, (void)done_chunk, (void)results, (void)len, (void)input_count, (void)chunk;
    return false;
}

bool batch_mpi_coordinate(BatchMpi *m, int64_t total, int64_t chunk_size, const BatchMpiCoordinator *c)
{
    (void)m, (void)total, (void)chunk_size, (void)c;
    return false;
}

#else

#include <mpi.h>
#include <time.h>

enum { TAG_ASK = 1, TAG_CHUNK = 2 };

bool batch_mpi_start(BatchMpi *m, int *argc, char ***argv, char *err, size_t n)
{
    *m = (BatchMpi){.rank = 0, .size = 1};
    if (!started_by_mpirun())
        return true;
    int provided;
    /* Only the main thread talks to MPI; the OpenMP threads solve. */
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        snprintf(err, n, "MPI_Init failed");
        return false;
    }
    m->joined = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &m->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m->size);
    return true;
}

void batch_mpi_abort(BatchMpi *m, int status)
{
    if (m->joined)
        MPI_Abort(MPI_COMM_WORLD, status);
}

int batch_mpi_solving_threads(BatchMpi *m, int threads)
{
    if (m->size < 2)
        return threads;
    int mine = m->rank == 0 ? 0 : threads, total = 0; /* rank 0 hands out chunks and writes; it solves nothing */
    MPI_Reduce(&mine, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    return total;
}

int batch_mpi_finish(BatchMpi *m, int status)
{
    if (!m->joined)
        return status;
    int worst = status;
    MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    m->joined = false;
    return worst;
}

bool batch_mpi_share(BatchMpi *m, int64_t **bounds, int64_t *count, int64_t *chunk_size)
{
    if (m->size < 2)
        return true;
    MPI_Bcast(chunk_size, 1, MPI_INT64_T, 0, MPI_COMM_WORLD); /* chunk k means the same on every rank */
    MPI_Bcast(count, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
    if (m->rank != 0) {
        free(*bounds);
        *bounds = *count ? malloc((size_t)*count * sizeof **bounds) : NULL;
        if (*count && !*bounds)
            return false; /* the run cannot go on: MPI aborts it at the next collective */
    }
    /* In pieces: an MPI count is an int. */
    for (int64_t sent = 0, piece; sent < *count; sent += piece) {
        piece = *count - sent < (1 << 26) ? *count - sent : (1 << 26);
        MPI_Bcast(*bounds + sent, (int)piece, MPI_INT64_T, 0, MPI_COMM_WORLD);
    }
    return true;
}

bool batch_mpi_same_text(BatchMpi *m, const char *text, char *rank0, size_t n, bool *every_rank)
{
    snprintf(rank0, n, "%s", text);
    if (m->size > 1)
        MPI_Bcast(rank0, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
    rank0[n - 1] = '\0';
    int same = strcmp(text, rank0) == 0, all = same;
    if (m->size > 1)
        MPI_Allreduce(&same, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    *every_rank = all != 0;
    return same;
}

bool batch_mpi_ask(BatchMpi *m, int64_t done_chunk, const char *results, size_t len, int64_t input_count,
                   int64_t *chunk)
{
    size_t size = 2 * sizeof(int64_t) + len;
    char *message = malloc(size);
    if (!message)
        return false;
    int64_t header[2] = {done_chunk, input_count};
    memcpy(message, header, sizeof header);
    if (len)
        memcpy(message + sizeof header, results, len);
    MPI_Send(message, (int)size, MPI_BYTE, 0, TAG_ASK, MPI_COMM_WORLD);
    free(message);
    MPI_Recv(chunk, 1, MPI_INT64_T, 0, TAG_CHUNK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    (void)m;
    return *chunk >= 0;
}

typedef struct {
    char *results; /* NULL while the chunk is out */
    size_t len;
} Finished;

/* Waits for the next request without spinning: a blocking MPI_Recv polls at
 * full speed, and rank 0 usually shares its node with the ranks that work. */
static void wait_for_request(MPI_Status *status)
{
    for (int flag = 0;;) {
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_ASK, MPI_COMM_WORLD, &flag, status);
        if (flag)
            return;
        nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
    }
}

static bool grow(Finished **finished, int64_t *cap, int64_t need)
{
    if (need <= *cap)
        return true;
    int64_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    Finished *f = realloc(*finished, (size_t)n * sizeof *f);
    if (!f)
        return false;
    memset(f + *cap, 0, (size_t)(n - *cap) * sizeof *f);
    *finished = f;
    *cap = n;
    return true;
}

static char no_results[1]; /* a chunk finished without lines, or done in an earlier run */

/* Rank 0's account of the chunks: handed out up to next, passed on up to written. */
typedef struct {
    Finished *finished; /* by chunk, cap of them */
    int64_t cap, next, written;
    int64_t total, chunk_size; /* total: the deals, -1 until a rank has counted them */
    bool ok;
} Chunks;

/* Keeps the results a rank sent with its request (header: the chunk it
 * finished, -1 for none, and the deals it counted, -1 for none). */
static void keep_results(Chunks *k, const char *message, int bytes)
{
    int64_t header[2];
    memcpy(header, message, sizeof header);
    if (header[1] >= 0 && k->total < 0)
        k->total = header[1];
    if (header[0] < 0 || header[0] >= k->cap)
        return;
    size_t len = (size_t)bytes - sizeof header;
    char *results = len ? malloc(len) : no_results;
    if (results && len)
        memcpy(results, message + sizeof header, len);
    k->ok = k->ok && results;
    k->finished[header[0]] = (Finished){results ? results : no_results, len};
}

/* The next request, its results kept: false if there is no memory to read it. */
static bool receive_request(Chunks *k, MPI_Status *status)
{
    wait_for_request(status);
    int bytes;
    MPI_Get_count(status, MPI_BYTE, &bytes);
    char *message = malloc((size_t)bytes);
    if (!message)
        return false;
    MPI_Recv(message, bytes, MPI_BYTE, status->MPI_SOURCE, TAG_ASK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    keep_results(k, message, bytes);
    free(message);
    return true;
}

/* Passed on in chunk order: the file is the same as a run alone. */
static void deliver_in_order(Chunks *k, const BatchMpiCoordinator *c)
{
    while (k->ok && k->written < k->next && k->finished[k->written].results) {
        Finished *f = &k->finished[k->written];
        k->ok = c->deliver(c->ctx, k->written, f->results, f->len);
        if (f->results != no_results)
            free(f->results);
        k->written++;
    }
}

/* The next chunk to solve, passing over those done in an earlier run: -1 when none is left. */
static int64_t hand_out(Chunks *k, const BatchMpiCoordinator *c)
{
    while (k->ok && (k->total < 0 || k->next * k->chunk_size < k->total)) {
        if (!grow(&k->finished, &k->cap, k->next + 1)) {
            k->ok = false;
            return -1;
        }
        if (c->needed(c->ctx, k->next))
            return k->next++;
        k->finished[k->next++] = (Finished){no_results, 0};
    }
    return -1;
}

bool batch_mpi_coordinate(BatchMpi *m, int64_t total, int64_t chunk_size, const BatchMpiCoordinator *c)
{
    Chunks k = {.total = total, .chunk_size = chunk_size, .ok = true};
    for (int stopped = 0; stopped < m->size - 1;) {
        MPI_Status status;
        if (!receive_request(&k, &status)) {
            k.ok = false; /* the message stays unread: MPI_Finalize of a failed run */
            break;
        }
        deliver_in_order(&k, c);
        int64_t chunk = hand_out(&k, c);
        if (chunk < 0)
            stopped++;
        MPI_Send(&chunk, 1, MPI_INT64_T, status.MPI_SOURCE, TAG_CHUNK, MPI_COMM_WORLD);
    }
    deliver_in_order(&k, c);
    free(k.finished);
    return k.ok;
}

#endif
