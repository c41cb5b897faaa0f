/*
 * knowledge_impl.h - the part of the pruning knowledge that counts bits
 * the most (Erdos-Selfridge potentials and pairing strategies), written
 * once and compiled twice by knowledge.c: for any CPU, and (on x86 with
 * GCC or clang) for CPUs with the POPCNT instruction, chosen at run time
 * (search_board::popcnt). The threat search's two builds (threat_impl.h)
 * call the matching build directly; the POPCNT build of the 5x5 k = 4
 * draw proof runs 11% fewer instructions (callgrind: 55.3 M against
 * 62.1 M).
 *
 * The includer defines TFN(name) (the name of this build's copy), TATTR
 * (its function attributes) and TCOUNT(x) (its population count).
 */

/* Sum of 2^marks over the live lines of side s holding at least `c` of
 * its marks (its Erdos-Selfridge potential on those lines). */
TATTR uint32_t TFN(ttt__potential_from)(const search_pos *p, int s, int c)
{
    if (c <= 0) return p->potential[s];
    uint32_t sum = 0;
    for (; c <= p->b->k; c++) {
        int lines = 0;
        for (int w = 0; w < BOARD_LINE_WORDS; w++)
            lines += TCOUNT(p->by_count[s][c][w]);
        sum += (uint32_t)lines << c;
    }
    return sum;
}

/*
 * Pairing strategies: a proof that the defender can keep the
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
/* Whether the lines not in `done` can all be given a pair from squares not
 * in `used`. */
TATTR static int TFN(cover)(pairing_search *pr, uint32_t done, uint64_t used)
{
    if (++pr->steps > PAIRING_STEPS) return 0;
    int pick = -1, fewest = 99;
    for (int i = 0; i < pr->n; i++) {
        if (done & (1u << i)) continue;
        int f = TCOUNT(pr->free[i] & ~used);
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
            if (TFN(cover)(pr, now, used | pair)) return 1;
            if (pr->steps > PAIRING_STEPS) return 0;
        }
    }
    return 0;
}

TATTR static int TFN(pairing_blocks)(const search_pos *p, int a, int s, int min_count)
{
    const search_board *b = p->b;
    if (min_count <= 0 && p->live[a] > PAIRING_MAX_LINES) return 0;
    uint64_t empty = pos_empty(p);
    /* A line one mark from full needs blocking now: only a defender to
     * move can, and only one such square. */
    uint64_t threats = pos_threats(p, a);
    if (threats && (s == a || TCOUNT(threats) > 1)) return 0;
    empty &= ~threats;
    pairing_search pr;
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
    return TFN(cover)(&pr, 0, 0);
}

TATTR int TFN(ttt__can_win)(const search_pos *p, int a, int first, int pairing)
{
    const int k = p->b->k;
    int need = k - (first ? (p->nempty + 1) / 2 : p->nempty / 2);
    uint32_t limit = first ? 1u << (k - 1) : 1u << k;
    if (TFN(ttt__potential_from)(p, a, need) < limit) return 0;
    return !pairing || !TFN(pairing_blocks)(p, a, first ? a : 1 - a, need);
}
