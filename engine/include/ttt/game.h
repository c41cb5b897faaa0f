/**
 * @file game.h
 * @brief Rules and state of m,n,k tic-tac-toe: a square board of size n
 *        (3..8) where k marks in a line (3..n) win.
 *
 * A ::ttt_game is an opaque object owned by the caller: create it with
 * ttt_game_new() or ttt_game_parse(), duplicate it with ttt_game_clone() or
 * ttt_game_copy(), release it with ttt_game_free().
 *
 * @code
 * ttt_game *g = NULL;
 * if (ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g) != TTT_OK) return;
 * ttt_pos centre = {1, 1};
 * ttt_state st;
 * ttt_game_move(g, centre, &st);      // X takes the centre; st == TTT_STATE_O_TO_MOVE
 * if (ttt_game_can_move(g, centre) != TTT_OK) { ... }  // occupied: refused
 * ttt_player who = ttt_game_turn(g);  // TTT_PLAYER_O
 * ttt_player owner;
 * ttt_game_owner(g, centre, &owner);  // TTT_PLAYER_X
 * ttt_game_free(g);
 * @endcode
 *
 * Calls that can fail for a reason the caller must handle (a move, parsing,
 * allocation, a buffer) return a ::ttt_status. Queries whose only possible
 * failure would be a NULL game return their value directly; a non-NULL game
 * is their precondition (see "Preconditions" in common.h).
 *
 * Squares are addressed by a ::ttt_pos, row and column from 0 at the top
 * left (in C, `(ttt_pos){row, col}`; in C++, `ttt_pos{row, col}`). Win
 * detection is incremental: a move looks only at the lines through the
 * square just played.
 *
 * Thread safety: see common.h. A game holds no pointers to shared data, so a
 * copy can be handed to another thread (for example an AI worker).
 */
#ifndef TTT_GAME_H
#define TTT_GAME_H

#include <stddef.h>

#include "ttt/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Most victory sets any supported board has (size 8, k 3):
 * 2n(n-k+1) + 2(n-k+1)^2 = 96 + 72.
 */
#define TTT_MAX_VICTORY_SETS 168

/**
 * Most victory sets one move can complete at once: k windows in each of the
 * four directions through the square played.
 */
#define TTT_MAX_WINNING_SETS (4 * TTT_MAX_SIZE)

/**
 * Bytes ttt_game_format() needs at most with ::TTT_FORMAT_GRID, including the
 * terminating NUL: (2n+1) lines of (4n+1) characters and a newline, n = 8.
 */
#define TTT_FORMAT_MAX ((2 * TTT_MAX_SIZE + 1) * (4 * TTT_MAX_SIZE + 2) + 1)

/** @brief Opaque game: board, whose turn, state and move history. */
typedef struct ttt_game ttt_game;

/** @brief The state machine of one game. */
typedef enum ttt_state {
    TTT_STATE_X_TO_MOVE = 0, /**< Player X is to move. */
    TTT_STATE_O_TO_MOVE = 1, /**< Player O is to move. */
    TTT_STATE_X_WON = 2,     /**< X completed a line; the game is over. */
    TTT_STATE_O_WON = 3,     /**< O completed a line; the game is over. */
    TTT_STATE_DRAW = 4,      /**< The board is full with no line: a cat's game. */
    /** No game: what ttt_game_state() answers for a NULL game in a build
     *  with NDEBUG (see "Preconditions" in common.h). No game ever has it. */
    TTT_STATE_INVALID = -1
} ttt_state;

/** @brief A square and its owner, as listed by ttt_game_squares(). */
typedef struct ttt_square {
    ttt_pos pos;      /**< Where the square is. */
    ttt_player owner; /**< Who marked it, or TTT_PLAYER_NONE. */
} ttt_square;

/**
 * @brief A victory set: k squares in a line (row, column or diagonal).
 *
 * The squares are in order along the line, so a renderer can draw a
 * strike-through from the centre of `squares[0]` to the centre of
 * `squares[length - 1]`.
 */
typedef struct ttt_line {
    int length;                    /**< Number of squares: the game's k. */
    ttt_pos squares[TTT_MAX_SIZE]; /**< The squares, first to last; unused entries are zero. */
} ttt_line;

/** @brief Text layouts for ttt_game_format(). */
typedef enum ttt_format_style {
    /** The manual's grid: `+---+---+---+` and `| X | O |   |` lines, each ending in '\\n'. */
    TTT_FORMAT_GRID = 0,
    /** One line that ttt_game_parse() reads back: rows separated by spaces, `x`, `o`, `.`. */
    TTT_FORMAT_COMPACT = 1
} ttt_format_style;

/* ------------------------------------------------------------------------- */
/* Lifetime                                                                  */
/* ------------------------------------------------------------------------- */

/**
 * @brief Create a game on an empty board.
 *
 * @param size       Squares per side, TTT_MIN_SIZE..TTT_MAX_SIZE.
 * @param k          Marks in a line needed to win, TTT_MIN_K..size.
 * @param first      Who moves first: TTT_PLAYER_X or TTT_PLAYER_O.
 * @param alloc      Where the game's memory comes from (copied), or NULL
 *                   for malloc() and free(); see ::ttt_allocator.
 * @param[out] out   Receives the new game; set to NULL on failure. The
 *                   caller owns it and releases it with ttt_game_free().
 * @return TTT_OK; TTT_ERR_NULL if @p out is NULL; TTT_ERR_SIZE, TTT_ERR_K,
 *         TTT_ERR_PLAYER for bad arguments; TTT_ERR_ALLOCATOR for an
 *         allocator without malloc_fn or free_fn; TTT_ERR_NOMEM.
 */
TTT_API ttt_status ttt_game_new(int size, int k, ttt_player first, const ttt_allocator *alloc,
                                ttt_game **out);

/**
 * @brief Release a game, through the allocator it was made with. NULL is
 *        accepted and ignored.
 * @param game A game from ttt_game_new(), ttt_game_clone() or ttt_game_parse(),
 *             or NULL. It must not be used afterwards.
 */
TTT_API void ttt_game_free(ttt_game *game);

/**
 * @brief Allocate an independent duplicate of a game (board, state, history)
 *        with the original's allocator.
 *
 * @param game       The game to duplicate; not changed.
 * @param[out] out   Receives the copy, owned by the caller; NULL on failure.
 * @return TTT_OK, TTT_ERR_NULL or TTT_ERR_NOMEM.
 */
TTT_API ttt_status ttt_game_clone(const ttt_game *game, ttt_game **out);

/**
 * @brief Overwrite @p dst with the whole of @p src, without allocating.
 *
 * Any two games can be copied onto each other, whatever their sizes;
 * copying a game onto itself does nothing. @p dst keeps its own allocator.
 *
 * @param[out] dst  The game to overwrite (not NULL); still owned by the caller.
 * @param src       The game to copy (not NULL).
 */
TTT_API void ttt_game_copy(ttt_game *dst, const ttt_game *src);

/* ------------------------------------------------------------------------- */
/* Queries                                                                   */
/* ------------------------------------------------------------------------- */

/**
 * @brief Squares per side of the board.
 * @param game  The game (not NULL).
 * @return The size, TTT_MIN_SIZE..TTT_MAX_SIZE.
 */
TTT_API int ttt_game_size(const ttt_game *game);

/**
 * @brief Marks in a line needed to win.
 * @param game  The game (not NULL).
 * @return k, TTT_MIN_K..size.
 */
TTT_API int ttt_game_k(const ttt_game *game);

/**
 * @brief The state of the game: who is to move, or how it ended.
 * @param game  The game (not NULL).
 * @return The ::ttt_state; ::TTT_STATE_INVALID, never a real state, for a
 *         NULL game in a build with NDEBUG (a build without it asserts).
 */
TTT_API ttt_state ttt_game_state(const ttt_game *game);

/**
 * @brief The name of a state: "x-to-move", "o-to-move", "x-won", "o-won",
 *        "draw", "invalid".
 * @param state  Any value; values out of range give "unknown".
 * @return A static string; never NULL; the caller must not free it.
 *         Thread safe.
 */
TTT_API const char *ttt_state_name(ttt_state state);

/**
 * @brief Whether the game has ended (won or drawn).
 * @param game  The game (not NULL).
 * @return true once the game is over, false while a player is to move;
 *         true for a NULL game in a build with NDEBUG (nobody can move in
 *         it, so a loop waiting for the end stops).
 */
TTT_API bool ttt_game_over(const ttt_game *game);

/**
 * @brief Whose turn it is.
 * @param game  The game (not NULL).
 * @return TTT_PLAYER_X or TTT_PLAYER_O, or TTT_PLAYER_NONE once the game
 *         is over.
 */
TTT_API ttt_player ttt_game_turn(const ttt_game *game);

/**
 * @brief Who moved first in the current game; ttt_game_start_next() swaps it.
 * @param game  The game (not NULL).
 * @return TTT_PLAYER_X or TTT_PLAYER_O.
 */
TTT_API ttt_player ttt_game_first_player(const ttt_game *game);

/**
 * @brief The winner.
 * @param game  The game (not NULL).
 * @return TTT_PLAYER_X or TTT_PLAYER_O after a win, otherwise
 *         TTT_PLAYER_NONE (game going on, or drawn).
 */
TTT_API ttt_player ttt_game_winner(const ttt_game *game);

/**
 * @brief Who owns a square.
 *
 * A square off the board is refused, not answered with a guess: an empty
 * square and a square that does not exist are different answers. To read
 * the whole board, ttt_game_squares() fills an array in one call.
 *
 * @param game        The game.
 * @param square      The square.
 * @param[out] owner  Receives TTT_PLAYER_X, TTT_PLAYER_O, or
 *                    TTT_PLAYER_NONE for an empty square; unchanged on
 *                    failure.
 * @return TTT_OK; TTT_ERR_NULL; TTT_ERR_OUTSIDE for a square off the board.
 */
TTT_API ttt_status ttt_game_owner(const ttt_game *game, ttt_pos square, ttt_player *owner);

/**
 * @brief Number of marks on the board.
 *
 * For a parsed game this counts the marks given in the text too, so it can
 * be larger than the length of ttt_game_history().
 *
 * @param game  The game (not NULL).
 * @return The number of marks, 0..size*size.
 */
TTT_API int ttt_game_move_count(const ttt_game *game);

/**
 * @brief The moves played since the game's start position, oldest first.
 *
 * The start position is the empty board, or the board given to
 * ttt_game_parse(). The moves alternate between the players, starting with
 * the player who was to move at the start position.
 *
 * @param game          The game.
 * @param[out] moves    Receives up to @p capacity moves; may be NULL when
 *                      @p capacity is 0 (to ask for the count).
 * @param capacity      Room in @p moves; TTT_MAX_SQUARES always suffices.
 * @param[out] count    Receives the number of moves in the history.
 * @return TTT_OK; TTT_ERR_NULL (also when @p moves is NULL and @p capacity
 *         is positive); TTT_ERR_RANGE for a negative @p capacity;
 *         TTT_ERR_BUFFER if @p capacity is too small (then @p count still
 *         holds the number needed and @p moves the first @p capacity moves;
 *         nothing past them is written).
 */
TTT_API ttt_status ttt_game_history(const ttt_game *game, ttt_pos *moves, int capacity, int *count);

/**
 * @brief Every square with its owner, row by row from the top left.
 *
 * This is the way to iterate over the board: fill an array once, then loop.
 * Same buffer rules as ttt_game_history(); size*size entries are written.
 *
 * @param game          The game.
 * @param[out] squares  Receives up to @p capacity squares; may be NULL when
 *                      @p capacity is 0. TTT_MAX_SQUARES always suffices.
 * @param capacity      Room in @p squares.
 * @param[out] count    Receives size*size.
 * @return TTT_OK, TTT_ERR_NULL, TTT_ERR_RANGE or TTT_ERR_BUFFER, as for
 *         ttt_game_history().
 */
TTT_API ttt_status ttt_game_squares(const ttt_game *game, ttt_square *squares, int capacity,
                                    int *count);

/**
 * @brief The empty squares, row by row from the top left.
 *
 * Lists the empty squares even after the game is over (they are then not
 * playable). Same buffer rules as ttt_game_history().
 *
 * @param game          The game.
 * @param[out] squares  Receives up to @p capacity positions; may be NULL
 *                      when @p capacity is 0. TTT_MAX_SQUARES always suffices.
 * @param capacity      Room in @p squares.
 * @param[out] count    Receives the number of empty squares.
 * @return TTT_OK, TTT_ERR_NULL, TTT_ERR_RANGE or TTT_ERR_BUFFER, as for
 *         ttt_game_history().
 */
TTT_API ttt_status ttt_game_empty_squares(const ttt_game *game, ttt_pos *squares, int capacity,
                                          int *count);

/* ------------------------------------------------------------------------- */
/* Moves                                                                     */
/* ------------------------------------------------------------------------- */

/**
 * @brief Whether the player to move may mark a square.
 *
 * Guarantee: when this returns TTT_OK, ttt_game_move() with the same
 * arguments on the unchanged game succeeds.
 *
 * @param game    The game; not changed.
 * @param square  The square.
 * @return TTT_OK if the move is legal; otherwise the status ttt_game_move()
 *         would return: TTT_ERR_NULL, TTT_ERR_GAME_OVER, TTT_ERR_OUTSIDE or
 *         TTT_ERR_OCCUPIED (checked in that order).
 */
TTT_API ttt_status ttt_game_can_move(const ttt_game *game, ttt_pos square);

/**
 * @brief Mark a square for the player to move and advance the state.
 *
 * Checks only the lines through this square for a win. A refused move
 * changes nothing. One call is all a front-end needs per click: the state
 * after the move says whether the game went on, was won or was drawn.
 *
 * @code
 * ttt_state st;
 * if (ttt_game_move(g, (ttt_pos){row, col}, &st) == TTT_OK && st == TTT_STATE_X_WON) { ... }
 * @endcode
 *
 * @param game        The game.
 * @param square      The square to mark.
 * @param[out] after  Optional (may be NULL): receives the state after the
 *                    move; left alone when the move is refused.
 * @return TTT_OK, or the refusal from ttt_game_can_move().
 */
TTT_API ttt_status ttt_game_move(ttt_game *game, ttt_pos square, ttt_state *after);

/**
 * @brief Take back the last move of the history.
 *
 * Works after the game has ended too (the ending is taken back).
 * @param game  The game.
 * @return TTT_OK, TTT_ERR_NULL, or TTT_ERR_NO_HISTORY when the game is at its
 *         start position; then nothing changes.
 */
TTT_API ttt_status ttt_game_undo(ttt_game *game);

/**
 * @brief Start the next game: empty the board and let the player who did not
 *        move first in this game move first in the next.
 *
 * Allowed at any time, finished game or not. Size and k are kept; the
 * history is emptied.
 * @param game  The game (not NULL).
 */
TTT_API void ttt_game_start_next(ttt_game *game);

/* ------------------------------------------------------------------------- */
/* Victory sets                                                              */
/* ------------------------------------------------------------------------- */

/**
 * @brief Number of victory sets on a size x size board with line length k:
 *        2n(n-k+1) + 2(n-k+1)^2 (8 for 3x3).
 * @param size  Squares per side, TTT_MIN_SIZE..TTT_MAX_SIZE.
 * @param k     Line length, TTT_MIN_K..size.
 * @return The number of sets, or 0 when @p size or @p k is out of range.
 *         Thread safe.
 */
TTT_API int ttt_victory_set_count(int size, int k);

/**
 * @brief Enumerate every victory set of a board: all rows' windows of k
 *        squares, then columns', then diagonals going down-right, then
 *        diagonals going down-left. Squares run left to right along rows
 *        and top to bottom along columns and diagonals.
 *
 * @param size          Squares per side, TTT_MIN_SIZE..TTT_MAX_SIZE.
 * @param k             Line length, TTT_MIN_K..size.
 * @param[out] lines    Receives up to @p capacity sets; may be NULL when
 *                      @p capacity is 0. TTT_MAX_VICTORY_SETS always suffices.
 * @param capacity      Room in @p lines.
 * @param[out] count    Receives the number of sets the board has.
 * @return TTT_OK; TTT_ERR_NULL, TTT_ERR_SIZE, TTT_ERR_K; TTT_ERR_RANGE for
 *         a negative @p capacity; TTT_ERR_BUFFER when @p capacity is too
 *         small (the first @p capacity are written).
 */
TTT_API ttt_status ttt_victory_sets(int size, int k, ttt_line *lines, int capacity, int *count);

/**
 * @brief Every victory set the winner has completed; none unless the game
 *        is won.
 *
 * One move can complete several sets (two lines crossing at the square
 * played, or a run longer than k, which holds several overlapping sets); all
 * are listed, in the order of ttt_victory_sets().
 *
 * @param game         The game.
 * @param[out] lines   Receives up to @p capacity sets; may be NULL when
 *                     @p capacity is 0. TTT_MAX_WINNING_SETS suffices for
 *                     any game reached by play or by ttt_game_parse().
 * @param capacity     Room in @p lines.
 * @param[out] count   Receives the number of completed sets (0 if not won).
 * @return TTT_OK, TTT_ERR_NULL, TTT_ERR_RANGE for a negative @p capacity,
 *         or TTT_ERR_BUFFER (first @p capacity written).
 */
TTT_API ttt_status ttt_game_winning_lines(const ttt_game *game, ttt_line *lines, int capacity,
                                          int *count);

/* ------------------------------------------------------------------------- */
/* Text                                                                      */
/* ------------------------------------------------------------------------- */

/**
 * @brief Write the board as text into a caller's buffer.
 *
 * ::TTT_FORMAT_GRID gives the manual's style, for a 3x3 board:
 * @verbatim
+---+---+---+
| X | O |   |
+---+---+---+
|   | X |   |
+---+---+---+
|   |   | O |
+---+---+---+
@endverbatim
 * ::TTT_FORMAT_COMPACT gives `xo. .x. ..o`, which ttt_game_parse() reads.
 *
 * @param game         The game.
 * @param style        A ::ttt_format_style.
 * @param[out] buf     Receives the NUL-terminated text; may be NULL when
 *                     @p cap is 0 (to ask for the length).
 * @param cap          Room in @p buf in characters, the NUL included;
 *                     TTT_FORMAT_MAX always suffices.
 * @param[out] len     Optional (may be NULL): receives the text's length
 *                     without the NUL, also on TTT_ERR_BUFFER, when @p buf
 *                     needs @p len + 1 characters.
 * @return TTT_OK; TTT_ERR_NULL; TTT_ERR_RANGE for an unknown style or a
 *         negative @p cap; TTT_ERR_BUFFER when @p cap is too small (then
 *         @p buf holds an empty string if @p cap > 0).
 */
TTT_API ttt_status ttt_game_format(const ttt_game *game, ttt_format_style style, char *buf, int cap,
                                   int *len);

/**
 * @brief Create a game from a board written as text.
 *
 * `x`/`X` and `o`/`O` are marks; `.`, `_` and `-` are empty squares; spaces,
 * tabs, newlines and `|` are ignored. There must be exactly size*size
 * squares, read row by row, for example `"x__ o_o _x_"` for 3x3.
 *
 * Who is to move follows from the board where it can: with one mark more,
 * the other player; with equal counts and a line on the board, the player
 * without the line (the winner moved last). Otherwise (equal counts, no line)
 * @p to_move decides, and TTT_PLAYER_NONE means X. A @p to_move other than
 * TTT_PLAYER_NONE that contradicts the board is an error.
 *
 * The position must be reachable in a legal game: at most one player has
 * lines, that player moved last, and one of their marks lies on all their
 * lines. The history of the new game is empty: ttt_game_undo() cannot go back
 * past the parsed position. The first player of the parsed game is the one
 * whose marks are not fewer (with equal counts, the player to move);
 * ttt_game_start_next() alternates from there as usual.
 *
 * @param text       NUL-terminated board text.
 * @param size       Squares per side, as for ttt_game_new().
 * @param k          Line length, as for ttt_game_new().
 * @param to_move    TTT_PLAYER_NONE, TTT_PLAYER_X or TTT_PLAYER_O.
 * @param alloc      The game's allocator, as for ttt_game_new(); NULL for
 *                   malloc() and free().
 * @param[out] out   Receives the game, owned by the caller; NULL on failure.
 * @return TTT_OK; TTT_ERR_NULL; TTT_ERR_SIZE, TTT_ERR_K, TTT_ERR_PLAYER;
 *         TTT_ERR_PARSE_CHAR (a character that is not allowed);
 *         TTT_ERR_PARSE_COUNT (not size*size squares);
 *         TTT_ERR_PARSE_MARKS (mark counts differ by more than one);
 *         TTT_ERR_PARSE_TURN (@p to_move contradicts the board);
 *         TTT_ERR_PARSE_WIN (lines that no legal game could produce);
 *         TTT_ERR_ALLOCATOR; TTT_ERR_NOMEM.
 */
TTT_API ttt_status ttt_game_parse(const char *text, int size, int k, ttt_player to_move,
                                  const ttt_allocator *alloc, ttt_game **out);

#ifdef __cplusplus
}
#endif

#endif /* TTT_GAME_H */
