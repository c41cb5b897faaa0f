/*
 * atomic_file_win32.c - atomic_file.h on Windows: LockFileEx on the lock
 * file, a flushed (_commit) temporary file moved over the target with
 * MoveFileEx(REPLACE_EXISTING | WRITE_THROUGH). Links are not followed.
 * Built instead of atomic_file_posix.c when CMake targets Windows (MinGW-w64).
 */
#include "atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <io.h>
#include <windows.h>

#include "clock.h"
#include "i18n.h"
#include "lock_timing.h"

atomic_file_read_status atomic_file_read(const char *path, size_t max_bytes, char **text,
                                         atomic_file_error *e)
{
    *text = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        atomic_file__fail(e, N_("cannot read it"), errno);
        return errno == ENOENT ? ATOMIC_FILE_MISSING : ATOMIC_FILE_UNREADABLE;
    }
    struct _stat st;
    if (_fstat(_fileno(f), &st) != 0 || (st.st_mode & _S_IFMT) != _S_IFREG) {
        fclose(f);
        atomic_file__fail(e, N_("not a regular file"), 0);
        return ATOMIC_FILE_UNREADABLE;
    }
    return atomic_file__read_stream(f, (long long)st.st_size, max_bytes, text, e);
}

char *atomic_file_target(const char *path, atomic_file_error *e)
{
    char *s = atomic_file__join(path, "");
    if (!s) atomic_file__fail(e, N_("out of memory"), 0);
    return s;
}

bool atomic_file_lock_take(const char *target, const char *suffix, int wait_ms,
                           atomic_file_lock *lock, atomic_file_error *e)
{
    char *name = atomic_file__join(target, suffix);
    if (!name) return atomic_file__fail(e, N_("out of memory"), 0);
    HANDLE h = CreateFileA(name, GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                           NULL, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
    free(name);
    if (h == INVALID_HANDLE_VALUE)
        return atomic_file__fail(e, N_("cannot create the lock file"), 0);
    OVERLAPPED ov;
    memset(&ov, 0, sizeof ov);
    /* The wait on the clock, not counted in polls (Sleep overshoots on a
     * busy machine), as in atomic_file_posix.c. */
    const uint64_t start_us = game_clock_us();
    for (;;) {
        if (LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ov)) {
            lock->handle = (intptr_t)h;
            return true;
        }
        if (game_clock_us() - start_us >= (uint64_t)wait_ms * LOCK_US_PER_MS) break;
        Sleep(LOCK_POLL_MS);
    }
    CloseHandle(h);
    e->busy = true;
    return atomic_file__fail(e, N_("another instance holds the lock"), 0);
}

void atomic_file_lock_drop(atomic_file_lock *lock)
{
    HANDLE h = (HANDLE)lock->handle;
    OVERLAPPED ov;
    memset(&ov, 0, sizeof ov);
    UnlockFileEx(h, 0, 1, 0, &ov);
    CloseHandle(h);
    lock->handle = (intptr_t)INVALID_HANDLE_VALUE;
}

bool atomic_file_replace(const char *target, const char *text, size_t len, const char *temp_suffix,
                         atomic_file_error *e)
{
    struct _stat st;
    if (_stat(target, &st) == 0) {
        if ((st.st_mode & _S_IFMT) != _S_IFREG)
            return atomic_file__fail(e, N_("not a regular file"), 0);
        if (!(st.st_mode & _S_IWRITE)) return atomic_file__fail(e, N_("the file is read-only"), 0);
    }
    /* One name is enough: only the lock holder writes it. */
    char *tmp = atomic_file__join(target, temp_suffix);
    if (!tmp) return atomic_file__fail(e, N_("out of memory"), 0);
    bool ok = false;
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        atomic_file__fail(e, N_("cannot create the temporary file"), errno);
    } else {
        bool written = fwrite(text, 1, len, f) == len && fflush(f) == 0 && _commit(_fileno(f)) == 0;
        int err = errno;
        if (fclose(f) != 0 && written) {
            written = false;
            err = errno;
        }
        if (!written)
            atomic_file__fail(e, N_("cannot write the temporary file"), err);
        else if (!MoveFileExA(tmp, target, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
            atomic_file__fail(e, N_("cannot replace the file"), 0);
        else
            ok = true;
        if (!ok) remove(tmp);
    }
    free(tmp);
    return ok;
}

char *atomic_file_capture(void (*write_text)(const void *arg, FILE *out), const void *arg,
                          size_t *len)
{
    /* No open_memstream: a temporary file, read back. */
    FILE *f = tmpfile();
    if (!f) return NULL;
    write_text(arg, f);
    long size = ftell(f);
    char *buf = size >= 0 ? malloc((size_t)size + 1) : NULL;
    bool ok = buf && fseek(f, 0, SEEK_SET) == 0 && fread(buf, 1, (size_t)size, f) == (size_t)size;
    fclose(f);
    if (!ok) {
        free(buf);
        return NULL;
    }
    buf[size] = '\0';
    *len = (size_t)size;
    return buf;
}

bool atomic_file_make_dir(const char *path, atomic_file_error *e)
{
    if (CreateDirectoryA(path, NULL)) return true;
    DWORD err = GetLastError();
    DWORD attributes = GetFileAttributesA(path);
    if (err == ERROR_ALREADY_EXISTS && attributes != INVALID_FILE_ATTRIBUTES &&
        (attributes & FILE_ATTRIBUTE_DIRECTORY))
        return true;
    return atomic_file__fail(e, N_("cannot make the folder"), 0);
}

void atomic_file_stamp_of(const char *path, size_t max_bytes, atomic_file_stamp *out)
{
    atomic_file__content_stamp(path, max_bytes, out);
}
