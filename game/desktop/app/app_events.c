/*
 * app_events.c - the app's side of events (see app_internal.h): the
 * window's and the output's sizes and the layouts computed from them, the
 * language and the window's title, window events, and app_event(), which
 * hands keys, clicks and gamepad buttons to input.c and the threads'
 * results to app_hooks.c and app_files.c.
 */
#include "app.h"

#include "i18n.h"
#include "language.h"

#include "app_internal.h"
#include "audio.h"
#include "input.h"
#include "render.h"
#include "saver.h"
#include "speech_out.h"
#include "screen_game.h"
#include "screen_gamemenu.h"
#include "screen_online.h"
#include "screen_puzzle.h"
#include "screen_stats.h"
#include "text.h"
#include "window.h"
#include "worker.h"

/* TRANSLATORS: the window's title: the game's name in your language
   ("Tic-Tac-Toe", "Morpion", "Tres en raya"). */
#define WINDOW_TITLE N_("Tic-tac-toe")
/* Text height at which the buttons' labels are measured for the layout. */
#define LABEL_PROBE_PX 32
/* Most preferred system languages considered for the Language setting's
 * "System". */
#define PREFERRED_LANGUAGES_MAX 16

const char *app_window_title(void)
{
    return _(WINDOW_TITLE);
}

/* The board laid out: a puzzle's while the puzzles show, else the game's. */
static int board_size(const app_state *app)
{
    if (app_showing(app, SCREEN_PUZZLE)) return screen_puzzle_board_size(app);
    return ttt_game_size(app->play.game);
}

/* The main screen's and the menu's layouts for the current output size,
 * board and language (the menu's choices are sized for their labels). */
static void compute_layouts(app_state *app)
{
    /* Each button's label, in text heights, in the current language: the
     * set shown now gives the widths; the widest set decides the rows, so
     * the board stays put between the game and the review. */
    double ems[SCREEN_GAME_LABEL_SETS][LAYOUT_BUTTON_COUNT], row_ems = 0.0;
    for (int set = 0; set < SCREEN_GAME_LABEL_SETS; set++) {
        double sum = 0.0;
        for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
            int w = 0, h = 0;
            ems[set][i] = LAYOUT_BUTTON_LABEL_EMS_DEFAULT;
            if (app->text && text_measure(app->text, TEXT_BOLD, LABEL_PROBE_PX,
                                          screen_game_button_label_in(set, i), &w, &h))
                ems[set][i] = (double)w / LABEL_PROBE_PX;
            sum += ems[set][i];
        }
        if (sum > row_ems) row_ems = sum;
    }
    app->label_set = screen_game_label_set(&app->view.game);
    layout_compute_labelled(&app->layout, app->out_w, app->out_h, board_size(app),
                            app->settings.show_overlay, ems[app->label_set], row_ems);
    int counts[MENU_ROW_COUNT], chars[MENU_ROW_COUNT];
    menu_option_counts(counts);
    menu_option_chars(chars);
    layout_menu_compute(&app->settings_screen.layout, app->out_w, app->out_h, MENU_ROW_COUNT,
                        counts, chars);
    layout_list_compute(&app->gamemenu_screen.layout, app->out_w, app->out_h, GAMEMENU_COUNT, 0);
    layout_list_compute(&app->online_screen.layout, app->out_w, app->out_h, ONLINE_LAYOUT_ROWS, 0);
    layout_list_compute(&app->puzzle_screen.layout, app->out_w, app->out_h, PUZZLE_MENU_COUNT, 0);
    layout_list_compute(&app->stats_screen.layout, app->out_w, app->out_h, STATS_PANEL_ROWS,
                        SETTINGS_MODE_COUNT);
    /* What is under the pointer moved with the layout: the preview and the
     * click must name the same square (a new board size, F3, a resize,
     * fullscreen). Where the window system knows the pointer, ask it. */
    int wx = 0, wy = 0;
    if (app->window && SDL_GetMouseFocus() == app->window) {
        SDL_GetMouseState(&wx, &wy);
        layout_window_to_output(wx, wy, app->win_w, app->win_h, app->out_w, app->out_h,
                                &app->mouse_x, &app->mouse_y);
    }
    if (app->mouse_x >= 0 && app->mouse_y >= 0) input_pointer_at(app, app->mouse_x, app->mouse_y);
}

void app_update_sizes(app_state *app)
{
    int ww = 0, wh = 0, ow = 0, oh = 0;
    SDL_GetWindowSize(app->window, &ww, &wh);
    if (SDL_GetRendererOutputSize(app->renderer, &ow, &oh) != 0) {
        SDL_Log("Couldn't read the output size: %s", SDL_GetError());
        ow = ww;
        oh = wh;
    }
    bool overlay = app->settings.show_overlay;
    int size = board_size(app);
    if (ow == app->out_w && oh == app->out_h && ww == app->win_w && wh == app->win_h &&
        app->layout.board_size == size && (app->layout.overlay.h > 0) == overlay &&
        app->label_set == screen_game_label_set(&app->view.game))
        return;
    app->win_w = ww;
    app->win_h = wh;
    app->out_w = ow;
    app->out_h = oh;
    compute_layouts(app);
}

/* The language "System" means: the first of the user's languages that the
 * game has, else English. Where the C library has a messages locale
 * (Linux, the BSDs) gettext's own ranking, so LC_ALL=C gives English; on
 * other systems SDL's preferred locales (the desktop's setting). */
int app_system_language(void)
{
    const char *preferred[PREFERRED_LANGUAGES_MAX];
    size_t count = 0;
#if defined(_WIN32) || defined(__APPLE__) || defined(__ANDROID__) || defined(__EMSCRIPTEN__)
    /* In a browser: navigator.languages. */
    SDL_Locale *locales = SDL_GetPreferredLocales();
    for (const SDL_Locale *l = locales; l && l->language && count < PREFERRED_LANGUAGES_MAX; l++)
        preferred[count++] = l->language;
    int chosen = language_choose(LANGUAGE_AUTO, preferred, count);
    SDL_free(locales);
    return chosen;
#else
    char list[I18N_USER_LANGUAGES_MAX];
    if (i18n_user_languages(list, sizeof list)) {
        for (char *save = NULL, *code = SDL_strtokr(list, ":", &save);
             code && count < PREFERRED_LANGUAGES_MAX; code = SDL_strtokr(NULL, ":", &save))
            preferred[count++] = code;
    }
    return language_choose(LANGUAGE_AUTO, preferred, count);
#endif
}

/* Messages in the language the settings ask for, from now on: the window's
 * title here, everything drawn from the next frame (render.c's cached
 * layers know the language), and the menu laid out for its labels. */
void app_apply_language(app_state *app)
{
    app->language_setting = app->settings.language;
    app->language = language_choose(app->settings.language, NULL, 0);
    if (app->settings.language == LANGUAGE_AUTO) app->language = app->system_language;
    i18n_set_language(language_key(app->language));
    speech_out_set_language(app->speech, language_key(app->language));
    if (app->window) SDL_SetWindowTitle(app->window, app_window_title());
    if (app->out_w > 0 && app->out_h > 0) compute_layouts(app);
    app->redraw = true;
}

static void mouse_to_output(const app_state *app, int wx, int wy, int *x, int *y)
{
    layout_window_to_output(wx, wy, app->win_w, app->win_h, app->out_w, app->out_h, x, y);
}

/* Note the window's place, size and state for the settings file (saved at
 * exit). */
void app_remember_window(app_state *app)
{
    window_remember(app->window, &app->prefs.window);
}

static void window_event(app_state *app, const SDL_WindowEvent *we)
{
    switch (we->event) {
    case SDL_WINDOWEVENT_MOVED: app_remember_window(app); break;
    case SDL_WINDOWEVENT_SIZE_CHANGED:
    case SDL_WINDOWEVENT_RESIZED:
        app_update_sizes(app);
        app_remember_window(app);
        break;
    case SDL_WINDOWEVENT_LEAVE: input_pointer_at(app, -1, -1); break;
    case SDL_WINDOWEVENT_MINIMIZED:
    case SDL_WINDOWEVENT_HIDDEN: app->window_hidden = true; break;
    case SDL_WINDOWEVENT_RESTORED:
    case SDL_WINDOWEVENT_MAXIMIZED:
    case SDL_WINDOWEVENT_SHOWN:
    case SDL_WINDOWEVENT_EXPOSED: app->window_hidden = false; break;
    default: break;
    }
}

/* What an event may have changed that the app itself looks after: a
 * language chosen in the settings relays the whole window out. */
void app_after_event(app_state *app)
{
    if (app->settings.language != app->language_setting) app_apply_language(app);
}

void app_event(app_state *app, const SDL_Event *ev)
{
    /* Joystick and controller events: only those that do something may
     * change the screen (a resting stick reports small moves). */
    if (ev->type >= SDL_JOYAXISMOTION && ev->type < SDL_FINGERDOWN) {
        input_gamepad(app, gamepad_event(&app->gamepad, ev, app->play.now_ms));
        app_after_event(app);
        return;
    }
    if (app->audio_event != 0 && ev->type == app->audio_event) {
        /* The speaker shows whether there is a sound device: a frame only
         * when that changed (in a browser each frame costs the page a wait
         * for the GPU, docs/web.md "Lighthouse"). */
        bool missing = audio_missing(app->audio);
        if (missing != app->audio_missing) app->redraw = true;
        app->audio_missing = missing;
        return;
    }
    /* A save's result changes nothing on screen. */
    if (app->saver_event != 0 && ev->type == app->saver_event) {
        saver_result *r = ev->user.data1;
        app_on_saver_result(app, r);
        saver_result_free(r);
        return;
    }
    /* Anything but a mouse move that changes nothing may change the screen. */
    if (ev->type != SDL_MOUSEMOTION) app->redraw = true;
    if (ev->type == app->ai_event) {
        worker_result *r = ev->user.data1;
        app_on_worker_result(app, r);
        worker_result_free(r);
        return;
    }
    int x = 0, y = 0;
    switch (ev->type) {
    case SDL_QUIT: app->quit = true; break;
    case SDL_WINDOWEVENT: window_event(app, &ev->window); break;
    case SDL_RENDER_TARGETS_RESET:
    case SDL_RENDER_DEVICE_RESET: render_invalidate(app->draw); break;
    case SDL_MOUSEMOTION:
        mouse_to_output(app, ev->motion.x, ev->motion.y, &x, &y);
        if (input_mouse_moved(app, x, y)) app->redraw = true;
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (ev->button.button != SDL_BUTTON_LEFT) break;
        mouse_to_output(app, ev->button.x, ev->button.y, &x, &y);
        input_mouse_down(app, x, y);
        break;
    case SDL_MOUSEBUTTONUP:
        if (ev->button.button == SDL_BUTTON_LEFT) input_mouse_up(app);
        break;
    case SDL_KEYDOWN: input_key_down(app, &ev->key); break;
    case SDL_TEXTINPUT: input_text(app, ev->text.text); break;
    case SDL_MOUSEWHEEL:
        input_wheel(app,
                    ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -ev->wheel.y : ev->wheel.y);
        break;
    case SDL_DROPFILE:
        if (ev->drop.file) app_open_file(app, ev->drop.file);
        SDL_free(ev->drop.file);
        break;
    default: break;
    }
    app_after_event(app);
}
