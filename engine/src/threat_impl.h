/*
 * threat_impl.h - the threat-space search, written once and compiled twice
 * by threat.c: for any CPU, and (on x86 with GCC or clang) for CPUs with
 * the POPCNT instruction, chosen at run time (search_board::popcnt). Each
 * build calls the same build of the potentials and pairings
 * (knowledge_impl.h), where most of the bit counting is.
 *
 * The includer defines TFN(name) (the name of this build's copy), TATTR
 * (its function attributes) and TCOUNT(x) (its population count). See
 * threat.c for what the search does and why it is right.
 */

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
TATTR static int TFN(prospects)(search_ctx *c, int a, int r, int first, int *need)
{
    const search_pos *p = &c->pos;
    const int k = c->b->k;
    int board = first ? (p->nempty + 1) / 2 : p->nempty / 2;
    int window = first ? (r + 1) / 2 : r / 2;
    uint32_t limit = first ? 1u << (k - 1) : 1u << k;
    int need_game = k - board;
    if (!TFN(ttt__can_win)(p, a, first, 1)) return 0;
    *need = need_game;
    if (window < board) {
        *need = k - window;
        if (TFN(ttt__potential_from)(p, a, *need) < limit) {
            c->cut = 1;
            return 0;
        }
    }
    return 1;
}

TATTR static int TFN(defender_node)(search_ctx *c, int a, int r);

/* Side a to move: does it win within r plies? */
TATTR static int TFN(attacker_node)(search_ctx *c, int a, int r)
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
    if (TCOUNT(blocks) >= 2) return 0; /* d completes a line next, whatever a does */
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
    if (!TFN(prospects)(c, a, r, 1, &need)) {
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
    int n = ttt__order_moves(p, a, moves, hint, list);
    for (int i = 0; i < n; i++) {
        int sq = list[i];
        (void)pos_make(p, a, sq); /* no line completed: a had no win */
        int win = TFN(defender_node)(c, a, r - 1);
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
TATTR static int TFN(defender_node)(search_ctx *c, int a, int r)
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
    int nwins = TCOUNT(wins);
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
    if (!TFN(prospects)(c, a, r, 0, &need)) {
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
    int n = ttt__order_moves(p, d, moves, hint, list);
    for (int i = 0; i < n; i++) {
        int sq = list[i];
        (void)pos_make(p, d, sq); /* d had no win, so none now */
        int win = TFN(attacker_node)(c, a, r - 1);
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

TATTR static int TFN(threat_search)(search_ctx *c, int a, int s, int r)
{
    return s == a ? TFN(attacker_node)(c, a, r) : TFN(defender_node)(c, a, r);
}
