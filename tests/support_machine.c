#include "support_machine.h"

#include <stdbool.h>
#include <string.h>

#include <omp.h>

/* The first "model name" of /proc/cpuinfo, its value trimmed; false where
 * there is none (another system, or no such line). */
static bool processor_name(char *name, size_t n)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return false;
    char line[512];
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0)
            continue;
        const char *value = strchr(line, ':');
        if (!value)
            continue;
        value += strspn(value + 1, " \t") + 1;
        size_t len = strcspn(value, "\n");
        while (len > 0 && (value[len - 1] == ' ' || value[len - 1] == '\t'))
            len--;
        if (len == 0)
            continue;
        len = len < n - 1 ? len : n - 1;
        memcpy(name, value, len);
        name[len] = '\0';
        found = true;
    }
    fclose(f);
    return found;
}

void print_machine(FILE *out)
{
    char name[256];
    if (!processor_name(name, sizeof name))
        strcpy(name, "unknown processor");
    int cores = omp_get_num_procs();
    fprintf(out, "machine: %s, %d core%s\n", name, cores, cores == 1 ? "" : "s");
}
