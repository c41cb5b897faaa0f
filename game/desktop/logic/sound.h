/*
 * sound.h - the game's sounds, synthesised from a few notes each, and the
 * small mixer that plays them. No SDL here: audio.c owns the device and
 * calls sound_mixer_mix() from its callback; tests check the samples.
 *
 * Every cue is a short list of notes (a sine with two overtones, a glide, a
 * 4 ms attack, an exponential decay and a release that reaches zero at the
 * note's end, so nothing clicks), summed and scaled to the cue's peak. The
 * peaks leave headroom so that two cues overlapping never clip.
 *
 * Usage:
 *     sound_bank bank;
 *     if (!sound_bank_init(&bank, SOUND_RATE_HZ)) ...;   // renders every cue
 *     sound_mixer mix;
 *     sound_mixer_init(&mix);
 *     sound_mixer_start(&mix, &bank, SOUND_CUE_WIN);
 *     sound_mixer_mix(&mix, buffer, frames);             // in the audio callback
 *     sound_bank_free(&bank);
 *
 * Thread safety: none inside; audio.c holds the device lock around every
 * mixer call made outside the callback.
 */
#ifndef GAME_SOUND_H
#define GAME_SOUND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** What happened, as the player hears it. */
typedef enum sound_cue {
    SOUND_CUE_PLACE_X = 0, /**< An X was placed: a bright tick. */
    SOUND_CUE_PLACE_O,     /**< An O was placed: a rounder, lower tock. */
    SOUND_CUE_REFUSED,     /**< A click or key that could not play: a low double buzz. */
    SOUND_CUE_WIN,         /**< You (or, watching, either side) won: a rising major arpeggio. */
    SOUND_CUE_LOSS,        /**< The computer beat you: a falling minor line. */
    SOUND_CUE_DRAW,        /**< Nobody won: two level notes. */
    SOUND_CUE_COUNT
} sound_cue;

/** The rate audio.c opens the device at (SDL converts if the device differs). */
#define SOUND_RATE_HZ 48000
/** Rates sound_render() accepts. */
#define SOUND_MIN_RATE_HZ 8000
#define SOUND_MAX_RATE_HZ 192000
/** Loudest sample of any cue, as a fraction of full scale. */
#define SOUND_MAX_PEAK_FRACTION 0.45
/** Voices the mixer plays at once; a further cue replaces the oldest. */
#define SOUND_MAX_VOICES 4

/** A short name for @p cue ("place-x", "win" ...), for logs and tests. Never NULL. */
const char *sound_cue_name(sound_cue cue);

/** How many samples @p cue lasts at @p rate_hz (0 for a bad cue or rate). */
size_t sound_cue_length(sound_cue cue, int rate_hz);

/**
 * Render @p cue as mono signed 16-bit samples at @p rate_hz into @p out.
 * The same cue and rate always give the same samples.
 * @return The samples written: sound_cue_length(), or 0 when the cue or the
 *         rate is out of range or @p cap is smaller than the cue.
 */
size_t sound_render(sound_cue cue, int rate_hz, int16_t *out, size_t cap);

/** Every cue rendered once, owned by the bank. */
typedef struct sound_bank {
    int rate_hz;
    int16_t *samples[SOUND_CUE_COUNT];
    size_t length[SOUND_CUE_COUNT];
} sound_bank;

/** Render every cue at @p rate_hz. @return false when memory ran out or the
 *  rate is out of range (then the bank holds nothing to free). */
bool sound_bank_init(sound_bank *bank, int rate_hz);

/** Free the samples (a zeroed or failed bank is fine). */
void sound_bank_free(sound_bank *bank);

/** One cue being played: where it is up to. */
typedef struct sound_voice {
    const int16_t *samples; /**< Borrowed from the bank; NULL when the voice is free. */
    size_t length;
    size_t position;
    unsigned long started; /**< Order of starting, to find the oldest. */
} sound_voice;

/** The voices playing. */
typedef struct sound_mixer {
    sound_voice voices[SOUND_MAX_VOICES];
    unsigned long starts; /**< Voices started so far (the next voice's order). */
} sound_mixer;

/** An empty mixer: nothing playing. */
void sound_mixer_init(sound_mixer *m);

/** Start playing @p cue from @p bank (which must outlive the voice). With
 *  every voice busy, the oldest gives way. A bad cue is ignored. */
void sound_mixer_start(sound_mixer *m, const sound_bank *bank, sound_cue cue);

/** Stop every voice at once. */
void sound_mixer_stop_all(sound_mixer *m);

/** Is any voice playing? */
bool sound_mixer_busy(const sound_mixer *m);

/**
 * Mix the next @p count samples of every voice into @p out (overwritten, not
 * added to), clamped to 16 bits; finished voices are freed. Silence when
 * nothing plays.
 */
void sound_mixer_mix(sound_mixer *m, int16_t *out, size_t count);

#endif /* GAME_SOUND_H */
