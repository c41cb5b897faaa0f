/*
 * root_move.c - the AI's move at the root (side 0 to move): the perfect
 * player's, from the survey (root_survey.c), the opening book and the
 * heuristic alpha-beta (alphabeta.c); the fallible player's (mistake.c)
 * with its tactical net; and the 3x3 table's (table3.c). The one pick
 * among equally good moves is here. Above the survey, below the public
 * layer (ai.c).
 */
#include <string.h>

#include "alphabeta.h"
#include "book.h"
#include "knowledge.h"
#include "mistake.h"
#include "root.h"
#include "table3.h"
#include "threat.h"

/* Plies the heuristic search looks ahead to choose among moves proven to
 * draw on boards larger than 5x5. */
#define DRAWN_LOOKAHEAD 4

/* With a drawing move from the book: how far the mover's faster wins are
 * looked for (the opponent may have erred), in plies, with this share of
 * the deadline, and the nodes the proof of the draw gets. */
#define BOOK_WIN_PLIES 11
#define BOOK_WIN_SHARE_PCT 50
#define BOOK_PROOF_NODES 16384

/* ========================================================================= */
/* The one pick among equals, and what a choice is known to be worth         */
/* ========================================================================= */

/* Picks at random among the n moves whose score is highest; returns the
 * index. */
static int pick_top(const int *scores, int n, rng_state *rng)
{
    int top = scores[0], ties = 0;
    for (int i = 1; i < n; i++)
        if (scores[i] > top) top = scores[i];
    for (int i = 0; i < n; i++)
        ties += scores[i] == top;
    int pick = rng_below(rng, ties);
    for (int i = 0; i < n; i++)
        if (scores[i] == top && pick-- == 0) return i;
    return 0;
}

/* Fills the result's knowledge from a move's score (score.h). */
static void describe(const search_ctx *c, int score, int proven, ttt_ai_result *out)
{
    score_outcome(score, proven, c->root_empty, &out->outcome, &out->plies);
    out->proven = proven;
    out->estimate = score_estimate(score, proven);
}

static void set_move(const search_ctx *c, int sq, ttt_ai_result *out)
{
    out->move.row = sq / c->b->size;
    out->move.col = sq % c->b->size;
}

/* ========================================================================= */
/* The perfect player's move                                                 */
/* ========================================================================= */

/* The depth-limited or traced search: plain alpha-beta over every move. */
static int alpha_beta_move(search_ctx *c, int max_depth, rng_state *rng, ttt_ai_result *out)
{
    alphabeta_root_result r;
    ttt__alphabeta_root(c, ~(uint64_t)0, max_depth, 0, &r);
    if (!r.completed) return ttt__quick_move(&c->pos, 0);
    int i = pick_top(r.scores, r.count, rng);
    describe(c, r.scores[i], r.exact, out);
    out->depth = r.depth;
    return r.squares[i];
}

/* Among the moves the survey did not prove lost (`candidates`), the
 * heuristic search's choice; among proven draws (`all_drawn`) only a
 * short look ahead, for the move that leaves a weaker opponent most
 * chances to go wrong. */
static int heuristic_choice(search_ctx *c, const root_survey *s, uint64_t candidates, int all_drawn,
                            rng_state *rng, ttt_ai_result *out)
{
    alphabeta_root_result r;
    ttt__alphabeta_root(c, candidates, all_drawn ? DRAWN_LOOKAHEAD : 0, 0, &r);
    if (!r.completed) {
        /* Nothing finished: the first candidate in the static order. */
        for (int i = 0; i < s->count; i++) {
            if (!(candidates & bb_bit(s->squares[i]))) continue;
            describe(c, 0, s->proven[i], out);
            return s->squares[i];
        }
    }
    int i = pick_top(r.scores, r.count, rng), sq = r.squares[i];
    int proven = 0;
    for (int j = 0; j < s->count; j++)
        if (s->squares[j] == sq) proven = s->proven[j];
    /* A draw the threat phase proved; or whatever the search proved. */
    if (proven)
        describe(c, 0, 1, out);
    else
        describe(c, r.scores[i], r.exact && (score_is_decisive(r.scores[i]) || all_drawn), out);
    out->depth = r.depth;
    return sq;
}

/*
 * The move of the book (book.h), square sq: a winning move with its plies
 * (the fastest win, found when the book was made), or a move that keeps a
 * drawn board drawn. A drawn board's position may have become a win if
 * the opponent erred, so a faster win is looked for first (forced wins up
 * to BOOK_WIN_PLIES, then the proof-number search), and the draw is
 * reported proven once the mover is proven never to win (by that search,
 * or because the opponent's book strategy led here). Returns -1 when the
 * draw is not proven and there is no deadline: the whole search then
 * proves it.
 */
static int book_move(search_ctx *c, int sq, int plies, ttt_ai_result *out)
{
    if (plies) {
        describe(c, SEARCH_WIN - plies, 1, out);
        out->depth = plies;
        return sq;
    }
    uint64_t real = ttt__root_phase_begin(c, BOOK_WIN_SHARE_PCT);
    int win = -1, win_plies = 0;
    for (int r = 1; r <= BOOK_WIN_PLIES && r <= c->pos.nempty && !c->stopped && win < 0; r += 2) {
        if (ttt__threat_search(c, 0, 0, r)) {
            win = c->threat_move;
            win_plies = r;
        }
    }
    ttt__root_phase_end(c, real);
    if (win >= 0) {
        describe(c, SEARCH_WIN - win_plies, 1, out);
        out->depth = win_plies;
        return win;
    }
    int move, v = -1;
    if (!ttt__book_defended(c->b, c->pos.bb[0], c->pos.bb[1]))
        v = c->pn && !c->stopped ? ttt__root_prove(c, 0, 0, BOOK_PROOF_NODES, &move) : 0;
    /* With no deadline the whole search can prove the value: the book only
     * saves time. */
    if (v == 0 && !c->deadline_us && !c->stopped) return -1;
    if (v == 1 && move >= 0) { /* a win beyond the levels: its length unknown */
        describe(c, SEARCH_WIN_MIN, 0, out);
        return move;
    }
    describe(c, 0, v == -1, out);
    out->depth = c->pos.nempty;
    return sq;
}

int ttt__root_move(search_ctx *c, int max_depth, rng_state *rng, ttt_ai_result *out)
{
    int sq;
    /* 3x3 (when it is searched, not read from the table) is quicker to
     * solve by plain alpha-beta than by the threat phase's many small
     * searches: 83 nodes against 130 on its slowest position. */
    if (c->trace || c->b->nsq <= BOARD_TABLE_SQUARES ||
        (max_depth > 0 && max_depth < c->pos.nempty)) {
        sq = alpha_beta_move(c, max_depth, rng, out);
        out->safe = out->proven && out->outcome != TTT_OUTCOME_LOSS;
        set_move(c, sq, out);
        return sq;
    }
    int book_plies, book_sq = -1;
    if (c->use_book) book_sq = ttt__book_move(c->b, c->pos.bb[0], c->pos.bb[1], &book_plies);
    if (book_sq >= 0) {
        sq = book_move(c, book_sq, book_plies, out);
        if (sq >= 0) {
            set_move(c, sq, out);
            /* The book's move keeps the board's value: never a loss. */
            out->safe = 1;
            return sq;
        }
    }
    root_survey s;
    ttt__root_threats(c, 1, &s);
    int n = s.count, scores[TTT_MAX_SQUARES];

    /* The fastest proven win: every move was checked to that depth. */
    int fastest = ttt__root_fastest_win(&s);
    if (fastest) {
        for (int i = 0; i < n; i++)
            scores[i] = s.win[i] == fastest;
        int i = pick_top(scores, n, rng);
        describe(c, s.score[i], 1, out);
        out->depth = fastest;
        out->safe = 1;
        sq = s.squares[i];
        set_move(c, sq, out);
        return sq;
    }

    /* A win the proof phase found beyond the levels: its length unknown. */
    int far = 0;
    for (int i = 0; i < n; i++)
        far |= scores[i] = s.won_far[i];
    if (far) {
        int i = pick_top(scores, n, rng);
        describe(c, s.score[i], 0, out);
        out->safe = 1;
        sq = s.squares[i];
        set_move(c, sq, out);
        return sq;
    }

    /* The moves not proven lost, and of those the ones proven safe (the
     * opponent never wins after them) when there are any. If none is
     * left, the slowest loss. */
    uint64_t candidates = 0, safe = 0;
    int all_drawn = 1, safe_drawn = 1;
    for (int i = 0; i < n; i++) {
        if (s.loss[i] || s.lost_far[i]) continue;
        candidates |= bb_bit(s.squares[i]);
        all_drawn &= s.proven[i];
        if (!s.opp_never[i]) continue;
        safe |= bb_bit(s.squares[i]);
        safe_drawn &= s.proven[i];
    }
    if (safe) {
        candidates = safe;
        all_drawn = safe_drawn;
    }
    if (!candidates) {
        int i = pick_top(s.score, n, rng);
        describe(c, s.score[i], s.proven[i], out);
        out->depth = s.loss[i];
        sq = s.squares[i];
    } else if (all_drawn && c->b->nsq <= BOARD_EXACT_SQUARES) {
        /* Proven draws on a board the threat phase solves: any will do. */
        for (int i = 0; i < n; i++)
            scores[i] = s.loss[i] ? -SEARCH_INF : 0;
        int i = pick_top(scores, n, rng);
        describe(c, 0, 1, out);
        out->depth = c->pos.nempty;
        sq = s.squares[i];
    } else {
        sq = heuristic_choice(c, &s, candidates, all_drawn, rng, out);
    }
    /* Proven never to lose: a proven draw or win, or a move the opponent
     * was proven never to win after. */
    out->safe = (out->proven && out->outcome != TTT_OUTCOME_LOSS) || (safe & bb_bit(sq)) != 0;
    set_move(c, sq, out);
    return sq;
}

/* ========================================================================= */
/* The fallible player's move                                                */
/* ========================================================================= */

/*
 * The fallible search on boards larger than 3x3: random for this many plies
 * (the AI's move and the reply), then valued by the deterministic search to
 * LARGE_LEAF_DEPTH more plies, or to the end where the board is small
 * enough to solve. A full random tree, as on 3x3, cannot be searched there.
 */
#define LARGE_RANDOM_PLIES 2
#define LARGE_LEAF_DEPTH 2

/* The fastest forced win of side 0 within `plies` (odd levels up to it),
 * or -1. */
static int safety_win(search_ctx *c, int plies)
{
    for (int r = 1; r <= plies && r <= c->pos.nempty && !c->stopped; r += 2)
        if (ttt__threat_search(c, 0, 0, r)) return c->threat_move;
    return -1;
}

/* Of the moves ranked by the fallible search (ties in random order), the
 * best after which the opponent has no forced win within `plies` (from the
 * root); the pick `fallback` when every move has one. */
static int safety_move(search_ctx *c, const mistake_result *r, const int *ranks, int plies,
                       rng_state *rng, int fallback)
{
    int order[TTT_MAX_SQUARES], n = r->count;
    for (int i = 0; i < n; i++) { /* a random order, then stable by rank */
        int j = rng_below(rng, i + 1);
        order[i] = order[j];
        order[j] = i;
    }
    for (int i = 1; i < n; i++) {
        int x = order[i], j = i;
        while (j > 0 && ranks[order[j - 1]] < ranks[x]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
    for (int i = 0; i < n && !c->stopped; i++) {
        int sq = r->squares[order[i]];
        if (plies < 2 || !ttt__root_after_move(c, sq, 1, plies - 1)) return order[i];
    }
    return fallback;
}

void ttt__root_mistake_move(search_ctx *c, double p, int max_depth, int safety, rng_state *rng,
                            ttt_ai_result *out)
{
    int empty = c->pos.nempty;
    int random_plies = c->b->nsq <= BOARD_TABLE_SQUARES ? empty : LARGE_RANDOM_PLIES;
    int leaf_depth = c->b->nsq <= BOARD_SOLVABLE_SQUARES ? empty : LARGE_LEAF_DEPTH;
    if (max_depth > 0) {
        if (random_plies > max_depth) random_plies = max_depth;
        leaf_depth = max_depth - random_plies;
    }
    int net = safety > 0 && c->b->nsq > BOARD_TABLE_SQUARES;
    int win = net ? safety_win(c, safety) : -1;
    if (win >= 0) {
        set_move(c, win, out);
        out->estimate = score_estimate(SEARCH_WIN_MIN, 0);
        out->depth = safety;
        return;
    }
    mistake_result r;
    ttt__mistake_root(c, rng, p, random_plies, leaf_depth, &r);
    int ranks[TTT_MAX_SQUARES] = {0};
    for (int j = 0; j < r.count; j++)
        ranks[j] = search_rank_ai(r.values[j]);
    int i = pick_top(ranks, r.count, rng);
    if (net && safety >= 2 && ttt__root_after_move(c, r.squares[i], 1, safety - 1))
        i = safety_move(c, &r, ranks, safety, rng, i);
    set_move(c, r.squares[i], out);
    /* What the fallible search believes is never proven, since a skipped
     * branch may hide a better reply: only its estimate is reported. */
    if (r.values[i] != SEARCH_UNKNOWN) out->estimate = score_estimate(r.values[i], 0);
    /* leaf_depth is a bound, not what the search reached: never more than
     * the plies left in the game. */
    out->depth = random_plies + leaf_depth < empty ? random_plies + leaf_depth : empty;
}

/* ========================================================================= */
/* The 3x3 table                                                             */
/* ========================================================================= */

void ttt__root_table3_move(uint64_t mover, uint64_t other, int size, rng_state *rng,
                           ttt_ai_result *out)
{
    table3_values v;
    int i;
    int sq = ttt__table3_move(mover, other, rng, &i, &v);
    out->move.row = sq / size;
    out->move.col = sq % size;
    out->outcome = v.outcomes[i];
    out->plies = v.plies[i];
    out->proven = 1;
    out->safe = v.outcomes[i] != TTT_OUTCOME_LOSS;
    out->estimate = score_estimate(v.ranks[i], 1);
    out->depth = v.plies[i];
}
