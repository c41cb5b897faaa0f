/*
 * search.h - the AI's game-tree search, private to the engine: board
 * geometry as bitboard line masks, negamax alpha-beta with a transposition
 * table, and the root driver (iterative deepening, deadline, cancel).
 *
 * The board's tables and the transposition table live in a ttt_ai_context
 * (defined here), which a program may keep from call to call; a search
 * borrows them through its search_ctx. Functions other modules call are
 * named ttt__search_* so that no unprefixed symbol leaves the library.
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

#include "bitboard.h"
#include "rng.h"
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

/* The eight symmetries of a square board, used for boards up to 4x4. */
#define SEARCH_SYMMETRIES 8
#define SEARCH_SYM_SQUARES 16

/* A transposition-table slot: the position (both bitboards, so there are no
 * false hits), its score relative to the node (see search.c), the bound
 * kind, the remaining depth it was searched to, the best square, and the
 * generation (the context's call count) that stored it. */
typedef struct search_tt_entry {
    uint64_t mover;
    uint64_t other;
    int16_t score;
    uint8_t depth;
    uint8_t bound;
    uint8_t move;
    uint8_t generation;
} search_tt_entry;

/* The tables of one board size and line length: the lines as masks, the
 * static move order and the symmetry maps. Built once per board by
 * ttt__search_prepare() and kept in the context. */
typedef struct search_board {
    int size, k, nsq;
    uint64_t full; /* every square of the board */
    int nlines;
    uint64_t lines[TTT_MAX_VICTORY_SETS];
    uint8_t order[TTT_MAX_SQUARES]; /* squares, most lines through them first */

    /* Symmetry (boards up to SEARCH_SYM_SQUARES squares): positions that
     * are rotations or reflections of each other have the same value, so
     * the table is keyed by the smallest of the eight images. sym_bytes
     * maps each byte of a bitboard to its image; sym_perm and sym_inv map
     * squares there and back (for the table's best move). */
    int use_sym;
    uint16_t sym_bytes[SEARCH_SYMMETRIES][2][256];
    uint8_t sym_perm[SEARCH_SYMMETRIES][SEARCH_SYM_SQUARES];
    uint8_t sym_inv[SEARCH_SYMMETRIES][SEARCH_SYM_SQUARES];
} search_board;

/* The public ttt_ai_context: what is kept between calls. The board tables
 * are valid when board.size is not 0; the transposition table holds
 * tt_mask + 1 entries (none while tt is NULL) of the board in `board`.
 * Each call is a new generation: entries of older generations are trusted
 * only when exact, so a reused table never changes a depth-limited result,
 * only saves work on proven ones. */
struct ttt_ai_context {
    search_board board;
    search_tt_entry *tt;
    uint64_t tt_mask;
    uint8_t generation;
};

/* The per-call search state. Everything a search touches lives here or in
 * the context it borrows from, which makes the search reentrant. */
typedef struct search_ctx {
    const search_board *b; /* the board's tables, from the context */

    /* Limits. */
    uint64_t deadline_us;     /* ttt_clock_us() value to stop at; 0 for none */
    const ttt_cancel *cancel; /* caller's token, may be NULL */
    int stopped;              /* set once the deadline or the token is seen */

    /* Statistics and bookkeeping of the running search. */
    uint64_t nodes;
    int horizon;    /* set when a value below depended on a heuristic leaf */
    int root_empty; /* empty squares at the root: the length of a drawn game */

    /* Transposition table, borrowed from the context. */
    search_tt_entry *tt;
    uint64_t tt_mask;
    uint8_t generation;

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

/* Start a search on the context's board: limits and trace from the
 * options, the context's table (if any), a new generation. `start_us` is
 * when the call began (the deadline counts from there). */
void ttt__search_begin(search_ctx *c, ttt_ai_context *ctx, const ttt_ai_options *opts,
                       uint64_t start_us);

/* The cheapest sensible move, for when a search is stopped before it has
 * finished anything: a winning square, else the block of a threat, else
 * the first free square in the static order. */
int ttt__search_quick_move(const search_ctx *c, uint64_t mover, uint64_t other);

/* Squares completing a line for `side` (lines free of `foe` with k-1
 * marks of `side`). */
uint64_t ttt__search_winning_squares(const search_ctx *c, uint64_t side, uint64_t foe);

/* Polls the clock and the cancel flag; sets and returns c->stopped. */
int ttt__search_poll(search_ctx *c);

/* The clock and cancel flag are polled every SEARCH_POLL_MASK + 1 nodes.
 * A node on 8x8 costs up to about a microsecond (a page fault in a fresh
 * table included) and reading the clock some tens of nanoseconds, so this
 * keeps the overshoot near 0.1 ms, well inside the 1 ms allowed. */
#define SEARCH_POLL_MASK 127u

/* Counts a node, polling now and then; returns non-zero once stopped. */
static inline int search_tick(search_ctx *c)
{
    if ((++c->nodes & SEARCH_POLL_MASK) == 0) ttt__search_poll(c);
    return c->stopped;
}

/* Whether `bits` holds a complete line through square `sq`. */
int ttt__search_wins_through(const search_ctx *c, uint64_t bits, int sq);

/* Negamax alpha-beta value of the node where `mover` is to move, at `ply`
 * plies from the root, searching `depth` more plies (then a heuristic).
 * The caller guarantees the game is not over at this node. */
int ttt__search_negamax(search_ctx *c, uint64_t mover, uint64_t other, int ply, int depth,
                        int alpha, int beta);

/* Static heuristic value of a node for the mover, within the proven bounds. */
int ttt__search_evaluate(const search_ctx *c, uint64_t mover, uint64_t other);

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

/* Search the root where `mover` is to move by iterative deepening up to
 * `max_depth` plies (0: to the end), until exact, the deadline or cancel.
 * With `all_exact`, every root move gets its true score (for analysis);
 * otherwise only the moves tying for best do, and the others are known to
 * be worse. Fills `out` from the last completed iteration. */
void ttt__search_root(search_ctx *c, uint64_t mover, uint64_t other, int max_depth, int all_exact,
                      search_root_result *out);

/* Outcome and plies to the end of the game of a score at the root, for the
 * player the score belongs to. A non-exact score inside the evaluation band
 * is UNKNOWN with 0 plies. */
void ttt__search_score_outcome(const search_ctx *c, int score, int exact, ttt_outcome *outcome,
                               int *plies);

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
 * root where `mover` (the AI) is to move. The first `random_plies` plies
 * are searched the manual's way, every branch skipped with probability p;
 * below them a node's value comes from ttt__search_negamax() to `leaf_depth`
 * more plies. */
void ttt__search_mistake_root(search_ctx *c, ttt_rng *rng, double p, uint64_t mover, uint64_t other,
                              int random_plies, int leaf_depth, search_mistake_result *out);

#endif /* TTT_SEARCH_H */
