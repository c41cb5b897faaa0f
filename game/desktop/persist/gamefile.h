/*
 * gamefile.h - game records on disk, for the desktop game: the game in
 * progress kept beside the settings file, records exported on request, and
 * records opened (a file dropped on the window, --open). No SDL; the game
 * calls these from the saver's thread (saver.h), never the drawing thread,
 * except at start-up in main().
 *
 * The game in progress: after every move, undo or new game the game's
 * record (record.h) replaces the game file, with the settings file's rules
 * (atomic_file.h): under an advisory lock on PATH.lock, written to a new
 * temporary file, flushed, renamed over the file and the directory
 * flushed, so a crash, `kill -9` or a full disk at any moment leaves the
 * old or the new record, whole; at most the move being made is lost. Two
 * windows sharing the file: each follows the other's game while it has
 * not changed its own since (saver.h), and a window whose game went
 * another way does not overwrite the other's game in progress
 * (gamefile_save_over(): it says so instead). The file is the settings file's name with `.ini`
 * replaced by `.ttt` (`settings.ttt` beside `settings.ini`), a game record
 * `ttt review` and `ttt play --resume` read too.
 */
#ifndef GAME_GAMEFILE_H
#define GAME_GAMEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "prefs.h"
#include "record.h"

/** What the game file's name adds to the lock file's and temporary files'. */
#define GAMEFILE_LOCK_SUFFIX ".lock"
#define GAMEFILE_TEMP_SUFFIX ".tmp"
/** The folder of exported records, in the settings file's folder. */
#define GAMEFILE_RECORDS_DIR "games"
/** Room for an exported file's time stamp ("2026-11-26-231500", the
 *  local time), with room to spare for a year past 9999, and its NUL. */
#define GAMEFILE_STAMP_MAX 32

/** What reading a game record file found. */
typedef enum gamefile_status {
    GAMEFILE_LOADED = 0, /**< A record. */
    GAMEFILE_MISSING,    /**< No such file. */
    GAMEFILE_UNREADABLE, /**< Not a regular file, a read error, too large. */
    GAMEFILE_INVALID     /**< Read, but not a record: the line and reason in the error. */
} gamefile_status;

/** The game file for the settings file @p settings_path (malloc'd), or NULL
 *  when out of memory. */
char *gamefile_path(const char *settings_path);

/** The folder exported records go to for @p settings_path: its folder's
 *  GAMEFILE_RECORDS_DIR, ending in a separator (malloc'd), or NULL. */
char *gamefile_records_dir(const char *settings_path);

/**
 * Read the record in @p path into @p out. A problem's words go to
 * @p why (a line and reason for GAMEFILE_INVALID, the system's reason
 * otherwise), translated; @p out is unchanged unless GAMEFILE_LOADED.
 */
gamefile_status gamefile_read(const char *path, record *out, char *why, size_t why_cap);

/**
 * Replace the game file @p path with @p r, atomically and under its lock
 * (see the file comment). On failure one warning naming the file and the
 * reason goes to @p warn (NULL: silent) and the old file is left whole.
 */
prefs_save_result gamefile_save(const char *path, const record *r, FILE *warn);

/**
 * gamefile_save(), unless another window's game in progress is in the
 * file: under the lock the file is read, and when it holds a record that
 * is neither @p known (what this window last wrote there or took from
 * there) nor @p r, with moves and not finished, nothing is written and
 * PREFS_SAVE_CONFLICT comes back (not warned about: the caller says so).
 * A finished game, an empty board, a missing or unreadable file are
 * replaced. @p known NULL: no check, as gamefile_save().
 */
prefs_save_result gamefile_save_over(const char *path, const record *r, const record *known,
                                     FILE *warn);

/**
 * Write @p r as a new file in @p dir (made if missing), named after the
 * time @p stamp ("2026-11-24-103000") and, when that name is taken, a
 * number: the file's name in @p written (@p cap bytes). @return true when
 * written; false with the reason, translated, in @p written.
 */
bool gamefile_export(const char *dir, const char *stamp, const record *r, char *written,
                     size_t cap);

#endif /* GAME_GAMEFILE_H */
