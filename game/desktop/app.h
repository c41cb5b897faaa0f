/*
 * app.h - the desktop game's main loop, in the shape of SDL3's examples:
 * init, event, iterate (app_step) and quit over one app_state (app_state.h).
 *
 * Events and the per-frame update change the state (the turn flow through
 * play.c); render.c only reads it. Tests drive the same functions with
 * pushed SDL events under the dummy video driver.
 */
#ifndef GAME_APP_H
#define GAME_APP_H

#include <stdbool.h>
#include <stdio.h>

#include <SDL.h>

#include "app_state.h"

/** Fill @p cfg with the defaults for the real program. */
void app_config_defaults(app_config *cfg);

/**
 * Read the settings file at @p path into @p saved (the caller owns both; they
 * must outlive the app) and point @p cfg at them. A file that exists but
 * cannot be read (PREFS_UNREADABLE: too large, a read error, no permission)
 * is left alone: @p cfg gets no settings path, so nothing is saved this
 * session and the scores in it are not overwritten with defaults.
 * @return What prefs_load() said.
 */
prefs_status app_config_load_prefs(app_config *cfg, const char *path, prefs *saved, FILE *warn);

/**
 * Start SDL, open the window, load the fonts, start the AI worker and the
 * first game. On failure returns false (the reason is logged, and a message
 * box is attempted for a missing font); call app_quit() either way.
 */
bool app_init(app_state *app, const settings *s, const app_config *cfg);

/** Handle one SDL event. */
void app_event(app_state *app, const SDL_Event *ev);

/** Poll every pending event, then update, draw and present one frame.
 *  @return false once the app wants to quit (the last frame was drawn). */
bool app_step(app_state *app);

/** Run app_step() until quit. @return the process exit status. */
int app_run(app_state *app);

/** Print --stats if asked, stop the worker (cancelling a search), free all. */
void app_quit(app_state *app);

/** Draw the current frame into a new ARGB8888 surface (for screenshots and
 *  tests). @return NULL on failure (logged). The caller frees it. */
SDL_Surface *app_capture(app_state *app);

/**
 * What a player can ask for, whatever the device: keys (key_down in app.c),
 * mouse clicks on the buttons, and a gamepad all become one of these and go
 * through app_do(), the one place where input turns into what happens.
 */
typedef enum app_action {
    APP_ACTION_NEW_GAME = 0,
    APP_ACTION_UNDO,
    APP_ACTION_REDO,
    APP_ACTION_HINT,       /**< Hint on or off. */
    APP_ACTION_SETTINGS,   /**< Open the settings, or close them. */
    APP_ACTION_BACK,       /**< Esc: close the help or the settings; else open the settings. */
    APP_ACTION_HELP,       /**< Help on or off. */
    APP_ACTION_OVERLAY,    /**< Performance overlay on or off. */
    APP_ACTION_SOUND,      /**< Sound on or off. */
    APP_ACTION_FULLSCREEN, /**< Fullscreen on or off. */
    APP_ACTION_UP,         /**< Arrows: the board's cursor, or the settings' focus and value. */
    APP_ACTION_DOWN,
    APP_ACTION_LEFT,
    APP_ACTION_RIGHT,
    APP_ACTION_NEXT,     /**< Tab: the next setting. */
    APP_ACTION_PREVIOUS, /**< Shift+Tab: the previous setting. */
    APP_ACTION_ACTIVATE  /**< Enter, Space: place a mark at the cursor (the first press only
                              shows a hidden cursor), or press the focused setting. */
} app_action;

/** Do what @p action asks in the current screen (game, settings or help). */
void app_do(app_state *app, app_action action);

/** Hand the settings file a snapshot now if anything changed: the saver's
 *  thread writes it (saver.h); this never waits for the disk. */
void app_save_prefs(app_state *app);

/**
 * Wait until every snapshot handed to the saver so far is in the file (or
 * failed), at most @p timeout_ms, and handle the results (tests read the
 * file after this). @return true when nothing was left to save.
 */
bool app_wait_for_saves(app_state *app, Uint32 timeout_ms);

#endif /* GAME_APP_H */
