/*
 * app_online.c - online play in the desktop game (see app_online.h): the
 * client library polled each frame, the hosted server on its own thread,
 * the seat's token in a file beside the settings, written on a thread of
 * its own (the loop never waits on a disk).
 */
#include "app_online.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

#ifdef TTT_HAVE_NET

/* TTT_HAVE_HOST: the server is built in, for "Host a game on this
 * network" (not in the browser, which cannot listen: there the server is
 * the page's own, platform_web_server_url()). */
#ifdef TTT_HAVE_HOST
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include "server.h"
#else
typedef struct srv srv; /* never made: no server in this build */
#endif
#ifdef __EMSCRIPTEN__
#include "platform_web.h"
#endif

#include "atomic_file.h"
#include "net_client.h"
#include "online.h"
#include "screens.h"
#include "ttt/version.h"

/* The file beside the settings that keeps the seat (INI-like lines:
 * [online], server=, code=, token=, host_port=). */
#define ONLINE_FILE_NAME "online.ini"
#define ONLINE_PATH_MAX 1024
/* The hosted server's database, beside the settings. */
#define ONLINE_DB_NAME "online-host.sqlite"
/* While a room is open the loop wakes at least this often to poll the
 * connection (the library's queue; no event reaches SDL's by itself). */
#define ONLINE_POLL_MS 50
/* Events taken per frame at most, so a flood cannot stall a frame. */
#define ONLINE_EVENTS_PER_FRAME 64
/* Addresses listed when hosting. */
#define ONLINE_MAX_ADDRESSES 4

/* The token file's contents, handed to the writer thread. */
typedef struct online_file {
    char path[ONLINE_PATH_MAX];
    char text[APP_ONLINE_TEXT_MAX + APP_ONLINE_URL_MAX];
} online_file;

/* Everything online, owned by app_state's `online`. */
struct app_online {
    net_client *client;
    online_model model;
    char url[APP_ONLINE_URL_MAX];            /* the ws:// URL connected to */
    char server_setting[APP_ONLINE_URL_MAX]; /* the server set (file, option); "" to host */
    char file_path[ONLINE_PATH_MAX]; /* the token file, "" for none (tests without settings) */
    /* The hosted server. */
    srv *server;
    SDL_Thread *server_thread;
#ifdef TTT_HAVE_HOST
    srv_config server_cfg;
#endif
    char db_path[ONLINE_PATH_MAX];
    int host_port;
    char addresses[APP_ONLINE_TEXT_MAX];
    bool was_playing; /* the room's game had started at the last state */
    /* The server= line of the file, written back as it was (--server and
     * TTT_SERVER apply to one run). */
    char saved_server[APP_ONLINE_URL_MAX];
    /* The token file's writers: the newest contents win; quitting waits
     * for those still running (file_done signals each end). */
    SDL_mutex *file_lock;
    SDL_mutex *io_lock;
    SDL_cond *file_done;
    unsigned file_generation;
    int writers;
};

bool app_online_available(void)
{
    return true;
}

/* ------------------------------------------------------------------------- */
/* The token file                                                            */
/* ------------------------------------------------------------------------- */

typedef struct file_job {
    struct app_online *o;
    unsigned generation;
    online_file file;
} file_job;

/* The writer thread: a temporary file moved over the old one
 * (atomic_file_replace), unless a newer job has been made meanwhile. */
static int write_file_thread(void *data)
{
    file_job *job = data;
    struct app_online *o = job->o;
    /* Writers take turns on the disk (io_lock); the loop only ever takes
     * file_lock, briefly, never while a file is written. */
    SDL_LockMutex(o->io_lock);
    SDL_LockMutex(o->file_lock);
    bool newest = job->generation == o->file_generation;
    SDL_UnlockMutex(o->file_lock);
    if (newest) {
        /* atomic_file_replace(): rename() does not replace a file on
         * Windows, MoveFileEx does. */
        atomic_file_error e = {NULL, 0, false};
        if (!atomic_file_replace(job->file.path, job->file.text, strlen(job->file.text), ".tmp",
                                 &e))
            SDL_Log("Couldn't save the online seat to %s", job->file.path);
    }
    SDL_UnlockMutex(o->io_lock);
    free(job);
    SDL_LockMutex(o->file_lock);
    o->writers--;
    SDL_CondSignal(o->file_done);
    SDL_UnlockMutex(o->file_lock);
    return 0;
}

/* Hands the seat (or its absence, when @p keep is false) to a writer thread. */
static void save_seat(struct app_online *o, bool keep)
{
    if (!o->file_path[0] || !o->file_lock || !o->io_lock || !o->file_done) return;
    file_job *job = calloc(1, sizeof *job);
    if (!job) return;
    job->o = o;
    snprintf(job->file.path, sizeof job->file.path, "%s", o->file_path);
    int n =
        snprintf(job->file.text, sizeof job->file.text, "[online]\nserver=%s\n", o->saved_server);
    if (keep && o->model.joined && n > 0 && (size_t)n < sizeof job->file.text)
        snprintf(job->file.text + n, sizeof job->file.text - (size_t)n,
                 "room_server=%s\ncode=%s\ntoken=%s\nhost_port=%d\n", o->url, o->model.code,
                 o->model.token, o->server ? o->host_port : 0);
    SDL_LockMutex(o->file_lock);
    job->generation = ++o->file_generation;
    o->writers++;
    SDL_Thread *t = SDL_CreateThread(write_file_thread, "ttt-online-save", job);
    if (!t) {
        SDL_Log("Couldn't start the online seat's writer: %s", SDL_GetError());
        o->writers--;
        free(job);
    } else {
        SDL_DetachThread(t);
    }
    SDL_UnlockMutex(o->file_lock);
}

/* What the token file holds. */
typedef struct seat_file {
    char server[APP_ONLINE_URL_MAX];      /* the server set, "" to host */
    char room_server[APP_ONLINE_URL_MAX]; /* the room's server, for the resume */
    char code[PROTO_CODE_LEN + 1];
    char token[PROTO_TOKEN_LEN + 1];
    int host_port; /* the room was on this game's own server, on this port */
} seat_file;

/* Reads the token file at start: key=value lines (others are skipped). */
static void read_file(const char *path, seat_file *out)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "r");
    if (!f) return;
    char line[APP_ONLINE_URL_MAX + 32];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *eq = strchr(line, '=');
        if (!eq) continue;
        *eq = '\0';
        const char *v = eq + 1;
        if (strcmp(line, "server") == 0)
            snprintf(out->server, sizeof out->server, "%s", v);
        else if (strcmp(line, "room_server") == 0)
            snprintf(out->room_server, sizeof out->room_server, "%s", v);
        else if (strcmp(line, "code") == 0 && proto_code_valid(v))
            snprintf(out->code, sizeof out->code, "%s", v);
        else if (strcmp(line, "token") == 0 && proto_token_valid(v))
            snprintf(out->token, sizeof out->token, "%s", v);
        else if (strcmp(line, "host_port") == 0)
            out->host_port = atoi(v);
    }
    fclose(f);
}

/* The settings file's directory + @p name, or "" without a settings file. */
static void beside_settings(const app_state *app, const char *name, char *out, size_t cap)
{
    out[0] = '\0';
    const char *s = app->cfg.settings_path;
    if (!s) return;
    const char *slash = strrchr(s, '/');
#ifdef _WIN32
    const char *back = strrchr(s, '\\');
    if (back && (!slash || back > slash)) slash = back;
#endif
    int dir = slash ? (int)(slash - s + 1) : 0;
    snprintf(out, cap, "%.*s%s", dir, s, name);
}

/* ------------------------------------------------------------------------- */
/* The hosted server                                                         */
/* ------------------------------------------------------------------------- */

#ifdef TTT_HAVE_HOST
static int server_thread(void *data)
{
    return srv_service(data);
}

/* This machine's IPv4 addresses on its networks (not the loopback). */
static void find_addresses(char *out, size_t cap)
{
    out[0] = '\0';
    struct ifaddrs *list = NULL;
    if (getifaddrs(&list) != 0) return;
    int n = 0;
    for (struct ifaddrs *a = list; a && n < ONLINE_MAX_ADDRESSES; a = a->ifa_next) {
        if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
        if ((a->ifa_flags & IFF_LOOPBACK) || !(a->ifa_flags & IFF_UP)) continue;
        char ip[INET_ADDRSTRLEN];
        const struct sockaddr_in *in = (const struct sockaddr_in *)(const void *)a->ifa_addr;
        if (!inet_ntop(AF_INET, &in->sin_addr, ip, sizeof ip)) continue;
        size_t used = strlen(out);
        snprintf(out + used, cap - used, "%s%s", n ? ", " : "", ip);
        n++;
    }
    freeifaddrs(list);
}

static void stop_server(struct app_online *o)
{
    if (!o->server) return;
    srv_stop(o->server);
    if (o->server_thread) SDL_WaitThread(o->server_thread, NULL);
    srv_close(o->server);
    o->server = NULL;
    o->server_thread = NULL;
}

/* Starts the hosted server on @p port (0: any free one; a port taken since
 * falls back to any). @return false, said in the model's error. */
static bool start_server(app_state *app, int port)
{
    struct app_online *o = app->online;
    if (o->server) return true;
    beside_settings(app, ONLINE_DB_NAME, o->db_path, sizeof o->db_path);
    if (!o->db_path[0]) snprintf(o->db_path, sizeof o->db_path, "%s", ":memory:");
    srv_config *cfg = &o->server_cfg;
    memset(cfg, 0, sizeof *cfg);
    cfg->db_path = o->db_path;
    srv_limits_default(&cfg->limits);
    cfg->port = port;
    if (srv_open(cfg, &o->server) != 0) {
        cfg->port = 0;
        if (port == 0 || srv_open(cfg, &o->server) != 0) {
            o->server = NULL;
            /* TRANSLATORS: the online lobby, when the game could not run
               its own server. */
            snprintf(o->model.error, sizeof o->model.error, "%s",
                     _("Could not start a server on this machine"));
            return false;
        }
    }
    o->host_port = srv_port(o->server);
    o->server_thread = SDL_CreateThread(server_thread, "ttt-host", o->server);
    if (!o->server_thread) {
        SDL_Log("Couldn't start the server's thread: %s", SDL_GetError());
        srv_close(o->server);
        o->server = NULL;
        return false;
    }
    find_addresses(o->addresses, sizeof o->addresses);
    return true;
}

#else /* !TTT_HAVE_HOST */
static void stop_server(struct app_online *o)
{
    (void)o;
}

static bool start_server(app_state *app, int port)
{
    (void)port;
    snprintf(app->online->model.error, sizeof app->online->model.error, "%s",
             _("Could not start a server on this machine"));
    return false;
}
#endif

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
    if (!keep_server) stop_server(o);
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
    if (!start_server(app, 0)) return false;
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
    o->file_lock = SDL_CreateMutex();
    o->file_done = SDL_CreateCond();
    o->io_lock = SDL_CreateMutex();
    beside_settings(app, ONLINE_FILE_NAME, o->file_path, sizeof o->file_path);
    seat_file kept;
    memset(&kept, 0, sizeof kept);
    if (o->file_path[0]) read_file(o->file_path, &kept);
    snprintf(o->saved_server, sizeof o->saved_server, "%s", kept.server);
    snprintf(o->server_setting, sizeof o->server_setting, "%s", kept.server);
    /* The command line, then the environment, override the file. */
    const char *env = getenv("TTT_SERVER");
    if (app->cfg.args.server)
        snprintf(o->server_setting, sizeof o->server_setting, "%s", app->cfg.args.server);
    else if (env && env[0])
        snprintf(o->server_setting, sizeof o->server_setting, "%s", env);
#ifdef __EMSCRIPTEN__
    /* A link "…/#join=CODE" opened the page: into that room (a seat kept
     * for that same room goes on below, with its token). */
    char link_code[PROTO_CODE_LEN + 2];
    if (platform_web_join_code(link_code, sizeof link_code) &&
        !(kept.token[0] && strcmp(kept.code, link_code) == 0)) {
        app_online_join(app, link_code);
        return;
    }
#endif
    if (!kept.code[0] || !kept.token[0]) return;
    /* A seat kept from the last run: back into the same room, on the
     * server it is on. */
    char url[APP_ONLINE_URL_MAX];
    if (kept.host_port > 0) {
        if (!start_server(app, kept.host_port)) return;
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
    stop_server(o);
    /* The writers still running finish first (the seat is on disk). */
    if (o->file_lock) {
        SDL_LockMutex(o->file_lock);
        while (o->writers > 0 && o->file_done)
            SDL_CondWait(o->file_done, o->file_lock);
        SDL_UnlockMutex(o->file_lock);
        SDL_DestroyMutex(o->file_lock);
    }
    if (o->file_done) SDL_DestroyCond(o->file_done);
    if (o->io_lock) SDL_DestroyMutex(o->io_lock);
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
                save_seat(o, false);
            }
            break;
        }
    }
    if (o->model.token_changed) {
        o->model.token_changed = false;
        save_seat(o, true);
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
    if (!start_server(app, 0)) return;
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
    save_seat(o, false);
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

void app_online_link(const app_state *app, char *buf, size_t cap)
{
    const struct app_online *o = app->online;
    buf[0] = '\0';
    if (!o || !o->model.joined) return;
    if (o->server && !o->server_setting[0]) {
        /* Hosted: the first address a friend can reach. */
        char first[64] = "127.0.0.1"; /* an IPv4 address */
        if (o->addresses[0])
            snprintf(first, sizeof first, "%.*s", (int)strcspn(o->addresses, ","), o->addresses);
        snprintf(buf, cap, "http://%s:%d/#join=%s", first, o->host_port, o->model.code);
        return;
    }
    /* ws://HOST[:PORT]/ is served over http:// (wss: https:). */
    const char *rest = o->url;
    const char *scheme = "http://";
    if (strncmp(rest, "wss://", 6) == 0) {
        scheme = "https://";
        rest += 6;
    } else if (strncmp(rest, "ws://", 5) == 0) {
        rest += 5;
    }
    int host = (int)strcspn(rest, "/");
    snprintf(buf, cap, "%s%.*s/#join=%s", scheme, host, rest, o->model.code);
}

void app_online_addresses(const app_state *app, char *buf, size_t cap)
{
    const struct app_online *o = app->online;
    buf[0] = '\0';
    if (!o || !o->server) return;
    /* Each address with the port: what a friend types before the code. */
    const char *a = o->addresses[0] ? o->addresses : "127.0.0.1";
    size_t used = 0;
    while (*a && used + 1 < cap) {
        int len = (int)strcspn(a, ",");
        int n =
            snprintf(buf + used, cap - used, "%s%.*s:%d", used ? ", " : "", len, a, o->host_port);
        if (n < 0) break;
        used += (size_t)n;
        a += len;
        while (*a == ',' || *a == ' ')
            a++;
    }
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
void app_online_link(const app_state *app, char *buf, size_t cap)
{
    (void)app;
    if (cap) buf[0] = '\0';
}
void app_online_addresses(const app_state *app, char *buf, size_t cap)
{
    (void)app;
    if (cap) buf[0] = '\0';
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
