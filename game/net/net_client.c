/* net_client.c - the client library of net_client.h: a libwebsockets
 * client context serviced on a thread of its own.
 *
 * Locking protocol: `lock` guards the outgoing queue (out_head), the event
 * queue (ev_head), `stopping` and the wake-up pipe's state. Everything else
 * (the connection, its phase, the backoff, the receive buffer) belongs to
 * the library's thread alone. The caller's thread wakes the loop with
 * lws_cancel_service(), which libwebsockets makes safe from any thread; the
 * loop then looks at the queue under the lock. */
#include "net_client.h"

#include <errno.h>
#include <fcntl.h>
#include <libwebsockets.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Longest message accepted from the server (a whole 8x8 room's state is
 * under 2 KB). */
#define NET_RX_MAX (64 * 1024)
/* Pings go this many times per idle timeout the server announced. */
#define NET_PINGS_PER_IDLE 3
/* The longest path of a server's address, and what the room adds to it
 * ("/?room=K7M2QX" at most). */
#define NET_PATH_MAX 256
#define NET_ROOM_QUERY_MAX (sizeof "/?" PROTO_ROOM_PARAM "=" + PROTO_CODE_LEN)

typedef struct out_req {
    struct out_req *next;
    size_t len;
    unsigned char buf[]; /* LWS_PRE, then the text */
} out_req;

typedef struct ev_node {
    struct ev_node *next;
    net_event ev;
} ev_node;

struct net_client {
    /* Set at start, then read only. */
    char host[256], path[NET_PATH_MAX], agent[PROTO_AGENT_MAX];
    int port, tls;
    struct lws_context *ctx;
    pthread_t thread;
    int pipe_fd[2];

    /* Guarded by lock. */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    out_req *out_head, *out_tail;
    ev_node *ev_head, *ev_tail;
    int stopping;
    int signalled; /* a byte is in the pipe */

    /* The library's thread only. */
    struct lws *wsi;
    char conn_path[NET_PATH_MAX + NET_ROOM_QUERY_MAX]; /* path?room=CODE */
    int welcomed;                                      /* welcome received on this connection */
    int hello_sent;
    int rejoin_pending; /* the rejoin is to be sent / awaits its answer */
    int rejoin_sent;
    int ping_due;
    int ping_interval_s;
    int have_rejoin;
    proto_request rejoin; /* resume or watch, from the last joined */
    int give_up;          /* a fatal error no retry mends */
    int stopped_sent;
    int backoff_ms;
    lws_sorted_usec_list_t retry_sul;
    char *rx;
    size_t rx_len;
    int rx_skip;
};

/* Queues an event for the caller (the library's thread). */
static void push_event(net_client *c, const net_event *ev)
{
    ev_node *n = malloc(sizeof *n);
    if (n == NULL) {
        return;
    }
    n->next = NULL;
    n->ev = *ev;
    pthread_mutex_lock(&c->lock);
    if (c->ev_tail != NULL) {
        c->ev_tail->next = n;
    } else {
        c->ev_head = n;
    }
    c->ev_tail = n;
    if (!c->signalled) {
        char b = 1;
        if (write(c->pipe_fd[1], &b, 1) == 1) {
            c->signalled = 1;
        }
    }
    pthread_cond_broadcast(&c->cond);
    pthread_mutex_unlock(&c->lock);
}

static void push_simple(net_client *c, net_event_type type, int retry_ms)
{
    net_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.retry_ms = retry_ms;
    push_event(c, &ev);
}

static int is_stopping(net_client *c)
{
    int s;
    pthread_mutex_lock(&c->lock);
    s = c->stopping;
    pthread_mutex_unlock(&c->lock);
    return s;
}

static void connect_now(net_client *c);

static void retry_cb(lws_sorted_usec_list_t *sul)
{
    net_client *c = lws_container_of(sul, net_client, retry_sul);
    if (!is_stopping(c)) {
        connect_now(c);
    }
}

/* The connection is gone: try again later, or stop. */
static void connection_lost(net_client *c)
{
    c->wsi = NULL;
    c->welcomed = c->hello_sent = c->rejoin_sent = c->ping_due = 0;
    c->rx_len = 0;
    c->rx_skip = 0;
    if (c->give_up || is_stopping(c)) {
        if (!c->stopped_sent) {
            c->stopped_sent = 1;
            push_simple(c, NET_EV_STOPPED, 0);
        }
        return;
    }
    push_simple(c, NET_EV_DISCONNECTED, c->backoff_ms);
    lws_sul_schedule(c->ctx, 0, &c->retry_sul, retry_cb, (lws_usec_t)c->backoff_ms * 1000);
    c->backoff_ms = c->backoff_ms * 2 > NET_BACKOFF_MAX_MS ? NET_BACKOFF_MAX_MS : c->backoff_ms * 2;
}

static void connect_now(net_client *c)
{
    struct lws_client_connect_info ci;
    int routed;
    /* The room goes in the address, for a proxy that routes by room. */
    pthread_mutex_lock(&c->lock);
    routed = proto_connect_url(
        c->path, c->have_rejoin ? &c->rejoin : NULL,
        c->out_head != NULL ? (const char *)c->out_head->buf + LWS_PRE : NULL,
        c->out_head != NULL ? c->out_head->len : 0, c->conn_path, sizeof c->conn_path);
    pthread_mutex_unlock(&c->lock);
    memset(&ci, 0, sizeof ci);
    ci.context = c->ctx;
    ci.address = c->host;
    ci.port = c->port;
    ci.path = routed == 0 ? c->conn_path : c->path;
    ci.host = c->host;
    ci.origin = c->host;
    ci.protocol = "ttt";
    ci.ssl_connection = c->tls ? LCCSCF_USE_SSL : 0;
    ci.pwsi = &c->wsi;
    if (lws_client_connect_via_info(&ci) == NULL) {
        connection_lost(c);
    }
}

/* Writes one text message: 0, or -1 (the connection is then closed). */
static int write_text(struct lws *wsi, const char *text)
{
    size_t len = strlen(text);
    unsigned char *buf = malloc(LWS_PRE + len);
    int n;
    if (buf == NULL) {
        return -1;
    }
    memcpy(buf + LWS_PRE, text, len);
    n = lws_write(wsi, buf + LWS_PRE, len, LWS_WRITE_TEXT);
    free(buf);
    return n < (int)len ? -1 : 0;
}

static int write_request(struct lws *wsi, const proto_request *req)
{
    char *text = proto_write_request(req);
    int rc = text != NULL ? write_text(wsi, text) : -1;
    free(text);
    return rc;
}

/* Sends the next thing due, one message per writeable callback. */
static int on_writeable(net_client *c, struct lws *wsi)
{
    out_req *m = NULL;
    int more = 0;
    if (!c->hello_sent) {
        proto_request hello;
        memset(&hello, 0, sizeof hello);
        hello.type = PROTO_REQ_HELLO;
        hello.version = PROTO_VERSION;
        memcpy(hello.agent, c->agent, sizeof hello.agent);
        c->hello_sent = 1;
        return write_request(wsi, &hello);
    }
    if (!c->welcomed) {
        return 0;
    }
    if (c->rejoin_pending) {
        if (!c->rejoin_sent) {
            c->rejoin_sent = 1;
            return write_request(wsi, &c->rejoin);
        }
        return 0;
    }
    if (c->ping_due) {
        proto_request ping;
        memset(&ping, 0, sizeof ping);
        ping.type = PROTO_REQ_PING;
        c->ping_due = 0;
        lws_callback_on_writable(wsi);
        return write_request(wsi, &ping);
    }
    pthread_mutex_lock(&c->lock);
    m = c->out_head;
    if (m != NULL) {
        c->out_head = m->next;
        if (c->out_head == NULL) {
            c->out_tail = NULL;
        }
        more = c->out_head != NULL;
    }
    pthread_mutex_unlock(&c->lock);
    if (m != NULL) {
        int n = lws_write(wsi, m->buf + LWS_PRE, m->len, LWS_WRITE_TEXT);
        size_t len = m->len;
        free(m);
        if (n < (int)len) {
            return -1;
        }
        if (more) {
            lws_callback_on_writable(wsi);
        }
    }
    return 0;
}

static void on_reply(net_client *c, struct lws *wsi, const proto_reply *rep)
{
    net_event ev;
    switch (rep->type) {
    case PROTO_REP_WELCOME:
        c->welcomed = 1;
        c->backoff_ms = NET_BACKOFF_MIN_MS;
        c->ping_interval_s = rep->idle_timeout_s / NET_PINGS_PER_IDLE;
        if (c->ping_interval_s < 1) {
            c->ping_interval_s = 1;
        }
        lws_set_timer_usecs(wsi, (lws_usec_t)c->ping_interval_s * LWS_USEC_PER_SEC);
        c->rejoin_pending = c->have_rejoin;
        c->rejoin_sent = 0;
        push_simple(c, NET_EV_CONNECTED, 0);
        break;
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
    lws_callback_on_writable(wsi);
}

static int callback_client(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                           size_t len)
{
    net_client *c = lws_context_user(lws_get_context(wsi));
    (void)user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        c->wsi = wsi;
        lws_callback_on_writable(wsi);
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        if (!c->rx_skip && c->rx_len + len <= NET_RX_MAX) {
            memcpy(c->rx + c->rx_len, in, len);
            c->rx_len += len;
        } else {
            c->rx_skip = 1;
        }
        if (lws_is_final_fragment(wsi) && lws_remaining_packet_payload(wsi) == 0) {
            proto_reply *rep = malloc(sizeof *rep);
            if (rep != NULL && !c->rx_skip && proto_parse_reply(c->rx, c->rx_len, rep) == 0) {
                on_reply(c, wsi, rep);
            }
            free(rep);
            c->rx_len = 0;
            c->rx_skip = 0;
        }
        break;
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if (is_stopping(c)) {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, NULL, 0);
            return -1;
        }
        return on_writeable(c, wsi);
    case LWS_CALLBACK_TIMER:
        c->ping_due = 1;
        lws_set_timer_usecs(wsi, (lws_usec_t)c->ping_interval_s * LWS_USEC_PER_SEC);
        lws_callback_on_writable(wsi);
        break;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (c->wsi == wsi || c->wsi == NULL) {
            connection_lost(c);
        }
        break;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        if (c != NULL && c->wsi != NULL) {
            lws_callback_on_writable(c->wsi);
        }
        break;
    default: break;
    }
    return 0;
}

static void *thread_main(void *arg)
{
    net_client *c = arg;
    int n = 0;
    int stopping;
    /* The first connection waits for the first request, so that its
     * address can name the room the request is for. */
    pthread_mutex_lock(&c->lock);
    while (c->out_head == NULL && !c->stopping) {
        pthread_cond_wait(&c->cond, &c->lock);
    }
    stopping = c->stopping;
    pthread_mutex_unlock(&c->lock);
    if (stopping) {
        return NULL;
    }
    connect_now(c);
    while (n >= 0 && !is_stopping(c)) {
        n = lws_service(c->ctx, 0);
    }
    return NULL;
}

int net_client_start(const char *url, const char *agent, net_client **out, char *err, size_t cap)
{
    static const struct lws_protocols protocols[] = {
        {"ttt", callback_client, 0, 0, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0},
    };
    struct lws_context_creation_info info;
    net_client *c;
    char copy[512];
    const char *scheme, *host, *path;
    int port;

    *out = NULL;
    if (strlen(url) >= sizeof copy) {
        snprintf(err, cap, "the server address is too long");
        return -1;
    }
    strcpy(copy, url);
    if (lws_parse_uri(copy, &scheme, &host, &port, &path) != 0 || host[0] == '\0' ||
        (strcmp(scheme, "ws") != 0 && strcmp(scheme, "wss") != 0)) {
        snprintf(err, cap, "'%s' is not a server address: ws://HOST:PORT or wss://HOST", url);
        return -1;
    }
    c = calloc(1, sizeof *c);
    if (c == NULL || (c->rx = malloc(NET_RX_MAX)) == NULL) {
        free(c);
        snprintf(err, cap, "out of memory");
        return -1;
    }
    snprintf(c->host, sizeof c->host, "%s", host);
    /* lws_parse_uri() drops the path's leading '/'. */
    snprintf(c->path, sizeof c->path, "/%s", path);
    snprintf(c->agent, sizeof c->agent, "%s", agent);
    c->tls = strcmp(scheme, "wss") == 0;
    c->port = port;
    c->backoff_ms = NET_BACKOFF_MIN_MS;
    c->pipe_fd[0] = c->pipe_fd[1] = -1;
    if (pipe(c->pipe_fd) != 0) {
        snprintf(err, cap, "no pipe: %s", strerror(errno));
        free(c->rx);
        free(c);
        return -1;
    }
    (void)fcntl(c->pipe_fd[0], F_SETFL, O_NONBLOCK);
    (void)fcntl(c->pipe_fd[1], F_SETFL, O_NONBLOCK);
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->cond, NULL);

    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.user = c;
    info.options = c->tls ? LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT : 0;
    lws_set_log_level(LLL_ERR, NULL);
    c->ctx = lws_create_context(&info);
    if (c->ctx == NULL || pthread_create(&c->thread, NULL, thread_main, c) != 0) {
        snprintf(err, cap, "cannot start the network");
        if (c->ctx != NULL) {
            lws_context_destroy(c->ctx);
        }
        close(c->pipe_fd[0]);
        close(c->pipe_fd[1]);
        pthread_mutex_destroy(&c->lock);
        pthread_cond_destroy(&c->cond);
        free(c->rx);
        free(c);
        return -1;
    }
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
    pthread_mutex_lock(&c->lock);
    c->stopping = 1;
    pthread_cond_broadcast(&c->cond);
    pthread_mutex_unlock(&c->lock);
    lws_cancel_service(c->ctx);
    pthread_join(c->thread, NULL);
    lws_context_destroy(c->ctx);
    while ((m = c->out_head) != NULL) {
        c->out_head = m->next;
        free(m);
    }
    while ((e = c->ev_head) != NULL) {
        c->ev_head = e->next;
        free(e);
    }
    close(c->pipe_fd[0]);
    close(c->pipe_fd[1]);
    pthread_mutex_destroy(&c->lock);
    pthread_cond_destroy(&c->cond);
    free(c->rx);
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
    out_req *m = malloc(sizeof *m + LWS_PRE + len);
    if (m == NULL) {
        return -1;
    }
    m->next = NULL;
    m->len = len;
    memcpy(m->buf + LWS_PRE, text, len);
    pthread_mutex_lock(&c->lock);
    if (c->out_tail != NULL) {
        c->out_tail->next = m;
    } else {
        c->out_head = m;
    }
    c->out_tail = m;
    pthread_cond_broadcast(&c->cond); /* the first request starts the connection */
    pthread_mutex_unlock(&c->lock);
    lws_cancel_service(c->ctx);
    return 0;
}

/* Takes the oldest event; the lock is held. */
static int take_locked(net_client *c, net_event *ev)
{
    ev_node *n = c->ev_head;
    if (n == NULL) {
        return 0;
    }
    c->ev_head = n->next;
    if (c->ev_head == NULL) {
        char b;
        c->ev_tail = NULL;
        if (c->signalled && read(c->pipe_fd[0], &b, 1) == 1) {
            c->signalled = 0;
        }
    }
    *ev = n->ev;
    free(n);
    return 1;
}

int net_client_poll(net_client *c, net_event *ev)
{
    int got;
    pthread_mutex_lock(&c->lock);
    got = take_locked(c, ev);
    pthread_mutex_unlock(&c->lock);
    return got;
}

int net_client_wait(net_client *c, net_event *ev, int timeout_ms)
{
    struct timespec until;
    int got;
    clock_gettime(CLOCK_REALTIME, &until);
    if (timeout_ms >= 0) {
        until.tv_sec += timeout_ms / 1000;
        until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
    }
    pthread_mutex_lock(&c->lock);
    while (!(got = take_locked(c, ev))) {
        if (timeout_ms < 0) {
            pthread_cond_wait(&c->cond, &c->lock);
        } else if (pthread_cond_timedwait(&c->cond, &c->lock, &until) != 0) {
            break;
        }
    }
    pthread_mutex_unlock(&c->lock);
    return got;
}

int net_client_fd(const net_client *c)
{
    return c->pipe_fd[0];
}
