/* libFuzzer target: a file as skatdd score takes it, through the command
 * itself (cmd_score): YAML deals or ISS records told apart, each deal's rule
 * system looked up by its rules:, then what score checks after reading (a
 * playable game, the contract under the rules, the full play or the stated
 * result, a Spitze, a Ramsch's seats) and the score and its text and JSON.
 * fuzz_deal and fuzz_iss stop at the readers; this is the rest of the way.
 *
 * The command writes its answers and one line per refused deal: make fuzz
 * runs the targets with -close_fd_mask=3 (sanitizer reports still shown). */
#define _GNU_SOURCE /* memmem */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "commands.h"
#include "fuzz_file.h"

/* A rule system named as a path (a '/', or ".yaml": rules_is_path) is a file
 * the fuzzer would choose (/dev/stdin would wait for ever); YAML spells a
 * '/' with a backslash escape too.  Such inputs are scored under isko, every
 * other under its own rules: (the built-in systems). */
static bool may_name_a_path(const uint8_t *data, size_t size)
{
    return memchr(data, '/', size) || memchr(data, '\\', size) || memmem(data, size, ".yaml", 5);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[256];
    fuzz_command_file(data, size, ".yaml", path, sizeof path);
    char score[] = "score", format[] = "--format", json[] = "json", rules[] = "--rules", isko[] = "isko";
    if (may_name_a_path(data, size)) {
        char *args[] = {score, rules, isko, format, json, path, NULL};
        cmd_score(6, args);
        char *text_args[] = {score, rules, isko, path, NULL};
        cmd_score(4, text_args);
    } else {
        char *args[] = {score, format, json, path, NULL};
        cmd_score(4, args);
        char *text_args[] = {score, path, NULL};
        cmd_score(2, text_args);
    }
    return 0;
}
