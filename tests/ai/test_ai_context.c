/*
 * test_ai_context.c - the AI's context through the public API: a context
 * kept across calls gives the answers a call without one gives (between
 * boards and along one game), a whole 4x4 game through one context, its
 * memory reserved up front, and the trace a search reports. Deadlines are
 * on the step clock (step_clock.h), as in test_ai_api.c.
 */
#include "ai_test_util.h"
#include "step_clock.h"

/* A context kept across calls gives the same answers as the stateless calls
 * wherever the answer is exact, also when it moves between boards (its
 * table is emptied for a new board) and when one game goes on. */
/* A context gives the answers a call without one gives, position after
 * position of different boards. */
static void test_context_reuse(void **state)
{
    (void)state;
    ttt_ai_context *ctx = ttt_ai_context_new(NULL, 0);
    assert_non_null(ctx);
    static const struct {
        int n, k;
        const char *board;
    } CASES[] = {
        {4, 4, "x... .o.. .... ...."}, {3, 3, "x.. ... ..."}, {4, 3, "x... .... .... ...."},
        {4, 4, "x... .o.. ..x. ...."}, {3, 3, "xo. .x. ..."}, {4, 4, "xo.. .... .... ...."},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        ttt_game *g = parse(CASES[i].board, CASES[i].n, CASES[i].k);
        ttt_ai_options o = perfect_opts(7 + i);
        ttt_ai_result with_ctx, alone;
        TTT_INIT(&with_ctx);
        TTT_INIT(&alone);
        assert_int_equal(ttt_ai_move(ctx, g, &o, &with_ctx), TTT_OK);
        assert_int_equal(ttt_ai_move(NULL, g, &o, &alone), TTT_OK);
        assert_true(with_ctx.proven && alone.proven);
        assert_int_equal(with_ctx.outcome, alone.outcome);
        assert_int_equal(with_ctx.plies, alone.plies);
        assert_int_equal(with_ctx.move.row, alone.move.row); /* same seed, same pick */
        assert_int_equal(with_ctx.move.col, alone.move.col);
        ttt_analysis a1, a2;
        TTT_INIT(&a1);
        TTT_INIT(&a2);
        assert_int_equal(analyze_with(ctx, g, &o, &a1), TTT_OK);
        assert_int_equal(analyze_with(NULL, g, &o, &a2), TTT_OK);
        assert_int_equal(a1.value, a2.value);
        assert_int_equal(a1.count, a2.count);
        for (int m = 0; m < a1.count; m++) {
            assert_int_equal(a1.moves[m].outcome, a2.moves[m].outcome);
            assert_int_equal(a1.moves[m].plies, a2.moves[m].plies);
            assert_int_equal(a1.moves[m].best, a2.moves[m].best);
        }
        ttt_game_free(g);
    }
    ttt_ai_context_free(ctx);
}

/* A whole 4x4 game through one context: every move is as exact and as
 * good as a fresh search's, and perfect play draws; then other agents and
 * a deadline-bound large board through the same context. */
static void test_context_whole_game(void **state)
{
    (void)state;
    ttt_ai_context *ctx = ttt_ai_context_new(NULL, 0);
    assert_non_null(ctx);
    ttt_game *g = new_game(4, 4);
    for (int ply = 0; !ttt_game_over(g); ply++) {
        ttt_ai_options o = perfect_opts((uint64_t)ply);
        ttt_ai_result r, fresh;
        TTT_INIT(&r);
        TTT_INIT(&fresh);
        assert_int_equal(ttt_ai_move(ctx, g, &o, &r), TTT_OK);
        assert_int_equal(ttt_ai_move(NULL, g, &o, &fresh), TTT_OK);
        assert_true(r.proven);
        assert_int_equal(r.outcome, fresh.outcome);
        assert_int_equal(r.plies, fresh.plies);
        assert_int_equal(ttt_game_move(g, r.move, NULL), TTT_OK);
    }
    assert_int_equal(ttt_game_state(g), TTT_STATE_DRAW);
    /* The simple agents and a deadline-bound large board work through it too. */
    ttt_ai_options o = perfect_opts(3);
    o.agent = TTT_AGENT_RULES;
    ttt_ai_result r;
    TTT_INIT(&r);
    ttt_game_start_next(g);
    assert_int_equal(ttt_ai_move(ctx, g, &o, &r), TTT_OK);
    assert_legal(g, r.move);
    ttt_game_free(g);
    g = new_game(8, 5);
    o = perfect_opts(4);
    o.deadline_ms = 20;
    assert_int_equal(ttt_ai_move(ctx, g, &o, &r), TTT_OK);
    assert_legal(g, r.move);
    assert_true(step_clock_readings() > 0); /* the deadline was a budget of work */
    /* Without a context the same calls build tables of their own. */
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
    assert_legal(g, r.move);
    ttt_analysis a;
    TTT_INIT(&a);
    assert_int_equal(analyze_with(NULL, g, &o, &a), TTT_OK);
    assert_int_equal(a.count, 64);
    ttt_game_free(g);
    ttt_ai_context_free(ctx);
    ttt_ai_context_free(NULL); /* allowed */
}

/* ttt_ai_context_reserve(): its errors, and a reserved context answers as
 * an unreserved one does, on the board it reserved and on another. */
static void test_context_reserve(void **state)
{
    (void)state;
    ttt_ai_context *ctx = NULL;
    ctx = ttt_ai_context_new(NULL, 0);
    assert_true(ctx != NULL);
    assert_int_equal(ttt_ai_context_reserve(NULL, 5, 4), TTT_ERR_NULL);
    assert_int_equal(ttt_ai_context_reserve(ctx, TTT_MIN_SIZE - 1, 3), TTT_ERR_SIZE);
    assert_int_equal(ttt_ai_context_reserve(ctx, TTT_MAX_SIZE + 1, 5), TTT_ERR_SIZE);
    assert_int_equal(ttt_ai_context_reserve(ctx, 5, TTT_MIN_K - 1), TTT_ERR_K);
    assert_int_equal(ttt_ai_context_reserve(ctx, 5, 6), TTT_ERR_K);
    assert_int_equal(ttt_ai_context_reserve(ctx, 3, 3), TTT_OK); /* the table: nothing to build */
    assert_int_equal(ttt_ai_context_reserve(ctx, 5, 4), TTT_OK);
    assert_int_equal(ttt_ai_context_reserve(ctx, 5, 4), TTT_OK); /* again: no change */
    static const struct {
        int n, k;
        const char *board;
    } CASES[] = {
        {5, 4, "x.... .o... ..... ..... ....."}, /* the reserved board */
        {4, 4, "x... .o.. .... ...."},           /* another: built on first use */
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        ttt_game *g = parse(CASES[i].board, CASES[i].n, CASES[i].k);
        ttt_ai_options o = perfect_opts(11 + i);
        ttt_ai_result reserved, alone;
        TTT_INIT(&reserved);
        TTT_INIT(&alone);
        assert_int_equal(ttt_ai_move(ctx, g, &o, &reserved), TTT_OK);
        assert_int_equal(ttt_ai_move(NULL, g, &o, &alone), TTT_OK);
        assert_true(reserved.proven && alone.proven);
        assert_int_equal(reserved.outcome, alone.outcome);
        assert_int_equal(reserved.plies, alone.plies);
        ttt_game_free(g);
    }
    ttt_ai_context_free(ctx);
}

/* ------------------------------------------------------------------------- */
/* Trace                                                                     */
/* ------------------------------------------------------------------------- */

typedef struct trace_log {
    int calls, at_depth[4], bad;
} trace_log;

static void record_trace(void *user, const ttt_trace_step *step)
{
    trace_log *t = user;
    t->calls++;
    if (step->size < sizeof *step || step->depth < 1 || step->depth > 2 || !step->line)
        t->bad++;
    else
        t->at_depth[step->depth]++;
    /* Proven values count their plies from the move's own position. */
    if ((step->outcome != TTT_OUTCOME_UNKNOWN) != (step->proven != 0)) t->bad++;
    if (step->proven && step->plies < 1) t->bad++;
    if (step->proven && step->outcome == TTT_OUTCOME_DRAW && step->plies != 9 - (step->depth - 1))
        t->bad++;
}

static void test_trace(void **state)
{
    (void)state;
    for (int p = 0; p < 2; p++) {
        ttt_game *g = new_game(3, 3);
        trace_log t;
        memset(&t, 0, sizeof t);
        ttt_ai_options o = perfect_opts(8);
        o.trace = record_trace;
        o.trace_user = &t;
        o.trace_depth = 2;
        o.mistake_probability = p ? 0.01 : 0.0;
        ttt_ai_result r;
        TTT_INIT(&r);
        assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
        assert_legal(g, r.move);
        assert_int_equal(t.bad, 0);
        if (!p) {
            assert_int_equal(t.at_depth[1], 9); /* every root move */
            assert_int_equal(t.at_depth[2], 9 * 8);
            assert_int_equal(r.outcome, TTT_OUTCOME_DRAW);
        } else {
            assert_true(t.at_depth[1] == 9 && t.at_depth[2] > 0);
        }
        ttt_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_context_reuse),
        cmocka_unit_test(test_context_whole_game),
        cmocka_unit_test(test_context_reserve),
        cmocka_unit_test(test_trace),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
