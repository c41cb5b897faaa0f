/*
 * test_worker.c - the AI worker thread: results come back as events from
 * another thread with the job's id; a cancel or a newer job stops a search
 * that would otherwise never end; destroying the worker mid-search returns.
 * Pondering (WORKER_JOB_PONDER): a ponder stops when a move is asked for,
 * when worker_stop_ponder() asks (which spares a move), and when the
 * worker is destroyed; the move after a ponder of the position it came
 * from is legal and reports the ponder's nodes.
 *
 * "Never end" is real: an 8x8 board with k = 5 and no deadline cannot be
 * solved, so these tests only pass if cancellation works. No test measures
 * wall-clock time; the waits below are failure guards, not assertions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <SDL.h>

#include "worker.h"

/* Guard against a hung worker: fail instead of waiting for ctest's timeout. */
#define RESULT_GUARD_MS 60000

typedef struct fixture {
    Uint32 event;
    worker *w;
} fixture;

static int setup(void **state)
{
    if (SDL_Init(SDL_INIT_EVENTS) != 0) {
        print_error("SDL_Init: %s\n", SDL_GetError());
        return -1;
    }
    fixture *f = calloc(1, sizeof *f);
    f->event = SDL_RegisterEvents(1);
    f->w = worker_create(f->event);
    if (!f->w) return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    worker_destroy(f->w);
    worker_drain_events(f->event);
    free(f);
    SDL_Quit();
    return 0;
}

/* Wait for the next result event; NULL if the guard ran out. */
static worker_result *next_result(fixture *f)
{
    Uint64 give_up = SDL_GetTicks64() + RESULT_GUARD_MS;
    SDL_Event ev;
    while (SDL_GetTicks64() < give_up) {
        if (SDL_WaitEventTimeout(&ev, 100) && ev.type == f->event) return ev.user.data1;
    }
    return NULL;
}

/* Wait until the worker has picked up a job (a failure guard, not a timing). */
static void wait_running(fixture *f)
{
    Uint64 give_up = SDL_GetTicks64() + RESULT_GUARD_MS;
    while (!worker_running(f->w)) {
        if (SDL_GetTicks64() > give_up) fail_msg("the worker never started the job");
        SDL_Delay(1);
    }
}

static ttt_game *new_game(int size, int k)
{
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(size, k, TTT_PLAYER_X, NULL, &g), TTT_OK);
    return g;
}

static ttt_ai_options unlimited(void)
{
    ttt_ai_options o;
    TTT_INIT(&o);
    o.deadline_ms = 0; /* no limit: only a cancel stops a big search */
    return o;
}

static void test_result_comes_from_worker_thread(void **state)
{
    fixture *f = *state;
    ttt_game *g = new_game(3, 3);
    ttt_ai_options o;
    TTT_INIT(&o);
    assert_true(worker_submit(f->w, g, &o, 7));
    /* The job holds its own copy: changing ours does not disturb it. */
    assert_int_equal(ttt_game_move(g, (ttt_pos){1, 1}, NULL), TTT_OK);
    worker_result *r = next_result(f);
    assert_non_null(r);
    assert_int_equal(r->job_id, 7);
    assert_int_equal(r->status, TTT_OK);
    assert_true(r->thread != SDL_ThreadID());
    assert_true(r->compute_ms >= 0.0);
    /* Legal on the empty board the job was given. */
    ttt_game *empty = new_game(3, 3);
    assert_int_equal(ttt_game_can_move(empty, r->ai.move), TTT_OK);
    ttt_game_free(empty);
    worker_result_free(r);
    ttt_game_free(g);
}

static void test_cancel_stops_an_endless_search(void **state)
{
    fixture *f = *state;
    ttt_game *g = new_game(8, 5);
    ttt_ai_options o = unlimited();
    assert_true(worker_submit(f->w, g, &o, 1));
    assert_true(worker_busy(f->w));
    wait_running(f);
    worker_cancel(f->w);
    worker_result *r = next_result(f);
    assert_non_null(r);
    assert_int_equal(r->job_id, 1);
    assert_int_equal(r->status, TTT_OK);
    assert_true(r->ai.stopped);
    worker_result_free(r);
    assert_false(worker_running(f->w));
    ttt_game_free(g);
}

static void test_newer_job_replaces_running_one(void **state)
{
    fixture *f = *state;
    ttt_game *big = new_game(8, 5);
    ttt_game *small = new_game(3, 3);
    ttt_ai_options o = unlimited();
    assert_true(worker_submit(f->w, big, &o, 10));
    wait_running(f);
    assert_true(worker_submit(f->w, small, &o, 11));
    /* The endless job was stopped by the newer one and reports it first. */
    worker_result *r = next_result(f);
    assert_non_null(r);
    assert_int_equal(r->job_id, 10);
    assert_true(r->ai.stopped);
    worker_result_free(r);
    r = next_result(f);
    assert_non_null(r);
    assert_int_equal(r->job_id, 11);
    assert_int_equal(r->status, TTT_OK);
    assert_true(r->ai.proven);
    worker_result_free(r);
    ttt_game_free(big);
    ttt_game_free(small);
}

static void test_destroy_while_thinking_returns(void **state)
{
    fixture *f = *state;
    ttt_game *g = new_game(8, 5);
    ttt_ai_options o = unlimited();
    assert_true(worker_submit(f->w, g, &o, 3));
    ttt_game_free(g);
    wait_running(f);
    /* Joins the thread; would hang forever without cancellation. */
    worker_destroy(f->w);
    f->w = worker_create(f->event);
    assert_non_null(f->w);
}

/* Issue 21's game (tests/ai/frame_positions.inc) on 8x8, k = 5, to X's
 * ply 19: the position a person (X) thinks about while the AI (O)
 * ponders, and X's reply. */
static const int ISSUE21[] = {4, 4, 3, 3, 3, 4, 2, 4, 5, 4, 2, 2, 2, 3, 4, 2, 1, 5, 3,
                              2, 5, 2, 6, 4, 5, 3, 5, 1, 6, 0, 1, 2, 0, 2, 5, 5, 4, 5};
#define ISSUE21_MOVES ((int)(sizeof ISSUE21 / sizeof ISSUE21[0]) / 2)
/* A ponder's hang guard, and a move's limit where only its legality is
 * checked (not what it finds). */
#define PONDER_GUARD_MS 30000
#define MOVE_LIMIT_MS 100

static ttt_game *play_moves(int size, int k, const int *moves, int n)
{
    ttt_game *g = new_game(size, k);
    for (int i = 0; i < n; i++)
        assert_int_equal(ttt_game_move(g, (ttt_pos){moves[2 * i], moves[2 * i + 1]}, NULL), TTT_OK);
    return g;
}

/* Wait until a ponder is running (a failure guard, not a timing). */
static void wait_pondering(fixture *f)
{
    wait_running(f);
    assert_true(worker_pondering(f->w));
}

static void test_ponder_stops_on_a_move(void **state)
{
    fixture *f = *state;
    ttt_game *g = play_moves(8, 5, ISSUE21, 2);
    ttt_ai_options o = unlimited();
    /* The person (X) is to move: the AI ponders, with no end of its own. */
    assert_true(worker_submit_job(f->w, WORKER_JOB_PONDER, g, &o, 20));
    wait_pondering(f);
    /* The person moved: the AI's move is asked for and stops the ponder. */
    ttt_pos reply = {0, 0};
    assert_int_equal(ttt_game_move(g, reply, NULL), TTT_OK);
    o.deadline_ms = MOVE_LIMIT_MS;
    assert_true(worker_submit(f->w, g, &o, 21));
    worker_result *r = next_result(f);
    assert_non_null(r);
    assert_int_equal(r->job_id, 20);
    assert_int_equal(r->kind, WORKER_JOB_PONDER);
    assert_int_equal(r->status, TTT_OK);
    assert_true(r->ponder.stopped);
    assert_false(r->ponder.settled);
    worker_result_free(r);
    r = next_result(f);
    assert_non_null(r);
    assert_int_equal(r->job_id, 21);
    assert_int_equal(r->kind, WORKER_JOB_MOVE);
    assert_int_equal(r->status, TTT_OK);
    assert_int_equal(ttt_game_can_move(g, r->ai.move), TTT_OK);
    worker_result_free(r);
    ttt_game_free(g);
}

static void test_stop_ponder_spares_other_jobs(void **state)
{
    fixture *f = *state;
    ttt_game *g = new_game(8, 5);
    ttt_ai_options o = unlimited();
    assert_true(worker_submit_job(f->w, WORKER_JOB_PONDER, g, &o, 30));
    wait_pondering(f);
    worker_stop_ponder(f->w);
    worker_result *r = next_result(f);
    assert_non_null(r);
    assert_int_equal(r->job_id, 30);
    assert_true(r->ponder.stopped);
    worker_result_free(r);
    assert_false(worker_pondering(f->w));
    /* A move is not a ponder: worker_stop_ponder() leaves it alone. */
    o.deadline_ms = MOVE_LIMIT_MS;
    assert_true(worker_submit(f->w, g, &o, 31));
    worker_stop_ponder(f->w);
    r = next_result(f);
    assert_non_null(r);
    assert_int_equal(r->job_id, 31);
    assert_int_equal(r->status, TTT_OK);
    assert_int_equal(ttt_game_can_move(g, r->ai.move), TTT_OK);
    assert_int_equal(r->pondered_nodes, 0); /* the same position: not a reply */
    worker_result_free(r);
    ttt_game_free(g);
}

static void test_move_after_ponder_uses_it(void **state)
{
    fixture *f = *state;
    ttt_game *before = play_moves(8, 5, ISSUE21, ISSUE21_MOVES - 1);
    ttt_game *after = play_moves(8, 5, ISSUE21, ISSUE21_MOVES);
    ttt_ai_options o = unlimited();
    o.deadline_ms = PONDER_GUARD_MS; /* a hang guard: it settles long before */
    assert_true(worker_submit_job(f->w, WORKER_JOB_PONDER, before, &o, 40));
    worker_result *r = next_result(f);
    assert_non_null(r);
    assert_int_equal(r->job_id, 40);
    assert_int_equal(r->status, TTT_OK);
    assert_true(r->ponder.replies > 0);
    assert_true(r->ponder.nodes > 0);
    uint64_t pondered = r->ponder.nodes;
    worker_result_free(r);
    /* X's reply; the AI's move starts from the ponder's tables. */
    o.deadline_ms = MOVE_LIMIT_MS;
    assert_true(worker_submit(f->w, after, &o, 41));
    r = next_result(f);
    assert_non_null(r);
    assert_int_equal(r->job_id, 41);
    assert_int_equal(r->status, TTT_OK);
    assert_int_equal(ttt_game_can_move(after, r->ai.move), TTT_OK);
    assert_int_equal(r->pondered_nodes, pondered);
    worker_result_free(r);
    ttt_game_free(before);
    ttt_game_free(after);
}

static void test_destroy_while_pondering_returns(void **state)
{
    fixture *f = *state;
    ttt_game *g = new_game(8, 5);
    ttt_ai_options o = unlimited();
    assert_true(worker_submit_job(f->w, WORKER_JOB_PONDER, g, &o, 50));
    ttt_game_free(g);
    wait_pondering(f);
    /* The window closed: joins the thread at once, frees everything (the
     * sanitizer runs check that nothing leaks). */
    worker_destroy(f->w);
    f->w = worker_create(f->event);
    assert_non_null(f->w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_result_comes_from_worker_thread, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cancel_stops_an_endless_search, setup, teardown),
        cmocka_unit_test_setup_teardown(test_newer_job_replaces_running_one, setup, teardown),
        cmocka_unit_test_setup_teardown(test_destroy_while_thinking_returns, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ponder_stops_on_a_move, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stop_ponder_spares_other_jobs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_move_after_ponder_uses_it, setup, teardown),
        cmocka_unit_test_setup_teardown(test_destroy_while_pondering_returns, setup, teardown),
    };
    return cmocka_run_group_tests_name("game_worker", tests, NULL, NULL);
}
