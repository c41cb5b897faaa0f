/*
 * screen_game_internal.h - what the game screen's three files share,
 * private to screens/: screen_game.c (the board, the buttons, the input,
 * the scene and its layers) calls screen_game_hints.c (the hints' words,
 * tints and heat map on the squares) and screen_game_status.c (the status
 * line, the rule, the scores, the muted speaker and the thinking dots).
 */
#ifndef GAME_SCREEN_GAME_INTERNAL_H
#define GAME_SCREEN_GAME_INTERNAL_H

#include "screen_game.h"

/* ---- screen_game.c ------------------------------------------------------- */

/** The colour role of @p p's marks (X's for anyone but O). */
theme_role screen_game_mark_role(ttt_player p);

/* ---- screen_game_hints.c ------------------------------------------------- */

/** Hints: over each free square, its outcome for the player to move (the
 *  view says which), faded in to @p fade (0 to 1). */
void screen_game_draw_hints(draw_ctx *d, const app_state *app, float fade);

/* ---- screen_game_status.c ------------------------------------------------ */

/** The status line (with the muted speaker when the sound is off or
 *  missing) and the rule under it, as the scene key @p k says. */
void screen_game_draw_status(draw_ctx *d, const app_state *app, const screen_game_scene *k);

/** The score line, or a review's strip in its place, unless a panel
 *  hides it. */
void screen_game_draw_scores(draw_ctx *d, const app_state *app, const screen_game_scene *k);

/** The thinking indicator: three dots pulsing after the status text drawn
 *  this frame. */
void screen_game_draw_thinking_dots(draw_ctx *d, const app_state *app);

#endif /* GAME_SCREEN_GAME_INTERNAL_H */
