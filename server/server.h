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
    const char *shard;   /* the first characters of the room codes it makes (letters of
                            PROTO_CODE_ALPHABET, none twice), or NULL for any: the shard a
                            proxy routes to this server (docs/server.md) */
    const char *proxy;   /* the address of a reverse proxy whose X-Forwarded-For header is
                            trusted (the client's address for the limits and the log), or NULL */
    srv_limits limits;
} srv_config;

/* A server, for a program that runs one inside itself (the desktop game's
 * "host a game on this network"): srv_open(), srv_service() on a thread of
 * its own until another thread calls srv_stop(), srv_close(). Several may
 * run in one process. @p cfg and its strings must outlive the server. The
 * log lines go to stderr. */
typedef struct srv srv;

/* Opens the database, loads its rooms and listens: 0, or -1 (said on
 * stderr). */
int srv_open(const srv_config *cfg, srv **out);
/* The port it listens on (the system's choice when the config said 0). */
int srv_port(const srv *sv);
/* Serves until srv_stop(), then commits what is pending: 0, or 1 when a
 * database write or commit failed (nothing of it was acknowledged; the
 * server stopped). */
int srv_service(srv *sv);
/* Asks srv_service() to return; safe from any thread (not from a signal
 * handler). */
void srv_stop(srv *sv);
/* Closes every connection and the database, frees. NULL is ignored. */
void srv_close(srv *sv);

/* srv_open(), srv_service() until SIGINT or SIGTERM, srv_close(): 0 on a
 * clean stop, 1 on failure (said on stderr). */
int srv_run(const srv_config *cfg);

#endif /* TTT_SERVER_SERVER_H */
