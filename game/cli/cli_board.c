/* cli_board.c - drawing the board with coordinates, shared by play,
 * analyze and the verbose trace. Coordinates shown to people start at 1. */
#include "cli_board.h"

#include <string.h>

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
    return player == TTT_PLAYER_X ? 'X' : player == TTT_PLAYER_O ? 'O' : ' ';
}

void cli_outcome_text(ttt_outcome outcome, int plies, char *buf, size_t cap)
{
    const char *unit = plies == 1 ? "ply" : "plies";
    switch (outcome) {
    case TTT_OUTCOME_WIN: snprintf(buf, cap, "win in %d %s", plies, unit); return;
    case TTT_OUTCOME_LOSS: snprintf(buf, cap, "loss in %d %s", plies, unit); return;
    case TTT_OUTCOME_DRAW: snprintf(buf, cap, "draw"); return;
    case TTT_OUTCOME_UNKNOWN: break;
    }
    snprintf(buf, cap, "unknown");
}
