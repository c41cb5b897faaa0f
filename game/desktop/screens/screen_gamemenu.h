/*
 * screen_gamemenu.h - the game menu: a panel over the game, opened by the
 * Menu button (F10, a gamepad's Start), with what is not a move: review
 * the game, replay the last one, the statistics, save the game as a game
 * record, the settings and the help. Each entry also has its own key. Its
 * input (clicks, the arrows and Enter) and its drawing side by side.
 *
 * An entry chosen closes the menu and becomes the action it stands for,
 * which the caller (input.c) does, so the menu never opens another screen
 * itself.
 */
#ifndef GAME_SCREEN_GAMEMENU_H
#define GAME_SCREEN_GAMEMENU_H

#include <stdbool.h>

#include "app_state.h"
#include "draw.h"

/** The menu's entries, top to bottom. */
typedef enum gamemenu_entry {
    GAMEMENU_REVIEW = 0,
    GAMEMENU_REPLAY,
    GAMEMENU_STATS,
    GAMEMENU_PUZZLES,
    GAMEMENU_SAVE,
    GAMEMENU_ONLINE, /**< Play a friend online (the lobby); disabled in a build without it. */
    GAMEMENU_SETTINGS,
    GAMEMENU_HELP,
    GAMEMENU_COUNT
} gamemenu_entry;

/** The menu was opened or closed (screen_show(), screens.h): the fade starts now; the focus on the
 * first entry that can be used). */
void screen_gamemenu_shown(app_state *app, bool open);

/** An action while the menu is open: the arrows move the focus, Enter
 *  chooses, Esc and Menu close it. @return the action the entry chosen
 *  stands for (the caller does it), or -1. */
int screen_gamemenu_do(app_state *app, app_action action);

/** A click: an entry is chosen (its action returned), anywhere else
 *  closes the menu. @return the action, or -1. */
int screen_gamemenu_mouse_down(app_state *app, int x, int y);

/** Can what is under (@p x, @p y) be clicked? */
bool screen_gamemenu_clickable(const app_state *app, int x, int y);

/** Can entry @p e be used now (a game to review, replay or save)? */
bool screen_gamemenu_enabled(const app_state *app, gamemenu_entry e);

/** Entry @p e's label and its key, translated. */
const char *screen_gamemenu_label(gamemenu_entry e);
const char *screen_gamemenu_key(gamemenu_entry e);

/** Draw the menu over the game. */
void screen_gamemenu_draw(draw_ctx *d, const app_state *app);

#endif /* GAME_SCREEN_GAMEMENU_H */
