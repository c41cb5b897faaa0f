/* cli_board.h - the board as the terminal shows it: a grid with 1-based row
 * and column numbers around it, and the words used for outcomes. */
#ifndef CLI_BOARD_H
#define CLI_BOARD_H

#include <stdio.h>

#include "ttt/ttt.h"

/* Flags for cli_board_print(). */
enum {
    CLI_BOARD_PLAIN = 0,
    CLI_BOARD_NUMBERS = 1 << 0,     /* Empty squares show their square number. */
    CLI_BOARD_WINNING_LINE = 1 << 1 /* Marks on a completed line are shown as [X]. */
};

/* Prints @p game to @p out:
 *
 *        1   2   3
 *      +---+---+---+
 *    1 | X | 2 | 3 |
 *      +---+---+---+
 *    ...
 *
 * Returns TTT_OK or the engine status that stopped it. */
ttt_status cli_board_print(FILE *out, const ttt_game *game, int flags);

/* The 1-based square number of a position: row by row from the top left. */
int cli_square_number(int size, ttt_pos pos);

/* 'X', 'O' or ' '. */
char cli_player_char(ttt_player player);

/* "win in 3 plies", "draw", "loss in 4 plies", "unknown" into @p buf. */
void cli_outcome_text(ttt_outcome outcome, int plies, char *buf, size_t cap);

#endif /* CLI_BOARD_H */
