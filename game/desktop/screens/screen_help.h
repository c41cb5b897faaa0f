/*
 * screen_help.h - the help screen: every key and pad button, in a panel
 * over the game. Its input (Esc, Enter, Space or a click put it away) and
 * its drawing side by side.
 */
#ifndef GAME_SCREEN_HELP_H
#define GAME_SCREEN_HELP_H

#include <stdbool.h>

#include "app_state.h"
#include "draw.h"

/** The help was shown or put away (screen_show(), screens.h): the fade starts now. */
void screen_help_shown(app_state *app, bool open);

/** An action while the help shows: Esc, Enter and Space put it away; the
 *  rest are ignored (the help is a note over the game). */
void screen_help_do(app_state *app, app_action action);

/** A click anywhere puts the help away. */
void screen_help_mouse_down(app_state *app);

/** Can the game be saved to a file here (Ctrl+S)? Not in a browser, nor
 *  in a run without a settings folder or a records folder. The help lists
 *  Ctrl+S only then (it lists only keys that work). */
bool screen_help_saving(const app_state *app);

/** The help's lines as @p app shows them, for drawing and for a screen
 *  reader (the browser's mirror, the desktop's speech). */
int screen_help_line_count(const app_state *app);

/** Line @p i of the help as @p app shows it: its key(s) and what they do,
 *  translated (empty strings past the last line). */
void screen_help_line(const app_state *app, int i, const char **key, const char **what);

/** Draw the help over the game. */
void screen_help_draw(draw_ctx *d, const app_state *app);

#endif /* GAME_SCREEN_HELP_H */
