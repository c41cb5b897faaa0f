/*
 * test_input_board.c (part of the old test_play.c) - the board through the real app loop under
 * SDL's dummy video driver: --first computer, every board size from 3 to 8 (hit-testing and a
 * scripted win with its strike-through read back), one preview square at a time, the computer's
 * last move and the strike marked, a hint's best guess outlined. Undo, redo, hints and the
 * keyboard are test_input.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app_driver.h"
#include "theme.h"
#include "view.h"

/* ------------------------------------------------------------------------- */
/* Every board size                                                          */
/* ------------------------------------------------------------------------- */

/* --first computer: the computer opens the first game whatever mark it
 * plays; --first human: the player does, here as O with O first. */
static void first_role(app_config *cfg, void *user)
{
    cfg->args.first_role = *(const args_first_role *)user;
}

static void test_first_role_from_the_command_line(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    s.mode = SETTINGS_MODE_HUMAN_VS_COMPUTER;
    s.human_side = TTT_PLAYER_X;
    s.first_player = TTT_PLAYER_X;
    args_first_role role = ARGS_FIRST_COMPUTER;
    app_state *app = start_with(&s, first_role, &role);
    assert_int_equal(ttt_game_first_player(app->play.game), TTT_PLAYER_O);
    wait_for_computer(app);
    assert_int_equal(mark_count(app), 1); /* the computer (O) has moved */
    assert_int_equal(turn(app), TTT_PLAYER_X);
    stop(app);

    s.human_side = TTT_PLAYER_O;
    role = ARGS_FIRST_HUMAN;
    app = start_with(&s, first_role, &role);
    assert_int_equal(ttt_game_first_player(app->play.game), TTT_PLAYER_O);
    steps(app, SETTLE_FRAMES);
    assert_int_equal(mark_count(app), 0); /* waiting for the player */
    assert_int_equal(turn(app), TTT_PLAYER_O);
    stop(app);
}

static void test_every_board_size(void **state)
{
    (void)state;
    for (int n = TTT_MIN_SIZE; n <= TTT_MAX_SIZE; n++) {
        settings s = two_players(n);
        app_state *app = start(&s);
        steps(app, 2);
        assert_int_equal(ttt_game_size(app->play.game), n);
        assert_int_equal(app->layout.board_size, n);
        /* Every square's centre and inner corners map to that square. */
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                float cx, cy;
                layout_square_center(&app->layout, r, c, &cx, &cy);
                int rr = -1, cc = -1;
                assert_true(layout_square_at(&app->layout, (int)cx, (int)cy, &rr, &cc));
                assert_int_equal(rr, r);
                assert_int_equal(cc, c);
                int x0 = app->layout.board.x + c * app->layout.cell;
                int y0 = app->layout.board.y + r * app->layout.cell;
                int last = app->layout.cell - 1;
                assert_true(layout_square_at(&app->layout, x0, y0, &rr, &cc));
                assert_true(rr == r && cc == c);
                assert_true(layout_square_at(&app->layout, x0 + last, y0 + last, &rr, &cc));
                assert_true(rr == r && cc == c);
            }
        }
        /* X fills the top row's first k squares; O answers on the second. */
        int k = ttt_game_k(app->play.game);
        for (int i = 0; i < k; i++) {
            click_square(app, 0, i);
            steps(app, 1);
            if (i < k - 1) {
                click_square(app, 1, i);
                steps(app, 1);
            }
        }
        ttt_state st = ttt_game_state(app->play.game);
        if (st != TTT_STATE_X_WON) fail_msg("%dx%d (k %d): X did not win", n, n, k);
        assert_int_equal(app->play.line_count, 1);
        steps(app, SETTLE_FRAMES);
        assert_strikes_drawn(app, 2, 0);
        stop(app);
    }
}

/* The colour at a square's centre, offset by (dx, dy) squares. */
static Uint32 square_pixel(app_state *app, SDL_Surface *shot, int row, int col, float dx, float dy)
{
    float cx, cy;
    layout_square_center(&app->layout, row, col, &cx, &cy);
    float cell = (float)app->layout.cell;
    return pixel(shot, (int)(cx + dx * cell), (int)(cy + dy * cell));
}

/* The keyboard's cursor and the mouse's preview never show two squares:
 * while the cursor shows, the ghost mark follows it, not the mouse. */
static void test_one_preview_square_at_a_time(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    float cx, cy;
    layout_square_center(&app->layout, 0, 0, &cx, &cy);
    move_to(app, (int)cx, (int)cy);
    steps(app, SETTLE_FRAMES);
    theme_color board = app->theme->colors[THEME_BOARD];
    SDL_Surface *shot = app_capture(app);
    assert_non_null(shot);
    assert_false(colour_near(square_pixel(app, shot, 0, 0, 0, 0), board)); /* the ghost X */
    assert_true(colour_near(square_pixel(app, shot, 2, 2, 0, 0), board));
    SDL_FreeSurface(shot);
    /* Arrows: the cursor shows at the centre square; the mouse's preview goes. */
    press_key(app, SDLK_DOWN);
    steps(app, SETTLE_FRAMES);
    assert_true(app->cursor_shown);
    shot = app_capture(app);
    assert_non_null(shot);
    assert_true(colour_near(square_pixel(app, shot, 0, 0, 0, 0), board));
    assert_false(colour_near(square_pixel(app, shot, 1, 1, 0, 0), board));
    SDL_FreeSurface(shot);
    stop(app);
}

/* The computer's last move is tinted in its colour; the strike-through
 * runs past the centres of the end squares. */
static void test_last_move_and_strike_marked(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    s.think_delay_ms = 0;
    app_state *app = start(&s);
    steps(app, 2);
    click_square(app, 1, 1);
    steps(app, 1);
    wait_for_computer(app);
    steps(app, SETTLE_FRAMES);
    assert_true(app->play.have_last_computer_move);
    ttt_pos last = app->play.last_computer_move;
    theme_color board = app->theme->colors[THEME_BOARD];
    SDL_Surface *shot = app_capture(app);
    assert_non_null(shot);
    /* Near the corner of the computer's square, inside the tint, off the mark. */
    assert_false(colour_near(square_pixel(app, shot, last.row, last.col, -0.36f, -0.36f), board));
    /* Your own square has no tint. */
    assert_true(colour_near(square_pixel(app, shot, 1, 1, -0.36f, -0.36f), board));
    SDL_FreeSurface(shot);
    stop(app);

    settings p = two_players(3);
    app = start(&p);
    steps(app, 2);
    static const int moves[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        click_square(app, moves[i][0], moves[i][1]);
        steps(app, 1);
    }
    steps(app, SETTLE_FRAMES);
    shot = app_capture(app);
    assert_non_null(shot);
    theme_color strike = app->theme->colors[THEME_STRIKE];
    assert_true(colour_near(square_pixel(app, shot, 0, 0, -0.3f, 0), strike));
    assert_true(colour_near(square_pixel(app, shot, 0, 2, 0.3f, 0), strike));
    SDL_FreeSurface(shot);
    stop(app);
}

/* A hint on a board too big to solve: the best guess is outlined in its
 * colour; squares with nothing proven get the heat map's shade (every
 * estimate alike here: the middle one), never the board's bare colour. */
static void test_hint_best_guess_is_outlined(void **state)
{
    (void)state;
    settings s = two_players(8);
    app_state *app = start(&s);
    steps(app, 2);
    press_key(app, SDLK_h);
    steps(app, 1);
    assert_true(app->play.hint_waiting);
    play_result r;
    memset(&r, 0, sizeof r);
    r.kind = PLAY_JOB_ANALYZE;
    r.job_id = app->play.hint_job;
    r.status = TTT_OK;
    r.analysis.count = 64;
    for (int i = 0; i < 64; i++) {
        r.analysis.moves[i].pos = (ttt_pos){i / 8, i % 8};
        r.analysis.moves[i].outcome = TTT_OUTCOME_UNKNOWN;
    }
    r.analysis.moves[3 * 8 + 4].best = 1;
    assert_int_equal(play_on_result(&app->play, &r), PLAY_RESULT_USED);
    steps(app, SETTLE_FRAMES);
    SDL_Surface *shot = app_capture(app);
    assert_non_null(shot);
    theme_color focus = app->theme->colors[THEME_HINT_GUESS];
    theme_color board = app->theme->colors[THEME_BOARD];
    theme_color heat = app->theme->colors[THEME_HINT_HEAT];
    float alpha = theme_heat_alpha((VIEW_HINT_HEAT_LEVELS + 1) / 2, VIEW_HINT_HEAT_LEVELS);
    theme_color shaded = {(unsigned char)lroundf(board.r + (heat.r - board.r) * alpha),
                          (unsigned char)lroundf(board.g + (heat.g - board.g) * alpha),
                          (unsigned char)lroundf(board.b + (heat.b - board.b) * alpha), 0xFF};
    /* Across the left part of the square, level with its lower half: the
     * outline's colour on the best guess, the board's on another square. */
    float cx, cy, ox, oy;
    layout_square_center(&app->layout, 3, 4, &cx, &cy);
    layout_square_center(&app->layout, 5, 5, &ox, &oy);
    int half = app->layout.cell / 2, y = (int)(cy + (float)half * 0.4f);
    int oyy = (int)(oy + (float)half * 0.4f);
    bool outlined = false, other = false;
    for (int dx = 1; dx < half; dx++) {
        if (colour_near(pixel(shot, (int)cx - half + dx, y), focus)) outlined = true;
        if (colour_near(pixel(shot, (int)ox - half + dx, oyy), focus)) other = true;
    }
    assert_true(outlined);
    assert_false(other);
    assert_false(colour_near(square_pixel(app, shot, 5, 5, -0.3f, 0.2f), board));
    assert_true(colour_near(square_pixel(app, shot, 5, 5, -0.3f, 0.2f), shaded));
    SDL_FreeSurface(shot);
    stop(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_role_from_the_command_line),
        cmocka_unit_test(test_every_board_size),
        cmocka_unit_test(test_one_preview_square_at_a_time),
        cmocka_unit_test(test_last_move_and_strike_marked),
        cmocka_unit_test(test_hint_best_guess_is_outlined),
    };
    return cmocka_run_group_tests_name("game_play_board", tests, NULL, NULL);
}
