#include "grow.h"

#include <stdint.h>
#include <stdlib.h>

void *grow_array(void *items, size_t count, size_t more, size_t *capacity, size_t item_size, size_t first)
{
    if (more > SIZE_MAX - count) /* count + more would wrap to a small size that "fits" */
        return NULL;
    if (count + more <= *capacity)
        return items;
    size_t grown = *capacity ? *capacity : first;
    while (grown < count + more) {
        if (grown > SIZE_MAX / 2)
            return NULL;
        grown *= 2;
    }
    if (grown > SIZE_MAX / item_size)
        return NULL;
    void *moved = realloc(items, grown * item_size);
    if (moved)
        *capacity = grown;
    return moved;
}
