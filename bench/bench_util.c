/* bench_util.c - clocks, statistics, JSON, numbers and 3x3 positions for the benchmarks. */
#if defined(_WIN32)
#include <windows.h>
#else
/* clock_gettime and CLOCK_THREAD_CPUTIME_ID are POSIX, hidden by -std=c11. */
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 199309L
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 199309L
#endif
#include <time.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#include "clock.h"
#include "numparse.h"

#define P99 0.99
/* 3^9 board codes: enough to mark each 3x3 board seen. */
#define CODES_3X3 19683

double bench_now_us(void)
{
    return (double)game_clock_us();
}

#if defined(_WIN32)
double bench_cpu_us(void)
{
    FILETIME created, exited, kernel, user;
    if (!GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user)) return 0;
    ULARGE_INTEGER k, u;
    k.LowPart = kernel.dwLowDateTime;
    k.HighPart = kernel.dwHighDateTime;
    u.LowPart = user.dwLowDateTime;
    u.HighPart = user.dwHighDateTime;
    return (double)(k.QuadPart + u.QuadPart) / 10.0; /* 100 ns units */
}
#else
double bench_cpu_us(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}
#endif

#define OVERHEAD_SAMPLES 1001

double bench_cpu_overhead_us(void)
{
    static double t[OVERHEAD_SAMPLES];
    for (int i = 0; i < OVERHEAD_SAMPLES; i++) {
        double t0 = bench_cpu_us();
        t[i] = bench_cpu_us() - t0;
    }
    bench_stats st;
    bench_summarise(t, OVERHEAD_SAMPLES, &st);
    return st.median;
}

int bench_arg_int(const char *program, const char *option, const char *text, int lo, int hi)
{
    int v = 0;
    switch (numparse_int(text, lo, hi, &v)) {
    case NUMPARSE_OK: return v;
    case NUMPARSE_NOT_NUMBER:
        fprintf(stderr, "%s: %s: '%s' is not a whole number\n", program, option, text);
        break;
    case NUMPARSE_RANGE:
        fprintf(stderr, "%s: %s: %s is out of range (%d to %d)\n", program, option, text, lo, hi);
        break;
    }
    exit(2);
}

uint64_t bench_arg_seed(const char *program, const char *option, const char *text)
{
    uint64_t v = 0;
    if (numparse_u64(text, &v) == NUMPARSE_OK) return v;
    fprintf(stderr, "%s: %s: '%s' is not a 64-bit seed (digits only)\n", program, option, text);
    exit(2);
}

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
    fprintf(stderr, "bench: %s failed: %s\n", what, ttt_status_message(st));
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
        ttt_player p = TTT_PLAYER_NONE;
        (void)ttt_game_owner(g, (ttt_pos){sq / 3, sq % 3}, &p); /* on the 3x3 board */
        code = code * 3 + (int)p;
    }
    return code;
}

static void visit(walk *w, ttt_game *g)
{
    ttt_state st = ttt_game_state(g);
    if (st != TTT_STATE_X_TO_MOVE && st != TTT_STATE_O_TO_MOVE) return;
    int code = board_code(g);
    if (w->seen[code]) return;
    w->seen[code] = 1;
    if (w->count < w->capacity)
        ttt_game_format(g, TTT_FORMAT_COMPACT, w->out[w->count], BENCH_COMPACT_3X3, NULL);
    w->count++;
    for (int sq = 0; sq < 9; sq++) {
        if (ttt_game_move(g, (ttt_pos){sq / 3, sq % 3}, NULL) != TTT_OK) continue;
        visit(w, g);
        ttt_game_undo(g);
    }
}

int bench_positions_3x3(char (*out)[BENCH_COMPACT_3X3], int capacity)
{
    walk *w = calloc(1, sizeof *w);
    ttt_game *g = NULL;
    if (!w || ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g) != TTT_OK) {
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
