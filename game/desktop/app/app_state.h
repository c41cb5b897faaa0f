/*
 * app_state.h - everything the desktop game knows, in one struct passed by
 * pointer (the shape of SDL3's examples: one AppState for init, event,
 * iterate and quit), and how the app is configured.
 *
 * Who writes what: the app (app/app*.c: the loop, the per-frame update) and the input
 * (input.c, which hands each action to the screen on top through the
 * table of screens, screens.h) change it; each screen's own fields are in
 * a struct of their own below, changed only by that screen's file; the turn flow
 * lives in `play` (play.c, no SDL); drawing (render.c and each screen's
 * drawing half) receives it as `const app_state *` and only reads it, with
 * `view` (view.h, computed once per frame) saying what the game looks like
 * now: drawing never reads `play`.
 */
#ifndef GAME_APP_STATE_H
#define GAME_APP_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include <SDL.h>

#include "app_timing.h"
#include "announce.h"
#include "args.h"
#include "gamepad.h"
#include "layout.h"
#include "menu.h"
#include "play.h"
#include "ponder.h"
#include "prefs.h"
#include "puzzle_session.h"
#include "record.h"
#include "review.h"
#include "screen_stack.h"
#include "settings.h"
#include "stats.h"
#include "theme.h"
#include "view.h"

/** Room for the renderer's name as SDL gives it ("opengl", "direct3d11",
 *  "software"), shown by the overlay. */
#define APP_RENDERER_NAME_MAX 32

struct app_online;
struct audio;
struct render_ctx;
struct saver;
struct speech_out;
struct text_cache;
struct worker;

/** Room for what the voice says of a panel's focus (screen_speech.h). */
#define APP_SPEECH_FOCUS_MAX 4096

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
    /** Silence before the audio device is closed again (0: AUDIO_LINGER_MS);
     *  tests shorten it. */
    int audio_linger_ms;
    /** The game file (the game in progress, gamefile.h), or NULL to keep
     *  none (tests that do not want one). */
    const char *game_path;
    /** What the game file held at start: an unfinished game to go on with,
     *  or NULL. */
    const record *resume;
    /** The last finished game, for review and replay, or NULL. */
    const record *last_game;
    /** A game record to open for review at start (--open), or NULL. */
    const record *open_record;
    /** Where exported game records go (a directory ending in a separator),
     *  or NULL: the settings file's directory's "games". */
    const char *records_dir;
    /** Tests: the review's budget per position, instead of
     *  APP_REVIEW_DEADLINE_MS (0 keeps that). */
    int review_deadline_ms;
    /** Tests: the daily puzzle's date ("YYYY-MM-DD") instead of today's
     *  (UTC), or NULL. */
    const char *puzzle_date;
} app_config;

/**
 * What a player can ask for, whatever the device: keys, mouse clicks on the
 * buttons and a gamepad all become one of these and go through input_do()
 * (input.h), the one place where input turns into what happens, on the
 * screen showing.
 */
typedef enum app_action {
    APP_ACTION_NEW_GAME = 0,
    APP_ACTION_UNDO,
    APP_ACTION_REDO,
    APP_ACTION_HINT,       /**< Hint on or off. */
    APP_ACTION_SETTINGS,   /**< Open the settings, or close them. */
    APP_ACTION_BACK,       /**< Esc: close the help or the settings; else open the settings. */
    APP_ACTION_HELP,       /**< Help on or off. */
    APP_ACTION_OVERLAY,    /**< Performance overlay on or off. */
    APP_ACTION_SOUND,      /**< Sound on or off. */
    APP_ACTION_FULLSCREEN, /**< Fullscreen on or off. */
    APP_ACTION_UP,         /**< Arrows: the board's cursor, or the settings' focus and value. */
    APP_ACTION_DOWN,
    APP_ACTION_LEFT,
    APP_ACTION_RIGHT,
    APP_ACTION_NEXT,        /**< Tab: the next setting. */
    APP_ACTION_PREVIOUS,    /**< Shift+Tab: the previous setting. */
    APP_ACTION_ACTIVATE,    /**< Enter, Space: place a mark at the cursor (the first press only
                                 shows a hidden cursor), or press the focused setting. */
    APP_ACTION_MENU,        /**< The game menu on or off (the Menu button, F10, Start). */
    APP_ACTION_REVIEW,      /**< Review the game (R): open or close. */
    APP_ACTION_REPLAY,      /**< Replay the last game from its first move (P). */
    APP_ACTION_STATS,       /**< The statistics on or off (S). */
    APP_ACTION_SAVE_RECORD, /**< Save the game as a game record (Ctrl+S). */
    APP_ACTION_PLAY_ON,     /**< In a review: play on from the position shown. */
    APP_ACTION_EARLIER,     /**< In a review: one move back (shoulder, wheel, Page Up). */
    APP_ACTION_LATER,       /**< In a review: one move on. */
    APP_ACTION_FIRST,       /**< In a review: the start (Home). */
    APP_ACTION_LAST,        /**< In a review: the end (End). */
    APP_ACTION_FASTER,      /**< In a review: the replay faster (+). */
    APP_ACTION_SLOWER,      /**< In a review: the replay slower (-). */
    APP_ACTION_ONLINE,      /**< The online lobby (the game menu's "Play a friend online"). */
    APP_ACTION_PUZZLES      /**< Open the puzzles (the game menu's entry). */
} app_action;

/* Each screen's own fields (screens/screen_*.c change them). */

/** The settings panel (screen_settings.c). */
typedef struct settings_screen_state {
    menu_state menu;       /* The rows, the focus, a drag in progress. */
    layout_menu layout;    /* Where the rows are, for drawing and hit-testing. */
    Uint64 changed_ms;     /* Opened or closed at this time (the fade). */
    Uint64 reset_armed_ms; /* "Reset scores" pressed once at this time; 0: not armed. */
} settings_screen_state;

/** The help (screen_help.c). */
typedef struct help_screen_state {
    Uint64 changed_ms; /* Opened or closed at this time (the fade). */
} help_screen_state;

/** The game menu (screen_gamemenu.c). */
typedef struct gamemenu_screen_state {
    Uint64 changed_ms;
    int focus;       /* The entry the keyboard is on. */
    bool show_focus; /* The keyboard has been used since it opened: mark the focus. */
    layout_list layout;
} gamemenu_screen_state;

/** Room for what is typed in the online lobby (a code, or an address and
 *  a code, or an invite link). */
#define ONLINE_TYPED_MAX 96

/** The online lobby (screen_online.c). */
typedef struct online_screen_state {
    Uint64 changed_ms;
    int focus;
    bool show_focus;
    layout_list layout;
    char typed[ONLINE_TYPED_MAX]; /* The code (or address and code) typed to join. */
    Uint64 copied_ms;             /* The link was copied at this time (the button says so). */
    Uint64 resign_armed_ms;       /* "Resign" was pressed once at this time (0: not); a
                                     second press within APP_RESIGN_CONFIRM_MS resigns. */
} online_screen_state;

/** The statistics panel (screen_stats.c). */
typedef struct stats_screen_state {
    Uint64 changed_ms;
    int mode; /* The mode whose statistics show (a settings_mode). */
    layout_list layout;
} stats_screen_state;

/** The puzzles (screen_puzzle.c): the puzzle on the board, and its chooser. */
typedef struct puzzle_screen_state {
    puzzle_session session;
    int board;                    /* The chosen board, in puzzle_session_boards()' order. */
    puzzle_difficulty difficulty; /* The chosen grade. */
    Uint64 changed_ms;            /* The chooser opened or closed (the fade). */
    int focus;                    /* The chooser's row the keyboard is on. */
    bool show_focus;
    layout_list layout; /* The chooser's. */
} puzzle_screen_state;

/** The review's screen (screen_review.c); the review itself is `review`
 *  in app_state, SDL-free (review.h). */
typedef struct review_screen_state {
    bool hints; /* The position's values on the board while reviewing (H). */
} review_screen_state;

/** The whole game. */
typedef struct app_state {
    /* SDL objects. */
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Cursor *cursor_arrow;
    SDL_Cursor *cursor_hand;
    bool vsync;
    char renderer_name[APP_RENDERER_NAME_MAX];
    struct render_ctx *draw; /* Drawing's own buffers and cached textures. */
    struct text_cache *text;
    struct worker *ai;
    Uint32 ai_event;
    struct audio *audio;       /* NULL: no sound this run (logged). */
    Uint32 audio_event;        /* The sound output says whether a device can be had. */
    bool audio_missing;        /* No audio device: the settings and the speaker say so. */
    Uint64 place_cue_ms;       /* When a mark's tick last played: one per pass (a redo
                                  places two marks at once). */
    gamepad gamepad;           /* Game controllers, opened as they are plugged in. */
    struct speech_out *speech; /* The voice (speech_out.h); NULL: none this run. */
    announcer said;            /* What the voice was last given (announce.h). */
    /* The panel and the focus inside it the voice last said
     * (screen_speech.h); said_screen -1: none yet. */
    int said_screen;
    char said_focus[APP_SPEECH_FOCUS_MAX];

    app_config cfg;
    settings settings;
    const theme *theme;
    /* The messages' language: settings.language, or for LANGUAGE_AUTO the
     * system's, noted once at start (system_language). Never LANGUAGE_AUTO.
     * language_setting is the settings.language it was chosen for: the app
     * applies a new one after each event. */
    int language;
    int system_language;
    int language_setting;

    /* Sizes: window points and output pixels, and the layouts derived. */
    int win_w, win_h, out_w, out_h;
    layout layout;
    int label_set; /* The buttons' labels the layout was made for (screen_game.h). */

    /* The game: the turn flow, and what drawing reads this frame. */
    play_state play;
    ponder_state ponder; /**< The computer thinking on your time (ponder.h). */
    view view;

    /* What the settings file gets: the saved settings with menu changes
     * applied (never the command line's overrides), the scores, and the
     * keys this version does not know. Saved when dirty, outside drags. */
    prefs prefs;
    bool prefs_dirty;
    bool prefs_warned;   /* A save failed (the saver warned, once per session). */
    struct saver *saver; /* Saves snapshots of `prefs` on its own thread; NULL: none. */
    Uint32 saver_event;  /* Its results' event type. */
    uint32_t save_job;   /* The id of the last snapshot handed to it. */

    /* Keyboard: a cursor on the board, shown once the arrows are used. While
     * it shows, the mouse's preview does not (one square at a time). */
    int cursor_row, cursor_col;
    bool cursor_shown;

    /* Mouse and hover, in output pixels; -1 when off the board. */
    int hover_row, hover_col;
    Uint64 hover_ms;
    layout_button hover_button;
    int mouse_x, mouse_y;
    bool hover_covered; /* The hover was worked out with a panel open. */

    /* Which screens show (screens.h: what each does), and each screen's own
     * fields. */
    screen_stack screens;
    settings_screen_state settings_screen;
    help_screen_state help_screen;
    gamemenu_screen_state gamemenu_screen;
    stats_screen_state stats_screen;
    online_screen_state online_screen;

    /* Online play (app_online.h): the connection, the hosted server, the
     * room; NULL in a build without it. */
    struct app_online *online;

    /* The statistics' entry as it was before the last game was counted, so
     * that undoing that game takes it out again. */
    tally_entry tally_before;
    bool tally_existed, tally_undoable;

    /* The review of a game (also the replay), and the last finished game. */
    review_state review;
    review_screen_state review_screen;
    puzzle_screen_state puzzle_screen;
    record last_game;
    bool have_last_game;

    /* The game in progress in the game file: a snapshot handed to the saver
     * after every change. */
    uint32_t game_save_job;
    bool game_file_unfinished; /* The file holds a game not finished: a new game replaces it. */
    bool game_diverged;        /* Another window's game in progress holds the game file, and this
                                  window's went another way: not saved there (app_files.c). */
    bool export_requested;     /* Save the game as a record (the saver does it). */
    uint32_t file_job;         /* The last export's or read's id. */

    /* A sentence shown instead of the status for a while (a record saved,
     * a file refused). */
    char notice[VIEW_STATUS_MAX];
    Uint64 notice_ms;

    /* Measurement. */
    stats stats;
    Uint64 last_frame_start_counter;
    Uint64 overlay_updated_ms; /* When view.overlay was last refreshed. */
    bool overlay_stale;        /* Frames were drawn since its numbers were last refreshed. */
    /* The overlay sorts a copy of the recent frame times here, not on the heap. */
    float overlay_scratch[STATS_RECENT_SAMPLES];

    /* Drawing only when something changed: set by any event that may change
     * what is shown; the view last drawn catches the game's own changes. */
    bool redraw;
    bool window_hidden;       /* Minimised or hidden: nothing is drawn. */
    bool animated_last_frame; /* The frame last drawn was mid-animation. */
    view_game drawn_view;     /* The game as last drawn. */

    /* Loop control. */
    unsigned long passes; /* Passes of the loop, drawn or not (--quit-after-frames). */
    bool quit;
    bool screenshot_failed; /* --screenshot could not be written: exit status 1. */
    bool sdl_ready, ttf_ready;
    /* The start in steps (app.c's app_start_step): on the desktop all in
     * app_init, in a browser one a pass. */
    int start_steps_done;
    bool started;            /* Every step done: the game runs. */
    bool start_failed;       /* A step failed (said where): the loop stops, status 1. */
    bool first_layers_built; /* Browser: the first frame's layers, a pass before it. */
} app_state;

/** Does screen @p id show (on top or under another)? */
static inline bool app_showing(const app_state *app, screen_id id)
{
    return screen_stack_has(&app->screens, id);
}

#endif /* GAME_APP_STATE_H */
