/*
 * app.h - the desktop game's main loop, in the shape of SDL3's examples:
 * init, event, iterate (app_step) and quit over one app_state (app_state.h).
 *
 * Events and the per-frame update change the state (input through input.c
 * and the screens, the turn flow through play.c); drawing only reads it.
 * Tests drive the same functions with pushed SDL events under the dummy
 * video driver.
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
 * box is attempted for a missing font); call app_quit() either way. In a
 * browser (Emscripten) only SDL is started here: the rest comes in steps,
 * one per app_step() (app_state's started says when it is done), and a
 * failed step ends the loop with exit status 1.
 */
bool app_init(app_state *app, const settings *s, const app_config *cfg);

/** Handle one SDL event. */
void app_event(app_state *app, const SDL_Event *ev);

/** Poll every pending event, then update, draw and present one frame (in a
 *  browser, until the start is done: its next step instead).
 *  @return false once the app wants to quit (the last frame was drawn). */
bool app_step(app_state *app);

/** Run app_step() until quit. @return the process exit status. */
int app_run(app_state *app);

/** Print --stats if asked, stop the worker (cancelling a search), free all. */
void app_quit(app_state *app);

/** Draw the current frame into a new ARGB8888 surface (for screenshots and
 *  tests). @return NULL on failure (logged). The caller frees it. */
SDL_Surface *app_capture(app_state *app);

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
