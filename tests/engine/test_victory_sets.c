/*
 * test_victory_sets.c - the victory sets through the public API
 * (ttt_victory_set_count, ttt_victory_sets): every size and k against an
 * enumeration of its own, 3x3 square by square, and the errors.
 */
#include <stdio.h>
#include <stdlib.h>

#include "engine_test_util.h"
#include "ttt/common.h"

/* ========================================================================= */
/* Victory sets                                                              */
/* ========================================================================= */

/* Bit mask of a line's squares on a size x size board. */
static uint64_t line_mask(const ttt_line *line, int size)
{
    uint64_t m = 0;
    for (int i = 0; i < line->length; i++)
        m |= (uint64_t)1 << (line->squares[i].row * size + line->squares[i].col);
    return m;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The direction class of a unit step in the documented listing order:
 * 0 along a row, 1 down a column, 2 down-right, 3 down-left; -1 otherwise. */
static int step_class(int dr, int dc)
{
    if (dr == 0 && dc == 1) return 0;
    if (dr == 1 && dc == 0) return 1;
    if (dr == 1 && dc == 1) return 2;
    if (dr == 1 && dc == -1) return 3;
    return -1;
}

/* An independent enumeration: every ordered pair of squares (a, b) where b
 * lies exactly k-1 unit steps from a in a listing direction gives one set.
 * Returns the number of masks written. */
static int enumerate_by_pairs(int size, int k, uint64_t *masks)
{
    int n = 0;
    for (int a = 0; a < size * size; a++)
        for (int b = 0; b < size * size; b++) {
            int dr = b / size - a / size, dc = b % size - a % size;
            if (dr % (k - 1) != 0 || dc % (k - 1) != 0) continue;
            int ur = dr / (k - 1), uc = dc / (k - 1);
            if (step_class(ur, uc) < 0) continue;
            uint64_t m = 0;
            for (int i = 0; i < k; i++)
                m |= (uint64_t)1 << ((a / size + ur * i) * size + a % size + uc * i);
            masks[n++] = m;
        }
    return n;
}

static void test_victory_sets_all_sizes(void **state)
{
    (void)state;
    for (int size = TTT_MIN_SIZE; size <= TTT_MAX_SIZE; size++) {
        for (int k = TTT_MIN_K; k <= size; k++) {
            int w = size - k + 1, expected = 2 * size * w + 2 * w * w, count = -1;
            assert_int_equal(ttt_victory_set_count(size, k), expected);
            assert_true(expected <= TTT_MAX_VICTORY_SETS);

            ttt_line lines[TTT_MAX_VICTORY_SETS];
            count = -1;
            assert_int_equal(ttt_victory_sets(size, k, lines, TTT_MAX_VICTORY_SETS, &count),
                             TTT_OK);
            assert_int_equal(count, expected);

            uint64_t got[TTT_MAX_VICTORY_SETS], want[TTT_MAX_VICTORY_SETS];
            int prev_class = 0;
            for (int i = 0; i < count; i++) {
                const ttt_line *l = &lines[i];
                assert_int_equal(l->length, k);
                int dr = l->squares[1].row - l->squares[0].row;
                int dc = l->squares[1].col - l->squares[0].col;
                int cls = step_class(dr, dc);
                /* Rows, then columns, then down-right, then down-left. */
                assert_true(cls >= 0);
                assert_true(cls >= prev_class);
                prev_class = cls;
                for (int j = 0; j < k; j++) {
                    const ttt_pos *p = &l->squares[j];
                    assert_true(p->row >= 0 && p->row < size && p->col >= 0 && p->col < size);
                    if (j > 0) {
                        /* In order along a straight line, one unit step apart,
                         * which also makes the squares distinct. */
                        assert_int_equal(p->row - l->squares[j - 1].row, dr);
                        assert_int_equal(p->col - l->squares[j - 1].col, dc);
                    }
                }
                for (int j = k; j < TTT_MAX_SIZE; j++) {
                    assert_int_equal(l->squares[j].row, 0);
                    assert_int_equal(l->squares[j].col, 0);
                }
                got[i] = line_mask(l, size);
                for (int j = 0; j < i; j++)
                    assert_true(got[j] != got[i]);
            }
            assert_int_equal(enumerate_by_pairs(size, k, want), expected);
            qsort(got, (size_t)count, sizeof got[0], cmp_u64);
            qsort(want, (size_t)expected, sizeof want[0], cmp_u64);
            assert_memory_equal(got, want, (size_t)count * sizeof got[0]);
        }
    }
}

static void test_victory_sets_3x3_exact(void **state)
{
    (void)state;
    /* The eight lines of the classic game, in the documented order. */
    static const int want[8][3][2] = {
        {{0, 0}, {0, 1}, {0, 2}}, {{1, 0}, {1, 1}, {1, 2}}, {{2, 0}, {2, 1}, {2, 2}},
        {{0, 0}, {1, 0}, {2, 0}}, {{0, 1}, {1, 1}, {2, 1}}, {{0, 2}, {1, 2}, {2, 2}},
        {{0, 0}, {1, 1}, {2, 2}}, {{0, 2}, {1, 1}, {2, 0}},
    };
    ttt_line lines[8];
    int count = 0;
    assert_int_equal(ttt_victory_sets(3, 3, lines, 8, &count), TTT_OK);
    assert_int_equal(count, 8);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++) {
            assert_int_equal(lines[i].squares[j].row, want[i][j][0]);
            assert_int_equal(lines[i].squares[j].col, want[i][j][1]);
        }
}

static void test_victory_sets_errors(void **state)
{
    (void)state;
    ttt_line lines[TTT_MAX_VICTORY_SETS];
    int count = -1;
    assert_int_equal(ttt_victory_sets(3, 3, lines, 5, &count), TTT_ERR_BUFFER);
    assert_int_equal(count, 8);
    /* The first five are written: three rows, then columns 0 and 1. */
    assert_int_equal(lines[4].squares[0].row, 0);
    assert_int_equal(lines[4].squares[0].col, 1);
    assert_int_equal(ttt_victory_sets(3, 3, NULL, 0, &count), TTT_ERR_BUFFER);
    assert_int_equal(count, 8);
    assert_int_equal(ttt_victory_sets(3, 3, NULL, 1, &count), TTT_ERR_NULL);
    assert_int_equal(ttt_victory_sets(3, 3, lines, 8, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_victory_sets(3, 3, lines, -1, &count), TTT_ERR_RANGE);
    assert_int_equal(ttt_victory_sets(2, 3, lines, 8, &count), TTT_ERR_SIZE);
    assert_int_equal(ttt_victory_sets(9, 3, lines, 8, &count), TTT_ERR_SIZE);
    assert_int_equal(ttt_victory_sets(4, 2, lines, 8, &count), TTT_ERR_K);
    assert_int_equal(ttt_victory_sets(4, 5, lines, 8, &count), TTT_ERR_K);
    assert_int_equal(ttt_victory_set_count(TTT_MAX_SIZE + 1, 3), 0);
    assert_int_equal(ttt_victory_set_count(5, 6), 0);
    assert_int_equal(ttt_victory_set_count(8, 3), TTT_MAX_VICTORY_SETS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_victory_sets_all_sizes),
        cmocka_unit_test(test_victory_sets_3x3_exact),
        cmocka_unit_test(test_victory_sets_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
