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

/** The strip's smallest cell, in pixels at scale 1: a count ("12") reads
 *  in it at LAYOUT_MIN_READABLE_PX or more, and a click finds it (issue
 *  28: a 64-move game made 25x10 px cells). A game with more positions
 *  than such cells fit into the strip's box shows them a page at a time,
 *  the page of the position shown, with an arrow at each end. */
#define SCREEN_REVIEW_CELL_MIN_W 36
#define SCREEN_REVIEW_CELL_MIN_H 22

/** screen_review_cell_at()'s answer over the arrow to the page before or
 *  after (when there is one). */
#define SCREEN_REVIEW_PAGE_BACK (-2)
#define SCREEN_REVIEW_PAGE_ON (-3)

/** The strip's cells on the page that shows cell @p ply, in a strip of
 *  @p count cells in @p box: @p first and how many (@p shown). */
void screen_review_strip_page(layout_rect box, int count, int ply, int *first, int *shown);

/** The strip's cell under (@p x, @p y) in a strip of @p count cells laid
 *  into @p box, on the page of cell @p ply: its index, an arrow
 *  (SCREEN_REVIEW_PAGE_BACK, SCREEN_REVIEW_PAGE_ON) or -1. Pure geometry,
 *  for hit-testing and drawing. */
int screen_review_cell_at(layout_rect box, int count, int ply, int x, int y);

/** Cell @p i's rectangle in a strip of @p count cells in @p box, on the
 *  page of cell @p ply; empty when cell @p i is on another page. */
layout_rect screen_review_cell_rect(layout_rect box, int count, int ply, int i);

/** The text size of the strip's cells in @p box for @p count cells, in
 * pixels: at least LAYOUT_MIN_READABLE_PX, or 0 when the cells are too low
 * for readable text (then they show their colours only). */
int screen_review_strip_text_px(layout_rect box, int count);

/** Draw the strip of @p v into @p box. */
void screen_review_draw_strip(draw_ctx *d, const app_state *app, const view_review *v,
                              layout_rect box);

/** Where the better move's faint mark goes (empty without one): over its
 *  square, or, when a hint labels that square, small in its top-left
 *  corner, so that it is never drawn over the hint's words (issue 28). */
layout_rect screen_review_better_rect(const app_state *app, const view_review *v);

/** Draw on the board what only the review shows: the move played next,
 *  ringed, and the better move for the last one, as a faint mark. */
void screen_review_draw_board(draw_ctx *d, const app_state *app, const view_review *v);

#endif /* GAME_SCREEN_REVIEW_H */
