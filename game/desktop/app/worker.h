/*
 * worker.h - the AI's own thread, so the render loop never waits on a search.
 *
 * The main thread submits a job: a private clone of the game, the AI options
 * (difficulty, deadline, seed) and a job id it chose. The worker runs
 * ttt_ai_move() on its copy, times it with SDL's performance counter and
 * posts a worker_result back as an SDL user event (event.user.data1). The
 * main thread compares the result's job id with the id it is waiting for and
 * drops stale ones; it owns the result and frees it with worker_result_free().
 *
 * Only one job runs at a time. Submitting while a job runs cancels the
 * running one (its result, if any, is stale by construction); a job waiting
 * to start is simply replaced. Cancellation goes through the engine's cancel
 * token (ttt_ai_options::cancel), so a search returns promptly. The worker
 * keeps one ttt_ai_context for its thread, so the engine's tables are built
 * once and what a search learned carries over to the next move.
 *
 * Pondering (WORKER_JOB_PONDER): while a person is to move against the
 * computer, the app hands the worker the position as it stands and the
 * worker runs ttt_ai_ponder() on it in the same context, so the computer's
 * reply (the next WORKER_JOB_MOVE) starts from what it proved. Any newer
 * job, worker_cancel() or worker_stop_ponder() stops it at once (the
 * cancel token); it allocates nothing beyond the context's tables, so it
 * is bounded in memory however long the person thinks. Its result comes
 * back like any other (the app only counts it).
 */
#ifndef GAME_WORKER_H
#define GAME_WORKER_H

#include <stdbool.h>
#include <stdint.h>

#include <SDL.h>

#include "puzzle_session.h"
#include "ttt/ttt.h"

/** What a job asks for. */
typedef enum worker_job_kind {
    WORKER_JOB_MOVE = 0,    /**< ttt_ai_move(): the computer's move. */
    WORKER_JOB_ANALYZE = 1, /**< ttt_ai_analyze(): every free square's value, for hints. */
    WORKER_JOB_REVIEW = 2,  /**< ttt_ai_analyze() for the review: a position of a game. */
    WORKER_JOB_PUZZLE =
        3, /**< puzzle_play_move(): the answer to a puzzle move (puzzle_session.h). */
    WORKER_JOB_PONDER = 4 /**< ttt_ai_ponder(): think on the person's time (the game
                               as it stands, the person to move). */
} worker_job_kind;

/** What comes back for one job. */
typedef struct worker_result {
    uint32_t job_id;      /**< The id given to worker_submit(). */
    worker_job_kind kind; /**< What was asked. */
    ttt_status status;    /**< ttt_ai_move()'s or ttt_ai_analyze()'s status. */
    ttt_ai_result ai;     /**< WORKER_JOB_MOVE: the move and what the search learned (on TTT_OK). */
    ttt_analysis analysis;     /**< WORKER_JOB_ANALYZE: the analysis (on TTT_OK). */
    puzzle_move_result puzzle; /**< WORKER_JOB_PUZZLE: the answer (on TTT_OK). */
    ttt_ponder_result ponder;  /**< WORKER_JOB_PONDER: what it settled (on TTT_OK). */
    uint64_t pondered_nodes;   /**< WORKER_JOB_MOVE: nodes the worker pondered, in the
                                    context this move searched, on the position the
                                    move's game came from (one move earlier); 0 when
                                    none: the move started from what the ponder found. */
    double compute_ms;         /**< Time inside ttt_ai_move(), from the performance counter. */
    SDL_threadID thread;       /**< The thread that computed it (never the caller's). */
} worker_result;

typedef struct worker worker;

/**
 * Start the worker thread. Results are posted as events of @p event_type (from
 * SDL_RegisterEvents). @return NULL on failure (logged with SDL_GetError).
 */
worker *worker_create(Uint32 event_type);

/**
 * Hand the worker a job. The game is cloned here, so the caller may change
 * its own game right after. @p opts->cancel is replaced by the worker's flag.
 * @return false if the clone failed (logged); nothing is queued then.
 */
bool worker_submit(worker *w, const ttt_game *game, const ttt_ai_options *opts, uint32_t job_id);

/** worker_submit() for either kind of job (hints run here too, never on the
 *  render thread). Same rules: one job at a time, a newer one replaces it. */
bool worker_submit_job(worker *w, worker_job_kind kind, const ttt_game *game,
                       const ttt_ai_options *opts, uint32_t job_id);

/** Hand the worker a puzzle move to answer (puzzle_session_answer()).
 *  Same rules as worker_submit_job(); a running puzzle answer is not
 *  cancelled (its checker is bounded by nodes), the newer job waits. */
bool worker_submit_puzzle(worker *w, const puzzle_session_job *job, uint32_t job_id);

/** Drop a waiting job and ask a running one to stop. Does not wait. */
void worker_cancel(worker *w);

/** worker_cancel(), but only for a ponder (waiting or running): a move, a
 *  hint or a review job is left alone. Does not wait. */
void worker_stop_ponder(worker *w);

/** Is a ponder waiting or running? */
bool worker_pondering(worker *w);

/** Is a job waiting or running? */
bool worker_busy(worker *w);

/** Has a job been picked up and is it being searched right now? */
bool worker_running(worker *w);

/**
 * Cancel any job, stop the thread and wait for it, then free everything.
 * Results already posted stay in the event queue: drain them with
 * worker_drain_events() before SDL_Quit. NULL is ignored.
 */
void worker_destroy(worker *w);

/** Free a result taken from an event. NULL is ignored. */
void worker_result_free(worker_result *r);

/** Remove and free every queued result event of @p event_type. */
void worker_drain_events(Uint32 event_type);

#endif /* GAME_WORKER_H */
