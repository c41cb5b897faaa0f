/* server_embed.c - ttt-server inside another program (as the desktop game
 * will host a game on the local network): srv_open() on a free port,
 * srv_service() on a thread of its own, two players on the client library
 * play a whole game through it, srv_stop() from the test's thread; then a
 * second server on the same database finds the finished room. Run under
 * ThreadSanitizer by the test command (label threads). */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"
#include "server.h"

static void *serve(void *arg)
{
    static int rc;
    rc = srv_service(arg);
    return &rc;
}

static void test_embedded(void **state)
{
    srv_config cfg;
    srv *sv;
    pthread_t thread;
    test_server ts;
    test_client a, b;
    void *rc;
    char dir[] = "/tmp/ttt-embed-XXXXXX", db[64], cmd[96];
    static const int moves[5][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};
    int i;
    (void)state;

    assert_non_null(mkdtemp(dir));
    snprintf(db, sizeof db, "%s/rooms.db", dir);
    memset(&cfg, 0, sizeof cfg);
    cfg.port = 0;
    cfg.bind = "127.0.0.1";
    cfg.db_path = db;
    srv_limits_default(&cfg.limits);
    assert_int_equal(srv_open(&cfg, &sv), 0);
    assert_true(srv_port(sv) > 0);
    assert_int_equal(pthread_create(&thread, NULL, serve, sv), 0);

    memset(&ts, 0, sizeof ts);
    ts.port = srv_port(sv);
    /* A client connects with its first request. */
    client_open(&a, &ts);
    send_create(&a, 3, 3);
    (void)client_expect(&a, PROTO_REP_WELCOME);
    (void)client_expect(&a, PROTO_REP_JOINED);
    client_open(&b, &ts);
    send_code(&b, PROTO_REQ_JOIN, a.code);
    (void)client_expect(&b, PROTO_REP_WELCOME);
    (void)client_expect(&b, PROTO_REP_JOINED);
    for (i = 0; i < 5; i++) {
        send_move(i % 2 == 0 ? &a : &b, moves[i][0], moves[i][1]);
        client_wait_moves(&a, 1, i + 1);
        client_wait_moves(&b, 1, i + 1);
    }
    assert_int_equal(a.state.status, PROTO_STATUS_X_WON);
    client_close(&a);
    client_close(&b);
    srv_stop(sv);
    assert_int_equal(pthread_join(thread, &rc), 0);
    assert_int_equal(*(int *)rc, 0);
    srv_close(sv);
    assert_int_equal(db_move_count(db, a.code, 1), 5);

    /* Another server on the same database: the room is there. */
    assert_int_equal(srv_open(&cfg, &sv), 0);
    srv_close(sv);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
