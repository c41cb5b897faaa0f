/*
 * search.c - negamax alpha-beta over the incremental position (board.h),
 * for every board size, and the set-up every search shares (tables, limits,
 * polling).
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
 * Depth-limited searches end in ttt__search_evaluate(), the live lines
 * weighted by how full they are; `horizon` records that a value depended
 * on such a guess, so the caller knows whether it is exact.
 */
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "ttt/util.h"

/* Transposition-table sizes, log2 of the 64-byte buckets, by board area:
 * 16 KB for 3x3, 256 KB for 4x4, 16 MB for the larger boards. A context
 * keeps its table, so only its first search on a board pays for it. The
 * one-call contexts of ttt_ai_move() and ttt_ai_analyze() cap theirs (see
 * ai.c): freeing a large block makes the C library keep the next one of
 * that size on its heap, where calloc() must clear it (16 MB took 5 to
 * 15 ms a call), instead of mapping fresh pages that are zero for free. */
#define TT_BITS_SMALL 8
#define TT_BITS_MEDIUM 12
#define TT_BITS_LARGE 18
#define SMALL_BOARD_SQUARES 9

/* Boards whose alpha-beta nodes look for pairing strategies (see
 * ttt__search_negamax). */
#define SEARCH_PAIRING_SQUARES 25

#define SEARCH_NO_PAIRING_SQUARES 9

/* Depth of the fallback iteration before a solve that may be cut short. */
#define SHALLOW_DEPTH 2

/* ========================================================================= */
/* Set-up                                                                    */
/* ========================================================================= */

/* The transposition-table size (log2 of buckets) a board gets by default. */
static int table_bits(int nsq)
{
    if (nsq <= SMALL_BOARD_SQUARES) return TT_BITS_SMALL;
    return nsq <= SEARCH_SOLVABLE_SQUARES ? TT_BITS_MEDIUM : TT_BITS_LARGE;
}

ttt_status ttt__search_prepare(ttt_ai_context *ctx, int size, int k, int want_table)
{
    search_board *b = &ctx->board;
    int new_board = b->size != size || b->k != k;
    if (new_board) ttt__board_build(b, size, k);
    if (!want_table) return TTT_OK;
    int bits = table_bits(b->nsq);
    if (ctx->tt_bits_cap && bits > ctx->tt_bits_cap) bits = ctx->tt_bits_cap;
    if (ctx->tt.entries && ctx->tt_bits == bits) {
        /* Keys of another board would be misread. */
        if (new_board) ttt__tt_clear(&ctx->tt);
        return TTT_OK;
    }
    if (ttt__tt_alloc(&ctx->tt, bits) != 0) {
        /* Keep whatever table there was, emptied if it was another board's. */
        if (new_board) ttt__tt_clear(&ctx->tt);
        return ctx->tt.entries ? TTT_OK : TTT_ERR_NOMEM;
    }
    ctx->tt_bits = bits;
    return TTT_OK;
}

void ttt__search_begin(search_ctx *c, ttt_ai_context *ctx, const ttt_ai_options *opts,
                       uint64_t start_us, uint64_t mover, uint64_t other)
{
    c->b = &ctx->board;
    ttt__pos_init(&c->pos, c->b, mover, other);
    /* No deadline and no cancel token on a board too big to solve would
     * search for hours: such calls get the documented default budget. */
    int deadline_ms = opts->deadline_ms;
    if (deadline_ms == 0 && opts->cancel == NULL && c->b->nsq > SEARCH_SOLVABLE_SQUARES)
        deadline_ms = TTT_AI_DEFAULT_DEADLINE_MS;
    c->deadline_us = deadline_ms > 0 ? start_us + (uint64_t)deadline_ms * 1000u : 0;
    c->cancel = opts->cancel;
    c->node_limit = 0;
    c->stopped = 0;
    c->nodes = 0;
    c->horizon = 0;
    c->cut = 0;
    c->root_empty = c->pos.nempty;
    c->threat_move = -1;
    c->trace = opts->trace;
    c->trace_user = opts->trace_user;
    c->trace_depth = opts->trace ? opts->trace_depth : 0;
    c->tt = ctx->tt.entries ? &ctx->tt : NULL;
    /* After 255 calls a generation comes round again: start afresh, so an
     * old depth-limited entry never passes for one of this call. */
    if (c->tt && tt_new_generation(c->tt)) ttt__tt_clear(c->tt);
    memset(c->killer, SEARCH_NO_MOVE, sizeof c->killer);
}

int ttt__search_poll(search_ctx *c)
{
    if (c->stopped) return 1;
    if (c->cancel && ttt_cancel_requested(c->cancel)) c->stopped = 1;
    if (c->deadline_us && ttt_clock_us() >= c->deadline_us) c->stopped = 1;
    if (c->node_limit && c->nodes >= c->node_limit) c->stopped = 1;
    return c->stopped;
}

/* ========================================================================= */
/* Evaluation                                                                */
/* ========================================================================= */

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

int ttt__search_evaluate(const search_ctx *c, int s)
{
    const search_pos *p = &c->pos;
    int v = p->weight[s] - p->weight[1 - s];
    int lo = ttt__can_win(p, 1 - s, 0, 1) ? -SEARCH_EVAL_LIMIT : 0;
    int hi = ttt__can_win(p, s, 1, 1) ? SEARCH_EVAL_LIMIT : 0;
    return clamp(v, lo, hi);
}

int ttt__search_quick_move(const search_ctx *c, int s)
{
    const search_pos *p = &c->pos;
    uint64_t wins = pos_threats(p, s);
    if (wins) return bb_lowest(wins);
    uint64_t blocks = pos_threats(p, 1 - s);
    if (blocks) return bb_lowest(blocks);
    uint64_t empty = pos_empty(p);
    for (int i = 0; i < c->b->nsq; i++)
        if (empty & bb_bit(c->b->order[i])) return c->b->order[i];
    return -1;
}

/* ========================================================================= */
/* Transposition table                                                       */
/* ========================================================================= */

/* Win and loss scores count plies from the root, but a table entry may be
 * reached again at another ply: store them counted from the node instead. */
static int score_to_tt(int score, int ply)
{
    return score >= SEARCH_WIN_MIN ? score + ply : score <= -SEARCH_WIN_MIN ? score - ply : score;
}

static int score_from_tt(int score, int ply)
{
    return score >= SEARCH_WIN_MIN ? score - ply : score <= -SEARCH_WIN_MIN ? score + ply : score;
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

void ttt__search_score_outcome(const search_ctx *c, int score, int exact, ttt_outcome *outcome,
                               int *plies)
{
    if (score >= SEARCH_WIN_MIN) {
        *outcome = TTT_OUTCOME_WIN;
        *plies = SEARCH_WIN - score;
    } else if (score <= -SEARCH_WIN_MIN) {
        *outcome = TTT_OUTCOME_LOSS;
        *plies = SEARCH_WIN + score;
    } else if (exact) {
        *outcome = TTT_OUTCOME_DRAW;
        *plies = c->root_empty;
    } else {
        *outcome = TTT_OUTCOME_UNKNOWN;
        *plies = 0;
    }
}

/* Tells the trace callback the value of the move just searched at `ply`
 * (the line is c->path[0..ply-1]), for the player who made it. */
static void trace_report(search_ctx *c, int ply, int score, int exact)
{
    ttt_pos line[SEARCH_MAX_PLY];
    for (int i = 0; i < ply; i++) {
        line[i].row = c->path[i] / c->b->size;
        line[i].col = c->path[i] % c->b->size;
    }
    ttt_outcome outcome;
    int plies;
    ttt__search_score_outcome(c, score, exact, &outcome, &plies);
    c->trace(c->trace_user, line, ply, outcome, plies);
}

/* The table's move, two killers. */
#define FIRST_MOVES 3

static void remember_killer(search_ctx *c, int ply, int sq, int tt_move)
{
    if (sq == tt_move || sq == c->killer[ply][0]) return;
    c->killer[ply][1] = c->killer[ply][0];
    c->killer[ply][0] = (uint8_t)sq;
}

int ttt__search_negamax(search_ctx *c, int s, int ply, int depth, int alpha, int beta)
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
    int pairing = c->b->nsq <= SEARCH_PAIRING_SQUARES && c->b->nsq > SEARCH_NO_PAIRING_SQUARES;
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

    int tt_move = -1;
    search_tt_entry *e = c->tt ? tt_find(c->tt, key) : NULL;
    /* An entry of an earlier call counts only when exact: see tt.h. */
    if (e && (e->gen == c->tt->gen || e->depth == TT_DEPTH_EXACT)) {
        if (e->move != TT_NO_MOVE) tt_move = c->b->sym_inv[sym][e->move];
        if (!traced && e->depth >= depth) {
            int v = score_from_tt(e->score, ply);
            if (e->bound == TT_BOUND_EXACT || (e->bound == TT_BOUND_LOWER && v >= beta) ||
                (e->bound == TT_BOUND_UPPER && v <= alpha)) {
                if (e->depth != TT_DEPTH_EXACT) c->horizon = 1;
                return v;
            }
        }
    }
    if (depth <= 0) {
        c->horizon = 1;
        return clamp(p->weight[s] - p->weight[o], lo ? -SEARCH_EVAL_LIMIT : 0,
                     hi ? SEARCH_EVAL_LIMIT : 0);
    }

    uint64_t empty = pos_empty(p);
    uint64_t moves = threats ? blocks : empty; /* a single threat must be blocked */
    if (!traced && !threats) moves &= ~ttt__dominated(p, moves);
    int last_square = p->nempty == 1;
    int alpha0 = alpha, best = -SEARCH_INF, best_sq = -1, saved_h = c->horizon, any_h = 0;
    /* Order: the table's move, the killers, then the static order on
     * boards up to 4x4, or what each move does to the lines on larger ones
     * (there the static order left the search 1 to 2 plies shallower).
     * Measured: on 4x4 killers cost more nodes than they save. */
    int big = c->b->nsq > SEARCH_SOLVABLE_SQUARES;
    int first[FIRST_MOVES] = {tt_move, -1, -1};
    if (big) {
        first[1] = c->killer[ply][0];
        first[2] = c->killer[ply][1];
    }
    uint8_t ordered[TTT_MAX_SQUARES];
    int n_ordered = big ? ttt__order_moves(p, s, moves, -1, ordered) : c->b->nsq;
    const uint8_t *rest = big ? ordered : c->b->order;
    uint64_t tried = 0;
    for (int i = 0; i < FIRST_MOVES + n_ordered; i++) {
        int sq = i < FIRST_MOVES ? first[i] : rest[i - FIRST_MOVES];
        if (sq < 0 || sq >= c->b->nsq || !(moves & bb_bit(sq)) || (tried & bb_bit(sq))) continue;
        tried |= bb_bit(sq);
        c->path[ply] = (uint8_t)sq;
        int v = 0; /* filling the last square without a line: a draw */
        c->horizon = 0;
        if (!last_square) {
            int a = traced ? -SEARCH_INF : -beta, b = traced ? SEARCH_INF : -alpha;
            (void)pos_make(p, s, sq); /* no line completed: s had no win */
            v = -ttt__search_negamax(c, o, ply + 1, depth - 1, a, b);
            pos_unmake(p, s, sq);
        }
        if (c->stopped) return 0;
        any_h |= c->horizon;
        if (traced) trace_report(c, ply + 1, v, !c->horizon);
        if (v > best) {
            best = v;
            best_sq = sq;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) {
                    remember_killer(c, ply, sq, tt_move);
                    break;
                }
            }
        }
    }
    c->horizon = saved_h | any_h;
    if (c->tt) {
        int bound = best <= alpha0 ? TT_BOUND_UPPER
                    : best >= beta ? TT_BOUND_LOWER
                                   : TT_BOUND_EXACT;
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
    if (p->nempty) v = -ttt__search_negamax(c, 1, 1, depth - 1, -beta, -alpha);
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
    uint64_t now = ttt_clock_us();
    return now + last_us * ITERATION_GROWTH < c->deadline_us;
}

void ttt__search_root(search_ctx *c, uint64_t allowed, int max_depth, int all_exact,
                      search_root_result *out)
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
    int solvable = c->b->nsq <= SEARCH_SOLVABLE_SQUARES;
    int interruptible = c->deadline_us != 0 || c->cancel != NULL;
    int start = !solvable ? 1 : interruptible && limit > SHALLOW_DEPTH ? SHALLOW_DEPTH : limit;
    for (int depth = start;; depth = solvable ? limit : depth + 1) {
        uint64_t t0 = ttt_clock_us();
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
            if (c->trace_depth >= 1) trace_report(c, 1, scores[i], !c->horizon);
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
        if (!solvable && !next_iteration_fits(c, ttt_clock_us() - t0)) {
            c->stopped = 1; /* the deadline cut it short, if a little early */
            break;
        }
    }
}
