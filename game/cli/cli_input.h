/* cli_input.h - reading the player's lines and turning them into moves,
 * with a reason for everything refused. Parsing is a pure function so the
 * tests can check every message without a terminal. */
#ifndef CLI_INPUT_H
#define CLI_INPUT_H

#include <stddef.h>
#include <stdio.h>

#include "ttt/ttt.h"

/* Room for one typed line; longer lines are refused as a whole. */
#define CLI_LINE_MAX 256
/* Longest line skipped as "too long"; past it the input is taken to have no
 * line ends at all (/dev/zero, a binary file) and reading stops. */
#define CLI_LINE_SKIP_MAX (64 * 1024)
/* Room for the reason a line was refused, in any language. */
#define CLI_REASON_MAX 256

/* What a typed line means. */
typedef enum cli_command_kind {
    CLI_INPUT_MOVE,   /* A legal move, in pos. */
    CLI_INPUT_QUIT,   /* "q", "quit", "exit". */
    CLI_INPUT_HELP,   /* "h", "help", "?". */
    CLI_INPUT_INVALID /* Refused; the reason is in reason. */
} cli_command_kind;

typedef struct cli_input {
    cli_command_kind kind;
    ttt_pos pos;                 /* 0-based, for CLI_INPUT_MOVE. */
    char reason[CLI_REASON_MAX]; /* For CLI_INPUT_INVALID. */
} cli_input;

/* Reads a line typed for @p game's player to move: "ROW COL" (1-based,
 * separated by spaces or a comma) or a square number 1..size*size. Checks
 * the move against the game (outside, occupied, game over). */
void cli_parse_move(const ttt_game *game, const char *line, cli_input *out);

/* Result of cli_read_line(). */
typedef enum cli_read_status {
    CLI_READ_OK,          /* A line, without its newline, in buf. */
    CLI_READ_EOF,         /* End of input. */
    CLI_READ_INTERRUPTED, /* Ctrl-C. */
    CLI_READ_TOO_LONG,    /* The line did not fit; it has been skipped. */
    CLI_READ_NUL,         /* The line held a NUL byte; it has been skipped. */
    CLI_READ_ENDLESS,     /* No line end in CLI_LINE_SKIP_MAX bytes: stop reading. */
    CLI_READ_ERROR        /* A read error; errno says which. */
} cli_read_status;

/* Reads one line from @p in into @p buf (of @p cap bytes, at least 2): up
 * to and without its "\n" (and a "\r" before it). A line too long for
 * @p buf, or with a NUL byte in it, is read to its end and refused on its
 * own, so the next line is read as it was typed. */
cli_read_status cli_read_line(FILE *in, char *buf, size_t cap);

/* Non-zero when standard input is a terminal (the user's typing is echoed
 * by the terminal; piped input is not, so play echoes it itself). */
int cli_stdin_is_terminal(void);

#endif /* CLI_INPUT_H */
