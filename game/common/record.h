/*
 * record.h - a game record: the small text file both programs read and
 * write (`ttt review FILE`, `ttt play --resume FILE`, the desktop game's
 * saved game and its exports). docs/cli.md, "Game records", is the
 * format's reference; in short:
 *
 *     # ttt game record            <- '#' starts a comment, to the line's end
 *     ttt-game 1                   <- the format and its version: first
 *     size 3                       <- 3..8 (required)
 *     k 3                          <- 3..size (default: the usual k for the size)
 *     first x                      <- x or o (default x)
 *     mode human-vs-computer       <- optional: also two-players, computer-vs-computer
 *     human x                      <- optional: your mark against the computer
 *     difficulty medium            <- optional: the computer's level, as the programs spell it
 *     result draw                  <- optional: x-won, o-won, draw or unfinished; checked
 *     moves                        <- then one move per line, up to the end
 *     2 2                          <- row and column, counted from 1 at the top left
 *     1 1                          <- (as `ttt play` takes them; "1,1" works too)
 *
 * Reading is strict, so a file that is not what it claims never becomes a
 * game: every problem is refused with its line number and the reason (an
 * unknown or repeated key, a value out of range, a move off the board, on
 * a taken square or after the end, a result the moves contradict), and the
 * caller's record is left as it was. Blank lines, comments, spaces at
 * either end of a line and Windows line ends are fine. Writing gives the
 * form above, which reads back the same.
 *
 * Square coordinates: row and column from 1 at the top left, the numbers
 * `ttt play` and `ttt analyze` print around the board; (1,1) is what both
 * programs call square 1.
 *
 * No I/O here (the programs read and write the files: the desktop game on
 * a thread of its own) and no SDL; messages are translated (i18n.h) in
 * whichever program's text domain is current. The engine checks every move.
 */
#ifndef GAME_RECORD_H
#define GAME_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "ttt/ttt.h"

/** The format's first line, and the only version this code reads. */
#define RECORD_MAGIC "ttt-game"
#define RECORD_VERSION 1
/** The longest file a program needs to read: a full 8x8 game with a
 *  comment on every line is a few KiB. */
#define RECORD_MAX_BYTES (64 * 1024)
/** The longest line read, without its line end. */
#define RECORD_LINE_MAX 200
/** Room for the text record_write() makes of any record. */
#define RECORD_TEXT_MAX 2048
/** Room for a refusal's reason, in any language. */
#define RECORD_REASON_MAX 256
/** Room for the difficulty's name. */
#define RECORD_DIFFICULTY_MAX 24

/** Who played, when the record says so. */
typedef enum record_mode {
    RECORD_MODE_UNKNOWN = 0, /**< No `mode` line. */
    RECORD_MODE_HUMAN_VS_COMPUTER,
    RECORD_MODE_TWO_PLAYERS,
    RECORD_MODE_COMPUTER_VS_COMPUTER
} record_mode;

/** A game: its board, who began, who played, and the moves. Plain data. */
typedef struct record {
    int size, k;
    ttt_player first;                       /**< Who made the first move. */
    record_mode mode;                       /**< RECORD_MODE_UNKNOWN when not given. */
    ttt_player human;                       /**< Your mark against the computer, or NONE. */
    char difficulty[RECORD_DIFFICULTY_MAX]; /**< "" when not given. */
    int move_count;
    ttt_pos moves[TTT_MAX_SQUARES]; /**< 0-based, as the engine counts. */
} record;

/** Why a text was refused. */
typedef struct record_error {
    int line; /**< 1-based line of the problem; the last line + 1 for something missing. */
    char reason[RECORD_REASON_MAX]; /**< In the current language, without the line number. */
} record_error;

/** An empty record: 3x3, k 3, X first, nothing else known. */
void record_init(record *r);

/**
 * Read the @p len bytes of @p text as a game record into @p out.
 * @return true when it is one (every move legal in turn); false with the
 *         line and reason in @p err, @p out unchanged.
 */
bool record_parse(const char *text, size_t len, record *out, record_error *err);

/**
 * Write @p r as text into @p buf (at most @p cap bytes, NUL-terminated;
 * RECORD_TEXT_MAX always suffices), with a comment line naming the format.
 * @return the length written, or 0 when @p cap was too small.
 */
size_t record_write(const record *r, char *buf, size_t cap);

/** Fill @p r's board, first player and moves from @p game (the rest is
 *  left as it is). */
void record_from_game(record *r, const ttt_game *game);

/**
 * A new game from @p r with its moves played, or the engine's status
 * (TTT_ERR_NOMEM; any other means @p r was not read by record_parse()).
 */
ttt_status record_to_game(const record *r, ttt_game **out);

/** The state at the end of @p r's moves (TTT_STATE_X_TO_MOVE ... DRAW), or
 *  TTT_STATE_X_TO_MOVE when it cannot be worked out. */
ttt_state record_final_state(const record *r);

/** The mode's word in the file ("human-vs-computer" ...), or NULL. */
const char *record_mode_key(record_mode mode);

#endif /* GAME_RECORD_H */
