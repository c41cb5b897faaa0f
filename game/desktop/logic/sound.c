/*
 * sound.c - the game's cues as notes, rendered to samples, and the mixer
 * (see sound.h).
 *
 * A note's sample at time t (seconds since its start, duration D) is
 *
 *     gain * attack(t) * exp(-t / decay) * release(t) * wave(phase(t))
 *
 * with phase the integral of a frequency gliding linearly from f0 to f1, so
 * a sample depends on t alone: no oscillator state, the same output at any
 * buffer size. wave() is a sine with two overtones weighted per cue and
 * divided by their sum, so one note never exceeds its gain; the gains are
 * chosen so that overlapping notes stay under SOUND_MAX_PEAK_FRACTION
 * (test_sound checks every cue's peak).
 */
#include "sound.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TWO_PI 6.283185307179586
/* Ramps at both ends of every note: long enough not to click, short enough
 * to keep the tick of a placed mark crisp. */
#define ATTACK_MS 4.0
#define RELEASE_MS 12.0
#define MAX_NOTES 4
#define SAMPLE_FULL_SCALE 32767.0

/* Equal-tempered pitches used below, in Hz. */
#define NOTE_C4 261.63
#define NOTE_EB4 311.13
#define NOTE_G4 392.00
#define NOTE_A4 440.00
#define NOTE_B4 493.88
#define NOTE_C5 523.25
#define NOTE_D5 587.33
#define NOTE_E5 659.25
#define NOTE_G5 783.99
#define NOTE_A5 880.00
#define NOTE_C6 1046.50

typedef struct note {
    double start_ms, duration_ms;
    double freq_hz, end_freq_hz; /* A linear glide from one to the other. */
    double decay_ms;             /* Time constant of the exponential decay. */
    double gain;                 /* Peak, as a fraction of full scale. */
} note;

typedef struct cue_def {
    const char *name;
    double overtones[3]; /* Weights of the fundamental, 2nd and 3rd harmonic. */
    int note_count;
    note notes[MAX_NOTES];
} cue_def;

/* Placing is heard dozens of times a game: short, quiet, and a falling
 * pitch like a wood block. Results are longer and louder, once a game. */
static const cue_def CUES[SOUND_CUE_COUNT] = {
    [SOUND_CUE_PLACE_X] = {"place-x", {1.0, 0.35, 0.12}, 1, {{0, 70, NOTE_A5, NOTE_E5, 22, 0.30}}},
    [SOUND_CUE_PLACE_O] = {"place-o", {1.0, 0.20, 0.05}, 1, {{0, 85, NOTE_D5, NOTE_A4, 28, 0.32}}},
    /* Odd harmonics make it buzz; low and twice, a "no" in any language.
     * Not lower: laptop speakers give little below 200 Hz. */
    [SOUND_CUE_REFUSED] = {"refused",
                           {1.0, 0.0, 0.55},
                           2,
                           {{0, 65, 220.0, 196.0, 60, 0.26}, {80, 75, 208.0, 185.0, 60, 0.26}}},
    [SOUND_CUE_WIN] = {"win",
                       {1.0, 0.25, 0.08},
                       4,
                       {{0, 140, NOTE_C5, NOTE_C5, 90, 0.22},
                        {95, 140, NOTE_E5, NOTE_E5, 90, 0.22},
                        {190, 140, NOTE_G5, NOTE_G5, 90, 0.22},
                        {285, 420, NOTE_C6, NOTE_C6, 190, 0.24}}},
    [SOUND_CUE_LOSS] = {"loss",
                        {1.0, 0.30, 0.10},
                        3,
                        {{0, 230, NOTE_G4, NOTE_G4, 150, 0.24},
                         {200, 230, NOTE_EB4, NOTE_EB4, 150, 0.24},
                         {400, 480, NOTE_C4, 250.0, 260, 0.26}}},
    [SOUND_CUE_DRAW] = {"draw",
                        {1.0, 0.25, 0.08},
                        2,
                        {{0, 190, NOTE_B4, NOTE_B4, 120, 0.22},
                         {170, 300, NOTE_B4, NOTE_B4, 150, 0.22}}},
};

const char *sound_cue_name(sound_cue cue)
{
    return (cue >= 0 && cue < SOUND_CUE_COUNT) ? CUES[cue].name : "?";
}

static bool rate_ok(int rate_hz)
{
    return rate_hz >= SOUND_MIN_RATE_HZ && rate_hz <= SOUND_MAX_RATE_HZ;
}

static size_t ms_to_samples(double ms, int rate_hz)
{
    return (size_t)ceil(ms * (double)rate_hz / 1000.0);
}

size_t sound_cue_length(sound_cue cue, int rate_hz)
{
    if (cue < 0 || cue >= SOUND_CUE_COUNT || !rate_ok(rate_hz)) return 0;
    double end_ms = 0.0;
    for (int i = 0; i < CUES[cue].note_count; i++) {
        const note *n = &CUES[cue].notes[i];
        if (n->start_ms + n->duration_ms > end_ms) end_ms = n->start_ms + n->duration_ms;
    }
    return ms_to_samples(end_ms, rate_hz);
}

/* One note's value at @p t_ms after its start (0 outside the note). */
static double note_value(const note *n, const double overtones[3], double t_ms)
{
    if (t_ms < 0.0 || t_ms >= n->duration_ms) return 0.0;
    double t = t_ms / 1000.0, d = n->duration_ms / 1000.0;
    double phase = TWO_PI * (n->freq_hz * t + (n->end_freq_hz - n->freq_hz) * t * t / (2.0 * d));
    double wave = 0.0, weight = 0.0;
    for (int h = 0; h < 3; h++) {
        wave += overtones[h] * sin((double)(h + 1) * phase);
        weight += overtones[h];
    }
    double attack = fmin(1.0, t_ms / ATTACK_MS);
    double release = fmin(1.0, (n->duration_ms - t_ms) / RELEASE_MS);
    return n->gain * attack * release * exp(-t_ms / n->decay_ms) * wave / weight;
}

size_t sound_render(sound_cue cue, int rate_hz, int16_t *out, size_t cap)
{
    size_t length = sound_cue_length(cue, rate_hz);
    if (length == 0 || !out || cap < length) return 0;
    const cue_def *c = &CUES[cue];
    for (size_t i = 0; i < length; i++) {
        double t_ms = (double)i * 1000.0 / (double)rate_hz;
        double v = 0.0;
        for (int k = 0; k < c->note_count; k++)
            v += note_value(&c->notes[k], c->overtones, t_ms - c->notes[k].start_ms);
        /* The gains keep v under the peak; clamping only guards the table. */
        v = fmax(-SOUND_MAX_PEAK_FRACTION, fmin(SOUND_MAX_PEAK_FRACTION, v));
        out[i] = (int16_t)lrint(v * SAMPLE_FULL_SCALE);
    }
    return length;
}

/* ------------------------------------------------------------------------- */
/* Bank                                                                      */
/* ------------------------------------------------------------------------- */

bool sound_bank_init(sound_bank *bank, int rate_hz)
{
    memset(bank, 0, sizeof *bank);
    if (!rate_ok(rate_hz)) return false;
    bank->rate_hz = rate_hz;
    for (int c = 0; c < SOUND_CUE_COUNT; c++) {
        size_t n = sound_cue_length((sound_cue)c, rate_hz);
        bank->samples[c] = malloc(n * sizeof *bank->samples[c]);
        if (!bank->samples[c]) {
            sound_bank_free(bank);
            return false;
        }
        bank->length[c] = sound_render((sound_cue)c, rate_hz, bank->samples[c], n);
    }
    return true;
}

void sound_bank_free(sound_bank *bank)
{
    for (int c = 0; c < SOUND_CUE_COUNT; c++) {
        free(bank->samples[c]);
        bank->samples[c] = NULL;
        bank->length[c] = 0;
    }
}

/* ------------------------------------------------------------------------- */
/* Mixer                                                                     */
/* ------------------------------------------------------------------------- */

void sound_mixer_init(sound_mixer *m)
{
    memset(m, 0, sizeof *m);
}

void sound_mixer_start(sound_mixer *m, const sound_bank *bank, sound_cue cue)
{
    if (cue < 0 || cue >= SOUND_CUE_COUNT || !bank->samples[cue] || bank->length[cue] == 0) return;
    /* A free voice, else the one that started first. */
    sound_voice *v = &m->voices[0];
    for (int i = 0; i < SOUND_MAX_VOICES; i++) {
        sound_voice *c = &m->voices[i];
        if (!c->samples) {
            v = c;
            break;
        }
        if (c->started < v->started) v = c;
    }
    v->samples = bank->samples[cue];
    v->length = bank->length[cue];
    v->position = 0;
    v->started = m->starts++;
}

void sound_mixer_stop_all(sound_mixer *m)
{
    for (int i = 0; i < SOUND_MAX_VOICES; i++)
        m->voices[i].samples = NULL;
}

bool sound_mixer_busy(const sound_mixer *m)
{
    for (int i = 0; i < SOUND_MAX_VOICES; i++)
        if (m->voices[i].samples) return true;
    return false;
}

static int16_t clamp16(int32_t v)
{
    if (v > INT16_MAX) return INT16_MAX;
    if (v < INT16_MIN) return INT16_MIN;
    return (int16_t)v;
}

void sound_mixer_mix(sound_mixer *m, int16_t *out, size_t count)
{
    memset(out, 0, count * sizeof *out);
    for (int i = 0; i < SOUND_MAX_VOICES; i++) {
        sound_voice *v = &m->voices[i];
        if (!v->samples) continue;
        size_t n = v->length - v->position;
        if (n > count) n = count;
        for (size_t s = 0; s < n; s++)
            out[s] = clamp16((int32_t)out[s] + v->samples[v->position + s]);
        v->position += n;
        if (v->position >= v->length) v->samples = NULL;
    }
}
