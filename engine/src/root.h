/*
 * root.h - the AI's decisions at the root: the survey of what the threat
 * and proof searches prove about each move (root_survey.c), the perfect,
 * fallible and 3x3 table players' moves (root_move.c), and the analysis
 * of every move (root_analysis.c). Above the searchers, below the public
 * layer. Private to the engine.
 */
#ifndef TTT_ROOT_H
#define TTT_ROOT_H

#include <stdint.h>

#include "search_ctx.h"
#include "support_rng.h"

/* What the threat phase proved about each move at the root (side 0 to
 * move), plies counted from the root (the move itself is ply 1). */
typedef struct root_survey {
    int count;
    uint8_t squares[TTT_MAX_SQUARES];     /* the free squares, in the static order */
    uint8_t win[TTT_MAX_SQUARES];         /* side 0's fastest win, in plies; 0: none found */
    uint8_t loss[TTT_MAX_SQUARES];        /* side 1's fastest win; 0: none found */
    uint8_t mover_never[TTT_MAX_SQUARES]; /* proven: side 0 never wins after it */
    uint8_t opp_never[TTT_MAX_SQUARES];   /* proven: side 1 never wins after it */
    uint8_t won_far[TTT_MAX_SQUARES];     /* proven won, beyond the levels searched */
    uint8_t lost_far[TTT_MAX_SQUARES];    /* proven lost, beyond the levels searched */
    uint8_t proven[TTT_MAX_SQUARES];      /* score[] is the move's exact value */
    int score[TTT_MAX_SQUARES];           /* score (score.h) when proven */
    int value_proven;                     /* the best proven score is the position's value */
} root_survey;

/* Runs the threat phase at the root: every move's proven facts, level by
 * level, then on boards above 5x5 the proof phase (see root_survey.c). On boards
 * up to 5x5 with no deadline, every move is proven. `for_move` stops once
 * the fastest win is known (a move needs no more), spends little on moves
 * once one is proven safe, and uses a smaller share of the deadline. */
void ttt__root_threats(search_ctx *c, int for_move, root_survey *s);

/* The survey's helpers that the move choice uses too (root_survey.c). */

/* Lowers the deadline to `pct` percent of what is left of it (no change
 * without a deadline). Returns the real one, for ttt__root_phase_end(). */
uint64_t ttt__root_phase_begin(search_ctx *c, int pct);
/* Restores the real deadline; a stop that only the phase's share caused
 * is forgotten. */
void ttt__root_phase_end(search_ctx *c, uint64_t real);
/* Whether side `a` wins within r plies after side 0 plays `sq`. */
int ttt__root_after_move(search_ctx *c, int sq, int a, int r);
/* The fastest proven win of the survey, or 0. */
int ttt__root_fastest_win(const root_survey *s);
/* Whether side a ever wins from the position, side s to move, by the
 * proof-number search within `node_cap` nodes (0: no cap): 1 yes, -1
 * never, 0 not settled; the move that shows it in `move`. */
int ttt__root_prove(search_ctx *c, int a, int s, uint64_t node_cap, int *move);

/* The perfect player's move (mistake probability 0) at the root: the
 * fastest proven win, else among the moves not proven lost the heuristic
 * search's best (a random one among equals), else the slowest loss; with
 * a depth limit (`max_depth` > 0) or a trace, plain alpha-beta. Fills the
 * move and what is known about it into `out` (move, outcome, plies,
 * proven, estimate, depth) and returns the square. */
int ttt__root_move(search_ctx *c, int max_depth, rng_state *rng, ttt_ai_result *out);

/* The fallible player's move, mistake probability p > 0 (the design
 * manual's model, mistake.c), never missing a forced win or loss within
 * `safety` plies (0: no such net): fills the move, estimate and depth. */
void ttt__root_mistake_move(search_ctx *c, double p, int max_depth, int safety, rng_state *rng,
                            ttt_ai_result *out);

/* Perfect play on 3x3 from the table (no search): fills the move and its
 * proven value. */
void ttt__root_table3_move(uint64_t mover, uint64_t other, int size, rng_state *rng,
                           ttt_ai_result *out);

/* The value of every move at the root: proven ones from the threat phase
 * (or the search), estimates for the others from the heuristic search.
 * Fills everything of `out` but stopped and nodes. */
void ttt__root_analyze(search_ctx *c, ttt_analysis *out);

/* What a ponder (ttt__root_ponder()) settled. */
typedef struct ponder_info {
    int settled;         /* every question answered: pondering on gains nothing */
    int replies;         /* moves of the side to move, up to symmetry */
    int replies_settled; /* of those, the ones whose answer is known */
} ponder_info;

/* Pondering (ttt_ai_ponder()): the side to move (side 0) is the other
 * side's opponent, who is thinking; proves, in rounds of growing node caps
 * and into the context's proof table, what side 1's next move asks
 * first, for each move of side 0 (its likeliest first, up to symmetry):
 * whether side 0 then wins whatever side 1 plays (a disproof holds the
 * move that keeps it from winning) and whether side 1 wins at all. Until
 * all is settled or the limits stop it. */
void ttt__root_ponder(search_ctx *c, ponder_info *out);

/* The same for a 3x3 position from the table: every value proven. */
void ttt__root_table3_analysis(search_ctx *c, ttt_analysis *out);

#endif /* TTT_ROOT_H */
