/*
 * test_settings.c - the desktop game's settings model (settings.c, SDL-free):
 * the one table of keys (a bad value refused with a message and nothing
 * changed, every value written reads back the same, every option in
 * --help; a menu row copies its key), the settings written as INI lines and
 * read back, who plays which side, and the levels in order and in words
 * on every board (issue 29). (From test_args.c, issue 26.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "level.h"
#include "menu.h"
#include "settings.h"

/* The one table of settings keys: every key refuses a bad value with a
 * message quoting it and leaves the settings alone, writes a value that
 * reads back the same, and every option it names is in --help; a menu row
 * copies its key with the fields that go with it. */
static void test_settings_keys_table(void **state)
{
    (void)state;
    int count = 0;
    for (const settings_key *key; (key = settings_key_at(count)) != NULL; count++) {
        assert_ptr_equal(settings_key_named(key->name), key);
        settings s, before;
        settings_defaults(&s);
        before = s;
        char err[320] = "";
        assert_false(settings_set(&s, key->name, "bogus\x01", err, sizeof err));
        assert_memory_equal(&s, &before, sizeof s);
        if (!strstr(err, "bogus\x01"))
            fail_msg("key %s: message '%s' lacks the value", key->name, err);
        char buf[64];
        const char *text = settings_key_write(key, &s, buf, sizeof buf);
        settings back = s;
        assert_true(settings_key_read(key, &back, text, err, sizeof err));
        assert_memory_equal(&back, &s, sizeof s);
        if (key->flag) {
            assert_ptr_equal(settings_key_for_flag(key->flag), key);
            assert_non_null(key->help);
            assert_non_null(key->placeholder);
        }
    }
    assert_int_equal(count, 15);
    assert_null(settings_key_named("volume"));
    assert_null(settings_key_for_flag("--volume"));

    settings src, dst;
    settings_defaults(&src);
    settings_defaults(&dst);
    assert_true(settings_set(&src, "side", "random", NULL, 0));
    assert_true(settings_set(&src, "difficulty", "0.42", NULL, 0));
    assert_true(settings_set(&src, "size", "6", NULL, 0));
    menu_copy_row(&dst, &src, MENU_ROW_SIDE);
    assert_true(dst.side_random);
    menu_copy_row(&dst, &src, MENU_ROW_MISTAKES);
    assert_int_equal(dst.difficulty, SETTINGS_DIFFICULTY_CUSTOM);
    assert_true(dst.mistake_probability > 0.419 && dst.mistake_probability < 0.421);
    menu_copy_row(&dst, &src, MENU_ROW_K);
    assert_int_equal(dst.board_size, 6);
    assert_int_equal(dst.k, src.k);
    assert_int_equal(dst.theme, 0); /* rows not copied stay */
}

static void test_settings_round_trip(void **state)
{
    (void)state;
    settings a;
    settings_defaults(&a);
    assert_true(settings_set(&a, "mode", "pvp", NULL, 0));
    assert_true(settings_set(&a, "difficulty", "0.3", NULL, 0));
    assert_true(settings_set(&a, "size", "6", NULL, 0));
    assert_true(settings_set(&a, "k", "5", NULL, 0));
    assert_true(settings_set(&a, "overlay", "on", NULL, 0));
    assert_true(settings_set(&a, "side", "o", NULL, 0));
    assert_true(a.sound);            /* on by default */
    assert_true(a.think_on_my_time); /* on by default */
    assert_true(settings_set(&a, "think_on_my_time", "off", NULL, 0));
    assert_false(a.think_on_my_time);
    assert_false(settings_set(&a, "think_on_my_time", "maybe", NULL, 0));
    assert_false(a.think_on_my_time);
    assert_true(settings_set(&a, "sound", "off", NULL, 0));
    assert_false(settings_set(&a, "sound", "loud", NULL, 0));
    assert_false(a.sound); /* a bad value changes nothing */
    assert_false(settings_set(&a, "colour", "red", NULL, 0));
    /* Write as INI lines, read back line by line through settings_set. */
    FILE *f = tmpfile();
    settings_write(&a, f);
    rewind(f);
    settings b;
    settings_defaults(&b);
    char line[128];
    while (fgets(line, sizeof line, f)) {
        char key[64], value[64];
        assert_int_equal(sscanf(line, "%63s = %63s", key, value), 2);
        assert_true(settings_set(&b, key, value, NULL, 0));
    }
    fclose(f);
    assert_int_equal(b.mode, a.mode);
    assert_int_equal(b.difficulty, a.difficulty);
    assert_true(b.mistake_probability > 0.29 && b.mistake_probability < 0.31);
    assert_int_equal(b.board_size, 6);
    assert_int_equal(b.k, 5);
    assert_true(b.show_overlay);
    assert_false(b.sound);
    assert_int_equal(b.human_side, TTT_PLAYER_O);
}

static void test_who_plays(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    assert_false(settings_computer_plays(&s, TTT_PLAYER_X));
    assert_true(settings_computer_plays(&s, TTT_PLAYER_O));
    s.human_side = TTT_PLAYER_O;
    assert_true(settings_computer_plays(&s, TTT_PLAYER_X));
    s.mode = SETTINGS_MODE_TWO_PLAYERS;
    assert_false(settings_computer_plays(&s, TTT_PLAYER_X));
    assert_false(settings_computer_plays(&s, TTT_PLAYER_O));
    s.mode = SETTINGS_MODE_COMPUTER_VS_COMPUTER;
    assert_true(settings_computer_plays(&s, TTT_PLAYER_X));
    assert_true(settings_computer_plays(&s, TTT_PLAYER_O));
    assert_false(settings_computer_plays(&s, TTT_PLAYER_NONE));
}

/* Issue 29: the mistakes slider shows the levels in their order on every
 * board (on 7x7 it read Easy 50%, Medium 60%, Hard 70%), and the words say
 * what the level does there. */
static void test_levels_read_right(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    for (int size = 3; size <= 8; size++) {
        s.board_size = size;
        s.k = size < 5 ? 3 : 5;
        double prev = 2.0;
        char prev_words[LEVEL_TEXT_MAX] = "";
        for (int d = TTT_DIFFICULTY_EASY; d <= TTT_DIFFICULTY_UNBEATABLE; d++) {
            s.difficulty = d;
            double v = settings_effective_mistake_probability(&s);
            assert_true(v < prev);
            prev = v;
            char words[LEVEL_TEXT_MAX];
            settings_level_description(&s, words, sizeof words);
            assert_string_not_equal(words, prev_words);
            memcpy(prev_words, words, sizeof words);
        }
    }
    s.board_size = 7;
    s.k = 5;
    s.difficulty = TTT_DIFFICULTY_HARD;
    char words[LEVEL_TEXT_MAX];
    settings_level_description(&s, words, sizeof words);
    assert_string_equal(words, "sees every win and loss 7 moves ahead");
    s.difficulty = SETTINGS_DIFFICULTY_CUSTOM;
    s.mistake_probability = 0.3;
    assert_true(settings_effective_mistake_probability(&s) == 0.3);
    settings_level_description(&s, words, sizeof words);
    assert_string_equal(words, "skips 30% of the moves it should weigh");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_settings_round_trip),
        cmocka_unit_test(test_settings_keys_table),
        cmocka_unit_test(test_who_plays),
        cmocka_unit_test(test_levels_read_right),
    };
    return cmocka_run_group_tests_name("desktop_settings", tests, NULL, NULL);
}
