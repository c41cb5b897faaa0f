/*
 * test_rules.c - the m,n,k rules through the public API (victory sets:
 * test_victory_sets.c): wins (single, double, longer than k), draws, refused
 * moves, the state machine, undo and history, board iteration, statuses
 * and version (the board as text: test_game_text.c).
 */
#include <stdio.h>
#include <stdlib.h>

#include "engine_test_util.h"
#include "ttt/common.h"
#include "ttt/version.h"

/* ========================================================================= */
/* Wins and draws                                                            */
/* ========================================================================= */

static void assert_line(const ttt_line *l, int k, const int (*squares)[2])
{
    assert_int_equal(l->length, k);
    for (int i = 0; i < k; i++) {
        assert_int_equal(l->squares[i].row, squares[i][0]);
        assert_int_equal(l->squares[i].col, squares[i][1]);
    }
}

static void test_single_win(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    static const int moves[][2] = {{0, 0}, {1, 0}, {1, 1}, {2, 0}, {2, 2}};
    play_moves(g, moves, 5);
    ttt_state st;
    ttt_player p;
    st = ttt_game_state(g);
    assert_int_equal(st, TTT_STATE_X_WON);
    p = ttt_game_winner(g);
    assert_int_equal(p, TTT_PLAYER_X);
    p = ttt_game_turn(g);
    assert_int_equal(p, TTT_PLAYER_NONE);
    ttt_line lines[TTT_MAX_WINNING_SETS];
    int n = 0;
    assert_int_equal(ttt_game_winning_lines(g, lines, TTT_MAX_WINNING_SETS, &n), TTT_OK);
    assert_int_equal(n, 1);
    static const int diag[3][2] = {{0, 0}, {1, 1}, {2, 2}};
    assert_line(&lines[0], 3, diag);
    ttt_game_free(g);
}

/* X's last move, on the last free square, completes a row and a column:
 * two sets, and a win rather than a draw. */
static void test_double_line_win(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    static const int moves[][2] = {{0, 1}, {1, 1}, {0, 2}, {1, 2}, {1, 0},
                                   {2, 1}, {2, 0}, {2, 2}, {0, 0}};
    play_moves(g, moves, 9);
    ttt_state st = ttt_game_state(g);
    assert_int_equal(st, TTT_STATE_X_WON);
    ttt_line lines[TTT_MAX_WINNING_SETS];
    int n = 0;
    assert_int_equal(ttt_game_winning_lines(g, lines, TTT_MAX_WINNING_SETS, &n), TTT_OK);
    assert_int_equal(n, 2);
    static const int row0[3][2] = {{0, 0}, {0, 1}, {0, 2}};
    static const int col0[3][2] = {{0, 0}, {1, 0}, {2, 0}};
    assert_line(&lines[0], 3, row0);
    assert_line(&lines[1], 3, col0);

    /* Buffer too small: the count says how many, the first is written. */
    ttt_line one;
    n = 0;
    assert_int_equal(ttt_game_winning_lines(g, &one, 1, &n), TTT_ERR_BUFFER);
    assert_int_equal(n, 2);
    assert_line(&one, 3, row0);
    assert_int_equal(ttt_game_winning_lines(g, NULL, 0, &n), TTT_ERR_BUFFER);
    assert_int_equal(n, 2);
    ttt_game_free(g);
}

/* A run of five on a 5x5 board with k = 3 holds three overlapping sets. */
static void test_run_longer_than_k(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(5, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    static const int moves[][2] = {{0, 0}, {4, 0}, {0, 1}, {4, 2}, {0, 3},
                                   {4, 4}, {0, 4}, {2, 2}, {0, 2}};
    play_moves(g, moves, 9);
    ttt_line lines[TTT_MAX_WINNING_SETS];
    int n = 0;
    assert_int_equal(ttt_game_winning_lines(g, lines, TTT_MAX_WINNING_SETS, &n), TTT_OK);
    assert_int_equal(n, 3);
    for (int i = 0; i < 3; i++) {
        const int want[3][2] = {{0, i}, {0, i + 1}, {0, i + 2}};
        assert_line(&lines[i], 3, want);
    }
    ttt_game_free(g);
}

/* One move completing a row, a column and both diagonals on a 5x5 board
 * with k = 3 gives four sets, one per direction, in the documented order.
 * Nobody has a line before X's last move, in the centre. */
static void test_four_directions(void **state)
{
    (void)state;
    static const int xs[][2] = {{2, 3}, {2, 4}, {3, 2}, {4, 2}, {0, 0},
                                {1, 1}, {1, 3}, {0, 4}, {2, 2}};
    static const int os[][2] = {{0, 1}, {0, 3}, {1, 0}, {1, 4}, {3, 0}, {3, 4}, {4, 1}, {4, 3}};
    static const int want[4][3][2] = {
        {{2, 2}, {2, 3}, {2, 4}},
        {{2, 2}, {3, 2}, {4, 2}},
        {{0, 0}, {1, 1}, {2, 2}},
        {{0, 4}, {1, 3}, {2, 2}},
    };
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(5, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    for (int i = 0; i < 9; i++) {
        assert_int_equal(ttt_game_move(g, (ttt_pos){xs[i][0], xs[i][1]}, NULL), TTT_OK);
        if (i < 8) assert_int_equal(ttt_game_move(g, (ttt_pos){os[i][0], os[i][1]}, NULL), TTT_OK);
    }
    ttt_line lines[TTT_MAX_WINNING_SETS];
    int n = 0;
    assert_int_equal(ttt_game_winning_lines(g, lines, TTT_MAX_WINNING_SETS, &n), TTT_OK);
    assert_int_equal(n, 4);
    for (int i = 0; i < 4; i++)
        assert_line(&lines[i], 3, want[i]);

    /* The same board parsed from text reports the same four sets. */
    char text[TTT_FORMAT_MAX];
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_COMPACT, text, sizeof text, NULL), TTT_OK);
    ttt_game *p = NULL;
    assert_int_equal(ttt_game_parse(text, 5, 3, TTT_PLAYER_NONE, NULL, &p), TTT_OK);
    n = 0;
    assert_int_equal(ttt_game_winning_lines(p, lines, TTT_MAX_WINNING_SETS, &n), TTT_OK);
    assert_int_equal(n, 4);
    for (int i = 0; i < 4; i++)
        assert_line(&lines[i], 3, want[i]);
    ttt_game_free(p);
    ttt_game_free(g);
}

static void test_draw(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    static const int moves[][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 2}, {2, 0},
                                   {1, 0}, {1, 2}, {2, 1}, {0, 1}};
    for (int i = 0; i < 9; i++) {
        ttt_state st = ttt_game_state(g);
        assert_int_equal(st, i % 2 == 0 ? TTT_STATE_X_TO_MOVE : TTT_STATE_O_TO_MOVE);
        assert_int_equal(ttt_game_move(g, (ttt_pos){moves[i][0], moves[i][1]}, NULL), TTT_OK);
    }
    ttt_state st;
    ttt_player p;
    st = ttt_game_state(g);
    assert_int_equal(st, TTT_STATE_DRAW);
    p = ttt_game_winner(g);
    assert_int_equal(p, TTT_PLAYER_NONE);
    p = ttt_game_turn(g);
    assert_int_equal(p, TTT_PLAYER_NONE);
    int n = -1;
    assert_int_equal(ttt_game_winning_lines(g, NULL, 0, &n), TTT_OK);
    assert_int_equal(n, 0);
    ttt_game_free(g);
}

/* Random games on every size and k: after each move the engine's verdict
 * must match a brute-force scan of the whole board. */
static void test_random_games_match_brute_force(void **state)
{
    (void)state;
    uint64_t rng = 1;
    const int games_per_config = 40;
    for (int size = TTT_MIN_SIZE; size <= TTT_MAX_SIZE; size++)
        for (int k = TTT_MIN_K; k <= size; k++)
            for (int gi = 0; gi < games_per_config; gi++) {
                ttt_game *g = NULL;
                ttt_player first = gi % 2 ? TTT_PLAYER_O : TTT_PLAYER_X;
                assert_int_equal(ttt_game_new(size, k, first, NULL, &g), TTT_OK);
                ttt_player mover = first;
                for (;;) {
                    ttt_state st = ttt_game_state(g);
                    if (st != TTT_STATE_X_TO_MOVE && st != TTT_STATE_O_TO_MOVE) break;
                    assert_int_equal(st, mover == TTT_PLAYER_X ? TTT_STATE_X_TO_MOVE
                                                               : TTT_STATE_O_TO_MOVE);
                    play_random(g, &rng);
                    ttt_player board[TTT_MAX_SQUARES];
                    board_of(g, board);
                    int won = brute_has_line(board, size, k, mover);
                    assert_false(brute_has_line(board, size, k, ttt_player_other(mover)));
                    int count = ttt_game_move_count(g);
                    st = ttt_game_state(g);
                    if (won)
                        assert_int_equal(st,
                                         mover == TTT_PLAYER_X ? TTT_STATE_X_WON : TTT_STATE_O_WON);
                    else if (count == size * size)
                        assert_int_equal(st, TTT_STATE_DRAW);
                    else
                        assert_int_equal(st, mover == TTT_PLAYER_X ? TTT_STATE_O_TO_MOVE
                                                                   : TTT_STATE_X_TO_MOVE);
                    if (won) {
                        /* Every reported set is the winner's and goes through
                         * the square just played. */
                        ttt_line lines[TTT_MAX_WINNING_SETS];
                        ttt_pos hist[TTT_MAX_SQUARES];
                        int n = 0, nh = 0;
                        assert_int_equal(ttt_game_winning_lines(g, lines, TTT_MAX_WINNING_SETS, &n),
                                         TTT_OK);
                        assert_int_equal(ttt_game_history(g, hist, TTT_MAX_SQUARES, &nh), TTT_OK);
                        assert_true(n >= 1);
                        for (int i = 0; i < n; i++) {
                            int through = 0;
                            for (int j = 0; j < k; j++) {
                                ttt_pos q = lines[i].squares[j];
                                assert_int_equal(board[q.row * size + q.col], mover);
                                through |= q.row == hist[nh - 1].row && q.col == hist[nh - 1].col;
                            }
                            assert_true(through);
                        }
                    }
                    mover = ttt_player_other(mover);
                }
                ttt_game_free(g);
            }
}

/* ========================================================================= */
/* Refused moves                                                             */
/* ========================================================================= */

static void test_refused_moves_change_nothing(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(4, 3, TTT_PLAYER_O, NULL, &g), TTT_OK);
    assert_int_equal(ttt_game_move(g, (ttt_pos){1, 1}, NULL), TTT_OK);
    assert_int_equal(ttt_game_move(g, (ttt_pos){0, 0}, NULL), TTT_OK);
    snapshot before;
    snapshot_take(g, &before);

    assert_int_equal(ttt_game_move(g, (ttt_pos){1, 1}, NULL), TTT_ERR_OCCUPIED);
    snapshot_assert_same(g, &before);
    assert_int_equal(ttt_game_move(g, (ttt_pos){0, 0}, NULL), TTT_ERR_OCCUPIED);
    snapshot_assert_same(g, &before);
    static const int outside[][2] = {{-1, 0}, {0, -1},  {4, 0},    {0, 4}, {-1, -1},
                                     {4, 4},  {100, 0}, {0, -100}, {2, 7}};
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        assert_int_equal(ttt_game_move(g, (ttt_pos){outside[i][0], outside[i][1]}, NULL),
                         TTT_ERR_OUTSIDE);
        snapshot_assert_same(g, &before);
    }
    assert_int_equal(ttt_game_move(NULL, (ttt_pos){0, 1}, NULL), TTT_ERR_NULL);
    snapshot_assert_same(g, &before);

    /* Finish the game (O wins along row 1), then every move is refused as
     * game over, even onto an occupied or outside square. */
    static const int rest[][2] = {{1, 2}, {0, 1}, {1, 3}};
    play_moves(g, rest, 3);
    ttt_state st = ttt_game_state(g);
    assert_int_equal(st, TTT_STATE_O_WON);
    snapshot_take(g, &before);
    assert_int_equal(ttt_game_move(g, (ttt_pos){3, 3}, NULL), TTT_ERR_GAME_OVER);
    snapshot_assert_same(g, &before);
    assert_int_equal(ttt_game_move(g, (ttt_pos){1, 1}, NULL), TTT_ERR_GAME_OVER);
    snapshot_assert_same(g, &before);
    assert_int_equal(ttt_game_move(g, (ttt_pos){-1, 9}, NULL), TTT_ERR_GAME_OVER);
    snapshot_assert_same(g, &before);
    ttt_game_free(g);
}

/* can_move and move agree on every square (and some outside) of positions
 * from random games, and an accepted move is the only kind that changes
 * anything. */
static void test_can_move_agrees_with_move(void **state)
{
    (void)state;
    uint64_t rng = 2;
    for (int size = TTT_MIN_SIZE; size <= TTT_MAX_SIZE; size++) {
        int k = size < 5 ? size : 4;
        ttt_game *g = NULL, *probe = NULL;
        assert_int_equal(ttt_game_new(size, k, TTT_PLAYER_X, NULL, &g), TTT_OK);
        assert_int_equal(ttt_game_clone(g, &probe), TTT_OK);
        for (;;) {
            snapshot before;
            snapshot_take(g, &before);
            for (int r = -1; r <= size; r++)
                for (int c = -1; c <= size; c++) {
                    ttt_game_copy(probe, g);
                    ttt_status can = ttt_game_can_move(g, (ttt_pos){r, c});
                    ttt_status did = ttt_game_move(probe, (ttt_pos){r, c}, NULL);
                    assert_int_equal(can, did);
                    if (did != TTT_OK) snapshot_assert_same(probe, &before);
                }
            ttt_state st = ttt_game_state(g);
            if (st != TTT_STATE_X_TO_MOVE && st != TTT_STATE_O_TO_MOVE) break;
            play_random(g, &rng);
        }
        ttt_game_free(probe);
        ttt_game_free(g);
    }
    assert_int_equal(ttt_game_can_move(NULL, (ttt_pos){0, 0}), TTT_ERR_NULL);
}

/* ========================================================================= */
/* State machine, undo, history                                              */
/* ========================================================================= */

static void assert_first(const ttt_game *g, ttt_player want)
{
    ttt_player p;
    ttt_state st;
    int count = -1;
    p = ttt_game_first_player(g);
    assert_int_equal(p, want);
    p = ttt_game_turn(g);
    assert_int_equal(p, want);
    st = ttt_game_state(g);
    assert_int_equal(st, want == TTT_PLAYER_X ? TTT_STATE_X_TO_MOVE : TTT_STATE_O_TO_MOVE);
    count = ttt_game_move_count(g);
    assert_int_equal(count, 0);
}

static void test_first_player_alternates(void **state)
{
    (void)state;
    for (int f = 0; f < 2; f++) {
        ttt_player first = f ? TTT_PLAYER_O : TTT_PLAYER_X;
        ttt_game *g = NULL;
        assert_int_equal(ttt_game_new(3, 3, first, NULL, &g), TTT_OK);
        assert_first(g, first);
        ttt_player expect = first;
        uint64_t rng = 3;
        for (int round = 0; round < 6; round++) {
            /* Finished games, unfinished games and untouched games alike. */
            static const int PLIES[3] = {9, 2, 0};
            int plies = PLIES[round % 3];
            for (int i = 0; i < plies; i++) {
                ttt_player turn = ttt_game_turn(g);
                if (turn == TTT_PLAYER_NONE) break;
                play_random(g, &rng);
            }
            ttt_game_start_next(g);
            expect = ttt_player_other(expect);
            assert_first(g, expect);
            int n = -1, size = 0, k = 0;
            assert_int_equal(ttt_game_history(g, NULL, 0, &n), TTT_OK);
            assert_int_equal(n, 0);
            assert_int_equal(ttt_game_empty_squares(g, NULL, 0, &n), TTT_ERR_BUFFER);
            assert_int_equal(n, 9);
            size = ttt_game_size(g);
            k = ttt_game_k(g);
            assert_int_equal(size, 3);
            assert_int_equal(k, 3);
        }
        ttt_game_free(g);
    }
}

static void test_undo_to_empty(void **state)
{
    (void)state;
    uint64_t rng = 4;
    for (int size = TTT_MIN_SIZE; size <= TTT_MAX_SIZE; size++)
        for (int k = TTT_MIN_K; k <= size; k++) {
            ttt_game *g = NULL;
            assert_int_equal(ttt_game_new(size, k, TTT_PLAYER_O, NULL, &g), TTT_OK);
            snapshot snaps[TTT_MAX_SQUARES + 1];
            int plies = 0;
            snapshot_take(g, &snaps[0]);
            for (;;) {
                ttt_player turn = ttt_game_turn(g);
                if (turn == TTT_PLAYER_NONE) break;
                play_random(g, &rng);
                snapshot_take(g, &snaps[++plies]);
            }
            /* Each undo restores exactly the position before that move,
             * including undoing the final, winning or drawing, move. */
            for (int i = plies; i > 0; i--) {
                assert_int_equal(ttt_game_undo(g), TTT_OK);
                snapshot_assert_same(g, &snaps[i - 1]);
            }
            assert_int_equal(ttt_game_undo(g), TTT_ERR_NO_HISTORY);
            snapshot_assert_same(g, &snaps[0]);
            ttt_game_free(g);
        }
    assert_int_equal(ttt_game_undo(NULL), TTT_ERR_NULL);
}

static void test_history(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(4, 4, TTT_PLAYER_X, NULL, &g), TTT_OK);
    static const int moves[][2] = {{3, 3}, {0, 0}, {2, 1}, {1, 2}, {0, 3}};
    play_moves(g, moves, 5);
    ttt_pos hist[TTT_MAX_SQUARES];
    int n = -1;
    assert_int_equal(ttt_game_history(g, hist, TTT_MAX_SQUARES, &n), TTT_OK);
    assert_int_equal(n, 5);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(hist[i].row, moves[i][0]);
        assert_int_equal(hist[i].col, moves[i][1]);
    }
    /* Exactly enough room is enough. */
    assert_int_equal(ttt_game_history(g, hist, 5, &n), TTT_OK);
    /* Too little: the count needed, and the first entries written. */
    ttt_pos small[3] = {{-1, -1}, {-1, -1}, {-1, -1}};
    n = -1;
    assert_int_equal(ttt_game_history(g, small, 2, &n), TTT_ERR_BUFFER);
    assert_int_equal(n, 5);
    assert_int_equal(small[1].row, 0);
    assert_int_equal(small[1].col, 0);
    assert_int_equal(small[2].row, -1); /* nothing beyond the capacity */
    assert_int_equal(ttt_game_history(g, NULL, 0, &n), TTT_ERR_BUFFER);
    assert_int_equal(n, 5);
    assert_int_equal(ttt_game_history(g, NULL, 1, &n), TTT_ERR_NULL);
    assert_int_equal(ttt_game_history(g, hist, -1, &n), TTT_ERR_RANGE);
    assert_int_equal(ttt_game_undo(g), TTT_OK);
    assert_int_equal(ttt_game_history(g, hist, TTT_MAX_SQUARES, &n), TTT_OK);
    assert_int_equal(n, 4);
    assert_int_equal(hist[3].row, 1);
    assert_int_equal(hist[3].col, 2);
    ttt_game_free(g);
}

/* ========================================================================= */
/* Iterating the board                                                       */
/* ========================================================================= */

static void test_squares_iteration(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    assert_int_equal(ttt_game_move(g, (ttt_pos){0, 1}, NULL), TTT_OK); /* X */
    assert_int_equal(ttt_game_move(g, (ttt_pos){2, 2}, NULL), TTT_OK); /* O */
    ttt_square sq[TTT_MAX_SQUARES];
    int n = -1;
    assert_int_equal(ttt_game_squares(g, sq, TTT_MAX_SQUARES, &n), TTT_OK);
    assert_int_equal(n, 9);
    for (int i = 0; i < 9; i++) {
        assert_int_equal(sq[i].pos.row, i / 3);
        assert_int_equal(sq[i].pos.col, i % 3);
        ttt_player owner = TTT_PLAYER_X;
        assert_int_equal(ttt_game_owner(g, (ttt_pos){i / 3, i % 3}, &owner), TTT_OK);
        assert_int_equal(sq[i].owner, owner);
        assert_int_equal(owner, i == 1 ? TTT_PLAYER_X : i == 8 ? TTT_PLAYER_O : TTT_PLAYER_NONE);
    }
    ttt_square few[4];
    memset(few, 0x5a, sizeof few);
    assert_int_equal(ttt_game_squares(g, few, 3, &n), TTT_ERR_BUFFER);
    assert_int_equal(n, 9);
    assert_int_equal(few[1].owner, TTT_PLAYER_X);
    assert_int_equal(few[3].pos.row, 0x5a5a5a5a); /* untouched past capacity */
    assert_int_equal(ttt_game_squares(g, NULL, 0, &n), TTT_ERR_BUFFER);
    assert_int_equal(ttt_game_squares(g, NULL, 2, &n), TTT_ERR_NULL);
    assert_int_equal(ttt_game_squares(g, sq, -2, &n), TTT_ERR_RANGE);

    ttt_pos fr[TTT_MAX_SQUARES];
    assert_int_equal(ttt_game_empty_squares(g, fr, TTT_MAX_SQUARES, &n), TTT_OK);
    assert_int_equal(n, 7);
    static const int want[7] = {0, 2, 3, 4, 5, 6, 7};
    for (int i = 0; i < 7; i++) {
        assert_int_equal(fr[i].row * 3 + fr[i].col, want[i]);
        assert_int_equal(ttt_game_can_move(g, fr[i]), TTT_OK);
    }
    ttt_pos fewp[3];
    memset(fewp, 0x5a, sizeof fewp);
    assert_int_equal(ttt_game_empty_squares(g, fewp, 2, &n), TTT_ERR_BUFFER);
    assert_int_equal(n, 7);
    assert_int_equal(fewp[1].col, 2);
    assert_int_equal(fewp[2].row, 0x5a5a5a5a);
    assert_int_equal(ttt_game_empty_squares(g, NULL, 1, &n), TTT_ERR_NULL);
    assert_int_equal(ttt_game_empty_squares(g, fr, -1, &n), TTT_ERR_RANGE);

    /* After the game ends the empty squares are still listed. */
    static const int rest[][2] = {{1, 1}, {2, 0}, {2, 1}};
    play_moves(g, rest, 3); /* X: (0,1) (1,1) (2,1) is column 1 */
    ttt_state st = ttt_game_state(g);
    assert_int_equal(st, TTT_STATE_X_WON);
    assert_int_equal(ttt_game_empty_squares(g, fr, TTT_MAX_SQUARES, &n), TTT_OK);
    assert_int_equal(n, 4);

    /* Off the board: refused, and the answer is left alone. */
    ttt_player off = TTT_PLAYER_O;
    assert_int_equal(ttt_game_owner(g, (ttt_pos){3, 0}, &off), TTT_ERR_OUTSIDE);
    assert_int_equal(ttt_game_owner(g, (ttt_pos){0, -1}, &off), TTT_ERR_OUTSIDE);
    assert_int_equal(off, TTT_PLAYER_O);
    assert_int_equal(ttt_game_owner(g, (ttt_pos){0, 0}, NULL), TTT_ERR_NULL);
    ttt_game_free(g);
}

/* ========================================================================= */
/* Small functions                                                           */
/* ========================================================================= */

static void test_status_strings(void **state)
{
    (void)state;
    /* The statuses run from TTT_OK to the last, TTT_ERR_ALLOCATOR, with no
     * hole. */
    const char *seen[TTT_ERR_ALLOCATOR + 1];
    for (int s = TTT_OK; s <= TTT_ERR_ALLOCATOR; s++) {
        seen[s] = "";
        const char *name = ttt_status_message((ttt_status)s);
        assert_non_null(name);
        assert_true(strlen(name) > 0);
        assert_string_not_equal(name, "unknown status");
        for (int t = 0; t < s; t++)
            assert_string_not_equal(name, seen[t]);
        seen[s] = name;
    }
    assert_string_equal(ttt_status_message((ttt_status)(TTT_ERR_ALLOCATOR + 1)), "unknown status");
    assert_string_equal(ttt_status_message((ttt_status)-1), "unknown status");
}

static void test_version(void **state)
{
    (void)state;
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", TTT_VERSION_MAJOR, TTT_VERSION_MINOR,
             TTT_VERSION_PATCH);
    assert_string_equal(TTT_VERSION_STRING, want);
    assert_string_equal(ttt_version(), want);
}

static void test_new_errors(void **state)
{
    (void)state;
    ttt_game *g = (ttt_game *)&g;
    assert_int_equal(ttt_game_new(2, 2, TTT_PLAYER_X, NULL, &g), TTT_ERR_SIZE);
    assert_null(g);
    assert_int_equal(ttt_game_new(9, 3, TTT_PLAYER_X, NULL, &g), TTT_ERR_SIZE);
    assert_int_equal(ttt_game_new(5, 2, TTT_PLAYER_X, NULL, &g), TTT_ERR_K);
    assert_int_equal(ttt_game_new(5, 6, TTT_PLAYER_X, NULL, &g), TTT_ERR_K);
    assert_int_equal(ttt_game_new(5, 5, TTT_PLAYER_NONE, NULL, &g), TTT_ERR_PLAYER);
    assert_int_equal(ttt_game_new(5, 5, (ttt_player)9, NULL, &g), TTT_ERR_PLAYER);
    assert_null(g);
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_player_other(TTT_PLAYER_X), TTT_PLAYER_O);
    assert_int_equal(ttt_player_other(TTT_PLAYER_O), TTT_PLAYER_X);
    assert_int_equal(ttt_player_other(TTT_PLAYER_NONE), TTT_PLAYER_NONE);
    assert_int_equal(ttt_player_other((ttt_player)5), TTT_PLAYER_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_win),
        cmocka_unit_test(test_double_line_win),
        cmocka_unit_test(test_run_longer_than_k),
        cmocka_unit_test(test_four_directions),
        cmocka_unit_test(test_draw),
        cmocka_unit_test(test_random_games_match_brute_force),
        cmocka_unit_test(test_refused_moves_change_nothing),
        cmocka_unit_test(test_can_move_agrees_with_move),
        cmocka_unit_test(test_first_player_alternates),
        cmocka_unit_test(test_undo_to_empty),
        cmocka_unit_test(test_history),
        cmocka_unit_test(test_squares_iteration),
        cmocka_unit_test(test_status_strings),
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_new_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
