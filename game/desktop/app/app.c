/*
 * app.c - the desktop game's app: init, event, iterate, quit over one
 * app_state (see app.h), in the shape of SDL3's examples. This file starts
 * it (SDL, the language, the window, the renderer and fonts, the threads,
 * the first game: after SDL in steps, which a browser runs one a frame) and
 * stops it; the rest of the loop is in four files
 * (app_internal.h says what they share):
 *   app_hooks.c   the hooks of the threads: the AI worker runs the jobs the
 *                 turn flow asks for (answers come back as events), and
 *                 game events arrive there (sounds play from there);
 *   app_files.c   the scores and the settings file, the game file and
 *                 records, through the saver's thread;
 *   app_events.c  sizes, layouts, the language, and SDL's events, handed
 *                 on to input.c, which turns keys, clicks and gamepad
 *                 buttons into actions for the screen on top (the table of
 *                 screens, screens.h);
 *   app_frame.c   the loop's pass: the input, the view (view.h), the frame
 *                 to render.c, which draws the screens over its cached
 *                 layers, the saver's snapshot, and the sleep until the
 *                 next event or frame is due.
 * docs/hacking.md has the map of the files.
 *
 * Settings and scores persist through prefs.h: app->prefs is what the file
 * gets (the command line's overrides never reach it), handed to the saver
 * when something changed, at the end of a pass rather than inside an
 * event, and at exit.
 */
#include "app.h"

#include <stdio.h>

#include <SDL_ttf.h>

#include "i18n.h"
#include "language.h"
#include "textesc.h"

#include "app_internal.h"
#include "app_online.h"
#include "app_testhook.h"
#include "assets.h"
#include "audio.h"
#include "draw.h"
#include "render.h"
#include "saver.h"
#include "speech_out.h"
#include "screen_review.h"
#include "text.h"
#include "window.h"
#include "worker.h"
#ifdef __EMSCRIPTEN__
#include "platform_web.h"
#endif

/* Window icon size in pixels (window managers scale it as they need). */
#define ICON_SIZE_PX 64
/* Start value of the fixed-step clock, so "time 0" never looks like "now". */
#define FIXED_CLOCK_START_MS 1000

void app_config_defaults(app_config *cfg)
{
    SDL_zerop(cfg);
    args_defaults(&cfg->args);
    cfg->pace_frames = true;
}

prefs_status app_config_load_prefs(app_config *cfg, const char *path, prefs *saved, FILE *warn)
{
    prefs_status st = prefs_load(path, saved, warn);
    cfg->saved = saved;
    /* Saving over a file we could not read would replace the user's scores
     * with the defaults. */
    cfg->settings_path = st == PREFS_UNREADABLE ? NULL : path;
    return st;
}

static bool create_renderer(app_state *app)
{
    /* Text squeezed into a narrow box is scaled; linear filtering keeps it legible. */
    if (!SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear"))
        SDL_Log("Couldn't ask for linear texture filtering");
    app->renderer =
        SDL_CreateRenderer(app->window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!app->renderer) {
        SDL_Log("Couldn't create an accelerated renderer, using software: %s", SDL_GetError());
        app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_SOFTWARE);
    }
    if (!app->renderer) {
        SDL_Log("Couldn't create a renderer: %s", SDL_GetError());
        return false;
    }
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(app->renderer, &info) == 0) {
        app->vsync = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
        snprintf(app->renderer_name, sizeof app->renderer_name, "%s", info.name);
    } else {
        SDL_Log("Couldn't query the renderer: %s", SDL_GetError());
        snprintf(app->renderer_name, sizeof app->renderer_name, "unknown");
    }
    if (SDL_SetRenderDrawBlendMode(app->renderer, SDL_BLENDMODE_BLEND) != 0)
        SDL_Log("Couldn't enable blending: %s", SDL_GetError());
    return true;
}

static double frame_budget(const app_state *app)
{
    if (app->cfg.args.frame_budget_ms > 0.0) return app->cfg.args.frame_budget_ms;
    SDL_DisplayMode mode;
    int hz = APP_DEFAULT_REFRESH_HZ;
    if (SDL_GetWindowDisplayMode(app->window, &mode) == 0 && mode.refresh_rate > 0)
        hz = mode.refresh_rate;
    return 1000.0 / (double)hz;
}

/* The state before anything is started: settings, what the file gets, the
 * pointer off the window, the cursor in the board's middle. */
static void init_state(app_state *app, const settings *s, const app_config *cfg)
{
    SDL_zerop(app);
    app->cfg = *cfg;
    app->settings = *s;
    app->theme = theme_get(s->theme);
    app->hover_row = app->hover_col = -1;
    app->hover_button = LAYOUT_BUTTON_NONE;
    app->mouse_x = app->mouse_y = -1;
    if (cfg->saved) {
        app->prefs = *cfg->saved;
    } else {
        prefs_defaults(&app->prefs);
        app->prefs.settings = *s;
    }
    app->cursor_row = app->cursor_col = s->board_size / 2;
    menu_init(&app->settings_screen.menu);
    review_hooks rh = app_review_hooks(app);
    puzzle_session_init(&app->puzzle_screen.session);
    review_init(&app->review, &rh,
                cfg->review_deadline_ms > 0 ? cfg->review_deadline_ms : APP_REVIEW_DEADLINE_MS);
    app->review_screen.hints = true;
    app->stats_screen.mode = (int)s->mode;
    if (cfg->last_game) {
        app->last_game = *cfg->last_game;
        app->have_last_game = true;
    }
    stats_init(&app->stats, 1000.0 / APP_DEFAULT_REFRESH_HZ);
}

/* SDL, the language, SDL_ttf, and the optional controllers and sound. */
static bool start_sdl(app_state *app)
{
    /* HiDPI on Windows as on macOS and Wayland: the window's size in
     * points, scaled by the display's DPI, and the renderer's output in
     * pixels, which the layout is computed from (window_to_output). Without
     * these Windows stretches the window's bitmap (blurred) or, under Wine,
     * leaves it at 96 DPI, small. Other platforms ignore both hints. */
    if (!SDL_SetHint(SDL_HINT_WINDOWS_DPI_AWARENESS, "permonitorv2") ||
        !SDL_SetHint(SDL_HINT_WINDOWS_DPI_SCALING, "1"))
        SDL_Log("Couldn't ask for DPI scaling: %s", SDL_GetError());
    /* The first click on a window in the background plays as well as
     * focusing it (issue 28: it only focused the window, and a player
     * clicked twice). */
    if (!SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1"))
        SDL_Log("Couldn't let a click through to an unfocused window: %s", SDL_GetError());
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        SDL_Log("Couldn't initialise SDL: %s", SDL_GetError());
        return false;
    }
    app->sdl_ready = true;
    /* Before anything is said: the font's absence is reported in it. */
    app->system_language = app_system_language();
    app_apply_language(app);
    if (TTF_Init() != 0) {
        SDL_Log("Couldn't initialise SDL_ttf: %s", TTF_GetError());
        return false;
    }
    app->ttf_ready = true;
    return true;
}

/* The fonts from @p assets (read once, text.h) and drawing's context; a
 * font that cannot be loaded is said on stderr and in a message box. */
static bool load_fonts(app_state *app, const char *assets)
{
    char regular[ASSETS_FONT_PATH_MAX], bold[ASSETS_FONT_PATH_MAX];
    snprintf(regular, sizeof regular, "%s%s", assets, ASSETS_FONT_REGULAR);
    snprintf(bold, sizeof bold, "%s%s", assets, ASSETS_FONT_BOLD);
    app->text = text_create(app->renderer, regular, bold);
    if (!app->text) {
        char msg[ASSETS_MESSAGE_MAX];
        /* TRANSLATORS: the first %s is a folder, the second the reason. */
        snprintf(msg, sizeof msg, _("Couldn't load the game's fonts from %s: %s"), assets,
                 TTF_GetError());
        fprintf(stderr, "tictactoe: %s\n", msg);
        if (SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, app_window_title(), msg, app->window) !=
            0)
            SDL_Log("Couldn't show a message box: %s", SDL_GetError());
        return false;
    }
    app->draw = render_create(app->renderer, app->text);
    return app->draw != NULL;
}

/* The window and its icon (the fonts are looked for first, so that no
 * window opens when they are missing). */
static bool open_window(app_state *app)
{
    char assets[ASSETS_DIR_MAX];
    if (!assets_find_fonts(app->cfg.assets_dir, assets, sizeof assets)) return false;
    app->window = window_open(&app->cfg.args, &app->prefs.window, app_window_title());
    if (!app->window) return false;
    app_remember_window(app);
#ifndef __EMSCRIPTEN__
    /* A browser shows the page's icon, never the window's. */
    SDL_Surface *icon = draw_icon(ICON_SIZE_PX, app->theme);
    if (icon) {
        SDL_SetWindowIcon(app->window, icon);
        SDL_FreeSurface(icon);
    }
#endif
    return true;
}

/* The renderer and what comes from it. */
static bool make_renderer(app_state *app)
{
    if (!create_renderer(app)) return false;
#ifndef __EMSCRIPTEN__
    /* After the renderer: an OpenGL renderer makes SDL create the X11
     * window again, without the size hints set before (issue 22: the
     * window manager then let it shrink to 300x297). In a browser the page
     * sizes the canvas, and a phone is narrower than the minimum. */
    SDL_SetWindowMinimumSize(app->window, LAYOUT_MIN_WIDTH, LAYOUT_MIN_HEIGHT);
#endif
    app->stats.frame_budget_ms = frame_budget(app);
    return true;
}

/* Warm-up's layer: small, of the cached layers' format (render.c). */
#define WARM_UP_PX 4

/* Draws once with what the first frame draws with (a solid colour as
 * rectangles and as shapes, a texture blended and one copied as it is),
 * into a small layer that is never shown: WebGL compiles and links the
 * renderer's shaders now, and the GPU prepares its pipelines while the
 * next steps of the start run, rather than in the first frame, which the
 * page's compositor then waits for (docs/web.md, "Lighthouse"). A nicety:
 * what fails here fails again, and is said, when the frame draws. Only in
 * a browser: on the desktop the start is one piece anyway. */
static bool warm_renderer(app_state *app)
{
#ifndef __EMSCRIPTEN__
    (void)app;
    return true;
#else
    SDL_Renderer *r = app->renderer;
    if (!SDL_RenderTargetSupported(r)) return true;
    SDL_Texture *layer = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET,
                                           WARM_UP_PX, WARM_UP_PX);
    SDL_Texture *image = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC,
                                           WARM_UP_PX, WARM_UP_PX);
    Uint32 pixels[WARM_UP_PX * WARM_UP_PX] = {0};
    if (layer && image && SDL_UpdateTexture(image, NULL, pixels, WARM_UP_PX * 4) == 0 &&
        SDL_SetRenderTarget(r, layer) == 0) {
        SDL_Rect rect = {0, 0, WARM_UP_PX / 2, WARM_UP_PX / 2};
        SDL_Vertex tri[3] = {{{0, 0}, {0, 0, 0, 0}, {0, 0}},
                             {{WARM_UP_PX, 0}, {0, 0, 0, 0}, {0, 0}},
                             {{0, WARM_UP_PX}, {0, 0, 0, 0}, {0, 0}}};
        SDL_SetRenderDrawColor(r, 0, 0, 0, 0);
        SDL_RenderClear(r);
        SDL_RenderFillRect(r, &rect);
        SDL_RenderGeometry(r, NULL, tri, 3, NULL, 0);
        SDL_SetTextureBlendMode(image, SDL_BLENDMODE_BLEND);
        SDL_RenderCopy(r, image, NULL, NULL);
        SDL_SetTextureBlendMode(image, SDL_BLENDMODE_NONE);
        SDL_RenderCopy(r, image, NULL, NULL);
        SDL_SetRenderTarget(r, NULL);
        SDL_RenderFlush(r);
    }
    if (image) SDL_DestroyTexture(image);
    if (layer) SDL_DestroyTexture(layer);
    return true;
#endif
}

/* The fonts, and the cursors. */
static bool open_fonts(app_state *app)
{
    char assets[ASSETS_DIR_MAX];
    if (!assets_find_fonts(app->cfg.assets_dir, assets, sizeof assets)) return false;
    if (!load_fonts(app, assets)) return false;
    /* Cursors are a nicety: some drivers (offscreen) have none. */
    app->cursor_arrow = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW);
    app->cursor_hand = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND);
    return true;
}

/* An SDL event type of our own for a thread's results, or 0 (logged). */
static Uint32 register_event(const char *whose)
{
    Uint32 type = SDL_RegisterEvents(1);
    if (type != (Uint32)-1) return type;
    SDL_Log("Couldn't register the %s's event: %s", whose, SDL_GetError());
    return 0;
}

/* The AI worker and, when there is a file to save to, the saver. */
static bool start_threads(app_state *app)
{
    /* Controllers and sound are optional: without them the game is mouse
     * and keyboard only, or silent. Both after the window and renderer:
     * SDL 2's hints are a list without a lock, which SDL_CreateRenderer
     * extends (its SDL_HINT_RENDER_VSYNC callback) while the audio
     * output's thread reads it as it opens the device (ThreadSanitizer
     * saw that race). Controllers first: the audio output's thread may
     * start SDL's audio, and SDL's subsystems are started one at a time. */
    gamepad_init(&app->gamepad);
    int linger = app->cfg.audio_linger_ms > 0 ? app->cfg.audio_linger_ms : AUDIO_LINGER_MS;
    app->audio = audio_create(app->settings.sound, linger);
#ifndef __EMSCRIPTEN__
    /* In a browser the page's live region speaks (platform_web.c). */
    announce_init(&app->said);
    app->said_screen = SCREEN_GAME;
    app->speech = speech_out_create(app->settings.speak, app->cfg.args.speech_log);
    speech_out_set_language(app->speech, language_key(app->language));
#endif
    app->ai_event = register_event("AI worker");
    if (app->ai_event == 0) return false;
    app->ai = worker_create(app->ai_event);
    if (!app->ai) return false;
    /* Whether there is a sound device comes from the output's thread. */
    app->audio_event = register_event("sound output");
    if (app->audio_event != 0) audio_set_notify(app->audio, app->audio_event);
    /* Found missing before it could tell: read it now (later, an event). */
    app->audio_missing = audio_missing(app->audio);
    app->saver_event = register_event("settings saver");
    if (app->saver_event == 0) return false;
    /* What the file holds now is what this instance got into it. Without
     * a settings file it still writes the game file and records. */
    app->saver = saver_create(app->saver_event, app->cfg.settings_path, &app->prefs, stderr);
    if (app->saver) {
        saver_set_game_file(app->saver, app->cfg.game_path);
        /* Another window on the same files: its changes come to this one
         * (app_files.c). */
        if (app->cfg.settings_path || app->cfg.game_path) saver_watch(app->saver, true);
    }
    return app->saver != NULL;
}

/* The first game, with the file's scores; --first human|computer: the role
 * opens, whichever mark it has (with a random side, the mark drawn for
 * this first game). */
static bool start_game(app_state *app)
{
    const app_config *cfg = &app->cfg;
    play_hooks hooks = app_play_hooks(app);
    Uint64 now = cfg->fixed_step_ms > 0 ? FIXED_CLOCK_START_MS : SDL_GetTicks64();
    if (!play_init(&app->play, &app->settings, &hooks, cfg->args.seed_given, cfg->args.seed, now)) {
        SDL_Log("Couldn't start a %dx%d game with k = %d", app->settings.board_size,
                app->settings.board_size, app->settings.k);
        return false;
    }
    app_scores_from_prefs(&app->play, &app->prefs);
    if (cfg->ai_deadline_ms > 0) app->play.ai_deadline_ms = cfg->ai_deadline_ms;
    if (cfg->args.first_role != ARGS_FIRST_BY_MARK &&
        app->settings.mode == SETTINGS_MODE_HUMAN_VS_COMPUTER) {
        ttt_player human = app->play.human_side;
        ttt_player first =
            cfg->args.first_role == ARGS_FIRST_HUMAN ? human : ttt_player_other(human);
        if (first != ttt_game_first_player(app->play.game))
            ttt_game_start_next(app->play.game); /* swaps the first player, keeps the side */
    }
    /* A game left unfinished goes on where it was, the computer to move
     * if it was thinking. */
    if (cfg->resume && play_resume(&app->play, cfg->resume, cfg->resume->human)) {
        app->game_file_unfinished = true;
        if (cfg->resume->mode == RECORD_MODE_HUMAN_VS_COMPUTER)
            app->settings.mode = SETTINGS_MODE_HUMAN_VS_COMPUTER;
        else if (cfg->resume->mode == RECORD_MODE_TWO_PLAYERS)
            app->settings.mode = SETTINGS_MODE_TWO_PLAYERS;
        else if (cfg->resume->mode == RECORD_MODE_COMPUTER_VS_COMPUTER)
            app->settings.mode = SETTINGS_MODE_COMPUTER_VS_COMPUTER;
    }
    /* Nothing new to write until the game changes. */
    app->play.game_changed = false;
    if (cfg->open_record) screen_review_open(app, cfg->open_record, false);
    return true;
}

/* The start's last step: back into an online room, the test hook, and the
 * layouts. */
static bool finish_start(app_state *app)
{
    /* A room left open at the last quit: back into it. */
    app_online_init(app);
    /* Tests only: driven over standard input (TTT_TEST_STDIO=1). */
    app_testhook_init(app);
    app_update_sizes(app);
    return true;
}

/* The start after SDL, step by step (app_start_step). */
static bool (*const START_STEPS[])(app_state *app) = {
    open_window, make_renderer, warm_renderer, open_fonts, start_threads, start_game, finish_start};

bool app_start_step(app_state *app)
{
    if (app->started) return true;
    if (!START_STEPS[app->start_steps_done](app)) {
        app->start_failed = true;
        return false;
    }
    app->start_steps_done++;
    app->started = app->start_steps_done == (int)SDL_arraysize(START_STEPS);
#ifdef __EMSCRIPTEN__
    /* The GPU works on the step's drawing (the warm-up) and textures now,
     * while the next steps run. */
    if (app->renderer) platform_web_flush_gpu();
#endif
    return true;
}

bool app_init(app_state *app, const settings *s, const app_config *cfg)
{
    init_state(app, s, cfg);
    if (!start_sdl(app)) return false;
#ifdef __EMSCRIPTEN__
    /* In a browser the rest comes a step a frame, from app_step: each is
     * a short task of the page's, so none keeps a phone from answering a
     * tap for long (docs/web.md, "Lighthouse"). */
    return true;
#else
    while (!app->started)
        if (!app_start_step(app)) return false;
    return true;
#endif
}

/* Wait for the saver to write the last snapshot (APP_QUIT_SAVE_WAIT_MS at
 * most, then say so and leave it behind), note its figures, and stop it. */
static void finish_saves(app_state *app)
{
    if (!app->saver) return;
    if (!saver_finish(app->saver, APP_QUIT_SAVE_WAIT_MS)) {
        fputs("tictactoe: ", stderr);
        /* TRANSLATORS: at exit, when the settings file is still being
           saved (another window holds its lock, or the disk is slow); %s
           is the file, %d the seconds waited. */
        textesc_printf(stderr,
                       _("%s: still saving after %d s; quitting without waiting (the file keeps "
                         "its last complete version)"),
                       app->cfg.settings_path, APP_QUIT_SAVE_WAIT_MS / 1000);
        fputc('\n', stderr);
    }
    saver_stats(app->saver, &app->stats.save_max_ms, &app->stats.saves);
    saver_destroy(app->saver);
    app->saver = NULL;
    if (app->sdl_ready && app->saver_event != 0) saver_drain_events(app->saver_event);
}

void app_quit(app_state *app)
{
    /* Written at exit too (scores, and anything a failed save left dirty),
     * but only if the game got as far as starting. */
    if (app->play.game) {
        if (app->window) app_remember_window(app);
        app->prefs_dirty = true;
        app_save_prefs(app);
        app_save_game_file(app);
    }
    finish_saves(app);
    if (app->cfg.args.print_stats && app->sdl_ready) {
        stats_print(&app->stats, stdout);
        fflush(stdout);
    }
    /* The connection and a hosted server (the seat stays in its file). */
    app_online_quit(app);
    /* Stop the AI first: it cancels a running search and joins the thread. */
    worker_destroy(app->ai);
    app->ai = NULL;
    if (app->sdl_ready && app->ai_event != 0 && app->ai_event != (Uint32)-1)
        worker_drain_events(app->ai_event);
    play_free(&app->play);
    audio_destroy(app->audio); /* Before SDL_Quit: its thread may be in SDL's audio. */
    speech_out_destroy(app->speech);
    app->speech = NULL;
    app->audio = NULL;
    gamepad_quit(&app->gamepad);
    render_destroy(app->draw);
    app->draw = NULL;
    text_destroy(app->text);
    app->text = NULL;
    if (app->cursor_hand) SDL_FreeCursor(app->cursor_hand);
    if (app->cursor_arrow) SDL_FreeCursor(app->cursor_arrow);
    if (app->renderer) SDL_DestroyRenderer(app->renderer);
    if (app->window) SDL_DestroyWindow(app->window);
    app->renderer = NULL;
    app->window = NULL;
    stats_free(&app->stats);
    if (app->ttf_ready) TTF_Quit();
    if (app->sdl_ready) SDL_Quit();
    app->ttf_ready = app->sdl_ready = false;
}
