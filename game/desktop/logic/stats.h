/*
 * stats.h - frame and AI timing: samples, percentiles and the --stats report.
 *
 * Plain C (no SDL): the caller measures with SDL's performance counter and
 * hands in milliseconds, so percentiles are tested without a display.
 */
#ifndef GAME_STATS_H
#define GAME_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/** A growable list of millisecond samples, capped so a long session stays small. */
typedef struct stats_series {
    float *values;
    size_t count; /**< Samples held (at most STATS_MAX_SAMPLES). */
    size_t capacity;
    size_t total;   /**< Samples ever added (may exceed count once capped). */
    size_t next;    /**< Ring position once the cap is reached. */
    double max_ms;  /**< Largest sample ever added. */
    double last_ms; /**< Most recent sample. */
} stats_series;

/** Frames at start-up left out of the frame times: the first opens the fonts
 *  and warms up the renderer, which says nothing about steady play. */
#define STATS_WARMUP_FRAMES 1

/** Most samples kept per series; older ones are then overwritten (about 4 hours at 60 Hz). */
#define STATS_MAX_SAMPLES (1u << 20)

/** Everything the overlay and --stats report. */
typedef struct stats {
    size_t frames;               /**< Frames drawn, the warm-up frame included. */
    size_t idle_wakeups;         /**< Passes of the loop that had nothing to draw. */
    stats_series frame_work;     /**< Time to handle events, update and draw one frame. */
    stats_series frame_interval; /**< Time from one frame's start to the next's. */
    stats_series ai;             /**< Compute time of each AI move (no think delay). */
    double frame_budget_ms;
    int ai_stopped; /**< AI moves cut short by the deadline. */
    /** The longest pass of the main loop, drawn or not, from its start to
     *  just before it waits for the next event or frame, the wait for the
     *  display inside SDL_RenderPresent (vsync) left out too; the passes
     *  before the first measured frame (STATS_WARMUP_FRAMES) are left out.
     *  Anything the loop itself blocks on shows here. */
    double loop_max_ms;
    unsigned long saves; /**< Settings saves run (on the saver's thread). */
    double save_max_ms;  /**< The longest of them, the wait for the lock included. */
} stats;

void stats_init(stats *s, double frame_budget_ms);
void stats_free(stats *s);

/** Add a sample; false only when memory ran out (the sample is then dropped). */
bool stats_series_add(stats_series *series, double ms);

/**
 * Nearest-rank percentile (p in 0..100) of the samples held: the smallest
 * value with at least p% of the samples at or below it. 0 when empty.
 * Allocates and sorts a copy of the whole history (up to STATS_MAX_SAMPLES):
 * O(n log n), for the report at exit; the overlay uses
 * stats_series_recent_percentiles().
 */
double stats_series_percentile(const stats_series *series, double p);

/** Nearest-rank percentile of a plain array (sorted in place). 0 when n is 0. */
double stats_percentile_sorted_inplace(float *values, size_t n, double p);

/** Samples the overlay's percentiles look at: the most recent ones only, so
 *  refreshing it costs the same after ten seconds as after four hours. */
#define STATS_RECENT_SAMPLES 1024u

/**
 * Nearest-rank percentiles @p p[0..count) of the most recent @p window
 * samples of @p series (all of them if it holds fewer), into @p out[0..count)
 * (0 each when the series is empty). The samples are copied into @p scratch,
 * which must hold @p window floats, and sorted once for all the percentiles:
 * no allocation, O(window log window). --stats keeps using
 * stats_series_percentile() over the whole history.
 */
void stats_series_recent_percentiles(const stats_series *series, size_t window, const double *p,
                                     double *out, size_t count, float *scratch);

/** Note a pass of the main loop that took @p ms (see stats::loop_max_ms). */
void stats_loop_pass(stats *s, double ms);

/** Does the worst AI move fit in the frame budget? (Vacuously yes with no moves.) */
bool stats_ai_fits_budget(const stats *s);

/** Print the `key: value` summary (see docs/game.md for the keys). */
void stats_print(const stats *s, FILE *out);

#endif /* GAME_STATS_H */
