/*
 * audio.c - the sound output's thread and SDL's audio device (see audio.h).
 *
 * Three threads touch an audio output:
 *   - the caller (the game's main thread): audio_play(), audio_set_enabled()
 *     and the queries; it only ever takes `lock`, for a moment;
 *   - the output's own thread (run_output): everything SDL audio, the
 *     device's lifetime, and starting cues in the mixer (in a web browser
 *     it hands that work to the page's main thread and waits: run_work);
 *   - SDL's audio thread, in fill(): mixes.
 *
 * `lock` guards the fields marked "shared" below; the output's thread
 * releases it around every SDL call, so the caller never waits on the audio
 * back end. The mixer is shared with fill() under the device's lock
 * (SDL_LockAudioDevice), which SDL holds while it runs the callback. The
 * fields marked "output thread" are that thread's alone.
 */
#include "audio.h"

#include <string.h>

#include <SDL.h>
#ifdef __EMSCRIPTEN__
#include <emscripten/threading.h>
#endif

#if defined(__linux__)
#include <dlfcn.h>
#endif

struct audio {
    SDL_mutex *lock;
    SDL_cond *wake; /* The caller asked for something, or quit. */
    SDL_cond *idle; /* The output's thread has done everything asked (audio_sync). */
    SDL_Thread *thread;

    /* Shared, under lock. */
    bool enabled;
    bool retry; /* Switched on again: worth trying a device after a failure. */
    bool quit;
    bool working; /* The thread is acting on requests it took. */
    bool device_open;
    bool missing;       /* No audio device could be had: the settings say so. */
    bool probe;         /* Look for a device once, at start. */
    Uint32 notify_type; /* An SDL event to push when `missing` changes, or 0. */
    int queued;
    sound_cue queue[AUDIO_QUEUE_MAX];
    unsigned long played[SOUND_CUE_COUNT];

    /* Output thread. */
    int linger_ms;
    bool failed;   /* The last open failed: no retry until sound is switched on again. */
    bool reported; /* A failure was logged already (once per session). */
    bool subsystem_ready;
    SDL_AudioDeviceID device; /* 0 when closed. */
    Uint64 close_at_ms;       /* When the last cue plus the linger is over. */
    sound_bank bank;          /* Made by the thread first, read-only then. */

    /* Under the device lock, with fill(). */
    sound_mixer mixer;
};

/* ------------------------------------------------------------------------- */
/* SDL's audio thread                                                        */
/* ------------------------------------------------------------------------- */

static void SDLCALL fill(void *user, Uint8 *stream, int len)
{
    audio *a = user;
    sound_mixer_mix(&a->mixer, (int16_t *)(void *)stream, (size_t)len / sizeof(int16_t));
}

/* ------------------------------------------------------------------------- */
/* The output's thread                                                       */
/* ------------------------------------------------------------------------- */

/* Whether a device can be had, for the caller (audio_missing()), which is
 * woken with an event when it changes. */
static void set_missing(audio *a, bool missing)
{
    SDL_LockMutex(a->lock);
    bool changed = a->missing != missing;
    a->missing = missing;
    Uint32 type = a->notify_type;
    SDL_UnlockMutex(a->lock);
    if (!changed || type == 0) return;
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = type;
    if (SDL_PushEvent(&ev) != 1)
        SDL_Log("Couldn't tell about the audio device: %s", SDL_GetError());
}

static void report(audio *a, const char *what)
{
    a->failed = true;
    set_missing(a, true);
    if (a->reported) return;
    a->reported = true;
    SDL_Log("%s (%s); playing without sound", what, SDL_GetError());
}

#if defined(__linux__)
/* libasound's own messages, which it prints to stderr for a machine without
 * a sound card (eight lines of "ALSA lib ... cannot find card '0'" before
 * SDL says the same in one): not printed. SDL loads the library itself; one
 * handler serves the process. */
static void silent_alsa(const char *file, int line, const char *function, int err, const char *fmt,
                        ...)
{
    (void)file;
    (void)line;
    (void)function;
    (void)err;
    (void)fmt;
}

static void quiet_alsa(void)
{
    void *lib = dlopen("libasound.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return; /* no ALSA: nothing to quieten */
    typedef void (*handler_fn)(const char *, int, const char *, int, const char *, ...);
    typedef int (*set_handler_fn)(handler_fn);
    set_handler_fn set = NULL;
    /* dlsym gives an object pointer; a function pointer is copied out of it. */
    void *sym = dlsym(lib, "snd_lib_error_set_handler");
    if (sym) memcpy(&set, &sym, sizeof set);
    if (set) set(silent_alsa);
    /* Kept loaded: the handler lives in it. */
}
#else
static void quiet_alsa(void) {}
#endif

/* At start, once: is there a device at all? A machine without one is
 * known before the first sound, and the settings say so from the start.
 * SDL's audio is started and stopped again (it runs nothing between). */
static void probe_devices(audio *a)
{
    quiet_alsa();
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        report(a, "Couldn't start SDL's audio");
        return;
    }
    /* -1: the back end cannot list them (it may still open the default). */
    int count = SDL_GetNumAudioDevices(0);
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    if (count == 0) {
        SDL_SetError("no audio output device");
        report(a, "Couldn't find an audio device");
    }
}

static void close_device(audio *a)
{
    if (a->device) SDL_CloseAudioDevice(a->device); /* Joins SDL's audio thread. */
    a->device = 0;
    if (a->subsystem_ready) SDL_QuitSubSystem(SDL_INIT_AUDIO);
    a->subsystem_ready = false;
}

static bool open_device(audio *a)
{
    quiet_alsa();
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
    set_missing(a, false);
    /* The device starts paused: the callback is not running yet. */
    sound_mixer_init(&a->mixer);
    SDL_PauseAudioDevice(a->device, 0);
    return true;
}

/* Start @p cue, opening the device if needed. @return whether it plays. */
static bool start_cue(audio *a, sound_cue cue)
{
    if (!a->bank.samples[cue]) return false; /* The bank could not be made. */
    if (!a->device && (a->failed || !open_device(a))) return false;
    SDL_LockAudioDevice(a->device);
    sound_mixer_start(&a->mixer, &a->bank, cue);
    SDL_UnlockAudioDevice(a->device);
    Uint64 end = SDL_GetTicks64() + (Uint64)a->bank.length[cue] * 1000u / (Uint64)a->bank.rate_hz +
                 (Uint64)a->linger_ms;
    if (end > a->close_at_ms) a->close_at_ms = end;
    return true;
}

/* The linger is over by the clock: close, unless a cue is still playing
 * (SDL's audio thread started late, on a loaded machine): then wait again. */
static void linger_over(audio *a)
{
    SDL_LockAudioDevice(a->device);
    bool playing = sound_mixer_busy(&a->mixer);
    SDL_UnlockAudioDevice(a->device);
    if (playing)
        a->close_at_ms = SDL_GetTicks64() + (Uint64)a->linger_ms;
    else
        close_device(a);
}

/* One round of the output thread's work with SDL's audio: close the
 * device (sound switched off), see whether the linger is over, start the
 * cues taken from the queue. */
typedef struct audio_work {
    audio *a;
    bool close, lingered, enabled;
    int n;
    const sound_cue *cues;
    bool *started;
} audio_work;

static void do_work(void *arg)
{
    audio_work *w = arg;
    if (w->close) close_device(w->a);
    if (w->lingered) linger_over(w->a);
    for (int i = 0; i < w->n && w->enabled; i++)
        w->started[i] = start_cue(w->a, w->cues[i]);
}

/* Do @p w where SDL's audio back end can be used: here, or in a web
 * browser on the page's main thread, where Web Audio and SDL's JavaScript
 * half live (its Emscripten driver calls them from the thread it runs on,
 * and the mixer's callback runs there too). This thread then waits the
 * moment the page takes to run it between two frames; the device's calls
 * there never wait (no device to open, only an AudioContext). */
static void run_work(audio_work *w)
{
#ifdef __EMSCRIPTEN__
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpedantic" /* the API takes the function as a void * */
    emscripten_sync_run_in_main_runtime_thread(EM_FUNC_SIG_VI, do_work, w);
#pragma clang diagnostic pop
#else
    do_work(w);
#endif
}

static int SDLCALL run_output(void *data)
{
    audio *a = data;
    /* The cues' samples are made here, not by audio_create(): a few tens
     * of milliseconds of sines that would otherwise hold up the game's
     * start on its main thread (in a browser, the page's: docs/web.md,
     * "Lighthouse"). Nothing plays before the first request is taken,
     * after this; without them (out of memory) the cues are silent. */
    if (!sound_bank_init(&a->bank, SOUND_RATE_HZ))
        SDL_Log("Couldn't render the sounds: out of memory; playing without sound");
    SDL_LockMutex(a->lock);
    while (!a->quit) {
        sound_cue cues[AUDIO_QUEUE_MAX];
        int n = a->queued;
        memcpy(cues, a->queue, (size_t)n * sizeof cues[0]);
        a->queued = 0;
        bool enabled = a->enabled, retry = a->retry, probe = a->probe;
        a->retry = false;
        a->probe = false;
        Uint64 now = SDL_GetTicks64();
        bool close = a->device && !enabled;
        bool lingered = a->device && enabled && now >= a->close_at_ms;
        if (n == 0 && !retry && !close && !lingered && !probe) {
            /* Nothing to do: sleep until asked, or until the linger is over. */
            SDL_CondBroadcast(a->idle);
            if (a->device)
                SDL_CondWaitTimeout(a->wake, a->lock, (Uint32)(a->close_at_ms - now));
            else
                SDL_CondWait(a->wake, a->lock);
            continue;
        }
        a->working = true;
        SDL_UnlockMutex(a->lock);

        bool started[AUDIO_QUEUE_MAX] = {false};
        if (probe) probe_devices(a);
        if (retry) a->failed = false;
        audio_work w = {a, close, lingered, enabled, n, cues, started};
        run_work(&w);

        SDL_LockMutex(a->lock);
        for (int i = 0; i < n; i++)
            if (started[i]) a->played[cues[i]]++;
        a->device_open = a->device != 0;
        a->working = false;
    }
    SDL_UnlockMutex(a->lock);
    audio_work last = {a, true, false, false, 0, NULL, NULL};
    run_work(&last);
    return 0;
}

/* ------------------------------------------------------------------------- */
/* The caller's side                                                         */
/* ------------------------------------------------------------------------- */

audio *audio_create(bool enabled, int linger_ms)
{
    audio *a = SDL_calloc(1, sizeof *a);
    if (!a) {
        SDL_Log("Couldn't allocate the sound output; playing without sound");
        return NULL;
    }
    a->enabled = enabled;
    a->probe = true;
    a->linger_ms = linger_ms < 0 ? 0 : linger_ms;
    sound_mixer_init(&a->mixer);
    a->lock = SDL_CreateMutex();
    a->wake = SDL_CreateCond();
    a->idle = SDL_CreateCond();
    if (a->lock && a->wake && a->idle) a->thread = SDL_CreateThread(run_output, "ttt-audio", a);
    if (!a->thread) {
        SDL_Log("Couldn't start the sound output (%s); playing without sound", SDL_GetError());
        a->thread = NULL;
        audio_destroy(a);
        return NULL;
    }
    return a;
}

void audio_destroy(audio *a)
{
    if (!a) return;
    if (a->thread) {
        SDL_LockMutex(a->lock);
        a->quit = true;
        SDL_CondSignal(a->wake);
        SDL_UnlockMutex(a->lock);
        SDL_WaitThread(a->thread, NULL); /* It closes the device on its way out. */
    }
    SDL_DestroyCond(a->idle);
    SDL_DestroyCond(a->wake);
    SDL_DestroyMutex(a->lock);
    sound_bank_free(&a->bank);
    SDL_free(a);
}

void audio_play(audio *a, sound_cue cue)
{
    if (!a || cue < 0 || cue >= SOUND_CUE_COUNT) return;
    SDL_LockMutex(a->lock);
    if (a->enabled && a->queued < AUDIO_QUEUE_MAX) {
        a->queue[a->queued++] = cue;
        SDL_CondSignal(a->wake);
    }
    SDL_UnlockMutex(a->lock);
}

void audio_set_enabled(audio *a, bool enabled)
{
    if (!a) return;
    SDL_LockMutex(a->lock);
    if (a->enabled != enabled) {
        a->enabled = enabled;
        if (enabled)
            a->retry = true;
        else
            a->queued = 0; /* Not one more cue after "off". */
        SDL_CondSignal(a->wake);
    }
    SDL_UnlockMutex(a->lock);
}

bool audio_enabled(const audio *a)
{
    if (!a) return false;
    SDL_LockMutex(a->lock);
    bool on = a->enabled;
    SDL_UnlockMutex(a->lock);
    return on;
}

void audio_sync(audio *a)
{
    if (!a) return;
    SDL_LockMutex(a->lock);
    /* A switch to off still pending shows as enabled == false with the
     * device open; the thread closes it before it goes idle again. */
    while (a->queued > 0 || a->working || a->retry || a->probe || (!a->enabled && a->device_open))
        SDL_CondWait(a->idle, a->lock);
    SDL_UnlockMutex(a->lock);
}

void audio_set_notify(audio *a, Uint32 event_type)
{
    if (!a) return;
    SDL_LockMutex(a->lock);
    a->notify_type = event_type;
    SDL_UnlockMutex(a->lock);
}

bool audio_missing(const audio *a)
{
    if (!a) return true;
    SDL_LockMutex(a->lock);
    bool missing = a->missing;
    SDL_UnlockMutex(a->lock);
    return missing;
}

bool audio_device_open(const audio *a)
{
    if (!a) return false;
    SDL_LockMutex(a->lock);
    bool open = a->device_open;
    SDL_UnlockMutex(a->lock);
    return open;
}

unsigned long audio_played(const audio *a, sound_cue cue)
{
    if (!a || cue < 0 || cue >= SOUND_CUE_COUNT) return 0;
    SDL_LockMutex(a->lock);
    unsigned long n = a->played[cue];
    SDL_UnlockMutex(a->lock);
    return n;
}
