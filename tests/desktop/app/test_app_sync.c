/*
 * test_app_sync.c - two windows on one settings folder (issue 28): the
 * running app (SDL's dummy driver) and another window's writes, made
 * here with the same persistence calls another process makes
 * (prefs_save_merged(), gamefile_save()). The app follows the other
 * window's scores and settings (and its next save adds only its own
 * games: no score counted twice), follows the other window's game while
 * its own has not changed, and refuses to overwrite the other window's
 * game in progress once its own went another way, saying so.
 *
 * The saver looks at the files every SAVER_WATCH_MS: each wait below
 * steps the app until what is awaited shows, with a generous hang guard
 * (WAIT_TRIES), never a deadline on the machine's speed.
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
#include "gamefile.h"
#include "saver.h"

/* Steps of WAIT_REST_MS each before a wait counts as hung. */
#define WAIT_TRIES 3000
#define WAIT_REST_MS 10

typedef struct folder {
    char dir[64];
    char settings[160];
    char game[160];
    prefs saved;
} folder;

static void use_folder(app_config *cfg, void *user)
{
    folder *f = user;
    cfg->settings_path = f->settings;
    cfg->game_path = f->game;
    cfg->saved = &f->saved;
}

static void folder_init(folder *f)
{
    snprintf(f->dir, sizeof f->dir, "/tmp/ttt-sync-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->settings, sizeof f->settings, "%s/settings.ini", f->dir);
    snprintf(f->game, sizeof f->game, "%s/settings.ttt", f->dir);
    prefs_defaults(&f->saved);
    assert_true(prefs_save(f->settings, &f->saved, NULL));
}

static void folder_free(folder *f)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    assert_int_equal(system(cmd), 0);
}

/* Step @p app until @p done(app) holds (a hang guard after WAIT_TRIES). */
static void step_until(app_state *app, bool (*done)(const app_state *), const char *what)
{
    for (int i = 0; i < WAIT_TRIES; i++) {
        if (done(app)) return;
        steps(app, 1);
        SDL_Delay(WAIT_REST_MS);
    }
    fail_msg("never came: %s", what);
}

/* ------------------------------------------------------------------------- */
/* Scores and settings                                                       */
/* ------------------------------------------------------------------------- */

static bool other_scores_shown(const app_state *app)
{
    return HVC(app).wins[0] == 3 && !app->settings.sound && app->settings.theme == 1;
}

static bool sound_back_on(const app_state *app)
{
    return app->settings.sound;
}

static void test_scores_and_settings_followed(void **state)
{
    (void)state;
    folder f;
    folder_init(&f);
    settings s = f.saved.settings;
    app_state *app = start_with(&s, use_folder, &f);
    steps(app, 2);
    assert_int_equal(HVC(app).wins[0], 0);
    assert_true(app->settings.sound);

    /* The other window: three games won, sound off, another theme. */
    prefs base, other;
    assert_int_equal(prefs_load(f.settings, &base, NULL), PREFS_LOADED);
    other = base;
    other.you_wins = 3;
    other.settings.sound = false;
    other.settings.theme = 1;
    assert_true(prefs_save_merged(f.settings, &base, &other, NULL));
    step_until(app, other_scores_shown, "the other window's scores and settings");

    /* This window's own change (M: sound on) saved on top: the file keeps
     * the other's three wins, counted once, and gets this window's sound. */
    press_key(app, SDLK_m);
    steps(app, 1);
    step_until(app, sound_back_on, "sound on again");
    assert_true(app_wait_for_saves(app, 10000));
    prefs now;
    assert_int_equal(prefs_load(f.settings, &now, NULL), PREFS_LOADED);
    assert_int_equal(now.you_wins, 3);
    assert_true(now.settings.sound);
    assert_int_equal(now.settings.theme, 1);
    stop(app);
    folder_free(&f);
}

/* ------------------------------------------------------------------------- */
/* The game in progress                                                      */
/* ------------------------------------------------------------------------- */

static bool one_mark(const app_state *app)
{
    return mark_count(app) == 1;
}

static bool refused_said(const app_state *app)
{
    return app->game_diverged && strstr(app->view.game.status, "Another window") != NULL;
}

/* A two-player 3x3 record of @p n moves from @p moves. */
static record game_of(const int (*moves)[2], int n)
{
    record r;
    record_init(&r);
    r.mode = RECORD_MODE_TWO_PLAYERS;
    for (int i = 0; i < n; i++)
        r.moves[i] = (ttt_pos){moves[i][0], moves[i][1]};
    r.move_count = n;
    return r;
}

static void test_game_followed_then_not_overwritten(void **state)
{
    (void)state;
    folder f;
    folder_init(&f);
    settings s = two_players(3);
    app_state *app = start_with(&s, use_folder, &f);
    steps(app, 2);
    assert_int_equal(mark_count(app), 0);

    /* The other window plays X in the centre: this one follows. */
    static const int first[][2] = {{1, 1}};
    record r = game_of(first, 1);
    assert_int_equal(gamefile_save(f.game, &r, NULL), PREFS_SAVED);
    step_until(app, one_mark, "the other window's move");
    assert_int_equal(owner(app, 1, 1), TTT_PLAYER_X);

    /* This window answers (O top left): saved over the game it follows. */
    click_square(app, 0, 0);
    steps(app, 2);
    assert_true(app_wait_for_saves(app, 10000));
    record back;
    char why[300];
    assert_int_equal(gamefile_read(f.game, &back, why, sizeof why), GAMEFILE_LOADED);
    assert_int_equal(back.move_count, 2);

    /* The other window, not having seen that, plays O elsewhere; this one
     * plays X at once: its save would overwrite the other's game in
     * progress, and is refused, with a notice. */
    static const int theirs[][2] = {{1, 1}, {2, 2}, {0, 2}};
    record other = game_of(theirs, 3);
    assert_int_equal(gamefile_save(f.game, &other, NULL), PREFS_SAVED);
    click_square(app, 0, 1);
    steps(app, 1);
    assert_true(app_wait_for_saves(app, 10000));
    step_until(app, refused_said, "the refusal said");
    assert_int_equal(gamefile_read(f.game, &back, why, sizeof why), GAMEFILE_LOADED);
    assert_int_equal(back.move_count, 3);
    assert_int_equal(back.moves[1].row, 2);
    /* This window's game stays on its screen. */
    assert_int_equal(mark_count(app), 3);
    assert_int_equal(owner(app, 0, 0), TTT_PLAYER_O);
    stop(app);
    /* Quitting did not overwrite it either. */
    assert_int_equal(gamefile_read(f.game, &back, why, sizeof why), GAMEFILE_LOADED);
    assert_int_equal(back.move_count, 3);
    folder_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scores_and_settings_followed),
        cmocka_unit_test(test_game_followed_then_not_overwritten),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
