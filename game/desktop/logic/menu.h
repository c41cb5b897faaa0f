/*
 * menu.h - the settings menu's model: which rows it has, what each choice
 * means, and how a choice changes the settings.
 *
 * No SDL here: the app feeds in clicks (through layout_menu_hit_test) and
 * keys (as menu_key values); screen_settings.c draws it. That keeps the rules ("what
 * changes when") testable without a display.
 */
#ifndef GAME_MENU_H
#define GAME_MENU_H

#include <stdbool.h>

#include "layout.h"
#include "settings.h"

/** The rows of the menu, top to bottom. */
typedef enum menu_row {
    MENU_ROW_MODE = 0,
    MENU_ROW_DIFFICULTY,
    MENU_ROW_MISTAKES, /**< Slider: the custom mistake probability. */
    MENU_ROW_SIDE,
    MENU_ROW_FIRST,
    MENU_ROW_SPEED,
    MENU_ROW_THINK_DELAY,
    MENU_ROW_PONDER, /**< "Think on my time": the computer ponders while you think. */
    MENU_ROW_SIZE,
    MENU_ROW_K,
    MENU_ROW_THEME,
    MENU_ROW_LANGUAGE, /**< The messages' language, applied at once (language.h). */
    MENU_ROW_SOUND,
    MENU_ROW_SPEAK, /**< Speech on the desktop: auto (the screen reader's), on, off. */
    MENU_ROW_OVERLAY,
    MENU_ROW_SCORES, /**< One action: reset the scores. */
    MENU_ROW_COUNT
} menu_row;

/** Keyboard focus can also rest on the Done button, after the last row. */
#define MENU_FOCUS_DONE MENU_ROW_COUNT

/** What a change affects, so the app knows what to invalidate. */
typedef enum menu_change {
    MENU_CHANGE_NONE = 0,
    MENU_CHANGE_AI = 1 << 0,           /**< Who plays or how well: drop a pending AI result. */
    MENU_CHANGE_FIRST = 1 << 1,        /**< First player of the first game. */
    MENU_CHANGE_DISPLAY = 1 << 2,      /**< Only how things look. */
    MENU_CHANGE_CLOSE = 1 << 3,        /**< The menu asked to close. */
    MENU_CHANGE_BOARD = 1 << 4,        /**< Board size or k: applies from the next game. */
    MENU_CHANGE_SIDE = 1 << 5,         /**< Your side (applies at once on an empty board). */
    MENU_CHANGE_RESET_SCORES = 1 << 6, /**< Reset scores (an action, not a setting). */
    MENU_CHANGE_SOUND = 1 << 7,        /**< Sound on or off. */
    MENU_CHANGE_LANGUAGE = 1 << 8,     /**< The language: every text changes at once. */
    MENU_CHANGE_SPEAK = 1 << 9         /**< Speech: auto, on or off. */
} menu_change;

/** Abstract keys, so the model does not need SDL's key codes. */
typedef enum menu_key {
    MENU_KEY_UP,
    MENU_KEY_DOWN,
    MENU_KEY_LEFT,
    MENU_KEY_RIGHT,
    MENU_KEY_ACTIVATE /**< Enter or Space. */
} menu_key;

/** Slider step for the arrow keys, as a probability. */
#define MENU_SLIDER_KEY_STEP 0.05

/** The menu's own state (not settings). */
typedef struct menu_state {
    int focus;       /**< Row with keyboard focus, or MENU_FOCUS_DONE. */
    bool dragging;   /**< The slider is being dragged with the mouse. */
    bool show_focus; /**< The keyboard was used: draw the focus marker. */
} menu_state;

void menu_init(menu_state *m);

/** Segments per row for layout_menu_compute (0 = slider). */
void menu_option_counts(int counts[MENU_ROW_COUNT]);

/** Characters (not bytes) in each row's longest choice label in the current
 *  language, for layout_menu_compute. */
void menu_option_chars(int chars[MENU_ROW_COUNT]);

/** The label of a row ("Mode", "Difficulty" ...), translated (UTF-8). */
const char *menu_row_label(int row);

/** The label of choice @p option in @p row, translated where it is a word
 *  (UTF-8; the Language row names each language in itself). */
const char *menu_option_label(int row, int option);

/** Which choice of @p row the settings currently select (-1 for the slider). */
int menu_selected_option(const settings *s, int row);

/** Apply choice @p option of @p row. @return what changed (a menu_change mask). */
int menu_choose(settings *s, int row, int option);

/** Set the mistake slider to @p value (0..1); makes the difficulty custom. */
int menu_set_slider(settings *s, double value);

/** Does row @p row apply in the current mode (difficulty not between two
 *  players, the watching speed only when watching ...)? Rows that do not
 *  are drawn disabled and passed over by the keyboard. */
bool menu_row_enabled(const settings *s, int row);

/** Is choice @p option of @p row available under these settings (its row
 *  applies, and k never exceeds the size)? */
bool menu_option_enabled(const settings *s, int row, int option);

/** Copy the settings row @p row shows from @p src to @p dst (so a menu change
 *  reaches the saved settings without the command line's overrides). */
void menu_copy_row(settings *dst, const settings *src, int row);

/** What a change of row @p row's value means (a menu_change mask, as
 *  menu_choose() gives for it): for a change that did not come from the
 *  menu (another window's, saver.h). */
int menu_row_change(int row);

/** Think delays offered in the menu, in milliseconds. */
#define MENU_THINK_DELAY_COUNT 5

/** Handle a key. @return what changed (a menu_change mask). */
int menu_key_press(menu_state *m, settings *s, menu_key key);

/** Line @p line (0 or 1) of the note under the rows, saying when changes
 *  apply, translated. */
const char *menu_note(int line);

#endif /* GAME_MENU_H */
