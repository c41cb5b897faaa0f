/*
 * input.c - from devices to actions, and actions to the screen showing
 * (see input.h).
 */
#include "input.h"

#include <string.h>

#include "audio.h"
#include "overlay.h"
#include "screen_game.h"
#include "screen_puzzle.h"
#include "screen_review.h"
#include "screen_settings.h"
#include "screens.h"

/* Is a panel (the settings, the help, the game menu, the statistics) over
 * the game? */
static bool covered(const app_state *app)
{
    return screen_panel_open(app);
}

void input_pointer_at(app_state *app, int x, int y)
{
    app->mouse_x = x;
    app->mouse_y = y;
    app->hover_covered = covered(app);
    screen_id top = screen_top(app);
    /* The board's hover, only while the game itself (or a puzzle played on
     * its board) is on top. */
    bool clickable = screen_game_hover(app, x, y, top != SCREEN_GAME && top != SCREEN_PUZZLE);
    const screen_ops *ops = screen_ops_of(top);
    if (top != SCREEN_GAME && ops->clickable) {
        /* A panel alone says what can be clicked; over a review, the game's
         * buttons still can be. */
        bool mine = ops->clickable(app, x, y);
        clickable = (ops->flags & SCREEN_PANEL) ? mine : (clickable || mine);
    } else if (ops->flags & SCREEN_PANEL) {
        clickable = false;
    }
    /* A hand over what can be clicked. */
    SDL_Cursor *want = clickable ? app->cursor_hand : app->cursor_arrow;
    if (want && SDL_GetCursor() != want) SDL_SetCursor(want);
}

/* A panel opened or closed: what is under the pointer changed. */
static void pointer_after_input(app_state *app)
{
    if (app->hover_covered != covered(app)) input_pointer_at(app, app->mouse_x, app->mouse_y);
}

/* M: sound on or off, saved like a choice made in the menu. */
static void toggle_sound(app_state *app)
{
    app->settings.sound = !app->settings.sound;
    menu_copy_row(&app->prefs.settings, &app->settings, MENU_ROW_SOUND);
    app->prefs_dirty = true;
    app->redraw = true; /* the muted speaker */
    audio_set_enabled(app->audio, app->settings.sound);
}

static void toggle_fullscreen(app_state *app)
{
    bool full = (SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
    if (SDL_SetWindowFullscreen(app->window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP) != 0)
        SDL_Log("Couldn't toggle fullscreen: %s", SDL_GetError());
}

/* The actions of the game's own level, whatever shows on the board (the
 * game or a review): the game menu, the panels it opens, a review.
 * @return true when @p action was one. */
static bool do_on_game_level(app_state *app, app_action action)
{
    switch (action) {
    case APP_ACTION_SETTINGS: screen_show(app, SCREEN_SETTINGS, true); return true;
    case APP_ACTION_MENU: screen_show(app, SCREEN_GAMEMENU, true); return true;
    case APP_ACTION_STATS: screen_show(app, SCREEN_STATS, true); return true;
    case APP_ACTION_ONLINE: screen_show(app, SCREEN_ONLINE, true); return true;
    case APP_ACTION_SAVE_RECORD: app->export_requested = true; return true;
    case APP_ACTION_PUZZLES: screen_puzzle_open(app); return true;
    case APP_ACTION_REVIEW:
        if (app_showing(app, SCREEN_REVIEW))
            screen_review_close(app);
        else
            screen_review_open(app, NULL, false);
        return true;
    case APP_ACTION_REPLAY:
        if (app_showing(app, SCREEN_REVIEW)) return false; /* the review's play and pause */
        screen_review_open(app, NULL, true);
        return true;
    default: return false;
    }
}

/* The action on the screen on top (the table of screens, screens.h); the
 * game's own actions first where that screen lets them through. */
static void do_on_screen(app_state *app, app_action action)
{
    const screen_ops *ops = screen_ops_of(screen_top(app));
    if ((ops->flags & SCREEN_GAME_ACTIONS) && do_on_game_level(app, action)) return;
    int next = ops->act(app, action);
    if (next >= 0) input_do(app, (app_action)next);
}

void input_do(app_state *app, app_action action)
{
    /* These work on every screen. */
    switch (action) {
    case APP_ACTION_HELP: screen_show(app, SCREEN_HELP, !app_showing(app, SCREEN_HELP)); break;
    case APP_ACTION_OVERLAY: overlay_toggle(app); break;
    case APP_ACTION_SOUND: toggle_sound(app); break;
    case APP_ACTION_FULLSCREEN: toggle_fullscreen(app); break;
    case APP_ACTION_NEW_GAME:
    case APP_ACTION_UNDO:
    case APP_ACTION_REDO:
    case APP_ACTION_HINT:
    case APP_ACTION_SETTINGS:
    case APP_ACTION_BACK:
    case APP_ACTION_UP:
    case APP_ACTION_DOWN:
    case APP_ACTION_LEFT:
    case APP_ACTION_RIGHT:
    case APP_ACTION_NEXT:
    case APP_ACTION_PREVIOUS:
    case APP_ACTION_ACTIVATE:
    default: do_on_screen(app, action); break;
    }
    pointer_after_input(app);
}

void input_wheel(app_state *app, int steps)
{
    const screen_ops *ops = screen_ops_of(screen_top(app));
    if (ops->wheel) {
        ops->wheel(app, steps);
        app->redraw = true;
    }
}

/* key_action()'s answers that are no action: a key of the map that does
 * nothing with these modifiers (Ctrl missing), or a key not in the map (a
 * digit, maybe). */
#define KEY_IDLE (-1)
#define KEY_UNMAPPED (-2)

/* The action a key stands for, KEY_IDLE or KEY_UNMAPPED. */
static int key_action(SDL_Keycode k, bool ctrl, bool shift)
{
    switch (k) {
    case SDLK_F10:
    case SDLK_APPLICATION:
    case SDLK_MENU: return APP_ACTION_MENU;
    case SDLK_r: return APP_ACTION_REVIEW;
    case SDLK_p: return APP_ACTION_REPLAY;
    case SDLK_s: return ctrl ? APP_ACTION_SAVE_RECORD : APP_ACTION_STATS;
    case SDLK_PAGEUP: return APP_ACTION_EARLIER;
    case SDLK_PAGEDOWN: return APP_ACTION_LATER;
    case SDLK_HOME: return APP_ACTION_FIRST;
    case SDLK_END: return APP_ACTION_LAST;
    case SDLK_PLUS:
    case SDLK_EQUALS:
    case SDLK_KP_PLUS: return APP_ACTION_FASTER;
    case SDLK_MINUS:
    case SDLK_KP_MINUS: return APP_ACTION_SLOWER;
    case SDLK_F1:
    case SDLK_QUESTION: return APP_ACTION_HELP;
    /* "?" is Shift+/ on most layouts; some report SDLK_QUESTION itself. */
    case SDLK_SLASH: return shift ? APP_ACTION_HELP : KEY_IDLE;
    case SDLK_F3: return APP_ACTION_OVERLAY;
    case SDLK_m: return APP_ACTION_SOUND;
    case SDLK_F11: return APP_ACTION_FULLSCREEN;
    case SDLK_ESCAPE: return APP_ACTION_BACK;
    case SDLK_UP: return APP_ACTION_UP;
    case SDLK_DOWN: return APP_ACTION_DOWN;
    case SDLK_LEFT: return APP_ACTION_LEFT;
    case SDLK_RIGHT: return APP_ACTION_RIGHT;
    case SDLK_TAB: return shift ? APP_ACTION_PREVIOUS : APP_ACTION_NEXT;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_SPACE: return APP_ACTION_ACTIVATE;
    case SDLK_n: return APP_ACTION_NEW_GAME;
    case SDLK_u: return APP_ACTION_UNDO;
    case SDLK_z:
        if (!ctrl) return KEY_IDLE;
        return shift ? APP_ACTION_REDO : APP_ACTION_UNDO;
    case SDLK_y: return ctrl ? APP_ACTION_REDO : KEY_IDLE;
    case SDLK_h: return APP_ACTION_HINT;
    default: return KEY_UNMAPPED;
    }
}

/* 1-9, on the top row or the keypad, or 0 for any other key. */
static int digit_of(SDL_Keycode k)
{
    if (k >= SDLK_1 && k <= SDLK_9) return (int)(k - SDLK_1) + 1;
    if (k >= SDLK_KP_1 && k <= SDLK_KP_9) return (int)(k - SDLK_KP_1) + 1;
    return 0;
}

void input_key_down(app_state *app, const SDL_KeyboardEvent *key)
{
    SDL_Keycode k = key->keysym.sym;
    bool ctrl = (key->keysym.mod & KMOD_CTRL) != 0;
    bool shift = (key->keysym.mod & KMOD_SHIFT) != 0;
    /* A screen that takes typing (the online lobby's code) sees the key
     * first; the text itself comes as SDL_TEXTINPUT (input_text). */
    const screen_ops *ops = screen_ops_of(screen_top(app));
    if (ops->key && ops->key(app, k, key->keysym.mod)) {
        app->redraw = true;
        return;
    }
    int action = key_action(k, ctrl, shift);
    if (action >= 0) {
        input_do(app, (app_action)action);
        return;
    }
    /* On 3x3 the digits place: 1 is the top-left square. */
    if (action == KEY_UNMAPPED && screen_top(app) == SCREEN_GAME)
        screen_game_digit(app, digit_of(k));
}

void input_text(app_state *app, const char *utf8)
{
    const screen_ops *ops = screen_ops_of(screen_top(app));
    if (ops->text) {
        ops->text(app, utf8);
        app->redraw = true;
    }
}

void input_gamepad(app_state *app, gamepad_action a)
{
    /* B backs out of the settings or the help and undoes in the game; A on
     * a finished game starts the next one (a pad has no N key); Start opens
     * or closes the settings, and puts the help away. */
    app_action action;
    switch (a) {
    case GAMEPAD_ACTION_UP: action = APP_ACTION_UP; break;
    case GAMEPAD_ACTION_DOWN: action = APP_ACTION_DOWN; break;
    case GAMEPAD_ACTION_LEFT: action = APP_ACTION_LEFT; break;
    case GAMEPAD_ACTION_RIGHT: action = APP_ACTION_RIGHT; break;
    case GAMEPAD_ACTION_ACCEPT:
        action = (app->play.game_over && screen_top(app) == SCREEN_GAME) ? APP_ACTION_NEW_GAME
                                                                         : APP_ACTION_ACTIVATE;
        break;
    case GAMEPAD_ACTION_BACK:
        action = screen_top(app) != SCREEN_GAME ? APP_ACTION_BACK : APP_ACTION_UNDO;
        break;
    case GAMEPAD_ACTION_EARLIER: action = APP_ACTION_EARLIER; break;
    case GAMEPAD_ACTION_LATER: action = APP_ACTION_LATER; break;
    case GAMEPAD_ACTION_HINT: action = APP_ACTION_HINT; break;
    case GAMEPAD_ACTION_REDO: action = APP_ACTION_REDO; break;
    case GAMEPAD_ACTION_MENU:
        /* Start: the game menu (its Settings entry is one press away); it
         * puts a panel away. */
        action = covered(app) ? APP_ACTION_BACK : APP_ACTION_MENU;
        break;
    case GAMEPAD_ACTION_HELP: action = APP_ACTION_HELP; break;
    case GAMEPAD_ACTION_NONE:
    case GAMEPAD_ACTION_COUNT:
    default: return;
    }
    app->redraw = true;
    input_do(app, action);
}

void input_mouse_down(app_state *app, int x, int y)
{
    input_pointer_at(app, x, y);
    const screen_ops *ops = screen_ops_of(screen_top(app));
    int button = ops->mouse_down ? ops->mouse_down(app, x, y) : -1;
    if (button >= 0) {
        input_do(app, (app_action)button);
        return;
    }
    input_pointer_at(app, x, y); /* the square may no longer be playable */
}

void input_mouse_up(app_state *app)
{
    app->settings_screen.menu.dragging = false;
}

/* What the mouse's position changes on screen: a drawn frame depends on
 * these, not on the exact pixel. */
typedef struct pointer_look {
    int hover_row, hover_col;
    layout_button hover_button;
    bool cursor_shown;
    int menu_row, menu_option;
    bool menu_done;
    int list_row, list_tab; /* The game menu's or the statistics' entry under it. */
} pointer_look;

static pointer_look look_of_pointer(const app_state *app)
{
    pointer_look look;
    memset(&look, 0, sizeof look); /* padding too: looks are compared with memcmp */
    look.hover_row = app->hover_row;
    look.hover_col = app->hover_col;
    look.hover_button = app->hover_button;
    look.cursor_shown = app->cursor_shown;
    look.menu_row = look.menu_option = -1;
    look.list_row = look.list_tab = -1;
    if (app_showing(app, SCREEN_GAMEMENU) || app_showing(app, SCREEN_STATS)) {
        layout_list_hit hit =
            layout_list_hit_test(app_showing(app, SCREEN_STATS) ? &app->stats_screen.layout
                                                                : &app->gamemenu_screen.layout,
                                 app->mouse_x, app->mouse_y);
        look.list_row = hit.row;
        look.list_tab = hit.tab;
    }
    if (app_showing(app, SCREEN_SETTINGS)) {
        layout_menu_hit hit =
            layout_menu_hit_test(&app->settings_screen.layout, app->mouse_x, app->mouse_y);
        look.menu_row = hit.row;
        look.menu_option = hit.option;
        look.menu_done = hit.done;
    }
    return look;
}

bool input_mouse_moved(app_state *app, int x, int y)
{
    pointer_look before = look_of_pointer(app);
    /* The mouse took over from the keyboard: hide the board cursor. */
    if (x != app->mouse_x || y != app->mouse_y) app->cursor_shown = false;
    if (app_showing(app, SCREEN_SETTINGS)) screen_settings_drag(app, x);
    input_pointer_at(app, x, y);
    pointer_look after = look_of_pointer(app);
    return memcmp(&before, &after, sizeof before) != 0;
}
