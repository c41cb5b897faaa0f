/*
 * search.c - negamax alpha-beta over two bitboards, for every board size.
 *
 * One node: poll the clock now and then, probe the transposition table,
 * then scan every line once (scan_lines) to learn the facts that make most
 * nodes cheap:
 *   - the mover can complete a line now      -> win at the next ply, exact;
 *   - the other side has two such squares    -> loss two plies on, exact;
 *   - the other side has one such square     -> the block is the only move
 *     worth searching (every other move loses two plies on, the worst);
 *   - no line can still be completed by either side in the moves it has
 *     left                                    -> draw, exact;
 *   - only one side still has live lines     -> the value is bounded by 0.
 * Then the moves are searched in order (table move first, then squares on
 * many lines). Depth-limited searches end in ttt__search_evaluate(), a count of
 * live lines weighted by how full they are; `horizon` records that a value
 * depended on such a guess, so the caller knows whether it is exact.
 */
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "ttt/util.h"

/* Transposition-table sizes, log2 of entries, by board area. Entries are
 * 24 bytes. A new table is zeroed lazily by the system as pages are first
 * touched, which costs about a microsecond a page: a small table for 3x3,
 * 1.5 MB for 4x4 (its exact solve visits some 30,000 nodes), and 3 MB for
 * the deadline-bound larger boards, where a bigger table would spend a
 * short deadline on page faults. A context keeps its table, so only its
 * first search on a board pays for them. */
#define TT_BITS_SMALL 10
#define TT_BITS_MEDIUM 16
#define TT_BITS_LARGE 17
#define SMALL_BOARD_SQUARES 9
#define MEDIUM_BOARD_SQUARES 16

/* Depth of the fallback iteration before a solve that may be cut short. */
#define SHALLOW_DEPTH 2

/* Remaining depth stored for values that used no heuristic leaf: usable at
 * any depth. */
#define DEPTH_EXACT 255

enum { BOUND_EXACT = 0, BOUND_LOWER = 1, BOUND_UPPER = 2 };

/* The four line directions as (row step, column step). */
static const int DIRS[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* Heuristic weight of a live line by the marks already on it: each extra
 * mark makes the line several times more dangerous. */
static const int EVAL_LINE_WEIGHT[TTT_MAX_SIZE] = {1, 4, 16, 64, 256, 1024, 4096, 16384};

/* ========================================================================= */
/* Set-up                                                                    */
/* ========================================================================= */

/* Lists every victory set as a mask (same set as ttt_victory_sets()). */
static void build_lines(search_board *c)
{
    int n = c->size, k = c->k;
    c->nlines = 0;
    for (int d = 0; d < 4; d++) {
        for (int r = 0; r < n; r++) {
            for (int col = 0; col < n; col++) {
                int er = r + DIRS[d][0] * (k - 1), ec = col + DIRS[d][1] * (k - 1);
                if (er < 0 || er >= n || ec < 0 || ec >= n) continue;
                uint64_t mask = 0;
                for (int i = 0; i < k; i++)
                    mask |= bb_bit((r + DIRS[d][0] * i) * n + col + DIRS[d][1] * i);
                c->lines[c->nlines++] = mask;
            }
        }
    }
}

/* Static move order: squares on more lines first (the centre of 3x3, then
 * corners, then edges); ties broken towards the centre. Good first moves
 * make alpha-beta cut early. */
static void build_order(search_board *c)
{
    int weight[TTT_MAX_SQUARES];
    int twice_mid = c->size - 1; /* twice the centre coordinate */
    for (int sq = 0; sq < c->nsq; sq++) {
        int on = 0;
        for (int i = 0; i < c->nlines; i++)
            if (c->lines[i] & bb_bit(sq)) on++;
        int dr = abs(2 * (sq / c->size) - twice_mid), dc = abs(2 * (sq % c->size) - twice_mid);
        /* Lines dominate; centrality (at most 4 * size) only breaks ties. */
        weight[sq] = on * 8 * TTT_MAX_SIZE - (dr + dc);
        c->order[sq] = (uint8_t)sq;
    }
    for (int i = 1; i < c->nsq; i++) { /* insertion sort: 64 squares at most */
        uint8_t s = c->order[i];
        int j = i;
        while (j > 0 && weight[c->order[j - 1]] < weight[s]) {
            c->order[j] = c->order[j - 1];
            j--;
        }
        c->order[j] = s;
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

static void build_symmetry(search_board *c)
{
    c->use_sym = c->nsq <= SEARCH_SYM_SQUARES;
    if (!c->use_sym) return;
    for (int s = 0; s < SEARCH_SYMMETRIES; s++) {
        for (int sq = 0; sq < c->nsq; sq++) {
            int to = sym_square(c->size, s, sq);
            c->sym_perm[s][sq] = (uint8_t)to;
            c->sym_inv[s][to] = (uint8_t)sq;
        }
        /* Each byte's image is the image of the byte without its lowest
         * bit plus that bit's square: 256 steps per byte, not 2048. */
        for (int half = 0; half < 2; half++) {
            c->sym_bytes[s][half][0] = 0;
            for (int b = 1; b < 256; b++) {
                int sq = half * 8 + bb_lowest((uint64_t)b);
                unsigned img = c->sym_bytes[s][half][b & (b - 1)];
                if (sq < c->nsq) img |= 1u << c->sym_perm[s][sq];
                c->sym_bytes[s][half][b] = (uint16_t)img;
            }
        }
    }
}

/* The transposition-table size (log2 of entries) a board gets. */
static int table_bits(int nsq)
{
    return nsq <= SMALL_BOARD_SQUARES    ? TT_BITS_SMALL
           : nsq <= MEDIUM_BOARD_SQUARES ? TT_BITS_MEDIUM
                                         : TT_BITS_LARGE;
}

ttt_status ttt__search_prepare(ttt_ai_context *ctx, int size, int k, int want_table)
{
    search_board *b = &ctx->board;
    int new_board = b->size != size || b->k != k;
    if (new_board) {
        b->size = size;
        b->k = k;
        b->nsq = size * size;
        b->full = b->nsq == 64 ? UINT64_MAX : bb_bit(b->nsq) - 1;
        build_lines(b);
        build_order(b);
        build_symmetry(b);
    }
    if (!want_table) return TTT_OK;
    uint64_t entries = (uint64_t)1 << table_bits(b->nsq);
    if (ctx->tt && ctx->tt_mask + 1 == entries) {
        /* Keys are bitboards: another board's entries would be misread. */
        if (new_board) memset(ctx->tt, 0, (size_t)entries * sizeof *ctx->tt);
        return TTT_OK;
    }
    free(ctx->tt);
    ctx->tt_mask = 0;
    ctx->tt = calloc((size_t)entries, sizeof *ctx->tt);
    if (!ctx->tt) return TTT_ERR_NOMEM;
    ctx->tt_mask = entries - 1;
    return TTT_OK;
}

void ttt__search_begin(search_ctx *c, ttt_ai_context *ctx, const ttt_ai_options *opts,
                       uint64_t start_us)
{
    c->b = &ctx->board;
    /* No deadline and no cancel token on a board too big to solve would
     * search for hours: such calls get the documented default budget. */
    int deadline_ms = opts->deadline_ms;
    if (deadline_ms == 0 && opts->cancel == NULL && c->b->nsq > MEDIUM_BOARD_SQUARES)
        deadline_ms = TTT_AI_DEFAULT_DEADLINE_MS;
    c->deadline_us = deadline_ms > 0 ? start_us + (uint64_t)deadline_ms * 1000u : 0;
    c->cancel = opts->cancel;
    c->stopped = 0;
    c->nodes = 0;
    c->horizon = 0;
    c->root_empty = 0;
    c->trace = opts->trace;
    c->trace_user = opts->trace_user;
    c->trace_depth = opts->trace ? opts->trace_depth : 0;
    c->tt = ctx->tt;
    c->tt_mask = ctx->tt_mask;
    /* Generation 0 is what a zeroed entry holds: never a current one. */
    ctx->generation = (uint8_t)(ctx->generation == UINT8_MAX ? 1 : ctx->generation + 1);
    c->generation = ctx->generation;
    memset(c->killer, SEARCH_NO_MOVE, sizeof c->killer);
}

int ttt__search_poll(search_ctx *c)
{
    if (c->stopped) return 1;
    if (c->cancel && ttt_cancel_requested(c->cancel)) c->stopped = 1;
    if (c->deadline_us && ttt_clock_us() >= c->deadline_us) c->stopped = 1;
    return c->stopped;
}

int ttt__search_wins_through(const search_ctx *c, uint64_t bits, int sq)
{
    for (int i = 0; i < c->b->nlines; i++)
        if ((c->b->lines[i] & bb_bit(sq)) && (c->b->lines[i] & bits) == c->b->lines[i]) return 1;
    return 0;
}

/* ========================================================================= */
/* Line scan and evaluation                                                  */
/* ========================================================================= */

/* What one pass over the lines tells about a node. A line is live for a
 * side when the other side has no mark on it and the side has enough moves
 * left to fill it. */
typedef struct line_scan {
    uint64_t mover_wins; /* squares that complete a line for the mover */
    uint64_t other_wins; /* the same for the other side */
    int mover_live;      /* live lines of the mover */
    int other_live;
    int eval; /* weighted live lines, mover minus other */
} line_scan;

static void scan_lines(const search_ctx *c, uint64_t mover, uint64_t other, line_scan *s)
{
    int empty = c->b->nsq - bb_count(mover | other);
    int mover_left = (empty + 1) / 2, other_left = empty / 2;
    s->mover_wins = s->other_wins = 0;
    s->mover_live = s->other_live = 0;
    s->eval = 0;
    for (int i = 0; i < c->b->nlines; i++) {
        uint64_t line = c->b->lines[i], m = line & mover, o = line & other;
        if (!o) {
            int have = bb_count(m);
            if (c->b->k - have <= mover_left) {
                s->mover_live++;
                s->eval += EVAL_LINE_WEIGHT[have];
                if (have == c->b->k - 1) s->mover_wins |= line & ~mover;
            }
        }
        if (!m) {
            int have = bb_count(o);
            if (c->b->k - have <= other_left) {
                s->other_live++;
                s->eval -= EVAL_LINE_WEIGHT[have];
                if (have == c->b->k - 1) s->other_wins |= line & ~other;
            }
        }
    }
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

int ttt__search_evaluate(const search_ctx *c, uint64_t mover, uint64_t other)
{
    line_scan s;
    scan_lines(c, mover, other, &s);
    int lo = s.other_live ? -SEARCH_EVAL_LIMIT : 0, hi = s.mover_live ? SEARCH_EVAL_LIMIT : 0;
    return clamp(s.eval, lo, hi);
}

uint64_t ttt__search_winning_squares(const search_ctx *c, uint64_t side, uint64_t foe)
{
    uint64_t wins = 0;
    for (int i = 0; i < c->b->nlines; i++) {
        uint64_t line = c->b->lines[i];
        if (!(line & foe) && bb_count(line & side) == c->b->k - 1) wins |= line & ~side;
    }
    return wins;
}

int ttt__search_quick_move(const search_ctx *c, uint64_t mover, uint64_t other)
{
    uint64_t empty = c->b->full & ~(mover | other);
    uint64_t wins = ttt__search_winning_squares(c, mover, other);
    if (wins) return bb_lowest(wins);
    uint64_t blocks = ttt__search_winning_squares(c, other, mover);
    if (blocks) return bb_lowest(blocks);
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

/* The key a position is stored under: the position itself, or with
 * symmetry its smallest image (and which symmetry gives it, in *sym). */
static void tt_key(const search_ctx *c, uint64_t *mover, uint64_t *other, int *sym)
{
    *sym = 0;
    if (!c->b->use_sym) return;
    unsigned m = (unsigned)*mover, o = (unsigned)*other;
    uint32_t best = UINT32_MAX;
    for (int s = 0; s < SEARCH_SYMMETRIES; s++) {
        unsigned mi = c->b->sym_bytes[s][0][m & 0xFFu] | c->b->sym_bytes[s][1][m >> 8];
        unsigned oi = c->b->sym_bytes[s][0][o & 0xFFu] | c->b->sym_bytes[s][1][o >> 8];
        uint32_t key = (uint32_t)mi << SEARCH_SYM_SQUARES | oi;
        if (key < best) {
            best = key;
            *sym = s;
        }
    }
    *mover = best >> SEARCH_SYM_SQUARES;
    *other = best & 0xFFFFu;
}

static search_tt_entry *tt_slot(const search_ctx *c, uint64_t mover, uint64_t other)
{
    /* Two odd multipliers and a shift mix both boards into the index. */
    uint64_t h = mover * RNG_GOLDEN ^ other * 0xC2B2AE3D27D4EB4Fu;
    h ^= h >> 29;
    return &c->tt[h & c->tt_mask];
}

static void tt_store(search_tt_entry *e, uint64_t mover, uint64_t other, int score, int ply,
                     int depth, int bound, int move, uint8_t generation)
{
    e->generation = generation;
    e->mover = mover;
    e->other = other;
    e->score = (int16_t)score_to_tt(score, ply);
    e->depth = (uint8_t)depth;
    e->bound = (uint8_t)bound;
    e->move = (uint8_t)move;
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

int ttt__search_negamax(search_ctx *c, uint64_t mover, uint64_t other, int ply, int depth,
                        int alpha, int beta)
{
    if (search_tick(c)) return 0;
    /* Within the trace depth every move is searched with a full window, so
     * the values reported are exact, not bounds. */
    int traced = ply < c->trace_depth;
    if (traced) {
        alpha = -SEARCH_INF;
        beta = SEARCH_INF;
    }

    uint64_t key_mover = mover, key_other = other;
    int sym;
    tt_key(c, &key_mover, &key_other, &sym);
    search_tt_entry *e = tt_slot(c, key_mover, key_other);
    int tt_move = -1;
    /* An entry of an earlier call counts only when exact: see the context. */
    if (e->mover == key_mover && e->other == key_other && (e->mover | e->other) &&
        (e->generation == c->generation || e->depth == DEPTH_EXACT)) {
        tt_move = c->b->use_sym ? c->b->sym_inv[sym][e->move] : e->move;
        if (!traced && e->depth >= depth) {
            int s = score_from_tt(e->score, ply);
            if (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && s >= beta) ||
                (e->bound == BOUND_UPPER && s <= alpha)) {
                if (e->depth != DEPTH_EXACT) c->horizon = 1;
                return s;
            }
        }
    }

    line_scan s;
    scan_lines(c, mover, other, &s);
    if (s.mover_wins) return SEARCH_WIN - (ply + 1);
    int threats = bb_count(s.other_wins);
    if (threats >= 2) return -(SEARCH_WIN - (ply + 2));
    if (!s.mover_live && !s.other_live) return 0;

    /* Bounds on the true value: no win before ply + 3 (none now), no loss
     * before ply + 4 (a single threat gets blocked), and none at all for a
     * side without live lines. They prune like mate-distance pruning. */
    int hi = s.mover_live ? SEARCH_WIN - (ply + 3) : 0;
    int lo = s.other_live ? -(SEARCH_WIN - (ply + 4)) : 0;
    if (!traced) {
        if (hi <= alpha) return hi;
        if (lo >= beta) return lo;
        if (alpha < lo) alpha = lo;
        if (beta > hi) beta = hi;
    }
    if (depth <= 0) {
        c->horizon = 1;
        return clamp(s.eval, lo ? -SEARCH_EVAL_LIMIT : 0, hi ? SEARCH_EVAL_LIMIT : 0);
    }

    uint64_t empty = c->b->full & ~(mover | other);
    uint64_t moves = threats ? s.other_wins : empty; /* a single threat must be blocked */
    int last_square = bb_count(empty) == 1;
    int alpha0 = alpha, best = -SEARCH_INF, best_sq = -1, saved_h = c->horizon, any_h = 0;
    /* Order: the table's move, the killers, then the static order. */
    int first[FIRST_MOVES] = {tt_move, -1, -1};
    if (!c->b->use_sym) { /* measured: on 4x4 killers cost more nodes than they save */
        first[1] = c->killer[ply][0];
        first[2] = c->killer[ply][1];
    }
    uint64_t tried = 0;
    for (int i = 0; i < FIRST_MOVES + c->b->nsq; i++) {
        int sq = i < FIRST_MOVES ? first[i] : c->b->order[i - FIRST_MOVES];
        if (sq < 0 || sq >= c->b->nsq || !(moves & bb_bit(sq)) || (tried & bb_bit(sq))) continue;
        tried |= bb_bit(sq);
        c->path[ply] = (uint8_t)sq;
        int v = 0; /* filling the last square without a line: a draw */
        c->horizon = 0;
        if (!last_square) {
            int a = traced ? -SEARCH_INF : -beta, b = traced ? SEARCH_INF : -alpha;
            v = -ttt__search_negamax(c, other, mover | bb_bit(sq), ply + 1, depth - 1, a, b);
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
    int bound = best <= alpha0 ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT;
    int key_move = c->b->use_sym ? c->b->sym_perm[sym][best_sq] : best_sq;
    tt_store(e, key_mover, key_other, best, ply, any_h ? depth : DEPTH_EXACT, bound, key_move,
             c->generation);
    return best;
}

/* ========================================================================= */
/* Root                                                                      */
/* ========================================================================= */

/* Value of one root move for the root's mover, searched with the window
 * (alpha, beta). */
static int root_move_window(search_ctx *c, uint64_t mover, uint64_t other, int sq, int last,
                            int depth, int alpha, int beta)
{
    uint64_t after = mover | bb_bit(sq);
    c->path[0] = (uint8_t)sq;
    c->horizon = 0;
    if (ttt__search_wins_through(c, after, sq)) return SEARCH_WIN - 1;
    if (last) return 0;
    return -ttt__search_negamax(c, other, after, 1, depth - 1, -beta, -alpha);
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
static int root_move_value(search_ctx *c, uint64_t mover, uint64_t other, int sq, int last,
                           int depth, int guess, int need_below)
{
    int v = root_move_window(c, mover, other, sq, last, depth, guess - 1, guess + 1);
    if (c->stopped) return v;
    int h = c->horizon;
    if (v >= guess + 1)
        v = root_move_window(c, mover, other, sq, last, depth, guess, SEARCH_INF);
    else if (v <= guess - 1 && need_below)
        v = root_move_window(c, mover, other, sq, last, depth, -SEARCH_INF, guess);
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

void ttt__search_root(search_ctx *c, uint64_t mover, uint64_t other, int max_depth, int all_exact,
                      search_root_result *out)
{
    uint64_t empty = c->b->full & ~(mover | other);
    int n = 0, n_empty = bb_count(empty);
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
    int solvable = c->b->nsq <= MEDIUM_BOARD_SQUARES;
    int interruptible = c->deadline_us != 0 || c->cancel != NULL;
    int start = !solvable ? 1 : interruptible && limit > SHALLOW_DEPTH ? SHALLOW_DEPTH : limit;
    for (int depth = start;; depth = solvable ? limit : depth + 1) {
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
            scores[i] = root_move_value(c, mover, other, squares[i], n_empty == 1, depth, guess,
                                        first || all_exact);
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
    }
}
