/*
 * test_online.c - the desktop game's online room (logic/online.c) and the
 * turn flow's online mode (play_online_sync), fed proto_reply values by
 * hand: no network, no SDL. The server decides every result; these check
 * that the board and the status line show what it said, and that a click
 * is sent rather than played.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "online.h"
#include "view.h"

/* What the fake send_move hook saw. */
typedef struct sent {
    int count;
    ttt_pos last;
    int ply;
} sent;

static bool fake_send(void *user, ttt_pos pos, int ply)
{
    sent *s = user;
    s->count++;
    s->last = pos;
    s->ply = ply;
    return true;
}

typedef struct fixture {
    settings s;
    play_state p;
    online_model m;
    sent sent;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    settings_defaults(&f->s);
    f->s.mode = SETTINGS_MODE_TWO_PLAYERS;
    play_hooks hooks = {.user = &f->sent, .send_move = fake_send};
    assert_true(play_init(&f->p, &f->s, &hooks, true, 1, 0));
    online_model_start(&f->m);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    play_free(&f->p);
    free(f);
    return 0;
}

static proto_reply joined(int seat)
{
    proto_reply r = {.type = PROTO_REP_JOINED, .seat = seat};
    strcpy(r.code, "ABC234");
    strcpy(r.token, seat >= 0 ? "0123456789abcdef0123456789abcdef" : "");
    return r;
}

/* A 3x3 room's state with @p n of @p moves (row, col pairs) played. */
static proto_reply state_of(const int (*moves)[2], int n, proto_status status, int x_seat)
{
    proto_reply r = {.type = PROTO_REP_STATE};
    proto_state *s = &r.state;
    strcpy(s->code, "ABC234");
    s->size = s->k = 3;
    s->game = 1;
    s->x_seat = x_seat;
    s->status = status;
    s->resigned = -1;
    s->moves = n;
    for (int i = 0; i < n; i++)
        s->move[i] = (ttt_pos){moves[i][0], moves[i][1]};
    s->taken[0] = s->taken[1] = 1;
    s->connected[0] = s->connected[1] = 1;
    return r;
}

static void feed(fixture *f, proto_reply r)
{
    if (online_on_reply(&f->m, &r)) assert_true(online_apply(&f->m, &f->p));
}

static void status_is(const fixture *f, const char *want)
{
    char buf[VIEW_STATUS_MAX];
    online_status_text(&f->m, buf, sizeof buf);
    assert_string_equal(buf, want);
}

static const int GAME[5][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};

/* The connection's states come first in the status line. */
static void test_connection_states(void **state)
{
    fixture *f = *state;
    status_is(f, "Connecting to the server\xE2\x80\xA6");
    online_on_connected(&f->m);
    status_is(f, "Connected: opening the room\xE2\x80\xA6");
    online_on_disconnected(&f->m);
    status_is(f, "Connection lost: reconnecting\xE2\x80\xA6");
    online_on_connected(&f->m);
    play_online_set(&f->p, true);
    feed(f, joined(0));
    assert_true(f->m.token_changed);
    proto_reply w = state_of(GAME, 0, PROTO_STATUS_WAITING, 0);
    w.state.taken[1] = w.state.connected[1] = 0;
    feed(f, w);
    status_is(f, "Waiting for your friend \xE2\x80\x94 room ABC234");
    feed(f, state_of(GAME, 0, PROTO_STATUS_PLAYING, 0));
    status_is(f, "Your move \xE2\x80\x94 you are X");
    proto_reply gone = state_of(GAME, 1, PROTO_STATUS_PLAYING, 0);
    gone.state.connected[1] = 0;
    feed(f, gone);
    status_is(f, "Your friend left: waiting for them to come back");
}

/* A click is sent, not played; the board follows the server's states. */
static void test_moves_from_server(void **state)
{
    fixture *f = *state;
    online_on_connected(&f->m);
    play_online_set(&f->p, true);
    feed(f, joined(0));
    feed(f, state_of(GAME, 0, PROTO_STATUS_PLAYING, 0));
    assert_int_equal(online_my_side(&f->m), TTT_PLAYER_X);
    assert_true(play_person_to_move(&f->p));
    assert_true(play_click(&f->p, 0, 0));
    assert_int_equal(f->sent.count, 1);
    assert_int_equal(f->sent.ply, 0);
    /* Not on the board until the server says so. */
    assert_int_equal(ttt_game_move_count(f->p.game), 0);
    feed(f, state_of(GAME, 1, PROTO_STATUS_PLAYING, 0));
    assert_int_equal(ttt_game_move_count(f->p.game), 1);
    /* The friend's turn: a click is refused here, nothing sent. */
    assert_false(play_person_to_move(&f->p));
    assert_false(play_click(&f->p, 2, 2));
    assert_int_equal(f->sent.count, 1);
    status_is(f, "Your friend's move (O)");
    /* No computer, no undo, no hint, no local game over it online. */
    record r;
    record_init(&r);
    assert_false(play_resume(&f->p, &r, TTT_PLAYER_NONE));
    assert_false(play_can_undo(&f->p));
    assert_false(play_can_hint(&f->p));
    play_update(&f->p);
    assert_false(f->p.ai_waiting);
    for (int n = 2; n <= 4; n++)
        feed(f, state_of(GAME, n, PROTO_STATUS_PLAYING, 0));
    feed(f, state_of(GAME, 5, PROTO_STATUS_X_WON, 0));
    assert_true(f->p.game_over);
    assert_int_equal(f->p.line_count, 1);
    status_is(f, "You win!");
    /* Not in the local scores: the room keeps its own. */
    assert_int_equal(f->p.scores[SETTINGS_MODE_TWO_PLAYERS].wins[0], 0);
    assert_true(online_can_rematch(&f->m));
    assert_false(online_can_resign(&f->m));
}

/* A rematch: a new game, sides swapped (seat 0 now O), rebuilt. */
static void test_rematch_and_scores(void **state)
{
    fixture *f = *state;
    online_on_connected(&f->m);
    play_online_set(&f->p, true);
    feed(f, joined(0));
    proto_reply end = state_of(GAME, 5, PROTO_STATUS_X_WON, 0);
    end.state.score[0] = 1;
    feed(f, end);
    assert_true(f->p.game_over);
    status_is(f, "You win!");
    /* Who asked for the rematch shows, and a friend who left. */
    end.state.rematch[1] = 1;
    feed(f, end);
    status_is(f, "Your friend asks for a rematch: N accepts");
    end.state.rematch[1] = 0;
    end.state.rematch[0] = 1;
    feed(f, end);
    status_is(f, "Rematch asked: waiting for your friend");
    end.state.connected[1] = 0;
    feed(f, end);
    status_is(f, "Your friend left: waiting for them to come back");
    end.state.connected[1] = 1;
    end.state.rematch[0] = 0;
    feed(f, end);
    status_is(f, "You win!");
    proto_reply next = state_of(GAME, 1, PROTO_STATUS_PLAYING, 1);
    next.state.game = 2;
    next.state.score[0] = 1;
    feed(f, next);
    assert_false(f->p.game_over);
    assert_int_equal(ttt_game_move_count(f->p.game), 1);
    assert_int_equal(online_my_side(&f->m), TTT_PLAYER_O);
    status_is(f, "Your move \xE2\x80\x94 you are O");
    /* Seat 0 won as X; now O: its win is under O. */
    play_score sc = online_score(&f->m);
    assert_int_equal(sc.wins[0], 0);
    assert_int_equal(sc.wins[1], 1);
}

/* A resignation ends the game on the server's word, no line struck. */
static void test_resigned(void **state)
{
    fixture *f = *state;
    online_on_connected(&f->m);
    play_online_set(&f->p, true);
    feed(f, joined(1));
    proto_reply r = state_of(GAME, 2, PROTO_STATUS_X_WON, 0);
    r.state.resigned = 1; /* you (seat 1, O) resigned */
    feed(f, r);
    assert_true(f->p.game_over);
    assert_int_equal(f->p.line_count, 0);
    status_is(f, "You resigned");
}

/* A watcher: no seat, no clicks. */
static void test_watcher(void **state)
{
    fixture *f = *state;
    online_on_connected(&f->m);
    play_online_set(&f->p, true);
    feed(f, joined(-1));
    feed(f, state_of(GAME, 1, PROTO_STATUS_PLAYING, 0));
    assert_int_equal(online_my_side(&f->m), TTT_PLAYER_NONE);
    assert_false(play_click(&f->p, 2, 2));
    assert_int_equal(f->sent.count, 0);
    status_is(f, "Watching: O to move");
}

/* The server's refusal shows; a fatal one stops. */
static void test_errors(void **state)
{
    fixture *f = *state;
    online_on_connected(&f->m);
    proto_reply e = {.type = PROTO_REP_ERROR};
    strcpy(e.reason, "no-room");
    strcpy(e.message, "no room has the code ZZZZZZ");
    feed(f, e);
    status_is(f, "Refused: no room has the code ZZZZZZ");
    e.fatal = 1;
    strcpy(e.message, "this server speaks version 1");
    feed(f, e);
    assert_int_equal(f->m.link, ONLINE_LINK_STOPPED);
    status_is(f, "Disconnected: this server speaks version 1");
}

/* A state the engine refuses (a move on a taken square) leaves the board. */
static void test_refused_state(void **state)
{
    fixture *f = *state;
    play_online_set(&f->p, true);
    static const int BAD[2][2] = {{0, 0}, {0, 0}};
    proto_reply r = state_of(BAD, 2, PROTO_STATUS_PLAYING, 0);
    online_on_reply(&f->m, &r);
    assert_false(online_apply(&f->m, &f->p));
    assert_int_equal(ttt_game_move_count(f->p.game), 0);
    /* Leaving brings the local game back. */
    play_online_set(&f->p, false);
    assert_false(f->p.online);
    assert_true(play_click(&f->p, 1, 1));
}

/* The local game waits while online and comes back as it was. */
static void test_local_game_kept(void **state)
{
    fixture *f = *state;
    assert_true(play_click(&f->p, 0, 0));
    assert_true(play_click(&f->p, 2, 2));
    play_online_set(&f->p, true);
    online_on_connected(&f->m);
    feed(f, joined(0));
    feed(f, state_of(GAME, 3, PROTO_STATUS_PLAYING, 0));
    assert_int_equal(ttt_game_move_count(f->p.game), 3);
    play_online_set(&f->p, false);
    assert_int_equal(ttt_game_move_count(f->p.game), 2);
    ttt_player o = TTT_PLAYER_NONE;
    assert_int_equal(ttt_game_owner(f->p.game, (ttt_pos){2, 2}, &o), TTT_OK);
    assert_int_equal(o, TTT_PLAYER_O);
    assert_false(f->p.game_over);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_connection_states, setup, teardown),
        cmocka_unit_test_setup_teardown(test_moves_from_server, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rematch_and_scores, setup, teardown),
        cmocka_unit_test_setup_teardown(test_resigned, setup, teardown),
        cmocka_unit_test_setup_teardown(test_watcher, setup, teardown),
        cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refused_state, setup, teardown),
        cmocka_unit_test_setup_teardown(test_local_game_kept, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
