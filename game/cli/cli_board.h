/* cli_board.h - the board as the terminal shows it: a grid with 1-based row
 * and column numbers around it; the words used for outcomes and engine
 * statuses, in the user's language; and padding text to a column by its
 * width on screen rather than its bytes. */
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

/* "win in 3 plies", "draw", "loss in 4 plies", "unknown" into @p buf,
 * translated. */
void cli_outcome_text(ttt_outcome outcome, int plies, char *buf, size_t cap);

/* What an engine status means, for people, translated: in English the same
 * words as ttt_status_message() (cli_unit checks that they agree). Never NULL. */
const char *cli_status_text(ttt_status status);

/* How many characters @p text shows as in the locale's character set (UTF-8
 * text is counted by characters, not bytes). Each character counts as one
 * column, which holds for the scripts of the translations. */
int cli_text_width(const char *text);

/* Alignment of cli_print_padded(). */
typedef enum cli_align { CLI_ALIGN_LEFT, CLI_ALIGN_RIGHT } cli_align;

/* Prints @p text padded with spaces to @p width columns (nothing is cut). */
void cli_print_padded(FILE *out, const char *text, int width, cli_align align);

#endif /* CLI_BOARD_H */
