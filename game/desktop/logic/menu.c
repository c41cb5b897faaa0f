/*
 * menu.c - the settings menu's model (see menu.h).
 */
#include "menu.h"

#include "layout.h"

#include <math.h>
#include <string.h>

#include "board_defaults.h"
#include "i18n.h"
#include "language.h"

/* Short enough to fit beside a value at the smallest window size, in every
 * language (desktop_text measures them). Marked with N_() and translated
 * where they are returned. */
static const char *const ROW_LABELS[MENU_ROW_COUNT] = {
    /* TRANSLATORS: a settings row: who plays (you against the computer, two
       players, or watching the computer play itself). */
    [MENU_ROW_MODE] = N_("Mode"),
    [MENU_ROW_DIFFICULTY] = N_("Difficulty"),
    /* TRANSLATORS: a settings row with a slider: how often the computer
       plays a random move instead of its best one, in percent. */
    [MENU_ROW_MISTAKES] = N_("Mistake probability"),
    /* TRANSLATORS: a settings row: which mark (X or O) you play with
       against the computer. */
    [MENU_ROW_SIDE] = N_("Your side"),
    [MENU_ROW_FIRST] = N_("Who starts the first game"),
    /* TRANSLATORS: a settings row: how fast the computer plays against
       itself while you watch. */
    [MENU_ROW_SPEED] = N_("Watching speed"),
    /* TRANSLATORS: a settings row: the least time the computer takes
       before its move, so it does not answer instantly. */
    [MENU_ROW_THINK_DELAY] = N_("Computer's think delay"),
    /* TRANSLATORS: a settings row (off or on): the computer goes on
       thinking while you think about your move, and so plays better. */
    [MENU_ROW_PONDER] = N_("Think on my time"),
    [MENU_ROW_SIZE] = N_("Board size"),
    [MENU_ROW_K] = N_("Marks in a row to win"),
    /* TRANSLATORS: a settings row: the colours (light, dark, high contrast). */
    [MENU_ROW_THEME] = N_("Theme"),
    /* TRANSLATORS: a settings row: the language of the game's text. */
    [MENU_ROW_LANGUAGE] = N_("Language"),
    /* TRANSLATORS: a settings row; M is the key that turns sound on or off. */
    [MENU_ROW_SOUND] = N_("Sound (M)"),
    /* TRANSLATORS: a settings row: the game says the moves aloud (its
       choices: when the screen reader is on, always, never). */
    [MENU_ROW_SPEAK] = N_("Speak"),
    /* TRANSLATORS: a settings row: timing figures shown at the top of the
       window; F3 is the key that shows or hides them. */
    [MENU_ROW_OVERLAY] = N_("Performance overlay (F3)"),
    /* TRANSLATORS: a settings row holding a button that resets the scores
       of the current mode only. */
    [MENU_ROW_SCORES] = N_("Scores (this mode)")};

_Static_assert(MENU_ROW_COUNT <= LAYOUT_MENU_MAX_ROWS, "the layout has room for every row");

static const int OPTION_COUNTS[MENU_ROW_COUNT] = {
    [MENU_ROW_MODE] = SETTINGS_MODE_COUNT,
    [MENU_ROW_DIFFICULTY] = SETTINGS_DIFFICULTY_COUNT,
    [MENU_ROW_MISTAKES] = 0,
    [MENU_ROW_SIDE] = 3,
    [MENU_ROW_FIRST] = 2,
    [MENU_ROW_SPEED] = SETTINGS_SPEED_COUNT,
    [MENU_ROW_THINK_DELAY] = MENU_THINK_DELAY_COUNT,
    [MENU_ROW_PONDER] = 2,
    [MENU_ROW_SIZE] = TTT_MAX_SIZE - TTT_MIN_SIZE + 1,
    [MENU_ROW_K] = TTT_MAX_SIZE - TTT_MIN_K + 1,
    [MENU_ROW_THEME] = SETTINGS_THEME_COUNT,
    [MENU_ROW_LANGUAGE] = LANGUAGE_SETTING_COUNT,
    [MENU_ROW_SOUND] = 2,
    [MENU_ROW_SPEAK] = SETTINGS_SPEAK_COUNT,
    [MENU_ROW_OVERLAY] = 2,
    [MENU_ROW_SCORES] = 1,
};

/* Short forms that fit a segment; the status line spells modes out in full.
 * The labels that are words are translated where they are returned
 * (menu_option_label); marks, numbers and language names are not. */
static const char *const MODE_SHORT[SETTINGS_MODE_COUNT] = {
    /* TRANSLATORS: a choice of the Mode row, on a narrow button: you
       against the computer. */
    N_("vs Computer"),
    /* TRANSLATORS: a choice of the Mode row, on a narrow button: two people
       take turns on this computer. */
    N_("2 Players"),
    /* TRANSLATORS: a choice of the Mode row, on a narrow button: the
       computer plays itself while you watch. */
    N_("Watch")};
/* TRANSLATORS: a choice of the Your side row: X or O, drawn afresh for each
   game. A narrow button. */
static const char *const SIDE_LABELS[3] = {"X", "O", N_("Random")};
static const char *const FIRST_LABELS[2] = {"X", "O"};
static const int THINK_DELAYS_MS[MENU_THINK_DELAY_COUNT] = {0, 150, 300, 600, 1000};
static const char *const THINK_DELAY_LABELS[MENU_THINK_DELAY_COUNT] = {
    /* TRANSLATORS: a choice of the think delay row: no delay at all. A
       narrow button. */
    N_("None"),
    /* TRANSLATORS: seconds, on a narrow button (the decimal point is kept
       as in English: numbers are written the same in every language). */
    N_("0.15 s"), N_("0.3 s"), N_("0.6 s"), N_("1 s")};
static const char *const SIZE_LABELS[TTT_MAX_SIZE - TTT_MIN_SIZE + 1] = {"3", "4", "5",
                                                                         "6", "7", "8"};
static const char *const THEME_LABELS[SETTINGS_THEME_COUNT] = {
    /* TRANSLATORS: colour themes, on narrow buttons. */
    N_("Light"), N_("Dark"), N_("High contrast")};
static const char *const SPEAK_LABELS[SETTINGS_SPEAK_COUNT] = {
    /* TRANSLATORS: a choice of the Speak row: speak when the desktop's
       screen reader is on. A narrow button. */
    N_("Screen reader"), N_("On"), N_("Off")};
/* TRANSLATORS: sound and the performance overlay, on narrow buttons. */
static const char *const OFF_ON_LABELS[2] = {N_("Off"), N_("On")};

void menu_init(menu_state *m)
{
    m->focus = 0;
    m->dragging = false;
    m->show_focus = false;
}

void menu_option_counts(int counts[MENU_ROW_COUNT])
{
    for (int i = 0; i < MENU_ROW_COUNT; i++)
        counts[i] = OPTION_COUNTS[i];
}

/* Characters in UTF-8 @p text (bytes that do not continue a sequence). */
static int utf8_chars(const char *text)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if ((*p & 0xC0) != 0x80) n++;
    return n;
}

void menu_option_chars(int chars[MENU_ROW_COUNT])
{
    for (int i = 0; i < MENU_ROW_COUNT; i++) {
        chars[i] = 0;
        for (int j = 0; j < OPTION_COUNTS[i]; j++) {
            int n = utf8_chars(menu_option_label(i, j));
            if (n > chars[i]) chars[i] = n;
        }
    }
}

const char *menu_row_label(int row)
{
    return (row >= 0 && row < MENU_ROW_COUNT) ? _(ROW_LABELS[row]) : "";
}

const char *menu_option_label(int row, int option)
{
    if (row < 0 || row >= MENU_ROW_COUNT || option < 0 || option >= OPTION_COUNTS[row]) return "";
    switch ((menu_row)row) {
    case MENU_ROW_MODE: return _(MODE_SHORT[option]);
    case MENU_ROW_DIFFICULTY: return settings_difficulty_label(option);
    case MENU_ROW_SIDE: return option == 2 ? _(SIDE_LABELS[option]) : SIDE_LABELS[option];
    case MENU_ROW_FIRST: return FIRST_LABELS[option];
    case MENU_ROW_SPEED: return settings_speed_name((settings_speed)option);
    case MENU_ROW_THINK_DELAY: return _(THINK_DELAY_LABELS[option]);
    case MENU_ROW_SIZE:
    case MENU_ROW_K: return SIZE_LABELS[option];
    case MENU_ROW_THEME: return _(THEME_LABELS[option]);
    case MENU_ROW_LANGUAGE:
        /* Each language by its own name, so a player who cannot read the
         * current one still finds theirs. */
        return option == LANGUAGE_AUTO
                   /* TRANSLATORS: a choice of the Language row: the
                      system's language (English when the game does not
                      have it). A narrow button. */
                   ? _("System")
                   : language_native_name(option);
    case MENU_ROW_PONDER:
    case MENU_ROW_SOUND:
    case MENU_ROW_OVERLAY: return _(OFF_ON_LABELS[option]);
    case MENU_ROW_SPEAK: return _(SPEAK_LABELS[option]);
    /* TRANSLATORS: a button that resets the current mode's scores (a
       second press confirms). */
    case MENU_ROW_SCORES: return _("Reset scores");
    case MENU_ROW_MISTAKES:
    case MENU_ROW_COUNT:
    default: return "";
    }
}

int menu_selected_option(const settings *s, int row)
{
    switch ((menu_row)row) {
    case MENU_ROW_MODE: return (int)s->mode;
    case MENU_ROW_DIFFICULTY: return s->difficulty;
    case MENU_ROW_SIDE: return s->side_random ? 2 : (s->human_side == TTT_PLAYER_O ? 1 : 0);
    case MENU_ROW_FIRST: return s->first_player == TTT_PLAYER_O ? 1 : 0;
    case MENU_ROW_SPEED: return (int)s->speed;
    case MENU_ROW_THINK_DELAY:
        for (int i = 0; i < MENU_THINK_DELAY_COUNT; i++)
            if (THINK_DELAYS_MS[i] == s->think_delay_ms) return i;
        return -1; /* A delay from the file or command line that the menu does not offer. */
    case MENU_ROW_PONDER: return s->think_on_my_time ? 1 : 0;
    case MENU_ROW_SIZE: return s->board_size - TTT_MIN_SIZE;
    case MENU_ROW_K: return s->k - TTT_MIN_K;
    case MENU_ROW_THEME: return s->theme;
    case MENU_ROW_LANGUAGE: return s->language;
    case MENU_ROW_SOUND: return s->sound ? 1 : 0;
    case MENU_ROW_SPEAK: return (int)s->speak;
    case MENU_ROW_OVERLAY: return s->show_overlay ? 1 : 0;
    case MENU_ROW_SCORES:
    case MENU_ROW_MISTAKES:
    case MENU_ROW_COUNT:
    default: return -1;
    }
}

int menu_choose(settings *s, int row, int option)
{
    if (row < 0 || row >= MENU_ROW_COUNT || option < 0 || option >= OPTION_COUNTS[row])
        return MENU_CHANGE_NONE;
    if (!menu_option_enabled(s, row, option)) return MENU_CHANGE_NONE;
    if (row == MENU_ROW_DIFFICULTY && option == SETTINGS_DIFFICULTY_CUSTOM &&
        s->difficulty == SETTINGS_DIFFICULTY_CUSTOM)
        return MENU_CHANGE_NONE;
    if (row == MENU_ROW_SCORES) return MENU_CHANGE_RESET_SCORES;
    if (menu_selected_option(s, row) == option) return MENU_CHANGE_NONE;
    switch ((menu_row)row) {
    case MENU_ROW_MODE: s->mode = (settings_mode)option; return MENU_CHANGE_AI;
    case MENU_ROW_DIFFICULTY:
        /* Custom comes back at the player's own value: picking a preset
         * leaves mistake_probability alone. */
        s->difficulty = option;
        return MENU_CHANGE_AI;
    case MENU_ROW_SIDE:
        s->side_random = option == 2;
        if (option < 2) s->human_side = option ? TTT_PLAYER_O : TTT_PLAYER_X;
        return MENU_CHANGE_AI | MENU_CHANGE_SIDE;
    case MENU_ROW_FIRST:
        s->first_player = option ? TTT_PLAYER_O : TTT_PLAYER_X;
        return MENU_CHANGE_FIRST;
    case MENU_ROW_SPEED: s->speed = (settings_speed)option; return MENU_CHANGE_DISPLAY;
    case MENU_ROW_THINK_DELAY:
        s->think_delay_ms = THINK_DELAYS_MS[option];
        return MENU_CHANGE_DISPLAY;
    case MENU_ROW_PONDER: s->think_on_my_time = option != 0; return MENU_CHANGE_DISPLAY;
    case MENU_ROW_SIZE:
        s->board_size = TTT_MIN_SIZE + option;
        /* Each size starts at the engine's own line length for it. */
        s->k = board_default_k(s->board_size);
        return MENU_CHANGE_BOARD;
    case MENU_ROW_K: s->k = TTT_MIN_K + option; return MENU_CHANGE_BOARD;
    case MENU_ROW_THEME: s->theme = option; return MENU_CHANGE_DISPLAY;
    case MENU_ROW_LANGUAGE: s->language = option; return MENU_CHANGE_LANGUAGE;
    case MENU_ROW_SOUND: s->sound = option != 0; return MENU_CHANGE_SOUND;
    case MENU_ROW_SPEAK: s->speak = (settings_speak)option; return MENU_CHANGE_SPEAK;
    case MENU_ROW_OVERLAY: s->show_overlay = option != 0; return MENU_CHANGE_DISPLAY;
    case MENU_ROW_SCORES:
    case MENU_ROW_MISTAKES:
    case MENU_ROW_COUNT:
    default: return MENU_CHANGE_NONE;
    }
}

bool menu_row_enabled(const settings *s, int row)
{
    bool computer = s->mode != SETTINGS_MODE_TWO_PLAYERS;
    switch ((menu_row)row) {
    case MENU_ROW_DIFFICULTY:
    case MENU_ROW_MISTAKES: return computer;
    case MENU_ROW_SIDE:
    case MENU_ROW_THINK_DELAY:
    case MENU_ROW_PONDER: return s->mode == SETTINGS_MODE_HUMAN_VS_COMPUTER;
    case MENU_ROW_SPEED: return s->mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER;
#ifdef __EMSCRIPTEN__
    case MENU_ROW_SPEAK: return false; /* In a browser the page's screen reader speaks. */
#endif
    case MENU_ROW_MODE:
    case MENU_ROW_FIRST:
    case MENU_ROW_SIZE:
    case MENU_ROW_K:
    case MENU_ROW_THEME:
    case MENU_ROW_LANGUAGE:
    case MENU_ROW_SOUND:
#ifndef __EMSCRIPTEN__
    case MENU_ROW_SPEAK:
#endif
    case MENU_ROW_OVERLAY:
    case MENU_ROW_SCORES: return true;
    case MENU_ROW_COUNT:
    default: return false;
    }
}

bool menu_option_enabled(const settings *s, int row, int option)
{
    if (row < 0 || row >= MENU_ROW_COUNT || option < 0 || option >= OPTION_COUNTS[row])
        return false;
    if (!menu_row_enabled(s, row)) return false;
    if (row == MENU_ROW_K) return TTT_MIN_K + option <= s->board_size;
    return true;
}

/* The settings key each row shows; its companion fields come along when a
 * row is copied (settings_key_copy): the difficulty's mistake probability,
 * the side's "random", the size's k (size and k only make sense together,
 * so the k row copies the size's key too). */
static const char *const ROW_KEYS[MENU_ROW_COUNT] = {
    [MENU_ROW_MODE] = "mode",
    [MENU_ROW_DIFFICULTY] = "difficulty",
    [MENU_ROW_MISTAKES] = "difficulty",
    [MENU_ROW_SIDE] = "side",
    [MENU_ROW_FIRST] = "first",
    [MENU_ROW_SPEED] = "speed",
    [MENU_ROW_THINK_DELAY] = "think_delay_ms",
    [MENU_ROW_PONDER] = "think_on_my_time",
    [MENU_ROW_SIZE] = "size",
    [MENU_ROW_K] = "size",
    [MENU_ROW_THEME] = "theme",
    [MENU_ROW_LANGUAGE] = "language",
    [MENU_ROW_SOUND] = "sound",
    [MENU_ROW_SPEAK] = "speak",
    [MENU_ROW_OVERLAY] = "overlay",
    [MENU_ROW_SCORES] = NULL, /* an action, not a setting */
};

int menu_row_change(int row)
{
    static const int CHANGES[MENU_ROW_COUNT] = {[MENU_ROW_MODE] = MENU_CHANGE_AI,
                                                [MENU_ROW_DIFFICULTY] = MENU_CHANGE_AI,
                                                [MENU_ROW_MISTAKES] = MENU_CHANGE_AI,
                                                [MENU_ROW_SIDE] = MENU_CHANGE_AI | MENU_CHANGE_SIDE,
                                                [MENU_ROW_FIRST] = MENU_CHANGE_FIRST,
                                                [MENU_ROW_SPEED] = MENU_CHANGE_DISPLAY,
                                                [MENU_ROW_THINK_DELAY] = MENU_CHANGE_DISPLAY,
                                                [MENU_ROW_SIZE] = MENU_CHANGE_BOARD,
                                                [MENU_ROW_K] = MENU_CHANGE_BOARD,
                                                [MENU_ROW_THEME] = MENU_CHANGE_DISPLAY,
                                                [MENU_ROW_LANGUAGE] = MENU_CHANGE_LANGUAGE,
                                                [MENU_ROW_SOUND] = MENU_CHANGE_SOUND,
                                                [MENU_ROW_SPEAK] = MENU_CHANGE_SPEAK,
                                                [MENU_ROW_OVERLAY] = MENU_CHANGE_DISPLAY,
                                                [MENU_ROW_SCORES] = MENU_CHANGE_NONE};
    return row >= 0 && row < MENU_ROW_COUNT ? CHANGES[row] : MENU_CHANGE_NONE;
}

void menu_copy_row(settings *dst, const settings *src, int row)
{
    if (row < 0 || row >= MENU_ROW_COUNT || !ROW_KEYS[row]) return;
    settings_key_copy(settings_key_named(ROW_KEYS[row]), dst, src);
}

int menu_set_slider(settings *s, double value)
{
    if (!menu_row_enabled(s, MENU_ROW_MISTAKES)) return MENU_CHANGE_NONE;
    double v = value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
    /* Whole percent steps: the label shows percent, and equal labels should
     * mean equal play. */
    v = round(v * 100.0) / 100.0;
    if (s->difficulty == SETTINGS_DIFFICULTY_CUSTOM && fabs(s->mistake_probability - v) < 1e-9)
        return MENU_CHANGE_NONE;
    s->difficulty = SETTINGS_DIFFICULTY_CUSTOM;
    s->mistake_probability = v;
    return MENU_CHANGE_AI;
}

int menu_key_press(menu_state *m, settings *s, menu_key key)
{
    int rows = MENU_ROW_COUNT + 1; /* plus Done */
    m->show_focus = true;
    switch (key) {
    case MENU_KEY_UP:
    case MENU_KEY_DOWN: {
        /* Rows that do not apply to this mode are passed over. */
        int step = key == MENU_KEY_UP ? rows - 1 : 1;
        do
            m->focus = (m->focus + step) % rows;
        while (m->focus < MENU_ROW_COUNT && !menu_row_enabled(s, m->focus));
        return MENU_CHANGE_NONE;
    }
    case MENU_KEY_LEFT:
    case MENU_KEY_RIGHT: {
        int step = key == MENU_KEY_LEFT ? -1 : 1;
        if (m->focus == MENU_ROW_MISTAKES)
            return menu_set_slider(s, settings_effective_mistake_probability(s) +
                                          (double)step * MENU_SLIDER_KEY_STEP);
        /* Arrows change values; an action (Reset scores) needs Enter. */
        if (m->focus >= MENU_ROW_COUNT || m->focus == MENU_ROW_SCORES) return MENU_CHANGE_NONE;
        int n = OPTION_COUNTS[m->focus];
        int cur = menu_selected_option(s, m->focus);
        /* A value the menu does not list (think delay 450 from the file)
         * steps to the nearest end. */
        int next = cur < 0 ? (step > 0 ? 0 : n - 1) : cur + step;
        if (next < 0 || next >= n) return MENU_CHANGE_NONE;
        return menu_choose(s, m->focus, next);
    }
    case MENU_KEY_ACTIVATE:
        if (m->focus == MENU_FOCUS_DONE) return MENU_CHANGE_CLOSE;
        if (m->focus < MENU_ROW_COUNT && OPTION_COUNTS[m->focus] > 0) {
            int n = OPTION_COUNTS[m->focus];
            int cur = menu_selected_option(s, m->focus);
            /* Enter cycles through the choices, skipping unavailable ones. */
            for (int i = 1; i <= n; i++) {
                int next = ((cur < 0 ? -1 : cur) + i) % n;
                if (menu_option_enabled(s, m->focus, next)) return menu_choose(s, m->focus, next);
            }
        }
        return MENU_CHANGE_NONE;
    default: return MENU_CHANGE_NONE;
    }
}

const char *menu_note(int line)
{
    /* TRANSLATORS: the note under the settings, in two lines of about the
       same length (each line must fit the menu's width on its own). */
    return line == 0 ? _("Mode, side and difficulty apply from the computer's next move;")
                     /* TRANSLATORS: the note's second line. */
                     : _("board size and marks in a row from the next game.");
}
