/* getting_started.c - the smallest complete game against the engine's AI,
 * using only the public API: you are X, the computer is O. Type moves as
 * "row column", both counted from 1 (e.g. "2 3"). Moves are read from
 * standard input, so a game can be scripted:
 *     printf '2 2\n1 1\n3 3\n1 3\n3 1\n' | ./getting_started */
#include <stdio.h>
#include <time.h>

#include "ttt/ttt.h"

/* Prints the board in the engine's grid style. */
static void print_board(const ttt_game *game)
{
    char text[TTT_FORMAT_MAX]; /* always large enough */
    if (ttt_game_format(game, TTT_FORMAT_GRID, text, sizeof text, NULL) == TTT_OK)
        fputs(text, stdout);
}

int main(void)
{
    ttt_game *game = NULL; /* 3x3, three in a row, X first, memory from malloc: */
    ttt_status st = ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &game);
    if (st != TTT_OK) {
        fprintf(stderr, "cannot start a game: %s\n", ttt_status_message(st));
        return 1;
    }
    ttt_ai_options ai;
    TTT_INIT(&ai); /* perfect play by default, but let's give you a chance: */
    ttt_ai_options_preset(&ai, TTT_DIFFICULTY_MEDIUM, 3, 3);
    ai.seed = (uint64_t)time(NULL); /* without a seed every game would be the same */

    ttt_player turn;
    while ((turn = ttt_game_turn(game)) != TTT_PLAYER_NONE) { /* NONE: the game is over */
        print_board(game);
        if (turn == TTT_PLAYER_O) {
            ttt_ai_result r;
            TTT_INIT(&r);
            st = ttt_ai_move(NULL, game, &ai, &r);
            if (st != TTT_OK) break;
            printf("O plays %d %d\n", r.move.row + 1, r.move.col + 1);
            ttt_game_move(game, r.move, NULL); /* the AI's move is always legal */
            continue;
        }
        char line[128];
        int row, col;
        printf("Your move (row column, from 1 to 3): ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            printf("\nEnd of input: bye!\n");
            ttt_game_free(game);
            return 0;
        }
        if (sscanf(line, "%d %d", &row, &col) != 2) {
            printf("Please type two numbers, like: 2 3\n");
            continue;
        }
        ttt_status refused = ttt_game_move(game, (ttt_pos){row - 1, col - 1}, NULL);
        if (refused != TTT_OK) /* a refused move changes nothing */
            printf("Not allowed: %s\n", ttt_status_message(refused));
    }
    if (st != TTT_OK) {
        fprintf(stderr, "the computer could not move: %s\n", ttt_status_message(st));
        ttt_game_free(game);
        return 1;
    }
    print_board(game);
    ttt_player winner = ttt_game_winner(game);
    if (winner == TTT_PLAYER_NONE)
        puts("Draw.");
    else
        puts(winner == TTT_PLAYER_X ? "You win!" : "The computer wins.");
    ttt_game_free(game);
    return 0;
}
