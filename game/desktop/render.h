/*
 * render.h - drawing: thick anti-aliased shapes built from triangles
 * (SDL_RenderGeometry), and the game's screens built from them.
 *
 * SDL2's line drawing is one pixel wide; marks, grid and strike-through are
 * drawn here as filled shapes with round caps and a one-pixel alpha feather
 * at their edges, which looks smooth on any renderer, software included.
 */
#ifndef GAME_RENDER_H
#define GAME_RENDER_H

#include <stdbool.h>

#include <SDL.h>

#include "layout.h"
#include "theme.h"

/** Scratch buffers for building triangles, owned by the app. */
typedef struct render_ctx {
    SDL_Renderer *renderer;
    SDL_Vertex *verts;
    int *indices;
    int nverts, nindices;
    int vcap, icap;
    bool failed_logged; /* Log a geometry failure once, not every frame. */
} render_ctx;

void render_ctx_init(render_ctx *ctx, SDL_Renderer *renderer);
void render_ctx_free(render_ctx *ctx);

/** A line from (x0,y0) to (x1,y1), @p thickness wide, with round caps. */
void render_capsule(render_ctx *ctx, float x0, float y0, float x1, float y1, float thickness,
                    theme_color c);
/** A circle outline centred on (cx,cy): @p radius to the stroke's middle. */
void render_ring(render_ctx *ctx, float cx, float cy, float radius, float thickness, theme_color c);
/** A filled circle. */
void render_disc(render_ctx *ctx, float cx, float cy, float radius, theme_color c);
/** An X: two strokes through (cx,cy), each reaching @p half along both axes. */
void render_cross(render_ctx *ctx, float cx, float cy, float half, float thickness, theme_color c);
/** A filled rectangle with rounded corners. */
void render_round_rect(render_ctx *ctx, layout_rect r, float radius, theme_color c);

/** Multiply a colour's alpha by @p factor (0..1). */
theme_color render_fade(theme_color c, float factor);

/**
 * Draw the window icon (a small board with an X and an O) into a new
 * @p size x @p size ARGB surface with a software renderer, so no icon file
 * has to ship. @return NULL on failure (logged); the caller frees it.
 */
SDL_Surface *render_icon(int size, const theme *t);

struct app_state;
/** Draw the whole frame (game, menu, overlay) from the app's state. */
void render_screen(struct app_state *app);

#endif /* GAME_RENDER_H */
