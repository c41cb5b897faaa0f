/*
 * test_screen_review.c (was test_review_app.c) - issue 22's features through the real app loop
 * under SDL's dummy video driver: the review (opened from the button a finished game shows, stepped
 * with keys, the wheel, the buttons and the strip, replayed on the test's clock, left with its
 * analysis cancelled, played on from a position), the game menu and the statistics, a record saved
 * and one dropped on the window, the game file written after every move
 * and resumed at the next start (the computer thinking again), and the
 * preview that follows the pointer when the layout changes under it. The
 * strip and its pages are test_screen_review_strip.c.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app_driver.h"
#include "gamefile.h"
#include "screen_game.h"
#include "screen_gamemenu.h"
#include "render.h"
#include "screen_review.h"
#include "review_driver.h"

/* A scratch folder for the files of one test. */
static char scratch[256];

static void make_scratch(void)
{
    snprintf(scratch, sizeof scratch, "/tmp/ttt-review-app-XXXXXX");
    assert_non_null(mkdtemp(scratch));
}

static void tweak_files(app_config *cfg, void *user)
{
    const char *game_path = user;
    cfg->game_path = game_path;
    cfg->records_dir = scratch;
}

static void push_wheel(app_state *app, int y)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_MOUSEWHEEL;
    ev.wheel.windowID = SDL_GetWindowID(app->window);
    ev.wheel.y = y;
    ev.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
    assert_int_equal(SDL_PushEvent(&ev), 1);
}

static void test_review_of_a_finished_game(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    play_x_wins(app);
    /* Once the game is over, Hint's button reviews it. */
    assert_string_equal(screen_game_button_label(app, LAYOUT_BUTTON_HINT), "Review");
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_HINT]);
    steps(app, 1);
    assert_true(app->review.open);
    assert_int_equal(app->review.ply, 5);
    assert_string_equal(screen_game_button_label(app, LAYOUT_BUTTON_NEW_GAME), "Close");
    wait_for_review(app);
    steps(app, 1);
    const view_game *v = &app->view.game;
    assert_true(v->review.active);
    assert_non_null(strstr(v->status, "Move 5, X at the top-right corner: "));
    /* O's first move, beside X's corner, lost the game: thrown away, on the
     * strip too; the second only lost it sooner. */
    assert_true(v->review.strip[2].threw_away);
    assert_false(v->review.strip[4].threw_away);
    assert_int_equal(v->review.strip[4].kind, VIEW_STRIP_WIN); /* for X */
    /* Back with the arrow key, the wheel, the button and Page Up. */
    press_key(app, SDLK_LEFT);
    steps(app, 1);
    assert_int_equal(app->review.ply, 4);
    push_wheel(app, 1);
    steps(app, 1);
    assert_int_equal(app->review.ply, 3);
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_UNDO]);
    steps(app, 1);
    assert_int_equal(app->review.ply, 2);
    press_key(app, SDLK_PAGEUP);
    steps(app, 1);
    assert_int_equal(app->review.ply, 1);
    /* On with the button, the wheel and End; a click on the strip jumps. */
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_REDO]);
    push_wheel(app, -1);
    steps(app, 1);
    assert_int_equal(app->review.ply, 3);
    layout_rect cell =
        screen_review_cell_rect(app->layout.scores, v->review.strip_count, app->review.ply, 0);
    click_rect(app, cell);
    steps(app, 1);
    assert_int_equal(app->review.ply, 0);
    assert_string_equal(app->view.game.status, "Before the first move: a draw for X.");
    press_key(app, SDLK_END);
    steps(app, 1);
    assert_int_equal(app->review.ply, 5);
    /* Replay: from the start, a move per step of the watching speed. */
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_HINT]);
    steps(app, 1);
    assert_true(app->review.playing);
    assert_int_equal(app->review.ply, 0);
    assert_string_equal(screen_game_button_label(app, LAYOUT_BUTTON_HINT), "Pause");
    int step_frames = app->review.step_ms / STEP_MS + 1;
    steps(app, step_frames);
    assert_int_equal(app->review.ply, 1);
    /* + makes it faster (and is saved as the watching speed). */
    press_key(app, SDLK_PLUS);
    steps(app, 1);
    assert_int_equal(app->settings.speed, SETTINGS_SPEED_FAST);
    steps(app, app->review.step_ms / STEP_MS + 1);
    assert_int_equal(app->review.ply, 2);
    press_key(app, SDLK_p); /* P pauses it */
    steps(app, 1);
    assert_false(app->review.playing);
    steps(app, step_frames * 2);
    assert_int_equal(app->review.ply, 2);
    /* Closing it leaves the game as it was. */
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_NEW_GAME]);
    steps(app, 1);
    assert_false(app->review.open);
    assert_int_equal(mark_count(app), 5);
    assert_true(app->play.game_over);
    stop(app);
}

/* An 8x8 position the solver needs its whole budget for: leaving the review
 * stops it at once, and its answer is dropped. Then "Play on" from an
 * earlier position makes it the game, you the side to move. */
static void tweak_slow_review(app_config *cfg, void *user)
{
    (void)user;
    cfg->review_deadline_ms = 60000;
}

static void test_leaving_cancels_and_play_on(void **state)
{
    (void)state;
    settings s = two_players(8);
    s.mode = SETTINGS_MODE_HUMAN_VS_COMPUTER;
    app_state *app = start_with(&s, tweak_slow_review, NULL);
    steps(app, 2);
    record r;
    record_init(&r);
    r.size = 8;
    r.k = 5;
    const ttt_pos moves[] = {{3, 3}, {3, 4}, {4, 4}, {2, 2}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        r.moves[r.move_count++] = moves[i];
    assert_true(screen_review_open(app, &r, false));
    wait_until_searching(app);
    unsigned long stale = app->review.stale_results;
    press_key(app, SDLK_ESCAPE); /* Esc leaves the review */
    steps(app, 1);
    assert_false(app->review.open);
    /* The search stops long before its minute is up. */
    for (int i = 0; i < 500 && worker_busy(app->ai); i++)
        SDL_Delay(10);
    assert_false(worker_busy(app->ai));
    for (int i = 0; i < 100 && app->review.stale_results == stale; i++) {
        SDL_WaitEventTimeout(NULL, 10);
        steps(app, 1);
    }
    assert_true(app->review.stale_results > stale);
    /* Play on from the position after three moves: O to move, and you are O. */
    assert_true(screen_review_open(app, &r, false));
    press_key(app, SDLK_LEFT);
    steps(app, 1);
    assert_int_equal(app->review.ply, 3);
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_SETTINGS]); /* Play on */
    steps(app, 1);
    assert_false(app->review.open);
    assert_int_equal(mark_count(app), 3);
    assert_int_equal(app->play.human_side, TTT_PLAYER_O);
    assert_int_equal(turn(app), TTT_PLAYER_O);
    assert_true(app->view.game.person_to_move);
    stop(app);
}

/* The game menu by mouse and keys, the statistics it opens, a game saved
 * to a file, and a record dropped on the window. */
static void test_menu_statistics_and_records(void **state)
{
    (void)state;
    make_scratch();
    settings s = two_players(3);
    app_state *app = start_with(&s, tweak_files, NULL);
    steps(app, 2);
    /* With no game played, there is nothing to review, replay or save. */
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_SETTINGS]);
    steps(app, 1);
    assert_true(app_showing(app, SCREEN_GAMEMENU));
    assert_false(screen_gamemenu_enabled(app, GAMEMENU_REVIEW));
    assert_false(screen_gamemenu_enabled(app, GAMEMENU_SAVE));
    click_rect(app, app->gamemenu_screen.layout.rows[GAMEMENU_REVIEW]);
    steps(app, 1);
    assert_false(app->review.open);
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    assert_false(app_showing(app, SCREEN_GAMEMENU));
    play_x_wins(app);
    /* The statistics counted the game (two players, 3x3, no level). */
    tally_entry *e = tally_find(&app->prefs.tally, SETTINGS_MODE_TWO_PLAYERS, 3, 3, TALLY_NO_LEVEL);
    assert_non_null(e);
    assert_int_equal(e->wins[0], 1);
    assert_int_equal(e->best, 1);
    /* Undo takes it out again; redo counts it again. */
    press_key(app, SDLK_u);
    steps(app, 1);
    assert_null(tally_find(&app->prefs.tally, SETTINGS_MODE_TWO_PLAYERS, 3, 3, TALLY_NO_LEVEL));
    press_key_mod(app, SDLK_y, KMOD_CTRL);
    steps(app, SETTLE_FRAMES);
    assert_non_null(tally_find(&app->prefs.tally, SETTINGS_MODE_TWO_PLAYERS, 3, 3, TALLY_NO_LEVEL));
    /* The menu's Statistics entry: the panel, on this mode's tab. */
    press_key(app, SDLK_F10);
    steps(app, 1);
    assert_true(screen_gamemenu_enabled(app, GAMEMENU_REVIEW));
    click_rect(app, app->gamemenu_screen.layout.rows[GAMEMENU_STATS]);
    steps(app, 1);
    assert_false(app_showing(app, SCREEN_GAMEMENU));
    assert_true(app_showing(app, SCREEN_STATS));
    assert_int_equal(app->stats_screen.mode, SETTINGS_MODE_TWO_PLAYERS);
    press_key(app, SDLK_RIGHT);
    steps(app, 1);
    assert_int_equal(app->stats_screen.mode, SETTINGS_MODE_COMPUTER_VS_COMPUTER);
    click_rect(app, app->stats_screen.layout.tabs[0]);
    steps(app, 1);
    assert_int_equal(app->stats_screen.mode, SETTINGS_MODE_HUMAN_VS_COMPUTER);
    press_key(app, SDLK_s); /* S closes it too */
    steps(app, 1);
    assert_false(app_showing(app, SCREEN_STATS));
    /* Ctrl+S saves the game to a new file in the records' folder. */
    press_key_mod(app, SDLK_s, KMOD_CTRL);
    steps(app, 1);
    assert_true(app_wait_for_saves(app, 10000));
    steps(app, 1);
    assert_non_null(strstr(app->view.game.status, "Game saved to "));
    assert_non_null(strstr(app->view.game.status, scratch));
    char saved[600] = "";
    DIR *d = opendir(scratch);
    assert_non_null(d);
    struct dirent *de;
    while ((de = readdir(d)) != NULL)
        if (strstr(de->d_name, ".ttt")) snprintf(saved, sizeof saved, "%s/%s", scratch, de->d_name);
    closedir(d);
    record back;
    char why[300];
    assert_int_equal(gamefile_read(saved, &back, why, sizeof why), GAMEFILE_LOADED);
    assert_int_equal(back.move_count, 5);
    assert_int_equal(back.mode, RECORD_MODE_TWO_PLAYERS);
    /* The notice goes after a while. */
    steps(app, APP_NOTICE_MS / STEP_MS + 2);
    assert_null(strstr(app->view.game.status, "Game saved to "));
    /* A record dropped on the window opens for review; a bad one is refused
     * with its line. */
    char other[600];
    snprintf(other, sizeof other, "%s/dropped.ttt", scratch);
    FILE *f = fopen(other, "w");
    assert_non_null(f);
    fputs("ttt-game 1\nsize 4\nk 3\nmoves\n1 1\n2 2\n", f);
    fclose(f);
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_DROPFILE;
    ev.drop.file = SDL_strdup(other);
    ev.drop.windowID = SDL_GetWindowID(app->window);
    assert_int_equal(SDL_PushEvent(&ev), 1);
    steps(app, 1);
    assert_true(app_wait_for_saves(app, 10000));
    steps(app, 1);
    assert_true(app->review.open);
    assert_int_equal(app->review.game.size, 4);
    assert_int_equal(app->review.game.move_count, 2);
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    f = fopen(other, "w");
    assert_non_null(f);
    fputs("ttt-game 1\nsize 4\nmoves\n9 9\n", f);
    fclose(f);
    SDL_zero(ev);
    ev.type = SDL_DROPFILE;
    ev.drop.file = SDL_strdup(other);
    assert_int_equal(SDL_PushEvent(&ev), 1);
    steps(app, 1);
    assert_true(app_wait_for_saves(app, 10000));
    steps(app, 1);
    assert_false(app->review.open);
    assert_non_null(strstr(app->view.game.status, "Not a game record: "));
    assert_non_null(strstr(app->view.game.status, "line 4: row 9 is outside the board"));
    stop(app);
    remove(other);
    remove(saved);
    rmdir(scratch);
}

/* The game file: written after every move (the saver's thread), read at the
 * next start, where the game goes on, the computer thinking again. */
static void test_game_in_progress_comes_back(void **state)
{
    (void)state;
    make_scratch();
    char game_path[600];
    snprintf(game_path, sizeof game_path, "%s/settings.ttt", scratch);
    settings s;
    settings_defaults(&s);
    s.think_delay_ms = 0;
    app_state *app = start_with(&s, tweak_files, game_path);
    steps(app, 2);
    click_square(app, 1, 1);
    steps(app, 1);
    wait_for_computer(app);
    for (int sq = 0; sq < 9; sq++) {
        if (owner(app, sq / 3, sq % 3) != TTT_PLAYER_NONE) continue;
        click_square(app, sq / 3, sq % 3);
        break;
    }
    steps(app, 1);
    assert_int_equal(mark_count(app), 3);
    assert_true(app->play.ai_waiting || app->play.ai_ready); /* the computer is thinking */
    assert_true(app_wait_for_saves(app, 10000));
    record saved;
    char why[300];
    assert_int_equal(gamefile_read(game_path, &saved, why, sizeof why), GAMEFILE_LOADED);
    assert_int_equal(saved.move_count, 3);
    assert_int_equal(saved.human, TTT_PLAYER_X);
    assert_int_equal(saved.mode, RECORD_MODE_HUMAN_VS_COMPUTER);
    /* Quit while it thinks; start again from the file. */
    stop(app);
    record resume;
    assert_int_equal(gamefile_read(game_path, &resume, why, sizeof why), GAMEFILE_LOADED);
    settings fresh;
    settings_defaults(&fresh);
    fresh.mode = SETTINGS_MODE_TWO_PLAYERS; /* the file's mode wins */
    fresh.think_delay_ms = 0;
    /* The record goes to the app as main() hands it over. */
    app_config cfg;
    app = calloc(1, sizeof *app);
    assert_non_null(app);
    app_config_defaults(&cfg);
    cfg.fixed_step_ms = STEP_MS;
    cfg.pace_frames = false;
    cfg.assets_dir = TTT_TEST_ASSETS_DIR;
    cfg.args.width = 600;
    cfg.args.height = 700;
    cfg.game_path = game_path;
    cfg.resume = &resume;
    assert_true(app_init(app, &fresh, &cfg));
    assert_int_equal(mark_count(app), 3);
    assert_int_equal(app->settings.mode, SETTINGS_MODE_HUMAN_VS_COMPUTER);
    assert_int_equal(app->play.human_side, TTT_PLAYER_X);
    /* The computer was to move: it moves. */
    wait_for_computer(app);
    assert_int_equal(mark_count(app), 4);
    /* A new game: the file gets the empty board (nothing left to go on with). */
    press_key(app, SDLK_n);
    steps(app, 1);
    assert_true(app_wait_for_saves(app, 10000));
    assert_int_equal(gamefile_read(game_path, &saved, why, sizeof why), GAMEFILE_LOADED);
    assert_int_equal(saved.move_count, 0);
    stop(app);
    remove(game_path);
    char lock[700];
    snprintf(lock, sizeof lock, "%s%s", game_path, GAMEFILE_LOCK_SUFFIX);
    remove(lock);
    rmdir(scratch);
}

/* Issue 22: after a layout change (another board size, F3, a resize) the
 * preview names the square a click would take, without a mouse move. */
static void assert_preview_is_under_pointer(const app_state *app)
{
    int row = -1, col = -1;
    if (!layout_square_at(&app->layout, app->mouse_x, app->mouse_y, &row, &col)) row = col = -1;
    assert_int_equal(app->hover_row, row);
    assert_int_equal(app->hover_col, col);
}

static void test_preview_follows_layout(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    /* The window keeps its minimum size (a hint the window manager gets). */
    int mw = 0, mh = 0;
    SDL_GetWindowMinimumSize(app->window, &mw, &mh);
    assert_int_equal(mw, LAYOUT_MIN_WIDTH);
    assert_int_equal(mh, LAYOUT_MIN_HEIGHT);
    float cx, cy;
    layout_square_center(&app->layout, 2, 0, &cx, &cy);
    move_to(app, (int)cx, (int)cy);
    steps(app, 1);
    assert_int_equal(app->hover_row, 2);
    /* A 7x7 board chosen on the untouched board: the layout changes under
     * the pointer. */
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    click_rect(app, app->settings_screen.layout.rows[MENU_ROW_SIZE].options[7 - TTT_MIN_SIZE]);
    steps(app, 1);
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    assert_int_equal(app->layout.board_size, 7);
    assert_preview_is_under_pointer(app);
    /* A click there plays the square the preview shows. */
    int row = app->hover_row, col = app->hover_col;
    assert_true(row >= 0);
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_MOUSEBUTTONDOWN;
    ev.button.windowID = SDL_GetWindowID(app->window);
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.state = SDL_PRESSED;
    ev.button.x = app->mouse_x * app->win_w / app->out_w;
    ev.button.y = app->mouse_y * app->win_h / app->out_h;
    assert_int_equal(SDL_PushEvent(&ev), 1);
    steps(app, 1);
    assert_int_equal(owner(app, row, col), TTT_PLAYER_X);
    /* F3 and a resize: still the square under the pointer. */
    press_key(app, SDLK_F3);
    steps(app, 1);
    assert_preview_is_under_pointer(app);
    SDL_SetWindowSize(app->window, 560, 640);
    steps(app, 2);
    assert_preview_is_under_pointer(app);
    /* Fullscreen (F11) and back: the layout changes twice more. */
    layout before = app->layout;
    press_key(app, SDLK_F11);
    steps(app, 2);
    assert_true((SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0);
    assert_true(memcmp(&before, &app->layout, sizeof before) != 0);
    assert_preview_is_under_pointer(app);
    press_key(app, SDLK_F11);
    steps(app, 2);
    assert_preview_is_under_pointer(app);
    stop(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_review_of_a_finished_game),
        cmocka_unit_test(test_leaving_cancels_and_play_on),
        cmocka_unit_test(test_menu_statistics_and_records),
        cmocka_unit_test(test_game_in_progress_comes_back),
        cmocka_unit_test(test_preview_follows_layout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
