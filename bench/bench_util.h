/*
 * bench_util.h - shared helpers of the benchmarks: the engine's monotonic
 * clock in microseconds, summary statistics of timing samples, JSON output,
 * command-line numbers, and the list of every unfinished 3x3 position. Uses
 * only the engine's public API and the programs' number parser.
 */
#ifndef TTT_BENCH_UTIL_H
#define TTT_BENCH_UTIL_H

#include <stdint.h>
#include <stdio.h>

#include "ttt/ttt.h"

/* Microseconds on the engine's monotonic clock (game_clock_us()). */
double bench_now_us(void);

/* Microseconds of CPU time this thread has used (CLOCK_THREAD_CPUTIME_ID;
 * GetThreadTimes on Windows). What the benchmarks time searches with: on a
 * machine shared with other work, wall time counts the others' turns too. */
double bench_cpu_us(void);

/* The median of what two bench_cpu_us() calls in a row measure: reading
 * the thread's CPU clock is a system call (some hundreds of nanoseconds on
 * a virtual machine), which the timings of microsecond calls subtract. */
double bench_cpu_overhead_us(void);

/* The value of a numeric option, or a message on stderr and exit status 2
 * (a usage error, like the other programs) when @p text is not a whole
 * number in [lo, hi]. @p program and @p option name it in the message. */
int bench_arg_int(const char *program, const char *option, const char *text, int lo, int hi);

/* The same for a 64-bit seed (digits only). */
uint64_t bench_arg_seed(const char *program, const char *option, const char *text);

/* Summary of timing samples, in microseconds. */
typedef struct bench_stats {
    double min, median, p99, max;
} bench_stats;

/* Sorts `samples` in place and summarises them; n > 0. */
void bench_summarise(double *samples, int n, bench_stats *out);

/* Writes "key": {"min": .., "median": .., "p99": .., "max": ..}. */
void bench_json_stats(FILE *f, const char *key, const bench_stats *s);

/* Every unfinished 3x3 position reachable from the empty board with X
 * first, as the compact text ttt_game_parse() reads (11 bytes with NUL). */
#define BENCH_POSITIONS_3X3 4520
#define BENCH_COMPACT_3X3 12
int bench_positions_3x3(char (*out)[BENCH_COMPACT_3X3], int capacity);

/* Exits with a message when an engine call fails: a benchmark whose
 * calls fail measures nothing. */
void bench_check(ttt_status st, const char *what);

#endif /* TTT_BENCH_UTIL_H */
