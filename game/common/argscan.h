/*
 * argscan.h - the programs' one command-line scanner (`ttt` and the
 * desktop game): it walks argv and says, argument by argument, which of a
 * table of options it is, with its value, or that it is a plain
 * (positional) argument. What an option means stays with each program.
 *
 * What it accepts:
 *   --name            a long option, matched exactly: an abbreviation
 *                     (`--siz` for `--size`) is refused, and the message
 *                     names the options it could have meant;
 *   --name=VALUE      a long option's value after '=';
 *   --name VALUE      or in the next argument (whatever it looks like);
 *   -c, -c=VALUE,     a short option (one letter), its value after '=' or
 *   -c VALUE          in the next argument;
 *   --                the end of the options: every argument after it is
 *                     positional.
 * An argument that starts with "--" or "-" followed by a letter is an
 * option; anything else ("-", "-1", a board such as "---------") is
 * positional. Refused: an unknown or abbreviated option, an option without
 * the value it needs, a value given to an option that takes none.
 *
 * The scanner prints nothing: after ARGSCAN_ERROR, argscan_message() writes
 * the reason as one line (translated: the messages are in both programs'
 * catalogues), which each program reports its own way.
 *
 *     argscan s;
 *     argscan_init(&s, argc, argv);
 *     const char *value;
 *     int i;
 *     while ((i = argscan_next(&s, OPTIONS, COUNT, &value)) != ARGSCAN_END) {
 *         if (i == ARGSCAN_ERROR) { argscan_message(&s, OPTIONS, COUNT, buf, sizeof buf); ... }
 *         else if (i == ARGSCAN_POSITIONAL) { ...value... }
 *         else { ...OPTIONS[i], value (NULL for an option without one)... }
 *     }
 */
#ifndef GAME_ARGSCAN_H
#define GAME_ARGSCAN_H

#include <stdbool.h>
#include <stddef.h>

/** One option a program accepts. */
typedef struct argscan_option {
    const char *name; /**< Long name without the leading "--" ("size"), or NULL for none. */
    char short_name;  /**< Letter after one '-' ('d' for -d), or 0 for none. */
    bool takes_value; /**< "--name VALUE" or "--name=VALUE"; else a flag. */
} argscan_option;

/** What argscan_next() returns when it is not an option's index in the table. */
enum {
    ARGSCAN_END = -1,       /**< No arguments left. */
    ARGSCAN_ERROR = -2,     /**< A refused argument: see argscan_message(). */
    ARGSCAN_POSITIONAL = -3 /**< A plain argument, in *value. */
};

/** Why the last argument was refused. */
typedef enum argscan_error {
    ARGSCAN_OK = 0,           /**< Nothing was refused. */
    ARGSCAN_UNKNOWN,          /**< No option has that name. */
    ARGSCAN_ABBREVIATED,      /**< The start of one or more options' names: not accepted. */
    ARGSCAN_MISSING_VALUE,    /**< The option needs a value and the arguments ended. */
    ARGSCAN_UNEXPECTED_VALUE, /**< "--flag=VALUE" for an option that takes no value. */
} argscan_error;

/** The walk over one argv. Read the fields, do not write them. */
typedef struct argscan {
    int argc;
    char *const *argv;   /**< argv[0] is the program's or the command's name: skipped. */
    int next;            /**< Index of the next argument to look at. */
    bool options_ended;  /**< "--" was seen: everything after it is positional. */
    argscan_error error; /**< Why the last ARGSCAN_ERROR was returned. */
    const char *bad_arg; /**< The argument refused (whole, as typed), or NULL. */
    int bad_option;      /**< Its option's index (missing or unexpected value), else -1. */
} argscan;

/** Starts a walk over @p argv (not copied: it must outlive the walk). */
void argscan_init(argscan *s, int argc, char *const *argv);

/**
 * The next argument: the index in @p options of the option it is (and its
 * value in *value, or NULL when it takes none), ARGSCAN_POSITIONAL (the
 * argument in *value), ARGSCAN_END, or ARGSCAN_ERROR (s->error says why;
 * the walk may go on after it). *value points into argv.
 */
int argscan_next(argscan *s, const argscan_option *options, size_t count, const char **value);

/** Longest part of a refused option's name quoted in a message, in bytes;
 *  a longer one is cut there and ends in "...". */
#define ARGSCAN_QUOTED_MAX 40

/**
 * Writes why the last argument was refused, as one line without a line end
 * ("unknown option '--siz': options are not abbreviated (did you mean
 * --size?)"), into @p buf (@p cap bytes, always NUL-terminated when cap is
 * not 0). @p options and @p count are the table given to argscan_next().
 * The text quotes what was typed unescaped: escape it before a terminal
 * shows it (textesc.h). Returns @p buf.
 */
char *argscan_message(const argscan *s, const argscan_option *options, size_t count, char *buf,
                      size_t cap);

#endif /* GAME_ARGSCAN_H */
