/* conn.c - ttt-server's connections: the libwebsockets protocol callback
 * (one switch over reasons, as in libwebsockets' minimal-ws-server), the
 * reassembly of a message from its frames, the dispatch of a request, and
 * the hello and idle timeouts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_internal.h"
#include "ttt/version.h"

static void handle_message(srv *sv, session *s, const char *text, size_t len)
{
    proto_request q;
    char detail[PROTO_MESSAGE_MAX];
    proto_parse_status ps = proto_parse_request(text, len, &q, detail, sizeof detail);

    if (ps != PROTO_PARSE_OK) {
        srv_send_error(sv, s, proto_parse_reason(ps), 0, "%s", detail);
        return;
    }
    if (!s->hello && q.type != PROTO_REQ_HELLO) {
        srv_send_error(sv, s, "hello-first", 1, "the first message must be hello");
        return;
    }
    switch (q.type) {
    case PROTO_REQ_HELLO: {
        proto_reply rep;
        if (q.version != PROTO_VERSION) {
            srv_send_error(sv, s, "version", 1,
                           "this server speaks protocol version %d, the client %d: please update "
                           "the %s",
                           PROTO_VERSION, q.version,
                           q.version < PROTO_VERSION ? "client" : "server");
            return;
        }
        s->hello = 1;
        memset(&rep, 0, sizeof rep);
        rep.type = PROTO_REP_WELCOME;
        rep.version = PROTO_VERSION;
        snprintf(rep.agent, sizeof rep.agent, "ttt-server %s", TTT_VERSION_STRING);
        rep.max_message_bytes = sv->lim->max_message_bytes;
        rep.idle_timeout_s = sv->lim->idle_timeout_s;
        srv_send_reply(sv, s, &rep);
        return;
    }
    case PROTO_REQ_CREATE:
    case PROTO_REQ_JOIN:
    case PROTO_REQ_WATCH:
    case PROTO_REQ_RESUME:
        if (s->room != NULL) {
            srv_send_error(sv, s, "already-in-room", 0, "this connection is in room %s",
                           s->room->code);
            return;
        }
        if (q.type == PROTO_REQ_CREATE) {
            srv_do_create(sv, s, &q);
        } else if (q.type == PROTO_REQ_RESUME) {
            srv_do_resume(sv, s, &q);
        } else {
            srv_do_join(sv, s, &q);
        }
        return;
    case PROTO_REQ_MOVE: srv_do_move(sv, s, &q); return;
    case PROTO_REQ_RESIGN: srv_do_resign(sv, s); return;
    case PROTO_REQ_REMATCH: srv_do_rematch(sv, s); return;
    case PROTO_REQ_PING: {
        proto_reply rep;
        memset(&rep, 0, sizeof rep);
        rep.type = PROTO_REP_PONG;
        srv_send_reply(sv, s, &rep);
        return;
    }
    }
}

static void on_receive(srv *sv, session *s, const char *in, size_t len)
{
    const size_t max = (size_t)sv->lim->max_message_bytes;
    if (s->closing || sv->failed) {
        return;
    }
    if (!s->rx_skip && s->rx_len + len <= max) {
        memcpy(s->rx + s->rx_len, in, len);
        s->rx_len += len;
    } else {
        s->rx_skip = 1;
    }
    if (!lws_is_final_fragment(s->wsi) || lws_remaining_packet_payload(s->wsi) > 0) {
        return;
    }
    s->last_rx_us = srv_now_us();
    if (srv_rate_allowed(sv, s) != 0) {
        if (!s->rate_warned) {
            s->rate_warned = 1;
            srv_send_error(sv, s, "rate-limited", 0,
                           "more than %d messages a second; messages are dropped until it slows "
                           "(message-rate)",
                           sv->lim->message_rate);
        }
    } else {
        s->rate_warned = 0;
        if (s->rx_skip) {
            srv_send_error(sv, s, "too-large", 0,
                           "a message may have at most %zu bytes "
                           "(max-message-bytes)",
                           max);
        } else {
            handle_message(sv, s, s->rx, s->rx_len);
        }
    }
    s->rx_len = 0;
    s->rx_skip = 0;
}

/* ------------------------------------------------------------------------- */
/* The protocol callback                                                     */
/* ------------------------------------------------------------------------- */

static void session_free(srv *sv, session *s)
{
    room *r = s->room;
    int seat = s->seat;
    out_msg *m;
    srv_room_detach(s);
    if (r != NULL) {
        if (seat >= 0) {
            srv_log("room %s: seat %d left", r->code, seat);
        }
        srv_broadcast_state(sv, r);
    }
    srv_held_remove(sv, s);
    while ((m = s->qhead) != NULL) {
        s->qhead = m->next;
        free(m);
    }
    s->qtail = NULL;
    free(s->rx);
    s->rx = NULL;
    if (s->counted) {
        if (s->all_prev != NULL) {
            s->all_prev->all_next = s->all_next;
        } else {
            sv->sessions = s->all_next;
        }
        if (s->all_next != NULL) {
            s->all_next->all_prev = s->all_prev;
        }
        sv->conns--;
        s->ae->conns--;
        srv_addr_release(sv, s->ae);
    }
    s->wsi = NULL;
}

/* An IPv4 peer on a dual-stack socket is ::ffff:a.b.c.d: one address, one
 * name, for the per-address limits and the log. */
static void unmap_ipv4(char *addr)
{
    if (strncmp(addr, "::ffff:", 7) == 0 && strchr(addr + 7, '.') != NULL) {
        memmove(addr, addr + 7, strlen(addr + 7) + 1);
    }
}

/* The address a connection counts as: the TCP peer's, or, when the peer is
 * the trusted proxy (--proxy), the last address in the X-Forwarded-For
 * header of the upgrade request (the one that proxy wrote; a client's own
 * entries come before it). A header that holds no address is ignored. */
static void peer_address(const srv *sv, struct lws *wsi, char out[ADDR_MAX])
{
    char xff[ADDR_MAX * 4];
    const char *last;
    size_t len;
    lws_get_peer_simple(wsi, out, ADDR_MAX);
    unmap_ipv4(out);
    if (sv->cfg->proxy == NULL || strcmp(out, sv->cfg->proxy) != 0 ||
        lws_hdr_copy(wsi, xff, (int)sizeof xff, WSI_TOKEN_X_FORWARDED_FOR) <= 0) {
        return;
    }
    last = strrchr(xff, ',');
    last = last != NULL ? last + 1 : xff;
    last += strspn(last, " \t");
    len = strspn(last, "0123456789abcdefABCDEF.:");
    if (len > 0 && len < ADDR_MAX && last[len + strspn(last + len, " \t")] == '\0') {
        memcpy(out, last, len);
        out[len] = '\0';
        unmap_ipv4(out);
    }
}

int srv_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                 size_t len)
{
    srv *sv = lws_context_user(lws_get_context(wsi));
    session *s = user;

    switch (reason) {
    case LWS_CALLBACK_ESTABLISHED:
        s->wsi = wsi;
        s->seat = -1;
        peer_address(sv, wsi, s->addr);
        s->ae = srv_addr_get(sv, s->addr);
        s->rx = malloc((size_t)sv->lim->max_message_bytes + 1);
        if (s->ae == NULL || s->rx == NULL) {
            return -1;
        }
        s->counted = 1;
        sv->conns++;
        s->ae->conns++;
        s->tokens = sv->lim->message_burst;
        s->refill_us = srv_now_us();
        s->last_rx_us = s->refill_us;
        s->all_prev = NULL;
        s->all_next = sv->sessions;
        if (sv->sessions != NULL) {
            sv->sessions->all_prev = s;
        }
        sv->sessions = s;
        if (sv->conns > sv->lim->max_connections) {
            srv_send_error(sv, s, "server-full", 1,
                           "the server holds %d connections (max-connections)",
                           sv->lim->max_connections);
        }
        break;

    case LWS_CALLBACK_RECEIVE: on_receive(sv, s, in, len); break;

    case LWS_CALLBACK_SERVER_WRITEABLE: {
        out_msg *m = s->qhead;
        if (m != NULL && m->batch <= sv->committed) {
            if (lws_write(wsi, m->buf + LWS_PRE, m->len, LWS_WRITE_TEXT) < (int)m->len) {
                return -1;
            }
            s->qhead = m->next;
            if (s->qhead == NULL) {
                s->qtail = NULL;
            }
            s->qbytes -= m->len;
            free(m);
            m = s->qhead;
            if (m != NULL && m->batch <= sv->committed) {
                lws_callback_on_writable(wsi);
            }
        }
        if (m != NULL && m->batch > sv->committed) {
            /* A reply of a batch not yet committed. */
            srv_hold(sv, s);
        }
        if (s->qhead == NULL && s->closing) {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, NULL, 0);
            return -1;
        }
        break;
    }

    case LWS_CALLBACK_CLOSED: session_free(sv, s); break;

    default:
        /* Plain HTTP (the --web files) is the library's own. */
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
    return 0;
}

/* ------------------------------------------------------------------------- */

/* The idle timeouts: an error, then the connection closes after it; one
 * that does not even take the error is cut off after as long again. */
void srv_idle_cb(lws_sorted_usec_list_t *sul)
{
    srv *sv = lws_container_of(sul, srv, idle_sul);
    uint64_t now = srv_now_us();
    session *s;
    for (s = sv->sessions; s != NULL; s = s->all_next) {
        int limit_s = s->hello ? sv->lim->idle_timeout_s : sv->lim->hello_timeout_s;
        uint64_t idle = now - s->last_rx_us, limit = (uint64_t)limit_s * USEC_PER_SEC;
        if (idle >= 2 * limit) {
            srv_session_kill(s, "it took no reply after its idle timeout");
        } else if (idle >= limit && !s->closing) {
            srv_send_error(sv, s, "idle", 1, "no message for %d seconds (%s)", limit_s,
                           s->hello ? "idle-timeout-s" : "hello-timeout-s");
        }
    }
    lws_sul_schedule(sv->ctx, 0, sul, srv_idle_cb, IDLE_SCAN_US);
}
