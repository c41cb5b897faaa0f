/*
 * app.c - the desktop game's main loop: init, event, iterate, quit over one
 * app_state (see app.h).
 *
 * Turn flow: when the side to move is played by the computer, the app sends
 * the worker a job with a fresh id and notes the time. The result comes back
 * as an event; if its id is still the one awaited, the move is held until the
 * minimum think delay has passed on the app's clock, then played. Anything
 * that makes a pending result meaningless (new game, undo, settings change)
 * bumps the awaited id, so a late result is recognised as stale and dropped.
 * Hints go the same way: an analysis job with its own awaited id, dropped
 * when a move is made before it arrives.
 *
 * Settings and scores persist through prefs.c: app->prefs is what the file
 * gets (the command line's overrides never reach it), saved when something
 * changed, from update() rather than from inside an event, and at exit.
 */
#include "app.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL_ttf.h>

#ifndef TTT_DATA_DIR
#define TTT_DATA_DIR ""
#endif
/* The system's DejaVu fonts (Debian's fonts-dejavu-core), used before the
 * copies that come with the game; "" for none. */
#ifndef TTT_SYSTEM_FONT_DIR
#define TTT_SYSTEM_FONT_DIR ""
#endif

#define WINDOW_TITLE "Tic-tac-toe"
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

bool app_computer_plays(const app_state *app, ttt_player side)
{
    return settings_computer_plays(&app->settings, side);
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
    int len = snprintf(msg, sizeof msg,
                       "Couldn't find the game's font (%s). Looked in:", FONT_REGULAR_FILE);
    for (int i = 0; i < n && len > 0 && (size_t)len < sizeof msg; i++)
        len += snprintf(msg + len, sizeof msg - (size_t)len, "\n  %s", candidates[i]);
    fprintf(stderr, "tictactoe: %s\nReinstall the game or run it from its build directory.\n", msg);
    /* A player who launched from a desktop menu never sees stderr. */
    if (SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, "Tic-tac-toe: missing font", msg, NULL) != 0)
        SDL_Log("Couldn't show a message box: %s", SDL_GetError());
    return false;
}

/* ------------------------------------------------------------------------- */
/* Game flow                                                                 */
/* ------------------------------------------------------------------------- */

/* Forget any AI request: a result still on its way will not match. */
static void ai_invalidate(app_state *app)
{
    app->job_id++;
    app->ai_waiting = false;
    app->ai_ready = false;
    if (app->ai) worker_cancel(app->ai);
}

static void hint_clear(app_state *app)
{
    app->hint_shown = false;
    app->hint_waiting = false;
}

static void redo_clear(app_state *app)
{
    app->redo_count = 0;
    app->redo_group_count = 0;
}

static void reset_round_state(app_state *app)
{
    ai_invalidate(app);
    hint_clear(app);
    redo_clear(app);
    app->game_over = false;
    app->scored_in = NULL;
    app->line_count = 0;
    app->refused = false;
    for (int i = 0; i < TTT_MAX_SQUARES; i++)
        app->placed_ms[i] = 0;
}

/* "Your side: random" draws the side afresh for each game. */
static void pick_side(app_state *app)
{
    if (!app->settings.side_random) return;
    app->settings.human_side = ttt_rng_below(&app->side_rng, 2) ? TTT_PLAYER_O : TTT_PLAYER_X;
}

/* Start a fresh game with @p first to move, at the settings' size. */
static bool start_game(app_state *app, ttt_player first)
{
    ttt_game *g = NULL;
    ttt_status st = ttt_game_new(&g, app->settings.board_size, app->settings.k, first);
    if (st != TTT_OK) {
        SDL_Log("Couldn't start a game: %s", ttt_status_string(st));
        return false;
    }
    ttt_game_free(app->game);
    app->game = g;
    app->size = app->settings.board_size;
    app->k = app->settings.k;
    if (app->cursor_row >= app->size || app->cursor_col >= app->size)
        app->cursor_row = app->cursor_col = app->size / 2;
    pick_side(app);
    reset_round_state(app);
    return true;
}

void app_new_game(app_state *app)
{
    ttt_player first = ttt_game_first_player(app->game);
    if (app->settings.board_size != app->size || app->settings.k != app->k) {
        start_game(app, ttt_player_other(first));
        return;
    }
    ttt_game_start_next(app->game);
    pick_side(app);
    reset_round_state(app);
}

/* The count a finished game in state @p ended goes into: by role against
 * the computer (your side may differ from game to game), by mark otherwise. */
static int *score_slot(app_state *app, ttt_state ended)
{
    if (ended != TTT_STATE_X_WON && ended != TTT_STATE_O_WON) return &app->draws;
    ttt_player winner = ended == TTT_STATE_X_WON ? TTT_PLAYER_X : TTT_PLAYER_O;
    if (app->settings.mode == SETTINGS_MODE_HUMAN_VS_COMPUTER)
        return winner == app->settings.human_side ? &app->you_wins : &app->computer_wins;
    return winner == TTT_PLAYER_X ? &app->wins_x : &app->wins_o;
}

static void on_game_over(app_state *app)
{
    ttt_state st = ttt_game_state(app->game);
    app->game_over = true;
    app->game_over_ms = app->now_ms;
    app->games_finished++;
    app->prefs_dirty = true; /* Scores survive a crash or a killed process. */
    app->scored_in = score_slot(app, st);
    (*app->scored_in)++;
    int count = 0;
    ttt_status s = ttt_game_winning_lines(app->game, app->lines, TTT_MAX_WINNING_SETS, &count);
    if (s != TTT_OK && s != TTT_ERR_BUFFER)
        SDL_Log("Couldn't list the winning lines: %s", ttt_status_string(s));
    app->line_count = count > TTT_MAX_WINNING_SETS ? TTT_MAX_WINNING_SETS : count;
}

/* Play a move for the side to move; false if the engine refuses it. A new
 * move (not a redone one) makes the moves taken back unreachable. */
static bool play_move(app_state *app, int row, int col, bool redoing)
{
    if (ttt_game_move(app->game, row, col, NULL) != TTT_OK) return false;
    if (!redoing) redo_clear(app);
    hint_clear(app);
    app->placed_ms[row * app->size + col] = app->now_ms;
    ttt_player turn = ttt_game_turn(app->game);
    if (turn == TTT_PLAYER_NONE) on_game_over(app);
    return true;
}

static bool play(app_state *app, int row, int col)
{
    return play_move(app, row, col, false);
}

static void refuse(app_state *app, int row, int col)
{
    app->refused = true;
    app->refused_row = row;
    app->refused_col = col;
    app->refused_ms = app->now_ms;
}

/* A click on a square: play it if a person is to move and it is free. */
static void click_square(app_state *app, int row, int col)
{
    ttt_player turn = ttt_game_turn(app->game);
    if (turn == TTT_PLAYER_NONE || app_computer_plays(app, turn) ||
        ttt_game_can_move(app->game, row, col) != TTT_OK || !play(app, row, col))
        refuse(app, row, col);
}

/* The moves since the empty board, oldest first; returns their number. */
static int history(const app_state *app, ttt_pos moves[TTT_MAX_SQUARES])
{
    int n = 0;
    if (ttt_game_history(app->game, moves, TTT_MAX_SQUARES, &n) != TTT_OK) return 0;
    return n;
}

/* Who made move @p index of the history (moves alternate from the first player). */
static ttt_player mover_of(const app_state *app, int index)
{
    ttt_player first = ttt_game_first_player(app->game);
    return index % 2 == 0 ? first : ttt_player_other(first);
}

bool app_can_undo(const app_state *app)
{
    if (app->settings.mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER) return false;
    ttt_pos moves[TTT_MAX_SQUARES];
    int n = history(app, moves);
    if (app->settings.mode == SETTINGS_MODE_TWO_PLAYERS) return n > 0;
    /* Against the computer there must be a move of yours to take back: the
     * computer's opening move alone would only be played again. */
    for (int i = 0; i < n; i++)
        if (!app_computer_plays(app, mover_of(app, i))) return true;
    return false;
}

bool app_can_redo(const app_state *app)
{
    return app->settings.mode != SETTINGS_MODE_COMPUTER_VS_COMPUTER && app->redo_group_count > 0;
}

/* The game is no longer over: take its result out of the scores. */
static void unscore(app_state *app)
{
    if (!app->scored_in) return;
    /* The count it went into, even if your side or the mode changed since. */
    if (*app->scored_in > 0) (*app->scored_in)--;
    app->scored_in = NULL;
    app->prefs_dirty = true;
}

bool app_undo(app_state *app)
{
    if (!app_can_undo(app)) return false;
    ttt_pos moves[TTT_MAX_SQUARES];
    int n = history(app, moves);
    int undone = 0;
    /* Take back moves until a person is to move again: against the computer
     * that is its reply (if made) and your move; between two players, one. */
    while (n > 0 && app->redo_count < TTT_MAX_SQUARES) {
        if (ttt_game_undo(app->game) != TTT_OK) break;
        ttt_pos last = moves[--n];
        app->redo_moves[app->redo_count++] = last;
        app->placed_ms[last.row * app->size + last.col] = 0;
        undone++;
        ttt_player turn = ttt_game_turn(app->game);
        if (app->settings.mode == SETTINGS_MODE_TWO_PLAYERS || !app_computer_plays(app, turn))
            break;
    }
    if (undone > 0) app->redo_groups[app->redo_group_count++] = undone;
    if (app->game_over) unscore(app);
    app->game_over = false;
    app->line_count = 0;
    app->refused = false;
    ai_invalidate(app); /* A reply computed for the old position must not be played. */
    hint_clear(app);
    return undone > 0;
}

bool app_redo(app_state *app)
{
    if (!app_can_redo(app)) return false;
    int n = app->redo_groups[--app->redo_group_count];
    ai_invalidate(app);
    for (int i = 0; i < n && app->redo_count > 0; i++) {
        ttt_pos p = app->redo_moves[--app->redo_count];
        if (!play_move(app, p.row, p.col, true)) {
            redo_clear(app);
            break;
        }
    }
    return true;
}

bool app_hint(app_state *app)
{
    ttt_player turn = ttt_game_turn(app->game);
    if (turn == TTT_PLAYER_NONE || app_computer_plays(app, turn)) return false;
    ttt_ai_options opts;
    ttt_ai_options_init(&opts);
    /* Solvable boards are exact at once; larger ones show what the search
     * proved by the deadline, "?" elsewhere. */
    opts.deadline_ms = APP_HINT_DEADLINE_MS;
    if (app->seeded) opts.seed = app->ai_seed;
    app->job_id++;
    app->hint_job = app->job_id;
    if (!worker_submit_job(app->ai, WORKER_JOB_ANALYZE, app->game, &opts, app->hint_job))
        return false;
    app->hint_waiting = true;
    app->hint_shown = false;
    return true;
}

void app_reset_scores(app_state *app)
{
    app->wins_x = app->wins_o = app->draws = 0;
    app->you_wins = app->computer_wins = 0;
    app->scored_in = NULL; /* The finished game on screen no longer counts either. */
    app->prefs_dirty = true;
}

void app_save_prefs(app_state *app)
{
    if (!app->prefs_dirty) return;
    app->prefs_dirty = false;
    if (!app->cfg.settings_path) return;
    app->prefs.wins_x = app->wins_x;
    app->prefs.wins_o = app->wins_o;
    app->prefs.draws = app->draws;
    app->prefs.you_wins = app->you_wins;
    app->prefs.computer_wins = app->computer_wins;
    /* One warning per session: a read-only directory would otherwise
     * complain at every change. */
    if (!prefs_save(app->cfg.settings_path, &app->prefs, app->prefs_warned ? NULL : stderr))
        app->prefs_warned = true;
}

static int think_delay_ms(const app_state *app)
{
    if (app->settings.mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER)
        return settings_speed_move_delay_ms(app->settings.speed);
    return app->settings.think_delay_ms;
}

static void ai_request(app_state *app)
{
    ttt_ai_options opts;
    ttt_ai_options_init(&opts);
    settings_ai_options(&app->settings, &opts);
    app->job_id++;
    /* With --seed the whole session replays; otherwise the engine's clock seed. */
    if (app->seeded) opts.seed = app->ai_seed + app->job_id;
    /* Solvable boards finish in well under a frame; big ones must not stall play. */
    opts.deadline_ms = app->cfg.ai_deadline_ms > 0 ? app->cfg.ai_deadline_ms : APP_AI_DEADLINE_MS;
    if (!worker_submit(app->ai, app->game, &opts, app->job_id)) return;
    app->ai_waiting = true;
    app->ai_ready = false;
    app->ai_asked_ms = app->now_ms;
}

static void on_ai_result(app_state *app, worker_result *r)
{
    if (r->kind == WORKER_JOB_ANALYZE) {
        if (!app->hint_waiting || r->job_id != app->hint_job) {
            app->stale_results++;
            return;
        }
        app->hint_waiting = false;
        if (r->status != TTT_OK) {
            SDL_Log("Couldn't work out a hint: %s", ttt_status_string(r->status));
            return;
        }
        app->hint = r->analysis;
        app->hint_shown = true;
        app->hint_ms = app->now_ms;
        return;
    }
    if (!app->ai_waiting || r->job_id != app->job_id) {
        app->stale_results++;
        return;
    }
    app->ai_waiting = false;
    if (r->status != TTT_OK) {
        SDL_Log("The computer couldn't move: %s", ttt_status_string(r->status));
        /* Keep the game playable: take the first free square. */
        ttt_pos free_sq[TTT_MAX_SQUARES];
        int n = 0;
        ttt_game_empty_squares(app->game, free_sq, TTT_MAX_SQUARES, &n);
        if (n == 0) return;
        r->ai.move = free_sq[0];
    } else {
        stats_series_add(&app->stats.ai, r->compute_ms);
        if (r->ai.stopped) app->stats.ai_stopped++;
        app->last_ai = r->ai;
        app->have_last_ai = true;
    }
    app->ai_ready = true;
    app->ai_move = r->ai.move;
}

static void update(app_state *app)
{
    /* Save outside a slider drag, so dragging writes the file once. */
    if (app->prefs_dirty && !app->menu.dragging) app_save_prefs(app);
    if (app->game_over) {
        Uint64 settled = app->game_over_ms + APP_STRIKE_DELAY_MS + APP_STRIKE_ANIM_MS;
        if (app->cfg.args.quit_after_games > 0 &&
            app->games_finished >= app->cfg.args.quit_after_games && app->now_ms >= settled)
            app->quit = true;
        /* Watching: after a pause to see the result, the next game starts. */
        Uint64 pause = (Uint64)(settings_speed_move_delay_ms(app->settings.speed) *
                                APP_WATCH_NEXT_GAME_FACTOR);
        if (!app->quit && app->settings.mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER &&
            app->now_ms >= settled + pause)
            app_new_game(app);
        return;
    }
    ttt_player turn = ttt_game_turn(app->game);
    if (!app_computer_plays(app, turn)) {
        if (app->ai_waiting || app->ai_ready) ai_invalidate(app);
        return;
    }
    if (!app->ai_waiting && !app->ai_ready) ai_request(app);
    if (app->ai_ready && app->now_ms >= app->ai_asked_ms + (Uint64)think_delay_ms(app)) {
        app->ai_ready = false;
        if (!play(app, app->ai_move.row, app->ai_move.col))
            SDL_Log("The computer's move (%d,%d) was refused", app->ai_move.row, app->ai_move.col);
    }
}

/* ------------------------------------------------------------------------- */
/* Input                                                                     */
/* ------------------------------------------------------------------------- */

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
    if (ow == app->out_w && oh == app->out_h && ww == app->win_w && wh == app->win_h &&
        app->layout.board_size == app->size && (app->layout.overlay.h > 0) == overlay)
        return;
    app->win_w = ww;
    app->win_h = wh;
    app->out_w = ow;
    app->out_h = oh;
    layout_compute(&app->layout, ow, oh, app->size, overlay);
    int counts[MENU_ROW_COUNT];
    menu_option_counts(counts);
    layout_menu_compute(&app->menu_layout, ow, oh, MENU_ROW_COUNT, counts);
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
        app->hover_ms = app->now_ms;
    }
    app->hover_button = covered ? LAYOUT_BUTTON_NONE : layout_button_at(&app->layout, x, y);

    /* A hand over what can be clicked. */
    bool clickable = app->hover_button != LAYOUT_BUTTON_NONE;
    if (app->menu_open) {
        layout_menu_hit hit = layout_menu_hit_test(&app->menu_layout, x, y);
        clickable = hit.row >= 0 || hit.done;
    } else if (row >= 0) {
        ttt_player turn = ttt_game_turn(app->game);
        clickable = turn != TTT_PLAYER_NONE && !app_computer_plays(app, turn) &&
                    ttt_game_can_move(app->game, row, col) == TTT_OK;
    }
    SDL_Cursor *want = clickable ? app->cursor_hand : app->cursor_arrow;
    if (want && SDL_GetCursor() != want) SDL_SetCursor(want);
}

static void open_menu(app_state *app, bool open)
{
    app->menu_open = open;
    app->menu_changed_ms = app->now_ms;
    app->menu.dragging = false;
    set_hover(app, app->mouse_x, app->mouse_y);
}

/* React to a change made in the menu's row @p row (-1: none). */
static void apply_menu_change(app_state *app, int change, int row)
{
    if (change == MENU_CHANGE_NONE) return;
    if (change & MENU_CHANGE_RESET_SCORES) app_reset_scores(app);
    if (row >= 0 && (change & ~(MENU_CHANGE_CLOSE | MENU_CHANGE_RESET_SCORES))) {
        /* A choice made in the menu is saved; the command line's are not. */
        menu_copy_row(&app->prefs.settings, &app->settings, row);
        app->prefs_dirty = true;
    }
    if (change & MENU_CHANGE_AI) {
        /* A result computed under the old settings must not be played. */
        if (app->ai_waiting || app->ai_ready) ai_invalidate(app);
    }
    if (change & MENU_CHANGE_DISPLAY) app->theme = theme_get(app->settings.theme);
    if (change & (MENU_CHANGE_FIRST | MENU_CHANGE_BOARD | MENU_CHANGE_SIDE)) {
        /* On an untouched board the change applies at once; otherwise from
         * the next game (size and k are read by app_new_game). */
        int moves = ttt_game_move_count(app->game);
        ttt_player first = app->settings.first_player;
        if (!(change & MENU_CHANGE_FIRST)) first = ttt_game_first_player(app->game);
        if (moves == 0 && !app->game_over) start_game(app, first);
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

static void open_help(app_state *app, bool open)
{
    app->help_open = open;
    app->help_changed_ms = app->now_ms;
    set_hover(app, app->mouse_x, app->mouse_y);
}

static void toggle_hint(app_state *app)
{
    if (app->hint_shown || app->hint_waiting)
        hint_clear(app);
    else
        app_hint(app);
}

/* Move the keyboard cursor, showing it (the first press only shows it). */
static void move_cursor(app_state *app, int drow, int dcol)
{
    if (app->cursor_shown) {
        int r = app->cursor_row + drow, c = app->cursor_col + dcol;
        if (r >= 0 && r < app->size) app->cursor_row = r;
        if (c >= 0 && c < app->size) app->cursor_col = c;
    }
    app->cursor_shown = true;
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

static void key_down(app_state *app, const SDL_KeyboardEvent *key)
{
    SDL_Keycode k = key->keysym.sym;
    Uint16 mod = key->keysym.mod;
    bool ctrl = (mod & KMOD_CTRL) != 0;
    bool shift = (mod & KMOD_SHIFT) != 0;
    /* "?" is Shift+/ on most layouts; some report SDLK_QUESTION itself. */
    bool help_key = k == SDLK_F1 || k == SDLK_QUESTION || (k == SDLK_SLASH && shift);
    if (help_key) {
        open_help(app, !app->help_open);
        return;
    }
    if (k == SDLK_F3) {
        toggle_overlay(app);
        return;
    }
    if (k == SDLK_F11) {
        bool full = (SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
        if (SDL_SetWindowFullscreen(app->window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP) != 0)
            SDL_Log("Couldn't toggle fullscreen: %s", SDL_GetError());
        return;
    }
    if (app->help_open) {
        /* The help is a note over the game: Esc, Enter or Space put it away. */
        if (k == SDLK_ESCAPE || k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE)
            open_help(app, false);
        return;
    }
    if (k == SDLK_ESCAPE) {
        open_menu(app, !app->menu_open);
        return;
    }
    if (app->menu_open) {
        menu_key mk;
        switch (k) {
        case SDLK_UP: mk = MENU_KEY_UP; break;
        case SDLK_DOWN: mk = MENU_KEY_DOWN; break;
        case SDLK_TAB: mk = shift ? MENU_KEY_UP : MENU_KEY_DOWN; break;
        case SDLK_LEFT: mk = MENU_KEY_LEFT; break;
        case SDLK_RIGHT: mk = MENU_KEY_RIGHT; break;
        case SDLK_RETURN:
        case SDLK_KP_ENTER:
        case SDLK_SPACE: mk = MENU_KEY_ACTIVATE; break;
        default: return;
        }
        int row = app->menu.focus < MENU_ROW_COUNT ? app->menu.focus : -1;
        apply_menu_change(app, menu_key_press(&app->menu, &app->settings, mk), row);
        return;
    }
    int row, col;
    switch (k) {
    case SDLK_n: app_new_game(app); return;
    case SDLK_u: app_undo(app); return;
    case SDLK_z:
        if (ctrl && shift)
            app_redo(app);
        else if (ctrl)
            app_undo(app);
        return;
    case SDLK_y:
        if (ctrl) app_redo(app);
        return;
    case SDLK_h: toggle_hint(app); return;
    case SDLK_UP: move_cursor(app, -1, 0); return;
    case SDLK_DOWN: move_cursor(app, 1, 0); return;
    case SDLK_LEFT: move_cursor(app, 0, -1); return;
    case SDLK_RIGHT: move_cursor(app, 0, 1); return;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_SPACE:
        if (!app->cursor_shown) {
            app->cursor_shown = true; /* First show where Enter would play. */
            return;
        }
        click_square(app, app->cursor_row, app->cursor_col);
        return;
    default:
        if (app->size == 3 && keypad_square(k, &row, &col)) {
            app->cursor_row = row;
            app->cursor_col = col;
            click_square(app, row, col);
        }
        return;
    }
}

void app_event(app_state *app, const SDL_Event *ev)
{
    if (ev->type == app->ai_event) {
        worker_result *r = ev->user.data1;
        on_ai_result(app, r);
        worker_result_free(r);
        return;
    }
    int x = 0, y = 0;
    switch (ev->type) {
    case SDL_QUIT: app->quit = true; break;
    case SDL_WINDOWEVENT:
        if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
            ev->window.event == SDL_WINDOWEVENT_RESIZED)
            update_sizes(app);
        else if (ev->window.event == SDL_WINDOWEVENT_LEAVE)
            set_hover(app, -1, -1);
        break;
    case SDL_MOUSEMOTION:
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
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (ev->button.button != SDL_BUTTON_LEFT) break;
        mouse_to_output(app, ev->button.x, ev->button.y, &x, &y);
        set_hover(app, x, y);
        if (app->help_open) {
            open_help(app, false);
            break;
        }
        if (app->menu_open) {
            menu_mouse_down(app, x, y);
            break;
        }
        switch (layout_button_at(&app->layout, x, y)) {
        case LAYOUT_BUTTON_NEW_GAME: app_new_game(app); break;
        case LAYOUT_BUTTON_UNDO: app_undo(app); break;
        case LAYOUT_BUTTON_HINT: toggle_hint(app); break;
        case LAYOUT_BUTTON_SETTINGS: open_menu(app, true); break;
        case LAYOUT_BUTTON_NONE:
        case LAYOUT_BUTTON_COUNT:
        default: {
            int row, col;
            if (layout_square_at(&app->layout, x, y, &row, &col)) click_square(app, row, col);
            set_hover(app, x, y); /* the square may no longer be playable */
            break;
        }
        }
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

static void update_overlay_text(app_state *app)
{
    if (!app->settings.show_overlay ||
        (app->overlay_updated_ms != 0 &&
         app->now_ms < app->overlay_updated_ms + APP_OVERLAY_REFRESH_MS))
        return;
    app->overlay_updated_ms = app->now_ms;
    const stats *s = &app->stats;
    bool fits = stats_ai_fits_budget(s);
    app->overlay_good = fits;
    snprintf(app->overlay_lines[0], sizeof app->overlay_lines[0],
             "AI last %.3f ms \xC2\xB7 worst %.3f ms \xC2\xB7 %zu moves", s->ai.last_ms,
             s->ai.max_ms, s->ai.total);
    snprintf(app->overlay_lines[1], sizeof app->overlay_lines[1], "Budget %.2f ms: AI %s",
             s->frame_budget_ms, fits ? "fits" : "exceeds it");
    /* The recent frames only: sorting the whole history (up to
     * STATS_MAX_SAMPLES) every refresh would itself be a visible hitch. */
    static const double pcts[2] = {50.0, 99.0};
    double frame_pct[2];
    stats_series_recent_percentiles(&s->frame_work, STATS_RECENT_SAMPLES, pcts, frame_pct, 2,
                                    app->overlay_scratch);
    snprintf(app->overlay_lines[2], sizeof app->overlay_lines[2],
             "Frame p50 %.2f \xC2\xB7 p99 %.2f \xC2\xB7 max %.2f ms", frame_pct[0], frame_pct[1],
             s->frame_work.max_ms);
    snprintf(app->overlay_lines[3], sizeof app->overlay_lines[3], "%s%s \xC2\xB7 %dx%d px",
             app->renderer_name, app->vsync ? " + vsync" : "", app->out_w, app->out_h);
    /* Large boards cannot be solved in time: say when a move was a guess. */
    if (!app->have_last_ai)
        snprintf(app->overlay_lines[4], sizeof app->overlay_lines[4], "Last AI move: none yet");
    else if (app->last_ai.exact)
        snprintf(app->overlay_lines[4], sizeof app->overlay_lines[4],
                 "Last AI move: exact (proven %s)", ttt_outcome_name(app->last_ai.outcome));
    else
        snprintf(app->overlay_lines[4], sizeof app->overlay_lines[4],
                 "Last AI move: heuristic, depth %d (%s)", app->last_ai.depth,
                 app->last_ai.stopped ? "stopped at the deadline" : "the difficulty's look-ahead");
}

static void advance_clock(app_state *app)
{
    if (app->cfg.fixed_step_ms > 0)
        app->now_ms += app->cfg.fixed_step_ms;
    else
        app->now_ms = SDL_GetTicks64();
}

SDL_Surface *app_capture(app_state *app)
{
    render_screen(app);
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

bool app_step(app_state *app)
{
    Uint64 freq = SDL_GetPerformanceFrequency();
    Uint64 start = SDL_GetPerformanceCounter();
    bool measured = app->stats.frames >= STATS_WARMUP_FRAMES;
    if (app->last_frame_start_counter && measured)
        stats_series_add(&app->stats.frame_interval,
                         (double)(start - app->last_frame_start_counter) * 1000.0 / (double)freq);
    app->last_frame_start_counter = start;
    advance_clock(app);

    SDL_Event ev;
    while (SDL_PollEvent(&ev))
        app_event(app, &ev);
    update_sizes(app);
    update(app);
    app->frames++;
    if (app->cfg.args.quit_after_frames > 0 &&
        app->frames >= (unsigned long)app->cfg.args.quit_after_frames)
        app->quit = true;
    update_overlay_text(app);

    if (app->quit && app->cfg.args.screenshot) {
        SDL_Surface *shot = app_capture(app);
        if (shot) {
            if (SDL_SaveBMP(shot, app->cfg.args.screenshot) != 0)
                SDL_Log("Couldn't save %s: %s", app->cfg.args.screenshot, SDL_GetError());
            SDL_FreeSurface(shot);
        }
    } else {
        render_screen(app);
    }
    /* SDL batches drawing until asked; flush so the frame time includes
     * submitting it, but not the wait for vsync inside SDL_RenderPresent. */
    if (SDL_RenderFlush(app->renderer) != 0) SDL_Log("Couldn't flush: %s", SDL_GetError());
    Uint64 drawn = SDL_GetPerformanceCounter();
    if (measured)
        stats_series_add(&app->stats.frame_work, (double)(drawn - start) * 1000.0 / (double)freq);
    app->stats.frames++;
    SDL_RenderPresent(app->renderer);

    /* Pace even when vsync was granted: some drivers (offscreen, Xvfb) report
     * it but return at once. With a real vsync the present already took the
     * whole budget and this waits for nothing. */
    if (app->cfg.pace_frames && !app->quit) {
        double elapsed = (double)(SDL_GetPerformanceCounter() - start) * 1000.0 / (double)freq;
        double wait = app->stats.frame_budget_ms * PACE_MIN_FRACTION - elapsed;
        /* Waiting on the event queue (not sleeping) wakes at once for input. */
        if (wait >= 1.0) SDL_WaitEventTimeout(NULL, (int)wait);
    }
    return !app->quit;
}

int app_run(app_state *app)
{
    while (app_step(app)) {
    }
    return 0;
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
    app->refused_row = app->refused_col = -1;
    app->hover_button = LAYOUT_BUTTON_NONE;
    app->mouse_x = app->mouse_y = -1;
    app->seeded = cfg->args.seed_given;
    app->ai_seed = cfg->args.seed;
    app->side_rng = ttt_rng_seeded(cfg->args.seed_given ? cfg->args.seed + 1 : ttt_clock_us());
    if (cfg->saved) {
        app->prefs = *cfg->saved;
    } else {
        prefs_defaults(&app->prefs);
        app->prefs.settings = *s;
    }
    app->wins_x = app->prefs.wins_x;
    app->wins_o = app->prefs.wins_o;
    app->draws = app->prefs.draws;
    app->you_wins = app->prefs.you_wins;
    app->computer_wins = app->prefs.computer_wins;
    app->cursor_row = app->cursor_col = s->board_size / 2;
    menu_init(&app->menu);
    stats_init(&app->stats, 1000.0 / APP_DEFAULT_REFRESH_HZ);
    app->now_ms = cfg->fixed_step_ms > 0 ? FIXED_CLOCK_START_MS : SDL_GetTicks64();

    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        SDL_Log("Couldn't initialise SDL: %s", SDL_GetError());
        return false;
    }
    app->sdl_ready = true;
    if (TTF_Init() != 0) {
        SDL_Log("Couldn't initialise SDL_ttf: %s", TTF_GetError());
        return false;
    }
    app->ttf_ready = true;

    char assets[1024];
    if (!find_assets(cfg, assets, sizeof assets)) return false;

    /* Never open taller or wider than the screen: shrink, keeping the shape. */
    int width = cfg->args.width, height = cfg->args.height;
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
    if (cfg->args.fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    app->window = SDL_CreateWindow(WINDOW_TITLE, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                   width, height, flags);
    if (!app->window) {
        SDL_Log("Couldn't create the window: %s", SDL_GetError());
        return false;
    }
    SDL_SetWindowMinimumSize(app->window, ARGS_MIN_WINDOW, ARGS_MIN_WINDOW);
    SDL_Surface *icon = render_icon(ICON_SIZE_PX, app->theme);
    if (icon) {
        SDL_SetWindowIcon(app->window, icon);
        SDL_FreeSurface(icon);
    }
    if (!create_renderer(app)) return false;
    render_ctx_init(&app->draw, app->renderer);
    app->stats.frame_budget_ms = frame_budget(app);

    char regular[1100], bold[1100];
    snprintf(regular, sizeof regular, "%s%s", assets, FONT_REGULAR_FILE);
    snprintf(bold, sizeof bold, "%s%s", assets, FONT_BOLD_FILE);
    app->text = text_create(app->renderer, regular, bold);
    if (!app->text) {
        char msg[1300];
        snprintf(msg, sizeof msg, "Couldn't load the game's fonts from %s: %s", assets,
                 TTF_GetError());
        fprintf(stderr, "tictactoe: %s\n", msg);
        if (SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, "Tic-tac-toe", msg, app->window) != 0)
            SDL_Log("Couldn't show a message box: %s", SDL_GetError());
        return false;
    }

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

    if (!start_game(app, app->settings.first_player)) return false;
    /* --first human|computer: the role opens, whichever mark it has (with
     * a random side, the mark drawn for this first game). */
    if (cfg->args.first_role != ARGS_FIRST_BY_MARK &&
        app->settings.mode == SETTINGS_MODE_HUMAN_VS_COMPUTER) {
        ttt_player human = app->settings.human_side;
        ttt_player first =
            cfg->args.first_role == ARGS_FIRST_HUMAN ? human : ttt_player_other(human);
        if (first != ttt_game_first_player(app->game)) {
            ttt_game_start_next(app->game); /* swaps the first player, keeps the side */
        }
    }
    update_sizes(app);
    return true;
}

void app_quit(app_state *app)
{
    /* Written at exit too (scores, and anything a failed save left dirty),
     * but only if the game got as far as starting. */
    if (app->game) {
        app->prefs_dirty = true;
        app_save_prefs(app);
    }
    if (app->cfg.args.print_stats && app->sdl_ready) {
        stats_print(&app->stats, stdout);
        fflush(stdout);
    }
    /* Stop the AI first: it cancels a running search and joins the thread. */
    worker_destroy(app->ai);
    app->ai = NULL;
    if (app->sdl_ready && app->ai_event != 0 && app->ai_event != (Uint32)-1)
        worker_drain_events(app->ai_event);
    ttt_game_free(app->game);
    app->game = NULL;
    text_destroy(app->text);
    app->text = NULL;
    render_ctx_free(&app->draw);
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
