/*
 * screen_speech.h - the panels in words, for the desktop's voice
 * (speech_out.h): the name of the panel on top as it opens, and what the
 * keyboard's focus is on inside it (the game menu's entry, a setting with
 * its value, a puzzle's or the lobby's row), as the arrows move it. The
 * browser's mirror shows the same texts as a dialog of real buttons
 * (platform_web.c); these are the same calls, so both say the same.
 *
 * Usage, once per pass (app_frame.c):
 *     const char *title = screen_speech_title(app, screen_top(app));
 *     screen_speech_focus(app, focus, sizeof focus);
 */
#ifndef GAME_SCREEN_SPEECH_H
#define GAME_SCREEN_SPEECH_H

#include <stddef.h>

#include "app_state.h"

/** Room for what the focus says: a setting with its value, or the help's
 *  every line, or the statistics' lines. */
#define SCREEN_SPEECH_TEXT_MAX APP_SPEECH_FOCUS_MAX

/** The name of panel @p id as it is drawn ("Settings", "Menu"), translated;
 *  "" for the screens on the board (the game, the review, a puzzle). */
const char *screen_speech_title(screen_id id);

/**
 * What the keyboard's focus is on in the panel on top of @p app, translated,
 * into @p buf: the game menu's entry and its key ("Statistics, S"), a
 * setting and its value ("Difficulty: Hard"; the mistakes slider in
 * percent; Done), the puzzles' or the lobby's row, the statistics' tab and
 * its lines; the help's every line. Empty on the board's screens.
 */
void screen_speech_focus(const app_state *app, char *buf, size_t cap);

#endif /* GAME_SCREEN_SPEECH_H */
