/*
 * test_threads.c - the engine's thread-safety promise (common.h, ai.h) under
 * load, for ThreadSanitizer: several threads play their own games with
 * ttt_ai_move() at the same time, all of them also analyse one shared
 * read-only game, set up options concurrently, and share one cancel flag that the main thread
 * raises; after it is raised every search must stop at once (within a few of its polls, counted
 * in nodes, so the verdict holds on a machine of any speed and load) with a legal move. One more
 * thread ponders an 8x8 position (ttt_ai_ponder()) with no limit but the flag, and must return
 * after it is raised, stopped. Plain C with POSIX threads, no cmocka, so the TSan build needs
 * nothing else. Any data race is reported by TSan and fails the test.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <pthread.h>
#include <time.h>

#include "portable/check.h"
#include "portable/invariants.h"

#define WORKERS 4
#define RUN_BEFORE_CANCEL_MS 300
#define SEARCH_DEADLINE_MS 40
/* After the flag is raised a search must stop within this many nodes: the
 * search polls the flag every 128 (a few polls' worth; a wall-clock limit
 * failed on a busy machine, issue 26). */
#define CANCEL_NODE_LIMIT 1024

typedef struct worker {
    int id;
    const ttt_game *shared; /* read by every worker at once */
    ttt_cancel *cancel;
    /* Results, read by the main thread after pthread_join. */
    int failures, moves, games, stopped_after_cancel;
    double worst_latency_ms; /* printed, not judged */
    uint64_t worst_nodes;    /* of a search begun after the flag was raised */
    const char *first_failure;
} worker;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void note_failure(worker *w, const char *what)
{
    if (!w->failures++) w->first_failure = what;
}

static void *work(void *arg)
{
    worker *w = arg;
    ttt_game *g = NULL;
    int size = 4 + w->id % 3; /* 4x4 to 6x6: deep enough that searches run out of time */
    /* Odd workers keep a context of their own from move to move, even ones
     * use the stateless calls: both must be safe side by side. */
    ttt_ai_context *ctx = NULL;
    if (ttt_game_new(size, 4, TTT_PLAYER_X, NULL, &g) != TTT_OK ||
        (w->id % 2 && !(ctx = ttt_ai_context_new(NULL, 0)))) {
        note_failure(w, "cannot start a game");
        ttt_game_free(g);
        return NULL;
    }
    int cancelled_calls = 0;
    while (cancelled_calls < 3) {
        int raised = ttt_cancel_requested(w->cancel);
        ttt_ai_options o;
        TTT_INIT(&o);
        o.deadline_ms = SEARCH_DEADLINE_MS;
        o.cancel = w->cancel;
        o.mistake_probability = (w->id % 2) ? 0.2 : 0.0;

        double start = now_ms();
        ttt_ai_result res;
        TTT_INIT(&res);
        ttt_status st = ttt_ai_move(ctx, g, &o, &res);
        double took = now_ms() - start;
        if (st != TTT_OK) {
            note_failure(w, "ttt_ai_move failed");
            break;
        }
        if (raised) {
            cancelled_calls++;
            if (took > w->worst_latency_ms) w->worst_latency_ms = took;
            if (res.nodes > w->worst_nodes) w->worst_nodes = res.nodes;
            if (res.stopped || res.proven) w->stopped_after_cancel++;
        }
        if (ttt_game_move(g, res.move, NULL) != TTT_OK) note_failure(w, "illegal AI move");
        w->moves++;

        /* The shared game: only reading calls, concurrently with the others. */
        ttt_analysis an;
        TTT_INIT(&an);
        ttt_ai_options quick;
        TTT_INIT(&quick);
        quick.deadline_ms = 5;
        quick.cancel = w->cancel;
        if (ttt_ai_analyze(NULL, w->shared, &quick, &an) != TTT_OK || an.count != 9 - 2)
            note_failure(w, "analysis of the shared game");
        ttt_ai_result shared_move;
        TTT_INIT(&shared_move);
        if (ttt_ai_move(NULL, w->shared, &quick, &shared_move) != TTT_OK)
            note_failure(w, "move on the shared game");

        inv_position p;
        const char *why = inv_check(g, &p);
        if (why) note_failure(w, why);
        if (p.turn == TTT_PLAYER_NONE) {
            ttt_game_start_next(g);
            w->games++;
        }
    }
    ttt_ai_context_free(ctx);
    ttt_game_free(g);
    return NULL;
}

/* The pondering thread: no deadline, only the shared flag. */
typedef struct ponderer {
    ttt_cancel *cancel;
    ttt_status status;
    ttt_ponder_result result;
    double returned_ms;
} ponderer;

static void *ponder_work(void *arg)
{
    ponderer *p = arg;
    ttt_game *g = NULL;
    ttt_ai_context *ctx = ttt_ai_context_new(NULL, 1u << 20);
    p->status = TTT_ERR_NOMEM;
    if (ctx && ttt_game_parse("........ ........ ........ ...xo... ...ox... ........ ........ "
                              "........",
                              8, 5, TTT_PLAYER_NONE, NULL, &g) == TTT_OK) {
        ttt_ai_options o;
        TTT_INIT(&o);
        o.cancel = p->cancel;
        TTT_INIT(&p->result);
        p->status = ttt_ai_ponder(ctx, g, &o, &p->result);
    }
    p->returned_ms = now_ms();
    ttt_game_free(g);
    ttt_ai_context_free(ctx);
    return NULL;
}

int main(void)
{
    ttt_game *shared = NULL;
    CHECK_EQ(ttt_game_parse("x.. .o. ...", 3, 3, TTT_PLAYER_NONE, NULL, &shared), TTT_OK);
    ttt_cancel *cancel = NULL;
    cancel = ttt_cancel_new(NULL);
    CHECK(cancel != NULL);
    worker workers[WORKERS] = {{0}};
    pthread_t threads[WORKERS];
    for (int i = 0; i < WORKERS; i++) {
        workers[i].id = i;
        workers[i].shared = shared;
        workers[i].cancel = cancel;
        CHECK_EQ(pthread_create(&threads[i], NULL, work, &workers[i]), 0);
    }
    ponderer pond = {cancel, TTT_OK, {0}, 0.0};
    pthread_t ponder_thread;
    CHECK_EQ(pthread_create(&ponder_thread, NULL, ponder_work, &pond), 0);
    struct timespec wait = {0, RUN_BEFORE_CANCEL_MS * 1000000L};
    nanosleep(&wait, NULL);
    double raised_ms = now_ms();
    ttt_cancel_request(cancel);
    CHECK_EQ(pthread_join(ponder_thread, NULL), 0);
    CHECK_EQ(pond.status, TTT_OK);
    CHECK(pond.result.stopped);
    CHECK(pond.result.nodes > 0);
    printf("ponder: %llu nodes, %d of %d replies settled, returned %.1f ms after the cancel\n",
           (unsigned long long)pond.result.nodes, pond.result.replies_settled, pond.result.replies,
           pond.returned_ms - raised_ms);
    for (int i = 0; i < WORKERS; i++) {
        CHECK_EQ(pthread_join(threads[i], NULL), 0);
        worker *w = &workers[i];
        printf("worker %d: %d moves, %d games, after cancel: at most %llu nodes, %.1f ms\n", i,
               w->moves, w->games, (unsigned long long)w->worst_nodes, w->worst_latency_ms);
        CHECK_MSG(w->failures == 0, w->first_failure ? w->first_failure : "");
        CHECK(w->moves > 0);
        CHECK(w->worst_nodes <= CANCEL_NODE_LIMIT);
    }
    ttt_game_free(shared);
    ttt_cancel_free(cancel);
    return check_status("engine_threads");
}
