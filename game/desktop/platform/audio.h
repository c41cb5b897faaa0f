/*
 * audio.h - the game's sound output through SDL's audio: plays sound.h's
 * cues, and is silent (never an error) when sound is off or there is no
 * audio device.
 *
 * The caller never waits for the audio back end. audio_play() queues the
 * cue for a thread of its own, which opens SDL's audio and a device when a
 * cue comes, and closes both again once the linger time has passed after
 * the last cue. Starting SDL's audio and opening a device took 4-25 ms
 * and closing up to 1.7 s (SDL 2.26, PulseAudio with a null sink): on the
 * drawing thread either would be a visible stall. Between cues that thread sleeps on a condition
 * variable, so an idle game wakes for nothing: with the device closed there is no SDL audio thread
 * either (it runs at every buffer, even to play silence, and SDL's ALSA back end adds a
 * device-watching thread that wakes ten times a second).
 *
 * At start the thread looks once for a device (SDL's audio started, the
 * devices counted, stopped again), so a machine without one is known before
 * the first sound; libasound's own messages about it are not printed (one
 * line of the game's says it). A device that cannot be opened is reported
 * once (SDL_Log) and not tried
 * again until sound is switched off and on (audio_set_enabled()), so a
 * machine without sound does not pay for a failing open on every move.
 *
 * Usage (SDL's events initialised; every call from the same thread):
 *     audio *a = audio_create(true, AUDIO_LINGER_MS);   // NULL: silent game
 *     audio_play(a, SOUND_CUE_PLACE_X);
 *     audio_set_enabled(a, false);
 *     audio_destroy(a);
 *
 * Thread safety: the functions below may be called from one thread at a
 * time; they share state with the audio output's own thread under a mutex,
 * and the mixer with SDL's audio callback under the device lock.
 */
#ifndef GAME_AUDIO_H
#define GAME_AUDIO_H

#include <stdbool.h>

#include <SDL.h>

#include "sound.h"

/** Silence kept playing after the last cue before the device is closed:
 *  long enough that a game's moves reuse one open device, short enough
 *  that an idle game soon has no audio thread running. */
#define AUDIO_LINGER_MS 4000
/** Samples per device buffer: about 11 ms at 48 kHz, a latency below what
 *  a click's sound can be felt to lag by. */
#define AUDIO_BUFFER_SAMPLES 512
/** Cues waiting to start at most; more in one go are dropped. */
#define AUDIO_QUEUE_MAX 16

typedef struct audio audio;

/**
 * Make the sound output and its thread, which renders the cues first (a
 * few tens of milliseconds, not on the caller's thread) and opens no
 * device yet. @p enabled false starts muted.
 * @p linger_ms is how long the device stays open after the last cue ends
 * (AUDIO_LINGER_MS in the game; tests pass less).
 * @return The output, or NULL when memory or a thread could not be had
 *         (logged); NULL is a valid, silent output for every function here.
 */
audio *audio_create(bool enabled, int linger_ms);

/** Stop the thread (closing the device if open) and free everything. */
void audio_destroy(audio *a);

/** Play @p cue soon (within a few milliseconds; never waits for a device).
 *  Nothing happens when sound is off or no device could be opened. */
void audio_play(audio *a, sound_cue cue);

/** Switch sound on or off. Off drops queued cues, stops what is playing and
 *  closes the device; on lets the next cue try a device again, even after a
 *  failure. */
void audio_set_enabled(audio *a, bool enabled);

/** Is sound on? (False for NULL.) */
bool audio_enabled(const audio *a);

/** Push an SDL event of @p event_type (from SDL_RegisterEvents; 0: none)
 *  whenever audio_missing() changes, so a waiting app wakes to show it. */
void audio_set_notify(audio *a, Uint32 event_type);

/** Is there no audio device: none found at start, or the last one tried
 *  could not be opened? (True for NULL: no sound output at all.) The game
 *  shows it in the settings and with the muted speaker. */
bool audio_missing(const audio *a);

/** Wait until the output's thread has acted on every call made so far
 *  (cues started, device opened or closed). For tests. */
void audio_sync(audio *a);

/** Is a device open now? (For tests and the idle measurements.) */
bool audio_device_open(const audio *a);

/** How many times @p cue has been started on a device (cues not heard,
 *  muted or without a device, do not count). For tests. */
unsigned long audio_played(const audio *a, sound_cue cue);

#endif /* GAME_AUDIO_H */
