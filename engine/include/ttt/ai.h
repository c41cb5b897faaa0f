/**
 * @file ai.h
 * @brief Computer players: minimax with a mistake probability (perfect at
 *        p = 0), the simple agents (random, first free square, rule-based),
 *        position analysis for hints, deadlines and cancellation.
 *
 * @code
 * ttt_ai_options opts;
 * ttt_ai_options_init(&opts);                        // perfect play, varying seed
 * ttt_ai_options_preset(&opts, TTT_DIFFICULTY_EASY); // or set mistake_probability
 * ttt_ai_result r;
 * if (ttt_ai_move(game, &opts, &r) == TTT_OK)
 *     ttt_game_move(game, r.move.row, r.move.col);   // always legal
 * @endcode
 *
 * The mistake model is the one of the project's design manual: while
 * searching, each branch is skipped with probability p and counts as
 * Unknown. Where the opponent moves, outcomes are ranked Loss, Draw, Win,
 * Unknown (the worst for the AI first); where the AI moves, and at the root,
 * they are ranked Win, Draw, Unknown, Loss (the best first). Among winning
 * moves the fastest win is taken, among losing moves the slowest loss; among
 * equal moves one is picked at random from the options' seed.
 *
 * Boards that can be solved (3x3 always, 4x4) get exact answers. Larger
 * boards are searched by iterative deepening with a heuristic evaluation
 * until the deadline; the result says whether it is exact.
 *
 * How it is done, in short: perfect 3x3 play reads a constant table of
 * every position's value (no search). Other boards, and 3x3 when a depth
 * limit or a trace is asked for, use negamax alpha-beta with a
 * transposition table; 4x4 (k = 4 from the empty board: about 27,000
 * positions) is solved outright, without iterative deepening, so a
 * deadline too short for the solve gets only a quick move (a win, a block
 * or a central square). With p > 0 on 3x3 the mistake model runs to the end
 * of the game, as the manual describes; on larger boards its random part
 * covers the AI's move and the reply, and the positions below are valued
 * by the deterministic search (exactly on 4x4, heuristically above).
 *
 * Among equally good moves the pick is random from the seed. Perfect 3x3
 * play weights that pick towards the moves that win most often against a
 * fallible opponent (every equal move keeps a chance), so the unbeatable
 * level also punishes weak play.
 *
 * Thread safety: an AI call reads the game and options and uses only its own
 * memory; it may run on any thread while other threads use other games. The
 * game passed in must not be changed during the call (hand a worker a
 * ttt_game_clone()). Any constant tables are built at compile time.
 */
#ifndef TTT_AI_H
#define TTT_AI_H

#include <stdatomic.h>
#include <stdint.h>

#include "ttt/common.h"
#include "ttt/game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Outcome of a move or position, for the player to move there. */
typedef enum ttt_outcome {
    TTT_OUTCOME_UNKNOWN = 0, /**< Not known: skipped by a mistake, or beyond the search. */
    TTT_OUTCOME_WIN = 1,     /**< The player to move wins with best play. */
    TTT_OUTCOME_DRAW = 2,    /**< Best play from both sides ends in a cat's game. */
    TTT_OUTCOME_LOSS = 3     /**< The player to move loses against best play. */
} ttt_outcome;

/** @brief Which computer player ttt_ai_move() runs. */
typedef enum ttt_agent {
    TTT_AGENT_MINIMAX = 0,    /**< Minimax with the options' mistake probability. */
    TTT_AGENT_RANDOM = 1,     /**< A uniformly random free square. */
    TTT_AGENT_FIRST_FREE = 2, /**< The first free square, row by row. */
    TTT_AGENT_RULES = 3       /**< Win if possible, else block, else centre, else a corner, else any. */
} ttt_agent;

/** Number of ::ttt_agent values. */
#define TTT_AGENT_COUNT 4

/** @brief Named difficulty levels; see ttt_ai_options_preset() for their values. */
typedef enum ttt_difficulty {
    TTT_DIFFICULTY_EASY = 0,      /**< Makes many mistakes. */
    TTT_DIFFICULTY_MEDIUM = 1,    /**< Makes some mistakes. */
    TTT_DIFFICULTY_HARD = 2,      /**< Makes few mistakes. */
    TTT_DIFFICULTY_UNBEATABLE = 3 /**< Perfect play: p = 0. */
} ttt_difficulty;

/** Number of ::ttt_difficulty values. */
#define TTT_DIFFICULTY_COUNT 4

/** Milliseconds a search on a board larger than 4x4 may take when the caller
 *  gives neither a deadline nor a cancel flag (see ttt_ai_options::deadline_ms). */
#define TTT_AI_DEFAULT_DEADLINE_MS 1000

/**
 * @brief Called by the minimax search for each position it has evaluated
 *        within ttt_ai_options::trace_depth plies of the root.
 *
 * @param user     ttt_ai_options::trace_user, passed through.
 * @param line     The moves from the root to this position, @p depth long;
 *                 valid only during the call.
 * @param depth    Plies from the root (1 = a root move).
 * @param outcome  The outcome found for the player who made the last move
 *                 of @p line; TTT_OUTCOME_UNKNOWN when the branch was skipped.
 * @param plies    Plies from the root to the end of the game under the
 *                 search's assumptions, or 0 when unknown.
 */
typedef void (*ttt_trace_fn)(void *user, const ttt_pos *line, int depth, ttt_outcome outcome,
                             int plies);

/** @brief How ttt_ai_move() and ttt_ai_analyze() play. Set up with ttt_ai_options_init(). */
typedef struct ttt_ai_options {
    /** Which player; TTT_AGENT_MINIMAX by default. */
    ttt_agent agent;
    /** Probability in [0, 1] that a branch is skipped: 0 plays perfectly, 1 at random. */
    double mistake_probability;
    /** Plies the minimax agent looks ahead, 0 for no limit (the default);
     *  below that, a heuristic. With p > 0 it also bounds the random part of
     *  the mistake model. Any non-zero value makes 3x3 search instead of
     *  reading its table (the benchmark uses this to time the search). */
    int max_depth;
    /** Seed for every random choice: the same seed and position give the same move. */
    uint64_t seed;
    /** Milliseconds the call may take. The best move found so far is returned
     *  when it runs out. 0 (the default) means no limit on boards up to 4x4,
     *  which are always solved, and ::TTT_AI_DEFAULT_DEADLINE_MS on larger
     *  boards unless @ref cancel is set (then the caller's flag is the only
     *  limit: a full solve of 5x5 and up takes hours). */
    int deadline_ms;
    /** Optional flag owned by the caller: a non-zero value makes a running search
     *  return promptly with the best move found so far. NULL by default. */
    atomic_int *cancel;
    /** Optional: called for positions the search evaluates (see ::ttt_trace_fn). */
    ttt_trace_fn trace;
    /** Passed to @ref trace. */
    void *trace_user;
    /** Deepest ply reported to @ref trace. Positions within it are searched
     *  with a full window, so the values reported are exact (not bounds),
     *  and a trace makes 3x3 search instead of reading its table. Boards
     *  searched by iterative deepening (5x5 and up) report again at each
     *  deeper iteration. */
    int trace_depth;
} ttt_ai_options;

/** @brief What ttt_ai_move() chose and how it knows. */
typedef struct ttt_ai_result {
    ttt_pos move;        /**< The chosen square: always a legal move. */
    ttt_outcome outcome; /**< Expected outcome of the move for the mover; UNKNOWN if not known. */
    int plies;           /**< Plies from now to the end of the game under best play, when exact. */
    int exact;           /**< Non-zero when @ref outcome and @ref plies are proven. */
    int depth;           /**< Deepest search depth completed, in plies. */
    int stopped;         /**< Non-zero when the deadline or cancel flag cut the search short. */
    uint64_t nodes;      /**< Positions visited. */
} ttt_ai_result;

/** @brief One free square's value, as found by ttt_ai_analyze(). */
typedef struct ttt_move_value {
    ttt_pos pos;         /**< The square. */
    ttt_outcome outcome; /**< Outcome of playing here, for the player to move. */
    int plies;           /**< Plies to the end of the game under best play (exact values). */
    int best;            /**< Non-zero when this move keeps the position's value and is
                              fastest (win) or slowest (loss); every drawing move of a
                              drawn position is best. */
} ttt_move_value;

/** @brief The value of a position and of each free square. */
typedef struct ttt_analysis {
    ttt_outcome value; /**< Value for the player to move; UNKNOWN when not proven. */
    int plies;         /**< Plies to the end of the game under best play. */
    int exact;         /**< Non-zero when every value below is proven. */
    int count;         /**< Number of entries in @ref moves (the free squares). */
    ttt_move_value moves[TTT_MAX_SQUARES]; /**< The free squares, row by row. */
} ttt_analysis;

/**
 * @brief Fill @p opts with the defaults: the minimax agent, perfect play
 *        (p = 0), no depth limit, no deadline, no cancel flag, no trace, and
 *        a seed that differs between calls (taken from the clock).
 * @param[out] opts The options to fill; every field is written.
 * @return TTT_OK or TTT_ERR_NULL.
 */
TTT_API ttt_status ttt_ai_options_init(ttt_ai_options *opts);

/**
 * @brief Set @p opts's agent, mistake probability and depth limit to a
 *        named level, leaving the other fields alone.
 *
 * The values were chosen from the difficulty table in docs/ai.md (bench
 * `ttt_difficulty`): each level wins at least as often against a random
 * player and loses no more often against perfect play than the one below.
 * Easy: p = 0.5, Medium: p = 0.15, Hard: p = 0.02, each with a depth limit
 * of 2 plies; Unbeatable: p = 0, no limit.
 *
 * @param[in,out] opts Options from ttt_ai_options_init(); only the agent,
 *                     mistake probability and depth limit are changed.
 * @param level        The level.
 * @return TTT_OK, TTT_ERR_NULL, or TTT_ERR_RANGE for an unknown level.
 */
TTT_API ttt_status ttt_ai_options_preset(ttt_ai_options *opts, ttt_difficulty level);

/**
 * @brief Lower-case name of a level ("easy", "medium", "hard", "unbeatable").
 * @param level     The level.
 * @param[out] name Receives a static string the caller must not free.
 * @return TTT_OK, TTT_ERR_NULL, or TTT_ERR_RANGE.
 */
TTT_API ttt_status ttt_difficulty_name(ttt_difficulty level, const char **name);

/**
 * @brief The level named @p name (as ttt_difficulty_name() gives it, any case).
 * @param name       NUL-terminated name, for example "hard" or "Hard".
 * @param[out] level Receives the level; unchanged on failure.
 * @return TTT_OK, TTT_ERR_NULL, or TTT_ERR_RANGE for an unknown name.
 */
TTT_API ttt_status ttt_difficulty_from_name(const char *name, ttt_difficulty *level);

/**
 * @brief Lower-case name of an agent ("minimax", "random", "first-free", "rules").
 * @param agent     The agent.
 * @param[out] name Receives a static string the caller must not free.
 * @return TTT_OK, TTT_ERR_NULL, or TTT_ERR_RANGE.
 */
TTT_API ttt_status ttt_agent_name(ttt_agent agent, const char **name);

/**
 * @brief Choose a move for the player to move.
 *
 * @param game      The position; not modified, and must not be modified by
 *                  another thread during the call.
 * @param opts      How to play; NULL means the defaults of ttt_ai_options_init().
 * @param[out] out  Receives the move and what the search learned.
 * @return TTT_OK (the move is legal); TTT_ERR_NULL; TTT_ERR_GAME_OVER when
 *         nobody is to move; TTT_ERR_RANGE for options out of range (p not in
 *         [0, 1], negative depth or deadline, unknown agent); TTT_ERR_NOMEM.
 *         A deadline or cancel flag never makes it fail: it returns the best
 *         move found so far (at worst a heuristic or first legal one) with
 *         ttt_ai_result::stopped set.
 */
TTT_API ttt_status ttt_ai_move(const ttt_game *game, const ttt_ai_options *opts, ttt_ai_result *out);

/**
 * @brief The value of the position and of every free square under perfect
 *        play (the mistake probability, depth limit and agent of @p opts are
 *        ignored; its deadline, cancel flag and trace are honoured). Boards
 *        too big to solve get the heuristic values of the deepest finished
 *        iteration, with exact = 0 and outcomes UNKNOWN where not proven.
 *
 * @param game      The position.
 * @param opts      NULL for the defaults of ttt_ai_options_init() (no limit up
 *                  to 4x4, ::TTT_AI_DEFAULT_DEADLINE_MS on larger boards).
 * @param[out] out  Receives the analysis. For a finished game, count is 0 and
 *                  value is TTT_OUTCOME_UNKNOWN. Unchanged when the call fails.
 * @return TTT_OK, TTT_ERR_NULL, TTT_ERR_RANGE, TTT_ERR_NOMEM.
 */
TTT_API ttt_status ttt_ai_analyze(const ttt_game *game, const ttt_ai_options *opts, ttt_analysis *out);

/**
 * @brief Lower-case name of an outcome ("unknown", "win", "draw", "loss").
 * @param outcome Any value; values out of range give "unknown".
 * @return A static string; never NULL. Thread safe.
 */
TTT_API const char *ttt_outcome_name(ttt_outcome outcome);

#ifdef __cplusplus
}
#endif

#endif /* TTT_AI_H */
