/*
 * main.c - entry point of the desktop game: find and read the settings file,
 * apply the command line over it, then run the app loop (app.h; app.c
 * picks the language) until the window closes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "app.h"
#include "args.h"
#include "gamefile.h"
#include "i18n.h"
#include "platform.h"
#include "prefs.h"
#include "settings.h"
#include "textesc.h"

/* Where SDL_GetPrefPath puts the file: ~/.local/share/ttt/tictactoe/ on
 * Linux, %APPDATA%\ttt\tictactoe\ on Windows. */
#define PREF_ORG "ttt"
#define PREF_APP "tictactoe"
#define PREF_FILE "settings.ini"
/* Overrides the file's location (tests, portable setups), like --settings. */
#define SETTINGS_ENV "TICTACTOE_SETTINGS"
/* The game's text domain: locale/LANG/LC_MESSAGES/tictactoe.mo. */
#define TEXT_DOMAIN "tictactoe"
/* The game's id on the desktop (TTT_APP_ID in CMake): the name of its
 * .desktop file, icons and metainfo. */
#ifndef TTT_APP_ID
#define TTT_APP_ID "tictactoe"
#endif

/* The settings file's path, malloc'd, of any length (a name the system
 * refuses is reported when it is read); NULL when there is none to use. */
static char *settings_path(const args_options *opts)
{
    const char *given = opts->settings_path;
    if (!given) given = getenv(SETTINGS_ENV);
    const char *dir = NULL, *file = given;
    char *pref_dir = NULL;
    if (!given || !given[0]) {
        pref_dir = SDL_GetPrefPath(PREF_ORG, PREF_APP);
        if (!pref_dir) {
            textesc_printf(stderr,
                           _("tictactoe: no place to save settings (%s); they last for this run"),
                           SDL_GetError());
            fputc('\n', stderr);
            return NULL;
        }
        dir = pref_dir;
        file = PREF_FILE;
    }
    size_t n = (dir ? strlen(dir) : 0) + strlen(file) + 1;
    char *path = malloc(n);
    if (path)
        snprintf(path, n, "%s%s", dir ? dir : "", file);
    else
        fprintf(stderr, "tictactoe: %s\n", _("out of memory; settings last for this run"));
    SDL_free(pref_dir);
    return path;
}

/* A command-line error, escaped (it quotes the argument), then the usage. */
static int usage_error(const char *err, const char *argv0)
{
    textesc_printf(stderr, "tictactoe: %s", err);
    fputs("\n\n", stderr);
    args_usage(stderr, argv0);
    return 2;
}

/* The game file beside the settings file (gamefile.h): an unfinished game
 * goes on unless the command line asks for another (@p resume), a
 * finished one is the last game (@p last). A file that is no game record
 * is said on stderr and left until the next move replaces it. */
static void read_game_file(app_config *cfg, const char *path, record *resume, record *last)
{
    char why[RECORD_REASON_MAX + 64];
    gamefile_status st = gamefile_read(path, resume, why, sizeof why);
    if (st == GAMEFILE_MISSING) return;
    if (st != GAMEFILE_LOADED) {
        fputs("tictactoe: ", stderr);
        /* TRANSLATORS: at start: the game file (the game in progress) could
           not be read: the file, and the line and reason. */
        textesc_printf(stderr, _("%s: %s; a new game begins"), path, why);
        fputc('\n', stderr);
        return;
    }
    ttt_state end = record_final_state(resume);
    if (end != TTT_STATE_X_TO_MOVE && end != TTT_STATE_O_TO_MOVE) {
        *last = *resume;
        cfg->last_game = last;
    } else if (resume->move_count > 0 && !cfg->args.game_given) {
        cfg->resume = resume;
    }
}

/* --open FILE: the record to review, or a message and status 2. */
static int read_open_record(app_config *cfg, const char *path, record *out)
{
    char why[RECORD_REASON_MAX + 64];
    if (gamefile_read(path, out, why, sizeof why) == GAMEFILE_LOADED) {
        cfg->open_record = out;
        return 0;
    }
    fputs("tictactoe: --open: ", stderr);
    textesc_printf(stderr, "%s: %s", path, why);
    fputc('\n', stderr);
    return 2;
}

/* Messages from the catalogues beside the executable or installed with it,
 * in UTF-8 for SDL_ttf; and the window named after the game's id (X11's
 * WM_CLASS, Wayland's app id), so desktops match it to its .desktop file,
 * unless the user chose otherwise. */
static void setup_desktop_identity(void)
{
    char *base = SDL_GetBasePath();
    i18n_init(TEXT_DOMAIN, base, I18N_CHARSET_UTF8);
    SDL_free(base);
    SDL_setenv("SDL_VIDEO_X11_WMCLASS", TTT_APP_ID, 0);
    SDL_setenv("SDL_VIDEO_WAYLAND_WMCLASS", TTT_APP_ID, 0);
}

int main(int argc, char **argv)
{
    /* Before the command line is parsed, so --help, --version and its
     * errors come in the system's language (LANGUAGE, LC_ALL, LC_MESSAGES,
     * LANG). The Language setting is in the settings file, which is found
     * by parsing (--settings), so it applies from app_init on. */
    platform_console_init();
    setup_desktop_identity();
    settings s;
    settings_defaults(&s);
    app_config cfg;
    app_config_defaults(&cfg);
    /* Room for a translated message (UTF-8, longer than English) quoting
     * an argument. */
    char err[ARGS_ERROR_MAX];
    /* A first pass finds --settings (and rejects bad flags before any file
     * is touched); the second applies the flags over the saved settings.
     * The first pass assumes the largest board, so a --k that only the saved
     * size allows is judged by the second. */
    args_options first = cfg.args;
    s.board_size = TTT_MAX_SIZE;
    switch (args_parse(argc, argv, &s, &first, stdout, err, sizeof err)) {
    case ARGS_EXIT: return 0;
    case ARGS_ERROR: return usage_error(err, argv[0]);
    case ARGS_RUN:
    default: break;
    }

    prefs *saved = calloc(1, sizeof *saved);
    app_state *app = SDL_calloc(1, sizeof *app);
    record *records = calloc(3, sizeof *records); /* resume, last, opened */
    if (!saved || !app || !records) {
        fprintf(stderr, "tictactoe: %s\n", _("out of memory"));
        free(saved);
        free(records);
        SDL_free(app);
        return 1;
    }
    prefs_defaults(saved);
    cfg.saved = saved;
    char *path = settings_path(&first);
    if (path) app_config_load_prefs(&cfg, path, saved, stderr);
    s = saved->settings;
    if (args_parse(argc, argv, &s, &cfg.args, stdout, err, sizeof err) != ARGS_RUN) {
        SDL_free(app);
        free(saved);
        free(records);
        free(path);
        return usage_error(err, argv[0]);
    }
    char *game_path = path ? gamefile_path(path) : NULL;
    cfg.game_path = game_path;
    if (game_path) read_game_file(&cfg, game_path, &records[0], &records[1]);
    int status = 1;
    if (cfg.args.open_path) status = read_open_record(&cfg, cfg.args.open_path, &records[2]);

    /* app_init switches to the Language setting's language (app_events.c). */
    if (status != 2) {
        status = 1;
        if (app_init(app, &s, &cfg)) status = app_run(app);
        app_quit(app);
    }
    SDL_free(app);
    free(saved);
    free(records);
    free(game_path);
    free(path);
    return status;
}
