/*
 * review.h - going through a game move by move, without SDL: which
 * position is shown, the replay's clock, and the solver's analysis of every
 * position, asked for one at a time on the AI's thread.
 *
 * The review holds a copy of the game (a record.h record: the game just
 * played, the last one, or one opened from a file) and shows the position
 * after `ply` of its moves. Each position is analysed with ttt_ai_analyze()
 * (every free square's value for the player to move) through the hooks,
 * each job with a fresh id, first with a fifth of the review's deadline
 * (REVIEW_FIRST_PASS_DIVISOR), then, where a square is left unproven, again
 * with the whole of it. The order keeps ahead of a person stepping through
 * (issue 28: 7 of 64 positions after 9 s): a quick look at what the
 * position shown needs (the position its last move was made in, for the
 * verdict, then its own) and at the next REVIEW_LOOKAHEAD ones; a quick
 * look at every other, nearest the one shown first (on, then back,
 * alternately); then the full budget for each, in the same order. The
 * order follows the position shown as it changes, so the strip of values
 * fills in around it while the player looks, and a person stepping on a
 * move a second keeps finding the positions analysed. A verdict on a move (verdict.h) needs the
 * analysis of the position it was made in; view_review.c turns the analyses into what is drawn.
 * Closing the review cancels the job running and drops what comes back later (its id no longer
 * matches).
 *
 * Replay: with `playing` set, review_update() moves one move on each time
 * the replay's step has passed on the app's clock, and stops at the end.
 *
 *   screens --keys/clicks--> review_step / review_seek / review_toggle_play
 *   app_frame.c --each frame--> review_update --hooks.submit--> worker
 *   worker --result-------> app_hooks.c --> review_on_result
 */
#ifndef GAME_REVIEW_H
#define GAME_REVIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "record.h"
#include "verdict.h"
#include "ttt/ttt.h"

/** Positions a game has: the empty board and one after each move. */
#define REVIEW_MAX_POSITIONS (TTT_MAX_SQUARES + 1)
/** The first look at a position gets the review's deadline divided by this. */
#define REVIEW_FIRST_PASS_DIVISOR 5
/** Positions after the one shown that get their first look before the
 *  positions behind it. */
#define REVIEW_LOOKAHEAD 4

/** What the review asks of the outside world. Either pointer may be NULL. */
typedef struct review_hooks {
    void *user;
    /** Analyse @p game (ttt_ai_analyze) within @p deadline_ms off the
     *  drawing thread; the answer comes back through review_on_result()
     *  with @p job_id. False: not queued. */
    bool (*submit)(void *user, const ttt_game *game, int deadline_ms, uint32_t job_id);
    /** Stop the job running (its answer will be stale). */
    void (*cancel)(void *user);
} review_hooks;

/** A review. Fields are read by the view and the tests; change them only
 *  through the functions below. */
typedef struct review_state {
    bool open;
    record game;
    int ply;       /**< The position shown: after this many moves, 0..game.move_count. */
    int positions; /**< Positions worth analysing: one per move, and the last if not over. */
    bool analysed[REVIEW_MAX_POSITIONS];         /**< Looked at (at least the first, quick look). */
    bool refined[REVIEW_MAX_POSITIONS];          /**< Nothing more to find: every square proven, or
                                                      analysed with the whole deadline. */
    ttt_analysis analyses[REVIEW_MAX_POSITIONS]; /**< Of the position after i moves. */
    review_hooks hooks;
    int deadline_ms;  /**< Each position's whole budget on boards too big to solve. */
    uint32_t next_id; /**< The last job id handed out. */
    uint32_t job_id;  /**< The job awaited, 0 when none. */
    int job_position; /**< Its position. */
    bool job_full;    /**< It has the whole deadline (a second look). */
    unsigned long stale_results;
    unsigned long failed_results;
    bool playing;          /**< The replay is running. */
    int step_ms;           /**< Between two moves of the replay. */
    uint64_t next_step_ms; /**< When it moves on. */
    uint64_t changed_ms;   /**< When the position shown last changed (the mark's pop-in). */
} review_state;

/** A closed review. */
void review_init(review_state *r, const review_hooks *hooks, int deadline_ms);

/**
 * Open the review of @p game at the position after @p ply moves (clamped);
 * with @p play, the replay starts at once (from @p ply), @p step_ms apart.
 * Analyses of the previous game are dropped. Asks for the first analysis.
 */
void review_open(review_state *r, const record *game, int ply, bool play, int step_ms,
                 uint64_t now_ms);

/** Close it: the job running is cancelled and its answer will be dropped. */
void review_close(review_state *r);

/** Show the position @p ply (clamped); pauses the replay. @return whether
 *  the position changed. */
bool review_seek(review_state *r, int ply, uint64_t now_ms);

/** One move back (@p delta -1) or on (+1), pausing the replay. */
bool review_step(review_state *r, int delta, uint64_t now_ms);

/** Start or pause the replay; started at the end, it begins again from
 *  the empty board. */
void review_toggle_play(review_state *r, uint64_t now_ms);

/** The replay's pace, @p step_ms between moves (from now on). */
void review_set_step(review_state *r, int step_ms, uint64_t now_ms);

/** The per-frame step: the replay's next move when it is due. */
void review_update(review_state *r, uint64_t now_ms);

/** The earliest time review_update() acts by itself, or UINT64_MAX. */
uint64_t review_next_wake_ms(const review_state *r);

/**
 * An analysis came back. @return true when it was the one awaited (kept,
 * or counted as failed), false when stale. Asks for the next one.
 */
bool review_on_result(review_state *r, uint32_t job_id, ttt_status status,
                      const ttt_analysis *analysis);

/** The first look's budget: deadline_ms / REVIEW_FIRST_PASS_DIVISOR. */
int review_first_deadline_ms(const review_state *r);

/** Positions with nothing more to find (see review_state::refined). */
int review_refined_count(const review_state *r);

/** Is every position analysed, at least by the first look? */
bool review_complete(const review_state *r);

/** Who moves in position @p ply. */
ttt_player review_mover(const review_state *r, int ply);

/**
 * The verdict on move @p index (0-based: the move made in position
 * @p index), when that position is analysed; the mover's previous value
 * is used when the position two moves back is analysed too.
 */
bool review_verdict(const review_state *r, int index, verdict *out);

/** A game of @p r's board with its first @p ply moves played, or NULL
 *  (out of memory). The caller frees it. */
ttt_game *review_game_at(const review_state *r, int ply);

#endif /* GAME_REVIEW_H */
