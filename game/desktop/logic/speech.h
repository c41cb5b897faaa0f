/*
 * speech.h - the game in words for a person who cannot see the screen:
 * each square's name, what a move, a hint or a refused click says aloud,
 * and the score line, translated like everything else the game shows.
 *
 * The browser's screen-reader mirror (platform_web.c: an ARIA grid of the
 * board and an aria-live region) reads these; the desktop's speech will
 * say the same. No SDL here: tested without a display.
 */
#ifndef GAME_SPEECH_H
#define GAME_SPEECH_H

#include <stdbool.h>
#include <stddef.h>

#include "tally.h"
#include "view.h"

/** Room for one square's name or one spoken sentence. */
#define SPEECH_TEXT_MAX 256

/**
 * The name of square (@p row, @p col) of @p v (0-based) into @p buf:
 * "row 2, column 3, X" or "row 1, column 1, empty", rows and columns
 * counted from 1, followed by the square's hint while hints show
 * ("row 1, column 1, empty, Win in 3").
 */
void speech_square_name(const view_game *v, int row, int col, char *buf, size_t cap);

/** What a move says: "X: row 2, column 3" for @p mark at (@p row, @p col). */
void speech_move(ttt_player mark, int row, int col, char *buf, size_t cap);

/**
 * The hint in words while one shows on @p v: "Hint: " and the squares the
 * search prefers with what playing each gives ("row 2, column 2, Win in
 * 3"), else every free square's; empty when no hint shows.
 */
void speech_hint(const view_game *v, char *buf, size_t cap);

/** What a refused click or key says (a taken square, not your turn). */
const char *speech_refused(void);

/** The label of score @p i of @p v's score line (0: you or X, 1: the
 *  draws, 2: the computer or O) with its count, into @p buf. */
void speech_score(const view_game *v, int i, char *buf, size_t cap);

/** The scores' group name ("Scores"). */
const char *speech_scores_label(void);

/** How the board is used from the keyboard, for the grid's description. */
const char *speech_board_keys(void);

/** The spoken name of the review's arrow buttons (drawn as ◀ and ▶):
 *  "Next move" when @p later, else "Previous move". */
const char *speech_review_step(bool later);

/** One line of the statistics in words: @p label (the board and level,
 *  as the panel writes it) and each number after its heading ("Won 2,
 *  Drawn 1, Lost 0, Best streak 2"; in @p mode's words: X won, O won
 *  between two players). */
void speech_stats_line(const tally_entry *e, int mode, const char *label, char *buf, size_t cap);

#endif /* GAME_SPEECH_H */
