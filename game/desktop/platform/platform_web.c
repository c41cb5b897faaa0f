/*
 * platform_web.c - the desktop game's loop in a web browser, and the page's
 * view into it (see platform_web.h). The screen-reader mirror is
 * platform_web_mirror.c's; the page's address and the tab's storage for
 * the online game are platform_web_page.c's.
 */
#include "platform_web_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <GLES2/gl2.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include "audio.h"
#include "language.h"
#include "saver.h"
#include "web_json.h"

/* The page's side (platform_web.js). */
extern void ttt_web_first_frame(void);
extern void ttt_web_stopped(int status);

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
    if (first_frame_told) platform_web_mirror_step(loop->state);
}

const app_state *platform_web_app(void)
{
    /* Until the start's steps are done (app.c) there is no game to press. */
    return web_loop.state && web_loop.state->started ? web_loop.state : NULL;
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
    json_put(j, "\"size\":%d,\"k\":%d,\"mode\":%d,\"turn\":\"%s\",\"winner\":\"%s\",", v->size,
             v->k, (int)v->mode, ttt_player_name(v->turn), ttt_player_name(v->winner));
    json_put(j, "\"human\":\"%s\",\"gameOver\":%s,\"thinking\":%s,", ttt_player_name(v->human_side),
             v->game_over ? "true" : "false", v->computer_thinking ? "true" : "false");
    json_put(j, "\"online\":%s,", v->online ? "true" : "false");
    json_put(j, "\"board\":\"");
    for (int i = 0; i < v->size * v->size; i++)
        json_put(j, "%c", square_char(v->owner[i]));
    json_put(j, "\",\"strikes\":[");
    for (int i = 0; i < v->strike_count; i++)
        json_put(j, "%s[%d,%d,%d,%d]", i ? "," : "", v->strikes[i].first.row,
                 v->strikes[i].first.col, v->strikes[i].last.row, v->strikes[i].last.col);
    json_put(j, "],\"status\":");
    json_put_string(j, v->status);
    json_put(j, ",\"scores\":{\"wins\":[%d,%d],\"draws\":%d},", v->score.wins[0], v->score.wins[1],
             v->score.draws);
    json_put(j, "\"gamesFinished\":%ld,", app->play.games_finished);
}

static void put_layout(json_out *j, const app_state *app)
{
    json_put(j, "\"window\":{\"w\":%d,\"h\":%d,\"outW\":%d,\"outH\":%d},", app->win_w, app->win_h,
             app->out_w, app->out_h);
    json_put(j, "\"boardRect\":");
    json_put_rect(j, app, app->layout.board);
    json_put(j, ",\"buttons\":[");
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        if (i) json_put(j, ",");
        json_put_rect(j, app, app->layout.buttons[i]);
    }
    double scale = app->out_w > 0 ? (double)app->win_w / (double)app->out_w : 1.0;
    const layout *l = &app->layout;
    json_put(
        j,
        "],\"fonts\":{\"status\":%.2f,\"rule\":%.2f,\"score\":%.2f,\"button\":%.2f,\"list\":%.2f}",
        l->font_status_px * scale, l->font_rule_px * scale, l->font_score_px * scale,
        l->font_button_px * scale, app->gamemenu_screen.layout.font_px * scale);
    json_put(j, ",\"menuOpen\":%s,\"helpOpen\":%s,\"menuDone\":",
             app_showing(app, SCREEN_SETTINGS) ? "true" : "false",
             app_showing(app, SCREEN_HELP) ? "true" : "false");
    json_put_rect(j, app, app->settings_screen.layout.done);
    /* The game menu (the Menu button), its entries top to bottom. */
    json_put(j, ",\"gameMenuOpen\":%s,\"gameMenuRows\":[",
             app_showing(app, SCREEN_GAMEMENU) ? "true" : "false");
    for (int i = 0; i < app->gamemenu_screen.layout.row_count; i++) {
        if (i) json_put(j, ",");
        json_put_rect(j, app, app->gamemenu_screen.layout.rows[i]);
    }
    json_put(j, "],");
}

static void put_timing(json_out *j, const app_state *app)
{
    const stats *s = &app->stats;
    double save_max = 0.0;
    unsigned long saves = 0;
    if (app->saver) saver_stats(app->saver, &save_max, &saves);
    json_put(j, "\"frames\":%zu,\"passes\":%lu,\"frameBudgetMs\":%.3f,", s->frames, app->passes,
             s->frame_budget_ms);
    json_put(j, "\"frameWorkMaxMs\":%.3f,\"frameWorkLastMs\":%.3f,\"loopMaxMs\":%.3f,",
             s->frame_work.max_ms, s->frame_work.last_ms, s->loop_max_ms);
    json_put(j, "\"aiMoves\":%zu,\"aiMaxMs\":%.3f,\"aiLastMs\":%.3f,", s->ai.total, s->ai.max_ms,
             s->ai.last_ms);
    json_put(j, "\"saves\":%lu,\"saveMaxMs\":%.3f,\"saveJob\":%u,\"saveFailed\":%s,", saves,
             save_max, (unsigned)app->save_job, app->prefs_warned ? "true" : "false");
    json_put(j, "\"overlay\":[");
    for (int i = 0; i < LAYOUT_OVERLAY_LINES; i++) {
        if (i) json_put(j, ",");
        json_put_string(j, app->settings.show_overlay ? app->view.overlay.lines[i].text : "");
    }
    json_put(j, "],");
}

EMSCRIPTEN_KEEPALIVE const char *ttt_web_state_json(void)
{
    json_out j = {state_json, STATE_JSON_CAP, 0, false};
    const app_state *app = web_loop.state;
    /* Until the start's steps are done (app.c) there is no game to show. */
    if (!app || !app->started) {
        json_put(&j, "{\"running\":false}");
        return state_json;
    }
    json_put(&j, "{\"running\":true,");
    put_game(&j, app);
    put_layout(&j, app);
    put_timing(&j, app);
    unsigned long cues = 0;
    for (int c = 0; c < SOUND_CUE_COUNT; c++)
        cues += audio_played(app->audio, (sound_cue)c);
    json_put(&j, "\"language\":\"%s\",\"sound\":%s,\"audioOpen\":%s,\"cuesPlayed\":%lu,",
             language_key(app->language), app->settings.sound ? "true" : "false",
             audio_device_open(app->audio) ? "true" : "false", cues);
    json_put(&j, "\"renderer\":");
    json_put_string(&j, app->renderer_name);
    json_put(&j, "}");
    if (j.full) snprintf(state_json, sizeof state_json, "{\"running\":true,\"truncated\":true}");
    return state_json;
}
