/*
 * test_saver.c - the settings file's thread (saver.h): a snapshot saved and
 * its result posted as an event, snapshots handed in while a save waits
 * for the lock coalesced into one, a failed save carried by the next, a
 * save the lock kept out tried again while quitting, saver_finish() giving
 * up on time, and a saver left behind mid-save. The
 * lock's other holder is a child process (fcntl locks do not block their
 * own process), which holds it until the test lets it go, never for a
 * time: no verdict here depends on how fast the machine is (issue 26);
 * the time limits given to saver_finish() are bounds for a hang, far above
 * what a save takes. Needs SDL's event queue only; also run under
 * ThreadSanitizer.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, fork */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <SDL.h>

#include "app_timing.h"
#include "lock_timing.h"
#include "prefs.h"
#include "saver.h"

/* saver_finish()'s bound when the save must succeed: a hang's, not a
 * measure (a save takes milliseconds; saver_finish() returns when done). */
#define QUICK_MS 60000

typedef struct fixture {
    char dir[64];
    char path[128];
    Uint32 event;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/ttt-saver-XXXXXX");
    if (!mkdtemp(f->dir)) return -1;
    snprintf(f->path, sizeof f->path, "%s/settings.ini", f->dir);
    if (SDL_Init(SDL_INIT_EVENTS) != 0) return -1;
    f->event = SDL_RegisterEvents(1);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    char name[160];
    snprintf(name, sizeof name, "%s%s", f->path, PREFS_LOCK_SUFFIX);
    remove(name);
    remove(f->path);
    rmdir(f->dir);
    SDL_Quit();
    free(f);
    return 0;
}

/* A child process holding the settings file's lock, and the pipe that lets
 * it go. */
typedef struct lock_holder {
    pid_t pid;
    int release; /* closing it ends the child */
} lock_holder;

/* Start a child that holds the file's lock until release_lock(); returns
 * once the lock is held. */
static lock_holder hold_lock(const fixture *f)
{
    int ready[2], release[2];
    assert_int_equal(pipe(ready), 0);
    assert_int_equal(pipe(release), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* Only async-signal-safe calls in the child. */
        close(release[1]);
        char name[160];
        size_t n = strlen(f->path);
        memcpy(name, f->path, n);
        memcpy(name + n, PREFS_LOCK_SUFFIX, sizeof PREFS_LOCK_SUFFIX);
        int fd = open(name, O_RDWR | O_CREAT, 0666);
        struct flock fl;
        memset(&fl, 0, sizeof fl);
        fl.l_type = F_WRLCK;
        fl.l_whence = SEEK_SET;
        if (fd < 0 || fcntl(fd, F_SETLKW, &fl) != 0) _exit(1);
        char c = 1;
        if (write(ready[1], &c, 1) != 1) _exit(1);
        /* Until the parent closes its end (or ends). */
        while (read(release[0], &c, 1) > 0) {
        }
        _exit(0);
    }
    close(ready[1]);
    close(release[0]);
    char c = 0;
    assert_int_equal(read(ready[0], &c, 1), 1);
    close(ready[0]);
    return (lock_holder){pid, release[1]};
}

/* Let the lock go and wait for the child to end. */
static void release_lock(lock_holder *h)
{
    close(h->release);
    int status = 0;
    assert_int_equal(waitpid(h->pid, &status, 0), h->pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* Take every result event, in order, into @p ids / @p oks (at most @p cap).
 * @return how many. */
static int take_results(const fixture *f, uint32_t *ids, bool *oks, int cap)
{
    int n = 0;
    SDL_Event ev;
    SDL_PumpEvents();
    while (SDL_PeepEvents(&ev, 1, SDL_GETEVENT, f->event, f->event) == 1) {
        saver_result *r = ev.user.data1;
        assert_non_null(r);
        assert_true(r->save_ms >= 0.0);
        if (n < cap) {
            ids[n] = r->job_id;
            oks[n] = r->ok;
        }
        n++;
        saver_result_free(r);
    }
    return n;
}

static prefs with_x_wins(int wins)
{
    prefs p;
    prefs_defaults(&p);
    p.wins_x = wins;
    return p;
}

static void test_a_snapshot_is_saved_and_reported(void **state)
{
    fixture *f = *state;
    prefs base = with_x_wins(0);
    saver *s = saver_create(f->event, f->path, &base, stderr);
    assert_non_null(s);
    prefs now = with_x_wins(2);
    saver_submit(s, &now, 7);
    assert_true(saver_finish(s, QUICK_MS));
    uint32_t ids[4];
    bool oks[4];
    assert_int_equal(take_results(f, ids, oks, 4), 1);
    assert_int_equal(ids[0], 7);
    assert_true(oks[0]);
    prefs back;
    assert_int_equal(prefs_load(f->path, &back, stderr), PREFS_LOADED);
    assert_int_equal(back.wins_x, 2);
    double max_ms = -1.0;
    unsigned long saves = 0;
    saver_stats(s, &max_ms, &saves);
    assert_int_equal(saves, 1);
    assert_true(max_ms >= 0.0);
    saver_destroy(s);
}

/* Without a settings file (none this run, or a browser's storage blocked)
 * a snapshot is acknowledged, nothing is written, and no save is counted. */
static void test_without_a_file_nothing_is_saved(void **state)
{
    fixture *f = *state;
    prefs base = with_x_wins(0);
    saver *s = saver_create(f->event, NULL, &base, stderr);
    assert_non_null(s);
    prefs now = with_x_wins(3);
    saver_submit(s, &now, 9);
    assert_true(saver_finish(s, QUICK_MS));
    uint32_t ids[4];
    bool oks[4];
    assert_int_equal(take_results(f, ids, oks, 4), 1);
    assert_int_equal(ids[0], 9);
    double max_ms = -1.0;
    unsigned long saves = 1;
    saver_stats(s, &max_ms, &saves);
    assert_int_equal(saves, 0);
    prefs back;
    assert_int_not_equal(prefs_load(f->path, &back, stderr), PREFS_LOADED);
    saver_destroy(s);
}

/* While a save waits for another process's lock, newer snapshots wait in
 * one slot: the last one is written next, the ones between never. */
static void test_snapshots_coalesce_behind_a_held_lock(void **state)
{
    fixture *f = *state;
    prefs base = with_x_wins(0);
    saver *s = saver_create(f->event, f->path, &base, stderr);
    assert_non_null(s);
    lock_holder holder = hold_lock(f);
    for (int i = 1; i <= 5; i++) {
        prefs now = with_x_wins(i);
        saver_submit(s, &now, (uint32_t)i);
    }
    /* Handing in never waited for the lock: it is still held. */
    assert_false(saver_finish(s, 0));
    release_lock(&holder);
    assert_true(saver_finish(s, QUICK_MS));
    uint32_t ids[8];
    bool oks[8];
    int n = take_results(f, ids, oks, 8);
    /* The first snapshot was taken up at once, the fifth waited; or, if the
     * thread had not woken before all five were in, the fifth alone. */
    assert_true(n == 1 || n == 2);
    assert_int_equal(ids[n - 1], 5);
    for (int i = 0; i < n; i++)
        assert_true(oks[i]);
    prefs back;
    assert_int_equal(prefs_load(f->path, &back, stderr), PREFS_LOADED);
    assert_int_equal(back.wins_x, 5);
    saver_destroy(s);
}

/* A failed save leaves the base: the next snapshot brings what it missed,
 * and only the first failure is warned about. */
static void test_a_failed_save_is_carried_by_the_next(void **state)
{
    fixture *f = *state;
    /* Another instance counted 10 wins meanwhile. */
    FILE *out = fopen(f->path, "w");
    assert_non_null(out);
    fputs("[scores]\nx_wins = 10\n", out);
    fclose(out);
    assert_int_equal(chmod(f->path, 0444), 0); /* read-only: a save refuses it */
    char warn_buf[4096] = "";
    FILE *warn = fmemopen(warn_buf, sizeof warn_buf - 1, "w");
    assert_non_null(warn);
    prefs base = with_x_wins(0);
    saver *s = saver_create(f->event, f->path, &base, warn);
    assert_non_null(s);
    prefs now = with_x_wins(1);
    saver_submit(s, &now, 1);
    assert_true(saver_finish(s, QUICK_MS));
    now = with_x_wins(2);
    saver_submit(s, &now, 2);
    assert_true(saver_finish(s, QUICK_MS));
    uint32_t ids[4];
    bool oks[4];
    assert_int_equal(take_results(f, ids, oks, 4), 2);
    assert_false(oks[0]);
    assert_false(oks[1]);
    fflush(warn);
    assert_non_null(strstr(warn_buf, "read-only"));
    assert_null(strstr(strstr(warn_buf, "read-only") + 1, "read-only")); /* once */
    /* Writable again: this instance's two wins go on top of the file's 10. */
    assert_int_equal(chmod(f->path, 0644), 0);
    now = with_x_wins(2);
    saver_submit(s, &now, 3);
    assert_true(saver_finish(s, QUICK_MS));
    assert_int_equal(take_results(f, ids, oks, 4), 1);
    assert_true(oks[0]);
    prefs back;
    assert_int_equal(prefs_load(f->path, &back, stderr), PREFS_LOADED);
    assert_int_equal(back.wins_x, 12);
    saver_destroy(s);
    fclose(warn);
}

/* What release_after_first_result() saw. */
typedef struct releaser {
    const fixture *f;
    lock_holder *holder;
    bool seen, ok;
    uint32_t id;
} releaser;

/* A thread that takes the first result event (waiting for it as long as it
 * takes, up to QUICK_MS), then lets the lock go. */
static int release_after_first_result(void *arg)
{
    releaser *r = arg;
    Uint64 give_up = SDL_GetTicks64() + QUICK_MS;
    SDL_Event ev;
    while (!r->seen && SDL_GetTicks64() < give_up) {
        if (SDL_PeepEvents(&ev, 1, SDL_GETEVENT, r->f->event, r->f->event) == 1) {
            saver_result *res = ev.user.data1;
            r->seen = true;
            r->ok = res->ok;
            r->id = res->job_id;
            saver_result_free(res);
        } else {
            SDL_Delay(5);
        }
    }
    release_lock(r->holder);
    return 0;
}

/* While quitting, a save the lock kept out for all of PREFS_LOCK_WAIT_MS
 * is tried again: the snapshot reaches the file once the lock is free,
 * within saver_finish()'s bound. The lock is let go only after the first
 * save has failed, whenever that is (the slowest test here: one whole wait
 * for the lock). */
static void test_finish_tries_again_once_the_lock_is_free(void **state)
{
    fixture *f = *state;
    prefs base = with_x_wins(0);
    saver *s = saver_create(f->event, f->path, &base, NULL);
    assert_non_null(s);
    lock_holder holder = hold_lock(f);
    releaser r = {f, &holder, false, false, 0};
    SDL_Thread *t = SDL_CreateThread(release_after_first_result, "releaser", &r);
    assert_non_null(t);
    prefs now = with_x_wins(4);
    saver_submit(s, &now, 1);
    assert_true(saver_finish(s, 2 * PREFS_LOCK_WAIT_MS + QUICK_MS));
    SDL_WaitThread(t, NULL);
    assert_true(r.seen);
    assert_false(r.ok); /* kept out for the whole wait */
    assert_int_equal(r.id, 1);
    /* Then the same snapshot, once the lock was free (a releaser slower
     * than a whole wait for the lock would see another failure first). */
    uint32_t ids[8];
    bool oks[8];
    int n = take_results(f, ids, oks, 8);
    assert_true(n >= 1 && n <= 8);
    for (int i = 0; i < n; i++) {
        assert_int_equal(ids[i], 1);
        assert_true(oks[i] == (i == n - 1));
    }
    prefs back;
    assert_int_equal(prefs_load(f->path, &back, stderr), PREFS_LOADED);
    assert_int_equal(back.wins_x, 4);
    saver_destroy(s);
}

/* saver_finish() gives up on time while the lock is held; destroying the
 * saver then leaves its thread to end the save on its own. */
static void test_finish_gives_up_and_destroy_leaves_the_save_behind(void **state)
{
    fixture *f = *state;
    prefs base = with_x_wins(0);
    saver *s = saver_create(f->event, f->path, &base, NULL);
    assert_non_null(s);
    lock_holder holder = hold_lock(f);
    prefs now = with_x_wins(3);
    saver_submit(s, &now, 1);
    /* The lock is held until released below: saver_finish() gives up, and
     * saver_destroy() returns with the save still waiting for the lock (it
     * would never return if it waited for the save). */
    assert_false(saver_finish(s, 50));
    saver_destroy(s); /* the thread frees the saver */
    release_lock(&holder);
    /* The thread ends its save once the lock is free, and posts nothing. */
    prefs back;
    for (int i = 0; i < QUICK_MS / 10; i++) {
        if (prefs_load(f->path, &back, NULL) == PREFS_LOADED && back.wins_x == 3) break;
        SDL_Delay(10);
    }
    assert_int_equal(back.wins_x, 3);
    SDL_Delay(50); /* past the save's last step */
    uint32_t ids[2];
    bool oks[2];
    assert_int_equal(take_results(f, ids, oks, 2), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_a_snapshot_is_saved_and_reported, setup, teardown),
        cmocka_unit_test_setup_teardown(test_without_a_file_nothing_is_saved, setup, teardown),
        cmocka_unit_test_setup_teardown(test_snapshots_coalesce_behind_a_held_lock, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_failed_save_is_carried_by_the_next, setup, teardown),
        cmocka_unit_test_setup_teardown(test_finish_tries_again_once_the_lock_is_free, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_finish_gives_up_and_destroy_leaves_the_save_behind,
                                        setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
