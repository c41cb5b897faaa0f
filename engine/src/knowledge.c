/*
 * knowledge.c - the pruning knowledge the searches share (see
 * knowledge.h): potentials and pairing strategies (knowledge_impl.h,
 * compiled twice), dominated squares, move order, the quick move.
 *
 * Pairing strategies: a proof that the defender can keep the attacker from
 * ever completing a line. If every live line of the attacker holds two
 * empty squares that are paired with each other, the pairs disjoint, the
 * defender answers each of the attacker's moves into a pair with its
 * partner (any other move when the attacker plays outside the pairs), and
 * no live line can be filled: each keeps one square of its pair for the
 * defender. Together with the Erdos-Selfridge potential this proves the
 * n x n boards with k = n drawn, and cuts the end of many draw proofs
 * short.
 */
#include "knowledge.h"

/* Most live lines a pairing is looked for on, and the search's budget. */
#define PAIRING_MAX_LINES 24
#define PAIRING_STEPS 200

typedef struct pairing_search {
    int n;
    uint64_t free[PAIRING_MAX_LINES]; /* the empty squares of each line */
    int steps;
} pairing_search;

/* Most moves at a node. */
#define MAX_MOVES TTT_MAX_SQUARES
/* Bonus in the move order for the table's move. */
#define HINT_SCORE (1 << 30)

/* ========================================================================= */
/* The two builds of the potentials and pairings                             */
/* ========================================================================= */

#define TFN(name) name##_any_cpu
#define TATTR
#define TCOUNT(x) bb_count(x)
#include "knowledge_impl.h"
#undef TFN
#undef TATTR
#undef TCOUNT

#if BB_HAVE_TARGET_POPCNT
#define TFN(name) name##_popcnt
#define TATTR __attribute__((target("popcnt")))
#define TCOUNT(x) __builtin_popcountll(x)
#include "knowledge_impl.h"
#undef TFN
#undef TATTR
#undef TCOUNT
#endif

int ttt__can_win(const search_pos *p, int a, int first, int pairing)
{
#if BB_HAVE_TARGET_POPCNT
    if (p->b->popcnt) return ttt__can_win_popcnt(p, a, first, pairing);
#endif
    return ttt__can_win_any_cpu(p, a, first, pairing);
}

/* ========================================================================= */
/* Move order, dominance, the quick move                                     */
/* ========================================================================= */

/* What a mark of side s on sq does: its own live lines advanced, the
 * other side's blocked. */
static int move_score(const search_pos *p, int s, int sq)
{
    const search_board *b = p->b;
    int o = 1 - s, v = 0;
    for (int i = 0; i < b->sq_nlines[sq]; i++) {
        int l = b->sq_lines[sq][i];
        if (!p->cnt[o][l]) v += ttt__line_weight[p->cnt[s][l] + 1];
        if (!p->cnt[s][l]) v += ttt__line_weight[p->cnt[o][l]];
    }
    return v;
}

int ttt__order_moves(const search_pos *p, int s, uint64_t moves, int hint, uint8_t *out)
{
    int score[MAX_MOVES], n = 0;
    for (; moves; moves &= moves - 1) {
        int sq = bb_lowest(moves);
        int v = sq == hint ? HINT_SCORE : move_score(p, s, sq);
        int j = n++;
        while (j > 0 && score[j - 1] < v) {
            score[j] = score[j - 1];
            out[j] = out[j - 1];
            j--;
        }
        score[j] = v;
        out[j] = (uint8_t)sq;
    }
    return n;
}

/*
 * Squares of `moves` that another square of `moves` dominates: every line
 * through it that someone can still complete also runs through the other.
 * A mark there is never better than one on the other square (swap the two
 * squares in any continuation: each line either side completes is still
 * completed, at the same move, and no new one is), so only the dominating
 * square needs searching. Of two squares on the same lines, the lower one
 * is kept.
 */
uint64_t ttt__dominated(const search_pos *p, uint64_t moves)
{
    const search_board *b = p->b;
    uint64_t out = 0, dead_squares = 0;
    for (uint64_t m = moves; m; m &= m - 1) {
        int sq = bb_lowest(m), first = -1;
        uint64_t rel[BOARD_LINE_WORDS];
        for (int w = 0; w < BOARD_LINE_WORDS; w++) {
            rel[w] = b->sq_line_set[sq][w] & ~p->dead[w];
            if (first < 0 && rel[w]) first = w * 64 + bb_lowest(rel[w]);
        }
        if (first < 0) { /* on no line anyone can complete: a pass */
            dead_squares |= bb_bit(sq);
            continue;
        }
        /* A dominating square lies on every one of these lines, so on the
         * first: only its squares are candidates. */
        for (uint64_t o = b->lines[first] & moves & ~bb_bit(sq); o; o &= o - 1) {
            int other = bb_lowest(o);
            int subset = 1, equal = 1;
            for (int w = 0; w < BOARD_LINE_WORDS; w++) {
                uint64_t them = b->sq_line_set[other][w] & ~p->dead[w];
                if (rel[w] & ~them) subset = 0;
                if (rel[w] != them) equal = 0;
            }
            if (subset && (!equal || other < sq)) {
                out |= bb_bit(sq);
                break;
            }
        }
    }
    /* Squares on no live line are all alike: one of them stays, and only
     * when nothing else is left. */
    if (dead_squares) {
        if (moves & ~dead_squares)
            out |= dead_squares;
        else
            out |= dead_squares & (dead_squares - 1);
    }
    return out;
}

int ttt__quick_move(const search_pos *p, int s)
{
    uint64_t wins = pos_threats(p, s);
    if (wins) return bb_lowest(wins);
    uint64_t blocks = pos_threats(p, 1 - s);
    if (blocks) return bb_lowest(blocks);
    uint64_t empty = pos_empty(p);
    for (int i = 0; i < p->b->nsq; i++)
        if (empty & bb_bit(p->b->order[i])) return p->b->order[i];
    return -1;
}
