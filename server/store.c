/* store.c - SQLite behind store.h. The service thread appends each write
 * to the open batch (an array of store_op); store_submit() hands the batch
 * to the writer thread, which runs it in one transaction (BEGIN IMMEDIATE,
 * the statements, COMMIT with its fsync) and then calls the notify
 * function. So the service loop never waits for the disk: while one batch
 * is being committed the next one fills (a pipeline of two).
 *
 * Locking: st->mu guards the hand-over (fly_*, quit); the batch in flight
 * belongs to the writer from store_submit() until store_collect() sees it
 * done, the open batch to the service thread always. Two connections: the
 * writer's (db) and the service thread's, for reads only (rdb; WAL lets it
 * read while the writer writes). */
#include "store.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How long a statement waits for a lock another process holds (the sqlite3
 * shell reading the database, a backup), in milliseconds. */
#define STORE_BUSY_TIMEOUT_MS 5000
/* Writes a batch array holds before it first grows. */
#define STORE_BATCH_START 256
#define STORE_ADDR_MAX 64

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS rooms ("
    " id INTEGER PRIMARY KEY,"
    " code TEXT NOT NULL UNIQUE,"
    " size INTEGER NOT NULL, k INTEGER NOT NULL,"
    " creator_addr TEXT NOT NULL,"
    " token0 TEXT NOT NULL, token1 TEXT,"
    " x_seat INTEGER NOT NULL, game INTEGER NOT NULL DEFAULT 1,"
    " resigned INTEGER NOT NULL DEFAULT -1,"
    " score0 INTEGER NOT NULL DEFAULT 0, score1 INTEGER NOT NULL DEFAULT 0,"
    " draws INTEGER NOT NULL DEFAULT 0,"
    " closed INTEGER NOT NULL DEFAULT 0,"
    " created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);"
    "CREATE TABLE IF NOT EXISTS moves ("
    " room INTEGER NOT NULL REFERENCES rooms(id), game INTEGER NOT NULL,"
    " ply INTEGER NOT NULL, row INTEGER NOT NULL, col INTEGER NOT NULL,"
    " PRIMARY KEY (room, game, ply)) WITHOUT ROWID;";

enum {
    SQL_BEGIN,
    SQL_COMMIT,
    SQL_ROOM_NEW,
    SQL_SEAT_TAKE,
    SQL_MOVE,
    SQL_ROOM_UPDATE,
    SQL_ROOM_CLOSE,
    SQL_COUNT
};

static const char *const sql_text[SQL_COUNT] = {
    "BEGIN IMMEDIATE",
    "COMMIT",
    ("INSERT INTO rooms (id, code, size, k, x_seat, token0, creator_addr)"
     " VALUES (?,?,?,?,?,?,?)"),
    "UPDATE rooms SET token1 = ? WHERE id = ? AND token1 IS NULL",
    "INSERT INTO moves (room, game, ply, row, col) VALUES (?,?,?,?,?)",
    ("UPDATE rooms SET game = ?, x_seat = ?, resigned = ?, score0 = ?, score1 = ?, draws = ?"
     " WHERE id = ?"),
    "UPDATE rooms SET closed = 1 WHERE id = ?",
};

/* One write of a batch: the statement (SQL_*) and its values. */
typedef struct store_op {
    int sql;
    int64_t id;
    int v[6]; /* the integers after the id, in the statement's order */
    char code[PROTO_CODE_LEN + 1];
    char token[PROTO_TOKEN_LEN + 1];
    char addr[STORE_ADDR_MAX];
} store_op;

typedef struct batch {
    store_op *op;
    size_t n, cap;
} batch;

struct store {
    sqlite3 *db;  /* the writer thread's (the service thread's before start) */
    sqlite3 *rdb; /* the service thread's, read only */
    sqlite3_stmt *stmt[SQL_COUNT];
    sqlite3_stmt *code_used; /* on rdb */
    int64_t next_id;
    batch open;   /* the service thread's */
    batch fly;    /* the writer's while fly_busy */
    int fly_busy; /* service thread: a batch was submitted and not yet collected */
    void (*notify)(void *user);
    void *notify_user;
    pthread_t writer;
    int writer_started;
    pthread_mutex_t mu;
    pthread_cond_t cond;
    int fly_ready; /* mu: a batch waits for the writer */
    int fly_done;  /* mu: the writer finished it */
    int fly_rc;    /* mu: 0, or -1 (fly_err says why) */
    char fly_err[256];
    int quit; /* mu: the writer returns */
};

/* Runs @p s to its end and resets it: SQLITE_DONE, or the error code. */
static int run(sqlite3_stmt *s)
{
    int rc = sqlite3_step(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    return rc;
}

/* One write of a batch, on the writer's connection: 0, or -1. */
static int run_op(store *st, const store_op *o)
{
    sqlite3_stmt *s = st->stmt[o->sql];
    int i;
    switch (o->sql) {
    case SQL_ROOM_NEW:
        sqlite3_bind_int64(s, 1, o->id);
        sqlite3_bind_text(s, 2, o->code, -1, SQLITE_STATIC);
        for (i = 0; i < 3; i++) {
            sqlite3_bind_int(s, 3 + i, o->v[i]);
        }
        sqlite3_bind_text(s, 6, o->token, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 7, o->addr, -1, SQLITE_STATIC);
        return run(s) == SQLITE_DONE ? 0 : -1;
    case SQL_SEAT_TAKE:
        sqlite3_bind_text(s, 1, o->token, -1, SQLITE_STATIC);
        sqlite3_bind_int64(s, 2, o->id);
        return run(s) == SQLITE_DONE && sqlite3_changes(st->db) == 1 ? 0 : -1;
    case SQL_MOVE:
        sqlite3_bind_int64(s, 1, o->id);
        for (i = 0; i < 4; i++) {
            sqlite3_bind_int(s, 2 + i, o->v[i]);
        }
        return run(s) == SQLITE_DONE ? 0 : -1;
    case SQL_ROOM_UPDATE:
        for (i = 0; i < 6; i++) {
            sqlite3_bind_int(s, 1 + i, o->v[i]);
        }
        sqlite3_bind_int64(s, 7, o->id);
        return run(s) == SQLITE_DONE ? 0 : -1;
    case SQL_ROOM_CLOSE: sqlite3_bind_int64(s, 1, o->id); return run(s) == SQLITE_DONE ? 0 : -1;
    default: return -1;
    }
}

/* The whole batch @p b in one transaction: 0, or -1 with @p err (then
 * nothing of it is in the database). */
static int run_batch(store *st, const batch *b, char *err, size_t cap)
{
    size_t i;
    if (run(st->stmt[SQL_BEGIN]) != SQLITE_DONE) {
        snprintf(err, cap, "cannot begin a transaction: %s", sqlite3_errmsg(st->db));
        return -1;
    }
    for (i = 0; i < b->n; i++) {
        if (run_op(st, &b->op[i]) != 0) {
            snprintf(err, cap, "a database write failed: %s", sqlite3_errmsg(st->db));
            (void)sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
            return -1;
        }
    }
    if (run(st->stmt[SQL_COMMIT]) != SQLITE_DONE) {
        snprintf(err, cap, "commit failed: %s", sqlite3_errmsg(st->db));
        (void)sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    return 0;
}

static void *writer_main(void *arg)
{
    store *st = arg;
    pthread_mutex_lock(&st->mu);
    for (;;) {
        char err[sizeof st->fly_err];
        int rc;
        while (!st->fly_ready && !st->quit) {
            pthread_cond_wait(&st->cond, &st->mu);
        }
        if (!st->fly_ready) {
            break;
        }
        pthread_mutex_unlock(&st->mu);
        err[0] = '\0';
        rc = run_batch(st, &st->fly, err, sizeof err);
        pthread_mutex_lock(&st->mu);
        st->fly_ready = 0;
        st->fly_done = 1;
        st->fly_rc = rc;
        memcpy(st->fly_err, err, sizeof err);
        pthread_cond_broadcast(&st->cond);
        if (st->notify != NULL) {
            /* Under the lock: store_close() cannot free the store before
             * this returns. */
            st->notify(st->notify_user);
        }
    }
    pthread_mutex_unlock(&st->mu);
    return NULL;
}

int store_open(const char *path, store **out, char *err, size_t cap)
{
    store *st = calloc(1, sizeof *st);
    sqlite3_stmt *max_id = NULL;
    char *msg = NULL;
    int i;

    *out = NULL;
    if (st == NULL) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    pthread_mutex_init(&st->mu, NULL);
    pthread_cond_init(&st->cond, NULL);
    if (sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        snprintf(err, cap, "cannot open %s: %s", path,
                 st->db ? sqlite3_errmsg(st->db) : "out of memory");
        store_close(st);
        return -1;
    }
    sqlite3_busy_timeout(st->db, STORE_BUSY_TIMEOUT_MS);
    /* WAL: readers never block the server, and a commit is one append and
     * one fsync. synchronous=FULL: that fsync happens at every commit, so a
     * committed batch survives a power cut, not only a killed process. */
    if (sqlite3_exec(st->db,
                     "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;",
                     NULL, NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(st->db, schema, NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, cap, "%s: %s", path, msg ? msg : sqlite3_errmsg(st->db));
        sqlite3_free(msg);
        store_close(st);
        return -1;
    }
    for (i = 0; i < SQL_COUNT; i++) {
        if (sqlite3_prepare_v2(st->db, sql_text[i], -1, &st->stmt[i], NULL) != SQLITE_OK) {
            snprintf(err, cap, "%s: %s", path, sqlite3_errmsg(st->db));
            store_close(st);
            return -1;
        }
    }
    if (sqlite3_open_v2(path, &st->rdb, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->rdb, "SELECT 1 FROM rooms WHERE code = ?", -1, &st->code_used,
                           NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->rdb, "SELECT COALESCE(MAX(id), 0) FROM rooms", -1, &max_id, NULL) !=
            SQLITE_OK ||
        sqlite3_step(max_id) != SQLITE_ROW) {
        snprintf(err, cap, "%s: %s", path, st->rdb ? sqlite3_errmsg(st->rdb) : "out of memory");
        sqlite3_finalize(max_id);
        store_close(st);
        return -1;
    }
    sqlite3_busy_timeout(st->rdb, STORE_BUSY_TIMEOUT_MS);
    st->next_id = sqlite3_column_int64(max_id, 0) + 1;
    sqlite3_finalize(max_id);
    *out = st;
    return 0;
}

int store_start(store *st, void (*notify)(void *user), void *user, char *err, size_t cap)
{
    pthread_mutex_lock(&st->mu);
    st->notify = notify;
    st->notify_user = user;
    pthread_mutex_unlock(&st->mu);
    if (pthread_create(&st->writer, NULL, writer_main, st) != 0) {
        snprintf(err, cap, "cannot start the database writer thread");
        return -1;
    }
    st->writer_started = 1;
    return 0;
}

void store_stop_notify(store *st)
{
    if (st != NULL) {
        pthread_mutex_lock(&st->mu);
        st->notify = NULL;
        pthread_mutex_unlock(&st->mu);
    }
}

void store_close(store *st)
{
    int i;
    char err[128];
    if (st == NULL) {
        return;
    }
    (void)store_commit(st, err, sizeof err);
    if (st->writer_started) {
        pthread_mutex_lock(&st->mu);
        st->quit = 1;
        pthread_cond_broadcast(&st->cond);
        pthread_mutex_unlock(&st->mu);
        pthread_join(st->writer, NULL);
    }
    for (i = 0; i < SQL_COUNT; i++) {
        sqlite3_finalize(st->stmt[i]);
    }
    sqlite3_finalize(st->code_used);
    sqlite3_close(st->rdb);
    sqlite3_close(st->db);
    free(st->open.op);
    free(st->fly.op);
    pthread_cond_destroy(&st->cond);
    pthread_mutex_destroy(&st->mu);
    free(st);
}

/* A new write at the end of the open batch, zeroed, or NULL (out of
 * memory). */
static store_op *op_add(store *st, int sql)
{
    batch *b = &st->open;
    store_op *o;
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : STORE_BATCH_START;
        store_op *grown = realloc(b->op, cap * sizeof *grown);
        if (grown == NULL) {
            return NULL;
        }
        b->op = grown;
        b->cap = cap;
    }
    o = &b->op[b->n++];
    memset(o, 0, sizeof *o);
    o->sql = sql;
    return o;
}

int store_pending(const store *st)
{
    return st->open.n > 0;
}

int store_busy(const store *st)
{
    return st->fly_busy;
}

int store_submit(store *st)
{
    batch t;
    if (st->fly_busy || st->open.n == 0 || !st->writer_started) {
        return -1;
    }
    pthread_mutex_lock(&st->mu);
    t = st->fly;
    st->fly = st->open;
    st->open = t;
    st->open.n = 0;
    st->fly_ready = 1;
    st->fly_done = 0;
    pthread_cond_broadcast(&st->cond);
    pthread_mutex_unlock(&st->mu);
    st->fly_busy = 1;
    return 0;
}

int store_collect(store *st, int wait, char *err, size_t cap)
{
    int rc;
    if (!st->fly_busy) {
        return 0;
    }
    pthread_mutex_lock(&st->mu);
    while (wait && !st->fly_done) {
        pthread_cond_wait(&st->cond, &st->mu);
    }
    if (!st->fly_done) {
        pthread_mutex_unlock(&st->mu);
        return 0;
    }
    st->fly_done = 0;
    rc = st->fly_rc;
    snprintf(err, cap, "%s", st->fly_err);
    pthread_mutex_unlock(&st->mu);
    st->fly_busy = 0;
    st->fly.n = 0;
    return rc == 0 ? 1 : -1;
}

int store_commit(store *st, char *err, size_t cap)
{
    if (store_collect(st, 1, err, cap) < 0) {
        return -1;
    }
    if (st->open.n == 0) {
        return 0;
    }
    if (!st->writer_started) {
        int rc = run_batch(st, &st->open, err, cap);
        st->open.n = 0;
        return rc;
    }
    (void)store_submit(st);
    return store_collect(st, 1, err, cap) < 0 ? -1 : 0;
}

int store_room_new(store *st, const char *code, int size, int k, int x_seat, const char *token0,
                   const char *addr, int64_t *id)
{
    store_op *o;
    int used;
    /* A closed room keeps its code: the caller tries another. */
    sqlite3_bind_text(st->code_used, 1, code, -1, SQLITE_STATIC);
    used = sqlite3_step(st->code_used);
    sqlite3_reset(st->code_used);
    if (used != SQLITE_DONE || (o = op_add(st, SQL_ROOM_NEW)) == NULL) {
        return -1;
    }
    o->id = *id = st->next_id++;
    snprintf(o->code, sizeof o->code, "%s", code);
    o->v[0] = size;
    o->v[1] = k;
    o->v[2] = x_seat;
    snprintf(o->token, sizeof o->token, "%s", token0);
    snprintf(o->addr, sizeof o->addr, "%s", addr);
    return 0;
}

int store_seat_take(store *st, int64_t id, const char *token1)
{
    store_op *o = op_add(st, SQL_SEAT_TAKE);
    if (o == NULL) {
        return -1;
    }
    o->id = id;
    snprintf(o->token, sizeof o->token, "%s", token1);
    return 0;
}

int store_move(store *st, int64_t id, int game, int ply, ttt_pos pos)
{
    store_op *o = op_add(st, SQL_MOVE);
    if (o == NULL) {
        return -1;
    }
    o->id = id;
    o->v[0] = game;
    o->v[1] = ply;
    o->v[2] = pos.row;
    o->v[3] = pos.col;
    return 0;
}

int store_room_update(store *st, int64_t id, int game, int x_seat, int resigned, const int score[3])
{
    store_op *o = op_add(st, SQL_ROOM_UPDATE);
    if (o == NULL) {
        return -1;
    }
    o->id = id;
    o->v[0] = game;
    o->v[1] = x_seat;
    o->v[2] = resigned;
    o->v[3] = score[0];
    o->v[4] = score[1];
    o->v[5] = score[2];
    return 0;
}

int store_room_close(store *st, int64_t id)
{
    store_op *o = op_add(st, SQL_ROOM_CLOSE);
    if (o == NULL) {
        return -1;
    }
    o->id = id;
    return 0;
}

void store_rollback(store *st)
{
    if (st != NULL) {
        st->open.n = 0;
    }
}

static void copy_text(char *dst, size_t cap, const unsigned char *src)
{
    snprintf(dst, cap, "%s", src ? (const char *)src : "");
}

int store_load(store *st, int (*fn)(void *user, const store_room *room), void *user, char *err,
               size_t cap)
{
    sqlite3_stmt *rooms = NULL, *moves = NULL;
    store_room *r = malloc(sizeof *r);
    int rc = -1, step;

    if (r == NULL) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    if (sqlite3_prepare_v2(st->db,
                           "SELECT id, code, size, k, x_seat, game, resigned, score0, score1,"
                           " draws, token0, token1, creator_addr FROM rooms WHERE closed = 0"
                           " ORDER BY id",
                           -1, &rooms, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db,
                           "SELECT row, col FROM moves WHERE room = ? AND game = ? ORDER BY ply",
                           -1, &moves, NULL) != SQLITE_OK) {
        snprintf(err, cap, "%s", sqlite3_errmsg(st->db));
        goto done;
    }
    while ((step = sqlite3_step(rooms)) == SQLITE_ROW) {
        memset(r, 0, sizeof *r);
        r->id = sqlite3_column_int64(rooms, 0);
        copy_text(r->code, sizeof r->code, sqlite3_column_text(rooms, 1));
        r->size = sqlite3_column_int(rooms, 2);
        r->k = sqlite3_column_int(rooms, 3);
        r->x_seat = sqlite3_column_int(rooms, 4);
        r->game = sqlite3_column_int(rooms, 5);
        r->resigned = sqlite3_column_int(rooms, 6);
        r->score[0] = sqlite3_column_int(rooms, 7);
        r->score[1] = sqlite3_column_int(rooms, 8);
        r->score[2] = sqlite3_column_int(rooms, 9);
        copy_text(r->token[0], sizeof r->token[0], sqlite3_column_text(rooms, 10));
        r->taken1 = sqlite3_column_type(rooms, 11) != SQLITE_NULL;
        copy_text(r->token[1], sizeof r->token[1], sqlite3_column_text(rooms, 11));
        copy_text(r->creator_addr, sizeof r->creator_addr, sqlite3_column_text(rooms, 12));
        sqlite3_bind_int64(moves, 1, r->id);
        sqlite3_bind_int(moves, 2, r->game);
        while ((step = sqlite3_step(moves)) == SQLITE_ROW && r->moves < TTT_MAX_SQUARES) {
            r->move[r->moves].row = sqlite3_column_int(moves, 0);
            r->move[r->moves].col = sqlite3_column_int(moves, 1);
            r->moves++;
        }
        sqlite3_reset(moves);
        if (fn(user, r) != 0) {
            snprintf(err, cap, "room %s in the database is not a legal game", r->code);
            goto done;
        }
    }
    if (step != SQLITE_DONE) {
        snprintf(err, cap, "%s", sqlite3_errmsg(st->db));
        goto done;
    }
    rc = 0;
done:
    sqlite3_finalize(rooms);
    sqlite3_finalize(moves);
    free(r);
    return rc;
}
