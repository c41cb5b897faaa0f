/* net_session_unit.c - the client's session logic (game/net/net_session.c)
 * alone, driven by a fake transport: the test opens and closes the
 * "connection", hands the session the server's replies (written with
 * proto_write_reply) and reads what it would send (read back with
 * proto_parse_request) and the address it would connect to. No sockets, no
 * threads, no clock. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "net_session.h"

#define TOKEN "0123456789abcdef0123456789abcdef"
#define CODE "K7M2QX"
#define IDLE_TIMEOUT_S 60

/* ------------------------------------------------------------------------
 * The fake transport
 * ------------------------------------------------------------------------ */

/* Hands @p rep to the session as the server's text. */
static int deliver(net_session *s, const proto_reply *rep)
{
    char *text = proto_write_reply(rep);
    int welcome;
    assert_non_null(text);
    welcome = net_session_received(s, text, strlen(text));
    free(text);
    return welcome;
}

static void deliver_welcome(net_session *s)
{
    proto_reply rep;
    memset(&rep, 0, sizeof rep);
    rep.type = PROTO_REP_WELCOME;
    rep.version = PROTO_VERSION;
    strcpy(rep.agent, "ttt-server test");
    rep.max_message_bytes = 1024;
    rep.idle_timeout_s = IDLE_TIMEOUT_S;
    assert_int_equal(deliver(s, &rep), 1);
}

static void deliver_joined(net_session *s, int seat)
{
    proto_reply rep;
    memset(&rep, 0, sizeof rep);
    rep.type = PROTO_REP_JOINED;
    strcpy(rep.code, CODE);
    rep.seat = seat;
    if (seat >= 0) {
        strcpy(rep.token, TOKEN);
    }
    assert_int_equal(deliver(s, &rep), 0);
}

static void deliver_error(net_session *s, const char *reason, int fatal)
{
    proto_reply rep;
    memset(&rep, 0, sizeof rep);
    rep.type = PROTO_REP_ERROR;
    strcpy(rep.reason, reason);
    strcpy(rep.message, "a sentence");
    rep.fatal = fatal;
    assert_int_equal(deliver(s, &rep), 0);
}

/* The next message the session sends, read back; its type, or -1 when
 * nothing is due. */
static int next_sent(net_session *s, proto_request *out)
{
    char detail[128];
    char *text = net_session_next_out(s);
    proto_request q;
    if (text == NULL) {
        return -1;
    }
    assert_int_equal(proto_parse_request(text, strlen(text), &q, detail, sizeof detail),
                     PROTO_PARSE_OK);
    free(text);
    if (out != NULL) {
        *out = q;
    }
    return (int)q.type;
}

static void queue_move(net_session *s, int row, int col, int ply)
{
    proto_request q;
    char *text;
    memset(&q, 0, sizeof q);
    q.type = PROTO_REQ_MOVE;
    q.row = row;
    q.col = col;
    q.ply = ply;
    text = proto_write_request(&q);
    assert_non_null(text);
    assert_int_equal(net_session_queue(s, text), 0);
    free(text);
}

/* The next event's type, or -1 when there is none. */
static int next_event(net_session *s, net_event *out)
{
    net_event ev;
    if (!net_session_poll(s, &ev)) {
        return -1;
    }
    if (out != NULL) {
        *out = ev;
    }
    return (int)ev.type;
}

/* Opens a connection and takes it through hello and welcome: the events
 * before it are dropped; CONNECTED, then the welcome itself as a reply. */
static void connect_welcomed(net_session *s)
{
    net_event ev;
    while (next_event(s, NULL) >= 0) {
    }
    net_session_opened(s);
    assert_int_equal(next_sent(s, NULL), PROTO_REQ_HELLO);
    deliver_welcome(s);
    assert_int_equal(next_event(s, NULL), NET_EV_CONNECTED);
    assert_int_equal(next_event(s, &ev), NET_EV_REPLY);
    assert_int_equal(ev.reply.type, PROTO_REP_WELCOME);
    assert_int_equal(ev.reply.idle_timeout_s, IDLE_TIMEOUT_S);
}

/* ------------------------------------------------------------------------
 * Tests
 * ------------------------------------------------------------------------ */

/* Failed tries wait 250, 500, 1000, 2000, 4000, 4000 ms, each announced;
 * a welcome starts the sequence again. */
static void test_backoff_sequence(void **state)
{
    static const int expected[] = {250, 500, 1000, 2000, 4000, 4000, 4000};
    net_session *s = net_session_new("ttt test");
    net_event ev;
    (void)state;
    assert_int_equal(expected[0], NET_BACKOFF_MIN_MS);
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        assert_int_equal(net_session_closed(s), expected[i]);
        assert_int_equal(next_event(s, &ev), NET_EV_DISCONNECTED);
        assert_int_equal(ev.retry_ms, expected[i]);
        assert_int_equal(next_event(s, NULL), -1);
    }
    connect_welcomed(s);
    assert_int_equal(net_session_closed(s), NET_BACKOFF_MIN_MS);
    /* Opened but never welcomed: the backoff keeps growing. */
    net_session_opened(s);
    assert_int_equal(net_session_closed(s), NET_BACKOFF_MIN_MS * 2);
    net_session_free(s);
}

/* Nothing goes before hello, and nothing after it until the welcome; then
 * the queue in order, with the ping between when it rings. */
static void test_hello_then_queue(void **state)
{
    net_session *s = net_session_new("ttt test");
    proto_request q;
    (void)state;
    queue_move(s, 0, 0, 0);
    queue_move(s, 1, 1, 1);
    assert_int_equal(next_sent(s, NULL), -1); /* not open */
    net_session_opened(s);
    assert_int_equal(next_sent(s, &q), PROTO_REQ_HELLO);
    assert_int_equal(q.version, PROTO_VERSION);
    assert_string_equal(q.agent, "ttt test");
    assert_int_equal(next_sent(s, NULL), -1); /* waits for welcome */
    assert_int_equal(net_session_ping_ms(s), 0);
    deliver_welcome(s);
    assert_int_equal(net_session_ping_ms(s), IDLE_TIMEOUT_S / 3 * 1000);
    assert_int_equal(next_sent(s, &q), PROTO_REQ_MOVE);
    assert_int_equal(q.row * 10 + q.col, 0);
    net_session_ping_due(s);
    assert_int_equal(next_sent(s, NULL), PROTO_REQ_PING);
    assert_int_equal(next_sent(s, &q), PROTO_REQ_MOVE);
    assert_int_equal(q.row * 10 + q.col, 11);
    assert_int_equal(next_sent(s, NULL), -1);
    net_session_free(s);
}

/* After a drop the session says hello again and resumes with the token of
 * the last joined before anything queued meanwhile; the queue waits for
 * the answer. */
static void test_resume_after_drop(void **state)
{
    net_session *s = net_session_new("ttt test");
    proto_request q;
    net_event ev;
    (void)state;
    connect_welcomed(s);
    deliver_joined(s, 1);
    assert_int_equal(next_event(s, &ev), NET_EV_REPLY);
    assert_int_equal(ev.reply.type, PROTO_REP_JOINED);

    assert_int_equal(net_session_closed(s), NET_BACKOFF_MIN_MS);
    assert_int_equal(next_event(s, NULL), NET_EV_DISCONNECTED);
    queue_move(s, 2, 2, 4); /* played while away */
    connect_welcomed(s);
    assert_int_equal(next_sent(s, &q), PROTO_REQ_RESUME);
    assert_string_equal(q.code, CODE);
    assert_string_equal(q.token, TOKEN);
    assert_int_equal(next_sent(s, NULL), -1); /* the move waits */
    deliver_joined(s, 1);
    assert_int_equal(next_sent(s, &q), PROTO_REQ_MOVE);
    assert_int_equal(q.ply, 4);
    net_session_free(s);
}

/* A watcher takes its place back with a watch, not a resume. */
static void test_watcher_rewatches(void **state)
{
    net_session *s = net_session_new("ttt test");
    proto_request q;
    (void)state;
    connect_welcomed(s);
    deliver_joined(s, -1);
    (void)net_session_closed(s);
    connect_welcomed(s);
    assert_int_equal(next_sent(s, &q), PROTO_REQ_WATCH);
    assert_string_equal(q.code, CODE);
    net_session_free(s);
}

/* Every reply but pong becomes an event, in order, carrying the reply. */
static void test_replies_matched(void **state)
{
    net_session *s = net_session_new("ttt test");
    proto_reply pong;
    net_event ev;
    (void)state;
    connect_welcomed(s);
    deliver_joined(s, 0);
    memset(&pong, 0, sizeof pong);
    pong.type = PROTO_REP_PONG;
    (void)deliver(s, &pong);
    deliver_error(s, "occupied", 0);
    assert_int_equal(next_event(s, &ev), NET_EV_REPLY);
    assert_int_equal(ev.reply.type, PROTO_REP_JOINED);
    assert_int_equal(ev.reply.seat, 0);
    assert_string_equal(ev.reply.token, TOKEN);
    assert_int_equal(next_event(s, &ev), NET_EV_REPLY);
    assert_int_equal(ev.reply.type, PROTO_REP_ERROR);
    assert_int_equal(next_event(s, NULL), -1);
    /* Text that is no reply is dropped. */
    assert_int_equal(net_session_received(s, "{\"type\":", 8), 0);
    assert_int_equal(net_session_received(s, "not json", 8), 0);
    assert_false(net_session_has_events(s));
    net_session_free(s);
}

/* A server error reaches the caller with its reason; a fatal one that no
 * retry mends stops the tries, with one STOPPED. */
static void test_error_surfaced(void **state)
{
    net_session *s = net_session_new("ttt test");
    net_event ev;
    (void)state;
    connect_welcomed(s);
    deliver_error(s, "not-your-turn", 0);
    assert_int_equal(next_event(s, &ev), NET_EV_REPLY);
    assert_int_equal(ev.reply.type, PROTO_REP_ERROR);
    assert_string_equal(ev.reply.reason, "not-your-turn");
    assert_false(ev.reply.fatal);
    assert_false(net_session_given_up(s));

    deliver_error(s, "replaced", 1);
    assert_int_equal(next_event(s, &ev), NET_EV_REPLY);
    assert_string_equal(ev.reply.reason, "replaced");
    assert_true(ev.reply.fatal);
    assert_true(net_session_given_up(s));
    assert_int_equal(net_session_closed(s), -1);
    assert_int_equal(next_event(s, NULL), NET_EV_STOPPED);
    assert_int_equal(net_session_closed(s), -1);
    assert_int_equal(next_event(s, NULL), -1); /* once */
    net_session_free(s);
}

/* A fatal error a retry may mend (idle) does not stop the tries. */
static void test_idle_retries(void **state)
{
    net_session *s = net_session_new("ttt test");
    (void)state;
    connect_welcomed(s);
    deliver_error(s, "idle", 1);
    assert_false(net_session_given_up(s));
    assert_int_equal(net_session_closed(s), NET_BACKOFF_MIN_MS);
    net_session_free(s);
}

/* A refused rejoin (the room expired) is forgotten: the queue goes on, and
 * the next connection sends no rejoin. */
static void test_rejoin_refused(void **state)
{
    net_session *s = net_session_new("ttt test");
    (void)state;
    connect_welcomed(s);
    deliver_joined(s, 0);
    (void)net_session_closed(s);
    queue_move(s, 0, 1, 0);
    connect_welcomed(s);
    assert_int_equal(next_sent(s, NULL), PROTO_REQ_RESUME);
    deliver_error(s, "no-room", 0);
    assert_int_equal(next_sent(s, NULL), PROTO_REQ_MOVE);
    (void)net_session_closed(s);
    connect_welcomed(s);
    assert_int_equal(next_sent(s, NULL), -1);
    net_session_free(s);
}

/* Stopping: the next close is the last. */
static void test_stop(void **state)
{
    net_session *s = net_session_new("ttt test");
    net_event ev;
    (void)state;
    connect_welcomed(s);
    net_session_stop(s);
    assert_int_equal(net_session_closed(s), -1);
    assert_int_equal(next_event(s, &ev), NET_EV_STOPPED);
    net_session_free(NULL);
    net_session_free(s);
}

/* The first connection waits for a request; each connection's address
 * names the room it is for: none for a create, the queued join's room, then
 * the room to take back after a drop. */
static void test_connect_url(void **state)
{
    net_session *s = net_session_new("ttt test");
    char url[128];
    proto_request q;
    char *text;
    (void)state;
    assert_false(net_session_started(s));
    memset(&q, 0, sizeof q);
    q.type = PROTO_REQ_JOIN;
    strcpy(q.code, "ABCDEF");
    text = proto_write_request(&q);
    assert_non_null(text);
    assert_int_equal(net_session_queue(s, text), 0);
    free(text);
    assert_true(net_session_started(s));
    assert_int_equal(net_session_connect_url(s, "ws://h:1", url, sizeof url), 0);
    assert_string_equal(url, "ws://h:1/?room=ABCDEF");
    assert_int_equal(net_session_connect_url(s, "/p", url, sizeof url), 0);
    assert_string_equal(url, "/p?room=ABCDEF");
    assert_int_equal(net_session_connect_url(s, "ws://h:1/", url, 8), -1); /* too small */
    connect_welcomed(s);
    assert_int_equal(next_sent(s, NULL), PROTO_REQ_JOIN);
    deliver_joined(s, 1);
    (void)net_session_closed(s);
    assert_int_equal(net_session_connect_url(s, "ws://h:1/", url, sizeof url), 0);
    assert_string_equal(url, "ws://h:1/?room=" CODE);
    net_session_free(s);

    s = net_session_new("ttt test");
    memset(&q, 0, sizeof q);
    q.type = PROTO_REQ_CREATE;
    q.size = q.k = 3;
    text = proto_write_request(&q);
    assert_non_null(text);
    assert_int_equal(net_session_queue(s, text), 0);
    free(text);
    assert_int_equal(net_session_connect_url(s, "ws://h:1/", url, sizeof url), 0);
    assert_string_equal(url, "ws://h:1/"); /* any server may take a create */
    net_session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_backoff_sequence),
        cmocka_unit_test(test_hello_then_queue),
        cmocka_unit_test(test_resume_after_drop),
        cmocka_unit_test(test_watcher_rewatches),
        cmocka_unit_test(test_replies_matched),
        cmocka_unit_test(test_error_surfaced),
        cmocka_unit_test(test_idle_retries),
        cmocka_unit_test(test_rejoin_refused),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_connect_url),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
