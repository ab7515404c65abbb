/* Arrays that grow as items are appended: the capacity doubles when full, so
 * that n appends cost O(n) copying in all. */
#ifndef SKATDD_GROW_H
#define SKATDD_GROW_H

#include <stddef.h>

/* Room in items (count used of *capacity, item_size bytes each) for more
 * items after the count: when they do not fit, the capacity doubles (starting
 * from first, above 0) until they do and the array is reallocated.  Returns the array,
 * moved or not, with *capacity updated; NULL when memory runs out or the size
 * would overflow, with items and *capacity as they were. */
void *grow_array(void *items, size_t count, size_t more, size_t *capacity, size_t item_size, size_t first);

#endif
