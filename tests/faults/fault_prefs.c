/*
 * fault_prefs.c - the settings file under failure, as SQLite's I/O and
 * malloc tests: for each I/O call the save makes (open, mkstemp, fchmod,
 * write, fsync, close, rename, fcntl) and for every N reached, the Nth call
 * fails; then the same for every allocation of the save and of the load.
 *
 * Promised, and checked after every run: the file is the old version or the
 * new one, byte for byte, never a mix, never missing, never empty; the save
 * says true exactly when it is the new one, with one warning otherwise; no
 * temporary file is left; a load either reads the same settings as without
 * the fault or says PREFS_UNREADABLE (so the caller leaves the file alone).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fault_shim.h"
#include "prefs.h"

static int failures;
static char dir[64], path[128];

static void fail(const char *what, const char *call, long n)
{
    fprintf(stderr, "fault_prefs: %s (%s call %ld failed)\n", what, call, n);
    failures++;
}

static char *slurp(const char *p)
{
    static char buf[2][1 << 16];
    static int which;
    which ^= 1;
    FILE *f = fopen(p, "rb");
    if (!f) return NULL;
    size_t n = fread(buf[which], 1, sizeof buf[which] - 1, f);
    fclose(f);
    buf[which][n] = '\0';
    return buf[which];
}

static void put(const char *p, const char *text)
{
    FILE *f = fopen(p, "wb");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) abort();
}

/* Anything but the file and its lock file in the directory. */
static int stray_files(void)
{
    DIR *d = opendir(dir);
    if (!d) return 1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
            strcmp(e->d_name, "settings.ini") && strcmp(e->d_name, "settings.ini.lock"))
            n++;
    closedir(d);
    return n;
}

static const char OLD_TEXT[] = "[settings]\ntheme = dark\nsize = 5\n[scores]\nx_wins = 10\n"
                               "draws = 4\nfuture_wins = 2\n[future]\nsound = loud\n";

/* This instance's view: loaded from OLD_TEXT, then two games and a theme. */
static void instance(prefs *base, prefs *mine)
{
    if (prefs_parse_ini(OLD_TEXT, base, "old", NULL) != 0) abort();
    *mine = *base;
    mine->wins_x += 1;
    mine->draws += 1;
    mine->settings.theme = 2;
}

/* One save with fault @p arm armed; returns whether the fault was reached. */
static int save_once(const char *call, long n, const char *new_text)
{
    put(path, OLD_TEXT);
    prefs base, mine;
    instance(&base, &mine);
    FILE *warn = tmpfile();
    if (!warn) abort();
    fault_reset();
    if (strcmp(call, "allocation") == 0)
        fault_fail_alloc(n);
    else
        fault_fail_io(call, n, 5 /* EIO */);
    int ok = prefs_save_merged(path, &base, &mine, warn);
    int fired = fault_fired();
    fault_reset();
    long warned = ftell(warn);
    fclose(warn);
    const char *now = slurp(path);
    if (!now) {
        fail("the file is missing", call, n);
    } else if (ok && strcmp(now, new_text) != 0) {
        fail("saved, but the file is not the new version", call, n);
    } else if (!ok && strcmp(now, OLD_TEXT) != 0) {
        fail("not saved, but the file is not the old version", call, n);
    }
    if (!ok && warned <= 0) fail("not saved without a warning", call, n);
    if (ok && warned > 0) fail("a warning although saved", call, n);
    if (stray_files()) fail("a temporary file was left", call, n);
    if (!fired && !ok) fail("not saved with no fault reached", call, n);
    return fired;
}

/* One load with allocation @p n failing; returns whether it was reached. */
static int load_once(long n, const prefs *expected)
{
    put(path, OLD_TEXT);
    prefs p;
    fault_reset();
    fault_fail_alloc(n);
    prefs_status st = prefs_load(path, &p, NULL);
    int fired = fault_fired();
    fault_reset();
    prefs defaults;
    prefs_defaults(&defaults);
    if (st == PREFS_LOADED) {
        if (memcmp(&p.settings, &expected->settings, sizeof p.settings) != 0 ||
            p.wins_x != expected->wins_x || p.draws != expected->draws ||
            p.extra_count != expected->extra_count)
            fail("loaded, but not what the file says", "allocation", n);
    } else if (st == PREFS_UNREADABLE) {
        if (p.wins_x != 0 || p.extra_count != 0)
            fail("unreadable, but not the defaults", "allocation", n);
    } else {
        fail("the file was missing", "allocation", n);
    }
    if (!fired && st != PREFS_LOADED) fail("not loaded with no fault reached", "allocation", n);
    if (strcmp(slurp(path), OLD_TEXT) != 0) fail("a load changed the file", "allocation", n);
    return fired;
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/ttt-faults-XXXXXX");
    if (!mkdtemp(dir)) return 2;
    snprintf(path, sizeof path, "%s/settings.ini", dir);

    /* The new version: the same save with no fault. */
    put(path, OLD_TEXT);
    prefs base, mine;
    instance(&base, &mine);
    if (!prefs_save_merged(path, &base, &mine, stderr)) return 2;
    char new_text[1 << 16];
    snprintf(new_text, sizeof new_text, "%s", slurp(path));
    if (strcmp(new_text, OLD_TEXT) == 0 || !strstr(new_text, "x_wins = 11") ||
        !strstr(new_text, "future_wins=2"))
        return 2;

    long total = 0;
    for (int c = 0; FAULT_IO_CALLS[c]; c++) {
        long reached = 0;
        for (long n = 1; save_once(FAULT_IO_CALLS[c], n, new_text); n++)
            reached++;
        printf("prefs_save_merged: %-8s %3ld failures\n", FAULT_IO_CALLS[c], reached);
        total += reached;
    }
    long reached = 0;
    for (long n = 1; save_once("allocation", n, new_text); n++)
        reached++;
    printf("prefs_save_merged: %-8s %3ld failures\n", "malloc", reached);
    total += reached;

    prefs expected;
    put(path, OLD_TEXT);
    if (prefs_load(path, &expected, NULL) != PREFS_LOADED) return 2;
    reached = 0;
    for (long n = 1; load_once(n, &expected); n++)
        reached++;
    printf("prefs_load:        %-8s %3ld failures\n", "malloc", reached);
    total += reached;

    remove(path);
    char lock[160];
    snprintf(lock, sizeof lock, "%s%s", path, PREFS_LOCK_SUFFIX);
    remove(lock);
    rmdir(dir);
    printf("fault_prefs: %ld runs with a failed call, %d problems\n", total, failures);
    return failures ? 1 : 0;
}
