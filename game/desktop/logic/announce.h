/*
 * announce.h - what a screen reader should hear as the game goes on: the
 * moves of both players in the order they went on, the status line (the
 * turn, the result), a hint, a refused click, and (on the desktop) the
 * square under the keyboard cursor as it moves. One sentence list per
 * pass of the loop, worked out from the view (view.h) by comparing it
 * with what was last said.
 *
 * The browser's live region (platform_web.c) and the desktop's speech
 * (speech_out.h, fed by the app) both say what this gives, so the two say
 * the same. No SDL here: tested without a display (test_game_speech).
 *
 * Usage, once per pass after the view is computed:
 *     char text[ANNOUNCE_TEXT_MAX];
 *     announce_view(&a, &view.game, text, sizeof text);
 *     if (text[0]) say(text);
 */
#ifndef GAME_ANNOUNCE_H
#define GAME_ANNOUNCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "speech.h"
#include "view.h"

/** Room for one pass's announcement: two moves, a refusal, the status, a hint. */
#define ANNOUNCE_TEXT_MAX (4 * SPEECH_TEXT_MAX + VIEW_STATUS_MAX)

/** What was last announced, to announce changes only. Zero it (or call
 *  announce_init()) before the first pass: the first pass says the status
 *  and any hint, no moves. */
typedef struct announcer {
    bool started;
    int size;
    ttt_player owner[TTT_MAX_SQUARES];
    char status[VIEW_STATUS_MAX];
    char hint[2 * SPEECH_TEXT_MAX];
    uint64_t refused_ms;
    /* The keyboard cursor's square last said; -1: none said. */
    int cursor_row, cursor_col;
} announcer;

/** Start @p a afresh: nothing said yet. */
void announce_init(announcer *a);

/**
 * What changed on @p v since the last call, in words, into @p buf (empty
 * when nothing did): the marks placed (one or two: a move and the
 * computer's answer, in the order they went on; more at once, as a game
 * resumed or a review's jump places them, are left to the status), a
 * refused click, the status when it changed, the hint when it changed.
 * The sentences are joined by spaces.
 */
void announce_view(announcer *a, const view_game *v, char *buf, size_t cap);

/**
 * The square under the keyboard cursor, when it has moved (or just shown)
 * since the last call: its name as speech_square_name() gives it ("row 2,
 * column 3, empty") into @p buf; empty when @p shown is false or the
 * cursor stays where it was last said. A hidden cursor is said again when
 * it shows.
 */
void announce_cursor(announcer *a, const view_game *v, bool shown, int row, int col, char *buf,
                     size_t cap);

#endif /* GAME_ANNOUNCE_H */
