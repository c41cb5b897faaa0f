/*
 * position.c - the search's per-board tables (lines, lines through each
 * square, move order, symmetries, hash keys) and the set-up of an
 * incremental position; see position.h.
 */
#include <stdlib.h>
#include <string.h>

#include "position.h"
#include "support_rng.h"

/* Heuristic weight of a live line by the marks already on it: each extra
 * mark makes the line several times more dangerous. */
const int32_t ttt__line_weight[TTT_MAX_SIZE + 1] = {1, 4, 16, 64, 256, 1024, 4096, 16384, 65536};

/* The four line directions as (row step, column step). */
static const int DIRS[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* Seed of the Zobrist keys of boards too large to be their own key; fixed,
 * so a search is reproducible. */
#define ZOBRIST_SEED UINT64_C(0x7474742D7A6F6272)

/* Every victory set as a mask and a list of squares (the same sets, in the
 * same order, as ttt_victory_sets()), and the lines through each square. */
static void build_lines(search_board *b)
{
    int n = b->size, k = b->k;
    b->nlines = 0;
    memset(b->sq_nlines, 0, sizeof b->sq_nlines);
    memset(b->sq_line_set, 0, sizeof b->sq_line_set);
    for (int d = 0; d < 4; d++) {
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int er = r + DIRS[d][0] * (k - 1), ec = c + DIRS[d][1] * (k - 1);
                if (er < 0 || er >= n || ec < 0 || ec >= n) continue;
                int l = b->nlines++;
                uint64_t mask = 0;
                for (int i = 0; i < k; i++) {
                    int sq = (r + DIRS[d][0] * i) * n + c + DIRS[d][1] * i;
                    mask |= bb_bit(sq);
                    b->line_sq[l][i] = (uint8_t)sq;
                    b->sq_lines[sq][b->sq_nlines[sq]++] = (uint8_t)l;
                    b->sq_line_set[sq][l >> 6] |= (uint64_t)1 << (l & 63);
                }
                b->lines[l] = mask;
            }
        }
    }
}

/* Every row, column and diagonal holding at least k squares, each walked
 * from the square where a step back leaves the board. */
static void build_geo(search_board *b)
{
    int n = b->size;
    b->ngeo = 0;
    for (int d = 0; d < 4; d++) {
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int pr = r - DIRS[d][0], pc = c - DIRS[d][1];
                if (pr >= 0 && pr < n && pc >= 0 && pc < n) continue; /* not a start */
                uint8_t sq[TTT_MAX_SIZE];
                int len = 0;
                for (int rr = r, cc = c; rr >= 0 && rr < n && cc >= 0 && cc < n;
                     rr += DIRS[d][0], cc += DIRS[d][1])
                    sq[len++] = (uint8_t)(rr * n + cc);
                if (len < b->k) continue;
                memcpy(b->geo_sq[b->ngeo], sq, (size_t)len);
                b->geo_len[b->ngeo++] = (uint8_t)len;
            }
        }
    }
}

/* Static move order: squares on more lines first (the centre of 3x3, then
 * corners, then edges); ties broken towards the centre. Good first moves
 * make alpha-beta cut early. */
static void build_order(search_board *b)
{
    int weight[TTT_MAX_SQUARES];
    int twice_mid = b->size - 1; /* twice the centre coordinate */
    for (int sq = 0; sq < b->nsq; sq++) {
        int dr = abs(2 * (sq / b->size) - twice_mid), dc = abs(2 * (sq % b->size) - twice_mid);
        /* Lines dominate; centrality (at most 4 * size) only breaks ties. */
        weight[sq] = b->sq_nlines[sq] * 8 * TTT_MAX_SIZE - (dr + dc);
        b->order[sq] = (uint8_t)sq;
    }
    for (int i = 1; i < b->nsq; i++) { /* insertion sort: 64 squares at most */
        uint8_t s = b->order[i];
        int j = i;
        while (j > 0 && weight[b->order[j - 1]] < weight[s]) {
            b->order[j] = b->order[j - 1];
            j--;
        }
        b->order[j] = s;
    }
}

/* Square `sq` moved by symmetry `s`: four rotations, each optionally
 * mirrored. */
static int sym_square(int n, int s, int sq)
{
    int r = sq / n, col = sq % n, m = n - 1;
    if (s >= 4) col = m - col;        /* mirror first */
    for (int i = 0; i < s % 4; i++) { /* then rotate a quarter turn s times */
        int t = r;
        r = col;
        col = m - t;
    }
    return r * n + col;
}

/* Symmetry maps and the keys. Boards of up to BOARD_EXACT_KEY_SQUARES
 * squares are keyed by the position itself: the mover's marks in the high
 * half, the other side's in the low half, each under the symmetry; so the
 * smallest of the eight keys is a canonical form and two positions never
 * share a key. Larger boards get one random 64-bit number per square and
 * role (Zobrist): a false match needs two positions whose keys agree in
 * all 64 bits. */
static void build_symmetry_and_keys(search_board *b)
{
    uint64_t zm[TTT_MAX_SQUARES], zo[TTT_MAX_SQUARES];
    b->exact_keys = b->nsq <= BOARD_EXACT_KEY_SQUARES;
    rng_state rng = {ZOBRIST_SEED};
    for (int sq = 0; sq < b->nsq; sq++) {
        zm[sq] = b->exact_keys ? bb_bit(32 + sq) : rng_next(&rng);
        zo[sq] = b->exact_keys ? bb_bit(sq) : rng_next(&rng);
    }
    for (int s = 0; s < BOARD_SYMMETRIES; s++) {
        for (int sq = 0; sq < b->nsq; sq++) {
            int to = sym_square(b->size, s, sq);
            b->sym_perm[s][sq] = (uint8_t)to;
            b->sym_inv[s][to] = (uint8_t)sq;
            b->key_mover[s][sq] = zm[to];
            b->key_other[s][sq] = zo[to];
        }
    }
}

void ttt__board_build(search_board *b, int size, int k)
{
    b->size = size;
    b->k = k;
    b->nsq = size * size;
    b->full = b->nsq == 64 ? UINT64_MAX : bb_bit(b->nsq) - 1;
    build_lines(b);
    build_geo(b);
    build_order(b);
    build_symmetry_and_keys(b);
    b->popcnt = bb_cpu_has_popcnt();
}

void ttt__pos_init(search_pos *p, const search_board *b, uint64_t bb0, uint64_t bb1)
{
    memset(p, 0, sizeof *p);
    p->b = b;
    p->nempty = b->nsq;
    for (int s = 0; s < 2; s++) {
        p->live[s] = b->nlines;
        p->potential[s] = (uint32_t)b->nlines;
        p->weight[s] = b->nlines * ttt__line_weight[0];
    }
    for (int l = 0; l < b->nlines; l++)
        for (int s = 0; s < 2; s++)
            pos_group_flip(p, s, 0, l);
    /* Marks are added one by one: the counts then follow from pos_make. */
    for (int s = 0; s < 2; s++) {
        uint64_t marks = s ? bb1 : bb0;
        for (; marks; marks &= marks - 1)
            (void)pos_make(p, s, bb_lowest(marks));
    }
}
