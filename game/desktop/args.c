/*
 * args.c - parsing the desktop game's command line (see args.h). The help,
 * the version line and the error messages are translated (text domain
 * tictactoe) when main() has set gettext up; option names and their values
 * stay as they are typed in every language.
 */
#include "args.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"
#include "numparse.h"
#include "ttt/version.h"

void args_defaults(args_options *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->width = ARGS_DEFAULT_WIDTH;
    opts->height = ARGS_DEFAULT_HEIGHT;
}

void args_usage(FILE *out, const char *program)
{
    fprintf(out,
            /* TRANSLATORS: the --help text. %s is the program's name, %dx%d
               the default window size (720x820). Translate the descriptions
               and the placeholders (MODE, FILE); keep the option names and
               their values (hvc, easy, x, slow, light...) as they are, the
               descriptions in column 26 and each line within 80 columns. */
            _("Usage: %s [options]\n"
              "\n"
              "Tic-tac-toe in a window: click a square to play.\n"
              "\n"
              "Game:\n"
              "  --mode MODE            human-vs-computer (hvc), two-players (pvp),\n"
              "                         computer-vs-computer (cvc)\n"
              "  --difficulty LEVEL     easy, medium, hard, unbeatable, or a mistake\n"
              "                         probability from 0 to 1\n"
              "  --size N               board size, 3 to 8 (default 3)\n"
              "  --k K                  marks in a line to win, 3 to N (default for N)\n"
              "  --side x|o|random      your mark against the computer (default x)\n"
              "  --first WHO            who moves first in the first game: x or o (default\n"
              "                         x), or human or computer against the computer\n"
              "  --speed SPEED          computer-vs-computer pace: slow, normal, fast\n"
              "  --think-delay-ms MS    minimum computer thinking time (default 300, 0 allowed)\n"
              "  --seed N               seed for the computer's random choices\n"
              "  --theme THEME          light, dark or contrast\n"
              "  --mute                 no sound for this run (M toggles it)\n"
              "\n"
              "Settings file (settings and scores, saved when they change and on exit):\n"
              "  --settings FILE        use FILE instead of the one in the user's data\n"
              "                         directory (also: environment TICTACTOE_SETTINGS)\n"
              "  Options given here apply to this run only and are not saved.\n"
              "\n"
              "Window and measurement:\n"
              "  --width W --height H   window size in screen points (default %dx%d)\n"
              "  --fullscreen           start fullscreen\n"
              "  --frame-budget-ms MS   frame budget (default: the display's refresh interval)\n"
              "  --overlay              show the performance overlay (F3 toggles it)\n"
              "  --stats                print frame and AI timing as key: value lines on exit\n"
              "\n"
              "Automation:\n"
              "  --quit-after-frames N  quit after N passes of the main loop (drawn or not)\n"
              "  --quit-after-games N   quit after N finished games\n"
              "  --screenshot FILE.bmp  save the last frame before quitting\n"
              "\n"
              "  --version              print the version and exit\n"
              "  --help                 print this text and exit\n"),
            program, ARGS_DEFAULT_WIDTH, ARGS_DEFAULT_HEIGHT);
}

/* The --version line: the game's version and its engine's. */
static void print_version(FILE *out)
{
    fprintf(out, _("tictactoe %s (engine %s)\n"), TTT_VERSION_STRING, ttt_version());
}

/* Flags that take a value and map one-to-one onto a settings key. */
typedef struct setting_flag {
    const char *flag;
    const char *key;
} setting_flag;

static const setting_flag SETTING_FLAGS[] = {
    {"--mode", "mode"},   {"--difficulty", "difficulty"},         {"--side", "side"},
    {"--speed", "speed"}, {"--think-delay-ms", "think_delay_ms"}, {"--theme", "theme"},
};

/* Flags taking a value that are handled here rather than by settings_set(). */
static const char *const VALUE_FLAGS[] = {
    "--size",
    "--k",
    "--seed",
    "--frame-budget-ms",
    "--width",
    "--height",
    "--quit-after-frames",
    "--quit-after-games",
    "--screenshot",
    "--settings",
    "--first",
};

static bool takes_value(const char *flag)
{
    for (size_t i = 0; i < sizeof SETTING_FLAGS / sizeof SETTING_FLAGS[0]; i++)
        if (strcmp(flag, SETTING_FLAGS[i].flag) == 0) return true;
    for (size_t i = 0; i < sizeof VALUE_FLAGS / sizeof VALUE_FLAGS[0]; i++)
        if (strcmp(flag, VALUE_FLAGS[i]) == 0) return true;
    return false;
}

/* An option's value refused by settings_set(), which said @p why. */
static void value_error(char *err, size_t err_cap, const char *flag, const char *why)
{
    /* TRANSLATORS: an option (--mode) and why its value is refused: a
       message of its own ("bad mode 'x': use ..."). */
    snprintf(err, err_cap, _("%s: %s"), flag, why);
}

args_result args_parse(int argc, char **argv, settings *s, args_options *opts, FILE *out, char *err,
                       size_t err_cap)
{
    /* Size must be applied before k whatever their order, so remember both. */
    const char *size_text = NULL;
    const char *k_text = NULL;
    settings work = *s;
    args_options o = *opts;
    char flag[64];
    char why[320]; /* a translated settings message quoting the value */

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *value = NULL;
        const char *eq = strchr(arg, '=');
        if (strcmp(arg, "-h") == 0) {
            args_usage(out, argv[0]);
            return ARGS_EXIT;
        }
        if (strcmp(arg, "-V") == 0) {
            print_version(out);
            return ARGS_EXIT;
        }
        if (strncmp(arg, "--", 2) != 0) {
            snprintf(err, err_cap, _("unexpected argument '%s'"), arg);
            return ARGS_ERROR;
        }
        size_t flag_len = eq ? (size_t)(eq - arg) : strlen(arg);
        if (flag_len >= sizeof flag) {
            /* TRANSLATORS: an option too long to show whole: its first 40
               characters, then "...". */
            snprintf(err, err_cap, _("unknown option '%.40s...'"), arg);
            return ARGS_ERROR;
        }
        memcpy(flag, arg, flag_len);
        flag[flag_len] = '\0';

        if (takes_value(flag)) {
            if (eq) {
                value = eq + 1;
            } else if (i + 1 < argc) {
                value = argv[++i];
            } else {
                snprintf(err, err_cap, _("option %s needs a value"), flag);
                return ARGS_ERROR;
            }
        } else if (eq) {
            snprintf(err, err_cap, _("option %s takes no value"), flag);
            return ARGS_ERROR;
        }

        bool handled = false;
        for (size_t j = 0; j < sizeof SETTING_FLAGS / sizeof SETTING_FLAGS[0]; j++) {
            if (strcmp(flag, SETTING_FLAGS[j].flag) == 0) {
                if (!settings_set(&work, SETTING_FLAGS[j].key, value, why, sizeof why)) {
                    value_error(err, err_cap, flag, why);
                    return ARGS_ERROR;
                }
                handled = true;
                break;
            }
        }
        if (handled) continue;

        long n = 0;
        if (strcmp(flag, "--first") == 0) {
            /* x|o is the setting; human|computer (the spelling of `ttt play`)
             * says which role opens, whatever its mark. */
            if (strcasecmp(value, "human") == 0 || strcasecmp(value, "you") == 0) {
                o.first_role = ARGS_FIRST_HUMAN;
            } else if (strcasecmp(value, "computer") == 0) {
                o.first_role = ARGS_FIRST_COMPUTER;
            } else if (settings_set(&work, "first", value, why, sizeof why)) {
                o.first_role = ARGS_FIRST_BY_MARK;
            } else {
                snprintf(err, err_cap, _("--first: bad value '%s': use x, o, human or computer"),
                         value);
                return ARGS_ERROR;
            }
        } else if (strcmp(flag, "--help") == 0) {
            args_usage(out, argv[0]);
            return ARGS_EXIT;
        } else if (strcmp(flag, "--version") == 0) {
            print_version(out);
            return ARGS_EXIT;
        } else if (strcmp(flag, "--size") == 0) {
            size_text = value;
        } else if (strcmp(flag, "--k") == 0) {
            k_text = value;
        } else if (strcmp(flag, "--seed") == 0) {
            uint64_t seed = 0;
            if (numparse_u64(value, &seed) != NUMPARSE_OK) {
                snprintf(err, err_cap, _("--seed: bad seed '%s': use a non-negative integer"),
                         value);
                return ARGS_ERROR;
            }
            o.seed = seed;
            o.seed_given = true;
        } else if (strcmp(flag, "--frame-budget-ms") == 0) {
            double ms = 0;
            if (numparse_double(value, ARGS_MIN_FRAME_BUDGET_MS, ARGS_MAX_FRAME_BUDGET_MS, &ms) !=
                NUMPARSE_OK) {
                snprintf(
                    err, err_cap,
                    _("--frame-budget-ms: bad budget '%s': use milliseconds from %.1f to %.0f"),
                    value, ARGS_MIN_FRAME_BUDGET_MS, ARGS_MAX_FRAME_BUDGET_MS);
                return ARGS_ERROR;
            }
            o.frame_budget_ms = ms;
        } else if (strcmp(flag, "--width") == 0 || strcmp(flag, "--height") == 0) {
            if (numparse_long(value, ARGS_MIN_WINDOW, ARGS_MAX_WINDOW, &n) != NUMPARSE_OK) {
                /* TRANSLATORS: the first %s is --width or --height. */
                snprintf(err, err_cap, _("%s: bad size '%s': use %d to %d screen points"), flag,
                         value, ARGS_MIN_WINDOW, ARGS_MAX_WINDOW);
                return ARGS_ERROR;
            }
            if (flag[2] == 'w')
                o.width = (int)n;
            else
                o.height = (int)n;
            o.size_given = true;
        } else if (strcmp(flag, "--quit-after-frames") == 0 ||
                   strcmp(flag, "--quit-after-games") == 0) {
            if (numparse_long(value, 1, 1000000000L, &n) != NUMPARSE_OK) {
                /* TRANSLATORS: the first %s is --quit-after-frames or
                   --quit-after-games. */
                snprintf(err, err_cap, _("%s: bad count '%s': use a positive integer"), flag,
                         value);
                return ARGS_ERROR;
            }
            if (flag[13] == 'f')
                o.quit_after_frames = n;
            else
                o.quit_after_games = n;
        } else if (strcmp(flag, "--screenshot") == 0) {
            size_t len = strlen(value);
            if (len < 5 || strcmp(value + len - 4, ".bmp") != 0) {
                snprintf(err, err_cap, _("--screenshot: '%s' must be a .bmp file name"), value);
                return ARGS_ERROR;
            }
            o.screenshot = value;
        } else if (strcmp(flag, "--settings") == 0) {
            if (value[0] == '\0') {
                snprintf(err, err_cap, "%s", _("--settings: needs a file name"));
                return ARGS_ERROR;
            }
            o.settings_path = value;
        } else if (strcmp(flag, "--fullscreen") == 0) {
            o.fullscreen = true;
        } else if (strcmp(flag, "--stats") == 0) {
            o.print_stats = true;
        } else if (strcmp(flag, "--overlay") == 0) {
            work.show_overlay = true;
        } else if (strcmp(flag, "--mute") == 0) {
            work.sound = false;
        } else {
            snprintf(err, err_cap, _("unknown option '%s'"), flag);
            return ARGS_ERROR;
        }
    }

    if (size_text && !settings_set(&work, "size", size_text, why, sizeof why)) {
        value_error(err, err_cap, "--size", why);
        return ARGS_ERROR;
    }
    if (k_text && !settings_set(&work, "k", k_text, why, sizeof why)) {
        value_error(err, err_cap, "--k", why);
        return ARGS_ERROR;
    }
    *s = work;
    *opts = o;
    return ARGS_RUN;
}
