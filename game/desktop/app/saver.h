/*
 * saver.h - the settings file's own thread, so the render loop never waits
 * on the disk or on another instance's lock.
 *
 * A save takes the lock (waiting up to PREFS_LOCK_WAIT_MS for another
 * window), reads the file again, merges, writes a temporary file, fsyncs it,
 * renames it and fsyncs the directory (prefs_save_merged(), prefs.h): from
 * 1 ms to 5 s. The main thread only copies a snapshot of what the file
 * should get (a prefs: the settings chosen in the menu, the scores, the
 * window, the unknown keys) into the saver with a job id; the saver's thread
 * saves it and posts a saver_result back as an SDL user event
 * (event.user.data1), which the main thread frees with saver_result_free().
 *
 * Coalescing: one save runs at a time. A snapshot handed in while one runs
 * waits in the one pending slot, and a newer snapshot replaces it there: each
 * snapshot holds everything, so the latest is the one worth writing next.
 *
 * The base: a save adds to the file what changed between the last snapshot
 * this instance got into it and the new one (prefs_save_merged()'s base and
 * mine). That base belongs to the saver's thread: a successful save makes it
 * the snapshot saved; a failed one leaves it, so the next snapshot carries
 * the changes that did not get in, as before the thread (nothing is lost,
 * and a failure is warned about once per session on the saver's stream).
 *
 * Locking protocol, as in worker.c: everything shared is under `lock`; the
 * thread moves the pending snapshot to its own copy under the lock, saves
 * unlocked, then marks itself idle and signals `idle` under the lock.
 *
 * Usage (SDL's events initialised):
 *     saver *s = saver_create(event_type, path, &loaded, stderr);
 *     saver_submit(s, &now, ++job);          // returns at once
 *     ... SDL_Event of event_type: saver_result *r = ev.user.data1; ...
 *     if (!saver_finish(s, 12000)) { ... gave up waiting ... }
 *     saver_destroy(s);
 */
#ifndef GAME_SAVER_H
#define GAME_SAVER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <SDL.h>

#include "prefs.h"
#include "record.h"

/** What a job was. */
typedef enum saver_kind {
    SAVER_PREFS = 0,     /**< The settings file (saver_submit()). */
    SAVER_GAME,          /**< The game file (saver_submit_game()). */
    SAVER_EXPORT,        /**< A record exported (saver_submit_export()). */
    SAVER_READ,          /**< A record read (saver_submit_read()). */
    SAVER_PREFS_CHANGED, /**< Another window wrote the settings file (saver_watch()):
                              `file` holds it, `job_id` the last settings job taken. */
    SAVER_GAME_CHANGED   /**< Another window wrote the game file (saver_watch()): `rec`
                              holds it, `job_id` the last game job taken. */
} saver_kind;

/** Room for a path or a message in a result. */
#define SAVER_TEXT_MAX 1024

/** What comes back for one job. */
typedef struct saver_result {
    uint32_t job_id; /**< The job's id as given when it was handed in. */
    saver_kind kind;
    bool ok;        /**< Saved (merged, for the settings), exported, or read as a record. */
    double save_ms; /**< Time the job took on the saver's thread (the lock wait included). */
    bool conflict;  /**< SAVER_GAME: not written, another window's game in progress is there. */
    /** SAVER_EXPORT: the file written, or why not; SAVER_READ: the file's
     *  name, then why it is no record when it is not. */
    char text[SAVER_TEXT_MAX];
    record rec;  /**< SAVER_READ: the record read (ok); SAVER_GAME_CHANGED: the file's. */
    prefs *file; /**< SAVER_PREFS_CHANGED: the settings file as another window left it
                      (owned by the result); NULL otherwise. */
} saver_result;

typedef struct saver saver;

/**
 * Start the saver's thread for the settings file @p path (copied; NULL: no
 * settings file, only the other jobs). @p base is what the
 * file got from this instance so far (what it loaded; copied). Failures of
 * saves are warned about on @p warn, the first one only (NULL: silent).
 * Results are posted as events of @p event_type (from SDL_RegisterEvents).
 * @return NULL on failure (logged).
 */
saver *saver_create(Uint32 event_type, const char *path, const prefs *base, FILE *warn);

/**
 * Hand in @p snapshot (copied) to be saved with id @p job_id: started at
 * once when the thread is idle, else written after the save running now,
 * replacing any snapshot still waiting. Never waits for the disk.
 */
void saver_submit(saver *s, const prefs *snapshot, uint32_t job_id);

/** The game file the game's snapshots go to (copied; NULL: none). Set it
 *  before the first saver_submit_game(). */
void saver_set_game_file(saver *s, const char *path);

/**
 * Hand in the game's record @p r (copied) for the game file, with id
 * @p job_id; like saver_submit(), a newer snapshot replaces one waiting.
 * Nothing happens without a game file.
 */
void saver_submit_game(saver *s, const record *r, uint32_t job_id);

/** Export @p r as a new file in @p dir named after @p stamp
 *  (gamefile_export()); jobs queue, at most SAVER_QUEUE_MAX (more fail at
 *  once). The result says where it went. */
void saver_submit_export(saver *s, const record *r, const char *dir, const char *stamp,
                         uint32_t job_id);

/** Read the record in @p path (gamefile_read()); queued like exports. */
void saver_submit_read(saver *s, const char *path, uint32_t job_id);

/** How often the saver looks at the files for another window's writes
 *  (saver_watch()), in milliseconds. */
#define SAVER_WATCH_MS 1000

/**
 * Look (@p on) or not for another window's (another process's, another
 * browser tab's) writes to the settings file and the game file: between
 * jobs, every SAVER_WATCH_MS, on the saver's thread, a stamp of each file
 * (atomic_file_stamp_of(): stat() on POSIX), the file read only when the
 * stamp changed. A settings file that differs from what this instance last
 * saved or adopted comes as a SAVER_PREFS_CHANGED result (only while this
 * instance's last save went in); a game file whose record differs from the
 * one this instance last wrote or adopted as SAVER_GAME_CHANGED. The main
 * thread adopts them or not: saver_rebase(), saver_game_known().
 *
 * The game file is also guarded: a game snapshot is written only when the
 * file holds the game this instance knows (last written or adopted), its
 * own snapshot, or no game in progress (gamefile_save_over()); otherwise
 * the SAVER_GAME result says PREFS_SAVE_CONFLICT in `conflict` and nothing
 * is written: the other window's game in progress is not lost.
 */
void saver_watch(saver *s, bool on);

/**
 * The app took @p file (a SAVER_PREFS_CHANGED's) as its settings and
 * scores: the base of the next merge becomes it, before the next snapshot
 * handed in (call this before any saver_submit() that builds on it).
 */
void saver_rebase(saver *s, const prefs *file);

/** The app took @p r (a SAVER_GAME_CHANGED's) as its game: the game file's
 *  known record becomes it, before the next game snapshot. */
void saver_game_known(saver *s, const record *r);

/** Exports and reads waiting at most. */
#define SAVER_QUEUE_MAX 4

/**
 * Wait until every job handed in has been done or has failed, at most
 * @p timeout_ms (the app quits after it). Meanwhile a save that another
 * instance's lock kept out (PREFS_SAVE_BUSY) is tried again, so the last
 * changes reach the file once the lock is free. @return true when the
 * saver is done: the last snapshot saved, or failed for a reason trying
 * again would not help (warned about); false when it gave up, still saving
 * or still kept out by the lock.
 */
bool saver_finish(saver *s, Uint32 timeout_ms);

/** The longest save so far, in milliseconds, and how many saves of the
 *  settings file ran (none without a settings file). */
void saver_stats(saver *s, double *max_ms, unsigned long *saves);

/**
 * Stop the thread and free everything. An idle saver's thread is joined; if
 * a save is still running (saver_finish() gave up) the thread is left to end
 * that save on its own and free the saver (the snapshot waiting is dropped,
 * and nothing more is posted). Results already posted stay in the queue:
 * drain them with saver_drain_events() before SDL_Quit. NULL is ignored.
 */
void saver_destroy(saver *s);

/** Free a result taken from an event. NULL is ignored. */
void saver_result_free(saver_result *r);

/** Remove and free every queued result event of @p event_type. */
void saver_drain_events(Uint32 event_type);

#endif /* GAME_SAVER_H */
