/*
 * search_ctx.c - what every search shares (see search_ctx.h): the tables a
 * context keeps and their sizes, a call's set-up, polling, and reporting
 * to a trace.
 */
#include <string.h>

#include "support_clock.h"
#include "score.h"
#include "search_ctx.h"

/* Transposition-table sizes, log2 of the 64-byte buckets, by board area:
 * 16 KB for 3x3, 256 KB for 4x4, 16 MB for the larger boards. A context
 * keeps its table, so only its first search on a board pays for it. */
#define TT_BITS_SMALL 8
#define TT_BITS_MEDIUM 12
#define TT_BITS_LARGE 18

/* The transposition-table size (log2 of buckets) a board gets by default. */
static int table_bits(int nsq)
{
    if (nsq <= BOARD_TABLE_SQUARES) return TT_BITS_SMALL;
    return nsq <= BOARD_SOLVABLE_SQUARES ? TT_BITS_MEDIUM : TT_BITS_LARGE;
}

/* The proof-number table has 2^PN_BITS_BELOW_TT times fewer buckets than
 * the transposition table: 3 MB beside 16 MB on the larger boards. The
 * (7,7,5) proof from the empty board needs no more than 2^12 buckets. */
#define PN_BITS_BELOW_TT 3

void ttt__search_tables_free(search_tables *t)
{
    ttt__tt_free(&t->tt, &t->alloc);
    ttt__pn_free(&t->pn, &t->alloc);
    t->tt_bits = 0;
    t->pn_bits = 0;
}

ttt_status ttt__search_prepare(search_tables *t, int size, int k, int want_table)
{
    search_board *b = &t->board;
    int new_board = b->size != size || b->k != k;
    if (new_board) {
        ttt__board_build(b, size, k);
        ttt__pn_clear(&t->pn); /* its keys would be misread too */
    }
    if (!want_table) return TTT_OK;
    int bits = table_bits(b->nsq);
    if (t->tt_capped && bits > t->tt_bits_cap) bits = t->tt_bits_cap;
    if (t->tt.entries && t->tt_bits == bits) {
        /* Keys of another board would be misread. */
        if (new_board) ttt__tt_clear(&t->tt);
        return TTT_OK;
    }
    if (ttt__tt_alloc(&t->tt, &t->alloc, bits) != 0) {
        /* Keep whatever table there was, emptied if it was another board's. */
        if (new_board) ttt__tt_clear(&t->tt);
        return t->tt.entries ? TTT_OK : TTT_ERR_NOMEM;
    }
    t->tt_bits = bits;
    return TTT_OK;
}

ttt_status ttt__search_prepare_proof(search_tables *t)
{
    int bits = (t->tt_bits ? t->tt_bits : table_bits(t->board.nsq)) - PN_BITS_BELOW_TT;
    if (bits < 0) bits = 0; /* one bucket: a tiny budget, a small table */
    if (t->pn.entries && t->pn_bits == bits) return TTT_OK;
    if (ttt__pn_alloc(&t->pn, &t->alloc, bits) != 0) return t->pn.entries ? TTT_OK : TTT_ERR_NOMEM;
    t->pn_bits = bits;
    return TTT_OK;
}

void ttt__search_begin(search_ctx *c, search_tables *t, const search_limits *lim, uint64_t start_us,
                       uint64_t mover, uint64_t other)
{
    c->b = &t->board;
    ttt__pos_init(&c->pos, c->b, mover, other);
    /* No deadline and no cancel token on a board too big to solve would
     * search for hours: such calls get the documented default budget. */
    int deadline_ms = lim->deadline_ms;
    if (deadline_ms == 0 && lim->cancel == NULL && lim->node_budget == 0 &&
        c->b->nsq > BOARD_SOLVABLE_SQUARES)
        deadline_ms = TTT_AI_DEFAULT_DEADLINE_MS;
    c->clock_kind = SEARCH_CLOCK_WALL;
    c->clock_base = 0;
    if (lim->node_budget) {
        c->clock_kind = SEARCH_CLOCK_NODES;
        c->clock_base = start_us;
        c->deadline_us = start_us + lim->node_budget;
    } else {
        if (lim->cpu_clock) {
            c->clock_kind = SEARCH_CLOCK_CPU;
            start_us = ttt__thread_cpu_us();
        }
        c->deadline_us = deadline_ms > 0 ? start_us + (uint64_t)deadline_ms * 1000u : 0;
    }
    c->cancel = lim->cancel;
    c->node_limit = 0;
    c->stopped = 0;
    c->nodes = 0;
    c->horizon = 0;
    c->cut = 0;
    c->root_empty = c->pos.nempty;
    c->threat_move = -1;
    c->use_book = !lim->search_only;
    c->trace = lim->trace;
    c->trace_user = lim->trace_user;
    c->trace_depth = lim->trace ? lim->trace_depth : 0;
    c->tt = t->tt.entries ? &t->tt : NULL;
    c->pn = t->pn.entries ? &t->pn : NULL;
    /* After 255 calls a generation comes round again: start afresh, so an
     * old depth-limited entry never passes for one of this call. */
    if (c->tt && tt_new_generation(c->tt)) ttt__tt_clear(c->tt);
    memset(c->killer, SEARCH_NO_MOVE, sizeof c->killer);
}

uint64_t ttt__search_now(const search_ctx *c)
{
    switch (c->clock_kind) {
    case SEARCH_CLOCK_CPU: return ttt__thread_cpu_us();
    case SEARCH_CLOCK_NODES: return c->clock_base + c->nodes;
    default: return ttt__clock_us();
    }
}

int ttt__search_poll(search_ctx *c)
{
    if (c->stopped) return 1;
    if (c->cancel && ttt_cancel_requested(c->cancel)) c->stopped = 1;
    if (c->deadline_us && ttt__search_now(c) >= c->deadline_us) c->stopped = 1;
    if (c->node_limit && c->nodes >= c->node_limit) c->stopped = 1;
    return c->stopped;
}

void ttt__search_trace(const search_ctx *c, int ply, int score, int proven, int skipped)
{
    ttt_pos line[TTT_MAX_SQUARES];
    for (int i = 0; i < ply; i++) {
        line[i].row = c->path[i] / c->b->size;
        line[i].col = c->path[i] % c->b->size;
    }
    ttt_trace_step step;
    memset(&step, 0, sizeof step);
    step.size = sizeof step;
    step.line = line;
    step.depth = ply;
    step.outcome = TTT_OUTCOME_UNKNOWN;
    if (!skipped) {
        step.proven = proven;
        score_outcome(score, proven, c->root_empty, &step.outcome, &step.plies);
        /* Counted from the position the line's last move was made in. */
        if (step.plies) step.plies -= ply - 1;
        step.estimate = score_estimate(score, proven);
    }
    c->trace(c->trace_user, &step);
}
