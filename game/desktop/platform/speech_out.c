/*
 * speech_out.c - the desktop game's voice (see speech_out.h): a queue of
 * sentences, and a thread that looks for the screen reader, connects to
 * the system's speech and speaks them.
 *
 * Locking: `lock` guards the queue, `quit`, `mode` and `language`; the
 * thread waits on `wake` while the queue is empty. Everything under
 * "the thread's own" is touched by the speech thread only (after
 * speech_out_create() has started it), so no call into a speech library
 * is ever made under the lock or on the caller's thread.
 */
#include "speech_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "announce.h"

#if defined(_WIN32)
#include <windows.h>
/* Defines SAPI's GUIDs (CLSID_SpVoice, IID_ISpVoice) in this file. */
#include <initguid.h>
#include <sapi.h>
#endif

_Static_assert(ANNOUNCE_TEXT_MAX <= SPEECH_OUT_TEXT_MAX,
               "a pass's announcement must fit a sentence");

/** Room for a language key ("fr"). */
#define SPEECH_LANGUAGE_MAX 16

/* One sentence waiting. */
typedef struct speech_item {
    char text[SPEECH_OUT_TEXT_MAX];
    bool interrupt;
} speech_item;

struct speech_out {
    SDL_Thread *thread;
    SDL_mutex *lock;
    SDL_cond *wake;
    SDL_sem *done; /* Posted by the thread as it ends. */

    /* Under lock. */
    speech_item queue[SPEECH_OUT_QUEUE_MAX];
    int head, count;
    bool quit;
    settings_speak mode;
    char language[SPEECH_LANGUAGE_MAX];

    /* The thread's own. */
    FILE *log;
    bool reader_checked, reader_on; /* The desktop's screen reader, as last looked at */
    Uint64 reader_checked_ms;       /* then (SDL_GetTicks64). */
    bool connected;                 /* The voice is open. */
    bool failed;                    /* The voice could not be had: not tried again. */
    char language_set[SPEECH_LANGUAGE_MAX];
#if defined(_WIN32)
    ISpVoice *voice;
    bool com_ready;
#elif !defined(__EMSCRIPTEN__)
    void *lib;  /* libspeechd.so.2 */
    void *conn; /* SPDConnection * */
    void *(*spd_open)(const char *, const char *, const char *, int);
    int (*spd_say)(void *, int, const char *);
    int (*spd_cancel)(void *);
    int (*spd_set_language)(void *, const char *);
    void (*spd_close)(void *);
#endif
};

/* ------------------------------------------------------------------------- */
/* The platforms                                                             */
/* ------------------------------------------------------------------------- */

#if defined(_WIN32)

static bool screen_reader_on(void)
{
    BOOL on = FALSE;
    return SystemParametersInfoW(SPI_GETSCREENREADER, 0, &on, 0) && on;
}

static bool voice_open(speech_out *s)
{
    HRESULT hr = CoInitializeEx(NULL, COINIT_MULTITHREADED);
    s->com_ready = SUCCEEDED(hr);
    hr = CoCreateInstance(&CLSID_SpVoice, NULL, CLSCTX_ALL, &IID_ISpVoice, (void **)&s->voice);
    if (FAILED(hr)) {
        SDL_Log("Couldn't start Windows speech (SAPI, 0x%08lx): no speech", (unsigned long)hr);
        s->voice = NULL;
        return false;
    }
    return true;
}

static void voice_say(speech_out *s, const char *text, bool interrupt)
{
    int n = MultiByteToWideChar(CP_UTF8, 0, text, -1, NULL, 0);
    if (n <= 0) return;
    WCHAR *wide = malloc((size_t)n * sizeof *wide);
    if (!wide) return;
    MultiByteToWideChar(CP_UTF8, 0, text, -1, wide, n);
    DWORD flags = SPF_ASYNC | SPF_IS_NOT_XML | (interrupt ? SPF_PURGEBEFORESPEAK : 0);
    s->voice->lpVtbl->Speak(s->voice, wide, flags, NULL);
    free(wide);
}

/* SAPI picks its voice by the user's choice in Windows' settings. */
static void voice_language(speech_out *s, const char *key)
{
    (void)s;
    (void)key;
}

static void voice_close(speech_out *s)
{
    if (s->voice) s->voice->lpVtbl->Release(s->voice);
    s->voice = NULL;
    if (s->com_ready) CoUninitialize();
    s->com_ready = false;
}

#elif !defined(__EMSCRIPTEN__)

/* libspeechd's constants (speechd_types.h, libspeechd.h): not included,
 * so the game builds where the library is missing. */
#define SPD_MODE_SINGLE 0
#define SPD_MESSAGE 2

/* GNOME's switch for its screen reader (Orca), read through the gsettings
 * program (on the speech thread, see speak()): false where there is none. */
static bool screen_reader_on(void)
{
    FILE *p = popen("gsettings get org.gnome.desktop.a11y.applications screen-reader-enabled "
                    "2>/dev/null",
                    "r");
    if (!p) return false;
    char line[32] = "";
    bool on = fgets(line, sizeof line, p) && strncmp(line, "true", 4) == 0;
    pclose(p);
    return on;
}

/* @p name from the library into the function pointer at @p fn (a
 * function pointer cannot be assigned from a void * in ISO C). */
static bool load(void *lib, const char *name, void *fn, size_t size)
{
    void *p = SDL_LoadFunction(lib, name);
    if (!p) return false;
    memcpy(fn, &p, size);
    return true;
}

static bool voice_open(speech_out *s)
{
    s->lib = SDL_LoadObject("libspeechd.so.2");
    if (!s->lib) {
        SDL_Log("Speech Dispatcher's library (libspeechd.so.2) is not installed: no speech");
        return false;
    }
    if (!load(s->lib, "spd_open", &s->spd_open, sizeof s->spd_open) ||
        !load(s->lib, "spd_say", &s->spd_say, sizeof s->spd_say) ||
        !load(s->lib, "spd_cancel", &s->spd_cancel, sizeof s->spd_cancel) ||
        !load(s->lib, "spd_set_language", &s->spd_set_language, sizeof s->spd_set_language) ||
        !load(s->lib, "spd_close", &s->spd_close, sizeof s->spd_close)) {
        SDL_Log("Couldn't use libspeechd.so.2: %s: no speech", SDL_GetError());
        return false;
    }
    /* Its address: SPEECHD_ADDRESS, else the user's own socket. */
    s->conn = s->spd_open("tictactoe", "main", NULL, SPD_MODE_SINGLE);
    if (!s->conn) {
        SDL_Log("Couldn't connect to Speech Dispatcher: no speech");
        return false;
    }
    return true;
}

static void voice_say(speech_out *s, const char *text, bool interrupt)
{
    if (interrupt) s->spd_cancel(s->conn);
    if (s->spd_say(s->conn, SPD_MESSAGE, text) < 0) SDL_Log("Speech Dispatcher refused a sentence");
}

static void voice_language(speech_out *s, const char *key)
{
    s->spd_set_language(s->conn, key);
}

static void voice_close(speech_out *s)
{
    if (s->conn) s->spd_close(s->conn);
    s->conn = NULL;
    if (s->lib) SDL_UnloadObject(s->lib);
    s->lib = NULL;
}

#else /* the browser: the page speaks */

static bool screen_reader_on(void)
{
    return false;
}
static bool voice_open(speech_out *s)
{
    (void)s;
    return false;
}
static void voice_say(speech_out *s, const char *text, bool interrupt)
{
    (void)s;
    (void)text;
    (void)interrupt;
}
static void voice_language(speech_out *s, const char *key)
{
    (void)s;
    (void)key;
}
static void voice_close(speech_out *s)
{
    (void)s;
}

#endif

/* ------------------------------------------------------------------------- */
/* The thread                                                                */
/* ------------------------------------------------------------------------- */

/* Say @p item now (the thread's), if the mode says so. */
static void speak(speech_out *s, const speech_item *item, settings_speak mode, const char *language)
{
    if (mode == SETTINGS_SPEAK_OFF) return;
    if (mode == SETTINGS_SPEAK_AUTO) {
        /* The switch is looked at again when a sentence comes and the last
         * look is SPEECH_OUT_READER_RECHECK_MS old: a screen reader turned
         * on or off while the game runs is followed, on this thread (the
         * look starts a program on GNOME), and nothing is looked at while
         * nothing is said. */
        if (!s->reader_checked ||
            SDL_GetTicks64() - s->reader_checked_ms >= SPEECH_OUT_READER_RECHECK_MS) {
            s->reader_on = screen_reader_on();
            s->reader_checked = true;
            s->reader_checked_ms = SDL_GetTicks64();
        }
        if (!s->reader_on) return;
    }
    if (s->log) {
        fprintf(s->log, "%s\n", item->text);
        fflush(s->log);
        return;
    }
    if (s->failed) return;
    if (!s->connected) {
        if (!voice_open(s)) {
            s->failed = true;
            voice_close(s);
            return;
        }
        s->connected = true;
    }
    const char *want = language[0] ? language : "en";
    if (strcmp(want, s->language_set) != 0) {
        voice_language(s, want);
        snprintf(s->language_set, sizeof s->language_set, "%s", want);
    }
    voice_say(s, item->text, item->interrupt);
}

static int speech_thread(void *data)
{
    speech_out *s = data;
    speech_item item;
    for (;;) {
        SDL_LockMutex(s->lock);
        while (!s->quit && s->count == 0)
            SDL_CondWait(s->wake, s->lock);
        /* At quit, what waits is still handed over (the last move and
         * the result, said as the game closes; speech_out_destroy waits
         * a bounded time for it). */
        if (s->count == 0) {
            SDL_UnlockMutex(s->lock);
            break;
        }
        item = s->queue[s->head];
        s->head = (s->head + 1) % SPEECH_OUT_QUEUE_MAX;
        s->count--;
        settings_speak mode = s->mode;
        char language[SPEECH_LANGUAGE_MAX];
        memcpy(language, s->language, sizeof language);
        SDL_UnlockMutex(s->lock);
        speak(s, &item, mode, language);
    }
    voice_close(s);
    SDL_SemPost(s->done);
    return 0;
}

/* ------------------------------------------------------------------------- */
/* The caller's side                                                         */
/* ------------------------------------------------------------------------- */

static void free_output(speech_out *s)
{
    if (s->log) fclose(s->log);
    if (s->done) SDL_DestroySemaphore(s->done);
    if (s->wake) SDL_DestroyCond(s->wake);
    if (s->lock) SDL_DestroyMutex(s->lock);
    free(s);
}

speech_out *speech_out_create(settings_speak mode, const char *log_path)
{
    speech_out *s = calloc(1, sizeof *s);
    if (!s) {
        SDL_Log("Couldn't allocate the speech output: no speech");
        return NULL;
    }
    s->mode = mode;
    if (log_path) {
        s->log = fopen(log_path, "w");
        if (!s->log) {
            SDL_Log("Couldn't open the speech log %s: no speech", log_path);
            free_output(s);
            return NULL;
        }
    }
    s->lock = SDL_CreateMutex();
    s->wake = SDL_CreateCond();
    s->done = SDL_CreateSemaphore(0);
    if (!s->lock || !s->wake || !s->done) {
        SDL_Log("Couldn't create the speech output's locks: %s", SDL_GetError());
        free_output(s);
        return NULL;
    }
    s->thread = SDL_CreateThread(speech_thread, "speech", s);
    if (!s->thread) {
        SDL_Log("Couldn't start the speech thread: %s", SDL_GetError());
        free_output(s);
        return NULL;
    }
    return s;
}

void speech_out_set_mode(speech_out *s, settings_speak mode)
{
    if (!s) return;
    SDL_LockMutex(s->lock);
    s->mode = mode;
    SDL_UnlockMutex(s->lock);
}

void speech_out_set_language(speech_out *s, const char *key)
{
    if (!s || !key) return;
    SDL_LockMutex(s->lock);
    snprintf(s->language, sizeof s->language, "%s", key);
    SDL_UnlockMutex(s->lock);
}

void speech_out_say(speech_out *s, const char *text, bool interrupt)
{
    if (!s || !text || !text[0]) return;
    SDL_LockMutex(s->lock);
    if (s->mode != SETTINGS_SPEAK_OFF) {
        /* The log keeps every sentence, in order: tests read it. */
        if (interrupt && !s->log) s->count = 0;
        if (s->count == SPEECH_OUT_QUEUE_MAX) { /* the oldest gives way */
            s->head = (s->head + 1) % SPEECH_OUT_QUEUE_MAX;
            s->count--;
        }
        speech_item *item = &s->queue[(s->head + s->count) % SPEECH_OUT_QUEUE_MAX];
        snprintf(item->text, sizeof item->text, "%s", text);
        item->interrupt = interrupt;
        s->count++;
        SDL_CondSignal(s->wake);
    }
    SDL_UnlockMutex(s->lock);
}

void speech_out_destroy(speech_out *s)
{
    if (!s) return;
    SDL_LockMutex(s->lock);
    s->quit = true;
    SDL_CondSignal(s->wake);
    SDL_UnlockMutex(s->lock);
    if (SDL_SemWaitTimeout(s->done, SPEECH_OUT_CLOSE_WAIT_MS) != 0) {
        /* Still connecting: leave it behind (the process is ending; it
         * owns `s` from now on and never frees it). */
        SDL_Log("The speech thread did not stop in time: left behind");
        SDL_DetachThread(s->thread);
        return;
    }
    SDL_WaitThread(s->thread, NULL);
    free_output(s);
}
