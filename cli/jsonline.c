#include "jsonline.h"

#include <stdlib.h>

_Static_assert(JSON_LINE_MAX_BYTES == 16 << 20, "JSON_LINE_TOO_LONG names the bound");

/* Room for one more byte and the '\0' after it, within the bound. */
static bool make_room(JsonLine *line)
{
    if (line->length + 2 <= line->capacity)
        return true;
    size_t capacity = line->capacity ? 2 * line->capacity : 4096;
    if (capacity > JSON_LINE_MAX_BYTES + 2)
        capacity = JSON_LINE_MAX_BYTES + 2;
    char *more = realloc(line->text, capacity);
    if (!more) {
        line->out_of_memory = true;
        return false;
    }
    line->text = more;
    line->capacity = capacity;
    return true;
}

bool json_line_read(FILE *f, JsonLine *line)
{
    line->length = 0;
    line->newline = line->too_long = line->out_of_memory = false;
    if (!make_room(line))
        return false;
    int c;
    flockfile(f);
    while ((c = getc_unlocked(f)) != EOF) {
        /* Read no further: a line without end (/dev/zero) would never return. */
        if (line->length == JSON_LINE_MAX_BYTES) {
            line->too_long = true;
            break;
        }
        if (!make_room(line))
            break;
        line->text[line->length] = (char)c;
        line->length++;
        if (c == '\n') {
            line->newline = true;
            break;
        }
    }
    funlockfile(f);
    line->text[line->too_long ? 0 : line->length] = '\0';
    return !line->out_of_memory && !ferror(f) && line->length > 0;
}

void json_line_free(JsonLine *line)
{
    free(line->text);
    *line = (JsonLine){0};
}
