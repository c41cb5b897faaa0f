/*
 * screen_puzzle.h - the puzzles: a puzzle played on the game's board
 * (SCREEN_PUZZLE, drawn by the game screen from the view, view_puzzle.c)
 * and its chooser, a panel over it (SCREEN_PUZZLE_MENU: the board, the
 * level, the daily puzzle). The player's moves are answered on the AI
 * worker (WORKER_JOB_PUZZLE); the render thread never waits for them.
 */
#ifndef GAME_SCREEN_PUZZLE_H
#define GAME_SCREEN_PUZZLE_H

#include <stdbool.h>

#include "app_state.h"
#include "draw.h"
#include "worker.h"

/** The chooser's rows, top to bottom. */
typedef enum puzzle_menu_row {
    PUZZLE_MENU_BOARD = 0,
    PUZZLE_MENU_LEVEL,
    PUZZLE_MENU_PLAY,
    PUZZLE_MENU_DAILY,
    PUZZLE_MENU_COUNT
} puzzle_menu_row;

/** Open the puzzles: the puzzle last played (or the first of the current
 *  board) on the board, the chooser over it. The game's turn waits. */
void screen_puzzle_open(app_state *app);

/** Close the puzzles: back to the game. */
void screen_puzzle_close(app_state *app);

/** Start puzzle @p index (@p daily: the daily puzzle of @p day). */
void screen_puzzle_start(app_state *app, int index, bool daily, int64_t day);

/** The day the daily puzzle is for: app_config's puzzle_date, else today (UTC). */
int64_t screen_puzzle_today(const app_state *app);

/** The board size to lay out while the puzzles show. */
int screen_puzzle_board_size(const app_state *app);

/** The worker's answer to a puzzle move: shown, and counted in the
 *  statistics when the puzzle ends. */
void screen_puzzle_on_result(app_state *app, const worker_result *r);

/** The table's operations of the puzzle on the board (screens.c). */
int screen_puzzle_do(app_state *app, app_action action);
int screen_puzzle_mouse_down(app_state *app, int x, int y);
bool screen_puzzle_clickable(const app_state *app, int x, int y);
/** Its key highlight after a miss: a ring and a faint mark on the move
 *  that would have won. */
void screen_puzzle_draw_board(draw_ctx *d, const app_state *app, const view_puzzle *v);

/** The chooser's operations. */
void screen_puzzle_menu_shown(app_state *app, bool open);
int screen_puzzle_menu_do(app_state *app, app_action action);
int screen_puzzle_menu_mouse_down(app_state *app, int x, int y);
bool screen_puzzle_menu_clickable(const app_state *app, int x, int y);
void screen_puzzle_menu_draw(draw_ctx *d, const app_state *app);

/** A chooser row's text now ("Board: 7×7, 5 in a row"), in the current language. */
void screen_puzzle_menu_label(const app_state *app, int row, char *buf, size_t cap);

#endif /* GAME_SCREEN_PUZZLE_H */
