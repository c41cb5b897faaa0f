/*
 * test_puzzle.c - the puzzles (game/common/puzzle.h) and their checker
 * (puzzle_check.h): the checker on positions whose answer is known by
 * hand; finding and filtering the set; the daily pick from a date; playing
 * a puzzle to the win, a miss with its refutation, an illegal move; and
 * every shipped puzzle re-proven by the checker within its node budget.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "puzzle.h"

/* The bits of a board's text ('x', 'o', '.'), for one mark. */
static uint64_t bits(const char *board, char mark)
{
    uint64_t b = 0;
    for (int i = 0; board[i]; i++)
        if (board[i] == mark) b |= (uint64_t)1 << i;
    return b;
}

static void test_checker_known(void **state)
{
    (void)state;
    puzzle_checker *pc = puzzle_checker_new(3, 3, 10);
    assert_non_null(pc);
    /* x . .
     * . o .
     * . . x    x to move: a corner makes two threats (win in 3). */
    const char *fork = "x...o...x";
    uint64_t x = bits(fork, 'x'), o = bits(fork, 'o');
    assert_int_equal(puzzle_checker_wins(pc, x, o, 1, 0), PUZZLE_NO);
    assert_int_equal(puzzle_checker_wins(pc, x, o, 3, 0), PUZZLE_YES);
    assert_int_equal(puzzle_checker_fastest_win(pc, x, o, 9, 0), 3);
    /* x x .  with o to move: o must block at 0,2 and then does not lose
     * . o .  within 2 plies. */
    const char *block = "xx..o....";
    x = bits(block, 'x');
    o = bits(block, 'o');
    assert_int_equal(puzzle_checker_threats(pc, x, o), (uint64_t)1 << 2);
    assert_int_equal(puzzle_checker_wins_after(pc, x, o, 2, 0), PUZZLE_NO);
    assert_int_equal(puzzle_checker_wins_after(pc, x | 1u << 6, o, 2, 0), PUZZLE_YES);
    /* The empty 3x3 board is a draw: no win within 9 plies. */
    assert_int_equal(puzzle_checker_wins(pc, 0, 0, 9, 0), PUZZLE_NO);
    puzzle_checker_free(pc);
    /* A budget too small to say (a fresh memo: the one above knows). */
    pc = puzzle_checker_new(3, 3, 10);
    assert_int_equal(puzzle_checker_wins(pc, 0, 0, 9, 5), PUZZLE_UNKNOWN);
    assert_null(puzzle_checker_new(9, 3, 0));
    assert_null(puzzle_checker_new(4, 5, 0));
    puzzle_checker_free(pc);
    /* 4x4 with k = 3 is a first-player win in 5 plies (docs/ai.md). */
    pc = puzzle_checker_new(4, 4, 0);
    puzzle_checker_free(pc);
    pc = puzzle_checker_new(4, 3, 0);
    assert_int_equal(puzzle_checker_fastest_win(pc, 0, 0, 7, 0), 5);
    puzzle_checker_free(pc);
}

static void test_find(void **state)
{
    (void)state;
    int total = puzzle_count();
    assert_true(total >= 500);
    assert_int_equal(puzzle_find(0, 0, PUZZLE_ANY, NULL, 0), total);
    int by_board = 0, boards = 0;
    for (int n = 3; n <= 8; n++)
        for (int k = 3; k <= n; k++) {
            int c = puzzle_find(n, k, PUZZLE_ANY, NULL, 0);
            by_board += c;
            boards += c > 0;
            int grades = 0;
            for (int d = PUZZLE_EASY; d <= PUZZLE_HARD; d++)
                grades += puzzle_find(n, k, (puzzle_difficulty)d, NULL, 0);
            assert_int_equal(grades, c);
        }
    assert_int_equal(by_board, total);
    assert_true(boards >= 15);
    int idx[8];
    int c = puzzle_find(7, 5, PUZZLE_ANY, idx, 8);
    assert_true(c >= 8);
    for (int i = 0; i < 8; i++) {
        const puzzle_entry *e = puzzle_get(idx[i]);
        assert_int_equal(e->size, 7);
        assert_int_equal(e->k, 5);
    }
    assert_null(puzzle_get(-1));
    assert_null(puzzle_get(total));
    puzzle_difficulty d;
    assert_true(puzzle_difficulty_from_name("Hard", &d));
    assert_int_equal(d, PUZZLE_HARD);
    assert_true(puzzle_difficulty_from_name("1", &d));
    assert_int_equal(d, PUZZLE_EASY);
    assert_false(puzzle_difficulty_from_name("harder", &d));
    assert_false(puzzle_difficulty_from_name("", &d));
    assert_string_equal(puzzle_difficulty_name(PUZZLE_MEDIUM), "medium");
}

static void test_daily(void **state)
{
    (void)state;
    int64_t day;
    assert_true(puzzle_day_from_date("1970-01-01", &day));
    assert_int_equal(day, 0);
    assert_true(puzzle_day_from_date("2000-03-01", &day));
    assert_int_equal(day, 11017);
    assert_true(puzzle_day_from_date("2024-02-29", &day));
    assert_true(puzzle_day_from_date("2026-11-26", &day));
    assert_int_equal(day, 20783);
    assert_false(puzzle_day_from_date("2023-02-29", &day));
    assert_false(puzzle_day_from_date("2026-13-01", &day));
    assert_false(puzzle_day_from_date("2026-1-01", &day));
    assert_false(puzzle_day_from_date("1969-12-31", &day));
    assert_false(puzzle_day_from_date("2026-11-26x", &day));
    assert_true(puzzle_utc_day_now() > 20000);
    /* The same puzzle for the same day; every puzzle once in a cycle. */
    assert_int_equal(puzzle_daily(20783), puzzle_daily(20783));
    int n = puzzle_count();
    static unsigned char seen[4096];
    assert_true(n <= (int)sizeof seen);
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < n; i++) {
        int p = puzzle_daily(20783 + i);
        assert_true(p >= 0 && p < n);
        assert_false(seen[p]);
        seen[p] = 1;
    }
}

/* Plays puzzle `index` along its stored line: solved, with the line's
 * replies. */
static void solve_along_line(int index)
{
    puzzle_play p;
    assert_int_equal(puzzle_play_start(&p, index), 0);
    const puzzle_entry *e = p.entry;
    int r, c, used;
    const char *s = e->line;
    int ply = 0;
    puzzle_move_result res;
    while (sscanf(s, "%d,%d%n", &r, &c, &used) == 2) {
        s += used;
        while (*s == ' ')
            s++;
        if (ply % 2 == 0) {
            puzzle_move_kind k = puzzle_play_move(&p, (ttt_pos){r, c}, &res);
            assert_int_equal(k, *s ? PUZZLE_MOVE_GOOD : PUZZLE_MOVE_SOLVED);
        } else {
            assert_int_equal(res.reply.row, r);
            assert_int_equal(res.reply.col, c);
        }
        ply++;
    }
    assert_int_equal(p.status, PUZZLE_SOLVED);
    assert_true(ttt_game_over(puzzle_play_game(&p)));
    assert_int_equal(ttt_game_winner(puzzle_play_game(&p)), puzzle_play_solver(&p));
    /* Nothing more to play. */
    assert_int_equal(puzzle_play_move(&p, (ttt_pos){0, 0}, &res), PUZZLE_MOVE_ILLEGAL);
    puzzle_play_end(&p);
}

static void test_play_solve(void **state)
{
    (void)state;
    /* Every puzzle of the set, along its stored line: each reply is the
     * line's, and the last move wins. */
    for (int i = 0; i < puzzle_count(); i++)
        solve_along_line(i);
}

/* Plays a first move that is not the key: a miss, with the key named and
 * the opponent's reply on the board. */
static void test_play_miss(void **state)
{
    (void)state;
    int n = puzzle_count(), tried = 0;
    for (int i = 0; i < n && tried < 12; i += n / 12) {
        puzzle_play p;
        assert_int_equal(puzzle_play_start(&p, i), 0);
        const puzzle_entry *e = p.entry;
        int kr, kc;
        assert_int_equal(sscanf(e->line, "%d,%d", &kr, &kc), 2);
        /* The first free square that is not the key. */
        int sq = 0;
        while (e->board[sq] != '.' || sq == kr * e->size + kc)
            sq++;
        puzzle_move_result res;
        puzzle_move_kind k = puzzle_play_move(&p, (ttt_pos){sq / e->size, sq % e->size}, &res);
        assert_int_equal(k, PUZZLE_MOVE_MISSED);
        assert_int_equal(p.status, PUZZLE_MISSED);
        assert_true(res.has_winning_move);
        assert_int_equal(res.winning_move.row, kr);
        assert_int_equal(res.winning_move.col, kc);
        assert_true(res.has_refutation);
        ttt_player owner = TTT_PLAYER_NONE;
        assert_int_equal(ttt_game_owner(puzzle_play_game(&p), res.refutation, &owner), TTT_OK);
        assert_int_equal(owner,
                         puzzle_play_solver(&p) == TTT_PLAYER_X ? TTT_PLAYER_O : TTT_PLAYER_X);
        if (res.refutation_wins) assert_true(res.refutation_plies >= 1);
        puzzle_play_end(&p);
        tried++;
    }
}

static void test_play_illegal(void **state)
{
    (void)state;
    puzzle_play p;
    assert_int_equal(puzzle_play_start(&p, -1), -1);
    assert_int_equal(puzzle_play_start(&p, puzzle_count()), -1);
    assert_int_equal(puzzle_play_start(&p, 0), 0);
    const puzzle_entry *e = p.entry;
    int taken = 0;
    while (e->board[taken] == '.')
        taken++;
    puzzle_move_result res;
    assert_int_equal(puzzle_play_move(&p, (ttt_pos){taken / e->size, taken % e->size}, &res),
                     PUZZLE_MOVE_ILLEGAL);
    assert_int_equal(puzzle_play_move(&p, (ttt_pos){-1, 0}, &res), PUZZLE_MOVE_ILLEGAL);
    assert_int_equal(puzzle_play_move(&p, (ttt_pos){0, e->size}, &res), PUZZLE_MOVE_ILLEGAL);
    assert_int_equal(p.status, PUZZLE_PLAYING);
    assert_int_equal(p.moves_played, 0);
    puzzle_play_end(&p);
    puzzle_play_end(&p); /* a zeroed struct is fine */
}

/* Every shipped puzzle, re-proven by the checker. */
static void test_verify_set(void **state)
{
    (void)state;
    int n = puzzle_count(), bad = 0;
    for (int i = 0; i < n; i++) {
        uint64_t nodes;
        puzzle_fault f = puzzle_verify(i, 0, &nodes);
        if (f != PUZZLE_FAULT_NONE) {
            print_error("puzzle %d: %s\n", i, puzzle_fault_name(f));
            bad++;
        }
    }
    assert_int_equal(bad, 0);
    assert_string_equal(puzzle_fault_name(PUZZLE_FAULT_SECOND_WIN), "second-win");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checker_known), cmocka_unit_test(test_find),
        cmocka_unit_test(test_daily),         cmocka_unit_test(test_play_solve),
        cmocka_unit_test(test_play_miss),     cmocka_unit_test(test_play_illegal),
        cmocka_unit_test(test_verify_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
