/*
 * shapes.h - thick anti-aliased shapes built from triangles
 * (SDL_RenderGeometry): strokes with round caps, rings, discs, crosses and
 * rounded rectangles. The screens (screen_*.c, overlay.c) and the window
 * icon (draw.c) are drawn from these; nothing here knows about the game.
 *
 * SDL2's line drawing is one pixel wide; these shapes are filled polygons
 * with a one-pixel alpha feather at their edges, which looks smooth on any
 * renderer, software included.
 */
#ifndef GAME_SHAPES_H
#define GAME_SHAPES_H

#include <stdbool.h>

#include <SDL.h>

#include "layout.h"
#include "theme.h"

/** Scratch buffers for building triangles, owned by whoever draws. */
typedef struct shape_ctx {
    SDL_Renderer *renderer;
    SDL_Vertex *verts;
    int *indices;
    int nverts, nindices;
    int vcap, icap;
    bool failed_logged; /* Log a geometry failure once, not every frame. */
} shape_ctx;

/** Start with empty buffers drawing to @p renderer. */
void shape_ctx_init(shape_ctx *ctx, SDL_Renderer *renderer);
/** Free the buffers (the renderer is not the context's). */
void shape_ctx_free(shape_ctx *ctx);

/** A line from (x0,y0) to (x1,y1), @p thickness wide, with round caps. */
void shape_capsule(shape_ctx *ctx, float x0, float y0, float x1, float y1, float thickness,
                   theme_color c);
/** A circle outline centred on (cx,cy): @p radius to the stroke's middle. */
void shape_ring(shape_ctx *ctx, float cx, float cy, float radius, float thickness, theme_color c);
/** A filled circle. */
void shape_disc(shape_ctx *ctx, float cx, float cy, float radius, theme_color c);
/** An X: two strokes through (cx,cy), each reaching @p half along both axes. */
void shape_cross(shape_ctx *ctx, float cx, float cy, float half, float thickness, theme_color c);
/** A filled rectangle with rounded corners (square ones below a pixel). */
void shape_round_rect(shape_ctx *ctx, layout_rect r, float radius, theme_color c);
/** A filled convex polygon of @p n corners (3 to SHAPE_POLYGON_MAX, in
 *  order, either way round); other counts draw nothing. */
void shape_polygon(shape_ctx *ctx, const float (*corners)[2], int n, theme_color c);
#define SHAPE_POLYGON_MAX 8
/** A rectangle's outline as four round-capped strokes centred on its edges. */
void shape_outline_rect(shape_ctx *ctx, layout_rect r, float thickness, theme_color c);

#endif /* GAME_SHAPES_H */
