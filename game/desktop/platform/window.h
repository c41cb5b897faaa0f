/*
 * window.h - the game's window on the desktop: where it opens (where it
 * was left, if that is still on a display; never larger than the screen)
 * and what the settings file remembers of it ([window]: its normal place
 * and size, maximised, fullscreen).
 */
#ifndef GAME_WINDOW_H
#define GAME_WINDOW_H

#include <SDL.h>

#include "args.h"
#include "prefs.h"

/**
 * Open the window titled @p title: at @p saved's place and size when it is
 * known and the command line (@p args) gave no size, else @p args' size,
 * centred; shrunk to fit the screen; fullscreen or maximised as asked or
 * as left. @return NULL on failure (logged).
 */
SDL_Window *window_open(const args_options *args, const prefs_window *saved, const char *title);

/**
 * Note @p w's place, size and state into @p out for the settings file: the
 * normal place and size only while neither maximised nor fullscreen, so
 * restoring a maximised window brings back its old size.
 */
void window_remember(SDL_Window *w, prefs_window *out);

#endif /* GAME_WINDOW_H */
