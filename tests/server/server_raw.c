/* server_raw.c - ttt-server seen by a bare WebSocket client (libwebsockets,
 * not the client library, which always says hello first and pings): a
 * request before hello gets the fatal error hello-first and the connection
 * is closed; a connection that says nothing is closed with the error idle
 * after hello-timeout-s, and one that said hello after idle-timeout-s (both
 * set small here). No clock is read: each wait ends when the reply or the
 * close comes (ctest's TIMEOUT is the hang guard). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libwebsockets.h>

#include "harness.h"

#define RAW_MAX_REPLIES 8
#define RAW_TEXT_MAX 1024

/* One bare connection on its own libwebsockets context. */
typedef struct raw_client {
    struct lws_context *ctx;
    struct lws *wsi;
    int established, closed;
    char out[RAW_TEXT_MAX]; /* the text to send, or "" */
    char rx[RAW_TEXT_MAX];
    size_t rx_len;
    proto_reply reply[RAW_MAX_REPLIES];
    int nreplies;
} raw_client;

static int raw_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                        size_t len)
{
    raw_client *c = lws_context_user(lws_get_context(wsi));
    (void)user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        c->established = 1;
        if (c->out[0] != '\0') {
            lws_callback_on_writable(wsi);
        }
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        if (c->rx_len + len < sizeof c->rx) {
            memcpy(c->rx + c->rx_len, in, len);
            c->rx_len += len;
        }
        if (lws_is_final_fragment(wsi) && lws_remaining_packet_payload(wsi) == 0) {
            if (c->nreplies < RAW_MAX_REPLIES &&
                proto_parse_reply(c->rx, c->rx_len, &c->reply[c->nreplies]) == 0) {
                c->nreplies++;
            }
            c->rx_len = 0;
        }
        break;
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        unsigned char buf[LWS_PRE + RAW_TEXT_MAX];
        size_t n = strlen(c->out);
        memcpy(buf + LWS_PRE, c->out, n);
        c->out[0] = '\0';
        if (lws_write(wsi, buf + LWS_PRE, n, LWS_WRITE_TEXT) < (int)n) {
            return -1;
        }
        break;
    }
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
    case LWS_CALLBACK_CLIENT_CLOSED:
        c->closed = 1;
        c->wsi = NULL;
        break;
    default: break;
    }
    return 0;
}

static void raw_open(raw_client *c, const test_server *srv)
{
    static const struct lws_protocols protocols[] = {
        {"ttt", raw_callback, 0, RAW_TEXT_MAX, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0},
    };
    struct lws_context_creation_info info;
    struct lws_client_connect_info ci;
    memset(c, 0, sizeof *c);
    lws_set_log_level(LLL_ERR, NULL);
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.user = c;
    c->ctx = lws_create_context(&info);
    assert_non_null(c->ctx);
    memset(&ci, 0, sizeof ci);
    ci.context = c->ctx;
    ci.address = "127.0.0.1";
    ci.port = srv->port;
    ci.path = "/";
    ci.host = "127.0.0.1";
    ci.origin = "127.0.0.1";
    ci.protocol = "ttt";
    ci.pwsi = &c->wsi;
    assert_non_null(lws_client_connect_via_info(&ci));
    while (!c->established) {
        assert_false(c->closed);
        lws_service(c->ctx, 0);
    }
}

static void raw_send(raw_client *c, const char *text)
{
    assert_true(strlen(text) < sizeof c->out);
    snprintf(c->out, sizeof c->out, "%s", text);
    lws_callback_on_writable(c->wsi);
    while (c->out[0] != '\0' && !c->closed) {
        lws_service(c->ctx, 0);
    }
}

/* Waits for reply number @p i. */
static const proto_reply *raw_reply(raw_client *c, int i)
{
    while (c->nreplies <= i) {
        assert_false(c->closed);
        lws_service(c->ctx, 0);
    }
    return &c->reply[i];
}

/* Waits until the server has closed the connection. */
static void raw_wait_closed(raw_client *c)
{
    while (!c->closed) {
        lws_service(c->ctx, 0);
    }
}

static void raw_close(raw_client *c)
{
    lws_context_destroy(c->ctx);
    c->ctx = NULL;
}

static void test_hello_first(void **state)
{
    test_server srv;
    raw_client c;
    const proto_reply *r;
    (void)state;
    memset(&srv, 0, sizeof srv);
    server_start(&srv, 0, NULL);
    raw_open(&c, &srv);
    raw_send(&c, "{\"type\":\"ping\"}");
    r = raw_reply(&c, 0);
    assert_int_equal(r->type, PROTO_REP_ERROR);
    assert_string_equal(r->reason, "hello-first");
    assert_true(r->fatal);
    raw_wait_closed(&c);
    assert_int_equal(c.nreplies, 1);
    raw_close(&c);
    server_stop(&srv, 1);
    assert_true(server_log_has(&srv, "hello-first"));
    server_cleanup(&srv);
}

static void test_hello_timeout(void **state)
{
    static const char *const limits[] = {"hello-timeout-s=1", NULL};
    test_server srv;
    raw_client quiet;
    const proto_reply *r;
    (void)state;
    memset(&srv, 0, sizeof srv);
    server_start(&srv, 0, limits);
    /* Says nothing at all: closed after hello-timeout-s. */
    raw_open(&quiet, &srv);
    r = raw_reply(&quiet, 0);
    assert_int_equal(r->type, PROTO_REP_ERROR);
    assert_string_equal(r->reason, "idle");
    assert_true(r->fatal);
    assert_non_null(strstr(r->message, "hello-timeout-s"));
    raw_wait_closed(&quiet);
    raw_close(&quiet);
    server_stop(&srv, 1);
    server_cleanup(&srv);
}

static void test_idle_timeout(void **state)
{
    /* A hello timeout long enough for a machine under load: the hello
     * must not race it. */
    static const char *const limits[] = {"hello-timeout-s=3600", "idle-timeout-s=2", NULL};
    test_server srv;
    raw_client hello;
    const proto_reply *r;
    (void)state;
    memset(&srv, 0, sizeof srv);
    server_start(&srv, 0, limits);
    /* Says hello, then nothing: closed after idle-timeout-s, which the
     * welcome announced. */
    raw_open(&hello, &srv);
    raw_send(&hello, "{\"type\":\"hello\",\"version\":1}");
    r = raw_reply(&hello, 0);
    assert_int_equal(r->type, PROTO_REP_WELCOME);
    assert_int_equal(r->idle_timeout_s, 2);
    r = raw_reply(&hello, 1);
    assert_int_equal(r->type, PROTO_REP_ERROR);
    assert_string_equal(r->reason, "idle");
    assert_true(r->fatal);
    assert_non_null(strstr(r->message, "idle-timeout-s"));
    raw_wait_closed(&hello);
    raw_close(&hello);
    server_stop(&srv, 1);
    server_cleanup(&srv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hello_first),
        cmocka_unit_test(test_hello_timeout),
        cmocka_unit_test(test_idle_timeout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
