/*
 * position.h - the search's board and its incremental position: what every
 * search asks of a position at every node, kept up to date move by move.
 * The lowest layer of the AI above the leaves (bitboard.h, rng.h); private
 * to the engine. (The game's own board, for the rules, is struct ttt_game
 * in game_internal.h.)
 *
 * search_board: the tables of one size and line length, built once per
 * board by ttt__board_build() and kept in the ttt_ai_context: every line
 * (victory set) as a mask and as a list of squares, the lines through each
 * square, a static move order, the eight symmetries as square maps, and
 * the hash keys of the transposition table.
 *
 * search_pos: a position with everything the search asks at every node
 * kept up to date by pos_make() and pos_unmake() instead of being rescanned
 * (a scan of the 96 lines of 8x8 at every node cost 600 to 1,100 ns):
 *   - per line, how many marks each side has on it;
 *   - per side, its live lines (no mark of the other side on them) grouped
 *     by how many of its marks they hold, as bit sets of line indexes, so
 *     "the lines where X has k-1 marks" (its threats) is one lookup;
 *   - per side, a heuristic weight of its live lines and the
 *     Erdos-Selfridge potential (the sum of 2^marks over its live lines);
 *   - the transposition key of the position under each of the eight
 *     symmetries, for either side to move.
 *
 * Sides are 0 and 1, whatever their marks: the search numbers them from
 * the player to move at the root.
 */
#ifndef TTT_POSITION_H
#define TTT_POSITION_H

#include <stdint.h>

#include "bitboard.h"
#include "ttt/game.h"

/*
 * The board sizes the AI's choices turn on, in squares; each threshold has
 * one name, used wherever the choice is made:
 *   up to BOARD_TABLE_SQUARES (3x3): perfect play reads the 3x3 table, and
 *       a search there is alpha-beta alone (the threat phase and pairings
 *       cost more than they save on nine squares);
 *   up to BOARD_SOLVABLE_SQUARES (4x4): alpha-beta solves the board
 *       outright, without iterative deepening;
 *   up to BOARD_EXACT_SQUARES (5x5): the threat phase proves every move,
 *       and alpha-beta nodes look for pairing strategies.
 */
#define BOARD_TABLE_SQUARES (TTT_MIN_SIZE * TTT_MIN_SIZE)
#define BOARD_SOLVABLE_SQUARES 16
#define BOARD_EXACT_SQUARES 25

/* Lines of the largest board, and 64-bit words to hold a set of them. */
#define BOARD_MAX_LINES TTT_MAX_VICTORY_SETS
#define BOARD_LINE_WORDS ((BOARD_MAX_LINES + 63) / 64)
/* Most lines through one square: four directions, at most four windows of
 * a line length through a square on boards up to 8x8 (min(k, n - k + 1)). */
#define BOARD_MAX_SQ_LINES 16
/* Rows, columns and diagonals long enough to hold a line on the largest
 * board with the shortest k: 8 + 8 + 2 * 13. */
#define BOARD_MAX_GEO (2 * TTT_MAX_SIZE + 2 * (2 * (TTT_MAX_SIZE - TTT_MIN_K) + 1))
/* The eight symmetries of a square board: four rotations, each mirrored. */
#define BOARD_SYMMETRIES 8
/* Boards up to this many squares are keyed by the position itself (two
 * 32-bit halves), larger ones by a 64-bit Zobrist hash. */
#define BOARD_EXACT_KEY_SQUARES 32

typedef struct search_board {
    int size, k, nsq, nlines;
    uint64_t full; /* every square of the board */
    uint64_t lines[BOARD_MAX_LINES];
    uint8_t line_sq[BOARD_MAX_LINES][TTT_MAX_SIZE];
    uint8_t sq_nlines[TTT_MAX_SQUARES];
    uint8_t sq_lines[TTT_MAX_SQUARES][BOARD_MAX_SQ_LINES];
    uint64_t sq_line_set[TTT_MAX_SQUARES][BOARD_LINE_WORDS]; /* the same as bit sets */
    uint8_t order[TTT_MAX_SQUARES]; /* squares, most lines through them first */
    /* Every row, column and diagonal of at least k squares, as its squares
     * in order: the lines above are its windows of k (pairing.c). */
    int ngeo;
    uint8_t geo_len[BOARD_MAX_GEO];
    uint8_t geo_sq[BOARD_MAX_GEO][TTT_MAX_SIZE];
    uint8_t sym_perm[BOARD_SYMMETRIES][TTT_MAX_SQUARES]; /* square -> its image */
    uint8_t sym_inv[BOARD_SYMMETRIES][TTT_MAX_SQUARES];  /* image -> square */
    /* Key contributions of a mark on a square under each symmetry: the
     * mover's and the other side's marks count differently. */
    uint64_t key_mover[BOARD_SYMMETRIES][TTT_MAX_SQUARES];
    uint64_t key_other[BOARD_SYMMETRIES][TTT_MAX_SQUARES];
    int exact_keys; /* the key is the position itself: no two positions share one */
    int popcnt;     /* the CPU has POPCNT: knowledge.c and threat.c use their builds for it */
} search_board;

/* Builds the tables of size x size with line length k. */
void ttt__board_build(search_board *b, int size, int k);

/* Heuristic weight of a live line by the marks on it (position.c). */
extern const int32_t ttt__line_weight[TTT_MAX_SIZE + 1];

typedef struct search_pos {
    const search_board *b;
    uint64_t bb[2]; /* each side's marks */
    int nempty;
    int32_t weight[2];     /* sum of ttt__line_weight over the side's live lines */
    uint32_t potential[2]; /* sum of 2^marks over the side's live lines */
    int live[2];           /* live lines of each side */
    uint8_t cnt[2][BOARD_MAX_LINES];
    /* by_count[s][c]: live lines of side s holding c of its marks. */
    uint64_t by_count[2][TTT_MAX_SIZE + 1][BOARD_LINE_WORDS];
    /* Lines holding marks of both sides: nobody can complete them. */
    uint64_t dead[BOARD_LINE_WORDS];
    /* key[t][sym]: the key with side t to move, under symmetry sym. */
    uint64_t key[2][BOARD_SYMMETRIES];
} search_pos;

/* Sets up the position where side 0 has `bb0` and side 1 `bb1`. */
void ttt__pos_init(search_pos *p, const search_board *b, uint64_t bb0, uint64_t bb1);

static inline uint64_t pos_empty(const search_pos *p)
{
    return p->b->full & ~(p->bb[0] | p->bb[1]);
}

/* Adds or removes line `l` of side s from its count group c. */
static inline void pos_group_flip(search_pos *p, int s, int c, int l)
{
    p->by_count[s][c][l >> 6] ^= (uint64_t)1 << (l & 63);
}

/* Side s marks square sq (empty). Returns non-zero when that completes a
 * line of s. */
static inline int pos_make(search_pos *p, int s, int sq)
{
    const search_board *b = p->b;
    int o = 1 - s, won = 0, k = b->k;
    p->bb[s] |= bb_bit(sq);
    p->nempty--;
    for (int i = 0; i < b->sq_nlines[sq]; i++) {
        int l = b->sq_lines[sq][i];
        int mine = p->cnt[s][l], theirs = p->cnt[o][l];
        p->cnt[s][l] = (uint8_t)(mine + 1);
        if (theirs == 0) { /* live for s: one more mark on it */
            pos_group_flip(p, s, mine, l);
            pos_group_flip(p, s, mine + 1, l);
            p->weight[s] += ttt__line_weight[mine + 1] - ttt__line_weight[mine];
            p->potential[s] += (uint32_t)1 << mine;
            won |= mine + 1 == k;
        }
        if (mine == 0) { /* was live for o: dead now */
            pos_group_flip(p, o, theirs, l);
            p->weight[o] -= ttt__line_weight[theirs];
            p->potential[o] -= (uint32_t)1 << theirs;
            p->live[o]--;
            if (theirs) p->dead[l >> 6] ^= (uint64_t)1 << (l & 63);
        }
    }
    for (int y = 0; y < BOARD_SYMMETRIES; y++) {
        p->key[s][y] ^= b->key_mover[y][sq];
        p->key[o][y] ^= b->key_other[y][sq];
    }
    return won;
}

/* Takes back pos_make(p, s, sq). */
static inline void pos_unmake(search_pos *p, int s, int sq)
{
    const search_board *b = p->b;
    int o = 1 - s;
    p->bb[s] &= ~bb_bit(sq);
    p->nempty++;
    for (int i = 0; i < b->sq_nlines[sq]; i++) {
        int l = b->sq_lines[sq][i];
        int mine = p->cnt[s][l] - 1, theirs = p->cnt[o][l];
        p->cnt[s][l] = (uint8_t)mine;
        if (theirs == 0) {
            pos_group_flip(p, s, mine + 1, l);
            pos_group_flip(p, s, mine, l);
            p->weight[s] -= ttt__line_weight[mine + 1] - ttt__line_weight[mine];
            p->potential[s] -= (uint32_t)1 << mine;
        }
        if (mine == 0) {
            pos_group_flip(p, o, theirs, l);
            p->weight[o] += ttt__line_weight[theirs];
            p->potential[o] += (uint32_t)1 << theirs;
            p->live[o]++;
            if (theirs) p->dead[l >> 6] ^= (uint64_t)1 << (l & 63);
        }
    }
    for (int y = 0; y < BOARD_SYMMETRIES; y++) {
        p->key[s][y] ^= b->key_mover[y][sq];
        p->key[o][y] ^= b->key_other[y][sq];
    }
}

/* The squares of the lines in group set `set` (BOARD_LINE_WORDS words),
 * restricted to `mask`. */
static inline uint64_t pos_lines_squares(const search_pos *p, const uint64_t *set, uint64_t mask)
{
    uint64_t sq = 0;
    for (int w = 0; w < BOARD_LINE_WORDS; w++)
        for (uint64_t bits = set[w]; bits; bits &= bits - 1)
            sq |= p->b->lines[w * 64 + bb_lowest(bits)];
    return sq & mask;
}

/* Squares where side s completes a line now. */
static inline uint64_t pos_threats(const search_pos *p, int s)
{
    return pos_lines_squares(p, p->by_count[s][p->b->k - 1], pos_empty(p));
}

/* Whether side s has a line with at least `c` of its marks (and none of
 * the other side's). */
static inline int pos_has_count(const search_pos *p, int s, int c)
{
    if (c < 0) c = 0;
    for (; c <= p->b->k; c++)
        for (int w = 0; w < BOARD_LINE_WORDS; w++)
            if (p->by_count[s][c][w]) return 1;
    return 0;
}

/* Empty squares on the live lines of s holding at least `c` of its marks. */
static inline uint64_t pos_zone(const search_pos *p, int s, int c)
{
    uint64_t set[BOARD_LINE_WORDS] = {0};
    if (c < 0) c = 0;
    for (; c < p->b->k; c++)
        for (int w = 0; w < BOARD_LINE_WORDS; w++)
            set[w] |= p->by_count[s][c][w];
    return pos_lines_squares(p, set, pos_empty(p));
}

/* The transposition key with side t to move: the smallest key over the
 * symmetries (equal for all eight images of a position), and in *sym the
 * symmetry that gives it. */
static inline uint64_t pos_key(const search_pos *p, int t, int *sym)
{
    uint64_t best = p->key[t][0];
    int y = 0;
    for (int i = 1; i < BOARD_SYMMETRIES; i++) {
        if (p->key[t][i] < best) {
            best = p->key[t][i];
            y = i;
        }
    }
    *sym = y;
    return best;
}

#endif /* TTT_POSITION_H */
