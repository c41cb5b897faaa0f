/*
 * test_language.c - the desktop game's Language setting without SDL: the
 * settings key ("auto" or a language code) read, refused, written and read
 * back; the choice of language from the setting and the system's preferred
 * locales; and the table of languages against po/tictactoe/LINGUAS, the
 * catalogues the build actually has.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "language.h"
#include "settings.h"

#ifndef TTT_TEST_LINGUAS
#error "TTT_TEST_LINGUAS must name po/tictactoe/LINGUAS"
#endif

static void test_default_is_auto(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    assert_int_equal(s.language, LANGUAGE_AUTO);
    assert_string_equal(language_key(s.language), "auto");
    assert_true(settings_is_key("language"));
}

static void test_key_accepts_codes_and_locale_names(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *code;
    } cases[] = {
        {"auto", "auto"},   {"en", "en"},         {"de", "de"},     {"DE", "de"},
        {"fr", "fr"},       {"es", "es"},         {"de_DE", "de"},  {"fr-CA", "fr"},
        {"es.UTF-8", "es"}, {"de_AT@euro", "de"}, {"AUTO", "auto"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        settings s;
        settings_defaults(&s);
        char err[128] = "";
        if (!settings_set(&s, "language", cases[i].text, err, sizeof err))
            fail_msg("language '%s' refused: %s", cases[i].text, err);
        assert_string_equal(language_key(s.language), cases[i].code);
    }
}

static void test_key_refuses_other_languages(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", "pt", "xx", "deutsch", "_de", "english", "verylonglanguage_DE"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        settings s;
        settings_defaults(&s);
        s.language = language_from_key("fr");
        char err[128] = "";
        if (settings_set(&s, "language", bad[i], err, sizeof err))
            fail_msg("language '%s' accepted", bad[i]);
        assert_non_null(strstr(err, "bad language"));
        assert_string_equal(language_key(s.language), "fr"); /* unchanged */
    }
    assert_int_equal(language_from_key(NULL), -1);
}

/* Every value survives settings_write() and settings_set() of what it wrote. */
static void test_round_trip(void **state)
{
    (void)state;
    for (int v = 0; v < LANGUAGE_SETTING_COUNT; v++) {
        settings s;
        settings_defaults(&s);
        s.language = v;
        FILE *f = tmpfile();
        assert_non_null(f);
        settings_write(&s, f);
        rewind(f);
        char line[256];
        int found = 0;
        while (fgets(line, sizeof line, f)) {
            char value[64];
            if (sscanf(line, "language = %63s", value) == 1) {
                settings back;
                settings_defaults(&back);
                back.language = (v + 1) % LANGUAGE_SETTING_COUNT;
                assert_true(settings_set(&back, "language", value, NULL, 0));
                assert_int_equal(back.language, v);
                found++;
            }
        }
        fclose(f);
        assert_int_equal(found, 1);
    }
}

static void test_choose(void **state)
{
    (void)state;
    int de = language_from_key("de"), fr = language_from_key("fr"), en = language_from_key("en");
    /* A language chosen in the settings wins over the system's. */
    const char *french_first[] = {"fr", "de"};
    assert_int_equal(language_choose(de, french_first, 2), de);
    /* auto: the first preferred locale the game has, in order. */
    assert_int_equal(language_choose(LANGUAGE_AUTO, french_first, 2), fr);
    const char *portuguese_then_german[] = {"pt", "de_CH"};
    assert_int_equal(language_choose(LANGUAGE_AUTO, portuguese_then_german, 2), de);
    /* Nothing the game has, no preference, or C: English. */
    const char *none[] = {"pt", "ja", "C"};
    assert_int_equal(language_choose(LANGUAGE_AUTO, none, 3), en);
    assert_int_equal(language_choose(LANGUAGE_AUTO, NULL, 0), en);
    /* Out-of-range values are treated as auto, never returned. */
    assert_int_equal(language_choose(-3, french_first, 2), fr);
    assert_int_equal(language_choose(LANGUAGE_SETTING_COUNT, NULL, 0), en);
}

/* The table is English plus LINGUAS, so the menu offers exactly the
 * languages that have a catalogue. */
static void test_table_matches_linguas(void **state)
{
    (void)state;
    FILE *f = fopen(TTT_TEST_LINGUAS, "r");
    assert_non_null(f);
    char line[512];
    int expected = 2; /* after auto and English */
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, " \t\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#') continue;
        if (expected >= LANGUAGE_SETTING_COUNT)
            fail_msg("LINGUAS has '%s', the table does not", line);
        assert_string_equal(language_key(expected), line);
        assert_true(language_native_name(expected)[0] != '\0');
        expected++;
    }
    fclose(f);
    assert_int_equal(expected, LANGUAGE_SETTING_COUNT);
    assert_string_equal(language_key(1), "en");
    assert_string_equal(language_native_name(LANGUAGE_AUTO), "");
    assert_string_equal(language_key(-1), "auto");
    assert_string_equal(language_native_name(LANGUAGE_SETTING_COUNT), "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_is_auto),
        cmocka_unit_test(test_key_accepts_codes_and_locale_names),
        cmocka_unit_test(test_key_refuses_other_languages),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_choose),
        cmocka_unit_test(test_table_matches_linguas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
