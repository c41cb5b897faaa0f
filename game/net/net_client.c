/* net_client.c - the client library of net_client.h: a libwebsockets
 * client context serviced on a thread of its own.
 *
 * The session's logic (hello, rejoin, queues, backoff) is net_session.c's;
 * this file is the transport.
 *
 * Locking protocol: `lock` guards the session (its queues, its phase, the
 * backoff), `stopping` and the wake-up pipe's state. Everything else (the
 * connection, the retry timer, the receive buffer) belongs to the library's
 * thread alone. The caller's thread wakes the loop with
 * lws_cancel_service(), which libwebsockets makes safe from any thread; the
 * loop then looks at the queue under the lock. */
#include "net_client.h"
#include "net_session.h"

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
#define NET_US_PER_MS 1000
/* The longest path of a server's address, and what the room adds to it
 * ("/?room=K7M2QX" at most). */
#define NET_PATH_MAX 256
#define NET_ROOM_QUERY_MAX (sizeof "/?" PROTO_ROOM_PARAM "=" + PROTO_CODE_LEN)

struct net_client {
    /* Set at start, then read only. */
    char host[256], path[NET_PATH_MAX];
    int port, tls;
    struct lws_context *ctx;
    pthread_t thread;
    int pipe_fd[2];

    /* Guarded by lock. */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    net_session *session; /* the queues, hello, rejoin, backoff (net_session.c) */
    int stopping;
    int signalled; /* a byte is in the pipe */

    /* The library's thread only. */
    struct lws *wsi;
    char conn_path[NET_PATH_MAX + NET_ROOM_QUERY_MAX]; /* path?room=CODE */
    lws_sorted_usec_list_t retry_sul;
    char *rx;
    size_t rx_len;
    int rx_skip;
};

/* Wakes the caller when events wait: the pipe and the condition. The lock
 * is held. */
static void signal_locked(net_client *c)
{
    if (!net_session_has_events(c->session)) {
        return;
    }
    if (!c->signalled) {
        char b = 1;
        if (write(c->pipe_fd[1], &b, 1) == 1) {
            c->signalled = 1;
        }
    }
    pthread_cond_broadcast(&c->cond);
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

/* The connection is gone: try again later (the session says when), or
 * stop. */
static void connection_lost(net_client *c)
{
    int delay_ms;
    c->wsi = NULL;
    c->rx_len = 0;
    c->rx_skip = 0;
    pthread_mutex_lock(&c->lock);
    if (c->stopping) {
        net_session_stop(c->session);
    }
    delay_ms = net_session_closed(c->session);
    signal_locked(c);
    pthread_mutex_unlock(&c->lock);
    if (delay_ms >= 0) {
        lws_sul_schedule(c->ctx, 0, &c->retry_sul, retry_cb, (lws_usec_t)delay_ms * NET_US_PER_MS);
    }
}

static void connect_now(net_client *c)
{
    struct lws_client_connect_info ci;
    int routed;
    /* The room goes in the address, for a proxy that routes by room. */
    pthread_mutex_lock(&c->lock);
    routed = net_session_connect_url(c->session, c->path, c->conn_path, sizeof c->conn_path);
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

/* Sends the next message the session has due, one per writeable callback:
 * 0, or -1 (the connection is then closed). */
static int on_writeable(net_client *c, struct lws *wsi)
{
    char *text;
    unsigned char *buf;
    size_t len;
    int n;
    pthread_mutex_lock(&c->lock);
    text = net_session_next_out(c->session);
    pthread_mutex_unlock(&c->lock);
    if (text == NULL) {
        return 0;
    }
    len = strlen(text);
    buf = malloc(LWS_PRE + len);
    if (buf == NULL) {
        free(text);
        return -1;
    }
    memcpy(buf + LWS_PRE, text, len);
    free(text);
    n = lws_write(wsi, buf + LWS_PRE, len, LWS_WRITE_TEXT);
    free(buf);
    if (n < (int)len) {
        return -1;
    }
    lws_callback_on_writable(wsi); /* there may be more */
    return 0;
}

/* One whole message came. */
static void on_message(net_client *c, struct lws *wsi)
{
    int welcome, ping_ms;
    pthread_mutex_lock(&c->lock);
    welcome = net_session_received(c->session, c->rx, c->rx_len);
    ping_ms = net_session_ping_ms(c->session);
    signal_locked(c);
    pthread_mutex_unlock(&c->lock);
    if (welcome) {
        lws_set_timer_usecs(wsi, (lws_usec_t)ping_ms * NET_US_PER_MS);
    }
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
        pthread_mutex_lock(&c->lock);
        net_session_opened(c->session);
        pthread_mutex_unlock(&c->lock);
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
            if (!c->rx_skip) {
                on_message(c, wsi);
            }
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
    case LWS_CALLBACK_TIMER: {
        int ping_ms;
        pthread_mutex_lock(&c->lock);
        net_session_ping_due(c->session);
        ping_ms = net_session_ping_ms(c->session);
        pthread_mutex_unlock(&c->lock);
        if (ping_ms > 0) {
            lws_set_timer_usecs(wsi, (lws_usec_t)ping_ms * NET_US_PER_MS);
        }
        lws_callback_on_writable(wsi);
        break;
    }
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
    while (!net_session_started(c->session) && !c->stopping) {
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
    if (c == NULL || (c->rx = malloc(NET_RX_MAX)) == NULL ||
        (c->session = net_session_new(agent)) == NULL) {
        if (c != NULL) {
            free(c->rx);
        }
        free(c);
        snprintf(err, cap, "out of memory");
        return -1;
    }
    snprintf(c->host, sizeof c->host, "%s", host);
    /* lws_parse_uri() drops the path's leading '/'. */
    snprintf(c->path, sizeof c->path, "/%s", path);
    c->tls = strcmp(scheme, "wss") == 0;
    c->port = port;
    c->pipe_fd[0] = c->pipe_fd[1] = -1;
    if (pipe(c->pipe_fd) != 0) {
        snprintf(err, cap, "no pipe: %s", strerror(errno));
        net_session_free(c->session);
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
        net_session_free(c->session);
        free(c->rx);
        free(c);
        return -1;
    }
    *out = c;
    return 0;
}

void net_client_stop(net_client *c)
{
    if (c == NULL) {
        return;
    }
    pthread_mutex_lock(&c->lock);
    c->stopping = 1;
    net_session_stop(c->session);
    pthread_cond_broadcast(&c->cond);
    pthread_mutex_unlock(&c->lock);
    lws_cancel_service(c->ctx);
    pthread_join(c->thread, NULL);
    lws_context_destroy(c->ctx);
    close(c->pipe_fd[0]);
    close(c->pipe_fd[1]);
    pthread_mutex_destroy(&c->lock);
    pthread_cond_destroy(&c->cond);
    net_session_free(c->session);
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
    int rc;
    pthread_mutex_lock(&c->lock);
    rc = net_session_queue(c->session, text);
    pthread_cond_broadcast(&c->cond); /* the first request starts the connection */
    pthread_mutex_unlock(&c->lock);
    lws_cancel_service(c->ctx);
    return rc;
}

/* Takes the oldest event; the lock is held. */
static int take_locked(net_client *c, net_event *ev)
{
    int got = net_session_poll(c->session, ev);
    if (!net_session_has_events(c->session)) {
        char b;
        if (c->signalled && read(c->pipe_fd[0], &b, 1) == 1) {
            c->signalled = 0;
        }
    }
    return got;
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
