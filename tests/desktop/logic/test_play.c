/*
 * test_play.c (was test_turn_flow.c) - the desktop game's turn flow (play.c) without a window,
 * SDL or threads: fake hooks record the jobs asked for and the game events,
 * and the test plays the worker's part by handing answers back, on time,
 * late or stale, on a clock it moves by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "app_timing.h"
#include "play.h"
#include "view.h"
#include "prefs.h"

#define MAX_RECORDED 64

typedef struct recorder {
    int jobs;
    play_job last_kind;
    uint32_t last_id;
    int last_move_count; /* Marks on the board the job was asked about. */
    int cancels;
    int events;
    play_event event[MAX_RECORDED];
} recorder;

static bool fake_submit(void *user, play_job kind, const ttt_game *game, const ttt_ai_options *opts,
                        uint32_t job_id)
{
    recorder *r = user;
    assert_non_null(opts);
    r->jobs++;
    r->last_kind = kind;
    r->last_id = job_id;
    r->last_move_count = ttt_game_move_count(game);
    return true;
}

static void fake_cancel(void *user)
{
    ((recorder *)user)->cancels++;
}

static void fake_event(void *user, const play_event *ev)
{
    recorder *r = user;
    if (r->events < MAX_RECORDED) r->event[r->events] = *ev;
    r->events++;
}

typedef struct fixture {
    settings s;
    recorder rec;
    play_state p;
} fixture;

static void start_mode(fixture *f, settings_mode mode)
{
    memset(f, 0, sizeof *f);
    settings_defaults(&f->s);
    f->s.mode = mode;
    play_hooks hooks = {&f->rec, fake_submit, fake_cancel, fake_event, NULL};
    assert_true(play_init(&f->p, &f->s, &hooks, true, 99, 1000));
}

/* The computer's answer to the job last asked for: the first free square. */
static play_result answer(const fixture *f)
{
    play_result r;
    memset(&r, 0, sizeof r);
    r.kind = PLAY_JOB_MOVE;
    r.job_id = f->rec.last_id;
    r.status = TTT_OK;
    ttt_pos empty[TTT_MAX_SQUARES];
    int n = 0;
    assert_int_equal(ttt_game_empty_squares(f->p.game, empty, TTT_MAX_SQUARES, &n), TTT_OK);
    assert_true(n > 0);
    r.ai.move = empty[0];
    r.ai.proven = 1;
    return r;
}

static const play_event *last_event(const fixture *f)
{
    assert_true(f->rec.events > 0 && f->rec.events <= MAX_RECORDED);
    return &f->rec.event[f->rec.events - 1];
}

/* ------------------------------------------------------------------------- */

static void test_two_players_win_scores_undo_and_redo(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_TWO_PLAYERS);
    play_update(&f.p);
    assert_int_equal(f.rec.jobs, 0); /* nobody to ask */
    assert_true(play_square_playable(&f.p, 1, 1));
    assert_false(play_can_undo(&f.p));

    static const int moves[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    for (int i = 0; i < 4; i++) {
        f.p.now_ms += 100;
        assert_true(play_click(&f.p, moves[i][0], moves[i][1]));
        assert_int_equal(last_event(&f)->kind, PLAY_EVENT_MARK_PLACED);
        assert_false(last_event(&f)->by_computer);
        assert_int_equal(f.p.placed_ms[moves[i][0] * 3 + moves[i][1]], f.p.now_ms);
    }
    /* A taken square: refused, with an event, the cue, and no change. */
    int events = f.rec.events;
    assert_false(play_square_playable(&f.p, 1, 1));
    assert_false(play_click(&f.p, 1, 1));
    assert_int_equal(f.rec.events, events + 1);
    assert_int_equal(last_event(&f)->kind, PLAY_EVENT_MOVE_REFUSED);
    assert_true(f.p.refused && f.p.refused_row == 1 && f.p.refused_col == 1);
    assert_int_equal(ttt_game_move_count(f.p.game), 4);

    /* X completes the top row: placed, then won, counted for X by mark. */
    assert_true(play_click(&f.p, 0, 2));
    assert_int_equal(f.rec.event[f.rec.events - 2].kind, PLAY_EVENT_MARK_PLACED);
    assert_int_equal(last_event(&f)->kind, PLAY_EVENT_GAME_WON);
    assert_int_equal(last_event(&f)->player, TTT_PLAYER_X);
    assert_true(f.p.game_over);
    assert_int_equal(f.p.line_count, 1);
    assert_int_equal(f.p.scores[SETTINGS_MODE_TWO_PLAYERS].wins[0], 1);
    assert_true(f.p.scores_changed);
    assert_false(play_square_playable(&f.p, 2, 2)); /* the game is over */
    assert_false(play_settled(&f.p));
    f.p.now_ms += APP_GAME_OVER_SETTLE_MS;
    assert_true(play_settled(&f.p));
    assert_int_equal(play_next_wake_ms(&f.p), UINT64_MAX); /* waits for New game */

    /* Undo takes the win back out of the scores; redo counts it again. */
    assert_true(play_undo(&f.p));
    assert_false(f.p.game_over);
    assert_int_equal(f.p.scores[SETTINGS_MODE_TWO_PLAYERS].wins[0], 0);
    assert_int_equal(ttt_game_move_count(f.p.game), 4);
    assert_true(play_can_redo(&f.p));
    assert_true(play_redo(&f.p));
    assert_true(f.p.game_over);
    assert_int_equal(f.p.scores[SETTINGS_MODE_TWO_PLAYERS].wins[0], 1);
    /* Other modes' scores are untouched. */
    assert_int_equal(f.p.scores[SETTINGS_MODE_HUMAN_VS_COMPUTER].wins[0], 0);
    assert_int_equal(f.p.scores[SETTINGS_MODE_COMPUTER_VS_COMPUTER].wins[0], 0);

    /* New game: O starts. */
    play_new_game(&f.p);
    assert_false(f.p.game_over);
    assert_int_equal(ttt_game_turn(f.p.game), TTT_PLAYER_O);
    play_free(&f.p);
}

/* A count at the cap (the largest the settings file reads back) stays
 * there, and undoing that game does not take a count away. */
static void test_scores_stop_at_the_cap(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_TWO_PLAYERS);
    f.p.scores[SETTINGS_MODE_TWO_PLAYERS].wins[0] = (int)PREFS_MAX_SCORE;
    static const int moves[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};
    for (int i = 0; i < 5; i++)
        assert_true(play_click(&f.p, moves[i][0], moves[i][1]));
    assert_true(f.p.game_over);
    assert_int_equal(f.p.scores[SETTINGS_MODE_TWO_PLAYERS].wins[0], PREFS_MAX_SCORE);
    assert_true(play_undo(&f.p));
    assert_int_equal(f.p.scores[SETTINGS_MODE_TWO_PLAYERS].wins[0], PREFS_MAX_SCORE);
    play_free(&f.p);
}

static void test_computer_answer_waits_for_the_think_delay(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_HUMAN_VS_COMPUTER); /* you are X, first */
    f.s.think_delay_ms = 300;
    assert_true(play_click(&f.p, 1, 1));
    /* O to move: nobody may click, and the next update asks the computer. */
    assert_false(play_person_to_move(&f.p));
    assert_false(play_square_playable(&f.p, 0, 0));
    assert_false(play_click(&f.p, 0, 0));
    assert_int_equal(play_next_wake_ms(&f.p), f.p.now_ms);
    play_update(&f.p);
    assert_int_equal(f.rec.jobs, 1);
    assert_int_equal(f.rec.last_kind, PLAY_JOB_MOVE);
    assert_int_equal(f.rec.last_move_count, 1);
    assert_true(f.p.ai_waiting);
    play_update(&f.p);
    assert_int_equal(f.rec.jobs, 1);                       /* asked once, not every frame */
    assert_int_equal(play_next_wake_ms(&f.p), UINT64_MAX); /* waiting for the answer */

    /* A stale answer (an older id) is dropped. */
    play_result stale = answer(&f);
    stale.job_id = f.rec.last_id - 1;
    assert_int_equal(play_on_result(&f.p, &stale), PLAY_RESULT_STALE);
    assert_int_equal(f.p.stale_results, 1);

    /* The right one arrives after 100 ms: held until 300 ms have passed. */
    f.p.now_ms += 100;
    play_result r = answer(&f);
    assert_int_equal(play_on_result(&f.p, &r), PLAY_RESULT_USED);
    assert_int_equal(play_next_wake_ms(&f.p), f.p.ai_asked_ms + 300);
    play_update(&f.p);
    assert_int_equal(ttt_game_move_count(f.p.game), 1);
    f.p.now_ms = f.p.ai_asked_ms + 300;
    play_update(&f.p);
    assert_int_equal(ttt_game_move_count(f.p.game), 2);
    assert_int_equal(last_event(&f)->kind, PLAY_EVENT_MARK_PLACED);
    assert_true(last_event(&f)->by_computer);
    assert_true(f.p.have_last_computer_move);
    assert_int_equal(f.p.last_computer_move.row, r.ai.move.row);
    assert_int_equal(f.p.last_computer_move.col, r.ai.move.col);
    assert_true(play_person_to_move(&f.p));

    /* Undo takes back the reply and your move together; the marker goes. */
    assert_true(play_undo(&f.p));
    assert_int_equal(ttt_game_move_count(f.p.game), 0);
    assert_false(f.p.have_last_computer_move);
    assert_false(play_can_undo(&f.p));
    play_free(&f.p);
}

static void test_undo_while_the_computer_thinks_drops_its_answer(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_HUMAN_VS_COMPUTER);
    f.s.think_delay_ms = 0;
    assert_true(play_click(&f.p, 0, 0));
    play_update(&f.p);
    play_result late = answer(&f);
    int cancels = f.rec.cancels;
    assert_true(play_undo(&f.p));
    assert_true(f.rec.cancels > cancels);
    assert_false(f.p.ai_waiting);
    /* The answer to the old position arrives after all: not played. */
    assert_int_equal(play_on_result(&f.p, &late), PLAY_RESULT_STALE);
    play_update(&f.p);
    assert_int_equal(ttt_game_move_count(f.p.game), 0);
    /* A settings change does the same: the pending move is asked again. */
    assert_true(play_click(&f.p, 0, 0));
    play_update(&f.p);
    uint32_t asked = f.rec.last_id;
    f.s.difficulty = TTT_DIFFICULTY_EASY;
    play_invalidate_ai(&f.p);
    play_update(&f.p);
    assert_true(f.rec.last_id != asked);
    play_free(&f.p);
}

static void test_failed_job_still_moves(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_HUMAN_VS_COMPUTER);
    f.s.think_delay_ms = 0;
    assert_true(play_click(&f.p, 1, 1));
    play_update(&f.p);
    play_result r = answer(&f);
    r.status = TTT_ERR_NOMEM;
    assert_int_equal(play_on_result(&f.p, &r), PLAY_RESULT_FAILED);
    play_update(&f.p);
    assert_int_equal(ttt_game_move_count(f.p.game), 2); /* the first free square */
    play_free(&f.p);
}

static void test_hints_are_asked_shown_and_cleared(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_TWO_PLAYERS);
    assert_true(play_can_hint(&f.p));
    play_hint_toggle(&f.p);
    assert_int_equal(f.rec.last_kind, PLAY_JOB_ANALYZE);
    assert_true(f.p.hint_waiting);
    play_result r;
    memset(&r, 0, sizeof r);
    r.kind = PLAY_JOB_ANALYZE;
    r.job_id = f.rec.last_id;
    r.status = TTT_OK;
    r.analysis.count = 9;
    r.analysis.all_proven = 1;
    assert_int_equal(play_on_result(&f.p, &r), PLAY_RESULT_USED);
    assert_true(f.p.hint_shown);
    assert_int_equal(f.p.hint.count, 9);
    /* A move puts the hint away; an answer to an old hint is stale. */
    assert_true(play_click(&f.p, 0, 0));
    assert_false(f.p.hint_shown);
    assert_int_equal(play_on_result(&f.p, &r), PLAY_RESULT_STALE);
    /* Toggling twice asks and then drops. */
    play_hint_toggle(&f.p);
    assert_true(f.p.hint_waiting);
    play_hint_toggle(&f.p);
    assert_false(f.p.hint_waiting);
    play_free(&f.p);
}

static void test_watching_plays_on_and_starts_the_next_game(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_COMPUTER_VS_COMPUTER);
    f.s.speed = SETTINGS_SPEED_FAST;
    int delay = settings_speed_move_delay_ms(f.s.speed);
    assert_false(play_person_to_move(&f.p));
    assert_false(play_can_undo(&f.p));
    for (int guard = 0; guard < 20 && !f.p.game_over; guard++) {
        play_update(&f.p);
        if (f.p.ai_waiting) {
            play_result r = answer(&f);
            assert_int_equal(play_on_result(&f.p, &r), PLAY_RESULT_USED);
        }
        f.p.now_ms = play_next_wake_ms(&f.p);
        play_update(&f.p);
    }
    assert_true(f.p.game_over);
    assert_int_equal(f.p.games_finished, 1);
    const play_score *sc = &f.p.scores[SETTINGS_MODE_COMPUTER_VS_COMPUTER];
    assert_int_equal(sc->wins[0] + sc->wins[1] + sc->draws, 1);
    /* The next game starts by itself once the result has been shown. */
    uint64_t next = play_next_wake_ms(&f.p);
    assert_int_equal(next, f.p.game_over_ms + APP_GAME_OVER_SETTLE_MS);
    f.p.now_ms = next;
    next = play_next_wake_ms(&f.p);
    assert_int_equal(next, f.p.game_over_ms + APP_GAME_OVER_SETTLE_MS +
                               (uint64_t)delay * APP_WATCH_NEXT_GAME_FACTOR);
    f.p.now_ms = next - 1;
    play_update(&f.p);
    assert_true(f.p.game_over);
    f.p.now_ms = next;
    play_update(&f.p);
    assert_false(f.p.game_over);
    assert_int_equal(ttt_game_move_count(f.p.game), 0);
    play_free(&f.p);
}

static void test_scores_belong_to_their_mode(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_HUMAN_VS_COMPUTER);
    f.p.scores[SETTINGS_MODE_HUMAN_VS_COMPUTER] = (play_score){{1, 2}, 3};
    f.p.scores[SETTINGS_MODE_TWO_PLAYERS] = (play_score){{4, 5}, 6};
    view_game v;
    view_game_compute(&f.p, &v);
    assert_int_equal(v.score.wins[1], 2);
    f.s.mode = SETTINGS_MODE_TWO_PLAYERS;
    view_game_compute(&f.p, &v);
    assert_int_equal(v.score.wins[0], 4);
    assert_int_equal(v.score.draws, 6);
    /* Reset clears this mode only. */
    play_reset_scores(&f.p);
    assert_int_equal(f.p.scores[SETTINGS_MODE_TWO_PLAYERS].draws, 0);
    assert_int_equal(f.p.scores[SETTINGS_MODE_HUMAN_VS_COMPUTER].draws, 3);
    play_free(&f.p);
}

static void test_view_says_what_is_playable(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_HUMAN_VS_COMPUTER);
    f.s.human_side = TTT_PLAYER_O;
    play_side_changed(&f.p); /* a fixed side applies at once */
    view_game v;
    view_game_compute(&f.p, &v);
    assert_true(v.computer_plays[TTT_PLAYER_X]);
    assert_false(v.computer_plays[TTT_PLAYER_O]);
    assert_false(v.person_to_move); /* X, the computer, is to move */
    for (int i = 0; i < 9; i++)
        assert_false(v.playable[i]);
    play_update(&f.p);
    view_game_compute(&f.p, &v);
    assert_true(v.computer_thinking);
    play_result r = answer(&f);
    play_on_result(&f.p, &r);
    f.p.now_ms += (uint64_t)f.s.think_delay_ms;
    play_update(&f.p);
    view_game_compute(&f.p, &v);
    assert_true(v.person_to_move);
    assert_false(v.computer_thinking);
    for (int i = 0; i < 9; i++) {
        assert_int_equal(v.playable[i], v.owner[i] == TTT_PLAYER_NONE);
        assert_int_equal(v.playable[i], play_square_playable(&f.p, i / 3, i % 3));
    }
    assert_true(v.have_last_computer_move);
    assert_false(v.can_undo); /* only the computer's opening move */
    assert_int_equal(v.size, 3);
    assert_int_equal(v.k, 3);
    play_free(&f.p);
}

static void test_board_change_applies_on_an_untouched_board(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_TWO_PLAYERS);
    f.s.board_size = 5;
    f.s.k = 4;
    assert_true(play_restart_if_untouched(&f.p, TTT_PLAYER_X));
    assert_int_equal(ttt_game_size(f.p.game), 5);
    assert_true(play_click(&f.p, 0, 0));
    f.s.board_size = 6;
    assert_false(play_restart_if_untouched(&f.p, TTT_PLAYER_X));
    assert_int_equal(ttt_game_size(f.p.game), 5);
    play_new_game(&f.p); /* from the next game */
    assert_int_equal(ttt_game_size(f.p.game), 6);
    play_free(&f.p);
}

/* The status line in words, for each state a player meets. */
static void test_status_in_words(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_HUMAN_VS_COMPUTER);
    view_game v;
    char buf[96];
    bool thinking = true;
    view_game_compute(&f.p, &v);
    view_status_text(&v, buf, sizeof buf, &thinking);
    assert_string_equal(buf, "Your move \xE2\x80\x94 you are X");
    assert_false(thinking);
    assert_true(play_click(&f.p, 1, 1));
    play_update(&f.p);
    view_game_compute(&f.p, &v);
    view_status_text(&v, buf, sizeof buf, &thinking);
    assert_string_equal(buf, "Computer is thinking");
    assert_true(thinking);
    play_free(&f.p);

    start_mode(&f, SETTINGS_MODE_TWO_PLAYERS);
    static const int moves[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};
    for (int i = 0; i < 5; i++)
        play_click(&f.p, moves[i][0], moves[i][1]);
    view_game_compute(&f.p, &v);
    view_status_text(&v, buf, sizeof buf, &thinking);
    assert_string_equal(buf, "X wins!");
    play_free(&f.p);
}

/* A hint on a board too big to solve: the proven squares are counted, the
 * best guess stands out only when it is better than some other square,
 * every unproven square gets a shade of the heat map by its estimate, and
 * the status line says what the shades mean. */
static void test_hint_estimates(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_TWO_PLAYERS);
    f.s.board_size = 8;
    f.s.k = 5;
    assert_true(play_restart_if_untouched(&f.p, TTT_PLAYER_X));
    play_hint_toggle(&f.p);
    play_result r;
    memset(&r, 0, sizeof r);
    r.kind = PLAY_JOB_ANALYZE;
    r.job_id = f.rec.last_id;
    r.status = TTT_OK;
    r.analysis.all_proven = 0;
    r.analysis.count = 64;
    for (int i = 0; i < 64; i++) {
        r.analysis.moves[i].pos = (ttt_pos){i / 8, i % 8};
        r.analysis.moves[i].outcome = TTT_OUTCOME_UNKNOWN;
        r.analysis.moves[i].estimate = 100; /* most squares alike */
    }
    r.analysis.moves[27].best = 1; /* the search prefers (3,3) */
    r.analysis.moves[27].estimate = 500;
    r.analysis.moves[1].estimate = -300; /* the weakest */
    r.analysis.moves[2].estimate = 400;  /* 7/8 of the way up */
    assert_int_equal(play_on_result(&f.p, &r), PLAY_RESULT_USED);
    assert_int_equal(view_hint_proven_count(&f.p.hint), 0);
    assert_true(view_hint_is_best_guess(&f.p.hint, 27));
    assert_false(view_hint_is_best_guess(&f.p.hint, 28));
    view_game v;
    char buf[96];
    bool thinking;
    view_game_compute(&f.p, &v);
    view_status_text(&v, buf, sizeof buf, &thinking);
    assert_string_equal(buf, "Nothing proven in 1.5\xC2\xA0s: deeper shades look better");
    /* The shades: linear in the estimate between the weakest and the
     * strongest unproven square, none left without one. */
    assert_int_equal(v.hints[27].kind, VIEW_HINT_BEST_GUESS);
    assert_int_equal(v.hints[27].heat, VIEW_HINT_HEAT_LEVELS);
    assert_int_equal(v.hints[1].heat, 1);
    assert_int_equal(v.hints[2].heat, VIEW_HINT_HEAT_LEVELS); /* 3.5 steps of 4 rounds up */
    assert_int_equal(v.hints[0].heat, 3);                     /* 100: half way */
    for (int i = 0; i < 64; i++)
        assert_true(v.hints[i].heat >= 1 && v.hints[i].heat <= VIEW_HINT_HEAT_LEVELS);
    /* One proven loss: counted, and the wording changes. */
    f.p.hint.moves[0].outcome = TTT_OUTCOME_LOSS;
    f.p.hint.moves[0].plies = 4;
    assert_int_equal(view_hint_proven_count(&f.p.hint), 1);
    view_game_compute(&f.p, &v);
    assert_int_equal(v.hint_proven, 1);
    view_status_text(&v, buf, sizeof buf, &thinking);
    assert_string_equal(buf, "Proven squares show a result; deeper shades look better");
    assert_false(view_hint_is_best_guess(&f.p.hint, 0)); /* proven, not a guess */
    assert_int_equal(v.hints[0].kind, VIEW_HINT_LOSS);
    assert_int_equal(v.hints[0].heat, 0); /* proven: a result, not a shade */
    /* Every unproven estimate alike: one shade, the middle one. */
    for (int i = 1; i < 64; i++)
        f.p.hint.moves[i].estimate = 0;
    view_game_compute(&f.p, &v);
    for (int i = 1; i < 64; i++)
        assert_int_equal(v.hints[i].heat, (VIEW_HINT_HEAT_LEVELS + 1) / 2);
    /* Every unproven square flagged best: nothing stands out. */
    for (int i = 1; i < 64; i++)
        f.p.hint.moves[i].best = 1;
    assert_false(view_hint_is_best_guess(&f.p.hint, 27));
    /* An exact hint: the usual status. */
    f.p.hint.all_proven = 1;
    view_game_compute(&f.p, &v);
    view_status_text(&v, buf, sizeof buf, &thinking);
    assert_string_equal(buf, "X to move");
    play_free(&f.p);
}

/* What drawing reads is decided here, not by the screens: the winning
 * squares and where each strike runs, when each mark went on, what the
 * hint says on each free square (taken squares: nothing), and a refused
 * click on the board. */
static void test_view_holds_the_rules_drawing_needs(void **state)
{
    (void)state;
    fixture f;
    start_mode(&f, SETTINGS_MODE_TWO_PLAYERS);
    static const int moves[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    for (int i = 0; i < 4; i++) {
        f.p.now_ms += 100;
        assert_true(play_click(&f.p, moves[i][0], moves[i][1]));
    }
    /* A hint: (0,2) wins at once, (2,2) draws, the rest unproven. */
    play_hint_toggle(&f.p);
    play_result r;
    memset(&r, 0, sizeof r);
    r.kind = PLAY_JOB_ANALYZE;
    r.job_id = f.rec.last_id;
    r.status = TTT_OK;
    static const ttt_pos free_squares[] = {{0, 2}, {1, 2}, {2, 0}, {2, 1}, {2, 2}};
    for (int i = 0; i < 5; i++) {
        r.analysis.moves[i].pos = free_squares[i];
        r.analysis.moves[i].outcome = TTT_OUTCOME_UNKNOWN;
    }
    r.analysis.count = 5;
    r.analysis.moves[0].outcome = TTT_OUTCOME_WIN;
    r.analysis.moves[0].plies = 1;
    r.analysis.moves[0].best = 1;
    r.analysis.moves[4].outcome = TTT_OUTCOME_DRAW;
    assert_int_equal(play_on_result(&f.p, &r), PLAY_RESULT_USED);
    view_game v;
    view_game_compute(&f.p, &v);
    assert_true(v.hint_shown);
    assert_int_equal(v.hints[0 * 3 + 2].kind, VIEW_HINT_WIN);
    assert_int_equal(v.hints[0 * 3 + 2].plies, 1);
    assert_true(v.hints[0 * 3 + 2].best);
    assert_int_equal(v.hints[2 * 3 + 2].kind, VIEW_HINT_DRAW);
    assert_int_equal(v.hints[1 * 3 + 2].kind, VIEW_HINT_UNKNOWN);
    assert_int_equal(v.hints[0].kind, VIEW_HINT_NONE); /* X is there */
    assert_int_equal(v.placed_ms[1 * 3 + 1], 1400);
    assert_int_equal(v.strike_count, 0);

    /* A click on a taken square is refused, and shown where it was. */
    f.p.now_ms += 100;
    assert_false(play_click(&f.p, 1, 1));
    view_game_compute(&f.p, &v);
    assert_true(v.refused);
    assert_int_equal(v.refused_at.row, 1);
    assert_int_equal(v.refused_ms, 1500);
    assert_true(v.hint_shown); /* a refused click leaves the hint */

    /* X completes the top row: those three squares, and one strike. */
    f.p.now_ms += 100;
    assert_true(play_click(&f.p, 0, 2));
    view_game_compute(&f.p, &v);
    assert_true(v.game_over);
    assert_int_equal(v.game_over_ms, 1600);
    assert_false(v.hint_shown);
    for (int i = 0; i < 9; i++)
        assert_int_equal(v.on_winning_line[i], i < 3);
    assert_int_equal(v.strike_count, 1);
    assert_int_equal(v.strikes[0].first.col, 0);
    assert_int_equal(v.strikes[0].last.col, 2);
    assert_int_equal(v.strikes[0].length, 3);
    assert_string_equal(v.status, "X wins!");
    /* Undo takes the win back: no line, no strike. */
    assert_true(play_undo(&f.p));
    view_game_compute(&f.p, &v);
    assert_false(v.game_over);
    assert_int_equal(v.strike_count, 0);
    assert_false(v.on_winning_line[0]);
    play_free(&f.p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_players_win_scores_undo_and_redo),
        cmocka_unit_test(test_scores_stop_at_the_cap),
        cmocka_unit_test(test_computer_answer_waits_for_the_think_delay),
        cmocka_unit_test(test_undo_while_the_computer_thinks_drops_its_answer),
        cmocka_unit_test(test_failed_job_still_moves),
        cmocka_unit_test(test_hints_are_asked_shown_and_cleared),
        cmocka_unit_test(test_watching_plays_on_and_starts_the_next_game),
        cmocka_unit_test(test_scores_belong_to_their_mode),
        cmocka_unit_test(test_view_says_what_is_playable),
        cmocka_unit_test(test_board_change_applies_on_an_untouched_board),
        cmocka_unit_test(test_status_in_words),
        cmocka_unit_test(test_hint_estimates),
        cmocka_unit_test(test_view_holds_the_rules_drawing_needs),
    };
    return cmocka_run_group_tests_name("game_turn_flow", tests, NULL, NULL);
}
