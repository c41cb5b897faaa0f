/*
 * settings.h - everything a player can choose, in one plain struct.
 *
 * The struct is the single source of truth for the menu, the command line and
 * (in the follow-up issue) the INI file: each setting has a stable key and a
 * text form, so a loader only needs settings_set() and a saver only needs
 * settings_write(). No SDL here, so it is unit-tested without a display.
 */
#ifndef GAME_SETTINGS_H
#define GAME_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ttt/ttt.h"

/** Who controls which side. */
typedef enum settings_mode {
    SETTINGS_MODE_HUMAN_VS_COMPUTER = 0,   /**< The player against the AI. */
    SETTINGS_MODE_TWO_PLAYERS = 1,         /**< Two people sharing the mouse. */
    SETTINGS_MODE_COMPUTER_VS_COMPUTER = 2 /**< The AI plays itself; watch. */
} settings_mode;
#define SETTINGS_MODE_COUNT 3

/** The engine's presets, plus a custom mistake probability. */
#define SETTINGS_DIFFICULTY_CUSTOM TTT_DIFFICULTY_COUNT
#define SETTINGS_DIFFICULTY_COUNT (TTT_DIFFICULTY_COUNT + 1)

/** How fast computer-against-computer games run. */
typedef enum settings_speed {
    SETTINGS_SPEED_SLOW = 0,
    SETTINGS_SPEED_NORMAL = 1,
    SETTINGS_SPEED_FAST = 2
} settings_speed;
#define SETTINGS_SPEED_COUNT 3

/** Colour themes, in the order of theme.h's table: light, dark, high contrast. */
#define SETTINGS_THEME_COUNT 3

/** Longest think delay accepted, in milliseconds. */
#define SETTINGS_MAX_THINK_DELAY_MS 10000
/** Default minimum time the computer appears to think, in milliseconds. */
#define SETTINGS_DEFAULT_THINK_DELAY_MS 300

/** Everything the player chooses. Plain data: copy it by assignment. */
typedef struct settings {
    settings_mode mode;
    int difficulty;             /**< A ttt_difficulty, or SETTINGS_DIFFICULTY_CUSTOM. */
    double mistake_probability; /**< Used when difficulty is custom, 0..1. */
    ttt_player human_side;      /**< The player's mark against the computer. */
    bool side_random;           /**< Draw the player's mark at random for each game
                                     (human_side then holds the current game's draw). */
    ttt_player first_player;    /**< Who moves first in the session's first game. */
    settings_speed speed;       /**< Pace of computer-against-computer games. */
    bool show_overlay;          /**< Performance overlay visible. */
    int board_size;             /**< Squares per side, TTT_MIN_SIZE..TTT_MAX_SIZE. */
    int k;                      /**< Marks in a line to win, TTT_MIN_K..board_size. */
    int think_delay_ms;         /**< Minimum visible thinking time, 0 allowed. */
    int theme;                  /**< Index into the theme table (0 light, 1 dark, 2 contrast). */
    bool sound;                 /**< Sounds on (the M key; --mute turns them off for a run). */
    int language;               /**< LANGUAGE_AUTO (the system's) or a language (language.h). */
} settings;

/** Fill @p s with the defaults: you (X) against a medium computer, X first, 3x3,
 *  sound on. */
void settings_defaults(settings *s);

/**
 * Set one setting from its text form (the same text settings_write() writes and
 * the command line accepts). On failure @p s is unchanged and @p err (if not
 * NULL) receives a sentence saying what was wrong. Setting "size" also resets
 * k to the engine's default for that size.
 * @return true on success; false for an unknown key or a bad value.
 */
bool settings_set(settings *s, const char *key, const char *value, char *err, size_t err_cap);

/** Read a yes/no value as the settings file writes and accepts it: 1, yes,
 *  on, true or 0, no, off, false (any case). @return false for anything else. */
bool settings_parse_bool(const char *text, bool *out);

/** Is @p key one of the keys settings_set() knows? */
bool settings_is_key(const char *key);

/** Write every setting as `key = value` lines (INI body) to @p out. */
void settings_write(const settings *s, FILE *out);

/** The mistake probability the AI should use for these settings. */
double settings_effective_mistake_probability(const settings *s);

/** Fill engine AI options (agent, p, depth) for the chosen difficulty. */
void settings_ai_options(const settings *s, ttt_ai_options *opts);

/** Short display names, for the menu and messages. Never NULL. */
const char *settings_mode_name(settings_mode mode);
const char *settings_difficulty_label(int difficulty);
const char *settings_speed_name(settings_speed speed);
/** The theme's key as the INI file and --theme spell it ("light", "dark", "contrast"). */
const char *settings_theme_key(int theme);

/** Delay between moves when the computer plays itself, in milliseconds. */
int settings_speed_move_delay_ms(settings_speed speed);

/** Does the computer play @p side under these settings? */
bool settings_computer_plays(const settings *s, ttt_player side);

#endif /* GAME_SETTINGS_H */
