/*
 * audio.h - the game's sound output through SDL's audio: plays sound.h's
 * cues, and is silent (never an error) when sound is off or there is no
 * audio device.
 *
 * The device is opened when a cue is first played and closed again, with
 * SDL's audio subsystem, once the output has been silent for the linger
 * time. An idle game therefore runs no audio thread at all: SDL's audio
 * thread wakes at every buffer even while it plays silence, and its ALSA
 * back end adds a device-watching thread that wakes ten times a second.
 * The audio callback tells the main thread that the linger has passed by
 * pushing an event (audio_handle_event() closes the device); that one event
 * is the only wake-up sound costs an idle game.
 *
 * A device that cannot be opened is reported once (SDL_Log) and not tried
 * again until sound is switched off and on (audio_set_enabled()), so a
 * machine without sound does not pay for a failing open on every move.
 *
 * Usage (main thread only; SDL's video or events already initialised):
 *     audio *a = audio_create(true, AUDIO_LINGER_MS);
 *     audio_play(a, SOUND_CUE_PLACE_X);
 *     ... in the event loop: if (audio_handle_event(a, &ev)) continue;
 *     audio_destroy(a);
 *
 * Thread safety: every function must be called from one thread (the one
 * that pumps SDL's events); the audio callback runs on SDL's audio thread
 * and shares only the mixer, under the device lock.
 */
#ifndef GAME_AUDIO_H
#define GAME_AUDIO_H

#include <stdbool.h>

#include <SDL.h>

#include "sound.h"

/** Silence kept playing after the last cue before the device is closed:
 *  long enough that a game's moves reuse one open device, short enough
 *  that an idle game soon has no audio thread. */
#define AUDIO_LINGER_MS 4000
/** Samples per device buffer: about 11 ms at 48 kHz, a latency below what
 *  a click's sound can be felt to lag by. */
#define AUDIO_BUFFER_SAMPLES 512

typedef struct audio audio;

/**
 * Make the sound output: renders the cues (a few milliseconds) but opens
 * nothing yet. @p enabled false starts muted. @p linger_ms is how long the
 * device stays open after the last cue ends (AUDIO_LINGER_MS in the game;
 * tests pass less).
 * @return The output, or NULL when memory ran out or SDL could not register
 *         an event type (logged); the caller then plays without sound.
 */
audio *audio_create(bool enabled, int linger_ms);

/** Close the device if open and free everything. NULL is fine. */
void audio_destroy(audio *a);

/** Play @p cue: opens the device if needed. Does nothing when @p a is NULL,
 *  sound is off, or no device could be opened. */
void audio_play(audio *a, sound_cue cue);

/** Switch sound on or off. Off stops what is playing and closes the device
 *  at once; on lets the next cue try a device again, even after a failure. */
void audio_set_enabled(audio *a, bool enabled);

/** Is sound on? (False for NULL.) */
bool audio_enabled(const audio *a);

/** Is a device open now? (For tests and the idle measurements.) */
bool audio_device_open(const audio *a);

/** How many times @p cue has been started on a device this session (cues
 *  not heard, muted or without a device, are not counted). For tests. */
unsigned long audio_played(const audio *a, sound_cue cue);

/**
 * Give the audio output a look at an SDL event. Its own event (the linger
 * passed) closes the device if it is still silent.
 * @return true when the event was the audio output's own (the caller drops it).
 */
bool audio_handle_event(audio *a, const SDL_Event *ev);

#endif /* GAME_AUDIO_H */
