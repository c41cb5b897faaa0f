/*
 * brute_force.h - an independent solver of small m,n,k boards for the
 * engine's module tests (test_proof.c, test_alphabeta.c): plain recursion
 * over a char board ('x', 'o', '.'), no tables, no pruning beyond the end
 * of the game, and no code or representation shared with the engine. Fit
 * for boards with up to about nine empty squares.
 */
#ifndef BRUTE_FORCE_H
#define BRUTE_FORCE_H

#include <stdbool.h>
#include <stdint.h>

/* A board: n x n squares, row by row, k in a line to win. */
typedef struct bf_board {
    int n, k;
    char cells[64];
} bf_board;

/* Whether the mark at square sq completes a line of k of its own. */
static inline bool bf_line_through(const bf_board *b, int sq)
{
    static const int DIR[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    char m = b->cells[sq];
    int r = sq / b->n, c = sq % b->n;
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int s = -1; s <= 1; s += 2) {
            int rr = r + s * DIR[d][0], cc = c + s * DIR[d][1];
            while (rr >= 0 && rr < b->n && cc >= 0 && cc < b->n && b->cells[rr * b->n + cc] == m) {
                run++;
                rr += s * DIR[d][0];
                cc += s * DIR[d][1];
            }
        }
        if (run >= b->k) return true;
    }
    return false;
}

static inline char bf_other(char m)
{
    return m == 'x' ? 'o' : 'x';
}

/* The value for `me` to move under perfect play: result +1 win, 0 draw,
 * -1 loss, and the plies to the end of the game (the fastest win, the
 * slowest loss; a draw fills the board). */
typedef struct bf_value {
    int result;
    int plies;
} bf_value;

/* Whether a is better than b for the player they belong to. */
static inline bool bf_better(bf_value a, bf_value b)
{
    if (a.result != b.result) return a.result > b.result;
    if (a.result > 0) return a.plies < b.plies;
    if (a.result < 0) return a.plies > b.plies;
    return false;
}

static inline bf_value bf_solve(bf_board *b, char me);

/* The value, for `me`, of playing square sq. */
static inline bf_value bf_move_value(bf_board *b, int sq, char me)
{
    bf_value v;
    b->cells[sq] = me;
    if (bf_line_through(b, sq)) {
        v.result = 1;
        v.plies = 1;
    } else {
        bf_value reply = bf_solve(b, bf_other(me));
        v.result = -reply.result;
        v.plies = reply.plies + 1;
    }
    b->cells[sq] = '.';
    return v;
}

static inline bf_value bf_solve(bf_board *b, char me)
{
    bf_value best = {-2, 0};
    for (int sq = 0; sq < b->n * b->n; sq++) {
        if (b->cells[sq] != '.') continue;
        bf_value v = bf_move_value(b, sq, me);
        if (best.result == -2 || bf_better(v, best)) best = v;
    }
    if (best.result == -2) best.result = 0; /* full board: a draw, over now */
    return best;
}

/* Whether `attacker` forces a win with `to_move` to move (a draw is not a
 * win). */
static inline bool bf_forces_win(bf_board *b, char attacker, char to_move)
{
    bool any = false;
    for (int sq = 0; sq < b->n * b->n; sq++) {
        if (b->cells[sq] != '.') continue;
        any = true;
        b->cells[sq] = to_move;
        bool won = bf_line_through(b, sq);
        bool wins = won ? to_move == attacker : bf_forces_win(b, attacker, bf_other(to_move));
        b->cells[sq] = '.';
        if (to_move == attacker && wins) return true;
        if (to_move != attacker && !wins) return false;
    }
    /* No move left: a draw. Otherwise the attacker found no win, or the
     * defender no escape. */
    return any && to_move != attacker;
}

/* A small deterministic generator for the tests' positions (not the
 * engine's). */
static inline unsigned bf_rand(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (*state >> 16) & 0x7fffu;
}

/* A position on an n x n board with `empty` squares left, no line on it,
 * `x` to move when the mark counts are equal: random moves from the empty
 * board, tried again until no line is made. Returns the player to move. */
static inline char bf_random_position(bf_board *b, int n, int k, int empty, unsigned *seed)
{
    for (;;) {
        b->n = n;
        b->k = k;
        for (int i = 0; i < n * n; i++)
            b->cells[i] = '.';
        char m = 'x';
        bool line = false;
        for (int placed = 0; placed < n * n - empty && !line; placed++) {
            int sq;
            do {
                sq = (int)(bf_rand(seed) % (unsigned)(n * n));
            } while (b->cells[sq] != '.');
            b->cells[sq] = m;
            line = bf_line_through(b, sq);
            m = bf_other(m);
        }
        if (!line) return m;
    }
}

/* The board as the engine's search takes it: a bit per square of the
 * player to move (`me`) and of the other; returns the empty squares. */
static inline int bf_bitboards(const bf_board *b, char me, uint64_t *mover, uint64_t *other)
{
    int empty = 0;
    *mover = *other = 0;
    for (int sq = 0; sq < b->n * b->n; sq++) {
        if (b->cells[sq] == me) *mover |= UINT64_C(1) << sq;
        if (b->cells[sq] == bf_other(me)) *other |= UINT64_C(1) << sq;
        empty += b->cells[sq] == '.';
    }
    return empty;
}

/* `count` random positions of an n x n board with `empty` squares left
 * (bf_random_position from `seed`), each given to `check` with the player
 * to move and `ctx`: the loop both search tests run over their boards. */
static inline void bf_each_position(int n, int k, int empty, unsigned seed, int count,
                                    void (*check)(void *ctx, bf_board *b, char me), void *ctx)
{
    for (int i = 0; i < count; i++) {
        bf_board b;
        char me = bf_random_position(&b, n, k, empty, &seed);
        check(ctx, &b, me);
    }
}

#endif /* BRUTE_FORCE_H */
