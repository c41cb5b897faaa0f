/*
 * play.h - the desktop game's turn flow, without SDL: a click or a key
 * becomes a move, a finished game goes into the scores, the computer is
 * asked for its move and its answer is played after the think delay, undo
 * and redo, hints, and the next game when watching.
 *
 * The app (app/) owns one play_state and feeds it: the time (now_ms), the
 * players' clicks, and the results of the AI jobs it ran for it. What play
 * needs from the outside goes through play_hooks: submit a job to the AI
 * worker, cancel it, and report a game event. That keeps this module free of
 * SDL and threads, so tests drive it directly with fake hooks.
 *
 * Requests and stale results: every AI job carries a fresh id. Anything that
 * makes a pending answer meaningless (a new game, undo, a settings change)
 * takes a new id and cancels, so a late answer no longer matches and is
 * dropped (counted in stale_results). A computer's move that arrives early
 * is held until the think delay has passed on the app's clock.
 *
 *   screens --click/key--> play_click / play_undo / play_redo / play_hint_toggle
 *   app_frame.c --each frame--> play_update   --hooks.submit--> worker
 *   worker --result------> app_hooks.c --> play_on_result
 *   play   --hooks.event-> app_hooks.c (sounds, statistics: one place for game events)
 *
 * What the screen shows of it is view.h's view_game, computed from this
 * state once per frame: drawing never reads play_state.
 */
#ifndef GAME_PLAY_H
#define GAME_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "rng.h"
#include "settings.h"
#include "ttt/ttt.h"

/** A job the turn flow wants run off the drawing thread. */
typedef enum play_job {
    PLAY_JOB_MOVE = 0,   /**< The computer's move (ttt_ai_move). */
    PLAY_JOB_ANALYZE = 1 /**< A hint: every free square's value (ttt_ai_analyze). */
} play_job;

/** Something that happened in the game, for feedback (sound, flashes). */
typedef enum play_event_kind {
    PLAY_EVENT_MARK_PLACED = 0,  /**< A mark went on the board (pos, player, by_computer). */
    PLAY_EVENT_MOVE_REFUSED,     /**< A person's move was refused (pos; it may be off the game). */
    PLAY_EVENT_GAME_WON,         /**< Won: by you against the computer; by X or O otherwise. */
    PLAY_EVENT_GAME_LOST,        /**< Against the computer: the computer won. */
    PLAY_EVENT_GAME_DRAWN,       /**< Nobody won. */
    PLAY_EVENT_RESULT_TAKEN_BACK /**< Undo took a counted game's result out of the scores. */
} play_event_kind;

/** One game event. */
typedef struct play_event {
    play_event_kind kind;
    ttt_pos pos;       /**< The square (MARK_PLACED, MOVE_REFUSED). */
    ttt_player player; /**< Who placed the mark, or who won; NONE otherwise. */
    bool by_computer;  /**< MARK_PLACED: the computer's move. */
} play_event;

/** What play asks of the outside world. Any function pointer may be NULL. */
typedef struct play_hooks {
    void *user; /**< Passed back to each hook. */
    /** Run @p kind on a copy of @p game with @p opts; the answer comes back
     *  through play_on_result() with @p job_id. False: not queued. */
    bool (*submit)(void *user, play_job kind, const ttt_game *game, const ttt_ai_options *opts,
                   uint32_t job_id);
    /** Drop a waiting job and stop a running one (its answer will be stale). */
    void (*cancel)(void *user);
    /** A game event happened (called after the state has changed). */
    void (*event)(void *user, const play_event *ev);
    /** Online: send your move @p pos, the game's move number @p ply, to the
     *  server (play_online_sync() shows it once the server accepted it).
     *  False: it could not be queued. */
    bool (*send_move)(void *user, ttt_pos pos, int ply);
} play_hooks;

/** One mode's scores. wins[0] is you against the computer and X otherwise;
 *  wins[1] the computer, or O. */
typedef struct play_score {
    int wins[2];
    int draws;
} play_score;

/** Where a finished game was counted, so undo can take it out again. */
typedef struct play_scored {
    int mode; /**< settings_mode, or -1 while the game on screen is not counted. */
    int slot; /**< 0 or 1: wins[slot]; 2: draws. */
} play_scored;

/** An answer from the AI worker, as play needs it. */
typedef struct play_result {
    play_job kind;
    uint32_t job_id;
    ttt_status status;
    ttt_ai_result ai;      /**< PLAY_JOB_MOVE, on TTT_OK. */
    ttt_analysis analysis; /**< PLAY_JOB_ANALYZE, on TTT_OK. */
} play_result;

/** What play_on_result() did with an answer. */
typedef enum play_result_use {
    PLAY_RESULT_STALE = 0, /**< Not the job awaited: dropped. */
    PLAY_RESULT_USED = 1,  /**< Taken (a move to play, a hint to show). */
    PLAY_RESULT_FAILED = 2 /**< Awaited, but the job failed (the game goes on regardless). */
} play_result_use;

/** The turn flow's state. Fields are read by the app and the tests; change
 *  them only through the functions below. */
typedef struct play_state {
    const settings *settings; /**< The app's settings (read, never written). */
    play_hooks hooks;
    uint64_t now_ms; /**< The app's clock; the app sets it before each frame. */

    ttt_game *game;
    ttt_player human_side; /**< Against the computer: your mark in this game. */
    game_rng side_rng;     /**< For "your side: random". */
    bool seeded;           /**< Reproducible AI (--seed): seeds from ai_seed. */
    uint64_t ai_seed;
    int ai_deadline_ms; /**< The computer's budget on big boards (APP_AI_DEADLINE_MS). */

    /* The end of the game. */
    bool game_over;
    uint64_t game_over_ms;
    ttt_line lines[TTT_MAX_WINNING_SETS];
    int line_count;

    /* Scores, one set per mode, and where this game went. */
    play_score scores[SETTINGS_MODE_COUNT];
    play_scored scored;
    long games_finished;
    bool scores_changed; /**< Set on any change; the app clears it once saved. */
    bool game_changed;   /**< A move, an undo, a new game: the game file is due (the app
                              clears it once handed to the saver). */

    /* Redo: moves taken back, newest group on top. Each undo pushes its
     * moves (the last move first) and then the group's size. */
    ttt_pos redo_moves[TTT_MAX_SQUARES];
    int redo_count;
    int redo_groups[TTT_MAX_SQUARES];
    int redo_group_count;

    /* The computer's move in flight: the id awaited, when it was asked, and a
     * move held back until the think delay has passed. */
    uint32_t job_id;
    bool ai_waiting;
    bool ai_ready;
    ttt_pos ai_move;
    uint64_t ai_asked_ms;
    /* A game taken from another window (app_files.c): the computer is not
     * asked before this time, the other window playing its reply. */
    uint64_t follow_until_ms;
    unsigned long stale_results;

    /* The computer's last move and what its search knew. */
    bool have_last_ai;
    ttt_ai_result last_ai;
    ttt_player last_ai_mover;     /**< The computer's mark in that move. */
    bool have_last_computer_move; /**< On the board now (cleared by undo past it). */
    ttt_pos last_computer_move;

    /* Hints: an analysis asked of the worker, shown until the next move. */
    uint32_t hint_job;
    bool hint_waiting;
    bool hint_shown;
    uint64_t hint_ms;
    ttt_analysis hint;

    /* Online (play_online_*): the server decides; moves come from its
     * states, a click is sent (hooks.send_move), no computer, no undo. */
    bool online;
    ttt_player online_side; /**< Your mark in the online game; NONE when watching. */
    bool online_resigned;   /**< The game on screen ended by a resignation. */
    ttt_game *offline_game; /**< The local game set aside while online, or NULL. */

    /* Feedback times. */
    uint64_t placed_ms[TTT_MAX_SQUARES];
    bool refused;
    int refused_row, refused_col;
    uint64_t refused_ms;
} play_state;

/**
 * Start the turn flow with a first game at @p s's size, @p s->first_player
 * first. @p s must outlive @p p; @p hooks is copied. @p seed seeds the
 * random side and, when @p seeded, the AI.
 * @return false if the engine refused the game (p is then empty; play_free it).
 */
bool play_init(play_state *p, const settings *s, const play_hooks *hooks, bool seeded,
               uint64_t seed, uint64_t now_ms);

/** Free the game. Safe on a zeroed or failed state. */
void play_free(play_state *p);

/** Start a fresh game at the settings' size with @p first to move (drops
 *  everything pending). @return false if the engine refused the size. */
bool play_start(play_state *p, ttt_player first);

/** Start the next game: the player who did not start this one starts; a new
 *  size or k from the settings applies now. */
void play_new_game(play_state *p);

/**
 * Go on with the game @p r (a saved game, or a review's position): its
 * board, first player and moves. Against the computer you play @p human,
 * or the side to move when it is TTT_PLAYER_NONE. The game is not counted
 * in the scores until it ends. @return false when the engine refused the
 * record (out of memory) or an online game is on (the board is the
 * server's); the game on screen stays then.
 */
bool play_resume(play_state *p, const record *r, ttt_player human);

/** The game on screen as a record: its board, moves, mode, your side
 *  against the computer and the difficulty. */
void play_record(const play_state *p, record *out);

/** Does the computer play @p side in this game? */
bool play_computer_plays(const play_state *p, ttt_player side);

/** Is a person to move (the game on, and the side to move not the computer's)? */
bool play_person_to_move(const play_state *p);

/** May a person place a mark on (@p row, @p col) now? The one rule for
 *  clicks, keys, the hand cursor and the hover preview. */
bool play_square_playable(const play_state *p, int row, int col);

/** A person's click or key on a square: played when playable, otherwise
 *  refused (a PLAY_EVENT_MOVE_REFUSED and the refused cue). @return played. */
bool play_click(play_state *p, int row, int col);

/** Would play_undo() / play_redo() do anything now? */
bool play_can_undo(const play_state *p);
bool play_can_redo(const play_state *p);

/** Take back the last turn: your move and the computer's reply against the
 *  computer, one move between two players; a finished game's result leaves
 *  the scores. @return false when there was nothing to take back. */
bool play_undo(play_state *p);

/** Play again what the last undo took back. @return false if nothing to redo. */
bool play_redo(play_state *p);

/** Can a hint be asked (a person to move) or put away (one shown)? */
bool play_can_hint(const play_state *p);

/** Ask for a hint, or put the one shown (or on its way) away. */
void play_hint_toggle(play_state *p);

/** Set the current mode's scores to zero. The game on screen no longer counts. */
void play_reset_scores(play_state *p);

/** The current mode's scores. */
const play_score *play_current_score(const play_state *p);

/** Forget a pending computer move (settings changed): it is asked again. */
void play_invalidate_ai(play_state *p);

/** The side setting changed: a fixed side applies at once; a random one
 *  from the next game. */
void play_side_changed(play_state *p);

/** On an untouched board, start again with @p first to move (a new size,
 *  side or first player applies at once). @return true if restarted. */
bool play_restart_if_untouched(play_state *p, ttt_player first);

/** The per-frame step: ask the computer when it is to move, play its held
 *  answer once the think delay has passed, start the next game when
 *  watching. */
void play_update(play_state *p);

/** Hand in an answer from the worker. */
play_result_use play_on_result(play_state *p, const play_result *r);

/** Has the end of the finished game settled on screen (strike-through drawn)? */
bool play_settled(const play_state *p);

/** The earliest app time at which play_update() will act by itself (a held
 *  move, the next watched game), or UINT64_MAX when it waits for input or
 *  an answer. Lets the app sleep until then. */
uint64_t play_next_wake_ms(const play_state *p);

/** The minimum visible thinking time now, in ms (watch speed or think delay). */
int play_think_delay_ms(const play_state *p);

/* ------------------------------------------------------------------------- */
/* Online: the server's game on the board                                    */
/* ------------------------------------------------------------------------- */

/** Enter (@p on true) or leave the online mode. Entering sets the local
 *  game aside and drops the computer's and the hint's pending jobs; the
 *  board shows the next play_online_sync(). Leaving brings the local game
 *  back as it was. */
void play_online_set(play_state *p, bool on);

/** The server's game as it stands: a @p size x @p size board, @p k in a
 *  row, X first, the @p n moves @p moves in order; you play @p side (NONE:
 *  watching). @p resigned_winner is the winner when the game ended by a
 *  resignation (NONE otherwise). Moves that extend the game on screen are
 *  placed one by one (their sounds and animations); anything else rebuilds
 *  the board. Results are never decided here: a game ends when the
 *  server's moves end it. Online games do not enter the local scores.
 *  @return false when the engine refused a move or the size (the board is
 *  left as it was). */
bool play_online_sync(play_state *p, int size, int k, const ttt_pos *moves, int n, ttt_player side,
                      ttt_player resigned_winner);

#endif /* GAME_PLAY_H */
