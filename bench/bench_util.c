/* bench_util.c - clock, statistics, JSON and 3x3 positions for the benchmarks. */
#if defined(_WIN32)
#include <windows.h>
#else
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 199309L
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 199309L
#endif
#include <time.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#define US_PER_S 1e6
#define NS_PER_US 1e3
#define P99 0.99
/* 3^9 board codes: enough to mark each 3x3 board seen. */
#define CODES_3X3 19683

#if defined(_WIN32)
double bench_now_us(void)
{
    LARGE_INTEGER freq, now;
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&now);
    return (double)now.QuadPart * US_PER_S / (double)freq.QuadPart;
}
#else
double bench_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * US_PER_S + (double)ts.tv_nsec / NS_PER_US;
}
#endif

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bench_summarise(double *samples, int n, bench_stats *out)
{
    qsort(samples, (size_t)n, sizeof *samples, cmp_double);
    out->min = samples[0];
    out->median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
    int i99 = (int)(P99 * (n - 1) + 0.5);
    out->p99 = samples[i99];
    out->max = samples[n - 1];
}

void bench_json_stats(FILE *f, const char *key, const bench_stats *s)
{
    fprintf(f, "\"%s\": {\"min\": %.3f, \"median\": %.3f, \"p99\": %.3f, \"max\": %.3f}", key,
            s->min, s->median, s->p99, s->max);
}

void bench_check(ttt_status st, const char *what)
{
    if (st == TTT_OK) return;
    fprintf(stderr, "bench: %s failed: %s\n", what, ttt_status_string(st));
    exit(EXIT_FAILURE);
}

typedef struct walk {
    char (*out)[BENCH_COMPACT_3X3];
    int capacity, count;
    unsigned char seen[CODES_3X3];
} walk;

static int board_code(ttt_game *g)
{
    int code = 0;
    for (int sq = 8; sq >= 0; sq--) {
        ttt_player p;
        ttt_game_owner(g, sq / 3, sq % 3, &p);
        code = code * 3 + (int)p;
    }
    return code;
}

static void visit(walk *w, ttt_game *g)
{
    ttt_state st;
    ttt_game_state(g, &st);
    if (st != TTT_STATE_X_TO_MOVE && st != TTT_STATE_O_TO_MOVE) return;
    int code = board_code(g);
    if (w->seen[code]) return;
    w->seen[code] = 1;
    if (w->count < w->capacity)
        ttt_game_format(g, TTT_FORMAT_COMPACT, w->out[w->count], BENCH_COMPACT_3X3, NULL);
    w->count++;
    for (int sq = 0; sq < 9; sq++) {
        if (ttt_game_move(g, sq / 3, sq % 3) != TTT_OK) continue;
        visit(w, g);
        ttt_game_undo(g);
    }
}

int bench_positions_3x3(char (*out)[BENCH_COMPACT_3X3], int capacity)
{
    walk *w = calloc(1, sizeof *w);
    ttt_game *g = NULL;
    if (!w || ttt_game_new(&g, 3, 3, TTT_PLAYER_X) != TTT_OK) {
        free(w);
        return -1;
    }
    w->out = out;
    w->capacity = capacity;
    visit(w, g);
    int n = w->count;
    ttt_game_free(g);
    free(w);
    return n;
}
