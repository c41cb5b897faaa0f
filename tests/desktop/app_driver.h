/*
 * app_driver.h - helpers for the tests that run the real app loop under
 * SDL's dummy video driver: start and stop the app on a fixed-step clock,
 * push mouse and key events, wait for the computer, read pixels back.
 * Header-only (static inline) so each test executable takes what it uses.
 */
#ifndef TESTS_GAME_APP_DRIVER_H
#define TESTS_GAME_APP_DRIVER_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include <SDL.h>

#include "app.h"
#include "text.h"
#include "worker.h"

/* Each mode's scores. */
#define HVC(app) ((app)->play.scores[SETTINGS_MODE_HUMAN_VS_COMPUTER])
#define PVP(app) ((app)->play.scores[SETTINGS_MODE_TWO_PLAYERS])
#define CVC(app) ((app)->play.scores[SETTINGS_MODE_COMPUTER_VS_COMPUTER])

#define STEP_MS 16
/* Frames that let every animation (mark pop-in, strike-through) finish. */
#define SETTLE_FRAMES 60
/* Upper bound on frames for one AI move: a failure guard, never reached. */
#define AI_GUARD_FRAMES 200000
/* Largest per-channel difference accepted when matching a colour. */
#define COLOUR_TOLERANCE 6

/* Two players on a @p size x @p size board, the rest default. */
static inline settings two_players(int size)
{
    settings s;
    settings_defaults(&s);
    s.mode = SETTINGS_MODE_TWO_PLAYERS;
    char text[16];
    snprintf(text, sizeof text, "%d", size);
    assert_true(settings_set(&s, "size", text, NULL, 0));
    return s;
}

/* Start the app with @p s, tweaking the test configuration with @p tweak
 * (may be NULL) before app_init. */
static inline app_state *start_with(const settings *s, void (*tweak)(app_config *, void *),
                                    void *user)
{
    /* CTest sets these; the fallbacks let the binary run by hand too. */
    SDL_setenv("SDL_VIDEODRIVER", "dummy", 0);
    SDL_setenv("SDL_RENDER_DRIVER", "software", 0);
    app_config cfg;
    app_config_defaults(&cfg);
    cfg.fixed_step_ms = STEP_MS;
    cfg.pace_frames = false;
    cfg.assets_dir = TTT_TEST_ASSETS_DIR;
    cfg.args.width = 600;
    cfg.args.height = 700;
    cfg.args.seed_given = true;
    cfg.args.seed = 12345;
    if (tweak) tweak(&cfg, user);
    app_state *app = calloc(1, sizeof *app);
    assert_non_null(app);
    if (!app_init(app, s, &cfg)) {
        app_quit(app);
        free(app);
        fail_msg("app_init failed: %s", SDL_GetError());
    }
    return app;
}

static inline app_state *start(const settings *s)
{
    return start_with(s, NULL, NULL);
}

static inline void stop(app_state *app)
{
    app_quit(app);
    free(app);
}

static inline void steps(app_state *app, int n)
{
    for (int i = 0; i < n; i++)
        assert_true(app_step(app));
}

typedef struct window_size {
    int width, height;
} window_size;

/* start_with()'s tweak: the window size in @p user (a window_size). */
static inline void tweak_size(app_config *cfg, void *user)
{
    const window_size *size = user;
    cfg->args.width = size->width;
    cfg->args.height = size->height;
    cfg->args.size_given = true;
}

/* Start the app at @p width x @p height (the dummy display is smaller than
 * the default window, so the size is set again after the start). */
static inline app_state *start_sized(const settings *s, int width, int height)
{
    window_size size = {width, height};
    app_state *app = start_with(s, tweak_size, &size);
    if (app->out_w != width || app->out_h != height) {
        SDL_SetWindowSize(app->window, width, height);
        steps(app, 2);
    }
    assert_int_equal(app->out_w, width);
    assert_int_equal(app->out_h, height);
    return app;
}

/* The defaults in @p language (a settings-file key) on a @p board_size
 * board, muted. */
static inline settings settings_in(const char *language, int board_size)
{
    settings s;
    settings_defaults(&s);
    char err[128];
    assert_true(settings_set(&s, "language", language, err, sizeof err));
    if (board_size != 3) {
        char n[8];
        snprintf(n, sizeof n, "%d", board_size);
        assert_true(settings_set(&s, "size", n, err, sizeof err));
    }
    /* Muted: the muted speaker narrows the status line. */
    s.sound = false;
    return s;
}

/* Push a mouse move to an output pixel (converted back to window points). */
static inline void move_to(app_state *app, int x, int y)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_MOUSEMOTION;
    ev.motion.windowID = SDL_GetWindowID(app->window);
    ev.motion.x = app->out_w ? x * app->win_w / app->out_w : x;
    ev.motion.y = app->out_h ? y * app->win_h / app->out_h : y;
    assert_int_equal(SDL_PushEvent(&ev), 1);
}

/* Push a left click at an output pixel (converted back to window points). */
static inline void click_at(app_state *app, int x, int y)
{
    int wx = app->out_w ? x * app->win_w / app->out_w : x;
    int wy = app->out_h ? y * app->win_h / app->out_h : y;
    Uint32 id = SDL_GetWindowID(app->window);
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_MOUSEMOTION;
    ev.motion.windowID = id;
    ev.motion.x = wx;
    ev.motion.y = wy;
    assert_int_equal(SDL_PushEvent(&ev), 1);
    SDL_zero(ev);
    ev.type = SDL_MOUSEBUTTONDOWN;
    ev.button.windowID = id;
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.state = SDL_PRESSED;
    ev.button.clicks = 1;
    ev.button.x = wx;
    ev.button.y = wy;
    assert_int_equal(SDL_PushEvent(&ev), 1);
    ev.type = SDL_MOUSEBUTTONUP;
    ev.button.state = SDL_RELEASED;
    assert_int_equal(SDL_PushEvent(&ev), 1);
}

static inline void click_square(app_state *app, int row, int col)
{
    float cx, cy;
    layout_square_center(&app->layout, row, col, &cx, &cy);
    click_at(app, (int)cx, (int)cy);
}

static inline void click_rect(app_state *app, layout_rect r)
{
    click_at(app, r.x + r.w / 2, r.y + r.h / 2);
}

/* Push a key press with modifiers (KMOD_CTRL, KMOD_SHIFT ...). */
static inline void press_key_mod(app_state *app, SDL_Keycode key, Uint16 mod)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_KEYDOWN;
    ev.key.windowID = SDL_GetWindowID(app->window);
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.sym = key;
    ev.key.keysym.mod = mod;
    assert_int_equal(SDL_PushEvent(&ev), 1);
}

static inline void press_key(app_state *app, SDL_Keycode key)
{
    press_key_mod(app, key, KMOD_NONE);
}

static inline int mark_count(const app_state *app)
{
    int n = ttt_game_move_count(app->play.game);
    return n;
}

static inline ttt_player owner(const app_state *app, int row, int col)
{
    ttt_player p = TTT_PLAYER_NONE;
    assert_int_equal(ttt_game_owner(app->play.game, (ttt_pos){row, col}, &p), TTT_OK);
    return p;
}

static inline ttt_player turn(const app_state *app)
{
    ttt_player p = ttt_game_turn(app->play.game);
    return p;
}

/* Step until the computer has moved (or the game ended). While a result is
 * on its way, block on the event queue instead of spinning. */
static inline void wait_for_computer(app_state *app)
{
    int before = mark_count(app);
    for (int i = 0; i < AI_GUARD_FRAMES; i++) {
        if (mark_count(app) > before || turn(app) == TTT_PLAYER_NONE) return;
        if (app->play.ai_waiting) SDL_WaitEventTimeout(NULL, 10);
        assert_true(app_step(app));
    }
    fail_msg("the computer never moved");
}

/* Wait until the worker is searching, so a change made now catches the job
 * mid-search rather than before it started. */
/* Wait until the worker searches a job of the turn flow (a move, a hint),
 * not the ponder that ran while the person was to move. */
static inline bool searching(app_state *app)
{
    return worker_running(app->ai) && !worker_pondering(app->ai);
}

static inline void wait_until_searching(app_state *app)
{
    for (int i = 0; i < AI_GUARD_FRAMES && !searching(app); i++)
        SDL_Delay(1);
    assert_true(searching(app));
}

static inline bool colour_near(Uint32 argb, theme_color c)
{
    int r = (int)((argb >> 16) & 0xFF), g = (int)((argb >> 8) & 0xFF), b = (int)(argb & 0xFF);
    return abs(r - c.r) <= COLOUR_TOLERANCE && abs(g - c.g) <= COLOUR_TOLERANCE &&
           abs(b - c.b) <= COLOUR_TOLERANCE;
}

static inline Uint32 pixel(SDL_Surface *s, int x, int y)
{
    const Uint8 *row = (const Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch;
    return ((const Uint32 *)row)[x];
}

/* Read the frame back and check that the strike colour runs from the centre
 * of each winning line's first square to its last, and is absent from a
 * square that is on no winning line (if @p off_row >= 0). */
static inline void assert_strikes_drawn(app_state *app, int off_row, int off_col)
{
    assert_true(app->play.line_count > 0);
    SDL_Surface *shot = app_capture(app);
    assert_non_null(shot);
    theme_color strike = app->theme->colors[THEME_STRIKE];
    for (int i = 0; i < app->play.line_count; i++) {
        const ttt_line *line = &app->play.lines[i];
        float ax, ay, bx, by;
        layout_square_center(&app->layout, line->squares[0].row, line->squares[0].col, &ax, &ay);
        layout_square_center(&app->layout, line->squares[line->length - 1].row,
                             line->squares[line->length - 1].col, &bx, &by);
        /* Centre to centre, stopping a twentieth short of each end: there the
         * round caps of thin strokes (5 px on 8x8) may blend at the pixel
         * the rounding picks. */
        for (int t = 1; t < 20; t++) {
            float f = (float)t / 20.0f;
            int x = (int)lroundf(ax + (bx - ax) * f);
            int y = (int)lroundf(ay + (by - ay) * f);
            Uint32 px = pixel(shot, x, y);
            if (!colour_near(px, strike))
                fail_msg("line %d: pixel (%d,%d) (from %.1f,%.1f to %.1f,%.1f) is %06X, "
                         "not the strike colour",
                         i, x, y, ax, ay, bx, by, (unsigned)(px & 0xFFFFFF));
        }
    }
    if (off_row >= 0) {
        float cx, cy;
        layout_square_center(&app->layout, off_row, off_col, &cx, &cy);
        assert_false(colour_near(pixel(shot, (int)cx, (int)cy), strike));
    }
    SDL_FreeSurface(shot);
}

#endif /* TESTS_GAME_APP_DRIVER_H */
