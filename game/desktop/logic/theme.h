/*
 * theme.h - every colour the game draws with, in one table per theme.
 *
 * Drawing code asks for a role (THEME_X, THEME_GRID ...), never a literal
 * colour; a theme is one row of the table. Light, dark, and high contrast
 * (pure black and white with yellow X and cyan O, for low vision; the marks
 * differ by shape as well, so no theme relies on colour alone). No SDL here.
 */
#ifndef GAME_THEME_H
#define GAME_THEME_H

#include <stdbool.h>

/** An sRGB colour with alpha, 0..255 each. */
typedef struct theme_color {
    unsigned char r, g, b, a;
} theme_color;

/** What a colour is for. */
typedef enum theme_role {
    THEME_BACKGROUND = 0,        /**< Window background. */
    THEME_BOARD,                 /**< The board's card. */
    THEME_BOARD_SHADOW,          /**< Soft shadow under the card. */
    THEME_GRID,                  /**< Grid lines. */
    THEME_X,                     /**< X marks. */
    THEME_O,                     /**< O marks. */
    THEME_STRIKE,                /**< Strike-through over a winning line (opaque). */
    THEME_HOVER,                 /**< Tint of the square under the mouse. */
    THEME_REFUSED,               /**< Flash on a refused click. */
    THEME_TEXT,                  /**< Main text. */
    THEME_TEXT_MUTED,            /**< Secondary text. */
    THEME_BUTTON,                /**< Button face. */
    THEME_BUTTON_HOVER,          /**< Button face under the mouse. */
    THEME_BUTTON_TEXT,           /**< Button label. */
    THEME_SCRIM,                 /**< Dims the game behind the menu. */
    THEME_PANEL,                 /**< Menu panel. */
    THEME_SEGMENT,               /**< Unselected menu choice. */
    THEME_SEGMENT_SELECTED,      /**< Selected menu choice. */
    THEME_SEGMENT_TEXT,          /**< Text on an unselected choice. */
    THEME_SEGMENT_TEXT_SELECTED, /**< Text on a selected choice. */
    THEME_FOCUS,                 /**< Keyboard focus ring. */
    THEME_OVERLAY_BG,            /**< Performance overlay panel. */
    THEME_OVERLAY_TEXT,          /**< Performance overlay text. */
    THEME_GOOD,                  /**< "fits the budget". */
    THEME_BAD,                   /**< "exceeds the budget". */
    THEME_HINT_WIN,              /**< Hint text: this square wins. */
    THEME_HINT_DRAW,             /**< Hint text: this square draws. */
    THEME_HINT_LOSS,             /**< Hint text: this square loses. */
    THEME_HINT_HEAT,             /**< The hints' heat map: unproven squares' shades. */
    THEME_HINT_GUESS,            /**< The search's best guess: its outline and word. */
    THEME_CURSOR,                /**< Keyboard cursor on the board. */
    THEME_ROLE_COUNT
} theme_role;

/** A named set of colours. */
typedef struct theme {
    const char *name;
    theme_color colors[THEME_ROLE_COUNT];
    /** Hints as outlines and bold words on the board's own colour instead
     *  of words on a faint tint (high contrast: a tint of red or green on
     *  black is too dark to read on); the heat map as solid blocks whose
     *  size grows with the estimate instead of shades of a tint, which on
     *  black would be too close to one another to tell apart. */
    bool strong_hints;
} theme;

/** Number of themes in the table. */
int theme_count(void);

/** Theme @p index, or the first theme when out of range. Never NULL. */
const theme *theme_get(int index);

/** The contrast ratio of @p a against @p b (WCAG 2's, 1 to 21), both
 *  taken as opaque. */
double theme_contrast(theme_color a, theme_color b);

/** The hints' heat map in the tinted themes: THEME_HINT_HEAT over the
 *  board at this opacity for the weakest shade and for the deepest. Five
 *  steps between them differ by about 0.09 each, enough to tell apart. */
#define THEME_HEAT_ALPHA_MIN 0.07f
#define THEME_HEAT_ALPHA_MAX 0.43f

/** The opacity of heat map shade @p level, 1 (the weakest) to @p levels
 *  (the deepest), evenly between THEME_HEAT_ALPHA_MIN and _MAX; 0 for a
 *  level of 0 (no shade). */
float theme_heat_alpha(int level, int levels);

/** @p c with its alpha multiplied by @p factor (clamped to 0..1). */
theme_color theme_fade(theme_color c, float factor);

#endif /* GAME_THEME_H */
