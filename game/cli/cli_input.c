/* cli_input.c - the player's typed moves: line reading that survives Ctrl-C
 * and overlong lines, and move parsing with a reason for each refusal. */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* isatty, fileno */
#endif

#include "cli_input.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#include <io.h>
#define CLI_ISATTY(fd) _isatty(fd)
#define CLI_FILENO(f) _fileno(f)
#else
#include <unistd.h>
#define CLI_ISATTY(fd) isatty(fd)
#define CLI_FILENO(f) fileno(f)
#endif

#include "cli_board.h"
#include "cli_signal.h"
#include "i18n.h"
#include "numparse.h"

/* A move is one number (a square) or two (row and column); a third token
 * is an error, so we look at no more than this many. */
#define MAX_TOKENS 3
/* Longest token quoted back in a message. */
#define TOKEN_MAX 32

/* Words that are commands rather than moves. */
static const char *const QUIT_WORDS[] = {"q", "quit", "exit"};
static const char *const HELP_WORDS[] = {"h", "help", "?"};

/* Case-insensitive: is @p word one of @p list? */
static int word_in(const char *word, const char *const *list, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const char *a = word, *b = list[i];
        while (*a && *b && tolower((unsigned char)*a) == tolower((unsigned char)*b))
            a++, b++;
        if (*a == '\0' && *b == '\0') return 1;
    }
    return 0;
}

static int is_separator(char ch)
{
    return isspace((unsigned char)ch) || ch == ',';
}

/* Splits @p line into at most MAX_TOKENS tokens (truncated to TOKEN_MAX-1
 * characters); returns how many there are, counting past MAX_TOKENS. */
static int split(const char *line, char tokens[MAX_TOKENS][TOKEN_MAX])
{
    int n = 0;
    const char *p = line;
    for (;;) {
        while (*p && is_separator(*p))
            p++;
        if (!*p) break;
        const char *start = p;
        while (*p && !is_separator(*p))
            p++;
        if (n < MAX_TOKENS) {
            size_t len = (size_t)(p - start);
            if (len >= TOKEN_MAX) len = TOKEN_MAX - 1;
            memcpy(tokens[n], start, len);
            tokens[n][len] = '\0';
        }
        n++;
    }
    return n;
}

/* Reads a token as a number; on failure writes the reason and returns 0. */
static int token_number(const char *token, long *value, cli_input *out)
{
    switch (numparse_long(token, LONG_MIN, LONG_MAX, value)) {
    case NUMPARSE_OK: return 1;
    case NUMPARSE_RANGE: /* beyond long: off the board either way */
        *value = token[0] == '-' ? LONG_MIN : LONG_MAX;
        return 1;
    case NUMPARSE_NOT_NUMBER: break;
    }
    snprintf(out->reason, sizeof out->reason, _("'%s' is not a number"), token);
    return 0;
}

static void refuse(cli_input *out, const char *reason)
{
    out->kind = CLI_INPUT_INVALID;
    snprintf(out->reason, sizeof out->reason, "%s", reason);
}

void cli_parse_move(const ttt_game *game, const char *line, cli_input *out)
{
    char tokens[MAX_TOKENS][TOKEN_MAX];
    out->kind = CLI_INPUT_INVALID;
    out->pos.row = out->pos.col = 0;
    out->reason[0] = '\0';
    if (!game) {
        refuse(out, _("no game"));
        return;
    }
    int size = ttt_game_size(game);
    long squares = (long)size * size;
    int n = split(line, tokens);
    if (n == 0) {
        snprintf(out->reason, sizeof out->reason,
                 _("nothing typed: enter a row and a column (1 to %d) or a square (1 to %ld)"),
                 size, squares);
        return;
    }
    if (n == 1 && word_in(tokens[0], QUIT_WORDS, sizeof QUIT_WORDS / sizeof QUIT_WORDS[0])) {
        out->kind = CLI_INPUT_QUIT;
        return;
    }
    if (n == 1 && word_in(tokens[0], HELP_WORDS, sizeof HELP_WORDS / sizeof HELP_WORDS[0])) {
        out->kind = CLI_INPUT_HELP;
        return;
    }
    if (n > 2) {
        snprintf(out->reason, sizeof out->reason, "%s",
                 _("too many numbers: enter a row and a column (like '2 3') or one square "
                   "number"));
        return;
    }
    long first = 0, second = 0;
    if (!token_number(tokens[0], &first, out)) return;
    if (n == 2 && !token_number(tokens[1], &second, out)) return;

    if (n == 1) {
        if (first < 1 || first > squares) {
            snprintf(out->reason, sizeof out->reason,
                     _("square %s is outside the board (squares are 1 to %ld)"), tokens[0],
                     squares);
            return;
        }
        out->pos.row = (int)((first - 1) / size);
        out->pos.col = (int)((first - 1) % size);
    } else {
        if (first < 1 || first > size) {
            snprintf(out->reason, sizeof out->reason,
                     _("row %s is outside the board (rows are 1 to %d)"), tokens[0], size);
            return;
        }
        if (second < 1 || second > size) {
            snprintf(out->reason, sizeof out->reason,
                     _("column %s is outside the board (columns are 1 to %d)"), tokens[1], size);
            return;
        }
        out->pos.row = (int)first - 1;
        out->pos.col = (int)second - 1;
    }

    ttt_status st = ttt_game_can_move(game, out->pos);
    if (st == TTT_ERR_OCCUPIED) {
        ttt_player owner = TTT_PLAYER_NONE; /* on the board: can_move said occupied */
        (void)ttt_game_owner(game, out->pos, &owner);
        snprintf(out->reason, sizeof out->reason,
                 _("row %d, column %d (square %d) is already taken by %c"), out->pos.row + 1,
                 out->pos.col + 1, cli_square_number(size, out->pos), cli_player_char(owner));
        return;
    }
    if (st != TTT_OK) {
        refuse(out, cli_status_text(st));
        return;
    }
    out->kind = CLI_INPUT_MOVE;
}

cli_read_status cli_read_line(FILE *in, char *buf, size_t cap)
{
    if (cap < 2) return CLI_READ_ERROR;
    /* Ctrl-C pressed between the last check and the read below is only seen
     * when the read returns: a window of microseconds, and a second Ctrl-C
     * always ends the game. Closing the window would take a self-pipe and
     * select(), which standard C's stdio cannot express. */
    if (cli_signal_interrupted()) return CLI_READ_INTERRUPTED;
    /* Byte by byte (stdio buffers them), so a NUL is seen as a byte of the
     * line rather than its end, as fgets() and strlen() would take it. */
    size_t len = 0, total = 0;
    int nul = 0, ch;
    errno = 0;
    while ((ch = getc(in)) != EOF && ch != '\n') {
        if (ch == '\0') nul = 1;
        if (len < cap - 1) buf[len++] = (char)ch;
        if (++total > CLI_LINE_SKIP_MAX) {
            buf[0] = '\0';
            return CLI_READ_ENDLESS;
        }
        if (cli_signal_interrupted()) return CLI_READ_INTERRUPTED;
    }
    if (ch == EOF) {
        /* A signal interrupts the read (no SA_RESTART) and sets the flag. */
        if (cli_signal_interrupted()) return CLI_READ_INTERRUPTED;
        if (ferror(in)) return CLI_READ_ERROR;
        if (total == 0) return CLI_READ_EOF;
        /* else: the last line, without a newline */
    }
    if (cli_signal_interrupted()) return CLI_READ_INTERRUPTED;
    if (total > cap - 1) {
        buf[0] = '\0';
        return nul ? CLI_READ_NUL : CLI_READ_TOO_LONG;
    }
    if (len > 0 && buf[len - 1] == '\r') len--; /* typed on Windows */
    buf[len] = '\0';
    return nul ? CLI_READ_NUL : CLI_READ_OK;
}

int cli_stdin_is_terminal(void)
{
    return CLI_ISATTY(CLI_FILENO(stdin)) != 0;
}
