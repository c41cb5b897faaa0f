/* store.h - ttt-server's durable state in SQLite: rooms and every accepted
 * move. Writes join the open batch; store_submit() hands it to the writer
 * thread, which commits it in one transaction (one fsync for every write of
 * every room in it: group commit) while the next batch fills. The server
 * acknowledges nothing written in a batch before store_collect() has seen
 * that batch committed, so an acknowledged move survives kill -9 and, with
 * synchronous=FULL in WAL mode, a power cut (docs/server.md). Every
 * function but the writer's own work is for one thread, the server's loop;
 * the notify function is called on the writer thread. */
#ifndef TTT_SERVER_STORE_H
#define TTT_SERVER_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "proto.h"

typedef struct store store;

/* A room as stored, for the reload at start. */
typedef struct store_room {
    int64_t id;
    char code[PROTO_CODE_LEN + 1];
    int size, k;
    int x_seat, game, resigned;
    int score[3];
    int taken1;                         /* seat 1 has a player */
    char token[2][PROTO_TOKEN_LEN + 1]; /* token[1] is "" until taken1 */
    char creator_addr[64];
    int moves; /* the current game's moves */
    ttt_pos move[TTT_MAX_SQUARES];
} store_room;

/* Opens (creating if needed) the database at @p path: WAL, synchronous=FULL,
 * the schema. 0, or -1 with a sentence in @p err. Writes may be made
 * before store_start() (store_commit() then runs them on this thread). */
int store_open(const char *path, store **out, char *err, size_t cap);
/* Starts the writer thread; @p notify(@p user) is called on it each time
 * a submitted batch is done (committed or failed), e.g. to wake the
 * service loop. 0, or -1 with @p err. */
int store_start(store *st, void (*notify)(void *user), void *user, char *err, size_t cap);
/* No more calls of the notify function (one running has returned). */
void store_stop_notify(store *st);
/* Commits what is pending (store_commit()), stops the writer and closes.
 * NULL is ignored. */
void store_close(store *st);

/* Each write below joins the open batch: 0, or -1 (nothing was added; for
 * store_room_new() also when @p code was ever used: try another). Failures
 * of the statements themselves show at the commit. */
int store_room_new(store *st, const char *code, int size, int k, int x_seat, const char *token0,
                   const char *addr, int64_t *id);
int store_seat_take(store *st, int64_t id, const char *token1);
int store_move(store *st, int64_t id, int game, int ply, ttt_pos pos);
/* The room's current game number, X's seat, resignation and scores. */
int store_room_update(store *st, int64_t id, int game, int x_seat, int resigned,
                      const int score[3]);
/* The room is closed: it is not loaded again. */
int store_room_close(store *st, int64_t id);

/* Non-zero while the open batch holds a write. */
int store_pending(const store *st);
/* Non-zero from store_submit() until store_collect() returns its end. */
int store_busy(const store *st);
/* Hands the open batch to the writer thread: 0, or -1 when there is none,
 * one is still in flight (store_busy()) or the writer is not started. */
int store_submit(store *st);
/* The end of the batch in flight: 1 committed, -1 failed (rolled back,
 * @p err says why), 0 none in flight or (when not @p wait) not done yet. */
int store_collect(store *st, int wait, char *err, size_t cap);
/* Waits for the batch in flight, then commits the open batch and waits for
 * it: 0, or -1 with @p err. */
int store_commit(store *st, char *err, size_t cap);
/* Abandons the open batch (after a failed write or commit). */
void store_rollback(store *st);

/* Calls @p fn for every open room, with its current game's moves; stops
 * and returns -1 when @p fn does. 0, or -1 with @p err. */
int store_load(store *st, int (*fn)(void *user, const store_room *room), void *user, char *err,
               size_t cap);

#endif /* TTT_SERVER_STORE_H */
