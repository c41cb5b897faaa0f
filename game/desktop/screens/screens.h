/*
 * screens.h - the table of screens: what each screen does with an action,
 * a click, the wheel, and how it draws, and the calls that open and close
 * them. input.c and render.c go through this table only; the stack of
 * screens showing is app_state's `screens` (screen_stack.h).
 *
 * Adding a screen: an id in screen_stack.h at its layer, a file
 * screens/screen_NAME.c with its functions, and its row in the table in
 * screens.c.
 */
#ifndef GAME_SCREENS_H
#define GAME_SCREENS_H

#include <stdbool.h>

#include "app_state.h"
#include "draw.h"

/** What a screen lets through to the layers under it. */
enum screen_flags {
    /** A panel over the game: nothing of the game is under the pointer, the
     *  game's buttons and the overlay are hidden, the board takes no keys. */
    SCREEN_PANEL = 1u << 0,
    /** The game's own actions (the game menu, statistics, settings, review,
     *  replay, saving a record) work while this screen is on top. */
    SCREEN_GAME_ACTIONS = 1u << 1
};

/** One screen's operations. Only `name` and `act` are required. */
typedef struct screen_ops {
    const char *name; /**< Short and stable, for logs and the test hooks ("settings"). */
    unsigned flags;   /**< screen_flags. */
    /** Opened (@p open true) or closed: start a fade, reset a focus. */
    void (*shown)(app_state *app, bool open);
    /** An action while the screen is on top. @return an action to do next
     *  (a menu's choice, after the menu closed), or -1. */
    int (*act)(app_state *app, app_action action);
    /** A click at (@p x, @p y) while on top. @return an action to do (a
     *  button), or -1. */
    int (*mouse_down)(app_state *app, int x, int y);
    /** Can what is under (@p x, @p y) be clicked? */
    bool (*clickable)(const app_state *app, int x, int y);
    /** A key while on top, before it becomes an action: @return true when
     *  the screen took it (typing). */
    bool (*key)(app_state *app, SDL_Keycode key, Uint16 mod);
    /** Text typed while on top (UTF-8, from SDL_TEXTINPUT). */
    void (*text)(app_state *app, const char *utf8);
    /** The wheel turned @p steps (positive: towards the user). */
    void (*wheel)(app_state *app, int steps);
    /** Draw the screen over those under it; NULL for the game and the
     *  review, which render.c's cached layers draw. */
    void (*draw)(draw_ctx *d, const app_state *app);
} screen_ops;

/** The operations of screen @p id (never NULL for an id below SCREEN_COUNT). */
const screen_ops *screen_ops_of(screen_id id);

/** The screen on top, which takes the input. */
screen_id screen_top(const app_state *app);

/** Open (@p open true) or close screen @p id; nothing when it already is
 *  so. The game cannot be closed. */
void screen_show(app_state *app, screen_id id, bool open);

/** Is a panel (SCREEN_PANEL) showing, so that nothing of the game is under
 *  the pointer? */
bool screen_panel_open(const app_state *app);

/** Whether entry @p e of a panel's list can be chosen now. */
typedef bool (*screen_entry_usable)(const app_state *app, int e);

/** The next entry of a list of @p count from @p from in @p step's
 *  direction (wrapping) that @p usable accepts; @p from when none does.
 *  The keyboard's walk through the game menu, the lobby and the chooser. */
int screen_list_next(const app_state *app, int from, int step, int count,
                     screen_entry_usable usable);

#endif /* GAME_SCREENS_H */
