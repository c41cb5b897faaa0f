/*
 * test_e2e.c - the real app loop, driven by pushed SDL events under the
 * offscreen video driver with the software renderer (no display needed).
 *
 * The app runs on a fixed-step clock (16 ms per frame) so the think delay and
 * the strike-through animation advance by frames, not by wall-clock time.
 * Each test asserts the game's final state and reads the frame back to check
 * the strike-through was drawn across the winning squares.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <SDL.h>

#include "app.h"

#define STEP_MS 16
/* Frames that let every animation (mark pop-in, strike-through) finish. */
#define SETTLE_FRAMES 60
/* Upper bound on frames for one AI move: a failure guard, never reached. */
#define AI_GUARD_FRAMES 200000
/* Largest per-channel difference accepted when matching a colour. */
#define COLOUR_TOLERANCE 6

static app_state *start(const settings *s)
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
    app_state *app = calloc(1, sizeof *app);
    assert_non_null(app);
    if (!app_init(app, s, &cfg)) {
        app_quit(app);
        free(app);
        fail_msg("app_init failed: %s", SDL_GetError());
    }
    return app;
}

static void stop(app_state *app)
{
    app_quit(app);
    free(app);
}

static void steps(app_state *app, int n)
{
    for (int i = 0; i < n; i++)
        assert_true(app_step(app));
}

/* Push a left click at an output pixel (converted back to window points). */
static void click_at(app_state *app, int x, int y)
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

static void click_square(app_state *app, int row, int col)
{
    float cx, cy;
    layout_square_center(&app->layout, row, col, &cx, &cy);
    click_at(app, (int)cx, (int)cy);
}

static void click_rect(app_state *app, layout_rect r)
{
    click_at(app, r.x + r.w / 2, r.y + r.h / 2);
}

static void press_key(app_state *app, SDL_Keycode key)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_KEYDOWN;
    ev.key.windowID = SDL_GetWindowID(app->window);
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.sym = key;
    assert_int_equal(SDL_PushEvent(&ev), 1);
}

static int mark_count(const app_state *app)
{
    int n = 0;
    assert_int_equal(ttt_game_move_count(app->game, &n), TTT_OK);
    return n;
}

static ttt_player owner(const app_state *app, int row, int col)
{
    ttt_player p = TTT_PLAYER_NONE;
    assert_int_equal(ttt_game_owner(app->game, row, col, &p), TTT_OK);
    return p;
}

static ttt_player turn(const app_state *app)
{
    ttt_player p = TTT_PLAYER_NONE;
    ttt_game_turn(app->game, &p);
    return p;
}

/* Step until the computer has moved (or the game ended). While a result is
 * on its way, block on the event queue instead of spinning. */
static void wait_for_computer(app_state *app)
{
    int before = mark_count(app);
    for (int i = 0; i < AI_GUARD_FRAMES; i++) {
        if (mark_count(app) > before || turn(app) == TTT_PLAYER_NONE) return;
        if (app->ai_waiting) SDL_WaitEventTimeout(NULL, 10);
        assert_true(app_step(app));
    }
    fail_msg("the computer never moved");
}

/* Wait until the worker is searching, so a change made now catches the job
 * mid-search rather than before it started. */
static void wait_until_searching(app_state *app)
{
    for (int i = 0; i < AI_GUARD_FRAMES && !worker_running(app->ai); i++)
        SDL_Delay(1);
    assert_true(worker_running(app->ai));
}

static bool colour_near(Uint32 argb, theme_color c)
{
    int r = (int)((argb >> 16) & 0xFF), g = (int)((argb >> 8) & 0xFF), b = (int)(argb & 0xFF);
    return abs(r - c.r) <= COLOUR_TOLERANCE && abs(g - c.g) <= COLOUR_TOLERANCE &&
           abs(b - c.b) <= COLOUR_TOLERANCE;
}

static Uint32 pixel(SDL_Surface *s, int x, int y)
{
    const Uint8 *row = (const Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch;
    return ((const Uint32 *)row)[x];
}

/* Read the frame back and check that the strike colour runs from the centre
 * of each winning line's first square to its last, and is absent from a
 * square that is on no winning line (if @p off_row >= 0). */
static void assert_strikes_drawn(app_state *app, int off_row, int off_col)
{
    assert_true(app->line_count > 0);
    SDL_Surface *shot = app_capture(app);
    assert_non_null(shot);
    theme_color strike = app->theme->colors[THEME_STRIKE];
    for (int i = 0; i < app->line_count; i++) {
        const ttt_line *line = &app->lines[i];
        float ax, ay, bx, by;
        layout_square_center(&app->layout, line->squares[0].row, line->squares[0].col, &ax, &ay);
        layout_square_center(&app->layout, line->squares[line->length - 1].row,
                             line->squares[line->length - 1].col, &bx, &by);
        for (int t = 0; t <= 20; t++) {
            float f = (float)t / 20.0f;
            int x = (int)lroundf(ax + (bx - ax) * f);
            int y = (int)lroundf(ay + (by - ay) * f);
            Uint32 px = pixel(shot, x, y);
            if (!colour_near(px, strike))
                fail_msg("line %d: pixel (%d,%d) is %06X, not the strike colour", i, x, y,
                         (unsigned)(px & 0xFFFFFF));
        }
    }
    if (off_row >= 0) {
        float cx, cy;
        layout_square_center(&app->layout, off_row, off_col, &cx, &cy);
        assert_false(colour_near(pixel(shot, (int)cx, (int)cy), strike));
    }
    SDL_FreeSurface(shot);
}

/* ------------------------------------------------------------------------- */

static void test_two_players_double_line_win(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    s.mode = SETTINGS_MODE_TWO_PLAYERS;
    app_state *app = start(&s);
    steps(app, 2);

    /* X completes the top row and the left column with one move at (0,0). */
    static const int moves[][2] = {{0, 1}, {1, 1}, {0, 2}, {1, 2}, {1, 0}, {2, 1}, {2, 0}, {2, 2}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        click_square(app, moves[i][0], moves[i][1]);
        steps(app, 3);
        assert_int_equal(mark_count(app), (int)i + 1);
        if (i == 2) {
            /* An occupied square is refused with a cue, and changes nothing. */
            click_square(app, 1, 1);
            steps(app, 1);
            assert_int_equal(mark_count(app), 3);
            assert_true(app->refused);
            assert_int_equal(app->refused_row, 1);
            assert_int_equal(app->refused_col, 1);
            assert_int_equal(owner(app, 1, 1), TTT_PLAYER_O);
        }
    }
    click_square(app, 0, 0);
    steps(app, 1);
    ttt_state st;
    ttt_game_state(app->game, &st);
    assert_int_equal(st, TTT_STATE_X_WON);
    assert_int_equal(app->line_count, 2);
    assert_int_equal(app->wins_x, 1);
    assert_int_equal(app->wins_o, 0);
    assert_int_equal(app->games_finished, 1);

    /* After the end, clicks change nothing (the last free square... none
     * left here, so click a taken one and the empty margin). */
    click_square(app, 2, 2);
    click_at(app, 1, 1);
    steps(app, SETTLE_FRAMES);
    assert_int_equal(mark_count(app), 9);
    assert_int_equal(app->games_finished, 1);
    assert_strikes_drawn(app, 2, 2);

    /* N starts the next game with O first. */
    press_key(app, SDLK_n);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    assert_int_equal(turn(app), TTT_PLAYER_O);
    assert_false(app->game_over);
    stop(app);
}

static void test_human_against_computer_full_game(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    s.difficulty = TTT_DIFFICULTY_UNBEATABLE;
    app_state *app = start(&s);
    steps(app, 2);
    bool checked_delay = false;
    for (int guard = 0; guard < 9 && turn(app) != TTT_PLAYER_NONE; guard++) {
        assert_int_equal(turn(app), TTT_PLAYER_X);
        /* The person (X) takes the first free square. */
        ttt_pos free_sq[TTT_MAX_SQUARES];
        int n = 0;
        ttt_game_free_squares(app->game, free_sq, TTT_MAX_SQUARES, &n);
        assert_true(n > 0);
        int before = mark_count(app);
        click_square(app, free_sq[0].row, free_sq[0].col);
        steps(app, 1);
        assert_int_equal(mark_count(app), before + 1);
        assert_int_equal(owner(app, free_sq[0].row, free_sq[0].col), TTT_PLAYER_X);
        if (turn(app) == TTT_PLAYER_NONE) break;

        /* While the computer thinks, clicks are refused. */
        assert_true(app->ai_waiting || app->ai_ready);
        if (n > 1) {
            click_square(app, free_sq[1].row, free_sq[1].col);
            steps(app, 1);
            assert_int_equal(mark_count(app), before + 1);
        }
        if (!checked_delay) {
            /* The computer's answer waits for the think delay on the app
             * clock even once it has arrived. */
            /* Step only when an event is queued, so the app clock stays
             * well short of the delay while the answer travels. */
            while (app->ai_waiting)
                if (SDL_WaitEventTimeout(NULL, 10)) steps(app, 1);
            assert_true(app->now_ms < app->ai_asked_ms + (Uint64)s.think_delay_ms);
            assert_true(app->ai_ready);
            assert_int_equal(mark_count(app), before + 1);
            checked_delay = true;
        }
        Uint64 asked = app->ai_asked_ms;
        wait_for_computer(app);
        assert_true(app->now_ms >= asked + (Uint64)s.think_delay_ms);
    }
    assert_int_equal(turn(app), TTT_PLAYER_NONE);
    assert_int_equal(app->games_finished, 1);
    assert_int_equal(app->wins_x + app->wins_o + app->draws, 1);
    /* The unbeatable computer never loses to first-free-square play. */
    assert_int_equal(app->wins_x, 0);
    assert_true(app->stats.ai.total >= 1);
    steps(app, SETTLE_FRAMES);
    if (app->wins_o) assert_strikes_drawn(app, -1, -1);
    stop(app);
}

static void test_stale_results_are_dropped(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    /* An 8x8 board keeps the computer searching until its deadline, so its
     * answer cannot arrive before the events pushed right after the ask. */
    s.board_size = 8;
    s.k = 5;
    s.difficulty = TTT_DIFFICULTY_UNBEATABLE; /* searches to its deadline on 8x8 */
    s.think_delay_ms = 0;
    app_state *app = start(&s);
    steps(app, 2);
    click_square(app, 0, 0);
    steps(app, 1);
    assert_true(app->ai_waiting);
    wait_until_searching(app);
    /* New game while the computer thinks: its answer must be dropped. */
    press_key(app, SDLK_n);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    assert_int_equal(app->games_finished, 0);
    /* New game: O (the computer) moves first, asked under a new job id. */
    assert_int_equal(turn(app), TTT_PLAYER_O);
    wait_for_computer(app);
    assert_int_equal(mark_count(app), 1);
    assert_true(app->stale_results >= 1);
    ttt_pos history[1];
    int count = 0;
    assert_int_equal(ttt_game_history(app->game, history, 1, &count), TTT_OK);
    assert_int_equal(owner(app, history[0].row, history[0].col), TTT_PLAYER_O);

    /* A settings change while the computer thinks drops its pending answer. */
    ttt_pos free_sq[TTT_MAX_SQUARES];
    int n = 0;
    ttt_game_free_squares(app->game, free_sq, TTT_MAX_SQUARES, &n);
    click_square(app, free_sq[0].row, free_sq[0].col);
    steps(app, 1);
    assert_int_equal(mark_count(app), 2);
    assert_true(app->ai_waiting);
    wait_until_searching(app);
    unsigned long stale = app->stale_results;
    uint32_t old_job = app->job_id;
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    assert_true(app->menu_open);
    click_rect(app, app->menu_layout.rows[MENU_ROW_DIFFICULTY].options[TTT_DIFFICULTY_EASY]);
    steps(app, 1);
    assert_int_equal(app->settings.difficulty, TTT_DIFFICULTY_EASY);
    assert_true(app->job_id != old_job);
    press_key(app, SDLK_ESCAPE);
    wait_for_computer(app);
    assert_false(app->menu_open);
    assert_int_equal(mark_count(app), 3);
    /* The old answer arrives sooner or later; either way it was not played. */
    for (int i = 0; i < AI_GUARD_FRAMES && app->stale_results == stale; i++) {
        SDL_WaitEventTimeout(NULL, 10);
        steps(app, 1);
    }
    assert_true(app->stale_results > stale);
    assert_int_equal(mark_count(app), 3);
    stop(app);
}

static void test_menu_by_mouse(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    app_state *app = start(&s);
    steps(app, 2);
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_SETTINGS]);
    steps(app, 1);
    assert_true(app->menu_open);
    /* Board clicks do nothing while the menu is open. */
    click_rect(app, app->menu_layout.rows[MENU_ROW_MODE].options[SETTINGS_MODE_TWO_PLAYERS]);
    click_rect(app, app->menu_layout.rows[MENU_ROW_OVERLAY].options[1]);
    click_rect(app, app->menu_layout.rows[MENU_ROW_SIDE].options[1]);
    steps(app, 1);
    assert_int_equal(app->settings.mode, SETTINGS_MODE_TWO_PLAYERS);
    assert_true(app->settings.show_overlay);
    assert_int_equal(app->settings.human_side, TTT_PLAYER_O);
    assert_int_equal(mark_count(app), 0);
    /* Drag the slider to the far left: custom difficulty, no mistakes. */
    layout_rect track = app->menu_layout.rows[MENU_ROW_MISTAKES].control;
    click_at(app, track.x, track.y + track.h / 2);
    steps(app, 1);
    assert_int_equal(app->settings.difficulty, SETTINGS_DIFFICULTY_CUSTOM);
    assert_true(app->settings.mistake_probability == 0.0);
    steps(app, 20); /* the overlay draws with its text */
    click_rect(app, app->menu_layout.done);
    steps(app, 1);
    assert_false(app->menu_open);
    stop(app);
}

static void test_text_is_cached(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    app_state *app = start(&s);
    steps(app, 3);
    unsigned long before = text_render_count(app->text);
    steps(app, 10);
    /* Unchanged text is not rasterised again. */
    assert_int_equal(text_render_count(app->text), before);
    stop(app);
}

static void test_resize_relayouts_and_clicks_follow(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    s.mode = SETTINGS_MODE_TWO_PLAYERS;
    app_state *app = start(&s);
    steps(app, 2);
    assert_false(app->layout.landscape);
    int old_cell = app->layout.cell;
    /* A wide window: the board moves to the left and grows to full height. */
    SDL_SetWindowSize(app->window, 960, 480);
    steps(app, 2);
    assert_int_equal(app->out_w, 960);
    assert_int_equal(app->out_h, 480);
    assert_true(app->layout.landscape);
    assert_true(app->layout.cell != old_cell);
    /* Clicks land on the squares where they are drawn now. */
    click_square(app, 2, 1);
    steps(app, 1);
    assert_int_equal(owner(app, 2, 1), TTT_PLAYER_X);
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_NEW_GAME]);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    stop(app);
}

static void test_quit_while_thinking(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    s.mode = SETTINGS_MODE_COMPUTER_VS_COMPUTER;
    s.board_size = 8;
    s.k = 5;
    app_state *app = start(&s);
    steps(app, 1);
    assert_true(app->ai_waiting);
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_QUIT;
    assert_int_equal(SDL_PushEvent(&ev), 1);
    assert_false(app_step(app));
    stop(app); /* cancels the search and joins the worker */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_players_double_line_win),
        cmocka_unit_test(test_human_against_computer_full_game),
        cmocka_unit_test(test_stale_results_are_dropped),
        cmocka_unit_test(test_menu_by_mouse),
        cmocka_unit_test(test_text_is_cached),
        cmocka_unit_test(test_resize_relayouts_and_clicks_follow),
        cmocka_unit_test(test_quit_while_thinking),
    };
    return cmocka_run_group_tests_name("game_e2e", tests, NULL, NULL);
}
