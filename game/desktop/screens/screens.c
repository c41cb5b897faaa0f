/*
 * screens.c - the table of screens (see screens.h) and the stack's
 * bookkeeping (screen_stack.h).
 */
#include "screens.h"

#include "screen_game.h"
#include "screen_gamemenu.h"
#include "screen_help.h"
#include "screen_online.h"
#include "screen_puzzle.h"
#include "screen_review.h"
#include "screen_settings.h"
#include "screen_stats.h"

/* ------------------------------------------------------------------------- */
/* The stack                                                                 */
/* ------------------------------------------------------------------------- */

bool screen_stack_add(screen_stack *s, screen_id id)
{
    if (id <= SCREEN_GAME || id >= SCREEN_COUNT || screen_stack_has(s, id)) return false;
    int at = s->count;
    while (at > 0 && s->over[at - 1] > id)
        at--;
    for (int i = s->count; i > at; i--)
        s->over[i] = s->over[i - 1];
    s->over[at] = id;
    s->count++;
    return true;
}

bool screen_stack_remove(screen_stack *s, screen_id id)
{
    for (int i = 0; i < s->count; i++) {
        if (s->over[i] != id) continue;
        for (int j = i; j + 1 < s->count; j++)
            s->over[j] = s->over[j + 1];
        s->count--;
        return true;
    }
    return false;
}

/* ------------------------------------------------------------------------- */
/* The table                                                                 */
/* ------------------------------------------------------------------------- */

/* Adapters where a screen's own function has another shape. */

static int game_act(app_state *app, app_action action)
{
    /* Esc on the game opens the settings (the game's other level actions
     * were taken by input.c's SCREEN_GAME_ACTIONS). */
    if (action == APP_ACTION_BACK)
        screen_show(app, SCREEN_SETTINGS, true);
    else
        screen_game_do(app, action);
    return -1;
}

static int review_act(app_state *app, app_action action)
{
    screen_review_do(app, action);
    return -1;
}

static int settings_act(app_state *app, app_action action)
{
    screen_settings_do(app, action);
    return -1;
}

static int settings_mouse_down(app_state *app, int x, int y)
{
    screen_settings_mouse_down(app, x, y);
    return -1;
}

static int stats_act(app_state *app, app_action action)
{
    screen_stats_do(app, action);
    return -1;
}

static int stats_mouse_down(app_state *app, int x, int y)
{
    screen_stats_mouse_down(app, x, y);
    return -1;
}

static int help_act(app_state *app, app_action action)
{
    screen_help_do(app, action);
    return -1;
}

static int help_mouse_down(app_state *app, int x, int y)
{
    (void)x;
    (void)y;
    screen_help_mouse_down(app);
    return -1;
}

static const screen_ops SCREENS[SCREEN_COUNT] = {
    [SCREEN_GAME] = {.name = "game",
                     .flags = SCREEN_GAME_ACTIONS,
                     .act = game_act,
                     .mouse_down = screen_game_mouse_down},
    [SCREEN_REVIEW] = {.name = "review",
                       .flags = SCREEN_GAME_ACTIONS,
                       .act = review_act,
                       .mouse_down = screen_review_mouse_down,
                       .clickable = screen_review_clickable,
                       .wheel = screen_review_wheel},
    [SCREEN_PUZZLE] = {.name = "puzzle",
                       .act = screen_puzzle_do,
                       .mouse_down = screen_puzzle_mouse_down,
                       .clickable = screen_puzzle_clickable},
    [SCREEN_PUZZLE_MENU] = {.name = "puzzlemenu",
                            .flags = SCREEN_PANEL,
                            .shown = screen_puzzle_menu_shown,
                            .act = screen_puzzle_menu_do,
                            .mouse_down = screen_puzzle_menu_mouse_down,
                            .clickable = screen_puzzle_menu_clickable,
                            .draw = screen_puzzle_menu_draw},
    [SCREEN_GAMEMENU] = {.name = "gamemenu",
                         .flags = SCREEN_PANEL,
                         .shown = screen_gamemenu_shown,
                         .act = screen_gamemenu_do,
                         .mouse_down = screen_gamemenu_mouse_down,
                         .clickable = screen_gamemenu_clickable,
                         .draw = screen_gamemenu_draw},
    [SCREEN_ONLINE] = {.name = "online",
                       .flags = SCREEN_PANEL,
                       .shown = screen_online_shown,
                       .act = screen_online_do,
                       .mouse_down = screen_online_mouse_down,
                       .clickable = screen_online_clickable,
                       .key = screen_online_key,
                       .text = screen_online_text,
                       .draw = screen_online_draw},
    [SCREEN_STATS] = {.name = "stats",
                      .flags = SCREEN_PANEL,
                      .shown = screen_stats_shown,
                      .act = stats_act,
                      .mouse_down = stats_mouse_down,
                      .clickable = screen_stats_clickable,
                      .draw = screen_stats_draw},
    [SCREEN_SETTINGS] = {.name = "settings",
                         .flags = SCREEN_PANEL,
                         .shown = screen_settings_shown,
                         .act = settings_act,
                         .mouse_down = settings_mouse_down,
                         .clickable = screen_settings_clickable,
                         .draw = screen_settings_draw},
    [SCREEN_HELP] = {.name = "help",
                     .flags = SCREEN_PANEL,
                     .shown = screen_help_shown,
                     .act = help_act,
                     .mouse_down = help_mouse_down,
                     .draw = screen_help_draw},
};

const screen_ops *screen_ops_of(screen_id id)
{
    return id >= SCREEN_GAME && id < SCREEN_COUNT ? &SCREENS[id] : &SCREENS[SCREEN_GAME];
}

screen_id screen_top(const app_state *app)
{
    return screen_stack_top(&app->screens);
}

void screen_show(app_state *app, screen_id id, bool open)
{
    bool changed =
        open ? screen_stack_add(&app->screens, id) : screen_stack_remove(&app->screens, id);
    if (!changed) return;
    const screen_ops *ops = screen_ops_of(id);
    if (ops->shown) ops->shown(app, open);
    app->redraw = true;
}

bool screen_panel_open(const app_state *app)
{
    for (int i = 0; i < app->screens.count; i++)
        if (screen_ops_of(app->screens.over[i])->flags & SCREEN_PANEL) return true;
    return false;
}

int screen_list_next(const app_state *app, int from, int step, int count,
                     screen_entry_usable usable)
{
    int i = from;
    for (int n = 0; n < count; n++) {
        i = (i + step + count) % count;
        if (!usable || usable(app, i)) return i;
    }
    return from;
}
