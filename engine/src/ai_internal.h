/*
 * ai_internal.h - the engine's entry points for its own tools, tests and
 * benchmark: ttt_ai_move() and ttt_ai_analyze() with the knobs a program
 * has no use for (a depth limit that makes 3x3 search instead of reading
 * its table, a search without the opening book, a tactical net of the
 * caller's choosing). Private to the engine: not TTT_API, so the shared
 * library does not export these; the tools, tests and bench link the
 * static library (the ttt_engine_internal target, engine/CMakeLists.txt).
 */
#ifndef TTT_AI_INTERNAL_H
#define TTT_AI_INTERNAL_H

#include <stdbool.h>

#include "ttt/ai.h"

/* How many ::ttt_agent and ::ttt_difficulty values this library has:
 * what ttt_agent_count() and ttt_difficulty_count() answer. */
#define ENGINE_AGENT_COUNT 5
#define ENGINE_DIFFICULTY_COUNT 4

/* The knobs; all zero: the public behaviour. */
typedef struct ai_knobs {
    /* Plies the minimax player looks ahead, 0 for the default (none, or
     * the level's); below that, the heuristic. With p > 0 it also bounds
     * the random part of the mistake model. Any non-zero value makes 3x3
     * search instead of reading its table (the benchmark times the search
     * so). Negative: TTT_ERR_RANGE. */
    int max_depth;
    /* Search from scratch, without the opening book of the solved boards
     * and their empty positions' known values, to measure or test the
     * solver. */
    bool search_only;
    /* For a fallible player on boards above 3x3: plies within which it
     * never misses a forced win or loss; 0 for the level's (none without
     * a level). Negative: TTT_ERR_RANGE. */
    int safety_plies;
    /* A budget of nodes in place of the deadline, counted as one: the
     * phases of a move get their shares of it as of a deadline's time, so
     * a budget stands for a deadline on a machine of that node rate, and
     * a test gets the same move on every machine. 0: none. */
    uint64_t node_budget;
    /* Count the deadline in the calling thread's CPU time instead of wall
     * time (the benchmark's frame on a busy machine). */
    bool cpu_clock;
} ai_knobs;

/* ttt_ai_move() with knobs (NULL: none). */
ttt_status ttt__ai_move_knobs(ttt_ai_context *ctx, const ttt_game *game, const ttt_ai_options *opts,
                              const ai_knobs *knobs, ttt_ai_result *out);

/* ttt_ai_analyze() with knobs (NULL: none; it reads only search_only). */
ttt_status ttt__ai_analyze_knobs(ttt_ai_context *ctx, const ttt_game *game,
                                 const ttt_ai_options *opts, const ai_knobs *knobs,
                                 ttt_analysis *out);

/* A named level's tuning beside its mistake probability on a board of
 * `size` (what ttt_ai_options::level brings): its depth limit (0: none)
 * and its net of forced wins and losses (0: none). The programs describe
 * the levels in words from a copy of it (game/common/level.c), which the
 * test common_level checks against this. */
void ttt__ai_level_tuning(ttt_difficulty level, int size, int *max_depth, int *safety_plies);

/* ttt_ai_ponder() with knobs (NULL: none; it reads node_budget and
 * cpu_clock). */
ttt_status ttt__ai_ponder_knobs(ttt_ai_context *ctx, const ttt_game *game,
                                const ttt_ai_options *opts, const ai_knobs *knobs,
                                ttt_ponder_result *out);

#endif /* TTT_AI_INTERNAL_H */
