/*
 * saver.c - the settings file's thread (see saver.h).
 *
 * Protocol, all under `lock`: the main thread copies a snapshot into
 * `pending` (has_pending), and signals `wake`; the thread copies `pending`
 * into its own `job`, sets `busy` and saves unlocked; then, under the lock,
 * clears `busy`, posts the result and, when nothing is pending, signals
 * `idle` for saver_finish(). `base` and `job` belong to the thread alone
 * once it runs (the main thread sets `base` only before starting it).
 *
 * Shutting down: `quit` stops the loop once the thread is idle. If the main
 * thread gave up waiting for a running save, it sets `abandoned` and
 * detaches the thread: the thread then drops what is pending, posts
 * nothing, and frees the saver itself when its save returns.
 */
#include "saver.h"

#include <stdlib.h>
#include <string.h>

struct saver {
    SDL_Thread *thread;
    SDL_mutex *lock;
    SDL_cond *wake; /* Something was handed in, or quit. */
    SDL_cond *idle; /* Nothing pending, nothing running (saver_finish). */
    Uint32 event_type;
    char *path;
    FILE *warn;

    /* Shared, under lock. */
    prefs pending;
    uint32_t pending_id;
    bool has_pending;
    bool busy; /* A save is running. */
    bool quit;
    bool abandoned;
    bool finishing;            /* saver_finish() waits: a save the lock held up is retried */
    Uint64 finish_deadline_ms; /* until then (SDL_GetTicks64). */
    prefs_save_result last;    /* How the last save went. */
    double max_ms;
    unsigned long saves;

    /* The thread's own. */
    prefs base; /* What the file got from this instance (see saver.h). */
    prefs job;
    bool warned;
};

/* SDL's mutex calls fail only on a NULL mutex, which create rules out; log
 * rather than ignore, as everywhere else. */
static void lock(saver *s)
{
    if (SDL_LockMutex(s->lock) != 0) SDL_Log("Couldn't lock the saver: %s", SDL_GetError());
}

static void unlock(saver *s)
{
    if (SDL_UnlockMutex(s->lock) != 0) SDL_Log("Couldn't unlock the saver: %s", SDL_GetError());
}

static void free_saver(saver *s)
{
    if (s->idle) SDL_DestroyCond(s->idle);
    if (s->wake) SDL_DestroyCond(s->wake);
    if (s->lock) SDL_DestroyMutex(s->lock);
    free(s->path);
    free(s);
}

void saver_result_free(saver_result *r)
{
    free(r);
}

/* Tell the main thread how save @p id went. */
static void post_result(saver *s, uint32_t id, bool ok, double ms)
{
    saver_result *r = calloc(1, sizeof *r);
    if (!r) {
        SDL_Log("Couldn't allocate a save's result");
        return;
    }
    r->job_id = id;
    r->ok = ok;
    r->save_ms = ms;
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = s->event_type;
    ev.user.type = s->event_type;
    ev.user.data1 = r;
    if (SDL_PushEvent(&ev) != 1) {
        SDL_Log("Couldn't post a save's result: %s", SDL_GetError());
        saver_result_free(r);
    }
}

/* Save the thread's job; @return how it went. */
static prefs_save_result save_job(saver *s, double *ms)
{
    Uint64 t0 = SDL_GetPerformanceCounter();
    /* One warning per session: a read-only directory would otherwise
     * complain at every change. */
    prefs_save_result r =
        prefs_save_merged_result(s->path, &s->base, &s->job, s->warned ? NULL : s->warn);
    if (r == PREFS_SAVED)
        s->base = s->job;
    else
        s->warned = true;
    *ms =
        (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency();
    return r;
}

/* While the app quits, a save that another instance's lock held up is
 * tried again (the same snapshot, unless a newer one waits) until the
 * deadline: the last games must reach the file once the lock is free.
 * Under lock. */
static void retry_if_finishing(saver *s, uint32_t id)
{
    if (s->last != PREFS_SAVE_BUSY || !s->finishing || s->has_pending) return;
    if (SDL_GetTicks64() >= s->finish_deadline_ms) return;
    s->pending = s->job;
    s->pending_id = id;
    s->has_pending = true;
}

static int SDLCALL run_saver(void *data)
{
    saver *s = data;
    lock(s);
    for (;;) {
        while (!s->has_pending && !s->quit) {
            if (SDL_CondWait(s->wake, s->lock) != 0) {
                SDL_Log("Couldn't wait for a save: %s", SDL_GetError());
                break;
            }
        }
        if (!s->has_pending) break; /* quit, with everything saved */
        s->job = s->pending;
        uint32_t id = s->pending_id;
        s->has_pending = false;
        s->busy = true;
        unlock(s);

        double ms = 0.0;
        prefs_save_result r = save_job(s, &ms);

        lock(s);
        s->busy = false;
        s->last = r;
        s->saves++;
        if (ms > s->max_ms) s->max_ms = ms;
        if (s->abandoned) {
            /* Nobody waits any more: the main thread is on its way out. */
            unlock(s);
            free_saver(s);
            return 0;
        }
        post_result(s, id, r == PREFS_SAVED, ms);
        retry_if_finishing(s, id);
        if (!s->has_pending && SDL_CondBroadcast(s->idle) != 0)
            SDL_Log("Couldn't tell that the saves are done: %s", SDL_GetError());
    }
    unlock(s);
    return 0;
}

saver *saver_create(Uint32 event_type, const char *path, const prefs *base, FILE *warn)
{
    saver *s = calloc(1, sizeof *s);
    if (!s) {
        SDL_Log("Couldn't allocate the settings saver");
        return NULL;
    }
    s->event_type = event_type;
    s->warn = warn;
    s->base = *base;
    size_t n = strlen(path) + 1;
    s->path = malloc(n);
    if (s->path) memcpy(s->path, path, n);
    s->lock = SDL_CreateMutex();
    s->wake = SDL_CreateCond();
    s->idle = SDL_CreateCond();
    if (!s->path || !s->lock || !s->wake || !s->idle) {
        SDL_Log("Couldn't set up the settings saver: %s", SDL_GetError());
        free_saver(s);
        return NULL;
    }
    s->thread = SDL_CreateThread(run_saver, "ttt-saver", s);
    if (!s->thread) {
        SDL_Log("Couldn't start the settings saver's thread: %s", SDL_GetError());
        free_saver(s);
        return NULL;
    }
    return s;
}

void saver_submit(saver *s, const prefs *snapshot, uint32_t job_id)
{
    lock(s);
    s->pending = *snapshot;
    s->pending_id = job_id;
    s->has_pending = true;
    if (SDL_CondSignal(s->wake) != 0) SDL_Log("Couldn't wake the saver: %s", SDL_GetError());
    unlock(s);
}

bool saver_finish(saver *s, Uint32 timeout_ms)
{
    Uint64 deadline = SDL_GetTicks64() + timeout_ms;
    lock(s);
    s->finishing = true;
    s->finish_deadline_ms = deadline;
    while (s->busy || s->has_pending) {
        Uint64 now = SDL_GetTicks64();
        if (now >= deadline) break;
        /* A timed-out wait is checked against the clock above. */
        (void)SDL_CondWaitTimeout(s->idle, s->lock, (Uint32)(deadline - now));
    }
    /* Given up: still saving, or still kept out by another instance's lock. */
    bool done = !s->busy && !s->has_pending && s->last != PREFS_SAVE_BUSY;
    s->finishing = false;
    unlock(s);
    return done;
}

void saver_stats(saver *s, double *max_ms, unsigned long *saves)
{
    lock(s);
    *max_ms = s->max_ms;
    *saves = s->saves;
    unlock(s);
}

void saver_destroy(saver *s)
{
    if (!s) return;
    lock(s);
    s->quit = true;
    bool running = s->busy;
    if (running) {
        s->abandoned = true;
        s->has_pending = false;
    }
    if (SDL_CondSignal(s->wake) != 0) SDL_Log("Couldn't wake the saver: %s", SDL_GetError());
    SDL_Thread *thread = s->thread;
    unlock(s);
    if (running) {
        /* The thread frees the saver once its save returns; s is not ours now. */
        SDL_DetachThread(thread);
        return;
    }
    SDL_WaitThread(thread, NULL);
    free_saver(s);
}

void saver_drain_events(Uint32 event_type)
{
    SDL_Event ev;
    SDL_PumpEvents();
    while (SDL_PeepEvents(&ev, 1, SDL_GETEVENT, event_type, event_type) == 1)
        saver_result_free(ev.user.data1);
}
