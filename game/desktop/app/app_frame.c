/*
 * app_frame.c - the loop's pass (see app.h): the clock, the input, the
 * per-frame update, the view (view.h), drawing and presenting a frame when
 * something changed (render.c), a snapshot for the saver, then sleep until
 * the next event or frame is due; app_step is one pass, app_run the loop
 * (in a browser the page runs it, platform_web.h).
 */
#include "app.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "textesc.h"

#include "app_internal.h"
#include "app_online.h"
#include "app_testhook.h"
#include "input.h"
#include "overlay.h"
#include "render.h"
#include "screen_speech.h"
#include "screens.h"
#include "speech_out.h"
#ifdef __EMSCRIPTEN__
#include "platform_web.h"
#endif

/* Frames shorter than this fraction of the budget wait for the rest, so a
 * renderer without a working vsync does not spin a core. */
#define PACE_MIN_FRACTION 1.0

static void advance_clock(app_state *app)
{
    if (app->cfg.fixed_step_ms > 0)
        app->play.now_ms += app->cfg.fixed_step_ms;
    else
        app->play.now_ms = SDL_GetTicks64();
}

/* The per-frame update: the turn flow's or the review's own step, a record
 * asked to be exported, scores to save, timers that ran out, the cursor
 * kept on the board. */
static void update(app_state *app)
{
    if (app->cfg.args.quit_after_games > 0 &&
        app->play.games_finished >= app->cfg.args.quit_after_games && play_settled(&app->play))
        app->quit = true;
    app_online_poll(app);
    if (app->review.open)
        review_update(&app->review, app->play.now_ms);
    else if (app_showing(app, SCREEN_PUZZLE))
        ; /* the game's turn waits while a puzzle is played */
    else if (!app->quit)
        play_update(&app->play);
    app_ponder_update(app);
    if (app->export_requested) app_export_record(app);
    /* After play_update: a game it ended is saved in this pass, once. */
    if (app->play.scores_changed) {
        app->play.scores_changed = false;
        app->prefs_dirty = true;
    }
    /* Reset's confirmation runs out: the button reads "Reset scores" again. */
    if (app->settings_screen.reset_armed_ms != 0 &&
        (!app_showing(app, SCREEN_SETTINGS) ||
         app->play.now_ms >= app->settings_screen.reset_armed_ms + APP_RESET_CONFIRM_MS)) {
        app->settings_screen.reset_armed_ms = 0;
        app->redraw = true;
    }
    /* So does Resign's, and it is dropped when the lobby closes or the
       game can no longer be resigned (it ended meanwhile). */
    if (app->online_screen.resign_armed_ms != 0 &&
        (!app_showing(app, SCREEN_ONLINE) || !app_online_can_resign(app) ||
         app->play.now_ms >= app->online_screen.resign_armed_ms + APP_RESIGN_CONFIRM_MS)) {
        app->online_screen.resign_armed_ms = 0;
        app->redraw = true;
    }
    int size = app->layout.board_size > 0 ? app->layout.board_size : ttt_game_size(app->play.game);
    if (app->cursor_row >= size || app->cursor_col >= size)
        app->cursor_row = app->cursor_col = size / 2;
}

/* Is a notice up on the app's clock? */
static bool notice_showing(const app_state *app)
{
    return app->notice[0] && app->play.now_ms < app->notice_ms + APP_NOTICE_MS;
}

/* What drawing needs to know, worked out once per frame (view.h): the game,
 * or the review's position while one is open; a notice over the status. */
static void prepare_frame(app_state *app)
{
    if (app_showing(app, SCREEN_PUZZLE))
        view_puzzle_compute(&app->puzzle_screen.session, &app->prefs.puzzles, app->settings.mode,
                            &app->view.game);
    else if (app->review.open)
        view_review_compute(&app->review, app->review_screen.hints, app->settings.mode,
                            &app->view.game);
    else
        view_game_compute(&app->play, &app->view.game);
    /* Online, the status line says how the connection and the room stand,
     * and the scores are the room's. */
    if (!app->review.open && app->play.online) app_online_view(app, &app->view.game);
    view_board_value_compute(&app->play, &app->view);
    if (notice_showing(app)) {
        snprintf(app->view.game.status, sizeof app->view.game.status, "%s", app->notice);
        app->view.game.status_long = true;
        app->view.game.status_dots = false;
    }
    app->view.now_ms = app->play.now_ms;
}

SDL_Surface *app_capture(app_state *app)
{
    prepare_frame(app);
    render_screen(app->draw, app);
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, app->out_w, app->out_h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) {
        SDL_Log("Couldn't create a capture surface: %s", SDL_GetError());
        return NULL;
    }
    if (SDL_RenderReadPixels(app->renderer, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) !=
        0) {
        SDL_Log("Couldn't read the frame back: %s", SDL_GetError());
        SDL_FreeSurface(s);
        return NULL;
    }
    return s;
}

/* What changed this pass, said aloud (speech_out.h): the square under the
 * keyboard cursor as it moves (cutting short what is being said, as a
 * screen reader does for keys), then the moves, the status, a hint, a
 * refused click, as the browser's live region says them (announce.h); in a
 * panel, its name as it opens and what the keyboard's focus is on as it
 * moves or its value changes (screen_speech.h). */
static void speak(app_state *app)
{
    if (!app->speech) return;
    char cursor[SPEECH_TEXT_MAX], text[ANNOUNCE_TEXT_MAX];
    const view_game *v = &app->view.game;
    announce_view(&app->said, v, text, sizeof text);
    screen_id top = screen_stack_top(&app->screens);
    bool on_board = app->cursor_shown && top == SCREEN_GAME;
    announce_cursor(&app->said, v, on_board, app->cursor_row, app->cursor_col, cursor,
                    sizeof cursor);
    speech_out_say(app->speech, cursor, true);
    speech_out_say(app->speech, text, false);
    /* The focus is worked out only when a panel shows (the game's board
     * has its cursor above). */
    const char *title = screen_speech_title(top);
    char focus[SCREEN_SPEECH_TEXT_MAX];
    if (title[0])
        screen_speech_focus(app, focus, sizeof focus);
    else
        focus[0] = '\0';
    if ((int)top != app->said_screen) {
        app->said_screen = (int)top;
        speech_out_say(app->speech, title, true);
        speech_out_say(app->speech, focus, false);
    } else if (strcmp(focus, app->said_focus) != 0) {
        speech_out_say(app->speech, focus, true);
    }
    snprintf(app->said_focus, sizeof app->said_focus, "%s", focus);
}

/* Is @p start_ms + @p duration_ms still ahead on the app's clock? */
static bool running(const app_state *app, Uint64 start_ms, int duration_ms)
{
    return start_ms != 0 && app->play.now_ms < start_ms + (Uint64)duration_ms;
}

/* Is anything on screen moving by itself now (so frames must keep coming
 * at the display's rate)? Everything else is drawn once per change. */
static bool app_animating(const app_state *app)
{
    const view_game *v = &app->view.game;
    if (v->computer_thinking || v->hint_thinking) return true; /* the pulsing dots */
    if (v->game_over && running(app, v->game_over_ms, APP_GAME_OVER_SETTLE_MS)) return true;
    if (v->refused && running(app, v->refused_ms, APP_REFUSED_CUE_MS)) return true;
    if (v->hint_shown && running(app, v->hint_ms, APP_HINT_FADE_MS)) return true;
    if (running(app, app->settings_screen.changed_ms, APP_MENU_FADE_MS)) return true;
    if (running(app, app->help_screen.changed_ms, APP_HELP_FADE_MS)) return true;
    if (running(app, app->gamemenu_screen.changed_ms, APP_PANEL_FADE_MS)) return true;
    if (running(app, app->stats_screen.changed_ms, APP_PANEL_FADE_MS)) return true;
    if (running(app, app->puzzle_screen.changed_ms, APP_PANEL_FADE_MS)) return true;
    if (v->status_dots) return true; /* the review's solver at work */
    if (app->hover_row >= 0 && running(app, app->hover_ms, APP_HOVER_FADE_MS)) return true;
    int squares = v->size * v->size;
    for (int i = 0; i < squares; i++)
        if (running(app, v->placed_ms[i], APP_MARK_APPEAR_MS)) return true;
    return false;
}

/* The next app time at which something happens by itself while nothing
 * animates: the computer's held move, the next watched game, the end of
 * Reset's and Resign's confirmations, the overlay's next refresh. UINT64_MAX: none. */
static Uint64 next_wake_ms(const app_state *app)
{
    Uint64 wake =
        app->review.open ? review_next_wake_ms(&app->review) : play_next_wake_ms(&app->play);
    if (notice_showing(app) && app->notice_ms + APP_NOTICE_MS < wake)
        wake = app->notice_ms + APP_NOTICE_MS;
    if (app->settings_screen.reset_armed_ms != 0) {
        Uint64 expiry = app->settings_screen.reset_armed_ms + APP_RESET_CONFIRM_MS;
        if (expiry < wake) wake = expiry;
    }
    if (app->online_screen.resign_armed_ms != 0) {
        Uint64 expiry = app->online_screen.resign_armed_ms + APP_RESIGN_CONFIRM_MS;
        if (expiry < wake) wake = expiry;
    }
    if (app->settings.show_overlay && app->overlay_stale) {
        Uint64 refresh = app->overlay_updated_ms + APP_OVERLAY_REFRESH_MS;
        if (refresh < wake) wake = refresh;
    }
    return wake;
}

/* Sleep until the next frame is due: the rest of the frame budget while
 * something animates, otherwise until an event or the next timed wake-up
 * (input, the worker's answer and window events all wake it at once). */
static void wait_for_next_pass(app_state *app, bool animating, Uint64 start, Uint64 freq)
{
    double budget = app->stats.frame_budget_ms * PACE_MIN_FRACTION;
    if (animating) {
        /* Pace even when vsync was granted: some drivers (offscreen, Xvfb)
         * report it but return at once. With a real vsync the present
         * already took the whole budget and this waits for nothing. */
        double elapsed = (double)(SDL_GetPerformanceCounter() - start) * 1000.0 / (double)freq;
        double wait = budget - elapsed;
        if (wait >= 1.0) SDL_WaitEventTimeout(NULL, (int)wait);
        return;
    }
    Uint64 wake = next_wake_ms(app);
    int timeout = -1; /* until an event */
    if (wake != UINT64_MAX)
        timeout = wake <= app->play.now_ms ? 0 : (int)SDL_min(wake - app->play.now_ms, INT_MAX);
    /* A room open: its connection is polled. */
    int online_ms = app_online_poll_ms(app);
    if (online_ms >= 0 && (timeout < 0 || online_ms < timeout)) timeout = online_ms;
    /* A direction held on a controller repeats on time. */
    int repeat = gamepad_repeat_in_ms(&app->gamepad, app->play.now_ms);
    if (repeat >= 0 && (timeout < 0 || repeat < timeout)) timeout = repeat;
    /* A run that quits after N passes keeps passing. */
    if (app->cfg.args.quit_after_frames > 0 && (timeout < 0 || timeout > (int)budget))
        timeout = (int)budget;
    /* Like SDL_WaitEventTimeout, reading the controllers meanwhile. */
    if (timeout != 0) gamepad_wait_event(&app->gamepad, timeout);
}

/* Everything that happened since the last pass: controllers, events, a
 * direction held, a new window size, the turn flow's own step. */
static void take_input(app_state *app)
{
    /* SDL reads controllers only when asked (see gamepad.h). */
    gamepad_poll(&app->gamepad);
    SDL_Event ev;
    while (SDL_PollEvent(&ev))
        app_event(app, &ev);
    input_gamepad(app, gamepad_held_action(&app->gamepad, app->play.now_ms));
    app_after_event(app);
    app_update_sizes(app);
    update(app);
    app->passes++;
    if (app->cfg.args.quit_after_frames > 0 &&
        app->passes >= (unsigned long)app->cfg.args.quit_after_frames)
        app->quit = true;
}

/* --screenshot: the last frame, before quitting. */
static void save_screenshot(app_state *app)
{
    SDL_Surface *shot = app_capture(app);
    if (!shot) return;
    if (SDL_SaveBMP(shot, app->cfg.args.screenshot) != 0) {
        /* Asked for on the command line: a failure is the run's failure. */
        textesc_printf(stderr, "tictactoe: cannot save the screenshot %s: %s",
                       app->cfg.args.screenshot, SDL_GetError());
        fputc('\n', stderr);
        app->screenshot_failed = true;
    }
    SDL_FreeSurface(shot);
}

/* Draw and present the frame begun at @p start, timing it; @p drawn says
 * the screenshot already drew it. @return the ticks spent presenting (with
 * a working vsync, mostly waiting for the display). */
static Uint64 present_frame(app_state *app, Uint64 start, Uint64 freq, bool drawn, bool animating,
                            bool changed)
{
    bool measured = app->stats.frames >= STATS_WARMUP_FRAMES;
    /* The interval between frames of one animation (not across idle gaps). */
    if (app->last_frame_start_counter && measured)
        stats_series_add(&app->stats.frame_interval,
                         (double)(start - app->last_frame_start_counter) * 1000.0 / (double)freq);
    if (!drawn) render_screen(app->draw, app);
    /* SDL batches drawing until asked; flush so the frame time includes
     * submitting it, but not the wait for vsync inside SDL_RenderPresent. */
    if (SDL_RenderFlush(app->renderer) != 0) SDL_Log("Couldn't flush: %s", SDL_GetError());
    Uint64 done = SDL_GetPerformanceCounter();
    if (measured)
        stats_series_add(&app->stats.frame_work, (double)(done - start) * 1000.0 / (double)freq);
    app->stats.frames++;
    /* The overlay's own refresh does not make its numbers stale. */
    if (changed || animating) app->overlay_stale = true;
    SDL_RenderPresent(app->renderer);
    Uint64 presented = SDL_GetPerformanceCounter();
    app->redraw = false;
    app->drawn_view = app->view.game;
    app->animated_last_frame = animating;
    app->last_frame_start_counter = animating ? start : 0;
    return presented - done;
}

bool app_step(app_state *app)
{
    if (!app->started) {
        /* In a browser the start comes a step a pass (app.c). */
        if (app_start_step(app)) return true;
        app->quit = true;
        return false;
    }
    Uint64 freq = SDL_GetPerformanceFrequency();
    Uint64 start = SDL_GetPerformanceCounter();
    /* Passes before the first measured frame open fonts and warm the renderer up. */
    bool measured_pass = app->stats.frames >= STATS_WARMUP_FRAMES;
    advance_clock(app);
    take_input(app);
    prepare_frame(app);
    app_testhook_step(app);
    speak(app);
    /* The buttons' labels may have changed with the view (the review): their
     * widths follow at once. */
    app_update_sizes(app);

    /* Draw only what changed: an event said so, something animates, or
     * the game moved on by itself (the computer's move, the next game). */
    bool animating = !app->window_hidden && app_animating(app);
    /* An animation that has just ended still owes its final frame. */
    bool changed = app->redraw || app->animated_last_frame ||
                   memcmp(&app->view.game, &app->drawn_view, sizeof app->drawn_view) != 0;
    bool overlay_refreshed = overlay_refresh(app);
    bool screenshot = app->quit && app->cfg.args.screenshot;
    if (screenshot) save_screenshot(app);
    Uint64 presenting = 0;
    bool draw = screenshot || (!app->window_hidden && (changed || animating || overlay_refreshed));
#ifdef __EMSCRIPTEN__
    if (draw && app->stats.frames == 0 && !app->first_layers_built) {
        /* The first frame's cached layers in a pass of their own, the
         * frame in the next: the page's compositor waits for the GPU to
         * finish the frame it shows, and the GPU builds the layers (most
         * of the first frame's work) meanwhile (docs/web.md, "Lighthouse"). */
        render_prepare(app->draw, app);
        platform_web_flush_gpu();
        app->first_layers_built = true;
        return !app->quit;
    }
#endif
    if (draw) {
        presenting = present_frame(app, start, freq, screenshot, animating, changed);
    } else {
        app->stats.idle_wakeups++;
        app->last_frame_start_counter = 0;
    }

    /* A snapshot for the saver's thread, which writes the file while the
     * loop goes on (outside a slider drag, so a drag writes once). */
    if (app->prefs_dirty && !app->settings_screen.menu.dragging) app_save_prefs(app);
    app_save_game_file(app);
    /* The pass without its waits: for the display (vsync) and, below, for
     * the next event. What is left is what the loop itself blocked on. */
    if (measured_pass)
        stats_loop_pass(&app->stats, (double)(SDL_GetPerformanceCounter() - start - presenting) *
                                         1000.0 / (double)freq);
    if (app->cfg.pace_frames && !app->quit) wait_for_next_pass(app, animating, start, freq);
    return !app->quit;
}

#ifdef __EMSCRIPTEN__
/* The browser's loop calls these (platform_web_loop): the platform layer
 * never calls into app/. */
static bool web_step(void *ctx)
{
    return app_step(ctx);
}

static int web_finish(void *ctx)
{
    app_state *app = ctx;
    int status = app->screenshot_failed || app->start_failed ? 1 : 0;
    app_quit(app);
    return status;
}

/* The page is going away (closed or reloaded): a change not yet handed to
 * the saver (one made during a slider's drag) goes to it now. The save
 * itself needs the page's event loop for its lock, so it completes only if
 * the page stays long enough (a page kept in the back/forward cache does);
 * what the storage holds is a whole earlier version either way. */
static void web_unload(void *ctx)
{
    app_state *app = ctx;
    if (app->play.game && app->prefs_dirty) app_save_prefs(app);
}
#endif

int app_run(app_state *app)
{
#ifdef __EMSCRIPTEN__
    /* In a browser tab the page runs the loop: this never returns. The
     * browser paces the frames (requestAnimationFrame): a pass never
     * waits, it returns to the page. */
    app->cfg.pace_frames = false;
    platform_web_loop loop = {web_step, web_finish, web_unload, app, app};
    platform_web_run(&loop);
#endif
    while (app_step(app)) {
    }
    return app->screenshot_failed ? 1 : 0;
}
