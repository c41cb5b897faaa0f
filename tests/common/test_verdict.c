/*
 * test_verdict.c - the verdict on a move (game/common/verdict.h), on real
 * 3x3 positions analysed by the engine (every value proven) and on made-up
 * analyses of a board too big to solve (estimates): kept, gained, slower,
 * thrown away, and the estimates' cases, with the better move named, and
 * the sentence in English.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "verdict.h"

/* The analysis of the 3x3 position after @p moves (row, column pairs). */
static ttt_analysis analyse(const int (*moves)[2], int count)
{
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    for (int i = 0; i < count; i++)
        assert_int_equal(ttt_game_move(g, (ttt_pos){moves[i][0], moves[i][1]}, NULL), TTT_OK);
    ttt_analysis a;
    TTT_INIT(&a);
    assert_int_equal(ttt_ai_analyze(NULL, g, NULL, &a), TTT_OK);
    ttt_game_free(g);
    return a;
}

/* The verdict on the last of @p moves, with the mover's value after their
 * own move before it (when there was one). */
static verdict judge(const int (*moves)[2], int count)
{
    ttt_analysis before = analyse(moves, count - 1);
    ttt_player mover = (count - 1) % 2 == 0 ? TTT_PLAYER_X : TTT_PLAYER_O;
    verdict_value earlier, *pe = NULL;
    if (count >= 3) {
        ttt_analysis two_back = analyse(moves, count - 3);
        assert_true(verdict_square_value(
            &two_back, (ttt_pos){moves[count - 3][0], moves[count - 3][1]}, &earlier));
        pe = &earlier;
    }
    verdict v;
    assert_true(verdict_compute(&before, count, mover,
                                (ttt_pos){moves[count - 1][0], moves[count - 1][1]}, pe, &v));
    return v;
}

static void test_kept_the_draw(void **state)
{
    (void)state;
    const int moves[][2] = {{1, 1}};
    verdict v = judge(moves, 1);
    assert_int_equal(v.kind, VERDICT_KEPT);
    assert_int_equal(v.after.outcome, TTT_OUTCOME_DRAW);
    assert_true(v.after.proven);
    assert_false(v.has_better);
    char text[VERDICT_TEXT_MAX];
    verdict_text(&v, 3, text, sizeof text);
    assert_string_equal(text, "Move 1, X at the centre: kept the draw.");
}

/* X takes the centre, O an edge: O's draw becomes a loss, a corner kept it. */
static void test_threw_away(void **state)
{
    (void)state;
    const int moves[][2] = {{1, 1}, {0, 1}};
    verdict v = judge(moves, 2);
    assert_int_equal(v.kind, VERDICT_THREW_AWAY);
    assert_int_equal(v.mover, TTT_PLAYER_O);
    assert_int_equal(v.before.outcome, TTT_OUTCOME_DRAW);
    assert_int_equal(v.after.outcome, TTT_OUTCOME_LOSS);
    assert_true(v.has_better);
    assert_int_equal(v.better_value.outcome, TTT_OUTCOME_DRAW);
    /* Only the corners keep the draw against the centre. */
    assert_true(v.better.row != 1 && v.better.col != 1);
    char text[VERDICT_TEXT_MAX], expected[VERDICT_TEXT_MAX];
    verdict_text(&v, 3, text, sizeof text);
    snprintf(expected, sizeof expected,
             "Move 2, O at the top edge: the draw became a loss in %d moves; the top-left corner "
             "would have kept the draw.",
             v.after.plies);
    assert_string_equal(text, expected);
    assert_string_equal(verdict_kind_key(v.kind), "threw-away");
}

/* After O's mistake X takes the win: gained (a draw became a win). Then,
 * in the same position, a move that lets the win go throws it away. */
static void test_gained_and_missed(void **state)
{
    (void)state;
    const int win[][2] = {{1, 1}, {0, 1}, {0, 0}};
    verdict v = judge(win, 3);
    assert_int_equal(v.after.outcome, TTT_OUTCOME_WIN);
    assert_true(v.has_earlier);
    assert_int_equal(v.earlier.outcome, TTT_OUTCOME_DRAW);
    /* The fastest win is kept; a slower one would be "slower". */
    assert_true(v.kind == VERDICT_GAINED || v.kind == VERDICT_SLOWER);
    char text[VERDICT_TEXT_MAX];
    verdict_text(&v, 3, text, sizeof text);
    assert_non_null(strstr(text, "Move 3, X at the top-left corner: "));
    if (v.kind == VERDICT_GAINED) assert_non_null(strstr(text, "the draw became a win in"));

    /* Find a move of X there that is only a draw: the win is thrown away. */
    const int before[][2] = {{1, 1}, {0, 1}};
    ttt_analysis a = analyse(before, 2);
    bool found = false;
    for (int i = 0; i < a.count && !found; i++) {
        if (a.moves[i].outcome != TTT_OUTCOME_DRAW) continue;
        verdict_value earlier = {TTT_OUTCOME_DRAW, 9, true, 0};
        verdict m;
        assert_true(verdict_compute(&a, 3, TTT_PLAYER_X, a.moves[i].pos, &earlier, &m));
        assert_int_equal(m.kind, VERDICT_THREW_AWAY);
        assert_int_equal(m.better_value.outcome, TTT_OUTCOME_WIN);
        verdict_text(&m, 3, text, sizeof text);
        assert_non_null(strstr(text, ": the win became a draw; "));
        assert_non_null(strstr(text, " would have won in "));
        found = true;
    }
    assert_true(found);
}

/* X can win at once but plays a slower win: still a win, "slower". */
static void test_slower_win(void **state)
{
    (void)state;
    /* X: top-left and top edge; O: centre and left edge. X wins now at the
     * top-right corner. */
    const int before[][2] = {{0, 0}, {1, 1}, {0, 1}, {1, 0}};
    ttt_analysis a = analyse(before, 4);
    assert_int_equal(a.value, TTT_OUTCOME_WIN);
    /* O threatens the middle row: X must block it or win at once; blocking
     * at the right edge also threatens, and may still win. */
    verdict v;
    assert_true(verdict_compute(&a, 5, TTT_PLAYER_X, (ttt_pos){0, 2}, NULL, &v));
    assert_int_equal(v.kind, VERDICT_KEPT);
    assert_int_equal(v.after.plies, 1);
    char won[VERDICT_TEXT_MAX];
    verdict_text(&v, 3, won, sizeof won);
    assert_string_equal(won, "Move 5, X at the top-right corner: won the game.");
    /* The same move after the other player's mistake: the chance taken. */
    verdict_value earlier = {TTT_OUTCOME_DRAW, 5, true, 0};
    assert_true(verdict_compute(&a, 5, TTT_PLAYER_X, (ttt_pos){0, 2}, &earlier, &v));
    assert_int_equal(v.kind, VERDICT_GAINED);
    verdict_text(&v, 3, won, sizeof won);
    assert_string_equal(won,
                        "Move 5, X at the top-right corner: took the chance and won the game.");
    for (int i = 0; i < a.count; i++) {
        if (a.moves[i].outcome != TTT_OUTCOME_WIN || a.moves[i].plies == 1) continue;
        assert_true(verdict_compute(&a, 5, TTT_PLAYER_X, a.moves[i].pos, NULL, &v));
        assert_int_equal(v.kind, VERDICT_SLOWER);
        assert_int_equal(v.better_value.plies, 1);
        char text[VERDICT_TEXT_MAX];
        verdict_text(&v, 3, text, sizeof text);
        assert_non_null(strstr(text, "still a win, but in"));
        assert_non_null(strstr(text, "would have won in 1 move."));
    }
}

/* O is lost whatever it does: the slowest loss is kept, a quicker one is
 * "slower" (a quicker loss). */
static void test_lost_anyway(void **state)
{
    (void)state;
    const int before[][2] = {{1, 1}, {0, 1}, {0, 0}};
    ttt_analysis a = analyse(before, 3);
    assert_int_equal(a.value, TTT_OUTCOME_LOSS);
    int slow = 0, quick = 0;
    for (int i = 0; i < a.count; i++) {
        verdict v;
        assert_true(verdict_compute(&a, 4, TTT_PLAYER_O, a.moves[i].pos, NULL, &v));
        assert_int_equal(v.after.outcome, TTT_OUTCOME_LOSS);
        char text[VERDICT_TEXT_MAX];
        verdict_text(&v, 3, text, sizeof text);
        if (v.kind == VERDICT_KEPT) {
            slow++;
            assert_non_null(strstr(text, "no move saves it: a loss in"));
        } else {
            assert_int_equal(v.kind, VERDICT_SLOWER);
            quick++;
            assert_non_null(strstr(text, "a quicker loss, in"));
            assert_non_null(strstr(text, "would have held out for"));
        }
    }
    assert_true(slow > 0);
    assert_true(quick > 0);
}

/* A made-up analysis of an 8x8 position the solver could not finish. */
static ttt_analysis estimated(void)
{
    ttt_analysis a;
    TTT_INIT(&a);
    a.count = 4;
    const int estimates[] = {120, -40, 300, 0};
    for (int i = 0; i < a.count; i++) {
        a.moves[i].pos = (ttt_pos){3, i};
        a.moves[i].outcome = TTT_OUTCOME_UNKNOWN;
        a.moves[i].estimate = estimates[i];
    }
    a.moves[2].best = 1;
    a.estimate = 300;
    return a;
}

static void test_estimates(void **state)
{
    (void)state;
    ttt_analysis a = estimated();
    verdict v;
    /* Far below the search's choice: marked as an estimate, and named. */
    assert_true(verdict_compute(&a, 7, TTT_PLAYER_X, (ttt_pos){3, 1}, NULL, &v));
    assert_int_equal(v.kind, VERDICT_ESTIMATE_WORSE);
    assert_int_equal(v.better.col, 2);
    char text[VERDICT_TEXT_MAX];
    verdict_text(&v, 8, text, sizeof text);
    assert_string_equal(text, "Move 7, X at row 4, column 2: not proven; the search's estimate "
                              "is -40; the search prefers row 4, column 3 (estimate +300).");
    /* The choice itself, or one close to it: nothing to say but the estimate. */
    assert_true(verdict_compute(&a, 7, TTT_PLAYER_X, (ttt_pos){3, 2}, NULL, &v));
    assert_int_equal(v.kind, VERDICT_UNKNOWN);
    assert_false(v.has_better);
    a.moves[0].estimate = 250;
    assert_true(verdict_compute(&a, 7, TTT_PLAYER_X, (ttt_pos){3, 0}, NULL, &v));
    assert_int_equal(v.kind, VERDICT_UNKNOWN);

    /* One square proven to win, the move played not proven: the win is
     * named, the move is not called a mistake. */
    a = estimated();
    a.moves[3].outcome = TTT_OUTCOME_WIN;
    a.moves[3].proven = 1;
    a.moves[3].plies = 5;
    a.moves[3].estimate = TTT_AI_ESTIMATE_WIN;
    a.value = TTT_OUTCOME_WIN;
    a.proven = 1;
    a.plies = 5;
    assert_true(verdict_compute(&a, 7, TTT_PLAYER_X, (ttt_pos){3, 0}, NULL, &v));
    assert_int_equal(v.kind, VERDICT_UNKNOWN);
    verdict_text(&v, 8, text, sizeof text);
    assert_non_null(strstr(text, "row 4, column 4 would have won in 5 moves."));

    /* One square proven to draw, the move played proven to lose: thrown
     * away, though not every square is proven. */
    a = estimated();
    a.moves[0].outcome = TTT_OUTCOME_DRAW;
    a.moves[0].proven = 1;
    a.moves[1].outcome = TTT_OUTCOME_LOSS;
    a.moves[1].proven = 1;
    a.moves[1].plies = 4;
    assert_true(verdict_compute(&a, 7, TTT_PLAYER_O, (ttt_pos){3, 1}, NULL, &v));
    assert_int_equal(v.kind, VERDICT_THREW_AWAY);
    verdict_text(&v, 8, text, sizeof text);
    assert_string_equal(text, "Move 7, O at row 4, column 2: the draw became a loss in 4 moves; "
                              "row 4, column 1 would have kept the draw.");
    /* The proven draw itself: nothing says whether another square wins. */
    assert_true(verdict_compute(&a, 7, TTT_PLAYER_O, (ttt_pos){3, 0}, NULL, &v));
    assert_int_equal(v.kind, VERDICT_UNKNOWN);
    verdict_text(&v, 8, text, sizeof text);
    assert_non_null(strstr(text, "a proven draw; whether a move wins is not proven"));

    /* A square that is not free gives no verdict. */
    assert_false(verdict_compute(&a, 7, TTT_PLAYER_O, (ttt_pos){0, 0}, NULL, &v));
}

static void test_words(void **state)
{
    (void)state;
    char buf[64];
    verdict_square_name(3, (ttt_pos){2, 0}, buf, sizeof buf);
    assert_string_equal(buf, "the bottom-left corner");
    verdict_square_name(3, (ttt_pos){1, 2}, buf, sizeof buf);
    assert_string_equal(buf, "the right edge");
    verdict_square_name(5, (ttt_pos){2, 2}, buf, sizeof buf);
    assert_string_equal(buf, "row 3, column 3");
    verdict_value v = {TTT_OUTCOME_WIN, 1, true, TTT_AI_ESTIMATE_WIN};
    verdict_value_text(&v, buf, sizeof buf);
    assert_string_equal(buf, "a win in 1 move");
    v = verdict_value_flip(v);
    assert_int_equal(v.outcome, TTT_OUTCOME_LOSS);
    assert_int_equal(v.estimate, -TTT_AI_ESTIMATE_WIN);
    verdict_value_text(&v, buf, sizeof buf);
    assert_string_equal(buf, "a loss in 1 move");
    verdict_value u = {TTT_OUTCOME_UNKNOWN, 0, false, -12};
    verdict_value_text(&u, buf, sizeof buf);
    assert_string_equal(buf, "not proven (estimate -12)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kept_the_draw),
        cmocka_unit_test(test_threw_away),
        cmocka_unit_test(test_gained_and_missed),
        cmocka_unit_test(test_slower_win),
        cmocka_unit_test(test_lost_anyway),
        cmocka_unit_test(test_estimates),
        cmocka_unit_test(test_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
