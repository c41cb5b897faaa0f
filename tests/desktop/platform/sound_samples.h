/*
 * sound_samples.h - what the tests of the sounds (test_sound.c) and of the
 * audio device (test_audio.c) share: a cue rendered to samples, and its peak.
 * Header-only (static inline) so each test executable takes what it uses.
 */
#ifndef TESTS_DESKTOP_SOUND_SAMPLES_H
#define TESTS_DESKTOP_SOUND_SAMPLES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "sound.h"

#define FULL_SCALE 32767
/* Quietest peak a cue may have and still be heard over a fan. */
#define AUDIBLE_MIN_PEAK (FULL_SCALE / 10)

static inline int16_t *render(sound_cue cue, int rate, size_t *n)
{
    *n = sound_cue_length(cue, rate);
    assert_true(*n > 0);
    int16_t *b = malloc(*n * sizeof *b);
    assert_non_null(b);
    assert_int_equal(sound_render(cue, rate, b, *n), *n);
    return b;
}

static inline int peak(const int16_t *b, size_t n)
{
    int p = 0;
    for (size_t i = 0; i < n; i++)
        if (abs(b[i]) > p) p = abs(b[i]);
    return p;
}

#endif /* TESTS_DESKTOP_SOUND_SAMPLES_H */
