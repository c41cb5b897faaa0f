/* server_load.h - what bench/server_load's files share: the rooms, the
 * connections, the acknowledged moves and the one bench state (B), and
 * the functions of server_load_proc.c (the server process, CPU, memory,
 * load average) and server_load_check.c (--kill-at's checks). */
#ifndef TTT_BENCH_SERVER_LOAD_H
#define TTT_BENCH_SERVER_LOAD_H

#include <libwebsockets.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "proto.h"

#define MAX_PENDING 8
/* The ramp: new rooms every step while fewer than RAMP_IN_FLIGHT
 * connections are being set up (a burst of thousands at once on a busy
 * machine ran into the hello timeout and reconnected in storms); its hang
 * guard. */
#define RAMP_IN_FLIGHT 200
#define RAMP_STEP_US 20000
#define RAMP_GUARD_S 120
#define RECONNECT_BASE_US 200000
#define MOVE_SCAN_US 5000
#define MAX_SAMPLES (8u << 20)
#define MAX_ACKS (4u << 20)
/* The finish phase of --kill-at: its think time, and its hang guard. */
#define FINISH_THINK_MS 100
#define FINISH_GUARD_S 300

typedef struct conn conn;

/* A player's last view of one game: its moves as (row, col). */
typedef struct game_view {
    uint16_t game;
    uint8_t n;
    uint8_t over;
    uint8_t mv[TTT_MAX_SQUARES][2];
} game_view;
typedef struct room room;

struct conn {
    struct lws *wsi;
    room *room;
    int seat; /* 0 creates, 1 joins */
    int joined;
    int established; /* c->wsi is set at connect time, before this */
    int connecting;  /* counted in bench::connecting */
    char rx[4096];
    size_t rx_len;
    char *pending[MAX_PENDING];
    int npending;
    uint64_t reconnect_us; /* connect again then (0: not waiting) */
    game_view *views;      /* one per game seen, oldest first */
    size_t nviews, capviews;
};

typedef struct ack {
    uint32_t room;
    uint16_t game, ply;
    uint8_t row, col;
} ack;

struct room {
    uint32_t index;
    conn c[2];
    char code[PROTO_CODE_LEN + 1];
    char token[2][PROTO_TOKEN_LEN + 1];
    int game, moves;      /* last state seen */
    uint64_t sent_us;     /* when the move awaited was sent */
    int awaited;          /* the move count that move makes, or 0 */
    int games_after_kill; /* games finished after the restart */
    int last_status_over;
    proto_state st; /* the last state seen */
    conn *mover;    /* plays at due_us, or NULL */
    uint64_t due_us;
};

typedef struct bench {
    const char *server_path;
    char dir[256], db[300], log[300];
    pid_t pid;
    int port;
    int rooms;
    int seconds;
    int think_ms;
    int kill_at;
    int json;
    struct lws_context *ctx;
    room *room;
    int opened;     /* creators connected so far */
    int connected;  /* connections open now (established, not closed) */
    int connecting; /* connections being set up */
    int max_connected;
    uint64_t start_us, measure_from_us;
    uint64_t moves;    /* acknowledged moves in the measured window */
    uint32_t *samples; /* latency, us */
    size_t nsamples;
    ack *acks;
    size_t nacks;
    int killed;
    uint64_t killed_at_us;
    uint64_t measured_from_us; /* the first measured window's start */
    int finishing;             /* --kill-at's finish phase: no rematches */
    int rooms_finished;        /* ... rooms whose last game both players saw end */
    lws_sorted_usec_list_t ramp_sul;
    lws_sorted_usec_list_t move_sul;
    unsigned rng;
    int stop;
} bench;

/* The one bench (server_load.c). */
extern bench B;

/* server_load_proc.c */
uint64_t now_us(void);
/* Starts ttt-server on @p port (0: any) and waits for its start line. */
void start_server(int port);
double own_cpu_s(void);
double load_average(void);
double server_cpu_s(void);
long rss_kb(pid_t pid);

/* server_load_check.c */
void record_view(conn *c, const proto_state *st, int over);
int view_has(const conn *c, const ack *a);
int room_finished(const room *r);
size_t verify_acks(size_t *checked);
/* The latency samples sorted, and their median and 99th percentile in
 * milliseconds (left as they are when there is none). */
void latency_percentiles(double *p50, double *p99);

#endif /* TTT_BENCH_SERVER_LOAD_H */
