/*
 * text.c - SDL2_ttf text with a texture cache (see text.h).
 *
 * The two font files are read into memory once, by text_create(); every
 * size is then opened from those bytes (TTF_OpenFontRW), so a miss of the
 * font cache during a frame (a resize, a new size for a long label) costs
 * FreeType's set-up, never a file to open and read on the drawing thread.
 */
#include "text.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <SDL_ttf.h>

/* Strings kept as textures: the main screen, the menu and the overlay together
 * use about 50 at once, so this holds a screen plus a resize's worth. */
#define TEXT_CACHE_ENTRIES 128
/* Fonts kept open: two faces at a handful of sizes. */
#define FONT_CACHE_ENTRIES 16
/* Longest string cached; longer ones are cut (none of the game's are). */
#define TEXT_MAX_BYTES 256
/* Measured sizes kept: the score line, the menu's options and the help's
 * keys measure about 70 strings between them. */
#define SIZE_CACHE_ENTRIES 128
/* Size used to check that a font file opens. */
#define TEXT_PROBE_PX 16
/* Two lines in a box: each line's text height at most this fraction of the
 * box's (DejaVu's line is about 1.17 text heights). */
#define TWO_LINE_PX_FRACTION 0.43

typedef struct font_entry {
    TTF_Font *font;
    text_font face;
    int px;
    unsigned long last_used;
} font_entry;

typedef struct text_entry {
    SDL_Texture *texture;
    char str[TEXT_MAX_BYTES];
    text_font face;
    int px;
    unsigned char r, g, b;
    int w, h;
    unsigned long last_used;
} text_entry;

/* A measured string's size. Kept apart from the textures: many strings are
 * measured at sizes they are never drawn at (the menu's options at the base
 * size, the help's keys before fitting), and textures for those would push
 * drawn strings out of the texture cache. */
typedef struct size_entry {
    char str[TEXT_MAX_BYTES];
    text_font face;
    int px;
    int w, h;
    bool used;
    unsigned long last_used;
} size_entry;

struct text_cache {
    SDL_Renderer *renderer;
    char *paths[TEXT_FONT_COUNT]; /* For messages only: the bytes below are what is read. */
    void *bytes[TEXT_FONT_COUNT]; /* Each font file's contents, read once (SDL_LoadFile). */
    size_t sizes_bytes[TEXT_FONT_COUNT];
    font_entry fonts[FONT_CACHE_ENTRIES];
    text_entry entries[TEXT_CACHE_ENTRIES];
    size_entry sizes[SIZE_CACHE_ENTRIES];
    unsigned long clock;    /* Increments on every lookup, for LRU. */
    unsigned long renders;  /* Strings rasterised. */
    unsigned long measures; /* Strings shaped to measure them. */
    text_observer observer; /* Tests: told of every text drawn. */
    void *observer_user;
};

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

/* Font @p face at @p px from the bytes read at start; NULL on failure (the
 * reason in TTF_GetError). The font reads from the bytes for as long as it
 * is open, and closes its memory stream with itself. */
static TTF_Font *open_font(text_cache *tc, text_font face, int px)
{
    if (tc->sizes_bytes[face] > (size_t)INT_MAX) {
        TTF_SetError("font file too large");
        return NULL;
    }
    SDL_RWops *rw = SDL_RWFromConstMem(tc->bytes[face], (int)tc->sizes_bytes[face]);
    if (!rw) {
        TTF_SetError("%s", SDL_GetError());
        return NULL;
    }
    return TTF_OpenFontRW(rw, 1, px);
}

text_cache *text_create(SDL_Renderer *renderer, const char *regular_path, const char *bold_path)
{
    text_cache *tc = calloc(1, sizeof *tc);
    if (!tc) {
        SDL_Log("Couldn't allocate the text cache");
        return NULL;
    }
    tc->renderer = renderer;
    const char *paths[TEXT_FONT_COUNT] = {regular_path, bold_path};
    for (int i = 0; i < TEXT_FONT_COUNT; i++) {
        tc->paths[i] = dup_string(paths[i]);
        if (!tc->paths[i]) {
            SDL_Log("Couldn't allocate a font path");
            text_destroy(tc);
            return NULL;
        }
        tc->bytes[i] = SDL_LoadFile(paths[i], &tc->sizes_bytes[i]);
        if (!tc->bytes[i]) {
            /* Reported as a font error by the caller (app.c's load_fonts reads TTF_GetError). */
            TTF_SetError("%s", SDL_GetError());
            SDL_Log("Couldn't read font %s: %s", paths[i], SDL_GetError());
            text_destroy(tc);
            return NULL;
        }
        TTF_Font *probe = open_font(tc, (text_font)i, TEXT_PROBE_PX);
        if (!probe) {
            SDL_Log("Couldn't open font %s: %s", paths[i], TTF_GetError());
            text_destroy(tc);
            return NULL;
        }
        TTF_CloseFont(probe);
    }
    return tc;
}

void text_destroy(text_cache *tc)
{
    if (!tc) return;
    for (int i = 0; i < TEXT_CACHE_ENTRIES; i++)
        if (tc->entries[i].texture) SDL_DestroyTexture(tc->entries[i].texture);
    for (int i = 0; i < FONT_CACHE_ENTRIES; i++)
        if (tc->fonts[i].font) TTF_CloseFont(tc->fonts[i].font);
    for (int i = 0; i < TEXT_FONT_COUNT; i++) {
        free(tc->paths[i]);
        SDL_free(tc->bytes[i]); /* After the fonts: they read from it. */
    }
    free(tc);
}

void text_set_observer(text_cache *tc, text_observer fn, void *user)
{
    tc->observer = fn;
    tc->observer_user = user;
}

unsigned long text_render_count(const text_cache *tc)
{
    return tc->renders;
}

unsigned long text_measure_count(const text_cache *tc)
{
    return tc->measures;
}

static TTF_Font *get_font(text_cache *tc, text_font face, int px)
{
    font_entry *victim = &tc->fonts[0];
    for (int i = 0; i < FONT_CACHE_ENTRIES; i++) {
        font_entry *f = &tc->fonts[i];
        if (f->font && f->face == face && f->px == px) {
            f->last_used = ++tc->clock;
            return f->font;
        }
        if (!f->font || (victim->font && f->last_used < victim->last_used)) victim = f;
    }
    TTF_Font *font = open_font(tc, face, px);
    if (!font) {
        SDL_Log("Couldn't open font %s at %d px: %s", tc->paths[face], px, TTF_GetError());
        return NULL;
    }
#ifdef __EMSCRIPTEN__
    /* In a browser, none: light hinting is FreeType's auto-hinter, which
     * measures each font it opens (every size is a font of its own here)
     * before its first glyph, the largest part of the text's cost at the
     * game's start on the page's main thread (docs/web.md, "Lighthouse");
     * the canvas draws at the screen's own pixels, two or three per CSS
     * pixel on phones, where browsers do not hint their own text either. */
    TTF_SetFontHinting(font, TTF_HINTING_NONE);
#else
    /* Hinting tuned for screens keeps small overlay text crisp. */
    TTF_SetFontHinting(font, TTF_HINTING_LIGHT);
#endif
    if (victim->font) TTF_CloseFont(victim->font);
    victim->font = font;
    victim->face = face;
    victim->px = px;
    victim->last_used = ++tc->clock;
    return font;
}

static text_entry *lookup(text_cache *tc, text_font face, int px, theme_color color,
                          const char *str)
{
    text_entry *victim = &tc->entries[0];
    for (int i = 0; i < TEXT_CACHE_ENTRIES; i++) {
        text_entry *e = &tc->entries[i];
        if (e->texture && e->face == face && e->px == px && e->r == color.r && e->g == color.g &&
            e->b == color.b && strcmp(e->str, str) == 0) {
            e->last_used = ++tc->clock;
            return e;
        }
        if (!e->texture || (victim->texture && e->last_used < victim->last_used)) victim = e;
    }

    TTF_Font *font = get_font(tc, face, px);
    if (!font) return NULL;
    SDL_Color fg = {color.r, color.g, color.b, 0xFF};
    SDL_Surface *surface = TTF_RenderUTF8_Blended(font, str, fg);
    if (!surface) {
        SDL_Log("Couldn't render text \"%s\": %s", str, TTF_GetError());
        return NULL;
    }
    SDL_Texture *texture = SDL_CreateTextureFromSurface(tc->renderer, surface);
    int w = surface->w;
    int h = surface->h;
    SDL_FreeSurface(surface);
    if (!texture) {
        SDL_Log("Couldn't create a text texture: %s", SDL_GetError());
        return NULL;
    }
    if (SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND) != 0)
        SDL_Log("Couldn't set text blending: %s", SDL_GetError());
    tc->renders++;
    if (victim->texture) SDL_DestroyTexture(victim->texture);
    victim->texture = texture;
    SDL_strlcpy(victim->str, str, sizeof victim->str);
    victim->face = face;
    victim->px = px;
    victim->r = color.r;
    victim->g = color.g;
    victim->b = color.b;
    victim->w = w;
    victim->h = h;
    victim->last_used = ++tc->clock;
    return victim;
}

bool text_measure(text_cache *tc, text_font font, int px, const char *str, int *w, int *h)
{
    if (!str) str = "";
    /* Strings too long for an entry are measured every time (the game has none). */
    bool cacheable = strlen(str) < TEXT_MAX_BYTES;
    size_entry *victim = &tc->sizes[0];
    for (int i = 0; cacheable && i < SIZE_CACHE_ENTRIES; i++) {
        size_entry *e = &tc->sizes[i];
        if (e->used && e->face == font && e->px == px && strcmp(e->str, str) == 0) {
            e->last_used = ++tc->clock;
            *w = e->w;
            *h = e->h;
            return true;
        }
        if (!e->used || (victim->used && e->last_used < victim->last_used)) victim = e;
    }

    /* Shaping (HarfBuzz) allocates and is far slower than the lookup: once
     * per string, not once per frame. */
    TTF_Font *f = get_font(tc, font, px);
    if (!f) return false;
    int mw = 0, mh = 0;
    if (TTF_SizeUTF8(f, str, &mw, &mh) != 0) {
        SDL_Log("Couldn't measure text: %s", TTF_GetError());
        return false;
    }
    tc->measures++;
    if (cacheable) {
        SDL_strlcpy(victim->str, str, sizeof victim->str);
        victim->face = font;
        victim->px = px;
        victim->w = mw;
        victim->h = mh;
        victim->used = true;
        victim->last_used = ++tc->clock;
    }
    *w = mw;
    *h = mh;
    return true;
}

bool text_draw(text_cache *tc, text_font font, int px, theme_color color, const char *str,
               layout_rect box, text_align align, SDL_Rect *drawn)
{
    if (!str || !*str || px <= 0) return true;
    text_entry *e = lookup(tc, font, px, color, str);
    if (!e) return false;
    int w = e->w;
    int h = e->h;
    if (w > box.w && box.w > 0) {
        /* Shrink to fit rather than spill: keeps narrow windows tidy. */
        h = (int)((long)h * box.w / w);
        w = box.w;
    }
    SDL_Rect dst = {box.x, box.y + (box.h - h) / 2, w, h};
    if (align == TEXT_CENTER)
        dst.x = box.x + (box.w - w) / 2;
    else if (align == TEXT_RIGHT)
        dst.x = box.x + box.w - w;
    if (SDL_SetTextureAlphaMod(e->texture, color.a) != 0)
        SDL_Log("Couldn't set text alpha: %s", SDL_GetError());
    if (SDL_RenderCopy(tc->renderer, e->texture, NULL, &dst) != 0) {
        SDL_Log("Couldn't draw text: %s", SDL_GetError());
        return false;
    }
    if (drawn) *drawn = dst;
    if (tc->observer) {
        text_drawn seen = {str, font, px, box, e->w, e->h, {dst.x, dst.y, dst.w, dst.h}};
        tc->observer(tc->observer_user, &seen);
    }
    return true;
}

/* ------------------------------------------------------------------------- */
/* Two lines                                                                 */
/* ------------------------------------------------------------------------- */

/* Where to split @p str in two lines: the byte index of the space nearest
 * its middle by characters, or -1 when it has no space between words. */
static int split_point(const char *str)
{
    int chars = 0;
    for (const unsigned char *p = (const unsigned char *)str; *p; p++)
        if ((*p & 0xC0) != 0x80) chars++;
    int best = -1, best_distance = 0, seen = 0;
    for (int i = 0; str[i]; i++) {
        if (((unsigned char)str[i] & 0xC0) == 0x80) continue;
        if (str[i] == ' ' && i > 0 && str[i + 1]) {
            int distance = seen * 2 - chars;
            if (distance < 0) distance = -distance;
            if (best < 0 || distance < best_distance) {
                best = i;
                best_distance = distance;
            }
        }
        seen++;
    }
    return best;
}

/* @p str's two lines, cut at @p at (a space), into @p first and @p second. */
static void split_lines(const char *str, int at, char *first, char *second, size_t cap)
{
    SDL_snprintf(first, cap, "%.*s", at, str);
    SDL_snprintf(second, cap, "%s", str + at + 1);
}

/* The largest size up to @p px at which @p str is no wider than @p width. */
static int fit_width(text_cache *tc, text_font font, int px, const char *str, int width)
{
    int fit = px;
    /* Widths grow about in proportion to the size, not exactly (hinting):
     * scale, then check again, a few times at most. */
    for (int tries = 0; tries < 4 && fit > 1; tries++) {
        int w = 0, h = 0;
        if (!text_measure(tc, font, fit, str, &w, &h) || w <= width) break;
        int scaled = (int)((long)fit * width / (w > 0 ? w : 1));
        fit = scaled < fit ? scaled : fit - 1;
    }
    return fit < 1 ? 1 : fit;
}

int text_fit(text_cache *tc, text_font font, int px, const char *str, layout_rect box, bool wrap)
{
    if (!str || !*str || px <= 1) return px < 1 ? 1 : px;
    int one = fit_width(tc, font, px, str, box.w);
    int at = wrap ? split_point(str) : -1;
    if (one == px || at < 0) return one;
    char first[TEXT_MAX_BYTES], second[TEXT_MAX_BYTES];
    split_lines(str, at, first, second, sizeof first);
    int two = (int)((double)box.h * TWO_LINE_PX_FRACTION);
    if (two > px) two = px;
    if (two < 1) two = 1;
    two = fit_width(tc, font, two, first, box.w);
    two = fit_width(tc, font, two, second, box.w);
    return two > one ? two : one;
}

bool text_draw_wrapped(text_cache *tc, text_font font, int px, theme_color color, const char *str,
                       layout_rect box, text_align align, SDL_Rect *drawn)
{
    int w = 0, h = 0;
    int at = str ? split_point(str) : -1;
    if (at < 0 || !text_measure(tc, font, px, str, &w, &h) || w <= box.w)
        return text_draw(tc, font, px, color, str, box, align, drawn);
    char first[TEXT_MAX_BYTES], second[TEXT_MAX_BYTES];
    split_lines(str, at, first, second, sizeof first);
    layout_rect top = box, bottom = box;
    top.h = box.h / 2;
    bottom.y += top.h;
    bottom.h = box.h - top.h;
    bool ok = text_draw(tc, font, px, color, first, top, align, NULL);
    return text_draw(tc, font, px, color, second, bottom, align, drawn) && ok;
}

/* ------------------------------------------------------------------------- */
/* Several lines                                                             */
/* ------------------------------------------------------------------------- */

/* Line height of text_draw_lines(), in text heights. */
#define LINES_SPACING 1.18

/* @p str wrapped at spaces into lines no wider than @p width at @p px:
 * each line's start and length in @p starts / @p lens. @return the number
 * of lines, or @p max + 1 when more are needed or a word alone is too wide. */
static int wrap_lines(text_cache *tc, text_font font, int px, const char *str, int width, int max,
                      int *starts, int *lens)
{
    int count = 0, i = 0, n = (int)SDL_strlen(str);
    char line[TEXT_MAX_BYTES];
    while (i < n) {
        while (i < n && str[i] == ' ')
            i++;
        if (i >= n) break;
        if (count >= max) return max + 1;
        /* (A line may also end inside a path, after a '/'.) */
        /* Take words while the line fits. */
        int end = i, fitted = -1;
        while (end < n) {
            int next = end;
            while (next < n && str[next] == ' ')
                next++;
            while (next < n && str[next] != ' ')
                next++;
            int len = next - i;
            if (len >= (int)sizeof line) break;
            SDL_memcpy(line, str + i, (size_t)len);
            line[len] = '\0';
            int w = 0, h = 0;
            if (!text_measure(tc, font, px, line, &w, &h) || w > width) break;
            fitted = next;
            end = next;
        }
        if (fitted < 0) {
            /* One word is wider than the line: a path breaks after a '/'
             * (a file's name in a notice), anything else does not fit. */
            int end_word = i;
            while (end_word < n && str[end_word] != ' ')
                end_word++;
            for (int cut = end_word - 1; cut > i && fitted < 0; cut--) {
                if (str[cut] != '/' && str[cut] != '\\') continue;
                int len = cut + 1 - i;
                if (len >= (int)sizeof line) continue;
                SDL_memcpy(line, str + i, (size_t)len);
                line[len] = '\0';
                int w = 0, h = 0;
                if (text_measure(tc, font, px, line, &w, &h) && w <= width) fitted = cut + 1;
            }
            if (fitted < 0) return max + 1;
        }
        starts[count] = i;
        lens[count] = fitted - i;
        count++;
        i = fitted;
    }
    return count;
}

int text_fit_lines(text_cache *tc, text_font font, int px, const char *str, layout_rect box,
                   int max_lines)
{
    if (!str || !*str || max_lines < 1) return px < 1 ? 1 : px;
    int starts[TEXT_MAX_LINES], lens[TEXT_MAX_LINES];
    if (max_lines > TEXT_MAX_LINES) max_lines = TEXT_MAX_LINES;
    /* Fitting is monotonic in the size: a binary search measures a few
     * sizes, not every one (each size shapes the words anew). */
    int lo = 1, hi = px < 1 ? 1 : px;
    while (lo < hi) {
        int p = (lo + hi + 1) / 2;
        int lines = wrap_lines(tc, font, p, str, box.w, max_lines, starts, lens);
        if (lines <= max_lines && (double)lines * (double)p * LINES_SPACING <= (double)box.h)
            lo = p;
        else
            hi = p - 1;
    }
    return lo;
}

bool text_draw_lines(text_cache *tc, text_font font, int px, theme_color color, const char *str,
                     layout_rect box, text_align align, int max_lines, SDL_Rect *drawn)
{
    int starts[TEXT_MAX_LINES], lens[TEXT_MAX_LINES];
    if (max_lines > TEXT_MAX_LINES) max_lines = TEXT_MAX_LINES;
    int lines = wrap_lines(tc, font, px, str, box.w, max_lines, starts, lens);
    if (lines < 1 || lines > max_lines)
        return text_draw(tc, font, px, color, str, box, align, drawn);
    int line_h = (int)((double)px * LINES_SPACING);
    int y = box.y + (box.h - lines * line_h) / 2;
    bool ok = true;
    for (int i = 0; i < lines; i++) {
        char line[TEXT_MAX_BYTES];
        SDL_snprintf(line, sizeof line, "%.*s", lens[i], str + starts[i]);
        layout_rect lb = {box.x, y + i * line_h, box.w, line_h};
        ok = text_draw(tc, font, px, color, line, lb, align, i == lines - 1 ? drawn : NULL) && ok;
    }
    return ok;
}
