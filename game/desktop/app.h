/*
 * app.h - the desktop game's state and its main loop, in the shape of SDL3's
 * examples: one AppState passed by pointer to init, event, iterate and quit.
 *
 * Everything the game knows lives in app_state; rendering (render.c) only
 * reads it, events and the per-frame update change it. Tests drive the same
 * functions with pushed SDL events under the offscreen video driver.
 */
#ifndef GAME_APP_H
#define GAME_APP_H

#include <stdbool.h>
#include <stdint.h>

#include <SDL.h>

#include "args.h"
#include "layout.h"
#include "menu.h"
#include "prefs.h"
#include "render.h"
#include "settings.h"
#include "stats.h"
#include "text.h"
#include "theme.h"
#include "worker.h"

/** How the app runs (from the command line, or set by tests). */
typedef struct app_config {
    args_options args;
    /** Tests: advance the app's clock by this much per frame instead of
     *  reading the real clock, so animations and delays are frame-exact. */
    Uint32 fixed_step_ms;
    /** Wait out the rest of the frame budget when a frame finishes early
     *  (no working vsync), so the loop does not spin a core. Tests turn it off. */
    bool pace_frames;
    /** Directory holding fonts/ (overrides the search), or NULL. */
    const char *assets_dir;
    /** The settings file to save to, or NULL to save nothing (tests). */
    const char *settings_path;
    /** What the file held when the game started (unknown keys, scores and the
     *  settings without the command line's overrides), or NULL for defaults. */
    const prefs *saved;
    /** Tests: the computer's search budget on boards too big to solve, in
     *  milliseconds, instead of APP_AI_DEADLINE_MS (0 keeps that). */
    int ai_deadline_ms;
} app_config;

/** Fill @p cfg with the defaults for the real program. */
void app_config_defaults(app_config *cfg);

/**
 * Read the settings file at @p path into @p saved (the caller owns both; they
 * must outlive the app) and point @p cfg at them. A file that exists but
 * cannot be read (PREFS_UNREADABLE: too large, a read error, no permission)
 * is left alone: @p cfg gets no settings path, so nothing is saved this
 * session and the scores in it are not overwritten with defaults.
 * @return What prefs_load() said.
 */
prefs_status app_config_load_prefs(app_config *cfg, const char *path, prefs *saved, FILE *warn);

/** The whole game. */
typedef struct app_state {
    /* SDL objects. */
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Cursor *cursor_arrow;
    SDL_Cursor *cursor_hand;
    bool vsync;
    char renderer_name[32];
    render_ctx draw;
    text_cache *text;
    worker *ai;
    Uint32 ai_event;

    app_config cfg;
    settings settings;
    const theme *theme;

    /* Sizes: window points and output pixels, and the layouts derived. */
    int win_w, win_h, out_w, out_h;
    layout layout;
    layout_menu menu_layout;

    /* The game. */
    ttt_game *game;
    int size, k;
    uint64_t ai_seed; /* Base seed; each AI move adds its job id. */
    bool seeded;

    /* The AI request in flight: the id we wait for, when it was asked, and a
     * move held back until the minimum think delay has passed. */
    uint32_t job_id;
    bool ai_waiting;
    bool ai_ready;
    ttt_pos ai_move;
    Uint64 ai_asked_ms;
    unsigned long stale_results; /* Results dropped for a stale job id. */

    /* Scores (loaded from the settings file, saved with it). Against the
     * computer a win counts for its role (you_wins, computer_wins), since
     * your side can change from game to game; two players and watching
     * count by mark (wins_x, wins_o). Draws are counted in every mode. */
    int wins_x, wins_o, draws;
    int you_wins, computer_wins;
    long games_finished;
    /* The count this game's result went into (one of the above), or NULL
     * while it is not in the scores; undo takes it out again. */
    int *scored_in;

    /* What the settings file gets: the saved settings with menu changes
     * applied (never the command line's overrides), the scores, and the
     * keys this version does not know. Saved when dirty, outside drags. */
    prefs prefs;
    bool prefs_dirty;
    bool prefs_warned; /* Warn about an unwritable file once, not on every change. */
    ttt_rng side_rng;  /* For "your side: random". */

    /* Redo: moves taken back, newest group on top. Each undo pushes its
     * moves (the last move first) and then the group's size. */
    ttt_pos redo_moves[TTT_MAX_SQUARES];
    int redo_count;
    int redo_groups[TTT_MAX_SQUARES];
    int redo_group_count;

    /* Hints: an analysis asked of the worker, shown until the next move. */
    uint32_t hint_job;
    bool hint_waiting;
    bool hint_shown;
    Uint64 hint_ms;
    ttt_analysis hint;

    /* The computer's last move: proven, or the best found by the deadline. */
    bool have_last_ai;
    ttt_ai_result last_ai;

    /* Keyboard: a cursor on the board, shown once the arrows are used. */
    int cursor_row, cursor_col;
    bool cursor_shown;
    bool help_open;
    Uint64 help_changed_ms;

    /* Animation and feedback state, all in app-clock milliseconds. */
    Uint64 now_ms;
    Uint64 placed_ms[TTT_MAX_SQUARES];
    Uint64 game_over_ms;
    bool game_over;
    ttt_line lines[TTT_MAX_WINNING_SETS];
    int line_count;
    int hover_row, hover_col; /* -1 when the mouse is off the board. */
    Uint64 hover_ms;
    int refused_row, refused_col;
    Uint64 refused_ms;
    bool refused;
    layout_button hover_button;
    int mouse_x, mouse_y; /* Last mouse position in output pixels. */

    /* Menu. */
    bool menu_open;
    Uint64 menu_changed_ms;
    menu_state menu;

    /* Measurement. */
    stats stats;
    Uint64 frame_start_counter;
    Uint64 last_frame_start_counter;
    Uint64 overlay_updated_ms;
    char overlay_lines[LAYOUT_OVERLAY_LINES][96];
    bool overlay_good;
    /* The overlay sorts a copy of the recent frame times here, not on the heap. */
    float overlay_scratch[STATS_RECENT_SAMPLES];

    /* Loop control. */
    unsigned long frames;
    bool quit;
    bool sdl_ready, ttf_ready;
} app_state;

/**
 * Start SDL, open the window, load the fonts, start the AI worker and the
 * first game. On failure returns false (the reason is logged, and a message
 * box is attempted for a missing font); call app_quit() either way.
 */
bool app_init(app_state *app, const settings *s, const app_config *cfg);

/** Handle one SDL event. */
void app_event(app_state *app, const SDL_Event *ev);

/** Poll every pending event, then update, draw and present one frame.
 *  @return false once the app wants to quit (the last frame was drawn). */
bool app_step(app_state *app);

/** Run app_step() until quit. @return the process exit status. */
int app_run(app_state *app);

/** Print --stats if asked, stop the worker (cancelling a search), free all. */
void app_quit(app_state *app);

/** Draw the current frame into a new ARGB8888 surface (for screenshots and
 *  tests). @return NULL on failure (logged). The caller frees it. */
SDL_Surface *app_capture(app_state *app);

/** Start the next game (the player who did not start this one starts). */
void app_new_game(app_state *app);

/** Take back the last turn: your move and the computer's reply against the
 *  computer, one move between two players. Drops any pending AI result.
 *  @return false when there was nothing to take back. */
bool app_undo(app_state *app);

/** Play again what the last undo took back. @return false if nothing to redo. */
bool app_redo(app_state *app);

/** Would app_undo() / app_redo() do anything now? (The buttons show this.) */
bool app_can_undo(const app_state *app);
bool app_can_redo(const app_state *app);

/** Ask the worker for a hint (every free square's value). @return false when
 *  no person is to move (no hint to give). */
bool app_hint(app_state *app);

/** Set the scores to zero (and save them). The current game goes on. */
void app_reset_scores(app_state *app);

/** Save the settings file now if anything changed. */
void app_save_prefs(app_state *app);

/** Who plays @p side now: the computer or a person? */
bool app_computer_plays(const app_state *app, ttt_player side);

/* Timing of the game's feedback, in milliseconds. */
#define APP_HOVER_FADE_MS 120
#define APP_MARK_APPEAR_MS 160
#define APP_REFUSED_CUE_MS 320
#define APP_STRIKE_DELAY_MS 60
#define APP_STRIKE_ANIM_MS 380
#define APP_MENU_FADE_MS 140
/** How long a finished computer-vs-computer game stays up before the next. */
#define APP_WATCH_NEXT_GAME_FACTOR 4
/** Overlay text refresh period (the numbers would flicker if redrawn every frame). */
#define APP_OVERLAY_REFRESH_MS 250
/** Refresh rate assumed when the display does not report one. */
#define APP_DEFAULT_REFRESH_HZ 60
/** Longest an AI move may search on boards too big to solve. */
#define APP_AI_DEADLINE_MS 1500
/** Longest a hint's analysis may take on boards too big to solve. */
#define APP_HINT_DEADLINE_MS 1500
#define APP_HINT_FADE_MS 150
#define APP_HELP_FADE_MS 140

#endif /* GAME_APP_H */
