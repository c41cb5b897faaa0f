/* limits.c - ttt-server's named limits (the table that --limit and --help
 * read) and the per-address and per-connection buckets that enforce them:
 * open rooms and join guesses per address, the message rate per
 * connection. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_internal.h"

const srv_limit_info srv_limit_table[] = {
    {"max-message-bytes", offsetof(srv_limits, max_message_bytes), 1024, 64, 65536,
     "largest message a client may send (all its frames); larger ones get too-large"},
    {"message-rate", offsetof(srv_limits, message_rate), 20, 1, 100000,
     "messages a second a connection may send on average; more get rate-limited"},
    {"message-burst", offsetof(srv_limits, message_burst), 40, 1, 100000,
     "messages a connection may send at once"},
    {"rooms-per-address", offsetof(srv_limits, rooms_per_address), 10, 1, 1000000,
     "open rooms one address may have created; more get too-many-rooms"},
    {"join-guesses", offsetof(srv_limits, join_guesses), 10, 1, 1000000,
     "unknown room codes or wrong tokens one address may try at once"},
    {"join-guesses-per-min", offsetof(srv_limits, join_guesses_per_min), 10, 1, 1000000,
     "... and then each minute; more get join-limited"},
    {"hello-timeout-s", offsetof(srv_limits, hello_timeout_s), 10, 1, 3600,
     "seconds a new connection has to send hello"},
    {"idle-timeout-s", offsetof(srv_limits, idle_timeout_s), 60, 2, 86400,
     "seconds without a message (clients ping) before a connection is closed"},
    {"max-connections", offsetof(srv_limits, max_connections), 10000, 1, 1000000,
     "WebSocket connections at once; more get server-full"},
    {"max-queue-bytes", offsetof(srv_limits, max_queue_bytes), 262144, 4096, 1 << 30,
     "replies waiting for a connection that does not read before it is cut off"},
    {"room-expiry-s", offsetof(srv_limits, room_expiry_s), 86400, 1, 1 << 30,
     "seconds a room stays open with nobody connected, then it is closed"},
    {"group-commit-us", offsetof(srv_limits, group_commit_us), 2000, 0, 1000000,
     "microseconds a write waits so that one commit serves many moves"},
};
const size_t srv_limit_count = sizeof srv_limit_table / sizeof srv_limit_table[0];

void srv_limits_default(srv_limits *limits)
{
    size_t i;
    for (i = 0; i < srv_limit_count; i++) {
        *(int *)((char *)limits + srv_limit_table[i].offset) = srv_limit_table[i].def;
    }
}

int srv_limits_set(srv_limits *limits, const char *assignment, char *err, size_t cap)
{
    const char *eq = strchr(assignment, '=');
    size_t i;
    if (eq == NULL) {
        snprintf(err, cap, "--limit wants NAME=VALUE, not '%s'", assignment);
        return -1;
    }
    for (i = 0; i < srv_limit_count; i++) {
        const srv_limit_info *l = &srv_limit_table[i];
        if (strlen(l->name) == (size_t)(eq - assignment) &&
            strncmp(l->name, assignment, (size_t)(eq - assignment)) == 0) {
            char *end;
            long v;
            errno = 0;
            v = strtol(eq + 1, &end, 10);
            if (errno != 0 || end == eq + 1 || *end != '\0' || v < l->min || v > l->max) {
                snprintf(err, cap, "limit %s must be a whole number from %d to %d", l->name, l->min,
                         l->max);
                return -1;
            }
            *(int *)((char *)limits + l->offset) = (int)v;
            return 0;
        }
    }
    snprintf(err, cap, "unknown limit '%.*s' (ttt-server --help lists them)",
             (int)(eq - assignment), assignment);
    return -1;
}

addr_entry *srv_addr_get(srv *sv, const char *addr)
{
    unsigned b = srv_hash_text(addr) % ADDR_BUCKETS;
    addr_entry *e;
    for (e = sv->addrs[b]; e != NULL; e = e->next) {
        if (strcmp(e->addr, addr) == 0) {
            return e;
        }
    }
    e = calloc(1, sizeof *e);
    if (e == NULL) {
        return NULL;
    }
    snprintf(e->addr, sizeof e->addr, "%s", addr);
    e->guesses = sv->lim->join_guesses;
    e->refill_us = srv_now_us();
    e->next = sv->addrs[b];
    sv->addrs[b] = e;
    return e;
}

/* Refills @p e's join-guess bucket up to now. */
void srv_guesses_refill(srv *sv, addr_entry *e)
{
    uint64_t now = srv_now_us();
    e->guesses += (double)(now - e->refill_us) * sv->lim->join_guesses_per_min / 60e6;
    if (e->guesses > sv->lim->join_guesses) {
        e->guesses = sv->lim->join_guesses;
    }
    e->refill_us = now;
}

/* Forgets an address that has no rooms, no connections and a full guess
 * bucket (forgetting one that guessed would let it start again by
 * reconnecting; the expiry scan forgets it once the bucket is full). */
void srv_addr_release(srv *sv, addr_entry *e)
{
    addr_entry **p;
    if (e == NULL || e->rooms > 0 || e->conns > 0) {
        return;
    }
    srv_guesses_refill(sv, e);
    if (e->guesses < sv->lim->join_guesses) {
        return;
    }
    for (p = &sv->addrs[srv_hash_text(e->addr) % ADDR_BUCKETS]; *p != NULL; p = &(*p)->next) {
        if (*p == e) {
            *p = e->next;
            free(e);
            return;
        }
    }
}

/* Spends one join guess of @p s's address: 0, or -1 when none is left. */
int srv_guess_allowed(srv *sv, session *s)
{
    addr_entry *e = s->ae;
    srv_guesses_refill(sv, e);
    return e->guesses >= 1.0 ? 0 : -1;
}

void srv_guess_spend(session *s)
{
    s->ae->guesses -= 1.0;
}

/* Spends one message from the connection's bucket: 0, or -1 when empty. */
int srv_rate_allowed(srv *sv, session *s)
{
    uint64_t now = srv_now_us();
    s->tokens += (double)(now - s->refill_us) * sv->lim->message_rate / 1e6;
    if (s->tokens > sv->lim->message_burst) {
        s->tokens = sv->lim->message_burst;
    }
    s->refill_us = now;
    if (s->tokens < 1.0) {
        return -1;
    }
    s->tokens -= 1.0;
    return 0;
}
