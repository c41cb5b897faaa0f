/*
 * test_app.c (was test_e2e.c) - the real app loop, driven by pushed SDL events under the
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
#include "render.h"

#include "app_driver.h"
#include "screen_gamemenu.h"

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
            assert_true(app->play.refused);
            assert_int_equal(app->play.refused_row, 1);
            assert_int_equal(app->play.refused_col, 1);
            assert_int_equal(owner(app, 1, 1), TTT_PLAYER_O);
        }
    }
    click_square(app, 0, 0);
    steps(app, 1);
    ttt_state st = ttt_game_state(app->play.game);
    assert_int_equal(st, TTT_STATE_X_WON);
    assert_int_equal(app->play.line_count, 2);
    assert_int_equal(PVP(app).wins[0], 1);
    assert_int_equal(PVP(app).wins[1], 0);
    assert_int_equal(app->play.games_finished, 1);

    /* After the end, clicks change nothing (the last free square... none
     * left here, so click a taken one and the empty margin). */
    click_square(app, 2, 2);
    click_at(app, 1, 1);
    steps(app, SETTLE_FRAMES);
    assert_int_equal(mark_count(app), 9);
    assert_int_equal(app->play.games_finished, 1);
    assert_strikes_drawn(app, 2, 2);

    /* N starts the next game with O first. */
    press_key(app, SDLK_n);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    assert_int_equal(turn(app), TTT_PLAYER_O);
    assert_false(app->play.game_over);
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
        ttt_game_empty_squares(app->play.game, free_sq, TTT_MAX_SQUARES, &n);
        assert_true(n > 0);
        int before = mark_count(app);
        click_square(app, free_sq[0].row, free_sq[0].col);
        steps(app, 1);
        assert_int_equal(mark_count(app), before + 1);
        assert_int_equal(owner(app, free_sq[0].row, free_sq[0].col), TTT_PLAYER_X);
        if (turn(app) == TTT_PLAYER_NONE) break;

        /* While the computer thinks, clicks are refused. */
        assert_true(app->play.ai_waiting || app->play.ai_ready);
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
            while (app->play.ai_waiting)
                if (SDL_WaitEventTimeout(NULL, 10)) steps(app, 1);
            assert_true(app->play.now_ms < app->play.ai_asked_ms + (Uint64)s.think_delay_ms);
            assert_true(app->play.ai_ready);
            assert_int_equal(mark_count(app), before + 1);
            checked_delay = true;
        }
        Uint64 asked = app->play.ai_asked_ms;
        wait_for_computer(app);
        assert_true(app->play.now_ms >= asked + (Uint64)s.think_delay_ms);
    }
    assert_int_equal(turn(app), TTT_PLAYER_NONE);
    assert_int_equal(app->play.games_finished, 1);
    /* Against the computer the scores count by role, not by mark. */
    assert_int_equal(HVC(app).wins[0] + HVC(app).wins[1] + HVC(app).draws, 1);
    assert_int_equal(PVP(app).wins[0] + PVP(app).wins[1], 0);
    /* The unbeatable computer never loses to first-free-square play. */
    assert_int_equal(HVC(app).wins[0], 0);
    assert_true(app->stats.ai.total >= 1);
    steps(app, SETTLE_FRAMES);
    if (HVC(app).wins[1]) assert_strikes_drawn(app, -1, -1);
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
    /* An answer that arrives is held for the think delay (on the app's
     * clock, which only the steps move), so even a machine too loaded to
     * catch the search mid-way cannot see the move played before the
     * changes below. */
    s.think_delay_ms = SETTINGS_MAX_THINK_DELAY_MS;
    app_state *app = start(&s);
    steps(app, 2);
    click_square(app, 0, 0);
    steps(app, 1);
    assert_true(app->play.ai_waiting);
    wait_until_searching(app);
    /* New game while the computer thinks: its answer must be dropped. */
    press_key(app, SDLK_n);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    assert_int_equal(app->play.games_finished, 0);
    /* New game: O (the computer) moves first, asked under a new job id. */
    assert_int_equal(turn(app), TTT_PLAYER_O);
    wait_for_computer(app);
    assert_int_equal(mark_count(app), 1);
    assert_true(app->play.stale_results >= 1);
    ttt_pos history[1];
    int count = 0;
    assert_int_equal(ttt_game_history(app->play.game, history, 1, &count), TTT_OK);
    assert_int_equal(owner(app, history[0].row, history[0].col), TTT_PLAYER_O);

    /* A settings change while the computer thinks drops its pending answer. */
    ttt_pos free_sq[TTT_MAX_SQUARES];
    int n = 0;
    ttt_game_empty_squares(app->play.game, free_sq, TTT_MAX_SQUARES, &n);
    click_square(app, free_sq[0].row, free_sq[0].col);
    steps(app, 1);
    assert_int_equal(mark_count(app), 2);
    assert_true(app->play.ai_waiting);
    wait_until_searching(app);
    unsigned long stale = app->play.stale_results;
    uint32_t old_job = app->play.job_id;
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    assert_true(app_showing(app, SCREEN_SETTINGS));
    click_rect(app,
               app->settings_screen.layout.rows[MENU_ROW_DIFFICULTY].options[TTT_DIFFICULTY_EASY]);
    steps(app, 1);
    assert_int_equal(app->settings.difficulty, TTT_DIFFICULTY_EASY);
    assert_true(app->play.job_id != old_job);
    press_key(app, SDLK_ESCAPE);
    wait_for_computer(app);
    assert_false(app_showing(app, SCREEN_SETTINGS));
    assert_int_equal(mark_count(app), 3);
    /* The old answer arrives sooner or later; either way it was not played. */
    for (int i = 0; i < AI_GUARD_FRAMES && app->play.stale_results == stale; i++) {
        SDL_WaitEventTimeout(NULL, 10);
        steps(app, 1);
    }
    assert_true(app->play.stale_results > stale);
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
    /* The Menu button opens the game menu; its Settings entry the settings. */
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_SETTINGS]);
    steps(app, 1);
    assert_true(app_showing(app, SCREEN_GAMEMENU));
    click_rect(app, app->gamemenu_screen.layout.rows[GAMEMENU_SETTINGS]);
    steps(app, 1);
    assert_false(app_showing(app, SCREEN_GAMEMENU));
    assert_true(app_showing(app, SCREEN_SETTINGS));
    /* Board clicks do nothing while the menu is open. */
    click_rect(app, app->settings_screen.layout.rows[MENU_ROW_SIDE].options[1]);
    click_rect(app,
               app->settings_screen.layout.rows[MENU_ROW_MODE].options[SETTINGS_MODE_TWO_PLAYERS]);
    click_rect(app, app->settings_screen.layout.rows[MENU_ROW_OVERLAY].options[1]);
    steps(app, 1);
    assert_int_equal(app->settings.mode, SETTINGS_MODE_TWO_PLAYERS);
    assert_true(app->settings.show_overlay);
    assert_int_equal(app->settings.human_side, TTT_PLAYER_O);
    assert_int_equal(mark_count(app), 0);
    /* Between two players your side does not apply: its choices are off. */
    click_rect(app, app->settings_screen.layout.rows[MENU_ROW_SIDE].options[0]);
    steps(app, 1);
    assert_int_equal(app->settings.human_side, TTT_PLAYER_O);
    click_rect(
        app,
        app->settings_screen.layout.rows[MENU_ROW_MODE].options[SETTINGS_MODE_HUMAN_VS_COMPUTER]);
    steps(app, 1);
    /* Drag the slider to the far left: custom difficulty, no mistakes. */
    layout_rect track = app->settings_screen.layout.rows[MENU_ROW_MISTAKES].control;
    click_at(app, track.x, track.y + track.h / 2);
    steps(app, 1);
    assert_int_equal(app->settings.difficulty, SETTINGS_DIFFICULTY_CUSTOM);
    assert_true(app->settings.mistake_probability == 0.0);
    steps(app, 20); /* the overlay draws with its text */
    click_rect(app, app->settings_screen.layout.done);
    steps(app, 1);
    assert_false(app_showing(app, SCREEN_SETTINGS));
    stop(app);
}

/* In the game menu the keyboard's entry is filled and the pointer's only
 * ringed, so a person can tell the two apart: read back from the frame. */
static void test_menu_focus_and_pointer_differ(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    app_state *app = start(&s);
    steps(app, 2);
    press_key(app, SDLK_F10);
    steps(app, 1);
    assert_true(app_showing(app, SCREEN_GAMEMENU));
    press_key(app, SDLK_DOWN); /* the keyboard's focus is now on an entry */
    steps(app, 1);
    int focus = app->gamemenu_screen.focus;
    int pointed = focus == GAMEMENU_SETTINGS ? GAMEMENU_HELP : GAMEMENU_SETTINGS;
    layout_rect fr = app->gamemenu_screen.layout.rows[focus];
    layout_rect pr = app->gamemenu_screen.layout.rows[pointed];
    move_to(app, pr.x + pr.w / 2, pr.y + pr.h / 2);
    steps(app, APP_PANEL_FADE_MS / STEP_MS + 2);
    SDL_Surface *shot = app_capture(app);
    assert_non_null(shot);
    theme_color lit = app->theme->colors[THEME_BUTTON_HOVER];
    theme_color plain = app->theme->colors[THEME_SEGMENT];
    /* The focused entry's face (inside its left inset, clear of the text). */
    assert_true(colour_near(pixel(shot, fr.x + fr.h / 6, fr.y + fr.h / 2), lit));
    /* The pointed entry: the plain face inside, the lit colour on its rim. */
    assert_true(colour_near(pixel(shot, pr.x + pr.h / 6, pr.y + pr.h / 2), plain));
    assert_true(colour_near(pixel(shot, pr.x + pr.w / 2, pr.y), lit));
    SDL_FreeSurface(shot);
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
    unsigned long measured = text_measure_count(app->text);
    assert_true(measured > 0); /* the score line measures its labels */
    steps(app, 10);
    /* Unchanged text is not rasterised, nor shaped to measure it, again. */
    assert_int_equal(text_render_count(app->text), before);
    assert_int_equal(text_measure_count(app->text), measured);
    /* The same for the help and the menu, which measure to fit their text. */
    press_key(app, SDLK_F1);
    steps(app, 3);
    assert_true(app_showing(app, SCREEN_HELP));
    measured = text_measure_count(app->text);
    steps(app, 10);
    assert_int_equal(text_measure_count(app->text), measured);
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    press_key(app, SDLK_ESCAPE);
    steps(app, 3);
    assert_true(app_showing(app, SCREEN_SETTINGS));
    measured = text_measure_count(app->text);
    steps(app, 10);
    assert_int_equal(text_measure_count(app->text), measured);
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
    SDL_SetWindowSize(app->window, 1100, 620);
    steps(app, 2);
    assert_int_equal(app->out_w, 1100);
    assert_int_equal(app->out_h, 620);
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

static void push_window_event(app_state *app, Uint8 event)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_WINDOWEVENT;
    ev.window.windowID = SDL_GetWindowID(app->window);
    ev.window.event = event;
    assert_int_equal(SDL_PushEvent(&ev), 1);
}

/* Nothing moving, nothing drawn: passes of the loop draw no frames until
 * something changes; an animation draws for as long as it runs; a
 * minimised window draws nothing at all. */
static void test_idle_window_draws_no_frames(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    s.mode = SETTINGS_MODE_TWO_PLAYERS;
    app_state *app = start(&s);
    steps(app, SETTLE_FRAMES);
    size_t frames = app->stats.frames, idle = app->stats.idle_wakeups;
    steps(app, 100);
    assert_int_equal(app->stats.frames, frames);
    assert_int_equal(app->stats.idle_wakeups, idle + 100);

    /* A mouse move within the same empty margin changes nothing on screen. */
    move_to(app, 2, 2);
    steps(app, 1);
    move_to(app, 3, 3);
    steps(app, 1);
    frames = app->stats.frames;
    move_to(app, 4, 4);
    steps(app, 5);
    assert_int_equal(app->stats.frames, frames);

    /* Over a square: the preview fades in (frames while it runs), then stops. */
    float cx, cy;
    layout_square_center(&app->layout, 1, 1, &cx, &cy);
    move_to(app, (int)cx, (int)cy);
    steps(app, 1);
    assert_int_equal(app->stats.frames, frames + 1);
    steps(app, APP_HOVER_FADE_MS / STEP_MS + 2);
    size_t faded = app->stats.frames;
    assert_true(faded > frames + 2);
    steps(app, 20);
    assert_int_equal(app->stats.frames, faded);

    /* A move draws the mark popping in, then the loop is idle again; the
     * static layers are rebuilt only for the changes, not every frame. */
    unsigned long chrome0, scene0, chrome1, scene1;
    render_cache_builds(app->draw, &chrome0, &scene0);
    click_square(app, 1, 1);
    steps(app, SETTLE_FRAMES);
    render_cache_builds(app->draw, &chrome1, &scene1);
    assert_int_equal(chrome1, chrome0);
    assert_true(scene1 - scene0 <= 3);
    assert_false(app->animated_last_frame); /* the final, settled frame was drawn */
    size_t after_move = app->stats.frames;
    assert_true(after_move >= faded + APP_MARK_APPEAR_MS / STEP_MS);
    steps(app, 30);
    assert_int_equal(app->stats.frames, after_move);

    /* Minimised: a move is made, but nothing is drawn until restored. */
    push_window_event(app, SDL_WINDOWEVENT_MINIMIZED);
    steps(app, 1);
    size_t hidden = app->stats.frames;
    click_square(app, 0, 0);
    steps(app, SETTLE_FRAMES);
    assert_int_equal(mark_count(app), 2);
    assert_int_equal(app->stats.frames, hidden);
    push_window_event(app, SDL_WINDOWEVENT_RESTORED);
    steps(app, 1);
    assert_int_equal(app->stats.frames, hidden + 1);
    stop(app);
}

/* Watching the computer: frames come at the display's rate while it
 * thinks (the dots pulse), but the scene is rebuilt only when it changes. */
static void test_thinking_frames_reuse_the_scene(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    s.mode = SETTINGS_MODE_COMPUTER_VS_COMPUTER;
    s.speed = SETTINGS_SPEED_SLOW;
    app_state *app = start(&s);
    steps(app, 3);
    assert_true(app->view.game.computer_thinking);
    unsigned long c0, s0, c1, s1;
    render_cache_builds(app->draw, &c0, &s0);
    size_t frames = app->stats.frames;
    steps(app, 5);
    render_cache_builds(app->draw, &c1, &s1);
    assert_int_equal(app->stats.frames, frames + 5);
    assert_int_equal(s1, s0);
    assert_int_equal(c1, c0);
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
    assert_true(app->play.ai_waiting);
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_QUIT;
    assert_int_equal(SDL_PushEvent(&ev), 1);
    assert_false(app_step(app));
    stop(app); /* cancels the search and joins the worker */
}

/* Wait until the worker ponders (a failure guard, not a timing). */
static void wait_until_pondering(app_state *app)
{
    for (int i = 0; i < AI_GUARD_FRAMES && !(worker_running(app->ai) && worker_pondering(app->ai));
         i++) {
        SDL_Delay(1);
        steps(app, 1);
    }
    assert_true(worker_running(app->ai) && worker_pondering(app->ai));
}

/* Wait until the ponder has returned (the cancel is seen within 128
 * nodes; a failure guard, not a timing). */
static void wait_ponder_stopped(app_state *app)
{
    for (int i = 0; i < AI_GUARD_FRAMES && worker_pondering(app->ai); i++)
        SDL_Delay(1);
    assert_false(worker_pondering(app->ai));
}

/* Think on my time (ponder.h): while you are to move against Unbeatable
 * on 8x8, the worker ponders; your move stops it (the computer's move
 * runs); the settings panel stops it and closing it starts it again; the
 * window closed while it ponders quits at once (the sanitizer runs check
 * that nothing leaks). */
static void test_ponder_on_your_time(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    s.board_size = 8;
    s.k = 5;
    s.difficulty = TTT_DIFFICULTY_UNBEATABLE;
    s.think_delay_ms = 0;
    assert_true(s.think_on_my_time); /* on by default */
    app_state *app = start(&s);
    steps(app, 2);
    assert_true(play_person_to_move(&app->play));
    wait_until_pondering(app);
    assert_int_equal(app->ponder.started, 1);

    /* Your move: the computer's move replaces the ponder. */
    click_square(app, 3, 3);
    steps(app, 1);
    assert_true(app->play.ai_waiting);
    wait_until_searching(app);
    assert_false(worker_pondering(app->ai));
    wait_for_computer(app);
    assert_int_equal(mark_count(app), 2);

    /* Your move again: a new ponder. The settings panel stops it. */
    steps(app, 1);
    wait_until_pondering(app);
    assert_int_equal(app->ponder.started, 2);
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    assert_true(app_showing(app, SCREEN_SETTINGS));
    wait_ponder_stopped(app);
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    assert_false(app_showing(app, SCREEN_SETTINGS));
    wait_until_pondering(app);
    assert_int_equal(app->ponder.started, 3);

    /* The window closed mid-ponder. */
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_QUIT;
    assert_int_equal(SDL_PushEvent(&ev), 1);
    assert_false(app_step(app));
    stop(app); /* stops the ponder and joins the worker */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_players_double_line_win),
        cmocka_unit_test(test_human_against_computer_full_game),
        cmocka_unit_test(test_stale_results_are_dropped),
        cmocka_unit_test(test_menu_by_mouse),
        cmocka_unit_test(test_menu_focus_and_pointer_differ),
        cmocka_unit_test(test_text_is_cached),
        cmocka_unit_test(test_resize_relayouts_and_clicks_follow),
        cmocka_unit_test(test_idle_window_draws_no_frames),
        cmocka_unit_test(test_thinking_frames_reuse_the_scene),
        cmocka_unit_test(test_quit_while_thinking),
        cmocka_unit_test(test_ponder_on_your_time),
    };
    return cmocka_run_group_tests_name("game_e2e", tests, NULL, NULL);
}
