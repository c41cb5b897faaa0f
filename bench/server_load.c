/* server_load.c - a load generator for ttt-server (issue 27): starts the
 * server on a free loopback port with a scratch database, opens many rooms
 * (two connections each, on one libwebsockets client context), and lets
 * every player make a random legal move a while after its turn comes; games
 * that end are followed by a rematch. It prints the connections held, the
 * moves a second, the latency from a move sent to the opponent's update
 * (p50, p99), and the server's CPU and memory, with --json as JSON.
 *
 * The rooms are opened a few hundred connections at a time; --seconds S
 * are measured once every room is open and no connection is being set up
 * (and two seconds more; RAMP_GUARD_S at most).
 *
 * --kill-at S: S seconds into the measured time the server is killed with SIGKILL and started
 * again on the same port and database; every connection reconnects and
 * resumes its seat. After the measured time every room plays its game to
 * the end (no more rematches; quick moves; FINISH_GUARD_S at most, a hang
 * guard). Then every move a client saw acknowledged is looked up in the
 * database and in both players' last view of that game, and the rooms
 * that finished are counted: lost moves and unfinished rooms fail the run
 * (exit status 1).
 *
 * Usage: server_load --server PATH [--rooms N] [--seconds S]
 *                    [--think-ms MS] [--kill-at S] [--json] */
#include <errno.h>
#include <libwebsockets.h>
#if defined(TTT_LOAD_LIBEV)
#include <ev.h>
#endif
#include <signal.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proto.h"
#include "server_load.h"

bench B;

static unsigned rnd(void)
{
    B.rng = B.rng * 1103515245u + 12345u;
    return B.rng >> 8;
}

/* Queues @p q on @p c: 0, or -1 when it was dropped (the queue is full or
 * out of memory). */
static int queue_request(conn *c, const proto_request *q)
{
    char *text = proto_write_request(q);
    if (text == NULL || c->npending == MAX_PENDING) {
        free(text);
        return -1;
    }
    c->pending[c->npending++] = text;
    if (c->wsi != NULL) {
        lws_callback_on_writable(c->wsi);
    }
    return 0;
}

/* Connects @p c again a while from now (the move scan does it). */
static void reconnect_later(conn *c)
{
    c->reconnect_us = now_us() + RECONNECT_BASE_US + rnd() % 500000u;
}

static void connect_conn(conn *c)
{
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = B.ctx;
    ci.address = "127.0.0.1";
    ci.port = B.port;
    ci.path = "/";
    ci.host = "127.0.0.1";
    ci.origin = "127.0.0.1";
    ci.protocol = "ttt";
    ci.userdata = c;
    ci.pwsi = &c->wsi;
    if (!c->connecting) {
        c->connecting = 1;
        B.connecting++;
    }
    if (lws_client_connect_via_info(&ci) == NULL) {
        c->connecting = 0;
        B.connecting--;
        reconnect_later(c);
    }
}

static void on_established(conn *c)
{
    room *r = c->room;
    proto_request q;
    int i;
    for (i = 0; i < c->npending; i++) {
        free(c->pending[i]);
    }
    c->npending = 0;
    c->established = 1;
    memset(&q, 0, sizeof q);
    q.type = PROTO_REQ_HELLO;
    q.version = PROTO_VERSION;
    (void)queue_request(c, &q);
    memset(&q, 0, sizeof q);
    if (r->token[c->seat][0] != '\0') {
        q.type = PROTO_REQ_RESUME;
        memcpy(q.code, r->code, sizeof q.code);
        memcpy(q.token, r->token[c->seat], sizeof q.token);
    } else if (c->seat == 0) {
        q.type = PROTO_REQ_CREATE;
        q.size = 3 + (int)(r->index % 3); /* 3x3, 4x4, 5x5 */
        q.k = 3;
        q.creator_first = 1;
    } else {
        q.type = PROTO_REQ_JOIN;
        memcpy(q.code, r->code, sizeof q.code);
    }
    (void)queue_request(c, &q);
    B.connected++;
    if (B.connected > B.max_connected) {
        B.max_connected = B.connected;
    }
}

/* The player to move plays a random free square, think-ms (+-50%) later
 * (one scan of the rooms every MOVE_SCAN_US rather than a timer per
 * connection, which libwebsockets would keep in a sorted list). */
static void schedule_move(conn *c)
{
    uint64_t think = (uint64_t)B.think_ms * 1000u;
    c->room->due_us = now_us() + think / 2 + rnd() % (think + 1);
    c->room->mover = c;
}

static void play_move(conn *c)
{
    room *r = c->room;
    ttt_game *g = NULL;
    ttt_pos sq[TTT_MAX_SQUARES];
    int n = 0;
    proto_request q;
    int my_x = c->seat == r->st.x_seat;
    if (r->st.status != PROTO_STATUS_PLAYING || (r->st.moves % 2 == 0) != my_x) {
        return;
    }
    if (!c->established || r->awaited != 0) {
        /* Not back in the room yet, or the last move not yet answered:
         * try again a while later rather than wait for a state that may
         * already have come (rooms stood still until the server's idle
         * timeout after a kill -9). */
        schedule_move(c);
        return;
    }
    if (proto_state_replay(&r->st, &g) != TTT_OK) {
        return;
    }
    if (ttt_game_empty_squares(g, sq, TTT_MAX_SQUARES, &n) != TTT_OK || n == 0) {
        ttt_game_free(g);
        return;
    }
    ttt_game_free(g);
    memset(&q, 0, sizeof q);
    q.type = PROTO_REQ_MOVE;
    q.ply = r->st.moves;
    {
        ttt_pos p = sq[rnd() % (unsigned)n];
        q.row = p.row;
        q.col = p.col;
    }
    r->awaited = r->st.moves + 1;
    r->sent_us = now_us();
    if (queue_request(c, &q) != 0) {
        /* Dropped (it never goes out, so no state answers it): again
         * later. */
        r->awaited = 0;
        schedule_move(c);
    }
}

static void move_scan(void)
{
    uint64_t now = now_us();
    int i;
    for (i = 0; i < B.rooms; i++) {
        room *r = &B.room[i];
        int s;
        for (s = 0; s < 2; s++) {
            /* Reconnections wait for room in the ramp's limit too: 10,000
             * at once after a kill ran into the hello timeout. */
            if (r->c[s].reconnect_us != 0 && now >= r->c[s].reconnect_us &&
                B.connecting < RAMP_IN_FLIGHT) {
                r->c[s].reconnect_us = 0;
                if (!B.stop) {
                    connect_conn(&r->c[s]);
                }
            }
        }
        if (r->mover != NULL && now >= r->due_us) {
            conn *c = r->mover;
            r->mover = NULL;
            play_move(c);
        }
    }
}

static void move_scan_cb(lws_sorted_usec_list_t *sul)
{
    move_scan();
    if (!B.stop) {
        lws_sul_schedule(B.ctx, 0, sul, move_scan_cb, MOVE_SCAN_US);
    }
}

static void on_state(conn *c, const proto_state *st)
{
    room *r = c->room;
    uint64_t now = now_us();
    int over = st->status != PROTO_STATUS_WAITING && st->status != PROTO_STATUS_PLAYING;
    int my_x = c->seat == st->x_seat;
    proto_request q;

    /* The opponent of the mover sees the move: a latency sample. */
    if (r->awaited != 0 && st->game == r->game && st->moves == r->awaited &&
        ((st->moves % 2 == 1) != my_x)) {
        if (now >= B.measure_from_us) {
            if (B.nsamples < MAX_SAMPLES) {
                B.samples[B.nsamples++] = (uint32_t)(now - r->sent_us);
            }
            B.moves++;
        }
        r->awaited = 0;
    } else if (r->awaited != 0 && (st->game != r->game || st->moves > r->awaited)) {
        /* The move is in and more came after it (its opponent was away
         * when it came): no sample. */
        r->awaited = 0;
    }
    /* Every move a client saw is acknowledged (committed). */
    if (st->moves > 0 && B.nacks < MAX_ACKS && (st->game != r->game || st->moves != r->moves)) {
        ack *a = &B.acks[B.nacks++];
        a->room = r->index;
        a->game = (uint16_t)st->game;
        a->ply = (uint16_t)(st->moves - 1);
        a->row = (uint8_t)st->move[st->moves - 1].row;
        a->col = (uint8_t)st->move[st->moves - 1].col;
    }
    if (over && !r->last_status_over && B.killed) {
        r->games_after_kill++;
    }
    record_view(c, st, over);
    r->last_status_over = over;
    r->game = st->game;
    r->moves = st->moves;
    if (over) {
        if (!st->rematch[c->seat] && !B.finishing) {
            memset(&q, 0, sizeof q);
            q.type = PROTO_REQ_REMATCH;
            (void)queue_request(c, &q);
        }
        return;
    }
    r->st = *st;
    if (st->status == PROTO_STATUS_PLAYING && ((st->moves % 2 == 0) == my_x)) {
        schedule_move(c);
    }
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        if (c->connecting) {
            c->connecting = 0;
            B.connecting--;
        }
        c->wsi = wsi;
        on_established(c);
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE: {
        proto_reply rep;
        if (c->rx_len + len > sizeof c->rx) {
            c->rx_len = sizeof c->rx + 1; /* too long: dropped at its end */
        } else {
            memcpy(c->rx + c->rx_len, in, len);
            c->rx_len += len;
        }
        if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi) > 0) {
            break;
        }
        if (c->rx_len > sizeof c->rx || proto_parse_reply(c->rx, c->rx_len, &rep) != 0) {
            c->rx_len = 0;
            break;
        }
        c->rx_len = 0;
        if (rep.type == PROTO_REP_JOINED) {
            room *r = c->room;
            memcpy(r->code, rep.code, sizeof r->code);
            if (rep.seat >= 0) {
                memcpy(r->token[rep.seat], rep.token, sizeof r->token[0]);
            }
            if (c->seat == 0 && !c->joined) {
                connect_conn(&r->c[1]);
            }
            c->joined = 1;
        } else if (rep.type == PROTO_REP_STATE) {
            on_state(c, &rep.state);
        } else if (rep.type == PROTO_REP_ERROR && c->room->awaited != 0) {
            /* A move refused (sent on a connection not yet back in its
             * room after a restart): play again. */
            room *r = c->room;
            r->awaited = 0;
            if (r->st.status == PROTO_STATUS_PLAYING &&
                (r->st.moves % 2 == 0) == (c->seat == r->st.x_seat)) {
                schedule_move(c);
            }
        }
        break;
    }
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if (c->npending > 0) {
            char *text = c->pending[0];
            size_t tl = strlen(text);
            unsigned char *buf = malloc(LWS_PRE + tl);
            int i, n;
            if (buf == NULL) {
                return -1;
            }
            memcpy(buf + LWS_PRE, text, tl);
            n = lws_write(wsi, buf + LWS_PRE, tl, LWS_WRITE_TEXT);
            free(buf);
            free(text);
            for (i = 1; i < c->npending; i++) {
                c->pending[i - 1] = c->pending[i];
            }
            c->npending--;
            if (n < (int)tl) {
                return -1;
            }
            if (c->npending > 0) {
                lws_callback_on_writable(wsi);
            }
        }
        break;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (c->connecting) {
            c->connecting = 0;
            B.connecting--;
        }
        if (reason == LWS_CALLBACK_CLIENT_CLOSED) {
            B.connected--;
        }
        c->wsi = NULL;
        c->established = 0;
        c->rx_len = 0;
        c->room->awaited = 0;
        if (!B.stop) {
            reconnect_later(c);
        }
        break;
    default: break;
    }
    return 0;
}

static void ramp(void)
{
    int i;
    for (i = 0; i < RAMP_IN_FLIGHT && B.opened < B.rooms && B.connecting < RAMP_IN_FLIGHT;
         i++, B.opened++) {
        connect_conn(&B.room[B.opened].c[0]);
    }
}

static void ramp_cb(lws_sorted_usec_list_t *sul)
{
    ramp();
    if (B.opened < B.rooms) {
        lws_sul_schedule(B.ctx, 0, sul, ramp_cb, RAMP_STEP_US);
    }
}

#if defined(TTT_LOAD_LIBEV)
/* On libev the two periodic timers are libev's own: libwebsockets 4.1
 * keeps one libev timer for its own and does not bring it forward for a
 * sooner one (server.c says more). */
static void move_timer_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)w;
    (void)revents;
    move_scan();
}

static void ramp_timer_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)revents;
    ramp();
    if (B.opened >= B.rooms) {
        ev_timer_stop(loop, w);
    }
}
#endif

int main(int argc, char **argv)
{
    static const struct lws_protocols protocols[] = {
        {"ttt", callback, sizeof(conn), 4096, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0},
    };
    struct lws_context_creation_info info;
    struct rlimit rl;
    const char *tmp = getenv("TMPDIR");
    uint64_t end_us, window_from = 0;
    double cpu_from = 0, cpu_to, window_s, p50 = 0, p99 = 0;
    double gen_from = 0, gen_to, load_from = 0, load_to, server_pct, gen_pct;
    long server_rss, own_rss;
    size_t missing = 0, checked = 0, not_seen = 0;
    double finish_s = 0;
    int i, finished_after = 0;
    char cmd[400];
    void *evloop[1] = {NULL};
#if defined(TTT_LOAD_LIBEV)
    ev_timer move_timer, ramp_timer;
#endif

    B.rooms = 1000;
    B.seconds = 30;
    B.think_ms = 1500;
    B.rng = 12345;
    for (i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--server") == 0 && v) {
            B.server_path = v;
            i++;
        } else if (strcmp(argv[i], "--rooms") == 0 && v) {
            B.rooms = atoi(v);
            i++;
        } else if (strcmp(argv[i], "--seconds") == 0 && v) {
            B.seconds = atoi(v);
            i++;
        } else if (strcmp(argv[i], "--think-ms") == 0 && v) {
            B.think_ms = atoi(v);
            i++;
        } else if (strcmp(argv[i], "--kill-at") == 0 && v) {
            B.kill_at = atoi(v);
            i++;
        } else if (strcmp(argv[i], "--json") == 0) {
            B.json = 1;
        } else {
            fprintf(stderr, "usage: server_load --server PATH [--rooms N] [--seconds S] "
                            "[--think-ms MS] [--kill-at S] [--json]\n");
            return 2;
        }
    }
    if (B.server_path == NULL || B.rooms < 1 || B.seconds < 1 || B.think_ms < 1) {
        fprintf(stderr, "server_load: --server PATH is required; counts must be positive\n");
        return 2;
    }
    /* Two descriptors a room here, two in the server. */
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        (void)setrlimit(RLIMIT_NOFILE, &rl);
    }
    signal(SIGPIPE, SIG_IGN);
    snprintf(B.dir, sizeof B.dir, "%s/ttt-load-XXXXXX", tmp ? tmp : "/tmp");
    if (mkdtemp(B.dir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(B.db, sizeof B.db, "%s/rooms.db", B.dir);
    snprintf(B.log, sizeof B.log, "%s/server.log", B.dir);
    B.room = calloc((size_t)B.rooms, sizeof *B.room);
    B.samples = malloc(MAX_SAMPLES * sizeof *B.samples);
    B.acks = malloc(MAX_ACKS * sizeof *B.acks);
    if (B.room == NULL || B.samples == NULL || B.acks == NULL) {
        fprintf(stderr, "server_load: out of memory\n");
        return 1;
    }
    for (i = 0; i < B.rooms; i++) {
        B.room[i].index = (uint32_t)i;
        B.room[i].c[0].room = B.room[i].c[1].room = &B.room[i];
        B.room[i].c[0].seat = 0;
        B.room[i].c[1].seat = 1;
    }
    start_server(0);

    lws_set_log_level(LLL_ERR, NULL);
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    /* No fd_limit_per_thread: with it libwebsockets finds a descriptor's
     * connection by a linear search (a third of this program's time at
     * 5,000 connections); without it, by an array the size of the
     * descriptor limit raised above. */
#if defined(TTT_LOAD_LIBEV)
    /* libev (epoll) as the server does: poll() over 10,000 descriptors was
     * half of this program's time. Its 5 ms move scan keeps libwebsockets'
     * one libev timer ticking (server.c says why that matters). */
    evloop[0] = ev_loop_new(EVFLAG_AUTO);
    if (evloop[0] != NULL) {
        info.options |= LWS_SERVER_OPTION_LIBEV;
        info.foreign_loops = evloop;
        B.ctx = lws_create_context(&info);
        if (B.ctx == NULL) {
            ev_loop_destroy(evloop[0]);
            evloop[0] = NULL;
            info.options &= ~(uint64_t)LWS_SERVER_OPTION_LIBEV;
            info.foreign_loops = NULL;
        }
    }
#endif
    if (B.ctx == NULL) {
        B.ctx = lws_create_context(&info);
    }
    if (B.ctx == NULL) {
        fprintf(stderr, "server_load: no libwebsockets context\n");
        return 1;
    }
    B.start_us = now_us();
    /* --seconds are measured once every room is open and both its
     * players are in (and two seconds more); the ramp has its guard. */
    end_us = UINT64_MAX;
    B.measure_from_us = UINT64_MAX;
#if defined(TTT_LOAD_LIBEV)
    if (evloop[0] != NULL) {
        ev_timer_init(&move_timer, move_timer_cb, MOVE_SCAN_US / 1e6, MOVE_SCAN_US / 1e6);
        ev_timer_init(&ramp_timer, ramp_timer_cb, 1e-6, RAMP_STEP_US / 1e6);
        ev_timer_start(evloop[0], &move_timer);
        ev_timer_start(evloop[0], &ramp_timer);
    } else
#endif
    {
        lws_sul_schedule(B.ctx, 0, &B.ramp_sul, ramp_cb, 1);
        lws_sul_schedule(B.ctx, 0, &B.move_sul, move_scan_cb, MOVE_SCAN_US);
    }
    while (now_us() < end_us) {
        uint64_t now;
#if defined(TTT_LOAD_LIBEV)
        if (evloop[0] != NULL) {
            (void)ev_run(evloop[0], EVRUN_ONCE);
        } else {
            lws_service(B.ctx, 0);
        }
#else
        lws_service(B.ctx, 0);
#endif
        now = now_us();
        if (B.measure_from_us == UINT64_MAX &&
            ((B.opened == B.rooms && B.connecting == 0) ||
             now >= B.start_us + (uint64_t)RAMP_GUARD_S * 1000000u)) {
            B.measure_from_us = now + 2000000u;
        }
        if (window_from == 0 && now >= B.measure_from_us) {
            if (!B.killed) {
                end_us = now + (uint64_t)B.seconds * 1000000u;
                B.measured_from_us = now;
            }
            window_from = now;
            cpu_from = server_cpu_s();
            gen_from = own_cpu_s();
            load_from = load_average();
        }
        if (B.kill_at > 0 && !B.killed && B.measured_from_us != 0 &&
            now >= B.measured_from_us + (uint64_t)B.kill_at * 1000000u) {
            int port = B.port;
            kill(B.pid, SIGKILL);
            waitpid(B.pid, NULL, 0);
            B.killed = 1;
            B.killed_at_us = now;
            start_server(port);
            /* The measured window starts again with the new process. */
            window_from = 0;
            B.moves = 0;
            B.nsamples = 0;
            B.measure_from_us = now_us() + 1000000u;
        }
    }
    cpu_to = server_cpu_s();
    gen_to = own_cpu_s();
    load_to = load_average();
    server_rss = rss_kb(B.pid);
    own_rss = rss_kb(getpid());
    window_s = window_from ? (double)(now_us() - window_from) / 1e6 : 0;
    if (B.kill_at > 0) {
        /* Every room plays its game to the end, quickly, unmeasured. */
        uint64_t guard_us = now_us() + (uint64_t)FINISH_GUARD_S * 1000000u;
        B.finishing = 1;
        B.think_ms = FINISH_THINK_MS;
        B.measure_from_us = UINT64_MAX;
        while (now_us() < guard_us) {
            int done = 0;
#if defined(TTT_LOAD_LIBEV)
            if (evloop[0] != NULL) {
                (void)ev_run(evloop[0], EVRUN_ONCE);
            } else {
                lws_service(B.ctx, 0);
            }
#else
            lws_service(B.ctx, 0);
#endif
            for (i = 0; i < B.rooms; i++) {
                done += room_finished(&B.room[i]);
            }
            B.rooms_finished = done;
            if (done == B.rooms) {
                break;
            }
        }
        finish_s = (double)(now_us() + (uint64_t)FINISH_GUARD_S * 1000000u - guard_us) / 1e6;
    }
    B.stop = 1;
    kill(B.pid, SIGTERM);
    waitpid(B.pid, NULL, 0);
    lws_context_destroy(B.ctx);
#if defined(TTT_LOAD_LIBEV)
    if (evloop[0] != NULL) {
        ev_timer_stop(evloop[0], &move_timer);
        ev_timer_stop(evloop[0], &ramp_timer);
        ev_loop_destroy(evloop[0]);
    }
#endif
    latency_percentiles(&p50, &p99);
    if (B.kill_at > 0) {
        size_t k;
        missing = verify_acks(&checked);
        for (i = 0; i < B.rooms; i++) {
            finished_after += B.room[i].games_after_kill > 0;
        }
        for (k = 0; k < B.nacks; k++) {
            const room *r = &B.room[B.acks[k].room];
            if (!view_has(&r->c[0], &B.acks[k]) || !view_has(&r->c[1], &B.acks[k])) {
                not_seen++;
            }
        }
    }
    server_pct = window_s > 0 ? 100.0 * (cpu_to - cpu_from) / window_s : 0;
    gen_pct = window_s > 0 ? 100.0 * (gen_to - gen_from) / window_s : 0;
    if (B.json) {
        printf("{\"rooms\":%d,\"connections\":%d,\"seconds\":%.1f,\"moves\":%llu,"
               "\"moves_per_s\":%.0f,\"p50_ms\":%.2f,\"p99_ms\":%.2f,\"server_cpu_pct\":%.1f,"
               "\"server_cpu_pct_per_1000_rooms\":%.1f,\"generator_cpu_pct\":%.1f,"
               "\"server_rss_mb\":%.1f,\"generator_rss_mb\":%.1f,\"load_average\":[%.1f,%.1f]",
               B.rooms, B.max_connected, window_s, (unsigned long long)B.moves,
               window_s > 0 ? (double)B.moves / window_s : 0, p50, p99, server_pct,
               server_pct * 1000.0 / B.rooms, gen_pct, (double)server_rss / 1024.0,
               (double)own_rss / 1024.0, load_from, load_to);
        if (B.kill_at > 0) {
            printf(",\"acked_moves\":%zu,\"acked_moves_in_database\":%zu,"
                   "\"acked_moves_lost\":%zu,\"acked_moves_not_in_both_players_views\":%zu,"
                   "\"rooms_finishing_a_game_after_restart\":%d,\"rooms_finished\":%d,"
                   "\"finish_s\":%.1f",
                   checked, checked - missing, missing, not_seen, finished_after, B.rooms_finished,
                   finish_s);
        }
        printf("}\n");
    } else {
        printf("rooms %d, connections held %d, measured %.1f s\n", B.rooms, B.max_connected,
               window_s);
        printf("moves acknowledged %llu: %.0f moves/s\n", (unsigned long long)B.moves,
               window_s > 0 ? (double)B.moves / window_s : 0);
        printf("latency move sent -> opponent's update: p50 %.2f ms, p99 %.2f ms\n", p50, p99);
        printf("server: CPU %.1f%% of one core (%.1f%% per 1,000 rooms), RSS %.1f MB\n", server_pct,
               server_pct * 1000.0 / B.rooms, (double)server_rss / 1024.0);
        printf("generator: CPU %.1f%% of one core, RSS %.1f MB; load average %.1f -> %.1f\n",
               gen_pct, (double)own_rss / 1024.0, load_from, load_to);
        if (B.kill_at > 0) {
            printf("kill -9 at %d s: acknowledged moves %zu, in the database %zu, lost %zu; "
                   "not in both players' views %zu\n",
                   B.kill_at, checked, checked - missing, missing, not_seen);
            printf("rooms finishing a game after the restart %d; rooms finished at the end "
                   "%d of %d (in %.1f s)\n",
                   finished_after, B.rooms_finished, B.rooms, finish_s);
        }
    }
    if (getenv("TTT_KEEP_TEST_FILES") == NULL) {
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", B.dir);
        (void)system(cmd);
    }
    for (i = 0; i < B.rooms; i++) {
        free(B.room[i].c[0].views);
        free(B.room[i].c[1].views);
    }
    free(B.room);
    free(B.samples);
    free(B.acks);
    if (B.kill_at > 0 && (B.rooms_finished != B.rooms || not_seen != 0)) {
        return 1;
    }
    return missing == 0 ? 0 : 1;
}
