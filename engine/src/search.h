/*
 * search.h - the AI's searches, private to the engine:
 *   - negamax alpha-beta with a transposition table (search.c): exact on
 *     boards up to 4x4, heuristic (iterative deepening) above;
 *   - the threat-space search (threat.c): "does this side win within r
 *     plies?", exact, pruned by threats, Erdos-Selfridge potentials and
 *     relevance zones; iterated over r it gives the fastest forced win, and
 *     run to the end of the game it proves draws (with the pairing
 *     strategies of pairing.c);
 *   - the root drivers that combine them for a move or an analysis
 *     (root.c), and the design manual's fallible search (search_mistake.c).
 *
 * The board's tables (board.h) and the transposition table (tt.h) live in
 * the ttt_ai_context (defined here), which a program may keep from call to
 * call; a search borrows them through its search_ctx. Functions other
 * modules call are named ttt__* so that no unprefixed symbol leaves the
 * library.
 *
 * Scores are integers from the point of view of the player to move at the
 * node, and encode distance the way chess engines encode mate (Ethereal):
 *
 *   win  that ends the game at ply p from the root:  +(SEARCH_WIN - p)
 *   loss that ends the game at ply p from the root:  -(SEARCH_WIN - p)
 *   draw (proven), or a heuristic guess:             |score| <= SEARCH_EVAL_LIMIT
 *
 * so a faster win scores higher and a slower loss scores higher, and plain
 * integer comparison orders moves the way a perfect player would.
 */
#ifndef TTT_SEARCH_H
#define TTT_SEARCH_H

#include <stdint.h>

#include "board.h"
#include "rng.h"
#include "tt.h"
#include "ttt/ai.h"

/* Score of a win at ply 0; no game lasts SEARCH_MAX_PLY plies, so every
 * win or loss scores at least SEARCH_WIN_MIN in absolute value. */
#define SEARCH_WIN 10000
#define SEARCH_MAX_PLY TTT_MAX_SQUARES
#define SEARCH_WIN_MIN (SEARCH_WIN - SEARCH_MAX_PLY)
/* Heuristic evaluations are clamped to this, far from any win score. */
#define SEARCH_EVAL_LIMIT 5000
/* Beyond every score: the initial alpha-beta window. */
#define SEARCH_INF 30000

/* An empty killer slot. */
#define SEARCH_NO_MOVE 255

/* Boards up to this many squares are solved outright by alpha-beta (4x4);
 * larger ones are searched against a deadline. */
#define SEARCH_SOLVABLE_SQUARES 16

/* The public ttt_ai_context: what is kept between calls. The board tables
 * are valid when board.size is not 0. The transposition table is sized
 * for the board (or as the caller asked, table_bits); each call is a new
 * generation of it. */
struct ttt_ai_context {
    search_board board;
    search_tt tt;
    int tt_bits;     /* log2 of the buckets of the table in tt (0: none yet) */
    int tt_bits_cap; /* at most this many (0: no cap): the one-call contexts of
                        ttt_ai_move() and ttt_ai_analyze() */
};

/* The per-call search state. Everything a search touches lives here or in
 * the context it borrows from, which makes the search reentrant. */
typedef struct search_ctx {
    const search_board *b; /* the board's tables, from the context */
    search_pos pos;        /* the position searched, updated move by move */
    search_tt *tt;         /* the context's table, or NULL */

    /* Limits. */
    uint64_t deadline_us;     /* ttt_clock_us() value to stop at; 0 for none */
    const ttt_cancel *cancel; /* caller's token, may be NULL */
    uint64_t node_limit;      /* stop after this many nodes; 0 for none */
    int stopped;              /* set once a limit is reached */

    /* Statistics and bookkeeping of the running search. */
    uint64_t nodes;
    int horizon;     /* alpha-beta: a value below depended on a heuristic leaf */
    int cut;         /* threat search: a result below depended on its window */
    int root_empty;  /* empty squares at the root: the length of a drawn game */
    int threat_move; /* threat search: the attacker's first move of the last win found */

    /* Killer moves: per ply, the last two squares that cut the search off
     * there. Sibling positions often fall to the same move, so they are
     * tried right after the table's move (SEARCH_NO_MOVE when none). */
    uint8_t killer[SEARCH_MAX_PLY][2];

    /* Trace (see ttt_trace_fn): the moves from the root to the node. */
    ttt_trace_fn trace;
    void *trace_user;
    int trace_depth;
    uint8_t path[SEARCH_MAX_PLY];
} search_ctx;

/* Make the context's board tables those of size x size with line length k
 * (kept when they already are) and, with `want_table`, give it a
 * transposition table sized for that board. A new board empties the
 * table. TTT_OK or TTT_ERR_NOMEM (the context stays usable). */
ttt_status ttt__search_prepare(ttt_ai_context *ctx, int size, int k, int want_table);

/* Start a search on the context's board from the position where side 0
 * (to move) has `mover` and side 1 `other`: limits and trace from the
 * options, the context's table (if any), a new generation. `start_us` is
 * when the call began (the deadline counts from there). */
void ttt__search_begin(search_ctx *c, ttt_ai_context *ctx, const ttt_ai_options *opts,
                       uint64_t start_us, uint64_t mover, uint64_t other);

/* Polls the clock, the cancel flag and the node limit; sets and returns
 * c->stopped. */
int ttt__search_poll(search_ctx *c);

/* The clock and cancel flag are polled every SEARCH_POLL_MASK + 1 nodes.
 * A node costs well under a microsecond (a page fault in a fresh table
 * included) and reading the clock some tens of nanoseconds, so this keeps
 * the overshoot near 0.1 ms, well inside the 1 ms allowed. */
#define SEARCH_POLL_MASK 127u

/* Counts a node, polling now and then; returns non-zero once stopped. */
static inline int search_tick(search_ctx *c)
{
    if ((++c->nodes & SEARCH_POLL_MASK) == 0) ttt__search_poll(c);
    return c->stopped;
}

/* The cheapest sensible move for side s, for when a search is stopped
 * before it has finished anything: a winning square, else the block of a
 * threat, else the first free square in the static order. */
int ttt__search_quick_move(const search_ctx *c, int s);

/* Negamax alpha-beta value of the node where side `s` is to move, at `ply`
 * plies from the root, searching `depth` more plies (then a heuristic).
 * The caller guarantees the game is not over at this node. */
int ttt__search_negamax(search_ctx *c, int s, int ply, int depth, int alpha, int beta);

/* Static heuristic value of the position for side s to move. */
int ttt__search_evaluate(const search_ctx *c, int s);

/* Every root move and its score, from ttt__search_root(). */
typedef struct search_root_result {
    int count; /* free squares at the root */
    uint8_t squares[TTT_MAX_SQUARES];
    int scores[TTT_MAX_SQUARES]; /* exact, or an upper bound when not a best move
                                    (unless all_exact was asked) */
    int best;                    /* the best score */
    int depth;                   /* depth of the last completed iteration */
    int exact;                   /* scores are proven (no heuristic leaf used) */
    int completed;               /* at least one iteration finished */
} search_root_result;

/* Search the root (side 0 to move) by iterative deepening up to
 * `max_depth` plies (0: to the end), until exact, the deadline or cancel,
 * over the root moves in `allowed`. With `all_exact`, every root move gets
 * its true score (for analysis); otherwise only the moves tying for best
 * do, and the others are known to be worse. Fills `out` from the last
 * completed iteration. */
void ttt__search_root(search_ctx *c, uint64_t allowed, int max_depth, int all_exact,
                      search_root_result *out);

/* Outcome and plies to the end of the game of a score at the root, for the
 * player the score belongs to. A non-exact score inside the evaluation band
 * is UNKNOWN with 0 plies. */
void ttt__search_score_outcome(const search_ctx *c, int score, int exact, ttt_outcome *outcome,
                               int *plies);

/* ------------------------------------------------------------------------- */
/* Threat-space search (threat.c)                                            */
/* ------------------------------------------------------------------------- */

/* Whether side `a` wins within `r` plies (its winning mark placed at ply r
 * or sooner) from c->pos with side `s` to move; exact. On a win with a to
 * move, c->threat_move is a first move of such a win. c->cut is set when
 * a "no" depended on the window (a larger r might say yes); a "no" with
 * c->cut clear holds for any r. */
int ttt__threat_search(search_ctx *c, int a, int s, int r);

/* Whether side a could still complete a line before the board is full,
 * as far as the moves it has left, the Erdos-Selfridge potential and (with
 * `pairing`) a pairing strategy tell (`first`: a is to move): 0 is a
 * proof that it never can, 1 means it may. */
int ttt__can_win(const search_pos *p, int a, int first, int pairing);

/* The squares of `moves` that another square of `moves` dominates: every
 * line through it that someone can still complete also runs through the
 * other, so a mark there is never better (for either side, distance
 * included); of squares on the same lines all but the lowest. Squares on
 * no such line are all dominated unless nothing else is left. */
uint64_t ttt__dominated(const search_pos *p, uint64_t moves);

/* The squares of `moves`, best first for side s by what a mark there does
 * (its own live lines advanced, weighted by their marks, and the other
 * side's blocked), with `hint` (if among them) ahead of all; into `out`.
 * Returns how many. */
int ttt__order_moves(const search_pos *p, int s, uint64_t moves, int hint, uint8_t *out);

/* The result of ttt__threat_distance(). */
enum {
    THREAT_UNKNOWN = -1, /* no win within the windows searched (or stopped) */
    THREAT_NEVER = 0     /* proven: a never wins against best defence */
};

/* The fewest plies within which side `a` wins from c->pos with side `s` to
 * move, by iterating ttt__threat_search() over growing windows up to
 * `max_r` plies: that number (exact), THREAT_NEVER when a cannot win at
 * all, or THREAT_UNKNOWN. With a to move, *move (if not NULL) receives a
 * first move of the fastest win. */
int ttt__threat_distance(search_ctx *c, int a, int s, int max_r, int *move);

/* ------------------------------------------------------------------------- */
/* The root (root.c)                                                         */
/* ------------------------------------------------------------------------- */

/* What the threat phase proved about each move at the root (side 0 to
 * move), plies counted from the root (the move itself is ply 1). */
typedef struct root_survey {
    int count;
    uint8_t squares[TTT_MAX_SQUARES];     /* the free squares, in the static order */
    uint8_t win[TTT_MAX_SQUARES];         /* side 0's fastest win, in plies; 0: none found */
    uint8_t loss[TTT_MAX_SQUARES];        /* side 1's fastest win; 0: none found */
    uint8_t mover_never[TTT_MAX_SQUARES]; /* proven: side 0 never wins after it */
    uint8_t opp_never[TTT_MAX_SQUARES];   /* proven: side 1 never wins after it */
    uint8_t proven[TTT_MAX_SQUARES];      /* score[] is the move's exact value */
    int score[TTT_MAX_SQUARES];           /* search-style score when proven */
    int value_proven;                     /* the best proven score is the position's value */
} root_survey;

/* Runs the threat phase at the root: every move's proven facts, level by
 * level (see root.c). On boards up to 5x5 with no deadline, every move is
 * proven. `for_move` stops once the fastest win is known (a move needs no
 * more) and uses a smaller share of the deadline. */
void ttt__root_threats(search_ctx *c, int for_move, root_survey *s);

/* The perfect player's move (mistake probability 0) at the root: the
 * fastest proven win, else among the moves not proven lost the heuristic
 * search's best (a random one among equals), else the slowest loss.
 * Fills what is known about it into `out` (outcome, plies, exact, depth)
 * and returns the square. */
int ttt__root_move(search_ctx *c, const ttt_ai_options *o, ttt_rng *rng, ttt_ai_result *out);

/* The value of every move at the root: proven ones from the threat phase
 * (or the search), estimates for the others from the heuristic search;
 * fills everything of `out` but leaves it alone otherwise. */
void ttt__root_analyze(search_ctx *c, ttt_analysis *out);

/* Fills `out` from each free square's score (search.h convention, indexed
 * by square), whether it is proven, and the heuristic depth reached. */
void ttt__root_fill_analysis(const search_ctx *c, const int *score, const int *proven, int depth,
                             ttt_analysis *out);

/* ------------------------------------------------------------------------- */
/* Pairing strategies (pairing.c)                                            */
/* ------------------------------------------------------------------------- */

/* Whether side d = 1 - a can keep side a from ever completing one of its
 * live lines holding at least `min_count` of its marks (the others cannot
 * be finished in time) in position p, side `s` to move, by a pairing
 * strategy: every such line holds two empty squares paired with each
 * other, the pairs disjoint, so d answers a's move in a pair with its
 * partner. Sufficient, not necessary; only tried on small sets of lines. */
int ttt__pairing_blocks(const search_pos *p, int a, int s, int min_count);

/* ------------------------------------------------------------------------- */
/* The mistake model (search_mistake.c)                                      */
/* ------------------------------------------------------------------------- */

/* The value of a branch skipped by a mistake. It ranks differently where
 * each side moves (see search_rank_ai and search_rank_opp). */
#define SEARCH_UNKNOWN (SEARCH_INF + 1)

/* Rank of a value (for the AI) where the AI chooses: Win > Draw (and any
 * heuristic value) > Unknown > Loss, as the design manual's root ordering. */
static inline int search_rank_ai(int v)
{
    return v == SEARCH_UNKNOWN ? -SEARCH_WIN_MIN + 1 : v;
}

/* Rank where the opponent chooses (lowest first): Loss < Draw < Win <
 * Unknown, as the manual's worst_outcome(). */
static inline int search_rank_opp(int v)
{
    return v == SEARCH_UNKNOWN ? SEARCH_INF : v;
}

/* Every root move and its value for the AI under the mistake model, or
 * SEARCH_UNKNOWN when the branch was skipped. */
typedef struct search_mistake_result {
    int count;
    uint8_t squares[TTT_MAX_SQUARES];
    int values[TTT_MAX_SQUARES];
    int exact[TTT_MAX_SQUARES]; /* the value used no heuristic leaf */
} search_mistake_result;

/* Runs the design manual's search with mistake probability p from the
 * root (side 0, the AI, to move). The first `random_plies` plies are
 * searched the manual's way, every branch skipped with probability p;
 * below them a node's value comes from ttt__search_negamax() to
 * `leaf_depth` more plies. */
void ttt__search_mistake_root(search_ctx *c, ttt_rng *rng, double p, int random_plies,
                              int leaf_depth, search_mistake_result *out);

#endif /* TTT_SEARCH_H */
