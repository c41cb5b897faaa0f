/*
 * lock_timing.h - how long and how often the game waits for the lock of
 * its settings file and of its game file (atomic_file.h), in one place for
 * the platforms' lock code, the files that take the lock and the tests
 * that hold it. The lock is held by another window of the game for one
 * read and one write of a small file, so a wait of seconds means that
 * window is stuck; the wait is polled (never a blocking lock call) so a
 * stuck holder cannot hang this one.
 */
#ifndef GAME_LOCK_TIMING_H
#define GAME_LOCK_TIMING_H

/** How long a save waits for another instance's lock before giving up. */
#define PREFS_LOCK_WAIT_MS 5000
/** Allowance for a slow disk on top of the lock's waits, when quitting
 *  waits for the last saves (APP_QUIT_SAVE_WAIT_MS, app_timing.h, which
 *  the saver checks against these). */
#define LOCK_SLOW_DISK_MS 2000
/** How often a busy lock is tried again while waiting for it. */
#define LOCK_POLL_MS 10
/** Microseconds in a millisecond: the wait is measured on a clock in
 *  microseconds (clock.h). */
#define LOCK_US_PER_MS 1000u
/** Nanoseconds in a millisecond, for a pause between polls (nanosleep). */
#define LOCK_NS_PER_MS 1000000L

#endif /* GAME_LOCK_TIMING_H */
