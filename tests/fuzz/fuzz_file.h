/* For fuzz targets whose reader opens a path: the input written to one
 * temporary file per process, rewritten for each input. */
#ifndef SKATDD_FUZZ_FILE_H
#define SKATDD_FUZZ_FILE_H

#include <stddef.h>
#include <stdint.h>

/* Writes data to the process's temporary file (named ...SUFFIX, since the
 * readers tell a path from a name by ".yaml") and returns its path.  Aborts
 * when it cannot: a fuzzer that silently tested nothing would look clean. */
const char *fuzz_file_write(const uint8_t *data, size_t size, const char *suffix);

/* For targets that run a command over the file (its argv wants a char *):
 * the file written as above, its path copied into out (size n).  The first
 * call unsets SKATDD_RULES_DIR, so that rule names mean the built-in systems
 * wherever the target runs. */
void fuzz_command_file(const uint8_t *data, size_t size, const char *suffix, char *out, size_t n);

#endif
