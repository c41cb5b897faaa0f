/* store.c - SQLite behind store.h. Prepared statements are made once; every
 * write first makes sure a batch (BEGIN IMMEDIATE) is open. */
#include "store.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How long a statement waits for a lock another process holds (the sqlite3
 * shell reading the database, a backup), in milliseconds. */
#define STORE_BUSY_TIMEOUT_MS 5000

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
    "INSERT INTO rooms (code, size, k, x_seat, token0, creator_addr) VALUES (?,?,?,?,?,?)",
    "UPDATE rooms SET token1 = ? WHERE id = ? AND token1 IS NULL",
    "INSERT INTO moves (room, game, ply, row, col) VALUES (?,?,?,?,?)",
    ("UPDATE rooms SET game = ?, x_seat = ?, resigned = ?, score0 = ?, score1 = ?, draws = ?"
     " WHERE id = ?"),
    "UPDATE rooms SET closed = 1 WHERE id = ?",
};

struct store {
    sqlite3 *db;
    sqlite3_stmt *stmt[SQL_COUNT];
    int pending;
};

int store_open(const char *path, store **out, char *err, size_t cap)
{
    store *st = calloc(1, sizeof *st);
    char *msg = NULL;
    int i;

    *out = NULL;
    if (st == NULL) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
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
    *out = st;
    return 0;
}

void store_close(store *st)
{
    int i;
    char err[128];
    if (st == NULL) {
        return;
    }
    if (st->pending) {
        (void)store_commit(st, err, sizeof err);
    }
    for (i = 0; i < SQL_COUNT; i++) {
        sqlite3_finalize(st->stmt[i]);
    }
    sqlite3_close(st->db);
    free(st);
}

/* Runs @p s to its end and resets it: SQLITE_DONE, or the error code. */
static int run(sqlite3_stmt *s)
{
    int rc = sqlite3_step(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    return rc;
}

static int begin(store *st)
{
    if (st->pending) {
        return 0;
    }
    if (run(st->stmt[SQL_BEGIN]) != SQLITE_DONE) {
        return -1;
    }
    st->pending = 1;
    return 0;
}

int store_pending(const store *st)
{
    return st->pending;
}

int store_commit(store *st, char *err, size_t cap)
{
    if (!st->pending) {
        return 0;
    }
    if (run(st->stmt[SQL_COMMIT]) != SQLITE_DONE) {
        snprintf(err, cap, "commit failed: %s", sqlite3_errmsg(st->db));
        return -1;
    }
    st->pending = 0;
    return 0;
}

int store_room_new(store *st, const char *code, int size, int k, int x_seat, const char *token0,
                   const char *addr, int64_t *id)
{
    sqlite3_stmt *s = st->stmt[SQL_ROOM_NEW];
    if (begin(st) != 0) {
        return -1;
    }
    sqlite3_bind_text(s, 1, code, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 2, size);
    sqlite3_bind_int(s, 3, k);
    sqlite3_bind_int(s, 4, x_seat);
    sqlite3_bind_text(s, 5, token0, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 6, addr, -1, SQLITE_STATIC);
    if (run(s) != SQLITE_DONE) {
        return -1;
    }
    *id = sqlite3_last_insert_rowid(st->db);
    return 0;
}

int store_seat_take(store *st, int64_t id, const char *token1)
{
    sqlite3_stmt *s = st->stmt[SQL_SEAT_TAKE];
    if (begin(st) != 0) {
        return -1;
    }
    sqlite3_bind_text(s, 1, token1, -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 2, id);
    return run(s) == SQLITE_DONE && sqlite3_changes(st->db) == 1 ? 0 : -1;
}

int store_move(store *st, int64_t id, int game, int ply, ttt_pos pos)
{
    sqlite3_stmt *s = st->stmt[SQL_MOVE];
    if (begin(st) != 0) {
        return -1;
    }
    sqlite3_bind_int64(s, 1, id);
    sqlite3_bind_int(s, 2, game);
    sqlite3_bind_int(s, 3, ply);
    sqlite3_bind_int(s, 4, pos.row);
    sqlite3_bind_int(s, 5, pos.col);
    return run(s) == SQLITE_DONE ? 0 : -1;
}

int store_room_update(store *st, int64_t id, int game, int x_seat, int resigned, const int score[3])
{
    sqlite3_stmt *s = st->stmt[SQL_ROOM_UPDATE];
    if (begin(st) != 0) {
        return -1;
    }
    sqlite3_bind_int(s, 1, game);
    sqlite3_bind_int(s, 2, x_seat);
    sqlite3_bind_int(s, 3, resigned);
    sqlite3_bind_int(s, 4, score[0]);
    sqlite3_bind_int(s, 5, score[1]);
    sqlite3_bind_int(s, 6, score[2]);
    sqlite3_bind_int64(s, 7, id);
    return run(s) == SQLITE_DONE ? 0 : -1;
}

int store_room_close(store *st, int64_t id)
{
    sqlite3_stmt *s = st->stmt[SQL_ROOM_CLOSE];
    if (begin(st) != 0) {
        return -1;
    }
    sqlite3_bind_int64(s, 1, id);
    return run(s) == SQLITE_DONE ? 0 : -1;
}

void store_rollback(store *st)
{
    if (st != NULL && st->pending) {
        (void)sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
        st->pending = 0;
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
