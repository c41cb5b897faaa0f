/*
 * test_speech_out.c - what the desktop game says aloud (speech_out.h,
 * announce.h), read back from --speech-log: a two-player game on 3x3
 * played with the keyboard only (the cursor's squares as it moves, both
 * players' moves, a refused key, the turn and the result), in English and
 * in French; and nothing at all with speech off. And the panels (issue
 * 28): the settings and the game menu as the keyboard moves in them, in
 * both languages.
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
#include "i18n.h"

#ifndef TTT_TEST_SPEECH_DIR
#error "TTT_TEST_SPEECH_DIR must name a directory for the speech logs"
#endif

/* Room for the whole log of one game. */
#define LOG_MAX 8192

typedef struct speech_run {
    const char *language;
    settings_speak speak;
    const char *path;
} speech_run;

static void use_log(app_config *cfg, void *user)
{
    const speech_run *run = user;
    cfg->args.speech_log = run->path;
}

static void key(app_state *app, SDL_Keycode k)
{
    press_key(app, k);
    steps(app, 2);
}

/* The game: the cursor shown and moved with the arrows, Enter places.
 * X centre, O top left, X top right, O's Enter on X's square (refused),
 * O bottom right... X bottom left wins the diagonal. */
static void play(speech_run *run, char *log, size_t cap)
{
    remove(run->path);
    settings s = two_players(3);
    s.speak = run->speak;
    assert_true(settings_set(&s, "language", run->language, NULL, 0));
    app_state *app = start_with(&s, use_log, run);
    steps(app, 2);
    key(app, SDLK_RETURN); /* shows the cursor, in the centre */
    key(app, SDLK_RETURN); /* X: row 2, column 2 */
    key(app, SDLK_UP);
    key(app, SDLK_LEFT);
    key(app, SDLK_RETURN); /* O: row 1, column 1 */
    key(app, SDLK_RIGHT);
    key(app, SDLK_RIGHT);
    key(app, SDLK_RETURN); /* X: row 1, column 3 */
    key(app, SDLK_DOWN);
    key(app, SDLK_LEFT);
    key(app, SDLK_RETURN); /* refused: X is on row 2, column 2 */
    key(app, SDLK_DOWN);
    key(app, SDLK_RIGHT);
    key(app, SDLK_RETURN); /* O: row 3, column 3 */
    key(app, SDLK_LEFT);
    key(app, SDLK_LEFT);
    key(app, SDLK_RETURN); /* X: row 3, column 1: X wins */
    steps(app, SETTLE_FRAMES);
    assert_int_equal(app->view.game.game_over, true);
    stop(app); /* hands over what waits, then closes the log */
    FILE *f = fopen(run->path, "r");
    log[0] = '\0';
    if (!f) return;
    size_t n = fread(log, 1, cap - 1, f);
    log[n] = '\0';
    fclose(f);
}

/* Read the log at @p path into @p log. */
static void read_log(const char *path, char *log, size_t cap)
{
    FILE *f = fopen(path, "r");
    log[0] = '\0';
    if (!f) return;
    size_t n = fread(log, 1, cap - 1, f);
    log[n] = '\0';
    fclose(f);
}

/* Issue 28: the panels aloud. The settings (Esc): their name, the focused
 * row with its value, the next row as Down moves to it, the new value as
 * Right changes it; the game menu (F10): its name, its first entry, the
 * next. */
static void panels(speech_run *run, char *log, size_t cap)
{
    remove(run->path);
    settings s = two_players(3);
    s.speak = run->speak;
    assert_true(settings_set(&s, "language", run->language, NULL, 0));
    app_state *app = start_with(&s, use_log, run);
    steps(app, 2);
    key(app, SDLK_ESCAPE); /* the settings, on Mode */
    key(app, SDLK_DOWN);   /* the next row that applies between two players */
    key(app, SDLK_RIGHT);  /* its next value */
    key(app, SDLK_ESCAPE);
    key(app, SDLK_F10); /* the game menu */
    key(app, SDLK_DOWN);
    key(app, SDLK_ESCAPE);
    steps(app, SETTLE_FRAMES);
    stop(app);
    read_log(run->path, log, cap);
}

static void test_panels_english(void **state)
{
    (void)state;
    speech_run run = {"en", SETTINGS_SPEAK_ON, TTT_TEST_SPEECH_DIR "/speech-panels-en.txt"};
    char log[LOG_MAX];
    panels(&run, log, sizeof log);
    assert_string_equal(log, "X to move\n"
                             "Settings\n"
                             "Mode: 2 Players\n"
                             "Who starts the first game: X\n"
                             "O to move\n"
                             "Who starts the first game: O\n"
                             "Menu\n"
                             "Statistics, S\n"
                             "Puzzles\n");
}

static void test_panels_french(void **state)
{
    (void)state;
    speech_run run = {"fr", SETTINGS_SPEAK_ON, TTT_TEST_SPEECH_DIR "/speech-panels-fr.txt"};
    char log[LOG_MAX];
    panels(&run, log, sizeof log);
    /* French puts a no-break space before the colon (U+00A0). */
    assert_string_equal(log, "Au tour de X\n"
                             "Paramètres\n"
                             "Mode\xC2\xA0: 2 joueurs\n"
                             "Qui commence la première partie\xC2\xA0: X\n"
                             "Au tour de O\n"
                             "Qui commence la première partie\xC2\xA0: O\n"
                             "Menu\n"
                             "Statistiques, S\n"
                             "Problèmes\n");
}

#ifndef _WIN32
/* Tries of a key, each a few frames and a short rest, before the screen
 * reader's switch counts as never followed (a hang guard, not a
 * deadline: each try waits for the speech thread to look again). */
#define READER_TRIES 600
#define READER_REST_MS 50

/* Issue 28: with speech on auto, the screen reader's switch is followed
 * while the game runs. A stand-in gsettings first answers false (the
 * status said at start is not logged), then true: the cursor's squares
 * said after that are. */
static void test_screen_reader_followed(void **state)
{
    (void)state;
    const char *bin = TTT_TEST_SPEECH_DIR "/fake-gsettings";
    const char *count = TTT_TEST_SPEECH_DIR "/fake-gsettings/count";
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s' && rm -f '%s'", bin, count);
    assert_int_equal(system(cmd), 0);
    FILE *f = fopen(TTT_TEST_SPEECH_DIR "/fake-gsettings/gsettings", "w");
    assert_non_null(f);
    fprintf(f,
            "#!/bin/sh\n"
            "n=$(cat '%s' 2>/dev/null || echo 0)\n"
            "echo $((n + 1)) > '%s'\n"
            "if [ \"$n\" -eq 0 ]; then echo false; else echo true; fi\n",
            count, count);
    fclose(f);
    snprintf(cmd, sizeof cmd, "chmod +x '%s/gsettings'", bin);
    assert_int_equal(system(cmd), 0);
    const char *old_path = getenv("PATH");
    char *saved = old_path ? strdup(old_path) : NULL;
    char path[4096];
    snprintf(path, sizeof path, "%s:%s", bin, old_path ? old_path : "/usr/bin:/bin");
    assert_int_equal(setenv("PATH", path, 1), 0);

    speech_run run = {"en", SETTINGS_SPEAK_AUTO, TTT_TEST_SPEECH_DIR "/speech-auto.txt"};
    remove(run.path);
    settings s = two_players(3);
    s.speak = run.speak;
    app_state *app = start_with(&s, use_log, &run);
    steps(app, 2); /* "X to move": the first look, false */
    char log[LOG_MAX] = "";
    for (int i = 0; i < READER_TRIES && !log[0]; i++) {
        key(app, i % 2 ? SDLK_LEFT : SDLK_RIGHT);
        SDL_Delay(READER_REST_MS);
        read_log(run.path, log, sizeof log);
    }
    stop(app);
    if (saved) setenv("PATH", saved, 1);
    free(saved);
    read_log(run.path, log, sizeof log);
    /* Squares only: the status went by while the reader was off. */
    assert_true(strncmp(log, "row ", 4) == 0);
    assert_null(strstr(log, "to move"));
}
#endif

static void test_english(void **state)
{
    (void)state;
    speech_run run = {"en", SETTINGS_SPEAK_ON, TTT_TEST_SPEECH_DIR "/speech-en.txt"};
    char log[LOG_MAX];
    play(&run, log, sizeof log);
    assert_string_equal(log, "X to move\n"
                             "row 2, column 2, empty\n"
                             "X: row 2, column 2 O to move\n"
                             "row 1, column 2, empty\n"
                             "row 1, column 1, empty\n"
                             "O: row 1, column 1 X to move\n"
                             "row 1, column 2, empty\n"
                             "row 1, column 3, empty\n"
                             "X: row 1, column 3 O to move\n"
                             "row 2, column 3, empty\n"
                             "row 2, column 2, X\n"
                             "You cannot play there now.\n"
                             "row 3, column 2, empty\n"
                             "row 3, column 3, empty\n"
                             "O: row 3, column 3 X to move\n"
                             "row 3, column 2, empty\n"
                             "row 3, column 1, empty\n"
                             "X: row 3, column 1 X wins!\n");
}

static void test_french(void **state)
{
    (void)state;
    speech_run run = {"fr", SETTINGS_SPEAK_ON, TTT_TEST_SPEECH_DIR "/speech-fr.txt"};
    char log[LOG_MAX];
    play(&run, log, sizeof log);
    assert_string_equal(log, "Au tour de X\n"
                             "ligne 2, colonne 2, vide\n"
                             "X : ligne 2, colonne 2 Au tour de O\n"
                             "ligne 1, colonne 2, vide\n"
                             "ligne 1, colonne 1, vide\n"
                             "O : ligne 1, colonne 1 Au tour de X\n"
                             "ligne 1, colonne 2, vide\n"
                             "ligne 1, colonne 3, vide\n"
                             "X : ligne 1, colonne 3 Au tour de O\n"
                             "ligne 2, colonne 3, vide\n"
                             "ligne 2, colonne 2, X\n"
                             "Vous ne pouvez pas jouer là maintenant.\n"
                             "ligne 3, colonne 2, vide\n"
                             "ligne 3, colonne 3, vide\n"
                             "O : ligne 3, colonne 3 Au tour de X\n"
                             "ligne 3, colonne 2, vide\n"
                             "ligne 3, colonne 1, vide\n"
                             "X : ligne 3, colonne 1 X gagne !\n");
}

static void test_off(void **state)
{
    (void)state;
    speech_run run = {"en", SETTINGS_SPEAK_OFF, TTT_TEST_SPEECH_DIR "/speech-off.txt"};
    char log[LOG_MAX];
    play(&run, log, sizeof log);
    assert_string_equal(log, "");
}

int main(void)
{
    /* The build tree's catalogues, as the installed game finds its own. */
    SDL_setenv("TTT_LOCALEDIR", TTT_TEST_LOCALEDIR, 1);
    if (!i18n_init("tictactoe", NULL, I18N_CHARSET_UTF8)) return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_english),
        cmocka_unit_test(test_french),
        cmocka_unit_test(test_off),
        cmocka_unit_test(test_panels_english),
        cmocka_unit_test(test_panels_french),
#ifndef _WIN32
        cmocka_unit_test(test_screen_reader_followed),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
