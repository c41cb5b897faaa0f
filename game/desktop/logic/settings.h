/*
 * settings.h - everything a player can choose, in one plain struct, and the
 * one table of its keys.
 *
 * Each setting has a key (settings_key: its name in the settings file, its
 * type, range and text forms, the field it sets, and its command-line
 * option and --help text when it has one). The settings file's reader
 * (settings_set(), from prefs_format.c) and writer (settings_write()), the
 * command line and its --help (args.c) and the menu (menu_copy_row())
 * all go through that table, so they can never disagree about a name or a
 * range. No SDL here, so it is unit-tested without a display.
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

/** The engine's levels this game labels and stores (easy, medium, hard,
 *  unbeatable: ttt_difficulty 0 to 3; a later engine may have more, which
 *  this game does not offer), plus a custom mistake probability. */
#define SETTINGS_LEVEL_COUNT 4
#define SETTINGS_DIFFICULTY_CUSTOM SETTINGS_LEVEL_COUNT
#define SETTINGS_DIFFICULTY_COUNT (SETTINGS_LEVEL_COUNT + 1)

/** How fast computer-against-computer games run. */
typedef enum settings_speed {
    SETTINGS_SPEED_SLOW = 0,
    SETTINGS_SPEED_NORMAL = 1,
    SETTINGS_SPEED_FAST = 2
} settings_speed;
#define SETTINGS_SPEED_COUNT 3

/** When the game speaks (settings.speak): when the desktop's screen reader
 *  is on, always, or never. */
typedef enum settings_speak {
    SETTINGS_SPEAK_AUTO = 0, /**< When the desktop's screen reader is on. */
    SETTINGS_SPEAK_ON = 1,
    SETTINGS_SPEAK_OFF = 2
} settings_speak;
#define SETTINGS_SPEAK_COUNT 3

/** Colour themes, in the order of theme.h's table: light, dark, high contrast. */
#define SETTINGS_THEME_COUNT 3

/** Longest think delay accepted, in milliseconds. */
#define SETTINGS_MAX_THINK_DELAY_MS 10000
/** Default minimum time the computer appears to think, in milliseconds. */
#define SETTINGS_DEFAULT_THINK_DELAY_MS 300
/** Room for a setting's value as the file writes it ("human-vs-computer",
 *  "0.25"; settings_key_write). */
#define SETTINGS_VALUE_MAX 32
/** Room for why a setting's value is refused, quoting the value, in any
 *  language (settings_key_read, settings_set). */
#define SETTINGS_MESSAGE_MAX 320

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
    bool think_on_my_time;      /**< Against the computer: it ponders while you think
                                     (ponder.h), on by default. */
    int theme;                  /**< Index into the theme table (0 light, 1 dark, 2 contrast). */
    bool sound;                 /**< Sounds on (the M key; --mute turns them off for a run). */
    int language;               /**< LANGUAGE_AUTO (the system's) or a language (language.h). */
    settings_speak speak;       /**< Speech on the desktop (speech_out.h). */
} settings;

/** How a key's value is read and written. */
typedef enum settings_type {
    SETTINGS_TYPE_CHOICE = 0,  /**< One of a few words (an enum field). */
    SETTINGS_TYPE_NUMBER,      /**< A whole number in a range (an int field). */
    SETTINGS_TYPE_SWITCH,      /**< on or off (a bool field). */
    SETTINGS_TYPE_PROBABILITY, /**< A number from 0 to 1, three decimals (a double field). */
    SETTINGS_TYPE_SPECIAL      /**< Read and written by functions of its own. */
} settings_type;

/** When a key is applied among others (the file's and the command line's
 *  order does not matter): the size resets k, and a k is only valid
 *  against its size. */
typedef enum settings_pass {
    SETTINGS_PASS_FIRST = 0, /**< size */
    SETTINGS_PASS_MIDDLE,    /**< everything else */
    SETTINGS_PASS_LAST,      /**< k */
    SETTINGS_PASS_COUNT
} settings_pass;

struct settings;

/** One setting's key. Read the table with settings_key_at(); never built elsewhere. */
typedef struct settings_key {
    const char *name; /**< The settings file's key ("mode"). */
    settings_type type;
    settings_pass pass;
    size_t offset;    /**< Where its value lives: offsetof(settings, ...). */
    size_t size;      /**< sizeof that field. */
    size_t companion; /**< A field that goes with it (copied along, see settings_key_copy()):
                           its offset, or 0 for none. */
    size_t companion_size;
    int min, max;               /**< NUMBER: the range. */
    const char *const *words;   /**< CHOICE: the text forms, one per value; SWITCH: NULL. */
    const char *const *aliases; /**< CHOICE: short forms accepted on input, or NULL. */
    const int *values;          /**< CHOICE: the value of each word, or NULL for 0, 1, 2... */
    int word_count;             /**< CHOICE: how many words. */
    const char *error;          /**< Why a value is refused: a printf format (N_()) with one %s,
                                     the value (SPECIAL keys may say more). */
    /** SPECIAL: read @p text into @p s; false leaves @p s alone. */
    bool (*read)(struct settings *s, const char *text, char *err, size_t err_cap);
    /** SPECIAL: the value's text form. */
    const char *(*write)(const struct settings *s, char *buf, size_t cap);
    const char *flag;        /**< The command line's option setting it ("--mode"), or NULL. */
    const char *placeholder; /**< --help: the value's name (N_("MODE")), or a literal. */
    const char *help;        /**< --help: what it does (N_()); '\n' starts a continuation line. */
} settings_key;

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

/** Key @p i of the table, in the order settings_write() writes them; NULL
 *  past the last. */
const settings_key *settings_key_at(int i);

/** The key named @p name (the file's), or NULL. */
const settings_key *settings_key_named(const char *name);

/** The key the command-line option @p flag ("--mode") sets, or NULL. */
const settings_key *settings_key_for_flag(const char *flag);

/**
 * Set @p key from its text form (as settings_set()). On failure @p s is
 * unchanged and @p err (if not NULL) says why, translated.
 */
bool settings_key_read(const settings_key *key, settings *s, const char *text, char *err,
                       size_t err_cap);

/** @p key's value in @p s in its text form (in @p buf, or a constant). */
const char *settings_key_write(const settings_key *key, const settings *s, char *buf, size_t cap);

/** Copy @p key's value (with its companion field: the difficulty's mistake
 *  probability, the side's "random", the size's k) from @p src to @p dst. */
void settings_key_copy(const settings_key *key, settings *dst, const settings *src);

/** Write every setting as `key = value` lines (INI body) to @p out. */
void settings_write(const settings *s, FILE *out);

/** The mistakes slider's value for these settings: the custom level's
 *  mistake probability, or a named level's place on the scale shared by
 *  every board (level_slider_value(): Easy 0.5, Medium 0.15, Hard 0.02,
 *  Unbeatable 0), so the slider reads in the levels' order on every board.
 *  What the AI plays is settings_ai_options()'s. */
double settings_effective_mistake_probability(const settings *s);

/** What the chosen level does on the chosen board, in words (level.h):
 *  "sees every win and loss 7 moves ahead". */
void settings_level_description(const settings *s, char *buf, size_t cap);

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
