/*
 * test_gamefile.c - the game file (gamefile.c) without a window: named
 * after the settings file, saved whole and read back, a malformed one
 * refused with its line; records exported under new names and never over
 * an old one. (From test_records.c, issue 26; the statistics' tests are
 * logic/test_tally.c.)
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include "prefs_fixture.h"

#include "gamefile.h"

static void test_game_file_name(void **state)
{
    (void)state;
    char *p = gamefile_path("/home/me/.local/share/ttt/tictactoe/settings.ini");
    assert_string_equal(p, "/home/me/.local/share/ttt/tictactoe/settings.ttt");
    free(p);
    p = gamefile_path("conf.d/my.settings");
    assert_string_equal(p, "conf.d/my.settings.ttt");
    free(p);
    p = gamefile_path("a.ini/b");
    assert_string_equal(p, "a.ini/b.ttt");
    free(p);
    p = gamefile_records_dir("/x/y/settings.ini");
    assert_string_equal(p, "/x/y/games/");
    free(p);
    p = gamefile_records_dir("settings.ini");
    assert_string_equal(p, "games/");
    free(p);
}

static void test_game_file_round_trip(void **state)
{
    fixture *f = *state;
    char path[600];
    snprintf(path, sizeof path, "%s/settings.ttt", f->dir);
    record r, back;
    record_init(&r);
    r.size = 5;
    r.k = 4;
    r.mode = RECORD_MODE_HUMAN_VS_COMPUTER;
    r.human = TTT_PLAYER_O;
    r.moves[r.move_count++] = (ttt_pos){2, 2};
    r.moves[r.move_count++] = (ttt_pos){1, 3};
    char why[300];
    assert_int_equal(gamefile_read(path, &back, why, sizeof why), GAMEFILE_MISSING);
    assert_int_equal(gamefile_save(path, &r, f->warn), PREFS_SAVED);
    assert_no_temp_file(f->dir);
    assert_int_equal(gamefile_read(path, &back, why, sizeof why), GAMEFILE_LOADED);
    assert_memory_equal(&back, &r, sizeof r);
    /* The text is the record format, as ttt reads it. */
    char *text = read_path(path);
    assert_non_null(strstr(text, "ttt-game 1\nsize 5\nk 4\nfirst x\nmode human-vs-computer\n"
                                 "human o\nresult unfinished\nmoves\n3 3\n2 4\n"));
    /* A malformed file: refused with its line, the record left alone. */
    write_file(path, "ttt-game 1\nsize 3\nmoves\n2 2\n2 2\n");
    record untouched = back;
    assert_int_equal(gamefile_read(path, &back, why, sizeof why), GAMEFILE_INVALID);
    assert_string_equal(why, "line 5: move 2: row 2, column 2 is already taken by X");
    assert_memory_equal(&back, &untouched, sizeof back);
    /* Not a regular file. */
    assert_int_equal(gamefile_read(f->dir, &back, why, sizeof why), GAMEFILE_UNREADABLE);
    /* A save where it cannot go: one warning, nothing left behind. */
    char bad[700];
    snprintf(bad, sizeof bad, "%s/settings.ttt/inside.ttt", f->dir);
    assert_int_not_equal(gamefile_save(bad, &r, f->warn), PREFS_SAVED);
    char *warn = read_all(f->warn);
    assert_int_equal(count_lines(warn), 1);
    assert_non_null(strstr(warn, "the game in progress is not saved"));
}

static void test_exports(void **state)
{
    fixture *f = *state;
    char dir[600], written[1024], first[1024];
    snprintf(dir, sizeof dir, "%s/games/", f->dir);
    record r;
    record_init(&r);
    r.moves[r.move_count++] = (ttt_pos){1, 1};
    assert_true(gamefile_export(dir, "2026-11-24-103000", &r, written, sizeof written));
    snprintf(first, sizeof first, "%s2026-11-24-103000.ttt", dir);
    assert_string_equal(written, first);
    /* The same second again: a new name, the first file as it was. */
    assert_true(gamefile_export(dir, "2026-11-24-103000", &r, written, sizeof written));
    snprintf(first, sizeof first, "%s2026-11-24-103000-2.ttt", dir);
    assert_string_equal(written, first);
    record back;
    char why[300];
    assert_int_equal(gamefile_read(written, &back, why, sizeof why), GAMEFILE_LOADED);
    assert_int_equal(back.move_count, 1);
    /* A folder that cannot be made: false, with the reason. */
    char bad[700];
    snprintf(bad, sizeof bad, "%s/games/2026-11-24-103000.ttt/sub/", f->dir);
    assert_false(gamefile_export(bad, "x", &r, written, sizeof written));
    assert_non_null(strstr(written, "cannot make the folder"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_file_name),
        cmocka_unit_test_setup_teardown(test_game_file_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_exports, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
