/* net_session.h - what a client of the online game does on top of a
 * WebSocket, whatever carries it: the logic that net_client.c
 * (libwebsockets), net_client_web.c (the browser's WebSocket) and
 * net_client_win.c (WinHTTP) share. No sockets, no threads, no clock:
 * a transport tells the session what happened (opened, a text message came,
 * closed, the ping timer rang) and asks it what to send next, when to try
 * again and how often to ping; the caller's requests and the events it
 * polls go through the session's two queues.
 *
 * What it does (net_client.h says it to the caller):
 *   - on open: `hello` first; after `welcome`, the rejoin (a `resume` with
 *     the token of the last `joined` that gave a seat, or a `watch` of the
 *     room watched), then the queued requests in order, then pings;
 *   - a `joined` reply replaces the place to take back; an error answering
 *     the rejoin forgets it (the room expired, the seat is gone);
 *   - on close: NET_EV_DISCONNECTED with the delay before the next try,
 *     NET_BACKOFF_MIN_MS doubling to NET_BACKOFF_MAX_MS, back to the
 *     minimum after a welcome; after a fatal error that no retry mends
 *     ("version", "replaced", "hello-first") or net_session_stop(), no more
 *     tries: NET_EV_STOPPED, once;
 *   - every reply but `pong` becomes a NET_EV_REPLY, in order.
 *
 * Usage by a transport (one connection at a time):
 *
 *     net_session *s = net_session_new("ttt 1.0.0");
 *     once net_session_started(s), connect to the address
 *     net_session_connect_url(s, base, ...) gives; when it is open:
 *                                     net_session_opened(s);
 *     while ((text = net_session_next_out(s)) != NULL) { send it; free(text); }
 *     on a text message:              if (net_session_received(s, t, n)) arm
 *                                     the ping timer (net_session_ping_ms)
 *     on the ping timer:              net_session_ping_due(s); send what is due
 *     on close or a failed connect:   ms = net_session_closed(s);
 *                                     ms >= 0: connect again in ms; -1: stop
 *
 * Threads: none of its own and no locks: a transport that calls it from two
 * threads holds its own lock around every call. */
#ifndef TTT_NET_SESSION_H
#define TTT_NET_SESSION_H

#include <stddef.h>

#include "net_client.h"

typedef struct net_session net_session;

/* A session introducing itself as @p agent (cut to PROTO_AGENT_MAX - 1
 * bytes), not connected. NULL when memory runs out. */
net_session *net_session_new(const char *agent);

/* Frees the session and whatever is still queued. NULL is ignored. */
void net_session_free(net_session *s);

/* Queues @p text (one request, as it is) to be sent in order once the
 * session is welcomed and has its place back. 0, or -1 out of memory. */
int net_session_queue(net_session *s, const char *text);

/* Moves the oldest event into @p ev: 1, or 0 when there is none. */
int net_session_poll(net_session *s, net_event *ev);

/* Non-zero while events wait for net_session_poll(). */
int net_session_has_events(const net_session *s);

/* Non-zero once a request was queued: the first connection waits for the
 * first request, so that its address can name the room it is for. */
int net_session_started(const net_session *s);

/* The address for the next connection, into @p out (@p cap bytes): @p base
 * (a "ws://HOST[:PORT][/PATH]" address, or only its path) with the room it
 * is for ("?room=K7M2QX": the place to take back, else the room of the
 * first queued join, watch or resume), as proto_connect_url() writes it,
 * for a proxy that routes by room. 0, or -1 when @p out is too small. */
int net_session_connect_url(const net_session *s, const char *base, char *out, size_t cap);

/* The transport's connection is open: `hello` is due. */
void net_session_opened(net_session *s);

/* One whole text message of @p len bytes came from the server. Text that is
 * not a reply is dropped. 1 when it was the `welcome` (the transport arms
 * its ping timer every net_session_ping_ms()), else 0. */
int net_session_received(net_session *s, const char *text, size_t len);

/* The ping timer rang: a `ping` is due (if still welcomed). */
void net_session_ping_due(net_session *s);

/* The ping timer's period in milliseconds, from the server's idle timeout
 * (a third of it, at least a second); 0 before a welcome. */
int net_session_ping_ms(const net_session *s);

/* The next text message to send now (malloc'd: the caller frees it), or
 * NULL when nothing is due yet. A message whose send fails is lost with the
 * connection (a request carries its `ply`, so resending one is the
 * caller's choice). */
char *net_session_next_out(net_session *s);

/* The connection closed, or the attempt failed. The delay in milliseconds
 * before the transport tries again (a NET_EV_DISCONNECTED is queued with
 * it), or -1: no more tries (NET_EV_STOPPED is queued, once). */
int net_session_closed(net_session *s);

/* No more tries after this connection: the next net_session_closed()
 * returns -1. */
void net_session_stop(net_session *s);

/* Non-zero when the session will not try again (stopped, or a fatal error
 * no retry mends). */
int net_session_given_up(const net_session *s);

#endif /* TTT_NET_SESSION_H */
