/*
 * test_tally.c - the desktop game's statistics (tally.c) without a window:
 * counted, streaks and undo, their text, read and written in the settings
 * file's [stats] and merged when two instances save. (From test_records.c,
 * issue 26; the game file's tests are persist/test_gamefile.c.)
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include "prefs_fixture.h"

#include "tally.h"

static void test_tally_counts_and_streaks(void **state)
{
    (void)state;
    tally t;
    memset(&t, 0, sizeof t);
    int hvc = SETTINGS_MODE_HUMAN_VS_COMPUTER, pvp = SETTINGS_MODE_TWO_PLAYERS;
    /* You win twice, draw, win three times, lose: best streak 3. */
    const int games[] = {0, 0, 2, 0, 0, 0, 1};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        tally_count(&t, hvc, 3, 3, TTT_DIFFICULTY_MEDIUM, games[i]);
    tally_entry *e = tally_find(&t, hvc, 3, 3, TTT_DIFFICULTY_MEDIUM);
    assert_non_null(e);
    assert_int_equal(e->wins[0], 5);
    assert_int_equal(e->draws, 1);
    assert_int_equal(e->wins[1], 1);
    assert_int_equal(e->streak, 0);
    assert_int_equal(e->best, 3);
    assert_int_equal(tally_games(e), 7);
    /* Another level is another entry. */
    tally_count(&t, hvc, 3, 3, TTT_DIFFICULTY_HARD, 1);
    assert_int_equal(t.count, 2);
    /* Two players: streaks by mark, O's negative. */
    tally_count(&t, pvp, 4, 3, TALLY_NO_LEVEL, 1);
    tally_count(&t, pvp, 4, 3, TALLY_NO_LEVEL, 1);
    e = tally_find(&t, pvp, 4, 3, TALLY_NO_LEVEL);
    assert_int_equal(e->streak, -2);
    assert_int_equal(e->best, 2);
    tally_count(&t, pvp, 4, 3, TALLY_NO_LEVEL, 0);
    assert_int_equal(e->streak, 1);
    /* Undo: the entry as it was before the last game. */
    tally_entry before = *e;
    tally_count(&t, pvp, 4, 3, TALLY_NO_LEVEL, 0);
    assert_int_equal(e->wins[0], 2);
    tally_restore(&t, &before, true);
    assert_memory_equal(tally_find(&t, pvp, 4, 3, TALLY_NO_LEVEL), &before, sizeof before);
    /* A game that made its entry, undone: the entry goes. */
    tally_entry none = {
        SETTINGS_MODE_COMPUTER_VS_COMPUTER, 8, 5, TTT_DIFFICULTY_EASY, {0, 0}, 0, 0, 0};
    tally_count(&t, none.mode, 8, 5, TTT_DIFFICULTY_EASY, 2);
    assert_int_equal(t.count, 4);
    tally_restore(&t, &none, false);
    assert_int_equal(t.count, 3);
    assert_null(tally_find(&t, none.mode, 8, 5, TTT_DIFFICULTY_EASY));
    /* The mode's entries, most played first. */
    const tally_entry *shown[8];
    assert_int_equal(tally_of_mode(&t, hvc, shown, 8), 2);
    assert_int_equal(shown[0]->level, TTT_DIFFICULTY_MEDIUM);
    /* Full: the least played makes room. */
    for (int size = 3; size <= 8; size++)
        for (int k = 3; k <= size; k++)
            for (int level = 0; level < SETTINGS_DIFFICULTY_COUNT; level++)
                tally_count(&t, SETTINGS_MODE_COMPUTER_VS_COMPUTER, size, k, level, 2);
    assert_int_equal(t.count, TALLY_MAX);
    assert_non_null(tally_find(&t, hvc, 3, 3, TTT_DIFFICULTY_MEDIUM));
}

static void test_tally_text(void **state)
{
    (void)state;
    tally_entry e = {
        SETTINGS_MODE_HUMAN_VS_COMPUTER, 5, 4, SETTINGS_DIFFICULTY_CUSTOM, {4, 5}, 2, 1, 3};
    char key[TALLY_KEY_MAX], value[TALLY_VALUE_MAX];
    tally_key(&e, key, sizeof key);
    tally_value(&e, value, sizeof value);
    assert_string_equal(key, "hvc.5x5.k4.custom");
    assert_string_equal(value, "4 2 5 1 3");
    tally_entry back;
    memset(&back, 0, sizeof back);
    assert_true(tally_parse_key(key, &back));
    assert_true(tally_parse_value(value, &back));
    assert_memory_equal(&back, &e, sizeof e);
    assert_true(tally_parse_key("pvp.8x8.k5", &back));
    assert_int_equal(back.level, TALLY_NO_LEVEL);
    static const char *const bad_keys[] = {
        "hvc.3x3.k3",        "pvp.3x3.k3.easy",   "xyz.3x3.k3.easy", "hvc.3x4.k3.easy",
        "hvc.9x9.k3.easy",   "hvc.4x4.k5.easy",   "hvc.3x3.k3.Easy", "hvc.3x3.k3.hard.x",
        "hvc.03x03.k3.easy", "hvc.3x3.k3.perfect"};
    for (size_t i = 0; i < sizeof bad_keys / sizeof bad_keys[0]; i++)
        if (tally_parse_key(bad_keys[i], &back)) fail_msg("accepted key %s", bad_keys[i]);
    static const char *const bad_values[] = {
        "",           "1 2 3 4",   "1 2 3 4 5 6",        "1 2 x 0 0",
        "-1 0 0 0 0", "0 0 0 4 3", "0 0 0 0 1000000001", "1 2 3 0 0z"};
    for (size_t i = 0; i < sizeof bad_values / sizeof bad_values[0]; i++)
        if (tally_parse_value(bad_values[i], &back)) fail_msg("accepted value '%s'", bad_values[i]);
}

/* [stats] in the settings file: read and written back; a bad line warned
 * about and dropped; what is no entry kept as an unknown key. */
static void test_stats_in_the_settings_file(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[stats]\nhvc.3x3.k3.medium = 4 2 5 1 3\npvp.5x5.k4 = 1 0 2 -2 2\n"
                        "hvc.4x4.k4.hard = lots\nnot.a.stat = 7\n");
    prefs p;
    assert_int_equal(prefs_load(f->path, &p, f->warn), PREFS_LOADED);
    assert_int_equal(p.tally.count, 2);
    tally_entry *e =
        tally_find(&p.tally, SETTINGS_MODE_HUMAN_VS_COMPUTER, 3, 3, TTT_DIFFICULTY_MEDIUM);
    assert_non_null(e);
    assert_int_equal(e->wins[1], 5);
    char *warn = read_all(f->warn);
    assert_int_equal(count_lines(warn), 1);
    assert_non_null(strstr(warn, "[stats] hvc.4x4.k4.hard: not five numbers"));
    assert_true(prefs_save(f->path, &p, NULL));
    char *text = read_path(f->path);
    assert_non_null(strstr(text, "[stats]\n"));
    assert_non_null(strstr(text, "hvc.3x3.k3.medium = 4 2 5 1 3\n"));
    assert_non_null(strstr(text, "pvp.5x5.k4 = 1 0 2 -2 2\n"));
    assert_non_null(strstr(text, "not.a.stat=7\n"));
    assert_null(strstr(text, "lots"));
    prefs again;
    assert_int_equal(prefs_load(f->path, &again, NULL), PREFS_LOADED);
    assert_memory_equal(&again.tally, &p.tally, sizeof p.tally);
}

/* Two instances each count games: the file gets both, streaks kept. */
static void test_stats_merge(void **state)
{
    fixture *f = *state;
    prefs base;
    prefs_defaults(&base);
    tally_count(&base.tally, SETTINGS_MODE_HUMAN_VS_COMPUTER, 3, 3, 1, 0);
    assert_true(prefs_save(f->path, &base, NULL));
    prefs a = base, b = base;
    /* A: two wins (streak 3, best 3). B: a loss (streak 0, best 1). */
    tally_count(&a.tally, SETTINGS_MODE_HUMAN_VS_COMPUTER, 3, 3, 1, 0);
    tally_count(&a.tally, SETTINGS_MODE_HUMAN_VS_COMPUTER, 3, 3, 1, 0);
    tally_count(&b.tally, SETTINGS_MODE_HUMAN_VS_COMPUTER, 3, 3, 1, 1);
    tally_count(&b.tally, SETTINGS_MODE_TWO_PLAYERS, 4, 4, TALLY_NO_LEVEL, 2);
    assert_true(prefs_save_merged(f->path, &base, &a, NULL));
    assert_true(prefs_save_merged(f->path, &base, &b, NULL));
    prefs p;
    assert_int_equal(prefs_load(f->path, &p, NULL), PREFS_LOADED);
    tally_entry *e = tally_find(&p.tally, SETTINGS_MODE_HUMAN_VS_COMPUTER, 3, 3, 1);
    assert_non_null(e);
    assert_int_equal(e->wins[0], 3);
    assert_int_equal(e->wins[1], 1);
    assert_int_equal(e->best, 3);
    assert_int_equal(e->streak, 0); /* the last to save changed it */
    assert_non_null(tally_find(&p.tally, SETTINGS_MODE_TWO_PLAYERS, 4, 4, TALLY_NO_LEVEL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tally_counts_and_streaks),
        cmocka_unit_test(test_tally_text),
        cmocka_unit_test_setup_teardown(test_stats_in_the_settings_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stats_merge, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
