/*
 * verdict.h - what one move did to the game's result, by the solver's
 * values: kept it, gained on the player's last move (the opponent's
 * mistake taken), or threw it away; the better move when there was one;
 * and the same in words ("Move 4, X at the top-left corner: the draw became
 * a loss in 5 moves; the centre would have kept the draw").
 *
 * Both programs review games with it (`ttt review`, the desktop game's
 * review screen). Its input is ttt_ai_analyze()'s analysis of the position
 * before the move: every free square's value for the player to move, proven
 * (outcome and distance) or estimated. Whatever the engine proves, the
 * verdict uses; what it only estimates, the verdict says is an estimate.
 * So a stronger solver (more proven squares, on larger boards) gives
 * sharper verdicts without a change here.
 *
 * Values are always for one player: `before` and `after` for the one who
 * made the move; verdict_value_for() turns one round for the other. A
 * distance is in moves of both players ("plies"), the move itself included,
 * as everywhere in the engine.
 *
 * No I/O and no SDL; the words are translated (i18n.h) in the current
 * program's text domain.
 */
#ifndef GAME_VERDICT_H
#define GAME_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "ttt/ttt.h"

/** How far below the best estimate a move's estimate must be, on the
 *  engine's scale (TTT_AI_ESTIMATE_WIN = 1000), before the verdict says the
 *  search prefers another square. */
#define VERDICT_ESTIMATE_MARGIN 100
/** Room for a verdict in words, in any language. */
#define VERDICT_TEXT_MAX 320
/** Room for a square in words ("the top-left corner", "row 8, column 8"),
 *  in any language. */
#define VERDICT_SQUARE_MAX 64
/** Room for a value in words ("a loss in 12 moves", "estimate +312"), in
 *  any language (verdict_value_text). */
#define VERDICT_VALUE_TEXT_MAX 96

/** A value for one player. */
typedef struct verdict_value {
    ttt_outcome outcome; /**< UNKNOWN unless proven. */
    int plies;           /**< Proven: moves to the end, both players', this one included. */
    bool proven;
    int estimate; /**< On the engine's scale: +1000 a win, -1000 a loss. */
} verdict_value;

/** What a move did. */
typedef enum verdict_kind {
    VERDICT_UNKNOWN = 0,    /**< Not proven either way: the estimates say nothing clear. */
    VERDICT_KEPT,           /**< Kept the best result the position had. */
    VERDICT_GAINED,         /**< Kept it, and it is better than after the player's last move. */
    VERDICT_SLOWER,         /**< The same result, but a slower win or a quicker loss. */
    VERDICT_THREW_AWAY,     /**< Proven worse than the best the position had. */
    VERDICT_ESTIMATE_WORSE, /**< Not proven; the search values another square clearly higher. */
    VERDICT_KIND_COUNT
} verdict_kind;

/** The verdict on one move. */
typedef struct verdict {
    int number; /**< 1-based. */
    ttt_player mover;
    ttt_pos move;
    verdict_value before; /**< The position's value for the mover (the best move's). */
    verdict_value after;  /**< The move's value for the mover. */
    bool has_earlier;
    verdict_value earlier; /**< The mover's value after their own previous move. */
    verdict_kind kind;
    bool has_better;            /**< A square worth naming instead. */
    ttt_pos better;             /**< It: keeps the best result, or the search's choice. */
    verdict_value better_value; /**< Its value for the mover. */
} verdict;

/** The value of square @p at in @p a (for the player to move there);
 *  false when @p at is not one of its squares. */
bool verdict_square_value(const ttt_analysis *a, ttt_pos at, verdict_value *out);

/** @p a's own value (the position's, for the player to move). */
verdict_value verdict_position_value(const ttt_analysis *a);

/** @p v as the other player sees it (a win is their loss; the estimate
 *  negated). */
verdict_value verdict_value_flip(verdict_value v);

/**
 * The verdict on move @p number (1-based) of @p mover at @p move, from
 * @p before, the analysis of the position the move was made in.
 * @p earlier: the value the mover had after their own previous move (the
 * `after` of the verdict two moves back), or NULL for their first move.
 * @return false when @p move is not a free square of @p before.
 */
bool verdict_compute(const ttt_analysis *before, int number, ttt_player mover, ttt_pos move,
                     const verdict_value *earlier, verdict *out);

/** The file's and JSON's word for a kind: "kept", "gained", "slower",
 *  "threw-away", "estimate-worse", "unknown". */
const char *verdict_kind_key(verdict_kind kind);

/** A square in words on a @p size board: on 3x3 "the centre", "the
 *  top-left corner", "the top edge"...; elsewhere "row 2, column 3". */
void verdict_square_name(int size, ttt_pos at, char *buf, size_t cap);

/** A value in words: "a win in 5 moves", "a draw", "a loss in 4 moves",
 *  or "not proven (estimate +120)". */
void verdict_value_text(const verdict_value *v, char *buf, size_t cap);

/** The whole verdict in one sentence, for a @p size board (see the file
 *  comment). */
void verdict_text(const verdict *v, int size, char *buf, size_t cap);

#endif /* GAME_VERDICT_H */
