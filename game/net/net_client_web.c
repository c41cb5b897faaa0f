/* net_client_web.c - the client library of net_client.h in a web browser:
 * the browser's own WebSocket through Emscripten's WebSocket API
 * (<emscripten/websocket.h>, linked with -lwebsocket.js), so the browser
 * does the framing, the TLS of wss:// and the proxies. The same behaviour
 * as net_client.c (libwebsockets on a thread): requests queued until the
 * connection is up and the seat taken back, a polled event queue, hello,
 * reconnection with backoff, resume by token, pings.
 *
 * Threads: none. A page's WebSocket and its events belong to the page's
 * main thread, which is where the game's loop runs (platform_web.c), so
 * every net_client_* call must come from that thread (net_client_start()
 * refuses another), and the socket's callbacks and the timers run there
 * between frames: no locks. net_client_wait() cannot block that thread; it
 * only polls. net_client_fd() has no descriptor to give (-1). */
#include "net_client.h"

#include <emscripten/emscripten.h>
#include <emscripten/eventloop.h>
#include <emscripten/threading.h>
#include <emscripten/websocket.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest message accepted from the server, as in net_client.c. */
#define NET_RX_MAX (64 * 1024)
/* Pings go this many times per idle timeout the server announced. */
#define NET_PINGS_PER_IDLE 3
/* WebSocket's readyState once open. */
#define NET_WS_OPEN 1
/* The longest server address, and what the room adds to it
 * ("/?room=K7M2QX" at most). */
#define NET_URL_MAX 512
#define NET_ROOM_QUERY_MAX (sizeof "/?" PROTO_ROOM_PARAM "=" + PROTO_CODE_LEN)

typedef struct out_req {
    struct out_req *next;
    char text[];
} out_req;

typedef struct ev_node {
    struct ev_node *next;
    net_event ev;
} ev_node;

struct net_client {
    char url[NET_URL_MAX], agent[PROTO_AGENT_MAX];
    char conn_url[NET_URL_MAX + NET_ROOM_QUERY_MAX]; /* url?room=CODE */
    EMSCRIPTEN_WEBSOCKET_T ws;                       /* 0: none */
    int started;        /* the first request came: connections are made */
    int welcomed;       /* welcome received on this connection */
    int rejoin_pending; /* the rejoin is to be sent / awaits its answer */
    int rejoin_sent;
    int have_rejoin;
    proto_request rejoin; /* resume or watch, from the last joined */
    int give_up;          /* a fatal error no retry mends */
    int stopped_sent;
    int backoff_ms;
    long retry_timer; /* emscripten_set_timeout's id, 0: none */
    long ping_timer;  /* emscripten_set_interval's id, 0: none */
    out_req *out_head, *out_tail;
    ev_node *ev_head, *ev_tail;
};

static void push_event(net_client *c, const net_event *ev)
{
    ev_node *n = malloc(sizeof *n);
    if (n == NULL) {
        return;
    }
    n->next = NULL;
    n->ev = *ev;
    if (c->ev_tail != NULL) {
        c->ev_tail->next = n;
    } else {
        c->ev_head = n;
    }
    c->ev_tail = n;
}

static void push_simple(net_client *c, net_event_type type, int retry_ms)
{
    net_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.retry_ms = retry_ms;
    push_event(c, &ev);
}

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
    c->welcomed = c->rejoin_sent = 0;
}

/* The connection is gone (or never came): try again later, or stop. */
static void connection_lost(net_client *c)
{
    drop_socket(c);
    if (c->give_up) {
        if (!c->stopped_sent) {
            c->stopped_sent = 1;
            push_simple(c, NET_EV_STOPPED, 0);
        }
        return;
    }
    push_simple(c, NET_EV_DISCONNECTED, c->backoff_ms);
    c->retry_timer = emscripten_set_timeout(retry_cb, c->backoff_ms, c);
    c->backoff_ms = c->backoff_ms * 2 > NET_BACKOFF_MAX_MS ? NET_BACKOFF_MAX_MS : c->backoff_ms * 2;
}

/* Sends one text message: 0, or -1 (the connection is then lost). */
static int send_text(net_client *c, const char *text)
{
    if (emscripten_websocket_send_utf8_text(c->ws, text) != EMSCRIPTEN_RESULT_SUCCESS) {
        connection_lost(c);
        return -1;
    }
    return 0;
}

static int send_request(net_client *c, const proto_request *req)
{
    char *text = proto_write_request(req);
    int rc = -1;
    if (text != NULL) {
        rc = send_text(c, text);
    }
    free(text);
    return rc;
}

/* Sends what is due: the rejoin first, then the queue in order. */
static void flush(net_client *c)
{
    if (c->ws <= 0 || !c->welcomed) {
        return;
    }
    if (c->rejoin_pending) {
        if (!c->rejoin_sent) {
            c->rejoin_sent = 1;
            (void)send_request(c, &c->rejoin);
        }
        return;
    }
    while (c->out_head != NULL && c->ws > 0) {
        out_req *m = c->out_head;
        if (send_text(c, m->text) != 0) {
            return; /* kept for the next connection */
        }
        c->out_head = m->next;
        if (c->out_head == NULL) {
            c->out_tail = NULL;
        }
        free(m);
    }
}

static void ping_cb(void *user)
{
    net_client *c = user;
    proto_request ping;
    if (c->ws <= 0 || !c->welcomed) {
        return;
    }
    memset(&ping, 0, sizeof ping);
    ping.type = PROTO_REQ_PING;
    (void)send_request(c, &ping);
}

static void on_reply(net_client *c, const proto_reply *rep)
{
    net_event ev;
    switch (rep->type) {
    case PROTO_REP_WELCOME: {
        int interval_s = rep->idle_timeout_s / NET_PINGS_PER_IDLE;
        c->welcomed = 1;
        c->backoff_ms = NET_BACKOFF_MIN_MS;
        if (interval_s < 1) {
            interval_s = 1;
        }
        if (c->ping_timer != 0) {
            emscripten_clear_interval(c->ping_timer);
        }
        c->ping_timer = emscripten_set_interval(ping_cb, interval_s * 1000.0, c);
        c->rejoin_pending = c->have_rejoin;
        c->rejoin_sent = 0;
        push_simple(c, NET_EV_CONNECTED, 0);
        break;
    }
    case PROTO_REP_JOINED:
        c->have_rejoin = 1;
        memset(&c->rejoin, 0, sizeof c->rejoin);
        memcpy(c->rejoin.code, rep->code, sizeof c->rejoin.code);
        if (rep->seat >= 0) {
            c->rejoin.type = PROTO_REQ_RESUME;
            memcpy(c->rejoin.token, rep->token, sizeof c->rejoin.token);
        } else {
            c->rejoin.type = PROTO_REQ_WATCH;
        }
        c->rejoin_pending = 0;
        break;
    case PROTO_REP_ERROR:
        if (c->rejoin_pending && c->rejoin_sent) {
            /* The place is gone (the room expired, the seat was never
             * ours): say so and go on without it. */
            c->rejoin_pending = 0;
            c->have_rejoin = 0;
        }
        if (rep->fatal &&
            (strcmp(rep->reason, "version") == 0 || strcmp(rep->reason, "replaced") == 0 ||
             strcmp(rep->reason, "hello-first") == 0)) {
            c->give_up = 1;
        }
        break;
    case PROTO_REP_STATE: break;
    case PROTO_REP_PONG: return;
    }
    memset(&ev, 0, sizeof ev);
    ev.type = NET_EV_REPLY;
    ev.reply = *rep;
    push_event(c, &ev);
}

static EM_BOOL on_open(int type, const EmscriptenWebSocketOpenEvent *e, void *user)
{
    net_client *c = user;
    proto_request hello;
    (void)type;
    if (e->socket != c->ws) {
        return EM_TRUE;
    }
    memset(&hello, 0, sizeof hello);
    hello.type = PROTO_REQ_HELLO;
    hello.version = PROTO_VERSION;
    memcpy(hello.agent, c->agent, sizeof hello.agent);
    (void)send_request(c, &hello);
    return EM_TRUE;
}

static EM_BOOL on_message(int type, const EmscriptenWebSocketMessageEvent *e, void *user)
{
    net_client *c = user;
    proto_reply *rep;
    size_t len;
    (void)type;
    if (e->socket != c->ws || !e->isText || e->numBytes == 0) {
        return EM_TRUE; /* the server sends text only */
    }
    len = e->numBytes - 1; /* text comes with its NUL */
    if (len > NET_RX_MAX) {
        return EM_TRUE;
    }
    rep = malloc(sizeof *rep);
    if (rep != NULL && proto_parse_reply((const char *)e->data, len, rep) == 0) {
        on_reply(c, rep);
        if (c->ws > 0) {
            flush(c);
        }
    }
    free(rep);
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
    attr.url = proto_connect_url(c->url, c->have_rejoin ? &c->rejoin : NULL,
                                 c->out_head != NULL ? c->out_head->text : NULL,
                                 c->out_head != NULL ? strlen(c->out_head->text) : 0, c->conn_url,
                                 sizeof c->conn_url) == 0
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
    if (c == NULL) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    snprintf(c->url, sizeof c->url, "%s", url);
    snprintf(c->agent, sizeof c->agent, "%s", agent);
    c->backoff_ms = NET_BACKOFF_MIN_MS;
    /* The first connection is made for the first request (send_text), so
     * that its address can name the room the request is for. */
    *out = c;
    return 0;
}

void net_client_stop(net_client *c)
{
    out_req *m;
    ev_node *e;
    if (c == NULL) {
        return;
    }
    if (c->retry_timer != 0) {
        emscripten_clear_timeout(c->retry_timer);
    }
    drop_socket(c);
    while ((m = c->out_head) != NULL) {
        c->out_head = m->next;
        free(m);
    }
    while ((e = c->ev_head) != NULL) {
        c->ev_head = e->next;
        free(e);
    }
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
    size_t len = strlen(text);
    out_req *m = malloc(sizeof *m + len + 1);
    if (m == NULL) {
        return -1;
    }
    m->next = NULL;
    memcpy(m->text, text, len + 1);
    if (c->out_tail != NULL) {
        c->out_tail->next = m;
    } else {
        c->out_head = m;
    }
    c->out_tail = m;
    if (!c->started) {
        c->started = 1;
        connect_now(c);
    }
    flush(c);
    return 0;
}

int net_client_poll(net_client *c, net_event *ev)
{
    ev_node *n = c->ev_head;
    if (n == NULL) {
        return 0;
    }
    c->ev_head = n->next;
    if (c->ev_head == NULL) {
        c->ev_tail = NULL;
    }
    *ev = n->ev;
    free(n);
    return 1;
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
