/*
 * test_stats.c - the game's timing statistics (stats.c, SDL-free): whole-
 * history percentiles by nearest rank, the recent window's (also across the
 * ring's seam once the series is full), the AI's budget verdict and the
 * --stats report's keys. (From test_args.c, issue 26.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "stats.h"

static void test_percentiles(void **state)
{
    (void)state;
    stats s;
    stats_init(&s, 16.0);
    assert_true(stats_series_percentile(&s.frame_work, 50.0) == 0.0);
    assert_true(stats_ai_fits_budget(&s)); /* no AI moves: nothing exceeded */
    /* 1..100 in a shuffled order: nearest rank gives p50 = 50, p99 = 99. */
    for (int i = 0; i < 100; i++)
        stats_series_add(&s.frame_work, (double)((i * 37) % 100 + 1));
    assert_true(stats_series_percentile(&s.frame_work, 50.0) == 50.0);
    assert_true(stats_series_percentile(&s.frame_work, 99.0) == 99.0);
    assert_true(stats_series_percentile(&s.frame_work, 100.0) == 100.0);
    assert_true(s.frame_work.max_ms == 100.0);
    assert_int_equal(s.frame_work.total, 100);
    /* Median of the AI times and the budget verdict. */
    stats_series_add(&s.ai, 3.0);
    stats_series_add(&s.ai, 1.0);
    stats_series_add(&s.ai, 2.0);
    assert_true(stats_series_percentile(&s.ai, 50.0) == 2.0);
    assert_true(stats_ai_fits_budget(&s));
    stats_series_add(&s.ai, 20.0);
    assert_false(stats_ai_fits_budget(&s));
    /* The report has every key the issue asks for, one per line. */
    FILE *f = tmpfile();
    stats_print(&s, f);
    rewind(f);
    char buf[2048];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    const char *keys[] = {"\nframes: ",
                          "\nframe_budget_ms: 16.000",
                          "\nframe_p50_ms: 50.000",
                          "\nframe_p99_ms: 99.000",
                          "\nframe_max_ms: 100.000",
                          "\nai_moves: 4",
                          "\nai_median_ms: 2.000",
                          "\nai_worst_ms: 20.000",
                          "\nai_fits_budget: no"};
    char with_nl[2100];
    snprintf(with_nl, sizeof with_nl, "\n%s", buf);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!strstr(with_nl, keys[i])) fail_msg("stats lack \"%s\":\n%s", keys[i] + 1, buf);
    stats_free(&s);
}

static void test_recent_percentiles(void **state)
{
    (void)state;
    static const double pcts[3] = {0.0, 50.0, 100.0};
    double out[3] = {-1.0, -1.0, -1.0};
    float scratch[STATS_RECENT_SAMPLES];
    stats_series series = {0};
    /* Empty: zeros, like stats_series_percentile(). */
    stats_series_recent_percentiles(&series, STATS_RECENT_SAMPLES, pcts, out, 3, scratch);
    for (int i = 0; i < 3; i++)
        assert_true(out[i] == 0.0);
    /* Fewer samples than the window: all of them, in any order. */
    for (int i = 0; i < 100; i++)
        stats_series_add(&series, (double)((i * 37) % 100 + 1));
    stats_series_recent_percentiles(&series, STATS_RECENT_SAMPLES, pcts, out, 3, scratch);
    assert_true(out[0] == 1.0 && out[1] == 50.0 && out[2] == 100.0);
    /* 1..2000 in order: only the last 1024 (977..2000) count. */
    for (int i = 101; i <= 2000; i++)
        stats_series_add(&series, (double)i);
    stats_series_recent_percentiles(&series, STATS_RECENT_SAMPLES, pcts, out, 3, scratch);
    assert_true(out[0] == 977.0);
    assert_true(out[1] == 977.0 + 511.0); /* nearest rank 512 of 1024 */
    assert_true(out[2] == 2000.0);
    /* The whole-history figure is unchanged by the window. */
    assert_true(stats_series_percentile(&series, 0.0) == 1.0);
    free(series.values);

    /* Past the cap the series is a ring: the window straddles its seam. */
    stats_series ring = {0};
    size_t total = STATS_MAX_SAMPLES + 5;
    for (size_t i = 0; i < total; i++)
        assert_true(stats_series_add(&ring, (double)i));
    assert_int_equal(ring.count, STATS_MAX_SAMPLES);
    assert_int_equal(ring.next, 5);
    stats_series_recent_percentiles(&ring, 10, pcts, out, 3, scratch);
    assert_true(out[0] == (double)(total - 10));
    assert_true(out[1] == (double)(total - 6)); /* rank 5 of 10 */
    assert_true(out[2] == (double)(total - 1));
    free(ring.values);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_percentiles),
        cmocka_unit_test(test_recent_percentiles),
    };
    return cmocka_run_group_tests_name("desktop_stats", tests, NULL, NULL);
}
