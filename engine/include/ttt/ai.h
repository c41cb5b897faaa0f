/**
 * @file ai.h
 * @brief Computer players and position analysis: minimax with a mistake
 *        probability (perfect at p = 0), the simple agents (random, first
 *        free square, rule-based, threat-based), deadlines, cancellation and
 *        a reusable context.
 *
 * Two operations, each one call that takes an optional context:
 *
 * @code
 * ttt_ai_options opts;
 * TTT_INIT(&opts);                                          // perfect play, seed 0
 * ttt_ai_options_preset(&opts, TTT_DIFFICULTY_EASY, 3, 3);  // or set the fields
 * ttt_ai_result r;
 * TTT_INIT(&r);
 * if (ttt_ai_move(NULL, game, &opts, &r) == TTT_OK)
 *     ttt_game_move(game, r.move, NULL);                    // always legal
 * @endcode
 *
 * ttt_ai_move() chooses a move; ttt_ai_analyze() values the position and
 * every free square under perfect play (hints, reviews). With a NULL
 * context a call builds its tables and frees them again; a program that
 * asks for many moves (a game loop, an AI thread) keeps a ::ttt_ai_context
 * and passes it to every call instead: the tables are built once, and the
 * transposition table keeps what it learned from one move to the next.
 *
 * Randomness is asked for, never implied: among equally good moves the
 * pick, and every mistake of a fallible level, comes from
 * ttt_ai_options::seed, and a zero seed is a seed like any other. The same
 * position, options and seed give the same move on every run and machine.
 * A program that wants variety seeds from its own clock or generator.
 *
 * One meaning of an outcome, everywhere in this header: an outcome belongs
 * to the player who makes the move it describes (for a position, the
 * player to move there), and `plies` counts from the position that move is
 * made in to the end of the game, that move included (a win on the spot is
 * 1). `proven` is true when outcome and plies are what perfect play
 * from both sides gives; otherwise the outcome is ::TTT_OUTCOME_UNKNOWN,
 * plies is 0, and `estimate` is the heuristic search's opinion on the
 * scale of ::TTT_AI_ESTIMATE_WIN.
 *
 * A search can be stopped from another thread, or from a signal handler,
 * through a ::ttt_cancel token. A stopped or timed-out call is not an
 * error: it returns the best it found (at worst a quick legal move) and
 * says so in its result's `stopped`.
 *
 * The mistake model is the one of the project's design manual: while
 * searching, each branch is skipped with probability p and counts as
 * Unknown. Where the opponent moves, outcomes are ranked Loss, Draw, Win,
 * Unknown (the worst for the AI first); where the AI moves, and at the root,
 * they are ranked Win, Draw, Unknown, Loss (the best first). Among winning
 * moves the fastest win is taken, among losing moves the slowest loss.
 *
 * How it is done, in short: perfect 3x3 play reads a constant table of
 * every position's value (no search), weighting its pick among equal moves
 * towards those that win most often against a fallible opponent, so the
 * unbeatable level also punishes weak play. 4x4 and 5x5 are solved: every
 * move's value is proven. Larger boards run an exact threat-space search
 * (forced wins, and draws proven by potentials and pairing strategies) and
 * then a heuristic alpha-beta search until the deadline. With p > 0 on 3x3
 * the mistake model runs to the end of the game, as the manual describes;
 * on larger boards its random part covers the AI's move and the reply, and
 * the positions below are valued by the deterministic search.
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

/** @brief Outcome of a move or position, for the player who makes the move
 *         (see the top of this header). */
typedef enum ttt_outcome {
    TTT_OUTCOME_UNKNOWN = 0, /**< Not proven: skipped by a mistake, or beyond the search. */
    TTT_OUTCOME_WIN = 1,     /**< The player wins with best play. */
    TTT_OUTCOME_DRAW = 2,    /**< Best play from both sides ends in a cat's game. */
    TTT_OUTCOME_LOSS = 3     /**< The player loses against best play. */
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

/**
 * @brief Number of ::ttt_agent values the linked library has: they are
 *        0 to this number minus one, and a later 1.x may add more at the
 *        end. A menu listing every agent asks here, and ttt_agent_name()
 *        names each.
 * @return The number (5 in 1.0). Thread safe.
 */
TTT_API int ttt_agent_count(void);

/** @brief Named difficulty levels; see ttt_ai_options_preset() for their values. */
typedef enum ttt_difficulty {
    TTT_DIFFICULTY_EASY = 0,      /**< Makes the most mistakes; a beginner can beat it. */
    TTT_DIFFICULTY_MEDIUM = 1,    /**< Makes fewer mistakes than Easy. */
    TTT_DIFFICULTY_HARD = 2,      /**< Makes fewer mistakes than Medium, but real ones. */
    TTT_DIFFICULTY_UNBEATABLE = 3 /**< Perfect play: p = 0. */
} ttt_difficulty;

/**
 * @brief Number of ::ttt_difficulty values the linked library has: they
 *        are 0 to this number minus one, and a later 1.x may add more at
 *        the end, as for ttt_agent_count().
 * @return The number (4 in 1.0). Thread safe.
 */
TTT_API int ttt_difficulty_count(void);

/** Milliseconds a search on a board larger than 4x4 may take when the caller
 *  gives neither a deadline nor a cancel token (see ttt_ai_options::deadline_ms). */
#define TTT_AI_DEFAULT_DEADLINE_MS 1000

/** The `estimate` of a proven win (its negation: a proven loss). Heuristic
 *  estimates stay strictly inside (-TTT_AI_ESTIMATE_WIN, TTT_AI_ESTIMATE_WIN). */
#define TTT_AI_ESTIMATE_WIN 1000

/* ------------------------------------------------------------------------- */
/* Cancel tokens                                                             */
/* ------------------------------------------------------------------------- */

/**
 * @brief A cancel token: asks a running search to stop.
 *
 * Opaque; create it with ttt_cancel_new(), put it in the options'
 * `cancel`, and call ttt_cancel_request() from any thread (or a signal
 * handler) to make the search return promptly with the best move found so
 * far. The search only reads it.
 */
typedef struct ttt_cancel ttt_cancel;

/**
 * @brief Create a cancel token, not requested.
 * @param alloc  Where its memory comes from (copied), or NULL for malloc()
 *               and free().
 * @return The token, owned by the caller (release it with
 *         ttt_cancel_free()); NULL when memory ran out or @p alloc lacks
 *         malloc_fn or free_fn.
 */
TTT_API ttt_cancel *ttt_cancel_new(const ttt_allocator *alloc);

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
 * @return true after ttt_cancel_request(), until ttt_cancel_reset().
 */
TTT_API bool ttt_cancel_requested(const ttt_cancel *cancel);

/* ------------------------------------------------------------------------- */
/* Tracing a search                                                          */
/* ------------------------------------------------------------------------- */

/** @brief One position a search has valued, as a trace callback sees it. */
typedef struct ttt_trace_step {
    size_t size;         /**< Size of this struct as the engine fills it: read a
                              field only when `size` covers it. */
    const ttt_pos *line; /**< The moves from the root to this position, ttt_trace_step::depth
                              long; valid only during the call. */
    int depth;           /**< Plies from the root (1 = a root move). */
    ttt_outcome outcome; /**< For the player who made the last move of ttt_trace_step::line;
                              ::TTT_OUTCOME_UNKNOWN unless proven, and when a mistake
                              skipped the branch. */
    int plies;           /**< When proven: plies from that move's position to the end
                              of the game, the move included. Otherwise 0. */
    bool proven;         /**< True when the outcome and plies are proven. */
    int estimate;        /**< The value for that player on the scale of
                              ::TTT_AI_ESTIMATE_WIN (0 for a skipped branch). */
} ttt_trace_step;

/**
 * @brief Called by the minimax search for each position it has valued
 *        within `trace_depth` plies of the root.
 *
 * @param user  The options' `trace_user`, passed through.
 * @param step  The position and its value; valid only during the call.
 */
typedef void (*ttt_trace_fn)(void *user, const ttt_trace_step *step);

/* ------------------------------------------------------------------------- */
/* Choosing a move                                                           */
/* ------------------------------------------------------------------------- */

/**
 * @brief How ttt_ai_move() plays and how far it may search; ttt_ai_analyze()
 *        reads the search limits of the same struct. Prepare with
 *        TTT_INIT(): every zero field is the default (perfect minimax play,
 *        seed 0, the default deadline).
 */
typedef struct ttt_ai_options {
    /** sizeof(ttt_ai_options) as the caller knows it; set by TTT_INIT(). */
    size_t size;

    /* The player (ttt_ai_move() only). */

    /** Which player; ::TTT_AGENT_MINIMAX (0) by default. */
    ttt_agent agent;
    /** Probability in [0, 1] that a branch is skipped: 0 plays perfectly, 1 at random. */
    double mistake_probability;
    /** Seed of every random choice: the same seed and position give the
     *  same move. 0 is a valid seed. */
    uint64_t seed;
    /** The named level these options play, as ttt_ai_options_preset() sets
     *  it: the ::ttt_difficulty plus one. 0, the default, is none: the
     *  mistake probability alone describes the player, with the design
     *  manual's model (on 3x3 it runs to the end of the game). A level adds
     *  its own tuning for the board it plays on (how far its random search
     *  reaches; from 6x6 the forced wins and losses it never misses),
     *  which the engine keeps and may retune in a later 1.x. Set it through
     *  ttt_ai_options_preset(); values above ttt_difficulty_count() are
     *  refused with ::TTT_ERR_RANGE. */
    int level;

    /* The limits (ttt_ai_move() and ttt_ai_analyze()). */

    /** Milliseconds the call may take. The best move found so far is returned
     *  when it runs out. 0 means no limit on boards up to 4x4, which are
     *  always solved, and ::TTT_AI_DEFAULT_DEADLINE_MS on larger boards
     *  unless ttt_ai_options::cancel is set (then the caller's token is the only
     *  limit: a full solve of 6x6 and up can take hours). */
    int deadline_ms;
    /** Optional token owned by the caller (see ::ttt_cancel): once requested,
     *  a running search returns promptly with the best move found so far. */
    ttt_cancel *cancel;
    /** Optional: called for positions the search values (see ::ttt_trace_fn). */
    ttt_trace_fn trace;
    /** Passed to ttt_ai_options::trace. */
    void *trace_user;
    /** Deepest ply reported to ttt_ai_options::trace. Positions within it are searched
     *  with a full window, so the values reported are exact (not bounds),
     *  and a trace makes 3x3 search instead of reading its table (and makes
     *  ttt_ai_analyze() value every square by the plain alpha-beta search).
     *  Boards searched by iterative deepening (5x5 and up) report again at
     *  each deeper iteration. */
    int trace_depth;
} ttt_ai_options;

/** @brief What ttt_ai_move() chose and how it knows. Prepare with TTT_INIT(). */
typedef struct ttt_ai_result {
    size_t size;         /**< sizeof(ttt_ai_result) as the caller knows it (TTT_INIT()). */
    ttt_pos move;        /**< The chosen square: always a legal move. */
    ttt_outcome outcome; /**< The move's outcome for the mover, when proven. */
    int plies;           /**< When proven: plies to the end of the game, this move included. */
    bool proven;         /**< True when the outcome and plies are proven. */
    int estimate;        /**< The move's value for the mover on the scale of
                              ::TTT_AI_ESTIMATE_WIN (+/-TTT_AI_ESTIMATE_WIN or 0 when
                              proven; what the search believes otherwise). */
    int depth;           /**< Deepest search depth completed, in plies. */
    bool stopped;        /**< True when the deadline or cancel token cut the search short. */
    uint64_t nodes;      /**< Positions visited. */
    bool safe;           /**< True when the move is proven never to lose (the opponent
                              cannot win after it), also where its exact value is not
                              proven (the player's own win not ruled out in time): what
                              "no losing move" rests on. Only the perfect player sets
                              it. Since 1.0. */
} ttt_ai_result;

/**
 * @brief Set the agent, mistake probability and level
 *        (ttt_ai_options::level, which brings the level's depth limit and
 *        tactical net) of a named level for a board, leaving the other
 *        fields alone.
 *
 * The values come from measurements in docs/ai.md (bench `ttt_difficulty`):
 * on 3x3 the difficulty table, where each level wins at least as often
 * against a random player and loses no more often against perfect play
 * than the one below; on every board the ladder, where each level scores
 * at least 65% against the one below at 100 ms a move (and from 6x6 Hard
 * beats the threat agent more often than it loses to it). The
 * fallible levels look two plies ahead; their mistake probability depends
 * on the board (Easy, Medium, Hard): 3x3 0.7, 0.4, 0.15; 4x4 1 (random),
 * 0.65, 0.25; 5x5 0.5, 0.15, 0.02 (the 3x3 values before 1.0); 6x6 to 8x8
 * 0.5, 0.6, 0.7 with a net of forced wins and losses they never miss (Hard
 * 7 plies, Medium 3). Unbeatable is p = 0 with no depth limit on every
 * board.
 *
 * @param[in,out] opts Options prepared with TTT_INIT().
 * @param level        The level.
 * @param size         The board's squares per side.
 * @param k            The board's line length.
 * @return TTT_OK; TTT_ERR_NULL; TTT_ERR_STRUCT_SIZE; TTT_ERR_RANGE for an
 *         unknown level; TTT_ERR_SIZE or TTT_ERR_K for a bad board.
 */
TTT_API ttt_status ttt_ai_options_preset(ttt_ai_options *opts, ttt_difficulty level, int size,
                                         int k);

/**
 * @brief The name of a level: "easy", "medium", "hard", "unbeatable".
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
 * @brief The name of an agent: "minimax", "random", "first-free", "rules",
 *        "threat".
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
 * @brief The name of an outcome: "unknown", "win", "draw", "loss".
 * @param outcome  Any value; values out of range give "unknown".
 * @return A static string; never NULL; the caller must not free it.
 *         Thread safe.
 */
TTT_API const char *ttt_outcome_name(ttt_outcome outcome);

/* ------------------------------------------------------------------------- */
/* Solved boards                                                             */
/* ------------------------------------------------------------------------- */

/**
 * @brief The value of a board's empty position under perfect play, as this
 *        engine has proven it: a win for the first player, or a draw.
 *
 * Covers every board the API accepts (sizes 3 to 8, k from 3 to the size).
 * Each value is the engine's own result, not a claim copied in: its solver
 * proved it from the empty board (engine/tools/gen_board_values.c wrote the
 * table into the library, and a test regenerates it), the tests check it
 * against the published results, and for every draw a test has the engine
 * write out the defender's whole strategy and replays it with a checker
 * that shares no code with the engine. A board the engine has not proven
 * gives ::TTT_OUTCOME_UNKNOWN: in this version only (8,8,5), which Hsu,
 * Ko, Chen, Wei, Hsueh and Wu proved a draw in 17.4 hours of computing
 * ("On solving the 7,7,5-game and the 8,8,5-game", 2020).
 *
 * With perfect play the second player never wins on any of these boards
 * (an extra mark never hurts, so the first player could steal any winning
 * strategy of the second), so the value is a win or a draw. A program can
 * say so to a person: "X wins with perfect play on 7x7, 4 in a row".
 *
 * @param size               Squares per side, ::TTT_MIN_SIZE to ::TTT_MAX_SIZE.
 * @param k                  Line length, ::TTT_MIN_K to @p size.
 * @param[out] first_player  Receives the outcome for the player who moves
 *                           first: ::TTT_OUTCOME_WIN, ::TTT_OUTCOME_DRAW, or
 *                           ::TTT_OUTCOME_UNKNOWN when not proven. Unchanged
 *                           on failure.
 * @param[out] plies         Optional (NULL: not wanted). Receives the length
 *                           of the game under perfect play from both sides,
 *                           in the sense of the top of this header: for a
 *                           win, the plies of the fastest forced win (11 on
 *                           7x7 with k = 4); for a draw, size * size (a
 *                           drawn game fills the board); 0 when unknown.
 * @return TTT_OK; TTT_ERR_NULL when @p first_player is NULL; TTT_ERR_SIZE or
 *         TTT_ERR_K for a board out of range. Thread safe: it reads a
 *         constant table, searches nothing and allocates nothing.
 */
TTT_API ttt_status ttt_board_value(int size, int k, ttt_outcome *first_player, int *plies);

/* ------------------------------------------------------------------------- */
/* The reusable context                                                      */
/* ------------------------------------------------------------------------- */

/**
 * @brief What the AI keeps between calls: the transposition table, the
 *        proof-number search's table and the tables of the board it last
 *        searched (lines, move order, symmetry).
 *
 * Opaque. A call without a context builds these and frees them again; a
 * context builds them once and reuses them, and keeps what the
 * transposition table learned from one move to the next of the same game.
 * Results are the same as those of a call without a context, given the
 * same options, except where a deadline cuts a search short (the table
 * then lets it see further).
 *
 * A context belongs to one thread at a time: calls on the same context must
 * not overlap. Distinct contexts may be used by distinct threads at once.
 */
typedef struct ttt_ai_context ttt_ai_context;

/**
 * @brief Create a context. Its tables are allocated on first use (or by
 *        ttt_ai_context_reserve()) and sized for the board searched.
 *
 * @param alloc        Where its memory comes from (copied), or NULL for
 *                     malloc() and free().
 * @param table_bytes  The most the transposition table may take, in bytes,
 *                     or 0 for the default: 16 KB on 3x3, 256 KB on 4x4,
 *                     16 MB on larger boards. A budget is rounded down to
 *                     a power of two of 64-byte buckets (at least one);
 *                     a smaller table makes deadline-bound searches see
 *                     less far, never changes a proven result. On boards
 *                     above 4x4 the context also keeps the proof-number
 *                     search's table, 3/16 of the transposition table's
 *                     size (3 MB beside 16 MB), and in it a cache of
 *                     the pairing search of up to 1/16 of that (168 KB).
 * @return The context, owned by the caller (release it with
 *         ttt_ai_context_free()); NULL when memory ran out or @p alloc
 *         lacks malloc_fn or free_fn.
 */
TTT_API ttt_ai_context *ttt_ai_context_new(const ttt_allocator *alloc, size_t table_bytes);

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
 * transposition table (and a 3 MB proof table), which takes the
 * system some milliseconds to clear.
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
 * @brief Choose a move for the player to move.
 *
 * @param ctx       A context (not shared with a running call), or NULL: the
 *                  call then builds its own tables, with the game's
 *                  allocator and a table of at most 1 MB, and frees them
 *                  again before it returns.
 * @param game      The position; not modified, and must not be modified by
 *                  another thread during the call.
 * @param opts      How to play; NULL means the defaults (all fields zero).
 * @param[out] out  Receives the move and what the search learned; prepared
 *                  with TTT_INIT(). Unchanged when the call fails.
 * @return TTT_OK (the move is legal); TTT_ERR_NULL; TTT_ERR_GAME_OVER when
 *         nobody is to move; TTT_ERR_STRUCT_SIZE for a @p opts or @p out not
 *         prepared with TTT_INIT(); TTT_ERR_RANGE for options out of range
 *         (p not in [0, 1], a negative deadline or trace depth, an unknown
 *         agent or level);
 *         TTT_ERR_NOMEM (a context stays usable). A deadline or cancel token
 *         never makes it fail: it returns the best move found so far with
 *         ttt_ai_result::stopped set.
 */
TTT_API ttt_status ttt_ai_move(ttt_ai_context *ctx, const ttt_game *game,
                               const ttt_ai_options *opts, ttt_ai_result *out);

/* ------------------------------------------------------------------------- */
/* Analysis                                                                  */
/* ------------------------------------------------------------------------- */

/**
 * @brief One free square's value, as found by ttt_ai_analyze(). This struct
 *        does not grow: later versions add facts about the squares to
 *        ::ttt_analysis as arrays of their own.
 */
typedef struct ttt_move_value {
    ttt_pos pos;         /**< The square. */
    ttt_outcome outcome; /**< Outcome of playing here for the player to move, when proven. */
    int plies;           /**< When proven: plies to the end of the game under best play,
                              this move included (a win now is 1). Otherwise 0. */
    bool proven;         /**< True when the outcome and plies are proven. */
    int estimate;        /**< The value for the player to move on the scale of
                              ::TTT_AI_ESTIMATE_WIN: exactly +/-TTT_AI_ESTIMATE_WIN for a
                              proven win/loss, 0 for a proven draw, otherwise the heuristic
                              estimate, strictly between the two (positive favours the player
                              to move, 0 is even; +/-(TTT_AI_ESTIMATE_WIN - 1) for a square
                              proven won or lost whose distance was not found). Every
                              unproven square has one, if only the static value of the
                              position after it when the search was stopped early, so the
                              squares can always be ranked or shaded (a heat map). */
    bool best;           /**< True for the moves the search prefers: when the value is
                              proven, those that keep it and are fastest (win) or slowest
                              (loss), every drawing move of a drawn position; otherwise those
                              with the highest value, proven and estimated compared alike. */
} ttt_move_value;

/**
 * @brief The value of a position and of each free square. Prepare with
 *        TTT_INIT().
 *
 * The position's value is proven (ttt_analysis::proven) as soon as one square is
 * proven to win (the search checks every square to the same depth first,
 * so none wins faster), or when every square is proven (ttt_analysis::all_proven).
 */
typedef struct ttt_analysis {
    size_t size; /**< sizeof(ttt_analysis) as the caller knows it (TTT_INIT()). */
    int count;   /**< Number of entries in ttt_analysis::moves (the free squares). */
    ttt_move_value moves[TTT_MAX_SQUARES]; /**< The free squares, row by row. Not the last
                            field: what a later 1.x adds goes after the fields below,
                            and facts about the squares come as arrays of their own. */
    ttt_outcome value;                     /**< Value for the player to move, when proven. */
    int plies;         /**< When proven: plies to the end of the game under best play. */
    bool proven;       /**< True when ttt_analysis::value and ttt_analysis::plies are proven. */
    bool all_proven;   /**< True when every square's value is proven too. */
    int estimate;      /**< The position's value on the scale of ttt_move_value::estimate
                            (that of the best square). */
    int depth;         /**< Plies the heuristic search looked ahead (0 when every square was
                            proven without it). */
    ttt_pos best_move; /**< The square the search prefers (the first of those marked best,
                            row by row); {-1, -1} for a finished game. */
    bool stopped;      /**< True when the deadline or cancel token cut the search short. */
    uint64_t nodes;    /**< Positions visited. */
} ttt_analysis;

/**
 * @brief The value of the position and of every free square under perfect
 *        play. Boards too big to solve within the deadline get estimates
 *        where nothing is proven.
 *
 * What it proves, in this order within the deadline (on boards above 5x5;
 * smaller boards are solved outright): for every square, the opponent's
 * fastest forced win after it and its own, level by level up to 12 plies
 * (a threat-space search, so a square that loses to a forced sequence is a
 * proven loss with its distance); then whether the player to move can win
 * at all and, for each square left, whether the opponent can (proof-number
 * search: proven draws, and wins and losses beyond the levels); then the
 * levels again for the distances still missing. Every other square gets
 * the heuristic search's estimate. A hint display can show the proven
 * squares as outcomes with their distances, shade the rest by
 * ttt_move_value::estimate, and mark ttt_analysis::best_move; 60 Hz
 * programs should call it from a worker thread, with a deadline.
 *
 * @param ctx       A context, or NULL, as for ttt_ai_move().
 * @param game      The position.
 * @param opts      The same options as ttt_ai_move()'s, of which it reads
 *                  the limits (deadline_ms, cancel, trace, trace_user,
 *                  trace_depth) and ignores the player (agent,
 *                  mistake_probability, seed, level: an analysis is
 *                  perfect play), so a program can pass the options it
 *                  plays with. NULL for the defaults (no limit up to 4x4,
 *                  ::TTT_AI_DEFAULT_DEADLINE_MS on larger boards).
 * @param[out] out  Receives the analysis; prepared with TTT_INIT(). For a
 *                  finished game, count is 0 and value is
 *                  ::TTT_OUTCOME_UNKNOWN. Unchanged when the call fails.
 * @return TTT_OK, TTT_ERR_NULL, TTT_ERR_STRUCT_SIZE, TTT_ERR_RANGE (options
 *         out of range, as for ttt_ai_move(): the player's fields are not
 *         used but must still be valid), TTT_ERR_NOMEM.
 */
TTT_API ttt_status ttt_ai_analyze(ttt_ai_context *ctx, const ttt_game *game,
                                  const ttt_ai_options *opts, ttt_analysis *out);

/** What ttt_ai_ponder() found (since 1.0). Prepare it with TTT_INIT(). */
typedef struct ttt_ponder_result {
    size_t size;         /**< sizeof(ttt_ponder_result) as the caller knows it (TTT_INIT()). */
    bool settled;        /**< True when everything the ponder asks is answered: pondering
                              longer would learn nothing more. */
    int replies;         /**< Moves of the player to move, up to the board's symmetry (the
                              replies the pondering player may face). */
    int replies_settled; /**< Of those, how many are settled: whether the pondering player
                              wins after them is proven, one way or the other. */
    bool stopped;        /**< True when the deadline or cancel token ended it (false when it
                              ended because it was settled). */
    uint64_t nodes;      /**< Positions visited. */
} ttt_ponder_result;

/**
 * @brief Think on the other side's time: search the position while the
 *        player to move (a person, or another program) thinks, so that the
 *        context's next ttt_ai_move(), after that player's reply, starts
 *        from what was found (since 1.0).
 *
 * Call it with the game as it stands when the AI's opponent is to move,
 * from a worker thread, and stop it when the opponent has moved: with
 * ttt_cancel_request() on the token in @p opts (it returns promptly: the
 * token is polled as in every search), or let its deadline end it. Then pass the
 * same context to ttt_ai_move() for the position after the reply. What it
 * proves goes into the context's proof-number table and transposition
 * table and nowhere else: it allocates nothing beyond the context's
 * tables (ttt_ai_context_new()'s @p table_bytes bounds them; the first
 * ponder of a board builds them as ttt_ai_context_reserve() does), so it
 * can run for as long as the opponent thinks. It proves, in rounds of
 * growing effort, whether the player to move can win at all (a proof
 * that it cannot holds a safe answer to each of its moves) and, after
 * each of its moves, whether the AI can; it returns early once all of
 * that is settled. Whatever move the opponent makes, nothing it stored
 * can mislead a later search (the tables keep only facts of positions);
 * a reply it did not reach costs nothing but the time the opponent took.
 *
 * Only the perfect player (mistake probability 0) gains from it, and only
 * on boards above 5x5 (smaller boards are solved within a move); elsewhere
 * it returns at once with ttt_ponder_result::settled set. On 8x8 with
 * k = 5 a 16 ms move after a pondered reply can prove safe a move that
 * the frame alone cannot (docs/ai.md has a position and the figures).
 *
 * @param ctx       The AI's context (required: the ponder's findings live
 *                  there). Not shared with a running call: stop the ponder
 *                  before the next ttt_ai_move() on it.
 * @param game      The position, the AI's opponent to move; not modified,
 *                  and not modified by another thread during the call
 *                  (hand a worker a ttt_game_clone()).
 * @param opts      The limits: ttt_ai_options::cancel (the usual way to
 *                  stop it) and ttt_ai_options::deadline_ms (0: none);
 *                  the player's fields must be valid, as for ttt_ai_move().
 *                  NULL, or neither a token nor a deadline:
 *                  ::TTT_AI_DEFAULT_DEADLINE_MS.
 * @param[out] out  Receives what was settled, prepared with TTT_INIT();
 *                  or NULL. Unchanged when the call fails.
 * @return TTT_OK (also when stopped, and for a finished game: nothing to
 *         do); TTT_ERR_NULL for a NULL @p ctx or @p game;
 *         TTT_ERR_STRUCT_SIZE; TTT_ERR_RANGE as for ttt_ai_move();
 *         TTT_ERR_NOMEM when the context's tables cannot be built (the
 *         context stays usable).
 */
TTT_API ttt_status ttt_ai_ponder(ttt_ai_context *ctx, const ttt_game *game,
                                 const ttt_ai_options *opts, ttt_ponder_result *out);

#ifdef __cplusplus
}
#endif

#endif /* TTT_AI_H */
