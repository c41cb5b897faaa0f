/*
 * menu.c - the settings menu's model (see menu.h).
 */
#include "menu.h"

#include <math.h>
#include <string.h>

/* Short enough to fit beside a value at the smallest window size. */
static const char *const ROW_LABELS[MENU_ROW_COUNT] = {"Mode",
                                                       "Difficulty",
                                                       "Mistake probability",
                                                       "Your side",
                                                       "Who starts the first game",
                                                       "Watching speed",
                                                       "Computer's think delay",
                                                       "Board size",
                                                       "Marks in a row to win",
                                                       "Theme",
                                                       "Sound (M)",
                                                       "Performance overlay (F3)",
                                                       "Scores (this mode)"};

static const int OPTION_COUNTS[MENU_ROW_COUNT] = {
    [MENU_ROW_MODE] = SETTINGS_MODE_COUNT,
    [MENU_ROW_DIFFICULTY] = SETTINGS_DIFFICULTY_COUNT,
    [MENU_ROW_MISTAKES] = 0,
    [MENU_ROW_SIDE] = 3,
    [MENU_ROW_FIRST] = 2,
    [MENU_ROW_SPEED] = SETTINGS_SPEED_COUNT,
    [MENU_ROW_THINK_DELAY] = MENU_THINK_DELAY_COUNT,
    [MENU_ROW_SIZE] = TTT_MAX_SIZE - TTT_MIN_SIZE + 1,
    [MENU_ROW_K] = TTT_MAX_SIZE - TTT_MIN_K + 1,
    [MENU_ROW_THEME] = SETTINGS_THEME_COUNT,
    [MENU_ROW_SOUND] = 2,
    [MENU_ROW_OVERLAY] = 2,
    [MENU_ROW_SCORES] = 1,
};

/* Short forms that fit a segment; the status line spells modes out in full. */
static const char *const MODE_SHORT[SETTINGS_MODE_COUNT] = {"vs Computer", "2 Players", "Watch"};
static const char *const SIDE_LABELS[3] = {"X", "O", "Random"};
static const char *const FIRST_LABELS[2] = {"X", "O"};
static const int THINK_DELAYS_MS[MENU_THINK_DELAY_COUNT] = {0, 150, 300, 600, 1000};
static const char *const THINK_DELAY_LABELS[MENU_THINK_DELAY_COUNT] = {"None", "0.15 s", "0.3 s",
                                                                       "0.6 s", "1 s"};
static const char *const SIZE_LABELS[TTT_MAX_SIZE - TTT_MIN_SIZE + 1] = {"3", "4", "5",
                                                                         "6", "7", "8"};
static const char *const THEME_LABELS[SETTINGS_THEME_COUNT] = {"Light", "Dark", "High contrast"};
static const char *const OFF_ON_LABELS[2] = {"Off", "On"};

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

void menu_option_chars(int chars[MENU_ROW_COUNT])
{
    for (int i = 0; i < MENU_ROW_COUNT; i++) {
        chars[i] = 0;
        for (int j = 0; j < OPTION_COUNTS[i]; j++) {
            int n = (int)strlen(menu_option_label(i, j));
            if (n > chars[i]) chars[i] = n;
        }
    }
}

const char *menu_row_label(int row)
{
    return (row >= 0 && row < MENU_ROW_COUNT) ? ROW_LABELS[row] : "";
}

const char *menu_option_label(int row, int option)
{
    if (row < 0 || row >= MENU_ROW_COUNT || option < 0 || option >= OPTION_COUNTS[row]) return "";
    switch ((menu_row)row) {
    case MENU_ROW_MODE: return MODE_SHORT[option];
    case MENU_ROW_DIFFICULTY: return settings_difficulty_label(option);
    case MENU_ROW_SIDE: return SIDE_LABELS[option];
    case MENU_ROW_FIRST: return FIRST_LABELS[option];
    case MENU_ROW_SPEED: return settings_speed_name((settings_speed)option);
    case MENU_ROW_THINK_DELAY: return THINK_DELAY_LABELS[option];
    case MENU_ROW_SIZE:
    case MENU_ROW_K: return SIZE_LABELS[option];
    case MENU_ROW_THEME: return THEME_LABELS[option];
    case MENU_ROW_SOUND:
    case MENU_ROW_OVERLAY: return OFF_ON_LABELS[option];
    case MENU_ROW_SCORES: return "Reset scores";
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
    case MENU_ROW_SIZE: return s->board_size - TTT_MIN_SIZE;
    case MENU_ROW_K: return s->k - TTT_MIN_K;
    case MENU_ROW_THEME: return s->theme;
    case MENU_ROW_SOUND: return s->sound ? 1 : 0;
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
    case MENU_ROW_SIZE:
        s->board_size = TTT_MIN_SIZE + option;
        /* Each size starts at the engine's own line length for it. */
        s->k = ttt_default_k(s->board_size);
        return MENU_CHANGE_BOARD;
    case MENU_ROW_K: s->k = TTT_MIN_K + option; return MENU_CHANGE_BOARD;
    case MENU_ROW_THEME: s->theme = option; return MENU_CHANGE_DISPLAY;
    case MENU_ROW_SOUND: s->sound = option != 0; return MENU_CHANGE_SOUND;
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
    case MENU_ROW_THINK_DELAY: return s->mode == SETTINGS_MODE_HUMAN_VS_COMPUTER;
    case MENU_ROW_SPEED: return s->mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER;
    case MENU_ROW_MODE:
    case MENU_ROW_FIRST:
    case MENU_ROW_SIZE:
    case MENU_ROW_K:
    case MENU_ROW_THEME:
    case MENU_ROW_SOUND:
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

void menu_copy_row(settings *dst, const settings *src, int row)
{
    switch ((menu_row)row) {
    case MENU_ROW_MODE: dst->mode = src->mode; break;
    case MENU_ROW_DIFFICULTY:
    case MENU_ROW_MISTAKES:
        dst->difficulty = src->difficulty;
        dst->mistake_probability = src->mistake_probability;
        break;
    case MENU_ROW_SIDE:
        dst->side_random = src->side_random;
        dst->human_side = src->human_side;
        break;
    case MENU_ROW_FIRST: dst->first_player = src->first_player; break;
    case MENU_ROW_SPEED: dst->speed = src->speed; break;
    case MENU_ROW_THINK_DELAY: dst->think_delay_ms = src->think_delay_ms; break;
    case MENU_ROW_SIZE:
    case MENU_ROW_K:
        /* Size and k only make sense together. */
        dst->board_size = src->board_size;
        dst->k = src->k;
        break;
    case MENU_ROW_THEME: dst->theme = src->theme; break;
    case MENU_ROW_SOUND: dst->sound = src->sound; break;
    case MENU_ROW_OVERLAY: dst->show_overlay = src->show_overlay; break;
    case MENU_ROW_SCORES:
    case MENU_ROW_COUNT:
    default: break;
    }
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
    return line == 0 ? "Mode, side and difficulty apply from the computer's next move;"
                     : "board size and marks in a row from the next game.";
}
