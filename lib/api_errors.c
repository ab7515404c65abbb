/* Errors and versions of the public API; the checks that the public enums
 * mirror the modules' own. */
#include "api.h"

#include <stdarg.h>
#include <stdio.h>

#include "evaluate.h"
#include "gamevalue.h"
#include "table.h"

/* The public enums mirror the internal ones; a change below must show here. */
_Static_assert((int)SKATDD_GRAND == (int)GAME_GRAND && (int)SKATDD_NULL == (int)GAME_NULL, "game order");
_Static_assert((int)SKATDD_REARHAND == (int)SEAT_REARHAND, "seat order");
_Static_assert((int)SKATDD_SINGLE_DUMMY == (int)MODEL_SINGLE_DUMMY, "model order");
_Static_assert((int)SKATDD_TABLE_MAX_ROWS == (int)TABLE_MAX_CONTRACTS && (int)SKATDD_TABLE_MAX_ROWS == (int)EVAL_MAX_CONTRACTS,
               "table rows");

/* ---- errors ------------------------------------------------------------- */

static _Thread_local char last_error[512];

skatdd_status api_fail(skatdd_status status, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    vsnprintf(last_error, sizeof last_error, format, ap);
    va_end(ap);
    return status;
}

static const char *const status_text[SKATDD_STATUS_COUNT] = {
    [SKATDD_OK] = "success",
    [SKATDD_ERR_ARGUMENT] = "bad argument",
    [SKATDD_ERR_CARD] = "not a card",
    [SKATDD_ERR_CARDS] = "bad card set",
    [SKATDD_ERR_TRICK] = "impossible trick",
    [SKATDD_ERR_CONTRACT] = "bad contract",
    [SKATDD_ERR_RULES] = "rule system cannot be loaded",
    [SKATDD_ERR_YAML] = "bad deal text",
    [SKATDD_ERR_IO] = "cannot read file",
    [SKATDD_ERR_MEMORY] = "out of memory",
    [SKATDD_ERR_INTERNAL] = "internal error",
};

const char *skatdd_strerror(skatdd_status status)
{
    return (unsigned)status < SKATDD_STATUS_COUNT ? status_text[status] : "unknown status";
}

const char *skatdd_last_error(void) { return last_error; }

const char *skatdd_version(void) { return SKATDD_VERSION; }
