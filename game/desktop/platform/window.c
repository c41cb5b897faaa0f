/*
 * window.c - where the window opens and what is remembered of it (see
 * window.h).
 */
#include "window.h"

#include <math.h>

/* Largest share of the screen's usable area the window opens with. */
#define SCREEN_FILL_FRACTION 0.92

/* Is a window at (@p x, @p y), @p width wide, on a display now (its title
 * bar's middle on one), so a saved place from another monitor setup is not
 * used? */
static bool on_a_display(int x, int y, int width)
{
    int n = SDL_GetNumVideoDisplays();
    for (int i = 0; i < n; i++) {
        SDL_Rect r;
        if (SDL_GetDisplayUsableBounds(i, &r) != 0) continue;
        SDL_Point p = {x + width / 2, y};
        if (SDL_PointInRect(&p, &r)) return true;
    }
    return false;
}

SDL_Window *window_open(const args_options *args, const prefs_window *saved, const char *title)
{
    /* Where the window was left last time, unless --width/--height say. */
    int width = args->width, height = args->height;
    int x = SDL_WINDOWPOS_CENTERED, y = SDL_WINDOWPOS_CENTERED;
    bool restore = saved->known && !args->size_given;
#ifdef __EMSCRIPTEN__
    /* In a browser the page's layout sizes the canvas, and fullscreen needs
     * a click first: nothing to restore. */
    restore = false;
#endif
    if (restore) {
        width = saved->width;
        height = saved->height;
        if (on_a_display(saved->x, saved->y, width)) {
            x = saved->x;
            y = saved->y;
        }
    }
    /* Never open taller or wider than the screen: shrink, keeping the shape. */
    SDL_Rect usable;
    if (SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 && usable.h > 0) {
        double fit = fmin((double)usable.w * SCREEN_FILL_FRACTION / (double)width,
                          (double)usable.h * SCREEN_FILL_FRACTION / (double)height);
        if (fit < 1.0) {
            width = (int)((double)width * fit);
            height = (int)((double)height * fit);
        }
    } else {
        SDL_Log("Couldn't read the screen size: %s", SDL_GetError());
    }
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (args->fullscreen || (restore && saved->fullscreen)) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    if (restore && saved->maximized) flags |= SDL_WINDOW_MAXIMIZED;
#ifdef __EMSCRIPTEN__
    /* For the renderer's WebGL (SDL's OpenGL ES 2 renderer, the only one
     * there): without it SDL_CreateRenderer makes the window again, which
     * sizes the canvas anew and waits on the GPU for it. */
    flags |= SDL_WINDOW_OPENGL;
#endif
    SDL_Window *w = SDL_CreateWindow(title, x, y, width, height, flags);
    if (!w) SDL_Log("Couldn't create the window: %s", SDL_GetError());
    return w;
}

void window_remember(SDL_Window *window, prefs_window *w)
{
    Uint32 flags = SDL_GetWindowFlags(window);
    w->maximized = (flags & SDL_WINDOW_MAXIMIZED) != 0;
    w->fullscreen = (flags & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
    if (flags & (SDL_WINDOW_MAXIMIZED | SDL_WINDOW_FULLSCREEN_DESKTOP | SDL_WINDOW_MINIMIZED))
        return;
    SDL_GetWindowPosition(window, &w->x, &w->y);
    /* Where SDL_CreateWindow must put it to come back here: window managers
     * (openbox) place the decorated frame at the given point, and SDL then
     * reports the point inside the frame. */
    int top = 0, left = 0;
    if (SDL_GetWindowBordersSize(window, &top, &left, NULL, NULL) == 0) {
        w->x -= left;
        w->y -= top;
    }
    SDL_GetWindowSize(window, &w->width, &w->height);
    w->known = w->width > 0 && w->height > 0;
}
