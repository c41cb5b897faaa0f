/*
 * stats.c - timing samples and percentiles (see stats.h).
 */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* First allocation of a series, in samples; it doubles from there. */
#define STATS_INITIAL_CAPACITY 1024

void stats_init(stats *s, double frame_budget_ms)
{
    memset(s, 0, sizeof *s);
    s->frame_budget_ms = frame_budget_ms;
}

static void series_free(stats_series *series)
{
    free(series->values);
    memset(series, 0, sizeof *series);
}

void stats_free(stats *s)
{
    series_free(&s->frame_work);
    series_free(&s->frame_interval);
    series_free(&s->ai);
}

bool stats_series_add(stats_series *series, double ms)
{
    if (series->count == series->capacity && series->capacity < STATS_MAX_SAMPLES) {
        size_t cap = series->capacity ? series->capacity * 2 : STATS_INITIAL_CAPACITY;
        if (cap > STATS_MAX_SAMPLES) cap = STATS_MAX_SAMPLES;
        float *grown = realloc(series->values, cap * sizeof *grown);
        if (!grown) return false;
        series->values = grown;
        series->capacity = cap;
    }
    if (series->count < series->capacity) {
        series->values[series->count++] = (float)ms;
    } else {
        /* Full: keep the most recent STATS_MAX_SAMPLES as a ring. */
        series->values[series->next] = (float)ms;
        series->next = (series->next + 1) % series->capacity;
    }
    series->total++;
    series->last_ms = ms;
    if (ms > series->max_ms) series->max_ms = ms;
    return true;
}

static int compare_float(const void *a, const void *b)
{
    float x = *(const float *)a;
    float y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Nearest-rank percentile of @p values, already sorted; n > 0. */
static double percentile_of_sorted(const float *values, size_t n, double p)
{
    if (p <= 0.0) return values[0];
    if (p >= 100.0) return values[n - 1];
    size_t rank = (size_t)ceil(p / 100.0 * (double)n);
    if (rank < 1) rank = 1;
    if (rank > n) rank = n;
    return values[rank - 1];
}

double stats_percentile_sorted_inplace(float *values, size_t n, double p)
{
    if (n == 0) return 0.0;
    qsort(values, n, sizeof *values, compare_float);
    return percentile_of_sorted(values, n, p);
}

void stats_series_recent_percentiles(const stats_series *series, size_t window, const double *p,
                                     double *out, size_t count, float *scratch)
{
    size_t n = series->count < window ? series->count : window;
    if (n == 0) {
        for (size_t i = 0; i < count; i++)
            out[i] = 0.0;
        return;
    }
    /* The newest sample is just before `next` once the ring has wrapped, and
     * last in the array before that (when `next` is still 0). */
    size_t start = (series->next + series->count - n) % series->count;
    for (size_t i = 0; i < n; i++)
        scratch[i] = series->values[(start + i) % series->count];
    qsort(scratch, n, sizeof *scratch, compare_float);
    for (size_t i = 0; i < count; i++)
        out[i] = percentile_of_sorted(scratch, n, p[i]);
}

double stats_series_percentile(const stats_series *series, double p)
{
    if (series->count == 0) return 0.0;
    float *copy = malloc(series->count * sizeof *copy);
    if (!copy) return 0.0;
    memcpy(copy, series->values, series->count * sizeof *copy);
    double v = stats_percentile_sorted_inplace(copy, series->count, p);
    free(copy);
    return v;
}

void stats_loop_pass(stats *s, double ms)
{
    if (ms > s->loop_max_ms) s->loop_max_ms = ms;
}

bool stats_ai_fits_budget(const stats *s)
{
    return s->ai.total == 0 || s->ai.max_ms <= s->frame_budget_ms;
}

void stats_print(const stats *s, FILE *out)
{
    fprintf(out, "frames: %zu\n", s->frames);
    fprintf(out, "idle_wakeups: %zu\n", s->idle_wakeups);
    fprintf(out, "frame_budget_ms: %.3f\n", s->frame_budget_ms);
    fprintf(out, "frame_p50_ms: %.3f\n", stats_series_percentile(&s->frame_work, 50.0));
    fprintf(out, "frame_p99_ms: %.3f\n", stats_series_percentile(&s->frame_work, 99.0));
    fprintf(out, "frame_max_ms: %.3f\n", s->frame_work.max_ms);
    fprintf(out, "frame_interval_p50_ms: %.3f\n",
            stats_series_percentile(&s->frame_interval, 50.0));
    fprintf(out, "frame_interval_p99_ms: %.3f\n",
            stats_series_percentile(&s->frame_interval, 99.0));
    fprintf(out, "loop_max_ms: %.3f\n", s->loop_max_ms);
    fprintf(out, "saves: %lu\n", s->saves);
    fprintf(out, "save_max_ms: %.3f\n", s->save_max_ms);
    fprintf(out, "ai_moves: %zu\n", s->ai.total);
    fprintf(out, "ai_median_ms: %.3f\n", stats_series_percentile(&s->ai, 50.0));
    fprintf(out, "ai_worst_ms: %.3f\n", s->ai.max_ms);
    fprintf(out, "ai_last_ms: %.3f\n", s->ai.last_ms);
    fprintf(out, "ai_stopped_by_deadline: %d\n", s->ai_stopped);
    fprintf(out, "ai_fits_budget: %s\n", stats_ai_fits_budget(s) ? "yes" : "no");
}
