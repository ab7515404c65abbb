/* libFuzzer target: the JSON Lines of skatdd batch, read back by the two
 * that read them: skatdd stats (cmd_stats, its tables and CSV) and batch
 * resuming its --output file (batch_file_open: the lines kept, a torn last
 * line cut off, the indices marked done).
 *
 * The file is the input rewritten; batch_file_open may cut it, so stats reads
 * it first.  The run's job and fingerprint are fixed words the dictionary
 * holds (a line must carry both to be kept), and the bound on the indices is
 * the largest --random allows, so that a line may name any index a run can
 * write.  Output goes where make fuzz sends it (-close_fd_mask=3). */
#include <stdbool.h>
#include <stdint.h>

#include "batchfile.h"
#include "commands.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[256];
    fuzz_command_file(data, size, ".jsonl", path, sizeof path);
    char stats[] = "stats", csv[] = "--csv";
    char *args[] = {stats, path, NULL};
    cmd_stats(2, args);
    char *csv_args[] = {stats, csv, path, NULL};
    cmd_stats(3, csv_args);

    BatchFile file;
    char err[512];
    /* As batch does: closed whether it opened or not (what it had read is freed). */
    batch_file_open(&file, path, "solve", "0123456789abcdef", INT64_MAX / 2, NULL, err, sizeof err);
    batch_file_close(&file, err, sizeof err);
    return 0;
}
