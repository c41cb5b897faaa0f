/*
 * test_sound.c (part of the old test_sound.c) - the game's sounds (sound.c): the synthesised
 * cues (length, loudness, no clicks, the intended pitch movement, bad arguments refused) and the
 * mixer (a cue played exactly, sums clamped, stopped). The audio device and the game's sounds
 * are test_audio.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sound.h"
#include "sound_samples.h"

/* Largest first or last sample of a cue: anything above would click. */
#define EDGE_MAX (FULL_SCALE / 100)

/* Mean frequency over [from, to) by counting upward zero crossings. */
static double pitch_hz(const int16_t *b, size_t from, size_t to, int rate)
{
    int crossings = 0;
    for (size_t i = from + 1; i < to; i++)
        if (b[i - 1] < 0 && b[i] >= 0) crossings++;
    return (double)crossings * (double)rate / (double)(to - from);
}

/* ------------------------------------------------------------------------- */
/* The cues                                                                  */
/* ------------------------------------------------------------------------- */

static void test_cues_are_short_audible_and_click_free(void **state)
{
    (void)state;
    for (int c = 0; c < SOUND_CUE_COUNT; c++) {
        size_t n;
        int16_t *b = render((sound_cue)c, SOUND_RATE_HZ, &n);
        double ms = (double)n * 1000.0 / SOUND_RATE_HZ;
        /* A placed mark is a tick; a result at most about a second. */
        if (c == SOUND_CUE_PLACE_X || c == SOUND_CUE_PLACE_O)
            assert_true(ms <= 120.0);
        else
            assert_true(ms <= 1000.0);
        assert_true(ms >= 40.0);
        int p = peak(b, n);
        assert_true(p >= AUDIBLE_MIN_PEAK);
        assert_true(p <= (int)(SOUND_MAX_PEAK_FRACTION * FULL_SCALE) + 1);
        assert_true(abs(b[0]) <= EDGE_MAX);
        assert_true(abs(b[n - 1]) <= EDGE_MAX);
        /* No step between neighbours bigger than a loud 3 kHz sine makes:
         * a jump would be a click. */
        for (size_t i = 1; i < n; i++)
            assert_true(abs(b[i] - b[i - 1]) < FULL_SCALE / 8);
        assert_string_not_equal(sound_cue_name((sound_cue)c), "?");
        free(b);
    }
}

static void test_cues_are_deterministic_and_distinct(void **state)
{
    (void)state;
    int16_t *cues[SOUND_CUE_COUNT];
    size_t lens[SOUND_CUE_COUNT];
    for (int c = 0; c < SOUND_CUE_COUNT; c++) {
        cues[c] = render((sound_cue)c, SOUND_RATE_HZ, &lens[c]);
        size_t n2;
        int16_t *again = render((sound_cue)c, SOUND_RATE_HZ, &n2);
        assert_int_equal(n2, lens[c]);
        assert_memory_equal(again, cues[c], n2 * sizeof *again);
        free(again);
    }
    for (int a = 0; a < SOUND_CUE_COUNT; a++)
        for (int b = a + 1; b < SOUND_CUE_COUNT; b++)
            assert_true(lens[a] != lens[b] ||
                        memcmp(cues[a], cues[b], lens[a] * sizeof *cues[a]) != 0);
    for (int c = 0; c < SOUND_CUE_COUNT; c++)
        free(cues[c]);
}

/* A win rises and a loss falls; X's tick is higher than O's tock. */
static void test_cues_move_the_intended_way(void **state)
{
    (void)state;
    const int rate = SOUND_RATE_HZ;
    size_t n;
    int16_t *win = render(SOUND_CUE_WIN, rate, &n);
    double first = pitch_hz(win, 0, (size_t)rate / 10, rate);
    double last = pitch_hz(win, n - (size_t)rate / 5, n, rate);
    assert_true(last > first * 1.5);
    free(win);
    int16_t *loss = render(SOUND_CUE_LOSS, rate, &n);
    first = pitch_hz(loss, 0, (size_t)rate / 10, rate);
    last = pitch_hz(loss, n - (size_t)rate / 5, n, rate);
    assert_true(last < first * 0.8);
    free(loss);
    size_t nx, no;
    int16_t *x = render(SOUND_CUE_PLACE_X, rate, &nx);
    int16_t *o = render(SOUND_CUE_PLACE_O, rate, &no);
    assert_true(pitch_hz(x, 0, nx, rate) > pitch_hz(o, 0, no, rate));
    free(x);
    free(o);
}

static void test_render_refuses_bad_arguments(void **state)
{
    (void)state;
    int16_t buf[16];
    assert_int_equal(sound_cue_length(SOUND_CUE_COUNT, SOUND_RATE_HZ), 0);
    assert_int_equal(sound_cue_length((sound_cue)-1, SOUND_RATE_HZ), 0);
    assert_int_equal(sound_cue_length(SOUND_CUE_WIN, SOUND_MIN_RATE_HZ - 1), 0);
    assert_int_equal(sound_cue_length(SOUND_CUE_WIN, SOUND_MAX_RATE_HZ + 1), 0);
    /* Too small a buffer: nothing written, not a cut-off cue. */
    memset(buf, 0x55, sizeof buf);
    assert_int_equal(sound_render(SOUND_CUE_WIN, SOUND_RATE_HZ, buf, 16), 0);
    assert_int_equal(buf[0], 0x5555);
    assert_int_equal(sound_render(SOUND_CUE_WIN, SOUND_RATE_HZ, NULL, 1u << 20), 0);
    assert_string_equal(sound_cue_name(SOUND_CUE_COUNT), "?");
    /* Length scales with the rate. */
    size_t at48 = sound_cue_length(SOUND_CUE_DRAW, 48000);
    size_t at24 = sound_cue_length(SOUND_CUE_DRAW, 24000);
    assert_true(at48 >= 2 * at24 - 2 && at48 <= 2 * at24 + 2);
    sound_bank bank;
    assert_false(sound_bank_init(&bank, 1));
    sound_bank_free(&bank); /* A failed bank is safe to free. */
}

/* ------------------------------------------------------------------------- */
/* The mixer                                                                 */
/* ------------------------------------------------------------------------- */

static void test_mixer_plays_a_cue_exactly(void **state)
{
    (void)state;
    sound_bank bank;
    assert_true(sound_bank_init(&bank, SOUND_RATE_HZ));
    sound_mixer m;
    sound_mixer_init(&m);
    int16_t out[700];
    sound_mixer_mix(&m, out, 700);
    assert_int_equal(peak(out, 700), 0);
    assert_false(sound_mixer_busy(&m));

    sound_mixer_start(&m, &bank, SOUND_CUE_PLACE_O);
    assert_true(sound_mixer_busy(&m));
    size_t n = bank.length[SOUND_CUE_PLACE_O], done = 0;
    /* In odd-sized buffers, across the cue's end. */
    while (done < n) {
        sound_mixer_mix(&m, out, 700);
        size_t take = n - done < 700 ? n - done : 700;
        assert_memory_equal(out, bank.samples[SOUND_CUE_PLACE_O] + done, take * sizeof *out);
        for (size_t i = take; i < 700; i++)
            assert_int_equal(out[i], 0);
        done += take;
    }
    assert_false(sound_mixer_busy(&m));
    sound_mixer_mix(&m, out, 700);
    assert_int_equal(peak(out, 700), 0);
    sound_bank_free(&bank);
}

static void test_mixer_sums_clamps_and_stops(void **state)
{
    (void)state;
    /* A bank of two loud made-up cues, to see the sum clamp. */
    static int16_t loud[100], quiet[100];
    for (int i = 0; i < 100; i++) {
        loud[i] = 30000;
        quiet[i] = (int16_t)(i % 2 ? -1000 : 1000);
    }
    sound_bank bank;
    memset(&bank, 0, sizeof bank);
    bank.rate_hz = SOUND_RATE_HZ;
    bank.samples[SOUND_CUE_WIN] = loud;
    bank.length[SOUND_CUE_WIN] = 100;
    bank.samples[SOUND_CUE_DRAW] = quiet;
    bank.length[SOUND_CUE_DRAW] = 100;

    sound_mixer m;
    sound_mixer_init(&m);
    sound_mixer_start(&m, &bank, SOUND_CUE_DRAW);
    sound_mixer_start(&m, &bank, SOUND_CUE_WIN);
    sound_mixer_start(&m, &bank, SOUND_CUE_WIN);
    int16_t out[50];
    sound_mixer_mix(&m, out, 50);
    assert_int_equal(out[0], INT16_MAX); /* 30000 + 30000 + 1000, clamped */
    assert_int_equal(out[1], INT16_MAX);

    /* Every voice busy: a new cue takes the oldest voice (the quiet one). */
    sound_mixer_start(&m, &bank, SOUND_CUE_WIN);
    sound_mixer_start(&m, &bank, SOUND_CUE_WIN);
    int busy = 0;
    for (int i = 0; i < SOUND_MAX_VOICES; i++)
        if (m.voices[i].samples) busy++;
    assert_int_equal(busy, SOUND_MAX_VOICES);
    for (int i = 0; i < SOUND_MAX_VOICES; i++)
        assert_ptr_equal(m.voices[i].samples, loud);

    /* A cue the bank lacks is ignored. */
    sound_mixer_stop_all(&m);
    sound_mixer_start(&m, &bank, SOUND_CUE_LOSS);
    sound_mixer_start(&m, &bank, SOUND_CUE_COUNT);
    assert_false(sound_mixer_busy(&m));
    sound_mixer_mix(&m, out, 50);
    assert_int_equal(peak(out, 50), 0);
}

int main(void)
{
    const struct CMUnitTest pure[] = {
        cmocka_unit_test(test_cues_are_short_audible_and_click_free),
        cmocka_unit_test(test_cues_are_deterministic_and_distinct),
        cmocka_unit_test(test_cues_move_the_intended_way),
        cmocka_unit_test(test_render_refuses_bad_arguments),
        cmocka_unit_test(test_mixer_plays_a_cue_exactly),
        cmocka_unit_test(test_mixer_sums_clamps_and_stops),
    };
    return cmocka_run_group_tests_name("game_sound", pure, NULL, NULL);
}
