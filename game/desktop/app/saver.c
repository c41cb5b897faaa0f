/*
 * saver.c - the settings file's thread (see saver.h), which also writes
 * the game file, exports records and reads the ones opened: every file the
 * game touches once it runs.
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

#include "app_timing.h"
#include "atomic_file.h"
#include "gamefile.h"
#include "lock_timing.h"

/* Quitting waits for a save that waited for the lock and the last save
 * after it, and a slow disk (app_timing.h). */
_Static_assert(APP_QUIT_SAVE_WAIT_MS == 2 * PREFS_LOCK_WAIT_MS + LOCK_SLOW_DISK_MS,
               "APP_QUIT_SAVE_WAIT_MS must follow the lock's waits (lock_timing.h)");

/* An export or a read waiting in the queue. */
typedef struct saver_file_job {
    saver_kind kind;
    uint32_t id;
    record rec;
    char path[SAVER_TEXT_MAX]; /* The folder (export) or the file (read). */
    char stamp[GAMEFILE_STAMP_MAX];
} saver_file_job;

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
    char *game_path; /* Set before the thread reads it (saver_set_game_file). */
    record pending_game;
    uint32_t pending_game_id;
    bool has_pending_game;
    prefs_save_result last_game;
    saver_file_job queue[SAVER_QUEUE_MAX];
    int queued;
    prefs pending_base; /* saver_rebase(): the base from now on */
    bool has_pending_base;
    record pending_known; /* saver_game_known(): the game file's known record */
    bool has_pending_known;
    uint32_t last_prefs_id, last_game_id; /* The last jobs of each kind taken. */
    bool watching;                        /* saver_watch(): look for other windows' writes. */

    /* The thread's own. */
    prefs base; /* What the file got from this instance (see saver.h). */
    /* Watching for another window's writes (see saver.h): the files'
     * stamps when last looked at, and the game file's record this
     * instance is in step with. */
    atomic_file_stamp prefs_stamp, game_stamp;
    record known_game;
    bool has_known_game;
    prefs loaded; /* The settings file read back, compared with base. */
    prefs job;
    record game_job;
    saver_file_job file_job;
    bool warned, game_warned;
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
    free(s->game_path);
    free(s);
}

void saver_result_free(saver_result *r)
{
    if (r) free(r->file);
    free(r);
}

/* Tell the main thread how job @p id of @p kind went (@p done, if not NULL,
 * has the text and record of an export or a read). */
static void post_result(saver *s, saver_kind kind, uint32_t id, bool ok, double ms,
                        const saver_result *done)
{
    saver_result *r = calloc(1, sizeof *r);
    if (!r) {
        SDL_Log("Couldn't allocate a save's result");
        return;
    }
    if (done) *r = *done;
    r->kind = kind;
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

/* A stamp no file has: the next look reads the file. */
static void forget_stamp(atomic_file_stamp *st)
{
    memset(st, 0, sizeof *st);
    st->size = -1;
}

/* Save the thread's job; @return how it went. */
static prefs_save_result save_job(saver *s, double *ms)
{
    Uint64 t0 = SDL_GetPerformanceCounter();
    /* One warning per session: a read-only directory would otherwise
     * complain at every change. */
    prefs_save_result r =
        s->path ? prefs_save_merged_result(s->path, &s->base, &s->job, s->warned ? NULL : s->warn)
                : PREFS_SAVED;
    if (r == PREFS_SAVED)
        s->base = s->job;
    else
        s->warned = true;
    /* The merge may have brought another window's changes in: the next
     * look reads the file again and compares it with the new base. */
    forget_stamp(&s->prefs_stamp);
    *ms =
        (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency();
    return r;
}

/* While the app quits, a save that another instance's lock held up is
 * tried again (the same snapshot, unless a newer one waits) until the
 * deadline: the last games must reach the file once the lock is free.
 * Under lock. */
static void retry_if_finishing(saver *s, saver_kind kind, uint32_t id)
{
    if (!s->finishing || SDL_GetTicks64() >= s->finish_deadline_ms) return;
    if (kind == SAVER_PREFS && s->last == PREFS_SAVE_BUSY && !s->has_pending) {
        s->pending = s->job;
        s->pending_id = id;
        s->has_pending = true;
    } else if (kind == SAVER_GAME && s->last_game == PREFS_SAVE_BUSY && !s->has_pending_game) {
        s->pending_game = s->game_job;
        s->pending_game_id = id;
        s->has_pending_game = true;
    }
}

static bool anything_pending(const saver *s)
{
    return s->has_pending || s->has_pending_game || s->queued > 0;
}

/* Save the game's snapshot; @return how it went. */
static prefs_save_result save_game_job(saver *s, double *ms)
{
    Uint64 t0 = SDL_GetPerformanceCounter();
    prefs_save_result r =
        gamefile_save_over(s->game_path, &s->game_job, s->has_known_game ? &s->known_game : NULL,
                           s->game_warned ? NULL : s->warn);
    if (r == PREFS_SAVED) {
        s->known_game = s->game_job;
        s->has_known_game = true;
        forget_stamp(&s->game_stamp);
    } else if (r != PREFS_SAVE_CONFLICT) {
        s->game_warned = true;
    }
    *ms =
        (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency();
    return r;
}

/* An export or a read; its result in @p out. */
static bool file_job(saver *s, saver_result *out)
{
    const saver_file_job *j = &s->file_job;
    memset(out, 0, sizeof *out);
    if (j->kind == SAVER_EXPORT)
        return gamefile_export(j->path, j->stamp, &j->rec, out->text, sizeof out->text);
    char why[RECORD_REASON_MAX + 32];
    gamefile_status st = gamefile_read(j->path, &out->rec, why, sizeof why);
    if (st == GAMEFILE_LOADED)
        snprintf(out->text, sizeof out->text, "%s", j->path);
    else
        snprintf(out->text, sizeof out->text, "%.700s: %s", j->path, why);
    return st == GAMEFILE_LOADED;
}

/* Take the next job (under lock): the settings first, then the game, then
 * the queue. @return its kind, its id in @p id. */
static saver_kind take_job(saver *s, uint32_t *id)
{
    if (s->has_pending) {
        s->job = s->pending;
        *id = s->pending_id;
        s->last_prefs_id = *id;
        s->has_pending = false;
        return SAVER_PREFS;
    }
    if (s->has_pending_game) {
        s->game_job = s->pending_game;
        *id = s->pending_game_id;
        s->last_game_id = *id;
        s->has_pending_game = false;
        return SAVER_GAME;
    }
    s->file_job = s->queue[0];
    *id = s->file_job.id;
    s->queued--;
    memmove(s->queue, s->queue + 1, (size_t)s->queued * sizeof s->queue[0]);
    return s->file_job.kind;
}

/* What the main thread adopted from the files (saver_rebase(),
 * saver_game_known()) becomes the thread's own. Under lock. */
static void take_adopted(saver *s)
{
    if (s->has_pending_base) {
        s->base = s->pending_base;
        s->has_pending_base = false;
    }
    if (s->has_pending_known) {
        s->known_game = s->pending_known;
        s->has_known_game = true;
        s->has_pending_known = false;
    }
}

/* Post what another window wrote: the settings file read back (copied),
 * or the game file's record. */
static void post_change(saver *s, saver_kind kind, uint32_t id, const prefs *file,
                        const record *rec)
{
    saver_result *r = calloc(1, sizeof *r);
    if (!r || (file && !(r->file = malloc(sizeof *r->file)))) {
        SDL_Log("Couldn't allocate what another window saved");
        free(r);
        return;
    }
    if (file) *r->file = *file;
    if (rec) r->rec = *rec;
    r->kind = kind;
    r->job_id = id;
    r->ok = true;
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = s->event_type;
    ev.user.type = s->event_type;
    ev.user.data1 = r;
    if (SDL_PushEvent(&ev) != 1) {
        SDL_Log("Couldn't post what another window saved: %s", SDL_GetError());
        saver_result_free(r);
    }
}

/* Look at the files for another window's writes (saver.h), between jobs:
 * a stamp (stat() on POSIX) first, the file read only when it changed.
 * Unlocked; @p prefs_id and @p game_id are the last jobs taken. */
static void watch(saver *s, uint32_t prefs_id, uint32_t game_id, bool prefs_ok)
{
    atomic_file_stamp now;
    if (s->path) {
        atomic_file_stamp_of(s->path, PREFS_MAX_FILE_BYTES, &now);
        if (!atomic_file_stamp_same(&now, &s->prefs_stamp)) {
            s->prefs_stamp = now;
            /* Only when this instance's last save went in: else the base
             * is behind what the app holds, and the next save merges. */
            if (prefs_ok && prefs_load(s->path, &s->loaded, NULL) == PREFS_LOADED &&
                !prefs_same(&s->loaded, &s->base))
                post_change(s, SAVER_PREFS_CHANGED, prefs_id, &s->loaded, NULL);
        }
    }
    if (s->game_path) {
        atomic_file_stamp_of(s->game_path, RECORD_MAX_BYTES, &now);
        if (!atomic_file_stamp_same(&now, &s->game_stamp)) {
            s->game_stamp = now;
            record r;
            char why[RECORD_REASON_MAX + 32];
            bool loaded = gamefile_read(s->game_path, &r, why, sizeof why) == GAMEFILE_LOADED;
            if (!loaded && !s->has_known_game) {
                /* No game there at the first look: an empty board is known,
                 * so another window's first game shows. */
                record_init(&s->known_game);
                s->has_known_game = true;
            }
            if (loaded) {
                char a[RECORD_TEXT_MAX], b[RECORD_TEXT_MAX];
                if (!s->has_known_game) { /* the first look: what this run started from */
                    s->known_game = r;
                    s->has_known_game = true;
                } else if (record_write(&r, a, sizeof a) == 0 ||
                           record_write(&s->known_game, b, sizeof b) == 0 || strcmp(a, b) != 0) {
                    post_change(s, SAVER_GAME_CHANGED, game_id, NULL, &r);
                }
            }
        }
    }
}

static int SDLCALL run_saver(void *data)
{
    saver *s = data;
    saver_result *done = calloc(1, sizeof *done); /* an export's or a read's result */
    lock(s);
    for (;;) {
        while (!anything_pending(s) && !s->quit) {
            take_adopted(s);
            if (s->watching) {
                /* Between jobs: another window's writes (see saver.h). */
                uint32_t prefs_id = s->last_prefs_id, game_id = s->last_game_id;
                bool prefs_ok = s->last == PREFS_SAVED;
                unlock(s);
                watch(s, prefs_id, game_id, prefs_ok);
                lock(s);
                take_adopted(s);
                if (anything_pending(s) || s->quit) break;
                /* A timed-out wait is the next look. */
                (void)SDL_CondWaitTimeout(s->wake, s->lock, SAVER_WATCH_MS);
            } else if (SDL_CondWait(s->wake, s->lock) != 0) {
                SDL_Log("Couldn't wait for a save: %s", SDL_GetError());
                break;
            }
        }
        take_adopted(s);
        if (!anything_pending(s)) break; /* quit, with everything saved */
        uint32_t id = 0;
        saver_kind kind = take_job(s, &id);
        s->busy = true;
        unlock(s);

        double ms = 0.0;
        bool ok = false;
        prefs_save_result r = PREFS_SAVED;
        if (kind == SAVER_PREFS) {
            r = save_job(s, &ms);
            ok = r == PREFS_SAVED;
        } else if (kind == SAVER_GAME) {
            r = save_game_job(s, &ms);
            ok = r == PREFS_SAVED;
        } else if (done) {
            ok = file_job(s, done);
        }

        lock(s);
        s->busy = false;
        if (kind == SAVER_PREFS) {
            s->last = r;
            /* Without a settings file (none this run, or a browser's
             * storage blocked) nothing was written. */
            if (s->path) s->saves++;
            if (ms > s->max_ms) s->max_ms = ms;
        } else if (kind == SAVER_GAME) {
            s->last_game = r;
            if (ms > s->max_ms) s->max_ms = ms;
        }
        if (s->abandoned) {
            /* Nobody waits any more: the main thread is on its way out. */
            unlock(s);
            free(done);
            free_saver(s);
            return 0;
        }
        const saver_result *extra = kind == SAVER_EXPORT || kind == SAVER_READ ? done : NULL;
        if (kind == SAVER_GAME && r == PREFS_SAVE_CONFLICT && done) {
            memset(done, 0, sizeof *done);
            done->conflict = true;
            extra = done;
        }
        post_result(s, kind, id, ok, ms, extra);
        retry_if_finishing(s, kind, id);
        if (!anything_pending(s) && SDL_CondBroadcast(s->idle) != 0)
            SDL_Log("Couldn't tell that the saves are done: %s", SDL_GetError());
    }
    unlock(s);
    free(done);
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
    forget_stamp(&s->prefs_stamp);
    forget_stamp(&s->game_stamp);
    if (base) s->base = *base;
    if (path) {
        size_t n = strlen(path) + 1;
        s->path = malloc(n);
        if (s->path) memcpy(s->path, path, n);
    }
    s->lock = SDL_CreateMutex();
    s->wake = SDL_CreateCond();
    s->idle = SDL_CreateCond();
    if ((path && !s->path) || !s->lock || !s->wake || !s->idle) {
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

void saver_set_game_file(saver *s, const char *path)
{
    char *copy = NULL;
    if (path) {
        size_t n = strlen(path) + 1;
        copy = malloc(n);
        if (!copy) {
            SDL_Log("Couldn't keep the game file's name");
            return;
        }
        memcpy(copy, path, n);
    }
    lock(s);
    free(s->game_path);
    s->game_path = copy;
    unlock(s);
}

void saver_submit_game(saver *s, const record *r, uint32_t job_id)
{
    lock(s);
    if (s->game_path) {
        s->pending_game = *r;
        s->pending_game_id = job_id;
        s->has_pending_game = true;
        if (SDL_CondSignal(s->wake) != 0) SDL_Log("Couldn't wake the saver: %s", SDL_GetError());
    }
    unlock(s);
}

/* Queue an export or a read; a full queue fails the job at once. */
static void submit_file_job(saver *s, const saver_file_job *job)
{
    lock(s);
    bool queued = s->queued < SAVER_QUEUE_MAX;
    if (queued) {
        s->queue[s->queued++] = *job;
        if (SDL_CondSignal(s->wake) != 0) SDL_Log("Couldn't wake the saver: %s", SDL_GetError());
    }
    unlock(s);
    if (!queued) {
        saver_result busy;
        memset(&busy, 0, sizeof busy);
        snprintf(busy.text, sizeof busy.text, "%s", job->path);
        post_result(s, job->kind, job->id, false, 0.0, &busy);
    }
}

void saver_submit_export(saver *s, const record *r, const char *dir, const char *stamp,
                         uint32_t job_id)
{
    saver_file_job *job = calloc(1, sizeof *job);
    if (!job) return;
    job->kind = SAVER_EXPORT;
    job->id = job_id;
    job->rec = *r;
    snprintf(job->path, sizeof job->path, "%s", dir);
    snprintf(job->stamp, sizeof job->stamp, "%s", stamp);
    submit_file_job(s, job);
    free(job);
}

void saver_submit_read(saver *s, const char *path, uint32_t job_id)
{
    saver_file_job *job = calloc(1, sizeof *job);
    if (!job) return;
    job->kind = SAVER_READ;
    job->id = job_id;
    snprintf(job->path, sizeof job->path, "%s", path);
    submit_file_job(s, job);
    free(job);
}

bool saver_finish(saver *s, Uint32 timeout_ms)
{
    Uint64 deadline = SDL_GetTicks64() + timeout_ms;
    lock(s);
    s->finishing = true;
    s->finish_deadline_ms = deadline;
    while (s->busy || anything_pending(s)) {
        Uint64 now = SDL_GetTicks64();
        if (now >= deadline) break;
        /* A timed-out wait is checked against the clock above. */
        (void)SDL_CondWaitTimeout(s->idle, s->lock, (Uint32)(deadline - now));
    }
    /* Given up: still saving, or still kept out by another instance's lock. */
    bool done = !s->busy && !anything_pending(s) && s->last != PREFS_SAVE_BUSY &&
                s->last_game != PREFS_SAVE_BUSY;
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
        s->has_pending_game = false;
        s->queued = 0;
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

void saver_watch(saver *s, bool on)
{
    lock(s);
    s->watching = on;
    if (SDL_CondSignal(s->wake) != 0) SDL_Log("Couldn't wake the saver: %s", SDL_GetError());
    unlock(s);
}

void saver_rebase(saver *s, const prefs *file)
{
    lock(s);
    s->pending_base = *file;
    s->has_pending_base = true;
    unlock(s);
}

void saver_game_known(saver *s, const record *r)
{
    lock(s);
    s->pending_known = *r;
    s->has_pending_known = true;
    unlock(s);
}
