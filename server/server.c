/* server.c - ttt-server's start and stop: srv_open() (the database, the
 * reload of its rooms, the libwebsockets context with the static web files
 * of --web), srv_service(), srv_stop(), srv_close() and srv_run() with its
 * signals. The other files: server_internal.h (the state and the design),
 * conn.c, rooms.c, send.c, limits.c, util.c. */
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "server_internal.h"
#include "ttt/version.h"

#if defined(TTT_SERVER_LIBEV)
#include <ev.h>
#endif

/* srv_run()'s signal handler sets this; srv_service() looks at it. */
static volatile sig_atomic_t signalled_stop;

/* The writer thread's notice that a batch is done: wakes the loop, which
 * takes the result in srv_collect(). */
static void wake_loop(void *user)
{
    srv *sv = user;
    lws_cancel_service(sv->ctx);
}

static void commit_sul_cb(lws_sorted_usec_list_t *sul)
{
    srv_commit_due(lws_container_of(sul, srv, commit_sul));
}

#if defined(TTT_SERVER_LIBEV)
static void commit_timer_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    srv_commit_due(w->data);
}
#endif

void srv_schedule_commit(srv *sv)
{
#if defined(TTT_SERVER_LIBEV)
    /* On libev, a timer of our own: libwebsockets 4.1 keeps one libev
     * timer for all of its own and does not bring it forward when a
     * sooner one is added (ev_timer_start() on an active timer does
     * nothing), so a 2 ms commit waited for the 1 s idle scan. */
    if (sv->evloop[0] != NULL) {
        ev_timer_set(&sv->commit_timer, (double)sv->lim->group_commit_us / USEC_PER_SEC, 0.0);
        ev_timer_start(sv->evloop[0], &sv->commit_timer);
        return;
    }
#endif
    lws_sul_schedule(sv->ctx, 0, &sv->commit_sul, commit_sul_cb,
                     (lws_usec_t)sv->lim->group_commit_us);
}

static void on_signal(int sig)
{
    (void)sig;
    signalled_stop = 1;
}

int srv_open(const srv_config *cfg, srv **out)
{
    static const struct lws_protocols protocols[] = {
        {"ttt", srv_callback, sizeof(session), 0, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0},
    };
    /* What libwebsockets does not know of the web game's site (it refuses
     * such a file with 415): the wasm, the packed files (.data), and the
     * licence texts without an extension (LICENSE, debian-copyright), for
     * which "*" (libwebsockets: any other name) is plain text. */
    static const struct lws_protocol_vhost_options mime_other = {NULL, NULL, "*",
                                                                 "text/plain; charset=utf-8"};
    static const struct lws_protocol_vhost_options mime_data = {&mime_other, NULL, ".data",
                                                                "application/octet-stream"};
    static const struct lws_protocol_vhost_options mime_wasm = {&mime_data, NULL, ".wasm",
                                                                "application/wasm"};
    /* The browser game runs threads, which need a cross-origin isolated
     * page (web/serve.py sends the same). */
    static const struct lws_protocol_vhost_options hdr_corp = {
        NULL, NULL, "cross-origin-resource-policy:", "same-origin"};
    static const struct lws_protocol_vhost_options hdr_coep = {
        &hdr_corp, NULL, "cross-origin-embedder-policy:", "require-corp"};
    static const struct lws_protocol_vhost_options hdr_coop = {
        &hdr_coep, NULL, "cross-origin-opener-policy:", "same-origin"};
    struct lws_context_creation_info info;
    struct lws_vhost *vh;
    srv *sv = calloc(1, sizeof *sv);
    char err[256];

    *out = NULL;
    if (sv == NULL) {
        srv_log("out of memory");
        return -1;
    }
    sv->cfg = cfg;
    sv->lim = &cfg->limits;
    atomic_init(&sv->stop, 0);
    if (store_open(cfg->db_path, &sv->store, err, sizeof err) != 0 ||
        store_load(sv->store, srv_reload_room, sv, err, sizeof err) != 0) {
        srv_log("%s", err);
        srv_close(sv);
        return -1;
    }

    lws_set_log_level(LLL_ERR, NULL);
    memset(&info, 0, sizeof info);
    info.port = cfg->port;
    info.iface = cfg->bind;
    info.protocols = protocols;
    info.vhost_name = "ttt";
    info.headers = &hdr_coop;
    info.user = sv;
    /* Text frames must be UTF-8 (RFC 6455); libwebsockets closes a
     * connection that sends anything else (status 1007). */
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8;
    if (cfg->web_dir != NULL) {
        sv->mount.mountpoint = "/";
        sv->mount.mountpoint_len = 1;
        sv->mount.origin = cfg->web_dir;
        sv->mount.def = "index.html";
        sv->mount.origin_protocol = LWSMPRO_FILE;
        sv->mount.extra_mimetypes = &mime_wasm;
        info.mounts = &sv->mount;
    }
#if defined(TTT_SERVER_LIBEV)
    /* libev's loop (epoll on Linux) rather than libwebsockets' own poll():
     * poll() looks at every connection on every turn, which took about
     * half the server's time at 5,000 connections (docs/server.md, Load).
     * The loop is ours ("foreign"), so srv_service() runs it one turn at a
     * time. When libwebsockets cannot load its libev plugin
     * (libwebsockets-evlib-ev), the server runs on poll(). */
    sv->evloop[0] = ev_loop_new(EVFLAG_AUTO | EVFLAG_NOSIGMASK);
    ev_timer_init(&sv->commit_timer, commit_timer_cb, 0.0, 0.0);
    sv->commit_timer.data = sv;
    if (sv->evloop[0] != NULL) {
        info.options |= LWS_SERVER_OPTION_LIBEV;
        info.foreign_loops = sv->evloop;
        /* Quiet: without the plugin libwebsockets logs an error, and the
         * fallback below is not one. */
        lws_set_log_level(0, NULL);
        sv->ctx = lws_create_context(&info);
        lws_set_log_level(LLL_ERR, NULL);
        if (sv->ctx == NULL) {
            ev_loop_destroy(sv->evloop[0]);
            sv->evloop[0] = NULL;
            info.options &= ~(uint64_t)LWS_SERVER_OPTION_LIBEV;
            info.foreign_loops = NULL;
        }
    }
    if (sv->ctx == NULL) {
        sv->ctx = lws_create_context(&info);
    }
#else
    sv->ctx = lws_create_context(&info);
#endif
    if (sv->ctx == NULL) {
        srv_log("cannot listen on port %d (is it in use?)", cfg->port);
        srv_close(sv);
        return -1;
    }
    if (store_start(sv->store, wake_loop, sv, err, sizeof err) != 0) {
        srv_log("%s", err);
        srv_close(sv);
        return -1;
    }
    vh = lws_get_vhost_by_name(sv->ctx, "ttt");
    sv->port = vh ? lws_get_vhost_listen_port(vh) : cfg->port;
    lws_sul_schedule(sv->ctx, 0, &sv->expiry_sul, srv_expiry_cb, EXPIRY_SCAN_US);
    lws_sul_schedule(sv->ctx, 0, &sv->idle_sul, srv_idle_cb, IDLE_SCAN_US);
    srv_log("ttt-server %s listening on port %d, %d open rooms from %s%s%s%s%s (%s)",
            TTT_VERSION_STRING, sv->port, sv->nrooms, cfg->db_path,
            cfg->web_dir ? ", web files from " : "", cfg->web_dir ? cfg->web_dir : "",
            cfg->shard ? ", new codes begin with one of " : "", cfg->shard ? cfg->shard : "",
            sv->evloop[0] != NULL ? "libev loop" : "poll loop");
    if (cfg->proxy != NULL) {
        srv_log("connections from %s are a proxy's: their clients' addresses are taken from "
                "X-Forwarded-For",
                cfg->proxy);
    }
    *out = sv;
    return 0;
}

int srv_port(const srv *sv)
{
    return sv->port;
}

int srv_service(srv *sv)
{
    int n = 0;
    while (n >= 0 && !atomic_load(&sv->stop) && !(sv->signal_stop != NULL && *sv->signal_stop)) {
#if defined(TTT_SERVER_LIBEV)
        if (sv->evloop[0] != NULL) {
            /* Until something happens (lws_cancel_service() included). */
            (void)ev_run(sv->evloop[0], EVRUN_ONCE);
        } else {
            n = lws_service(sv->ctx, 0);
        }
#else
        n = lws_service(sv->ctx, 0);
#endif
        srv_collect(sv);
    }
    if (!sv->failed) {
        srv_commit_now(sv);
    }
    srv_log(sv->failed ? "stopped after a failure" : "stopped");
    return sv->failed ? 1 : 0;
}

void srv_stop(srv *sv)
{
    atomic_store(&sv->stop, 1);
    lws_cancel_service(sv->ctx);
}

void srv_close(srv *sv)
{
    room *r;
    size_t i;
    if (sv == NULL) {
        return;
    }
    /* The writer thread no longer wakes a loop that is going away. */
    store_stop_notify(sv->store);
    if (sv->ctx != NULL) {
        /* Every connection's CLOSED comes now, while the rooms exist. */
        lws_context_destroy(sv->ctx);
        sv->ctx = NULL;
    }
#if defined(TTT_SERVER_LIBEV)
    if (sv->evloop[0] != NULL) {
        ev_timer_stop(sv->evloop[0], &sv->commit_timer);
        ev_loop_destroy(sv->evloop[0]);
    }
#endif
    while ((r = sv->rooms) != NULL) {
        srv_room_free(sv, r);
    }
    for (i = 0; i < ADDR_BUCKETS; i++) {
        addr_entry *e, *next;
        for (e = sv->addrs[i]; e != NULL; e = next) {
            next = e->next;
            free(e);
        }
    }
    if (sv->failed) {
        store_rollback(sv->store);
    }
    store_close(sv->store);
    free(sv);
}

int srv_run(const srv_config *cfg)
{
    srv *sv;
    int rc;
    if (srv_open(cfg, &sv) != 0) {
        return 1;
    }
    signalled_stop = 0;
    sv->signal_stop = &signalled_stop;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    rc = srv_service(sv);
    srv_close(sv);
    return rc;
}
