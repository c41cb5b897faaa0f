/* server_load_check.c - bench/server_load --kill-at's checks: each
 * player's last view of each game, whether a room is finished, and every
 * acknowledged move looked up in the database; and the latency's
 * percentiles. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_load.h"

/* Keeps @p c's last view of @p st's game (for --kill-at's check). */
void record_view(conn *c, const proto_state *st, int over)
{
    game_view *v = NULL;
    int i;
    if (B.kill_at <= 0) {
        return;
    }
    if (c->nviews > 0 && c->views[c->nviews - 1].game == (uint16_t)st->game) {
        v = &c->views[c->nviews - 1];
    } else {
        size_t k;
        for (k = 0; k < c->nviews; k++) {
            if (c->views[k].game == (uint16_t)st->game) {
                v = &c->views[k];
            }
        }
    }
    if (v == NULL) {
        if (c->nviews == c->capviews) {
            size_t cap = c->capviews ? 2 * c->capviews : 4;
            game_view *grown = realloc(c->views, cap * sizeof *grown);
            if (grown == NULL) {
                return;
            }
            c->views = grown;
            c->capviews = cap;
        }
        v = &c->views[c->nviews++];
        memset(v, 0, sizeof *v);
        v->game = (uint16_t)st->game;
    }
    v->n = (uint8_t)st->moves;
    v->over = (uint8_t)over;
    for (i = 0; i < st->moves; i++) {
        v->mv[i][0] = (uint8_t)st->move[i].row;
        v->mv[i][1] = (uint8_t)st->move[i].col;
    }
}

/* Whether @p c's last view of game @p game has move @p ply at (row, col). */
int view_has(const conn *c, const ack *a)
{
    size_t k;
    for (k = 0; k < c->nviews; k++) {
        const game_view *v = &c->views[k];
        if (v->game == a->game) {
            return a->ply < v->n && v->mv[a->ply][0] == a->row && v->mv[a->ply][1] == a->col;
        }
    }
    return 0;
}

/* A room is finished when both players have seen its last game end. */
int room_finished(const room *r)
{
    const conn *a = &r->c[0], *b = &r->c[1];
    return a->nviews > 0 && b->nviews > 0 && a->views[a->nviews - 1].over &&
           b->views[b->nviews - 1].over &&
           a->views[a->nviews - 1].game == b->views[b->nviews - 1].game;
}

/* Every acknowledged move, looked up in the database: the number missing. */
size_t verify_acks(size_t *checked)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    size_t i, missing = 0;
    *checked = 0;
    if (sqlite3_open_v2(B.db, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db,
                           "SELECT row, col FROM moves JOIN rooms ON rooms.id = moves.room"
                           " WHERE rooms.code = ? AND moves.game = ? AND moves.ply = ?",
                           -1, &st, NULL) != SQLITE_OK) {
        fprintf(stderr, "server_load: cannot read %s\n", B.db);
        sqlite3_close(db);
        return (size_t)-1;
    }
    for (i = 0; i < B.nacks; i++) {
        const ack *a = &B.acks[i];
        sqlite3_bind_text(st, 1, B.room[a->room].code, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, a->game);
        sqlite3_bind_int(st, 3, a->ply);
        if (sqlite3_step(st) != SQLITE_ROW || sqlite3_column_int(st, 0) != a->row ||
            sqlite3_column_int(st, 1) != a->col) {
            missing++;
        }
        sqlite3_reset(st);
        (*checked)++;
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return missing;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

void latency_percentiles(double *p50, double *p99)
{
    if (B.nsamples == 0) return;
    qsort(B.samples, B.nsamples, sizeof *B.samples, cmp_u32);
    *p50 = B.samples[B.nsamples / 2] / 1000.0;
    *p99 = B.samples[(size_t)((double)B.nsamples * 0.99)] / 1000.0;
}
