/*
 * search_ctx.h - the state every search shares: the tables a
 * ttt_ai_context keeps between calls (search_tables), the limits a call
 * runs under (search_limits, from the public options), and the per-call
 * search context that the searchers borrow them through (search_ctx):
 * set-up, polling the clock and the cancel token, and the one function
 * that reports to a trace. Below the searchers, above the position, the
 * transposition table and the leaves. Private to the engine.
 */
#ifndef TTT_SEARCH_CTX_H
#define TTT_SEARCH_CTX_H

#include <stdint.h>

#include "pn_table.h"
#include "position.h"
#include "tt.h"
#include "ttt/ai.h"

/* What a ttt_ai_context keeps between calls. The board tables are valid
 * when board.size is not 0. The transposition table is sized for the
 * board, at most 2^tt_bits_cap buckets when tt_capped; each call is a new
 * generation of it. */
typedef struct search_tables {
    search_board board;
    search_tt tt;
    pn_table pn;         /* the proof-number search's table, made on first use */
    int pn_bits;         /* log2 of its buckets (0: none yet) */
    int tt_bits;         /* log2 of the buckets of the table in tt (0: none yet) */
    int tt_capped;       /* a budget was set: */
    int tt_bits_cap;     /* then at most this many */
    ttt_allocator alloc; /* where the table comes from */
} search_tables;

/* Frees the tables' transposition and proof tables. */
void ttt__search_tables_free(search_tables *t);

/* Gives the tables a proof-number table sized for their board (the
 * transposition table's budget decides its size: see search_ctx.c), after
 * ttt__search_prepare(). TTT_OK or TTT_ERR_NOMEM (the tables stay usable
 * without one). */
ttt_status ttt__search_prepare_proof(search_tables *t);

/* Makes the tables those of size x size with line length k (kept when they
 * already are) and, with `want_table`, gives them a transposition table
 * sized for that board. A new board empties the table. TTT_OK or
 * TTT_ERR_NOMEM (the tables stay usable). */
ttt_status ttt__search_prepare(search_tables *t, int size, int k, int want_table);

/* The limits of one call, from the ttt_ai_options of a move or an analysis
 * and the internal knobs (ai_internal.h). */
typedef struct search_limits {
    int deadline_ms;          /* as ttt_ai_options::deadline_ms */
    const ttt_cancel *cancel; /* the caller's token, or NULL */
    ttt_trace_fn trace;       /* the caller's trace, or NULL */
    void *trace_user;
    int trace_depth;
    int search_only; /* no book, no known values (ai_knobs::search_only, ai_internal.h) */
    /* The search's clock (ai_knobs::node_budget and cpu_clock): a budget of
     * nodes counted as a deadline (one node a tick; replaces deadline_ms),
     * or deadline_ms in the thread's CPU time instead of wall time. */
    uint64_t node_budget;
    int cpu_clock;
} search_limits;

/* What the search's clock (ttt__search_now()) counts. */
enum { SEARCH_CLOCK_WALL, SEARCH_CLOCK_CPU, SEARCH_CLOCK_NODES };

/* An empty killer slot. */
#define SEARCH_NO_MOVE 255

/* The per-call search state. Everything a search touches lives here or in
 * the tables it borrows, which makes the search reentrant. */
typedef struct search_ctx {
    const search_board *b; /* the board's tables */
    search_pos pos;        /* the position searched, updated move by move */
    search_tt *tt;         /* the tables' transposition table, or NULL */
    pn_table *pn;          /* the tables' proof-number table, or NULL */

    /* Limits. */
    uint64_t deadline_us;     /* value of ttt__search_now() to stop at; 0 for none */
    int clock_kind;           /* SEARCH_CLOCK_* */
    uint64_t clock_base;      /* SEARCH_CLOCK_NODES: the clock's value at node 0 */
    const ttt_cancel *cancel; /* caller's token, may be NULL */
    uint64_t node_limit;      /* stop after this many nodes; 0 for none */
    int stopped;              /* set once a limit is reached */

    /* Statistics and bookkeeping of the running search. */
    uint64_t nodes;
    int horizon;     /* alpha-beta: a value below depended on a heuristic leaf */
    int cut;         /* threat search: a result below depended on its window */
    int root_empty;  /* empty squares at the root: the length of a drawn game */
    int threat_move; /* threat search: the attacker's first move of the last win found */
    int use_book;    /* the opening book and the known values may be used */

    /* Killer moves: per ply, the last two squares that cut the search off
     * there. Sibling positions often fall to the same move, so they are
     * tried right after the table's move (SEARCH_NO_MOVE when none). */
    uint8_t killer[TTT_MAX_SQUARES][2];

    /* Trace (see ttt_trace_fn): the moves from the root to the node. */
    ttt_trace_fn trace;
    void *trace_user;
    int trace_depth;
    uint8_t path[TTT_MAX_SQUARES];
} search_ctx;

/* Starts a search on the tables' board from the position where side 0
 * (to move) has `mover` and side 1 `other`: the limits, the tables'
 * transposition table (if any), a new generation. `start_us` is when the
 * call began (the deadline counts from there). */
void ttt__search_begin(search_ctx *c, search_tables *t, const search_limits *lim, uint64_t start_us,
                       uint64_t mover, uint64_t other);

/* The search's clock, in microseconds (wall or thread CPU time) or, with
 * a node budget, in nodes: what deadline_us and the phases' shares of it
 * (root_survey.c) are counted in. */
uint64_t ttt__search_now(const search_ctx *c);

/* Polls the clock, the cancel token and the node limit; sets and returns
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

/* Tells the trace the value of the line c->path[0..ply-1]: `score` (score.h,
 * plies counted from the root) for the player who made its last move,
 * `proven` when no heuristic leaf was used, `skipped` when a mistake of
 * the fallible search skipped the branch (then there is no value). */
void ttt__search_trace(const search_ctx *c, int ply, int score, int proven, int skipped);

#endif /* TTT_SEARCH_CTX_H */
