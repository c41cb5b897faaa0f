/*
 * audio.c - SDL's audio device for the game's cues (see audio.h).
 *
 * Locking: the mixer, idle_posted and generation are shared with the audio
 * callback, which SDL runs with the device's lock held; the main thread
 * takes the same lock (SDL_LockAudioDevice) to touch them while the device
 * is open. Everything else belongs to the main thread.
 */
#include "audio.h"

#include <string.h>

struct audio {
    bool enabled;
    bool failed;   /* The last open failed: no retry until sound is switched on again. */
    bool reported; /* A failure was logged already (once per session). */
    bool subsystem_ready;
    SDL_AudioDeviceID device; /* 0 when closed. */
    Uint32 event_type;
    int linger_ms;
    size_t linger_samples;
    unsigned long played[SOUND_CUE_COUNT];
    sound_bank bank;
    /* Shared with the callback, under the device lock. */
    sound_mixer mixer;
    bool idle_posted;  /* The linger event for this silence is on its way. */
    Uint32 generation; /* Which opening of the device an event belongs to. */
};

/* SDL's audio thread: mix, and once the output has been silent for the
 * linger time, ask the main thread (once) to close the device. */
static void SDLCALL fill(void *user, Uint8 *stream, int len)
{
    audio *a = user;
    sound_mixer_mix(&a->mixer, (int16_t *)(void *)stream, (size_t)len / sizeof(int16_t));
    if (!a->idle_posted && a->mixer.silent_samples >= a->linger_samples) {
        SDL_Event ev;
        SDL_zero(ev);
        ev.type = a->event_type;
        ev.user.code = (Sint32)a->generation;
        /* A full queue: try again at the next buffer. */
        if (SDL_PushEvent(&ev) == 1) a->idle_posted = true;
    }
}

static void report(audio *a, const char *what)
{
    a->failed = true;
    if (a->reported) return;
    a->reported = true;
    SDL_Log("%s (%s); playing without sound", what, SDL_GetError());
}

static void close_device(audio *a)
{
    if (a->device) SDL_CloseAudioDevice(a->device); /* Joins the audio thread. */
    a->device = 0;
    if (a->subsystem_ready) SDL_QuitSubSystem(SDL_INIT_AUDIO);
    a->subsystem_ready = false;
    sound_mixer_init(&a->mixer);
}

static bool open_device(audio *a)
{
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        report(a, "Couldn't start SDL's audio");
        return false;
    }
    a->subsystem_ready = true;
    SDL_AudioSpec want;
    SDL_zero(want);
    want.freq = a->bank.rate_hz;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = AUDIO_BUFFER_SAMPLES;
    want.callback = fill;
    want.userdata = a;
    /* No changes allowed: SDL converts to whatever the device wants, so the
     * callback always mixes the bank's own rate and format. */
    a->device = SDL_OpenAudioDevice(NULL, 0, &want, NULL, 0);
    if (a->device == 0) {
        report(a, "Couldn't open an audio device");
        close_device(a);
        return false;
    }
    /* The device starts paused: the callback is not running yet. */
    sound_mixer_init(&a->mixer);
    a->generation++;
    a->idle_posted = false;
    a->linger_samples = (size_t)a->linger_ms * (size_t)a->bank.rate_hz / 1000u;
    SDL_PauseAudioDevice(a->device, 0);
    return true;
}

audio *audio_create(bool enabled, int linger_ms)
{
    audio *a = SDL_calloc(1, sizeof *a);
    if (!a) {
        SDL_Log("Couldn't allocate the sound output; playing without sound");
        return NULL;
    }
    a->enabled = enabled;
    a->linger_ms = linger_ms < 0 ? 0 : linger_ms;
    a->event_type = SDL_RegisterEvents(1);
    if (a->event_type == (Uint32)-1) {
        SDL_Log("Couldn't register the sound event (%s); playing without sound", SDL_GetError());
        SDL_free(a);
        return NULL;
    }
    if (!sound_bank_init(&a->bank, SOUND_RATE_HZ)) {
        SDL_Log("Couldn't render the sounds: out of memory; playing without sound");
        SDL_free(a);
        return NULL;
    }
    sound_mixer_init(&a->mixer);
    return a;
}

void audio_destroy(audio *a)
{
    if (!a) return;
    close_device(a);
    sound_bank_free(&a->bank);
    SDL_free(a);
}

void audio_play(audio *a, sound_cue cue)
{
    if (!a || !a->enabled || a->failed || cue < 0 || cue >= SOUND_CUE_COUNT) return;
    if (!a->device && !open_device(a)) return;
    SDL_LockAudioDevice(a->device);
    sound_mixer_start(&a->mixer, &a->bank, cue);
    a->idle_posted = false;
    SDL_UnlockAudioDevice(a->device);
    a->played[cue]++;
}

void audio_set_enabled(audio *a, bool enabled)
{
    if (!a || a->enabled == enabled) return;
    a->enabled = enabled;
    a->failed = false; /* Switched back on: worth another try. */
    if (!enabled) close_device(a);
}

bool audio_enabled(const audio *a)
{
    return a && a->enabled;
}

bool audio_device_open(const audio *a)
{
    return a && a->device != 0;
}

unsigned long audio_played(const audio *a, sound_cue cue)
{
    return (a && cue >= 0 && cue < SOUND_CUE_COUNT) ? a->played[cue] : 0;
}

bool audio_handle_event(audio *a, const SDL_Event *ev)
{
    if (!a || ev->type != a->event_type) return false;
    /* From an earlier opening of the device, or it was closed already. */
    if (!a->device || (Uint32)ev->user.code != a->generation) return true;
    SDL_LockAudioDevice(a->device);
    bool idle = !sound_mixer_busy(&a->mixer) && a->mixer.silent_samples >= a->linger_samples;
    SDL_UnlockAudioDevice(a->device);
    /* A cue started after the event was sent: a fresh one will follow. */
    if (idle) close_device(a);
    return true;
}
