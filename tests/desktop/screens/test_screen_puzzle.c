/*
 * test_puzzle_app.c - the puzzles through the real app loop under SDL's
 * dummy video driver: opened from the game menu, a puzzle solved by
 * playing its stored line (answered on the worker thread), a miss shown
 * with the move that wins and the refutation on the board, the daily
 * puzzle of a fixed date, and the statistics counted, saved by the saver
 * and loaded again. The answers are bounded by the checker's node
 * budgets; nothing here reads a clock.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "app_driver.h"
#include "input.h"
#include "screen_gamemenu.h"
#include "screen_puzzle.h"
#include "screen_stats.h"
#include "screens.h"

/* The fixed date of the daily puzzle's test. */
#define DAILY_DATE "2026-11-27"

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
    cfg->puzzle_date = DAILY_DATE;
}

static void file_setup_init(file_setup *f)
{
    snprintf(f->dir, sizeof f->dir, "/tmp/ttt-puzzle-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->path, sizeof f->path, "%s/settings.ini", f->dir);
    prefs_defaults(&f->saved);
}

static void file_setup_free(file_setup *f)
{
    char lock[sizeof f->path + sizeof PREFS_LOCK_SUFFIX];
    snprintf(lock, sizeof lock, "%s%s", f->path, PREFS_LOCK_SUFFIX);
    remove(lock);
    remove(f->path);
    rmdir(f->dir);
}

static puzzle_session *session(app_state *app)
{
    return &app->puzzle_screen.session;
}

/* Step until the worker has answered the move played. */
static void wait_for_answer(app_state *app)
{
    for (int i = 0; i < AI_GUARD_FRAMES && session(app)->phase == PUZZLE_SESSION_WAITING; i++) {
        SDL_WaitEventTimeout(NULL, 10);
        steps(app, 1);
    }
    assert_int_not_equal(session(app)->phase, PUZZLE_SESSION_WAITING);
}

/* The Menu button, then the game menu's Puzzles entry, with the mouse. */
static void open_from_menu(app_state *app)
{
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_SETTINGS]);
    steps(app, 2);
    assert_true(app_showing(app, SCREEN_GAMEMENU));
    click_rect(app, app->gamemenu_screen.layout.rows[GAMEMENU_PUZZLES]);
    steps(app, 2);
    assert_false(app_showing(app, SCREEN_GAMEMENU));
    assert_true(app_showing(app, SCREEN_PUZZLE));
    assert_int_equal(screen_top(app), SCREEN_PUZZLE_MENU);
}

/* Play the stored line's moves of the puzzle shown, by clicks. */
static void play_stored_line(app_state *app)
{
    const puzzle_entry *e = puzzle_get(session(app)->index);
    assert_non_null(e);
    ttt_pos line[PUZZLE_SESSION_MAX_MOVES * 2];
    int n = puzzle_session_line(e, line, PUZZLE_SESSION_MAX_MOVES * 2);
    assert_true(n >= 1);
    for (int i = 0; i < n; i += 2) {
        assert_int_equal(session(app)->phase, PUZZLE_SESSION_PLAYING);
        click_square(app, line[i].row, line[i].col);
        steps(app, 1);
        /* The player's mark shows at once, before the answer. */
        assert_int_equal(app->view.game.owner[line[i].row * e->size + line[i].col],
                         session(app)->solver);
        wait_for_answer(app);
        if (i + 1 < n && session(app)->phase == PUZZLE_SESSION_PLAYING) {
            /* The defence replied on the board. */
            assert_true(session(app)->has_reply);
            ttt_pos r = session(app)->reply;
            assert_int_equal(app->view.game.owner[r.row * e->size + r.col],
                             ttt_player_other(session(app)->solver));
        }
    }
    steps(app, SETTLE_FRAMES);
}

static void test_open_from_menu_and_solve(void **state)
{
    (void)state;
    file_setup f;
    file_setup_init(&f);
    settings s;
    settings_defaults(&s);
    app_state *app = start_with(&s, use_file, &f);
    steps(app, 2);
    open_from_menu(app);
    /* Board 3x3, Easy: the first row of the chooser is the board. */
    app->puzzle_screen.board = 0;
    press_key(app, SDLK_RETURN); /* the focus starts on "Play a puzzle" */
    steps(app, 2);
    assert_false(app_showing(app, SCREEN_PUZZLE_MENU));
    assert_int_equal(session(app)->size, 3);
    assert_int_equal(app->layout.board_size, 3);
    assert_int_equal(puzzle_get(session(app)->index)->difficulty, PUZZLE_EASY);
    /* The status says who is to play and win, in how many. */
    char want[VIEW_STATUS_MAX];
    snprintf(want, sizeof want, "%s to play and win in %d moves",
             ttt_player_name(session(app)->solver), session(app)->plies);
    assert_string_equal(app->view.game.status, want);

    play_stored_line(app);
    assert_int_equal(session(app)->phase, PUZZLE_SESSION_SOLVED);
    assert_int_equal(app->prefs.puzzles.solved, 1);
    assert_int_equal(app->prefs.puzzles.streak, 1);
    assert_int_equal(app->prefs.puzzles.best, 1);
    /* The next puzzle with N (the game's New game key). */
    int was = session(app)->index;
    press_key(app, SDLK_n);
    steps(app, 2);
    assert_int_not_equal(session(app)->index, was);
    assert_int_equal(session(app)->phase, PUZZLE_SESSION_PLAYING);

    /* Saved by the saver's thread, and read back. */
    assert_true(app_wait_for_saves(app, APP_QUIT_SAVE_WAIT_MS));
    prefs p;
    assert_int_equal(prefs_load(f.path, &p, stderr), PREFS_LOADED);
    assert_int_equal(p.puzzles.solved, 1);
    assert_int_equal(p.puzzles.streak, 1);
    assert_int_equal(p.puzzles.best, 1);
    assert_int_equal(p.puzzles.daily_day, PUZZLE_STATS_NO_DAY);
    /* Esc leaves the puzzles: the game's board again. */
    press_key(app, SDLK_ESCAPE);
    steps(app, 2);
    assert_false(app_showing(app, SCREEN_PUZZLE));
    assert_int_equal(app->layout.board_size, ttt_game_size(app->play.game));
    stop(app);
    file_setup_free(&f);
}

static void test_miss_shows_the_refutation(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    app_state *app = start(&s);
    steps(app, 2);
    input_do(app, APP_ACTION_PUZZLES);
    steps(app, 2);
    press_key(app, SDLK_ESCAPE); /* the chooser closes; the puzzle stays */
    steps(app, 2);
    assert_true(app_showing(app, SCREEN_PUZZLE));
    assert_false(app_showing(app, SCREEN_PUZZLE_MENU));
    /* A 4x4 puzzle: any free square but the key move misses. */
    int found[8];
    assert_true(puzzle_find(4, 4, PUZZLE_EASY, found, 8) > 0);
    screen_puzzle_start(app, found[0], false, 0);
    steps(app, 2);
    const puzzle_entry *e = puzzle_get(found[0]);
    ttt_pos line[PUZZLE_SESSION_MAX_MOVES * 2];
    assert_true(puzzle_session_line(e, line, PUZZLE_SESSION_MAX_MOVES * 2) >= 1);
    ttt_pos wrong = {-1, -1};
    for (int i = 0; i < e->size * e->size && wrong.row < 0; i++)
        if (e->board[i] == '.' && i != line[0].row * e->size + line[0].col)
            wrong = (ttt_pos){i / e->size, i % e->size};
    assert_true(wrong.row >= 0);
    /* With the keyboard: the first arrow shows the cursor at the centre. */
    press_key(app, SDLK_UP);
    steps(app, 1);
    assert_true(app->cursor_shown);
    app->cursor_row = wrong.row;
    app->cursor_col = wrong.col;
    press_key(app, SDLK_RETURN);
    steps(app, 1);
    wait_for_answer(app);
    steps(app, SETTLE_FRAMES);
    assert_int_equal(session(app)->phase, PUZZLE_SESSION_MISSED);
    /* The move that should have been played is ringed... */
    assert_true(app->view.game.puzzle.has_key);
    assert_int_equal(app->view.game.puzzle.key.row, line[0].row);
    assert_int_equal(app->view.game.puzzle.key.col, line[0].col);
    /* ...and the refutation is on the board. */
    assert_true(session(app)->has_reply);
    ttt_pos r = session(app)->reply;
    assert_int_equal(app->view.game.owner[r.row * e->size + r.col],
                     ttt_player_other(session(app)->solver));
    assert_non_null(strstr(app->view.game.status, "Missed"));
    assert_int_equal(app->prefs.puzzles.missed, 1);
    assert_int_equal(app->prefs.puzzles.streak, 0);
    /* Try again (U): the puzzle's position, nothing played. */
    press_key(app, SDLK_u);
    steps(app, 2);
    assert_int_equal(session(app)->phase, PUZZLE_SESSION_PLAYING);
    /* A move whose answer was lost (the puzzles closed and the game's
     * computer took the worker): asked again when they open. */
    puzzle_session_job job;
    assert_true(puzzle_session_move(session(app), wrong, app->play.now_ms, &job));
    screen_puzzle_close(app);
    worker_cancel(app->ai);
    screen_puzzle_open(app);
    wait_for_answer(app);
    assert_int_equal(session(app)->phase, PUZZLE_SESSION_MISSED);
    press_key(app, SDLK_ESCAPE); /* the chooser */
    press_key(app, SDLK_u);
    steps(app, 2);
    assert_int_equal(session(app)->phase, PUZZLE_SESSION_PLAYING);
    assert_int_equal(app->view.game.owner[wrong.row * e->size + wrong.col], TTT_PLAYER_NONE);
    assert_int_equal(app->view.game.owner[r.row * e->size + r.col], TTT_PLAYER_NONE);
    /* A pad: Y the next puzzle, X the daily one, Start the chooser (B puts
     * it away), B back to the game. */
    int was = session(app)->index;
    input_gamepad(app, GAMEPAD_ACTION_REDO);
    steps(app, 2);
    assert_int_not_equal(session(app)->index, was);
    input_gamepad(app, GAMEPAD_ACTION_HINT);
    steps(app, 2);
    assert_true(session(app)->daily);
    input_gamepad(app, GAMEPAD_ACTION_MENU);
    steps(app, 2);
    assert_int_equal(screen_top(app), SCREEN_PUZZLE_MENU);
    input_gamepad(app, GAMEPAD_ACTION_BACK);
    steps(app, 2);
    assert_int_equal(screen_top(app), SCREEN_PUZZLE);
    input_gamepad(app, GAMEPAD_ACTION_BACK);
    steps(app, 2);
    assert_int_equal(screen_top(app), SCREEN_GAME);
    stop(app);
}

static void test_daily_puzzle_of_a_fixed_date(void **state)
{
    (void)state;
    file_setup f;
    file_setup_init(&f);
    settings s;
    settings_defaults(&s);
    app_state *app = start_with(&s, use_file, &f);
    steps(app, 2);
    int64_t day = 0;
    assert_true(puzzle_day_from_date(DAILY_DATE, &day));
    input_do(app, APP_ACTION_PUZZLES);
    steps(app, 2);
    /* The chooser's last row, with the keyboard. */
    press_key(app, SDLK_DOWN);
    steps(app, 1);
    assert_int_equal(app->puzzle_screen.focus, PUZZLE_MENU_DAILY);
    press_key(app, SDLK_RETURN);
    steps(app, 2);
    assert_true(session(app)->daily);
    assert_int_equal(session(app)->index, puzzle_daily(day));
    assert_non_null(strstr(app->view.game.rule, "Daily puzzle " DAILY_DATE));
    char line[VIEW_STATUS_MAX];
    screen_stats_puzzle_line(app, line, sizeof line);
    assert_non_null(strstr(line, "daily puzzle not solved yet"));
    play_stored_line(app);
    assert_int_equal(session(app)->phase, PUZZLE_SESSION_SOLVED);
    assert_int_equal(app->prefs.puzzles.daily_day, day);
    screen_stats_puzzle_line(app, line, sizeof line);
    assert_non_null(strstr(line, "daily puzzle solved"));
    /* The statistics panel opens over the puzzle (S) and draws. */
    press_key(app, SDLK_s);
    steps(app, 2);
    assert_int_equal(screen_top(app), SCREEN_STATS);
    press_key(app, SDLK_ESCAPE);
    steps(app, 2);

    assert_true(app_wait_for_saves(app, APP_QUIT_SAVE_WAIT_MS));
    prefs p;
    assert_int_equal(prefs_load(f.path, &p, stderr), PREFS_LOADED);
    assert_int_equal(p.puzzles.daily_day, day);
    assert_int_equal(p.puzzles.solved, 1);
    stop(app);
    /* The next start reads them: the chooser says the daily one is solved. */
    f.saved = p;
    app = start_with(&s, use_file, &f);
    steps(app, 2);
    assert_int_equal(app->prefs.puzzles.solved, 1);
    char label[VIEW_RULE_MAX];
    screen_puzzle_menu_label(app, PUZZLE_MENU_DAILY, label, sizeof label);
    assert_string_equal(label, "Daily puzzle (solved)");
    stop(app);
    file_setup_free(&f);
}

/* The session alone: a stale answer is dropped, a failed one takes the
 * move back. */
static void test_session_drops_stale_answers(void **state)
{
    (void)state;
    puzzle_session s;
    puzzle_session_init(&s);
    assert_true(puzzle_session_start(&s, 0, false, 0, 1));
    ttt_pos line[8];
    assert_true(puzzle_session_line(puzzle_get(0), line, 8) >= 1);
    puzzle_session_job job;
    assert_true(puzzle_session_move(&s, line[0], 2, &job));
    assert_false(puzzle_session_move(&s, line[0], 2, &job)); /* waiting */
    puzzle_move_result r;
    assert_true(puzzle_session_answer(&job, &r));
    assert_false(puzzle_session_on_result(&s, s.job_id + 1, &r, 3));
    assert_true(puzzle_session_on_result(&s, s.job_id, NULL, 3));
    assert_int_equal(s.phase, PUZZLE_SESSION_PLAYING);
    assert_true(s.failed);
    assert_int_equal(s.owner[line[0].row * s.size + line[0].col], TTT_PLAYER_NONE);
    char date[PUZZLE_SESSION_DATE_MAX];
    int64_t day = 0;
    assert_true(puzzle_day_from_date("2024-02-29", &day));
    puzzle_session_date(day, date, sizeof date);
    assert_string_equal(date, "2024-02-29");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_session_drops_stale_answers),
        cmocka_unit_test(test_open_from_menu_and_solve),
        cmocka_unit_test(test_miss_shows_the_refutation),
        cmocka_unit_test(test_daily_puzzle_of_a_fixed_date),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
