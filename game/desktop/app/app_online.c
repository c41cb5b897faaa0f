/*
 * app_online.c - online play in the desktop game (see app_online.h): the
 * connection (the client library, polled each frame) and its events, and
 * the app's calls. The seat kept beside the settings is
 * app_online_seat.c's; the hosted server app_online_host.c's.
 */
#include "app_online.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

#ifdef TTT_HAVE_NET

#ifdef __EMSCRIPTEN__
#include "platform_web.h"
#endif

#include "app_online_internal.h"
#include "screens.h"
#include "ttt/version.h"

bool app_online_available(void)
{
    return true;
}

/* ------------------------------------------------------------------------- */
/* The connection                                                            */
/* ------------------------------------------------------------------------- */

/* Every room's request goes through here: the turn flow's send_move hook
 * and the lobby's buttons. */
static bool send_request(struct app_online *o, const proto_request *req)
{
    return o->client && net_client_send(o->client, req) == 0;
}

bool app_online_send_move(void *user, ttt_pos pos, int ply)
{
    app_state *app = user;
    proto_request req = {.type = PROTO_REQ_MOVE, .row = pos.row, .col = pos.col, .ply = ply};
    return app->online && send_request(app->online, &req);
}

/* Drops the connection (and, unless @p keep_server, the hosted server). */
static void disconnect(struct app_online *o, bool keep_server)
{
    net_client_stop(o->client);
    o->client = NULL;
    online_model_reset(&o->model);
    if (!keep_server) online_host_stop(o);
}

/* Connects to @p url, the board in online mode. @return false (the error
 * shown in the lobby). */
static bool connect_to(app_state *app, const char *url)
{
    struct app_online *o = app->online;
    net_client_stop(o->client);
    o->client = NULL;
    online_model_start(&o->model);
    o->was_playing = false;
    snprintf(o->url, sizeof o->url, "%s", url);
    char err[PROTO_MESSAGE_MAX];
    if (net_client_start(url, "tictactoe " TTT_VERSION_STRING, &o->client, err, sizeof err) != 0) {
        online_model_reset(&o->model);
        snprintf(o->model.error, sizeof o->model.error, "%s", err);
        return false;
    }
    play_online_set(&app->play, true);
    app->redraw = true;
    return true;
}

/* The server to use: the setting, or this machine's hosted one (started). */
static bool server_url(app_state *app, char *out, size_t cap)
{
    struct app_online *o = app->online;
    if (o->server_setting[0]) {
        snprintf(out, cap, "%s", o->server_setting);
        return true;
    }
#ifdef __EMSCRIPTEN__
    /* In the browser: the server that served the page. */
    platform_web_server_url(out, cap);
    return true;
#else
    if (!online_host_start(app, 0)) return false;
    snprintf(out, cap, "ws://127.0.0.1:%d/", o->host_port);
    return true;
#endif
}

static void create_on(app_state *app, const char *url)
{
    if (!connect_to(app, url)) return;
    proto_request req = {.type = PROTO_REQ_CREATE,
                         .size = app->settings.board_size,
                         .k = app->settings.k,
                         .creator_first = app->settings.first_player == TTT_PLAYER_X};
    send_request(app->online, &req);
}

/* ------------------------------------------------------------------------- */
/* The app's calls                                                           */
/* ------------------------------------------------------------------------- */

void app_online_init(app_state *app)
{
    struct app_online *o = calloc(1, sizeof *o);
    if (!o) return;
    app->online = o;
    online_model_reset(&o->model);
    seat_file kept;
    online_seat_open(app, &kept);
    snprintf(o->saved_server, sizeof o->saved_server, "%s", kept.server);
    snprintf(o->server_setting, sizeof o->server_setting, "%s", kept.server);
    /* The command line, then the environment, override the file. */
    const char *env = getenv("TTT_SERVER");
    if (app->cfg.args.server)
        snprintf(o->server_setting, sizeof o->server_setting, "%s", app->cfg.args.server);
    else if (env && env[0])
        snprintf(o->server_setting, sizeof o->server_setting, "%s", env);
#ifdef __EMSCRIPTEN__
    /* A link "…/#join=CODE" opened the page: into that room (a seat this
     * tab keeps for that same room goes on below, with its token). The
     * link is used once: it leaves the address, so a reload goes back to
     * the seat the tab keeps (sessionStorage), whichever room it is in. */
    char link_code[PROTO_CODE_LEN + 2];
    if (platform_web_join_code(link_code, sizeof link_code)) {
        platform_web_forget_join_link();
        if (!(kept.token[0] && strcmp(kept.code, link_code) == 0)) {
            app_online_join(app, link_code);
            return;
        }
    }
#endif
    if (!kept.code[0] || !kept.token[0]) return;
    /* A seat kept from the last run: back into the same room, on the
     * server it is on. */
    char url[APP_ONLINE_URL_MAX];
    if (kept.host_port > 0) {
        if (!online_host_start(app, kept.host_port)) return;
        snprintf(url, sizeof url, "ws://127.0.0.1:%d/", o->host_port);
    } else if (kept.room_server[0]) {
        snprintf(url, sizeof url, "%s", kept.room_server);
    } else if (!server_url(app, url, sizeof url)) {
        return;
    }
    if (!connect_to(app, url)) return;
    proto_request req = {.type = PROTO_REQ_RESUME};
    snprintf(req.code, sizeof req.code, "%s", kept.code);
    snprintf(req.token, sizeof req.token, "%s", kept.token);
    send_request(o, &req);
}

void app_online_quit(app_state *app)
{
    struct app_online *o = app->online;
    if (!o) return;
    net_client_stop(o->client);
    online_host_stop(o);
    online_seat_close(o);
    free(o);
    app->online = NULL;
}

bool app_online_active(const app_state *app)
{
    return app->online && app->online->client != NULL;
}

void app_online_poll(app_state *app)
{
    struct app_online *o = app->online;
    if (!o || !o->client) return;
    net_event ev;
    bool changed = false;
    for (int i = 0; i < ONLINE_EVENTS_PER_FRAME && net_client_poll(o->client, &ev); i++) {
        app->redraw = true;
        switch (ev.type) {
        case NET_EV_CONNECTED: online_on_connected(&o->model); break;
        case NET_EV_DISCONNECTED: online_on_disconnected(&o->model); break;
        case NET_EV_STOPPED: online_on_stopped(&o->model); break;
        case NET_EV_REPLY:
            if (online_on_reply(&o->model, &ev.reply)) changed = true;
            if (ev.reply.type == PROTO_REP_ERROR && !o->model.joined &&
                (strcmp(ev.reply.reason, "no-room") == 0 ||
                 strcmp(ev.reply.reason, "bad-token") == 0 ||
                 strcmp(ev.reply.reason, "bad-field") == 0)) {
                /* A code or a seat the server does not know: forget it. */
                online_seat_save(o, false);
            }
            break;
        }
    }
    if (o->model.token_changed) {
        o->model.token_changed = false;
        online_seat_save(o, true);
    }
    if (changed) {
        online_apply(&o->model, &app->play);
        /* The friend has come (or the game is joined): from the lobby to
         * the board, once. */
        bool playing = o->model.state.status == PROTO_STATUS_PLAYING;
        if (playing && !o->was_playing && app_showing(app, SCREEN_ONLINE))
            screen_show(app, SCREEN_ONLINE, false);
        o->was_playing = playing || online_game_over(&o->model);
    }
}

int app_online_poll_ms(const app_state *app)
{
    return app_online_active(app) ? ONLINE_POLL_MS : -1;
}

void app_online_create(app_state *app)
{
    if (!app->online) return;
    char url[APP_ONLINE_URL_MAX];
    disconnect(app->online, true);
    if (!server_url(app, url, sizeof url)) return;
    create_on(app, url);
}

void app_online_host(app_state *app)
{
    struct app_online *o = app->online;
    if (!o) return;
    disconnect(o, true);
    if (!online_host_start(app, 0)) return;
    char url[APP_ONLINE_URL_MAX];
    snprintf(url, sizeof url, "ws://127.0.0.1:%d/", o->host_port);
    create_on(app, url);
}

/* Splits what was typed into a server URL (or "") and a code. */
static bool parse_typed(const char *typed, char *url, size_t cap, char *code)
{
    char buf[ONLINE_TYPED_MAX];
    snprintf(buf, sizeof buf, "%s", typed);
    url[0] = '\0';
    code[0] = '\0';
    char *c = buf;
    char *join = strstr(buf, "#join=");
    char *space = strrchr(buf, ' ');
    if (join) {
        /* An invite link: http://HOST:PORT/#join=CODE, its server at ws://. */
        *join = '\0';
        c = join + strlen("#join=");
        const char *rest = buf;
        const char *scheme = "ws://";
        if (strncmp(rest, "https://", 8) == 0) {
            scheme = "wss://";
            rest += 8;
        } else if (strncmp(rest, "http://", 7) == 0) {
            rest += 7;
        }
        snprintf(url, cap, "%s%s", scheme, rest);
    } else if (space) {
        /* "HOST:PORT CODE", as the host's lobby shows it. */
        *space = '\0';
        c = space + 1;
        if (strstr(buf, "://"))
            snprintf(url, cap, "%s", buf);
        else
            snprintf(url, cap, "ws://%s/", buf);
    }
    for (char *p = c; *p; p++)
        if (*p >= 'a' && *p <= 'z') *p = (char)(*p - 'a' + 'A');
    if (strlen(c) != PROTO_CODE_LEN) return false;
    memcpy(code, c, PROTO_CODE_LEN + 1);
    return true;
}

void app_online_join(app_state *app, const char *typed)
{
    struct app_online *o = app->online;
    if (!o) return;
    char url[APP_ONLINE_URL_MAX], code[PROTO_CODE_LEN + 1];
    bool whole = parse_typed(typed, url, sizeof url, code);
    disconnect(o, true);
    if (!whole) {
        /* Not the shape of a code: said here, nothing sent. The server
         * judges the rest (an unknown code gets its error, shown). */
        /* TRANSLATORS: the online lobby; %d is a room code's length (6). */
        snprintf(o->model.error, sizeof o->model.error, _("A room code is %d letters or digits"),
                 PROTO_CODE_LEN);
        return;
    }
    if (!url[0]) {
        if (o->server_setting[0])
            snprintf(url, sizeof url, "%s", o->server_setting);
        else if (o->server)
            snprintf(url, sizeof url, "ws://127.0.0.1:%d/", o->host_port);
        else
#ifdef __EMSCRIPTEN__
            platform_web_server_url(url, sizeof url);
#else
            /* ttt-server's own port on this machine. */
            snprintf(url, sizeof url, "%s", "ws://127.0.0.1:7682/");
#endif
    }
    if (!connect_to(app, url)) return;
    proto_request req = {.type = PROTO_REQ_JOIN};
    snprintf(req.code, sizeof req.code, "%s", code);
    send_request(o, &req);
}

void app_online_resign(app_state *app)
{
    if (!app->online || !online_can_resign(&app->online->model)) return;
    proto_request req = {.type = PROTO_REQ_RESIGN};
    send_request(app->online, &req);
}

void app_online_rematch(app_state *app)
{
    if (!app->online || !online_can_rematch(&app->online->model)) return;
    proto_request req = {.type = PROTO_REQ_REMATCH};
    send_request(app->online, &req);
}

void app_online_leave(app_state *app)
{
    struct app_online *o = app->online;
    if (!o) return;
    bool was = o->client != NULL;
    disconnect(o, false);
    online_seat_save(o, false);
    if (was) play_online_set(&app->play, false);
    app->redraw = true;
}

void app_online_view(const app_state *app, view_game *v)
{
    const struct app_online *o = app->online;
    if (!o || !o->client) return;
    online_status_text(&o->model, v->status, sizeof v->status);
    v->status_dots = false;
    v->score = online_score(&o->model);
}

const char *app_online_code(const app_state *app)
{
    return app->online && app->online->model.joined ? app->online->model.code : "";
}

const char *app_online_error(const app_state *app)
{
    return app->online ? app->online->model.error : "";
}

bool app_online_can_resign(const app_state *app)
{
    return app->online && online_can_resign(&app->online->model);
}

bool app_online_can_rematch(const app_state *app)
{
    return app->online && online_can_rematch(&app->online->model);
}

unsigned long app_online_states(const app_state *app)
{
    return app->online ? app->online->model.states : 0;
}

int app_online_seat(const app_state *app)
{
    return app->online && app->online->model.joined ? app->online->model.seat : -1;
}

#else /* !TTT_HAVE_NET: a build without the online parts */

bool app_online_available(void)
{
    return false;
}
void app_online_init(app_state *app)
{
    (void)app;
}
void app_online_quit(app_state *app)
{
    (void)app;
}
void app_online_poll(app_state *app)
{
    (void)app;
}
int app_online_poll_ms(const app_state *app)
{
    (void)app;
    return -1;
}
bool app_online_send_move(void *user, ttt_pos pos, int ply)
{
    (void)user;
    (void)pos;
    (void)ply;
    return false;
}
bool app_online_active(const app_state *app)
{
    (void)app;
    return false;
}
void app_online_create(app_state *app)
{
    (void)app;
}
void app_online_host(app_state *app)
{
    (void)app;
}
void app_online_join(app_state *app, const char *typed)
{
    (void)app;
    (void)typed;
}
void app_online_resign(app_state *app)
{
    (void)app;
}
void app_online_rematch(app_state *app)
{
    (void)app;
}
void app_online_leave(app_state *app)
{
    (void)app;
}
void app_online_view(const app_state *app, view_game *v)
{
    (void)app;
    (void)v;
}
const char *app_online_code(const app_state *app)
{
    (void)app;
    return "";
}
const char *app_online_error(const app_state *app)
{
    (void)app;
    return "";
}
bool app_online_can_resign(const app_state *app)
{
    (void)app;
    return false;
}
bool app_online_can_rematch(const app_state *app)
{
    (void)app;
    return false;
}
unsigned long app_online_states(const app_state *app)
{
    (void)app;
    return 0;
}
int app_online_seat(const app_state *app)
{
    (void)app;
    return -1;
}

#endif
