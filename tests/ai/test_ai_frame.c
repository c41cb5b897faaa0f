/*
 * test_ai_frame.c - Unbeatable within one frame (issue 29, item 1), with
 * node budgets only (never a deadline: a node budget is a deadline on a
 * machine of that speed, and the engine splits it between its phases as
 * it splits a deadline, ai_internal.h):
 *   - pondering (ttt_ai_ponder()): its argument checks, a stop by a
 *     token cancelled before the call and by a budget, nothing allocated
 *     beyond the context's tables, nothing pondered where there is
 *     nothing to gain, and a pondered reply reused: the move after it is
 *     proven within a budget that does not prove it without the ponder;
 *   - the regression positions: positions where few moves hold, each held
 *     within FRAME_NODES, about what 16 ms of CPU gives the engine on the
 *     development machine (6,000 to 12,000 nodes a move on 8x8, k = 5, see
 *     bench/ttt_frame.c and docs/ai.md).
 */
#include "ai_test_util.h"

#include <stdlib.h>

/* About what a 16 ms frame gives a move on the development machine. */
#define FRAME_NODES 8000

static ttt_game *play_moves(int size, int k, const int *moves, int n)
{
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(size, k, TTT_PLAYER_X, NULL, &g), TTT_OK);
    for (int i = 0; i < n; i++)
        assert_int_equal(ttt_game_move(g, (ttt_pos){moves[2 * i], moves[2 * i + 1]}, NULL), TTT_OK);
    return g;
}

static ttt_ai_result move_nodes(ttt_ai_context *ctx, const ttt_game *g, uint64_t nodes)
{
    ttt_ai_options o;
    TTT_INIT(&o);
    ai_knobs k = {0, false, 0, nodes, false};
    ttt_ai_result r;
    TTT_INIT(&r);
    assert_int_equal(ttt__ai_move_knobs(ctx, g, &o, &k, &r), TTT_OK);
    return r;
}

static ttt_ponder_result ponder_nodes(ttt_ai_context *ctx, const ttt_game *g, uint64_t nodes)
{
    ttt_ai_options o;
    TTT_INIT(&o);
    ai_knobs k = {0, false, 0, nodes, false};
    ttt_ponder_result r;
    TTT_INIT(&r);
    assert_int_equal(ttt__ai_ponder_knobs(ctx, g, &o, &k, &r), TTT_OK);
    return r;
}

/* ========================================================================= */
/* Pondering: the API                                                        */
/* ========================================================================= */

static const int OPENING_8[] = {3, 3, 3, 4, 4, 4, 2, 2};

static void test_ponder_arguments(void **state)
{
    (void)state;
    ttt_game *g = play_moves(8, 5, OPENING_8, 4);
    ttt_ai_context *ctx = ttt_ai_context_new(NULL, 0);
    assert_non_null(ctx);
    ttt_ponder_result r;
    TTT_INIT(&r);
    assert_int_equal(ttt_ai_ponder(NULL, g, NULL, &r), TTT_ERR_NULL);
    assert_int_equal(ttt_ai_ponder(ctx, NULL, NULL, &r), TTT_ERR_NULL);
    ttt_ponder_result unset;
    memset(&unset, 0, sizeof unset);
    assert_int_equal(ttt_ai_ponder(ctx, g, NULL, &unset), TTT_ERR_STRUCT_SIZE);
    ttt_ai_options bad;
    TTT_INIT(&bad);
    bad.deadline_ms = -1;
    assert_int_equal(ttt_ai_ponder(ctx, g, &bad, &r), TTT_ERR_RANGE);

    /* A token cancelled before the call: back at once, stopped. */
    ttt_cancel *cancel = ttt_cancel_new(NULL);
    assert_non_null(cancel);
    ttt_cancel_request(cancel);
    ttt_ai_options o;
    TTT_INIT(&o);
    o.cancel = cancel;
    assert_int_equal(ttt_ai_ponder(ctx, g, &o, &r), TTT_OK);
    assert_true(r.stopped);
    assert_false(r.settled);
    assert_true(r.nodes <= 256);
    /* No result wanted: fine too. */
    assert_int_equal(ttt_ai_ponder(ctx, g, &o, NULL), TTT_OK);

    /* A budget: stopped near it, the replies counted up to symmetry. */
    r = ponder_nodes(ctx, g, 5000);
    assert_true(r.stopped);
    assert_true(r.nodes >= 5000 && r.nodes < 5000 + 256);
    assert_int_equal(r.replies, 60); /* 8x8 with 4 marks, no symmetry left */
    assert_true(r.replies_settled <= r.replies);

    /* Nothing to ponder: a finished game, a fallible player, a board
     * solved within a move. */
    ttt_ai_options easy;
    TTT_INIT(&easy);
    assert_int_equal(ttt_ai_options_preset(&easy, TTT_DIFFICULTY_EASY, 8, 5), TTT_OK);
    assert_int_equal(ttt_ai_ponder(ctx, g, &easy, &r), TTT_OK);
    assert_true(r.settled);
    assert_int_equal(r.nodes, 0);
    ttt_game *small = play_moves(5, 4, OPENING_8, 2);
    assert_int_equal(ttt_ai_ponder(ctx, small, NULL, &r), TTT_OK);
    assert_true(r.settled);
    assert_int_equal(r.nodes, 0);
    static const int WON[] = {0, 0, 1, 0, 0, 1, 1, 1, 0, 2};
    ttt_game *won = play_moves(4, 3, WON, 5);
    assert_true(ttt_game_over(won));
    assert_int_equal(ttt_ai_ponder(ctx, won, NULL, &r), TTT_OK);
    assert_true(r.settled);

    ttt_game_free(won);
    ttt_game_free(small);
    ttt_cancel_free(cancel);
    ttt_ai_context_free(ctx);
    ttt_game_free(g);
}

/* An allocator that counts what is held. */
typedef struct counting {
    size_t held, peak;
    int calls;
} counting;

static void *count_malloc(void *user, size_t size)
{
    counting *c = user;
    void *p = malloc(size);
    if (p) {
        c->held += size;
        c->calls++;
        if (c->held > c->peak) c->peak = c->held;
    }
    return p;
}

static void count_free(void *user, void *ptr, size_t size)
{
    counting *c = user;
    c->held -= size;
    free(ptr);
}

static void test_ponder_memory_bounded(void **state)
{
    (void)state;
    counting count = {0, 0, 0};
    ttt_allocator a = {count_malloc, count_free, &count};
    ttt_ai_context *ctx = ttt_ai_context_new(&a, 1u << 20);
    assert_non_null(ctx);
    size_t empty = count.held;
    assert_int_equal(ttt_ai_context_reserve(ctx, 8, 5), TTT_OK);
    size_t reserved = count.held - empty;
    int calls = count.calls;
    assert_true(reserved > 0 && reserved < (2u << 20)); /* the 1 MB table and its proof table */
    ttt_game *g = play_moves(8, 5, OPENING_8, 4);
    /* However long it ponders, nothing beyond the context's tables. */
    for (int i = 0; i < 3; i++) {
        ttt_ponder_result r = ponder_nodes(ctx, g, 20000);
        assert_true(r.stopped);
        assert_int_equal(count.calls, calls);
        assert_int_equal(count.held, empty + reserved);
    }
    /* A first ponder builds the tables, as a reserve does. */
    ttt_ai_context *fresh = ttt_ai_context_new(&a, 1u << 20);
    assert_non_null(fresh);
    size_t before = count.held;
    (void)ponder_nodes(fresh, g, 1000);
    assert_int_equal(count.held - before, reserved);
    ttt_ai_context_free(fresh);
    ttt_ai_context_free(ctx);
    assert_int_equal(count.held, 0);
    ttt_game_free(g);
}

/* ========================================================================= */
/* Pondering: a pondered reply reused                                        */
/* ========================================================================= */

/* PONDER_GAME: the position the AI ponders (its opponent to move), then
 * the opponent's reply. */
#include "frame_positions.inc"

static void test_ponder_reused(void **state)
{
    (void)state;
    int n = (int)(sizeof PONDER_GAME / sizeof PONDER_GAME[0]) / 2;
    ttt_game *before = play_moves(PONDER_SIZE, PONDER_K, PONDER_GAME, n - 1);
    ttt_game *after = play_moves(PONDER_SIZE, PONDER_K, PONDER_GAME, n);

    /* Without the ponder: the frame's budget does not prove the holding
     * move safe. */
    ttt_ai_context *ctx = ttt_ai_context_new(NULL, 0);
    assert_non_null(ctx);
    ttt_ai_result cold = move_nodes(ctx, after, FRAME_NODES);
    assert_false(cold.safe);
    ttt_ai_context_free(ctx);

    /* Pondered on the opponent's time: the same budget proves it. */
    ctx = ttt_ai_context_new(NULL, 0);
    assert_non_null(ctx);
    ttt_ponder_result p = ponder_nodes(ctx, before, PONDER_NODES);
    assert_true(p.replies_settled > 0);
    ttt_ai_result warm = move_nodes(ctx, after, FRAME_NODES);
    assert_true(warm.safe);
    assert_int_equal(warm.move.row, PONDER_HOLD[0]);
    assert_int_equal(warm.move.col, PONDER_HOLD[1]);
    ttt_ai_context_free(ctx);

    ttt_game_free(before);
    ttt_game_free(after);
}

/* ========================================================================= */
/* The regression positions                                                  */
/* ========================================================================= */

/* Each position is held within a frame's nodes: the move found is proven
 * safe, and it is not the known losing move. */
static void test_regression_positions(void **state)
{
    (void)state;
    for (int i = 0; i < (int)(sizeof REGRESSION / sizeof REGRESSION[0]); i++) {
        const regression_position *rp = &REGRESSION[i];
        ttt_game *g = NULL;
        if (rp->text)
            assert_int_equal(ttt_game_parse(rp->text, rp->size, rp->k, rp->to_move, NULL, &g),
                             TTT_OK);
        else
            g = play_moves(rp->size, rp->k, rp->moves, rp->count);
        ttt_ai_context *ctx = ttt_ai_context_new(NULL, 0);
        assert_non_null(ctx);
        ttt_ai_result r = move_nodes(ctx, g, FRAME_NODES);
        ttt_ai_context_free(ctx);
        if (rp->expect[0] >= 0 && (r.move.row != rp->expect[0] || r.move.col != rp->expect[1]))
            fail_msg("position %d: played %d,%d, not %d,%d", i, r.move.row, r.move.col,
                     rp->expect[0], rp->expect[1]);
        if (r.move.row == rp->losing[0] && r.move.col == rp->losing[1])
            fail_msg("position %d: played the losing move %d,%d", i, r.move.row, r.move.col);
        if (!r.safe) fail_msg("position %d: %d,%d not proven safe", i, r.move.row, r.move.col);
        ttt_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ponder_arguments),
        cmocka_unit_test(test_ponder_memory_bounded),
        cmocka_unit_test(test_ponder_reused),
        cmocka_unit_test(test_regression_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
