/*
 * app.c - the desktop game's main loop: init, event, iterate, quit over one
 * app_state (see app.h).
 *
 * The turn flow (moves, scores, the computer's turn, undo, hints) is play.c,
 * which has no SDL; this file connects it to the window: the worker thread
 * runs the jobs play asks for (hook_submit) and posts their results back as
 * events (on_worker_result); input becomes actions in app_do(); game events
 * arrive in hook_event() (sounds play from there); drawing gets a
 * read-only state with the view of the game computed once per frame
 * (prepare_frame). Game controllers (gamepad.c) become the same actions as
 * keys; the loop reads them itself at each wake-up (see gamepad.h).
 *
 * Settings and scores persist through prefs.c: app->prefs is what the file
 * gets (the command line's overrides never reach it), saved when something
 * changed, from update() rather than from inside an event, and at exit.
 */
#include "app.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL_ttf.h>

#include "i18n.h"
#include "language.h"
#include "textesc.h"

#include "audio.h"
#include "render.h"
#include "saver.h"
#include "text.h"
#include "worker.h"

#ifndef TTT_DATA_DIR
#define TTT_DATA_DIR ""
#endif
/* The system's DejaVu fonts (Debian's fonts-dejavu-core), used before the
 * copies that come with the game; "" for none. */
#ifndef TTT_SYSTEM_FONT_DIR
#define TTT_SYSTEM_FONT_DIR ""
#endif

/* TRANSLATORS: the window's title: the game's name in your language
   ("Tic-Tac-Toe", "Morpion", "Tres en raya"). */
#define WINDOW_TITLE N_("Tic-tac-toe")
/* Text height at which the buttons' labels are measured for the layout. */
#define LABEL_PROBE_PX 32
/* Most preferred system languages considered for the Language setting's
 * "System". */
#define PREFERRED_LANGUAGES_MAX 16
#define FONT_REGULAR_FILE "DejaVuSans.ttf"
#define FONT_BOLD_FILE "DejaVuSans-Bold.ttf"
/* Frames shorter than this fraction of the budget wait for the rest, so a
 * renderer without a working vsync does not spin a core. */
#define PACE_MIN_FRACTION 1.0
/* Window icon size in pixels (window managers scale it as they need). */
#define ICON_SIZE_PX 64
/* Largest share of the screen's usable area the window opens with. */
#define SCREEN_FILL_FRACTION 0.92
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
/* Assets                                                                    */
/* ------------------------------------------------------------------------- */

static bool file_readable(const char *path)
{
    SDL_RWops *rw = SDL_RWFromFile(path, "rb");
    if (!rw) return false;
    SDL_RWclose(rw);
    return true;
}

/* Find the directory holding both fonts: the override's fonts/, the
 * system's fonts, then the game's own copies next to the executable (the
 * build tree copies assets/ there), in the relative install layout
 * (bin/../share/tictactoe), then in the configured install directory. */
static bool find_assets(const app_config *cfg, char *out, size_t cap)
{
    char candidates[5][1024];
    int n = 0;
    if (cfg->assets_dir)
        snprintf(candidates[n++], sizeof candidates[0], "%s/fonts/", cfg->assets_dir);
    if (TTT_SYSTEM_FONT_DIR[0])
        snprintf(candidates[n++], sizeof candidates[0], "%s/", TTT_SYSTEM_FONT_DIR);
    char *base = SDL_GetBasePath();
    if (base) {
        snprintf(candidates[n++], sizeof candidates[0], "%sassets/fonts/", base);
        snprintf(candidates[n++], sizeof candidates[0], "%s../share/tictactoe/fonts/", base);
        SDL_free(base);
    } else {
        SDL_Log("Couldn't find the executable's directory: %s", SDL_GetError());
    }
    if (TTT_DATA_DIR[0]) snprintf(candidates[n++], sizeof candidates[0], "%s/fonts/", TTT_DATA_DIR);
    for (int i = 0; i < n; i++) {
        char probe[1100], probe_bold[1100];
        int len = snprintf(probe, sizeof probe, "%s%s", candidates[i], FONT_REGULAR_FILE);
        int len_bold =
            snprintf(probe_bold, sizeof probe_bold, "%s%s", candidates[i], FONT_BOLD_FILE);
        if (len < 0 || (size_t)len >= sizeof probe || len_bold < 0 ||
            (size_t)len_bold >= sizeof probe_bold)
            continue;
        if (file_readable(probe) && file_readable(probe_bold)) {
            len = snprintf(out, cap, "%s", candidates[i]);
            if (len >= 0 && (size_t)len < cap) return true;
        }
    }
    char msg[1024];
    /* TRANSLATORS: %s is the font's file name; a list of folders follows. */
    int len = snprintf(msg, sizeof msg, _("Couldn't find the game's font (%s). Looked in:"),
                       FONT_REGULAR_FILE);
    for (int i = 0; i < n && len > 0 && (size_t)len < sizeof msg; i++)
        len += snprintf(msg + len, sizeof msg - (size_t)len, "\n  %s", candidates[i]);
    fprintf(stderr, "tictactoe: %s\n%s\n", msg,
            _("Reinstall the game or run it from its build directory."));
    /* A player who launched from a desktop menu never sees stderr. */
    if (SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, _("Tic-tac-toe: missing font"), msg, NULL) !=
        0)
        SDL_Log("Couldn't show a message box: %s", SDL_GetError());
    return false;
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
    default: return SOUND_CUE_DRAW;
    }
}

static void hook_event(void *user, const play_event *ev)
{
    app_state *app = user;
    switch (ev->kind) {
    case PLAY_EVENT_GAME_WON:
    case PLAY_EVENT_GAME_LOST:
    case PLAY_EVENT_GAME_DRAWN:
        app->prefs_dirty = true; /* Scores survive a crash or a killed process. */
        break;
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
                ttt_status_string(r->status));
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

/* A save's result: a failure was warned about (once) by the saver, and the
 * next save carries what did not get in. */
static void on_saver_result(app_state *app, const saver_result *r)
{
    if (!r->ok) app->prefs_warned = true;
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
    if (!app->quit) play_update(&app->play);
    /* After play_update: a game it ended is saved in this pass, once. */
    if (app->play.scores_changed) {
        app->play.scores_changed = false;
        app->prefs_dirty = true;
    }
    /* Reset's confirmation runs out: the button reads "Reset scores" again. */
    if (app->reset_armed_ms != 0 &&
        (!app->menu_open || app->play.now_ms >= app->reset_armed_ms + APP_RESET_CONFIRM_MS)) {
        app->reset_armed_ms = 0;
        app->redraw = true;
    }
    int size = ttt_game_size(app->play.game);
    if (app->cursor_row >= size || app->cursor_col >= size)
        app->cursor_row = app->cursor_col = size / 2;
}

/* ------------------------------------------------------------------------- */
/* Input                                                                     */
/* ------------------------------------------------------------------------- */

/* The main screen's and the menu's layouts for the current output size,
 * board and language (the menu's choices are sized for their labels). */
static void compute_layouts(app_state *app)
{
    /* The widest button label, in text heights, in the current language. */
    double ems = 0.0;
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        int w = 0, h = 0;
        if (app->text &&
            text_measure(app->text, TEXT_BOLD, LABEL_PROBE_PX, render_button_label(i), &w, &h) &&
            (double)w / LABEL_PROBE_PX > ems)
            ems = (double)w / LABEL_PROBE_PX;
    }
    layout_compute_labelled(&app->layout, app->out_w, app->out_h, ttt_game_size(app->play.game),
                            app->settings.show_overlay, ems);
    int counts[MENU_ROW_COUNT], chars[MENU_ROW_COUNT];
    menu_option_counts(counts);
    menu_option_chars(chars);
    layout_menu_compute(&app->menu_layout, app->out_w, app->out_h, MENU_ROW_COUNT, counts, chars);
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
        app->layout.board_size == size && (app->layout.overlay.h > 0) == overlay)
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
#if defined(_WIN32) || defined(__APPLE__) || defined(__ANDROID__)
    SDL_Locale *locales = SDL_GetPreferredLocales();
    for (const SDL_Locale *l = locales; l && l->language && count < PREFERRED_LANGUAGES_MAX; l++)
        preferred[count++] = l->language;
    int chosen = language_choose(LANGUAGE_AUTO, preferred, count);
    SDL_free(locales);
    return chosen;
#else
    char list[512];
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
    app->language = language_choose(app->settings.language, NULL, 0);
    if (app->settings.language == LANGUAGE_AUTO) app->language = app->system_language;
    i18n_set_language(language_key(app->language));
    if (app->window) SDL_SetWindowTitle(app->window, _(WINDOW_TITLE));
    if (app->out_w > 0 && app->out_h > 0) compute_layouts(app);
    app->redraw = true;
}

static void set_hover(app_state *app, int x, int y)
{
    app->mouse_x = x;
    app->mouse_y = y;
    int row = -1, col = -1;
    bool covered = app->menu_open || app->help_open;
    if (covered || !layout_square_at(&app->layout, x, y, &row, &col)) row = col = -1;
    if (row != app->hover_row || col != app->hover_col) {
        app->hover_row = row;
        app->hover_col = col;
        app->hover_ms = app->play.now_ms;
    }
    app->hover_button = covered ? LAYOUT_BUTTON_NONE : layout_button_at(&app->layout, x, y);

    /* A hand over what can be clicked. */
    bool clickable = app->hover_button != LAYOUT_BUTTON_NONE;
    if (app->menu_open) {
        layout_menu_hit hit = layout_menu_hit_test(&app->menu_layout, x, y);
        clickable = hit.row >= 0 || hit.done;
    } else if (row >= 0) {
        clickable = play_square_playable(&app->play, row, col);
    }
    SDL_Cursor *want = clickable ? app->cursor_hand : app->cursor_arrow;
    if (want && SDL_GetCursor() != want) SDL_SetCursor(want);
}

static void open_menu(app_state *app, bool open)
{
    app->menu_open = open;
    app->menu_changed_ms = app->play.now_ms;
    app->menu.dragging = false;
    set_hover(app, app->mouse_x, app->mouse_y);
}

/* React to a change made in the menu's row @p row (-1: none). */
static void apply_menu_change(app_state *app, int change, int row)
{
    if (change == MENU_CHANGE_NONE) return;
    app->redraw = true;
    if (change & MENU_CHANGE_RESET_SCORES) {
        /* The first press asks; a second within APP_RESET_CONFIRM_MS resets. */
        Uint64 now = app->play.now_ms;
        if (app->reset_armed_ms != 0 && now < app->reset_armed_ms + APP_RESET_CONFIRM_MS) {
            play_reset_scores(&app->play);
            app->reset_armed_ms = 0;
        } else {
            app->reset_armed_ms = now;
        }
    }
    if (row >= 0 && (change & ~(MENU_CHANGE_CLOSE | MENU_CHANGE_RESET_SCORES))) {
        /* A choice made in the menu is saved; the command line's are not. */
        menu_copy_row(&app->prefs.settings, &app->settings, row);
        app->prefs_dirty = true;
    }
    /* A result computed under the old settings must not be played. */
    if ((change & MENU_CHANGE_AI) && (app->play.ai_waiting || app->play.ai_ready))
        play_invalidate_ai(&app->play);
    if (change & MENU_CHANGE_SIDE) play_side_changed(&app->play);
    if (change & MENU_CHANGE_DISPLAY) app->theme = theme_get(app->settings.theme);
    if (change & MENU_CHANGE_SOUND) audio_set_enabled(app->audio, app->settings.sound);
    if (change & MENU_CHANGE_LANGUAGE) apply_language(app);
    if (change & (MENU_CHANGE_FIRST | MENU_CHANGE_BOARD | MENU_CHANGE_SIDE)) {
        /* On an untouched board the change applies at once; otherwise from
         * the next game (play_new_game reads size and k). */
        ttt_player first = (change & MENU_CHANGE_FIRST) ? app->settings.first_player
                                                        : ttt_game_first_player(app->play.game);
        play_restart_if_untouched(&app->play, first);
    }
    if (change & MENU_CHANGE_CLOSE) open_menu(app, false);
}

static void menu_mouse_down(app_state *app, int x, int y)
{
    layout_menu_hit hit = layout_menu_hit_test(&app->menu_layout, x, y);
    if (!hit.inside || hit.done) {
        open_menu(app, false);
        return;
    }
    if (hit.row < 0) return;
    app->menu.focus = hit.row;
    app->menu.show_focus = false;
    if (hit.option >= 0) {
        apply_menu_change(app, menu_choose(&app->settings, hit.row, hit.option), hit.row);
    } else if (app->menu_layout.rows[hit.row].option_count == 0) {
        app->menu.dragging = true;
        apply_menu_change(app, menu_set_slider(&app->settings, hit.value), hit.row);
    }
}

static void mouse_to_output(const app_state *app, int wx, int wy, int *x, int *y)
{
    layout_window_to_output(wx, wy, app->win_w, app->win_h, app->out_w, app->out_h, x, y);
}

static void toggle_overlay(app_state *app)
{
    app->settings.show_overlay = !app->settings.show_overlay;
    menu_copy_row(&app->prefs.settings, &app->settings, MENU_ROW_OVERLAY);
    app->prefs_dirty = true;
}

/* M: sound on or off, saved like a choice made in the menu. */
static void toggle_sound(app_state *app)
{
    app->settings.sound = !app->settings.sound;
    menu_copy_row(&app->prefs.settings, &app->settings, MENU_ROW_SOUND);
    app->prefs_dirty = true;
    app->redraw = true; /* the muted speaker */
    audio_set_enabled(app->audio, app->settings.sound);
}

static void open_help(app_state *app, bool open)
{
    app->help_open = open;
    app->help_changed_ms = app->play.now_ms;
    set_hover(app, app->mouse_x, app->mouse_y);
}

static void toggle_fullscreen(app_state *app)
{
    bool full = (SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
    if (SDL_SetWindowFullscreen(app->window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP) != 0)
        SDL_Log("Couldn't toggle fullscreen: %s", SDL_GetError());
}

/* A person plays (row, col) by mouse or key. */
static void play_square(app_state *app, int row, int col)
{
    play_click(&app->play, row, col);
}

/* Move the keyboard cursor, showing it (the first press only shows it). */
static void move_cursor(app_state *app, int drow, int dcol)
{
    int size = ttt_game_size(app->play.game);
    if (app->cursor_shown) {
        int r = app->cursor_row + drow, c = app->cursor_col + dcol;
        if (r >= 0 && r < size) app->cursor_row = r;
        if (c >= 0 && c < size) app->cursor_col = c;
    }
    app->cursor_shown = true;
}

/* The settings take the arrows, Tab, Enter and Space as menu keys. */
static void menu_action(app_state *app, app_action action)
{
    menu_key mk;
    switch (action) {
    case APP_ACTION_UP:
    case APP_ACTION_PREVIOUS: mk = MENU_KEY_UP; break;
    case APP_ACTION_DOWN:
    case APP_ACTION_NEXT: mk = MENU_KEY_DOWN; break;
    case APP_ACTION_LEFT: mk = MENU_KEY_LEFT; break;
    case APP_ACTION_RIGHT: mk = MENU_KEY_RIGHT; break;
    case APP_ACTION_ACTIVATE: mk = MENU_KEY_ACTIVATE; break;
    case APP_ACTION_SETTINGS:
    case APP_ACTION_BACK: open_menu(app, false); return;
    case APP_ACTION_NEW_GAME:
    case APP_ACTION_UNDO:
    case APP_ACTION_REDO:
    case APP_ACTION_HINT:
    case APP_ACTION_HELP:
    case APP_ACTION_OVERLAY:
    case APP_ACTION_SOUND:
    case APP_ACTION_FULLSCREEN:
    default: return;
    }
    int row = app->menu.focus < MENU_ROW_COUNT ? app->menu.focus : -1;
    apply_menu_change(app, menu_key_press(&app->menu, &app->settings, mk), row);
}

void app_do(app_state *app, app_action action)
{
    /* These work on every screen. */
    switch (action) {
    case APP_ACTION_HELP: open_help(app, !app->help_open); return;
    case APP_ACTION_OVERLAY: toggle_overlay(app); return;
    case APP_ACTION_SOUND: toggle_sound(app); return;
    case APP_ACTION_FULLSCREEN: toggle_fullscreen(app); return;
    default: break;
    }
    if (app->help_open) {
        /* The help is a note over the game: Esc, Enter or Space put it away. */
        if (action == APP_ACTION_BACK || action == APP_ACTION_ACTIVATE) open_help(app, false);
        return;
    }
    if (app->menu_open) {
        menu_action(app, action);
        return;
    }
    switch (action) {
    case APP_ACTION_NEW_GAME: play_new_game(&app->play); return;
    case APP_ACTION_UNDO: play_undo(&app->play); return;
    case APP_ACTION_REDO: play_redo(&app->play); return;
    case APP_ACTION_HINT: play_hint_toggle(&app->play); return;
    case APP_ACTION_SETTINGS:
    case APP_ACTION_BACK: open_menu(app, true); return;
    case APP_ACTION_UP: move_cursor(app, -1, 0); return;
    case APP_ACTION_DOWN: move_cursor(app, 1, 0); return;
    case APP_ACTION_LEFT: move_cursor(app, 0, -1); return;
    case APP_ACTION_RIGHT: move_cursor(app, 0, 1); return;
    case APP_ACTION_ACTIVATE:
        if (!app->cursor_shown) {
            app->cursor_shown = true; /* First show where Enter would play. */
            return;
        }
        play_square(app, app->cursor_row, app->cursor_col);
        return;
    case APP_ACTION_NEXT:
    case APP_ACTION_PREVIOUS:
    case APP_ACTION_HELP:
    case APP_ACTION_OVERLAY:
    case APP_ACTION_SOUND:
    case APP_ACTION_FULLSCREEN:
    default: return;
    }
}

/* 1-9 on a 3x3 board, laid out as on a numeric keypad: 7 8 9 is the top row. */
static bool keypad_square(SDL_Keycode k, int *row, int *col)
{
    int digit = 0;
    if (k >= SDLK_1 && k <= SDLK_9)
        digit = (int)(k - SDLK_1) + 1;
    else if (k >= SDLK_KP_1 && k <= SDLK_KP_9)
        digit = (int)(k - SDLK_KP_1) + 1;
    if (digit == 0) return false;
    *row = 2 - (digit - 1) / 3;
    *col = (digit - 1) % 3;
    return true;
}

/* The keyboard's map to actions. */
static void key_down(app_state *app, const SDL_KeyboardEvent *key)
{
    SDL_Keycode k = key->keysym.sym;
    Uint16 mod = key->keysym.mod;
    bool ctrl = (mod & KMOD_CTRL) != 0;
    bool shift = (mod & KMOD_SHIFT) != 0;
    switch (k) {
    case SDLK_F1:
    case SDLK_QUESTION: app_do(app, APP_ACTION_HELP); return;
    case SDLK_SLASH:
        /* "?" is Shift+/ on most layouts; some report SDLK_QUESTION itself. */
        if (shift) app_do(app, APP_ACTION_HELP);
        return;
    case SDLK_F3: app_do(app, APP_ACTION_OVERLAY); return;
    case SDLK_m: app_do(app, APP_ACTION_SOUND); return;
    case SDLK_F11: app_do(app, APP_ACTION_FULLSCREEN); return;
    case SDLK_ESCAPE: app_do(app, APP_ACTION_BACK); return;
    case SDLK_UP: app_do(app, APP_ACTION_UP); return;
    case SDLK_DOWN: app_do(app, APP_ACTION_DOWN); return;
    case SDLK_LEFT: app_do(app, APP_ACTION_LEFT); return;
    case SDLK_RIGHT: app_do(app, APP_ACTION_RIGHT); return;
    case SDLK_TAB: app_do(app, shift ? APP_ACTION_PREVIOUS : APP_ACTION_NEXT); return;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_SPACE: app_do(app, APP_ACTION_ACTIVATE); return;
    case SDLK_n: app_do(app, APP_ACTION_NEW_GAME); return;
    case SDLK_u: app_do(app, APP_ACTION_UNDO); return;
    case SDLK_z:
        if (ctrl) app_do(app, shift ? APP_ACTION_REDO : APP_ACTION_UNDO);
        return;
    case SDLK_y:
        if (ctrl) app_do(app, APP_ACTION_REDO);
        return;
    case SDLK_h: app_do(app, APP_ACTION_HINT); return;
    default: break;
    }
    int row, col;
    if (!app->help_open && !app->menu_open && ttt_game_size(app->play.game) == 3 &&
        keypad_square(k, &row, &col)) {
        app->cursor_row = row;
        app->cursor_col = col;
        play_square(app, row, col);
    }
}

/* A gamepad's button as the action it stands for on the screen showing
 * now: B backs out of the settings or the help and undoes in the game; A
 * on a finished game starts the next one (a pad has no N key); Start opens
 * or closes the settings, and puts the help away. */
static void gamepad_do(app_state *app, gamepad_action a)
{
    bool covered = app->menu_open || app->help_open;
    app_action action;
    switch (a) {
    case GAMEPAD_ACTION_UP: action = APP_ACTION_UP; break;
    case GAMEPAD_ACTION_DOWN: action = APP_ACTION_DOWN; break;
    case GAMEPAD_ACTION_LEFT: action = APP_ACTION_LEFT; break;
    case GAMEPAD_ACTION_RIGHT: action = APP_ACTION_RIGHT; break;
    case GAMEPAD_ACTION_ACCEPT:
        action = (app->play.game_over && !covered) ? APP_ACTION_NEW_GAME : APP_ACTION_ACTIVATE;
        break;
    case GAMEPAD_ACTION_BACK: action = covered ? APP_ACTION_BACK : APP_ACTION_UNDO; break;
    case GAMEPAD_ACTION_HINT: action = APP_ACTION_HINT; break;
    case GAMEPAD_ACTION_REDO: action = APP_ACTION_REDO; break;
    case GAMEPAD_ACTION_MENU:
        action = app->help_open ? APP_ACTION_BACK : APP_ACTION_SETTINGS;
        break;
    case GAMEPAD_ACTION_HELP: action = APP_ACTION_HELP; break;
    case GAMEPAD_ACTION_NONE:
    case GAMEPAD_ACTION_COUNT:
    default: return;
    }
    app->redraw = true;
    app_do(app, action);
}

/* A left click: on the help (closes it), the settings, a button or a square. */
static void mouse_down(app_state *app, int x, int y)
{
    set_hover(app, x, y);
    if (app->help_open) {
        open_help(app, false);
        return;
    }
    if (app->menu_open) {
        menu_mouse_down(app, x, y);
        return;
    }
    static const app_action button_actions[LAYOUT_BUTTON_COUNT] = {
        [LAYOUT_BUTTON_NEW_GAME] = APP_ACTION_NEW_GAME, [LAYOUT_BUTTON_UNDO] = APP_ACTION_UNDO,
        [LAYOUT_BUTTON_REDO] = APP_ACTION_REDO,         [LAYOUT_BUTTON_HINT] = APP_ACTION_HINT,
        [LAYOUT_BUTTON_SETTINGS] = APP_ACTION_SETTINGS,
    };
    layout_button b = layout_button_at(&app->layout, x, y);
    if (b != LAYOUT_BUTTON_NONE && b < LAYOUT_BUTTON_COUNT) {
        app_do(app, button_actions[b]);
        return;
    }
    int row, col;
    if (layout_square_at(&app->layout, x, y, &row, &col)) play_square(app, row, col);
    set_hover(app, x, y); /* the square may no longer be playable */
}

/* What the mouse's position changes on screen: a drawn frame depends on
 * these, not on the exact pixel. */
typedef struct pointer_look {
    int hover_row, hover_col;
    layout_button hover_button;
    bool cursor_shown;
    int menu_row, menu_option;
    bool menu_done;
} pointer_look;

static pointer_look look_of_pointer(const app_state *app)
{
    pointer_look look;
    memset(&look, 0, sizeof look); /* padding too: looks are compared with memcmp */
    look.hover_row = app->hover_row;
    look.hover_col = app->hover_col;
    look.hover_button = app->hover_button;
    look.cursor_shown = app->cursor_shown;
    look.menu_row = look.menu_option = -1;
    if (app->menu_open) {
        layout_menu_hit hit = layout_menu_hit_test(&app->menu_layout, app->mouse_x, app->mouse_y);
        look.menu_row = hit.row;
        look.menu_option = hit.option;
        look.menu_done = hit.done;
    }
    return look;
}

/* Is a window at (@p x, @p y), @p width wide, on a display now (its title
 * bar's middle on one), so a saved place from another monitor setup is not
 * used? */
static bool on_a_display(int x, int y, int width)
{
    int n = SDL_GetNumVideoDisplays();
    for (int i = 0; i < n; i++) {
        SDL_Rect r;
        if (SDL_GetDisplayUsableBounds(i, &r) != 0) continue;
        SDL_Point p = {x + width / 2, y};
        if (SDL_PointInRect(&p, &r)) return true;
    }
    return false;
}

/* Note the window's place, size and state for the settings file (saved at
 * exit): the normal place and size only while neither maximised nor
 * fullscreen, so restoring a maximised window brings back its old size. */
static void remember_window(app_state *app)
{
    Uint32 flags = SDL_GetWindowFlags(app->window);
    prefs_window *w = &app->prefs.window;
    w->maximized = (flags & SDL_WINDOW_MAXIMIZED) != 0;
    w->fullscreen = (flags & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
    if (flags & (SDL_WINDOW_MAXIMIZED | SDL_WINDOW_FULLSCREEN_DESKTOP | SDL_WINDOW_MINIMIZED))
        return;
    SDL_GetWindowPosition(app->window, &w->x, &w->y);
    /* Where SDL_CreateWindow must put it to come back here: window managers
     * (openbox) place the decorated frame at the given point, and SDL then
     * reports the point inside the frame. */
    int top = 0, left = 0;
    if (SDL_GetWindowBordersSize(app->window, &top, &left, NULL, NULL) == 0) {
        w->x -= left;
        w->y -= top;
    }
    SDL_GetWindowSize(app->window, &w->width, &w->height);
    w->known = w->width > 0 && w->height > 0;
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
    case SDL_WINDOWEVENT_LEAVE: set_hover(app, -1, -1); break;
    case SDL_WINDOWEVENT_MINIMIZED:
    case SDL_WINDOWEVENT_HIDDEN: app->window_hidden = true; break;
    case SDL_WINDOWEVENT_RESTORED:
    case SDL_WINDOWEVENT_MAXIMIZED:
    case SDL_WINDOWEVENT_SHOWN:
    case SDL_WINDOWEVENT_EXPOSED: app->window_hidden = false; break;
    default: break;
    }
}

void app_event(app_state *app, const SDL_Event *ev)
{
    /* Joystick and controller events: only those that do something may
     * change the screen (a resting stick reports small moves). */
    if (ev->type >= SDL_JOYAXISMOTION && ev->type < SDL_FINGERDOWN) {
        gamepad_do(app, gamepad_event(&app->gamepad, ev, app->play.now_ms));
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
    case SDL_MOUSEMOTION: {
        pointer_look before = look_of_pointer(app);
        mouse_to_output(app, ev->motion.x, ev->motion.y, &x, &y);
        /* The mouse took over from the keyboard: hide the board cursor. */
        if (x != app->mouse_x || y != app->mouse_y) app->cursor_shown = false;
        if (app->menu_open && app->menu.dragging)
            apply_menu_change(
                app,
                menu_set_slider(&app->settings,
                                layout_menu_slider_value(&app->menu_layout, MENU_ROW_MISTAKES, x)),
                MENU_ROW_MISTAKES);
        set_hover(app, x, y);
        pointer_look after = look_of_pointer(app);
        if (memcmp(&before, &after, sizeof before) != 0) app->redraw = true;
        break;
    }
    case SDL_MOUSEBUTTONDOWN:
        if (ev->button.button != SDL_BUTTON_LEFT) break;
        mouse_to_output(app, ev->button.x, ev->button.y, &x, &y);
        mouse_down(app, x, y);
        break;
    case SDL_MOUSEBUTTONUP:
        if (ev->button.button == SDL_BUTTON_LEFT) app->menu.dragging = false;
        break;
    case SDL_KEYDOWN: key_down(app, &ev->key); break;
    default: break;
    }
}

/* ------------------------------------------------------------------------- */
/* Frames                                                                    */
/* ------------------------------------------------------------------------- */

/* Refresh the overlay's numbers when frames were drawn since the last
 * refresh, at most every APP_OVERLAY_REFRESH_MS. @return refreshed. */
static bool update_overlay_text(app_state *app)
{
    if (!app->settings.show_overlay ||
        (app->overlay_updated_ms != 0 &&
         (!app->overlay_stale ||
          app->play.now_ms < app->overlay_updated_ms + APP_OVERLAY_REFRESH_MS)))
        return false;
    app->overlay_updated_ms = app->play.now_ms;
    app->overlay_stale = false;
    const stats *s = &app->stats;
    bool fits = stats_ai_fits_budget(s);
    app->overlay_good = fits;
    /* TRANSLATORS: the performance overlay (F3), small text at the top of
       the window: the computer's thinking time for its last move, its
       longest, and how many moves were timed. */
    snprintf(app->overlay_lines[0], sizeof app->overlay_lines[0],
             P_("AI last %.3f ms \xC2\xB7 worst %.3f ms \xC2\xB7 %zu move",
                "AI last %.3f ms \xC2\xB7 worst %.3f ms \xC2\xB7 %zu moves", s->ai.total),
             s->ai.last_ms, s->ai.max_ms, s->ai.total);
    /* TRANSLATORS: the overlay: whether the computer's longest think fits
       in the time one frame may take. */
    snprintf(app->overlay_lines[1], sizeof app->overlay_lines[1],
             fits ? _("Budget %.2f ms: AI fits") : _("Budget %.2f ms: AI exceeds it"),
             s->frame_budget_ms);
    /* The recent frames only: sorting the whole history (up to
     * STATS_MAX_SAMPLES) every refresh would itself be a visible hitch. */
    static const double pcts[2] = {50.0, 99.0};
    double frame_pct[2];
    stats_series_recent_percentiles(&s->frame_work, STATS_RECENT_SAMPLES, pcts, frame_pct, 2,
                                    app->overlay_scratch);
    snprintf(app->overlay_lines[2], sizeof app->overlay_lines[2],
             /* TRANSLATORS: the overlay: how long frames take (median,
                99th percentile, longest). */
             _("Frame p50 %.2f \xC2\xB7 p99 %.2f \xC2\xB7 max %.2f ms"), frame_pct[0], frame_pct[1],
             s->frame_work.max_ms);
    snprintf(app->overlay_lines[3], sizeof app->overlay_lines[3], "%s%s \xC2\xB7 %dx%d px",
             app->renderer_name, app->vsync ? " + vsync" : "", app->out_w, app->out_h);
    /* Large boards cannot be solved in time: say when a move was a guess. */
    const ttt_ai_result *last = &app->play.last_ai;
    if (!app->play.have_last_ai)
        snprintf(app->overlay_lines[4], sizeof app->overlay_lines[4], "%s",
                 _("Last AI move: none yet"));
    else if (last->exact)
        /* TRANSLATORS: the overlay; %s is the engine's name of the outcome
           (win, draw, loss), not translated. */
        snprintf(app->overlay_lines[4], sizeof app->overlay_lines[4],
                 _("Last AI move: exact (proven %s)"), ttt_outcome_name(last->outcome));
    else
        /* TRANSLATORS: the overlay: the move was the best found in a search
           %d moves deep, cut short by the deadline or by the difficulty. */
        snprintf(app->overlay_lines[4], sizeof app->overlay_lines[4],
                 last->stopped ? _("Last AI move: heuristic, depth %d (stopped at the deadline)")
                               : _("Last AI move: heuristic, depth %d (the difficulty's "
                                   "look-ahead)"),
                 last->depth);
    return true;
}

static void advance_clock(app_state *app)
{
    if (app->cfg.fixed_step_ms > 0)
        app->play.now_ms += app->cfg.fixed_step_ms;
    else
        app->play.now_ms = SDL_GetTicks64();
}

/* What drawing needs to know about the game, worked out once per frame. */
static void prepare_frame(app_state *app)
{
    play_view_compute(&app->play, &app->view);
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
    const play_state *p = &app->play;
    const play_view *v = &app->view;
    if (v->computer_thinking || v->hint_thinking) return true; /* the pulsing dots */
    if (p->game_over && running(app, p->game_over_ms, APP_GAME_OVER_SETTLE_MS)) return true;
    if (p->refused && running(app, p->refused_ms, APP_REFUSED_CUE_MS)) return true;
    if (p->hint_shown && running(app, p->hint_ms, APP_HINT_FADE_MS)) return true;
    if (running(app, app->menu_changed_ms, APP_MENU_FADE_MS)) return true;
    if (running(app, app->help_changed_ms, APP_HELP_FADE_MS)) return true;
    if (app->hover_row >= 0 && running(app, app->hover_ms, APP_HOVER_FADE_MS)) return true;
    int squares = v->size * v->size;
    for (int i = 0; i < squares; i++)
        if (running(app, p->placed_ms[i], APP_MARK_APPEAR_MS)) return true;
    return false;
}

/* The next app time at which something happens by itself while nothing
 * animates: the computer's held move, the next watched game, the end of
 * Reset's confirmation, the overlay's next refresh. UINT64_MAX: none. */
static Uint64 next_wake_ms(const app_state *app)
{
    Uint64 wake = play_next_wake_ms(&app->play);
    if (app->reset_armed_ms != 0) {
        Uint64 expiry = app->reset_armed_ms + APP_RESET_CONFIRM_MS;
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

bool app_step(app_state *app)
{
    Uint64 freq = SDL_GetPerformanceFrequency();
    Uint64 start = SDL_GetPerformanceCounter();
    /* Passes before the first measured frame open fonts and warm the renderer up. */
    bool measured_pass = app->stats.frames >= STATS_WARMUP_FRAMES;
    advance_clock(app);

    /* SDL reads controllers only when asked (see gamepad.h). */
    gamepad_poll(&app->gamepad);
    SDL_Event ev;
    while (SDL_PollEvent(&ev))
        app_event(app, &ev);
    gamepad_do(app, gamepad_held_action(&app->gamepad, app->play.now_ms));
    update_sizes(app);
    update(app);
    app->passes++;
    if (app->cfg.args.quit_after_frames > 0 &&
        app->passes >= (unsigned long)app->cfg.args.quit_after_frames)
        app->quit = true;
    prepare_frame(app);

    /* Draw only what changed: an event said so, something animates, or
     * the game moved on by itself (the computer's move, the next game). */
    bool animating = !app->window_hidden && app_animating(app);
    /* An animation that has just ended still owes its final frame. */
    bool changed = app->redraw || app->animated_last_frame ||
                   memcmp(&app->view, &app->drawn_view, sizeof app->view) != 0;
    bool overlay_refreshed = update_overlay_text(app);
    bool screenshot = app->quit && app->cfg.args.screenshot;
    if (screenshot) {
        SDL_Surface *shot = app_capture(app);
        if (shot) {
            if (SDL_SaveBMP(shot, app->cfg.args.screenshot) != 0) {
                /* Asked for on the command line: a failure is the run's failure. */
                textesc_printf(stderr, "tictactoe: cannot save the screenshot %s: %s",
                               app->cfg.args.screenshot, SDL_GetError());
                fputc('\n', stderr);
                app->screenshot_failed = true;
            }
            SDL_FreeSurface(shot);
        }
    }
    if (screenshot || (!app->window_hidden && (changed || animating || overlay_refreshed))) {
        bool measured = app->stats.frames >= STATS_WARMUP_FRAMES;
        /* The interval between frames of one animation (not across idle gaps). */
        if (app->last_frame_start_counter && measured)
            stats_series_add(&app->stats.frame_interval,
                             (double)(start - app->last_frame_start_counter) * 1000.0 /
                                 (double)freq);
        if (!screenshot) render_screen(app->draw, app);
        /* SDL batches drawing until asked; flush so the frame time includes
         * submitting it, but not the wait for vsync inside SDL_RenderPresent. */
        if (SDL_RenderFlush(app->renderer) != 0) SDL_Log("Couldn't flush: %s", SDL_GetError());
        Uint64 drawn = SDL_GetPerformanceCounter();
        if (measured)
            stats_series_add(&app->stats.frame_work,
                             (double)(drawn - start) * 1000.0 / (double)freq);
        app->stats.frames++;
        /* The overlay's own refresh does not make its numbers stale. */
        if (changed || animating) app->overlay_stale = true;
        SDL_RenderPresent(app->renderer);
        app->redraw = false;
        app->drawn_view = app->view;
        app->animated_last_frame = animating;
        app->last_frame_start_counter = animating ? start : 0;
    } else {
        app->stats.idle_wakeups++;
        app->last_frame_start_counter = 0;
    }

    /* A snapshot for the saver's thread, which writes the file while the
     * loop goes on (outside a slider drag, so a drag writes once). */
    if (app->prefs_dirty && !app->menu.dragging) app_save_prefs(app);
    if (measured_pass)
        stats_loop_pass(&app->stats,
                        (double)(SDL_GetPerformanceCounter() - start) * 1000.0 / (double)freq);
    if (app->cfg.pace_frames && !app->quit) wait_for_next_pass(app, animating, start, freq);
    return !app->quit;
}

int app_run(app_state *app)
{
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

bool app_init(app_state *app, const settings *s, const app_config *cfg)
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
    menu_init(&app->menu);
    stats_init(&app->stats, 1000.0 / APP_DEFAULT_REFRESH_HZ);

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
    /* Both are optional: without them the game is mouse and keyboard only,
     * or silent. Controllers first: the audio output's thread may start
     * SDL's audio, and SDL's subsystems are started one at a time. */
    gamepad_init(&app->gamepad);
    app->audio =
        audio_create(s->sound, cfg->audio_linger_ms > 0 ? cfg->audio_linger_ms : AUDIO_LINGER_MS);

    char assets[1024];
    if (!find_assets(cfg, assets, sizeof assets)) return false;

    /* Where the window was left last time, unless --width/--height say. */
    int width = cfg->args.width, height = cfg->args.height;
    int x = SDL_WINDOWPOS_CENTERED, y = SDL_WINDOWPOS_CENTERED;
    const prefs_window *saved = &app->prefs.window;
    bool restore = saved->known && !cfg->args.size_given;
    if (restore) {
        width = saved->width;
        height = saved->height;
        if (on_a_display(saved->x, saved->y, width)) {
            x = saved->x;
            y = saved->y;
        }
    }
    /* Never open taller or wider than the screen: shrink, keeping the shape. */
    SDL_Rect usable;
    if (SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 && usable.h > 0) {
        double fit = fmin((double)usable.w * SCREEN_FILL_FRACTION / (double)width,
                          (double)usable.h * SCREEN_FILL_FRACTION / (double)height);
        if (fit < 1.0) {
            width = (int)((double)width * fit);
            height = (int)((double)height * fit);
        }
    } else {
        SDL_Log("Couldn't read the screen size: %s", SDL_GetError());
    }
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (cfg->args.fullscreen || (restore && saved->fullscreen))
        flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    if (restore && saved->maximized) flags |= SDL_WINDOW_MAXIMIZED;
    app->window = SDL_CreateWindow(_(WINDOW_TITLE), x, y, width, height, flags);
    if (!app->window) {
        SDL_Log("Couldn't create the window: %s", SDL_GetError());
        return false;
    }
    SDL_SetWindowMinimumSize(app->window, LAYOUT_MIN_WIDTH, LAYOUT_MIN_HEIGHT);
    remember_window(app);
    SDL_Surface *icon = render_icon(ICON_SIZE_PX, app->theme);
    if (icon) {
        SDL_SetWindowIcon(app->window, icon);
        SDL_FreeSurface(icon);
    }
    if (!create_renderer(app)) return false;
    app->stats.frame_budget_ms = frame_budget(app);

    char regular[1100], bold[1100];
    snprintf(regular, sizeof regular, "%s%s", assets, FONT_REGULAR_FILE);
    snprintf(bold, sizeof bold, "%s%s", assets, FONT_BOLD_FILE);
    app->text = text_create(app->renderer, regular, bold);
    if (!app->text) {
        char msg[1300];
        /* TRANSLATORS: the first %s is a folder, the second the reason. */
        snprintf(msg, sizeof msg, _("Couldn't load the game's fonts from %s: %s"), assets,
                 TTF_GetError());
        fprintf(stderr, "tictactoe: %s\n", msg);
        if (SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, _(WINDOW_TITLE), msg, app->window) != 0)
            SDL_Log("Couldn't show a message box: %s", SDL_GetError());
        return false;
    }
    app->draw = render_create(app->renderer, app->text);
    if (!app->draw) return false;

    /* Cursors are a nicety: some drivers (offscreen) have none. */
    app->cursor_arrow = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW);
    app->cursor_hand = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND);

    app->ai_event = SDL_RegisterEvents(1);
    if (app->ai_event == (Uint32)-1) {
        SDL_Log("Couldn't register the AI event: %s", SDL_GetError());
        return false;
    }
    app->ai = worker_create(app->ai_event);
    if (!app->ai) return false;
    if (cfg->settings_path) {
        app->saver_event = SDL_RegisterEvents(1);
        if (app->saver_event == (Uint32)-1) {
            SDL_Log("Couldn't register the saver's event: %s", SDL_GetError());
            app->saver_event = 0;
            return false;
        }
        /* What the file holds now is what this instance got into it. */
        app->saver = saver_create(app->saver_event, cfg->settings_path, &app->prefs, stderr);
        if (!app->saver) return false;
    }

    play_hooks hooks = {app, hook_submit, hook_cancel, hook_event};
    Uint64 now = cfg->fixed_step_ms > 0 ? FIXED_CLOCK_START_MS : SDL_GetTicks64();
    if (!play_init(&app->play, &app->settings, &hooks, cfg->args.seed_given, cfg->args.seed, now)) {
        SDL_Log("Couldn't start a %dx%d game with k = %d", app->settings.board_size,
                app->settings.board_size, app->settings.k);
        return false;
    }
    scores_from_prefs(&app->play, &app->prefs);
    if (cfg->ai_deadline_ms > 0) app->play.ai_deadline_ms = cfg->ai_deadline_ms;
    /* --first human|computer: the role opens, whichever mark it has (with
     * a random side, the mark drawn for this first game). */
    if (cfg->args.first_role != ARGS_FIRST_BY_MARK &&
        app->settings.mode == SETTINGS_MODE_HUMAN_VS_COMPUTER) {
        ttt_player human = app->play.human_side;
        ttt_player first =
            cfg->args.first_role == ARGS_FIRST_HUMAN ? human : ttt_player_other(human);
        if (first != ttt_game_first_player(app->play.game))
            ttt_game_start_next(app->play.game); /* swaps the first player, keeps the side */
    }
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
