/*
 * render.h - a whole frame of the window, drawn from a read-only app_state
 * by its screens (the game, the overlay, the settings and the help, in
 * that order), over cached layers that make frames cheap (see render.c).
 */
#ifndef GAME_RENDER_H
#define GAME_RENDER_H

#include <SDL.h>

struct app_state;
struct text_cache;

/** Drawing's own resources: the drawing context of draw.h (renderer,
 *  triangle buffers, the text cache, not owned) and the cached layers.
 *  Changing them never changes the game. */
typedef struct render_ctx render_ctx;

/** @return a context drawing to @p renderer with @p text, or NULL (logged). */
render_ctx *render_create(SDL_Renderer *renderer, struct text_cache *text);

/** Free the context and its textures (not the renderer or the text cache). NULL is ignored. */
void render_destroy(render_ctx *rc);

/** Draw the whole frame (game, overlay, settings, help) from @p app and its
 *  view, which drawing only reads. */
void render_screen(render_ctx *rc, const struct app_state *app);

/** Bring the cached layers up to date for @p app, drawing nothing to the
 *  window: the next render_screen() then only puts them on it. (A browser
 *  builds the first frame's layers in a pass of their own: the GPU works on
 *  them while the page goes on, docs/web.md "Lighthouse".) */
void render_prepare(render_ctx *rc, const struct app_state *app);

/** Forget the cached layers (the renderer lost its textures:
 *  SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET); the next frame
 *  rebuilds them. */
void render_invalidate(render_ctx *rc);

/** How many times the cached layers were built (for tests: a frame that
 *  changes nothing static rebuilds nothing). */
void render_cache_builds(const render_ctx *rc, unsigned long *chrome, unsigned long *scene);

#endif /* GAME_RENDER_H */
