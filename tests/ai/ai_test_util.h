/*
 * ai_test_util.h - helpers of the AI tests: an independent brute-force 3x3
 * solver (a plain recursion over a char board, sharing no code or idea of
 * representation with the engine), the list of every unfinished 3x3
 * position, and small game helpers. The public headers, and the engine's
 * test entry points (ai_internal.h: a depth limit, a search without the
 * opening book), which the ai tests reach by linking ttt_engine_internal.
 */
#ifndef AI_TEST_UTIL_H
#define AI_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ttt/ttt.h"

#include "ai_internal.h"

/* ttt_ai_analyze() with a move's options (o may be NULL for the
 * defaults): it reads their limits and ignores the player. */
static inline ttt_status analyze_with(ttt_ai_context *ctx, const ttt_game *g,
                                      const ttt_ai_options *o, ttt_analysis *a)
{
    return ttt_ai_analyze(ctx, g, o, a);
}

/* ttt_ai_move() with a depth limit (0: none); a non-zero one makes 3x3
 * search instead of reading its table. */
static inline ttt_status move_depth(ttt_ai_context *ctx, const ttt_game *g, const ttt_ai_options *o,
                                    int max_depth, ttt_ai_result *r)
{
    ai_knobs k = {max_depth, false, 0, 0, false};
    return ttt__ai_move_knobs(ctx, g, o, &k, r);
}

/* ttt_ai_move() without the opening book and known values: the solver. */
static inline ttt_status move_search_only(ttt_ai_context *ctx, const ttt_game *g,
                                          const ttt_ai_options *o, ttt_ai_result *r)
{
    ai_knobs k = {0, true, 0, 0, false};
    return ttt__ai_move_knobs(ctx, g, o, &k, r);
}

/* A new game of n x n, k in a line, X first. */
static inline ttt_game *new_game(int n, int k)
{
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(n, k, TTT_PLAYER_X, NULL, &g), TTT_OK);
    return g;
}

/* A game from its text (ttt_game_parse), the player to move inferred. */
static inline ttt_game *parse(const char *text, int n, int k)
{
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_parse(text, n, k, TTT_PLAYER_NONE, NULL, &g), TTT_OK);
    return g;
}

#define N3 9
#define POSITIONS_3X3 4520

/* A value for the player to move: result 1 win, 0 draw, -1 loss, and the
 * plies to the end of the game under perfect play. */
typedef struct bf_value {
    int result;
    int plies;
} bf_value;

/* Each player's mark, indexed by ttt_player (none, X, O). */
static const char BF_MARK[3] = {'.', 'x', 'o'};

/* A mark with X and O swapped. */
static inline char bf_swapped(char c)
{
    if (c == 'x') return 'o';
    return c == 'o' ? 'x' : '.';
}

static const int BF_LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                   {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static inline int bf_won(const char *b, char who)
{
    for (int i = 0; i < 8; i++)
        if (b[BF_LINES[i][0]] == who && b[BF_LINES[i][1]] == who && b[BF_LINES[i][2]] == who)
            return 1;
    return 0;
}

/* Whether value a is better than b for the player they belong to: a win
 * beats a draw beats a loss; a faster win and a slower loss are better. */
static inline int bf_better(bf_value a, bf_value b)
{
    if (a.result != b.result) return a.result > b.result;
    if (a.result == 1) return a.plies < b.plies;
    if (a.result == -1) return a.plies > b.plies;
    return 0;
}

/* Value of playing square sq for `me` (the board is not over). */
static inline bf_value bf_move(char *b, int sq, char me);

/* Value of the board for `me` to move (the game must be on). */
static inline bf_value bf_solve(char *b, char me)
{
    bf_value best = {-2, 0};
    for (int sq = 0; sq < N3; sq++) {
        if (b[sq] != '.') continue;
        bf_value v = bf_move(b, sq, me);
        if (best.result == -2 || bf_better(v, best)) best = v;
    }
    return best;
}

static inline bf_value bf_move(char *b, int sq, char me)
{
    bf_value v;
    b[sq] = me;
    int empty = 0;
    for (int i = 0; i < N3; i++)
        empty += b[i] == '.';
    if (bf_won(b, me)) {
        v.result = 1;
        v.plies = 1;
    } else if (empty == 0) {
        v.result = 0;
        v.plies = 1;
    } else {
        bf_value c = bf_solve(b, me == 'x' ? 'o' : 'x');
        v.result = -c.result;
        v.plies = c.plies + 1;
    }
    b[sq] = '.';
    return v;
}

static inline bf_value bf_from_outcome(ttt_outcome o, int plies)
{
    bf_value v = {(o == TTT_OUTCOME_WIN) - (o == TTT_OUTCOME_LOSS), plies};
    return v;
}

/* Who owns a square that is on the board. */
static inline ttt_player square_owner(const ttt_game *g, int row, int col)
{
    ttt_player p = TTT_PLAYER_NONE;
    assert_int_equal(ttt_game_owner(g, (ttt_pos){row, col}, &p), TTT_OK);
    return p;
}

/* The board of a 3x3 game as 9 chars 'x', 'o', '.', and who is to move. */
static inline char board_of(const ttt_game *g, char *b)
{
    for (int sq = 0; sq < N3; sq++) {
        b[sq] = BF_MARK[square_owner(g, sq / 3, sq % 3)];
    }
    ttt_player t = ttt_game_turn(g);
    return t == TTT_PLAYER_NONE ? 0 : BF_MARK[t];
}

/* Every unfinished 3x3 position reachable with X first, as 9-char boards
 * (X to move when the counts are equal). */
typedef struct position_list {
    int count;
    char boards[POSITIONS_3X3][N3 + 1];
} position_list;

static inline void collect(position_list *l, unsigned char *seen, char *b, char me)
{
    int code = 0;
    for (int i = 0; i < N3; i++)
        code = code * 3 + (b[i] == 'x' ? 1 : b[i] == 'o' ? 2 : 0);
    if (seen[code]) return;
    seen[code] = 1;
    assert_true(l->count < POSITIONS_3X3);
    memcpy(l->boards[l->count], b, N3);
    l->boards[l->count][N3] = '\0';
    l->count++;
    for (int sq = 0; sq < N3; sq++) {
        if (b[sq] != '.') continue;
        b[sq] = me;
        int empty = 0;
        for (int i = 0; i < N3; i++)
            empty += b[i] == '.';
        if (!bf_won(b, me) && empty > 0) collect(l, seen, b, me == 'x' ? 'o' : 'x');
        b[sq] = '.';
    }
}

static inline void all_positions(position_list *l)
{
    static unsigned char seen[19683];
    memset(seen, 0, sizeof seen);
    char b[N3 + 1] = ".........";
    l->count = 0;
    collect(l, seen, b, 'x');
}

/* A game from a 9-char board; `swap` exchanges x and o (an O-first game). */
static inline ttt_game *game_from(const char *board, int swap)
{
    char text[N3 + 1];
    for (int i = 0; i < N3; i++)
        text[i] = swap ? bf_swapped(board[i]) : board[i];
    text[N3] = '\0';
    int nx = 0, no = 0;
    for (int i = 0; i < N3; i++) {
        nx += text[i] == 'x';
        no += text[i] == 'o';
    }
    /* Equal counts: the player who moved first (X, or O when swapped) moves. */
    ttt_player to_move = TTT_PLAYER_NONE;
    if (nx == no) to_move = swap ? TTT_PLAYER_O : TTT_PLAYER_X;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_parse(text, 3, 3, to_move, NULL, &g), TTT_OK);
    return g;
}

static inline ttt_ai_options perfect_opts(uint64_t seed)
{
    ttt_ai_options o;
    TTT_INIT(&o);
    o.seed = seed;
    return o;
}

/* Asserts that the move is legal in g. */
static inline void assert_legal(const ttt_game *g, ttt_pos m)
{
    assert_int_equal(ttt_game_can_move(g, m), TTT_OK);
}

#endif /* AI_TEST_UTIL_H */
