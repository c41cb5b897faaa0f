/*
 * main.c - entry point of the desktop game: find and read the settings file,
 * apply the command line over it, then run the app loop (app.c) until the
 * window closes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "app.h"
#include "args.h"
#include "prefs.h"
#include "settings.h"

/* Where SDL_GetPrefPath puts the file: ~/.local/share/ttt/tictactoe/ on
 * Linux, %APPDATA%\ttt\tictactoe\ on Windows. */
#define PREF_ORG "ttt"
#define PREF_APP "tictactoe"
#define PREF_FILE "settings.ini"
/* Overrides the file's location (tests, portable setups), like --settings. */
#define SETTINGS_ENV "TICTACTOE_SETTINGS"

/* The settings file's path, in @p buf; false when there is none to use. */
static bool settings_path(const args_options *opts, char *buf, size_t cap)
{
    const char *given = opts->settings_path;
    if (!given) given = getenv(SETTINGS_ENV);
    if (given && given[0]) {
        int n = snprintf(buf, cap, "%s", given);
        return n > 0 && (size_t)n < cap;
    }
    char *dir = SDL_GetPrefPath(PREF_ORG, PREF_APP);
    if (!dir) {
        fprintf(stderr, "tictactoe: no place to save settings (%s); they last for this run\n",
                SDL_GetError());
        return false;
    }
    int n = snprintf(buf, cap, "%s%s", dir, PREF_FILE);
    SDL_free(dir);
    return n > 0 && (size_t)n < cap;
}

int main(int argc, char **argv)
{
    settings s;
    settings_defaults(&s);
    app_config cfg;
    app_config_defaults(&cfg);
    char err[256];
    /* A first pass finds --settings (and rejects bad flags before any file
     * is touched); the second applies the flags over the saved settings.
     * The first pass assumes the largest board, so a --k that only the saved
     * size allows is judged by the second. */
    args_options first = cfg.args;
    s.board_size = TTT_MAX_SIZE;
    switch (args_parse(argc, argv, &s, &first, stdout, err, sizeof err)) {
    case ARGS_EXIT: return 0;
    case ARGS_ERROR:
        fprintf(stderr, "tictactoe: %s\n\n", err);
        args_usage(stderr, argv[0]);
        return 2;
    case ARGS_RUN:
    default: break;
    }

    prefs *saved = calloc(1, sizeof *saved);
    app_state *app = SDL_calloc(1, sizeof *app);
    if (!saved || !app) {
        fprintf(stderr, "tictactoe: out of memory\n");
        free(saved);
        SDL_free(app);
        return 1;
    }
    char path[4096];
    prefs_defaults(saved);
    cfg.saved = saved;
    if (settings_path(&first, path, sizeof path)) app_config_load_prefs(&cfg, path, saved, stderr);
    s = saved->settings;
    if (args_parse(argc, argv, &s, &cfg.args, stdout, err, sizeof err) != ARGS_RUN) {
        fprintf(stderr, "tictactoe: %s\n\n", err);
        args_usage(stderr, argv[0]);
        SDL_free(app);
        free(saved);
        return 2;
    }

    int status = 1;
    if (app_init(app, &s, &cfg)) status = app_run(app);
    app_quit(app);
    SDL_free(app);
    free(saved);
    return status;
}
