/* store.h - ttt-server's durable state in SQLite: rooms and every accepted
 * move. Writes go into one open transaction (a batch); store_commit() ends
 * it. The server acknowledges nothing written in a batch before the batch's
 * commit has returned, so an acknowledged move survives kill -9 and, with
 * synchronous=FULL in WAL mode, a power cut (docs/server.md). One batch
 * holds the writes of many rooms, so the fsync is paid per batch, not per
 * move (group commit). Not thread safe: the server's loop owns it. */
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
 * the schema. 0, or -1 with a sentence in @p err. */
int store_open(const char *path, store **out, char *err, size_t cap);
/* Commits a pending batch and closes. NULL is ignored. */
void store_close(store *st);

/* Each write below joins the open batch (beginning one if none is open):
 * 0, or -1 (the statement changed nothing; the batch stays open). */
int store_room_new(store *st, const char *code, int size, int k, int x_seat, const char *token0,
                   const char *addr, int64_t *id);
int store_seat_take(store *st, int64_t id, const char *token1);
int store_move(store *st, int64_t id, int game, int ply, ttt_pos pos);
/* The room's current game number, X's seat, resignation and scores. */
int store_room_update(store *st, int64_t id, int game, int x_seat, int resigned,
                      const int score[3]);
/* The room is closed: it is not loaded again. */
int store_room_close(store *st, int64_t id);

/* Non-zero while a batch is open. */
int store_pending(const store *st);
/* Ends the open batch (nothing to do when none is): 0, or -1 with @p err. */
int store_commit(store *st, char *err, size_t cap);

/* Abandons the open batch (after a failed write or commit). */
void store_rollback(store *st);

/* Calls @p fn for every open room, with its current game's moves; stops
 * and returns -1 when @p fn does. 0, or -1 with @p err. */
int store_load(store *st, int (*fn)(void *user, const store_room *room), void *user, char *err,
               size_t cap);

#endif /* TTT_SERVER_STORE_H */
