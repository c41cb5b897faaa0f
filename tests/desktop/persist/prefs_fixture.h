/*
 * prefs_fixture.h - what the settings file's tests share (test_prefs.c,
 * test_prefs_save.c): a scratch directory per test with its settings.ini
 * and a stream that captures warnings, removed afterwards, and helpers to
 * write and read files. Header-only (static inline).
 */
#ifndef TESTS_GAME_PREFS_FIXTURE_H
#define TESTS_GAME_PREFS_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "prefs.h"

/* A scratch directory per test, removed afterwards. */
typedef struct fixture {
    char dir[256];
    char path[512];
    FILE *warn; /* Captures warnings. */
} fixture;

static inline int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/ttt-prefs-XXXXXX");
    if (!mkdtemp(f->dir)) return -1;
    snprintf(f->path, sizeof f->path, "%s/settings.ini", f->dir);
    f->warn = tmpfile();
    if (!f->warn) return -1;
    *state = f;
    return 0;
}

static inline void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char p[1024];
        int n = snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (n < 0 || (size_t)n >= sizeof p) continue; /* not one of the tests' names */
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            chmod(p, 0700);
            remove_tree(p);
        } else {
            remove(p);
        }
    }
    closedir(d);
    rmdir(dir);
}

static inline int teardown(void **state)
{
    fixture *f = *state;
    chmod(f->dir, 0700);
    remove_tree(f->dir);
    fclose(f->warn);
    free(f);
    return 0;
}

static inline void write_file(const char *path, const char *text)
{
    FILE *out = fopen(path, "w");
    assert_non_null(out);
    fputs(text, out);
    assert_int_equal(fclose(out), 0);
}

static inline char *read_all(FILE *f)
{
    static char buf[16384];
    fflush(f);
    rewind(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    return buf;
}

static inline char *read_path(const char *path)
{
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    char *text = read_all(in);
    fclose(in);
    return text;
}

static inline int count_lines(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

/* Only the settings file, never a leftover temporary one, in @p dir. */
static inline void assert_no_temp_file(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strstr(e->d_name, PREFS_TEMP_SUFFIX)) fail_msg("left behind: %s/%s", dir, e->d_name);
    closedir(d);
}

#endif /* TESTS_GAME_PREFS_FIXTURE_H */
