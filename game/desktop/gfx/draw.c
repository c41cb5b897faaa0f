/*
 * draw.c - the drawing helpers every screen shares (see draw.h).
 */
#include "draw.h"

#include <math.h>

#include "app_state.h"

/* High contrast panels sit on black: outline them in the text colour. */
#define PANEL_OUTLINE_FRACTION 0.004f
/* The outline of a list entry under the pointer, in row heights. */
#define HOVER_OUTLINE_FRACTION 0.06f
/* Window icon, as fractions of its size. */
#define ICON_CORNER_FRACTION 0.22f
#define ICON_STROKE_FRACTION 0.09f
#define ICON_X_CENTRE_FRACTION 0.29f /* The O mirrors it on the right. */
#define ICON_MARK_FRACTION 0.14f
#define CROSS_TO_RING_RADIUS 1.15f /* An O a little wider than the X looks equal. */
/* easeOutBack's overshoot (Penner's classic value: about 10%). */
#define EASE_BACK_OVERSHOOT 1.7f

float draw_clamp01(float v)
{
    if (v < 0.0f) return 0.0f;
    return v > 1.0f ? 1.0f : v;
}

float draw_ease_out_cubic(float t)
{
    float u = 1.0f - draw_clamp01(t);
    return 1.0f - u * u * u;
}

float draw_ease_out_back(float t)
{
    float u = draw_clamp01(t) - 1.0f;
    return 1.0f + (EASE_BACK_OVERSHOOT + 1.0f) * u * u * u + EASE_BACK_OVERSHOOT * u * u;
}

float draw_progress(const app_state *app, uint64_t start_ms, int duration_ms)
{
    uint64_t now = app->view.now_ms;
    if (duration_ms <= 0 || now >= start_ms + (uint64_t)duration_ms) return 1.0f;
    if (now <= start_ms) return 0.0f;
    return (float)(now - start_ms) / (float)duration_ms;
}

theme_color draw_color(const app_state *app, theme_role role)
{
    return app->theme->colors[role];
}

void draw_clear(draw_ctx *d, theme_color c)
{
    if (SDL_SetRenderDrawColor(d->renderer, c.r, c.g, c.b, c.a) != 0 ||
        SDL_RenderClear(d->renderer) != 0)
        SDL_Log("Couldn't clear: %s", SDL_GetError());
}

layout_rect draw_square_rect(const layout *l, int row, int col)
{
    return (layout_rect){l->board.x + col * l->cell, l->board.y + row * l->cell, l->cell, l->cell};
}

layout_rect draw_inset_rect(layout_rect r, int inset)
{
    return (layout_rect){r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset};
}

void draw_button(draw_ctx *d, const app_state *app, layout_rect r, const char *label,
                 theme_color face, theme_color ink, int px, float alpha)
{
    shape_round_rect(&d->shapes, r, app->layout.corner_radius * DRAW_BUTTON_CORNER_FACTOR,
                     theme_fade(face, alpha));
    layout_rect tb = r;
    int inset = (int)((float)r.h * (float)LAYOUT_BUTTON_LABEL_INSET_FRACTION);
    tb.x += inset;
    tb.w -= 2 * inset;
    text_draw(d->text, TEXT_BOLD, px, theme_fade(ink, alpha), label, tb, TEXT_CENTER, NULL);
}

int draw_fit_labels(draw_ctx *d, const char *const *labels, int count, const layout_rect *rects,
                    int px)
{
    int fit = px;
    for (int i = 0; i < count; i++) {
        int room =
            rects[i].w - 2 * (int)((float)rects[i].h * (float)LAYOUT_BUTTON_LABEL_INSET_FRACTION);
        int tw = 0, th = 0;
        if (text_measure(d->text, TEXT_BOLD, px, labels[i], &tw, &th) && tw > room && tw > 0 &&
            px * room / tw < fit)
            fit = px * room / tw;
    }
    return fit < 1 ? 1 : fit;
}

void draw_panel(draw_ctx *d, const app_state *app, layout_rect r, float radius)
{
    shape_round_rect(&d->shapes, r, radius, draw_color(app, THEME_PANEL));
    theme_color p = draw_color(app, THEME_PANEL), b = draw_color(app, THEME_BACKGROUND);
    if (p.r == b.r && p.g == b.g && p.b == b.b) {
        float t = fmaxf(2.0f, (float)(r.w > r.h ? r.w : r.h) * PANEL_OUTLINE_FRACTION);
        layout_rect in = draw_inset_rect(r, (int)t);
        shape_outline_rect(&d->shapes, in, t, draw_color(app, THEME_TEXT));
    }
}

void draw_focus_bar(draw_ctx *d, const app_state *app, float panel_w, float x, float top,
                    float bottom)
{
    float bw = fmaxf(DRAW_FOCUS_BAR_MIN_PX, panel_w * DRAW_FOCUS_BAR_FRACTION);
    float cx = x - bw * DRAW_FOCUS_BAR_OFFSET;
    shape_capsule(&d->shapes, cx, top + bw, cx, bottom - bw, bw, draw_color(app, THEME_FOCUS));
}

theme_color draw_list_entry(draw_ctx *d, const app_state *app, layout_rect r, float radius,
                            float panel_w, bool enabled, bool focused)
{
    float alpha = enabled ? 1.0f : DRAW_DISABLED_ALPHA;
    bool lit = enabled && focused;
    bool hovered = enabled && !focused && layout_rect_contains(r, app->mouse_x, app->mouse_y);
    theme_color face = draw_color(app, lit ? THEME_BUTTON_HOVER : THEME_SEGMENT);
    if (hovered) {
        /* A ring: the lit colour with the plain face inside it. */
        int t = (int)fmaxf(2.0f, (float)r.h * HOVER_OUTLINE_FRACTION);
        shape_round_rect(&d->shapes, r, radius, draw_color(app, THEME_BUTTON_HOVER));
        shape_round_rect(&d->shapes, draw_inset_rect(r, t), fmaxf(0.0f, radius - (float)t), face);
    } else {
        shape_round_rect(&d->shapes, r, radius, theme_fade(face, alpha));
    }
    if (enabled && focused)
        draw_focus_bar(d, app, panel_w, (float)r.x, (float)r.y, (float)(r.y + r.h));
    return draw_color(app, lit ? THEME_BUTTON_TEXT : THEME_SEGMENT_TEXT);
}

SDL_Surface *draw_icon(int size, const theme *t)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) {
        SDL_Log("Couldn't create the icon surface: %s", SDL_GetError());
        return NULL;
    }
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    if (!r) {
        SDL_Log("Couldn't create the icon renderer: %s", SDL_GetError());
        SDL_FreeSurface(s);
        return NULL;
    }
    shape_ctx ctx;
    shape_ctx_init(&ctx, r);
    float f = (float)size;
    if (SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND) != 0 ||
        SDL_SetRenderDrawColor(r, 0, 0, 0, 0) != 0 || SDL_RenderClear(r) != 0)
        SDL_Log("Couldn't clear the icon: %s", SDL_GetError());
    layout_rect card = {0, 0, size, size};
    shape_round_rect(&ctx, card, f * ICON_CORNER_FRACTION, t->colors[THEME_BOARD]);
    /* Two marks side by side, as on a board's top row. */
    shape_cross(&ctx, f * ICON_X_CENTRE_FRACTION, f * 0.5f, f * ICON_MARK_FRACTION,
                f * ICON_STROKE_FRACTION, t->colors[THEME_X]);
    shape_ring(&ctx, f * (1.0f - ICON_X_CENTRE_FRACTION), f * 0.5f,
               f * ICON_MARK_FRACTION * CROSS_TO_RING_RADIUS, f * ICON_STROKE_FRACTION,
               t->colors[THEME_O]);
    SDL_RenderPresent(r);
    shape_ctx_free(&ctx);
    SDL_DestroyRenderer(r);
    return s;
}
