/*
 * platform_web.c - the desktop game's loop in a web browser, and the page's
 * view into it (see platform_web.h).
 */
#include "platform_web.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <emscripten.h>

#include "audio.h"
#include "language.h"
#include "saver.h"

/* The page's side (platform_web.js). */
extern void ttt_web_first_frame(void);
extern void ttt_web_stopped(int status);
extern void ttt_web_location_hash(char *buf, int cap);
extern void ttt_web_page_server(char *buf, int cap);

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

static void web_frame(void *arg)
{
    platform_web_loop *loop = arg;
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
}

void platform_web_run(const platform_web_loop *loop)
{
    web_loop = *loop;
    SDL_AddEventWatch(watch_unload, &web_loop);
    emscripten_set_main_loop_arg(web_frame, &web_loop, 0, 1);
}

/* ------------------------------------------------------------------------- */
/* The page's address                                                        */
/* ------------------------------------------------------------------------- */

bool platform_web_join_code(char *code, size_t cap)
{
    char hash[256];
    const char *p;
    size_t n = 0;
    if (cap == 0) return false;
    code[0] = '\0';
    ttt_web_location_hash(hash, (int)sizeof hash);
    p = strstr(hash, "join=");
    if (p == NULL || !(p == hash + 1 || p[-1] == '&' || p[-1] == '#')) return false;
    for (p += 5; *p != '\0' && *p != '&'; p++) {
        char ch = *p;
        if (ch >= 'a' && ch <= 'z') ch = (char)(ch - 'a' + 'A');
        if (!((ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')) || n + 1 >= cap) {
            code[0] = '\0';
            return false;
        }
        code[n++] = ch;
    }
    code[n] = '\0';
    return n > 0;
}

void platform_web_server_url(char *url, size_t cap)
{
    if (cap > 0) ttt_web_page_server(url, (int)cap);
}

/* ------------------------------------------------------------------------- */
/* The test hook                                                             */
/* ------------------------------------------------------------------------- */

/* A JSON writer over state_json: appends, and notes when it ran out. */
typedef struct json_out {
    size_t used;
    bool full;
} json_out;

static void put(json_out *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(json_out *j, const char *fmt, ...)
{
    if (j->full) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(state_json + j->used, STATE_JSON_CAP - j->used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= STATE_JSON_CAP - j->used)
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
    put(j, "],\"menuOpen\":%s,\"helpOpen\":%s,\"menuDone\":",
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
    json_out j = {0, false};
    const app_state *app = web_loop.state;
    if (!app) {
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
