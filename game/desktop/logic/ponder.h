/*
 * ponder.h - when the computer thinks on the person's time (issue 29),
 * without SDL: the app asks ponder_step() once a frame, and it answers
 * start a ponder of the game as it stands, stop the one running, or
 * nothing. The AI worker does the pondering (worker.h's
 * WORKER_JOB_PONDER, ttt_ai_ponder()); the computer's next move, on the
 * worker's same context, starts from what it proved.
 *
 * A ponder is wanted while all of these hold: "Think on my time" is on,
 * the mode is you against the computer (not online), the game is not
 * over, it is your move, no computer move or hint is being worked out,
 * and the game itself is on top (no review, puzzle, panel or menu over
 * it). It stops as soon as one fails: you move (the computer's move job
 * itself stops it), undo, start a new game, open the review or the
 * settings. Each position is pondered once: a ponder that ended by
 * itself (everything settled, or its time cap) is not asked again; one
 * stopped (a hint asked for, a panel opened) starts again, and the
 * context's tables keep what the first part found.
 */
#ifndef GAME_PONDER_H
#define GAME_PONDER_H

#include <stdbool.h>

#include "play.h"
#include "ttt/ttt.h"

/** What the app should do this frame. */
typedef enum ponder_action {
    PONDER_NONE = 0, /**< Nothing changes. */
    PONDER_START,    /**< Submit a ponder of the play's game with the options given. */
    PONDER_STOP      /**< Stop the ponder running (worker_stop_ponder()). */
} ponder_action;

/** What the app remembers between frames; zero it (or ponder_reset()) to start. */
typedef struct ponder_state {
    bool active;                    /**< A ponder was asked for `moves` and not stopped. */
    int count;                      /**< Moves of the position asked for. */
    int size, k;                    /**< Its board. */
    ttt_pos moves[TTT_MAX_SQUARES]; /**< Its moves from the empty board. */
    unsigned long started;          /**< Ponders asked for so far (the overlay, the tests). */
} ponder_state;

/** Forget the position pondered (nothing running). */
void ponder_reset(ponder_state *ps);

/** Is a ponder wanted for @p p's game as it stands? @p game_on_top: the
 *  game is the screen on top (no review, panel or menu over it). */
bool ponder_wanted(const play_state *p, bool game_on_top);

/**
 * The frame's decision. On PONDER_START, @p opts (prepared here) holds
 * the computer's player (settings_ai_options()), its seed and a time cap
 * (@p cap_ms; the cancel token is the worker's), and @p ps records the
 * position; the app submits the ponder.
 */
ponder_action ponder_step(ponder_state *ps, const play_state *p, bool game_on_top, int cap_ms,
                          ttt_ai_options *opts);

#endif /* GAME_PONDER_H */
