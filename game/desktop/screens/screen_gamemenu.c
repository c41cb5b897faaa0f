/*
 * screen_gamemenu.c - the game menu (see screen_gamemenu.h): its input,
 * then its drawing.
 */
#include "screen_gamemenu.h"

#include "screen_help.h"

#include "app_online.h"
#include "i18n.h"
#include "screen_help.h"
#include "screens.h"
#include "screen_review.h"

/* A disabled entry is drawn at DRAW_DISABLED_ALPHA; the key's column takes
 * at most this share of an entry. */
#define KEY_COLUMN_FRACTION 0.32f
/* The keys' column is quieter than the entries. */
#define KEY_TEXT_ALPHA 0.8f

static const char *const LABELS[GAMEMENU_COUNT] = {
    /* TRANSLATORS: the game menu's entries (the Menu button): go through
       the game's moves with the solver's verdict on each. */
    [GAMEMENU_REVIEW] = N_("Review the game"),
    /* TRANSLATORS: the game menu: play the last game's moves again, one
       after the other. */
    [GAMEMENU_REPLAY] = N_("Replay the last game"),
    /* TRANSLATORS: the game menu: won, drawn and lost games per board. */
    [GAMEMENU_STATS] = N_("Statistics"),
    /* TRANSLATORS: the game menu: positions to win from, made and proven
       by the solver, and the daily puzzle. */
    [GAMEMENU_PUZZLES] = N_("Puzzles"),
    /* TRANSLATORS: the game menu: write the game to a file (a game record). */
    [GAMEMENU_SAVE] = N_("Save the game to a file"),
    /* TRANSLATORS: the game menu: open the online lobby (create, join or
       host a room to play someone on another device). */
    [GAMEMENU_ONLINE] = N_("Play a friend online"),
    [GAMEMENU_SETTINGS] = N_("Settings"),
    /* TRANSLATORS: the game menu: the list of keys. */
    [GAMEMENU_HELP] = N_("Help: the keys")};

/* Each entry's key on the game screen. Settings shows none: its key there,
 * Esc, closes this menu (issue 28), and Enter on the entry is at hand. */
static const char *const KEYS[GAMEMENU_COUNT] = {[GAMEMENU_REVIEW] = "R",
                                                 [GAMEMENU_REPLAY] = "P",
                                                 /* TRANSLATORS: key names, as on the keyboard. */
                                                 [GAMEMENU_STATS] = "S",
                                                 [GAMEMENU_PUZZLES] = "",
                                                 [GAMEMENU_SAVE] = NC_("key", "Ctrl+S"),
                                                 [GAMEMENU_ONLINE] = "",
                                                 [GAMEMENU_SETTINGS] = "",
                                                 [GAMEMENU_HELP] = "F1"};

static const app_action ACTIONS[GAMEMENU_COUNT] = {
    [GAMEMENU_REVIEW] = APP_ACTION_REVIEW,     [GAMEMENU_REPLAY] = APP_ACTION_REPLAY,
    [GAMEMENU_STATS] = APP_ACTION_STATS,       [GAMEMENU_PUZZLES] = APP_ACTION_PUZZLES,
    [GAMEMENU_SAVE] = APP_ACTION_SAVE_RECORD,  [GAMEMENU_ONLINE] = APP_ACTION_ONLINE,
    [GAMEMENU_SETTINGS] = APP_ACTION_SETTINGS, [GAMEMENU_HELP] = APP_ACTION_HELP};

const char *screen_gamemenu_label(gamemenu_entry e)
{
    if (e == GAMEMENU_ONLINE && !app_online_available())
        /* TRANSLATORS: the game menu's online entry in a build without
           online play (Windows, the browser for now). */
        return _("Online play: not in this build");
    return (e >= 0 && e < GAMEMENU_COUNT) ? _(LABELS[e]) : "";
}

const char *screen_gamemenu_key(gamemenu_entry e)
{
    if (e < 0 || e >= GAMEMENU_COUNT) return "";
    /* Letters and F1 are the same everywhere; the others are translated. */
    return e == GAMEMENU_SAVE ? C_("key", KEYS[e]) : KEYS[e];
}

/* ------------------------------------------------------------------------- */
/* Input                                                                     */
/* ------------------------------------------------------------------------- */

bool screen_gamemenu_enabled(const app_state *app, gamemenu_entry e)
{
    switch (e) {
    case GAMEMENU_SAVE:
        /* Not in a page (no folder to show a record in, docs/web.md), nor
         * without a folder to save in: as the help says (screen_help.h). */
        return screen_help_saving(app) && screen_review_subject(app, NULL);
    case GAMEMENU_REVIEW:
    case GAMEMENU_REPLAY: return screen_review_subject(app, NULL);
    case GAMEMENU_ONLINE: return app_online_available();
    case GAMEMENU_STATS:
    case GAMEMENU_PUZZLES:
    case GAMEMENU_SETTINGS:
    case GAMEMENU_HELP: return true;
    case GAMEMENU_COUNT:
    default: return false;
    }
}

static bool usable(const app_state *app, int e)
{
    return screen_gamemenu_enabled(app, (gamemenu_entry)e);
}

/* The next entry from @p from in @p step's direction that can be used. */
static int next_enabled(const app_state *app, int from, int step)
{
    return screen_list_next(app, from, step, GAMEMENU_COUNT, usable);
}

void screen_gamemenu_shown(app_state *app, bool open)
{
    app->gamemenu_screen.changed_ms = app->play.now_ms;
    if (open) {
        app->gamemenu_screen.show_focus = false;
        app->gamemenu_screen.focus = next_enabled(app, GAMEMENU_COUNT - 1, 1);
    }
}

/* Choose entry @p e: the menu closes; @return its action, or -1. */
static int choose(app_state *app, int e)
{
    if (e < 0 || e >= GAMEMENU_COUNT || !screen_gamemenu_enabled(app, (gamemenu_entry)e)) return -1;
    screen_show(app, SCREEN_GAMEMENU, false);
    return (int)ACTIONS[e];
}

int screen_gamemenu_do(app_state *app, app_action action)
{
    switch (action) {
    case APP_ACTION_UP:
    case APP_ACTION_PREVIOUS:
        app->gamemenu_screen.show_focus = true;
        app->gamemenu_screen.focus = next_enabled(app, app->gamemenu_screen.focus, -1);
        return -1;
    case APP_ACTION_DOWN:
    case APP_ACTION_NEXT:
        app->gamemenu_screen.show_focus = true;
        app->gamemenu_screen.focus = next_enabled(app, app->gamemenu_screen.focus, 1);
        return -1;
    case APP_ACTION_ACTIVATE: return choose(app, app->gamemenu_screen.focus);
    case APP_ACTION_MENU:
    case APP_ACTION_BACK: screen_show(app, SCREEN_GAMEMENU, false); return -1;
    case APP_ACTION_SETTINGS: return choose(app, GAMEMENU_SETTINGS);
    case APP_ACTION_REVIEW:
    case APP_ACTION_REPLAY:
    case APP_ACTION_STATS:
    case APP_ACTION_SAVE_RECORD:
    case APP_ACTION_ONLINE:
        /* The entries' own keys work while it is open. */
        for (int e = 0; e < GAMEMENU_COUNT; e++)
            if (ACTIONS[e] == action) return choose(app, e);
        return -1;
    default: return -1;
    }
}

int screen_gamemenu_mouse_down(app_state *app, int x, int y)
{
    layout_list_hit hit = layout_list_hit_test(&app->gamemenu_screen.layout, x, y);
    if (!hit.inside) {
        screen_show(app, SCREEN_GAMEMENU, false);
        return -1;
    }
    return hit.row >= 0 ? choose(app, hit.row) : -1;
}

bool screen_gamemenu_clickable(const app_state *app, int x, int y)
{
    layout_list_hit hit = layout_list_hit_test(&app->gamemenu_screen.layout, x, y);
    return hit.row >= 0 && screen_gamemenu_enabled(app, (gamemenu_entry)hit.row);
}

/* ------------------------------------------------------------------------- */
/* Drawing                                                                   */
/* ------------------------------------------------------------------------- */

void screen_gamemenu_draw(draw_ctx *d, const app_state *app)
{
    const layout_list *l = &app->gamemenu_screen.layout;
    float fade =
        draw_ease_out_cubic(draw_progress(app, app->gamemenu_screen.changed_ms, APP_PANEL_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    shape_round_rect(&d->shapes, whole, 0.0f, theme_fade(draw_color(app, THEME_SCRIM), fade));
    draw_panel(d, app, l->panel, l->corner_radius * DRAW_PANEL_CORNER_FACTOR);
    /* TRANSLATORS: the title of the game menu (the Menu button). */
    const char *title = _("Menu");
    text_draw(d->text, TEXT_BOLD,
              text_fit(d->text, TEXT_BOLD, l->font_title_px, title, l->title, false),
              draw_color(app, THEME_TEXT), title, l->title, TEXT_LEFT, NULL);
    /* One size for every entry: the largest at which each label and its key fit. */
    int px = l->font_px;
    for (int i = 0; i < GAMEMENU_COUNT && i < l->row_count; i++) {
        layout_rect r = l->rows[i];
        int inset = r.h / 3;
        int key_w = (int)((float)r.w * KEY_COLUMN_FRACTION);
        layout_rect lb = {r.x + inset, r.y, r.w - 2 * inset - key_w, r.h};
        layout_rect kb = {r.x + r.w - inset - key_w, r.y, key_w, r.h};
        int a = text_fit(d->text, TEXT_BOLD, l->font_px, screen_gamemenu_label((gamemenu_entry)i),
                         lb, false);
        int b = text_fit(d->text, TEXT_REGULAR, l->font_px, screen_gamemenu_key((gamemenu_entry)i),
                         kb, false);
        if (a < px) px = a;
        if (b < px) px = b;
    }
    for (int i = 0; i < GAMEMENU_COUNT && i < l->row_count; i++) {
        layout_rect r = l->rows[i];
        bool enabled = screen_gamemenu_enabled(app, (gamemenu_entry)i);
        bool focused = app->gamemenu_screen.show_focus && app->gamemenu_screen.focus == i;
        float alpha = enabled ? 1.0f : DRAW_DISABLED_ALPHA;
        theme_color ink = draw_list_entry(d, app, r, l->corner_radius * DRAW_BUTTON_CORNER_FACTOR,
                                          (float)l->panel.w, enabled, focused);
        int inset = r.h / 3;
        int key_w = (int)((float)r.w * KEY_COLUMN_FRACTION);
        layout_rect lb = {r.x + inset, r.y, r.w - 2 * inset - key_w, r.h};
        layout_rect kb = {r.x + r.w - inset - key_w, r.y, key_w, r.h};
        text_draw(d->text, TEXT_BOLD, px, theme_fade(ink, alpha),
                  screen_gamemenu_label((gamemenu_entry)i), lb, TEXT_LEFT, NULL);
        text_draw(d->text, TEXT_REGULAR, px, theme_fade(ink, alpha * KEY_TEXT_ALPHA),
                  screen_gamemenu_key((gamemenu_entry)i), kb, TEXT_RIGHT, NULL);
    }
    /* TRANSLATORS: under the game menu's entries. */
    const char *note = _("Esc or a click outside closes the menu.");
    text_draw(d->text, TEXT_REGULAR,
              text_fit(d->text, TEXT_REGULAR, l->font_note_px, note, l->note, false),
              draw_color(app, THEME_TEXT_MUTED), note, l->note, TEXT_CENTER, NULL);
}
