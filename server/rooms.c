/* rooms.c - ttt-server's rooms: the table of open rooms, seats and
 * watchers, the requests that change a room (create, join, watch, resume,
 * move, resign, rematch; each move checked by the engine and written to the
 * store before anyone hears of it), the reload of the rooms at start, and
 * their expiry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_internal.h"

room *srv_room_find(srv *sv, const char *code)
{
    room *r;
    for (r = sv->buckets[srv_hash_text(code) % ROOM_BUCKETS]; r != NULL; r = r->bucket_next) {
        if (strcmp(r->code, code) == 0) {
            return r;
        }
    }
    return NULL;
}

void srv_room_link(srv *sv, room *r)
{
    unsigned b = srv_hash_text(r->code) % ROOM_BUCKETS;
    r->bucket_next = sv->buckets[b];
    sv->buckets[b] = r;
    r->next = sv->rooms;
    if (sv->rooms != NULL) {
        sv->rooms->prev = r;
    }
    sv->rooms = r;
    sv->nrooms++;
}

void srv_room_free(srv *sv, room *r)
{
    room **p;
    for (p = &sv->buckets[srv_hash_text(r->code) % ROOM_BUCKETS]; *p != NULL;
         p = &(*p)->bucket_next) {
        if (*p == r) {
            *p = r->bucket_next;
            break;
        }
    }
    if (r->prev != NULL) {
        r->prev->next = r->next;
    } else {
        sv->rooms = r->next;
    }
    if (r->next != NULL) {
        r->next->prev = r->prev;
    }
    sv->nrooms--;
    if (r->creator != NULL) {
        r->creator->rooms--;
        srv_addr_release(sv, r->creator);
    }
    ttt_game_free(r->game);
    free(r);
}

proto_status srv_room_status(const room *r)
{
    if (!r->taken[1]) {
        return PROTO_STATUS_WAITING;
    }
    if (r->resigned >= 0) {
        return r->resigned == r->x_seat ? PROTO_STATUS_O_WON : PROTO_STATUS_X_WON;
    }
    switch (ttt_game_state(r->game)) {
    case TTT_STATE_X_WON: return PROTO_STATUS_X_WON;
    case TTT_STATE_O_WON: return PROTO_STATUS_O_WON;
    case TTT_STATE_DRAW: return PROTO_STATUS_DRAW;
    default: return PROTO_STATUS_PLAYING;
    }
}

int srv_room_over(const room *r)
{
    proto_status s = srv_room_status(r);
    return s != PROTO_STATUS_WAITING && s != PROTO_STATUS_PLAYING;
}

void srv_room_detach(session *s)
{
    room *r = s->room;
    if (r == NULL) {
        return;
    }
    if (s->seat >= 0) {
        if (r->seat[s->seat] == s) {
            r->seat[s->seat] = NULL;
        }
    } else {
        if (s->wprev != NULL) {
            s->wprev->wnext = s->wnext;
        } else {
            r->watchers = s->wnext;
        }
        if (s->wnext != NULL) {
            s->wnext->wprev = s->wprev;
        }
        r->nwatchers--;
    }
    s->room = NULL;
    s->wprev = s->wnext = NULL;
    if (r->seat[0] == NULL && r->seat[1] == NULL && r->watchers == NULL) {
        r->empty_since_us = srv_now_us();
    }
}

static void attach_seat(srv *sv, session *s, room *r, int seat)
{
    session *old = r->seat[seat];
    if (old != NULL && old != s) {
        /* The same player from elsewhere (a new device, or a connection
         * the old one does not know is dead yet): the newest wins. */
        srv_room_detach(old);
        srv_send_error(sv, old, "replaced", 1, "your seat was resumed by another connection");
    }
    r->seat[seat] = s;
    s->room = r;
    s->seat = seat;
}

static void attach_watcher(session *s, room *r)
{
    s->room = r;
    s->seat = -1;
    s->wprev = NULL;
    s->wnext = r->watchers;
    if (r->watchers != NULL) {
        r->watchers->wprev = s;
    }
    r->watchers = s;
    r->nwatchers++;
}

void srv_do_create(srv *sv, session *s, const proto_request *q)
{
    room *r;
    int tries;
    if (s->ae->rooms >= sv->lim->rooms_per_address) {
        srv_send_error(sv, s, "too-many-rooms", 0,
                       "this address already has %d open rooms (rooms-per-address)",
                       sv->lim->rooms_per_address);
        return;
    }
    r = calloc(1, sizeof *r);
    if (r == NULL || ttt_game_new(q->size, q->k, TTT_PLAYER_X, NULL, &r->game) != TTT_OK) {
        free(r);
        srv_send_error(sv, s, "internal", 0, "out of memory");
        return;
    }
    r->size = q->size;
    r->k = q->k;
    r->x_seat = q->creator_first ? 0 : 1;
    r->game_no = 1;
    r->resigned = -1;
    r->taken[0] = 1;
    srv_new_token(r->token[0]);
    for (tries = 0;; tries++) {
        srv_new_code(r->code, sv->cfg->shard);
        if (srv_room_find(sv, r->code) != NULL) {
            continue;
        }
        /* A closed room keeps its code in the database: try another. */
        if (store_room_new(sv->store, r->code, r->size, r->k, r->x_seat, r->token[0], s->addr,
                           &r->id) == 0) {
            break;
        }
        if (tries > 100) {
            ttt_game_free(r->game);
            free(r);
            srv_send_error(sv, s, "internal", 0, "no free room code");
            return;
        }
    }
    srv_wrote(sv, 1);
    r->creator = s->ae;
    s->ae->rooms++;
    srv_room_link(sv, r);
    attach_seat(sv, s, r, 0);
    srv_log("room %s created by %s: %dx%d, k %d, %s first", r->code, s->addr, r->size, r->size,
            r->k, q->creator_first ? "creator" : "joiner");
    srv_send_joined(sv, s, r, 0);
    srv_broadcast_state(sv, r);
}

/* The room named by a join, watch or resume, or NULL with the error sent. */
static room *lookup(srv *sv, session *s, const proto_request *q)
{
    room *r;
    if (srv_guess_allowed(sv, s) != 0) {
        srv_send_error(sv, s, "join-limited", 0,
                       "too many unknown codes or wrong tokens from this address; try again in a "
                       "minute (join-guesses-per-min)");
        return NULL;
    }
    r = srv_room_find(sv, q->code);
    if (r == NULL) {
        srv_guess_spend(s);
        srv_send_error(sv, s, "no-room", 0, "there is no open room %s", q->code);
    }
    return r;
}

void srv_do_join(srv *sv, session *s, const proto_request *q)
{
    room *r = lookup(sv, s, q);
    if (r == NULL) {
        return;
    }
    if (q->type == PROTO_REQ_JOIN && !r->taken[1]) {
        char token[PROTO_TOKEN_LEN + 1];
        srv_new_token(token);
        srv_wrote(sv, store_seat_take(sv->store, r->id, token) == 0);
        memcpy(r->token[1], token, sizeof token);
        r->taken[1] = 1;
        attach_seat(sv, s, r, 1);
        srv_log("room %s joined by %s", r->code, s->addr);
        srv_send_joined(sv, s, r, 1);
    } else {
        attach_watcher(s, r);
        srv_send_joined(sv, s, r, -1);
    }
    srv_broadcast_state(sv, r);
}

void srv_do_resume(srv *sv, session *s, const proto_request *q)
{
    room *r = lookup(sv, s, q);
    int seat;
    if (r == NULL) {
        return;
    }
    for (seat = 0; seat < 2; seat++) {
        if (r->taken[seat] && srv_token_equal(r->token[seat], q->token)) {
            break;
        }
    }
    if (seat == 2) {
        srv_guess_spend(s);
        srv_send_error(sv, s, "bad-token", 0, "that token holds no seat in room %s", r->code);
        return;
    }
    attach_seat(sv, s, r, seat);
    srv_log("room %s: seat %d resumed from %s", r->code, seat, s->addr);
    srv_send_joined(sv, s, r, seat);
    srv_broadcast_state(sv, r);
}

/* The room and seat of a player's request, or -1 with the error sent. */
static int player_check(srv *sv, session *s)
{
    if (s->room == NULL) {
        srv_send_error(sv, s, "not-in-room", 0, "create, join or resume a room first");
        return -1;
    }
    if (s->seat < 0) {
        srv_send_error(sv, s, "not-a-player", 0, "watchers cannot play");
        return -1;
    }
    return 0;
}

/* Records a finished game's result in the scores. */
static void score_game(room *r)
{
    switch (srv_room_status(r)) {
    case PROTO_STATUS_X_WON: r->score[r->x_seat]++; break;
    case PROTO_STATUS_O_WON: r->score[1 - r->x_seat]++; break;
    case PROTO_STATUS_DRAW: r->score[2]++; break;
    default: break;
    }
}

static void game_finished(srv *sv, room *r, const char *how)
{
    score_game(r);
    srv_wrote(
        sv, store_room_update(sv->store, r->id, r->game_no, r->x_seat, r->resigned, r->score) == 0);
    srv_log("room %s: game %d finished, %s%s (score %d-%d, %d drawn)", r->code, r->game_no,
            proto_status_name(srv_room_status(r)), how, r->score[0], r->score[1], r->score[2]);
}

void srv_do_move(srv *sv, session *s, const proto_request *q)
{
    room *r = s->room;
    ttt_pos pos;
    ttt_player mine;
    ttt_status st;
    int ply;
    if (player_check(sv, s) != 0) {
        return;
    }
    if (!r->taken[1]) {
        srv_send_error(sv, s, "waiting", 0, "nobody has joined yet");
        return;
    }
    if (srv_room_over(r)) {
        srv_send_error(sv, s, "game-over", 0, "the game is over; ask for a rematch");
        return;
    }
    mine = s->seat == r->x_seat ? TTT_PLAYER_X : TTT_PLAYER_O;
    if (ttt_game_turn(r->game) != mine) {
        srv_send_error(sv, s, "not-your-turn", 0, "it is your opponent's turn");
        return;
    }
    ply = ttt_game_move_count(r->game);
    if (q->ply >= 0 && q->ply != ply) {
        srv_send_error(sv, s, "stale", 0, "that move was for move number %d; this is %d", q->ply,
                       ply);
        return;
    }
    pos.row = q->row;
    pos.col = q->col;
    st = ttt_game_can_move(r->game, pos);
    if (st != TTT_OK) {
        srv_send_error(sv, s, ttt_status_name(st), 0, "%s", ttt_status_message(st));
        return;
    }
    srv_wrote(sv, store_move(sv->store, r->id, r->game_no, ply, pos) == 0);
    (void)ttt_game_move(r->game, pos, NULL);
    if (srv_room_over(r)) {
        game_finished(sv, r, "");
    }
    srv_broadcast_state(sv, r);
}

void srv_do_resign(srv *sv, session *s)
{
    room *r = s->room;
    if (player_check(sv, s) != 0) {
        return;
    }
    if (!r->taken[1]) {
        srv_send_error(sv, s, "waiting", 0, "nobody has joined yet");
        return;
    }
    if (srv_room_over(r)) {
        srv_send_error(sv, s, "game-over", 0, "the game is already over");
        return;
    }
    r->resigned = s->seat;
    game_finished(sv, r, " by resignation");
    srv_broadcast_state(sv, r);
}

void srv_do_rematch(srv *sv, session *s)
{
    room *r = s->room;
    if (player_check(sv, s) != 0) {
        return;
    }
    if (!srv_room_over(r)) {
        srv_send_error(sv, s, "not-over", 0, "a rematch is for after the game");
        return;
    }
    r->rematch[s->seat] = 1;
    if (r->rematch[0] && r->rematch[1]) {
        ttt_game *g;
        if (ttt_game_new(r->size, r->k, TTT_PLAYER_X, NULL, &g) != TTT_OK) {
            srv_send_error(sv, s, "internal", 0, "out of memory");
            return;
        }
        ttt_game_free(r->game);
        r->game = g;
        r->game_no++;
        r->x_seat = 1 - r->x_seat;
        r->resigned = -1;
        r->rematch[0] = r->rematch[1] = 0;
        srv_wrote(sv, store_room_update(sv->store, r->id, r->game_no, r->x_seat, r->resigned,
                                        r->score) == 0);
        srv_log("room %s: game %d begins, seat %d plays X", r->code, r->game_no, r->x_seat);
    }
    srv_broadcast_state(sv, r);
}

int srv_reload_room(void *user, const store_room *sr)
{
    srv *sv = user;
    room *r = calloc(1, sizeof *r);
    ttt_status st;
    int i;
    if (r == NULL) {
        return -1;
    }
    st = ttt_game_new(sr->size, sr->k, TTT_PLAYER_X, NULL, &r->game);
    for (i = 0; st == TTT_OK && i < sr->moves; i++) {
        st = ttt_game_move(r->game, sr->move[i], NULL);
    }
    if (st != TTT_OK || sr->x_seat < 0 || sr->x_seat > 1 || sr->resigned < -1 || sr->resigned > 1 ||
        srv_room_find(sv, sr->code) != NULL) {
        ttt_game_free(r->game);
        free(r);
        return -1;
    }
    r->id = sr->id;
    memcpy(r->code, sr->code, sizeof r->code);
    r->size = sr->size;
    r->k = sr->k;
    r->x_seat = sr->x_seat;
    r->game_no = sr->game;
    r->resigned = sr->resigned;
    memcpy(r->score, sr->score, sizeof r->score);
    r->taken[0] = 1;
    r->taken[1] = sr->taken1;
    memcpy(r->token, sr->token, sizeof r->token);
    r->creator = srv_addr_get(sv, sr->creator_addr);
    if (r->creator != NULL) {
        r->creator->rooms++;
    }
    r->empty_since_us = srv_now_us();
    srv_room_link(sv, r);
    return 0;
}

void srv_expiry_cb(lws_sorted_usec_list_t *sul)
{
    srv *sv = lws_container_of(sul, srv, expiry_sul);
    uint64_t now = srv_now_us(), limit = (uint64_t)sv->lim->room_expiry_s * USEC_PER_SEC;
    room *r = sv->rooms, *next;
    size_t i;
    for (; r != NULL; r = next) {
        next = r->next;
        if (r->seat[0] == NULL && r->seat[1] == NULL && r->watchers == NULL &&
            now - r->empty_since_us >= limit) {
            srv_wrote(sv, store_room_close(sv->store, r->id) == 0);
            srv_log("room %s closed: nobody for %d s (room-expiry-s)", r->code,
                    sv->lim->room_expiry_s);
            srv_room_free(sv, r);
        }
    }
    /* Addresses kept for their guess buckets, once full again. */
    for (i = 0; i < ADDR_BUCKETS; i++) {
        addr_entry *e, *after;
        for (e = sv->addrs[i]; e != NULL; e = after) {
            after = e->next;
            srv_addr_release(sv, e);
        }
    }
    lws_sul_schedule(sv->ctx, 0, sul, srv_expiry_cb, EXPIRY_SCAN_US);
}
