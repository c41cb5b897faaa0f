/*
 * screen_settings.h - the settings screen: a panel over the game with a
 * row per setting (menu.h says which rows and what each choice does), the
 * mistake probability's slider, Reset scores (pressed twice) and Done. Its
 * input (clicks, the slider's drag, the arrows, Tab and Enter) and its
 * drawing side by side.
 *
 * A choice made here changes the app's settings and, so it is saved, the
 * settings file's copy (app->prefs, never the command line's overrides);
 * what it means for the game (a new size, another side, the computer's
 * strength) goes to the turn flow. The app applies a new language itself
 * after each event (it relays the whole window out).
 */
#ifndef GAME_SCREEN_SETTINGS_H
#define GAME_SCREEN_SETTINGS_H

#include <stdbool.h>

#include "app_state.h"
#include "draw.h"

/** The settings were opened or closed (screen_show(), screens.h): the fade starts now. */
void screen_settings_shown(app_state *app, bool open);

/** Do an action while the settings are open: the arrows, Tab and Enter
 *  move and press; Esc and the settings key close them. */
void screen_settings_do(app_state *app, app_action action);

/** A left click at output pixel (@p x, @p y): a choice, the slider (a drag
 *  starts), Done, or outside the panel (closes it). */
void screen_settings_mouse_down(app_state *app, int x, int y);

/** The mouse moved to @p x while the slider is dragged. */
void screen_settings_drag(app_state *app, int x);

/** Can what is under (@p x, @p y) be clicked (a row's control, Done)? */
bool screen_settings_clickable(const app_state *app, int x, int y);

/** Draw the settings over the game. */
void screen_settings_draw(draw_ctx *d, const app_state *app);

/** What a change of the settings (@p change, a menu_change mask from
 *  menu.h) means for the game, the sound, the speech and the look, as when
 *  made in the panel; the saved settings are the caller's. */
void screen_settings_apply(app_state *app, int change);

#endif /* GAME_SCREEN_SETTINGS_H */
