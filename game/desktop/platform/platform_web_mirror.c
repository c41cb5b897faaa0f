/*
 * platform_web_mirror.c - the screen-reader mirror's side in the game (see
 * platform_web_internal.h): its model after each pass, what it announces,
 * and its presses coming back as the game's own input.
 *
 * The page keeps a DOM copy of what the canvas shows (web/ttt-mirror.js):
 * the board as an ARIA grid of buttons, the status, the scores, the
 * buttons, the panels as dialogs, and a polite live region. After each pass
 * the mirror's model is written as JSON (every text translated here, with
 * the game's catalogues) and handed to the page only when it differs from
 * the last one handed; what a screen reader should hear (the moves, the
 * status, a hint, a refused click) goes with it. Its input comes back
 * through ttt_web_mirror_press() as the same events a mouse or a key
 * makes.
 */
#include "platform_web_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <emscripten.h>

#include "announce.h"
#include "app_online.h"
#include "i18n.h"
#include "language.h"
#include "screen_game.h"
#include "screen_gamemenu.h"
#include "screen_help.h"
#include "screen_online.h"
#include "screen_puzzle.h"
#include "screen_stats.h"
#include "speech.h"
#include "web_json.h"

/* The page's side (platform_web.js). */
extern void ttt_web_mirror_update(const char *model, const char *announce);

/* The model: the board (64 squares and their names), the settings' rows
 * and choices, the help's lines, with their rectangles. */
#define MIRROR_JSON_CAP 32768

static char mirror_json[MIRROR_JSON_CAP];
static char mirror_sent[MIRROR_JSON_CAP];
static char mirror_say[ANNOUNCE_TEXT_MAX];

/* What was last announced, to announce changes only (announce.h). */
static announcer said;

/* The online lobby's code field: what its text was made into last, while
 * the game has not yet taken those events (it takes them in the next
 * pass): the next change is counted from it, not from the lobby's code,
 * which is not there yet. */
static char typed_sent[ONLINE_TYPED_MAX];
static bool typed_pending;

static void mirror_board(json_out *j, const app_state *app)
{
    const view_game *v = &app->view.game;
    char name[SPEECH_TEXT_MAX];
    json_put(j, "\"board\":{\"size\":%d,", v->size);
    json_put_key_rect(j, app, "rect", app->layout.board);
    json_put(j, ",");
    json_put_key_string(j, "label", v->rule[0] ? v->rule : _("Board"));
    json_put(j, ",");
    json_put_key_string(j, "keys", speech_board_keys());
    json_put(j, ",\"cursor\":[%d,%d],\"cells\":[", app->cursor_row, app->cursor_col);
    for (int i = 0; i < v->size * v->size; i++) {
        speech_square_name(v, i / v->size, i % v->size, name, sizeof name);
        json_put(j, "%s{", i ? "," : "");
        json_put_key_string(j, "name", name);
        json_put(j, ",");
        json_put_bool(j, "playable", v->playable[i]);
        json_put(j, "}");
    }
    json_put(j, "]}");
}

static void mirror_game(json_out *j, const app_state *app)
{
    const view_game *v = &app->view.game;
    char text[SPEECH_TEXT_MAX];
    screen_game_scene *k = SDL_malloc(sizeof *k);
    if (!k) {
        j->full = true;
        return;
    }
    screen_game_scene_now(app, k);
    json_put_key_string(j, "status", v->status);
    json_put(j, ",");
    json_put_key_string(j, "rule", v->rule);
    json_put(j, ",");
    json_put_key_rect(j, app, "statusRect", app->layout.status);
    json_put(j, ",");
    mirror_board(j, app);
    json_put(j, ",\"scores\":{");
    json_put_key_string(j, "label", speech_scores_label());
    json_put(j, ",");
    json_put_key_rect(j, app, "rect", app->layout.scores);
    json_put(j, ",\"items\":[");
    for (int i = 0; i < 3; i++) {
        speech_score(v, i, text, sizeof text);
        json_put(j, "%s", i ? "," : "");
        json_put_string(j, text);
    }
    json_put(j, "]},\"buttons\":[");
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        json_put(j, "%s{", i ? "," : "");
        /* The review's arrows are glyphs: a screen reader gets words. */
        const char *label = screen_game_button_label(app, i);
        if ((unsigned char)label[0] >= 0x80) label = speech_review_step(i == LAYOUT_BUTTON_REDO);
        json_put_key_string(j, "label", label);
        json_put(j, ",");
        json_put_bool(j, "enabled", k->enabled[i]);
        json_put(j, ",");
        json_put_key_rect(j, app, "rect", app->layout.buttons[i]);
        json_put(j, "}");
    }
    json_put(j, "]");
    SDL_free(k);
}

static void mirror_gamemenu(json_out *j, const app_state *app)
{
    json_put(j, "\"menu\":{");
    json_put_key_string(j, "title", _("Menu"));
    json_put(j, ",");
    json_put_key_string(j, "close", _("Close"));
    json_put(j, ",\"rows\":[");
    for (int i = 0; i < GAMEMENU_COUNT && i < app->gamemenu_screen.layout.row_count; i++) {
        json_put(j, "%s{", i ? "," : "");
        json_put_key_string(j, "label", screen_gamemenu_label((gamemenu_entry)i));
        json_put(j, ",");
        json_put_key_string(j, "key", screen_gamemenu_key((gamemenu_entry)i));
        json_put(j, ",");
        json_put_bool(j, "enabled", screen_gamemenu_enabled(app, (gamemenu_entry)i));
        json_put(j, ",");
        json_put_key_rect(j, app, "rect", app->gamemenu_screen.layout.rows[i]);
        json_put(j, "}");
    }
    json_put(j, "]}");
}

/* The puzzles' chooser, in the game menu's shape: a dialog of rows. */
static void mirror_puzzlemenu(json_out *j, const app_state *app)
{
    const layout_list *l = &app->puzzle_screen.layout;
    json_put(j, "\"menu\":{");
    json_put_key_string(j, "title", _("Puzzles"));
    json_put(j, ",");
    json_put_key_string(j, "close", _("Close"));
    json_put(j, ",\"rows\":[");
    for (int i = 0; i < PUZZLE_MENU_COUNT && i < l->row_count; i++) {
        char label[VIEW_RULE_MAX];
        screen_puzzle_menu_label(app, i, label, sizeof label);
        json_put(j, "%s{", i ? "," : "");
        json_put_key_string(j, "label", label);
        json_put(j, ",");
        json_put_key_string(j, "key", "");
        json_put(j, ",");
        json_put_bool(j, "enabled", true);
        json_put(j, ",");
        json_put_key_rect(j, app, "rect", l->rows[i]);
        json_put(j, "}");
    }
    json_put(j, "]}");
}

static void mirror_settings(json_out *j, const app_state *app)
{
    const layout_menu *m = &app->settings_screen.layout;
    json_put(j, "\"settings\":{");
    json_put_key_string(j, "title", _("Settings"));
    json_put(j, ",\"rows\":[");
    bool armed = app->settings_screen.reset_armed_ms != 0 &&
                 app->view.now_ms < app->settings_screen.reset_armed_ms + APP_RESET_CONFIRM_MS;
    for (int i = 0; i < m->row_count && i < MENU_ROW_COUNT; i++) {
        const layout_menu_row *row = &m->rows[i];
        json_put(j, "%s{", i ? "," : "");
        json_put_key_string(j, "label", menu_row_label(i));
        json_put(j, ",");
        json_put_bool(j, "enabled", menu_row_enabled(&app->settings, i));
        json_put(j, ",");
        json_put_key_rect(j, app, "rect", row->control);
        if (i == MENU_ROW_SIZE && app->view.board_value[0]) {
            json_put(j, ",");
            json_put_key_string(j, "note", app->view.board_value);
        }
        if (row->option_count == 0) {
            int percent =
                (int)lround(settings_effective_mistake_probability(&app->settings) * 100.0);
            json_put(j, ",\"slider\":true,\"value\":%d", percent);
        }
        json_put(j, ",\"options\":[");
        int selected = menu_selected_option(&app->settings, i);
        for (int o = 0; o < row->option_count; o++) {
            json_put(j, "%s{", o ? "," : "");
            /* TRANSLATORS: as on the Reset scores button after one press. */
            const char *label = (i == MENU_ROW_SCORES && armed)
                                    ? _("Press again to reset this mode's scores")
                                    : menu_option_label(i, o);
            json_put_key_string(j, "label", label);
            json_put(j, ",");
            json_put_bool(j, "selected", o == selected && i != MENU_ROW_SCORES);
            json_put(j, ",");
            json_put_bool(j, "enabled", menu_option_enabled(&app->settings, i, o));
            json_put(j, ",");
            json_put_key_rect(j, app, "rect", row->options[o]);
            json_put(j, "}");
        }
        json_put(j, "]}");
    }
    json_put(j, "],\"note\":");
    json_put_string(j, menu_note(0));
    json_put(j, ",\"note2\":");
    json_put_string(j, menu_note(1));
    json_put(j, ",\"done\":{");
    json_put_key_string(j, "label", _("Done"));
    json_put(j, ",");
    json_put_key_rect(j, app, "rect", m->done);
    json_put(j, "}}");
}

static void mirror_help(json_out *j, const app_state *app)
{
    json_put(j, "\"help\":{");
    json_put_key_string(j, "title", screen_gamemenu_label(GAMEMENU_HELP));
    json_put(j, ",");
    json_put_key_string(j, "close", _("Close"));
    json_put(j, ",\"lines\":[");
    for (int i = 0; i < screen_help_line_count(app); i++) {
        const char *key = "", *what = "";
        screen_help_line(app, i, &key, &what);
        json_put(j, "%s[", i ? "," : "");
        json_put_string(j, key);
        json_put(j, ",");
        json_put_string(j, what);
        json_put(j, "]");
    }
    json_put(j, "]}");
}

static void mirror_stats(json_out *j, const app_state *app)
{
    const layout_list *l = &app->stats_screen.layout;
    json_put(j, "\"stats\":{");
    json_put_key_string(j, "title", _("Statistics"));
    json_put(j, ",");
    json_put_key_string(j, "close", _("Close"));
    json_put(j, ",\"tabs\":[");
    for (int i = 0; i < l->tab_count; i++) {
        json_put(j, "%s{", i ? "," : "");
        json_put_key_string(j, "label", menu_option_label(MENU_ROW_MODE, i));
        json_put(j, ",");
        json_put_bool(j, "selected", i == app->stats_screen.mode);
        json_put(j, ",");
        json_put_key_rect(j, app, "rect", l->tabs[i]);
        json_put(j, "}");
    }
    /* The panel's lines, each in words. */
    const tally_entry *shown[STATS_PANEL_ROWS - 1];
    int n = tally_of_mode(&app->prefs.tally, app->stats_screen.mode, shown, STATS_PANEL_ROWS - 1);
    json_put(j, "],\"lines\":[");
    if (n == 0) json_put_string(j, _("No games finished in this mode yet."));
    for (int i = 0; i < n; i++) {
        char label[SCREEN_STATS_LABEL_MAX], line[2 * SCREEN_STATS_LABEL_MAX];
        screen_stats_entry_label(shown[i], label, sizeof label);
        speech_stats_line(shown[i], app->stats_screen.mode, label, line, sizeof line);
        json_put(j, "%s", i ? "," : "");
        json_put_string(j, line);
    }
    json_put(j, "]}");
}

/* The online lobby: its entries as a dialog of rows, a text field for the
 * room's code (over the entry that shows it on the canvas; the entry's
 * button, "Join the room", joins with it), the room's lines and how the
 * game stands. */
static void mirror_online(json_out *j, const app_state *app)
{
    const layout_list *l = &app->online_screen.layout;
    json_put(j, "\"online\":{");
    json_put_key_string(j, "title", _("Play a friend online"));
    json_put(j, ",");
    json_put_key_string(j, "close", _("Close"));
    json_put(j, ",");
    json_put_key_string(j, "codeLabel", screen_online_code_name());
    json_put(j, ",");
    json_put_key_string(j, "code", app->online_screen.typed);
    json_put(j, ",");
    json_put_key_rect(j, app, "codeRect",
                      ONLINE_JOIN < l->row_count ? l->rows[ONLINE_JOIN] : (layout_rect){0});
    json_put(j, ",\"rows\":[");
    for (int i = 0; i < ONLINE_COUNT && i < l->row_count; i++) {
        char label[VIEW_STATUS_MAX];
        if (i == ONLINE_JOIN)
            snprintf(label, sizeof label, "%s", screen_online_join_name());
        else
            screen_online_label(app, (online_entry)i, label, sizeof label);
        json_put(j, "%s{", i ? "," : "");
        json_put_key_string(j, "label", label);
        json_put(j, ",");
        json_put_bool(j, "enabled", screen_online_enabled(app, (online_entry)i));
        json_put(j, ",");
        json_put_key_rect(j, app, "rect", i == ONLINE_JOIN ? (layout_rect){0} : l->rows[i]);
        json_put(j, "}");
    }
    char a[VIEW_STATUS_MAX], b[VIEW_STATUS_MAX];
    bool b_error = false;
    screen_online_info(app, a, b, sizeof a, &b_error);
    json_put(j, "],");
    json_put_key_string(j, "info", a);
    json_put(j, ",");
    json_put_key_string(j, b_error ? "error" : "info2", b);
    json_put(j, ",");
    json_put_key_string(j, "note", app_online_active(app) ? app->view.game.status : "");
    json_put(j, "}");
}

/* The model of what shows now, into mirror_json. */
static bool mirror_model(const app_state *app)
{
    json_out j = {mirror_json, MIRROR_JSON_CAP, 0, false};
    /* The screen on top: the mirror shows it (a panel as a dialog). */
    static const char *const PANELS[SCREEN_COUNT] = {[SCREEN_GAME] = "",
                                                     [SCREEN_REVIEW] = "review",
                                                     [SCREEN_GAMEMENU] = "menu",
                                                     [SCREEN_STATS] = "stats",
                                                     [SCREEN_SETTINGS] = "settings",
                                                     [SCREEN_HELP] = "help",
                                                     [SCREEN_PUZZLE_MENU] = "menu",
                                                     [SCREEN_ONLINE] = "online"};
    screen_id top = screen_stack_top(&app->screens);
    const char *panel = top >= 0 && top < SCREEN_COUNT && PANELS[top] ? PANELS[top] : "";
    json_put(&j, "{\"lang\":\"%s\",\"panel\":\"%s\",", language_key(app->language), panel);
    mirror_game(&j, app);
    switch (top) {
    case SCREEN_GAMEMENU:
        json_put(&j, ",");
        mirror_gamemenu(&j, app);
        break;
    case SCREEN_PUZZLE_MENU:
        json_put(&j, ",");
        mirror_puzzlemenu(&j, app);
        break;
    case SCREEN_SETTINGS:
        json_put(&j, ",");
        mirror_settings(&j, app);
        break;
    case SCREEN_HELP:
        json_put(&j, ",");
        mirror_help(&j, app);
        break;
    case SCREEN_STATS:
        json_put(&j, ",");
        mirror_stats(&j, app);
        break;
    case SCREEN_ONLINE:
        json_put(&j, ",");
        mirror_online(&j, app);
        break;
    case SCREEN_GAME:
    case SCREEN_REVIEW:
    case SCREEN_COUNT:
    default: break;
    }
    json_put(&j, "}");
    return !j.full;
}

/* What changed since the last pass, in words (announce.h): the marks
 * placed, the status, a hint, a refused click. */
static void mirror_announce(const app_state *app)
{
    if (!said.started) announce_init(&said);
    announce_view(&said, &app->view.game, mirror_say, sizeof mirror_say);
}

void platform_web_mirror_step(const app_state *app)
{
    typed_pending = false; /* the pass took the field's events */
    mirror_announce(app);
    bool changed = false;
    if (mirror_model(app) && strcmp(mirror_json, mirror_sent) != 0) {
        memcpy(mirror_sent, mirror_json, strlen(mirror_json) + 1);
        changed = true;
    }
    if (changed || mirror_say[0]) ttt_web_mirror_update(changed ? mirror_sent : NULL, mirror_say);
}

/* A left click at output pixel (@p ox, @p oy), queued as the mouse's. */
static void push_click(const app_state *app, int ox, int oy)
{
    double scale = app->out_w > 0 ? (double)app->win_w / (double)app->out_w : 1.0;
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_MOUSEBUTTONDOWN;
    ev.button.windowID = SDL_GetWindowID(app->window);
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.state = SDL_PRESSED;
    ev.button.clicks = 1;
    ev.button.x = (int)((double)ox * scale);
    ev.button.y = (int)((double)oy * scale);
    SDL_PushEvent(&ev);
    ev.type = SDL_MOUSEBUTTONUP;
    ev.button.state = SDL_RELEASED;
    SDL_PushEvent(&ev);
}

/* A key pressed, queued as the keyboard's. */
static void push_key(const app_state *app, SDL_Scancode scancode, SDL_Keycode key)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_KEYDOWN;
    ev.key.windowID = SDL_GetWindowID(app->window);
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.scancode = scancode;
    ev.key.keysym.sym = key;
    SDL_PushEvent(&ev);
}

static void push_click_rect(const app_state *app, layout_rect r)
{
    if (r.w > 0 && r.h > 0) push_click(app, r.x + r.w / 2, r.y + r.h / 2);
}

EMSCRIPTEN_KEEPALIVE void ttt_web_mirror_press(int kind, int a, int b)
{
    const app_state *app = platform_web_app();
    if (!app) return;
    switch (kind) {
    case TTT_WEB_PRESS_SQUARE:
        if (a >= 0 && b >= 0 && a < app->layout.board_size && b < app->layout.board_size) {
            float cx, cy;
            layout_square_center(&app->layout, a, b, &cx, &cy);
            push_click(app, (int)cx, (int)cy);
        }
        break;
    case TTT_WEB_PRESS_BUTTON:
        if (a >= 0 && a < LAYOUT_BUTTON_COUNT) push_click_rect(app, app->layout.buttons[a]);
        break;
    case TTT_WEB_PRESS_MENU_ROW: {
        /* The dialog of rows is the game menu's or the puzzles' chooser's. */
        const layout_list *l = screen_stack_top(&app->screens) == SCREEN_PUZZLE_MENU
                                   ? &app->puzzle_screen.layout
                                   : &app->gamemenu_screen.layout;
        if (a >= 0 && a < l->row_count) push_click_rect(app, l->rows[a]);
        break;
    }
    case TTT_WEB_PRESS_OPTION:
        if (a >= 0 && a < app->settings_screen.layout.row_count && b >= 0 &&
            b < app->settings_screen.layout.rows[a].option_count)
            push_click_rect(app, app->settings_screen.layout.rows[a].options[b]);
        break;
    case TTT_WEB_PRESS_SLIDER:
        if (a >= 0 && a < app->settings_screen.layout.row_count) {
            layout_rect c = app->settings_screen.layout.rows[a].control;
            int permille = b < 0 ? 0 : b > 1000 ? 1000 : b;
            int x = c.x + (int)lround((double)c.w * permille / 1000.0);
            if (x >= c.x + c.w) x = c.x + c.w - 1;
            push_click(app, x, c.y + c.h / 2);
        }
        break;
    case TTT_WEB_PRESS_ONLINE_ROW:
        if (a >= 0 && a < ONLINE_COUNT && a < app->online_screen.layout.row_count)
            push_click_rect(app, app->online_screen.layout.rows[a]);
        break;
    case TTT_WEB_PRESS_DONE: push_click_rect(app, app->settings_screen.layout.done); break;
    case TTT_WEB_PRESS_STATS_TAB:
        if (a >= 0 && a < app->stats_screen.layout.tab_count)
            push_click_rect(app, app->stats_screen.layout.tabs[a]);
        break;
    case TTT_WEB_PRESS_BACK: push_key(app, SDL_SCANCODE_ESCAPE, SDLK_ESCAPE); break;
    default: break;
    }
}

EMSCRIPTEN_KEEPALIVE void ttt_web_mirror_type(const char *text)
{
    const app_state *app = platform_web_app();
    if (!app || !text || !app_showing(app, SCREEN_ONLINE)) return;
    const char *now = typed_pending ? typed_sent : app->online_screen.typed;
    size_t same = 0;
    while (now[same] && now[same] == text[same])
        same++;
    for (size_t n = strlen(now); n > same; n--)
        push_key(app, SDL_SCANCODE_BACKSPACE, SDLK_BACKSPACE);
    /* The new part as text input, in pieces an event holds. */
    const char *rest = text + same;
    while (*rest) {
        SDL_Event ev;
        SDL_zero(ev);
        ev.type = SDL_TEXTINPUT;
        ev.text.windowID = SDL_GetWindowID(app->window);
        size_t n = strlen(rest);
        if (n > sizeof ev.text.text - 1) n = sizeof ev.text.text - 1;
        memcpy(ev.text.text, rest, n);
        SDL_PushEvent(&ev);
        rest += n;
    }
    snprintf(typed_sent, sizeof typed_sent, "%s", text);
    typed_pending = true;
}
