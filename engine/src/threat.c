/*
 * threat.c - threat-space search: does side `a` (the attacker) win within
 * r plies, against every defence? An exact AND/OR search over the
 * incremental position (position.h), made small by what k-in-a-row allows:
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
#include "knowledge.h"
#include "search_ctx.h"
#include "threat.h"
#include "tt.h"

/* Most moves at a node. */
#define MAX_MOVES TTT_MAX_SQUARES

/* Whether side s has a live line holding at least `lo` and fewer than
 * `hi` of its marks. */
static int has_lines_between(const search_pos *p, int s, int lo, int hi)
{
    for (int c = lo < 0 ? 0 : lo; c < hi; c++)
        for (int w = 0; w < BOARD_LINE_WORDS; w++)
            if (p->by_count[s][c][w]) return 1;
    return 0;
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
