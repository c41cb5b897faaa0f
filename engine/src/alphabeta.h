/*
 * alphabeta.h - negamax alpha-beta with a transposition table
 * (alphabeta.c): exact on boards up to 4x4, heuristic (iterative
 * deepening against the deadline) above. A searcher: it uses the search
 * context, the pruning knowledge and the transposition table below it.
 * Scores follow score.h. Private to the engine.
 */
#ifndef TTT_ALPHABETA_H
#define TTT_ALPHABETA_H

#include <stdint.h>

#include "score.h"
#include "search_ctx.h"

/* Negamax alpha-beta value of the node where side `s` is to move, at `ply`
 * plies from the root, searching `depth` more plies (then a heuristic).
 * The caller guarantees the game is not over at this node. */
int ttt__alphabeta_node(search_ctx *c, int s, int ply, int depth, int alpha, int beta);

/* Every root move and its score, from ttt__alphabeta_root(). */
typedef struct alphabeta_root_result {
    int count; /* free squares at the root */
    uint8_t squares[TTT_MAX_SQUARES];
    int scores[TTT_MAX_SQUARES]; /* exact, or an upper bound when not a best move
                                    (unless all_exact was asked) */
    int best;                    /* the best score */
    int depth;                   /* depth of the last completed iteration */
    int exact;                   /* scores are proven (no heuristic leaf used) */
    int completed;               /* at least one iteration finished */
} alphabeta_root_result;

/* Searches the root (side 0 to move) by iterative deepening up to
 * `max_depth` plies (0: to the end), until exact, the deadline or cancel,
 * over the root moves in `allowed`. With `all_exact`, every root move gets
 * its true score (for analysis); otherwise only the moves tying for best
 * do, and the others are known to be worse. Fills `out` from the last
 * completed iteration. */
void ttt__alphabeta_root(search_ctx *c, uint64_t allowed, int max_depth, int all_exact,
                         alphabeta_root_result *out);

#endif /* TTT_ALPHABETA_H */
