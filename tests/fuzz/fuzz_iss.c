/* libFuzzer target: the ISS game record reader (evaluator/iss.h), as analyze uses
 * it: detection, every record, and for a game the position it starts from.
 * The reader works on text in memory; it must not read past size, so the
 * input is given as it comes (no '\0' added: ASan sees any overread). */
#include <stdint.h>
#include <stdlib.h>

#include "iss.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    (void)iss_detect(text, size);
    IssReader *reader = iss_reader_new("fuzz.sgf", text, size);
    if (!reader)
        return 0;
    IssGame *game = malloc(sizeof *game); /* large: not on the stack */
    if (!game)
        abort();
    char err[512];
    while (iss_reader_next(reader, game, err, sizeof err) == 1) {
        if (!game->passed && deal_require_game(&game->deal, err, sizeof err)) {
            Position pos;
            deal_position(&game->deal, &pos);
        }
    }
    free(game);
    iss_reader_free(reader);
    return 0;
}
