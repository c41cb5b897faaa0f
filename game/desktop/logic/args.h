/*
 * args.h - the desktop game's command line.
 *
 * Parsing is a pure function from argv to settings plus run options, so it is
 * tested without SDL. Values given here override the settings for this run
 * only (the caller never saves them back).
 */
#ifndef GAME_ARGS_H
#define GAME_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "settings.h"

/** Default window size in screen points when --width/--height are absent. */
#define ARGS_DEFAULT_WIDTH 720
#define ARGS_DEFAULT_HEIGHT 820
/** Window size limits accepted on the command line, in screen points. */
#define ARGS_MIN_WINDOW 200
#define ARGS_MAX_WINDOW 16384
/** Frame budget limits accepted by --frame-budget-ms. */
#define ARGS_MIN_FRAME_BUDGET_MS 0.1
#define ARGS_MAX_FRAME_BUDGET_MS 1000.0
/** Room for args_parse()'s error message: a settings message
 *  (SETTINGS_MESSAGE_MAX) after the option's name. */
#define ARGS_ERROR_MAX 512

/** What to do after parsing. */
typedef enum args_result {
    ARGS_RUN = 0,  /**< Start the game. */
    ARGS_EXIT = 1, /**< --help or --version was printed: exit with status 0. */
    ARGS_ERROR = 2 /**< Bad flag or value: print the message and usage, exit with status 2. */
} args_result;

/** `--first human|computer`: who moves first in the first game against the
 *  computer, whichever mark that is (`--first x|o` is a setting instead). */
typedef enum args_first_role {
    ARGS_FIRST_BY_MARK = 0, /**< Not given: the settings' first player (x or o). */
    ARGS_FIRST_HUMAN = 1,   /**< The player moves first. */
    ARGS_FIRST_COMPUTER = 2 /**< The computer moves first. */
} args_first_role;

/** Run options that are not settings (they never get saved). */
typedef struct args_options {
    int width, height;         /**< Window size in screen points. */
    bool size_given;           /**< --width or --height was passed (else the saved size is used). */
    bool fullscreen;           /**< Start in desktop fullscreen. */
    bool print_stats;          /**< Print the `key: value` summary on exit. */
    double frame_budget_ms;    /**< 0: from the display's refresh rate. */
    long quit_after_frames;    /**< 0: never. */
    long quit_after_games;     /**< 0: never. */
    const char *screenshot;    /**< BMP path for the last frame, or NULL (points into argv). */
    const char *settings_path; /**< --settings FILE, or NULL (points into argv). */
    bool seed_given;           /**< --seed was passed. */
    unsigned long long seed;   /**< AI seed when seed_given. */
    args_first_role first_role; /**< --first human|computer, against the computer. */
    /** --mode, --size, --k, --side or --first was given: a new game as they say rather than
     *  the game left unfinished. */
    bool game_given;
    const char *open_path; /**< --open FILE: a game record to review (points into argv). */
    /** --server URL: the online game's server (ws:// or wss://), or NULL:
     *  the settings' online file, TTT_SERVER, else hosted in the game. */
    const char *server;
    /** --speech-log FILE: each sentence the game would speak, one a line, written there
     *  instead of being said (tests; points into argv), or NULL. */
    const char *speech_log;
} args_options;

/** Fill @p opts with the defaults (no quitting, no stats, default size). */
void args_defaults(args_options *opts);

/**
 * Parse argv with the programs' scanner (argscan.h). Settings flags update @p s;
 * the rest go to @p opts. `--flag value` and `--flag=value` are both
 * accepted; names are matched whole (`--siz` is refused); `--` ends the
 * options (no argument after it is accepted). On ARGS_ERROR, @p err holds
 * a one-line message. -h/--help and -V/--version print to @p out.
 */
args_result args_parse(int argc, char **argv, settings *s, args_options *opts, FILE *out, char *err,
                       size_t err_cap);

/** Print the usage text to @p out. */
void args_usage(FILE *out, const char *program);

#endif /* GAME_ARGS_H */
