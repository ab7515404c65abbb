/* Benchmark support: which machine the figures come from.  The same nodes
 * took 1.9 times as long on one 2-core machine as on another (README, round
 * 26), so a benchmark's times say little without it. */
#ifndef SKATDD_SUPPORT_MACHINE_H
#define SKATDD_SUPPORT_MACHINE_H

#include <stdio.h>

/* Prints "machine: PROCESSOR, N cores" (the processor's name from
 * /proc/cpuinfo, "unknown processor" where it cannot be read; the cores the
 * benchmarks' threads count on, as evaluate and table count them). */
void print_machine(FILE *out);

#endif
