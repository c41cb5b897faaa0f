/*
 * threat.c - threat-space search: does side `a` (the attacker) win within
 * r plies, against every defence? An exact AND/OR search over the
 * incremental position (board.h), made small by what k-in-a-row allows:
 *
 *   - A side that can complete a line now wins now. A side facing two
 *     completions it cannot both block loses; facing one, it must block.
 *   - Erdos-Selfridge: if the sum over a's live lines of 2^-(empty squares
 *     left on the line) is below 1/2 with a to move (below 1 with the
 *     defender to move), the defender's greedy strategy keeps a from ever
 *     completing a line. A side with no live line cannot win at all.
 *   - Within a window of r plies a can only complete lines that already
 *     hold enough of its marks, so it only ever needs to play on those
 *     (a mark elsewhere is as good as a pass there, and an extra mark never
 *     hurts its owner); the same holds for the defender's lines.
 *   - Relevance zone, at the defender's nodes: a mark on a square on no
 *     line that either side could complete within the window changes
 *     nothing there but the tempo, so it is as good as a pass; and a pass
 *     is never better than a move. Only the squares of those lines are
 *     searched: if all of them lose, so does everything else.
 *   - Dominance: of two squares where every line through the first that
 *     someone can still complete also runs through the second, only the
 *     second needs searching (for either side).
 * A null move (asking whether the attacker wins if the defender passes)
 * would prove the same zone and stop early where it fails, but it searched
 * more than it saved: 68 million nodes for the 5x5 draw against 9,000
 * without it.
 *
 * Results go to the transposition table as facts ("wins within w",
 * "no win within f", or "no win at all"), so iterating over windows reuses
 * them. Iterated over r, the first window with a win is the exact length
 * of the fastest forced win.
 */
#include "search.h"

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

/* Whether side s has a live line holding at least `lo` and fewer than
 * `hi` of its marks. */
static int has_lines_between(const search_pos *p, int s, int lo, int hi)
{
    for (int c = lo < 0 ? 0 : lo; c < hi; c++)
        for (int w = 0; w < BOARD_LINE_WORDS; w++)
            if (p->by_count[s][c][w]) return 1;
    return 0;
}

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

/* The log2 of a node count, as the effort the table weighs entries by. */
static uint8_t effort(uint64_t nodes)
{
    int e = 0;
    while (nodes > 1 && e < 63) {
        nodes >>= 1;
        e++;
    }
    return (uint8_t)e;
}

/* Records "a wins within r" (win) or "no win within r" (unbounded: at
 * all), with the move that wins or refutes, in the symmetry frame of the
 * key. */
static void record(search_ctx *c, uint64_t key, int sym, int win, int r, int unbounded, int move,
                   uint64_t nodes)
{
    if (!c->tt || c->stopped) return;
    search_tt_entry *e = ttt__tt_slot(c->tt, key);
    e->gen = c->tt->gen;
    if (win) {
        if (!e->win_r || r < e->win_r) {
            e->win_r = (uint8_t)r;
            if (move >= 0) e->move = c->b->sym_perm[sym][move];
        }
    } else {
        int f = unbounded ? TT_UNBOUNDED : r;
        if (f > e->fail_r) e->fail_r = (uint8_t)f;
        if (move >= 0 && !e->win_r) e->move = c->b->sym_perm[sym][move];
    }
    uint8_t eff = effort(nodes);
    if (eff > e->depth) e->depth = eff;
}

/* The move stored in `e`, back in the position's own frame; -1 if none. */
static int entry_move(const search_ctx *c, const search_tt_entry *e, int sym)
{
    if (!e || e->move == TT_NO_MOVE) return -1;
    return c->b->sym_inv[sym][e->move];
}

/* ========================================================================= */
/* The two builds of the search and the choice between them                  */
/* ========================================================================= */

#define TFN(name) name##_any_cpu
#define TATTR
#define TCOUNT(x) bb_count(x)
#include "threat_impl.h"
#undef TFN
#undef TATTR
#undef TCOUNT

#if BB_HAVE_TARGET_POPCNT
#define TFN(name) name##_popcnt
#define TATTR __attribute__((target("popcnt")))
#define TCOUNT(x) __builtin_popcountll(x)
#include "threat_impl.h"
#undef TFN
#undef TATTR
#undef TCOUNT
#define CHOOSE(b, name) ((b)->popcnt ? name##_popcnt : name##_any_cpu)
#else
#define CHOOSE(b, name) name##_any_cpu
#endif

int ttt__threat_search(search_ctx *c, int a, int s, int r)
{
    return CHOOSE(c->b, threat_search)(c, a, s, r);
}

int ttt__threat_distance(search_ctx *c, int a, int s, int max_r, int *move)
{
    return CHOOSE(c->b, threat_distance)(c, a, s, max_r, move);
}

int ttt__can_win(const search_pos *p, int a, int first, int pairing)
{
    return CHOOSE(p->b, can_win)(p, a, first, pairing);
}

int ttt__pairing_blocks(const search_pos *p, int a, int s, int min_count)
{
    return CHOOSE(p->b, pairing_blocks)(p, a, s, min_count);
}
