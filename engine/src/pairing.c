/*
 * pairing.c - pairing strategies: a proof that the defender can keep the
 * attacker from ever completing a line.
 *
 * If every live line of the attacker holds two empty squares that are
 * paired with each other, the pairs disjoint, the defender answers each of
 * the attacker's moves into a pair with its partner (any other move when
 * the attacker plays outside the pairs), and no live line can be filled:
 * each keeps one square of its pair for the defender. A defender to move
 * may play anywhere first. Lines may share a pair when both contain it.
 *
 * Finding pairs is a small exact-cover search: take the line with the
 * fewest choices left, try each pair of its free squares, and go on; it is
 * abandoned after PAIRING_STEPS steps, so a "no" only means none was found.
 * Together with the Erdos-Selfridge potential this proves the n x n boards
 * with k = n drawn, and cuts the end of many draw proofs short.
 */
#include "search.h"

/* Most live lines a pairing is looked for on, and the search's budget. */
#define PAIRING_MAX_LINES 24
#define PAIRING_STEPS 200

typedef struct pairing {
    int n;
    uint64_t free[PAIRING_MAX_LINES]; /* the empty squares of each line */
    int steps;
} pairing;

/* Whether the lines not in `done` can all be given a pair from squares not
 * in `used`. */
static int cover(pairing *pr, uint32_t done, uint64_t used)
{
    if (++pr->steps > PAIRING_STEPS) return 0;
    int pick = -1, fewest = 99;
    for (int i = 0; i < pr->n; i++) {
        if (done & (1u << i)) continue;
        int f = bb_count(pr->free[i] & ~used);
        if (f < 2) return 0;
        if (f < fewest) {
            fewest = f;
            pick = i;
        }
    }
    if (pick < 0) return 1; /* every line has its pair */
    uint64_t options = pr->free[pick] & ~used;
    for (uint64_t x = options; x; x &= x - 1) {
        uint64_t bx = x & (~x + 1);
        for (uint64_t y = x & (x - 1); y; y &= y - 1) {
            uint64_t pair = bx | (y & (~y + 1));
            uint32_t now = done;
            for (int i = 0; i < pr->n; i++)
                if ((pr->free[i] & pair) == pair) now |= 1u << i;
            if (cover(pr, now, used | pair)) return 1;
            if (pr->steps > PAIRING_STEPS) return 0;
        }
    }
    return 0;
}

int ttt__pairing_blocks(const search_pos *p, int a, int s, int min_count)
{
    const search_board *b = p->b;
    if (min_count <= 0 && p->live[a] > PAIRING_MAX_LINES) return 0;
    uint64_t empty = pos_empty(p);
    /* A line one mark from full needs blocking now: only a defender to
     * move can, and only one such square. */
    uint64_t threats = pos_threats(p, a);
    if (threats && (s == a || bb_count(threats) > 1)) return 0;
    empty &= ~threats;
    pairing pr;
    pr.n = 0;
    pr.steps = 0;
    for (int c = min_count < 0 ? 0 : min_count; c < b->k; c++) {
        for (int w = 0; w < BOARD_LINE_WORDS; w++) {
            for (uint64_t bits = p->by_count[a][c][w]; bits; bits &= bits - 1) {
                uint64_t line = b->lines[w * 64 + bb_lowest(bits)];
                if (line & threats) continue; /* dead once blocked */
                if (pr.n == PAIRING_MAX_LINES) return 0;
                pr.free[pr.n++] = line & empty;
            }
        }
    }
    return cover(&pr, 0, 0);
}
