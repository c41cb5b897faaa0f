/*
 * atomic_file.h - a small file that several processes read and replace:
 * readers always find a whole old or new version, writers take turns under
 * an advisory lock, and a replacement survives a crash or a power cut.
 *
 * One header, one implementation per platform, chosen by CMake:
 *   atomic_file_posix.c   open/mkstemp/fsync/rename, fcntl locks, symlinks followed
 *   atomic_file_win32.c   _commit and MoveFileEx(REPLACE_EXISTING | WRITE_THROUGH),
 *                         LockFileEx
 * so the settings file's format and merge (prefs_format.c, prefs_merge.c)
 * hold no platform code. No SDL here.
 *
 * A save, as prefs_merge.c does it:
 *
 *     atomic_file_error e = {NULL, 0, false};
 *     char *target = atomic_file_target(path, &e);   // the file a link points to
 *     atomic_file_lock lock;
 *     if (target && atomic_file_lock_take(target, ".lock", 5000, &lock, &e)) {
 *         ... atomic_file_read(target, ...), merge ...
 *         ok = atomic_file_replace(target, text, len, ".tmp", &e);
 *         atomic_file_lock_drop(&lock);
 *     }
 *     if (!ok) warn(_(e.why), e.err);
 *     free(target);
 *
 * Errors: every function that can fail fills an atomic_file_error with a
 * reason marked for translation (N_(), translated by the caller with _())
 * and the system's errno (0 when there is none). Thread safety: no shared
 * state; distinct calls may run on distinct threads (the game saves on a
 * thread of its own).
 */
#ifndef GAME_ATOMIC_FILE_H
#define GAME_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/** Why a call failed. */
typedef struct atomic_file_error {
    const char *why; /**< English, marked N_(): translate with _() to show it. */
    int err;         /**< errno, or 0. */
    bool busy;       /**< atomic_file_lock_take(): another process held the lock all along
                          (worth trying again later, unlike the other failures). */
} atomic_file_error;

/** What atomic_file_read() found. */
typedef enum atomic_file_read_status {
    ATOMIC_FILE_READ = 0,    /**< Read: *text holds the whole file. */
    ATOMIC_FILE_MISSING = 1, /**< No such file. */
    ATOMIC_FILE_UNREADABLE =
        2, /**< There, but not a regular file, or a read error (see the error). */
    ATOMIC_FILE_TOO_LARGE = 3 /**< Longer than the caller's limit. */
} atomic_file_read_status;

/** A lock taken with atomic_file_lock_take(); plain data. */
typedef struct atomic_file_lock {
    intptr_t handle; /**< The lock file's descriptor (POSIX) or HANDLE (Windows). */
} atomic_file_lock;

/**
 * Read all of @p path, at most @p max_bytes, into a malloc'd, NUL-terminated
 * @p *text (a NUL inside the file ends the text there). Anything but a
 * regular file is refused before a byte is read, and never blocks: a FIFO
 * with no writer is opened without waiting, then refused. @p *text is NULL
 * unless ATOMIC_FILE_READ.
 */
atomic_file_read_status atomic_file_read(const char *path, size_t max_bytes, char **text,
                                         atomic_file_error *e);

/**
 * The file a save of @p path replaces, malloc'd: @p path itself, or when it
 * is a symbolic link (a chain of them, relative or absolute) the file it
 * finally points to, so the link is kept and its target gets the new text;
 * a dangling link gives its target. (Windows: @p path.) NULL on failure.
 */
char *atomic_file_target(const char *path, atomic_file_error *e);

/**
 * Take the advisory lock on @p target followed by @p suffix (a file created
 * for it if missing, and left in place), waiting at most @p wait_ms for
 * another process to let it go: polled, so a stuck holder cannot hang the
 * caller. @return true with @p lock held; false, with the reason, otherwise.
 */
bool atomic_file_lock_take(const char *target, const char *suffix, int wait_ms,
                           atomic_file_lock *lock, atomic_file_error *e);

/** Let the lock go (closing its file). */
void atomic_file_lock_drop(atomic_file_lock *lock);

/**
 * Replace @p target with the @p len bytes of @p text: written to a new
 * temporary file beside it (named @p target, @p temp_suffix and on POSIX a
 * unique part), flushed to the disk, moved over @p target, and on POSIX the
 * directory synced too, so the rename itself survives a power cut. The
 * permission bits are kept (a new file gets 0666 less the umask); a target
 * without any write permission bit is read-only and is not replaced; one
 * that is not a regular file is refused. On failure the temporary file is
 * removed and @p target is untouched. Take the lock first.
 */
bool atomic_file_replace(const char *target, const char *text, size_t len, const char *temp_suffix,
                         atomic_file_error *e);

/** What a file looks like from outside, to notice another process's
 *  writes without reading it: plain data, compared with
 *  atomic_file_stamp_same(). */
typedef struct atomic_file_stamp {
    bool exists;
    long long size;
    long long mtime_ns; /**< POSIX: the modification time; elsewhere 0. */
    uint64_t id;        /**< POSIX: the inode (a replacement is a new file); elsewhere a
                             hash of the content. */
} atomic_file_stamp;

/**
 * The stamp of @p path into @p out: on POSIX from stat() alone (size,
 * modification time, inode: atomic_file_replace() makes a new inode every
 * time, so a replacement within the clock's resolution still shows); on
 * Windows and in the browser from the content (at most @p max_bytes read,
 * hashed). A missing or unreadable file gives exists false. Never blocks on
 * a FIFO.
 */
void atomic_file_stamp_of(const char *path, size_t max_bytes, atomic_file_stamp *out);

/** Are @p a and @p b the same stamp (the file unchanged between them)? */
bool atomic_file_stamp_same(const atomic_file_stamp *a, const atomic_file_stamp *b);

/**
 * Make the directory @p path (its parent must exist); one that exists
 * already is fine. @return true when it is there.
 */
bool atomic_file_make_dir(const char *path, atomic_file_error *e);

/**
 * What @p write prints for @p arg, as a malloc'd NUL-terminated string of
 * *len bytes (POSIX: a memory stream; Windows: a temporary file read back),
 * or NULL when out of memory.
 */
char *atomic_file_capture(void (*write)(const void *arg, FILE *out), const void *arg, size_t *len);

/* ------------------------------------------------------------------------- */
/* For the implementations only (atomic_file.c, shared by both platforms)    */
/* ------------------------------------------------------------------------- */

/** Fill @p e and return false. */
bool atomic_file__fail(atomic_file_error *e, const char *why, int err);

/** @p a followed by @p b in a malloc'd string, or NULL. */
char *atomic_file__join(const char *a, const char *b);

/** atomic_file_stamp_of() from the content (Windows, the browser). */
void atomic_file__content_stamp(const char *path, size_t max_bytes, atomic_file_stamp *out);

/** The rest of atomic_file_read() once @p f, a regular file of @p size
 *  bytes, is open: the size check and the read. Closes @p f. */
atomic_file_read_status atomic_file__read_stream(FILE *f, long long size, size_t max_bytes,
                                                 char **text, atomic_file_error *e);

#endif /* GAME_ATOMIC_FILE_H */
