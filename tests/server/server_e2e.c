/* server_e2e.c - ttt-server end to end: real server processes on loopback,
 * clients on the client library (game/net). A whole game with a watcher and
 * a rematch; every refused input gets its error and leaves the database as
 * it was; kill -9 in mid-game, a restart on the same database, and both
 * players resume and finish with every acknowledged move stored. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"

/* Hello, then create (seat 0) and join (seat 1); the players wait until
 * both see the room with two players. */
static void open_room(const test_server *srv, test_client *a, test_client *b)
{
    client_open(a, srv);
    send_hello(a);
    (void)client_expect(a, PROTO_REP_WELCOME);
    send_create(a, 3, 3);
    (void)client_expect(a, PROTO_REP_JOINED);
    assert_int_equal(a->seat, 0);
    assert_true(proto_code_valid(a->code));
    assert_true(proto_token_valid(a->token));
    client_open(b, srv);
    send_hello(b);
    (void)client_expect(b, PROTO_REP_WELCOME);
    send_code(b, PROTO_REQ_JOIN, a->code);
    (void)client_expect(b, PROTO_REP_JOINED);
    assert_int_equal(b->seat, 1);
    assert_string_not_equal(a->token, b->token);
    client_wait_presence(a, 1, 1);
    client_wait_presence(b, 0, 1);
}

/* X (seat 0) wins along the top row; O plays the middle row. */
static const int x_win[5][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};

static void test_game_watch_rematch(void **state)
{
    test_server srv;
    test_client a, b, w;
    int i;
    (void)state;
    memset(&srv, 0, sizeof srv);
    server_start(&srv, 0, NULL);
    open_room(&srv, &a, &b);
    client_open(&w, &srv);
    send_hello(&w);
    (void)client_expect(&w, PROTO_REP_WELCOME);
    /* A third person joining watches. */
    send_code(&w, PROTO_REQ_JOIN, a.code);
    (void)client_expect(&w, PROTO_REP_JOINED);
    assert_int_equal(w.seat, -1);
    client_wait_moves(&a, 1, 0);
    for (i = 0; i < 5; i++) {
        test_client *mover = i % 2 == 0 ? &a : &b;
        send_move(mover, x_win[i][0], x_win[i][1]);
        client_wait_moves(&a, 1, i + 1);
        client_wait_moves(&b, 1, i + 1);
        client_wait_moves(&w, 1, i + 1);
        /* Acknowledged means committed. */
        assert_int_equal(db_move_count(srv.db, a.code, 1), i + 1);
    }
    assert_int_equal(w.state.status, PROTO_STATUS_X_WON);
    assert_int_equal(a.state.score[0], 1);
    assert_int_equal(w.state.watchers, 1);
    assert_int_equal(w.state.move[4].row, 0);
    assert_int_equal(w.state.move[4].col, 2);

    /* Rematch: sides swap, so seat 1 plays X and begins. */
    client_send(&a, &(proto_request){.type = PROTO_REQ_REMATCH});
    client_send(&b, &(proto_request){.type = PROTO_REQ_REMATCH});
    client_wait_moves(&w, 2, 0);
    assert_int_equal(w.state.x_seat, 1);
    assert_int_equal(w.state.status, PROTO_STATUS_PLAYING);
    send_move(&a, 1, 1);
    client_expect_error(&a, "not-your-turn");
    send_move(&b, 1, 1);
    client_wait_moves(&w, 2, 1);
    /* A resignation ends the game for the other side. */
    client_send(&a, &(proto_request){.type = PROTO_REQ_RESIGN});
    while (w.state.status != PROTO_STATUS_X_WON) {
        client_wait_moves(&w, 2, 1);
        (void)client_expect(&w, PROTO_REP_STATE);
    }
    assert_int_equal(w.state.resigned, 0);
    assert_int_equal(w.state.score[1], 1);

    /* Presence: a player who leaves is shown gone. */
    client_close(&b);
    client_wait_presence(&a, 1, 0);
    client_close(&a);
    client_close(&w);
    server_stop(&srv, 1);
    assert_true(server_log_has(&srv, "created by 127.0.0.1"));
    assert_true(server_log_has(&srv, "finished, x-won"));
    server_cleanup(&srv);
}

/* Sends @p text, expects the error @p reason, and checks that the
 * database has not changed. */
static void refused(const test_server *srv, test_client *c, const char *text, const char *reason)
{
    char *before = db_fingerprint(srv->db), *after;
    assert_int_equal(net_client_send_text(c->net, text), 0);
    client_expect_error(c, reason);
    after = db_fingerprint(srv->db);
    assert_string_equal(before, after);
    free(before);
    free(after);
}

static void test_refusals(void **state)
{
    static const char *const limits[] = {"rooms-per-address=2", "join-guesses=3",
                                         "join-guesses-per-min=1", NULL};
    test_server srv;
    test_client a, b, c, d;
    char big[2100], text[200];
    int i, limited = 0;
    (void)state;
    memset(&srv, 0, sizeof srv);
    server_start(&srv, 0, limits);
    open_room(&srv, &a, &b);

    refused(&srv, &a, "{not json", "bad-json");
    refused(&srv, &a, "[1,2]", "bad-json");
    refused(&srv, &a, "{\"kind\":\"move\"}", "bad-type");
    refused(&srv, &a, "{\"type\":\"dance\"}", "unknown-type");
    refused(&srv, &a, "{\"type\":\"move\",\"row\":\"1\",\"col\":1}", "bad-field");
    refused(&srv, &a, "{\"type\":\"move\",\"row\":1.5,\"col\":1}", "bad-field");
    refused(&srv, &a, "{\"type\":\"create\",\"size\":9,\"k\":3}", "bad-field");
    refused(&srv, &a, "{\"type\":\"create\",\"size\":3,\"k\":4}", "bad-field");
    memset(big, ' ', sizeof big);
    memcpy(big, "{\"type\":\"ping\",\"pad\":\"", 22);
    memcpy(big + sizeof big - 3, "\"}", 3);
    refused(&srv, &a, big, "too-large");
    refused(&srv, &a, "{\"type\":\"create\",\"size\":3,\"k\":3}", "already-in-room");
    /* Out of turn: X (seat 0) begins. */
    refused(&srv, &b, "{\"type\":\"move\",\"row\":0,\"col\":0}", "not-your-turn");
    refused(&srv, &a, "{\"type\":\"move\",\"row\":5,\"col\":0}", "outside");
    refused(&srv, &a, "{\"type\":\"move\",\"row\":0,\"col\":0,\"ply\":3}", "stale");
    refused(&srv, &a, "{\"type\":\"rematch\"}", "not-over");
    send_move(&a, 0, 0);
    client_wait_moves(&b, 1, 1);
    refused(&srv, &b, "{\"type\":\"move\",\"row\":0,\"col\":0}", "occupied");

    /* A watcher cannot move; a forged token takes no seat; codes. */
    client_open(&c, &srv);
    send_hello(&c);
    (void)client_expect(&c, PROTO_REP_WELCOME);
    refused(&srv, &c, "{\"type\":\"move\",\"row\":1,\"col\":1}", "not-in-room");
    refused(&srv, &c, "{\"type\":\"join\",\"code\":\"abc\"}", "bad-field");
    snprintf(text, sizeof text, "{\"type\":\"resume\",\"code\":\"%s\",\"token\":\"%032d\"}", a.code,
             7);
    refused(&srv, &c, text, "bad-token");
    refused(&srv, &c, "{\"type\":\"join\",\"code\":\"ZZZZZ2\"}", "no-room");
    /* Guessing is limited: three tries at once, one a minute after. */
    for (i = 0; i < 10 && !limited; i++) {
        char *before = db_fingerprint(srv.db), *after;
        proto_reply r;
        send_code(&c, PROTO_REQ_WATCH, "ZZZZZ3");
        r = client_expect(&c, PROTO_REP_ERROR);
        limited = strcmp(r.reason, "join-limited") == 0;
        assert_true(limited || strcmp(r.reason, "no-room") == 0);
        after = db_fingerprint(srv.db);
        assert_string_equal(before, after);
        free(before);
        free(after);
    }
    assert_true(limited);
    /* ... whatever the code, while the address is limited, and a new
     * connection from it does not start again. */
    refused(&srv, &c, "{\"type\":\"watch\",\"code\":\"ZZZZZ4\"}", "join-limited");
    client_close(&c);
    client_open(&c, &srv);
    send_hello(&c);
    (void)client_expect(&c, PROTO_REP_WELCOME);
    refused(&srv, &c, "{\"type\":\"join\",\"code\":\"ZZZZZ5\"}", "join-limited");

    /* Rooms per address: a's room and one more, then no more. */
    client_open(&d, &srv);
    send_hello(&d);
    (void)client_expect(&d, PROTO_REP_WELCOME);
    send_create(&d, 4, 3);
    (void)client_expect(&d, PROTO_REP_JOINED);
    client_close(&d);
    client_open(&d, &srv);
    send_hello(&d);
    (void)client_expect(&d, PROTO_REP_WELCOME);
    refused(&srv, &d, "{\"type\":\"create\",\"size\":3,\"k\":3}", "too-many-rooms");
    client_close(&d);

    /* The right version, or the connection is closed (the library said
     * hello with its own, right, version first). */
    client_open(&d, &srv);
    refused(&srv, &d, "{\"type\":\"hello\",\"version\":0}", "version");
    for (;;) {
        net_event ev;
        if (net_client_wait(d.net, &ev, 100) && ev.type == NET_EV_STOPPED) {
            break;
        }
    }
    client_close(&d);

    client_close(&a);
    client_close(&b);
    client_close(&c);
    server_stop(&srv, 1);
    assert_true(server_log_has(&srv, "refused from 127.0.0.1"));
    server_cleanup(&srv);
}

static void test_flood_and_full(void **state)
{
    static const char *const limits[] = {"message-rate=1", "message-burst=5", "max-connections=2",
                                         NULL};
    test_server srv;
    test_client a, b, c;
    proto_reply r;
    int i;
    (void)state;
    memset(&srv, 0, sizeof srv);
    server_start(&srv, 0, limits);
    client_open(&a, &srv);
    send_hello(&a);
    (void)client_expect(&a, PROTO_REP_WELCOME);
    for (i = 0; i < 40; i++) {
        client_send(&a, &(proto_request){.type = PROTO_REQ_PING});
    }
    client_expect_error(&a, "rate-limited");
    client_open(&b, &srv);
    send_hello(&b);
    (void)client_expect(&b, PROTO_REP_WELCOME);
    client_open(&c, &srv);
    send_hello(&c); /* a client connects with its first request */
    r = client_expect(&c, PROTO_REP_ERROR);
    assert_string_equal(r.reason, "server-full");
    assert_true(r.fatal);
    client_close(&a);
    client_close(&b);
    client_close(&c);
    server_stop(&srv, 1);
    server_cleanup(&srv);
}

static void test_kill_and_resume(void **state)
{
    test_server srv;
    test_client a, b;
    int i, port;
    (void)state;
    memset(&srv, 0, sizeof srv);
    server_start(&srv, 0, NULL);
    open_room(&srv, &a, &b);
    for (i = 0; i < 3; i++) {
        send_move(i % 2 == 0 ? &a : &b, x_win[i][0], x_win[i][1]);
        client_wait_moves(&a, 1, i + 1);
        client_wait_moves(&b, 1, i + 1);
    }
    port = srv.port;
    server_stop(&srv, 0);
    /* Every move a client saw is in the database. */
    assert_int_equal(db_move_count(srv.db, a.code, 1), 3);
    server_start(&srv, port, NULL);
    assert_true(server_log_has(&srv, "1 open rooms"));
    /* Both clients come back by themselves and resume their seats. */
    while (a.connects < 2) {
        (void)client_expect(&a, PROTO_REP_WELCOME);
    }
    (void)client_expect(&a, PROTO_REP_JOINED);
    assert_int_equal(a.seat, 0);
    while (b.connects < 2) {
        (void)client_expect(&b, PROTO_REP_WELCOME);
    }
    (void)client_expect(&b, PROTO_REP_JOINED);
    assert_int_equal(b.seat, 1);
    client_wait_presence(&a, 1, 1);
    assert_int_equal(a.state.moves, 3);
    for (i = 3; i < 5; i++) {
        send_move(i % 2 == 0 ? &a : &b, x_win[i][0], x_win[i][1]);
        client_wait_moves(&a, 1, i + 1);
        client_wait_moves(&b, 1, i + 1);
    }
    assert_int_equal(a.state.status, PROTO_STATUS_X_WON);
    assert_int_equal(db_move_count(srv.db, a.code, 1), 5);
    for (i = 0; i < 5; i++) {
        assert_int_equal(b.state.move[i].row, x_win[i][0]);
        assert_int_equal(b.state.move[i].col, x_win[i][1]);
    }
    client_close(&a);
    client_close(&b);
    server_stop(&srv, 1);
    server_cleanup(&srv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_watch_rematch),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_flood_and_full),
        cmocka_unit_test(test_kill_and_resume),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
