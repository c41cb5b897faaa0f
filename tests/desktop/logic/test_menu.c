/*
 * test_menu.c - the settings menu's rules (menu.c, SDL-free): rows and
 * options, what each control changes and what it leaves alone, and every
 * row and option labelled. (From test_args.c, issue 26.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "menu.h"
#include "settings.h"

static void test_menu_rules(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    menu_state m;
    menu_init(&m);
    /* Choosing a new mode or difficulty invalidates the AI; re-choosing does nothing. */
    assert_int_equal(menu_choose(&s, MENU_ROW_MODE, SETTINGS_MODE_TWO_PLAYERS), MENU_CHANGE_AI);
    assert_int_equal(menu_choose(&s, MENU_ROW_MODE, SETTINGS_MODE_TWO_PLAYERS), MENU_CHANGE_NONE);
    /* Between two players the computer's settings do not apply: shown
     * disabled, refused, and passed over by the keyboard. */
    assert_false(menu_row_enabled(&s, MENU_ROW_DIFFICULTY));
    assert_false(menu_row_enabled(&s, MENU_ROW_SIDE));
    assert_false(menu_row_enabled(&s, MENU_ROW_SPEED));
    assert_true(menu_row_enabled(&s, MENU_ROW_FIRST));
    assert_true(menu_row_enabled(&s, MENU_ROW_SOUND)); /* in every mode */
    assert_int_equal(menu_choose(&s, MENU_ROW_DIFFICULTY, TTT_DIFFICULTY_EASY), MENU_CHANGE_NONE);
    assert_int_equal(menu_set_slider(&s, 0.5), MENU_CHANGE_NONE);
    assert_false(menu_option_enabled(&s, MENU_ROW_SIDE, 0));
    m.focus = MENU_ROW_MODE;
    menu_key_press(&m, &s, MENU_KEY_DOWN);
    assert_int_equal(m.focus, MENU_ROW_FIRST);
    menu_key_press(&m, &s, MENU_KEY_UP);
    assert_int_equal(m.focus, MENU_ROW_MODE);
    /* Watching: the speed applies, your side and the think delay do not. */
    menu_choose(&s, MENU_ROW_MODE, SETTINGS_MODE_COMPUTER_VS_COMPUTER);
    assert_true(menu_row_enabled(&s, MENU_ROW_SPEED));
    assert_true(menu_row_enabled(&s, MENU_ROW_DIFFICULTY));
    assert_false(menu_row_enabled(&s, MENU_ROW_SIDE));
    assert_false(menu_row_enabled(&s, MENU_ROW_THINK_DELAY));
    menu_choose(&s, MENU_ROW_MODE, SETTINGS_MODE_HUMAN_VS_COMPUTER);
    assert_false(menu_row_enabled(&s, MENU_ROW_SPEED));
    assert_true(menu_row_enabled(&s, MENU_ROW_SIDE));
    /* Custom comes back at the player's own value after a preset. */
    assert_int_equal(menu_set_slider(&s, 0.75), MENU_CHANGE_AI);
    assert_int_equal(menu_choose(&s, MENU_ROW_DIFFICULTY, TTT_DIFFICULTY_EASY), MENU_CHANGE_AI);
    assert_true(settings_effective_mistake_probability(&s) != 0.75);
    assert_int_equal(menu_choose(&s, MENU_ROW_DIFFICULTY, SETTINGS_DIFFICULTY_CUSTOM),
                     MENU_CHANGE_AI);
    assert_true(s.mistake_probability == 0.75);
    assert_true(settings_effective_mistake_probability(&s) == 0.75);
    assert_int_equal(menu_choose(&s, MENU_ROW_DIFFICULTY, TTT_DIFFICULTY_EASY), MENU_CHANGE_AI);
    assert_int_equal(menu_choose(&s, MENU_ROW_FIRST, 1), MENU_CHANGE_FIRST);
    assert_int_equal(s.first_player, TTT_PLAYER_O);
    assert_int_equal(menu_choose(&s, MENU_ROW_OVERLAY, 1), MENU_CHANGE_DISPLAY);
    assert_int_equal(menu_selected_option(&s, MENU_ROW_SOUND), 1);
    assert_int_equal(menu_choose(&s, MENU_ROW_SOUND, 0), MENU_CHANGE_SOUND);
    assert_false(s.sound);
    assert_int_equal(menu_choose(&s, MENU_ROW_SOUND, 0), MENU_CHANGE_NONE);
    assert_string_equal(menu_option_label(MENU_ROW_SOUND, 0), "Off");
    assert_true(s.show_overlay);
    assert_int_equal(menu_choose(&s, MENU_ROW_SIDE, 7), MENU_CHANGE_NONE);
    /* The slider makes the difficulty custom, in whole percent. */
    menu_choose(&s, MENU_ROW_DIFFICULTY, TTT_DIFFICULTY_HARD);
    assert_int_equal(menu_set_slider(&s, 0.123), MENU_CHANGE_AI);
    assert_int_equal(s.difficulty, SETTINGS_DIFFICULTY_CUSTOM);
    assert_true(s.mistake_probability > 0.119 && s.mistake_probability < 0.121);
    assert_int_equal(menu_set_slider(&s, 0.12), MENU_CHANGE_NONE);
    /* Keyboard: focus moves, wraps to Done, Enter on Done closes. */
    m.focus = MENU_ROW_SIDE;
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_RIGHT), MENU_CHANGE_AI | MENU_CHANGE_SIDE);
    assert_int_equal(s.human_side, TTT_PLAYER_O);
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_RIGHT), MENU_CHANGE_AI | MENU_CHANGE_SIDE);
    assert_true(s.side_random);
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_RIGHT), MENU_CHANGE_NONE);
    m.focus = MENU_ROW_SIDE;
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_LEFT), MENU_CHANGE_AI | MENU_CHANGE_SIDE);
    assert_false(s.side_random);
    assert_int_equal(s.human_side, TTT_PLAYER_O);
    /* Board size resets k to the size's default; k beyond the size is refused. */
    assert_int_equal(menu_choose(&s, MENU_ROW_SIZE, 0), MENU_CHANGE_NONE);
    assert_int_equal(menu_choose(&s, MENU_ROW_K, 1), MENU_CHANGE_NONE);
    assert_false(menu_option_enabled(&s, MENU_ROW_K, 1));
    assert_int_equal(menu_choose(&s, MENU_ROW_SIZE, 2), MENU_CHANGE_BOARD);
    assert_int_equal(s.board_size, 5);
    assert_int_equal(s.k, 4); /* the engine's default for 5x5 */
    assert_int_equal(menu_choose(&s, MENU_ROW_K, 2), MENU_CHANGE_BOARD);
    assert_int_equal(s.k, 5);
    assert_int_equal(menu_choose(&s, MENU_ROW_K, 3), MENU_CHANGE_NONE); /* k 6 on 5x5 */
    /* Theme and think delay; Reset scores is an action, never "selected". */
    assert_int_equal(menu_choose(&s, MENU_ROW_THEME, 2), MENU_CHANGE_DISPLAY);
    assert_int_equal(s.theme, 2);
    assert_int_equal(menu_choose(&s, MENU_ROW_THINK_DELAY, 0), MENU_CHANGE_DISPLAY);
    assert_int_equal(s.think_delay_ms, 0);
    assert_int_equal(menu_selected_option(&s, MENU_ROW_SCORES), -1);
    assert_int_equal(menu_choose(&s, MENU_ROW_SCORES, 0), MENU_CHANGE_RESET_SCORES);
    m.focus = MENU_ROW_SCORES;
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_RIGHT), MENU_CHANGE_NONE);
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_ACTIVATE), MENU_CHANGE_RESET_SCORES);
    /* menu_copy_row copies only that row's settings. */
    settings saved;
    settings_defaults(&saved);
    menu_copy_row(&saved, &s, MENU_ROW_THEME);
    assert_int_equal(saved.theme, 2);
    assert_int_equal(saved.board_size, 3);
    assert_true(saved.sound);
    menu_copy_row(&saved, &s, MENU_ROW_SOUND);
    assert_false(saved.sound);
    menu_copy_row(&saved, &s, MENU_ROW_K);
    assert_int_equal(saved.board_size, 5);
    assert_int_equal(saved.k, 5);
    m.focus = 0;
    menu_key_press(&m, &s, MENU_KEY_UP);
    assert_int_equal(m.focus, MENU_FOCUS_DONE);
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_ACTIVATE), MENU_CHANGE_CLOSE);
    m.focus = MENU_ROW_MISTAKES;
    double before = s.mistake_probability;
    menu_key_press(&m, &s, MENU_KEY_RIGHT);
    assert_true(s.mistake_probability > before + 0.04);
    /* Every option has a label. */
    int counts[MENU_ROW_COUNT];
    menu_option_counts(counts);
    for (int r = 0; r < MENU_ROW_COUNT; r++) {
        assert_true(strlen(menu_row_label(r)) > 0);
        for (int o = 0; o < counts[r]; o++)
            assert_true(strlen(menu_option_label(r, o)) > 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_menu_rules),
    };
    return cmocka_run_group_tests_name("desktop_menu", tests, NULL, NULL);
}
