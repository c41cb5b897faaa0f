/*
 * prefs.h - the settings file: settings and scores kept across runs.
 *
 * The file is INI text, read with the game's reader (ini_reader.h, which
 * reads as libinih 55 did) and written with plain stdio:
 *
 *   [settings]
 *   mode = human-vs-computer      ; every key of settings_write()
 *   size = 3
 *   ...
 *   [scores]            ; one set per mode
 *   you_wins = 3        ; against the computer: wins by role
 *   computer_wins = 5
 *   draws = 4
 *   x_wins = 2          ; two players: wins by mark
 *   o_wins = 1
 *   pvp_draws = 0
 *   cvc_x_wins = 7      ; watching the computer play itself
 *   cvc_o_wins = 2
 *   cvc_draws = 30
 *   [stats]             ; per mode, board and level (tally.h)
 *   hvc.3x3.k3.medium = 4 2 5 1 3
 *   [window]            ; written at exit: where the window was left
 *   x = 120             ; its normal place and size, in screen points
 *   y = 80
 *   width = 720
 *   height = 820
 *   maximized = no
 *   fullscreen = no
 *
 * Reading is forgiving: a missing file gives the defaults; a line that is not
 * `key = value`, or a value out of range, keeps the default for that key only
 * and produces one warning naming the file and the key; keys and sections the
 * game does not know are kept, in order, and written back unchanged on the
 * next save (a newer version's settings survive a round trip through an
 * older one), grouped by section.
 *
 * Unknown entries are written as `key=value`, the key and value exactly as
 * the reader read them, with no blanks added, so that the saved file reads back
 * as the same section, key and value. An unknown entry that no line reads
 * back that way is not kept: one warning (for all of them) when the file is
 * read, and it is gone after the next save. That is an entry whose section
 * name has a ']', is 50 bytes or longer or has a blank before a ';'; whose
 * key or value starts or ends with a blank or has a blank before a ';' (an
 * inline comment); whose key starts with ';', '#' or '[' or has a '=' or ':';
 * or whose line `key=value` is longer than INI_READER_MAX_LINE - 2 (198) bytes.
 * In practice only an indented line (more of the previous key's value, under
 * that key cut to 49 bytes) gives such an entry; an empty key (`=value`) is
 * kept.
 *
 * Reading refuses anything that is not a regular file (a FIFO, a device, a
 * directory: one warning, at once, without blocking), a file larger than
 * PREFS_MAX_FILE_BYTES, and a line longer than the reader's line buffer
 * (PREFS_LINE_MAX bytes without its line end): that line's key is ignored
 * with one warning instead of being split into a second, made-up entry (a
 * long comment line is ignored silently). When a key appears twice, the
 * last one counts, a bad last value giving the default. Running out of
 * memory anywhere while reading counts as "could not be read"
 * (PREFS_UNREADABLE): the caller must then leave the file alone.
 *
 * Writing (prefs_save(), prefs_save_merged()) never leaves a half-written,
 * empty or missing file, even if the program is killed or the disk fills:
 * the text goes to a new temporary file in the same directory (a unique
 * name, PATH.tmp-XXXXXX), is flushed and fsync'ed, the temporary file is
 * renamed over the file and the directory is fsync'ed (on Windows: a
 * flushed file moved with MoveFileEx(REPLACE_EXISTING | WRITE_THROUGH)).
 * A symlink is followed: its target is replaced and the link kept. The
 * file's permission bits are kept (a new file gets 0666 less the umask). A
 * file without any write permission bit is read-only: it is not replaced,
 * with a warning. Counts are saved saturated at PREFS_MAX_SCORE, the
 * largest the loader accepts.
 *
 * Several instances may share the file (two windows, or a window and a
 * second one started by a script): every save takes an advisory lock on
 * PATH.lock (fcntl on POSIX, LockFileEx on Windows; the lock file stays),
 * re-reads the file under the lock and merges: every key of the [scores]
 * section is a counter, and the file gets its count there plus what this
 * instance added since its last save (base to mine; a reset subtracts, never
 * below 0); any other key this instance changed since its last save gets
 * this instance's value, and every other key keeps the file's, unknown keys
 * and sections included. A new counter needs no new code: a key in
 * [scores] is merged as a counter. Readers never take the lock: the file
 * they open is always a complete old or new version.
 *
 * No SDL here: the app finds the path (SDL_GetPrefPath) and calls these.
 * The text is prefs_format.c, the merge and the save prefs_merge.c, and the
 * platform's file calls (lock, read, atomic replace) atomic_file.h.
 */
#ifndef GAME_PREFS_H
#define GAME_PREFS_H

#include <stdbool.h>
#include <stdio.h>

#include "lock_timing.h"
#include "puzzle_session.h"
#include "settings.h"
#include "tally.h"

/** Most unknown entries kept for the round trip; more are dropped (with a warning). */
#define PREFS_MAX_EXTRA 64
/** Longest section or key name kept, including the terminating NUL. */
#define PREFS_NAME_MAX 64
/** Longest value kept, including the terminating NUL (the reader's line limit is 200).
 * A kept value also fits on one written line (see the file comment). */
#define PREFS_VALUE_MAX 200
/** Largest settings file read, in bytes; a bigger one is not a settings file. */
#define PREFS_MAX_FILE_BYTES (64 * 1024)
/** Largest score accepted from the file; larger counts are saved as this
 *  (the play logic stops counting there too: tally.h). */
#define PREFS_MAX_SCORE TALLY_MAX_COUNT
/** What the temporary file's name adds to the settings file's (then a
 * unique part: PATH.tmp-XXXXXX). */
#define PREFS_TEMP_SUFFIX ".tmp"
/** What the lock file's name adds to the settings file's. */
#define PREFS_LOCK_SUFFIX ".lock"
/** Longest line read, without its line end (the reader's buffer less the line end
 * and the NUL); a longer line is refused. */
#define PREFS_LINE_MAX 198
/** prefs_parse_ini()'s result when memory ran out: nothing was read. */
#define PREFS_PARSE_NOMEM (-1)
/** The section whose keys are counters, merged by adding (see above). */
#define PREFS_COUNTER_SECTION "scores"
/** The statistics' section: each key is an entry of tally.h, merged by
 *  tally_merge() (counts added, the best streak the larger). */
#define PREFS_STATS_SECTION "stats"

/** The puzzles' statistics' section (puzzle_session.h's puzzle_stats):
 *  solved, missed, streak, best_streak, daily_solved (a date). */
#define PREFS_PUZZLES_SECTION "puzzles"

/** An entry the game does not know, kept to be written back. */
typedef struct prefs_extra {
    char section[PREFS_NAME_MAX];
    char key[PREFS_NAME_MAX];
    char value[PREFS_VALUE_MAX];
} prefs_extra;

/** The window as it was left: its normal (not maximised) place and size in
 *  screen points, and whether it was maximised or fullscreen. */
typedef struct prefs_window {
    bool known; /**< The file had a complete [window] section (width and height). */
    int x, y, width, height;
    bool maximized, fullscreen;
} prefs_window;

/** Everything the file holds. Plain data: copy it by assignment. */
typedef struct prefs {
    settings settings;
    prefs_window window;
    int you_wins, computer_wins, draws;    /* Against the computer, whichever side you took. */
    int wins_x, wins_o, pvp_draws;         /* Two players. */
    int cvc_wins_x, cvc_wins_o, cvc_draws; /* Watching the computer play itself. */
    tally tally;                           /* [stats]: per mode, board and level (tally.h). */
    puzzle_stats puzzles;                  /* [puzzles]: solved, missed, streaks, the daily one. */
    int extra_count;
    prefs_extra extra[PREFS_MAX_EXTRA];
} prefs;

/** The outcome of prefs_load(). */
typedef enum prefs_status {
    PREFS_LOADED = 0,    /**< Read (possibly with warnings for bad keys). */
    PREFS_MISSING = 1,   /**< No such file: the defaults, silently. */
    PREFS_UNREADABLE = 2 /**< Exists but could not be read: the defaults, with a warning;
                            the caller must not save over it. */
} prefs_status;

/** Fill @p p with the default settings, zero scores, no extra entries. */
void prefs_defaults(prefs *p);

/**
 * Parse INI @p text over the defaults into @p p. Each bad line or value gives
 * one warning on @p warn (NULL: silent), `tictactoe: SOURCE: ...`, naming the
 * key (or the line for text that is not `key = value`); the value stays at
 * its default. Never fails and never reads past the NUL: this is the entry
 * point for fuzzing (tests/fuzz/fuzz_settings.c).
 * @param source Name used in warnings (the file's path); NULL gives "settings".
 * @return The number of problems warned about (0 for a clean file), or
 *         PREFS_PARSE_NOMEM (with a warning) when memory ran out: then @p p
 *         holds the defaults and the text must count as unread.
 */
int prefs_parse_ini(const char *text, prefs *p, const char *source, FILE *warn);

/**
 * Read @p path into @p p (which is reset to the defaults first). Never
 * blocks: a FIFO or a device is refused without being opened for reading.
 * @return PREFS_LOADED, PREFS_MISSING or PREFS_UNREADABLE (warned about:
 *         not a regular file, too large, a read error, out of memory).
 */
prefs_status prefs_load(const char *path, prefs *p, FILE *warn);

/**
 * Write @p p as INI text to @p out: the known keys as `key = value`, each
 * section's kept extras as `key=value` after them (an extra that would not
 * read back the same is skipped; prefs_parse_ini() keeps none such).
 */
void prefs_write(const prefs *p, FILE *out);

/**
 * Save @p p to @p path as it is, atomically and under the lock (see the
 * file comment), without merging: what another instance saved is replaced.
 * On failure the temporary file is removed, one warning naming the file and
 * the reason goes to @p warn (NULL: silent) and the old file is untouched.
 * @return true when the file was replaced.
 */
bool prefs_save(const char *path, const prefs *p, FILE *warn);

/**
 * Save @p mine to @p path merged with what the file holds now (see the file
 * comment): under the lock, the file is read again; counters get the
 * file's count plus (mine - base), keys whose value differs between @p base
 * and @p mine get mine's, all others keep the file's. @p base is what this
 * instance loaded or last saved: after a true return the caller makes
 * @p base a copy of @p mine. A missing file counts as empty; a file that
 * cannot be read (see prefs_load()) is left alone and nothing is saved.
 * @p base NULL: no merge, as prefs_save(); no file: @p mine as it is.
 * @return true when the file was replaced; false with one warning otherwise.
 */
bool prefs_save_merged(const char *path, const prefs *base, const prefs *mine, FILE *warn);

/** Do @p a and @p b write the same text (the same file)? False when memory
 *  ran out. */
bool prefs_same(const prefs *a, const prefs *b);

/** What prefs_save_merged_result() did. */
typedef enum prefs_save_result {
    PREFS_SAVED = 0,        /**< The file was replaced. */
    PREFS_SAVE_BUSY = 1,    /**< Another instance held the lock for all of PREFS_LOCK_WAIT_MS:
                                 nothing was saved, and trying again later may work. */
    PREFS_SAVE_FAILED = 2,  /**< Anything else (warned about): trying again will not help. */
    PREFS_SAVE_CONFLICT = 3 /**< The game file: another window's game in progress is there
                                 (gamefile_save_over()); nothing was written. */
} prefs_save_result;

/** prefs_save_merged(), saying why a save failed. */
prefs_save_result prefs_save_merged_result(const char *path, const prefs *base, const prefs *mine,
                                           FILE *warn);

#endif /* GAME_PREFS_H */
