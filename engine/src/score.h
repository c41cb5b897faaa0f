/*
 * score.h - how every search of the engine scores a position, and what a
 * score means to a caller (outcome, plies, estimate). A leaf of static
 * inline functions, private to the engine.
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
#ifndef TTT_SCORE_H
#define TTT_SCORE_H

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

/* Whether a score is a win or a loss (as opposed to a draw or a guess). */
static inline int score_is_decisive(int score)
{
    return score >= SEARCH_WIN_MIN || score <= -SEARCH_WIN_MIN;
}

/*
 * What a score at the root means to a caller, in ttt/ai.h's terms: the
 * outcome for the player it belongs to and the plies from the root to the
 * end of the game, when `proven`; otherwise UNKNOWN and 0. A proven score
 * that is not decisive is a draw, which lasts until the board is full:
 * `empty` plies from the root.
 */
static inline void score_outcome(int score, int proven, int empty, ttt_outcome *outcome, int *plies)
{
    *outcome = TTT_OUTCOME_UNKNOWN;
    *plies = 0;
    if (!proven) return;
    if (score >= SEARCH_WIN_MIN) {
        *outcome = TTT_OUTCOME_WIN;
        *plies = SEARCH_WIN - score;
    } else if (score <= -SEARCH_WIN_MIN) {
        *outcome = TTT_OUTCOME_LOSS;
        *plies = SEARCH_WIN + score;
    } else {
        *outcome = TTT_OUTCOME_DRAW;
        *plies = empty;
    }
}

/* A heuristic score as an estimate in -999..999: half way at the weight of
 * a line two marks short of the line length on 5-in-a-row boards. */
#define ESTIMATE_MAX (TTT_AI_ESTIMATE_WIN - 1)
#define ESTIMATE_HALF 64

/* The estimate (ttt/ai.h's scale) of a score: +/-TTT_AI_ESTIMATE_WIN or 0
 * when proven, a squashed heuristic score otherwise. */
static inline int score_estimate(int score, int proven)
{
    if (score >= SEARCH_WIN_MIN) return proven ? TTT_AI_ESTIMATE_WIN : ESTIMATE_MAX;
    if (score <= -SEARCH_WIN_MIN) return proven ? -TTT_AI_ESTIMATE_WIN : -ESTIMATE_MAX;
    if (proven) return 0;
    int mag = score < 0 ? -score : score;
    int e = (int)((long long)ESTIMATE_MAX * mag / (mag + ESTIMATE_HALF));
    return score < 0 ? -e : e;
}

#endif /* TTT_SCORE_H */
