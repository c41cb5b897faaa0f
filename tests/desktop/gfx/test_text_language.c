/*
 * test_text_language.c - the desktop game's texts follow its language: a
 * click on the Language row redraws every text at once and lays the menu
 * out for the new labels, plurals follow their number, and key names have
 * a context of their own. The real app under SDL's dummy video driver with
 * the software renderer and the build tree's catalogues (every label's fit
 * in every language: test_text.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <SDL.h>

#include "app_driver.h"
#include "i18n.h"
#include "language.h"

#ifndef TTT_TEST_LOCALEDIR
#error "TTT_TEST_LOCALEDIR must name the build tree's catalogues"
#endif

/* Texts noted per frame: a screen draws about 100. */
#define SEEN_MAX 400
#define TEXT_CAP 256

/* The build tree's catalogues, as the installed game finds its own (the
 * variable, not i18n_init()'s directory, which is the program's). */
static void use_build_catalogues(void)
{
    SDL_setenv("TTT_LOCALEDIR", TTT_TEST_LOCALEDIR, 1);
    assert_true(i18n_init("tictactoe", NULL, I18N_CHARSET_UTF8));
}

/* The texts drawn since the count was last reset. */
typedef struct seen_run {
    char seen[SEEN_MAX][TEXT_CAP];
    int count;
} seen_run;

static void observe(void *user, const text_drawn *d)
{
    seen_run *run = user;
    if (run->count < SEEN_MAX) snprintf(run->seen[run->count++], TEXT_CAP, "%s", d->str);
}

/* Did the last frame draw @p str? */
static bool drew(const seen_run *run, const char *str)
{
    for (int i = 0; i < run->count; i++)
        if (strcmp(run->seen[i], str) == 0) return true;
    return false;
}

/* The Language row: a click changes every text at once (the cached layers
 * are redrawn, the menu laid out for its new labels) and the choice is
 * saved; "System" goes back to the system's language (English under
 * LC_ALL=C). */
static void test_language_switches_at_once(void **state)
{
    (void)state;
    use_build_catalogues();
    seen_run *run = calloc(1, sizeof *run);
    assert_non_null(run);
    settings s = settings_in("en", 3);
    app_state *app = start_sized(&s, LAYOUT_MIN_WIDTH, LAYOUT_MIN_HEIGHT);
    text_set_observer(app->text, observe, run);
    press_key(app, SDLK_ESCAPE);
    steps(app, SETTLE_FRAMES);
    run->count = 0;
    steps(app, 1);
    int french = language_from_key("fr");
    click_rect(app, app->settings_screen.layout.rows[MENU_ROW_LANGUAGE].options[french]);
    run->count = 0;
    steps(app, 2);
    assert_int_equal(app->settings.language, french);
    assert_int_equal(app->language, french);
    /* Drawn in French straight away: the status line behind the menu (a
     * cached layer; the scores are not drawn behind it), the menu's title
     * and rows. */
    assert_true(drew(run, "\xC3\x80 vous \xE2\x80\x94 vous jouez les X"));
    assert_false(drew(run, "Nuls"));
    assert_true(drew(run, "Paramètres"));
    assert_true(drew(run, "Langue"));
    assert_false(drew(run, "Draws"));
    /* What the settings file gets, as a choice made in the menu. */
    assert_int_equal(app->prefs.settings.language, french);
    /* The menu is laid out for the French labels. */
    int counts[MENU_ROW_COUNT], chars[MENU_ROW_COUNT];
    menu_option_counts(counts);
    menu_option_chars(chars);
    layout_menu expected;
    layout_menu_compute(&expected, app->out_w, app->out_h, MENU_ROW_COUNT, counts, chars);
    assert_int_equal(expected.font_option_px, app->settings_screen.layout.font_option_px);

    click_rect(app, app->settings_screen.layout.rows[MENU_ROW_LANGUAGE].options[LANGUAGE_AUTO]);
    run->count = 0;
    steps(app, 2);
    assert_int_equal(app->settings.language, LANGUAGE_AUTO);
    assert_int_equal(app->language, language_from_key("en"));
    assert_true(drew(run, "Your move \xE2\x80\x94 you are X"));
    assert_false(drew(run, "Draws"));
    assert_true(drew(run, "Settings"));
    text_set_observer(app->text, NULL, NULL);
    stop(app);
    free(run);
}

/* A plural follows its number in every language: the review's line reads
 * "1 analysé sur 64" in French, not "1 analysés" (issue 28). */
static void test_plurals_follow_the_count(void **state)
{
    (void)state;
    use_build_catalogues();
    i18n_set_language("fr");
    char one[VIEW_STATUS_MAX], many[VIEW_STATUS_MAX];
    snprintf(one, sizeof one,
             P_("Move %d of %d \xC2\xB7 analysed %d of %d",
                "Move %d of %d \xC2\xB7 analysed %d of %d", 1),
             3, 64, 1, 64);
    snprintf(many, sizeof many,
             P_("Move %d of %d \xC2\xB7 analysed %d of %d",
                "Move %d of %d \xC2\xB7 analysed %d of %d", 7),
             3, 64, 7, 64);
    assert_non_null(strstr(one, "1 analys\xC3\xA9 sur 64"));
    assert_non_null(strstr(many, "7 analys\xC3\xA9s sur 64"));
    i18n_set_language("en");
}

/* Key names have their own context: in Spanish the help's H is "H", though
 * the --height option's value H is "ALTO" (issue 28); a key a translator
 * names is still translated ("Esc" is "Échap" in French). */
static void test_key_names_have_their_own_context(void **state)
{
    (void)state;
    use_build_catalogues();
    i18n_set_language("es");
    assert_string_not_equal(_("H"), "H"); /* the catalogue is loaded */
    assert_string_equal(C_("key", "H"), "H");
    i18n_set_language("fr");
    assert_string_equal(C_("key", "Esc"), "\xC3\x89"
                                          "chap");
    i18n_set_language("en");
    assert_string_equal(C_("key", "Esc"), "Esc");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plurals_follow_the_count),
        cmocka_unit_test(test_key_names_have_their_own_context),
        cmocka_unit_test(test_language_switches_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
