/* The commands skatdd batch runs over many deals (--job): each one deal at a
 * time, as the JSON object the command itself prints for it (the same code,
 * so that a batch line has exactly the command's keys). */
#ifndef SKATDD_JOBS_H
#define SKATDD_JOBS_H

#include <jansson.h>

#include "common.h"
#include "deal.h"
#include "iss.h"
#include "rules.h"

typedef struct {
    const char *name;
    const ExtraOption *options; /* the command's own options */
    /* The command's settings, over the common options (kept, not copied),
     * filled by on_option (ctx: the settings; command: "batch", which its
     * errors name). */
    void *(*settings_new)(CommonOptions *common);
    ExtraHandler on_option;
    /* What one thread needs: its solver and tables, one thread each (batch
     * runs deals side by side).  NULL when out of memory. */
    void *(*worker_new)(void *settings);
    void (*worker_free)(void *worker);
    /* The deal's JSON object; NULL when the command refuses the deal
     * (*status EXIT_BAD_INPUT) or fails (EXIT_INTERNAL), the reason in err.
     * iss: the ISS record the deal was read from (its early end), or NULL. */
    json_t *(*run)(void *worker, const Deal *deal, const IssGame *iss, const RuleSystem *rules, char *err, size_t n,
                   int *status);
    void (*settings_free)(void *settings);
    /* Once every option is read: whether they go together, false after
     * saying why (exit 2); NULL where any combination does. */
    bool (*settings_agree)(void *settings, const char *command);
} Job;

extern const Job job_solve, job_table, job_evaluate, job_analyze;

#endif
