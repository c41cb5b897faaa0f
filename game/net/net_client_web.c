/* net_client_web.c - the client library of net_client.h in a web browser:
 * the browser's own WebSocket through Emscripten's WebSocket API
 * (<emscripten/websocket.h>, linked with -lwebsocket.js), so the browser
 * does the framing, the TLS of wss:// and the proxies. The session's
 * logic (requests queued until the connection is up and the seat taken
 * back, a polled event queue, hello, reconnection with backoff, resume by
 * token, pings) is net_session.c's, shared with net_client.c; this file is
 * the transport.
 *
 * Threads: none. A page's WebSocket and its events belong to the page's
 * main thread, which is where the game's loop runs (platform_web.c), so
 * every net_client_* call must come from that thread (net_client_start()
 * refuses another), and the socket's callbacks and the timers run there
 * between frames: no locks. net_client_wait() cannot block that thread; it
 * only polls. net_client_fd() has no descriptor to give (-1). */
#include "net_client.h"
#include "net_session.h"

#include <emscripten/emscripten.h>
#include <emscripten/eventloop.h>
#include <emscripten/threading.h>
#include <emscripten/websocket.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest message accepted from the server, as in net_client.c. */
#define NET_RX_MAX (64 * 1024)
/* WebSocket's readyState once open. */
#define NET_WS_OPEN 1
/* The longest server address, and what the room adds to it
 * ("/?room=K7M2QX" at most). */
#define NET_URL_MAX 512
#define NET_ROOM_QUERY_MAX (sizeof "/?" PROTO_ROOM_PARAM "=" + PROTO_CODE_LEN)

struct net_client {
    char url[NET_URL_MAX];
    char conn_url[NET_URL_MAX + NET_ROOM_QUERY_MAX]; /* url?room=CODE */
    EMSCRIPTEN_WEBSOCKET_T ws;                       /* 0: none */
    int started; /* the first request came: connections are made */
    net_session *session;
    long retry_timer; /* emscripten_set_timeout's id, 0: none */
    long ping_timer;  /* emscripten_set_interval's id, 0: none */
};

static void connect_now(net_client *c);

static void retry_cb(void *user)
{
    net_client *c = user;
    c->retry_timer = 0;
    connect_now(c);
}

/* Forgets the socket: no callback of it runs after this. */
static void drop_socket(net_client *c)
{
    if (c->ping_timer != 0) {
        emscripten_clear_interval(c->ping_timer);
        c->ping_timer = 0;
    }
    if (c->ws > 0) {
        unsigned short state = 0;
        if (emscripten_websocket_get_ready_state(c->ws, &state) == EMSCRIPTEN_RESULT_SUCCESS &&
            state <= NET_WS_OPEN) {
            (void)emscripten_websocket_close(c->ws, 1000, "");
        }
        (void)emscripten_websocket_delete(c->ws);
    }
    c->ws = 0;
}

/* The connection is gone (or never came): try again later, or stop. */
static void connection_lost(net_client *c)
{
    int delay_ms;
    drop_socket(c);
    delay_ms = net_session_closed(c->session);
    if (delay_ms >= 0) {
        c->retry_timer = emscripten_set_timeout(retry_cb, delay_ms, c);
    }
}

/* Sends what the session has due, in order. */
static void flush(net_client *c)
{
    char *text;
    while (c->ws > 0 && (text = net_session_next_out(c->session)) != NULL) {
        EMSCRIPTEN_RESULT rc = emscripten_websocket_send_utf8_text(c->ws, text);
        free(text);
        if (rc != EMSCRIPTEN_RESULT_SUCCESS) {
            connection_lost(c);
            return;
        }
    }
}

static void ping_cb(void *user)
{
    net_client *c = user;
    net_session_ping_due(c->session);
    flush(c);
}

static EM_BOOL on_open(int type, const EmscriptenWebSocketOpenEvent *e, void *user)
{
    net_client *c = user;
    (void)type;
    if (e->socket != c->ws) {
        return EM_TRUE;
    }
    net_session_opened(c->session);
    flush(c);
    return EM_TRUE;
}

static EM_BOOL on_message(int type, const EmscriptenWebSocketMessageEvent *e, void *user)
{
    net_client *c = user;
    size_t len;
    (void)type;
    if (e->socket != c->ws || !e->isText || e->numBytes == 0) {
        return EM_TRUE; /* the server sends text only */
    }
    len = e->numBytes - 1; /* text comes with its NUL */
    if (len > NET_RX_MAX) {
        return EM_TRUE;
    }
    if (net_session_received(c->session, (const char *)e->data, len)) {
        if (c->ping_timer != 0) {
            emscripten_clear_interval(c->ping_timer);
        }
        c->ping_timer = emscripten_set_interval(ping_cb, net_session_ping_ms(c->session), c);
    }
    flush(c);
    return EM_TRUE;
}

static EM_BOOL on_close(int type, const EmscriptenWebSocketCloseEvent *e, void *user)
{
    net_client *c = user;
    (void)type;
    if (e->socket == c->ws) {
        connection_lost(c);
    }
    return EM_TRUE;
}

static void connect_now(net_client *c)
{
    EmscriptenWebSocketCreateAttributes attr;
    EMSCRIPTEN_WEBSOCKET_T ws;
    emscripten_websocket_init_create_attributes(&attr);
    /* The room goes in the address, for a proxy that routes by room. */
    attr.url = net_session_connect_url(c->session, c->url, c->conn_url, sizeof c->conn_url) == 0
                   ? c->conn_url
                   : c->url;
    attr.protocols = "ttt";
    attr.createOnMainThread = EM_TRUE;
    ws = emscripten_websocket_new(&attr);
    if (ws <= 0) {
        connection_lost(c);
        return;
    }
    c->ws = ws;
    /* An error is followed by a close event, which is where the
     * connection is counted lost. */
    emscripten_websocket_set_onopen_callback(ws, c, on_open);
    emscripten_websocket_set_onmessage_callback(ws, c, on_message);
    emscripten_websocket_set_onclose_callback(ws, c, on_close);
}

int net_client_start(const char *url, const char *agent, net_client **out, char *err, size_t cap)
{
    net_client *c;
    const char *host;

    *out = NULL;
    if (!emscripten_is_main_browser_thread()) {
        snprintf(err, cap, "the network runs on the page's main thread only");
        return -1;
    }
    if (!emscripten_websocket_is_supported()) {
        snprintf(err, cap, "this browser has no WebSocket");
        return -1;
    }
    if (strlen(url) >= sizeof c->url) {
        snprintf(err, cap, "the server address is too long");
        return -1;
    }
    host = strncmp(url, "ws://", 5) == 0    ? url + 5
           : strncmp(url, "wss://", 6) == 0 ? url + 6
                                            : NULL;
    if (host == NULL || host[0] == '\0' || host[0] == '/' || host[0] == ':') {
        snprintf(err, cap, "'%s' is not a server address: ws://HOST:PORT or wss://HOST", url);
        return -1;
    }
    c = calloc(1, sizeof *c);
    if (c == NULL || (c->session = net_session_new(agent)) == NULL) {
        free(c);
        snprintf(err, cap, "out of memory");
        return -1;
    }
    snprintf(c->url, sizeof c->url, "%s", url);
    /* The first connection is made for the first request (send_text), so
     * that its address can name the room the request is for. */
    *out = c;
    return 0;
}

void net_client_stop(net_client *c)
{
    if (c == NULL) {
        return;
    }
    if (c->retry_timer != 0) {
        emscripten_clear_timeout(c->retry_timer);
    }
    drop_socket(c);
    net_session_free(c->session);
    free(c);
}

int net_client_send(net_client *c, const proto_request *req)
{
    char *text = proto_write_request(req);
    int rc = text != NULL ? net_client_send_text(c, text) : -1;
    free(text);
    return rc;
}

int net_client_send_text(net_client *c, const char *text)
{
    if (net_session_queue(c->session, text) != 0) {
        return -1;
    }
    if (!c->started) {
        c->started = 1;
        connect_now(c);
    }
    flush(c);
    return 0;
}

int net_client_poll(net_client *c, net_event *ev)
{
    return net_session_poll(c->session, ev);
}

int net_client_wait(net_client *c, net_event *ev, int timeout_ms)
{
    (void)timeout_ms; /* the page's main thread may not block */
    return net_client_poll(c, ev);
}

int net_client_fd(const net_client *c)
{
    (void)c;
    return -1;
}
