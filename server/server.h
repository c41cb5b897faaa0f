/* server.h - ttt-server's configuration and entry point: the named limits
 * (each with its default, range and meaning; `ttt-server --help` prints
 * them and docs/server.md explains them) and srv_run(), which serves until
 * SIGINT or SIGTERM. */
#ifndef TTT_SERVER_SERVER_H
#define TTT_SERVER_SERVER_H

#include <stddef.h>

/* Every limit the server enforces. Changed with --limit NAME=VALUE. */
typedef struct srv_limits {
    int max_message_bytes;    /* largest message (all its frames) accepted */
    int message_rate;         /* messages a second one connection may send, on average */
    int message_burst;        /* ... and at once */
    int rooms_per_address;    /* open rooms one address may have created */
    int join_guesses;         /* unknown codes and wrong tokens one address may try at once */
    int join_guesses_per_min; /* ... and then a minute */
    int hello_timeout_s;      /* seconds a new connection has to say hello */
    int idle_timeout_s;       /* seconds without any message before a connection is closed */
    int max_connections;      /* WebSocket connections at once */
    int max_queue_bytes;      /* replies waiting for a slow reader before it is cut off */
    int room_expiry_s;        /* seconds a room with nobody connected stays open */
    int group_commit_us;      /* the longest a write waits for its batch's commit */
} srv_limits;

/* One named limit, for --limit and --help. */
typedef struct srv_limit_info {
    const char *name;
    size_t offset; /* in srv_limits */
    int def, min, max;
    const char *help;
} srv_limit_info;

/* The table of limits, and its length. */
extern const srv_limit_info srv_limit_table[];
extern const size_t srv_limit_count;

/* Sets every limit to its default. */
void srv_limits_default(srv_limits *limits);
/* Applies "NAME=VALUE": 0, or -1 with a sentence in @p err. */
int srv_limits_set(srv_limits *limits, const char *assignment, char *err, size_t cap);

typedef struct srv_config {
    int port;            /* 0: any free port (the start line says which) */
    const char *bind;    /* address to listen on, or NULL for all */
    const char *db_path; /* the SQLite database */
    const char *web_dir; /* static files served at /, or NULL */
    srv_limits limits;
} srv_config;

/* Serves until SIGINT or SIGTERM: 0 on a clean stop, 1 on failure (said
 * on stderr). */
int srv_run(const srv_config *cfg);

#endif /* TTT_SERVER_SERVER_H */
