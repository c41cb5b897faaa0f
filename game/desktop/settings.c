/*
 * settings.c - defaults, text forms and validation of the player's settings.
 *
 * Every setting is read and written through one key table so the command
 * line, the menu and the INI file (prefs.c) can never disagree about names.
 */
#include "settings.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "board_defaults.h"
#include "i18n.h"
#include "language.h"
#include "numparse.h"

/* Pause between two moves of computer-against-computer games. */
#define SPEED_SLOW_MOVE_DELAY_MS 900
#define SPEED_NORMAL_MOVE_DELAY_MS 450
#define SPEED_FAST_MOVE_DELAY_MS 120

static const char *const MODE_KEYS[SETTINGS_MODE_COUNT] = {"human-vs-computer", "two-players",
                                                           "computer-vs-computer"};
/* Short aliases accepted on input (hvc, pvp, cvc) in the same order. */
static const char *const MODE_ALIASES[SETTINGS_MODE_COUNT] = {"hvc", "pvp", "cvc"};
/* The names people read, translated where they are returned. */
static const char *const MODE_NAMES[SETTINGS_MODE_COUNT] = {
    N_("You vs computer"), N_("Two players"), N_("Computer vs computer")};
static const char *const SPEED_KEYS[SETTINGS_SPEED_COUNT] = {"slow", "normal", "fast"};
/* TRANSLATORS: how fast the computer plays itself, on narrow buttons. */
static const char *const SPEED_NAMES[SETTINGS_SPEED_COUNT] = {N_("Slow"), N_("Normal"), N_("Fast")};
static const char *const THEME_KEYS[SETTINGS_THEME_COUNT] = {"light", "dark", "contrast"};
static const char *const DIFFICULTY_LABELS[SETTINGS_DIFFICULTY_COUNT] = {
    /* TRANSLATORS: the computer's difficulty, on five narrow buttons side
       by side; Custom is the player's own mistake probability. */
    N_("Easy"), N_("Medium"), N_("Hard"), N_("Unbeatable"), N_("Custom")};

void settings_defaults(settings *s)
{
    s->mode = SETTINGS_MODE_HUMAN_VS_COMPUTER;
    s->difficulty = TTT_DIFFICULTY_MEDIUM;
    s->mistake_probability = 0.25;
    s->human_side = TTT_PLAYER_X;
    s->side_random = false;
    s->first_player = TTT_PLAYER_X;
    s->speed = SETTINGS_SPEED_NORMAL;
    s->show_overlay = false;
    s->board_size = 3;
    s->k = 3;
    s->think_delay_ms = SETTINGS_DEFAULT_THINK_DELAY_MS;
    s->theme = 0;
    s->sound = true;
    s->language = LANGUAGE_AUTO;
}

/* ------------------------------------------------------------------------- */
/* Parsing helpers                                                           */
/* ------------------------------------------------------------------------- */

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static void
set_err(char *err, size_t cap, const char *fmt, ...)
{
    if (!err || cap == 0) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
}

static bool parse_player(const char *text, ttt_player *out)
{
    if (strcasecmp(text, "x") == 0) {
        *out = TTT_PLAYER_X;
        return true;
    }
    if (strcasecmp(text, "o") == 0) {
        *out = TTT_PLAYER_O;
        return true;
    }
    return false;
}

bool settings_parse_bool(const char *text, bool *out)
{
    static const char *const yes[] = {"1", "yes", "on", "true"};
    static const char *const no[] = {"0", "no", "off", "false"};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        if (strcasecmp(text, yes[i]) == 0) {
            *out = true;
            return true;
        }
        if (strcasecmp(text, no[i]) == 0) {
            *out = false;
            return true;
        }
    }
    return false;
}

static const char *player_key(ttt_player p)
{
    return p == TTT_PLAYER_O ? "o" : "x";
}

/* ------------------------------------------------------------------------- */
/* Public                                                                    */
/* ------------------------------------------------------------------------- */

bool settings_set(settings *s, const char *key, const char *value, char *err, size_t err_cap)
{
    if (!s || !key || !value) {
        set_err(err, err_cap, "%s", _("missing key or value"));
        return false;
    }
    if (strcmp(key, "mode") == 0) {
        for (int i = 0; i < SETTINGS_MODE_COUNT; i++) {
            if (strcasecmp(value, MODE_KEYS[i]) == 0 || strcasecmp(value, MODE_ALIASES[i]) == 0) {
                s->mode = (settings_mode)i;
                return true;
            }
        }
        /* TRANSLATORS: %s is the value given; the words after "use" are
           the values the settings file and the command line accept, which
           are not translated. */
        set_err(err, err_cap,
                _("bad mode '%s': use human-vs-computer (hvc), two-players (pvp) or "
                  "computer-vs-computer (cvc)"),
                value);
        return false;
    }
    if (strcmp(key, "difficulty") == 0) {
        ttt_difficulty level;
        if (ttt_difficulty_from_name(value, &level) == TTT_OK) {
            s->difficulty = (int)level;
            return true;
        }
        double p;
        if (numparse_double(value, 0.0, 1.0, &p) == NUMPARSE_OK) {
            s->difficulty = SETTINGS_DIFFICULTY_CUSTOM;
            s->mistake_probability = p;
            return true;
        }
        set_err(err, err_cap,
                _("bad difficulty '%s': use easy, medium, hard, unbeatable, or a mistake "
                  "probability from 0 to 1"),
                value);
        return false;
    }
    if (strcmp(key, "mistake_probability") == 0) {
        double p;
        if (numparse_double(value, 0.0, 1.0, &p) != NUMPARSE_OK) {
            set_err(err, err_cap, _("bad mistake probability '%s': use a number from 0 to 1"),
                    value);
            return false;
        }
        s->mistake_probability = p;
        return true;
    }
    if (strcmp(key, "side") == 0 && strcasecmp(value, "random") == 0) {
        s->side_random = true;
        return true;
    }
    if (strcmp(key, "side") == 0 || strcmp(key, "first") == 0) {
        ttt_player p;
        if (!parse_player(value, &p)) {
            if (key[0] == 's') {
                set_err(err, err_cap, _("bad side '%s': use x, o or random"), value);
                return false;
            }
            set_err(err, err_cap, _("bad first player '%s': use x or o"), value);
            return false;
        }
        if (key[0] == 's') {
            s->human_side = p;
            s->side_random = false;
        } else
            s->first_player = p;
        return true;
    }
    if (strcmp(key, "speed") == 0) {
        for (int i = 0; i < SETTINGS_SPEED_COUNT; i++) {
            if (strcasecmp(value, SPEED_KEYS[i]) == 0) {
                s->speed = (settings_speed)i;
                return true;
            }
        }
        set_err(err, err_cap, _("bad speed '%s': use slow, normal or fast"), value);
        return false;
    }
    if (strcmp(key, "overlay") == 0) {
        if (!settings_parse_bool(value, &s->show_overlay)) {
            set_err(err, err_cap, _("bad overlay '%s': use on or off"), value);
            return false;
        }
        return true;
    }
    if (strcmp(key, "sound") == 0) {
        if (!settings_parse_bool(value, &s->sound)) {
            set_err(err, err_cap, _("bad sound '%s': use on or off"), value);
            return false;
        }
        return true;
    }
    if (strcmp(key, "size") == 0) {
        long v;
        if (numparse_long(value, TTT_MIN_SIZE, TTT_MAX_SIZE, &v) != NUMPARSE_OK) {
            set_err(err, err_cap, _("bad size '%s': use a number from 3 to 8"), value);
            return false;
        }
        s->board_size = (int)v;
        s->k = board_default_k(s->board_size);
        return true;
    }
    if (strcmp(key, "k") == 0) {
        long v;
        if (numparse_long(value, TTT_MIN_K, s->board_size, &v) != NUMPARSE_OK) {
            /* TRANSLATORS: k is the number of marks in a row that wins. */
            set_err(err, err_cap,
                    _("bad k '%s': use a number from %d to %d (at most the board size)"), value,
                    TTT_MIN_K, s->board_size);
            return false;
        }
        s->k = (int)v;
        return true;
    }
    if (strcmp(key, "think_delay_ms") == 0) {
        long v;
        if (numparse_long(value, 0, SETTINGS_MAX_THINK_DELAY_MS, &v) != NUMPARSE_OK) {
            set_err(err, err_cap, _("bad think delay '%s': use milliseconds from 0 to 10000"),
                    value);
            return false;
        }
        s->think_delay_ms = (int)v;
        return true;
    }
    if (strcmp(key, "theme") == 0) {
        for (int i = 0; i < SETTINGS_THEME_COUNT; i++) {
            if (strcasecmp(value, THEME_KEYS[i]) == 0) {
                s->theme = i;
                return true;
            }
        }
        /* The index is accepted too, as the first version wrote it. */
        long v;
        if (numparse_long(value, 0, SETTINGS_THEME_COUNT - 1, &v) != NUMPARSE_OK) {
            set_err(err, err_cap, _("bad theme '%s': use light, dark or contrast"), value);
            return false;
        }
        s->theme = (int)v;
        return true;
    }
    if (strcmp(key, "language") == 0) {
        int language = language_from_key(value);
        if (language < 0) {
            set_err(err, err_cap, _("bad language '%s': use auto, en, de, es or fr"), value);
            return false;
        }
        s->language = language;
        return true;
    }
    set_err(err, err_cap, _("unknown setting '%s'"), key);
    return false;
}

bool settings_is_key(const char *key)
{
    static const char *const KEYS[] = {
        "mode", "difficulty", "mistake_probability", "side",  "first", "speed",   "overlay",
        "size", "k",          "think_delay_ms",      "theme", "sound", "language"};
    for (size_t i = 0; key && i < sizeof KEYS / sizeof KEYS[0]; i++)
        if (strcmp(key, KEYS[i]) == 0) return true;
    return false;
}

void settings_write(const settings *s, FILE *out)
{
    const char *difficulty = s->difficulty >= 0 && s->difficulty < TTT_DIFFICULTY_COUNT
                                 ? ttt_difficulty_name((ttt_difficulty)s->difficulty)
                                 : "custom";
    fprintf(out, "mode = %s\n", MODE_KEYS[s->mode]);
    if (s->difficulty == SETTINGS_DIFFICULTY_CUSTOM)
        fprintf(out, "difficulty = %.3f\n", s->mistake_probability);
    else
        fprintf(out, "difficulty = %s\n", difficulty);
    fprintf(out, "mistake_probability = %.3f\n", s->mistake_probability);
    fprintf(out, "side = %s\n", s->side_random ? "random" : player_key(s->human_side));
    fprintf(out, "first = %s\n", player_key(s->first_player));
    fprintf(out, "speed = %s\n", SPEED_KEYS[s->speed]);
    fprintf(out, "overlay = %s\n", s->show_overlay ? "on" : "off");
    fprintf(out, "size = %d\n", s->board_size);
    fprintf(out, "k = %d\n", s->k);
    fprintf(out, "think_delay_ms = %d\n", s->think_delay_ms);
    fprintf(out, "theme = %s\n", settings_theme_key(s->theme));
    fprintf(out, "sound = %s\n", s->sound ? "on" : "off");
    fprintf(out, "language = %s\n", language_key(s->language));
}

double settings_effective_mistake_probability(const settings *s)
{
    if (s->difficulty == SETTINGS_DIFFICULTY_CUSTOM) return s->mistake_probability;
    ttt_ai_options opts;
    TTT_INIT(&opts);
    if (ttt_ai_options_preset(&opts, (ttt_difficulty)s->difficulty, s->board_size, s->k) != TTT_OK)
        return s->mistake_probability;
    return opts.mistake_probability;
}

void settings_ai_options(const settings *s, ttt_ai_options *opts)
{
    if (s->difficulty == SETTINGS_DIFFICULTY_CUSTOM ||
        ttt_ai_options_preset(opts, (ttt_difficulty)s->difficulty, s->board_size, s->k) != TTT_OK) {
        opts->agent = TTT_AGENT_MINIMAX;
        opts->max_depth = 0;
        opts->mistake_probability = s->mistake_probability;
    }
}

const char *settings_mode_name(settings_mode mode)
{
    return (mode >= 0 && mode < SETTINGS_MODE_COUNT) ? _(MODE_NAMES[mode]) : "?";
}

const char *settings_difficulty_label(int difficulty)
{
    return (difficulty >= 0 && difficulty < SETTINGS_DIFFICULTY_COUNT)
               ? _(DIFFICULTY_LABELS[difficulty])
               : "?";
}

const char *settings_speed_name(settings_speed speed)
{
    return (speed >= 0 && speed < SETTINGS_SPEED_COUNT) ? _(SPEED_NAMES[speed]) : "?";
}

const char *settings_theme_key(int theme)
{
    return (theme >= 0 && theme < SETTINGS_THEME_COUNT) ? THEME_KEYS[theme] : THEME_KEYS[0];
}

int settings_speed_move_delay_ms(settings_speed speed)
{
    switch (speed) {
    case SETTINGS_SPEED_SLOW: return SPEED_SLOW_MOVE_DELAY_MS;
    case SETTINGS_SPEED_FAST: return SPEED_FAST_MOVE_DELAY_MS;
    case SETTINGS_SPEED_NORMAL:
    default: return SPEED_NORMAL_MOVE_DELAY_MS;
    }
}

bool settings_computer_plays(const settings *s, ttt_player side)
{
    switch (s->mode) {
    case SETTINGS_MODE_HUMAN_VS_COMPUTER: return side != TTT_PLAYER_NONE && side != s->human_side;
    case SETTINGS_MODE_COMPUTER_VS_COMPUTER: return side != TTT_PLAYER_NONE;
    case SETTINGS_MODE_TWO_PLAYERS:
    default: return false;
    }
}
