/* server_internal.h - what ttt-server's files share: the state (rooms,
 * connections, addresses, the server), the named constants, and the
 * functions one file calls in another. Not installed; server.h is the
 * interface.
 *
 * callback with a switch over reasons (the shape of libwebsockets'
 * minimal-ws-server), rooms checked by the engine, and the SQLite store.
 *
 * Everything runs on the one service thread, so nothing here locks.
 *
 * Acknowledgement after commit: every reply is queued on its connection
 * stamped with the number of the newest batch of store writes (the open
 * one, or the one being committed). A connection sends a reply only once
 * that batch has committed, so nobody ever sees a move, a room or a seat
 * that a crash could take back. A batch goes to the store's writer thread
 * group-commit-us after its first write (or, when the disk is slower, as
 * soon as the batch before it is committed), for all rooms at once; the
 * loop goes on serving while the disk works. A failed commit stops the
 * server: the database is the truth, and a restart reloads it.
 *
 * Each connection has: a receive buffer of max-message-bytes, a token
 * bucket for its message rate, a queue of replies bounded by
 * max-queue-bytes, and one timer (hello, then idle). Each address has: the
 * number of open rooms it created and a token bucket for join guesses. */
#ifndef TTT_SERVER_INTERNAL_H
#define TTT_SERVER_INTERNAL_H

#include <libwebsockets.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "proto.h"
#include "server.h"
#include "store.h"

#if defined(TTT_SERVER_LIBEV)
#include <ev.h>
#endif

#define ROOM_BUCKETS 4096
#define ADDR_BUCKETS 1024
#define ADDR_MAX 64
/* How often connections are looked at for the idle timeouts: one scan of
 * every connection a second, rather than a timer per connection reset by
 * every message (libwebsockets keeps its timers in a sorted list). */
#define IDLE_SCAN_US (1 * LWS_USEC_PER_SEC)
/* How often rooms nobody is in are looked at for expiry. */
#define EXPIRY_SCAN_US (10 * LWS_USEC_PER_SEC)
#define USEC_PER_SEC 1000000
/* ------------------------------------------------------------------------- */
/* State                                                                     */
/* ------------------------------------------------------------------------- */

typedef struct out_msg {
    struct out_msg *next;
    uint64_t batch; /* send once this batch has committed */
    size_t len;
    unsigned char buf[]; /* LWS_PRE bytes for libwebsockets, then the text */
} out_msg;

typedef struct addr_entry {
    struct addr_entry *next;
    char addr[ADDR_MAX];
    int rooms;          /* open rooms created from here */
    int conns;          /* connections from here now */
    double guesses;     /* the join-guess bucket */
    uint64_t refill_us; /* when it was last refilled */
} addr_entry;

struct session;

typedef struct room {
    struct room *bucket_next;
    struct room *prev, *next; /* every room, for the expiry scan */
    int64_t id;
    char code[PROTO_CODE_LEN + 1];
    int size, k, x_seat, game_no, resigned;
    ttt_game *game;
    int score[3];
    int rematch[2];
    int taken[2];
    char token[2][PROTO_TOKEN_LEN + 1];
    struct session *seat[2];
    struct session *watchers; /* linked through session::wnext */
    int nwatchers;
    addr_entry *creator;
    uint64_t empty_since_us;
} room;

/* Per-session data: allocated and zeroed by libwebsockets. */
typedef struct session {
    struct lws *wsi;
    addr_entry *ae;
    char addr[ADDR_MAX];
    int hello;
    room *room;
    int seat; /* 0, 1, or -1 watching */
    struct session *wprev, *wnext;
    out_msg *qhead, *qtail;
    size_t qbytes;
    int closing; /* close once the queue is sent */
    char *rx;    /* max-message-bytes + 1 */
    size_t rx_len;
    int rx_skip;   /* the message in progress is too large */
    double tokens; /* the message-rate bucket */
    uint64_t refill_us;
    int rate_warned; /* rate-limited was sent since the bucket ran dry */
    int counted;     /* counted in srv::conns and addr_entry::conns */
    int held;        /* on srv::held: a reply waits for the commit */
    struct session *held_prev, *held_next;
    uint64_t last_rx_us;                 /* when the last whole message came (or the connection) */
    int killed;                          /* srv_session_kill() was called */
    struct session *all_prev, *all_next; /* srv::sessions */
} session;

struct srv {
    const srv_config *cfg;
    const srv_limits *lim;
    struct lws_context *ctx;
    store *store;
    room *buckets[ROOM_BUCKETS];
    room *rooms;
    int nrooms;
    addr_entry *addrs[ADDR_BUCKETS];
    int conns;
    uint64_t batch;       /* number of the newest batch with writes */
    int numbered;         /* the open batch has writes (and so the number batch) */
    uint64_t committed;   /* the last batch committed */
    int commit_scheduled; /* the open batch's group-commit timer is set */
    int commit_due;       /* ... and has fired: submit once the writer is free */
    uint64_t inflight;    /* number of the batch the writer has */
    session *held;        /* connections with replies waiting for the commit */
    session *sessions;    /* every WebSocket connection, for the idle scan */
    lws_sorted_usec_list_t idle_sul;
    lws_sorted_usec_list_t commit_sul;
    lws_sorted_usec_list_t expiry_sul;
    struct lws_http_mount mount; /* --web: lives as long as the context */
    int port;                    /* the port listened on */
    void *evloop[1];             /* libev's loop, or NULL: libwebsockets' poll() */
#if defined(TTT_SERVER_LIBEV)
    ev_timer commit_timer; /* the group commit's, on evloop (server.c says why) */
#endif
    atomic_int stop;                          /* srv_stop() was called */
    int failed;                               /* a commit or write failed: stop, status 1 */
    const volatile sig_atomic_t *signal_stop; /* srv_run()'s, or NULL */
};

/* util.c ------------------------------------------------------------------ */

/* Microseconds on the monotonic clock. */
uint64_t srv_now_us(void);
/* One line per event that matters, on stderr (the journal under systemd). */
void srv_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A fresh seat token (hex of PROTO_TOKEN_BYTES random bytes). */
void srv_new_token(char out[PROTO_TOKEN_LEN + 1]);
/* A fresh room code, each letter equally likely; its first from @p shard
 * when it is not NULL (--shard: the proxy in front routes codes by their
 * first character). */
void srv_new_code(char out[PROTO_CODE_LEN + 1], const char *shard);
/* Compares tokens in time independent of where they differ. */
int srv_token_equal(const char *a, const char *b);
/* FNV-1a of @p s, for the room and address tables. */
unsigned srv_hash_text(const char *s);

/* limits.c ---------------------------------------------------------------- */

/* The entry of @p addr, made when new; NULL when out of memory. */
addr_entry *srv_addr_get(srv *sv, const char *addr);
/* Refills @p e's join-guess bucket up to now. */
void srv_guesses_refill(srv *sv, addr_entry *e);
/* Forgets @p e when nothing holds it (see limits.c). NULL is ignored. */
void srv_addr_release(srv *sv, addr_entry *e);
/* 0 when @p s's address has a join guess left, else -1. */
int srv_guess_allowed(srv *sv, session *s);
/* Spends one join guess of @p s's address. */
void srv_guess_spend(session *s);
/* Spends one message from the connection's bucket: 0, or -1 when empty. */
int srv_rate_allowed(srv *sv, session *s);

/* send.c ------------------------------------------------------------------ */

/* Closes @p s soon, logged with @p why. */
void srv_session_kill(session *s, const char *why);
/* Queues @p text (@p len bytes) for @p s, to go once the open batch commits. */
void srv_send_text(srv *sv, session *s, const char *text, size_t len);
/* Takes @p s off the list of connections waiting for a commit. */
void srv_held_remove(srv *sv, session *s);
/* Queues one reply for @p s. */
void srv_send_reply(srv *sv, session *s, const proto_reply *rep);
/* An error reply, logged; @p fatal closes the connection after it. */
void srv_send_error(srv *sv, session *s, const char *reason, int fatal, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* The room's whole state to everyone in it. */
void srv_broadcast_state(srv *sv, room *r);
/* The "joined" reply: @p seat 0 or 1 with its token, or -1 watching. */
void srv_send_joined(srv *sv, session *s, room *r, int seat);
/* Puts @p s on the list of connections woken by the next commit. */
void srv_hold(srv *sv, session *s);
/* After each turn of the loop: takes the writer thread's result (wakes
 * the connections whose replies it held; a failure stops the server) and
 * submits the next batch when due. */
void srv_collect(srv *sv);
/* The open batch's group-commit time is up (commit timer). */
void srv_commit_due(srv *sv);
/* Starts the commit timer: srv_commit_due() in group-commit-us (server.c). */
void srv_schedule_commit(srv *sv);
/* Commits everything pending now, waiting for the disk (at the stop). */
void srv_commit_now(srv *sv);
/* Called after every store write (@p ok: it succeeded): schedules the
 * batch's commit, or stops the server on a failure. */
void srv_wrote(srv *sv, int ok);

/* rooms.c ----------------------------------------------------------------- */

/* The open room of @p code, or NULL. */
room *srv_room_find(srv *sv, const char *code);
/* Adds @p r to the table and the list of rooms. */
void srv_room_link(srv *sv, room *r);
/* Takes @p r out of the table and frees it. */
void srv_room_free(srv *sv, room *r);
/* The room's status as the protocol says it. */
proto_status srv_room_status(const room *r);
/* 1 when the room's game is over. */
int srv_room_over(const room *r);
/* Takes @p s out of its room's seat or watchers. */
void srv_room_detach(session *s);
/* The requests that name or change a room; each sends its replies. */
void srv_do_create(srv *sv, session *s, const proto_request *q);
void srv_do_join(srv *sv, session *s, const proto_request *q);
void srv_do_resume(srv *sv, session *s, const proto_request *q);
void srv_do_move(srv *sv, session *s, const proto_request *q);
void srv_do_resign(srv *sv, session *s);
void srv_do_rematch(srv *sv, session *s);
/* store_load()'s callback: one stored room back into the table. */
int srv_reload_room(void *user, const store_room *sr);
/* The expiry scan, every EXPIRY_SCAN_US. */
void srv_expiry_cb(lws_sorted_usec_list_t *sul);

/* conn.c ------------------------------------------------------------------ */

/* The protocol callback of "ttt". */
int srv_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                 size_t len);
/* The hello and idle timeout scan, every IDLE_SCAN_US. */
void srv_idle_cb(lws_sorted_usec_list_t *sul);

#endif /* TTT_SERVER_INTERNAL_H */
