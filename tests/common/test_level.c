/*
 * test_level.c - the levels read right on every board (game/common/level.h,
 * issue 29): on each of the 21 boards the levels' described strength rises
 * with the level (Easy < Medium < Hard < Unbeatable) and their words
 * differ; the slider places them in the same order on every board; and the
 * custom level's one control moves strength one way.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ai_internal.h"
#include "level.h"

static void test_presets_monotone(void **state)
{
    (void)state;
    for (int size = TTT_MIN_SIZE; size <= TTT_MAX_SIZE; size++)
        for (int k = TTT_MIN_K; k <= size; k++) {
            level_profile prev;
            char prev_text[LEVEL_TEXT_MAX] = "";
            for (int d = TTT_DIFFICULTY_EASY; d <= TTT_DIFFICULTY_UNBEATABLE; d++) {
                level_profile p;
                char text[LEVEL_TEXT_MAX];
                assert_true(level_profile_preset((ttt_difficulty)d, size, k, &p));
                level_describe(&p, text, sizeof text);
                assert_true(strlen(text) > 0);
                if (d > TTT_DIFFICULTY_EASY) {
                    if (!level_described_stronger(&p, &prev) || level_described_stronger(&prev, &p))
                        fail_msg("(%d,%d,%d): level %d (%s) is not described as stronger than "
                                 "level %d (%s)",
                                 size, size, k, d, text, d - 1, prev_text);
                    assert_string_not_equal(text, prev_text);
                }
                prev = p;
                memcpy(prev_text, text, sizeof text);
            }
            assert_string_equal(prev_text, "never makes a mistake");
        }
    assert_false(level_profile_preset((ttt_difficulty)9, 3, 3, &(level_profile){0}));
    assert_false(level_profile_preset(TTT_DIFFICULTY_EASY, 3, 4, &(level_profile){0}));
}

/* The words of the big boards' levels, which issue 29 found reading wrong. */
static void test_big_board_words(void **state)
{
    (void)state;
    level_profile p;
    char text[LEVEL_TEXT_MAX];
    assert_true(level_profile_preset(TTT_DIFFICULTY_HARD, 7, 5, &p));
    level_describe(&p, text, sizeof text);
    assert_string_equal(text, "sees every win and loss 7 moves ahead");
    assert_true(level_profile_preset(TTT_DIFFICULTY_MEDIUM, 8, 5, &p));
    level_describe(&p, text, sizeof text);
    assert_string_equal(text, "sees every win and loss 3 moves ahead");
    assert_true(level_profile_preset(TTT_DIFFICULTY_EASY, 8, 5, &p));
    level_describe(&p, text, sizeof text);
    assert_string_equal(text, "looks 2 moves ahead; misses many threats");
    assert_true(level_profile_preset(TTT_DIFFICULTY_HARD, 5, 4, &p));
    level_describe(&p, text, sizeof text);
    assert_string_equal(text, "looks 2 moves ahead; rarely misses a threat");
}

/* The small boards' words (1.0: the levels that keep the ladder there make
 * more mistakes than 5x5's). */
static void test_small_board_words(void **state)
{
    (void)state;
    static const struct {
        int size;
        ttt_difficulty level;
        const char *text;
    } WORDS[] = {
        {3, TTT_DIFFICULTY_EASY, "looks 2 moves ahead; misses most threats"},
        {3, TTT_DIFFICULTY_MEDIUM, "looks 2 moves ahead; misses many threats"},
        {3, TTT_DIFFICULTY_HARD, "looks 2 moves ahead; misses some threats"},
        {4, TTT_DIFFICULTY_EASY, "plays at random"},
        {4, TTT_DIFFICULTY_MEDIUM, "looks 2 moves ahead; misses most threats"},
        {4, TTT_DIFFICULTY_HARD, "looks 2 moves ahead; misses some threats"},
        {5, TTT_DIFFICULTY_EASY, "looks 2 moves ahead; misses many threats"},
        {5, TTT_DIFFICULTY_MEDIUM, "looks 2 moves ahead; misses some threats"},
    };
    for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++) {
        level_profile p;
        char text[LEVEL_TEXT_MAX];
        assert_true(level_profile_preset(WORDS[i].level, WORDS[i].size, 3, &p));
        level_describe(&p, text, sizeof text);
        assert_string_equal(text, WORDS[i].text);
    }
}

/* The slider: the levels in order (fewer mistakes to the left) on every
 * board, and the custom control one way: each step towards 0 a stronger
 * player. */
static void test_slider_one_way(void **state)
{
    (void)state;
    double prev = 2.0;
    for (int d = TTT_DIFFICULTY_EASY; d <= TTT_DIFFICULTY_UNBEATABLE; d++) {
        double v = level_slider_value((ttt_difficulty)d);
        assert_true(v >= 0.0 && v <= 1.0);
        assert_true(v < prev);
        prev = v;
    }
    assert_true(level_slider_value(TTT_DIFFICULTY_UNBEATABLE) == 0.0);
    level_profile weaker, stronger;
    char text[LEVEL_TEXT_MAX];
    for (int i = 0; i < 100; i++) {
        level_profile_custom((i + 1) / 100.0, &weaker);
        level_profile_custom(i / 100.0, &stronger);
        assert_true(level_described_stronger(&stronger, &weaker));
        assert_false(level_described_stronger(&weaker, &stronger));
    }
    level_profile_custom(0.25, &weaker);
    level_describe(&weaker, text, sizeof text);
    assert_string_equal(text, "skips 25% of the moves it should weigh");
    level_profile_custom(-1.0, &stronger);
    assert_true(stronger.perfect);
    level_profile_custom(7.0, &weaker);
    assert_true(weaker.mistake_probability == 1.0);
}

/* The levels' tuning in level.c is the engine's (which the public API keeps
 * to itself), on every board. */
static void test_tuning_is_the_engines(void **state)
{
    (void)state;
    for (int size = TTT_MIN_SIZE; size <= TTT_MAX_SIZE; size++)
        for (int d = TTT_DIFFICULTY_EASY; d <= TTT_DIFFICULTY_UNBEATABLE; d++) {
            level_profile p;
            int depth = -1, safety = -1;
            assert_true(level_profile_preset((ttt_difficulty)d, size, 3, &p));
            ttt__ai_level_tuning((ttt_difficulty)d, size, &depth, &safety);
            assert_int_equal(p.lookahead_plies, depth);
            assert_int_equal(p.safety_plies, safety);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tuning_is_the_engines), cmocka_unit_test(test_presets_monotone),
        cmocka_unit_test(test_big_board_words),       cmocka_unit_test(test_small_board_words),
        cmocka_unit_test(test_slider_one_way),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
