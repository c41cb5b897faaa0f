/*
 * draw.h - what every screen draws with: the drawing context (the
 * renderer, the triangle buffers of shapes.h, the text cache of text.h)
 * and the small helpers the screens share: colours from the theme,
 * animation progress on the frame's clock, easing, rectangles, buttons and
 * panels, and the window icon.
 *
 * Screens draw from a `const app_state *` and its view (view.h): reading
 * only. Calls go one way: app_frame.c -> render.c (the cached layers) -> the
 * screens -> these helpers -> shapes.c, text.c, layout.h, theme.h.
 */
#ifndef GAME_DRAW_H
#define GAME_DRAW_H

#include <stdbool.h>
#include <stdint.h>

#include <SDL.h>

#include "layout.h"
#include "shapes.h"
#include "text.h"
#include "theme.h"

struct app_state;

/** Disabled buttons and menu choices are drawn at this opacity. */
#define DRAW_DISABLED_ALPHA 0.35f
/** Buttons' corner rounding, in layout corner radii. */
#define DRAW_BUTTON_CORNER_FACTOR 1.4f
/** Panels' (settings, game menu, help, statistics) corner rounding, in
 *  layout corner radii: rounder than the buttons on them. */
#define DRAW_PANEL_CORNER_FACTOR 2.0f
/** X's arm reach relative to O's radius: the two marks look the same size. */
#define DRAW_CROSS_HALF_FRACTION 0.80f
/** The keyboard's focus in a menu: a bar left of the row, its width a
 *  fraction of the panel's (at least DRAW_FOCUS_BAR_MIN_PX), its centre
 *  this many bar widths left of the row. */
#define DRAW_FOCUS_BAR_FRACTION 0.008f
#define DRAW_FOCUS_BAR_MIN_PX 2.0f
#define DRAW_FOCUS_BAR_OFFSET 2.5f

/** What a screen draws with. One per window, owned by render.c. */
typedef struct draw_ctx {
    SDL_Renderer *renderer;
    shape_ctx shapes;
    text_cache *text;      /**< Not owned. */
    SDL_Rect status_drawn; /**< Where the game's status text landed when last drawn (the
                                thinking dots follow it, a frame after the scene). */
} draw_ctx;

/** @p v limited to 0..1. */
float draw_clamp01(float v);

/** Easing: fast start, gentle stop. */
float draw_ease_out_cubic(float t);

/** Easing that overshoots a little before it settles (marks popping in). */
float draw_ease_out_back(float t);

/** Fraction 0..1 of an animation of @p duration_ms that began at @p start_ms,
 *  on the frame's clock (view.now_ms). */
float draw_progress(const struct app_state *app, uint64_t start_ms, int duration_ms);

/** The theme's colour for @p role. */
theme_color draw_color(const struct app_state *app, theme_role role);

/** Clear the target to @p c. */
void draw_clear(draw_ctx *d, theme_color c);

/** Square (@p row, @p col) of the board laid out by @p l. */
layout_rect draw_square_rect(const layout *l, int row, int col);

/** @p r shrunk by @p inset on every side. */
layout_rect draw_inset_rect(layout_rect r, int inset);

/** A filled button with a centred bold label. */
void draw_button(draw_ctx *d, const struct app_state *app, layout_rect r, const char *label,
                 theme_color face, theme_color ink, int px, float alpha);

/** One text size for all of @p labels, each in its button @p rects[i]
 *  (less the label inset), the largest up to @p px at which all fit. */
int draw_fit_labels(draw_ctx *d, const char *const *labels, int count, const layout_rect *rects,
                    int px);

/** The keyboard's focus in a panel's list: a bar left of a row, at @p x
 *  (the row's left edge) from @p top to @p bottom, sized for a panel
 *  @p panel_w wide. */
void draw_focus_bar(draw_ctx *d, const struct app_state *app, float panel_w, float x, float top,
                    float bottom);

/** One entry of a panel's list (the game menu, the online lobby, the
 *  puzzles' chooser): the focused entry is filled and marked by the focus
 *  bar, the one under the mouse only outlined, so the keyboard's place and
 *  the pointer's are told apart; a disabled entry is faint. @return the
 *  ink for the entry's text (the caller fades it by the same alpha). */
theme_color draw_list_entry(draw_ctx *d, const struct app_state *app, layout_rect r, float radius,
                            float panel_w, bool enabled, bool focused);

/** A panel (the settings, the help) over the scrim; outlined where panel
 *  and background are alike (high contrast: black on black). */
void draw_panel(draw_ctx *d, const struct app_state *app, layout_rect r, float radius);

/**
 * Draw the window icon (a small board with an X and an O) into a new
 * @p size x @p size ARGB surface with a software renderer, so no icon file
 * has to ship. @return NULL on failure (logged); the caller frees it.
 */
SDL_Surface *draw_icon(int size, const theme *t);

#endif /* GAME_DRAW_H */
