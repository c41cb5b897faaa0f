/*
 * atomic_file_posix.c - atomic_file.h on POSIX systems (Linux, the BSDs,
 * macOS): fcntl locks, mkstemp + fsync + rename + fsync of the directory,
 * symbolic links followed to the file they name.
 */
#if !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* fsync, readlink, lstat, mkstemp */
#endif

#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "i18n.h"
#include "lock_timing.h"

/* Links followed at most (as the kernel's ELOOP limit). */
#define MAX_LINK_DEPTH 40

atomic_file_read_status atomic_file_read(const char *path, size_t max_bytes, char **text,
                                         atomic_file_error *e)
{
    *text = NULL;
    /* O_NONBLOCK: opening a FIFO with no writer would otherwise wait for one. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        atomic_file__fail(e, N_("cannot read it"), errno);
        return errno == ENOENT ? ATOMIC_FILE_MISSING : ATOMIC_FILE_UNREADABLE;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        atomic_file__fail(e, N_("not a regular file"), 0);
        return ATOMIC_FILE_UNREADABLE;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        atomic_file__fail(e, N_("cannot read it"), errno);
        close(fd);
        return ATOMIC_FILE_UNREADABLE;
    }
    return atomic_file__read_stream(f, (long long)st.st_size, max_bytes, text, e);
}

char *atomic_file_target(const char *path, atomic_file_error *e)
{
    char *cur = atomic_file__join(path, "");
    if (!cur) {
        atomic_file__fail(e, N_("out of memory"), 0);
        return NULL;
    }
    for (int depth = 0;; depth++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) return cur;
        if (depth == MAX_LINK_DEPTH) {
            free(cur);
            atomic_file__fail(e, N_("too many levels of symbolic links"), ELOOP);
            return NULL;
        }
        size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
        char *link = malloc(cap);
        ssize_t n = link ? readlink(cur, link, cap) : -1;
        if (n < 0 || (size_t)n >= cap) {
            int err = link ? errno : 0;
            free(link);
            free(cur);
            atomic_file__fail(e, link ? N_("cannot read the symbolic link") : N_("out of memory"),
                              err);
            return NULL;
        }
        link[n] = '\0';
        char *next;
        const char *slash = strrchr(cur, '/');
        if (link[0] == '/' || !slash) {
            next = link;
        } else {
            /* Relative to the link's own directory. */
            cur[slash - cur + 1] = '\0';
            next = atomic_file__join(cur, link);
            free(link);
            if (!next) {
                free(cur);
                atomic_file__fail(e, N_("out of memory"), 0);
                return NULL;
            }
        }
        free(cur);
        cur = next;
    }
}

bool atomic_file_lock_take(const char *target, const char *suffix, int wait_ms,
                           atomic_file_lock *lock, atomic_file_error *e)
{
    char *name = atomic_file__join(target, suffix);
    if (!name) return atomic_file__fail(e, N_("out of memory"), 0);
    int fd = open(name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
    int err = errno;
    free(name);
    if (fd < 0) return atomic_file__fail(e, N_("cannot create the lock file"), err);
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    /* Polled rather than F_SETLKW, so a stuck instance cannot hang this one.
     * The wait is measured on the clock, not counted in polls: on a busy
     * machine each pause overshoots, and 500 pauses took well over 5 s. */
    const struct timespec pause = {0, LOCK_POLL_MS * LOCK_NS_PER_MS};
    const uint64_t start_us = game_clock_us();
    for (;;) {
        if (fcntl(fd, F_SETLK, &fl) == 0) {
            lock->handle = fd;
            return true;
        }
        if ((errno != EACCES && errno != EAGAIN && errno != EINTR) ||
            game_clock_us() - start_us >= (uint64_t)wait_ms * LOCK_US_PER_MS)
            break;
        nanosleep(&pause, NULL);
    }
    err = errno;
    close(fd);
    e->busy = err == EACCES || err == EAGAIN;
    return atomic_file__fail(e,
                             err == EACCES || err == EAGAIN ? N_("another instance holds the lock")
                                                            : "cannot lock the file",
                             err);
}

void atomic_file_lock_drop(atomic_file_lock *lock)
{
    close((int)lock->handle); /* releases the fcntl lock */
    lock->handle = -1;
}

/* The directory part of @p path ("." when it has none), malloc'd. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash) return atomic_file__join(".", "");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (!d) return NULL;
    memcpy(d, path, n);
    d[n] = '\0';
    return d;
}

/* Write all of @p text to @p fd. */
static bool write_all(int fd, const char *text, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, text, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = EIO;
            return false;
        }
        text += n;
        len -= (size_t)n;
    }
    return true;
}

/* The mkstemp() template for @p target: TARGET, @p suffix, "-XXXXXX";
 * malloc'd, or NULL. */
static char *temp_name(const char *target, const char *suffix)
{
    static const char unique[] = "-XXXXXX";
    size_t nt = strlen(target), ns = strlen(suffix);
    char *name = malloc(nt + ns + sizeof unique);
    if (!name) return NULL;
    memcpy(name, target, nt);
    memcpy(name + nt, suffix, ns);
    memcpy(name + nt + ns, unique, sizeof unique);
    return name;
}

/* The permission bits a replacement of @p target gets: the target's own,
 * or for a new file 0666 less the umask; false (with the reason) when the
 * target must not be replaced. */
static bool replacement_mode(const char *target, mode_t *mode, atomic_file_error *e)
{
    struct stat st;
    if (stat(target, &st) == 0) {
        if (!S_ISREG(st.st_mode)) return atomic_file__fail(e, N_("not a regular file"), 0);
        /* Root may write anything: the bits, not access(), say read-only. */
        if ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0)
            return atomic_file__fail(e, N_("the file is read-only"), 0);
        *mode = st.st_mode & 07777;
        return true;
    }
    mode_t mask = umask(0);
    umask(mask);
    *mode = 0666 & ~mask;
    return true;
}

bool atomic_file_replace(const char *target, const char *text, size_t len, const char *temp_suffix,
                         atomic_file_error *e)
{
    mode_t mode = 0;
    if (!replacement_mode(target, &mode, e)) return false;
    char *tmp = temp_name(target, temp_suffix);
    char *dir = dir_of(target);
    if (!tmp || !dir) {
        free(tmp);
        free(dir);
        return atomic_file__fail(e, N_("out of memory"), 0);
    }
    bool ok = false;
    int fd = mkstemp(tmp);
    if (fd < 0) {
        atomic_file__fail(e, N_("cannot create the temporary file"), errno);
    } else {
        bool written = fchmod(fd, mode) == 0 && write_all(fd, text, len) && fsync(fd) == 0;
        int err = errno;
        if (close(fd) != 0 && written) {
            written = false;
            err = errno;
        }
        if (!written) {
            atomic_file__fail(e, N_("cannot write the temporary file"), err);
        } else if (rename(tmp, target) != 0) {
            atomic_file__fail(e, N_("cannot replace the file"), errno);
        } else {
            ok = true;
            /* The rename is done; a directory that cannot be synced only
             * weakens the guarantee against a power cut, so it is not a
             * failure (some file systems refuse fsync on directories). */
            int dfd = open(dir, O_RDONLY | O_CLOEXEC);
            if (dfd >= 0) {
                (void)fsync(dfd);
                close(dfd);
            }
        }
        if (!ok) unlink(tmp);
    }
    free(tmp);
    free(dir);
    return ok;
}

bool atomic_file_make_dir(const char *path, atomic_file_error *e)
{
    if (mkdir(path, 0777) == 0) return true;
    struct stat st;
    if (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return true;
    return atomic_file__fail(e, N_("cannot make the folder"), errno);
}

void atomic_file_stamp_of(const char *path, size_t max_bytes, atomic_file_stamp *out)
{
    (void)max_bytes; /* nothing is read */
    memset(out, 0, sizeof *out);
    struct stat st;
    if (stat(path, &st) != 0) return;
    out->exists = true;
    out->size = (long long)st.st_size;
    out->mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL + (long long)st.st_mtim.tv_nsec;
    out->id = (uint64_t)st.st_ino;
}
