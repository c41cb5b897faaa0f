/*
 * test_play.c - the second step's play features through the real app loop
 * under SDL's dummy video driver: undo and redo in each mode (also while the
 * computer is searching), hints from the worker, a keyboard-only game and
 * keyboard-only settings, the help overlay, every board size from 3 to 8
 * (hit-testing and a scripted win with its strike-through read back), and
 * the settings file as the app writes it.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <unistd.h>

#include "app_driver.h"

/* Upper bound on frames while waiting for a hint or a stale result. */
#define WAIT_GUARD_FRAMES 20000

static settings two_players(int size)
{
    settings s;
    settings_defaults(&s);
    s.mode = SETTINGS_MODE_TWO_PLAYERS;
    char text[16];
    snprintf(text, sizeof text, "%d", size);
    assert_true(settings_set(&s, "size", text, NULL, 0));
    return s;
}

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
    return app->hint_shown;
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
        SDL_Keycode k = app->cursor_row < row   ? SDLK_DOWN
                        : app->cursor_row > row ? SDLK_UP
                        : app->cursor_col < col ? SDLK_RIGHT
                                                : SDLK_LEFT;
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
    assert_false(app_can_undo(app));
    assert_false(app_can_redo(app));
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
    assert_false(app_can_undo(app));

    /* Redo by Ctrl+Y and Ctrl+Shift+Z, in the original order. */
    press_key_mod(app, SDLK_y, KMOD_LCTRL);
    steps(app, 1);
    assert_int_equal(owner(app, 1, 1), TTT_PLAYER_X);
    press_key_mod(app, SDLK_z, KMOD_LCTRL | KMOD_LSHIFT);
    steps(app, 1);
    assert_int_equal(owner(app, 0, 0), TTT_PLAYER_O);
    assert_true(app_can_redo(app));
    /* A new move forgets what could be redone. */
    click_square(app, 0, 2);
    steps(app, 1);
    assert_false(app_can_redo(app));
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
    assert_true(app->game_over);
    assert_int_equal(app->wins_x, 1);
    press_key(app, SDLK_u);
    steps(app, 1);
    assert_false(app->game_over);
    assert_int_equal(app->line_count, 0);
    assert_int_equal(app->wins_x, 0);
    assert_int_equal(turn(app), TTT_PLAYER_X);
    /* Redo wins again and counts again. */
    press_key_mod(app, SDLK_y, KMOD_LCTRL);
    steps(app, 1);
    assert_true(app->game_over);
    assert_int_equal(app->wins_x, 1);
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
    assert_false(app->ai_waiting);
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
    assert_false(app_can_undo(app));
    /* Watching: nothing to undo. */
    stop(app);
    s.mode = SETTINGS_MODE_COMPUTER_VS_COMPUTER;
    app = start(&s);
    steps(app, 2);
    wait_for_computer(app);
    assert_false(app_can_undo(app));
    stop(app);
}

/* Play one game against the computer to its end, the person taking the
 * first free square each turn. */
static void play_first_free(app_state *app)
{
    for (int guard = 0; guard < TTT_MAX_SQUARES && turn(app) != TTT_PLAYER_NONE; guard++) {
        if (app_computer_plays(app, turn(app))) {
            wait_for_computer(app);
        } else {
            ttt_pos free_sq[TTT_MAX_SQUARES];
            int n = 0;
            ttt_game_empty_squares(app->game, free_sq, TTT_MAX_SQUARES, &n);
            assert_true(n > 0);
            click_square(app, free_sq[0].row, free_sq[0].col);
        }
        steps(app, 1);
    }
    assert_true(app->game_over);
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
        played[app->settings.human_side == TTT_PLAYER_O] = true;
        play_first_free(app);
        /* The unbeatable computer never loses: whichever mark it had, its
         * wins are its own, never "You". */
        assert_int_equal(app->you_wins, 0);
        assert_int_equal(app->computer_wins + app->draws, games + 1);
        assert_int_equal(app->wins_x + app->wins_o, 0);
    }
    assert_true(played[0] && played[1]);
    assert_true(app->computer_wins > 0);

    /* Undo of the finished game takes its result back from the count it
     * went into, and redo counts it again. */
    int computer_wins = app->computer_wins, draws = app->draws;
    ttt_state ended = ttt_game_state(app->game);
    bool won = ended != TTT_STATE_DRAW;
    press_key(app, SDLK_u);
    steps(app, 1);
    assert_false(app->game_over);
    assert_int_equal(app->computer_wins, computer_wins - (won ? 1 : 0));
    assert_int_equal(app->draws, draws - (won ? 0 : 1));
    press_key_mod(app, SDLK_y, KMOD_LCTRL);
    steps(app, 1);
    assert_true(app->game_over);
    assert_int_equal(app->computer_wins, computer_wins);
    assert_int_equal(app->draws, draws);

    app_reset_scores(app);
    assert_int_equal(app->computer_wins + app->you_wins + app->draws, 0);
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
    assert_true(app->ai_waiting);
    wait_until_searching(app);
    unsigned long stale = app->stale_results;
    press_key(app, SDLK_u);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    assert_false(app->ai_waiting);
    assert_int_equal(turn(app), TTT_PLAYER_X);
    /* The search is cancelled (an hour before its deadline) and its
     * result, when it comes, is dropped: the board stays empty. */
    step_until(app, no_search_running, "the cancelled search");
    steps(app, 5);
    assert_true(app->stale_results > stale);
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
    assert_true(app->hint_waiting || app->hint_shown);
    step_until(app, hint_arrived, "a hint");
    /* The empty board: every square draws under best play, proven. */
    assert_int_equal(app->hint.count, 9);
    assert_true(app->hint.exact);
    for (int i = 0; i < app->hint.count; i++)
        assert_int_equal(app->hint.moves[i].outcome, TTT_OUTCOME_DRAW);
    /* H again hides them; a move hides them too. */
    press_key(app, SDLK_h);
    steps(app, 1);
    assert_false(app->hint_shown);
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_HINT]);
    steps(app, 1);
    step_until(app, hint_arrived, "a hint");
    click_square(app, 0, 1); /* an edge: a loss for X against best play? no, a draw */
    steps(app, 1);
    assert_false(app->hint_shown);
    wait_for_computer(app);
    steps(app, 1);
    /* After X on an edge and O's reply, hints again: every value exact,
     * and wins and losses carry their distance. */
    press_key(app, SDLK_h);
    step_until(app, hint_arrived, "a hint");
    assert_int_equal(app->hint.count, 7);
    for (int i = 0; i < app->hint.count; i++) {
        const ttt_move_value *v = &app->hint.moves[i];
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
    /* Frames keep coming while the worker analyses. */
    unsigned long before = app->frames;
    steps(app, 3);
    assert_true(app->frames == before + 3);
    step_until(app, hint_arrived, "an 8x8 hint");
    assert_int_equal(app->hint.count, 63);
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
    assert_true(app->game_over);
    steps(app, SETTLE_FRAMES);
    ttt_state st = ttt_game_state(app->game);
    if (st != TTT_STATE_DRAW) assert_strikes_drawn(app, -1, -1);
    /* N starts the next game from the keyboard too. */
    press_key(app, SDLK_n);
    steps(app, 1);
    assert_false(app->game_over);
    stop(app);
}

static void test_number_keys_like_a_keypad(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    press_key(app, SDLK_7);
    steps(app, 1);
    assert_int_equal(owner(app, 0, 0), TTT_PLAYER_X);
    press_key(app, SDLK_KP_3);
    steps(app, 1);
    assert_int_equal(owner(app, 2, 2), TTT_PLAYER_O);
    press_key(app, SDLK_5);
    steps(app, 1);
    assert_int_equal(owner(app, 1, 1), TTT_PLAYER_X);
    press_key(app, SDLK_5); /* taken: refused, nothing changes */
    steps(app, 1);
    assert_int_equal(mark_count(app), 3);
    assert_true(app->refused);
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
    assert_true(app->help_open);
    /* Keys other than the help's own do nothing underneath. */
    press_key(app, SDLK_n);
    press_key(app, SDLK_5);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    assert_false(app->help_open);
    assert_false(app->menu_open);
    press_key_mod(app, SDLK_SLASH, KMOD_LSHIFT); /* "?" */
    steps(app, 1);
    assert_true(app->help_open);
    click_at(app, 5, 5);
    steps(app, 1);
    assert_false(app->help_open);
    assert_int_equal(mark_count(app), 0);
    stop(app);
}

/* ------------------------------------------------------------------------- */
/* Settings file, written by the app                                         */
/* ------------------------------------------------------------------------- */

typedef struct file_setup {
    char dir[64];
    char path[160];
    prefs saved;
} file_setup;

static void use_file(app_config *cfg, void *user)
{
    file_setup *f = user;
    cfg->settings_path = f->path;
    cfg->saved = &f->saved;
}

static void file_setup_init(file_setup *f)
{
    snprintf(f->dir, sizeof f->dir, "/tmp/ttt-play-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->path, sizeof f->path, "%s/settings.ini", f->dir);
    prefs_defaults(&f->saved);
}

static void file_setup_free(file_setup *f)
{
    remove(f->path);
    rmdir(f->dir);
}

static void test_settings_changed_with_the_keyboard_are_saved(void **state)
{
    (void)state;
    file_setup f;
    file_setup_init(&f);
    f.saved.wins_o = 4;
    /* The command line asked for no think delay: used, never saved. */
    settings s = f.saved.settings;
    s.think_delay_ms = 0;
    app_state *app = start_with(&s, use_file, &f);
    steps(app, 2);
    assert_int_equal(app->wins_o, 4);

    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    assert_true(app->menu_open);
    while (app->menu.focus != MENU_ROW_SIZE) {
        press_key(app, SDLK_DOWN);
        steps(app, 1);
    }
    assert_true(app->menu.show_focus);
    press_key(app, SDLK_RIGHT); /* 4x4, at once: the board is empty */
    steps(app, 1);
    assert_int_equal(app->size, 4);
    while (app->menu.focus != MENU_ROW_THEME) {
        press_key(app, SDLK_TAB);
        steps(app, 1);
    }
    press_key(app, SDLK_RIGHT);
    steps(app, 1);
    assert_int_equal(app->settings.theme, 1);
    assert_ptr_equal(app->theme, theme_get(1));
    /* Tab backwards to the size again and up to 5x5. */
    while (app->menu.focus != MENU_ROW_SIZE) {
        press_key_mod(app, SDLK_TAB, KMOD_LSHIFT);
        steps(app, 1);
    }
    press_key(app, SDLK_RIGHT);
    steps(app, 1);
    assert_int_equal(app->size, 5);
    /* Focus on Done (wrapping up from the first row) and Enter closes. */
    while (app->menu.focus != MENU_FOCUS_DONE) {
        press_key(app, SDLK_UP);
        steps(app, 1);
    }
    press_key(app, SDLK_RETURN);
    steps(app, 2);
    assert_false(app->menu_open);

    prefs p;
    assert_int_equal(prefs_load(f.path, &p, stderr), PREFS_LOADED);
    assert_int_equal(p.settings.board_size, 5);
    assert_int_equal(p.settings.theme, 1);
    assert_int_equal(p.settings.think_delay_ms, SETTINGS_DEFAULT_THINK_DELAY_MS);
    assert_int_equal(p.wins_o, 4);
    assert_int_equal(app->settings.think_delay_ms, 0);

    /* Reset scores: the last row, an action on Enter. */
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    while (app->menu.focus != MENU_ROW_SCORES) {
        press_key(app, SDLK_DOWN);
        steps(app, 1);
    }
    press_key(app, SDLK_RETURN);
    steps(app, 1);
    assert_int_equal(app->wins_o, 0);
    prefs_load(f.path, &p, stderr);
    assert_int_equal(p.wins_o, 0);
    stop(app);
    file_setup_free(&f);
}

static void test_scores_saved_when_a_game_ends_and_at_exit(void **state)
{
    (void)state;
    file_setup f;
    file_setup_init(&f);
    f.saved.settings.mode = SETTINGS_MODE_TWO_PLAYERS;
    f.saved.wins_x = 2;
    f.saved.extra_count = 1;
    snprintf(f.saved.extra[0].section, sizeof f.saved.extra[0].section, "future");
    snprintf(f.saved.extra[0].key, sizeof f.saved.extra[0].key, "sound");
    snprintf(f.saved.extra[0].value, sizeof f.saved.extra[0].value, "loud");
    app_state *app = start_with(&f.saved.settings, use_file, &f);
    steps(app, 2);
    assert_int_equal(app->wins_x, 2);
    static const int moves[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        click_square(app, moves[i][0], moves[i][1]);
        steps(app, 1);
    }
    steps(app, 1);
    prefs p;
    prefs_load(f.path, &p, stderr);
    assert_int_equal(p.wins_x, 3);
    assert_int_equal(p.extra_count, 1);
    assert_string_equal(p.extra[0].value, "loud");
    press_key(app, SDLK_n);
    steps(app, 1);
    click_square(app, 1, 1);
    steps(app, 1);
    remove(f.path);
    stop(app); /* at exit, written again */
    prefs_load(f.path, &p, stderr);
    assert_int_equal(p.wins_x, 3);
    file_setup_free(&f);
}

static void test_unwritable_settings_file_the_game_goes_on(void **state)
{
    (void)state;
    file_setup f;
    file_setup_init(&f);
    /* The parent of the file is a regular file: no save can work, as root too. */
    char plain[96];
    snprintf(plain, sizeof plain, "%s/plain", f.dir);
    FILE *out = fopen(plain, "w");
    assert_non_null(out);
    fclose(out);
    snprintf(f.path, sizeof f.path, "%s/settings.ini", plain);
    settings s = two_players(3);
    app_state *app = start_with(&s, use_file, &f);
    steps(app, 2);
    press_key(app, SDLK_F3); /* a settings change: a save is attempted */
    steps(app, 2);
    assert_true(app->prefs_warned);
    click_square(app, 1, 1);
    steps(app, 1);
    assert_int_equal(mark_count(app), 1);
    stop(app);
    remove(plain);
    rmdir(f.dir);
}

/* Settings read through app_config_load_prefs(), as main() does. */
static void load_file(app_config *cfg, void *user)
{
    file_setup *f = user;
    app_config_load_prefs(cfg, f->path, &f->saved, NULL);
}

/* Read all of @p path into a malloc'd buffer; its size in @p len. */
static char *slurp(const char *path, size_t *len)
{
    FILE *in = fopen(path, "rb");
    assert_non_null(in);
    assert_int_equal(fseek(in, 0, SEEK_END), 0);
    long size = ftell(in);
    assert_true(size >= 0);
    rewind(in);
    char *buf = malloc((size_t)size + 1);
    assert_non_null(buf);
    *len = fread(buf, 1, (size_t)size, in);
    assert_int_equal(*len, (size_t)size);
    fclose(in);
    return buf;
}

static void test_unreadable_settings_file_is_left_alone(void **state)
{
    (void)state;
    file_setup f;
    file_setup_init(&f);
    /* Scores first, then comments past the size limit: PREFS_UNREADABLE. */
    FILE *out = fopen(f.path, "wb");
    assert_non_null(out);
    fputs("[scores]\nx_wins = 7\nyou_wins = 5\ndraws = 3\n", out);
    static const char pad[] = "; padding to go over the limit\n";
    for (size_t n = 0; n <= PREFS_MAX_FILE_BYTES; n += sizeof pad - 1)
        fputs(pad, out);
    fclose(out);
    size_t before_len;
    char *before = slurp(f.path, &before_len);
    assert_true(before_len > PREFS_MAX_FILE_BYTES);

    settings s = two_players(3);
    app_state *app = start_with(&s, load_file, &f);
    assert_null(app->cfg.settings_path);
    steps(app, 2);
    /* A finished game and a settings change: both would save. */
    static const int moves[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        click_square(app, moves[i][0], moves[i][1]);
        steps(app, 1);
    }
    press_key(app, SDLK_F3);
    steps(app, 2);
    stop(app);

    size_t after_len;
    char *after = slurp(f.path, &after_len);
    assert_int_equal(after_len, before_len);
    assert_memory_equal(after, before, before_len);
    free(before);
    free(after);
    file_setup_free(&f);
}

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
    assert_int_equal(ttt_game_first_player(app->game), TTT_PLAYER_O);
    wait_for_computer(app);
    assert_int_equal(mark_count(app), 1); /* the computer (O) has moved */
    assert_int_equal(turn(app), TTT_PLAYER_X);
    stop(app);

    s.human_side = TTT_PLAYER_O;
    role = ARGS_FIRST_HUMAN;
    app = start_with(&s, first_role, &role);
    assert_int_equal(ttt_game_first_player(app->game), TTT_PLAYER_O);
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
        assert_int_equal(app->size, n);
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
        int k = app->k;
        for (int i = 0; i < k; i++) {
            click_square(app, 0, i);
            steps(app, 1);
            if (i < k - 1) {
                click_square(app, 1, i);
                steps(app, 1);
            }
        }
        ttt_state st = ttt_game_state(app->game);
        if (st != TTT_STATE_X_WON) fail_msg("%dx%d (k %d): X did not win", n, n, k);
        assert_int_equal(app->line_count, 1);
        steps(app, SETTLE_FRAMES);
        assert_strikes_drawn(app, 2, 0);
        stop(app);
    }
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
        cmocka_unit_test(test_number_keys_like_a_keypad),
        cmocka_unit_test(test_help_overlay),
        cmocka_unit_test(test_settings_changed_with_the_keyboard_are_saved),
        cmocka_unit_test(test_scores_saved_when_a_game_ends_and_at_exit),
        cmocka_unit_test(test_unwritable_settings_file_the_game_goes_on),
        cmocka_unit_test(test_unreadable_settings_file_is_left_alone),
        cmocka_unit_test(test_first_role_from_the_command_line),
        cmocka_unit_test(test_every_board_size),
    };
    return cmocka_run_group_tests_name("game_play", tests, NULL, NULL);
}
