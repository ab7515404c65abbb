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
    while (fgets(line, sizeof line, f)) {
        const char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) != 0 || !colon)
            continue;
        const char *value = colon + 1 + strspn(colon + 1, " \t");
        size_t len = strcspn(value, "\n");
        while (len > 0 && (value[len - 1] == ' ' || value[len - 1] == '\t'))
            len--;
        if (len == 0)
            continue;
        len = len < n - 1 ? len : n - 1;
        memcpy(name, value, len);
        name[len] = '\0';
        fclose(f);
        return true;
    }
    fclose(f);
    return false;
}

void print_machine(FILE *out)
{
    char name[256];
    if (!processor_name(name, sizeof name))
        strcpy(name, "unknown processor");
    int cores = omp_get_num_procs();
    fprintf(out, "machine: %s, %d core%s\n", name, cores, cores == 1 ? "" : "s");
}
