/*
 * test_review.c - the review without a window (review.c, view_review.c):
 * which position is analysed first and which next, answers that arrive
 * late or after closing are dropped, stepping and seeking, the replay on a
 * clock the test moves, and what the view makes of the analyses (the
 * strip's values and mistakes, the verdict as the status, the move played
 * next and the better one). The analyses are the engine's own, computed
 * here in place of the AI's thread.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "review.h"
#include "view.h"

/* The fake worker: the jobs asked for, and their games. */
typedef struct fake_worker {
    int submitted, cancelled;
    uint32_t last_id;
    int last_moves; /* Moves of the last game handed in. */
    int deadline_ms;
    ttt_game *last_game;
} fake_worker;

static bool fake_submit(void *user, const ttt_game *game, int deadline_ms, uint32_t job_id)
{
    fake_worker *w = user;
    w->submitted++;
    w->last_id = job_id;
    w->last_moves = ttt_game_move_count(game);
    w->deadline_ms = deadline_ms;
    ttt_game_free(w->last_game);
    w->last_game = NULL;
    assert_int_equal(ttt_game_clone(game, &w->last_game), TTT_OK);
    return true;
}

static void fake_cancel(void *user)
{
    fake_worker *w = user;
    w->cancelled++;
}

/* Answer the job awaited with the engine's analysis of its game. */
static bool answer(review_state *r, fake_worker *w)
{
    ttt_analysis a;
    TTT_INIT(&a);
    assert_int_equal(ttt_ai_analyze(NULL, w->last_game, NULL, &a), TTT_OK);
    return review_on_result(r, w->last_id, TTT_OK, &a);
}

/* X centre, O top edge (a mistake), X top-left, O bottom-right, X
 * bottom-left, O left edge, X top-right wins. */
static record sample_game(void)
{
    record g;
    record_init(&g);
    g.mode = RECORD_MODE_HUMAN_VS_COMPUTER;
    g.human = TTT_PLAYER_O;
    const ttt_pos moves[] = {{1, 1}, {0, 1}, {0, 0}, {2, 2}, {2, 0}, {1, 0}, {0, 2}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        g.moves[g.move_count++] = moves[i];
    return g;
}

static void test_jobs_in_order(void **state)
{
    (void)state;
    fake_worker w = {0};
    review_hooks hooks = {&w, fake_submit, fake_cancel};
    review_state *r = test_malloc(sizeof *r);
    review_init(r, &hooks, 1234);
    record g = sample_game();
    review_open(r, &g, 3, false, 100, 1000);
    assert_true(r->open);
    assert_int_equal(r->ply, 3);
    assert_int_equal(r->positions, 7); /* the game is over: no position after the last move */
    /* What the position shown needs first, with the review's budget: the
     * position its last move was made in (the verdict), then its own (its
     * squares' values). */
    assert_int_equal(w.submitted, 1);
    assert_int_equal(w.last_moves, 2);
    assert_int_equal(w.deadline_ms, 1234 / REVIEW_FIRST_PASS_DIVISOR);
    assert_true(answer(r, &w));
    assert_true(r->analysed[2]);
    assert_int_equal(w.last_moves, 3);
    assert_true(answer(r, &w));
    /* Then the others, nearest first, the next one on first. */
    assert_int_equal(w.submitted, 3);
    assert_int_equal(w.last_moves, 4);
    /* Seeking asks for nothing new while a job is awaited... */
    review_seek(r, 6, 1100);
    assert_int_equal(w.submitted, 3);
    assert_true(answer(r, &w));
    /* ...and what the position shown needs comes next once it is back. */
    assert_int_equal(w.last_moves, 5);
    while (!review_complete(r))
        assert_true(answer(r, &w));
    /* 3x3 is proven in the first look: no second. */
    assert_int_equal(w.submitted, 7);
    assert_int_equal(review_refined_count(r), 7);
    assert_int_equal(r->job_id, 0u);
    /* A late answer, or a made-up id, is dropped. */
    unsigned long stale = r->stale_results;
    ttt_analysis a;
    TTT_INIT(&a);
    assert_false(review_on_result(r, w.last_id, TTT_OK, &a));
    assert_false(review_on_result(r, 9999, TTT_OK, &a));
    assert_int_equal(r->stale_results, stale + 2);

    /* Closing cancels the job running; its answer is dropped. */
    review_open(r, &g, 7, false, 100, 2000);
    assert_int_equal(w.last_moves, 6); /* the last position that has a move */
    uint32_t running = w.last_id;
    review_close(r);
    assert_false(r->open);
    assert_int_equal(w.cancelled, 1);
    TTT_INIT(&a);
    assert_false(review_on_result(r, running, TTT_OK, &a));
    /* A failed job counts as analysed, with nothing known, and the next follows. */
    review_open(r, &g, 0, false, 100, 3000);
    uint32_t before = w.last_id;
    assert_true(review_on_result(r, before, TTT_ERR_NOMEM, NULL));
    assert_int_equal(r->failed_results, 1);
    assert_true(w.last_id != before);
    review_close(r);
    ttt_game_free(w.last_game);
    test_free(r);
}

/* Answer the job awaited with an analysis that proves nothing (a board
 * too big to solve). */
static void answer_unproven(review_state *r, fake_worker *w)
{
    ttt_analysis a;
    TTT_INIT(&a);
    a.count = 1;
    a.moves[0].pos = (ttt_pos){0, 0};
    a.all_proven = false;
    assert_true(review_on_result(r, w->last_id, TTT_OK, &a));
}

/* The first @p moves of a game on 8x8 (five in a row) that fills the
 * board with nobody winning: rows of XXOOXXOO, each shifted by two from
 * the one above (no line of more than two); X and O take their squares in
 * turn. */
static void long_draw(record *g, int moves)
{
    record_init(g);
    g->size = 8;
    g->k = 5;
    g->mode = RECORD_MODE_TWO_PLAYERS;
    ttt_pos xs[32], os[32];
    int nx = 0, no = 0;
    for (int i = 0; i < 64; i++) {
        ttt_pos p = {i / 8, i % 8};
        if ((p.col / 2 + p.row) % 2 == 0)
            xs[nx++] = p;
        else
            os[no++] = p;
    }
    assert_int_equal(nx, no);
    for (int i = 0; i < nx && g->move_count < moves; i++) {
        g->moves[g->move_count++] = xs[i];
        if (g->move_count < moves) g->moves[g->move_count++] = os[i];
    }
}

/* Issue 28: 7 of a 64-move game's positions were analysed after 9 s on
 * 8x8. Each job takes its whole budget (the worst case); a person steps on
 * a move a second from the start, as reading each verdict takes: every
 * position shown, and the one before it, has been looked at by then. Once
 * all have had a quick look, each gets the whole budget, the position
 * shown first. */
static void test_keeps_ahead_of_a_person_stepping(void **state)
{
    (void)state;
    enum { DEADLINE = 1500, STEP = 1000, SIZE = 8 };
    fake_worker w = {0};
    review_hooks hooks = {&w, fake_submit, fake_cancel};
    review_state *r = test_malloc(sizeof *r);
    review_init(r, &hooks, DEADLINE);
    record g;
    long_draw(&g, SIZE * SIZE);
    assert_int_equal(record_final_state(&g), TTT_STATE_DRAW);
    review_open(r, &g, 0, false, 100, 0);
    assert_int_equal(r->positions, SIZE * SIZE);
    uint64_t now = 0, next_step = STEP;
    int late = 0, jobs = 0;
    while (r->job_id != 0 && jobs < 10 * REVIEW_MAX_POSITIONS) {
        now += (uint64_t)w.deadline_ms;
        /* The person steps on, when due, while the job runs. */
        while (next_step <= now && r->ply < r->positions - 1) {
            assert_true(review_step(r, 1, next_step));
            if (!r->analysed[r->ply] || !r->analysed[r->ply - 1]) late++;
            next_step += STEP;
        }
        if (w.deadline_ms == DEADLINE) {
            /* The second looks come once every position had its first. */
            assert_true(review_complete(r));
        }
        answer_unproven(r, &w);
        jobs++;
    }
    assert_int_equal(late, 0);
    assert_true(review_complete(r));
    assert_int_equal(review_refined_count(r), r->positions);
    assert_int_equal(jobs, 2 * r->positions);
    review_close(r);
    ttt_game_free(w.last_game);
    test_free(r);
}

/* The order follows the position shown: a seek to the middle of a long
 * game has it, the one before and the next ones looked at first. */
static void test_order_follows_the_position_shown(void **state)
{
    (void)state;
    fake_worker w = {0};
    review_hooks hooks = {&w, fake_submit, fake_cancel};
    review_state *r = test_malloc(sizeof *r);
    review_init(r, &hooks, 1500);
    record g;
    long_draw(&g, 40);
    review_open(r, &g, 0, false, 100, 0);
    answer_unproven(r, &w); /* position 0 */
    review_seek(r, 30, 10);
    int expected[] = {29, 30, 31, 32, 33, 34, 28, 27, 26, 25, 35};
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        answer_unproven(r, &w);
        assert_int_equal(w.last_moves, expected[i]);
        assert_int_equal(w.deadline_ms, 1500 / REVIEW_FIRST_PASS_DIVISOR);
    }
    review_close(r);
    ttt_game_free(w.last_game);
    test_free(r);
}

static void test_stepping_and_replay(void **state)
{
    (void)state;
    fake_worker w = {0};
    review_hooks hooks = {&w, fake_submit, fake_cancel};
    review_state *r = test_malloc(sizeof *r);
    review_init(r, &hooks, 100);
    record g = sample_game();
    review_open(r, &g, 7, false, 500, 1000);
    assert_false(review_step(r, 1, 1000)); /* at the end already */
    assert_true(review_step(r, -1, 1000));
    assert_int_equal(r->ply, 6);
    assert_true(review_seek(r, -5, 1000));
    assert_int_equal(r->ply, 0);
    assert_true(review_seek(r, 99, 1000));
    assert_int_equal(r->ply, 7);
    /* Replay from the end starts again at the empty board, a move per step. */
    review_toggle_play(r, 2000);
    assert_true(r->playing);
    assert_int_equal(r->ply, 0);
    assert_int_equal(review_next_wake_ms(r), 2500);
    review_update(r, 2499);
    assert_int_equal(r->ply, 0);
    review_update(r, 2500);
    assert_int_equal(r->ply, 1);
    assert_int_equal(r->changed_ms, 2500);
    /* A faster pace from now on. */
    review_set_step(r, 100, 2600);
    review_update(r, 2700);
    assert_int_equal(r->ply, 2);
    /* Stepping pauses it. */
    review_step(r, 1, 2710);
    assert_false(r->playing);
    assert_int_equal(review_next_wake_ms(r), UINT64_MAX);
    review_update(r, 9000);
    assert_int_equal(r->ply, 3);
    /* Played to the end, it stops there. */
    review_toggle_play(r, 10000);
    for (uint64_t t = 10000; t < 20000; t += 100)
        review_update(r, t);
    assert_false(r->playing);
    assert_int_equal(r->ply, 7);
    review_close(r);
    ttt_game_free(w.last_game);
    test_free(r);
}

static void test_view_of_a_review(void **state)
{
    (void)state;
    fake_worker w = {0};
    review_hooks hooks = {&w, fake_submit, fake_cancel};
    review_state *r = test_malloc(sizeof *r);
    view_game *v = test_malloc(sizeof *v);
    review_init(r, &hooks, 100);
    record g = sample_game();
    review_open(r, &g, 2, false, 100, 1000);
    /* Nothing analysed yet: the status says the solver is at work. */
    view_review_compute(r, true, SETTINGS_MODE_HUMAN_VS_COMPUTER, v);
    assert_true(v->review.active);
    assert_true(v->status_dots);
    assert_non_null(strstr(v->status, "Move 2, O at the top edge: the solver is working on it"));
    assert_int_equal(v->review.strip[2].kind, VIEW_STRIP_PENDING);
    assert_false(v->hint_shown);
    while (!review_complete(r))
        assert_true(answer(r, &w));
    view_review_compute(r, true, SETTINGS_MODE_HUMAN_VS_COMPUTER, v);
    /* The position after two moves: two marks, X to move, the move that led
     * here tinted, the move played next ringed. */
    assert_int_equal(v->owner[1 * 3 + 1], TTT_PLAYER_X);
    assert_int_equal(v->owner[0 * 3 + 1], TTT_PLAYER_O);
    assert_int_equal(v->turn, TTT_PLAYER_X);
    assert_true(v->have_last_computer_move);
    assert_int_equal(v->last_computer_move.col, 1);
    assert_true(v->review.has_next);
    assert_int_equal(v->review.next.row, 0);
    assert_int_equal(v->review.next.col, 0);
    /* The verdict on O's edge, with a corner as the better move. */
    assert_non_null(strstr(v->status, "Move 2, O at the top edge: the draw became a loss in "));
    assert_true(v->review.has_better);
    assert_int_equal(v->review.better_mover, TTT_PLAYER_O);
    assert_true(v->review.better.row != 1 && v->review.better.col != 1);
    assert_string_equal(v->rule, "Move 2 of 7");
    /* The squares' values for X, to move: proven, the wins marked. */
    assert_true(v->hint_shown);
    assert_true(v->hint_exact);
    assert_int_equal(v->hints[0].kind, VIEW_HINT_WIN);
    /* The strip, for O (your side): the start a draw, after O's mistake a
     * loss, thrown away. */
    assert_int_equal(v->review.perspective, TTT_PLAYER_O);
    assert_int_equal(v->review.strip_count, 8);
    assert_int_equal(v->review.strip[0].kind, VIEW_STRIP_DRAW);
    assert_int_equal(v->review.strip[1].kind, VIEW_STRIP_DRAW);
    assert_int_equal(v->review.strip[2].kind, VIEW_STRIP_LOSS);
    assert_true(v->review.strip[2].threw_away);
    assert_int_equal(v->review.strip[2].mover, TTT_PLAYER_O);
    assert_false(v->review.strip[1].threw_away);
    assert_int_equal(v->review.strip[7].kind, VIEW_STRIP_LOSS);
    assert_int_equal(v->review.strip[7].plies, 1);
    /* Without the values on the board, the rest stays. */
    view_review_compute(r, false, SETTINGS_MODE_HUMAN_VS_COMPUTER, v);
    assert_false(v->hint_shown);
    assert_true(v->review.has_better);
    /* At the end: the win struck, nothing to play on. */
    review_seek(r, 7, 1100);
    view_review_compute(r, true, SETTINGS_MODE_HUMAN_VS_COMPUTER, v);
    assert_true(v->game_over);
    assert_int_equal(v->winner, TTT_PLAYER_X);
    assert_int_equal(v->strike_count, 1);
    assert_false(v->review.can_play_on);
    assert_false(v->review.can_forward);
    assert_false(v->review.has_next);
    /* At the start: the game's value. */
    review_seek(r, 0, 1200);
    view_review_compute(r, true, SETTINGS_MODE_HUMAN_VS_COMPUTER, v);
    assert_string_equal(v->status, "Before the first move: a draw for X.");
    assert_false(v->review.can_back);
    review_close(r);
    ttt_game_free(w.last_game);
    test_free(v);
    test_free(r);
}

/* The rule line says a board chosen for the next game (issue 22). */
static void test_rule_says_the_next_board(void **state)
{
    (void)state;
    view_game *v = test_malloc(sizeof *v);
    memset(v, 0, sizeof *v);
    v->size = 3;
    v->k = 3;
    char rule[96];
    view_rule_text(v, 3, 3, rule, sizeof rule);
    assert_string_equal(rule, "3 in a row wins \xC2\xB7 3\xC3\x97"
                              "3 board");
    view_rule_text(v, 5, 4, rule, sizeof rule);
    assert_string_equal(rule, "3\xC3\x97"
                              "3, 3 in a row \xC2\xB7 next game 5\xC3\x97"
                              "5, 4 in a row");
    test_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_jobs_in_order),
        cmocka_unit_test(test_keeps_ahead_of_a_person_stepping),
        cmocka_unit_test(test_order_follows_the_position_shown),
        cmocka_unit_test(test_stepping_and_replay),
        cmocka_unit_test(test_view_of_a_review),
        cmocka_unit_test(test_rule_says_the_next_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
