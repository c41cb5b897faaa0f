/*
 * text.h - text drawn with SDL2_ttf, cached as textures.
 *
 * A string is rendered to a texture once and reused while its text, font,
 * pixel size and colour stay the same; the least recently used entries make
 * room for new ones. The font files are read once, when the cache is made;
 * fonts are opened from those bytes per pixel size (sizes follow the window,
 * so a resize opens new ones and the old ones age out), never from disk
 * again.
 */
#ifndef GAME_TEXT_H
#define GAME_TEXT_H

#include <stdbool.h>

#include <SDL.h>

#include "layout.h"
#include "theme.h"

/** The two faces the game uses. */
typedef enum text_font { TEXT_REGULAR = 0, TEXT_BOLD = 1, TEXT_FONT_COUNT = 2 } text_font;

/** Horizontal placement in a box; text is always centred vertically. */
typedef enum text_align { TEXT_LEFT = 0, TEXT_CENTER = 1, TEXT_RIGHT = 2 } text_align;

typedef struct text_cache text_cache;

/**
 * Create a cache drawing with @p renderer from the two TTF files: reads each
 * file into memory and opens it once to check it. @return NULL on failure (logged with
 * TTF_GetError).
 */
text_cache *text_create(SDL_Renderer *renderer, const char *regular_path, const char *bold_path);

/** Free every texture and font. NULL is ignored. */
void text_destroy(text_cache *tc);

/**
 * Draw @p str (UTF-8) at height @p px in @p box: centred vertically, placed
 * horizontally by @p align, scaled down uniformly if wider than the box. The
 * colour's alpha is applied as the texture's alpha modulation.
 * @param[out] drawn Optional: where the text landed, in output pixels.
 * @return false if rendering failed (logged); nothing is drawn then.
 */
bool text_draw(text_cache *tc, text_font font, int px, theme_color color, const char *str,
               layout_rect box, text_align align, SDL_Rect *drawn);

/**
 * The largest text height up to @p px at which @p str fits @p box's width:
 * on one line, or with @p wrap on two lines split at a space (each line half
 * the box's height, so its height limits the size too). At least 1.
 */
int text_fit(text_cache *tc, text_font font, int px, const char *str, layout_rect box, bool wrap);

/**
 * Draw @p str at @p px in @p box like text_draw() when it fits the box's
 * width on one line; otherwise on two lines, split at the space nearest its
 * middle, in the box's upper and lower halves (text_fit() gives a @p px at
 * which both fit). @p drawn receives where the last line landed.
 */
bool text_draw_wrapped(text_cache *tc, text_font font, int px, theme_color color, const char *str,
                       layout_rect box, text_align align, SDL_Rect *drawn);

/** Most lines text_draw_lines() wraps to. */
#define TEXT_MAX_LINES 4

/**
 * The largest text height up to @p px at which @p str, wrapped at spaces,
 * takes at most @p max_lines lines (up to TEXT_MAX_LINES) no wider than
 * @p box and together no taller than it. At least 1.
 */
int text_fit_lines(text_cache *tc, text_font font, int px, const char *str, layout_rect box,
                   int max_lines);

/**
 * Draw @p str at @p px wrapped at spaces into as many lines as it needs, at
 * most @p max_lines (text_fit_lines() gives a @p px at which they fit),
 * centred vertically in @p box, each line placed by @p align. @p drawn
 * receives where the last line landed.
 */
bool text_draw_lines(text_cache *tc, text_font font, int px, theme_color color, const char *str,
                     layout_rect box, text_align align, int max_lines, SDL_Rect *drawn);

/**
 * Size of @p str at @p px in pixels. Sizes are cached by font, size and text
 * (apart from the textures; colour plays no part), so measuring unchanged
 * text does no shaping; the least recently used sizes make room for new ones.
 */
bool text_measure(text_cache *tc, text_font font, int px, const char *str, int *w, int *h);

/** One call of text_draw(), as a text observer sees it. */
typedef struct text_drawn {
    const char *str; /**< The text (UTF-8), valid during the call only. */
    text_font font;
    int px;            /**< The height asked for. */
    layout_rect box;   /**< The box it was given. */
    int width, height; /**< Its size at @ref px, before any scaling to fit the box. */
    layout_rect drawn; /**< Where it landed (scaled to fit the box if it was wider). */
} text_drawn;

/** Called by text_draw() for each text it draws (see text_set_observer). */
typedef void (*text_observer)(void *user, const text_drawn *drawn);

/**
 * Have @p fn called with @p user for every text drawn from now on, or stop
 * with NULL. For tests that check that every label fits the box the layout
 * gives it (desktop_text): drawing is not changed by it. The observer must
 * not draw.
 */
void text_set_observer(text_cache *tc, text_observer fn, void *user);

/** How many times a string was rasterised (for tests of the cache). */
unsigned long text_render_count(const text_cache *tc);

/** How many times a string was shaped to measure it (for tests of the cache). */
unsigned long text_measure_count(const text_cache *tc);

#endif /* GAME_TEXT_H */
