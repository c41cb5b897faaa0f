/* harness.h - what the server tests share: a real ttt-server started on a
 * free loopback port with its own database and log, clients on the client
 * library that wait for the reply they expect, and a fingerprint of the
 * database's contents read with SQLite itself. No test looks at a clock:
 * waiting ends when the reply comes (ctest's TIMEOUT catches a hang). */
#ifndef TTT_TESTS_SERVER_HARNESS_H
#define TTT_TESTS_SERVER_HARNESS_H

#include <sys/types.h>

#include "net_client.h"

typedef struct test_server {
    pid_t pid;
    int port;
    char dir[256]; /* scratch directory: the database and the log */
    char db[300];
    char log[300];
} test_server;

/* Starts ttt-server (path from TTT_SERVER_PATH) on 127.0.0.1, on @p port
 * (0: any free one), with the database in @p srv->dir (made when empty) and
 * the --limit assignments in @p limits (NULL-terminated, or NULL). */
void server_start(test_server *srv, int port, const char *const *limits);
/* SIGKILL, or SIGTERM and a clean stop when @p gently. */
void server_stop(test_server *srv, int gently);
/* Removes the scratch directory. */
void server_cleanup(test_server *srv);
/* Non-zero when the server's log holds @p text. */
int server_log_has(const test_server *srv, const char *text);

/* A client and the last state it saw. */
typedef struct test_client {
    net_client *net;
    proto_state state;
    int have_state;
    int seat;
    char code[PROTO_CODE_LEN + 1];
    char token[PROTO_TOKEN_LEN + 1];
    int connects; /* NET_EV_CONNECTED seen */
} test_client;

void client_open(test_client *c, const test_server *srv);
void client_close(test_client *c);
void client_send(test_client *c, const proto_request *req);
/* Waits for the next reply of @p type (others are taken in on the way:
 * states, joined); returns it. */
proto_reply client_expect(test_client *c, proto_reply_type type);
/* Waits for an error with @p reason; fails on any other error. */
void client_expect_error(test_client *c, const char *reason);
/* Waits until the client's state shows @p moves moves in game @p game. */
void client_wait_moves(test_client *c, int game, int moves);
/* Waits until the state says seat @p seat is (not) connected. */
void client_wait_presence(test_client *c, int seat, int connected);

/* Helpers for requests. */
void send_hello(test_client *c);
void send_create(test_client *c, int size, int k);
void send_code(test_client *c, proto_request_type type, const char *code);
void send_move(test_client *c, int row, int col);

/* Everything in the database's rooms and moves tables, as text. The
 * caller frees it. */
char *db_fingerprint(const char *db);
/* Moves stored for room @p code's game @p game. */
int db_move_count(const char *db, const char *code, int game);

#endif /* TTT_TESTS_SERVER_HARNESS_H */
