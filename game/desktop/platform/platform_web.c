/*
 * platform_web.c - the desktop game's loop in a web browser, and the page's
 * view into it (see platform_web.h). The page's address and the tab's
 * storage for the online game are platform_web_page.c's.
 */
#include "platform_web.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <GLES2/gl2.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include "audio.h"
#include "i18n.h"
#include "language.h"
#include "saver.h"
#include "screen_game.h"
#include "screen_gamemenu.h"
#include "screen_help.h"
#include "screen_puzzle.h"
#include "screen_stats.h"
#include "announce.h"
#include "speech.h"

/* The page's side (platform_web.js). */
extern void ttt_web_first_frame(void);
extern void ttt_web_stopped(int status);
extern void ttt_web_mirror_update(const char *model, const char *announce);

static void mirror_after_step(const app_state *app);

/* Room for the test hook's JSON: the board (64 squares), the status line,
 * the overlay's lines and the layout's rectangles, with a margin. */
#define STATE_JSON_CAP 8192

/* The game the browser runs. The page's callbacks (the frame, the test
 * hook, the unload watch) come from JavaScript with no way to hand a
 * pointer to all of them, so it is kept here: the one app of the page
 * (its state is NULL once it stopped). */
static platform_web_loop web_loop;
static bool first_frame_told;
static char state_json[STATE_JSON_CAP];

/* The page is going away (closed or reloaded): the app hands the saver
 * what it has not got yet (its unload hook, app_frame.c). */
static int SDLCALL watch_unload(void *user, SDL_Event *ev)
{
    const platform_web_loop *loop = user;
    if (ev->type == SDL_APP_TERMINATING) loop->unload(loop->ctx);
    return 1;
}

/* A phone's sizes: every control at least this many CSS pixels both ways
 * (the phone platforms' 44 to 48), every text of the main screen at least
 * this tall. */
#define TOUCH_TARGET_CSS_PX 44
#define TOUCH_TEXT_CSS_PX 16

/* The layouts' touch minimums in output pixels for the screen's device
 * pixel ratio now (the canvas draws at it). */
static void set_touch_minimums(void)
{
    double dpr = emscripten_get_device_pixel_ratio();
    if (!(dpr > 0.0)) dpr = 1.0;
    layout_set_touch_minimums((int)ceil(TOUCH_TARGET_CSS_PX * dpr),
                              (int)ceil(TOUCH_TEXT_CSS_PX * dpr));
}

/* Before main(): the app's first layouts already keep to them. */
__attribute__((constructor)) static void touch_minimums_at_start(void)
{
    set_touch_minimums();
}

static void web_frame(void *arg)
{
    platform_web_loop *loop = arg;
    /* The screen's pixel ratio may have changed (the window moved to
     * another screen): the next layout keeps to its minimums. */
    set_touch_minimums();
    if (!loop->step(loop->ctx)) {
        emscripten_cancel_main_loop();
        SDL_DelEventWatch(watch_unload, loop);
        int status = loop->finish(loop->ctx);
        loop->state = NULL;
        ttt_web_stopped(status);
        return;
    }
    if (!first_frame_told && loop->state->stats.frames > 0) {
        first_frame_told = true;
        ttt_web_first_frame();
    }
    if (first_frame_told) mirror_after_step(loop->state);
}

void platform_web_flush_gpu(void)
{
    glFlush();
}

void platform_web_run(const platform_web_loop *loop)
{
    web_loop = *loop;
    SDL_AddEventWatch(watch_unload, &web_loop);
    emscripten_set_main_loop_arg(web_frame, &web_loop, 0, 1);
}

/* ------------------------------------------------------------------------- */
/* The test hook                                                             */
/* ------------------------------------------------------------------------- */

/* A JSON writer over a buffer: appends, and notes when it ran out. */
typedef struct json_out {
    char *buf;
    size_t cap;
    size_t used;
    bool full;
} json_out;

static void put(json_out *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(json_out *j, const char *fmt, ...)
{
    if (j->full) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(j->buf + j->used, j->cap - j->used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= j->cap - j->used)
        j->full = true;
    else
        j->used += (size_t)n;
}

/* A JSON string: quotes, backslashes and control characters escaped; UTF-8
 * passes through. */
static void put_string(json_out *j, const char *s)
{
    put(j, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            put(j, "\\%c", c);
        else if (c < 0x20)
            put(j, "\\u%04x", c);
        else
            put(j, "%c", c);
    }
    put(j, "\"");
}

/* A rectangle in output pixels as {x, y, w, h} in CSS pixels (the page's
 * coordinates: output pixels over the device pixel ratio). */
static void put_rect(json_out *j, const app_state *app, layout_rect r)
{
    double scale = app->out_w > 0 ? (double)app->win_w / (double)app->out_w : 1.0;
    put(j, "{\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f}", r.x * scale, r.y * scale, r.w * scale,
        r.h * scale);
}

/* A square of the board string: its mark, or '.' when it is empty. */
static char square_char(ttt_player owner)
{
    if (owner == TTT_PLAYER_X) return 'X';
    if (owner == TTT_PLAYER_O) return 'O';
    return '.';
}

static void put_game(json_out *j, const app_state *app)
{
    const view_game *v = &app->view.game;
    put(j, "\"size\":%d,\"k\":%d,\"mode\":%d,\"turn\":\"%s\",\"winner\":\"%s\",", v->size, v->k,
        (int)v->mode, ttt_player_name(v->turn), ttt_player_name(v->winner));
    put(j, "\"human\":\"%s\",\"gameOver\":%s,\"thinking\":%s,", ttt_player_name(v->human_side),
        v->game_over ? "true" : "false", v->computer_thinking ? "true" : "false");
    put(j, "\"online\":%s,", v->online ? "true" : "false");
    put(j, "\"board\":\"");
    for (int i = 0; i < v->size * v->size; i++)
        put(j, "%c", square_char(v->owner[i]));
    put(j, "\",\"strikes\":[");
    for (int i = 0; i < v->strike_count; i++)
        put(j, "%s[%d,%d,%d,%d]", i ? "," : "", v->strikes[i].first.row, v->strikes[i].first.col,
            v->strikes[i].last.row, v->strikes[i].last.col);
    put(j, "],\"status\":");
    put_string(j, v->status);
    put(j, ",\"scores\":{\"wins\":[%d,%d],\"draws\":%d},", v->score.wins[0], v->score.wins[1],
        v->score.draws);
    put(j, "\"gamesFinished\":%ld,", app->play.games_finished);
}

static void put_layout(json_out *j, const app_state *app)
{
    put(j, "\"window\":{\"w\":%d,\"h\":%d,\"outW\":%d,\"outH\":%d},", app->win_w, app->win_h,
        app->out_w, app->out_h);
    put(j, "\"boardRect\":");
    put_rect(j, app, app->layout.board);
    put(j, ",\"buttons\":[");
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        if (i) put(j, ",");
        put_rect(j, app, app->layout.buttons[i]);
    }
    double scale = app->out_w > 0 ? (double)app->win_w / (double)app->out_w : 1.0;
    const layout *l = &app->layout;
    put(j,
        "],\"fonts\":{\"status\":%.2f,\"rule\":%.2f,\"score\":%.2f,\"button\":%.2f,\"list\":%.2f}",
        l->font_status_px * scale, l->font_rule_px * scale, l->font_score_px * scale,
        l->font_button_px * scale, app->gamemenu_screen.layout.font_px * scale);
    put(j, ",\"menuOpen\":%s,\"helpOpen\":%s,\"menuDone\":",
        app_showing(app, SCREEN_SETTINGS) ? "true" : "false",
        app_showing(app, SCREEN_HELP) ? "true" : "false");
    put_rect(j, app, app->settings_screen.layout.done);
    /* The game menu (the Menu button), its entries top to bottom. */
    put(j, ",\"gameMenuOpen\":%s,\"gameMenuRows\":[",
        app_showing(app, SCREEN_GAMEMENU) ? "true" : "false");
    for (int i = 0; i < app->gamemenu_screen.layout.row_count; i++) {
        if (i) put(j, ",");
        put_rect(j, app, app->gamemenu_screen.layout.rows[i]);
    }
    put(j, "],");
}

static void put_timing(json_out *j, const app_state *app)
{
    const stats *s = &app->stats;
    double save_max = 0.0;
    unsigned long saves = 0;
    if (app->saver) saver_stats(app->saver, &save_max, &saves);
    put(j, "\"frames\":%zu,\"passes\":%lu,\"frameBudgetMs\":%.3f,", s->frames, app->passes,
        s->frame_budget_ms);
    put(j, "\"frameWorkMaxMs\":%.3f,\"frameWorkLastMs\":%.3f,\"loopMaxMs\":%.3f,",
        s->frame_work.max_ms, s->frame_work.last_ms, s->loop_max_ms);
    put(j, "\"aiMoves\":%zu,\"aiMaxMs\":%.3f,\"aiLastMs\":%.3f,", s->ai.total, s->ai.max_ms,
        s->ai.last_ms);
    put(j, "\"saves\":%lu,\"saveMaxMs\":%.3f,\"saveJob\":%u,\"saveFailed\":%s,", saves, save_max,
        (unsigned)app->save_job, app->prefs_warned ? "true" : "false");
    put(j, "\"overlay\":[");
    for (int i = 0; i < LAYOUT_OVERLAY_LINES; i++) {
        if (i) put(j, ",");
        put_string(j, app->settings.show_overlay ? app->view.overlay.lines[i].text : "");
    }
    put(j, "],");
}

EMSCRIPTEN_KEEPALIVE const char *ttt_web_state_json(void)
{
    json_out j = {state_json, STATE_JSON_CAP, 0, false};
    const app_state *app = web_loop.state;
    /* Until the start's steps are done (app.c) there is no game to show. */
    if (!app || !app->started) {
        put(&j, "{\"running\":false}");
        return state_json;
    }
    put(&j, "{\"running\":true,");
    put_game(&j, app);
    put_layout(&j, app);
    put_timing(&j, app);
    unsigned long cues = 0;
    for (int c = 0; c < SOUND_CUE_COUNT; c++)
        cues += audio_played(app->audio, (sound_cue)c);
    put(&j, "\"language\":\"%s\",\"sound\":%s,\"audioOpen\":%s,\"cuesPlayed\":%lu,",
        language_key(app->language), app->settings.sound ? "true" : "false",
        audio_device_open(app->audio) ? "true" : "false", cues);
    put(&j, "\"renderer\":");
    put_string(&j, app->renderer_name);
    put(&j, "}");
    if (j.full) snprintf(state_json, sizeof state_json, "{\"running\":true,\"truncated\":true}");
    return state_json;
}

/* ------------------------------------------------------------------------- */
/* The screen-reader mirror                                                  */
/* ------------------------------------------------------------------------- */

/* The page keeps a DOM copy of what the canvas shows (web/ttt-mirror.js):
 * the board as an ARIA grid of buttons, the status, the scores, the
 * buttons, the panels as dialogs, and a polite live region. After each pass
 * the mirror's model is written as JSON (every text translated here, with
 * the game's catalogues) and handed to the page only when it differs from
 * the last one handed; what a screen reader should hear (the moves, the
 * status, a hint, a refused click) goes with it. Its input comes back
 * through ttt_web_mirror_press() as the same events a mouse or a key
 * makes. */

/* The model: the board (64 squares and their names), the settings' rows
 * and choices, the help's lines, with their rectangles. */
#define MIRROR_JSON_CAP 32768

static char mirror_json[MIRROR_JSON_CAP];
static char mirror_sent[MIRROR_JSON_CAP];
static char mirror_say[ANNOUNCE_TEXT_MAX];

/* What was last announced, to announce changes only (announce.h). */
static announcer said;

static void put_bool(json_out *j, const char *key, bool value)
{
    put(j, "\"%s\":%s", key, value ? "true" : "false");
}

static void put_key_string(json_out *j, const char *key, const char *value)
{
    put(j, "\"%s\":", key);
    put_string(j, value);
}

static void put_key_rect(json_out *j, const app_state *app, const char *key, layout_rect r)
{
    put(j, "\"%s\":", key);
    put_rect(j, app, r);
}

static void mirror_board(json_out *j, const app_state *app)
{
    const view_game *v = &app->view.game;
    char name[SPEECH_TEXT_MAX];
    put(j, "\"board\":{\"size\":%d,", v->size);
    put_key_rect(j, app, "rect", app->layout.board);
    put(j, ",");
    put_key_string(j, "label", v->rule[0] ? v->rule : _("Board"));
    put(j, ",");
    put_key_string(j, "keys", speech_board_keys());
    put(j, ",\"cursor\":[%d,%d],\"cells\":[", app->cursor_row, app->cursor_col);
    for (int i = 0; i < v->size * v->size; i++) {
        speech_square_name(v, i / v->size, i % v->size, name, sizeof name);
        put(j, "%s{", i ? "," : "");
        put_key_string(j, "name", name);
        put(j, ",");
        put_bool(j, "playable", v->playable[i]);
        put(j, "}");
    }
    put(j, "]}");
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
    put_key_string(j, "status", v->status);
    put(j, ",");
    put_key_string(j, "rule", v->rule);
    put(j, ",");
    put_key_rect(j, app, "statusRect", app->layout.status);
    put(j, ",");
    mirror_board(j, app);
    put(j, ",\"scores\":{");
    put_key_string(j, "label", speech_scores_label());
    put(j, ",");
    put_key_rect(j, app, "rect", app->layout.scores);
    put(j, ",\"items\":[");
    for (int i = 0; i < 3; i++) {
        speech_score(v, i, text, sizeof text);
        put(j, "%s", i ? "," : "");
        put_string(j, text);
    }
    put(j, "]},\"buttons\":[");
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        put(j, "%s{", i ? "," : "");
        /* The review's arrows are glyphs: a screen reader gets words. */
        const char *label = screen_game_button_label(app, i);
        if ((unsigned char)label[0] >= 0x80) label = speech_review_step(i == LAYOUT_BUTTON_REDO);
        put_key_string(j, "label", label);
        put(j, ",");
        put_bool(j, "enabled", k->enabled[i]);
        put(j, ",");
        put_key_rect(j, app, "rect", app->layout.buttons[i]);
        put(j, "}");
    }
    put(j, "]");
    SDL_free(k);
}

static void mirror_gamemenu(json_out *j, const app_state *app)
{
    put(j, "\"menu\":{");
    put_key_string(j, "title", _("Menu"));
    put(j, ",");
    put_key_string(j, "close", _("Close"));
    put(j, ",\"rows\":[");
    for (int i = 0; i < GAMEMENU_COUNT && i < app->gamemenu_screen.layout.row_count; i++) {
        put(j, "%s{", i ? "," : "");
        put_key_string(j, "label", screen_gamemenu_label((gamemenu_entry)i));
        put(j, ",");
        put_key_string(j, "key", screen_gamemenu_key((gamemenu_entry)i));
        put(j, ",");
        put_bool(j, "enabled", screen_gamemenu_enabled(app, (gamemenu_entry)i));
        put(j, ",");
        put_key_rect(j, app, "rect", app->gamemenu_screen.layout.rows[i]);
        put(j, "}");
    }
    put(j, "]}");
}

/* The puzzles' chooser, in the game menu's shape: a dialog of rows. */
static void mirror_puzzlemenu(json_out *j, const app_state *app)
{
    const layout_list *l = &app->puzzle_screen.layout;
    put(j, "\"menu\":{");
    put_key_string(j, "title", _("Puzzles"));
    put(j, ",");
    put_key_string(j, "close", _("Close"));
    put(j, ",\"rows\":[");
    for (int i = 0; i < PUZZLE_MENU_COUNT && i < l->row_count; i++) {
        char label[VIEW_RULE_MAX];
        screen_puzzle_menu_label(app, i, label, sizeof label);
        put(j, "%s{", i ? "," : "");
        put_key_string(j, "label", label);
        put(j, ",");
        put_key_string(j, "key", "");
        put(j, ",");
        put_bool(j, "enabled", true);
        put(j, ",");
        put_key_rect(j, app, "rect", l->rows[i]);
        put(j, "}");
    }
    put(j, "]}");
}

static void mirror_settings(json_out *j, const app_state *app)
{
    const layout_menu *m = &app->settings_screen.layout;
    put(j, "\"settings\":{");
    put_key_string(j, "title", _("Settings"));
    put(j, ",\"rows\":[");
    bool armed = app->settings_screen.reset_armed_ms != 0 &&
                 app->view.now_ms < app->settings_screen.reset_armed_ms + APP_RESET_CONFIRM_MS;
    for (int i = 0; i < m->row_count && i < MENU_ROW_COUNT; i++) {
        const layout_menu_row *row = &m->rows[i];
        put(j, "%s{", i ? "," : "");
        put_key_string(j, "label", menu_row_label(i));
        put(j, ",");
        put_bool(j, "enabled", menu_row_enabled(&app->settings, i));
        put(j, ",");
        put_key_rect(j, app, "rect", row->control);
        if (i == MENU_ROW_SIZE && app->view.board_value[0]) {
            put(j, ",");
            put_key_string(j, "note", app->view.board_value);
        }
        if (row->option_count == 0) {
            int percent =
                (int)lround(settings_effective_mistake_probability(&app->settings) * 100.0);
            put(j, ",\"slider\":true,\"value\":%d", percent);
        }
        put(j, ",\"options\":[");
        int selected = menu_selected_option(&app->settings, i);
        for (int o = 0; o < row->option_count; o++) {
            put(j, "%s{", o ? "," : "");
            /* TRANSLATORS: as on the Reset scores button after one press. */
            const char *label = (i == MENU_ROW_SCORES && armed)
                                    ? _("Press again to reset this mode's scores")
                                    : menu_option_label(i, o);
            put_key_string(j, "label", label);
            put(j, ",");
            put_bool(j, "selected", o == selected && i != MENU_ROW_SCORES);
            put(j, ",");
            put_bool(j, "enabled", menu_option_enabled(&app->settings, i, o));
            put(j, ",");
            put_key_rect(j, app, "rect", row->options[o]);
            put(j, "}");
        }
        put(j, "]}");
    }
    put(j, "],\"note\":");
    put_string(j, menu_note(0));
    put(j, ",\"note2\":");
    put_string(j, menu_note(1));
    put(j, ",\"done\":{");
    put_key_string(j, "label", _("Done"));
    put(j, ",");
    put_key_rect(j, app, "rect", m->done);
    put(j, "}}");
}

static void mirror_help(json_out *j, const app_state *app)
{
    put(j, "\"help\":{");
    put_key_string(j, "title", screen_gamemenu_label(GAMEMENU_HELP));
    put(j, ",");
    put_key_string(j, "close", _("Close"));
    put(j, ",\"lines\":[");
    for (int i = 0; i < screen_help_line_count(app); i++) {
        const char *key = "", *what = "";
        screen_help_line(app, i, &key, &what);
        put(j, "%s[", i ? "," : "");
        put_string(j, key);
        put(j, ",");
        put_string(j, what);
        put(j, "]");
    }
    put(j, "]}");
}

static void mirror_stats(json_out *j, const app_state *app)
{
    const layout_list *l = &app->stats_screen.layout;
    put(j, "\"stats\":{");
    put_key_string(j, "title", _("Statistics"));
    put(j, ",");
    put_key_string(j, "close", _("Close"));
    put(j, ",\"tabs\":[");
    for (int i = 0; i < l->tab_count; i++) {
        put(j, "%s{", i ? "," : "");
        put_key_string(j, "label", menu_option_label(MENU_ROW_MODE, i));
        put(j, ",");
        put_bool(j, "selected", i == app->stats_screen.mode);
        put(j, ",");
        put_key_rect(j, app, "rect", l->tabs[i]);
        put(j, "}");
    }
    /* The panel's lines, each in words. */
    const tally_entry *shown[STATS_PANEL_ROWS - 1];
    int n = tally_of_mode(&app->prefs.tally, app->stats_screen.mode, shown, STATS_PANEL_ROWS - 1);
    put(j, "],\"lines\":[");
    if (n == 0) put_string(j, _("No games finished in this mode yet."));
    for (int i = 0; i < n; i++) {
        char label[SCREEN_STATS_LABEL_MAX], line[2 * SCREEN_STATS_LABEL_MAX];
        screen_stats_entry_label(shown[i], label, sizeof label);
        speech_stats_line(shown[i], app->stats_screen.mode, label, line, sizeof line);
        put(j, "%s", i ? "," : "");
        put_string(j, line);
    }
    put(j, "]}");
}

/* The model of what shows now, into mirror_json. */
static bool mirror_model(const app_state *app)
{
    json_out j = {mirror_json, MIRROR_JSON_CAP, 0, false};
    /* The screen on top: the mirror shows it (a panel as a dialog). */
    static const char *const PANELS[SCREEN_COUNT] = {
        [SCREEN_GAME] = "",           [SCREEN_REVIEW] = "review",     [SCREEN_GAMEMENU] = "menu",
        [SCREEN_STATS] = "stats",     [SCREEN_SETTINGS] = "settings", [SCREEN_HELP] = "help",
        [SCREEN_PUZZLE_MENU] = "menu"};
    screen_id top = screen_stack_top(&app->screens);
    const char *panel = top >= 0 && top < SCREEN_COUNT && PANELS[top] ? PANELS[top] : "";
    put(&j, "{\"lang\":\"%s\",\"panel\":\"%s\",", language_key(app->language), panel);
    mirror_game(&j, app);
    switch (top) {
    case SCREEN_GAMEMENU:
        put(&j, ",");
        mirror_gamemenu(&j, app);
        break;
    case SCREEN_PUZZLE_MENU:
        put(&j, ",");
        mirror_puzzlemenu(&j, app);
        break;
    case SCREEN_SETTINGS:
        put(&j, ",");
        mirror_settings(&j, app);
        break;
    case SCREEN_HELP:
        put(&j, ",");
        mirror_help(&j, app);
        break;
    case SCREEN_STATS:
        put(&j, ",");
        mirror_stats(&j, app);
        break;
    case SCREEN_GAME:
    case SCREEN_REVIEW:
    case SCREEN_COUNT:
    default: break;
    }
    put(&j, "}");
    return !j.full;
}

/* What changed since the last pass, in words (announce.h): the marks
 * placed, the status, a hint, a refused click. */
static void mirror_announce(const app_state *app)
{
    if (!said.started) announce_init(&said);
    announce_view(&said, &app->view.game, mirror_say, sizeof mirror_say);
}

static void mirror_after_step(const app_state *app)
{
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

static void push_click_rect(const app_state *app, layout_rect r)
{
    if (r.w > 0 && r.h > 0) push_click(app, r.x + r.w / 2, r.y + r.h / 2);
}

EMSCRIPTEN_KEEPALIVE void ttt_web_mirror_press(int kind, int a, int b)
{
    const app_state *app = web_loop.state;
    if (!app || !app->started) return;
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
    case TTT_WEB_PRESS_DONE: push_click_rect(app, app->settings_screen.layout.done); break;
    case TTT_WEB_PRESS_STATS_TAB:
        if (a >= 0 && a < app->stats_screen.layout.tab_count)
            push_click_rect(app, app->stats_screen.layout.tabs[a]);
        break;
    case TTT_WEB_PRESS_BACK: {
        SDL_Event ev;
        SDL_zero(ev);
        ev.type = SDL_KEYDOWN;
        ev.key.windowID = SDL_GetWindowID(app->window);
        ev.key.state = SDL_PRESSED;
        ev.key.keysym.scancode = SDL_SCANCODE_ESCAPE;
        ev.key.keysym.sym = SDLK_ESCAPE;
        SDL_PushEvent(&ev);
        break;
    }
    default: break;
    }
}
