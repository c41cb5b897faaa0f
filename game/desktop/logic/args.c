/*
 * args.c - parsing the desktop game's command line (see args.h). The help,
 * the version line and the error messages are translated (text domain
 * tictactoe) when main() has set gettext up; option names and their values
 * stay as they are typed in every language.
 *
 * One table of options (OPTIONS below) drives both the parser and --help.
 * An option that sets a setting names it there and takes its value's
 * reading, its range, its error message and its --help text from the
 * settings' own table of keys (settings.h); the others (run options that
 * are never saved) have a handler each.
 */
#include "args.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "argscan.h"
#include "i18n.h"
#include "numparse.h"
#include "ttt/version.h"

void args_defaults(args_options *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->width = ARGS_DEFAULT_WIDTH;
    opts->height = ARGS_DEFAULT_HEIGHT;
}

/* ------------------------------------------------------------------------- */
/* The options                                                               */
/* ------------------------------------------------------------------------- */

/* --help's sections, in order. */
typedef enum section {
    SECTION_GAME = 0,
    SECTION_FILE,
    SECTION_WINDOW,
    SECTION_AUTOMATION,
    SECTION_END, /* --version and --help, after a blank line */
    SECTION_COUNT
} section;

/* Columns before an option's description in --help (it starts in column
 * 26), and the longest "  --flag VALUE" that leaves two blanks before it;
 * a longer one puts the description on the next line. */
#define HELP_DESCRIPTION_COLUMN 25
#define HELP_LABEL_MAX (HELP_DESCRIPTION_COLUMN - 2)
/* Longest "  --flag VALUE --flag VALUE" label, in bytes. */
#define HELP_LABEL_BYTES 128
/* Room for an option's description that --help builds (describe), in any
 * language. */
#define HELP_DESCRIPTION_BYTES 256

/* What the parse builds, passed to the options' handlers. */
typedef struct parse_state {
    settings work;
    args_options o;
    /* size and k wait for the end (settings_pass): the flag and its value. */
    const char *deferred_flag[SETTINGS_PASS_COUNT];
    const char *deferred_value[SETTINGS_PASS_COUNT];
    FILE *out;
    const char *program;
    char *err;
    size_t err_cap;
} parse_state;

typedef struct option option;
/* An option's handler: ARGS_RUN to go on, ARGS_EXIT or ARGS_ERROR (with
 * st->err set). @p value is NULL for an option without one. */
typedef args_result (*option_handler)(parse_state *st, const option *opt, const char *value);

struct option {
    const char *flag;
    char short_name; /* -h, -V; 0 for none */
    section section;
    /* A setting's option: its key sets the value and has the --help text. */
    bool setting;
    /* Otherwise: */
    const char *placeholder; /* the value's name in --help (N_()); NULL: takes none */
    const char *help;        /* --help's description (N_()); '\n' starts a continuation */
    option_handler handle;
    /* --help shows it on the line of the option before it (--height); or
     * builds its description itself (the default size in it). */
    bool shares_line;
    const char *(*describe)(char *buf, size_t cap);
};

/* An option's value that its setting refused, which said @p why. */
static args_result value_error(parse_state *st, const char *flag, const char *why)
{
    /* TRANSLATORS: an option (--mode) and why its value is refused: a
       message of its own ("bad mode 'x': use ..."). */
    snprintf(st->err, st->err_cap, _("%s: %s"), flag, why);
    return ARGS_ERROR;
}

/* A setting's option: applied now, or at the end for size and k. */
static args_result opt_setting(parse_state *st, const option *opt, const char *value)
{
    const settings_key *key = settings_key_for_flag(opt->flag);
    if (strcmp(key->name, "mode") == 0 || strcmp(key->name, "size") == 0 ||
        strcmp(key->name, "k") == 0 || strcmp(key->name, "side") == 0)
        st->o.game_given = true;
    if (key->pass != SETTINGS_PASS_MIDDLE) {
        st->deferred_flag[key->pass] = opt->flag;
        st->deferred_value[key->pass] = value;
        return ARGS_RUN;
    }
    char why[SETTINGS_MESSAGE_MAX];
    if (!settings_key_read(key, &st->work, value, why, sizeof why))
        return value_error(st, opt->flag, why);
    return ARGS_RUN;
}

/* x|o is the setting; human|computer (the spelling of `ttt play`) says
 * which role opens, whatever its mark. */
static args_result opt_first(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    st->o.game_given = true;
    if (strcasecmp(value, "human") == 0 || strcasecmp(value, "you") == 0) {
        st->o.first_role = ARGS_FIRST_HUMAN;
    } else if (strcasecmp(value, "computer") == 0) {
        st->o.first_role = ARGS_FIRST_COMPUTER;
    } else if (settings_set(&st->work, "first", value, NULL, 0)) {
        st->o.first_role = ARGS_FIRST_BY_MARK;
    } else {
        snprintf(st->err, st->err_cap, _("--first: bad value '%s': use x, o, human or computer"),
                 value);
        return ARGS_ERROR;
    }
    return ARGS_RUN;
}

static args_result opt_seed(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    uint64_t seed = 0;
    if (numparse_u64(value, &seed) != NUMPARSE_OK) {
        snprintf(st->err, st->err_cap, _("--seed: bad seed '%s': use a non-negative integer"),
                 value);
        return ARGS_ERROR;
    }
    st->o.seed = seed;
    st->o.seed_given = true;
    return ARGS_RUN;
}

static args_result opt_mute(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    (void)value;
    st->work.sound = false;
    return ARGS_RUN;
}

static args_result opt_settings(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    if (value[0] == '\0') {
        snprintf(st->err, st->err_cap, "%s", _("--settings: needs a file name"));
        return ARGS_ERROR;
    }
    st->o.settings_path = value;
    return ARGS_RUN;
}

static args_result opt_open(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    if (value[0] == '\0') {
        snprintf(st->err, st->err_cap, "%s", _("--open: needs a file name"));
        return ARGS_ERROR;
    }
    st->o.open_path = value;
    return ARGS_RUN;
}

static args_result opt_window_size(parse_state *st, const option *opt, const char *value)
{
    long n = 0;
    if (numparse_long(value, ARGS_MIN_WINDOW, ARGS_MAX_WINDOW, &n) != NUMPARSE_OK) {
        /* TRANSLATORS: the first %s is --width or --height. */
        snprintf(st->err, st->err_cap, _("%s: bad size '%s': use %d to %d screen points"),
                 opt->flag, value, ARGS_MIN_WINDOW, ARGS_MAX_WINDOW);
        return ARGS_ERROR;
    }
    if (strcmp(opt->flag, "--width") == 0)
        st->o.width = (int)n;
    else
        st->o.height = (int)n;
    st->o.size_given = true;
    return ARGS_RUN;
}

static const char *describe_window_size(char *buf, size_t cap)
{
    snprintf(buf, cap, _("window size in screen points (default %dx%d)"), ARGS_DEFAULT_WIDTH,
             ARGS_DEFAULT_HEIGHT);
    return buf;
}

static args_result opt_fullscreen(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    (void)value;
    st->o.fullscreen = true;
    return ARGS_RUN;
}

static args_result opt_frame_budget(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    double ms = 0;
    if (numparse_double(value, ARGS_MIN_FRAME_BUDGET_MS, ARGS_MAX_FRAME_BUDGET_MS, &ms) !=
        NUMPARSE_OK) {
        snprintf(st->err, st->err_cap,
                 _("--frame-budget-ms: bad budget '%s': use milliseconds from %.1f to %.0f"), value,
                 ARGS_MIN_FRAME_BUDGET_MS, ARGS_MAX_FRAME_BUDGET_MS);
        return ARGS_ERROR;
    }
    st->o.frame_budget_ms = ms;
    return ARGS_RUN;
}

static args_result opt_overlay(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    (void)value;
    st->work.show_overlay = true;
    return ARGS_RUN;
}

static args_result opt_stats(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    (void)value;
    st->o.print_stats = true;
    return ARGS_RUN;
}

static args_result opt_quit_after(parse_state *st, const option *opt, const char *value)
{
    long n = 0;
    if (numparse_long(value, 1, 1000000000L, &n) != NUMPARSE_OK) {
        /* TRANSLATORS: the first %s is --quit-after-frames or
           --quit-after-games. */
        snprintf(st->err, st->err_cap, _("%s: bad count '%s': use a positive integer"), opt->flag,
                 value);
        return ARGS_ERROR;
    }
    if (strcmp(opt->flag, "--quit-after-frames") == 0)
        st->o.quit_after_frames = n;
    else
        st->o.quit_after_games = n;
    return ARGS_RUN;
}

static args_result opt_screenshot(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    size_t len = strlen(value);
    if (len < 5 || strcmp(value + len - 4, ".bmp") != 0) {
        snprintf(st->err, st->err_cap, _("--screenshot: '%s' must be a .bmp file name"), value);
        return ARGS_ERROR;
    }
    st->o.screenshot = value;
    return ARGS_RUN;
}

static args_result opt_server(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    if (strncmp(value, "ws://", 5) != 0 && strncmp(value, "wss://", 6) != 0) {
        /* TRANSLATORS: --server's value must be a WebSocket URL. */
        snprintf(st->err, st->err_cap, _("--server: '%s' must start with ws:// or wss://"), value);
        return ARGS_ERROR;
    }
    st->o.server = value;
    return ARGS_RUN;
}

static args_result opt_speech_log(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    if (value[0] == '\0') {
        snprintf(st->err, st->err_cap, "%s", _("--speech-log: needs a file name"));
        return ARGS_ERROR;
    }
    st->o.speech_log = value;
    return ARGS_RUN;
}

/* The --version line: the game's version and its engine's. */
static void print_version(FILE *out)
{
    fprintf(out, _("tictactoe %s (engine %s)\n"), TTT_VERSION_STRING, ttt_version());
}

static args_result opt_version(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    (void)value;
    print_version(st->out);
    return ARGS_EXIT;
}

static args_result opt_help(parse_state *st, const option *opt, const char *value)
{
    (void)opt;
    (void)value;
    args_usage(st->out, st->program);
    return ARGS_EXIT;
}

/* Every option, in --help's order. Translators: keep each line of a
 * description within 54 columns (80 in all); '\n' starts the next line. */
/* A setting's option: its key (settings.h) reads the value and has the
 * --help text. */
#define SETTING(f, sec)                                                                            \
    {                                                                                              \
        .flag = f, .section = sec, .setting = true, .handle = opt_setting                          \
    }
/* An option of its own: the value's name (NULL: it takes none), what it
 * does, its handler. */
#define OWN(f, sec, ph, text, fn)                                                                  \
    {                                                                                              \
        .flag = f, .section = sec, .placeholder = ph, .help = text, .handle = fn                   \
    }

static const option OPTIONS[] = {
    SETTING("--mode", SECTION_GAME),
    SETTING("--difficulty", SECTION_GAME),
    SETTING("--size", SECTION_GAME),
    SETTING("--k", SECTION_GAME),
    SETTING("--side", SECTION_GAME),
    /* TRANSLATORS: --help: the name of --first's value. */
    OWN("--first", SECTION_GAME, N_("WHO"),
        N_("who moves first in the first game: x or o (default\nx), or human or computer against "
           "the computer"),
        opt_first),
    SETTING("--speed", SECTION_GAME),
    SETTING("--think-delay-ms", SECTION_GAME),
    OWN("--seed", SECTION_GAME, N_("N"), N_("seed for the computer's random choices"), opt_seed),
    SETTING("--theme", SECTION_GAME),
    OWN("--mute", SECTION_GAME, NULL, N_("no sound for this run (M toggles it)"), opt_mute),
    SETTING("--speak", SECTION_GAME),
    /* TRANSLATORS: --help: the name of --settings' value, a file. */
    OWN("--settings", SECTION_FILE, N_("FILE"),
        N_("use FILE instead of the one in the user's data\ndirectory (also: environment "
           "TICTACTOE_SETTINGS)"),
        opt_settings),
    /* TRANSLATORS: --help: --open's value is a file. */
    OWN("--open", SECTION_FILE, N_("FILE"),
        N_("review the game in FILE, a game record (docs/cli.md);\na file dropped on the window "
           "does the same"),
        opt_open),
    /* TRANSLATORS: --help: the name of --server's value, a ws:// address. */
    OWN("--server", SECTION_FILE, N_("URL"),
        N_("the online game's server, ws://HOST:PORT/ (default:\nhost one in the game)"),
        opt_server),
    /* --width and --height share a line, whose description has the default size in it. */
    /* TRANSLATORS: --help: the names of the window's width and height. */
    {.flag = "--width",
     .section = SECTION_WINDOW,
     .placeholder = N_("W"),
     .handle = opt_window_size,
     .describe = describe_window_size},
    {.flag = "--height",
     .section = SECTION_WINDOW,
     .placeholder = N_("H"),
     .handle = opt_window_size,
     .shares_line = true},
    OWN("--fullscreen", SECTION_WINDOW, NULL, N_("start fullscreen"), opt_fullscreen),
    OWN("--frame-budget-ms", SECTION_WINDOW, N_("MS"),
        N_("frame budget (default: the display's refresh interval)"), opt_frame_budget),
    OWN("--overlay", SECTION_WINDOW, NULL, N_("show the performance overlay (F3 toggles it)"),
        opt_overlay),
    OWN("--stats", SECTION_WINDOW, NULL,
        N_("print frame and AI timing as key: value lines on exit"), opt_stats),
    OWN("--quit-after-frames", SECTION_AUTOMATION, N_("N"),
        N_("quit after N passes of the main loop (drawn or not)"), opt_quit_after),
    OWN("--quit-after-games", SECTION_AUTOMATION, N_("N"), N_("quit after N finished games"),
        opt_quit_after),
    /* TRANSLATORS: --help: the name of --screenshot's value, a BMP file. */
    OWN("--screenshot", SECTION_AUTOMATION, N_("FILE.bmp"),
        N_("save the last frame before quitting"), opt_screenshot),
    /* TRANSLATORS: --help: the name of --speech-log's value, a file. */
    OWN("--speech-log", SECTION_AUTOMATION, N_("FILE"),
        N_("write what the game would say aloud to FILE, a\nsentence a line, instead of "
           "speaking"),
        opt_speech_log),
    {.flag = "--version",
     .short_name = 'V',
     .section = SECTION_END,
     .help = N_("print the version and exit"),
     .handle = opt_version},
    {.flag = "--help",
     .short_name = 'h',
     .section = SECTION_END,
     .help = N_("print this text and exit"),
     .handle = opt_help},
};
#define OPTION_COUNT ((int)(sizeof OPTIONS / sizeof OPTIONS[0]))

/* The value's name and the description of @p opt for --help (a setting's
 * come from its key). */
static const char *option_placeholder(const option *opt)
{
    if (!opt->setting) return opt->placeholder;
    return settings_key_for_flag(opt->flag)->placeholder;
}

static bool takes_value(const option *opt)
{
    return opt->setting || opt->placeholder != NULL;
}

/* ------------------------------------------------------------------------- */
/* --help                                                                    */
/* ------------------------------------------------------------------------- */

/* Characters (not bytes) in UTF-8 @p text: the columns a terminal gives it. */
static int columns(const char *text)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if ((*p & 0xC0) != 0x80) n++;
    return n;
}

/* @p text with each line after the first indented by @p indent blanks. */
static void print_indented(FILE *out, const char *text, int indent)
{
    for (const char *c = text; *c; c++) {
        fputc(*c, out);
        if (*c == '\n' && c[1]) fprintf(out, "%*s", indent, "");
    }
    fputc('\n', out);
}

/* "  --flag VALUE" (and the option sharing its line) into @p label. */
static void option_label(const option *opt, char *label, size_t cap)
{
    int used = snprintf(label, cap, "  %s", opt->flag);
    for (const option *o = opt; used > 0 && (size_t)used < cap;) {
        const char *placeholder = option_placeholder(o);
        if (placeholder) used += snprintf(label + used, cap - (size_t)used, " %s", _(placeholder));
        o++;
        if (o >= OPTIONS + OPTION_COUNT || !o->shares_line || (size_t)used >= cap) break;
        used += snprintf(label + used, cap - (size_t)used, " %s", o->flag);
    }
}

/* One option's lines: the label, then the description in its column (on
 * the next line when the label is too long to leave room). */
static void print_option(FILE *out, const option *opt)
{
    char label[HELP_LABEL_BYTES], described[HELP_DESCRIPTION_BYTES];
    option_label(opt, label, sizeof label);
    const char *help;
    if (opt->describe)
        help = opt->describe(described, sizeof described);
    else
        help = _(opt->setting ? settings_key_for_flag(opt->flag)->help : opt->help);
    int width = columns(label);
    fputs(label, out);
    if (width > HELP_LABEL_MAX) {
        fputc('\n', out);
        width = 0;
    }
    fprintf(out, "%*s", HELP_DESCRIPTION_COLUMN - width, "");
    print_indented(out, help, HELP_DESCRIPTION_COLUMN);
}

void args_usage(FILE *out, const char *program)
{
    /* TRANSLATORS: --help's sections. Translate the descriptions and the
       placeholders (MODE, FILE); keep the option names and their values
       (hvc, easy, x, slow, light...) as they are, and each line within 80
       columns. */
    static const char *const HEADINGS[SECTION_COUNT] = {
        N_("Game:"), N_("Settings file (settings and scores, saved when they change and on exit):"),
        N_("Window and measurement:"), N_("Automation:"), ""};
    /* TRANSLATORS: the first line of --help; %s is the program's name. */
    fprintf(out, _("Usage: %s [options]"), program);
    fprintf(out, "\n\n%s\n", _("Tic-tac-toe in a window: click a square to play."));
    for (int sec = 0; sec < SECTION_COUNT; sec++) {
        fputc('\n', out);
        if (HEADINGS[sec][0]) print_indented(out, _(HEADINGS[sec]), 0);
        for (int i = 0; i < OPTION_COUNT; i++)
            if (OPTIONS[i].section == (section)sec && !OPTIONS[i].shares_line)
                print_option(out, &OPTIONS[i]);
        if (sec == SECTION_FILE) {
            fputs("  ", out);
            print_indented(out, _("Options given here apply to this run only and are not saved."),
                           2);
        }
    }
}

/* ------------------------------------------------------------------------- */
/* Parsing                                                                   */
/* ------------------------------------------------------------------------- */

/* The options as the scanner (argscan.h) sees them: OPTIONS' names
 * without their dashes, in the same order. */
static void scan_table(argscan_option scan[OPTION_COUNT])
{
    for (int i = 0; i < OPTION_COUNT; i++) {
        scan[i].name = OPTIONS[i].flag + 2; /* after "--" */
        scan[i].short_name = OPTIONS[i].short_name;
        scan[i].takes_value = takes_value(&OPTIONS[i]);
    }
}

args_result args_parse(int argc, char **argv, settings *s, args_options *opts, FILE *out, char *err,
                       size_t err_cap)
{
    parse_state st;
    memset(&st, 0, sizeof st);
    st.work = *s;
    st.o = *opts;
    st.out = out;
    st.program = argv[0];
    st.err = err;
    st.err_cap = err_cap;
    argscan_option scan[OPTION_COUNT];
    scan_table(scan);
    argscan a;
    argscan_init(&a, argc, argv);
    const char *value = NULL;
    int i;
    while ((i = argscan_next(&a, scan, OPTION_COUNT, &value)) != ARGSCAN_END) {
        if (i == ARGSCAN_ERROR) {
            argscan_message(&a, scan, OPTION_COUNT, err, err_cap);
            return ARGS_ERROR;
        }
        if (i == ARGSCAN_POSITIONAL) {
            snprintf(err, err_cap, _("unexpected argument '%s'"), value);
            return ARGS_ERROR;
        }
        args_result r = OPTIONS[i].handle(&st, &OPTIONS[i], value);
        if (r != ARGS_RUN) return r;
    }
    /* The size before k, whatever their order (settings_pass). */
    for (int pass = 0; pass < SETTINGS_PASS_COUNT; pass++) {
        const char *flag = st.deferred_flag[pass];
        if (!flag) continue;
        char why[SETTINGS_MESSAGE_MAX];
        if (!settings_key_read(settings_key_for_flag(flag), &st.work, st.deferred_value[pass], why,
                               sizeof why))
            return value_error(&st, flag, why);
    }
    *s = st.work;
    *opts = st.o;
    return ARGS_RUN;
}
