/*
 * test_ponder.c - when the computer thinks on the person's time
 * (ponder.h), without SDL or threads: the turn flow driven with fake
 * hooks, and ponder_step() asked once a "frame". A ponder starts when the
 * person is to move against the computer, once a position; it stops when
 * the person moves, asks for a hint, when the game is no longer on top
 * (the review, the settings), and not at all with the setting off, in
 * the other modes or once the game is over.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app_timing.h"
#include "play.h"
#include "ponder.h"

#define CAP_MS 1000

typedef struct fixture {
    settings s;
    play_state p;
    ponder_state ps;
    int jobs;
    play_job last_kind;
} fixture;

static bool fake_submit(void *user, play_job kind, const ttt_game *game, const ttt_ai_options *opts,
                        uint32_t job_id)
{
    fixture *f = user;
    (void)game;
    (void)opts;
    (void)job_id;
    f->jobs++;
    f->last_kind = kind;
    return true;
}

static fixture *start(settings_mode mode, int size, int k)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    settings_defaults(&f->s);
    f->s.mode = mode;
    f->s.board_size = size;
    f->s.k = k;
    f->s.difficulty = TTT_DIFFICULTY_UNBEATABLE;
    f->s.human_side = TTT_PLAYER_X;
    f->s.first_player = TTT_PLAYER_X;
    play_hooks hooks = {f, fake_submit, NULL, NULL, NULL};
    assert_true(play_init(&f->p, &f->s, &hooks, true, 7, 1000));
    play_update(&f->p);
    return f;
}

static void finish(fixture *f)
{
    play_free(&f->p);
    free(f);
}

static ponder_action step(fixture *f, bool on_top, ttt_ai_options *opts)
{
    return ponder_step(&f->ps, &f->p, on_top, CAP_MS, opts);
}

/* The computer answers the move asked for with the first free square,
 * played once its think delay has passed. */
static void computer_answers(fixture *f)
{
    assert_true(f->p.ai_waiting);
    play_result r;
    memset(&r, 0, sizeof r);
    r.kind = PLAY_JOB_MOVE;
    r.job_id = f->p.job_id;
    r.status = TTT_OK;
    ttt_pos empty[TTT_MAX_SQUARES];
    int n = 0;
    assert_int_equal(ttt_game_empty_squares(f->p.game, empty, TTT_MAX_SQUARES, &n), TTT_OK);
    r.ai.move = empty[0];
    assert_int_equal(play_on_result(&f->p, &r), PLAY_RESULT_USED);
    f->p.now_ms += (uint64_t)SETTINGS_MAX_THINK_DELAY_MS + 1u;
    play_update(&f->p);
    assert_true(play_person_to_move(&f->p));
}

static void test_starts_when_person_to_move_and_stops_on_a_move(void **state)
{
    (void)state;
    fixture *f = start(SETTINGS_MODE_HUMAN_VS_COMPUTER, 7, 5);
    ttt_ai_options opts;
    assert_true(play_person_to_move(&f->p));
    assert_int_equal(step(f, true, &opts), PONDER_START);
    /* The computer's player (Unbeatable), with the cap as its deadline. */
    assert_true(opts.mistake_probability == 0.0);
    assert_int_equal(opts.deadline_ms, CAP_MS);
    assert_int_equal(f->ps.started, 1);
    /* Once a position. */
    assert_int_equal(step(f, true, &opts), PONDER_NONE);
    assert_int_equal(step(f, true, &opts), PONDER_NONE);

    /* The person moves: the computer's move is asked for, the ponder stops. */
    assert_true(play_click(&f->p, 3, 3));
    play_update(&f->p);
    assert_int_equal(f->last_kind, PLAY_JOB_MOVE);
    assert_int_equal(step(f, true, &opts), PONDER_STOP);
    assert_int_equal(step(f, true, &opts), PONDER_NONE);

    /* The computer moved: the next position is pondered. */
    computer_answers(f);
    assert_int_equal(step(f, true, &opts), PONDER_START);
    assert_int_equal(f->ps.count, 2);
    assert_int_equal(f->ps.started, 2);

    /* Undo (your move and its reply): a new position, a new ponder. */
    assert_true(play_undo(&f->p));
    assert_true(play_person_to_move(&f->p));
    assert_int_equal(step(f, true, &opts), PONDER_START);
    assert_int_equal(f->ps.count, 0);
    finish(f);
}

static void test_stops_when_the_game_is_not_on_top(void **state)
{
    (void)state;
    fixture *f = start(SETTINGS_MODE_HUMAN_VS_COMPUTER, 8, 5);
    ttt_ai_options opts;
    assert_int_equal(step(f, true, &opts), PONDER_START);
    /* The review, the settings or a menu opened over the game. */
    assert_int_equal(step(f, false, &opts), PONDER_STOP);
    assert_int_equal(step(f, false, &opts), PONDER_NONE);
    /* Closed again: the same position starts again (the tables kept what
     * the first part found). */
    assert_int_equal(step(f, true, &opts), PONDER_START);

    /* A hint asked for stops it; it starts again once the hint is in. */
    play_hint_toggle(&f->p);
    assert_true(f->p.hint_waiting);
    assert_int_equal(step(f, true, &opts), PONDER_STOP);
    play_result r;
    memset(&r, 0, sizeof r);
    r.kind = PLAY_JOB_ANALYZE;
    r.job_id = f->p.hint_job;
    r.status = TTT_OK;
    assert_int_equal(play_on_result(&f->p, &r), PLAY_RESULT_USED);
    assert_int_equal(step(f, true, &opts), PONDER_START);
    finish(f);
}

static void test_setting_off_and_other_modes(void **state)
{
    (void)state;
    fixture *f = start(SETTINGS_MODE_HUMAN_VS_COMPUTER, 7, 5);
    ttt_ai_options opts;
    f->s.think_on_my_time = false;
    assert_false(ponder_wanted(&f->p, true));
    assert_int_equal(step(f, true, &opts), PONDER_NONE);
    /* Switched off while pondering: it stops. */
    f->s.think_on_my_time = true;
    assert_int_equal(step(f, true, &opts), PONDER_START);
    f->s.think_on_my_time = false;
    assert_int_equal(step(f, true, &opts), PONDER_STOP);
    finish(f);

    f = start(SETTINGS_MODE_TWO_PLAYERS, 7, 5);
    assert_false(ponder_wanted(&f->p, true));
    assert_int_equal(step(f, true, &opts), PONDER_NONE);
    finish(f);

    /* A finished game: nothing to ponder. */
    f = start(SETTINGS_MODE_HUMAN_VS_COMPUTER, 3, 3);
    static const int moves[][2] = {{0, 0}, {0, 1}, {0, 2}};
    for (int i = 0; i < 3; i++) {
        assert_true(play_person_to_move(&f->p));
        assert_true(play_click(&f->p, moves[i][0], moves[i][1]));
        play_update(&f->p);
        if (f->p.game_over) break;
        /* The computer's reply, off the top row. */
        play_result r;
        memset(&r, 0, sizeof r);
        r.kind = PLAY_JOB_MOVE;
        r.job_id = f->p.job_id;
        r.status = TTT_OK;
        r.ai.move = (ttt_pos){2, i};
        assert_int_equal(play_on_result(&f->p, &r), PLAY_RESULT_USED);
        f->p.now_ms += (uint64_t)SETTINGS_MAX_THINK_DELAY_MS + 1u;
        play_update(&f->p);
    }
    assert_true(f->p.game_over);
    assert_false(ponder_wanted(&f->p, true));
    finish(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_starts_when_person_to_move_and_stops_on_a_move),
        cmocka_unit_test(test_stops_when_the_game_is_not_on_top),
        cmocka_unit_test(test_setting_off_and_other_modes),
    };
    return cmocka_run_group_tests_name("desktop_ponder", tests, NULL, NULL);
}
