/**
 * @file common.h
 * @brief Status codes, players, board positions, limits, the allocator hook
 *        and the conventions shared by every part of the ttt engine.
 *
 * Conventions used across the whole API:
 * - Every function that can fail for a reason the caller must handle (a
 *   refused move, bad text, an allocation, a short buffer, an argument out
 *   of range) returns a ::ttt_status; ::TTT_OK (zero) means success. On
 *   failure nothing the caller owns is changed, unless the function's
 *   documentation says otherwise.
 * - Output parameters come last. A constructor that can fail only for
 *   want of memory returns the new object, or NULL (ttt_cancel_new(),
 *   ttt_ai_context_new()); one that can also refuse its arguments returns
 *   a ::ttt_status and the object through its last parameter
 *   (ttt_game_new(), ttt_game_parse()).
 * - Queries that could fail only on a NULL object return their value
 *   directly (ttt_game_turn(), ttt_game_state(), ...). A query that can
 *   also be given a bad argument (a square off the board) returns a
 *   ::ttt_status like any other fallible call (ttt_game_owner()).
 * - Counts, capacities and lengths are `int` everywhere (moves, squares,
 *   lines, plies, characters of text: all small); `size_t` is kept for
 *   sizes of memory in bytes (a growable struct's `size`, a table budget,
 *   the allocator's blocks). Yes-or-no values are C11's `bool`
 *   (<stdbool.h>, which this header includes).
 * - Squares go in and come out as ::ttt_pos: a move the AI returns can be
 *   played as it is (`ttt_game_move(g, result.move, NULL)`).
 * - The enumerations a program shows or stores (status, player, state,
 *   outcome, agent, difficulty) each have a `ttt_<type>_name()` giving a
 *   short, stable, constant name ("occupied", "X", "draw", "hard", ...),
 *   never NULL; those a program reads from text also have a
 *   `ttt_<type>_from_name()`.
 * - Structs the engine reads as options or fills as results may grow in
 *   later 1.x versions. Such a struct starts with a `size` field, which the
 *   caller sets with TTT_INIT() (it zeroes the struct and stores its size);
 *   a zero field always means "the default". The engine reads and writes
 *   only the fields the caller's size covers, so a program built against
 *   1.0 keeps working with a later 1.x library, and refuses a size smaller
 *   than the 1.0 struct with ::TTT_ERR_STRUCT_SIZE.
 * - Memory comes from a ::ttt_allocator given at creation (NULL: the C
 *   library's malloc and free). A game, a cancel token and an AI context
 *   each keep a copy of theirs; nothing else allocates.
 *
 * Preconditions: a parameter documented as "(not NULL)" is the caller's
 * promise, in the manner of Lua's api_check. A build of the engine without
 * NDEBUG (CMake's Debug) checks it with assert(); a build with NDEBUG (the
 * Release and RelWithDebInfo types, and the default of this project) never
 * crashes on it either: such a query returns a value no real game gives
 * where there is one (::TTT_STATE_INVALID for a state, `true` for "is the
 * game over", so a loop waiting for a move ends), else a neutral one (0 for
 * a number, ::TTT_PLAYER_NONE for a player), and such a command does
 * nothing. Functions that return a ::ttt_status report a NULL pointer as
 * ::TTT_ERR_NULL in every build.
 * - The engine never keeps a pointer the caller passed in after a call
 *   returns (an allocator is copied; a cancel token in the options is used
 *   only during the call).
 * - The engine never prints, exits or aborts on a caller's mistake, and keeps
 *   no mutable global state: distinct objects may be used from distinct
 *   threads at the same time without locking. One game must not be used from
 *   two threads at once without the caller's own locking (reading functions,
 *   those taking a `const ttt_game *`, may run concurrently with each other).
 */
#ifndef TTT_COMMON_H
#define TTT_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "ttt/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Smallest supported board size (squares per side). */
#define TTT_MIN_SIZE 3
/** Largest supported board size (squares per side). */
#define TTT_MAX_SIZE 8
/** Number of squares on the largest board. */
#define TTT_MAX_SQUARES (TTT_MAX_SIZE * TTT_MAX_SIZE)
/** Smallest supported line length k. The largest is the board size. */
#define TTT_MIN_K 3

/**
 * @brief Zero @p bytes bytes at @p ptr and store @p bytes in the `size_t`
 *        that starts them: the work of TTT_INIT(), which is the way to call
 *        it. Inline, so the engine exports nothing for it and this header
 *        needs no <string.h>.
 * @param ptr    A growable struct (not NULL), whose first field is `size_t size`.
 * @param bytes  Its size in bytes, at least sizeof(size_t).
 */
static inline void ttt_init_struct(void *ptr, size_t bytes)
{
    unsigned char *p = (unsigned char *)ptr;
    for (size_t i = 0; i < bytes; i++)
        p[i] = 0;
    *(size_t *)ptr = bytes; /* the struct's first field */
}

/**
 * @brief Prepare a growable struct (one whose first field is `size_t size`)
 *        for a call: zero every field, which means "the default" for each,
 *        and set `size` to the struct's size as this program knows it.
 *
 * @code
 * ttt_ai_options opts;
 * TTT_INIT(&opts);               // perfect play, seed 0, default deadline
 * opts.deadline_ms = 100;
 * ttt_ai_result r;
 * TTT_INIT(&r);
 * @endcode
 *
 * @p ptr is evaluated once; naming a struct without a `size` field does not
 * compile. A program that cannot use the macro (a binding from another
 * language) zeroes the struct and stores its size in bytes in `size`
 * itself.
 */
#define TTT_INIT(ptr) ttt_init_struct((ptr), sizeof *(ptr) + 0 * sizeof((ptr)->size))

/**
 * @brief Result of every fallible engine call.
 *
 * The numeric values are part of the ABI and never change; new codes are only
 * added at the end, and a code that was taken out is never given again.
 * (0.2's TTT_ERR_CANCELLED, 17, which no call returned, was taken out
 * before 1.0, the first version with a stable ABI.)
 */
typedef enum ttt_status {
    TTT_OK = 0,               /**< Success. */
    TTT_ERR_NULL = 1,         /**< A required pointer argument was NULL (only that: an
                                   allocator without its functions is ::TTT_ERR_ALLOCATOR). */
    TTT_ERR_SIZE = 2,         /**< Board size outside [TTT_MIN_SIZE, TTT_MAX_SIZE]. */
    TTT_ERR_K = 3,            /**< Line length k outside [TTT_MIN_K, size]. */
    TTT_ERR_PLAYER = 4,       /**< Player argument is not TTT_PLAYER_X or TTT_PLAYER_O. */
    TTT_ERR_OUTSIDE = 5,      /**< Row or column outside the board. */
    TTT_ERR_OCCUPIED = 6,     /**< The square already holds a mark. */
    TTT_ERR_GAME_OVER = 7,    /**< The game has ended; no more moves are accepted. */
    TTT_ERR_NO_HISTORY = 8,   /**< Nothing to undo. */
    TTT_ERR_BUFFER = 9,       /**< The caller's buffer is too small. */
    TTT_ERR_RANGE = 10,       /**< A numeric argument is out of its documented range. */
    TTT_ERR_NOMEM = 11,       /**< Memory allocation failed. */
    TTT_ERR_PARSE_CHAR = 12,  /**< Board text holds a character that is not a mark or blank. */
    TTT_ERR_PARSE_COUNT = 13, /**< Board text does not hold exactly size*size squares. */
    TTT_ERR_PARSE_MARKS = 14, /**< Mark counts differ by more than one. */
    TTT_ERR_PARSE_TURN = 15,  /**< The requested side to move contradicts the mark counts. */
    TTT_ERR_PARSE_WIN = 16,   /**< The lines on the board could not arise in a legal game. */
    /** A growable struct's `size` is smaller than the 1.0 struct (it was not
     *  set with TTT_INIT()), or it sets options this library does not have. */
    TTT_ERR_STRUCT_SIZE = 17,
    /** A ::ttt_allocator lacks ttt_allocator::malloc_fn or ttt_allocator::free_fn. */
    TTT_ERR_ALLOCATOR = 18
} ttt_status;

/** @brief A player, or the owner of a square. */
typedef enum ttt_player {
    TTT_PLAYER_NONE = 0, /**< No player: an empty square, or nobody to move. */
    TTT_PLAYER_X = 1,    /**< Player X. */
    TTT_PLAYER_O = 2     /**< Player O. */
} ttt_player;

/** @brief A square's position: row and column, both counted from 0 at the top left. */
typedef struct ttt_pos {
    int row; /**< Row, 0 at the top. */
    int col; /**< Column, 0 at the left. */
} ttt_pos;

/**
 * @brief Where the engine gets its memory: two functions and a pointer
 *        passed to each, in the manner of Lua's lua_Alloc.
 *
 * Give one to ttt_game_new(), ttt_game_parse(), ttt_cancel_new() or
 * ttt_ai_context_new(), or NULL there for the C library's malloc() and
 * free(). The engine copies the struct; the functions and ttt_allocator::user must
 * stay valid until every object made with it is freed (a clone uses its
 * original's). They are called on the thread that called the engine, so an
 * allocator shared by objects used on several threads must be thread safe.
 * Memory must be aligned for any object, as malloc()'s is.
 */
typedef struct ttt_allocator {
    /** Returns @p size bytes, or NULL on failure (the engine then returns
     *  ::TTT_ERR_NOMEM or NULL). Required: without it a constructor returns
     *  ::TTT_ERR_ALLOCATOR (or NULL). The engine never resizes a block. */
    void *(*malloc_fn)(void *user, size_t size);
    /** Releases a block that malloc_fn returned, with the size it was asked
     *  for. Never called with NULL. Required, as malloc_fn. */
    void (*free_fn)(void *user, void *ptr, size_t size);
    /** Passed to each function as it is. */
    void *user;
} ttt_allocator;

/**
 * @brief The name of a status code: "ok", "null", "size", "k", "player",
 *        "outside", "occupied", "game-over", "no-history", "buffer",
 *        "range", "nomem", "parse-char", "parse-count", "parse-marks",
 *        "parse-turn", "parse-win", "struct-size", "allocator".
 * @param status  Any value; unknown values give "unknown".
 * @return A static string; never NULL; the caller must not free it.
 *         Thread safe.
 */
TTT_API const char *ttt_status_name(ttt_status status);

/**
 * @brief A sentence in English saying what a status code means, for a
 *        message to a person ("square is already marked").
 * @param status  Any value; unknown values give "unknown status".
 * @return A static string; never NULL; the caller must not free it.
 *         Thread safe.
 */
TTT_API const char *ttt_status_message(ttt_status status);

/**
 * @brief The name of a player: "X", "O", or "none" (for ::TTT_PLAYER_NONE
 *        and any value out of range). X and O are the marks' own letters,
 *        so these are upper-case.
 * @param player  Any value.
 * @return A static string; never NULL; the caller must not free it.
 *         Thread safe.
 */
TTT_API const char *ttt_player_name(ttt_player player);

/**
 * @brief The player named @p name: "x" or "X", "o" or "O".
 * @param name         NUL-terminated name.
 * @param[out] player  Receives ::TTT_PLAYER_X or ::TTT_PLAYER_O; unchanged
 *                     on failure.
 * @return TTT_OK, TTT_ERR_NULL, or TTT_ERR_RANGE for any other text.
 *         Thread safe.
 */
TTT_API ttt_status ttt_player_from_name(const char *name, ttt_player *player);

/**
 * @brief The other player.
 *
 * @param player TTT_PLAYER_X or TTT_PLAYER_O.
 * @return TTT_PLAYER_O for X, TTT_PLAYER_X for O, TTT_PLAYER_NONE for
 *         anything else. Thread safe.
 */
TTT_API ttt_player ttt_player_other(ttt_player player);

#ifdef __cplusplus
}
#endif

#endif /* TTT_COMMON_H */
