/**
 * @file common.h
 * @brief Status codes, players, board positions and limits shared by every
 *        part of the ttt engine.
 *
 * Conventions used across the whole API:
 * - Every function that can fail for a reason the caller must handle (a
 *   refused move, bad text, an allocation, a short buffer, an argument out
 *   of range) returns a ::ttt_status; ::TTT_OK (zero) means success. On
 *   failure nothing the caller owns is changed, unless the function's
 *   documentation says otherwise.
 * - Queries that could fail only on a NULL object return their value
 *   directly (ttt_game_turn(), ttt_game_state(), ...).
 *
 * Preconditions: a parameter documented as "(not NULL)" is the caller's
 * promise, in the manner of Lua's api_check. A build of the engine without
 * NDEBUG (CMake's Debug) checks it with assert(); a build with NDEBUG (the
 * Release and RelWithDebInfo types, and the default of this project) never
 * crashes on it either: such a query returns a neutral value (0 for a
 * number, ::TTT_PLAYER_NONE for a player, ::TTT_STATE_DRAW for a state, so a
 * loop waiting for a move ends) and such a command does nothing. Functions
 * that return a ::ttt_status report a NULL pointer as ::TTT_ERR_NULL in
 * every build.
 * - Outputs are written through pointers the caller provides. The engine
 *   never keeps a pointer the caller passed in after a call returns.
 * - The engine never prints, exits or aborts on a caller's mistake, and keeps
 *   no mutable global state: distinct games may be used from distinct
 *   threads at the same time without locking. One game must not be used from
 *   two threads at once without the caller's own locking (reading functions,
 *   those taking a `const ttt_game *`, may run concurrently with each other).
 */
#ifndef TTT_COMMON_H
#define TTT_COMMON_H

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
 * @brief Result of every fallible engine call.
 *
 * The numeric values are part of the ABI and never change; new codes are only
 * added at the end.
 */
typedef enum ttt_status {
    TTT_OK = 0,               /**< Success. */
    TTT_ERR_NULL = 1,         /**< A required pointer argument was NULL. */
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
    TTT_ERR_CANCELLED = 17    /**< A search was cancelled before it found any move. */
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
 * @brief A human-readable, constant name for a status code.
 *
 * @param status Any value; unknown values give "unknown status".
 * @return A static string; never NULL; the caller must not free it.
 *         Thread safe.
 */
TTT_API const char *ttt_status_string(ttt_status status);

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
