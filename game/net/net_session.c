/* net_session.c - the client's session logic of net_session.h, shared by
 * every transport: hello, the rejoin by token, the request queue, pings,
 * the backoff between tries and the events for the caller. Pure: no
 * sockets, no threads, no clock. */
#include "net_session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Pings go this many times per idle timeout the server announced. */
#define NET_PINGS_PER_IDLE 3
#define NET_MS_PER_S 1000

typedef struct out_req {
    struct out_req *next;
    char text[];
} out_req;

typedef struct ev_node {
    struct ev_node *next;
    net_event ev;
} ev_node;

struct net_session {
    char agent[PROTO_AGENT_MAX];
    int open;           /* the transport's connection is up */
    int hello_sent;     /* on this connection */
    int welcomed;       /* welcome received on this connection */
    int rejoin_pending; /* the rejoin is to be sent / awaits its answer */
    int rejoin_sent;
    int have_rejoin;
    proto_request rejoin; /* resume or watch, from the last joined */
    int ping_due;
    int ping_ms;
    int started; /* a request was queued: connections are made */
    int give_up; /* a fatal error no retry mends, or stopped */
    int stopped_sent;
    int backoff_ms;
    out_req *out_head, *out_tail;
    ev_node *ev_head, *ev_tail;
};

net_session *net_session_new(const char *agent)
{
    net_session *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return NULL;
    }
    snprintf(s->agent, sizeof s->agent, "%s", agent);
    s->backoff_ms = NET_BACKOFF_MIN_MS;
    return s;
}

void net_session_free(net_session *s)
{
    out_req *m;
    ev_node *e;
    if (s == NULL) {
        return;
    }
    while ((m = s->out_head) != NULL) {
        s->out_head = m->next;
        free(m);
    }
    while ((e = s->ev_head) != NULL) {
        s->ev_head = e->next;
        free(e);
    }
    free(s);
}

/* ------------------------------------------------------------------------
 * The queues
 * ------------------------------------------------------------------------ */

static void push_event(net_session *s, const net_event *ev)
{
    ev_node *n = malloc(sizeof *n);
    if (n == NULL) {
        return; /* out of memory: the event is lost, the session goes on */
    }
    n->next = NULL;
    n->ev = *ev;
    if (s->ev_tail != NULL) {
        s->ev_tail->next = n;
    } else {
        s->ev_head = n;
    }
    s->ev_tail = n;
}

static void push_simple(net_session *s, net_event_type type, int retry_ms)
{
    net_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.retry_ms = retry_ms;
    push_event(s, &ev);
}

int net_session_queue(net_session *s, const char *text)
{
    size_t len = strlen(text);
    out_req *m = malloc(sizeof *m + len + 1);
    if (m == NULL) {
        return -1;
    }
    m->next = NULL;
    memcpy(m->text, text, len + 1);
    if (s->out_tail != NULL) {
        s->out_tail->next = m;
    } else {
        s->out_head = m;
    }
    s->out_tail = m;
    s->started = 1;
    return 0;
}

int net_session_started(const net_session *s)
{
    return s->started;
}

int net_session_connect_url(const net_session *s, const char *base, char *out, size_t cap)
{
    const char *first = s->out_head != NULL ? s->out_head->text : NULL;
    return proto_connect_url(base, s->have_rejoin ? &s->rejoin : NULL, first,
                             first != NULL ? strlen(first) : 0, out, cap);
}

int net_session_poll(net_session *s, net_event *ev)
{
    ev_node *n = s->ev_head;
    if (n == NULL) {
        return 0;
    }
    s->ev_head = n->next;
    if (s->ev_head == NULL) {
        s->ev_tail = NULL;
    }
    *ev = n->ev;
    free(n);
    return 1;
}

int net_session_has_events(const net_session *s)
{
    return s->ev_head != NULL;
}

/* ------------------------------------------------------------------------
 * The connection's life
 * ------------------------------------------------------------------------ */

void net_session_opened(net_session *s)
{
    s->open = 1;
    s->hello_sent = s->welcomed = s->rejoin_sent = s->ping_due = 0;
}

/* Updates the session from a reply; 1 for a welcome. */
static int on_reply(net_session *s, const proto_reply *rep)
{
    net_event ev;
    int welcome = 0;
    switch (rep->type) {
    case PROTO_REP_WELCOME:
        s->welcomed = 1;
        welcome = 1;
        s->backoff_ms = NET_BACKOFF_MIN_MS;
        s->ping_ms = rep->idle_timeout_s / NET_PINGS_PER_IDLE * NET_MS_PER_S;
        if (s->ping_ms < NET_MS_PER_S) {
            s->ping_ms = NET_MS_PER_S;
        }
        s->rejoin_pending = s->have_rejoin;
        s->rejoin_sent = 0;
        push_simple(s, NET_EV_CONNECTED, 0);
        break;
    case PROTO_REP_JOINED:
        s->have_rejoin = 1;
        memset(&s->rejoin, 0, sizeof s->rejoin);
        memcpy(s->rejoin.code, rep->code, sizeof s->rejoin.code);
        if (rep->seat >= 0) {
            s->rejoin.type = PROTO_REQ_RESUME;
            memcpy(s->rejoin.token, rep->token, sizeof s->rejoin.token);
        } else {
            s->rejoin.type = PROTO_REQ_WATCH;
        }
        s->rejoin_pending = 0;
        break;
    case PROTO_REP_ERROR:
        if (s->rejoin_pending && s->rejoin_sent) {
            /* The place is gone (the room expired, the seat was never
             * ours): say so and go on without it. */
            s->rejoin_pending = 0;
            s->have_rejoin = 0;
        }
        if (rep->fatal &&
            (strcmp(rep->reason, "version") == 0 || strcmp(rep->reason, "replaced") == 0 ||
             strcmp(rep->reason, "hello-first") == 0)) {
            s->give_up = 1;
        }
        break;
    case PROTO_REP_STATE: break;
    case PROTO_REP_PONG: return 0;
    }
    memset(&ev, 0, sizeof ev);
    ev.type = NET_EV_REPLY;
    ev.reply = *rep;
    push_event(s, &ev);
    return welcome;
}

int net_session_received(net_session *s, const char *text, size_t len)
{
    proto_reply *rep = malloc(sizeof *rep);
    int welcome = 0;
    if (rep != NULL && proto_parse_reply(text, len, rep) == 0) {
        welcome = on_reply(s, rep);
    }
    free(rep);
    return welcome;
}

void net_session_ping_due(net_session *s)
{
    if (s->open && s->welcomed) {
        s->ping_due = 1;
    }
}

int net_session_ping_ms(const net_session *s)
{
    return s->welcomed ? s->ping_ms : 0;
}

/* A request of @p type with nothing else in it, as text. */
static char *simple_request(proto_request_type type, const char *agent)
{
    proto_request q;
    memset(&q, 0, sizeof q);
    q.type = type;
    if (type == PROTO_REQ_HELLO) {
        q.version = PROTO_VERSION;
        snprintf(q.agent, sizeof q.agent, "%s", agent);
    }
    return proto_write_request(&q);
}

char *net_session_next_out(net_session *s)
{
    out_req *m;
    char *text;
    if (!s->open) {
        return NULL;
    }
    if (!s->hello_sent) {
        s->hello_sent = 1;
        return simple_request(PROTO_REQ_HELLO, s->agent);
    }
    if (!s->welcomed) {
        return NULL;
    }
    if (s->rejoin_pending) {
        if (s->rejoin_sent) {
            return NULL; /* the rest waits for its answer */
        }
        s->rejoin_sent = 1;
        return proto_write_request(&s->rejoin);
    }
    if (s->ping_due) {
        s->ping_due = 0;
        return simple_request(PROTO_REQ_PING, s->agent);
    }
    m = s->out_head;
    if (m == NULL) {
        return NULL;
    }
    text = malloc(strlen(m->text) + 1);
    if (text == NULL) {
        return NULL; /* kept: tried again on the next call */
    }
    strcpy(text, m->text);
    s->out_head = m->next;
    if (s->out_head == NULL) {
        s->out_tail = NULL;
    }
    free(m);
    return text;
}

int net_session_closed(net_session *s)
{
    int delay_ms = s->backoff_ms;
    s->open = 0;
    s->hello_sent = s->welcomed = s->rejoin_sent = s->ping_due = 0;
    if (s->give_up) {
        if (!s->stopped_sent) {
            s->stopped_sent = 1;
            push_simple(s, NET_EV_STOPPED, 0);
        }
        return -1;
    }
    push_simple(s, NET_EV_DISCONNECTED, delay_ms);
    s->backoff_ms = s->backoff_ms * 2 > NET_BACKOFF_MAX_MS ? NET_BACKOFF_MAX_MS : s->backoff_ms * 2;
    return delay_ms;
}

void net_session_stop(net_session *s)
{
    s->give_up = 1;
}

int net_session_given_up(const net_session *s)
{
    return s->give_up;
}
