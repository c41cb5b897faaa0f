/*
 * test_app_prefs.c (was test_play_settings.c) - the settings file as the running app writes it,
 * under SDL's dummy video driver: settings changed with the keyboard are
 * saved (and a command-line override is not), scores are saved when a game
 * ends and at exit (through the saver's thread: each test waits for it
 * before reading the file), an unwritable file warns and the game goes on,
 * the window's size is remembered, and a file that cannot be read is left
 * alone byte for byte.
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
    char lock[sizeof f->path + sizeof PREFS_LOCK_SUFFIX];
    snprintf(lock, sizeof lock, "%s%s", f->path, PREFS_LOCK_SUFFIX);
    remove(lock);
    remove(f->path);
    rmdir(f->dir);
}

static void test_settings_changed_with_the_keyboard_are_saved(void **state)
{
    (void)state;
    file_setup f;
    file_setup_init(&f);
    f.saved.you_wins = 4;
    f.saved.wins_o = 6; /* two players' scores: not this mode's */
    /* The command line asked for no think delay: used, never saved. */
    settings s = f.saved.settings;
    s.think_delay_ms = 0;
    app_state *app = start_with(&s, use_file, &f);
    steps(app, 2);
    assert_int_equal(HVC(app).wins[0], 4);
    assert_int_equal(PVP(app).wins[1], 6);

    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    assert_true(app_showing(app, SCREEN_SETTINGS));
    while (app->settings_screen.menu.focus != MENU_ROW_SIZE) {
        press_key(app, SDLK_DOWN);
        steps(app, 1);
    }
    assert_true(app->settings_screen.menu.show_focus);
    press_key(app, SDLK_RIGHT); /* 4x4, at once: the board is empty */
    steps(app, 1);
    assert_int_equal(ttt_game_size(app->play.game), 4);
    while (app->settings_screen.menu.focus != MENU_ROW_THEME) {
        press_key(app, SDLK_TAB);
        steps(app, 1);
    }
    press_key(app, SDLK_RIGHT);
    steps(app, 1);
    assert_int_equal(app->settings.theme, 1);
    assert_ptr_equal(app->theme, theme_get(1));
    /* Tab backwards to the size again and up to 5x5. */
    while (app->settings_screen.menu.focus != MENU_ROW_SIZE) {
        press_key_mod(app, SDLK_TAB, KMOD_LSHIFT);
        steps(app, 1);
    }
    press_key(app, SDLK_RIGHT);
    steps(app, 1);
    assert_int_equal(ttt_game_size(app->play.game), 5);
    /* Focus on Done (wrapping up from the first row) and Enter closes. */
    while (app->settings_screen.menu.focus != MENU_FOCUS_DONE) {
        press_key(app, SDLK_UP);
        steps(app, 1);
    }
    press_key(app, SDLK_RETURN);
    steps(app, 2);
    assert_false(app_showing(app, SCREEN_SETTINGS));

    /* The saver's thread writes the file; wait for it before reading. */
    assert_true(app_wait_for_saves(app, APP_QUIT_SAVE_WAIT_MS));
    prefs p;
    assert_int_equal(prefs_load(f.path, &p, stderr), PREFS_LOADED);
    assert_int_equal(p.settings.board_size, 5);
    assert_int_equal(p.settings.theme, 1);
    assert_int_equal(p.settings.think_delay_ms, SETTINGS_DEFAULT_THINK_DELAY_MS);
    assert_int_equal(p.you_wins, 4);
    assert_int_equal(app->settings.think_delay_ms, 0);

    /* Reset scores: the last row, an action on Enter. */
    press_key(app, SDLK_ESCAPE);
    steps(app, 1);
    while (app->settings_screen.menu.focus != MENU_ROW_SCORES) {
        press_key(app, SDLK_DOWN);
        steps(app, 1);
    }
    /* The first Enter only asks; nothing is reset yet. */
    press_key(app, SDLK_RETURN);
    steps(app, 1);
    assert_int_equal(HVC(app).wins[0], 4);
    assert_true(app->settings_screen.reset_armed_ms != 0);
    /* Unconfirmed, it runs out. */
    steps(app, APP_RESET_CONFIRM_MS / STEP_MS + 2);
    assert_int_equal(app->settings_screen.reset_armed_ms, 0);
    press_key(app, SDLK_RETURN);
    steps(app, 1);
    assert_int_equal(HVC(app).wins[0], 4);
    /* The second Enter in time resets this mode's scores. */
    press_key(app, SDLK_RETURN);
    steps(app, 1);
    assert_int_equal(HVC(app).wins[0], 0);
    assert_int_equal(PVP(app).wins[1], 6); /* another mode's scores are kept */
    assert_true(app_wait_for_saves(app, APP_QUIT_SAVE_WAIT_MS));
    prefs_load(f.path, &p, stderr);
    assert_int_equal(p.you_wins, 0);
    assert_int_equal(p.wins_o, 6);
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
    assert_int_equal(PVP(app).wins[0], 2);
    static const int moves[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        click_square(app, moves[i][0], moves[i][1]);
        steps(app, 1);
    }
    steps(app, 1);
    assert_true(app_wait_for_saves(app, APP_QUIT_SAVE_WAIT_MS));
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
    assert_true(app_wait_for_saves(app, APP_QUIT_SAVE_WAIT_MS));
    assert_true(app->prefs_warned);
    click_square(app, 1, 1);
    steps(app, 1);
    assert_int_equal(mark_count(app), 1);
    stop(app);
    remove(plain);
    rmdir(f.dir);
}

/* --width/--height given on the command line win over the saved size. */
static void use_file_and_size(app_config *cfg, void *user)
{
    use_file(cfg, user);
    cfg->args.width = 580;
    cfg->args.height = 690;
    cfg->args.size_given = true;
}

static void test_window_size_is_remembered(void **state)
{
    (void)state;
    file_setup f;
    file_setup_init(&f);
    f.saved.window = (prefs_window){true, 30, 40, 700, 650, false, false};
    settings s = f.saved.settings;
    app_state *app = start_with(&s, use_file, &f);
    steps(app, 2);
    int w = 0, h = 0;
    SDL_GetWindowSize(app->window, &w, &h);
    assert_int_equal(w, 700);
    assert_int_equal(h, 650);
    /* The player resizes it; the size is in the file after exit. */
    SDL_SetWindowSize(app->window, 760, 690);
    steps(app, 2);
    stop(app);
    prefs p;
    assert_int_equal(prefs_load(f.path, &p, stderr), PREFS_LOADED);
    assert_true(p.window.known);
    assert_int_equal(p.window.width, 760);
    assert_int_equal(p.window.height, 690);
    assert_false(p.window.maximized);
    assert_false(p.window.fullscreen);
    /* Smaller than the game allows: the window keeps the minimum. */
    f.saved = p;
    f.saved.window.width = 100;
    f.saved.window.height = 100;
    app = start_with(&s, use_file, &f);
    SDL_GetWindowSize(app->window, &w, &h);
    assert_true(w >= LAYOUT_MIN_WIDTH && h >= LAYOUT_MIN_HEIGHT);
    stop(app);
    /* The command line's size wins, for that run. */
    f.saved = p;
    app = start_with(&s, use_file_and_size, &f);
    SDL_GetWindowSize(app->window, &w, &h);
    assert_int_equal(w, 580);
    assert_int_equal(h, 690);
    stop(app);
    file_setup_free(&f);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_settings_changed_with_the_keyboard_are_saved),
        cmocka_unit_test(test_scores_saved_when_a_game_ends_and_at_exit),
        cmocka_unit_test(test_unwritable_settings_file_the_game_goes_on),
        cmocka_unit_test(test_window_size_is_remembered),
        cmocka_unit_test(test_unreadable_settings_file_is_left_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
