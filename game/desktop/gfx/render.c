/*
 * render.c - a frame of the window from its screens, with the cached
 * layers that keep frames cheap (see render.h).
 *
 * A frame is three layers, so that the software renderer (what SDL falls
 * back to without a GPU) draws one in a few milliseconds:
 *   chrome   background, the board's shadow, card and grid: the largest
 *            areas. A texture rebuilt only when the layout or theme changes.
 *   scene    the chrome plus everything of the game screen that stays put
 *            between changes (screen_game_scene_now says what). A texture
 *            rebuilt when that changes, which is once or twice a move; marks
 *            that settled since are drawn into it as it is.
 *   on top   what moves (screen_game_draw_motion), the overlay, and the
 *            settings and help (drawn only while open, on input).
 * Without render targets (rare) all three are drawn straight to the window.
 *
 * This file knows the layers, not what is on them: the screens draw.
 */
#include "render.h"

#include <stdlib.h>
#include <string.h>

#include "app_state.h"
#include "draw.h"
#include "overlay.h"
#include "screen_game.h"
#include "screens.h"

struct render_ctx {
    draw_ctx draw;
    bool targets_failed; /* Render targets unsupported: draw everything each frame. */
    SDL_Texture *chrome;
    layout chrome_layout;
    const theme *chrome_theme;
    SDL_Texture *scene;
    screen_game_scene scene_key;
    bool scene_valid;
    unsigned long chrome_builds, scene_builds, scene_marks_added;
};

render_ctx *render_create(SDL_Renderer *renderer, text_cache *text)
{
    render_ctx *rc = calloc(1, sizeof *rc);
    if (!rc) {
        SDL_Log("Couldn't allocate the drawing context");
        return NULL;
    }
    rc->draw.renderer = renderer;
    rc->draw.text = text;
    shape_ctx_init(&rc->draw.shapes, renderer);
    return rc;
}

static void drop_textures(render_ctx *rc)
{
    if (rc->chrome) SDL_DestroyTexture(rc->chrome);
    if (rc->scene) SDL_DestroyTexture(rc->scene);
    rc->chrome = rc->scene = NULL;
    rc->scene_valid = false;
}

void render_destroy(render_ctx *rc)
{
    if (!rc) return;
    drop_textures(rc);
    shape_ctx_free(&rc->draw.shapes);
    free(rc);
}

void render_invalidate(render_ctx *rc)
{
    drop_textures(rc);
}

void render_cache_builds(const render_ctx *rc, unsigned long *chrome, unsigned long *scene)
{
    *chrome = rc->chrome_builds;
    *scene = rc->scene_builds;
}

/* ------------------------------------------------------------------------- */
/* The cached layers                                                         */
/* ------------------------------------------------------------------------- */

/* A render-target texture of the output's size, or NULL (logged once). */
static SDL_Texture *target_texture(render_ctx *rc, SDL_Texture *old, int w, int h)
{
    if (old) {
        int tw = 0, th = 0;
        if (SDL_QueryTexture(old, NULL, NULL, &tw, &th) == 0 && tw == w && th == h) return old;
        SDL_DestroyTexture(old);
    }
    SDL_Texture *t = SDL_CreateTexture(rc->draw.renderer, SDL_PIXELFORMAT_ARGB8888,
                                       SDL_TEXTUREACCESS_TARGET, w, h);
    if (!t) {
        SDL_Log("Couldn't create a cached layer, drawing without: %s", SDL_GetError());
        rc->targets_failed = true;
        return NULL;
    }
    if (SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE) != 0)
        SDL_Log("Couldn't make a layer opaque: %s", SDL_GetError());
    return t;
}

static bool set_target(render_ctx *rc, SDL_Texture *t)
{
    if (SDL_SetRenderTarget(rc->draw.renderer, t) == 0) return true;
    SDL_Log("Couldn't draw into a cached layer, drawing without: %s", SDL_GetError());
    rc->targets_failed = true;
    return false;
}

static void copy_layer(render_ctx *rc, SDL_Texture *t)
{
    if (SDL_RenderCopy(rc->draw.renderer, t, NULL, NULL) != 0)
        SDL_Log("Couldn't copy a cached layer: %s", SDL_GetError());
}

/* The chrome layer, rebuilt when the layout or the theme changed. @return
 * false when it cannot be used. */
static bool update_chrome(render_ctx *rc, const app_state *app)
{
    bool stale = !rc->chrome || rc->chrome_theme != app->theme ||
                 memcmp(&rc->chrome_layout, &app->layout, sizeof app->layout) != 0;
    if (!stale) return true;
    rc->chrome = target_texture(rc, rc->chrome, app->out_w, app->out_h);
    if (!rc->chrome || !set_target(rc, rc->chrome)) return false;
    screen_game_draw_chrome(&rc->draw, app);
    rc->chrome_layout = app->layout;
    rc->chrome_theme = app->theme;
    rc->chrome_builds++;
    rc->scene_valid = false;
    return true;
}

/* Bring the chrome and scene layers up to date for @p k. @return false when
 * they cannot be used (draw straight to the window instead). */
static bool update_layers(render_ctx *rc, const app_state *app, const screen_game_scene *k)
{
    if (rc->targets_failed || !SDL_RenderTargetSupported(rc->draw.renderer)) {
        rc->targets_failed = true;
        return false;
    }
    if (app->out_w <= 0 || app->out_h <= 0 || !update_chrome(rc, app)) return false;
    if (rc->scene_valid && rc->scene && screen_game_marks_added(&rc->scene_key, k)) {
        /* Only marks settled since: draw them into the scene as it is. */
        if (!set_target(rc, rc->scene)) return false;
        screen_game_draw_added_marks(&rc->draw, app, &rc->scene_key, k);
        rc->scene_key = *k;
        rc->scene_marks_added++;
    } else if (!rc->scene_valid || !rc->scene || memcmp(&rc->scene_key, k, sizeof *k) != 0) {
        rc->scene = target_texture(rc, rc->scene, app->out_w, app->out_h);
        if (!rc->scene || !set_target(rc, rc->scene)) return false;
        copy_layer(rc, rc->chrome);
        screen_game_draw_scene(&rc->draw, app, k);
        rc->scene_key = *k;
        rc->scene_valid = true;
        rc->scene_builds++;
    }
    return set_target(rc, NULL);
}

/* ------------------------------------------------------------------------- */
/* The frame                                                                 */
/* ------------------------------------------------------------------------- */

/* The side of the layer render_prepare() copies the scene into. */
#define PREPARE_PROBE_PX 4

void render_prepare(render_ctx *rc, const app_state *app)
{
    screen_game_scene k;
    screen_game_scene_now(app, &k);
    if (update_layers(rc, app, &k)) {
        /* The scene copied once, as the frame will, into a small layer
         * never shown: the GPU gets ready to read the scene now too. */
        SDL_Texture *probe =
            SDL_CreateTexture(rc->draw.renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET,
                              PREPARE_PROBE_PX, PREPARE_PROBE_PX);
        if (probe && set_target(rc, probe)) copy_layer(rc, rc->scene);
        if (probe) {
            set_target(rc, NULL);
            SDL_DestroyTexture(probe);
        }
    } else if (SDL_SetRenderTarget(rc->draw.renderer, NULL) != 0) {
        SDL_Log("Couldn't draw to the window: %s", SDL_GetError());
    }
    if (SDL_RenderFlush(rc->draw.renderer) != 0) SDL_Log("Couldn't flush: %s", SDL_GetError());
}

void render_screen(render_ctx *rc, const app_state *app)
{
    screen_game_scene k;
    screen_game_scene_now(app, &k);
    if (update_layers(rc, app, &k)) {
        copy_layer(rc, rc->scene);
    } else {
        if (SDL_SetRenderTarget(rc->draw.renderer, NULL) != 0)
            SDL_Log("Couldn't draw to the window: %s", SDL_GetError());
        screen_game_draw_chrome(&rc->draw, app);
        screen_game_draw_scene(&rc->draw, app, &k);
    }
    screen_game_draw_motion(&rc->draw, app, &k);
    /* The overlay sits over the game's top-left corner; a panel covers it
     * (it is not drawn under one, so nothing of it shows at its corners). */
    if (!screen_panel_open(app)) overlay_draw(&rc->draw, app);
    /* The screens over the game, bottom first (the table of screens). */
    for (int i = 0; i < app->screens.count; i++) {
        const screen_ops *ops = screen_ops_of(app->screens.over[i]);
        if (ops->draw) ops->draw(&rc->draw, app);
    }
}
