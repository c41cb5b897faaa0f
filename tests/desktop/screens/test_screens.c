/*
 * test_screens.c - the table of screens and their stack (screens.h,
 * screen_stack.h): the stack keeps its layer order whatever order screens
 * open in, each screen shows once, the game cannot be closed; and through
 * the real app, keys reach the screen on top, a panel hides the game from
 * the pointer, and the game's own actions pass a review but not a panel;
 * the help lists Ctrl+S only where saving a record works (issue 28).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "app_driver.h"
#include "screen_gamemenu.h"
#include "screen_help.h"
#include "screens.h"

/* A key press, and the pass of the loop that takes it. */
static void key(app_state *app, SDL_Keycode k)
{
    press_key(app, k);
    steps(app, 1);
}

static void test_stack_keeps_layer_order(void **state)
{
    (void)state;
    screen_stack s = {0};
    assert_int_equal(screen_stack_top(&s), SCREEN_GAME);
    assert_true(screen_stack_has(&s, SCREEN_GAME));
    assert_false(screen_stack_has(&s, SCREEN_HELP));

    /* The help first, then the settings, then a review: each goes to its
     * layer's place, so the help stays on top and the review at the bottom. */
    assert_true(screen_stack_add(&s, SCREEN_HELP));
    assert_true(screen_stack_add(&s, SCREEN_SETTINGS));
    assert_true(screen_stack_add(&s, SCREEN_REVIEW));
    assert_int_equal(s.count, 3);
    assert_int_equal(s.over[0], SCREEN_REVIEW);
    assert_int_equal(s.over[1], SCREEN_SETTINGS);
    assert_int_equal(s.over[2], SCREEN_HELP);
    assert_int_equal(screen_stack_top(&s), SCREEN_HELP);

    /* Once each; the game is neither added nor removed. */
    assert_false(screen_stack_add(&s, SCREEN_SETTINGS));
    assert_false(screen_stack_add(&s, SCREEN_GAME));
    assert_false(screen_stack_add(&s, SCREEN_COUNT));
    assert_false(screen_stack_remove(&s, SCREEN_GAME));
    assert_int_equal(s.count, 3);

    /* Taking one from the middle keeps the others in order. */
    assert_true(screen_stack_remove(&s, SCREEN_SETTINGS));
    assert_false(screen_stack_remove(&s, SCREEN_SETTINGS));
    assert_int_equal(s.count, 2);
    assert_int_equal(s.over[0], SCREEN_REVIEW);
    assert_int_equal(s.over[1], SCREEN_HELP);
    assert_true(screen_stack_remove(&s, SCREEN_HELP));
    assert_true(screen_stack_remove(&s, SCREEN_REVIEW));
    assert_int_equal(screen_stack_top(&s), SCREEN_GAME);
}

static void test_every_screen_has_a_row(void **state)
{
    (void)state;
    for (int id = 0; id < SCREEN_COUNT; id++) {
        const screen_ops *ops = screen_ops_of((screen_id)id);
        assert_non_null(ops->name);
        assert_non_null(ops->act);
        /* A panel draws itself; the game and the review are drawn in the
         * cached layers. */
        if (ops->flags & SCREEN_PANEL)
            assert_non_null(ops->draw);
        else
            assert_null(ops->draw);
        for (int other = 0; other < id; other++)
            assert_string_not_equal(ops->name, screen_ops_of((screen_id)other)->name);
    }
    assert_false(screen_ops_of(SCREEN_GAME)->flags & SCREEN_PANEL);
}

/* The game menu names no key that would close it instead (Esc opens the
 * settings from the game, but closes this menu). */
static void test_game_menu_keys_work_in_the_menu(void **state)
{
    (void)state;
    assert_string_equal(screen_gamemenu_key(GAMEMENU_SETTINGS), "");
    for (int e = 0; e < GAMEMENU_COUNT; e++)
        assert_string_not_equal(screen_gamemenu_key((gamemenu_entry)e), "Esc");
}

static void test_keys_reach_the_screen_on_top(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    assert_int_equal(screen_top(app), SCREEN_GAME);
    assert_false(screen_panel_open(app));
    /* A click on the window in the background is a click, not only focus. */
    assert_true(SDL_GetHintBoolean(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, SDL_FALSE));

    /* Esc on the game opens the settings; F1 puts the help over them. */
    key(app, SDLK_ESCAPE);
    assert_int_equal(screen_top(app), SCREEN_SETTINGS);
    assert_true(screen_panel_open(app));
    key(app, SDLK_F1);
    assert_int_equal(screen_top(app), SCREEN_HELP);
    assert_true(app_showing(app, SCREEN_SETTINGS));

    /* A digit is not a move while a panel is up. */
    key(app, SDLK_5);
    assert_int_equal(mark_count(app), 0);

    /* Esc closes one screen at a time, top first. */
    key(app, SDLK_ESCAPE);
    assert_int_equal(screen_top(app), SCREEN_SETTINGS);
    key(app, SDLK_ESCAPE);
    assert_int_equal(screen_top(app), SCREEN_GAME);
    assert_false(screen_panel_open(app));
    key(app, SDLK_5);
    assert_int_equal(mark_count(app), 1);
    stop(app);
}

static void test_game_actions_pass_a_review_not_a_panel(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    /* A short game to review: X takes the top row. */
    const int moves[] = {1, 4, 2, 5, 3};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        key(app, (SDL_Keycode)(SDLK_0 + moves[i]));
    steps(app, SETTLE_FRAMES);
    assert_true(app->play.game_over);

    key(app, SDLK_r);
    assert_int_equal(screen_top(app), SCREEN_REVIEW);
    /* S (statistics) is one of the game's actions: it passes the review. */
    key(app, SDLK_s);
    assert_int_equal(screen_top(app), SCREEN_STATS);
    assert_true(app_showing(app, SCREEN_REVIEW));
    /* ...but not a panel: R on the statistics does not close the review. */
    key(app, SDLK_r);
    assert_true(app_showing(app, SCREEN_REVIEW));
    assert_int_equal(screen_top(app), SCREEN_STATS);
    key(app, SDLK_ESCAPE);
    assert_int_equal(screen_top(app), SCREEN_REVIEW);
    key(app, SDLK_r);
    assert_int_equal(screen_top(app), SCREEN_GAME);
    assert_false(app->review.open);
    stop(app);
}

/* Does the help, as @p app shows it, list @p key? */
static bool help_lists(const app_state *app, const char *key)
{
    for (int i = 0; i < screen_help_line_count(app); i++) {
        const char *k = "", *what = "";
        screen_help_line(app, i, &k, &what);
        if (strcmp(k, key) == 0) return true;
    }
    return false;
}

static void records_somewhere(app_config *cfg, void *user)
{
    (void)user;
    cfg->records_dir = "/nonexistent-ttt-records/";
}

/* Issue 28: the help lists only keys that work. Without a folder to save
 * in (no settings file, no records folder: as in the browser), no Ctrl+S,
 * the menu's entry greyed out even after a game, and Ctrl+S does nothing;
 * with one, Ctrl+S is listed. */
static void test_help_lists_saving_only_where_it_works(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    assert_false(screen_help_saving(app));
    assert_false(help_lists(app, "Ctrl+S"));
    assert_true(help_lists(app, "F1, ?"));
    const char *k = "", *what = "";
    int n = screen_help_line_count(app);
    screen_help_line(app, n, &k, &what); /* past the last line: empty */
    assert_string_equal(k, "");
    static const int moves[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        click_square(app, moves[i][0], moves[i][1]);
        steps(app, 2);
    }
    assert_true(app->play.game_over);
    assert_false(screen_gamemenu_enabled(app, GAMEMENU_SAVE));
    press_key_mod(app, SDLK_s, KMOD_CTRL);
    steps(app, 1);
    assert_true(app_wait_for_saves(app, 10000));
    steps(app, 1);
    assert_null(strstr(app->view.game.status, "saved"));
    key(app, SDLK_F1); /* the help draws its shorter list */
    steps(app, 1);
    assert_true(app_showing(app, SCREEN_HELP));
    stop(app);

    app = start_with(&s, records_somewhere, NULL);
    steps(app, 2);
    assert_true(screen_help_saving(app));
    assert_true(help_lists(app, "Ctrl+S"));
    assert_int_equal(screen_help_line_count(app), n + 1);
    stop(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stack_keeps_layer_order),
        cmocka_unit_test(test_every_screen_has_a_row),
        cmocka_unit_test(test_game_menu_keys_work_in_the_menu),
        cmocka_unit_test(test_keys_reach_the_screen_on_top),
        cmocka_unit_test(test_game_actions_pass_a_review_not_a_panel),
        cmocka_unit_test(test_help_lists_saving_only_where_it_works),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
