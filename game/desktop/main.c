/*
 * main.c - entry point of the desktop game: parse the command line, then run
 * the app loop (app.c) until the window closes.
 */
#include <stdio.h>

#include <SDL.h>

#include "app.h"
#include "args.h"
#include "settings.h"

int main(int argc, char **argv)
{
    settings s;
    settings_defaults(&s);
    app_config cfg;
    app_config_defaults(&cfg);
    char err[256];
    switch (args_parse(argc, argv, &s, &cfg.args, stdout, err, sizeof err)) {
    case ARGS_EXIT:
        return 0;
    case ARGS_ERROR:
        fprintf(stderr, "tictactoe: %s\n\n", err);
        args_usage(stderr, argv[0]);
        return 2;
    case ARGS_RUN:
    default:
        break;
    }

    app_state *app = SDL_calloc(1, sizeof *app);
    if (!app) {
        fprintf(stderr, "tictactoe: out of memory\n");
        return 1;
    }
    int status = 1;
    if (app_init(app, &s, &cfg)) status = app_run(app);
    app_quit(app);
    SDL_free(app);
    return status;
}
