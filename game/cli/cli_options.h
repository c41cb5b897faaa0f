/* cli_options.h - the options several `ttt` commands share, read in one
 * place so that they mean the same everywhere:
 *   --size N   a board size the programs offer (board_defaults.h);
 *   --k K      marks in a line to win, 3 to the size: checked once every
 *              option is read, so `--k 4 --size 5` and `--size 5 --k 4`
 *              are the same; the board's default when it is absent;
 *   --time MS  thinking or analysis time, 1 to the command's longest.
 * Given twice, the last one counts. A command lists the ones it takes in
 * its option table (CLI_OPTION_SIZE, ...) and hands their values to
 * cli_shared_read(). */
#ifndef CLI_OPTIONS_H
#define CLI_OPTIONS_H

#include <stdbool.h>

#include "cli_args.h"

/* The shared options' entries in a command's table of cli_option. */
#define CLI_OPTION_SIZE                                                                            \
    {                                                                                              \
        "size", 0, true                                                                            \
    }
#define CLI_OPTION_K                                                                               \
    {                                                                                              \
        "k", 0, true                                                                               \
    }
#define CLI_OPTION_TIME                                                                            \
    {                                                                                              \
        "time", 0, true                                                                            \
    }

/* Which shared option a value belongs to. */
typedef enum cli_shared_option { CLI_SHARED_SIZE, CLI_SHARED_K, CLI_SHARED_TIME } cli_shared_option;

/* The shared options as read so far. */
typedef struct cli_shared {
    int size;           /* --size, or TTT_MIN_SIZE */
    bool size_given;    /* --size was given */
    const char *k_text; /* --k as typed (points into argv), or NULL */
    int time_ms;        /* --time, or the command's default */
    int max_time_ms;    /* the longest --time the command accepts */
} cli_shared;

/* The defaults: a 3x3 board, its k, and @p default_time_ms; --time
 * accepted from 1 to @p max_time_ms. */
void cli_shared_init(cli_shared *sh, int default_time_ms, int max_time_ms);

/* Reads @p value for the shared option @p which. Returns false after
 * reporting a usage error for @p command (cli_usage_error). */
bool cli_shared_read(cli_shared *sh, const char *command, cli_shared_option which,
                     const char *value);

/* Once every option is read: *k is --k checked against @p size (the
 * board's, which may come from elsewhere than --size), or the default k
 * for @p size. Returns CLI_EXIT_OK, CLI_EXIT_USAGE (reported) or
 * CLI_EXIT_FAILURE (a size the programs do not offer: a bug). */
int cli_shared_k(const cli_shared *sh, const char *command, int size, int *k);

#endif /* CLI_OPTIONS_H */
