/* server.c - ttt-server's loop: one libwebsockets context, one protocol
 * callback with a switch over reasons (the shape of libwebsockets'
 * minimal-ws-server), rooms checked by the engine, and the SQLite store.
 *
 * Everything runs on the one service thread, so nothing here locks.
 *
 * Acknowledgement after commit: every reply is queued on its connection
 * stamped with the number of the store's batch that was open when it was
 * queued (0 when none was). A connection sends a reply only once that
 * batch has committed, so nobody ever sees a move, a room or a seat that a
 * crash could take back. A batch commits GROUP_COMMIT after its first write
 * (limit group-commit-us), for all rooms at once. A failed commit stops the
 * server: the database is the truth, and a restart reloads it.
 *
 * Each connection has: a receive buffer of max-message-bytes, a token
 * bucket for its message rate, a queue of replies bounded by
 * max-queue-bytes, and one timer (hello, then idle). Each address has: the
 * number of open rooms it created and a token bucket for join guesses. */
#include "server.h"

#include <cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <libwebsockets.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "proto.h"
#include "store.h"
#include "ttt/version.h"

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

const srv_limit_info srv_limit_table[] = {
    {"max-message-bytes", offsetof(srv_limits, max_message_bytes), 1024, 64, 65536,
     "largest message a client may send (all its frames); larger ones get too-large"},
    {"message-rate", offsetof(srv_limits, message_rate), 20, 1, 100000,
     "messages a second a connection may send on average; more get rate-limited"},
    {"message-burst", offsetof(srv_limits, message_burst), 40, 1, 100000,
     "messages a connection may send at once"},
    {"rooms-per-address", offsetof(srv_limits, rooms_per_address), 10, 1, 1000000,
     "open rooms one address may have created; more get too-many-rooms"},
    {"join-guesses", offsetof(srv_limits, join_guesses), 10, 1, 1000000,
     "unknown room codes or wrong tokens one address may try at once"},
    {"join-guesses-per-min", offsetof(srv_limits, join_guesses_per_min), 10, 1, 1000000,
     "... and then each minute; more get join-limited"},
    {"hello-timeout-s", offsetof(srv_limits, hello_timeout_s), 10, 1, 3600,
     "seconds a new connection has to send hello"},
    {"idle-timeout-s", offsetof(srv_limits, idle_timeout_s), 60, 2, 86400,
     "seconds without a message (clients ping) before a connection is closed"},
    {"max-connections", offsetof(srv_limits, max_connections), 10000, 1, 1000000,
     "WebSocket connections at once; more get server-full"},
    {"max-queue-bytes", offsetof(srv_limits, max_queue_bytes), 262144, 4096, 1 << 30,
     "replies waiting for a connection that does not read before it is cut off"},
    {"room-expiry-s", offsetof(srv_limits, room_expiry_s), 86400, 1, 1 << 30,
     "seconds a room stays open with nobody connected, then it is closed"},
    {"group-commit-us", offsetof(srv_limits, group_commit_us), 2000, 0, 1000000,
     "microseconds a write waits so that one commit serves many moves"},
};
const size_t srv_limit_count = sizeof srv_limit_table / sizeof srv_limit_table[0];

void srv_limits_default(srv_limits *limits)
{
    size_t i;
    for (i = 0; i < srv_limit_count; i++) {
        *(int *)((char *)limits + srv_limit_table[i].offset) = srv_limit_table[i].def;
    }
}

int srv_limits_set(srv_limits *limits, const char *assignment, char *err, size_t cap)
{
    const char *eq = strchr(assignment, '=');
    size_t i;
    if (eq == NULL) {
        snprintf(err, cap, "--limit wants NAME=VALUE, not '%s'", assignment);
        return -1;
    }
    for (i = 0; i < srv_limit_count; i++) {
        const srv_limit_info *l = &srv_limit_table[i];
        if (strlen(l->name) == (size_t)(eq - assignment) &&
            strncmp(l->name, assignment, (size_t)(eq - assignment)) == 0) {
            char *end;
            long v;
            errno = 0;
            v = strtol(eq + 1, &end, 10);
            if (errno != 0 || end == eq + 1 || *end != '\0' || v < l->min || v > l->max) {
                snprintf(err, cap, "limit %s must be a whole number from %d to %d", l->name, l->min,
                         l->max);
                return -1;
            }
            *(int *)((char *)limits + l->offset) = (int)v;
            return 0;
        }
    }
    snprintf(err, cap, "unknown limit '%.*s' (ttt-server --help lists them)",
             (int)(eq - assignment), assignment);
    return -1;
}

/* ------------------------------------------------------------------------- */
/* State                                                                     */
/* ------------------------------------------------------------------------- */

typedef struct out_msg {
    struct out_msg *next;
    uint64_t batch; /* send once this batch has committed (0: at once) */
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
    int killed;                          /* session_kill() was called */
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
    uint64_t batch;     /* number of the open (or last) batch */
    uint64_t committed; /* the last batch committed */
    int commit_scheduled;
    session *held;     /* connections with replies waiting for the commit */
    session *sessions; /* every WebSocket connection, for the idle scan */
    lws_sorted_usec_list_t idle_sul;
    lws_sorted_usec_list_t commit_sul;
    lws_sorted_usec_list_t expiry_sul;
    struct lws_http_mount mount;              /* --web: lives as long as the context */
    int port;                                 /* the port listened on */
    atomic_int stop;                          /* srv_stop() was called */
    int failed;                               /* a commit or write failed: stop, status 1 */
    const volatile sig_atomic_t *signal_stop; /* srv_run()'s, or NULL */
};

/* srv_run()'s signal handler sets this; srv_service() looks at it. */
static volatile sig_atomic_t signalled_stop;

static uint64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * USEC_PER_SEC + (uint64_t)ts.tv_nsec / 1000;
}

/* One line per event that matters, on stderr (the journal under systemd). */
static void log_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void log_line(const char *fmt, ...)
{
    va_list ap;
    fputs("ttt-server: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
}

/* Random bytes from the OS; exits when there are none (no safe tokens). */
static void random_bytes(unsigned char *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(buf + got, n - got, 0);
        if (r < 0) {
            if (errno == EINTR) {
                continue;
            }
            log_line("no random numbers from the system: %s", strerror(errno));
            exit(1);
        }
        got += (size_t)r;
    }
}

static void new_token(char out[PROTO_TOKEN_LEN + 1])
{
    static const char hex[] = "0123456789abcdef";
    unsigned char b[PROTO_TOKEN_BYTES];
    int i;
    random_bytes(b, sizeof b);
    for (i = 0; i < PROTO_TOKEN_BYTES; i++) {
        out[2 * i] = hex[b[i] >> 4];
        out[2 * i + 1] = hex[b[i] & 15];
    }
    out[PROTO_TOKEN_LEN] = '\0';
}

/* A random room code; its first character from @p shard when it is not
 * NULL (--shard: the proxy in front routes codes by their first
 * character). */
static void new_code(char out[PROTO_CODE_LEN + 1], const char *shard)
{
    int i = 0;
    while (i < PROTO_CODE_LEN) {
        const char *set = i == 0 && shard != NULL ? shard : PROTO_CODE_ALPHABET;
        const size_t n = strlen(set);
        unsigned char b;
        random_bytes(&b, 1);
        /* Only bytes below the largest multiple of n, so every letter is
         * equally likely. */
        if (b < 256 - 256 % n) {
            out[i++] = set[b % n];
        }
    }
    out[PROTO_CODE_LEN] = '\0';
}

/* Compares tokens in time independent of where they differ. */
static int token_equal(const char *a, const char *b)
{
    unsigned diff = 0;
    int i;
    for (i = 0; i < PROTO_TOKEN_LEN; i++) {
        diff |= (unsigned)(unsigned char)a[i] ^ (unsigned)(unsigned char)b[i];
    }
    return diff == 0 && a[0] != '\0';
}

static unsigned hash_text(const char *s)
{
    unsigned h = 2166136261u;
    while (*s) {
        h = (h ^ (unsigned char)*s++) * 16777619u;
    }
    return h;
}

static addr_entry *addr_get(srv *sv, const char *addr)
{
    unsigned b = hash_text(addr) % ADDR_BUCKETS;
    addr_entry *e;
    for (e = sv->addrs[b]; e != NULL; e = e->next) {
        if (strcmp(e->addr, addr) == 0) {
            return e;
        }
    }
    e = calloc(1, sizeof *e);
    if (e == NULL) {
        return NULL;
    }
    snprintf(e->addr, sizeof e->addr, "%s", addr);
    e->guesses = sv->lim->join_guesses;
    e->refill_us = now_us();
    e->next = sv->addrs[b];
    sv->addrs[b] = e;
    return e;
}

/* Refills @p e's join-guess bucket up to now. */
static void guesses_refill(srv *sv, addr_entry *e)
{
    uint64_t now = now_us();
    e->guesses += (double)(now - e->refill_us) * sv->lim->join_guesses_per_min / 60e6;
    if (e->guesses > sv->lim->join_guesses) {
        e->guesses = sv->lim->join_guesses;
    }
    e->refill_us = now;
}

/* Forgets an address that has no rooms, no connections and a full guess
 * bucket (forgetting one that guessed would let it start again by
 * reconnecting; the expiry scan forgets it once the bucket is full). */
static void addr_release(srv *sv, addr_entry *e)
{
    addr_entry **p;
    if (e == NULL || e->rooms > 0 || e->conns > 0) {
        return;
    }
    guesses_refill(sv, e);
    if (e->guesses < sv->lim->join_guesses) {
        return;
    }
    for (p = &sv->addrs[hash_text(e->addr) % ADDR_BUCKETS]; *p != NULL; p = &(*p)->next) {
        if (*p == e) {
            *p = e->next;
            free(e);
            return;
        }
    }
}

static room *room_find(srv *sv, const char *code)
{
    room *r;
    for (r = sv->buckets[hash_text(code) % ROOM_BUCKETS]; r != NULL; r = r->bucket_next) {
        if (strcmp(r->code, code) == 0) {
            return r;
        }
    }
    return NULL;
}

static void room_link(srv *sv, room *r)
{
    unsigned b = hash_text(r->code) % ROOM_BUCKETS;
    r->bucket_next = sv->buckets[b];
    sv->buckets[b] = r;
    r->next = sv->rooms;
    if (sv->rooms != NULL) {
        sv->rooms->prev = r;
    }
    sv->rooms = r;
    sv->nrooms++;
}

static void room_free(srv *sv, room *r)
{
    room **p;
    for (p = &sv->buckets[hash_text(r->code) % ROOM_BUCKETS]; *p != NULL; p = &(*p)->bucket_next) {
        if (*p == r) {
            *p = r->bucket_next;
            break;
        }
    }
    if (r->prev != NULL) {
        r->prev->next = r->next;
    } else {
        sv->rooms = r->next;
    }
    if (r->next != NULL) {
        r->next->prev = r->prev;
    }
    sv->nrooms--;
    if (r->creator != NULL) {
        r->creator->rooms--;
        addr_release(sv, r->creator);
    }
    ttt_game_free(r->game);
    free(r);
}

static proto_status room_status(const room *r)
{
    if (!r->taken[1]) {
        return PROTO_STATUS_WAITING;
    }
    if (r->resigned >= 0) {
        return r->resigned == r->x_seat ? PROTO_STATUS_O_WON : PROTO_STATUS_X_WON;
    }
    switch (ttt_game_state(r->game)) {
    case TTT_STATE_X_WON: return PROTO_STATUS_X_WON;
    case TTT_STATE_O_WON: return PROTO_STATUS_O_WON;
    case TTT_STATE_DRAW: return PROTO_STATUS_DRAW;
    default: return PROTO_STATUS_PLAYING;
    }
}

static int room_over(const room *r)
{
    proto_status s = room_status(r);
    return s != PROTO_STATUS_WAITING && s != PROTO_STATUS_PLAYING;
}

/* ------------------------------------------------------------------------- */
/* Sending                                                                   */
/* ------------------------------------------------------------------------- */

static void session_kill(session *s, const char *why)
{
    if (s->killed) {
        return;
    }
    s->killed = 1;
    log_line("closing connection from %s: %s", s->addr, why);
    lws_set_timeout(s->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
    s->closing = 1;
}

/* Queues @p text (@p len bytes) for @p s, to go once the open batch commits. */
static void send_text(srv *sv, session *s, const char *text, size_t len)
{
    out_msg *m;
    if (s->wsi == NULL) {
        return;
    }
    if (s->qbytes + len > (size_t)sv->lim->max_queue_bytes) {
        if (!s->closing) {
            session_kill(s, "it does not read its replies (max-queue-bytes)");
        }
        return;
    }
    m = malloc(sizeof *m + LWS_PRE + len);
    if (m == NULL) {
        session_kill(s, "out of memory");
        return;
    }
    m->next = NULL;
    m->batch = store_pending(sv->store) ? sv->batch : 0;
    m->len = len;
    memcpy(m->buf + LWS_PRE, text, len);
    if (s->qtail != NULL) {
        s->qtail->next = m;
    } else {
        s->qhead = m;
    }
    s->qtail = m;
    s->qbytes += len;
    if (m->batch == 0) {
        lws_callback_on_writable(s->wsi);
    } else if (!s->held) {
        /* Woken by the commit, not before: a writeable callback now would
         * find nothing it may send. */
        s->held = 1;
        s->held_prev = NULL;
        s->held_next = sv->held;
        if (sv->held != NULL) {
            sv->held->held_prev = s;
        }
        sv->held = s;
    }
}

static void held_remove(srv *sv, session *s)
{
    if (!s->held) {
        return;
    }
    if (s->held_prev != NULL) {
        s->held_prev->held_next = s->held_next;
    } else {
        sv->held = s->held_next;
    }
    if (s->held_next != NULL) {
        s->held_next->held_prev = s->held_prev;
    }
    s->held = 0;
    s->held_prev = s->held_next = NULL;
}

static void send_reply(srv *sv, session *s, const proto_reply *rep)
{
    char *text = proto_write_reply(rep);
    if (text == NULL) {
        session_kill(s, "out of memory");
        return;
    }
    send_text(sv, s, text, strlen(text));
    free(text);
}

/* An error reply, logged; @p fatal closes the connection after it. */
static void send_error(srv *sv, session *s, const char *reason, int fatal, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void send_error(srv *sv, session *s, const char *reason, int fatal, const char *fmt, ...)
{
    proto_reply rep;
    va_list ap;
    memset(&rep, 0, sizeof rep);
    rep.type = PROTO_REP_ERROR;
    snprintf(rep.reason, sizeof rep.reason, "%s", reason);
    va_start(ap, fmt);
    vsnprintf(rep.message, sizeof rep.message, fmt, ap);
    va_end(ap);
    rep.fatal = fatal;
    log_line("refused from %s%s%s: %s (%s)", s->addr, s->room ? " in room " : "",
             s->room ? s->room->code : "", reason, rep.message);
    send_reply(sv, s, &rep);
    if (fatal) {
        s->closing = 1;
    }
}

static void room_state(const room *r, proto_state *st)
{
    const session *w;
    int i;
    memset(st, 0, sizeof *st);
    memcpy(st->code, r->code, sizeof st->code);
    st->size = r->size;
    st->k = r->k;
    st->game = r->game_no;
    st->x_seat = r->x_seat;
    st->status = room_status(r);
    st->resigned = r->resigned;
    (void)ttt_game_history(r->game, st->move, TTT_MAX_SQUARES, &st->moves);
    for (i = 0; i < 2; i++) {
        st->taken[i] = r->taken[i];
        st->connected[i] = r->seat[i] != NULL;
        st->rematch[i] = r->rematch[i];
    }
    memcpy(st->score, r->score, sizeof st->score);
    for (w = r->watchers; w != NULL; w = w->wnext) {
        st->watchers++;
    }
}

/* The room's whole state to everyone in it. */
static void broadcast_state(srv *sv, room *r)
{
    proto_reply *rep = calloc(1, sizeof *rep);
    char *text;
    session *w;
    int i;
    if (rep == NULL) {
        return;
    }
    rep->type = PROTO_REP_STATE;
    room_state(r, &rep->state);
    text = proto_write_reply(rep);
    free(rep);
    if (text == NULL) {
        return;
    }
    for (i = 0; i < 2; i++) {
        if (r->seat[i] != NULL) {
            send_text(sv, r->seat[i], text, strlen(text));
        }
    }
    for (w = r->watchers; w != NULL; w = w->wnext) {
        send_text(sv, w, text, strlen(text));
    }
    free(text);
}

static void send_joined(srv *sv, session *s, room *r, int seat)
{
    proto_reply rep;
    memset(&rep, 0, sizeof rep);
    rep.type = PROTO_REP_JOINED;
    memcpy(rep.code, r->code, sizeof rep.code);
    rep.seat = seat;
    if (seat >= 0) {
        memcpy(rep.token, r->token[seat], sizeof rep.token);
    }
    send_reply(sv, s, &rep);
}

/* ------------------------------------------------------------------------- */
/* Committing                                                                */
/* ------------------------------------------------------------------------- */

/* A write or commit failed: nothing more is acknowledged, the loop stops,
 * the open batch is rolled back, and srv_service() returns 1. */
static void fail_stop(srv *sv)
{
    sv->failed = 1;
    atomic_store(&sv->stop, 1);
    lws_cancel_service(sv->ctx);
}

static void commit_now(srv *sv)
{
    char err[256];
    if (!store_pending(sv->store)) {
        return;
    }
    if (store_commit(sv->store, err, sizeof err) != 0) {
        /* Nothing of this batch was acknowledged; the database is the
         * truth, so stop rather than serve a state it does not hold. */
        log_line("stopping: %s", err);
        fail_stop(sv);
        return;
    }
    sv->committed = sv->batch;
    /* Only the connections with replies of this batch, not every one. */
    while (sv->held != NULL) {
        session *s = sv->held;
        held_remove(sv, s);
        lws_callback_on_writable(s->wsi);
    }
}

static void commit_cb(lws_sorted_usec_list_t *sul)
{
    srv *sv = lws_container_of(sul, srv, commit_sul);
    sv->commit_scheduled = 0;
    commit_now(sv);
}

/* Called after every write: the batch commits group-commit-us from its
 * first write. */
static void wrote(srv *sv, int ok)
{
    if (!ok) {
        log_line("stopping: a database write failed");
        fail_stop(sv);
        return;
    }
    if (!sv->commit_scheduled) {
        sv->commit_scheduled = 1;
        lws_sul_schedule(sv->ctx, 0, &sv->commit_sul, commit_cb,
                         (lws_usec_t)sv->lim->group_commit_us);
    }
}

/* A store write begins a batch: number it before the write. */
static void before_write(srv *sv)
{
    if (!store_pending(sv->store)) {
        sv->batch++;
    }
}

/* ------------------------------------------------------------------------- */
/* Requests                                                                  */
/* ------------------------------------------------------------------------- */

static void room_detach(session *s)
{
    room *r = s->room;
    if (r == NULL) {
        return;
    }
    if (s->seat >= 0) {
        if (r->seat[s->seat] == s) {
            r->seat[s->seat] = NULL;
        }
    } else {
        if (s->wprev != NULL) {
            s->wprev->wnext = s->wnext;
        } else {
            r->watchers = s->wnext;
        }
        if (s->wnext != NULL) {
            s->wnext->wprev = s->wprev;
        }
        r->nwatchers--;
    }
    s->room = NULL;
    s->wprev = s->wnext = NULL;
    if (r->seat[0] == NULL && r->seat[1] == NULL && r->watchers == NULL) {
        r->empty_since_us = now_us();
    }
}

static void attach_seat(srv *sv, session *s, room *r, int seat)
{
    session *old = r->seat[seat];
    if (old != NULL && old != s) {
        /* The same player from elsewhere (a new device, or a connection
         * the old one does not know is dead yet): the newest wins. */
        room_detach(old);
        send_error(sv, old, "replaced", 1, "your seat was resumed by another connection");
    }
    r->seat[seat] = s;
    s->room = r;
    s->seat = seat;
}

static void attach_watcher(session *s, room *r)
{
    s->room = r;
    s->seat = -1;
    s->wprev = NULL;
    s->wnext = r->watchers;
    if (r->watchers != NULL) {
        r->watchers->wprev = s;
    }
    r->watchers = s;
    r->nwatchers++;
}

/* Spends one join guess of @p s's address: 0, or -1 when none is left. */
static int guess_allowed(srv *sv, session *s)
{
    addr_entry *e = s->ae;
    guesses_refill(sv, e);
    return e->guesses >= 1.0 ? 0 : -1;
}

static void guess_spend(session *s)
{
    s->ae->guesses -= 1.0;
}

static void do_create(srv *sv, session *s, const proto_request *q)
{
    room *r;
    int tries;
    if (s->ae->rooms >= sv->lim->rooms_per_address) {
        send_error(sv, s, "too-many-rooms", 0,
                   "this address already has %d open rooms (rooms-per-address)",
                   sv->lim->rooms_per_address);
        return;
    }
    r = calloc(1, sizeof *r);
    if (r == NULL || ttt_game_new(q->size, q->k, TTT_PLAYER_X, NULL, &r->game) != TTT_OK) {
        free(r);
        send_error(sv, s, "internal", 0, "out of memory");
        return;
    }
    r->size = q->size;
    r->k = q->k;
    r->x_seat = q->creator_first ? 0 : 1;
    r->game_no = 1;
    r->resigned = -1;
    r->taken[0] = 1;
    new_token(r->token[0]);
    for (tries = 0;; tries++) {
        new_code(r->code, sv->cfg->shard);
        if (room_find(sv, r->code) != NULL) {
            continue;
        }
        before_write(sv);
        /* A closed room keeps its code in the database: try another. */
        if (store_room_new(sv->store, r->code, r->size, r->k, r->x_seat, r->token[0], s->addr,
                           &r->id) == 0) {
            break;
        }
        if (tries > 100) {
            ttt_game_free(r->game);
            free(r);
            send_error(sv, s, "internal", 0, "no free room code");
            return;
        }
    }
    wrote(sv, 1);
    r->creator = s->ae;
    s->ae->rooms++;
    room_link(sv, r);
    attach_seat(sv, s, r, 0);
    log_line("room %s created by %s: %dx%d, k %d, %s first", r->code, s->addr, r->size, r->size,
             r->k, q->creator_first ? "creator" : "joiner");
    send_joined(sv, s, r, 0);
    broadcast_state(sv, r);
}

/* The room named by a join, watch or resume, or NULL with the error sent. */
static room *lookup(srv *sv, session *s, const proto_request *q)
{
    room *r;
    if (guess_allowed(sv, s) != 0) {
        send_error(sv, s, "join-limited", 0,
                   "too many unknown codes or wrong tokens from this address; try again in a "
                   "minute (join-guesses-per-min)");
        return NULL;
    }
    r = room_find(sv, q->code);
    if (r == NULL) {
        guess_spend(s);
        send_error(sv, s, "no-room", 0, "there is no open room %s", q->code);
    }
    return r;
}

static void do_join(srv *sv, session *s, const proto_request *q)
{
    room *r = lookup(sv, s, q);
    if (r == NULL) {
        return;
    }
    if (q->type == PROTO_REQ_JOIN && !r->taken[1]) {
        char token[PROTO_TOKEN_LEN + 1];
        new_token(token);
        before_write(sv);
        wrote(sv, store_seat_take(sv->store, r->id, token) == 0);
        memcpy(r->token[1], token, sizeof token);
        r->taken[1] = 1;
        attach_seat(sv, s, r, 1);
        log_line("room %s joined by %s", r->code, s->addr);
        send_joined(sv, s, r, 1);
    } else {
        attach_watcher(s, r);
        send_joined(sv, s, r, -1);
    }
    broadcast_state(sv, r);
}

static void do_resume(srv *sv, session *s, const proto_request *q)
{
    room *r = lookup(sv, s, q);
    int seat;
    if (r == NULL) {
        return;
    }
    for (seat = 0; seat < 2; seat++) {
        if (r->taken[seat] && token_equal(r->token[seat], q->token)) {
            break;
        }
    }
    if (seat == 2) {
        guess_spend(s);
        send_error(sv, s, "bad-token", 0, "that token holds no seat in room %s", r->code);
        return;
    }
    attach_seat(sv, s, r, seat);
    log_line("room %s: seat %d resumed from %s", r->code, seat, s->addr);
    send_joined(sv, s, r, seat);
    broadcast_state(sv, r);
}

/* The room and seat of a player's request, or -1 with the error sent. */
static int player_check(srv *sv, session *s)
{
    if (s->room == NULL) {
        send_error(sv, s, "not-in-room", 0, "create, join or resume a room first");
        return -1;
    }
    if (s->seat < 0) {
        send_error(sv, s, "not-a-player", 0, "watchers cannot play");
        return -1;
    }
    return 0;
}

/* Records a finished game's result in the scores. */
static void score_game(room *r)
{
    switch (room_status(r)) {
    case PROTO_STATUS_X_WON: r->score[r->x_seat]++; break;
    case PROTO_STATUS_O_WON: r->score[1 - r->x_seat]++; break;
    case PROTO_STATUS_DRAW: r->score[2]++; break;
    default: break;
    }
}

static void game_finished(srv *sv, room *r, const char *how)
{
    score_game(r);
    before_write(sv);
    wrote(sv,
          store_room_update(sv->store, r->id, r->game_no, r->x_seat, r->resigned, r->score) == 0);
    log_line("room %s: game %d finished, %s%s (score %d-%d, %d drawn)", r->code, r->game_no,
             proto_status_name(room_status(r)), how, r->score[0], r->score[1], r->score[2]);
}

static void do_move(srv *sv, session *s, const proto_request *q)
{
    room *r = s->room;
    ttt_pos pos;
    ttt_player mine;
    ttt_status st;
    int ply;
    if (player_check(sv, s) != 0) {
        return;
    }
    if (!r->taken[1]) {
        send_error(sv, s, "waiting", 0, "nobody has joined yet");
        return;
    }
    if (room_over(r)) {
        send_error(sv, s, "game-over", 0, "the game is over; ask for a rematch");
        return;
    }
    mine = s->seat == r->x_seat ? TTT_PLAYER_X : TTT_PLAYER_O;
    if (ttt_game_turn(r->game) != mine) {
        send_error(sv, s, "not-your-turn", 0, "it is your opponent's turn");
        return;
    }
    ply = ttt_game_move_count(r->game);
    if (q->ply >= 0 && q->ply != ply) {
        send_error(sv, s, "stale", 0, "that move was for move number %d; this is %d", q->ply, ply);
        return;
    }
    pos.row = q->row;
    pos.col = q->col;
    st = ttt_game_can_move(r->game, pos);
    if (st != TTT_OK) {
        send_error(sv, s, ttt_status_name(st), 0, "%s", ttt_status_message(st));
        return;
    }
    before_write(sv);
    wrote(sv, store_move(sv->store, r->id, r->game_no, ply, pos) == 0);
    (void)ttt_game_move(r->game, pos, NULL);
    if (room_over(r)) {
        game_finished(sv, r, "");
    }
    broadcast_state(sv, r);
}

static void do_resign(srv *sv, session *s)
{
    room *r = s->room;
    if (player_check(sv, s) != 0) {
        return;
    }
    if (!r->taken[1]) {
        send_error(sv, s, "waiting", 0, "nobody has joined yet");
        return;
    }
    if (room_over(r)) {
        send_error(sv, s, "game-over", 0, "the game is already over");
        return;
    }
    r->resigned = s->seat;
    game_finished(sv, r, " by resignation");
    broadcast_state(sv, r);
}

static void do_rematch(srv *sv, session *s)
{
    room *r = s->room;
    if (player_check(sv, s) != 0) {
        return;
    }
    if (!room_over(r)) {
        send_error(sv, s, "not-over", 0, "a rematch is for after the game");
        return;
    }
    r->rematch[s->seat] = 1;
    if (r->rematch[0] && r->rematch[1]) {
        ttt_game *g;
        if (ttt_game_new(r->size, r->k, TTT_PLAYER_X, NULL, &g) != TTT_OK) {
            send_error(sv, s, "internal", 0, "out of memory");
            return;
        }
        ttt_game_free(r->game);
        r->game = g;
        r->game_no++;
        r->x_seat = 1 - r->x_seat;
        r->resigned = -1;
        r->rematch[0] = r->rematch[1] = 0;
        before_write(sv);
        wrote(sv, store_room_update(sv->store, r->id, r->game_no, r->x_seat, r->resigned,
                                    r->score) == 0);
        log_line("room %s: game %d begins, seat %d plays X", r->code, r->game_no, r->x_seat);
    }
    broadcast_state(sv, r);
}

static void handle_message(srv *sv, session *s, const char *text, size_t len)
{
    proto_request q;
    char detail[PROTO_MESSAGE_MAX];
    proto_parse_status ps = proto_parse_request(text, len, &q, detail, sizeof detail);

    if (ps != PROTO_PARSE_OK) {
        send_error(sv, s, proto_parse_reason(ps), 0, "%s", detail);
        return;
    }
    if (!s->hello && q.type != PROTO_REQ_HELLO) {
        send_error(sv, s, "hello-first", 1, "the first message must be hello");
        return;
    }
    switch (q.type) {
    case PROTO_REQ_HELLO: {
        proto_reply rep;
        if (q.version != PROTO_VERSION) {
            send_error(sv, s, "version", 1,
                       "this server speaks protocol version %d, the client %d: please update "
                       "the %s",
                       PROTO_VERSION, q.version, q.version < PROTO_VERSION ? "client" : "server");
            return;
        }
        s->hello = 1;
        memset(&rep, 0, sizeof rep);
        rep.type = PROTO_REP_WELCOME;
        rep.version = PROTO_VERSION;
        snprintf(rep.agent, sizeof rep.agent, "ttt-server %s", TTT_VERSION_STRING);
        rep.max_message_bytes = sv->lim->max_message_bytes;
        rep.idle_timeout_s = sv->lim->idle_timeout_s;
        send_reply(sv, s, &rep);
        return;
    }
    case PROTO_REQ_CREATE:
    case PROTO_REQ_JOIN:
    case PROTO_REQ_WATCH:
    case PROTO_REQ_RESUME:
        if (s->room != NULL) {
            send_error(sv, s, "already-in-room", 0, "this connection is in room %s", s->room->code);
            return;
        }
        if (q.type == PROTO_REQ_CREATE) {
            do_create(sv, s, &q);
        } else if (q.type == PROTO_REQ_RESUME) {
            do_resume(sv, s, &q);
        } else {
            do_join(sv, s, &q);
        }
        return;
    case PROTO_REQ_MOVE: do_move(sv, s, &q); return;
    case PROTO_REQ_RESIGN: do_resign(sv, s); return;
    case PROTO_REQ_REMATCH: do_rematch(sv, s); return;
    case PROTO_REQ_PING: {
        proto_reply rep;
        memset(&rep, 0, sizeof rep);
        rep.type = PROTO_REP_PONG;
        send_reply(sv, s, &rep);
        return;
    }
    }
}

/* Spends one message from the connection's bucket: 0, or -1 when empty. */
static int rate_allowed(srv *sv, session *s)
{
    uint64_t now = now_us();
    s->tokens += (double)(now - s->refill_us) * sv->lim->message_rate / 1e6;
    if (s->tokens > sv->lim->message_burst) {
        s->tokens = sv->lim->message_burst;
    }
    s->refill_us = now;
    if (s->tokens < 1.0) {
        return -1;
    }
    s->tokens -= 1.0;
    return 0;
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
    s->last_rx_us = now_us();
    if (rate_allowed(sv, s) != 0) {
        if (!s->rate_warned) {
            s->rate_warned = 1;
            send_error(sv, s, "rate-limited", 0,
                       "more than %d messages a second; messages are dropped until it slows "
                       "(message-rate)",
                       sv->lim->message_rate);
        }
    } else {
        s->rate_warned = 0;
        if (s->rx_skip) {
            send_error(sv, s, "too-large", 0,
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
    room_detach(s);
    if (r != NULL) {
        if (seat >= 0) {
            log_line("room %s: seat %d left", r->code, seat);
        }
        broadcast_state(sv, r);
    }
    held_remove(sv, s);
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
        addr_release(sv, s->ae);
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

static int callback_ttt(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                        size_t len)
{
    srv *sv = lws_context_user(lws_get_context(wsi));
    session *s = user;

    switch (reason) {
    case LWS_CALLBACK_ESTABLISHED:
        s->wsi = wsi;
        s->seat = -1;
        peer_address(sv, wsi, s->addr);
        s->ae = addr_get(sv, s->addr);
        s->rx = malloc((size_t)sv->lim->max_message_bytes + 1);
        if (s->ae == NULL || s->rx == NULL) {
            return -1;
        }
        s->counted = 1;
        sv->conns++;
        s->ae->conns++;
        s->tokens = sv->lim->message_burst;
        s->refill_us = now_us();
        s->last_rx_us = s->refill_us;
        s->all_prev = NULL;
        s->all_next = sv->sessions;
        if (sv->sessions != NULL) {
            sv->sessions->all_prev = s;
        }
        sv->sessions = s;
        if (sv->conns > sv->lim->max_connections) {
            send_error(sv, s, "server-full", 1, "the server holds %d connections (max-connections)",
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
            if (s->qhead != NULL) {
                lws_callback_on_writable(wsi);
            }
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
/* Start, reload, expiry, stop                                               */
/* ------------------------------------------------------------------------- */

static int reload_room(void *user, const store_room *sr)
{
    srv *sv = user;
    room *r = calloc(1, sizeof *r);
    ttt_status st;
    int i;
    if (r == NULL) {
        return -1;
    }
    st = ttt_game_new(sr->size, sr->k, TTT_PLAYER_X, NULL, &r->game);
    for (i = 0; st == TTT_OK && i < sr->moves; i++) {
        st = ttt_game_move(r->game, sr->move[i], NULL);
    }
    if (st != TTT_OK || sr->x_seat < 0 || sr->x_seat > 1 || sr->resigned < -1 || sr->resigned > 1 ||
        room_find(sv, sr->code) != NULL) {
        ttt_game_free(r->game);
        free(r);
        return -1;
    }
    r->id = sr->id;
    memcpy(r->code, sr->code, sizeof r->code);
    r->size = sr->size;
    r->k = sr->k;
    r->x_seat = sr->x_seat;
    r->game_no = sr->game;
    r->resigned = sr->resigned;
    memcpy(r->score, sr->score, sizeof r->score);
    r->taken[0] = 1;
    r->taken[1] = sr->taken1;
    memcpy(r->token, sr->token, sizeof r->token);
    r->creator = addr_get(sv, sr->creator_addr);
    if (r->creator != NULL) {
        r->creator->rooms++;
    }
    r->empty_since_us = now_us();
    room_link(sv, r);
    return 0;
}

static void expiry_cb(lws_sorted_usec_list_t *sul)
{
    srv *sv = lws_container_of(sul, srv, expiry_sul);
    uint64_t now = now_us(), limit = (uint64_t)sv->lim->room_expiry_s * USEC_PER_SEC;
    room *r = sv->rooms, *next;
    size_t i;
    for (; r != NULL; r = next) {
        next = r->next;
        if (r->seat[0] == NULL && r->seat[1] == NULL && r->watchers == NULL &&
            now - r->empty_since_us >= limit) {
            before_write(sv);
            wrote(sv, store_room_close(sv->store, r->id) == 0);
            log_line("room %s closed: nobody for %d s (room-expiry-s)", r->code,
                     sv->lim->room_expiry_s);
            room_free(sv, r);
        }
    }
    /* Addresses kept for their guess buckets, once full again. */
    for (i = 0; i < ADDR_BUCKETS; i++) {
        addr_entry *e, *after;
        for (e = sv->addrs[i]; e != NULL; e = after) {
            after = e->next;
            addr_release(sv, e);
        }
    }
    lws_sul_schedule(sv->ctx, 0, sul, expiry_cb, EXPIRY_SCAN_US);
}

/* The idle timeouts: an error, then the connection closes after it; one
 * that does not even take the error is cut off after as long again. */
static void idle_cb(lws_sorted_usec_list_t *sul)
{
    srv *sv = lws_container_of(sul, srv, idle_sul);
    uint64_t now = now_us();
    session *s;
    for (s = sv->sessions; s != NULL; s = s->all_next) {
        int limit_s = s->hello ? sv->lim->idle_timeout_s : sv->lim->hello_timeout_s;
        uint64_t idle = now - s->last_rx_us, limit = (uint64_t)limit_s * USEC_PER_SEC;
        if (idle >= 2 * limit) {
            session_kill(s, "it took no reply after its idle timeout");
        } else if (idle >= limit && !s->closing) {
            send_error(sv, s, "idle", 1, "no message for %d seconds (%s)", limit_s,
                       s->hello ? "idle-timeout-s" : "hello-timeout-s");
        }
    }
    lws_sul_schedule(sv->ctx, 0, sul, idle_cb, IDLE_SCAN_US);
}

static void on_signal(int sig)
{
    (void)sig;
    signalled_stop = 1;
}

int srv_open(const srv_config *cfg, srv **out)
{
    static const struct lws_protocols protocols[] = {
        {"ttt", callback_ttt, sizeof(session), 0, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0},
    };
    /* What libwebsockets does not know of the web game's site (it refuses
     * such a file with 415): the wasm, the packed files (.data), and the
     * licence texts without an extension (LICENSE, debian-copyright), for
     * which "*" (libwebsockets: any other name) is plain text. */
    static const struct lws_protocol_vhost_options mime_other = {NULL, NULL, "*",
                                                                 "text/plain; charset=utf-8"};
    static const struct lws_protocol_vhost_options mime_data = {&mime_other, NULL, ".data",
                                                                "application/octet-stream"};
    static const struct lws_protocol_vhost_options mime_wasm = {&mime_data, NULL, ".wasm",
                                                                "application/wasm"};
    /* The browser game runs threads, which need a cross-origin isolated
     * page (web/serve.py sends the same). */
    static const struct lws_protocol_vhost_options hdr_corp = {
        NULL, NULL, "cross-origin-resource-policy:", "same-origin"};
    static const struct lws_protocol_vhost_options hdr_coep = {
        &hdr_corp, NULL, "cross-origin-embedder-policy:", "require-corp"};
    static const struct lws_protocol_vhost_options hdr_coop = {
        &hdr_coep, NULL, "cross-origin-opener-policy:", "same-origin"};
    struct lws_context_creation_info info;
    struct lws_vhost *vh;
    srv *sv = calloc(1, sizeof *sv);
    char err[256];

    *out = NULL;
    if (sv == NULL) {
        log_line("out of memory");
        return -1;
    }
    sv->cfg = cfg;
    sv->lim = &cfg->limits;
    atomic_init(&sv->stop, 0);
    if (store_open(cfg->db_path, &sv->store, err, sizeof err) != 0 ||
        store_load(sv->store, reload_room, sv, err, sizeof err) != 0) {
        log_line("%s", err);
        srv_close(sv);
        return -1;
    }

    lws_set_log_level(LLL_ERR, NULL);
    memset(&info, 0, sizeof info);
    info.port = cfg->port;
    info.iface = cfg->bind;
    info.protocols = protocols;
    info.vhost_name = "ttt";
    info.headers = &hdr_coop;
    info.user = sv;
    /* Text frames must be UTF-8 (RFC 6455); libwebsockets closes a
     * connection that sends anything else (status 1007). */
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8;
    if (cfg->web_dir != NULL) {
        sv->mount.mountpoint = "/";
        sv->mount.mountpoint_len = 1;
        sv->mount.origin = cfg->web_dir;
        sv->mount.def = "index.html";
        sv->mount.origin_protocol = LWSMPRO_FILE;
        sv->mount.extra_mimetypes = &mime_wasm;
        info.mounts = &sv->mount;
    }
    sv->ctx = lws_create_context(&info);
    if (sv->ctx == NULL) {
        log_line("cannot listen on port %d (is it in use?)", cfg->port);
        srv_close(sv);
        return -1;
    }
    vh = lws_get_vhost_by_name(sv->ctx, "ttt");
    sv->port = vh ? lws_get_vhost_listen_port(vh) : cfg->port;
    lws_sul_schedule(sv->ctx, 0, &sv->expiry_sul, expiry_cb, EXPIRY_SCAN_US);
    lws_sul_schedule(sv->ctx, 0, &sv->idle_sul, idle_cb, IDLE_SCAN_US);
    log_line("ttt-server %s listening on port %d, %d open rooms from %s%s%s%s%s",
             TTT_VERSION_STRING, sv->port, sv->nrooms, cfg->db_path,
             cfg->web_dir ? ", web files from " : "", cfg->web_dir ? cfg->web_dir : "",
             cfg->shard ? ", new codes begin with one of " : "", cfg->shard ? cfg->shard : "");
    if (cfg->proxy != NULL) {
        log_line("connections from %s are a proxy's: their clients' addresses are taken from "
                 "X-Forwarded-For",
                 cfg->proxy);
    }
    *out = sv;
    return 0;
}

int srv_port(const srv *sv)
{
    return sv->port;
}

int srv_service(srv *sv)
{
    int n = 0;
    while (n >= 0 && !atomic_load(&sv->stop) && !(sv->signal_stop != NULL && *sv->signal_stop)) {
        n = lws_service(sv->ctx, 0);
    }
    if (!sv->failed) {
        commit_now(sv);
    }
    log_line(sv->failed ? "stopped after a failure" : "stopped");
    return sv->failed ? 1 : 0;
}

void srv_stop(srv *sv)
{
    atomic_store(&sv->stop, 1);
    lws_cancel_service(sv->ctx);
}

void srv_close(srv *sv)
{
    room *r;
    size_t i;
    if (sv == NULL) {
        return;
    }
    if (sv->ctx != NULL) {
        /* Every connection's CLOSED comes now, while the rooms exist. */
        lws_context_destroy(sv->ctx);
        sv->ctx = NULL;
    }
    while ((r = sv->rooms) != NULL) {
        room_free(sv, r);
    }
    for (i = 0; i < ADDR_BUCKETS; i++) {
        addr_entry *e, *next;
        for (e = sv->addrs[i]; e != NULL; e = next) {
            next = e->next;
            free(e);
        }
    }
    if (sv->failed) {
        store_rollback(sv->store);
    }
    store_close(sv->store);
    free(sv);
}

int srv_run(const srv_config *cfg)
{
    srv *sv;
    int rc;
    if (srv_open(cfg, &sv) != 0) {
        return 1;
    }
    signalled_stop = 0;
    sv->signal_stop = &signalled_stop;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    rc = srv_service(sv);
    srv_close(sv);
    return rc;
}
