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
 *     ttt_game_move(game, r.move.row, r.move.col, NULL); // always legal
 * @endcode
 *
 * A program that asks for many moves (a game loop, an AI thread) keeps a
 * ::ttt_ai_context and calls ttt_ai_context_move() instead: the context
 * keeps the transposition table and the per-board tables from call to call,
 * so they are built once, not on every move.
 *
 * A search can be stopped from another thread, or from a signal handler,
 * through a ::ttt_cancel token (ttt_cancel_new(), ttt_cancel_request()).
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
 * memory (or the context it is given); it may run on any thread while other
 * threads use other games and other contexts. The game passed in must not
 * be changed during the call (hand a worker a ttt_game_clone()). A context
 * is used by one thread at a time. A cancel token may be requested from any
 * thread at any time. Any constant tables are built at compile time.
 *
 * The header compiles as C11 and as C++11 and later: it uses no C-only
 * type (the cancel token is opaque, not an `atomic_int`).
 */
#ifndef TTT_AI_H
#define TTT_AI_H

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
    TTT_AGENT_RULES = 3, /**< Win if possible, else block, else centre, else a corner, else any. */
    /** The baseline a k-in-a-row player writes first: win if possible, else
     *  block a win, else make or block an open four (two winning squares),
     *  else make or block a double three, else make a four or a three, else
     *  block a three, else extend its longest line. A "three" is a line two
     *  marks short of k that the opponent has not blocked. */
    TTT_AGENT_THREAT = 4
} ttt_agent;

/** Number of ::ttt_agent values. */
#define TTT_AGENT_COUNT 5

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
 *  gives neither a deadline nor a cancel token (see ttt_ai_options::deadline_ms). */
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

/**
 * @brief A cancel token: asks a running search to stop.
 *
 * Opaque; create it with ttt_cancel_new(), put it in
 * ttt_ai_options::cancel, and call ttt_cancel_request() from any thread (or
 * a signal handler) to make the search return promptly with the best move
 * found so far. The search only reads it.
 */
typedef struct ttt_cancel ttt_cancel;

/**
 * @brief Create a cancel token, not requested.
 * @param[out] out  Receives the token, owned by the caller (release it with
 *                  ttt_cancel_free()); NULL on failure.
 * @return TTT_OK, TTT_ERR_NULL or TTT_ERR_NOMEM.
 */
TTT_API ttt_status ttt_cancel_new(ttt_cancel **out);

/**
 * @brief Release a token. NULL is ignored. No search may still be using it.
 * @param cancel  The token, or NULL.
 */
TTT_API void ttt_cancel_free(ttt_cancel *cancel);

/**
 * @brief Ask every search using this token to stop.
 *
 * Thread safe and async-signal-safe (one lock-free atomic store), so a
 * SIGINT handler may call it. The request stays until ttt_cancel_reset().
 * @param cancel  The token (not NULL).
 */
TTT_API void ttt_cancel_request(ttt_cancel *cancel);

/**
 * @brief Withdraw a request, so the token can serve the next search.
 * Thread safe and async-signal-safe.
 * @param cancel  The token (not NULL).
 */
TTT_API void ttt_cancel_reset(ttt_cancel *cancel);

/**
 * @brief Whether a stop has been requested. Thread safe and async-signal-safe.
 * @param cancel  The token (not NULL).
 * @return Non-zero after ttt_cancel_request(), until ttt_cancel_reset().
 */
TTT_API int ttt_cancel_requested(const ttt_cancel *cancel);

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
     *  boards unless @ref cancel is set (then the caller's token is the only
     *  limit: a full solve of 5x5 and up takes hours). */
    int deadline_ms;
    /** Optional token owned by the caller (see ::ttt_cancel): once requested,
     *  a running search returns promptly with the best move found so far.
     *  NULL by default. */
    ttt_cancel *cancel;
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
    int stopped;         /**< Non-zero when the deadline or cancel token cut the search short. */
    uint64_t nodes;      /**< Positions visited. */
} ttt_ai_result;

/** ttt_move_value::estimate and ttt_analysis::estimate of a proven win
 *  (its negation: a proven loss). Heuristic estimates stay strictly inside
 *  (-TTT_AI_ESTIMATE_WIN, TTT_AI_ESTIMATE_WIN). */
#define TTT_AI_ESTIMATE_WIN 1000

/**
 * @brief One free square's value, as found by ttt_ai_analyze().
 *
 * Each square is either proven (ttt_move_value::proven non-zero: its
 * ttt_move_value::outcome and ttt_move_value::plies are what perfect play
 * from both sides gives) or estimated (ttt_move_value::proven zero: the
 * outcome is ::TTT_OUTCOME_UNKNOWN, plies 0, and ttt_move_value::estimate
 * is the heuristic search's opinion). A hint display shows proven squares
 * as such ("win in 5") and the others as estimates.
 */
typedef struct ttt_move_value {
    ttt_pos pos;         /**< The square. */
    ttt_outcome outcome; /**< Proven outcome of playing here, for the player to move;
                              ::TTT_OUTCOME_UNKNOWN when not proven. */
    int plies;           /**< When proven: plies to the end of the game under best play,
                              counting this move (a win now is 1). Otherwise 0. */
    int best;            /**< Non-zero for the moves the search prefers: when the value is
                              proven, those that keep it and are fastest (win) or slowest
                              (loss), every drawing move of a drawn position; otherwise those
                              with the highest value, proven and estimated compared alike. */
    int proven;          /**< Non-zero when @ref outcome and @ref plies are proven. */
    int estimate;        /**< The value for the player to move on a scale of
                              -::TTT_AI_ESTIMATE_WIN to +::TTT_AI_ESTIMATE_WIN: exactly
                              +/-TTT_AI_ESTIMATE_WIN for a proven win/loss, 0 for a proven draw,
                              otherwise the heuristic estimate (positive favours the player to
                              move; 0 also for an even position, and for every square when the
                              search was stopped before it could estimate any). */
} ttt_move_value;

/**
 * @brief The value of a position and of each free square.
 *
 * The value is proven (ttt_analysis::proven non-zero) as soon as one square
 * is proven to win (the search checks every square to the same depth
 * first, so none wins faster), or when every square is proven;
 * ttt_analysis::exact says the latter. ttt_analysis::best_move is the
 * square the search prefers.
 */
typedef struct ttt_analysis {
    ttt_outcome value; /**< Value for the player to move; ::TTT_OUTCOME_UNKNOWN when not
                            proven. */
    int plies;         /**< When proven: plies to the end of the game under best play. */
    int exact;         /**< Non-zero when every value below is proven. */
    int proven;        /**< Non-zero when @ref value and @ref plies are proven. */
    int estimate;      /**< The position's value on the scale of ttt_move_value::estimate
                            (that of the best square). */
    int depth;         /**< Plies the heuristic search looked ahead (0 when every square was
                            proven without it). */
    ttt_pos best_move; /**< The square the search prefers (the first of those marked best,
                            row by row); {-1, -1} for a finished game. */
    int count;         /**< Number of entries in @ref moves (the free squares). */
    ttt_move_value moves[TTT_MAX_SQUARES]; /**< The free squares, row by row. */
} ttt_analysis;

/**
 * @brief Fill @p opts with the defaults: the minimax agent, perfect play
 *        (p = 0), no depth limit, no deadline, no cancel token, no trace, and
 *        a seed that differs between calls (taken from the clock).
 * @param[out] opts The options to fill (not NULL); every field is written.
 */
TTT_API void ttt_ai_options_init(ttt_ai_options *opts);

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
 * @param level  Any value; values out of range give "unknown".
 * @return A static string; never NULL; the caller must not free it.
 *         Thread safe.
 */
TTT_API const char *ttt_difficulty_name(ttt_difficulty level);

/**
 * @brief The level named @p name (as ttt_difficulty_name() gives it, any case).
 * @param name       NUL-terminated name, for example "hard" or "Hard".
 * @param[out] level Receives the level; unchanged on failure.
 * @return TTT_OK, TTT_ERR_NULL, or TTT_ERR_RANGE for an unknown name.
 */
TTT_API ttt_status ttt_difficulty_from_name(const char *name, ttt_difficulty *level);

/**
 * @brief Lower-case name of an agent ("minimax", "random", "first-free", "rules").
 * @param agent  Any value; values out of range give "unknown".
 * @return A static string; never NULL; the caller must not free it.
 *         Thread safe.
 */
TTT_API const char *ttt_agent_name(ttt_agent agent);

/**
 * @brief The agent named @p name (as ttt_agent_name() gives it, any case).
 * @param name       NUL-terminated name, for example "rules".
 * @param[out] agent Receives the agent; unchanged on failure.
 * @return TTT_OK, TTT_ERR_NULL, or TTT_ERR_RANGE for an unknown name.
 */
TTT_API ttt_status ttt_agent_from_name(const char *name, ttt_agent *agent);

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
 *         A deadline or cancel token never makes it fail: it returns the best
 *         move found so far (at worst a heuristic or first legal one) with
 *         ttt_ai_result::stopped set.
 *
 * For one-off use: it builds its tables and frees them again on each call.
 * A program that asks for many moves keeps a ::ttt_ai_context instead.
 */
TTT_API ttt_status ttt_ai_move(const ttt_game *game, const ttt_ai_options *opts,
                               ttt_ai_result *out);

/**
 * @brief The value of the position and of every free square under perfect
 *        play (the mistake probability, depth limit and agent of @p opts are
 *        ignored; its deadline, cancel token and trace are honoured). Boards
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
TTT_API ttt_status ttt_ai_analyze(const ttt_game *game, const ttt_ai_options *opts,
                                  ttt_analysis *out);

/**
 * @brief Lower-case name of an outcome ("unknown", "win", "draw", "loss").
 * @param outcome  Any value; values out of range give "unknown".
 * @return A static string; never NULL; the caller must not free it.
 *         Thread safe.
 */
TTT_API const char *ttt_outcome_name(ttt_outcome outcome);

/* ------------------------------------------------------------------------- */
/* Reusable context                                                          */
/* ------------------------------------------------------------------------- */

/**
 * @brief What the AI keeps between calls: the transposition table and the
 *        tables of the board it last searched (lines, move order, symmetry).
 *
 * Opaque. ttt_ai_move() and ttt_ai_analyze() build these for every call and
 * free them again; a context builds them once and reuses them, and keeps
 * what the transposition table learned from one move to the next of the
 * same game. Results are the same as those of the stateless calls with the
 * same options (the table only saves work).
 *
 * A context belongs to one thread at a time: calls on the same context must
 * not overlap. Distinct contexts may be used by distinct threads at once.
 */
typedef struct ttt_ai_context ttt_ai_context;

/**
 * @brief Create a context. The tables are allocated on first use and sized
 *        for the board searched.
 * @param[out] out  Receives the context, owned by the caller (release it with
 *                  ttt_ai_context_free()); NULL on failure.
 * @return TTT_OK, TTT_ERR_NULL or TTT_ERR_NOMEM.
 */
TTT_API ttt_status ttt_ai_context_new(ttt_ai_context **out);

/**
 * @brief Release a context and its tables. NULL is ignored.
 * @param ctx  The context, or NULL. No call may be using it.
 */
TTT_API void ttt_ai_context_free(ttt_ai_context *ctx);

/**
 * @brief Build the tables of size x size boards with line length k now,
 *        rather than on the first search there.
 *
 * A context builds them when it first searches a board (and again when it
 * moves to another); on boards larger than 4x4 that includes a 16 MB
 * transposition table, which takes the system some milliseconds to clear.
 * A program that calls this when a game starts keeps that out of the first
 * move's deadline. Building the tables of another board empties the
 * transposition table.
 * @param ctx   The context (not shared with a running call).
 * @param size  Squares per side, TTT_MIN_SIZE..TTT_MAX_SIZE.
 * @param k     Line length, TTT_MIN_K..size.
 * @return TTT_OK; TTT_ERR_NULL; TTT_ERR_SIZE or TTT_ERR_K for a bad board;
 *         TTT_ERR_NOMEM (the context stays usable and builds them on first
 *         use instead).
 */
TTT_API ttt_status ttt_ai_context_reserve(ttt_ai_context *ctx, int size, int k);

/**
 * @brief ttt_ai_move() with the tables of @p ctx.
 * @param ctx       The context (not shared with a running call).
 * @param game      The position, as for ttt_ai_move().
 * @param opts      As for ttt_ai_move(); NULL for the defaults.
 * @param[out] out  Receives the move.
 * @return As ttt_ai_move(); TTT_ERR_NULL also for a NULL @p ctx;
 *         TTT_ERR_NOMEM when the tables cannot be allocated (the context
 *         stays usable).
 */
TTT_API ttt_status ttt_ai_context_move(ttt_ai_context *ctx, const ttt_game *game,
                                       const ttt_ai_options *opts, ttt_ai_result *out);

/**
 * @brief ttt_ai_analyze() with the tables of @p ctx.
 * @param ctx       The context (not shared with a running call).
 * @param game      The position.
 * @param opts      As for ttt_ai_analyze(); NULL for the defaults.
 * @param[out] out  Receives the analysis; unchanged when the call fails.
 * @return As ttt_ai_analyze(); TTT_ERR_NULL also for a NULL @p ctx.
 */
TTT_API ttt_status ttt_ai_context_analyze(ttt_ai_context *ctx, const ttt_game *game,
                                          const ttt_ai_options *opts, ttt_analysis *out);

#ifdef __cplusplus
}
#endif

#endif /* TTT_AI_H */
