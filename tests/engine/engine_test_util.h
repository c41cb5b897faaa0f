/*
 * engine_test_util.h - helpers shared by the engine's tests: a snapshot of
 * everything the public API can tell about a game (so "nothing changed" can
 * be checked with one comparison), a small deterministic random generator
 * (SplitMix64, the tests' own),
 * and a brute-force line checker that is independent of the engine's
 * incremental win detection.
 *
 * Only the public headers are used: the tests see the engine the way an
 * application does.
 */
#ifndef ENGINE_TEST_UTIL_H
#define ENGINE_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ttt/game.h"

/* Everything observable about a game through the public API. */
typedef struct snapshot {
    int size, k, move_count;
    ttt_state state;
    ttt_player turn, first, winner;
    int nhist, nsquares, nfree, nlines;
    ttt_pos hist[TTT_MAX_SQUARES];
    ttt_square squares[TTT_MAX_SQUARES];
    ttt_pos free_squares[TTT_MAX_SQUARES];
    ttt_line lines[TTT_MAX_WINNING_SETS];
    char grid[TTT_FORMAT_MAX];
    char compact[TTT_FORMAT_MAX];
} snapshot;

/* Fills *s from g; every query must succeed. The struct is zeroed first so
 * two snapshots can be compared byte for byte, padding included. */
static inline void snapshot_take(const ttt_game *g, snapshot *s)
{
    memset(s, 0, sizeof *s);
    s->size = ttt_game_size(g);
    s->k = ttt_game_k(g);
    s->move_count = ttt_game_move_count(g);
    s->state = ttt_game_state(g);
    s->turn = ttt_game_turn(g);
    s->first = ttt_game_first_player(g);
    s->winner = ttt_game_winner(g);
    assert_int_equal(ttt_game_history(g, s->hist, TTT_MAX_SQUARES, &s->nhist), TTT_OK);
    assert_int_equal(ttt_game_squares(g, s->squares, TTT_MAX_SQUARES, &s->nsquares), TTT_OK);
    assert_int_equal(ttt_game_empty_squares(g, s->free_squares, TTT_MAX_SQUARES, &s->nfree),
                     TTT_OK);
    assert_int_equal(ttt_game_winning_lines(g, s->lines, TTT_MAX_WINNING_SETS, &s->nlines), TTT_OK);
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_GRID, s->grid, sizeof s->grid, NULL), TTT_OK);
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_COMPACT, s->compact, sizeof s->compact, NULL),
                     TTT_OK);
}

/* Fails the test unless g still matches the snapshot `before`. */
static inline void snapshot_assert_same(const ttt_game *g, const snapshot *before)
{
    snapshot now;
    snapshot_take(g, &now);
    assert_string_equal(now.compact, before->compact);
    assert_memory_equal(&now, before, sizeof now);
}

/* SplitMix64, seeded per test so every run plays the same games. The
 * state lives in the caller. */
static inline uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A uniform-enough integer in [0, bound); bound > 0 and small. */
static inline int rng_below(uint64_t *state, int bound)
{
    return (int)(rng_next(state) % (uint64_t)bound);
}

/* Plays one random legal move; the game must not be over. */
static inline ttt_pos play_random(ttt_game *g, uint64_t *rng)
{
    ttt_pos free_sq[TTT_MAX_SQUARES];
    int nfree = 0;
    assert_int_equal(ttt_game_empty_squares(g, free_sq, TTT_MAX_SQUARES, &nfree), TTT_OK);
    assert_true(nfree > 0);
    ttt_pos p = free_sq[rng_below(rng, nfree)];
    assert_int_equal(ttt_game_move(g, p, NULL), TTT_OK);
    return p;
}

/* Independent check for a line: scans every square as the start of a line
 * in every direction, on a plain array of owners, with none of the engine's
 * bitboard or incremental logic. */
static inline int brute_has_line(const ttt_player *board, int size, int k, ttt_player who)
{
    static const int steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++)
            for (int d = 0; d < 4; d++) {
                int i = 0;
                while (i < k) {
                    int rr = r + steps[d][0] * i, cc = c + steps[d][1] * i;
                    if (rr < 0 || rr >= size || cc < 0 || cc >= size) break;
                    if (board[rr * size + cc] != who) break;
                    i++;
                }
                if (i == k) return 1;
            }
    return 0;
}

/* Reads the board of g into a plain array of owners, row by row. */
static inline void board_of(const ttt_game *g, ttt_player *board)
{
    ttt_square sq[TTT_MAX_SQUARES];
    int n = 0;
    assert_int_equal(ttt_game_squares(g, sq, TTT_MAX_SQUARES, &n), TTT_OK);
    for (int i = 0; i < n; i++)
        board[i] = sq[i].owner;
}

/* Plays a list of (row, col) pairs, each of which must be accepted. */
static inline void play_moves(ttt_game *g, const int (*moves)[2], int count)
{
    for (int i = 0; i < count; i++)
        assert_int_equal(ttt_game_move(g, (ttt_pos){moves[i][0], moves[i][1]}, NULL), TTT_OK);
}

#endif /* ENGINE_TEST_UTIL_H */
