/*
 * settings.c - defaults, text forms and validation of the player's settings.
 *
 * Every setting is read and written through one table of keys (KEYS below):
 * the settings file (prefs_format.c), the command line and --help (args.c)
 * and the menu (menu.c) use it, so they can never disagree about names.
 */
#include "settings.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "board_defaults.h"
#include "level.h"
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
static const char *const SPEAK_KEYS[SETTINGS_SPEAK_COUNT] = {"auto", "on", "off"};
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
    s->think_on_my_time = true;
    s->theme = 0;
    s->sound = true;
    s->language = LANGUAGE_AUTO;
    s->speak = SETTINGS_SPEAK_AUTO;
}

/* ------------------------------------------------------------------------- */
/* Reading and writing values                                                */
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

/* A key's own message (settings_key::error, translated) about @p value.
 * Not checked by the compiler as a format: each of the table's messages
 * takes exactly one %s (desktop_args sets every key to a bad value and
 * finds it quoted). */
static void key_error(char *err, size_t cap, const settings_key *key, const char *value)
{
    if (!err || cap == 0) return;
    const char *fmt = _(key->error);
    /* One %s, substituted by hand rather than through a non-literal format. */
    const char *at = strstr(fmt, "%s");
    if (!at) {
        snprintf(err, cap, "%s", fmt);
        return;
    }
    snprintf(err, cap, "%.*s%s%s", (int)(at - fmt), fmt, value, at + 2);
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

/* The difficulty: a preset's name, or a mistake probability (custom). */
static bool read_difficulty(settings *s, const char *text, char *err, size_t cap)
{
    (void)err;
    (void)cap;
    ttt_difficulty level;
    if (ttt_difficulty_from_name(text, &level) == TTT_OK) {
        s->difficulty = (int)level;
        return true;
    }
    double p;
    if (numparse_double(text, 0.0, 1.0, &p) != NUMPARSE_OK) return false;
    s->difficulty = SETTINGS_DIFFICULTY_CUSTOM;
    s->mistake_probability = p;
    return true;
}

static const char *write_difficulty(const settings *s, char *buf, size_t cap)
{
    if (s->difficulty == SETTINGS_DIFFICULTY_CUSTOM) {
        snprintf(buf, cap, "%.3f", s->mistake_probability);
        return buf;
    }
    if (s->difficulty >= 0 && s->difficulty < SETTINGS_LEVEL_COUNT)
        return ttt_difficulty_name((ttt_difficulty)s->difficulty);
    return "custom";
}

/* Your side: x, o, or random (drawn for each game). */
static bool read_side(settings *s, const char *text, char *err, size_t cap)
{
    (void)err;
    (void)cap;
    if (strcasecmp(text, "random") == 0) {
        s->side_random = true;
        return true;
    }
    if (strcasecmp(text, "x") != 0 && strcasecmp(text, "o") != 0) return false;
    s->human_side = strcasecmp(text, "o") == 0 ? TTT_PLAYER_O : TTT_PLAYER_X;
    s->side_random = false;
    return true;
}

static const char *write_side(const settings *s, char *buf, size_t cap)
{
    (void)buf;
    (void)cap;
    return s->side_random ? "random" : player_key(s->human_side);
}

/* The board size; each size starts at the engine's own line length for it. */
static bool read_size(settings *s, const char *text, char *err, size_t cap)
{
    (void)err;
    (void)cap;
    long v;
    if (numparse_long(text, TTT_MIN_SIZE, TTT_MAX_SIZE, &v) != NUMPARSE_OK) return false;
    s->board_size = (int)v;
    s->k = board_default_k(s->board_size);
    return true;
}

/* k: at most the board size, so its message names the range. */
static bool read_k(settings *s, const char *text, char *err, size_t cap)
{
    long v;
    if (numparse_long(text, TTT_MIN_K, s->board_size, &v) != NUMPARSE_OK) {
        /* TRANSLATORS: k is the number of marks in a row that wins. */
        set_err(err, cap, _("bad k '%s': use a number from %d to %d (at most the board size)"),
                text, TTT_MIN_K, s->board_size);
        return false;
    }
    s->k = (int)v;
    return true;
}

/* The theme's key, or its index, as the first version wrote it. */
static bool read_theme(settings *s, const char *text, char *err, size_t cap)
{
    (void)err;
    (void)cap;
    for (int i = 0; i < SETTINGS_THEME_COUNT; i++) {
        if (strcasecmp(text, THEME_KEYS[i]) == 0) {
            s->theme = i;
            return true;
        }
    }
    long v;
    if (numparse_long(text, 0, SETTINGS_THEME_COUNT - 1, &v) != NUMPARSE_OK) return false;
    s->theme = (int)v;
    return true;
}

static const char *write_theme(const settings *s, char *buf, size_t cap)
{
    (void)buf;
    (void)cap;
    return settings_theme_key(s->theme);
}

static bool read_language(settings *s, const char *text, char *err, size_t cap)
{
    (void)err;
    (void)cap;
    int language = language_from_key(text);
    if (language < 0) return false;
    s->language = language;
    return true;
}

static const char *write_language(const settings *s, char *buf, size_t cap)
{
    (void)buf;
    (void)cap;
    return language_key(s->language);
}

/* ------------------------------------------------------------------------- */
/* The keys                                                                  */
/* ------------------------------------------------------------------------- */

/* The enum fields are read and written as int through their offsets. */
_Static_assert(sizeof(settings_mode) == sizeof(int), "settings_mode is stored as an int");
_Static_assert(sizeof(settings_speed) == sizeof(int), "settings_speed is stored as an int");
_Static_assert(sizeof(ttt_player) == sizeof(int), "ttt_player is stored as an int");

/* A key's field and its companion, as designated initializers. */
#define FIELD(f) .offset = offsetof(settings, f), .size = sizeof(((settings *)0)->f)
#define COMPANION(f)                                                                               \
    .companion = offsetof(settings, f), .companion_size = sizeof(((settings *)0)->f)

static const char *const PLAYER_KEYS[2] = {"x", "o"};
static const int PLAYER_VALUES[2] = {TTT_PLAYER_X, TTT_PLAYER_O};
static const char *const SWITCH_WORDS[2] = {"off", "on"};

/* In the order the settings file lists them. The error messages are the
 * file's and the command line's; --help shows the keys with a flag (the
 * others' options are args.c's own: --first takes human and computer too,
 * --overlay and --mute take no value). Each error message takes one %s,
 * the value refused. */
static const settings_key KEYS[] = {
    {.name = "mode",
     .type = SETTINGS_TYPE_CHOICE,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(mode),
     .words = MODE_KEYS,
     .aliases = MODE_ALIASES,
     .word_count = SETTINGS_MODE_COUNT,
     /* TRANSLATORS: %s is the value given; the words after "use" are
        the values the settings file and the command line accept, which
        are not translated. */
     /* xgettext:c-format */
     .error = N_("bad mode '%s': use human-vs-computer (hvc), two-players (pvp) or "
                 "computer-vs-computer (cvc)"),
     .flag = "--mode",
     /* TRANSLATORS: --help: the name of --mode's value. */
     .placeholder = N_("MODE"),
     /* TRANSLATORS: --help: what --mode takes. Each line of a description
        must fit 54 columns; \n starts the next line. */
     .help = N_("human-vs-computer (hvc), two-players (pvp),\ncomputer-vs-computer (cvc)")},
    {.name = "difficulty",
     .type = SETTINGS_TYPE_SPECIAL,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(difficulty),
     COMPANION(mistake_probability),
     /* xgettext:c-format */
     .error = N_("bad difficulty '%s': use easy, medium, hard, unbeatable, or a mistake "
                 "probability from 0 to 1"),
     .read = read_difficulty,
     .write = write_difficulty,
     .flag = "--difficulty",
     /* TRANSLATORS: --help: the name of --difficulty's value. */
     .placeholder = N_("LEVEL"),
     .help = N_("easy, medium, hard, unbeatable, or a mistake\nprobability from 0 to 1")},
    {.name = "mistake_probability",
     .type = SETTINGS_TYPE_PROBABILITY,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(mistake_probability),
     .max = 1,
     /* xgettext:c-format */
     .error = N_("bad mistake probability '%s': use a number from 0 to 1")},
    {.name = "side",
     .type = SETTINGS_TYPE_SPECIAL,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(human_side),
     COMPANION(side_random),
     /* xgettext:c-format */
     .error = N_("bad side '%s': use x, o or random"),
     .read = read_side,
     .write = write_side,
     .flag = "--side",
     .placeholder = "x|o|random", /* the values themselves: not translated */
     .help = N_("your mark against the computer (default x)")},
    {.name = "first",
     .type = SETTINGS_TYPE_CHOICE,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(first_player),
     .words = PLAYER_KEYS,
     .values = PLAYER_VALUES,
     .word_count = 2,
     /* xgettext:c-format */
     .error = N_("bad first player '%s': use x or o")},
    {.name = "speed",
     .type = SETTINGS_TYPE_CHOICE,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(speed),
     .words = SPEED_KEYS,
     .word_count = SETTINGS_SPEED_COUNT,
     /* xgettext:c-format */
     .error = N_("bad speed '%s': use slow, normal or fast"),
     .flag = "--speed",
     /* TRANSLATORS: --help: the name of --speed's value. */
     .placeholder = N_("SPEED"),
     .help = N_("computer-vs-computer pace: slow, normal, fast")},
    {.name = "overlay",
     .type = SETTINGS_TYPE_SWITCH,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(show_overlay),
     .words = SWITCH_WORDS,
     .word_count = 2,
     /* xgettext:c-format */
     .error = N_("bad overlay '%s': use on or off")},
    {.name = "size",
     .type = SETTINGS_TYPE_SPECIAL,
     .pass = SETTINGS_PASS_FIRST,
     FIELD(board_size),
     COMPANION(k),
     .min = TTT_MIN_SIZE,
     .max = TTT_MAX_SIZE,
     /* xgettext:c-format */
     .error = N_("bad size '%s': use a number from 3 to 8"),
     .read = read_size,
     .flag = "--size",
     /* TRANSLATORS: --help: the name of --size's value, a number. */
     .placeholder = N_("N"),
     .help = N_("board size, 3 to 8 (default 3)")},
    {.name = "k",
     .type = SETTINGS_TYPE_SPECIAL,
     .pass = SETTINGS_PASS_LAST,
     FIELD(k),
     .min = TTT_MIN_K,
     .max = TTT_MAX_SIZE, /* and at most the size: read_k says so itself */
     .read = read_k,
     .flag = "--k",
     /* TRANSLATORS: --help: the name of --k's value. */
     .placeholder = N_("K"),
     .help = N_("marks in a line to win, 3 to N (default for N)")},
    {.name = "think_delay_ms",
     .type = SETTINGS_TYPE_NUMBER,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(think_delay_ms),
     .max = SETTINGS_MAX_THINK_DELAY_MS,
     /* xgettext:c-format */
     .error = N_("bad think delay '%s': use milliseconds from 0 to 10000"),
     .flag = "--think-delay-ms",
     /* TRANSLATORS: --help: the name of a value in milliseconds. */
     .placeholder = N_("MS"),
     .help = N_("minimum computer thinking time (default 300, 0 allowed)")},
    {.name = "think_on_my_time",
     .type = SETTINGS_TYPE_SWITCH,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(think_on_my_time),
     .words = SWITCH_WORDS,
     .word_count = 2,
     /* xgettext:c-format */
     .error = N_("bad think_on_my_time '%s': use on or off")},
    {.name = "theme",
     .type = SETTINGS_TYPE_SPECIAL,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(theme),
     .max = SETTINGS_THEME_COUNT - 1,
     .words = THEME_KEYS,
     .word_count = SETTINGS_THEME_COUNT,
     /* xgettext:c-format */
     .error = N_("bad theme '%s': use light, dark or contrast"),
     .read = read_theme,
     .write = write_theme,
     .flag = "--theme",
     /* TRANSLATORS: --help: the name of --theme's value. */
     .placeholder = N_("THEME"),
     .help = N_("light, dark or contrast")},
    {.name = "sound",
     .type = SETTINGS_TYPE_SWITCH,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(sound),
     .words = SWITCH_WORDS,
     .word_count = 2,
     /* xgettext:c-format */
     .error = N_("bad sound '%s': use on or off")},
    {.name = "language",
     .type = SETTINGS_TYPE_SPECIAL,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(language),
     .max = LANGUAGE_SETTING_COUNT - 1,
     /* xgettext:c-format */
     .error = N_("bad language '%s': use auto, en, de, es or fr"),
     .read = read_language,
     .write = write_language},
    {.name = "speak",
     .type = SETTINGS_TYPE_CHOICE,
     .pass = SETTINGS_PASS_MIDDLE,
     FIELD(speak),
     .words = SPEAK_KEYS,
     .word_count = SETTINGS_SPEAK_COUNT,
     /* xgettext:c-format */
     .error = N_("bad speak '%s': use auto, on or off"),
     .flag = "--speak",
     .placeholder = "auto|on|off", /* the values themselves: not translated */
     .help = N_("say the moves aloud: auto (when the desktop's screen\nreader is on), on or off")},
};
#define KEY_COUNT ((int)(sizeof KEYS / sizeof KEYS[0]))

const settings_key *settings_key_at(int i)
{
    return i >= 0 && i < KEY_COUNT ? &KEYS[i] : NULL;
}

const settings_key *settings_key_named(const char *name)
{
    for (int i = 0; name && i < KEY_COUNT; i++)
        if (strcmp(name, KEYS[i].name) == 0) return &KEYS[i];
    return NULL;
}

const settings_key *settings_key_for_flag(const char *flag)
{
    for (int i = 0; flag && i < KEY_COUNT; i++)
        if (KEYS[i].flag && strcmp(flag, KEYS[i].flag) == 0) return &KEYS[i];
    return NULL;
}

/* The int field of @p key in @p s (CHOICE and NUMBER keys). */
static int *int_field(const settings_key *key, settings *s)
{
    return (int *)(void *)((char *)s + key->offset);
}

static int int_value(const settings_key *key, const settings *s)
{
    int v;
    memcpy(&v, (const char *)s + key->offset, sizeof v);
    return v;
}

/* A CHOICE: one of the words or aliases, any case. */
static bool read_choice(const settings_key *key, settings *s, const char *text)
{
    for (int i = 0; i < key->word_count; i++) {
        if (strcasecmp(text, key->words[i]) == 0 ||
            (key->aliases && strcasecmp(text, key->aliases[i]) == 0)) {
            *int_field(key, s) = key->values ? key->values[i] : i;
            return true;
        }
    }
    return false;
}

static const char *write_choice(const settings_key *key, const settings *s)
{
    int v = int_value(key, s);
    for (int i = 0; i < key->word_count; i++)
        if ((key->values ? key->values[i] : i) == v) return key->words[i];
    return key->words[0];
}

bool settings_key_read(const settings_key *key, settings *s, const char *text, char *err,
                       size_t err_cap)
{
    if (err && err_cap > 0) err[0] = '\0';
    bool ok = false;
    long number;
    double probability;
    switch (key->type) {
    case SETTINGS_TYPE_CHOICE: ok = read_choice(key, s, text); break;
    case SETTINGS_TYPE_NUMBER:
        ok = numparse_long(text, key->min, key->max, &number) == NUMPARSE_OK;
        if (ok) *int_field(key, s) = (int)number;
        break;
    case SETTINGS_TYPE_SWITCH:
        ok = settings_parse_bool(text, (bool *)(void *)((char *)s + key->offset));
        break;
    case SETTINGS_TYPE_PROBABILITY:
        ok = numparse_double(text, 0.0, 1.0, &probability) == NUMPARSE_OK;
        if (ok) memcpy((char *)s + key->offset, &probability, sizeof probability);
        break;
    case SETTINGS_TYPE_SPECIAL:
    default: ok = key->read(s, text, err, err_cap); break;
    }
    /* A key that said more (k) has its message in err already. */
    if (!ok && key->error) key_error(err, err_cap, key, text);
    return ok;
}

const char *settings_key_write(const settings_key *key, const settings *s, char *buf, size_t cap)
{
    bool on;
    double probability;
    switch (key->type) {
    case SETTINGS_TYPE_CHOICE: return write_choice(key, s);
    case SETTINGS_TYPE_SWITCH:
        memcpy(&on, (const char *)s + key->offset, sizeof on);
        return on ? "on" : "off";
    case SETTINGS_TYPE_PROBABILITY:
        memcpy(&probability, (const char *)s + key->offset, sizeof probability);
        snprintf(buf, cap, "%.3f", probability);
        return buf;
    case SETTINGS_TYPE_NUMBER: snprintf(buf, cap, "%d", int_value(key, s)); return buf;
    case SETTINGS_TYPE_SPECIAL:
    default:
        if (key->write) return key->write(s, buf, cap);
        /* Numbers (size, k) need no writer of their own. */
        snprintf(buf, cap, "%d", int_value(key, s));
        return buf;
    }
}

void settings_key_copy(const settings_key *key, settings *dst, const settings *src)
{
    memcpy((char *)dst + key->offset, (const char *)src + key->offset, key->size);
    if (key->companion_size > 0)
        memcpy((char *)dst + key->companion, (const char *)src + key->companion,
               key->companion_size);
}

bool settings_set(settings *s, const char *key, const char *value, char *err, size_t err_cap)
{
    if (!s || !key || !value) {
        set_err(err, err_cap, "%s", _("missing key or value"));
        return false;
    }
    const settings_key *k = settings_key_named(key);
    if (!k) {
        set_err(err, err_cap, _("unknown setting '%s'"), key);
        return false;
    }
    /* On failure the settings stay as they were. */
    settings work = *s;
    if (!settings_key_read(k, &work, value, err, err_cap)) return false;
    *s = work;
    return true;
}

bool settings_is_key(const char *key)
{
    return settings_key_named(key) != NULL;
}

void settings_write(const settings *s, FILE *out)
{
    for (int i = 0; i < KEY_COUNT; i++) {
        char buf[SETTINGS_VALUE_MAX];
        fprintf(out, "%s = %s\n", KEYS[i].name, settings_key_write(&KEYS[i], s, buf, sizeof buf));
    }
}

double settings_effective_mistake_probability(const settings *s)
{
    if (s->difficulty == SETTINGS_DIFFICULTY_CUSTOM) return s->mistake_probability;
    if (s->difficulty < 0 || s->difficulty >= SETTINGS_DIFFICULTY_CUSTOM)
        return s->mistake_probability;
    /* A level's place on the one scale of every board (level.h): from 6x6
     * up its own probability goes up with the level (it comes with a
     * net of forced wins and losses), which read backwards here. */
    return level_slider_value((ttt_difficulty)s->difficulty);
}

void settings_level_description(const settings *s, char *buf, size_t cap)
{
    level_profile p;
    if (s->difficulty == SETTINGS_DIFFICULTY_CUSTOM ||
        !level_profile_preset((ttt_difficulty)s->difficulty, s->board_size, s->k, &p))
        level_profile_custom(s->mistake_probability, &p);
    level_describe(&p, buf, cap);
}

void settings_ai_options(const settings *s, ttt_ai_options *opts)
{
    if (s->difficulty == SETTINGS_DIFFICULTY_CUSTOM ||
        ttt_ai_options_preset(opts, (ttt_difficulty)s->difficulty, s->board_size, s->k) != TTT_OK) {
        opts->agent = TTT_AGENT_MINIMAX;
        opts->level = 0; /* no level's tuning: the mistake probability alone */
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
