/*
 * screen_stats.h - the statistics panel: a tab per mode (you against the
 * computer, two players, watching) and under it a line per board and
 * level played in that mode, most played first: won, drawn, lost and the
 * longest winning streak (tally.h). Opened from the game menu or with S;
 * Esc, S or a click outside closes it; the arrows change the tab. Its
 * input and its drawing side by side.
 */
#ifndef GAME_SCREEN_STATS_H
#define GAME_SCREEN_STATS_H

#include <stdbool.h>

#include "app_state.h"
#include "draw.h"

/** The panel's rows: a heading and the boards and levels under it. */
/** Room for an entry's label ("3×3, 3 in a row · Medium"), in any language. */
#define SCREEN_STATS_LABEL_MAX 96
#define STATS_PANEL_ROWS 9

/** The panel was opened or closed (screen_show(), screens.h): on opening, the tab of the mode being
 * played. */
void screen_stats_shown(app_state *app, bool open);

/** An action while it is open: Left and Right change the tab; Esc, Enter,
 *  S and Menu close it. */
void screen_stats_do(app_state *app, app_action action);

/** A click: a tab chooses its mode; outside the panel closes it. */
void screen_stats_mouse_down(app_state *app, int x, int y);

/** Can what is under (@p x, @p y) be clicked (a tab)? */
bool screen_stats_clickable(const app_state *app, int x, int y);

/** An entry's board and level in words ("3×3, 3 in a row · Medium"). */
void screen_stats_entry_label(const tally_entry *e, char *buf, size_t cap);

/** Draw the panel over the game. */
void screen_stats_draw(draw_ctx *d, const app_state *app);

/** The statistics' line on puzzles: solved, missed, the streaks, and
 *  whether the day's puzzle is solved, in the current language. */
void screen_stats_puzzle_line(const app_state *app, char *buf, size_t cap);

#endif /* GAME_SCREEN_STATS_H */
