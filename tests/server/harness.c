/* harness.c - see harness.h. */
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

/* How long one wait for a reply may block before it looks again; never a
 * failure by itself (ctest's TIMEOUT is the limit). */
#define POLL_SLICE_MS 100

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (f == NULL) {
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 1);
    if (buf != NULL) {
        size_t got = fread(buf, 1, (size_t)n, f);
        buf[got] = '\0';
    }
    fclose(f);
    return buf;
}

int server_log_has(const test_server *srv, const char *text)
{
    char *log = read_file(srv->log);
    int has = log != NULL && strstr(log, text) != NULL;
    free(log);
    return has;
}

/* Servers still running, killed at exit should a test fail half way (a
 * failed check leaves the test function at once). */
#define MAX_SERVERS 16
static pid_t running[MAX_SERVERS];

static void kill_running(void)
{
    int i;
    for (i = 0; i < MAX_SERVERS; i++) {
        if (running[i] > 0) {
            kill(running[i], SIGKILL);
            (void)waitpid(running[i], NULL, 0);
            running[i] = 0;
        }
    }
}

static void track(pid_t pid, pid_t replace)
{
    static int registered;
    int i;
    if (!registered) {
        registered = 1;
        atexit(kill_running);
    }
    for (i = 0; i < MAX_SERVERS; i++) {
        if (running[i] == replace) {
            running[i] = pid;
            return;
        }
    }
}

/* execv() takes char *const[]; it does not write to them. */
static char *arg(const char *s)
{
    return (char *)(uintptr_t)s;
}

void server_start(test_server *srv, int port, const char *const *limits)
{
    char *argv[64];
    char portbuf[16];
    int n = 0, fd;
    const char *tmp = getenv("TMPDIR");

    if (srv->dir[0] == '\0') {
        snprintf(srv->dir, sizeof srv->dir, "%s/ttt-server-test-XXXXXX", tmp ? tmp : "/tmp");
        assert_non_null(mkdtemp(srv->dir));
        snprintf(srv->db, sizeof srv->db, "%s/rooms.db", srv->dir);
    }
    snprintf(srv->log, sizeof srv->log, "%s/server-%d.log", srv->dir, port);
    snprintf(portbuf, sizeof portbuf, "%d", port);
    argv[n++] = (char *)(uintptr_t)TTT_SERVER_PATH;
    argv[n++] = arg("--port");
    argv[n++] = portbuf;
    argv[n++] = arg("--bind");
    argv[n++] = arg("127.0.0.1");
    argv[n++] = arg("--db");
    argv[n++] = srv->db;
    while (limits != NULL && *limits != NULL && n < 60) {
        argv[n++] = arg("--limit");
        argv[n++] = arg(*limits++);
    }
    argv[n] = NULL;
    fd = open(srv->log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0);
    srv->pid = fork();
    assert_true(srv->pid >= 0);
    if (srv->pid == 0) {
        int null = open("/dev/null", O_RDWR);
        /* Nothing of ctest's pipes stays open in the server. */
        dup2(null, 0);
        dup2(null, 1);
        dup2(fd, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    close(fd);
    track(srv->pid, 0);
    /* The start line names the port; wait for it. */
    for (;;) {
        char *log = read_file(srv->log);
        const char *at = log ? strstr(log, "listening on port ") : NULL;
        int status;
        if (at != NULL) {
            srv->port = atoi(at + strlen("listening on port "));
            free(log);
            break;
        }
        free(log);
        if (waitpid(srv->pid, &status, WNOHANG) == srv->pid) {
            fail_msg("ttt-server did not start; see %s", srv->log);
        }
        (void)poll(NULL, 0, 20);
    }
    assert_true(srv->port > 0);
}

void server_stop(test_server *srv, int gently)
{
    int status = 0;
    if (srv->pid <= 0) {
        return;
    }
    kill(srv->pid, gently ? SIGTERM : SIGKILL);
    assert_int_equal(waitpid(srv->pid, &status, 0), srv->pid);
    track(0, srv->pid);
    if (gently) {
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
    }
    srv->pid = 0;
}

void server_cleanup(test_server *srv)
{
    char cmd[400];
    if (srv->dir[0] != '\0' && getenv("TTT_KEEP_TEST_FILES") == NULL) {
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", srv->dir);
        (void)system(cmd);
    }
}

void client_open(test_client *c, const test_server *srv)
{
    char url[64], err[128];
    memset(c, 0, sizeof *c);
    c->seat = -2;
    snprintf(url, sizeof url, "ws://127.0.0.1:%d/", srv->port);
    if (net_client_start(url, "ttt-server-test", &c->net, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
}

void client_close(test_client *c)
{
    net_client_stop(c->net);
    c->net = NULL;
}

void client_send(test_client *c, const proto_request *req)
{
    assert_int_equal(net_client_send(c->net, req), 0);
}

/* The next event, taking in what it says. */
static net_event next_event(test_client *c)
{
    net_event ev;
    while (!net_client_wait(c->net, &ev, POLL_SLICE_MS)) {
    }
    if (ev.type == NET_EV_CONNECTED) {
        c->connects++;
    } else if (ev.type == NET_EV_REPLY && ev.reply.type == PROTO_REP_STATE) {
        c->state = ev.reply.state;
        c->have_state = 1;
    } else if (ev.type == NET_EV_REPLY && ev.reply.type == PROTO_REP_JOINED) {
        c->seat = ev.reply.seat;
        memcpy(c->code, ev.reply.code, sizeof c->code);
        memcpy(c->token, ev.reply.token, sizeof c->token);
    }
    return ev;
}

proto_reply client_expect(test_client *c, proto_reply_type type)
{
    for (;;) {
        net_event ev = next_event(c);
        if (ev.type == NET_EV_STOPPED) {
            fail_msg("the client stopped while waiting for a reply");
        }
        if (ev.type != NET_EV_REPLY) {
            continue;
        }
        if (ev.reply.type == type) {
            return ev.reply;
        }
        if (ev.reply.type == PROTO_REP_ERROR) {
            fail_msg("unexpected error %s: %s", ev.reply.reason, ev.reply.message);
        }
    }
}

void client_expect_error(test_client *c, const char *reason)
{
    proto_reply r = client_expect(c, PROTO_REP_ERROR);
    if (strcmp(r.reason, reason) != 0) {
        fail_msg("expected error %s, got %s: %s", reason, r.reason, r.message);
    }
    assert_true(r.message[0] != '\0');
}

void client_wait_moves(test_client *c, int game, int moves)
{
    while (!(c->have_state && c->state.game == game && c->state.moves == moves)) {
        net_event ev = next_event(c);
        if (ev.type == NET_EV_REPLY && ev.reply.type == PROTO_REP_ERROR) {
            fail_msg("unexpected error %s: %s", ev.reply.reason, ev.reply.message);
        }
        assert_true(ev.type != NET_EV_STOPPED);
    }
}

void client_wait_presence(test_client *c, int seat, int connected)
{
    while (!(c->have_state && c->state.connected[seat] == connected)) {
        net_event ev = next_event(c);
        assert_true(ev.type != NET_EV_STOPPED);
    }
}

void send_hello(test_client *c)
{
    proto_request q;
    memset(&q, 0, sizeof q);
    q.type = PROTO_REQ_HELLO;
    q.version = PROTO_VERSION;
    client_send(c, &q);
}

void send_create(test_client *c, int size, int k)
{
    proto_request q;
    memset(&q, 0, sizeof q);
    q.type = PROTO_REQ_CREATE;
    q.size = size;
    q.k = k;
    q.creator_first = 1;
    client_send(c, &q);
}

void send_code(test_client *c, proto_request_type type, const char *code)
{
    proto_request q;
    memset(&q, 0, sizeof q);
    q.type = type;
    snprintf(q.code, sizeof q.code, "%s", code);
    client_send(c, &q);
}

void send_move(test_client *c, int row, int col)
{
    proto_request q;
    memset(&q, 0, sizeof q);
    q.type = PROTO_REQ_MOVE;
    q.row = row;
    q.col = col;
    q.ply = -1;
    client_send(c, &q);
}

static char *query_text(const char *db, const char *sql, const char *arg, int num)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    size_t cap = 4096, len = 0;
    char *out = malloc(cap);
    assert_non_null(out);
    out[0] = '\0';
    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_busy_timeout(h, 10000);
    assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
    if (arg != NULL) {
        sqlite3_bind_text(st, 1, arg, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(st, 2, num);
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
        int i;
        for (i = 0; i < sqlite3_column_count(st); i++) {
            const char *v = (const char *)sqlite3_column_text(st, i);
            size_t need = len + (v ? strlen(v) : 4) + 3;
            if (need > cap) {
                cap = need * 2;
                out = realloc(out, cap);
                assert_non_null(out);
            }
            len += (size_t)sprintf(out + len, "%s%c", v ? v : "NULL",
                                   i + 1 < sqlite3_column_count(st) ? '|' : '\n');
        }
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return out;
}

char *db_fingerprint(const char *db)
{
    char *a = query_text(db, "SELECT * FROM rooms ORDER BY id", NULL, 0);
    char *b = query_text(db, "SELECT * FROM moves ORDER BY room, game, ply", NULL, 0);
    char *out = malloc(strlen(a) + strlen(b) + 2);
    assert_non_null(out);
    sprintf(out, "%s\n%s", a, b);
    free(a);
    free(b);
    return out;
}

int db_move_count(const char *db, const char *code, int game)
{
    char *t = query_text(db,
                         "SELECT count(*) FROM moves JOIN rooms ON rooms.id = moves.room"
                         " WHERE rooms.code = ?1 AND moves.game = ?2",
                         code, game);
    int n = atoi(t);
    free(t);
    return n;
}
