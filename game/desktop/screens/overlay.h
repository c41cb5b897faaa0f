/*
 * overlay.h - the performance overlay (F3): a strip at the top of the game
 * screen with the computer's thinking times against the frame budget, the
 * frame times, the renderer and what the last search knew. Its toggle, the
 * refresh of its lines (view_overlay_compute(), at most every
 * APP_OVERLAY_REFRESH_MS: numbers redrawn every frame would flicker) and
 * its drawing, which colours each line by its tone.
 */
#ifndef GAME_OVERLAY_H
#define GAME_OVERLAY_H

#include <stdbool.h>

#include "app_state.h"
#include "draw.h"

/** F3: show or hide it, saved like a choice made in the settings. */
void overlay_toggle(app_state *app);

/** Refresh its lines when frames were drawn since the last refresh, at
 *  most every APP_OVERLAY_REFRESH_MS. @return whether they were refreshed
 *  (the frame must then be drawn). */
bool overlay_refresh(app_state *app);

/** Draw it in its strip (nothing when hidden). */
void overlay_draw(draw_ctx *d, const app_state *app);

#endif /* GAME_OVERLAY_H */
