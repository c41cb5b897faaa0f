/*
 * ttt_bench.h - what ttt_bench measures, section by section, and its two
 * ways of printing it (ttt_bench_report.c: the table and the JSON, whose
 * keys docs/ai.md lists).
 */
#ifndef TTT_BENCH_H
#define TTT_BENCH_H

#include <stdint.h>

#include "bench_util.h"
#include "ttt/ttt.h"

#define FRAME_60HZ_US 16666.7
#define FRAME_144HZ_US 6944.4
#define DEADLINE_SLACK_P99_US 1000.0
#define DEADLINE_SLACK_MAX_US 2000.0
#define OVERSHOOT_DEADLINE_MS 10
#define FRAME_DEADLINE_MS 16
#define FRAME_BOARDS 20
/* The known results' boards (KNOWN[] in ttt_bench.c). */
#define KNOWN_COUNT 21

typedef struct config {
    int json, quick, longer, size_deadline_ms;
} config;

typedef struct result3 {
    bench_stats empty, generic, seed, worst, worst_generic;
    uint64_t empty_nodes, generic_nodes, seed_nodes, worst_generic_nodes;
    char worst_pos[BENCH_COMPACT_3X3];
    char worst_generic_pos[BENCH_COMPACT_3X3];
    int positions;
} result3;

typedef struct size_result {
    int n, k, deadline_ms, exact, samples, worst_depth;
    double worst_us, median_us;
    uint64_t worst_nodes;
} size_result;

typedef struct four_result {
    bench_stats empty, sampled;
    uint64_t empty_nodes, worst_nodes;
    int samples, all_exact;
    char worst_pos[TTT_FORMAT_MAX];
} four_result;

typedef struct known_result {
    int n, k, proven, plies, ran;
    ttt_outcome value, expected;
    double cpu_ms;
    uint64_t nodes;
} known_result;

typedef struct deadline_result {
    int n, k, moves, stopped;
    bench_stats overshoot;      /* CPU time of the move minus the deadline, in us */
    bench_stats wall_overshoot; /* the same in wall time, for comparison */
} deadline_result;

typedef struct frame_result {
    int n, k, games, moves, proven, results[3]; /* X wins, draws, O wins */
    ttt_outcome value;                          /* ttt_board_value() */
    int kept;                                   /* every game ended as the value says */
    bench_stats move_ms;                        /* CPU time of a move */
} frame_result;

#define DEADLINE_BOARDS (TTT_MAX_SIZE - 5 + 1) /* 5x5 to 8x8 */

typedef struct report {
    result3 r3;
    size_result sizes[TTT_MAX_SIZE - TTT_MIN_SIZE + 1];
    four_result four;
    known_result known[KNOWN_COUNT];
    deadline_result deadline[DEADLINE_BOARDS];
    frame_result frame[FRAME_BOARDS];
    bench_stats games;
    double clock_overhead_us; /* subtracted from every time */
} report;

/** The report as a table on stdout. */
void ttt_bench_print_text(const report *rp);

/** The report as one JSON object on stdout. */
void ttt_bench_print_json(const report *rp);

#endif /* TTT_BENCH_H */
