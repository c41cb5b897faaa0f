/*
 * screen_review.h - the review: the game screen shows a position of a game
 * (the one just played, the last one, or one opened from a file) with the
 * solver's verdict on the move that led to it, a strip of the values after
 * every move along the board (clicked, it jumps to that move), and the
 * buttons Close, back, Replay/Pause, on and Play on. Stepping: the arrows,
 * Page Up/Down, Home/End, the mouse wheel, a gamepad's shoulder buttons
 * and d-pad. Replay is the same screen playing the moves one after the
 * other at the watching speed (+ and - change it).
 *
 * The model is review.h (no SDL); what is drawn comes from view_review.c
 * through the game's view, so the board, the marks and the values on the
 * squares are the game screen's own drawing. This file has the review's
 * input, and draws what only the review has: the strip, the move played
 * next (ringed) and the better move (a faint mark).
 */
#ifndef GAME_SCREEN_REVIEW_H
#define GAME_SCREEN_REVIEW_H

#include <stdbool.h>

#include "app_state.h"
#include "draw.h"

/** The game a review, a replay or an export would take: the game on the
 *  board when it has a move, else the last finished game. @p out may be
 *  NULL. @return false when there is none. */
bool screen_review_subject(const app_state *app, record *out);

/** Open the review of @p game (NULL: screen_review_subject()), at its end,
 *  or from its start replaying with @p replay. The game's turn pauses
 *  (the computer's search is cancelled; it is asked again on closing).
 *  @return false when there was nothing to review. */
bool screen_review_open(app_state *app, const record *game, bool replay);

/** Close the review: its analysis is cancelled, the game goes on. */
void screen_review_close(app_state *app);

/** An action while reviewing. @return true when it was the review's. */
bool screen_review_do(app_state *app, app_action action);

/** A left click at (@p x, @p y): a cell of the strip jumps there. @return
 *  the action of a button clicked (the caller does it), or -1. */
int screen_review_mouse_down(app_state *app, int x, int y);

/** The mouse wheel turned @p steps (up positive): a move back per step up. */
void screen_review_wheel(app_state *app, int steps);

/** Can what is under (@p x, @p y) be clicked (a cell of the strip)? */
bool screen_review_clickable(const app_state *app, int x, int y);

/** The strip's cell under (@p x, @p y) in a strip of @p count cells laid
 *  into @p box, or -1: pure geometry, for hit-testing and drawing. */
int screen_review_cell_at(layout_rect box, int count, int x, int y);

/** Cell @p i's rectangle in a strip of @p count cells in @p box. */
layout_rect screen_review_cell_rect(layout_rect box, int count, int i);

/** The text size of the strip's cells in @p box for @p count cells, in
 * pixels: at least LAYOUT_MIN_READABLE_PX, or 0 when the cells are too low
 * for readable text (then they show their colours only). */
int screen_review_strip_text_px(layout_rect box, int count);

/** Draw the strip of @p v into @p box. */
void screen_review_draw_strip(draw_ctx *d, const app_state *app, const view_review *v,
                              layout_rect box);

/** Draw on the board what only the review shows: the move played next,
 *  ringed, and the better move for the last one, as a faint mark. */
void screen_review_draw_board(draw_ctx *d, const app_state *app, const view_review *v);

#endif /* GAME_SCREEN_REVIEW_H */
