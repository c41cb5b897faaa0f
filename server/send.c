/* send.c - ttt-server's replies and commits: every reply is queued on its
 * connection stamped with the store's open batch, and goes out only once
 * that batch has committed (acknowledgement after commit; server_internal.h
 * says why). The room's state is broadcast to its players and watchers. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_internal.h"

void srv_session_kill(session *s, const char *why)
{
    if (s->killed) {
        return;
    }
    s->killed = 1;
    srv_log("closing connection from %s: %s", s->addr, why);
    lws_set_timeout(s->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
    s->closing = 1;
}

/* Queues @p text (@p len bytes) for @p s, to go once the open batch commits. */
void srv_send_text(srv *sv, session *s, const char *text, size_t len)
{
    out_msg *m;
    if (s->wsi == NULL) {
        return;
    }
    if (s->qbytes + len > (size_t)sv->lim->max_queue_bytes) {
        if (!s->closing) {
            srv_session_kill(s, "it does not read its replies (max-queue-bytes)");
        }
        return;
    }
    m = malloc(sizeof *m + LWS_PRE + len);
    if (m == NULL) {
        srv_session_kill(s, "out of memory");
        return;
    }
    m->next = NULL;
    /* The newest batch holds the newest writes: whatever this reply says
     * may come from them. */
    m->batch = sv->batch;
    m->len = len;
    memcpy(m->buf + LWS_PRE, text, len);
    if (s->qtail != NULL) {
        s->qtail->next = m;
    } else {
        s->qhead = m;
    }
    s->qtail = m;
    s->qbytes += len;
    if (m->batch <= sv->committed) {
        lws_callback_on_writable(s->wsi);
    } else {
        srv_hold(sv, s);
    }
}

void srv_hold(srv *sv, session *s)
{
    /* Woken by the commit, not before: a writeable callback now would find
     * nothing it may send. */
    if (s->held) {
        return;
    }
    s->held = 1;
    s->held_prev = NULL;
    s->held_next = sv->held;
    if (sv->held != NULL) {
        sv->held->held_prev = s;
    }
    sv->held = s;
}

void srv_held_remove(srv *sv, session *s)
{
    if (!s->held) {
        return;
    }
    if (s->held_prev != NULL) {
        s->held_prev->held_next = s->held_next;
    } else {
        sv->held = s->held_next;
    }
    if (s->held_next != NULL) {
        s->held_next->held_prev = s->held_prev;
    }
    s->held = 0;
    s->held_prev = s->held_next = NULL;
}

void srv_send_reply(srv *sv, session *s, const proto_reply *rep)
{
    char *text = proto_write_reply(rep);
    if (text == NULL) {
        srv_session_kill(s, "out of memory");
        return;
    }
    srv_send_text(sv, s, text, strlen(text));
    free(text);
}

/* An error reply, logged; @p fatal closes the connection after it. */
void srv_send_error(srv *sv, session *s, const char *reason, int fatal, const char *fmt, ...)
{
    proto_reply rep;
    va_list ap;
    memset(&rep, 0, sizeof rep);
    rep.type = PROTO_REP_ERROR;
    snprintf(rep.reason, sizeof rep.reason, "%s", reason);
    va_start(ap, fmt);
    vsnprintf(rep.message, sizeof rep.message, fmt, ap);
    va_end(ap);
    rep.fatal = fatal;
    srv_log("refused from %s%s%s: %s (%s)", s->addr, s->room ? " in room " : "",
            s->room ? s->room->code : "", reason, rep.message);
    srv_send_reply(sv, s, &rep);
    if (fatal) {
        s->closing = 1;
    }
}

static void room_state(const room *r, proto_state *st)
{
    const session *w;
    int i;
    memset(st, 0, sizeof *st);
    memcpy(st->code, r->code, sizeof st->code);
    st->size = r->size;
    st->k = r->k;
    st->game = r->game_no;
    st->x_seat = r->x_seat;
    st->status = srv_room_status(r);
    st->resigned = r->resigned;
    (void)ttt_game_history(r->game, st->move, TTT_MAX_SQUARES, &st->moves);
    for (i = 0; i < 2; i++) {
        st->taken[i] = r->taken[i];
        st->connected[i] = r->seat[i] != NULL;
        st->rematch[i] = r->rematch[i];
    }
    memcpy(st->score, r->score, sizeof st->score);
    for (w = r->watchers; w != NULL; w = w->wnext) {
        st->watchers++;
    }
}

/* The room's whole state to everyone in it. */
void srv_broadcast_state(srv *sv, room *r)
{
    proto_reply *rep = calloc(1, sizeof *rep);
    char *text;
    session *w;
    int i;
    if (rep == NULL) {
        return;
    }
    rep->type = PROTO_REP_STATE;
    room_state(r, &rep->state);
    text = proto_write_reply(rep);
    free(rep);
    if (text == NULL) {
        return;
    }
    for (i = 0; i < 2; i++) {
        if (r->seat[i] != NULL) {
            srv_send_text(sv, r->seat[i], text, strlen(text));
        }
    }
    for (w = r->watchers; w != NULL; w = w->wnext) {
        srv_send_text(sv, w, text, strlen(text));
    }
    free(text);
}

void srv_send_joined(srv *sv, session *s, room *r, int seat)
{
    proto_reply rep;
    memset(&rep, 0, sizeof rep);
    rep.type = PROTO_REP_JOINED;
    memcpy(rep.code, r->code, sizeof rep.code);
    rep.seat = seat;
    if (seat >= 0) {
        memcpy(rep.token, r->token[seat], sizeof rep.token);
    }
    srv_send_reply(sv, s, &rep);
}

/* A write or commit failed: nothing more is acknowledged, the loop stops,
 * the open batch is rolled back, and srv_service() returns 1. */
static void fail_stop(srv *sv)
{
    sv->failed = 1;
    atomic_store(&sv->stop, 1);
    lws_cancel_service(sv->ctx);
}

/* A batch committed: its replies may go. */
static void committed(srv *sv, uint64_t batch)
{
    sv->committed = batch;
    /* Only the connections with replies waiting, not every one (one whose
     * replies wait for the next batch is held again when woken). */
    while (sv->held != NULL) {
        session *s = sv->held;
        srv_held_remove(sv, s);
        lws_callback_on_writable(s->wsi);
    }
}

/* Hands the open batch to the writer once its group-commit time is up and
 * the writer is free. */
static void submit_due(srv *sv)
{
    if (sv->commit_due && !sv->failed && !store_busy(sv->store) && store_pending(sv->store) &&
        store_submit(sv->store) == 0) {
        sv->commit_due = 0;
        sv->commit_scheduled = 0;
        sv->numbered = 0;
        sv->inflight = sv->batch;
    }
}

void srv_collect(srv *sv)
{
    char err[256];
    int rc = store_collect(sv->store, 0, err, sizeof err);
    if (rc < 0) {
        /* Nothing of this batch was acknowledged; the database is the
         * truth, so stop rather than serve a state it does not hold. */
        srv_log("stopping: %s", err);
        fail_stop(sv);
    } else if (rc > 0) {
        committed(sv, sv->inflight);
        submit_due(sv);
    }
}

void srv_commit_now(srv *sv)
{
    char err[256];
    if (!store_pending(sv->store) && !store_busy(sv->store)) {
        return;
    }
    if (store_commit(sv->store, err, sizeof err) != 0) {
        srv_log("stopping: %s", err);
        fail_stop(sv);
        return;
    }
    sv->commit_due = sv->commit_scheduled = sv->numbered = 0;
    committed(sv, sv->batch);
}

void srv_commit_due(srv *sv)
{
    sv->commit_due = 1;
    submit_due(sv);
}

/* Called after every write: the batch goes to the writer group-commit-us
 * after its first write, or when the batch before it is committed if that
 * takes longer (then the batch grows: one fsync for more moves). */
void srv_wrote(srv *sv, int ok)
{
    if (!ok) {
        srv_log("stopping: a database write failed");
        fail_stop(sv);
        return;
    }
    if (!sv->numbered) {
        /* The first write of the open batch gives it its number. */
        sv->batch++;
        sv->numbered = 1;
    }
    if (!sv->commit_scheduled) {
        sv->commit_scheduled = 1;
        srv_schedule_commit(sv);
    }
}
