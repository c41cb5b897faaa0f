/*
 * mistake.h - the design manual's fallible search (mistake.c): every
 * branch skipped with probability p counts as Unknown. A searcher: below
 * its random part it values positions with alpha-beta. Private to the
 * engine.
 */
#ifndef TTT_MISTAKE_H
#define TTT_MISTAKE_H

#include <stdint.h>

#include "support_rng.h"
#include "score.h"
#include "search_ctx.h"

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
typedef struct mistake_result {
    int count;
    uint8_t squares[TTT_MAX_SQUARES];
    int values[TTT_MAX_SQUARES];
    int exact[TTT_MAX_SQUARES]; /* the value used no heuristic leaf */
} mistake_result;

/* Runs the design manual's search with mistake probability p from the
 * root (side 0, the AI, to move). The first `random_plies` plies are
 * searched the manual's way, every branch skipped with probability p;
 * below them a node's value comes from ttt__alphabeta_node() to
 * `leaf_depth` more plies. */
void ttt__mistake_root(search_ctx *c, rng_state *rng, double p, int random_plies, int leaf_depth,
                       mistake_result *out);

#endif /* TTT_MISTAKE_H */
