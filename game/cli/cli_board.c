/* cli_board.c - drawing the board with coordinates, shared by play,
 * analyze and the verbose trace. Coordinates shown to people start at 1. */
#include "cli_board.h"

#include <limits.h>
#include <string.h>
#include <wchar.h>

#include "i18n.h"

/* Width of the column that holds the row numbers, spaces included. */
#define ROW_LABEL_WIDTH 3

/* Prints the "+---+---+" line under the row labels' margin. */
static void print_rule(FILE *out, int size)
{
    fprintf(out, "%*s", ROW_LABEL_WIDTH, "");
    for (int c = 0; c < size; c++)
        fputs("+---", out);
    fputs("+\n", out);
}

/* Marks every square of the winner's completed lines in @p on_line. */
static ttt_status mark_winning_squares(const ttt_game *game, int size, int on_line[])
{
    ttt_line lines[TTT_MAX_WINNING_SETS];
    int count = 0;
    ttt_status st = ttt_game_winning_lines(game, lines, TTT_MAX_WINNING_SETS, &count);
    if (st != TTT_OK) return st;
    for (int i = 0; i < count; i++)
        for (int j = 0; j < lines[i].length; j++)
            on_line[lines[i].squares[j].row * size + lines[i].squares[j].col] = 1;
    return TTT_OK;
}

ttt_status cli_board_print(FILE *out, const ttt_game *game, int flags)
{
    ttt_square squares[TTT_MAX_SQUARES];
    int count = 0, size = ttt_game_size(game);
    ttt_status st = ttt_game_squares(game, squares, TTT_MAX_SQUARES, &count);
    if (st != TTT_OK) return st;

    int on_line[TTT_MAX_SQUARES];
    memset(on_line, 0, sizeof on_line);
    if (flags & CLI_BOARD_WINNING_LINE) {
        st = mark_winning_squares(game, size, on_line);
        if (st != TTT_OK) return st;
    }

    /* Column numbers centred over the cells: margin, then "  N " per cell. */
    fprintf(out, "%*s", ROW_LABEL_WIDTH, "");
    for (int c = 0; c < size; c++)
        fprintf(out, c == 0 ? "  %d" : "   %d", c + 1);
    fputs("\n", out);
    print_rule(out, size);
    for (int r = 0; r < size; r++) {
        fprintf(out, "%*d ", ROW_LABEL_WIDTH - 1, r + 1);
        for (int c = 0; c < size; c++) {
            const ttt_square *sq = &squares[r * size + c];
            if (sq->owner != TTT_PLAYER_NONE) {
                int marked = on_line[r * size + c];
                fprintf(out, "|%c%c%c", marked ? '[' : ' ', cli_player_char(sq->owner),
                        marked ? ']' : ' ');
            } else if (flags & CLI_BOARD_NUMBERS) {
                fprintf(out, "|%2d ", cli_square_number(size, sq->pos));
            } else {
                fputs("|   ", out);
            }
        }
        fputs("|\n", out);
        print_rule(out, size);
    }
    return TTT_OK;
}

int cli_square_number(int size, ttt_pos pos)
{
    return pos.row * size + pos.col + 1;
}

char cli_player_char(ttt_player player)
{
    if (player == TTT_PLAYER_NONE) return ' ';
    return player == TTT_PLAYER_X ? 'X' : 'O';
}

void cli_outcome_text(ttt_outcome outcome, int plies, char *buf, size_t cap)
{
    int n = plies < 0 ? 0 : plies;
    switch (outcome) {
    case TTT_OUTCOME_WIN:
        /* TRANSLATORS: a move is one mark; the count is both players'
           moves from now to the end of the game (the desktop game's
           hints and reviews say it the same way). */
        snprintf(buf, cap, P_("win in %d move", "win in %d moves", n), plies);
        return;
    case TTT_OUTCOME_LOSS:
        snprintf(buf, cap, P_("loss in %d move", "loss in %d moves", n), plies);
        return;
    case TTT_OUTCOME_DRAW: snprintf(buf, cap, "%s", _("draw")); return;
    case TTT_OUTCOME_UNKNOWN: break;
    }
    snprintf(buf, cap, "%s", _("unknown"));
}

const char *cli_status_text(ttt_status status)
{
    /* The engine's words (names.c), here so that they can be translated. */
    switch (status) {
    case TTT_OK: return _("ok");
    case TTT_ERR_NULL: return _("a required pointer argument is NULL");
    case TTT_ERR_SIZE: return _("board size must be between 3 and 8");
    case TTT_ERR_K: return _("line length k must be between 3 and the board size");
    case TTT_ERR_PLAYER: return _("player must be X or O");
    case TTT_ERR_OUTSIDE: return _("square is outside the board");
    case TTT_ERR_OCCUPIED: return _("square is already marked");
    case TTT_ERR_GAME_OVER: return _("the game is over");
    case TTT_ERR_NO_HISTORY: return _("there is no move to undo");
    case TTT_ERR_BUFFER: return _("buffer too small");
    case TTT_ERR_RANGE: return _("argument out of range");
    case TTT_ERR_NOMEM: return _("out of memory");
    case TTT_ERR_PARSE_CHAR:
        return _("board text has a character that is not x, o, '.', '_', '-', '|' or a space");
    case TTT_ERR_PARSE_COUNT: return _("board text does not have size*size squares");
    case TTT_ERR_PARSE_MARKS: return _("mark counts differ by more than one");
    case TTT_ERR_PARSE_TURN: return _("the side to move contradicts the board");
    case TTT_ERR_PARSE_WIN: return _("the lines on the board cannot arise in a legal game");
    case TTT_ERR_STRUCT_SIZE: /* programming errors: never shown to a player */
    case TTT_ERR_ALLOCATOR: break;
    }
    /* A status added to the engine later: its own words, untranslated. */
    return ttt_status_message(status);
}

int cli_text_width(const char *text)
{
    mbstate_t state;
    memset(&state, 0, sizeof state);
    int width = 0;
    size_t left = strlen(text);
    while (left > 0 && width < INT_MAX) {
        size_t n = mbrlen(text, left, &state);
        if (n == (size_t)-1 || n == (size_t)-2) {
            /* Not text in the locale's character set: count the bytes. */
            memset(&state, 0, sizeof state);
            n = 1;
        } else if (n == 0) {
            break;
        }
        text += n;
        left -= n;
        width++;
    }
    return width;
}

void cli_print_padded(FILE *out, const char *text, int width, cli_align align)
{
    int pad = width - cli_text_width(text);
    if (pad < 0) pad = 0;
    if (align == CLI_ALIGN_RIGHT) fprintf(out, "%*s", pad, "");
    fputs(text, out);
    if (align == CLI_ALIGN_LEFT) fprintf(out, "%*s", pad, "");
}
