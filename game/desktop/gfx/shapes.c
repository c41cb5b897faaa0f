/*
 * shapes.c - thick anti-aliased shapes built from triangles (see shapes.h).
 */
#include "shapes.h"

#include <math.h>
#include <stdlib.h>

/* Width of the soft edge that stands in for anti-aliasing, in output pixels. */
#define FEATHER_PX 1.0f
/* Largest distance between a true circle and its polygon, in output pixels. */
#define ARC_TOLERANCE_PX 0.2f
#define ARC_MIN_SEGMENTS 2
#define ARC_MAX_SEGMENTS 96
#define PI_F 3.14159265f

/* ------------------------------------------------------------------------- */
/* Geometry buffers                                                          */
/* ------------------------------------------------------------------------- */

void shape_ctx_init(shape_ctx *ctx, SDL_Renderer *renderer)
{
    SDL_zerop(ctx);
    ctx->renderer = renderer;
}

void shape_ctx_free(shape_ctx *ctx)
{
    free(ctx->verts);
    free(ctx->indices);
    SDL_zerop(ctx);
}

static bool reserve(shape_ctx *ctx, int verts, int indices)
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

static int vert(shape_ctx *ctx, float x, float y, theme_color c, float alpha)
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

static void tri(shape_ctx *ctx, int a, int b, int c)
{
    ctx->indices[ctx->nindices++] = a;
    ctx->indices[ctx->nindices++] = b;
    ctx->indices[ctx->nindices++] = c;
}

static void flush(shape_ctx *ctx)
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
static void fill_convex(shape_ctx *ctx, float cx, float cy, const outline_pt *pts, int n,
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

void shape_capsule(shape_ctx *ctx, float x0, float y0, float x1, float y1, float thickness,
                   theme_color c)
{
    outline_pt pts[OUTLINE_MAX];
    float r = thickness * 0.5f;
    float a = atan2f(y1 - y0, x1 - x0);
    int n = add_arc(pts, 0, x1, y1, r, a - PI_F * 0.5f, a + PI_F * 0.5f);
    n = add_arc(pts, n, x0, y0, r, a + PI_F * 0.5f, a + PI_F * 1.5f);
    fill_convex(ctx, (x0 + x1) * 0.5f, (y0 + y1) * 0.5f, pts, n, c);
}

void shape_polygon(shape_ctx *ctx, const float (*corners)[2], int n, theme_color c)
{
    outline_pt pts[SHAPE_POLYGON_MAX];
    if (n < 3 || n > SHAPE_POLYGON_MAX) return;
    float cx = 0.0f, cy = 0.0f;
    for (int i = 0; i < n; i++) {
        cx += corners[i][0] / (float)n;
        cy += corners[i][1] / (float)n;
    }
    /* Each corner's feather points away from the centre: outward for a
     * convex shape, and close enough to the edges' normals for small ones. */
    for (int i = 0; i < n; i++) {
        float dx = corners[i][0] - cx, dy = corners[i][1] - cy;
        float len = sqrtf(dx * dx + dy * dy);
        if (len <= 0.0f) return;
        pts[i] = (outline_pt){corners[i][0], corners[i][1], dx / len, dy / len};
    }
    fill_convex(ctx, cx, cy, pts, n, c);
}

void shape_disc(shape_ctx *ctx, float cx, float cy, float radius, theme_color c)
{
    outline_pt pts[OUTLINE_MAX];
    /* The last point repeats the first; drop it so the fan closes cleanly. */
    int n = add_arc(pts, 0, cx, cy, radius, 0.0f, 2.0f * PI_F) - 1;
    fill_convex(ctx, cx, cy, pts, n, c);
}

void shape_round_rect(shape_ctx *ctx, layout_rect rect, float radius, theme_color c)
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

void shape_ring(shape_ctx *ctx, float cx, float cy, float radius, float thickness, theme_color c)
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

void shape_cross(shape_ctx *ctx, float cx, float cy, float half, float thickness, theme_color c)
{
    shape_capsule(ctx, cx - half, cy - half, cx + half, cy + half, thickness, c);
    shape_capsule(ctx, cx + half, cy - half, cx - half, cy + half, thickness, c);
}

void shape_outline_rect(shape_ctx *ctx, layout_rect r, float thickness, theme_color c)
{
    float x0 = (float)r.x, y0 = (float)r.y;
    float x1 = (float)(r.x + r.w), y1 = (float)(r.y + r.h);
    shape_capsule(ctx, x0, y0, x1, y0, thickness, c);
    shape_capsule(ctx, x1, y0, x1, y1, thickness, c);
    shape_capsule(ctx, x1, y1, x0, y1, thickness, c);
    shape_capsule(ctx, x0, y1, x0, y0, thickness, c);
}
