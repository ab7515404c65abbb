/* Preloaded by out_of_memory.sh: the FAIL_AT-th call of malloc, calloc or
 * realloc in the process fails (returns NULL, errno ENOMEM), every other
 * succeeds.  With COUNT_MALLOC set, the number of calls is printed on stderr
 * at exit, so that the script knows how many failure points there are. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *p, size_t size);

static atomic_long calls;
static long fail_at = -1;
static atomic_int ready;

static int this_call_fails(void)
{
    if (!atomic_load(&ready)) {
        const char *at = getenv("FAIL_AT"); /* getenv allocates nothing */
        fail_at = at ? atol(at) : -1;
        atomic_store(&ready, 1);
    }
    if (atomic_fetch_add(&calls, 1) + 1 != fail_at)
        return 0;
    errno = ENOMEM;
    return 1;
}

void *malloc(size_t size) { return this_call_fails() ? NULL : __libc_malloc(size); }
void *calloc(size_t count, size_t size) { return this_call_fails() ? NULL : __libc_calloc(count, size); }
void *realloc(void *p, size_t size) { return this_call_fails() ? NULL : __libc_realloc(p, size); }

__attribute__((destructor)) static void count(void)
{
    if (getenv("COUNT_MALLOC"))
        fprintf(stderr, "malloc calls: %ld\n", (long)atomic_load(&calls));
}
