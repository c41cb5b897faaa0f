/*
 * app.c - the desktop game's main loop: init, event, iterate, quit over one
 * app_state (see app.h), in the shape of SDL3's examples.
 *
 * What it keeps: the loop (a pass takes the input, computes the view,
 * draws and presents a frame when something changed, hands the saver a
 * snapshot, then sleeps until the next event or frame is due), start-up
 * and shut-down, and the hooks of the threads: the AI worker runs the jobs
 * the turn flow asks for (hook_submit; answers come back as events,
 * on_worker_result), the saver writes the settings file (app_save_prefs;
 * results as events, on_saver_result), and game events arrive in
 * hook_event() (sounds play from there).
 *
 * What it hands on: events to input.c, which turns keys, clicks and
 * gamepad buttons into actions for the screen on top (the table of
 * screens, screens.h); the frame to render.c,
 * which draws the screens from the view (view.h) over its cached layers.
 * docs/hacking.md has the map of the files.
 *
 * Settings and scores persist through prefs.h: app->prefs is what the file
 * gets (the command line's overrides never reach it), handed to the saver
 * when something changed, at the end of a pass rather than inside an
 * event, and at exit.
 */
#include "app.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <SDL_ttf.h>

#include "i18n.h"
#include "language.h"
#include "textesc.h"

#include "assets.h"
#include "audio.h"
#include "draw.h"
#include "gamefile.h"
#include "input.h"
#include "overlay.h"
#include "render.h"
#include "saver.h"
#include "screen_game.h"
#include "screen_gamemenu.h"
#include "screen_review.h"
#include "screen_stats.h"
#include "screens.h"
#include "text.h"
#include "window.h"
#include "worker.h"
#ifdef __EMSCRIPTEN__
#include "platform_web.h"
#endif

/* TRANSLATORS: the window's title: the game's name in your language
   ("Tic-Tac-Toe", "Morpion", "Tres en raya"). */
#define WINDOW_TITLE N_("Tic-tac-toe")
/* Text height at which the buttons' labels are measured for the layout. */
#define LABEL_PROBE_PX 32
/* Most preferred system languages considered for the Language setting's
 * "System". */
#define PREFERRED_LANGUAGES_MAX 16
/* Frames shorter than this fraction of the budget wait for the rest, so a
 * renderer without a working vsync does not spin a core. */
#define PACE_MIN_FRACTION 1.0
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

/* ------------------------------------------------------------------------- */
/* The turn flow's hooks                                                     */
/* ------------------------------------------------------------------------- */

static bool hook_submit(void *user, play_job kind, const ttt_game *game, const ttt_ai_options *opts,
                        uint32_t job_id)
{
    app_state *app = user;
    if (!app->ai) return false;
    return worker_submit_job(app->ai,
                             kind == PLAY_JOB_ANALYZE ? WORKER_JOB_ANALYZE : WORKER_JOB_MOVE, game,
                             opts, job_id);
}

static void hook_cancel(void *user)
{
    app_state *app = user;
    if (app->ai) worker_cancel(app->ai);
}

static bool review_submit(void *user, const ttt_game *game, int deadline_ms, uint32_t job_id)
{
    app_state *app = user;
    if (!app->ai) return false;
    ttt_ai_options opts;
    TTT_INIT(&opts);
    opts.deadline_ms = deadline_ms;
    return worker_submit_job(app->ai, WORKER_JOB_REVIEW, game, &opts, job_id);
}

/* Game events land here, and only here: a mark placed, a move refused, a
 * game won, lost or drawn (play.c reports them after the state changed).
 * Feedback that is not drawn from the state (sound) hooks in here. */
/* What each game event sounds like. */
static sound_cue event_cue(const play_event *ev)
{
    switch (ev->kind) {
    case PLAY_EVENT_MARK_PLACED:
        return ev->player == TTT_PLAYER_O ? SOUND_CUE_PLACE_O : SOUND_CUE_PLACE_X;
    case PLAY_EVENT_MOVE_REFUSED: return SOUND_CUE_REFUSED;
    case PLAY_EVENT_GAME_WON: return SOUND_CUE_WIN;
    case PLAY_EVENT_GAME_LOST: return SOUND_CUE_LOSS;
    case PLAY_EVENT_GAME_DRAWN:
    case PLAY_EVENT_RESULT_TAKEN_BACK:
    default: return SOUND_CUE_DRAW;
    }
}

/* A finished game into the statistics (tally.h), kept with the scores;
 * the entry as it was is kept, for an undo. */
static void count_in_statistics(app_state *app)
{
    const play_scored *at = &app->play.scored;
    if (at->mode < 0) return; /* not counted in the scores either */
    const settings *s = &app->settings;
    int size = ttt_game_size(app->play.game), k = ttt_game_k(app->play.game);
    int level = at->mode == SETTINGS_MODE_TWO_PLAYERS ? TALLY_NO_LEVEL : s->difficulty;
    tally *t = &app->prefs.tally;
    tally_entry *e = tally_find(t, at->mode, size, k, level);
    app->tally_existed = e != NULL;
    if (e)
        app->tally_before = *e;
    else
        app->tally_before = (tally_entry){at->mode, size, k, level, {0, 0}, 0, 0, 0};
    tally_count(t, at->mode, size, k, level, at->slot);
    app->tally_undoable = true;
}

static void hook_event(void *user, const play_event *ev)
{
    app_state *app = user;
    switch (ev->kind) {
    case PLAY_EVENT_GAME_WON:
    case PLAY_EVENT_GAME_LOST:
    case PLAY_EVENT_GAME_DRAWN:
        app->prefs_dirty = true; /* Scores survive a crash or a killed process. */
        /* The last game, for review and replay once the next has begun. */
        play_record(&app->play, &app->last_game);
        app->have_last_game = true;
        count_in_statistics(app);
        break;
    case PLAY_EVENT_RESULT_TAKEN_BACK:
        if (app->tally_undoable)
            tally_restore(&app->prefs.tally, &app->tally_before, app->tally_existed);
        app->tally_undoable = false;
        app->prefs_dirty = true;
        return;
    case PLAY_EVENT_MARK_PLACED:
        /* One tick for marks placed together (a redone move and its reply). */
        if (app->place_cue_ms == app->play.now_ms) return;
        app->place_cue_ms = app->play.now_ms;
        break;
    case PLAY_EVENT_MOVE_REFUSED:
    default: break;
    }
    audio_play(app->audio, event_cue(ev));
}

/* An answer from the worker, handed to the turn flow. */
static void on_worker_result(app_state *app, const worker_result *r)
{
    if (r->kind == WORKER_JOB_REVIEW) {
        if (review_on_result(&app->review, r->job_id, r->status, &r->analysis) &&
            r->status != TTT_OK)
            SDL_Log("Couldn't analyse a position for the review: %s",
                    ttt_status_message(r->status));
        return;
    }
    play_result pr;
    pr.kind = r->kind == WORKER_JOB_ANALYZE ? PLAY_JOB_ANALYZE : PLAY_JOB_MOVE;
    pr.job_id = r->job_id;
    pr.status = r->status;
    pr.ai = r->ai;
    pr.analysis = r->analysis;
    play_result_use use = play_on_result(&app->play, &pr);
    if (use == PLAY_RESULT_FAILED)
        SDL_Log("%s: %s",
                pr.kind == PLAY_JOB_ANALYZE ? "Couldn't work out a hint"
                                            : "The computer couldn't move",
                ttt_status_message(r->status));
    if (use == PLAY_RESULT_USED && pr.kind == PLAY_JOB_MOVE) {
        stats_series_add(&app->stats.ai, r->compute_ms);
        if (r->ai.stopped) app->stats.ai_stopped++;
    }
}

/* ------------------------------------------------------------------------- */
/* Scores and the settings file                                              */
/* ------------------------------------------------------------------------- */

/* The file's counts into the turn flow's per-mode scores, and back. */
static void scores_from_prefs(play_state *p, const prefs *f)
{
    p->scores[SETTINGS_MODE_HUMAN_VS_COMPUTER] =
        (play_score){{f->you_wins, f->computer_wins}, f->draws};
    p->scores[SETTINGS_MODE_TWO_PLAYERS] = (play_score){{f->wins_x, f->wins_o}, f->pvp_draws};
    p->scores[SETTINGS_MODE_COMPUTER_VS_COMPUTER] =
        (play_score){{f->cvc_wins_x, f->cvc_wins_o}, f->cvc_draws};
}

static void scores_to_prefs(prefs *f, const play_state *p)
{
    const play_score *hvc = &p->scores[SETTINGS_MODE_HUMAN_VS_COMPUTER];
    const play_score *pvp = &p->scores[SETTINGS_MODE_TWO_PLAYERS];
    const play_score *cvc = &p->scores[SETTINGS_MODE_COMPUTER_VS_COMPUTER];
    f->you_wins = hvc->wins[0];
    f->computer_wins = hvc->wins[1];
    f->draws = hvc->draws;
    f->wins_x = pvp->wins[0];
    f->wins_o = pvp->wins[1];
    f->pvp_draws = pvp->draws;
    f->cvc_wins_x = cvc->wins[0];
    f->cvc_wins_o = cvc->wins[1];
    f->cvc_draws = cvc->draws;
}

void app_save_prefs(app_state *app)
{
    if (!app->prefs_dirty) return;
    app->prefs_dirty = false;
    if (!app->saver) return;
    scores_to_prefs(&app->prefs, &app->play);
    /* A copy: the saver's thread merges it with what other instances saved
     * meanwhile (prefs.h) while this one goes on. */
    saver_submit(app->saver, &app->prefs, ++app->save_job);
}

/* A sentence in place of the status for a while (see APP_NOTICE_MS). */
static void notice(app_state *app, const char *text)
{
    snprintf(app->notice, sizeof app->notice, "%s", text);
    app->notice_ms = app->play.now_ms;
    app->redraw = true;
}

/* The game's record for the game file, after a change: a game with moves
 * always; an empty board only to replace an unfinished game (a finished
 * one stays there, the last game, until the next game's first move). */
static void save_game_file(app_state *app)
{
    if (!app->play.game_changed) return;
    app->play.game_changed = false;
    if (!app->saver || !app->cfg.game_path) return;
    record r;
    play_record(&app->play, &r);
    if (r.move_count == 0 && !app->game_file_unfinished) return;
    app->game_file_unfinished = r.move_count > 0 && !app->play.game_over;
    saver_submit_game(app->saver, &r, ++app->game_save_job);
}

/* Ctrl+S, or the game menu's entry: the game as a new record in the
 * records' folder, named after the time (the saver writes it). */
static void export_record(app_state *app)
{
    app->export_requested = false;
    record r;
    if (!screen_gamemenu_enabled(app, GAMEMENU_SAVE) || !app->saver ||
        !screen_review_subject(app, &r))
        return;
    char dir[SAVER_TEXT_MAX];
    if (app->cfg.records_dir) {
        snprintf(dir, sizeof dir, "%s", app->cfg.records_dir);
    } else if (app->cfg.settings_path) {
        char *d = gamefile_records_dir(app->cfg.settings_path);
        if (!d) return;
        snprintf(dir, sizeof dir, "%s", d);
        free(d);
    } else {
        /* TRANSLATORS: a notice: the game cannot be saved to a file in a
           run without a settings folder. */
        notice(app, _("No folder to save games in (no settings file this run)."));
        return;
    }
    char stamp[GAMEFILE_STAMP_MAX];
    time_t now = time(NULL);
    struct tm *t = localtime(&now);
    if (!t || strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", t) == 0)
        snprintf(stamp, sizeof stamp, "game");
    saver_submit_export(app->saver, &r, dir, stamp, ++app->file_job);
}

/* A file dropped on the window: read by the saver, reviewed when it is a
 * record. */
static void open_file(app_state *app, const char *path)
{
    if (app->saver) saver_submit_read(app->saver, path, ++app->file_job);
}

/* A job's result: a failed save was warned about (once) by the saver, and
 * the next save carries what did not get in; an export or a read is told
 * in a notice, and a record read is opened for review. */
static void on_saver_result(app_state *app, const saver_result *r)
{
    char text[VIEW_STATUS_MAX];
    switch (r->kind) {
    case SAVER_PREFS:
        if (!r->ok) app->prefs_warned = true;
        return;
    case SAVER_GAME: return;
    case SAVER_EXPORT:
        if (r->ok) /* TRANSLATORS: a notice; %s is the file the game went to. */
            snprintf(text, sizeof text, _("Game saved to %.400s"), r->text);
        else
            /* TRANSLATORS: a notice; %s is why (a folder and a reason). */
            snprintf(text, sizeof text, _("The game could not be saved: %.400s"), r->text);
        notice(app, text);
        return;
    case SAVER_READ:
        if (r->ok) {
            screen_review_open(app, &r->rec, false);
            return;
        }
        /* TRANSLATORS: a notice: a file dropped on the window is not a game
           record; %s is the file, the line and the reason. */
        snprintf(text, sizeof text, _("Not a game record: %.400s"), r->text);
        notice(app, text);
        return;
    default: return;
    }
}

bool app_wait_for_saves(app_state *app, Uint32 timeout_ms)
{
    if (!app->saver) return true;
    bool idle = saver_finish(app->saver, timeout_ms);
    SDL_Event ev;
    SDL_PumpEvents();
    while (SDL_PeepEvents(&ev, 1, SDL_GETEVENT, app->saver_event, app->saver_event) == 1)
        app_event(app, &ev);
    return idle;
}

static void update(app_state *app)
{
    if (app->cfg.args.quit_after_games > 0 &&
        app->play.games_finished >= app->cfg.args.quit_after_games && play_settled(&app->play))
        app->quit = true;
    if (app->review.open)
        review_update(&app->review, app->play.now_ms);
    else if (!app->quit)
        play_update(&app->play);
    if (app->export_requested) export_record(app);
    /* After play_update: a game it ended is saved in this pass, once. */
    if (app->play.scores_changed) {
        app->play.scores_changed = false;
        app->prefs_dirty = true;
    }
    /* Reset's confirmation runs out: the button reads "Reset scores" again. */
    if (app->settings_screen.reset_armed_ms != 0 &&
        (!app_showing(app, SCREEN_SETTINGS) ||
         app->play.now_ms >= app->settings_screen.reset_armed_ms + APP_RESET_CONFIRM_MS)) {
        app->settings_screen.reset_armed_ms = 0;
        app->redraw = true;
    }
    int size = ttt_game_size(app->play.game);
    if (app->cursor_row >= size || app->cursor_col >= size)
        app->cursor_row = app->cursor_col = size / 2;
}

/* ------------------------------------------------------------------------- */
/* Sizes, layouts and the language                                           */
/* ------------------------------------------------------------------------- */

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
    layout_compute_labelled(&app->layout, app->out_w, app->out_h, ttt_game_size(app->play.game),
                            app->settings.show_overlay, ems[app->label_set], row_ems);
    int counts[MENU_ROW_COUNT], chars[MENU_ROW_COUNT];
    menu_option_counts(counts);
    menu_option_chars(chars);
    layout_menu_compute(&app->settings_screen.layout, app->out_w, app->out_h, MENU_ROW_COUNT,
                        counts, chars);
    layout_list_compute(&app->gamemenu_screen.layout, app->out_w, app->out_h, GAMEMENU_COUNT, 0);
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

static void update_sizes(app_state *app)
{
    int ww = 0, wh = 0, ow = 0, oh = 0;
    SDL_GetWindowSize(app->window, &ww, &wh);
    if (SDL_GetRendererOutputSize(app->renderer, &ow, &oh) != 0) {
        SDL_Log("Couldn't read the output size: %s", SDL_GetError());
        ow = ww;
        oh = wh;
    }
    bool overlay = app->settings.show_overlay;
    int size = ttt_game_size(app->play.game);
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
static int system_language(void)
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
static void apply_language(app_state *app)
{
    app->language_setting = app->settings.language;
    app->language = language_choose(app->settings.language, NULL, 0);
    if (app->settings.language == LANGUAGE_AUTO) app->language = app->system_language;
    i18n_set_language(language_key(app->language));
    if (app->window) SDL_SetWindowTitle(app->window, _(WINDOW_TITLE));
    if (app->out_w > 0 && app->out_h > 0) compute_layouts(app);
    app->redraw = true;
}

static void mouse_to_output(const app_state *app, int wx, int wy, int *x, int *y)
{
    layout_window_to_output(wx, wy, app->win_w, app->win_h, app->out_w, app->out_h, x, y);
}

/* Note the window's place, size and state for the settings file (saved at
 * exit). */
static void remember_window(app_state *app)
{
    window_remember(app->window, &app->prefs.window);
}

static void window_event(app_state *app, const SDL_WindowEvent *we)
{
    switch (we->event) {
    case SDL_WINDOWEVENT_MOVED: remember_window(app); break;
    case SDL_WINDOWEVENT_SIZE_CHANGED:
    case SDL_WINDOWEVENT_RESIZED:
        update_sizes(app);
        remember_window(app);
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
static void after_event(app_state *app)
{
    if (app->settings.language != app->language_setting) apply_language(app);
}

void app_event(app_state *app, const SDL_Event *ev)
{
    /* Joystick and controller events: only those that do something may
     * change the screen (a resting stick reports small moves). */
    if (ev->type >= SDL_JOYAXISMOTION && ev->type < SDL_FINGERDOWN) {
        input_gamepad(app, gamepad_event(&app->gamepad, ev, app->play.now_ms));
        after_event(app);
        return;
    }
    if (app->audio_event != 0 && ev->type == app->audio_event) {
        app->audio_missing = audio_missing(app->audio);
        app->redraw = true;
        return;
    }
    /* A save's result changes nothing on screen. */
    if (app->saver_event != 0 && ev->type == app->saver_event) {
        saver_result *r = ev->user.data1;
        on_saver_result(app, r);
        saver_result_free(r);
        return;
    }
    /* Anything but a mouse move that changes nothing may change the screen. */
    if (ev->type != SDL_MOUSEMOTION) app->redraw = true;
    if (ev->type == app->ai_event) {
        worker_result *r = ev->user.data1;
        on_worker_result(app, r);
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
    case SDL_MOUSEWHEEL:
        input_wheel(app,
                    ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -ev->wheel.y : ev->wheel.y);
        break;
    case SDL_DROPFILE:
        if (ev->drop.file) open_file(app, ev->drop.file);
        SDL_free(ev->drop.file);
        break;
    default: break;
    }
    after_event(app);
}

/* ------------------------------------------------------------------------- */
/* Frames                                                                    */
/* ------------------------------------------------------------------------- */

static void advance_clock(app_state *app)
{
    if (app->cfg.fixed_step_ms > 0)
        app->play.now_ms += app->cfg.fixed_step_ms;
    else
        app->play.now_ms = SDL_GetTicks64();
}

/* Is a notice up on the app's clock? */
static bool notice_showing(const app_state *app)
{
    return app->notice[0] && app->play.now_ms < app->notice_ms + APP_NOTICE_MS;
}

/* What drawing needs to know, worked out once per frame (view.h): the game,
 * or the review's position while one is open; a notice over the status. */
static void prepare_frame(app_state *app)
{
    if (app->review.open)
        view_review_compute(&app->review, app->review_screen.hints, app->settings.mode,
                            &app->view.game);
    else
        view_game_compute(&app->play, &app->view.game);
    view_board_value_compute(&app->play, &app->view);
    if (notice_showing(app)) {
        snprintf(app->view.game.status, sizeof app->view.game.status, "%s", app->notice);
        app->view.game.status_long = true;
        app->view.game.status_dots = false;
    }
    app->view.now_ms = app->play.now_ms;
}

SDL_Surface *app_capture(app_state *app)
{
    prepare_frame(app);
    render_screen(app->draw, app);
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, app->out_w, app->out_h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) {
        SDL_Log("Couldn't create a capture surface: %s", SDL_GetError());
        return NULL;
    }
    if (SDL_RenderReadPixels(app->renderer, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) !=
        0) {
        SDL_Log("Couldn't read the frame back: %s", SDL_GetError());
        SDL_FreeSurface(s);
        return NULL;
    }
    return s;
}

/* Is @p start_ms + @p duration_ms still ahead on the app's clock? */
static bool running(const app_state *app, Uint64 start_ms, int duration_ms)
{
    return start_ms != 0 && app->play.now_ms < start_ms + (Uint64)duration_ms;
}

/* Is anything on screen moving by itself now (so frames must keep coming
 * at the display's rate)? Everything else is drawn once per change. */
static bool app_animating(const app_state *app)
{
    const view_game *v = &app->view.game;
    if (v->computer_thinking || v->hint_thinking) return true; /* the pulsing dots */
    if (v->game_over && running(app, v->game_over_ms, APP_GAME_OVER_SETTLE_MS)) return true;
    if (v->refused && running(app, v->refused_ms, APP_REFUSED_CUE_MS)) return true;
    if (v->hint_shown && running(app, v->hint_ms, APP_HINT_FADE_MS)) return true;
    if (running(app, app->settings_screen.changed_ms, APP_MENU_FADE_MS)) return true;
    if (running(app, app->help_screen.changed_ms, APP_HELP_FADE_MS)) return true;
    if (running(app, app->gamemenu_screen.changed_ms, APP_PANEL_FADE_MS)) return true;
    if (running(app, app->stats_screen.changed_ms, APP_PANEL_FADE_MS)) return true;
    if (v->status_dots) return true; /* the review's solver at work */
    if (app->hover_row >= 0 && running(app, app->hover_ms, APP_HOVER_FADE_MS)) return true;
    int squares = v->size * v->size;
    for (int i = 0; i < squares; i++)
        if (running(app, v->placed_ms[i], APP_MARK_APPEAR_MS)) return true;
    return false;
}

/* The next app time at which something happens by itself while nothing
 * animates: the computer's held move, the next watched game, the end of
 * Reset's confirmation, the overlay's next refresh. UINT64_MAX: none. */
static Uint64 next_wake_ms(const app_state *app)
{
    Uint64 wake =
        app->review.open ? review_next_wake_ms(&app->review) : play_next_wake_ms(&app->play);
    if (notice_showing(app) && app->notice_ms + APP_NOTICE_MS < wake)
        wake = app->notice_ms + APP_NOTICE_MS;
    if (app->settings_screen.reset_armed_ms != 0) {
        Uint64 expiry = app->settings_screen.reset_armed_ms + APP_RESET_CONFIRM_MS;
        if (expiry < wake) wake = expiry;
    }
    if (app->settings.show_overlay && app->overlay_stale) {
        Uint64 refresh = app->overlay_updated_ms + APP_OVERLAY_REFRESH_MS;
        if (refresh < wake) wake = refresh;
    }
    return wake;
}

/* Sleep until the next frame is due: the rest of the frame budget while
 * something animates, otherwise until an event or the next timed wake-up
 * (input, the worker's answer and window events all wake it at once). */
static void wait_for_next_pass(app_state *app, bool animating, Uint64 start, Uint64 freq)
{
    double budget = app->stats.frame_budget_ms * PACE_MIN_FRACTION;
    if (animating) {
        /* Pace even when vsync was granted: some drivers (offscreen, Xvfb)
         * report it but return at once. With a real vsync the present
         * already took the whole budget and this waits for nothing. */
        double elapsed = (double)(SDL_GetPerformanceCounter() - start) * 1000.0 / (double)freq;
        double wait = budget - elapsed;
        if (wait >= 1.0) SDL_WaitEventTimeout(NULL, (int)wait);
        return;
    }
    Uint64 wake = next_wake_ms(app);
    int timeout = -1; /* until an event */
    if (wake != UINT64_MAX)
        timeout = wake <= app->play.now_ms ? 0 : (int)SDL_min(wake - app->play.now_ms, INT_MAX);
    /* A direction held on a controller repeats on time. */
    int repeat = gamepad_repeat_in_ms(&app->gamepad, app->play.now_ms);
    if (repeat >= 0 && (timeout < 0 || repeat < timeout)) timeout = repeat;
    /* A run that quits after N passes keeps passing. */
    if (app->cfg.args.quit_after_frames > 0 && (timeout < 0 || timeout > (int)budget))
        timeout = (int)budget;
    /* Like SDL_WaitEventTimeout, reading the controllers meanwhile. */
    if (timeout != 0) gamepad_wait_event(&app->gamepad, timeout);
}

/* Everything that happened since the last pass: controllers, events, a
 * direction held, a new window size, the turn flow's own step. */
static void take_input(app_state *app)
{
    /* SDL reads controllers only when asked (see gamepad.h). */
    gamepad_poll(&app->gamepad);
    SDL_Event ev;
    while (SDL_PollEvent(&ev))
        app_event(app, &ev);
    input_gamepad(app, gamepad_held_action(&app->gamepad, app->play.now_ms));
    after_event(app);
    update_sizes(app);
    update(app);
    app->passes++;
    if (app->cfg.args.quit_after_frames > 0 &&
        app->passes >= (unsigned long)app->cfg.args.quit_after_frames)
        app->quit = true;
}

/* --screenshot: the last frame, before quitting. */
static void save_screenshot(app_state *app)
{
    SDL_Surface *shot = app_capture(app);
    if (!shot) return;
    if (SDL_SaveBMP(shot, app->cfg.args.screenshot) != 0) {
        /* Asked for on the command line: a failure is the run's failure. */
        textesc_printf(stderr, "tictactoe: cannot save the screenshot %s: %s",
                       app->cfg.args.screenshot, SDL_GetError());
        fputc('\n', stderr);
        app->screenshot_failed = true;
    }
    SDL_FreeSurface(shot);
}

/* Draw and present the frame begun at @p start, timing it; @p drawn says
 * the screenshot already drew it. @return the ticks spent presenting (with
 * a working vsync, mostly waiting for the display). */
static Uint64 present_frame(app_state *app, Uint64 start, Uint64 freq, bool drawn, bool animating,
                            bool changed)
{
    bool measured = app->stats.frames >= STATS_WARMUP_FRAMES;
    /* The interval between frames of one animation (not across idle gaps). */
    if (app->last_frame_start_counter && measured)
        stats_series_add(&app->stats.frame_interval,
                         (double)(start - app->last_frame_start_counter) * 1000.0 / (double)freq);
    if (!drawn) render_screen(app->draw, app);
    /* SDL batches drawing until asked; flush so the frame time includes
     * submitting it, but not the wait for vsync inside SDL_RenderPresent. */
    if (SDL_RenderFlush(app->renderer) != 0) SDL_Log("Couldn't flush: %s", SDL_GetError());
    Uint64 done = SDL_GetPerformanceCounter();
    if (measured)
        stats_series_add(&app->stats.frame_work, (double)(done - start) * 1000.0 / (double)freq);
    app->stats.frames++;
    /* The overlay's own refresh does not make its numbers stale. */
    if (changed || animating) app->overlay_stale = true;
    SDL_RenderPresent(app->renderer);
    Uint64 presented = SDL_GetPerformanceCounter();
    app->redraw = false;
    app->drawn_view = app->view.game;
    app->animated_last_frame = animating;
    app->last_frame_start_counter = animating ? start : 0;
    return presented - done;
}

bool app_step(app_state *app)
{
    Uint64 freq = SDL_GetPerformanceFrequency();
    Uint64 start = SDL_GetPerformanceCounter();
    /* Passes before the first measured frame open fonts and warm the renderer up. */
    bool measured_pass = app->stats.frames >= STATS_WARMUP_FRAMES;
    advance_clock(app);
    take_input(app);
    prepare_frame(app);
    /* The buttons' labels may have changed with the view (the review): their
     * widths follow at once. */
    update_sizes(app);

    /* Draw only what changed: an event said so, something animates, or
     * the game moved on by itself (the computer's move, the next game). */
    bool animating = !app->window_hidden && app_animating(app);
    /* An animation that has just ended still owes its final frame. */
    bool changed = app->redraw || app->animated_last_frame ||
                   memcmp(&app->view.game, &app->drawn_view, sizeof app->drawn_view) != 0;
    bool overlay_refreshed = overlay_refresh(app);
    bool screenshot = app->quit && app->cfg.args.screenshot;
    if (screenshot) save_screenshot(app);
    Uint64 presenting = 0;
    if (screenshot || (!app->window_hidden && (changed || animating || overlay_refreshed))) {
        presenting = present_frame(app, start, freq, screenshot, animating, changed);
    } else {
        app->stats.idle_wakeups++;
        app->last_frame_start_counter = 0;
    }

    /* A snapshot for the saver's thread, which writes the file while the
     * loop goes on (outside a slider drag, so a drag writes once). */
    if (app->prefs_dirty && !app->settings_screen.menu.dragging) app_save_prefs(app);
    save_game_file(app);
    /* The pass without its waits: for the display (vsync) and, below, for
     * the next event. What is left is what the loop itself blocked on. */
    if (measured_pass)
        stats_loop_pass(&app->stats, (double)(SDL_GetPerformanceCounter() - start - presenting) *
                                         1000.0 / (double)freq);
    if (app->cfg.pace_frames && !app->quit) wait_for_next_pass(app, animating, start, freq);
    return !app->quit;
}

int app_run(app_state *app)
{
#ifdef __EMSCRIPTEN__
    /* In a browser tab the page runs the loop: this never returns. */
    platform_web_run(app);
#endif
    while (app_step(app)) {
    }
    return app->screenshot_failed ? 1 : 0;
}

/* ------------------------------------------------------------------------- */
/* Init and quit                                                             */
/* ------------------------------------------------------------------------- */

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
    review_hooks rh = {app, review_submit, hook_cancel};
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
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        SDL_Log("Couldn't initialise SDL: %s", SDL_GetError());
        return false;
    }
    app->sdl_ready = true;
    /* Before anything is said: the font's absence is reported in it. */
    app->system_language = system_language();
    apply_language(app);
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
        if (SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, _(WINDOW_TITLE), msg, app->window) != 0)
            SDL_Log("Couldn't show a message box: %s", SDL_GetError());
        return false;
    }
    app->draw = render_create(app->renderer, app->text);
    return app->draw != NULL;
}

/* The window, its icon, the renderer and the fonts. */
static bool open_window(app_state *app)
{
    char assets[ASSETS_DIR_MAX];
    if (!assets_find_fonts(app->cfg.assets_dir, assets, sizeof assets)) return false;
    app->window = window_open(&app->cfg.args, &app->prefs.window, _(WINDOW_TITLE));
    if (!app->window) return false;
    remember_window(app);
    SDL_Surface *icon = draw_icon(ICON_SIZE_PX, app->theme);
    if (icon) {
        SDL_SetWindowIcon(app->window, icon);
        SDL_FreeSurface(icon);
    }
    if (!create_renderer(app)) return false;
#ifndef __EMSCRIPTEN__
    /* After the renderer: an OpenGL renderer makes SDL create the X11
     * window again, without the size hints set before (issue 22: the
     * window manager then let it shrink to 300x297). In a browser the page
     * sizes the canvas, and a phone is narrower than the minimum. */
    SDL_SetWindowMinimumSize(app->window, LAYOUT_MIN_WIDTH, LAYOUT_MIN_HEIGHT);
#endif
    app->stats.frame_budget_ms = frame_budget(app);
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
    if (app->saver) saver_set_game_file(app->saver, app->cfg.game_path);
    return app->saver != NULL;
}

/* The first game, with the file's scores; --first human|computer: the role
 * opens, whichever mark it has (with a random side, the mark drawn for
 * this first game). */
static bool start_game(app_state *app)
{
    const app_config *cfg = &app->cfg;
    play_hooks hooks = {app, hook_submit, hook_cancel, hook_event};
    Uint64 now = cfg->fixed_step_ms > 0 ? FIXED_CLOCK_START_MS : SDL_GetTicks64();
    if (!play_init(&app->play, &app->settings, &hooks, cfg->args.seed_given, cfg->args.seed, now)) {
        SDL_Log("Couldn't start a %dx%d game with k = %d", app->settings.board_size,
                app->settings.board_size, app->settings.k);
        return false;
    }
    scores_from_prefs(&app->play, &app->prefs);
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

bool app_init(app_state *app, const settings *s, const app_config *cfg)
{
    init_state(app, s, cfg);
    if (!start_sdl(app) || !open_window(app) || !start_threads(app) || !start_game(app))
        return false;
    update_sizes(app);
    return true;
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
        if (app->window) remember_window(app);
        app->prefs_dirty = true;
        app_save_prefs(app);
        save_game_file(app);
    }
    finish_saves(app);
    if (app->cfg.args.print_stats && app->sdl_ready) {
        stats_print(&app->stats, stdout);
        fflush(stdout);
    }
    /* Stop the AI first: it cancels a running search and joins the thread. */
    worker_destroy(app->ai);
    app->ai = NULL;
    if (app->sdl_ready && app->ai_event != 0 && app->ai_event != (Uint32)-1)
        worker_drain_events(app->ai_event);
    play_free(&app->play);
    audio_destroy(app->audio); /* Before SDL_Quit: its thread may be in SDL's audio. */
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
