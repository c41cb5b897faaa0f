/* net_client.h - the online game's client library, for the terminal, the
 * desktop game and the browser: one connection to a ttt-server, run by
 * libwebsockets on a thread of its own (net_client.c), on Windows by
 * WinHTTP on threads of its own (net_client_win.c), or in a browser by the
 * browser's WebSocket (net_client_web.c, Emscripten), so the caller's loop
 * never waits on the network. The three are transports; the session's
 * logic below is net_session.c's, shared. The caller sends requests (queued, sent
 * in order once the connection is up) and polls events from a queue.
 *
 * Reconnection is the library's: when the connection drops it tries again
 * after a growing delay (NET_BACKOFF_MIN_MS doubling up to
 * NET_BACKOFF_MAX_MS), says hello, and takes the same place back: the seat
 * with the token of the last `joined` reply (a resume), or the room it
 * watched. Requests queued while it is away are sent after that. It stops
 * trying only after a fatal error that a retry cannot mend ("version",
 * "replaced") or net_client_stop(). It pings every third of the server's
 * idle timeout, so an idle player is not cut off.
 *
 * Routing: the first connection is made when the first request is queued,
 * and every connection's address names the room it is for
 * ("ws://HOST/?room=K7M2QX": the seat or room to take back, else the room
 * of a queued join, watch or resume; proto_connect_url()), so a proxy in
 * front of several servers sends it to the one holding the room
 * (docs/server.md, "More than one machine").
 *
 * Locking: every net_client_* function may be called from any one thread
 * (the caller's); the library's threads touch the session (its queues)
 * only under the client's lock, and net_client.c wakes its loop with
 * lws_cancel_service(), net_client_win.c its writer with a condition
 * variable.
 *
 * In the browser there is no thread: the calls must come from the page's
 * main thread (the game's loop), where the socket's events and the timers
 * also run, between frames; net_client_wait() does not wait there (it
 * polls) and net_client_fd() is -1. */
#ifndef TTT_NET_CLIENT_H
#define TTT_NET_CLIENT_H

#include <stddef.h>

#include "proto.h"

/* The first retry's delay and the longest, in milliseconds. */
#define NET_BACKOFF_MIN_MS 250
#define NET_BACKOFF_MAX_MS 4000

typedef struct net_client net_client;

typedef enum net_event_type {
    NET_EV_CONNECTED,    /* the server said welcome (again, after a drop) */
    NET_EV_DISCONNECTED, /* the connection dropped or failed; retry_ms until the next try */
    NET_EV_REPLY,        /* a message from the server, in reply */
    NET_EV_STOPPED       /* no more tries (a fatal error came before it as a reply) */
} net_event_type;

typedef struct net_event {
    net_event_type type;
    int retry_ms;      /* DISCONNECTED */
    proto_reply reply; /* REPLY */
} net_event;

/* Starts a client for @p url ("ws://HOST[:PORT][/PATH]" or "wss://..."),
 * introducing itself as @p agent; it connects with the first request
 * queued. For wss:// the server's certificate is checked against the
 * system's authorities (OpenSSL's; SSL_CERT_FILE names another file of
 * them; in the browser, the browser's; on Windows, Windows' store). 0, or -1 with a sentence in
 * @p err. */
int net_client_start(const char *url, const char *agent, net_client **out, char *err, size_t cap);

/* Stops the thread, closes the connection and frees everything. NULL is
 * ignored. */
void net_client_stop(net_client *c);

/* Queues @p req to be sent (after the next welcome, when not connected).
 * 0, or -1 when memory runs out. */
int net_client_send(net_client *c, const proto_request *req);

/* Queues @p text to be sent as it is, unchecked: for tests and tools that
 * show how the server answers what a client should not send. 0 or -1. */
int net_client_send_text(net_client *c, const char *text);

/* Moves the oldest event into @p ev: 1, or 0 when there is none. */
int net_client_poll(net_client *c, net_event *ev);

/* As net_client_poll(), waiting up to @p timeout_ms (-1: for ever); in the
 * browser it does not wait. */
int net_client_wait(net_client *c, net_event *ev, int timeout_ms);

/* A file descriptor that is readable while events are queued, for poll()
 * beside others (the terminal's standard input). Do not read it. -1 in the
 * browser and on Windows. */
int net_client_fd(const net_client *c);

#endif /* TTT_NET_CLIENT_H */
