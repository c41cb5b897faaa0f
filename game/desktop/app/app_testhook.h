/*
 * app_testhook.h - a test-only hook for driving the desktop game from
 * another program (the browser test that plays it through ttt-server:
 * tests/web/test_online.py). Off unless the environment variable
 * TTT_TEST_STDIO is "1"; then:
 *
 *   - each line on standard input is a command, read on a thread of its
 *     own (the loop never waits on it) and run at the next pass:
 *       online create        the lobby's "Create a room" (app_online_create)
 *       online join TEXT     the lobby's "Join" with TEXT typed
 *       online rematch       the board's "New game" online (a rematch)
 *       square ROW COL       a left click on that square (0-based), as the
 *                            mouse's events, through the game's own input
 *       quit                 as closing the window
 *     End of input quits too. Other lines are answered "error ..." on
 *     standard output.
 *   - each pass that changed it prints the game as one line on standard
 *     output:
 *       state board=XX.O..... over=0 online=1 seat=0 code=K7M2QX status=TEXT
 *     (the board row by row, X, O or '.'; seat -1: none; code "-": none;
 *     TEXT the status line as shown, to the end of the line).
 *
 * Not for players: no option names it, and it reads nothing else.
 */
#ifndef GAME_APP_TESTHOOK_H
#define GAME_APP_TESTHOOK_H

#include "app_state.h"

/** At start: turns the hook on when TTT_TEST_STDIO=1 (starts the reader). */
void app_testhook_init(app_state *app);

/** Each pass, once the view is computed: runs the commands that came,
 *  prints the state when it changed. Does nothing when the hook is off. */
void app_testhook_step(app_state *app);

#endif /* GAME_APP_TESTHOOK_H */
