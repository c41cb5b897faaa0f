/*
 * render.h - the game's screens: the board, status, scores and buttons, the
 * settings menu, the help and the performance overlay, drawn from a
 * read-only app_state with the shapes of shapes.h and the text of text.h.
 */
#ifndef GAME_RENDER_H
#define GAME_RENDER_H

#include <SDL.h>

#include "theme.h"

struct app_state;
struct text_cache;

/** Drawing's own resources: the renderer, triangle buffers, the text cache
 *  (not owned) and cached textures. Changing them never changes the game. */
typedef struct render_ctx render_ctx;

/** @return a context drawing to @p renderer with @p text, or NULL (logged). */
render_ctx *render_create(SDL_Renderer *renderer, struct text_cache *text);

/** Free the context and its textures (not the renderer or the text cache). NULL is ignored. */
void render_destroy(render_ctx *rc);

/** Draw the whole frame (game, menu, help, overlay) from @p app, which
 *  drawing only reads. */
void render_screen(render_ctx *rc, const struct app_state *app);

/** Forget the cached layers (the renderer lost its textures:
 *  SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET); the next frame
 *  rebuilds them. */
void render_invalidate(render_ctx *rc);

/** The label of main button @p button (a layout_button), translated; "" for
 *  others. The app measures them to lay the buttons out. */
const char *render_button_label(int button);

/** How many times the cached layers were built (for tests: a frame that
 *  changes nothing static rebuilds nothing). */
void render_cache_builds(const render_ctx *rc, unsigned long *chrome, unsigned long *scene);

/**
 * Draw the window icon (a small board with an X and an O) into a new
 * @p size x @p size ARGB surface with a software renderer, so no icon file
 * has to ship. @return NULL on failure (logged); the caller frees it.
 */
SDL_Surface *render_icon(int size, const theme *t);

#endif /* GAME_RENDER_H */
