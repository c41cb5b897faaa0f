/*
 * atomic_file_web.c - atomic_file.h in a web browser (Emscripten): a "file"
 * is one entry of the page's localStorage, and its lock is a Web Lock
 * (navigator.locks), so two tabs of the game take turns as two processes
 * do on the desktop. The browser's side is atomic_file_web.js.
 *
 * Why these (docs/web.md has the whole argument): localStorage is shared at
 * once by every tab of the site and one setItem() replaces a value whole,
 * so a reader finds the old text or the new one and never a part, whatever
 * happens to the page meanwhile (a reload, a closed tab); a Web Lock is
 * let go by the browser when its page goes away, so a reloaded tab never
 * leaves the other waiting. Neither is reachable from a worker, where the
 * settings saver's thread runs: atomic_file_web.js marks its functions
 * "proxied", so Emscripten runs them on the page's main thread, between two
 * frames, and the saver's thread waits for them. What the main thread does
 * there is only copy at most PREFS_MAX_FILE_BYTES into or out of the
 * storage's map; the lock's wait, the merge and the text stay on the
 * saver's thread.
 *
 * The text is stored byte for byte (one UTF-16 unit per byte), so what is
 * read back is exactly what was written, whatever its encoding.
 */
#include "atomic_file.h"

#include <emscripten/threading.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

/* What the storage calls in atomic_file_web.js return. */
enum {
    WEB_STORAGE_OK = 0,
    WEB_STORAGE_MISSING = 1,     /* No such entry. */
    WEB_STORAGE_TOO_LARGE = 2,   /* Longer than the caller's limit. */
    WEB_STORAGE_UNAVAILABLE = 3, /* The page may not use its storage (blocked, private mode...). */
    WEB_STORAGE_FULL = 4,        /* The site's storage quota is used up. */
    WEB_STORAGE_NO_MEMORY = 5
};

/* The lock's state word, written by the page's side (see below). */
enum { WEB_LOCK_WAITING = 0, WEB_LOCK_HELD = 1, WEB_LOCK_FAILED = 2 };

/* atomic_file_web.js; each runs on the page's main thread (proxied). */
extern int ttt_web_storage_read(const char *key, int max_bytes, char **text, int *len);
extern int ttt_web_storage_write(const char *key, const char *text, int len);
extern int ttt_web_lock_request(const char *name, _Atomic int *state);
extern int ttt_web_lock_cancel(int id);
extern void ttt_web_lock_release(int id);

/* The storage entry of a path, and the lock of one. */
#define WEB_KEY_PREFIX "ttt-file:"

static char *storage_key(const char *path)
{
    return atomic_file__join(WEB_KEY_PREFIX, path);
}

atomic_file_read_status atomic_file_read(const char *path, size_t max_bytes, char **text,
                                         atomic_file_error *e)
{
    *text = NULL;
    char *key = storage_key(path);
    if (!key) {
        atomic_file__fail(e, N_("out of memory"), 0);
        return ATOMIC_FILE_UNREADABLE;
    }
    char *got = NULL;
    int len = 0;
    int limit = max_bytes > (size_t)0x7fffffff ? 0x7fffffff : (int)max_bytes;
    int st = ttt_web_storage_read(key, limit, &got, &len);
    free(key);
    switch (st) {
    case WEB_STORAGE_OK: break;
    case WEB_STORAGE_MISSING:
        atomic_file__fail(e, N_("cannot read it"), ENOENT);
        return ATOMIC_FILE_MISSING;
    case WEB_STORAGE_TOO_LARGE: return ATOMIC_FILE_TOO_LARGE;
    case WEB_STORAGE_NO_MEMORY:
        atomic_file__fail(e, N_("out of memory"), 0);
        return ATOMIC_FILE_UNREADABLE;
    default:
        /* The page may not use its storage: reported as a file the user may
         * not read (EACCES), with the messages the catalogues have. */
        atomic_file__fail(e, N_("cannot read it"), EACCES);
        return ATOMIC_FILE_UNREADABLE;
    }
    /* A NUL inside ends the text there, as with a file. */
    size_t n = strnlen(got, (size_t)len);
    got[n] = '\0';
    *text = got;
    return ATOMIC_FILE_READ;
}

char *atomic_file_target(const char *path, atomic_file_error *e)
{
    /* No links in a storage map: the entry is the path's own. */
    char *copy = atomic_file__join(path, "");
    if (!copy) atomic_file__fail(e, N_("out of memory"), 0);
    return copy;
}

bool atomic_file_lock_take(const char *target, const char *suffix, int wait_ms,
                           atomic_file_lock *lock, atomic_file_error *e)
{
    /* The lock is granted by the page's event loop, which a wait on the
     * main thread would stop: only a worker (the saver's thread) waits. */
    if (emscripten_is_main_browser_thread()) {
        e->busy = true;
        return atomic_file__fail(e, N_("another instance holds the lock"), 0);
    }
    char *key = storage_key(target);
    char *name = key ? atomic_file__join(key, suffix) : NULL;
    free(key);
    if (!name) return atomic_file__fail(e, N_("out of memory"), 0);
    /* The page's side sets the state and wakes this wait when the lock is
     * granted (or refused); after ttt_web_lock_cancel() it never touches it
     * again, so a word on this stack will do. */
    _Atomic int state = WEB_LOCK_WAITING;
    int id = ttt_web_lock_request(name, &state);
    free(name);
    if (id < 0) return atomic_file__fail(e, N_("out of memory"), 0);
    if (id == 0) {
        /* No Web Locks (an old browser, or a page not served over HTTPS or
         * from localhost): this tab's saves still take turns (one saver),
         * and two tabs saving in the same few milliseconds are not. */
        lock->handle = 0;
        return true;
    }
    double deadline = emscripten_get_now() + (double)wait_ms;
    for (;;) {
        int now_state = atomic_load(&state);
        if (now_state != WEB_LOCK_WAITING) break;
        double left = deadline - emscripten_get_now();
        if (left <= 0.0) break;
        emscripten_futex_wait((volatile void *)&state, WEB_LOCK_WAITING, left);
    }
    if (atomic_load(&state) == WEB_LOCK_HELD || ttt_web_lock_cancel(id)) {
        /* Granted, possibly at the last moment (the cancel found it held). */
        lock->handle = id;
        return true;
    }
    if (atomic_load(&state) == WEB_LOCK_FAILED)
        return atomic_file__fail(e, "cannot lock the file", 0);
    e->busy = true;
    return atomic_file__fail(e, N_("another instance holds the lock"), 0);
}

void atomic_file_lock_drop(atomic_file_lock *lock)
{
    if (lock->handle > 0) ttt_web_lock_release((int)lock->handle);
    lock->handle = -1;
}

bool atomic_file_replace(const char *target, const char *text, size_t len, const char *temp_suffix,
                         atomic_file_error *e)
{
    /* One setItem() replaces the entry whole: no temporary entry needed. */
    (void)temp_suffix;
    if (len > 0x7fffffff) return atomic_file__fail(e, N_("cannot write the temporary file"), EFBIG);
    char *key = storage_key(target);
    if (!key) return atomic_file__fail(e, N_("out of memory"), 0);
    int st = ttt_web_storage_write(key, text, (int)len);
    free(key);
    switch (st) {
    case WEB_STORAGE_OK: return true;
    case WEB_STORAGE_FULL: return atomic_file__fail(e, N_("cannot replace the file"), ENOSPC);
    case WEB_STORAGE_NO_MEMORY: return atomic_file__fail(e, N_("out of memory"), 0);
    default: return atomic_file__fail(e, N_("cannot replace the file"), EACCES);
    }
}

bool atomic_file_make_dir(const char *path, atomic_file_error *e)
{
    /* The storage's keys are whole paths: there are no folders to make. */
    (void)path;
    (void)e;
    return true;
}

void atomic_file_stamp_of(const char *path, size_t max_bytes, atomic_file_stamp *out)
{
    atomic_file__content_stamp(path, max_bytes, out);
}
