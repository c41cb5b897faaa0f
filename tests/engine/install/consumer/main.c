/* main.c - a tiny application built against an installed ttt engine by the
 * install test (once through find_package, once through pkg-config). It is
 * also the API example in README.md and docs/engine.md: keep the three the
 * same (tests/doc_example.cmake checks). */
#include <stdio.h>

#include <ttt/ttt.h>

int main(void)
{
    ttt_game *game = NULL;
    ttt_status st = ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &game); /* 3x3, 3 in a row, X first */
    if (st != TTT_OK) {
        fprintf(stderr, "cannot start a game: %s\n", ttt_status_message(st));
        return 1;
    }

    /* X takes the centre and a diagonal while O plays along the top row.
     * One call per move: it refuses an illegal one (occupied, outside the
     * board, game over) and otherwise reports the state after the move. */
    const ttt_pos moves[] = {{1, 1}, {0, 1}, {0, 0}, {0, 2}, {2, 2}};
    ttt_state state = ttt_game_state(game);
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        st = ttt_game_move(game, moves[i], &state);
        if (st != TTT_OK) fprintf(stderr, "move refused: %s\n", ttt_status_message(st));
    }

    char text[TTT_FORMAT_MAX]; /* always large enough */
    ttt_game_format(game, TTT_FORMAT_GRID, text, sizeof text, NULL);
    fputs(text, stdout);

    if (state == TTT_STATE_X_WON) {
        ttt_line won[TTT_MAX_WINNING_SETS]; /* one move can complete several lines */
        int count = 0;
        ttt_game_winning_lines(game, won, TTT_MAX_WINNING_SETS, &count);
        for (int i = 0; i < count; i++) {
            const ttt_line *l = &won[i];
            printf("X wins: strike from (%d,%d) to (%d,%d)\n", l->squares[0].row, l->squares[0].col,
                   l->squares[l->length - 1].row, l->squares[l->length - 1].col);
        }
    }

    /* Next game: O goes first, and the computer picks O's opening. */
    ttt_game_start_next(game);
    ttt_ai_options opts;
    TTT_INIT(&opts); /* zero is the default: perfect play, seed 0 */
    ttt_ai_result ai;
    TTT_INIT(&ai); /* results carry their size too, so later versions can grow them */
    if (ttt_ai_move(NULL, game, &opts, &ai) == TTT_OK) /* NULL: no context kept */
        printf("The computer opens at (%d,%d)\n", ai.move.row, ai.move.col);

    printf("ttt engine %s\n", ttt_version());
    ttt_game_free(game);
    return state == TTT_STATE_X_WON ? 0 : 1;
}
