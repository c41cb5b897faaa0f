/*
 * input.h - from devices to what happens: the keyboard's map, the
 * gamepad's, the mouse, and input_do(), the one place where an action goes
 * to the screen showing (the help over the settings over the game).
 *
 * The app (app_events.c) hands events here; each screen's input half
 * (screen_game.c, screen_settings.c, screen_help.c, overlay.c) does the
 * rest. Nothing here draws.
 */
#ifndef GAME_INPUT_H
#define GAME_INPUT_H

#include <stdbool.h>

#include <SDL.h>

#include "app_state.h"

/** Do what @p action asks on the screen showing (game, settings or help);
 *  help, overlay, sound and fullscreen work on every screen. */
void input_do(app_state *app, app_action action);

/** A key was pressed. */
void input_key_down(app_state *app, const SDL_KeyboardEvent *key);

/** A left click at output pixel (@p x, @p y). */
void input_mouse_down(app_state *app, int x, int y);

/** The left button went up (a slider drag ends). */
void input_mouse_up(app_state *app);

/** The mouse moved to output pixel (@p x, @p y). @return whether what is
 *  drawn depends on it (a hover, a slider: a frame is due). */
bool input_mouse_moved(app_state *app, int x, int y);

/** The mouse wheel turned @p steps (up positive): a review steps through
 *  the moves. */
void input_wheel(app_state *app, int steps);

/** A gamepad's button (gamepad.h), as the action it stands for on the
 *  screen showing. */
void input_gamepad(app_state *app, gamepad_action a);

/** The pointer is at (@p x, @p y) (-1, -1: left the window): the hover and
 *  the mouse cursor's shape follow. */
void input_pointer_at(app_state *app, int x, int y);

/** Text typed (SDL_TEXTINPUT, UTF-8) goes to the screen on top, if it takes
 *  typing (the online lobby). */
void input_text(app_state *app, const char *utf8);

#endif /* GAME_INPUT_H */
