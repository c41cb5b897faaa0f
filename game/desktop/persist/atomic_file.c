/*
 * atomic_file.c - the parts of atomic_file.h that are the same on every
 * platform: errors, joined names, reading an open file whole, and (but on
 * Windows, which has no open_memstream) capturing text in memory. The rest
 * is atomic_file_posix.c, atomic_file_win32.c or atomic_file_web.c.
 */
#ifndef _WIN32
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#endif
#include "atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

bool atomic_file__fail(atomic_file_error *e, const char *why, int err)
{
    e->why = why;
    e->err = err;
    return false;
}

char *atomic_file__join(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    char *s = malloc(na + nb + 1);
    if (!s) return NULL;
    memcpy(s, a, na);
    memcpy(s + na, b, nb + 1);
    return s;
}

bool atomic_file_stamp_same(const atomic_file_stamp *a, const atomic_file_stamp *b)
{
    return a->exists == b->exists && a->size == b->size && a->mtime_ns == b->mtime_ns &&
           a->id == b->id;
}

/* FNV-1a, 64 bits: enough to tell one version of a small file from the next. */
#define FNV_OFFSET 14695981039346656037ull
#define FNV_PRIME 1099511628211ull

void atomic_file__content_stamp(const char *path, size_t max_bytes, atomic_file_stamp *out)
{
    memset(out, 0, sizeof *out);
    char *text = NULL;
    atomic_file_error e = {NULL, 0, false};
    if (atomic_file_read(path, max_bytes, &text, &e) != ATOMIC_FILE_READ) return;
    uint64_t h = FNV_OFFSET;
    size_t n = strlen(text);
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)text[i];
        h *= FNV_PRIME;
    }
    free(text);
    out->exists = true;
    out->size = (long long)n;
    out->id = h;
}

atomic_file_read_status atomic_file__read_stream(FILE *f, long long size, size_t max_bytes,
                                                 char **text, atomic_file_error *e)
{
    if (size > (long long)max_bytes) {
        fclose(f);
        return ATOMIC_FILE_TOO_LARGE;
    }
    /* The limit, not the size: the file may grow between the stat and the read. */
    char *buf = malloc(max_bytes + 1);
    if (!buf) {
        fclose(f);
        atomic_file__fail(e, N_("out of memory"), 0);
        return ATOMIC_FILE_UNREADABLE;
    }
    size_t n = fread(buf, 1, max_bytes + 1, f);
    bool bad = ferror(f) != 0;
    int err = bad ? errno : 0;
    fclose(f);
    if (bad || n > max_bytes) {
        free(buf);
        if (!bad) return ATOMIC_FILE_TOO_LARGE;
        atomic_file__fail(e, N_("read error"), err);
        return ATOMIC_FILE_UNREADABLE;
    }
    buf[n] = '\0';
    *text = buf;
    return ATOMIC_FILE_READ;
}

#ifndef _WIN32
char *atomic_file_capture(void (*write_text)(const void *arg, FILE *out), const void *arg,
                          size_t *len)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    if (!f) return NULL;
    write_text(arg, f);
    bool ok = !ferror(f);
    if (fclose(f) != 0) ok = false;
    if (!ok) {
        free(buf);
        return NULL;
    }
    *len = size;
    return buf;
}
#endif
