/*
 * alphabeta.c - negamax alpha-beta over the incremental position
 * (position.h), for every board size: exact on boards up to 4x4, and a
 * heuristic search by iterative deepening above.
 *
 * One node: poll the clock now and then, look the position up in the
 * transposition table, then read what the position's counts already say:
 *   - the mover can complete a line now      -> win at the next ply, exact;
 *   - the other side has two such squares    -> loss two plies on, exact;
 *   - the other side has one such square     -> the block is the only move
 *     worth searching (every other move loses two plies on, the worst);
 *   - neither side can still complete a line (too few moves left, or the
 *     Erdos-Selfridge potential or a pairing strategy rules it out)
 *                                             -> draw, exact;
 *   - only one side can                       -> the value is bounded by 0.
 * Then the moves are searched in order (table move, killers, squares on
 * many lines), leaving out squares that only repeat another (a square on no
 * line anyone can complete, or one dominated by another square: see
 * ttt__dominated); neither changes the best value, distance included.
 * Depth-limited searches end in knowledge_evaluate(), the live lines
 * weighted by how full they are; `horizon` records that a value depended
 * on such a guess, so the caller knows whether it is exact.
 */
#include <string.h>

#include "alphabeta.h"
#include "support_clock.h"
#include "knowledge.h"

/* Depth of the fallback iteration before a solve that may be cut short. */
#define SHALLOW_DEPTH 2

/* ========================================================================= */
/* Transposition table                                                       */
/* ========================================================================= */

/* Win and loss scores count plies from the root, but a table entry may be
 * reached again at another ply: store them counted from the node instead. */
static int score_to_tt(int score, int ply)
{
    if (score >= SEARCH_WIN_MIN) return score + ply;
    if (score <= -SEARCH_WIN_MIN) return score - ply;
    return score;
}

static int score_from_tt(int score, int ply)
{
    if (score >= SEARCH_WIN_MIN) return score - ply;
    if (score <= -SEARCH_WIN_MIN) return score + ply;
    return score;
}

static void tt_store_value(search_ctx *c, uint64_t key, int sym, int score, int ply, int depth,
                           int bound, int move)
{
    search_tt_entry *e = ttt__tt_slot(c->tt, key);
    e->gen = c->tt->gen;
    e->score = (int16_t)score_to_tt(score, ply);
    e->depth = (uint8_t)depth;
    e->bound = (uint8_t)bound;
    e->move = move >= 0 ? c->b->sym_perm[sym][move] : TT_NO_MOVE;
}

/* ========================================================================= */
/* Negamax                                                                   */
/* ========================================================================= */

/* The table's move, two killers. */
#define FIRST_MOVES 3

static void remember_killer(search_ctx *c, int ply, int sq, int tt_move)
{
    if (sq == tt_move || sq == c->killer[ply][0]) return;
    c->killer[ply][1] = c->killer[ply][0];
    c->killer[ply][0] = (uint8_t)sq;
}

/* Looks the node up in the table: its best move into *tt_move (-1 when
 * none), and non-zero with the value in *value when the entry settles the
 * node for this window and depth. */
static int tt_probe(search_ctx *c, uint64_t key, int sym, int ply, int depth, int alpha, int beta,
                    int traced, int *tt_move, int *value)
{
    *tt_move = -1;
    search_tt_entry *e = c->tt ? tt_find(c->tt, key) : NULL;
    /* An entry of an earlier call counts only when exact: see tt.h. */
    if (!e || (e->gen != c->tt->gen && e->depth != TT_DEPTH_EXACT)) return 0;
    if (e->move != TT_NO_MOVE) *tt_move = c->b->sym_inv[sym][e->move];
    if (traced || e->depth < depth) return 0;
    int v = score_from_tt(e->score, ply);
    if (e->bound == TT_BOUND_EXACT || (e->bound == TT_BOUND_LOWER && v >= beta) ||
        (e->bound == TT_BOUND_UPPER && v <= alpha)) {
        if (e->depth != TT_DEPTH_EXACT) c->horizon = 1;
        *value = v;
        return 1;
    }
    return 0;
}

/* The moves of `moves` in the order to search them, into `out`: the
 * table's move, the killers, then the static order on boards up to 4x4, or
 * what each move does to the lines on larger ones (there the static order
 * left the search 1 to 2 plies shallower). Measured: on 4x4 killers cost
 * more nodes than they save. Returns how many. */
static int order_node_moves(const search_ctx *c, int s, int ply, uint64_t moves, int tt_move,
                            uint8_t *out)
{
    int big = c->b->nsq > BOARD_SOLVABLE_SQUARES;
    int first[FIRST_MOVES] = {tt_move, -1, -1};
    if (big) {
        first[1] = c->killer[ply][0];
        first[2] = c->killer[ply][1];
    }
    uint8_t ordered[TTT_MAX_SQUARES];
    int n_ordered = big ? ttt__order_moves(&c->pos, s, moves, -1, ordered) : c->b->nsq;
    const uint8_t *rest = big ? ordered : c->b->order;
    uint64_t taken = 0;
    int n = 0;
    for (int i = 0; i < FIRST_MOVES + n_ordered; i++) {
        int sq = i < FIRST_MOVES ? first[i] : rest[i - FIRST_MOVES];
        if (sq < 0 || sq >= c->b->nsq || !(moves & bb_bit(sq)) || (taken & bb_bit(sq))) continue;
        taken |= bb_bit(sq);
        out[n++] = (uint8_t)sq;
    }
    return n;
}

/* One node. Longer than the project's 80 lines, on purpose: the cheap
 * tests, the bounds, the table and the move loop share a dozen locals
 * (window, bounds, threats, the table's key and symmetry), and read as
 * one node the way the threat search's nodes do; the table probe and the
 * move order, which stand on their own, are apart. */
int ttt__alphabeta_node(search_ctx *c, int s, int ply, int depth, int alpha, int beta)
{
    if (search_tick(c)) return 0;
    search_pos *p = &c->pos;
    const int o = 1 - s;
    /* Within the trace depth every move is searched with a full window, so
     * the values reported are exact, not bounds. */
    int traced = ply < c->trace_depth;
    if (traced) {
        alpha = -SEARCH_INF;
        beta = SEARCH_INF;
    }
    int sym = 0;
    uint64_t key = 0;
    if (c->tt) {
        key = tt_kind_key(pos_key(p, s, &sym), TT_KIND_VALUE);
        tt_prefetch(c->tt, key);
    }

    if (pos_threats(p, s)) return SEARCH_WIN - (ply + 1);
    uint64_t blocks = pos_threats(p, o);
    int threats = bb_count(blocks);
    if (threats >= 2) return -(SEARCH_WIN - (ply + 2));
    /* Pairings pay on the boards the threat phase solves; above, they are
     * tried on too many lines too rarely to help a heuristic search, and
     * on 3x3 the search is over before they help (20% slower with them). */
    int pairing = c->b->nsq <= BOARD_EXACT_SQUARES && c->b->nsq > BOARD_TABLE_SQUARES;
    int s_can = ttt__can_win(p, s, 1, pairing), o_can = ttt__can_win(p, o, 0, pairing);
    if (!s_can && !o_can) return 0;

    /* Bounds on the true value: no win before ply + 3 (none now), no loss
     * before ply + 4 (a single threat gets blocked), and none at all for a
     * side that cannot complete a line. They prune like mate-distance
     * pruning. */
    int hi = s_can ? SEARCH_WIN - (ply + 3) : 0;
    int lo = o_can ? -(SEARCH_WIN - (ply + 4)) : 0;
    if (!traced) {
        if (hi <= alpha) return hi;
        if (lo >= beta) return lo;
        if (alpha < lo) alpha = lo;
        if (beta > hi) beta = hi;
    }
    int tt_move, value;
    if (tt_probe(c, key, sym, ply, depth, alpha, beta, traced, &tt_move, &value)) return value;
    if (depth <= 0) {
        c->horizon = 1;
        return knowledge_evaluate(p, s, s_can, o_can);
    }

    uint64_t moves = threats ? blocks : pos_empty(p); /* a single threat must be blocked */
    if (!traced && !threats) moves &= ~ttt__dominated(p, moves);
    uint8_t list[TTT_MAX_SQUARES];
    int n = order_node_moves(c, s, ply, moves, tt_move, list);
    int last_square = p->nempty == 1;
    int alpha0 = alpha, best = -SEARCH_INF, best_sq = -1, saved_h = c->horizon, any_h = 0;
    for (int i = 0; i < n; i++) {
        int sq = list[i];
        c->path[ply] = (uint8_t)sq;
        int v = 0; /* filling the last square without a line: a draw */
        c->horizon = 0;
        if (!last_square) {
            int a = traced ? -SEARCH_INF : -beta, b = traced ? SEARCH_INF : -alpha;
            (void)pos_make(p, s, sq); /* no line completed: s had no win */
            v = -ttt__alphabeta_node(c, o, ply + 1, depth - 1, a, b);
            pos_unmake(p, s, sq);
        }
        if (c->stopped) return 0;
        any_h |= c->horizon;
        if (traced) ttt__search_trace(c, ply + 1, v, !c->horizon, 0);
        if (v <= best) continue;
        best = v;
        best_sq = sq;
        if (v <= alpha) continue;
        alpha = v;
        if (alpha >= beta) {
            remember_killer(c, ply, sq, tt_move);
            break;
        }
    }
    c->horizon = saved_h | any_h;
    if (c->tt) {
        int bound = TT_BOUND_EXACT; /* an upper bound comes first, as it always has */
        if (best >= beta) bound = TT_BOUND_LOWER;
        if (best <= alpha0) bound = TT_BOUND_UPPER;
        tt_store_value(c, key, sym, best, ply, any_h ? depth : TT_DEPTH_EXACT, bound, best_sq);
    }
    return best;
}

/* ========================================================================= */
/* Root                                                                      */
/* ========================================================================= */

/* Value of one root move for the root's mover (side 0), searched with the
 * window (alpha, beta). */
static int root_move_window(search_ctx *c, int sq, int depth, int alpha, int beta)
{
    search_pos *p = &c->pos;
    c->path[0] = (uint8_t)sq;
    c->horizon = 0;
    if (pos_make(p, 0, sq)) {
        pos_unmake(p, 0, sq);
        return SEARCH_WIN - 1;
    }
    int v = 0; /* the last square, no line: a draw */
    if (p->nempty) v = -ttt__alphabeta_node(c, 1, 1, depth - 1, -beta, -alpha);
    pos_unmake(p, 0, sq);
    return v;
}

/*
 * Value of one root move compared with `guess`. Wide windows are costly
 * here: with distance-aware scores, a wide window makes every won subtree
 * look for its fastest win. So the move is first probed with the narrow
 * window (guess - 1, guess + 1), which only asks "below, at or above the
 * guess?", and searched again with a half-open window only when the exact
 * value is needed: above the guess always, below it only if `need_below`.
 * Returns the exact value, or (when below and not needed) an upper bound
 * under the guess.
 */
static int root_move_value(search_ctx *c, int sq, int depth, int guess, int need_below)
{
    int v = root_move_window(c, sq, depth, guess - 1, guess + 1);
    if (c->stopped) return v;
    int h = c->horizon;
    if (v >= guess + 1)
        v = root_move_window(c, sq, depth, guess, SEARCH_INF);
    else if (v <= guess - 1 && need_below)
        v = root_move_window(c, sq, depth, -SEARCH_INF, guess);
    c->horizon |= h;
    return v;
}

/* Sorts the root moves by score, best first, keeping the order of ties, so
 * the next iteration searches the most promising move first. */
static void sort_root(uint8_t *squares, int *scores, int n)
{
    for (int i = 1; i < n; i++) {
        uint8_t sq = squares[i];
        int s = scores[i], j = i;
        while (j > 0 && scores[j - 1] < s) {
            squares[j] = squares[j - 1];
            scores[j] = scores[j - 1];
            j--;
        }
        squares[j] = sq;
        scores[j] = s;
    }
}

/* Whether the next iteration of a deadline-bound search can be expected to
 * finish: one that would not is not started, since a stopped iteration
 * is thrown away. Each iteration has cost a few times the one before it. */
#define ITERATION_GROWTH 3

static int next_iteration_fits(const search_ctx *c, uint64_t last_us)
{
    if (!c->deadline_us) return 1;
    uint64_t now = ttt__search_now(c);
    return now + last_us * ITERATION_GROWTH < c->deadline_us;
}

void ttt__alphabeta_root(search_ctx *c, uint64_t allowed, int max_depth, int all_exact,
                         alphabeta_root_result *out)
{
    uint64_t empty = pos_empty(&c->pos) & allowed;
    int n = 0, n_empty = c->pos.nempty;
    uint8_t squares[TTT_MAX_SQUARES];
    int scores[TTT_MAX_SQUARES];
    for (int i = 0; i < c->b->nsq; i++)
        if (empty & bb_bit(c->b->order[i])) squares[n++] = c->b->order[i];
    c->root_empty = n_empty;
    out->count = n;
    out->completed = 0;
    out->exact = 0;
    out->depth = 0;
    out->best = 0;
    for (int i = 0; i < n; i++) {
        out->squares[i] = squares[i];
        out->scores[i] = scores[i] = 0; /* also the first guess: a draw */
    }
    int limit = max_depth > 0 && max_depth < n_empty ? max_depth : n_empty;
    /* Boards up to 4x4 are solved in one go: iterative deepening costs
     * more than it saves there (heuristic iterations never close). Only
     * when a deadline or cancel flag could cut the solve short does a
     * quick shallow iteration come first, so there is a move to fall back
     * on. Larger boards deepen one ply at a time. */
    int solvable = c->b->nsq <= BOARD_SOLVABLE_SQUARES;
    int interruptible = c->deadline_us != 0 || c->cancel != NULL;
    int start = 1;
    if (solvable) start = interruptible && limit > SHALLOW_DEPTH ? SHALLOW_DEPTH : limit;
    for (int depth = start;; depth = solvable ? limit : depth + 1) {
        uint64_t t0 = ttt__search_now(c);
        int best = -SEARCH_INF, any_h = 0;
        /* A heuristic guess is a poor centre for the probe of a solve; a
         * draw is the likeliest value there. */
        int guess0 = solvable && depth == limit && depth != start ? 0 : scores[0];
        for (int i = 0; i < n && !c->stopped; i++) {
            /* The first move is valued exactly around the last iteration's
             * score; the others against the best so far, so ties get exact
             * scores and worse moves only a bound (unless all_exact). */
            int first = best == -SEARCH_INF;
            int guess = first ? guess0 : best;
            scores[i] = root_move_value(c, squares[i], depth, guess, first || all_exact);
            if (c->stopped) break;
            any_h |= c->horizon;
            if (c->trace_depth >= 1) ttt__search_trace(c, 1, scores[i], !c->horizon, 0);
            if (scores[i] > best) best = scores[i];
        }
        if (c->stopped) break;
        sort_root(squares, scores, n);
        for (int i = 0; i < n; i++) {
            out->squares[i] = squares[i];
            out->scores[i] = scores[i];
        }
        out->best = best;
        out->depth = depth;
        out->completed = 1;
        /* A proven win or loss cannot get faster or slower at a greater
         * depth: shorter lines were all inside this one. */
        int mate = best >= SEARCH_WIN_MIN || best <= -SEARCH_WIN_MIN;
        out->exact = !any_h || (mate && !all_exact);
        if (out->exact || depth >= limit || ttt__search_poll(c)) break;
        if (!solvable && !next_iteration_fits(c, ttt__search_now(c) - t0)) {
            c->stopped = 1; /* the deadline cut it short, if a little early */
            break;
        }
    }
}
