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

/*
 * What the attacker a can still complete, at a node where it moves first
 * (`first`) or second, within a window of r plies. A line must hold at
 * least *need of its marks to be finished in time: it has so many moves
 * left in the window, and in the game before the board is full. Returns 0
 * when a cannot win within the window: no such line, or the defender keeps
 * it off all of them by Erdos-Selfridge (a potential below 1/2 with a to
 * move, below 1 with the defender to move) or by a pairing strategy; then
 * c->cut is set when the window, not the game, is what stops a.
 */
int ttt__can_win(const search_pos *p, int a, int first, int pairing)
{
    const int k = p->b->k;
    int need = k - (first ? (p->nempty + 1) / 2 : p->nempty / 2);
    uint32_t limit = first ? 1u << (k - 1) : 1u << k;
    if (pos_potential_from(p, a, need) < limit) return 0;
    return !pairing || !ttt__pairing_blocks(p, a, first ? a : 1 - a, need);
}

static int prospects(search_ctx *c, int a, int r, int first, int *need)
{
    const search_pos *p = &c->pos;
    const int k = c->b->k;
    int board = first ? (p->nempty + 1) / 2 : p->nempty / 2;
    int window = first ? (r + 1) / 2 : r / 2;
    uint32_t limit = first ? 1u << (k - 1) : 1u << k;
    int need_game = k - board;
    if (!ttt__can_win(p, a, first, 1)) return 0;
    *need = need_game;
    if (window < board) {
        *need = k - window;
        if (pos_potential_from(p, a, *need) < limit) {
            c->cut = 1;
            return 0;
        }
    }
    return 1;
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

/* The squares of `moves`, best first by move_score for side s, with
 * `hint` (if among them) ahead of all. Returns how many. */
static int order_moves(const search_pos *p, int s, uint64_t moves, int hint, uint8_t *out)
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

static int defender_node(search_ctx *c, int a, int r);

/* Side a to move: does it win within r plies? */
static int attacker_node(search_ctx *c, int a, int r)
{
    search_pos *p = &c->pos;
    const int k = c->b->k, d = 1 - a;
    c->cut = 0;
    if (search_tick(c)) return 0;
    int sym;
    uint64_t key = tt_kind_key(pos_key(p, a, &sym), TT_KIND_MOVER);
    if (c->tt) tt_prefetch(c->tt, key);
    if (r < 1) {
        c->cut = p->nempty >= 1;
        return 0;
    }
    uint64_t wins = pos_threats(p, a);
    if (wins) {
        c->threat_move = bb_lowest(wins);
        return 1;
    }
    if (!p->nempty) return 0;
    uint64_t blocks = pos_threats(p, d);
    if (bb_count(blocks) >= 2) return 0; /* d completes a line next, whatever a does */
    search_tt_entry *e = c->tt ? tt_find(c->tt, key) : NULL;
    if (e) {
        if (e->win_r && e->win_r <= r) {
            c->threat_move = entry_move(c, e, sym);
            if (c->threat_move >= 0) return 1;
        }
        if (e->fail_r >= r) {
            c->cut = e->fail_r != TT_UNBOUNDED;
            return 0;
        }
    }
    int need;
    if (!prospects(c, a, r, 1, &need)) {
        record(c, key, sym, 0, r, !c->cut, -1, 1);
        return 0;
    }
    int hint = entry_move(c, e, sym);

    /* The block, or lose at once; else the zone: the squares of lines a
     * can finish in the window and of those d can (a block of those may be
     * what a's win needs). A square on neither is as good as a pass there,
     * and a pass is never better than a move. */
    uint64_t moves = blocks;
    int cut = 0;
    if (!blocks) {
        int d_window = r / 2, d_board = p->nempty / 2;
        int d_need = k - (d_window < d_board ? d_window : d_board);
        moves = pos_zone(p, a, need) | pos_zone(p, d, d_need);
        moves &= ~ttt__dominated(p, moves);
        /* A "no" from a zone the window narrowed holds only for the window. */
        cut = has_lines_between(p, a, k - (p->nempty + 1) / 2, need) ||
              has_lines_between(p, d, k - d_board, d_need);
    }
    uint64_t nodes0 = c->nodes;
    uint8_t list[MAX_MOVES];
    int n = order_moves(p, a, moves, hint, list);
    for (int i = 0; i < n; i++) {
        int sq = list[i];
        (void)pos_make(p, a, sq); /* no line completed: a had no win */
        int win = defender_node(c, a, r - 1);
        pos_unmake(p, a, sq);
        if (c->stopped) return 0;
        if (win) {
            record(c, key, sym, 1, r, 0, sq, c->nodes - nodes0);
            c->threat_move = sq;
            c->cut = 0;
            return 1;
        }
        cut |= c->cut;
    }
    record(c, key, sym, 0, r, !cut, -1, c->nodes - nodes0);
    c->cut = cut;
    return 0;
}

/* Side d = 1 - a to move: does a win within r plies against every move? */
static int defender_node(search_ctx *c, int a, int r)
{
    search_pos *p = &c->pos;
    const int k = c->b->k, d = 1 - a;
    c->cut = 0;
    if (search_tick(c)) return 0;
    int sym;
    uint64_t key = tt_kind_key(pos_key(p, d, &sym), TT_KIND_OTHER);
    if (c->tt) tt_prefetch(c->tt, key);
    if (!p->nempty || pos_threats(p, d)) return 0; /* a draw, or d wins now */
    if (r < 2) {                                   /* a has no move left in the window */
        c->cut = p->nempty >= 2;
        return 0;
    }
    uint64_t wins = pos_threats(p, a);
    int nwins = bb_count(wins);
    if (nwins >= 2) return 1;
    search_tt_entry *e = c->tt ? tt_find(c->tt, key) : NULL;
    if (e) {
        if (e->win_r && e->win_r <= r) return 1;
        if (e->fail_r >= r) {
            c->cut = e->fail_r != TT_UNBOUNDED;
            return 0;
        }
    }
    int need;
    if (!prospects(c, a, r, 0, &need)) {
        record(c, key, sym, 0, r, !c->cut, -1, 1);
        return 0;
    }
    int hint = entry_move(c, e, sym);
    uint64_t nodes0 = c->nodes;

    /* Only the block, or lose at once; else the relevance zone: a square
     * on no line either side could complete within the window is as good
     * as a pass there, and a pass is no better than any move (an extra
     * mark never hurts its owner), so if every move in the zone loses,
     * so do the others. */
    uint64_t moves = wins;
    if (!nwins) {
        int d_moves = (r + 1) / 2 < (p->nempty + 1) / 2 ? (r + 1) / 2 : (p->nempty + 1) / 2;
        moves = pos_zone(p, a, need) | pos_zone(p, d, k - d_moves);
        moves &= ~ttt__dominated(p, moves);
    }
    uint8_t list[MAX_MOVES];
    int n = order_moves(p, d, moves, hint, list);
    for (int i = 0; i < n; i++) {
        int sq = list[i];
        (void)pos_make(p, d, sq); /* d had no win, so none now */
        int win = attacker_node(c, a, r - 1);
        pos_unmake(p, d, sq);
        if (c->stopped) return 0;
        if (!win) {
            int cut = c->cut;
            record(c, key, sym, 0, r, !cut, sq, c->nodes - nodes0);
            c->cut = cut;
            return 0;
        }
    }
    record(c, key, sym, 1, r, 0, -1, c->nodes - nodes0);
    c->cut = 0;
    return 1;
}

int ttt__threat_search(search_ctx *c, int a, int s, int r)
{
    return s == a ? attacker_node(c, a, r) : defender_node(c, a, r);
}

int ttt__threat_distance(search_ctx *c, int a, int s, int max_r, int *move)
{
    int first = s == a ? 1 : 2; /* a completes its line at odd plies when it moves first */
    int whole = c->pos.nempty;  /* a window this long reaches the end of the game */
    if (max_r >= whole) {
        /* Whether a wins at all first: the one search that can also prove
         * it never does. The windows below then only measure the win. */
        int win = ttt__threat_search(c, a, s, whole);
        if (c->stopped) return THREAT_UNKNOWN;
        if (!win) return THREAT_NEVER;
        max_r = whole;
    }
    for (int r = first; r <= max_r; r += 2) {
        int win = ttt__threat_search(c, a, s, r);
        if (c->stopped) return THREAT_UNKNOWN;
        if (win) {
            if (move) *move = s == a ? c->threat_move : -1;
            return r;
        }
        if (!c->cut) return THREAT_NEVER;
    }
    return THREAT_UNKNOWN;
}
