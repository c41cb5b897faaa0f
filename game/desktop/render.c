/*
 * render.c - shapes from triangles, and the game's screens (see render.h).
 *
 * Screen drawing only reads the app state. Order, back to front: background,
 * board card, grid, hover and refused-click tints, marks, strike-throughs,
 * status and scores, buttons, the performance overlay, then the menu and
 * the help.
 */
#include "render.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "app.h"

/* Width of the soft edge that stands in for anti-aliasing, in output pixels. */
#define FEATHER_PX 1.0f
/* Largest distance between a true circle and its polygon, in output pixels. */
#define ARC_TOLERANCE_PX 0.2f
#define ARC_MIN_SEGMENTS 2
#define ARC_MAX_SEGMENTS 96
#define PI_F 3.14159265f

/* Look of the board. */
#define BOARD_SHADOW_OFFSET_FRACTION 0.012f
#define GRID_INSET_FRACTION 0.06f /* Grid lines stop short of the card's edge. */
#define CROSS_HALF_FRACTION 0.80f /* X's arm reach relative to the O's radius. */
#define HOVER_MARK_ALPHA 0.28f
#define DIMMED_MARK_ALPHA 0.35f /* Marks not on a winning line, after a win. */
#define MARK_APPEAR_START_SCALE 0.6f
#define REFUSED_INSET_FRACTION 0.06f

/* The thinking indicator: three dots after the status text. */
#define THINK_DOT_COUNT 3
#define THINK_DOT_PERIOD_MS 900
#define THINK_DOT_RADIUS_FRACTION 0.11f /* Of the status font size. */
#define THINK_DOT_SPACING_FRACTION 0.38f
#define THINK_DOT_BASELINE_FRACTION 0.28f /* Dots sit this far above the text box bottom. */
#define THINK_DOT_MIN_SCALE 0.7f          /* Dot size at the quiet point of its pulse. */
#define THINK_DOT_MIN_ALPHA 0.35f

/* The muted speaker at the right end of the status line, as fractions of
 * its height (the status text's size). */
#define MUTED_BOX_HALF_HEIGHT 0.20f
#define MUTED_BOX_WIDTH 0.24f
#define MUTED_CONE_WIDTH 0.34f
#define MUTED_CONE_HALF_HEIGHT 0.46f
#define MUTED_SLASH_STROKE 0.08f
#define MUTED_SLASH_HALO 1.8f /* Background around the slash, in strokes. */
#define MUTED_GAP 0.35f       /* Between the icon and the text's box. */

/* Score line: underline under the side to move. */
#define TURN_BAR_HEIGHT_FRACTION 0.07f
#define TURN_BAR_WIDTH_FRACTION 0.55f
#define TURN_BAR_RAISE_FRACTION 0.06f /* Of the score row height, above its bottom. */

/* Window icon, as fractions of its size. */
#define ICON_CORNER_FRACTION 0.22f
#define ICON_STROKE_FRACTION 0.09f
#define ICON_X_CENTRE_FRACTION 0.29f /* The O mirrors it on the right. */
#define ICON_MARK_FRACTION 0.14f
#define CROSS_TO_RING_RADIUS 1.15f /* An O a little wider than the X looks equal. */

/* Hints: text heights as fractions of a square, and the tint behind them. */
#define HINT_WORD_FRACTION 0.24f
#define HINT_UNKNOWN_FRACTION 0.34f /* A lone "?" reads at a larger size. */
#define HINT_COUNT_FRACTION 0.16f
#define HINT_TINT_ALPHA 0.12f
#define HINT_INSET_FRACTION 0.08f
/* Keyboard cursor: ring inset and stroke, as fractions of a square. */
#define CURSOR_INSET_FRACTION 0.07f
#define CURSOR_STROKE_FRACTION 0.045f
/* Disabled buttons and menu choices are drawn at this opacity. */
#define DISABLED_ALPHA 0.35f
/* Help panel: size as fractions of the window, line height in text heights. */
#define HELP_WIDTH_FRACTION 0.86f
#define HELP_HEIGHT_FRACTION 0.80f
#define HELP_KEY_COLUMN_FRACTION 0.42f
/* High contrast panels sit on black: outline them in the text colour. */
#define PANEL_OUTLINE_FRACTION 0.004f

/* Menu. */
#define SLIDER_TRACK_FRACTION 0.16f
#define SLIDER_KNOB_FRACTION 0.42f
#define FOCUS_BAR_WIDTH_FRACTION 0.008f
#define SEGMENT_HOVER_ALPHA 0.18f
#define MENU_OPTION_INSET_DIVISOR 6     /* Text inset in a choice: its height / this. */
#define MENU_OPTION_FONT_FRACTION 0.50f /* Choice text height, of the choice height. */

/* ------------------------------------------------------------------------- */
/* Geometry buffers                                                          */
/* ------------------------------------------------------------------------- */

void render_ctx_init(render_ctx *ctx, SDL_Renderer *renderer)
{
    SDL_zerop(ctx);
    ctx->renderer = renderer;
}

void render_ctx_free(render_ctx *ctx)
{
    free(ctx->verts);
    free(ctx->indices);
    SDL_zerop(ctx);
}

static bool reserve(render_ctx *ctx, int verts, int indices)
{
    if (ctx->nverts + verts > ctx->vcap) {
        int cap = ctx->vcap ? ctx->vcap : 256;
        while (cap < ctx->nverts + verts)
            cap *= 2;
        SDL_Vertex *v = realloc(ctx->verts, (size_t)cap * sizeof *v);
        if (!v) return false;
        ctx->verts = v;
        ctx->vcap = cap;
    }
    if (ctx->nindices + indices > ctx->icap) {
        int cap = ctx->icap ? ctx->icap : 512;
        while (cap < ctx->nindices + indices)
            cap *= 2;
        int *ix = realloc(ctx->indices, (size_t)cap * sizeof *ix);
        if (!ix) return false;
        ctx->indices = ix;
        ctx->icap = cap;
    }
    return true;
}

static int vert(render_ctx *ctx, float x, float y, theme_color c, float alpha)
{
    SDL_Vertex *v = &ctx->verts[ctx->nverts];
    v->position.x = x;
    v->position.y = y;
    v->color.r = c.r;
    v->color.g = c.g;
    v->color.b = c.b;
    v->color.a = (Uint8)lroundf((float)c.a * alpha);
    v->tex_coord.x = 0.0f;
    v->tex_coord.y = 0.0f;
    return ctx->nverts++;
}

static void tri(render_ctx *ctx, int a, int b, int c)
{
    ctx->indices[ctx->nindices++] = a;
    ctx->indices[ctx->nindices++] = b;
    ctx->indices[ctx->nindices++] = c;
}

static void flush(render_ctx *ctx)
{
    if (ctx->nindices > 0 &&
        SDL_RenderGeometry(ctx->renderer, NULL, ctx->verts, ctx->nverts, ctx->indices,
                           ctx->nindices) != 0 &&
        !ctx->failed_logged) {
        SDL_Log("Couldn't draw geometry: %s", SDL_GetError());
        ctx->failed_logged = true;
    }
    ctx->nverts = 0;
    ctx->nindices = 0;
}

static int arc_segments(float radius, float span)
{
    if (radius <= ARC_TOLERANCE_PX) return ARC_MIN_SEGMENTS;
    float step = 2.0f * acosf(1.0f - ARC_TOLERANCE_PX / radius);
    int n = (int)ceilf(fabsf(span) / fmaxf(step, 1e-3f));
    return n < ARC_MIN_SEGMENTS ? ARC_MIN_SEGMENTS : (n > ARC_MAX_SEGMENTS ? ARC_MAX_SEGMENTS : n);
}

/* An outline point of a convex shape and its outward unit normal. */
typedef struct outline_pt {
    float x, y, nx, ny;
} outline_pt;

/* Most outline points one shape uses (four quarter arcs or two half arcs). */
#define OUTLINE_MAX (4 * (ARC_MAX_SEGMENTS + 1))

static int add_arc(outline_pt *pts, int n, float cx, float cy, float r, float a0, float a1)
{
    int segs = arc_segments(r, a1 - a0);
    for (int i = 0; i <= segs && n < OUTLINE_MAX; i++) {
        float a = a0 + (a1 - a0) * (float)i / (float)segs;
        float ca = cosf(a), sa = sinf(a);
        pts[n++] = (outline_pt){cx + r * ca, cy + r * sa, ca, sa};
    }
    return n;
}

/* Fill a convex outline with a feathered edge: a fan from (cx,cy) in the full
 * colour, then a thin strip fading to transparent across the edge. */
static void fill_convex(render_ctx *ctx, float cx, float cy, const outline_pt *pts, int n,
                        theme_color c)
{
    if (n < 3 || c.a == 0) return;
    if (!reserve(ctx, 1 + 2 * n, 9 * n)) return;
    float h = FEATHER_PX * 0.5f;
    int centre = vert(ctx, cx, cy, c, 1.0f);
    int first = ctx->nverts;
    for (int i = 0; i < n; i++) {
        vert(ctx, pts[i].x - pts[i].nx * h, pts[i].y - pts[i].ny * h, c, 1.0f);
        vert(ctx, pts[i].x + pts[i].nx * h, pts[i].y + pts[i].ny * h, c, 0.0f);
    }
    for (int i = 0; i < n; i++) {
        int j = (i + 1) % n;
        int in_i = first + 2 * i, out_i = in_i + 1;
        int in_j = first + 2 * j, out_j = in_j + 1;
        tri(ctx, centre, in_i, in_j);
        tri(ctx, in_i, out_i, out_j);
        tri(ctx, in_i, out_j, in_j);
    }
    flush(ctx);
}

theme_color render_fade(theme_color c, float factor)
{
    float f = factor < 0.0f ? 0.0f : (factor > 1.0f ? 1.0f : factor);
    c.a = (unsigned char)lroundf((float)c.a * f);
    return c;
}

void render_capsule(render_ctx *ctx, float x0, float y0, float x1, float y1, float thickness,
                    theme_color c)
{
    outline_pt pts[OUTLINE_MAX];
    float r = thickness * 0.5f;
    float a = atan2f(y1 - y0, x1 - x0);
    int n = add_arc(pts, 0, x1, y1, r, a - PI_F * 0.5f, a + PI_F * 0.5f);
    n = add_arc(pts, n, x0, y0, r, a + PI_F * 0.5f, a + PI_F * 1.5f);
    fill_convex(ctx, (x0 + x1) * 0.5f, (y0 + y1) * 0.5f, pts, n, c);
}

/* A convex polygon (corners in order, either way round), feathered like the rest. */
static void fill_polygon(render_ctx *ctx, const float (*xy)[2], int n, theme_color c)
{
    outline_pt pts[8];
    if (n < 3 || n > 8) return;
    float cx = 0.0f, cy = 0.0f;
    for (int i = 0; i < n; i++) {
        cx += xy[i][0] / (float)n;
        cy += xy[i][1] / (float)n;
    }
    /* Each corner's normal points away from the centre, which is outward
     * for the small shapes this draws. */
    for (int i = 0; i < n; i++) {
        float dx = xy[i][0] - cx, dy = xy[i][1] - cy;
        float len = sqrtf(dx * dx + dy * dy);
        if (len <= 0.0f) return;
        pts[i] = (outline_pt){xy[i][0], xy[i][1], dx / len, dy / len};
    }
    fill_convex(ctx, cx, cy, pts, n, c);
}

void render_disc(render_ctx *ctx, float cx, float cy, float radius, theme_color c)
{
    outline_pt pts[OUTLINE_MAX];
    /* The last point repeats the first; drop it so the fan closes cleanly. */
    int n = add_arc(pts, 0, cx, cy, radius, 0.0f, 2.0f * PI_F) - 1;
    fill_convex(ctx, cx, cy, pts, n, c);
}

void render_round_rect(render_ctx *ctx, layout_rect rect, float radius, theme_color c)
{
    outline_pt pts[OUTLINE_MAX];
    float x = (float)rect.x, y = (float)rect.y, w = (float)rect.w, h = (float)rect.h;
    float r = fminf(radius, fminf(w, h) * 0.5f);
    if (r < FEATHER_PX) {
        /* Square corners: a plain rectangle (a zero-radius arc has no normal
         * to feather along). */
        SDL_Rect sr = {rect.x, rect.y, rect.w, rect.h};
        if (SDL_SetRenderDrawColor(ctx->renderer, c.r, c.g, c.b, c.a) != 0 ||
            SDL_RenderFillRect(ctx->renderer, &sr) != 0)
            SDL_Log("Couldn't fill a rectangle: %s", SDL_GetError());
        return;
    }
    int n = add_arc(pts, 0, x + w - r, y + r, r, -PI_F * 0.5f, 0.0f);
    n = add_arc(pts, n, x + w - r, y + h - r, r, 0.0f, PI_F * 0.5f);
    n = add_arc(pts, n, x + r, y + h - r, r, PI_F * 0.5f, PI_F);
    n = add_arc(pts, n, x + r, y + r, r, PI_F, PI_F * 1.5f);
    fill_convex(ctx, x + w * 0.5f, y + h * 0.5f, pts, n, c);
}

void render_ring(render_ctx *ctx, float cx, float cy, float radius, float thickness, theme_color c)
{
    if (c.a == 0 || radius <= 0.0f) return;
    float h = FEATHER_PX * 0.5f;
    float t = thickness * 0.5f;
    /* Four concentric circles: transparent, solid, solid, transparent. */
    float radii[4] = {radius - t - h, radius - t + h, radius + t - h, radius + t + h};
    float alphas[4] = {0.0f, 1.0f, 1.0f, 0.0f};
    int segs = arc_segments(radius + t, 2.0f * PI_F);
    if (!reserve(ctx, 4 * segs, 18 * segs)) return;
    int base = ctx->nverts;
    for (int i = 0; i < segs; i++) {
        float a = 2.0f * PI_F * (float)i / (float)segs;
        float ca = cosf(a), sa = sinf(a);
        for (int ring = 0; ring < 4; ring++)
            vert(ctx, cx + radii[ring] * ca, cy + radii[ring] * sa, c, alphas[ring]);
    }
    for (int i = 0; i < segs; i++) {
        int a = base + 4 * i;
        int b = base + 4 * ((i + 1) % segs);
        for (int ring = 0; ring < 3; ring++) {
            tri(ctx, a + ring, a + ring + 1, b + ring + 1);
            tri(ctx, a + ring, b + ring + 1, b + ring);
        }
    }
    flush(ctx);
}

void render_cross(render_ctx *ctx, float cx, float cy, float half, float thickness, theme_color c)
{
    render_capsule(ctx, cx - half, cy - half, cx + half, cy + half, thickness, c);
    render_capsule(ctx, cx + half, cy - half, cx - half, cy + half, thickness, c);
}

/* ------------------------------------------------------------------------- */
/* Helpers for the screens                                                   */
/* ------------------------------------------------------------------------- */

static float clamp01(float v)
{
    return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
}

static float ease_out_cubic(float t)
{
    float u = 1.0f - clamp01(t);
    return 1.0f - u * u * u;
}

static float ease_out_back(float t)
{
    const float overshoot = 1.7f;
    float u = clamp01(t) - 1.0f;
    return 1.0f + (overshoot + 1.0f) * u * u * u + overshoot * u * u;
}

/* Fraction 0..1 of an animation of @p duration_ms that began at @p start_ms. */
static float progress(const app_state *app, Uint64 start_ms, int duration_ms)
{
    if (duration_ms <= 0 || app->now_ms >= start_ms + (Uint64)duration_ms) return 1.0f;
    if (app->now_ms <= start_ms) return 0.0f;
    return (float)(app->now_ms - start_ms) / (float)duration_ms;
}

static theme_color col(const app_state *app, theme_role role)
{
    return app->theme->colors[role];
}

static void set_draw_color(app_state *app, theme_color c)
{
    if (SDL_SetRenderDrawColor(app->renderer, c.r, c.g, c.b, c.a) != 0)
        SDL_Log("Couldn't set the draw colour: %s", SDL_GetError());
}

/* Mix @p c over the board's colour by @p alpha into an opaque colour: a
 * translucent X would show darker where its two strokes overlap. */
static theme_color over_board(const app_state *app, theme_color c, float alpha)
{
    theme_color base = col(app, THEME_BOARD);
    float a = clamp01(alpha);
    theme_color out = {(unsigned char)lroundf((float)base.r + ((float)c.r - (float)base.r) * a),
                       (unsigned char)lroundf((float)base.g + ((float)c.g - (float)base.g) * a),
                       (unsigned char)lroundf((float)base.b + ((float)c.b - (float)base.b) * a),
                       0xFF};
    return out;
}

static void draw_mark(app_state *app, ttt_player p, float cx, float cy, float scale, float alpha)
{
    const layout *l = &app->layout;
    float thick = l->mark_thickness * scale;
    if (alpha <= 0.0f) return;
    if (p == TTT_PLAYER_X) {
        render_cross(&app->draw, cx, cy, l->mark_radius * CROSS_HALF_FRACTION * scale, thick,
                     over_board(app, col(app, THEME_X), alpha));
    } else if (p == TTT_PLAYER_O) {
        render_ring(&app->draw, cx, cy, (l->mark_radius - l->mark_thickness * 0.5f) * scale, thick,
                    over_board(app, col(app, THEME_O), alpha));
    }
}

static bool on_winning_line(const app_state *app, int row, int col)
{
    for (int i = 0; i < app->line_count; i++)
        for (int j = 0; j < app->lines[i].length; j++)
            if (app->lines[i].squares[j].row == row && app->lines[i].squares[j].col == col)
                return true;
    return false;
}

static layout_rect square_rect(const layout *l, int row, int col)
{
    return (layout_rect){l->board.x + col * l->cell, l->board.y + row * l->cell, l->cell, l->cell};
}

/* ------------------------------------------------------------------------- */
/* Board                                                                     */
/* ------------------------------------------------------------------------- */

/* A rectangle's outline as four round-capped strokes. */
static void outline_rect(render_ctx *ctx, layout_rect r, float thickness, theme_color c)
{
    float x0 = (float)r.x, y0 = (float)r.y;
    float x1 = (float)(r.x + r.w), y1 = (float)(r.y + r.h);
    render_capsule(ctx, x0, y0, x1, y0, thickness, c);
    render_capsule(ctx, x1, y0, x1, y1, thickness, c);
    render_capsule(ctx, x1, y1, x0, y1, thickness, c);
    render_capsule(ctx, x0, y1, x0, y0, thickness, c);
}

/* The keyboard cursor: an outline in the cursor colour around one square. */
static void draw_cursor(app_state *app)
{
    if (!app->cursor_shown || app->menu_open || app->help_open) return;
    const layout *l = &app->layout;
    layout_rect sq = square_rect(l, app->cursor_row, app->cursor_col);
    int inset = (int)((float)l->cell * CURSOR_INSET_FRACTION);
    layout_rect r = {sq.x + inset, sq.y + inset, sq.w - 2 * inset, sq.h - 2 * inset};
    outline_rect(&app->draw, r, fmaxf(2.0f, (float)l->cell * CURSOR_STROKE_FRACTION),
                 col(app, THEME_CURSOR));
}

/* Hints: over each free square, its outcome for the player to move ("Win",
 * "Draw", "Loss", or "?" where the search proved nothing) and, for a win or
 * a loss, in how many moves (plies, both players' moves counted). */
static void draw_hints(app_state *app)
{
    if (!app->hint_shown) return;
    const layout *l = &app->layout;
    float fade = progress(app, app->hint_ms, APP_HINT_FADE_MS);
    int word_px = (int)fmaxf(8.0f, (float)l->cell * HINT_WORD_FRACTION);
    int count_px = (int)fmaxf(8.0f, (float)l->cell * HINT_COUNT_FRACTION);
    for (int i = 0; i < app->hint.count; i++) {
        const ttt_move_value *v = &app->hint.moves[i];
        if (ttt_game_owner(app->game, v->pos.row, v->pos.col) != TTT_PLAYER_NONE) continue;
        theme_role role = THEME_TEXT_MUTED;
        const char *word = "?";
        switch (v->outcome) {
        case TTT_OUTCOME_WIN:
            role = THEME_HINT_WIN;
            word = "Win";
            break;
        case TTT_OUTCOME_DRAW:
            role = THEME_HINT_DRAW;
            word = "Draw";
            break;
        case TTT_OUTCOME_LOSS:
            role = THEME_HINT_LOSS;
            word = "Loss";
            break;
        case TTT_OUTCOME_UNKNOWN:
        default: break;
        }
        layout_rect sq = square_rect(l, v->pos.row, v->pos.col);
        int inset = (int)((float)l->cell * HINT_INSET_FRACTION);
        layout_rect tint = {sq.x + inset, sq.y + inset, sq.w - 2 * inset, sq.h - 2 * inset};
        render_round_rect(&app->draw, tint, l->corner_radius,
                          render_fade(col(app, role), HINT_TINT_ALPHA * fade));
        bool counted = v->outcome == TTT_OUTCOME_WIN || v->outcome == TTT_OUTCOME_LOSS;
        layout_rect top = tint, bottom = tint;
        if (counted) {
            top.h = tint.h / 2;
            top.y += tint.h / 10;
            bottom.y = top.y + top.h;
            bottom.h = tint.h - top.h - tint.h / 5;
        }
        int px = v->outcome == TTT_OUTCOME_UNKNOWN
                     ? (int)fmaxf(8.0f, (float)l->cell * HINT_UNKNOWN_FRACTION)
                     : word_px;
        text_draw(app->text, v->best ? TEXT_BOLD : TEXT_REGULAR, px,
                  render_fade(col(app, role), fade), word, top, TEXT_CENTER, NULL);
        if (counted) {
            char n[24];
            snprintf(n, sizeof n, "in %d", v->plies);
            text_draw(app->text, TEXT_REGULAR, count_px, render_fade(col(app, role), fade), n,
                      bottom, TEXT_CENTER, NULL);
        }
    }
}

static void draw_board(app_state *app)
{
    const layout *l = &app->layout;
    render_ctx *ctx = &app->draw;
    float shadow =
        fmaxf(1.0f, (float)l->cell * (float)l->board_size * BOARD_SHADOW_OFFSET_FRACTION);
    layout_rect card = l->board;
    layout_rect shade = {card.x, card.y + (int)shadow, card.w, card.h};
    render_round_rect(ctx, shade, l->corner_radius * 1.5f, col(app, THEME_BOARD_SHADOW));
    render_round_rect(ctx, card, l->corner_radius * 1.5f, col(app, THEME_BOARD));

    /* Hover tint and ghost mark on the square a click would take. */
    ttt_player turn = ttt_game_turn(app->game);
    bool human_turn = turn != TTT_PLAYER_NONE && !app_computer_plays(app, turn) && !app->menu_open;
    if (app->hover_row >= 0 && human_turn &&
        ttt_game_can_move(app->game, app->hover_row, app->hover_col) == TTT_OK) {
        float f = progress(app, app->hover_ms, APP_HOVER_FADE_MS);
        layout_rect sq = square_rect(l, app->hover_row, app->hover_col);
        int inset = (int)(l->grid_thickness);
        layout_rect tint = {sq.x + inset, sq.y + inset, sq.w - 2 * inset, sq.h - 2 * inset};
        render_round_rect(ctx, tint, l->corner_radius, render_fade(col(app, THEME_HOVER), f));
        float cx, cy;
        layout_square_center(l, app->hover_row, app->hover_col, &cx, &cy);
        draw_mark(app, turn, cx, cy, 1.0f, HOVER_MARK_ALPHA * f);
    }

    /* A refused click: a brief red tint on that square. */
    if (app->refused && app->refused_row >= 0) {
        float t = progress(app, app->refused_ms, APP_REFUSED_CUE_MS);
        if (t < 1.0f) {
            layout_rect sq = square_rect(l, app->refused_row, app->refused_col);
            int inset = (int)((float)l->cell * REFUSED_INSET_FRACTION);
            layout_rect tint = {sq.x + inset, sq.y + inset, sq.w - 2 * inset, sq.h - 2 * inset};
            render_round_rect(ctx, tint, l->corner_radius,
                              render_fade(col(app, THEME_REFUSED), 1.0f - t));
        }
    }

    /* Grid lines with round ends, stopping short of the card's edge. */
    float inset = (float)l->cell * GRID_INSET_FRACTION;
    float x0 = (float)l->board.x, y0 = (float)l->board.y;
    float side = (float)l->board.w;
    for (int i = 1; i < l->board_size; i++) {
        float off = (float)(i * l->cell);
        render_capsule(ctx, x0 + off, y0 + inset, x0 + off, y0 + side - inset, l->grid_thickness,
                       col(app, THEME_GRID));
        render_capsule(ctx, x0 + inset, y0 + off, x0 + side - inset, y0 + off, l->grid_thickness,
                       col(app, THEME_GRID));
    }

    /* Marks, popping in when placed; after a win the others fade back. */
    float dim = 1.0f;
    if (app->game_over && app->line_count > 0)
        dim = 1.0f -
              (1.0f - DIMMED_MARK_ALPHA) * progress(app, app->game_over_ms, APP_STRIKE_ANIM_MS);
    for (int r = 0; r < app->size; r++) {
        for (int c = 0; c < app->size; c++) {
            ttt_player owner = ttt_game_owner(app->game, r, c);
            if (owner == TTT_PLAYER_NONE) continue;
            float t = progress(app, app->placed_ms[r * app->size + c], APP_MARK_APPEAR_MS);
            float scale =
                MARK_APPEAR_START_SCALE + (1.0f - MARK_APPEAR_START_SCALE) * ease_out_back(t);
            float alpha = clamp01(t * 2.0f);
            if (app->line_count > 0 && !on_winning_line(app, r, c)) alpha *= dim;
            float cx, cy;
            layout_square_center(l, r, c, &cx, &cy);
            draw_mark(app, owner, cx, cy, scale, alpha);
        }
    }

    draw_hints(app);
    draw_cursor(app);

    /* Strike-throughs: every completed line, centre of the first square to
     * the centre of the last, drawn out over APP_STRIKE_ANIM_MS. */
    if (app->game_over && app->line_count > 0) {
        float t = ease_out_cubic(
            progress(app, app->game_over_ms + APP_STRIKE_DELAY_MS, APP_STRIKE_ANIM_MS));
        if (t > 0.0f) {
            for (int i = 0; i < app->line_count; i++) {
                const ttt_line *line = &app->lines[i];
                float ax, ay, bx, by;
                layout_square_center(l, line->squares[0].row, line->squares[0].col, &ax, &ay);
                layout_square_center(l, line->squares[line->length - 1].row,
                                     line->squares[line->length - 1].col, &bx, &by);
                render_capsule(ctx, ax, ay, ax + (bx - ax) * t, ay + (by - ay) * t,
                               l->strike_thickness, col(app, THEME_STRIKE));
            }
        }
    }
}

/* ------------------------------------------------------------------------- */
/* Status, scores, buttons                                                   */
/* ------------------------------------------------------------------------- */

static const char *player_name(ttt_player p)
{
    return p == TTT_PLAYER_O ? "O" : "X";
}

static void status_text(const app_state *app, char *buf, size_t cap, bool *thinking)
{
    ttt_state st = ttt_game_state(app->game);
    ttt_player turn = TTT_PLAYER_NONE, winner = TTT_PLAYER_NONE;
    turn = ttt_game_turn(app->game);
    winner = ttt_game_winner(app->game);
    settings_mode mode = app->settings.mode;
    *thinking = false;

    if (st == TTT_STATE_DRAW) {
        snprintf(buf, cap, "Cat's game \xE2\x80\x94 nobody wins");
    } else if (winner != TTT_PLAYER_NONE) {
        if (mode == SETTINGS_MODE_HUMAN_VS_COMPUTER)
            snprintf(buf, cap, "%s",
                     app_computer_plays(app, winner) ? "The computer wins" : "You win!");
        else
            snprintf(buf, cap, "%s wins!", player_name(winner));
    } else if (app_computer_plays(app, turn)) {
        *thinking = app->ai_waiting || app->ai_ready;
        if (mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER)
            snprintf(buf, cap, "Computer %s is thinking", player_name(turn));
        else
            snprintf(buf, cap, "Computer is thinking");
        if (!*thinking && mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER)
            snprintf(buf, cap, "Computer %s to move", player_name(turn));
    } else if (app->hint_waiting) {
        snprintf(buf, cap, "Working out a hint");
        *thinking = true;
    } else if (app->hint_shown && !app->hint.exact) {
        /* Boards too big to solve in the hint's time: say what "?" means. */
        snprintf(buf, cap, "Hint: \"?\" = not proven in %.1f s", APP_HINT_DEADLINE_MS / 1000.0);
    } else if (mode == SETTINGS_MODE_HUMAN_VS_COMPUTER) {
        snprintf(buf, cap, "Your move \xE2\x80\x94 you are %s", player_name(turn));
    } else {
        snprintf(buf, cap, "%s to move", player_name(turn));
    }
}

/* A speaker struck through, @p size tall, its left edge at @p x, centred on @p y. */
static void draw_muted(app_state *app, float x, float y, float size)
{
    theme_color c = col(app, THEME_TEXT_MUTED);
    float box_h = size * MUTED_BOX_HALF_HEIGHT, box_w = size * MUTED_BOX_WIDTH;
    float cone_x = x + box_w + size * MUTED_CONE_WIDTH, cone_h = size * MUTED_CONE_HALF_HEIGHT;
    /* The body reaches into the cone so their feathered edges leave no seam. */
    float body_r = x + box_w * 1.4f;
    const float body[4][2] = {
        {x, y - box_h}, {body_r, y - box_h}, {body_r, y + box_h}, {x, y + box_h}};
    const float cone[4][2] = {
        {x + box_w, y - box_h}, {cone_x, y - cone_h}, {cone_x, y + cone_h}, {x + box_w, y + box_h}};
    fill_polygon(&app->draw, body, 4, c);
    fill_polygon(&app->draw, cone, 4, c);
    /* The slash cuts through on a band of background, so it reads apart. */
    float reach = size * 0.5f;
    float mid = (x + cone_x) * 0.5f;
    float stroke = size * MUTED_SLASH_STROKE;
    render_capsule(&app->draw, mid - reach, y - reach, mid + reach, y + reach,
                   stroke * MUTED_SLASH_HALO, col(app, THEME_BACKGROUND));
    render_capsule(&app->draw, mid - reach, y - reach, mid + reach, y + reach, stroke, c);
}

static void draw_status(app_state *app)
{
    const layout *l = &app->layout;
    char buf[96];
    bool thinking = false;
    status_text(app, buf, sizeof buf, &thinking);
    SDL_Rect drawn = {0, 0, 0, 0};
    int px = l->font_status_px;
    layout_rect box = l->status;
    if (!app->settings.sound) {
        /* Sound off: a muted speaker at the right end, and the text's box
         * narrowed on both sides so the text stays centred and clear of it. */
        float size = (float)px;
        int room = (int)(size * (1.0f + MUTED_GAP));
        draw_muted(app, (float)(box.x + box.w) - size, (float)box.y + (float)box.h * 0.5f, size);
        box.x += room;
        box.w -= 2 * room;
    }
    if (thinking) {
        /* Leave room for the dots so the text stays centred with them. */
        int dots_w = (int)((float)px * THINK_DOT_SPACING_FRACTION * (float)(THINK_DOT_COUNT + 1));
        box.w -= dots_w;
        box.x += dots_w / 2;
    }
    text_draw(app->text, TEXT_BOLD, px, col(app, THEME_TEXT), buf, box, TEXT_CENTER, &drawn);
    if (thinking && drawn.w > 0) {
        float r = (float)px * THINK_DOT_RADIUS_FRACTION;
        float step = (float)px * THINK_DOT_SPACING_FRACTION;
        float y = (float)(drawn.y + drawn.h) - (float)drawn.h * THINK_DOT_BASELINE_FRACTION;
        for (int i = 0; i < THINK_DOT_COUNT; i++) {
            /* Each dot pulses a third of a period after the one before. */
            Uint64 phase = (app->now_ms + (Uint64)(THINK_DOT_PERIOD_MS -
                                                   i * THINK_DOT_PERIOD_MS / THINK_DOT_COUNT)) %
                           THINK_DOT_PERIOD_MS;
            float wave =
                0.5f + 0.5f * cosf(2.0f * PI_F * (float)phase / (float)THINK_DOT_PERIOD_MS);
            float x = (float)(drawn.x + drawn.w) + step * ((float)i + 0.9f);
            render_disc(&app->draw, x, y,
                        r * (THINK_DOT_MIN_SCALE + (1.0f - THINK_DOT_MIN_SCALE) * wave),
                        render_fade(col(app, THEME_TEXT),
                                    THINK_DOT_MIN_ALPHA + (1.0f - THINK_DOT_MIN_ALPHA) * wave));
        }
    }
}

static void draw_scores(app_state *app)
{
    const layout *l = &app->layout;
    bool hvc = app->settings.mode == SETTINGS_MODE_HUMAN_VS_COMPUTER;
    ttt_player human = app->settings.human_side;
    ttt_player left = hvc ? human : TTT_PLAYER_X;
    ttt_player right = ttt_player_other(left);
    char labels[3][32];
    int counts[3];
    theme_role bar[3] = {left == TTT_PLAYER_X ? THEME_X : THEME_O, THEME_TEXT_MUTED,
                         right == TTT_PLAYER_X ? THEME_X : THEME_O};
    /* Against the computer the counts are by role, whichever side you
     * took in each game; otherwise by mark. */
    int wins_left = hvc ? app->you_wins : app->wins_x;
    int wins_right = hvc ? app->computer_wins : app->wins_o;
    if (hvc) {
        snprintf(labels[0], sizeof labels[0], "You (%s)", player_name(left));
        snprintf(labels[2], sizeof labels[2], "Computer (%s)", player_name(right));
    } else {
        snprintf(labels[0], sizeof labels[0], "%s", player_name(left));
        snprintf(labels[2], sizeof labels[2], "%s", player_name(right));
    }
    snprintf(labels[1], sizeof labels[1], "Draws");
    counts[0] = wins_left;
    counts[1] = app->draws;
    counts[2] = wins_right;

    ttt_player turn = ttt_game_turn(app->game);
    int px = l->font_score_px;
    bool stacked = l->score_rows > 1;
    int col_w = stacked ? l->scores.w : l->scores.w / 3;
    int row_h = stacked ? l->scores.h / 3 : l->scores.h;
    for (int i = 0; i < 3; i++) {
        layout_rect box = {stacked ? l->scores.x : l->scores.x + i * col_w,
                           stacked ? l->scores.y + i * row_h : l->scores.y, col_w, row_h};
        char number[16];
        snprintf(number, sizeof number, "%d", counts[i]);
        int lw = 0, lh = 0, nw = 0, nh = 0, sw = 0, sh = 0;
        text_measure(app->text, TEXT_REGULAR, px, labels[i], &lw, &lh);
        text_measure(app->text, TEXT_BOLD, px, number, &nw, &nh);
        text_measure(app->text, TEXT_REGULAR, px, "  ", &sw, &sh);
        int total = lw + sw + nw;
        int x = box.x + (box.w - total) / 2;
        if (total > box.w) x = box.x;
        layout_rect lbox = {x, box.y, lw, box.h};
        layout_rect nbox = {x + lw + sw, box.y, nw, box.h};
        text_draw(app->text, TEXT_REGULAR, px, col(app, THEME_TEXT_MUTED), labels[i], lbox,
                  TEXT_LEFT, NULL);
        text_draw(app->text, TEXT_BOLD, px, col(app, THEME_TEXT), number, nbox, TEXT_LEFT, NULL);
        /* A coloured bar under the side whose turn it is. */
        ttt_player side = i == 0 ? left : (i == 2 ? right : TTT_PLAYER_NONE);
        if (side != TTT_PLAYER_NONE && side == turn) {
            float bw = (float)total * TURN_BAR_WIDTH_FRACTION;
            float by = (float)(box.y + box.h) - (float)box.h * TURN_BAR_RAISE_FRACTION;
            float bh = fmaxf(2.0f, (float)box.h * TURN_BAR_HEIGHT_FRACTION);
            float bx = (float)x + (float)total * 0.5f;
            render_capsule(&app->draw, bx - bw * 0.5f, by, bx + bw * 0.5f, by, bh,
                           col(app, bar[i]));
        }
    }
}

static void draw_button_alpha(app_state *app, layout_rect r, const char *label, theme_color face,
                              int px, float alpha)
{
    render_round_rect(&app->draw, r, app->layout.corner_radius * 1.4f, render_fade(face, alpha));
    layout_rect tb = r;
    int inset = r.h / MENU_OPTION_INSET_DIVISOR;
    tb.x += inset;
    tb.w -= 2 * inset;
    text_draw(app->text, TEXT_BOLD, px, render_fade(col(app, THEME_BUTTON_TEXT), alpha), label, tb,
              TEXT_CENTER, NULL);
}

static void draw_button(app_state *app, layout_rect r, const char *label, theme_color face, int px)
{
    draw_button_alpha(app, r, label, face, px, 1.0f);
}

static void draw_buttons(app_state *app)
{
    /* Short labels so four fit in a row; the help (F1) lists the keys. */
    static const char *const labels[LAYOUT_BUTTON_COUNT] = {"New game", "Undo", "Hint", "Settings"};
    ttt_player turn = ttt_game_turn(app->game);
    bool enabled[LAYOUT_BUTTON_COUNT] = {
        true, app_can_undo(app),
        app->hint_shown || (turn != TTT_PLAYER_NONE && !app_computer_plays(app, turn)), true};
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        bool hot = !app->menu_open && enabled[i] && app->hover_button == (layout_button)i;
        theme_color face = col(app, hot ? THEME_BUTTON_HOVER : THEME_BUTTON);
        if (i == LAYOUT_BUTTON_HINT && (app->hint_shown || app->hint_waiting))
            face = col(app, THEME_FOCUS); /* Lit while hints are on. */
        /* When a game is over the next step is New game: show it in the
         * accent colour (watch mode starts the next game by itself). */
        if (i == LAYOUT_BUTTON_NEW_GAME && app->game_over &&
            app->settings.mode != SETTINGS_MODE_COMPUTER_VS_COMPUTER)
            face = render_fade(
                col(app, THEME_FOCUS),
                hot ? 1.0f : 0.85f + 0.15f * progress(app, app->game_over_ms, APP_STRIKE_ANIM_MS));
        draw_button_alpha(app, app->layout.buttons[i], labels[i], face, app->layout.font_button_px,
                          enabled[i] ? 1.0f : DISABLED_ALPHA);
    }
}

/* ------------------------------------------------------------------------- */
/* Menu                                                                      */
/* ------------------------------------------------------------------------- */

/* A panel over the scrim; outlined where panel and background are alike
 * (high contrast: black on black). */
static void draw_panel(app_state *app, layout_rect r, float radius)
{
    render_round_rect(&app->draw, r, radius, col(app, THEME_PANEL));
    theme_color p = col(app, THEME_PANEL), b = col(app, THEME_BACKGROUND);
    if (p.r == b.r && p.g == b.g && p.b == b.b) {
        float t = fmaxf(2.0f, (float)(r.w > r.h ? r.w : r.h) * PANEL_OUTLINE_FRACTION);
        layout_rect in = {r.x + (int)t, r.y + (int)t, r.w - 2 * (int)t, r.h - 2 * (int)t};
        outline_rect(&app->draw, in, t, col(app, THEME_TEXT));
    }
}

static void draw_menu(app_state *app)
{
    const layout_menu *m = &app->menu_layout;
    render_ctx *ctx = &app->draw;
    float fade = ease_out_cubic(progress(app, app->menu_changed_ms, APP_MENU_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    render_round_rect(ctx, whole, 0.0f, render_fade(col(app, THEME_SCRIM), fade));
    draw_panel(app, m->panel, m->corner_radius * 2.0f);
    text_draw(app->text, TEXT_BOLD, m->font_title_px, col(app, THEME_TEXT), "Settings", m->title,
              TEXT_LEFT, NULL);

    /* One text size for every choice, the largest at which all fit, so the
     * rows look alike instead of each label shrinking on its own. */
    int base_px = m->row_count > 0 ? (int)((float)m->rows[0].control.h * MENU_OPTION_FONT_FRACTION)
                                   : m->font_px;
    if (base_px < 1) base_px = 1;
    int option_px = base_px;
    for (int i = 0; i < m->row_count; i++) {
        const layout_menu_row *row = &m->rows[i];
        for (int j = 0; j < row->option_count; j++) {
            int w = 0, h = 0;
            int room = row->options[j].w - 2 * (row->options[j].h / MENU_OPTION_INSET_DIVISOR);
            if (text_measure(app->text, TEXT_BOLD, base_px, menu_option_label(i, j), &w, &h) &&
                w > room && w > 0) {
                int px = base_px * room / w;
                if (px < option_px) option_px = px;
            }
        }
    }

    for (int i = 0; i < m->row_count; i++) {
        const layout_menu_row *row = &m->rows[i];
        if (app->menu.show_focus && app->menu.focus == i) {
            float bw = fmaxf(2.0f, (float)m->panel.w * FOCUS_BAR_WIDTH_FRACTION);
            float x = (float)row->row.x - bw * 2.5f;
            render_capsule(ctx, x, (float)row->row.y + bw, x,
                           (float)(row->control.y + row->control.h) - bw, bw,
                           col(app, THEME_FOCUS));
        }
        text_draw(app->text, TEXT_REGULAR, m->font_px, col(app, THEME_TEXT), menu_row_label(i),
                  row->label, TEXT_LEFT, NULL);
        if (i == MENU_ROW_MISTAKES) {
            char value[16];
            snprintf(value, sizeof value, "%d%%",
                     (int)lround(settings_effective_mistake_probability(&app->settings) * 100.0));
            text_draw(app->text, TEXT_BOLD, m->font_px, col(app, THEME_TEXT), value, row->label,
                      TEXT_RIGHT, NULL);
        }

        if (row->option_count == 0) {
            /* The mistake slider: a track, the filled part, and a knob. */
            double v = settings_effective_mistake_probability(&app->settings);
            float track_h = fmaxf(2.0f, (float)row->control.h * SLIDER_TRACK_FRACTION);
            float knob_r = (float)row->control.h * SLIDER_KNOB_FRACTION * 0.5f + track_h;
            float y = (float)row->control.y + (float)row->control.h * 0.5f;
            float x0 = (float)row->control.x + knob_r;
            float x1 = (float)(row->control.x + row->control.w) - knob_r;
            float xv = x0 + (x1 - x0) * (float)v;
            bool custom = app->settings.difficulty == SETTINGS_DIFFICULTY_CUSTOM;
            render_capsule(ctx, x0, y, x1, y, track_h, col(app, THEME_SEGMENT));
            render_capsule(ctx, x0, y, xv, y, track_h,
                           col(app, custom ? THEME_SEGMENT_SELECTED : THEME_TEXT_MUTED));
            render_disc(ctx, xv, y, knob_r,
                        col(app, custom ? THEME_SEGMENT_SELECTED : THEME_TEXT_MUTED));
            continue;
        }
        int selected = menu_selected_option(&app->settings, i);
        for (int j = 0; j < row->option_count; j++) {
            bool sel = j == selected;
            bool enabled = menu_option_enabled(&app->settings, i, j);
            bool hot = enabled && layout_rect_contains(row->options[j], app->mouse_x, app->mouse_y);
            float alpha = enabled ? 1.0f : DISABLED_ALPHA;
            if (i == MENU_ROW_SCORES) {
                /* An action, drawn as a button rather than a choice. */
                draw_button(app, row->options[j], menu_option_label(i, j),
                            col(app, hot ? THEME_BUTTON_HOVER : THEME_BUTTON), option_px);
                continue;
            }
            theme_color face = col(app, sel ? THEME_SEGMENT_SELECTED : THEME_SEGMENT);
            if (hot && !sel)
                face = render_fade(col(app, THEME_SEGMENT_SELECTED), SEGMENT_HOVER_ALPHA);
            render_round_rect(ctx, row->options[j], m->corner_radius, render_fade(face, alpha));
            layout_rect tb = row->options[j];
            int inset = tb.h / MENU_OPTION_INSET_DIVISOR;
            tb.x += inset;
            tb.w -= 2 * inset;
            text_draw(app->text, sel ? TEXT_BOLD : TEXT_REGULAR, option_px,
                      render_fade(col(app, sel ? THEME_SEGMENT_TEXT_SELECTED : THEME_SEGMENT_TEXT),
                                  alpha),
                      menu_option_label(i, j), tb, TEXT_CENTER, NULL);
        }
    }

    layout_rect n1 = m->note, n2 = m->note;
    n1.h = m->note.h / 2;
    n2.y += n1.h;
    n2.h = m->note.h - n1.h;
    text_draw(app->text, TEXT_REGULAR, m->font_note_px, col(app, THEME_TEXT_MUTED), menu_note(0),
              n1, TEXT_CENTER, NULL);
    text_draw(app->text, TEXT_REGULAR, m->font_note_px, col(app, THEME_TEXT_MUTED), menu_note(1),
              n2, TEXT_CENTER, NULL);

    bool hot = layout_rect_contains(m->done, app->mouse_x, app->mouse_y) ||
               (app->menu.show_focus && app->menu.focus == MENU_FOCUS_DONE);
    draw_button(app, m->done, "Done", col(app, hot ? THEME_BUTTON_HOVER : THEME_BUTTON),
                m->font_px);
}

/* ------------------------------------------------------------------------- */
/* Help                                                                      */
/* ------------------------------------------------------------------------- */

static const char *const HELP_KEYS[][2] = {
    {"Arrows, Enter / Space", "Move the cursor, place a mark"},
    {"1 \xE2\x80\x93 9 (3\xC3\x97"
     "3 board)",
     "Place, as on a keypad (7 = top left)"},
    {"N", "New game"},
    {"U, Ctrl+Z", "Undo your move (and the reply)"},
    {"Ctrl+Y, Ctrl+Shift+Z", "Redo"},
    {"H", "Hint: each free square's outcome"},
    {"Esc", "Settings (arrows, Tab, Enter)"},
    {"M", "Sound on / off"},
    {"F3", "Performance overlay"},
    {"F11", "Fullscreen"},
    {"F1, ?", "This help"},
    {"Pad: d-pad / stick, A, B", "Move, place, undo (B: back)"},
    {"Pad: X, Y, Start, Back", "Hint, redo, settings, this help"},
};
#define HELP_LINES ((int)(sizeof HELP_KEYS / sizeof HELP_KEYS[0]))

static void draw_help(app_state *app)
{
    float fade = ease_out_cubic(progress(app, app->help_changed_ms, APP_HELP_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    render_round_rect(&app->draw, whole, 0.0f, render_fade(col(app, THEME_SCRIM), fade));
    int w = (int)((float)app->out_w * HELP_WIDTH_FRACTION);
    int h = (int)((float)app->out_h * HELP_HEIGHT_FRACTION);
    int unit = app->out_w < app->out_h ? app->out_w : app->out_h;
    /* The panel keeps a readable shape in very wide windows. */
    if (w > unit * 3 / 2) w = unit * 3 / 2;
    layout_rect panel = {(app->out_w - w) / 2, (app->out_h - h) / 2, w, h};
    draw_panel(app, panel, app->layout.corner_radius * 2.0f);
    int pad = w / 20;
    /* Title, the key lines, and a closing note: HELP_LINES + 3 rows. */
    int row_h = (h - 2 * pad) / (HELP_LINES + 3);
    int px = row_h * 11 / 20;
    layout_rect title = {panel.x + pad, panel.y + pad, w - 2 * pad, row_h * 3 / 2};
    text_draw(app->text, TEXT_BOLD, px * 13 / 10, col(app, THEME_TEXT), "Keys", title, TEXT_LEFT,
              NULL);
    int key_w = (int)((float)(w - 2 * pad) * HELP_KEY_COLUMN_FRACTION);
    /* One size for every line, the largest at which all fit, so the list
     * reads evenly instead of each long line shrinking on its own. */
    int fit_px = px;
    for (int i = 0; i < HELP_LINES; i++) {
        for (int c = 0; c < 2; c++) {
            int tw = 0, th = 0;
            int room = c == 0 ? key_w - pad / 2 : w - 2 * pad - key_w;
            if (text_measure(app->text, c == 0 ? TEXT_BOLD : TEXT_REGULAR, px, HELP_KEYS[i][c], &tw,
                             &th) &&
                tw > room && tw > 0 && px * room / tw < fit_px)
                fit_px = px * room / tw;
        }
    }
    px = fit_px < 1 ? 1 : fit_px;
    for (int i = 0; i < HELP_LINES; i++) {
        int y = title.y + title.h + i * row_h;
        layout_rect kb = {panel.x + pad, y, key_w - pad / 2, row_h};
        layout_rect db = {panel.x + pad + key_w, y, w - 2 * pad - key_w, row_h};
        text_draw(app->text, TEXT_BOLD, px, col(app, THEME_TEXT), HELP_KEYS[i][0], kb, TEXT_LEFT,
                  NULL);
        text_draw(app->text, TEXT_REGULAR, px, col(app, THEME_TEXT_MUTED), HELP_KEYS[i][1], db,
                  TEXT_LEFT, NULL);
    }
    layout_rect note = {panel.x + pad, title.y + title.h + HELP_LINES * row_h, w - 2 * pad,
                        row_h * 3 / 2};
    text_draw(app->text, TEXT_REGULAR, px, col(app, THEME_TEXT_MUTED),
              "Esc, Enter or a click closes this help.", note, TEXT_CENTER, NULL);
}

/* ------------------------------------------------------------------------- */
/* Performance overlay                                                       */
/* ------------------------------------------------------------------------- */

static void draw_overlay(app_state *app)
{
    const layout *l = &app->layout;
    int px = l->font_small_px;
    layout_rect panel = l->overlay;
    if (panel.h <= 0) return;
    int pad = px / 2;
    int line_h = (panel.h - 2 * pad) / LAYOUT_OVERLAY_LINES;
    render_round_rect(&app->draw, panel, (float)pad, col(app, THEME_OVERLAY_BG));
    for (int i = 0; i < LAYOUT_OVERLAY_LINES; i++) {
        layout_rect box = {panel.x + 2 * pad, panel.y + pad + i * line_h, panel.w - 4 * pad,
                           line_h};
        theme_role role = THEME_OVERLAY_TEXT;
        if (i == 1) role = app->overlay_good ? THEME_GOOD : THEME_BAD;
        if (i == 4 && app->have_last_ai && !app->last_ai.exact) role = THEME_BAD;
        text_draw(app->text, TEXT_REGULAR, px, col(app, role), app->overlay_lines[i], box,
                  TEXT_LEFT, NULL);
    }
}

/* ------------------------------------------------------------------------- */
/* Window icon                                                               */
/* ------------------------------------------------------------------------- */

SDL_Surface *render_icon(int size, const theme *t)
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
    render_ctx ctx;
    render_ctx_init(&ctx, r);
    float f = (float)size;
    if (SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND) != 0 ||
        SDL_SetRenderDrawColor(r, 0, 0, 0, 0) != 0 || SDL_RenderClear(r) != 0)
        SDL_Log("Couldn't clear the icon: %s", SDL_GetError());
    layout_rect card = {0, 0, size, size};
    render_round_rect(&ctx, card, f * ICON_CORNER_FRACTION, t->colors[THEME_BOARD]);
    /* Two marks side by side, as on a board's top row. */
    render_cross(&ctx, f * ICON_X_CENTRE_FRACTION, f * 0.5f, f * ICON_MARK_FRACTION,
                 f * ICON_STROKE_FRACTION, t->colors[THEME_X]);
    render_ring(&ctx, f * (1.0f - ICON_X_CENTRE_FRACTION), f * 0.5f,
                f * ICON_MARK_FRACTION * CROSS_TO_RING_RADIUS, f * ICON_STROKE_FRACTION,
                t->colors[THEME_O]);
    SDL_RenderPresent(r);
    render_ctx_free(&ctx);
    SDL_DestroyRenderer(r);
    return s;
}

/* ------------------------------------------------------------------------- */
/* The frame                                                                 */
/* ------------------------------------------------------------------------- */

void render_screen(app_state *app)
{
    set_draw_color(app, col(app, THEME_BACKGROUND));
    if (SDL_RenderClear(app->renderer) != 0) SDL_Log("Couldn't clear: %s", SDL_GetError());
    draw_board(app);
    draw_status(app);
    draw_scores(app);
    draw_buttons(app);
    /* The overlay has its own strip on the main screen; the menu and the
     * help cover it like everything else. */
    if (app->settings.show_overlay) draw_overlay(app);
    if (app->menu_open) draw_menu(app);
    if (app->help_open) draw_help(app);
}
