/*
 * fault_shim.c - the wrapped allocation and I/O functions (see
 * fault_shim.h). Each __wrap_X counts its call and either fails it, when
 * it is the armed one, or calls the real X (__real_X, which the linker's
 * --wrap=X binds to the C library's, or the sanitizer's, X). The SDL and
 * I/O wrappers are compiled in with FAULT_SHIM_SDL and FAULT_SHIM_IO, for
 * the programs linked with those --wrap options.
 */
#define _GNU_SOURCE
#include "fault_shim.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

const char *const FAULT_IO_CALLS[] = {"open",  "mkstemp", "fchmod", "write", "fsync",
                                      "close", "rename",  "fcntl",  NULL};
#define IO_COUNT 8

/* The AI may allocate from worker threads: counters are atomic. */
static atomic_long alloc_calls, alloc_fail_at;
static atomic_long io_calls[IO_COUNT], io_fail_at[IO_COUNT];
static atomic_int io_errno[IO_COUNT];
static atomic_int fired;

static int io_index(const char *call)
{
    for (int i = 0; FAULT_IO_CALLS[i]; i++)
        if (strcmp(call, FAULT_IO_CALLS[i]) == 0) return i;
    return -1;
}

void fault_reset(void)
{
    atomic_store(&alloc_calls, 0);
    atomic_store(&alloc_fail_at, 0);
    for (int i = 0; i < IO_COUNT; i++) {
        atomic_store(&io_calls[i], 0);
        atomic_store(&io_fail_at[i], 0);
    }
    atomic_store(&fired, 0);
}

void fault_fail_alloc(long n)
{
    atomic_store(&alloc_fail_at, n > 0 ? atomic_load(&alloc_calls) + n : 0);
}

void fault_fail_io(const char *call, long n, int err)
{
    int i = io_index(call);
    if (i < 0) abort();
    atomic_store(&io_errno[i], err);
    atomic_store(&io_fail_at[i], n > 0 ? atomic_load(&io_calls[i]) + n : 0);
}

long fault_alloc_count(void)
{
    return atomic_load(&alloc_calls);
}

long fault_io_count(const char *call)
{
    int i = io_index(call);
    return i < 0 ? 0 : atomic_load(&io_calls[i]);
}

int fault_fired(void)
{
    return atomic_load(&fired);
}

/* Whether this allocation is the one to fail. */
static int alloc_fails(void)
{
    long n = atomic_fetch_add(&alloc_calls, 1) + 1;
    if (n != atomic_load(&alloc_fail_at)) return 0;
    atomic_store(&fired, 1);
    errno = ENOMEM;
    return 1;
}

/* Whether this call of I/O function @p i is the one to fail (errno set). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((unused))
#endif
static int
io_fails(int i)
{
    long n = atomic_fetch_add(&io_calls[i], 1) + 1;
    if (n != atomic_load(&io_fail_at[i])) return 0;
    atomic_store(&fired, 1);
    errno = atomic_load(&io_errno[i]);
    return 1;
}

/* ------------------------------------------------------------------------- */
/* The environment, for whole programs                                       */
/* ------------------------------------------------------------------------- */

static char report_path[4096];

static void write_report(void)
{
    if (!report_path[0]) return;
    FILE *f = fopen(report_path, "w");
    if (!f) return;
    fprintf(f, "allocations %ld\nfired %d\n", atomic_load(&alloc_calls), atomic_load(&fired));
    fclose(f);
}

__attribute__((constructor)) static void fault_from_environment(void)
{
    const char *a = getenv("TTT_FAULT_ALLOC");
    if (a) atomic_store(&alloc_fail_at, atol(a));
    const char *io = getenv("TTT_FAULT_IO");
    if (io) {
        const char *colon = strchr(io, ':');
        char call[32];
        if (colon && (size_t)(colon - io) < sizeof call) {
            memcpy(call, io, (size_t)(colon - io));
            call[colon - io] = '\0';
            fault_fail_io(call, atol(colon + 1), EIO);
        }
    }
    const char *r = getenv("TTT_FAULT_REPORT");
    if (r && strlen(r) < sizeof report_path) {
        strcpy(report_path, r);
        atexit(write_report);
    }
}

/* ------------------------------------------------------------------------- */
/* The wrappers                                                              */
/* ------------------------------------------------------------------------- */

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);

void *__wrap_malloc(size_t size)
{
    return alloc_fails() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    return alloc_fails() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    return alloc_fails() ? NULL : __real_realloc(p, size);
}

#ifdef FAULT_SHIM_SDL
/* SDL's allocators, called by the game's own code (SDL's own calls inside
 * the shared library are not wrapped). Declared here so the shim needs no
 * SDL headers; a program without SDL never references them. */
void *__real_SDL_malloc(size_t size);
void *__real_SDL_calloc(size_t n, size_t size);
void *__real_SDL_realloc(void *p, size_t size);
void *__wrap_SDL_malloc(size_t size);
void *__wrap_SDL_calloc(size_t n, size_t size);
void *__wrap_SDL_realloc(void *p, size_t size);

void *__wrap_SDL_malloc(size_t size)
{
    return alloc_fails() ? NULL : __real_SDL_malloc(size);
}

void *__wrap_SDL_calloc(size_t n, size_t size)
{
    return alloc_fails() ? NULL : __real_SDL_calloc(n, size);
}

void *__wrap_SDL_realloc(void *p, size_t size)
{
    return alloc_fails() ? NULL : __real_SDL_realloc(p, size);
}

#endif /* FAULT_SHIM_SDL */

#ifdef FAULT_SHIM_IO
int __real_open(const char *path, int flags, ...);
int __real_mkstemp(char *tmpl);
int __real_fchmod(int fd, mode_t mode);
ssize_t __real_write(int fd, const void *buf, size_t n);
int __real_fsync(int fd);
int __real_close(int fd);
int __real_rename(const char *from, const char *to);
int __real_fcntl(int fd, int cmd, ...);
int __wrap_open(const char *path, int flags, ...);
int __wrap_mkstemp(char *tmpl);
int __wrap_fchmod(int fd, mode_t mode);
ssize_t __wrap_write(int fd, const void *buf, size_t n);
int __wrap_fsync(int fd);
int __wrap_close(int fd);
int __wrap_rename(const char *from, const char *to);
int __wrap_fcntl(int fd, int cmd, ...);

int __wrap_open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    if (io_fails(0)) return -1;
    return __real_open(path, flags, mode);
}

int __wrap_mkstemp(char *tmpl)
{
    return io_fails(1) ? -1 : __real_mkstemp(tmpl);
}

int __wrap_fchmod(int fd, mode_t mode)
{
    return io_fails(2) ? -1 : __real_fchmod(fd, mode);
}

ssize_t __wrap_write(int fd, const void *buf, size_t n)
{
    return io_fails(3) ? -1 : __real_write(fd, buf, n);
}

int __wrap_fsync(int fd)
{
    return io_fails(4) ? -1 : __real_fsync(fd);
}

/* A failed close still closes the descriptor, as Linux's close(2) does. */
int __wrap_close(int fd)
{
    if (io_fails(5)) {
        int err = errno;
        __real_close(fd);
        errno = err;
        return -1;
    }
    return __real_close(fd);
}

int __wrap_rename(const char *from, const char *to)
{
    return io_fails(6) ? -1 : __real_rename(from, to);
}

int __wrap_fcntl(int fd, int cmd, ...)
{
    va_list ap;
    va_start(ap, cmd);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    if (io_fails(7)) return -1;
    return __real_fcntl(fd, cmd, arg);
}
#endif /* FAULT_SHIM_IO */
