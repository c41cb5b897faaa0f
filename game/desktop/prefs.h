/*
 * prefs.h - the settings file: settings and scores kept across runs.
 *
 * The file is INI text, read with libinih and written with plain stdio:
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
 * inih read them, with no blanks added, so that the saved file reads back
 * as the same section, key and value. An unknown entry that no line reads
 * back that way is not kept: one warning (for all of them) when the file is
 * read, and it is gone after the next save. That is an entry whose section
 * name has a ']', is 50 bytes or longer or has a blank before a ';'; whose
 * key or value starts or ends with a blank or has a blank before a ';' (an
 * inline comment); whose key starts with ';', '#' or '[' or has a '=' or ':';
 * or whose line `key=value` is longer than INI_MAX_LINE - 2 (198) bytes.
 * In practice only an indented line (more of the previous key's value, under
 * that key cut to 49 bytes) gives such an entry; an empty key (`=value`) is
 * kept.
 *
 * Writing is atomic: a temporary file in the same directory,
 * flushed and closed with every error checked, then renamed over the file,
 * so a crash or a full disk never leaves a half-written settings file.
 *
 * No SDL here: the app finds the path (SDL_GetPrefPath) and calls these.
 */
#ifndef GAME_PREFS_H
#define GAME_PREFS_H

#include <stdbool.h>
#include <stdio.h>

#include "settings.h"

/** Most unknown entries kept for the round trip; more are dropped (with a warning). */
#define PREFS_MAX_EXTRA 64
/** Longest section or key name kept, including the terminating NUL. */
#define PREFS_NAME_MAX 64
/** Longest value kept, including the terminating NUL (inih's line limit is 200).
 * A kept value also fits on one written line (see the file comment). */
#define PREFS_VALUE_MAX 200
/** Largest settings file read, in bytes; a bigger one is not a settings file. */
#define PREFS_MAX_FILE_BYTES (64 * 1024)
/** Largest score accepted from the file. */
#define PREFS_MAX_SCORE 1000000000L
/** What the temporary file's name adds to the settings file's. */
#define PREFS_TEMP_SUFFIX ".tmp"

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
 * @return The number of problems warned about (0 for a clean file).
 */
int prefs_parse_ini(const char *text, prefs *p, const char *source, FILE *warn);

/**
 * Read @p path into @p p (which is reset to the defaults first).
 * @return PREFS_LOADED, PREFS_MISSING or PREFS_UNREADABLE (warned about).
 */
prefs_status prefs_load(const char *path, prefs *p, FILE *warn);

/**
 * Write @p p as INI text to @p out: the known keys as `key = value`, each
 * section's kept extras as `key=value` after them (an extra that would not
 * read back the same is skipped; prefs_parse_ini() keeps none such).
 */
void prefs_write(const prefs *p, FILE *out);

/**
 * Save @p p to @p path atomically: write PATH.tmp, check fflush and fclose,
 * then rename it over @p path. On failure the temporary file is removed, a
 * warning naming the file and the reason goes to @p warn (NULL: silent) and
 * the old file is untouched.
 * @return true when the file was replaced.
 */
bool prefs_save(const char *path, const prefs *p, FILE *warn);

#endif /* GAME_PREFS_H */
