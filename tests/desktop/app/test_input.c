/*
 * test_input.c (was test_play.c) - the second step's play features through the real app loop
 * under SDL's dummy video driver: undo and redo in each mode (also while the
 * computer is searching), hints from the worker, a keyboard-only game and
 * keyboard-only settings, the help overlay. Every board size and the marks on the board are
 * test_input_board.c; the settings file as the app writes it is test_app_prefs.c.
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

/* Upper bound on frames while waiting for a hint or a stale result. */
#define WAIT_GUARD_FRAMES 20000

/* Step until @p done(app) or the guard runs out; block on the queue while
 * the worker is busy instead of spinning. */
static void step_until(app_state *app, bool (*done)(const app_state *), const char *what)
{
    for (int i = 0; i < WAIT_GUARD_FRAMES; i++) {
        if (done(app)) return;
        if (worker_busy(app->ai)) SDL_WaitEventTimeout(NULL, 10);
        assert_true(app_step(app));
    }
    fail_msg("timed out waiting for %s", what);
}

static bool hint_arrived(const app_state *app)
{
    return app->play.hint_shown;
}

/* Move the keyboard cursor to (row, col) with the arrow keys. */
static void cursor_to(app_state *app, int row, int col)
{
    if (!app->cursor_shown) {
        press_key(app, SDLK_UP); /* The first arrow only shows the cursor. */
        steps(app, 1);
        assert_true(app->cursor_shown);
    }
    while (app->cursor_row != row || app->cursor_col != col) {
        SDL_Keycode k = SDLK_LEFT;
        if (app->cursor_row < row)
            k = SDLK_DOWN;
        else if (app->cursor_row > row)
            k = SDLK_UP;
        else if (app->cursor_col < col)
            k = SDLK_RIGHT;
        press_key(app, k);
        steps(app, 1);
    }
}

static Uint32 button_face(app_state *app, SDL_Surface *shot, layout_button b)
{
    layout_rect r = app->layout.buttons[b];
    /* Above the label, clear of the rounded corners. */
    return pixel(shot, r.x + r.w / 2, r.y + r.h / 8) & 0xFFFFFF;
}

/* ------------------------------------------------------------------------- */
/* Undo and redo                                                             */
/* ------------------------------------------------------------------------- */

static void test_undo_redo_two_players(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    assert_false(play_can_undo(&app->play));
    assert_false(play_can_redo(&app->play));
    /* Disabled: the Undo button is drawn faded, unlike New game. */
    SDL_Surface *shot = app_capture(app);
    assert_non_null(shot);
    assert_int_not_equal(button_face(app, shot, LAYOUT_BUTTON_UNDO),
                         button_face(app, shot, LAYOUT_BUTTON_NEW_GAME));
    SDL_FreeSurface(shot);
    press_key(app, SDLK_u);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);

    click_square(app, 1, 1);
    steps(app, 1);
    click_square(app, 0, 0);
    steps(app, 1);
    click_square(app, 2, 2);
    steps(app, 1);
    assert_int_equal(mark_count(app), 3);
    shot = app_capture(app);
    assert_non_null(shot);
    assert_int_equal(button_face(app, shot, LAYOUT_BUTTON_UNDO),
                     button_face(app, shot, LAYOUT_BUTTON_NEW_GAME));
    SDL_FreeSurface(shot);

    /* One move per undo, by U, Ctrl+Z and the button. */
    press_key(app, SDLK_u);
    steps(app, 1);
    assert_int_equal(mark_count(app), 2);
    assert_int_equal(owner(app, 2, 2), TTT_PLAYER_NONE);
    assert_int_equal(turn(app), TTT_PLAYER_X);
    press_key_mod(app, SDLK_z, KMOD_LCTRL);
    steps(app, 1);
    assert_int_equal(mark_count(app), 1);
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_UNDO]);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    assert_false(play_can_undo(&app->play));

    /* Redo by Ctrl+Y and Ctrl+Shift+Z, in the original order. */
    press_key_mod(app, SDLK_y, KMOD_LCTRL);
    steps(app, 1);
    assert_int_equal(owner(app, 1, 1), TTT_PLAYER_X);
    press_key_mod(app, SDLK_z, KMOD_LCTRL | KMOD_LSHIFT);
    steps(app, 1);
    assert_int_equal(owner(app, 0, 0), TTT_PLAYER_O);
    assert_true(play_can_redo(&app->play));
    /* A new move forgets what could be redone. */
    click_square(app, 0, 2);
    steps(app, 1);
    assert_false(play_can_redo(&app->play));
    press_key_mod(app, SDLK_y, KMOD_LCTRL);
    steps(app, 1);
    assert_int_equal(mark_count(app), 3);
    assert_int_equal(owner(app, 2, 2), TTT_PLAYER_NONE);
    stop(app);
}

static void test_undo_a_win_takes_back_the_score(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    static const int moves[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        click_square(app, moves[i][0], moves[i][1]);
        steps(app, 1);
    }
    assert_true(app->play.game_over);
    assert_int_equal(PVP(app).wins[0], 1);
    press_key(app, SDLK_u);
    steps(app, 1);
    assert_false(app->play.game_over);
    assert_int_equal(app->play.line_count, 0);
    assert_int_equal(PVP(app).wins[0], 0);
    assert_int_equal(turn(app), TTT_PLAYER_X);
    /* Redo wins again and counts again. */
    press_key_mod(app, SDLK_y, KMOD_LCTRL);
    steps(app, 1);
    assert_true(app->play.game_over);
    assert_int_equal(PVP(app).wins[0], 1);
    stop(app);
}

static void test_undo_against_the_computer(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s); /* You are X and move first; the computer is O. */
    app_state *app = start(&s);
    steps(app, 2);
    click_square(app, 1, 1);
    steps(app, 1);
    wait_for_computer(app);
    steps(app, 1);
    assert_int_equal(mark_count(app), 2);
    assert_int_equal(turn(app), TTT_PLAYER_X);
    /* Your move and the computer's reply go together. */
    press_key(app, SDLK_u);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    assert_int_equal(turn(app), TTT_PLAYER_X);
    assert_false(app->play.ai_waiting);
    /* Redo puts both back, and the computer does not move again. */
    press_key_mod(app, SDLK_y, KMOD_LCTRL);
    steps(app, 30);
    assert_int_equal(mark_count(app), 2);
    assert_int_equal(owner(app, 1, 1), TTT_PLAYER_X);
    assert_int_equal(turn(app), TTT_PLAYER_X);

    /* The computer starting: its opening move alone cannot be undone. */
    press_key(app, SDLK_n); /* next game: O (the computer) first */
    steps(app, 1);
    wait_for_computer(app);
    steps(app, 1);
    assert_int_equal(mark_count(app), 1);
    assert_false(play_can_undo(&app->play));
    /* Watching: nothing to undo. */
    stop(app);
    s.mode = SETTINGS_MODE_COMPUTER_VS_COMPUTER;
    app = start(&s);
    steps(app, 2);
    wait_for_computer(app);
    assert_false(play_can_undo(&app->play));
    stop(app);
}

/* Play one game against the computer to its end, the person taking the
 * first free square each turn. */
static void play_first_free(app_state *app)
{
    for (int guard = 0; guard < TTT_MAX_SQUARES && turn(app) != TTT_PLAYER_NONE; guard++) {
        if (play_computer_plays(&app->play, turn(app))) {
            wait_for_computer(app);
        } else {
            ttt_pos free_sq[TTT_MAX_SQUARES];
            int n = 0;
            ttt_game_empty_squares(app->play.game, free_sq, TTT_MAX_SQUARES, &n);
            assert_true(n > 0);
            click_square(app, free_sq[0].row, free_sq[0].col);
        }
        steps(app, 1);
    }
    assert_true(app->play.game_over);
}

static void test_scores_against_the_computer_count_by_role(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    s.difficulty = TTT_DIFFICULTY_UNBEATABLE;
    s.side_random = true; /* your side drawn afresh each game */
    s.think_delay_ms = 0;
    app_state *app = start(&s);
    steps(app, 2);
    bool played[2] = {false, false};
    int games = 0;
    for (; games < 8 && !(played[0] && played[1]); games++) {
        if (games > 0) {
            press_key(app, SDLK_n);
            steps(app, 1);
        }
        played[app->play.human_side == TTT_PLAYER_O] = true;
        play_first_free(app);
        /* The unbeatable computer never loses: whichever mark it had, its
         * wins are its own, never "You". */
        assert_int_equal(HVC(app).wins[0], 0);
        assert_int_equal(HVC(app).wins[1] + HVC(app).draws, games + 1);
        assert_int_equal(PVP(app).wins[0] + PVP(app).wins[1], 0);
    }
    assert_true(played[0] && played[1]);
    assert_true(HVC(app).wins[1] > 0);

    /* Undo of the finished game takes its result back from the count it
     * went into, and redo counts it again. */
    int computer_wins = HVC(app).wins[1], draws = HVC(app).draws;
    ttt_state ended = ttt_game_state(app->play.game);
    bool won = ended != TTT_STATE_DRAW;
    press_key(app, SDLK_u);
    steps(app, 1);
    assert_false(app->play.game_over);
    assert_int_equal(HVC(app).wins[1], computer_wins - (won ? 1 : 0));
    assert_int_equal(HVC(app).draws, draws - (won ? 0 : 1));
    press_key_mod(app, SDLK_y, KMOD_LCTRL);
    steps(app, 1);
    assert_true(app->play.game_over);
    assert_int_equal(HVC(app).wins[1], computer_wins);
    assert_int_equal(HVC(app).draws, draws);

    play_reset_scores(&app->play);
    assert_int_equal(HVC(app).wins[1] + HVC(app).wins[0] + HVC(app).draws, 0);
    stop(app);
}

static bool no_search_running(const app_state *app)
{
    return !worker_busy(app->ai);
}

/* A search budget far longer than the test may take: only a working cancel
 * can end the search in time for step_until's frame guard. */
#define UNREACHED_DEADLINE_MS (3600 * 1000)

static void long_ai_deadline(app_config *cfg, void *user)
{
    (void)user;
    cfg->ai_deadline_ms = UNREACHED_DEADLINE_MS;
}

static void test_undo_while_the_computer_is_searching(void **state)
{
    (void)state;
    /* 8x8 at full strength with an hour's budget: the computer is
     * mid-search when the undo comes, and would stay there unless the undo
     * cancels it. No wall-clock limit: a loaded machine cannot fail this. */
    settings s;
    settings_defaults(&s);
    assert_true(settings_set(&s, "size", "8", NULL, 0));
    s.difficulty = TTT_DIFFICULTY_UNBEATABLE;
    app_state *app = start_with(&s, long_ai_deadline, NULL);
    steps(app, 2);
    click_square(app, 3, 3);
    steps(app, 1);
    assert_true(app->play.ai_waiting);
    wait_until_searching(app);
    unsigned long stale = app->play.stale_results;
    press_key(app, SDLK_u);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    assert_false(app->play.ai_waiting);
    assert_int_equal(turn(app), TTT_PLAYER_X);
    /* The search is cancelled (an hour before its deadline) and its
     * result, when it comes, is dropped: the board stays empty. */
    step_until(app, no_search_running, "the cancelled search");
    steps(app, 5);
    assert_true(app->play.stale_results > stale);
    assert_int_equal(mark_count(app), 0);
    stop(app);
}

/* ------------------------------------------------------------------------- */
/* Hints                                                                     */
/* ------------------------------------------------------------------------- */

static void test_hints_on_3x3(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    app_state *app = start(&s);
    steps(app, 2);
    press_key(app, SDLK_h);
    steps(app, 1);
    assert_true(app->play.hint_waiting || app->play.hint_shown);
    step_until(app, hint_arrived, "a hint");
    /* The empty board: every square draws under best play, proven. */
    assert_int_equal(app->play.hint.count, 9);
    assert_true(app->play.hint.all_proven);
    for (int i = 0; i < app->play.hint.count; i++)
        assert_int_equal(app->play.hint.moves[i].outcome, TTT_OUTCOME_DRAW);
    /* H again hides them; a move hides them too. */
    press_key(app, SDLK_h);
    steps(app, 1);
    assert_false(app->play.hint_shown);
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_HINT]);
    steps(app, 1);
    step_until(app, hint_arrived, "a hint");
    click_square(app, 0, 1); /* an edge: a loss for X against best play? no, a draw */
    steps(app, 1);
    assert_false(app->play.hint_shown);
    wait_for_computer(app);
    steps(app, 1);
    /* After X on an edge and O's reply, hints again: every value exact,
     * and wins and losses carry their distance. */
    press_key(app, SDLK_h);
    step_until(app, hint_arrived, "a hint");
    assert_int_equal(app->play.hint.count, 7);
    for (int i = 0; i < app->play.hint.count; i++) {
        const ttt_move_value *v = &app->play.hint.moves[i];
        assert_int_not_equal(v->outcome, TTT_OUTCOME_UNKNOWN);
        if (v->outcome != TTT_OUTCOME_DRAW) assert_true(v->plies > 0);
    }
    /* While the computer is to move there is no hint to give. */
    stop(app);
}

static void test_hints_on_8x8_keep_the_game_responsive(void **state)
{
    (void)state;
    settings s = two_players(8);
    app_state *app = start(&s);
    steps(app, 2);
    click_square(app, 3, 3);
    steps(app, 1);
    press_key(app, SDLK_h);
    /* Frames keep coming while the worker analyses (the dots pulse). */
    size_t before = app->stats.frames;
    steps(app, 3);
    assert_true(app->stats.frames == before + 3);
    step_until(app, hint_arrived, "an 8x8 hint");
    assert_int_equal(app->play.hint.count, 63);
    SDL_Surface *shot = app_capture(app); /* drawing 63 hint labels works */
    assert_non_null(shot);
    SDL_FreeSurface(shot);
    stop(app);
}

/* ------------------------------------------------------------------------- */
/* Keyboard                                                                  */
/* ------------------------------------------------------------------------- */

static void test_keyboard_only_game_against_the_computer(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    app_state *app = start(&s);
    steps(app, 2);
    press_key(app, SDLK_UP);
    steps(app, 1);
    assert_true(app->cursor_shown);
    assert_int_equal(app->cursor_row, 1);
    assert_int_equal(app->cursor_col, 1);
    int guard = 0;
    while (turn(app) != TTT_PLAYER_NONE && guard++ < 20) {
        if (turn(app) == TTT_PLAYER_O) {
            wait_for_computer(app);
            steps(app, 1);
            continue;
        }
        /* The first free square, row by row. */
        int target = -1;
        for (int i = 0; i < 9 && target < 0; i++)
            if (owner(app, i / 3, i % 3) == TTT_PLAYER_NONE) target = i;
        assert_true(target >= 0);
        cursor_to(app, target / 3, target % 3);
        int before = mark_count(app);
        press_key(app, guard % 2 ? SDLK_RETURN : SDLK_SPACE);
        steps(app, 1);
        assert_int_equal(mark_count(app), before + 1);
        assert_int_equal(owner(app, target / 3, target % 3), TTT_PLAYER_X);
    }
    assert_true(app->play.game_over);
    steps(app, SETTLE_FRAMES);
    ttt_state st = ttt_game_state(app->play.game);
    if (st != TTT_STATE_DRAW) assert_strikes_drawn(app, -1, -1);
    /* N starts the next game from the keyboard too. */
    press_key(app, SDLK_n);
    steps(app, 1);
    assert_false(app->play.game_over);
    stop(app);
}

/* 1 to 9 place on 3x3 from the top left, row by row, as `ttt` numbers
 * the squares (docs/cli.md, "Squares"), on the number row and the keypad. */
static void test_number_keys_from_the_top_left(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    press_key(app, SDLK_1);
    steps(app, 1);
    assert_int_equal(owner(app, 0, 0), TTT_PLAYER_X);
    press_key(app, SDLK_KP_3);
    steps(app, 1);
    assert_int_equal(owner(app, 0, 2), TTT_PLAYER_O);
    press_key(app, SDLK_7);
    steps(app, 1);
    assert_int_equal(owner(app, 2, 0), TTT_PLAYER_X);
    press_key(app, SDLK_5);
    steps(app, 1);
    assert_int_equal(owner(app, 1, 1), TTT_PLAYER_O);
    press_key(app, SDLK_5); /* taken: refused, nothing changes */
    steps(app, 1);
    assert_int_equal(mark_count(app), 4);
    assert_true(app->play.refused);
    stop(app);
    /* Not on larger boards (the digits would not cover them). */
    s = two_players(4);
    app = start(&s);
    steps(app, 2);
    press_key(app, SDLK_7);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    stop(app);
}

static void test_help_overlay(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    press_key(app, SDLK_F1);
    steps(app, 2);
    assert_true(app_showing(app, SCREEN_HELP));
    /* Keys other than the help's own do nothing underneath. */
    press_key(app, SDLK_n);
    press_key(app, SDLK_5);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    assert_false(app_showing(app, SCREEN_HELP));
    assert_false(app_showing(app, SCREEN_SETTINGS));
    press_key_mod(app, SDLK_SLASH, KMOD_LSHIFT); /* "?" */
    steps(app, 1);
    assert_true(app_showing(app, SCREEN_HELP));
    click_at(app, 5, 5);
    steps(app, 1);
    assert_false(app_showing(app, SCREEN_HELP));
    assert_int_equal(mark_count(app), 0);
    stop(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undo_redo_two_players),
        cmocka_unit_test(test_undo_a_win_takes_back_the_score),
        cmocka_unit_test(test_undo_against_the_computer),
        cmocka_unit_test(test_scores_against_the_computer_count_by_role),
        cmocka_unit_test(test_undo_while_the_computer_is_searching),
        cmocka_unit_test(test_hints_on_3x3),
        cmocka_unit_test(test_hints_on_8x8_keep_the_game_responsive),
        cmocka_unit_test(test_keyboard_only_game_against_the_computer),
        cmocka_unit_test(test_number_keys_from_the_top_left),
        cmocka_unit_test(test_help_overlay),
    };
    return cmocka_run_group_tests_name("game_play", tests, NULL, NULL);
}
