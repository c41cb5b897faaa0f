/*
 * worker.c - the AI thread (see worker.h).
 *
 * Protocol, all under `lock`: the main thread puts a job in `pending` and
 * signals `wake`; the worker moves it to running (clearing `cancel` before it
 * starts, so a cancel aimed at an older job cannot hit the new one), runs it
 * unlocked, then posts the result. `cancel` is the engine's cancel token; it
 * is only requested while `running` is set, under the lock.
 *
 * The AI context `ai` (the engine's transposition table and board tables)
 * belongs to the worker thread alone: it is created with the worker, used
 * only inside worker_main, and freed after the thread has ended, so what
 * one move's search learned speeds up the next. So do `pondered` and
 * `pondered_nodes`: the position the last ponders thought about, which the
 * next move job compares with its own game to report the ponder's use.
 *
 * `running_kind` says what the running job is (under the lock), so that
 * worker_stop_ponder() cancels a ponder and nothing else.
 */
#include "worker.h"

#include <stdlib.h>

typedef struct worker_job {
    ttt_game *game; /* Owned clone; NULL when the slot is empty. */
    ttt_ai_options opts;
    uint32_t id;
    worker_job_kind kind;
    bool has_puzzle; /* WORKER_JOB_PUZZLE: the slot holds `puzzle` (no game). */
    puzzle_session_job puzzle;
} worker_job;

struct worker {
    SDL_Thread *thread;
    SDL_mutex *lock;
    SDL_cond *wake;
    worker_job pending;
    bool running;
    worker_job_kind running_kind;
    bool quit;
    ttt_cancel *cancel;
    ttt_ai_context *ai;
    ttt_game *pondered;      /* Worker thread only: the last pondered position, or NULL. */
    uint64_t pondered_nodes; /* Worker thread only: the nodes spent on it so far. */
    Uint32 event_type;
};

/* SDL's mutex calls fail only on a NULL mutex, which create rules out; log
 * rather than ignore, as everywhere else. */
static void lock(worker *w)
{
    if (SDL_LockMutex(w->lock) != 0) SDL_Log("Couldn't lock the AI worker: %s", SDL_GetError());
}

static void unlock(worker *w)
{
    if (SDL_UnlockMutex(w->lock) != 0) SDL_Log("Couldn't unlock the AI worker: %s", SDL_GetError());
}

static void wake(worker *w)
{
    if (SDL_CondSignal(w->wake) != 0) SDL_Log("Couldn't wake the AI worker: %s", SDL_GetError());
}

static void job_clear(worker_job *job)
{
    ttt_game_free(job->game);
    job->game = NULL;
    job->has_puzzle = false;
}

/* Does the slot hold a job? */
static bool job_waiting(const worker_job *job)
{
    return job->game != NULL || job->has_puzzle;
}

void worker_result_free(worker_result *r)
{
    free(r);
}

/* Post a finished result to the main thread, or free it if shutting down. */
static void post_result(worker *w, worker_result *r)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = w->event_type;
    ev.user.type = w->event_type;
    ev.user.code = 0;
    ev.user.data1 = r;
    if (SDL_PushEvent(&ev) != 1) {
        SDL_Log("Couldn't post the AI result: %s", SDL_GetError());
        worker_result_free(r);
    }
}

/* Is @p game the position @p before with @p extra moves more (0: the same
 * position; 1: the person's reply to the position pondered)? */
static bool follows(const ttt_game *before, const ttt_game *game, int extra)
{
    int n = ttt_game_move_count(before);
    if (ttt_game_size(before) != ttt_game_size(game) || ttt_game_k(before) != ttt_game_k(game) ||
        ttt_game_move_count(game) != n + extra)
        return false;
    ttt_pos a[TTT_MAX_SQUARES], b[TTT_MAX_SQUARES];
    int na = 0, nb = 0;
    if (ttt_game_history(before, a, TTT_MAX_SQUARES, &na) != TTT_OK ||
        ttt_game_history(game, b, TTT_MAX_SQUARES, &nb) != TTT_OK || na != n || nb != n + extra)
        return false;
    for (int i = 0; i < n; i++)
        if (a[i].row != b[i].row || a[i].col != b[i].col) return false;
    return true;
}

/* Forget the pondered position (worker thread only). */
static void forget_ponder(worker *w)
{
    ttt_game_free(w->pondered);
    w->pondered = NULL;
    w->pondered_nodes = 0;
}

/* Think on the person's time: ponder @p job's position in the worker's
 * context, and remember it (taking the job's game) for the next move. */
static void run_ponder(worker *w, worker_job *job, worker_result *r)
{
    TTT_INIT(&r->ponder);
    r->status = ttt_ai_ponder(w->ai, job->game, &job->opts, &r->ponder);
    if (r->status != TTT_OK) return;
    /* The same position again (a ponder resumed after a hint): its nodes
     * add up. */
    if (!w->pondered || !follows(w->pondered, job->game, 0)) {
        forget_ponder(w);
        w->pondered = job->game;
        job->game = NULL;
    }
    w->pondered_nodes += r->ponder.nodes;
}

static int worker_main(void *data)
{
    worker *w = data;
    for (;;) {
        lock(w);
        while (!w->quit && !job_waiting(&w->pending)) {
            if (SDL_CondWait(w->wake, w->lock) != 0) {
                SDL_Log("Couldn't wait for an AI job: %s", SDL_GetError());
                break;
            }
        }
        if (w->quit) {
            unlock(w);
            return 0;
        }
        worker_job job = w->pending;
        w->pending.game = NULL;
        w->pending.has_puzzle = false;
        w->running = true;
        w->running_kind = job.kind;
        ttt_cancel_reset(w->cancel);
        unlock(w);

        worker_result *r = calloc(1, sizeof *r);
        if (r) {
            job.opts.cancel = w->cancel;
            r->job_id = job.id;
            r->kind = job.kind;
            r->thread = SDL_ThreadID();
            Uint64 t0 = SDL_GetPerformanceCounter();
            if (job.kind == WORKER_JOB_PUZZLE) {
                /* puzzle.h's answer: bounded by its checker's node budget,
                 * not cancellable, so a newer job waits for it. */
                r->status = puzzle_session_answer(&job.puzzle, &r->puzzle) ? TTT_OK : TTT_ERR_NOMEM;
            } else if (job.kind == WORKER_JOB_ANALYZE || job.kind == WORKER_JOB_REVIEW) {
                /* A hint searches as long and stops as a move does: the
                 * analysis reads the move's limits and ignores its player. */
                TTT_INIT(&r->analysis);
                r->status = ttt_ai_analyze(w->ai, job.game, &job.opts, &r->analysis);
            } else if (job.kind == WORKER_JOB_PONDER) {
                run_ponder(w, &job, r);
            } else {
                r->pondered_nodes =
                    w->pondered && follows(w->pondered, job.game, 1) ? w->pondered_nodes : 0;
                forget_ponder(w);
                TTT_INIT(&r->ai);
                r->status = ttt_ai_move(w->ai, job.game, &job.opts, &r->ai);
            }
            Uint64 t1 = SDL_GetPerformanceCounter();
            r->compute_ms = (double)(t1 - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency();
        } else {
            SDL_Log("Couldn't allocate an AI result");
        }
        job_clear(&job);

        lock(w);
        w->running = false;
        bool quitting = w->quit;
        unlock(w);
        if (r) {
            if (quitting)
                worker_result_free(r);
            else
                post_result(w, r);
        }
    }
}

worker *worker_create(Uint32 event_type)
{
    worker *w = calloc(1, sizeof *w);
    if (!w) {
        SDL_Log("Couldn't allocate the AI worker");
        return NULL;
    }
    w->event_type = event_type;
    w->cancel = ttt_cancel_new(NULL);
    w->ai = ttt_ai_context_new(NULL, 0);
    if (!w->cancel || !w->ai) {
        SDL_Log("Couldn't allocate the AI worker's cancel token and tables");
        goto fail;
    }
    w->lock = SDL_CreateMutex();
    if (!w->lock) {
        SDL_Log("Couldn't create the AI worker's mutex: %s", SDL_GetError());
        goto fail;
    }
    w->wake = SDL_CreateCond();
    if (!w->wake) {
        SDL_Log("Couldn't create the AI worker's condition: %s", SDL_GetError());
        goto fail;
    }
    w->thread = SDL_CreateThread(worker_main, "ttt-ai", w);
    if (!w->thread) {
        SDL_Log("Couldn't start the AI worker thread: %s", SDL_GetError());
        goto fail;
    }
    return w;
fail:
    if (w->wake) SDL_DestroyCond(w->wake);
    if (w->lock) SDL_DestroyMutex(w->lock);
    ttt_ai_context_free(w->ai);
    ttt_cancel_free(w->cancel);
    free(w);
    return NULL;
}

bool worker_submit(worker *w, const ttt_game *game, const ttt_ai_options *opts, uint32_t job_id)
{
    return worker_submit_job(w, WORKER_JOB_MOVE, game, opts, job_id);
}

bool worker_submit_job(worker *w, worker_job_kind kind, const ttt_game *game,
                       const ttt_ai_options *opts, uint32_t job_id)
{
    ttt_game *copy = NULL;
    ttt_status st = ttt_game_clone(game, &copy);
    if (st != TTT_OK) {
        SDL_Log("Couldn't copy the game for the AI: %s", ttt_status_message(st));
        return false;
    }
    lock(w);
    job_clear(&w->pending);
    w->pending.game = copy;
    w->pending.opts = *opts;
    w->pending.id = job_id;
    w->pending.kind = kind;
    if (w->running) ttt_cancel_request(w->cancel);
    wake(w);
    unlock(w);
    return true;
}

bool worker_submit_puzzle(worker *w, const puzzle_session_job *job, uint32_t job_id)
{
    lock(w);
    job_clear(&w->pending);
    w->pending.has_puzzle = true;
    w->pending.puzzle = *job;
    w->pending.id = job_id;
    w->pending.kind = WORKER_JOB_PUZZLE;
    if (w->running) ttt_cancel_request(w->cancel);
    wake(w);
    unlock(w);
    return true;
}

void worker_cancel(worker *w)
{
    lock(w);
    job_clear(&w->pending);
    if (w->running) ttt_cancel_request(w->cancel);
    unlock(w);
}

void worker_stop_ponder(worker *w)
{
    lock(w);
    if (job_waiting(&w->pending) && w->pending.kind == WORKER_JOB_PONDER) job_clear(&w->pending);
    if (w->running && w->running_kind == WORKER_JOB_PONDER) ttt_cancel_request(w->cancel);
    unlock(w);
}

bool worker_pondering(worker *w)
{
    lock(w);
    bool pondering = (w->running && w->running_kind == WORKER_JOB_PONDER) ||
                     (job_waiting(&w->pending) && w->pending.kind == WORKER_JOB_PONDER);
    unlock(w);
    return pondering;
}

bool worker_busy(worker *w)
{
    lock(w);
    bool busy = w->running || job_waiting(&w->pending);
    unlock(w);
    return busy;
}

bool worker_running(worker *w)
{
    lock(w);
    bool running = w->running;
    unlock(w);
    return running;
}

void worker_destroy(worker *w)
{
    if (!w) return;
    lock(w);
    w->quit = true;
    job_clear(&w->pending);
    if (w->running) ttt_cancel_request(w->cancel);
    wake(w);
    unlock(w);
    SDL_WaitThread(w->thread, NULL);
    SDL_DestroyCond(w->wake);
    SDL_DestroyMutex(w->lock);
    ttt_game_free(w->pondered);
    ttt_ai_context_free(w->ai);
    ttt_cancel_free(w->cancel);
    free(w);
}

void worker_drain_events(Uint32 event_type)
{
    SDL_Event ev;
    SDL_PumpEvents();
    while (SDL_PeepEvents(&ev, 1, SDL_GETEVENT, event_type, event_type) == 1)
        worker_result_free(ev.user.data1);
}
