/*
 * test_speech.c - the game in words for a screen reader (speech.h), without
 * SDL: the squares' names with their marks and hints, a move, the hint read
 * out (the search's best squares only), and the score line's entries.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "speech.h"

static view_game v;

static void board_3x3(void)
{
    memset(&v, 0, sizeof v);
    v.size = 3;
    v.k = 3;
    v.mode = SETTINGS_MODE_HUMAN_VS_COMPUTER;
    v.human_side = TTT_PLAYER_X;
    v.owner[4] = TTT_PLAYER_X;
    v.owner[0] = TTT_PLAYER_O;
}

static void test_square_names(void **state)
{
    (void)state;
    board_3x3();
    char buf[SPEECH_TEXT_MAX];
    speech_square_name(&v, 1, 1, buf, sizeof buf);
    assert_string_equal(buf, "row 2, column 2, X");
    speech_square_name(&v, 0, 0, buf, sizeof buf);
    assert_string_equal(buf, "row 1, column 1, O");
    speech_square_name(&v, 2, 1, buf, sizeof buf);
    assert_string_equal(buf, "row 3, column 2, empty");
    /* A hint shows: the free squares say it. */
    v.hint_shown = true;
    v.hints[7] = (view_hint){.kind = VIEW_HINT_WIN, .best = true, .plies = 3};
    v.hints[8] = (view_hint){.kind = VIEW_HINT_DRAW};
    speech_square_name(&v, 2, 1, buf, sizeof buf);
    assert_string_equal(buf, "row 3, column 2, empty, Win in 3");
    speech_square_name(&v, 2, 2, buf, sizeof buf);
    assert_string_equal(buf, "row 3, column 3, empty, Draw");
    /* A tiny buffer is cut, never overrun. */
    char small[8];
    speech_square_name(&v, 2, 1, small, sizeof small);
    assert_int_equal(strlen(small), sizeof small - 1);
}

static void test_move_and_hint(void **state)
{
    (void)state;
    board_3x3();
    char buf[2 * SPEECH_TEXT_MAX];
    speech_move(TTT_PLAYER_O, 0, 2, buf, sizeof buf);
    assert_string_equal(buf, "O: row 1, column 3");
    speech_hint(&v, buf, sizeof buf);
    assert_string_equal(buf, ""); /* no hint shows */
    v.hint_shown = true;
    v.hints[7] = (view_hint){.kind = VIEW_HINT_WIN, .best = true, .plies = 3};
    v.hints[8] = (view_hint){.kind = VIEW_HINT_DRAW};
    speech_hint(&v, buf, sizeof buf);
    assert_string_equal(buf, "Hint: row 3, column 2, Win in 3");
    /* Without a best square, every free square that has words. */
    v.hints[7].best = false;
    speech_hint(&v, buf, sizeof buf);
    assert_string_equal(buf, "Hint: row 3, column 2, Win in 3; row 3, column 3, Draw");
    /* A proven draw the search likes best on an unsolved board: "Best" too. */
    v.hints[8].best = v.hints[8].proven_best = true;
    speech_hint(&v, buf, sizeof buf);
    assert_string_equal(buf, "Hint: row 3, column 3, Draw, Best");
    assert_true(strlen(speech_refused()) > 0);
}

static void test_scores(void **state)
{
    (void)state;
    board_3x3();
    v.score.wins[0] = 2;
    v.score.wins[1] = 1;
    v.score.draws = 4;
    char buf[SPEECH_TEXT_MAX];
    speech_score(&v, 0, buf, sizeof buf);
    assert_string_equal(buf, "You (X): 2");
    speech_score(&v, 1, buf, sizeof buf);
    assert_string_equal(buf, "Draws: 4");
    speech_score(&v, 2, buf, sizeof buf);
    assert_string_equal(buf, "Computer (O): 1");
    v.mode = SETTINGS_MODE_TWO_PLAYERS;
    speech_score(&v, 2, buf, sizeof buf);
    assert_string_equal(buf, "O: 1");
    assert_string_equal(speech_scores_label(), "Scores");
}

/* Online the other player is a person, whatever the local mode says: you
 * and your friend, by mark (X's wins first); watching, the marks. */
static void test_scores_online(void **state)
{
    (void)state;
    board_3x3();
    v.mode = SETTINGS_MODE_HUMAN_VS_COMPUTER;
    v.online = true;
    v.human_side = TTT_PLAYER_O;
    v.score.wins[0] = 2;
    v.score.wins[1] = 1;
    v.score.draws = 0;
    char buf[SPEECH_TEXT_MAX];
    speech_score(&v, 0, buf, sizeof buf);
    assert_string_equal(buf, "Friend (X): 2");
    speech_score(&v, 2, buf, sizeof buf);
    assert_string_equal(buf, "You (O): 1");
    v.human_side = TTT_PLAYER_X;
    speech_score(&v, 0, buf, sizeof buf);
    assert_string_equal(buf, "You (X): 2");
    speech_score(&v, 2, buf, sizeof buf);
    assert_string_equal(buf, "Friend (O): 1");
    v.human_side = TTT_PLAYER_NONE;
    speech_score(&v, 2, buf, sizeof buf);
    assert_string_equal(buf, "O: 1");
    v.online = false;
}

static void test_stats_line(void **state)
{
    (void)state;
    tally_entry e;
    memset(&e, 0, sizeof e);
    e.wins[0] = 2;
    e.draws = 1;
    e.wins[1] = 3;
    e.best = 2;
    char buf[SPEECH_TEXT_MAX];
    speech_stats_line(&e, SETTINGS_MODE_HUMAN_VS_COMPUTER, "3x3", buf, sizeof buf);
    assert_string_equal(buf, "3x3: Won 2, Drawn 1, Lost 3, Best streak 2");
    speech_stats_line(&e, SETTINGS_MODE_TWO_PLAYERS, "3x3", buf, sizeof buf);
    assert_string_equal(buf, "3x3: X won 2, Drawn 1, O won 3, Best streak 2");
    assert_string_equal(speech_review_step(true), "Next move");
    assert_string_equal(speech_review_step(false), "Previous move");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_square_names), cmocka_unit_test(test_move_and_hint),
        cmocka_unit_test(test_scores),       cmocka_unit_test(test_scores_online),
        cmocka_unit_test(test_stats_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
