/*
 * app_online_internal.h - what the online play's three files share, private
 * to app/ (the rest of the game sees app_online.h only):
 *   app_online.c       the connection and its events, the app's calls;
 *   app_online_seat.c  the seat (server, room code, token) kept beside the
 *                      settings, written on threads of its own;
 *   app_online_host.c  the server hosted for the local network, and what a
 *                      friend needs to reach a room (its link, addresses).
 * Each function below keeps its full comment at its definition.
 */
#ifndef GAME_APP_ONLINE_INTERNAL_H
#define GAME_APP_ONLINE_INTERNAL_H

#ifdef TTT_HAVE_NET

#include <SDL.h>
#include <stdbool.h>

#include "app_online.h"
#include "net_client.h"
#include "online.h"

/* TTT_HAVE_HOST: the server is built in, for "Host a game on this
 * network" (not in the browser, which cannot listen: there the server is
 * the page's own, platform_web_server_url()). */
#ifdef TTT_HAVE_HOST
#include "server.h"
#else
typedef struct srv srv; /* never made: no server in this build */
#endif

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

/* ---- app_online_seat.c ---------------------------------------------------- */

/* What the token file holds. */
typedef struct seat_file {
    char server[APP_ONLINE_URL_MAX];      /* the server set, "" to host */
    char room_server[APP_ONLINE_URL_MAX]; /* the room's server, for the resume */
    char code[PROTO_CODE_LEN + 1];
    char token[PROTO_TOKEN_LEN + 1];
    int host_port; /* the room was on this game's own server, on this port */
} seat_file;

/** The settings file's directory + @p name, or "" without a settings file. */
void online_beside_settings(const app_state *app, const char *name, char *out, size_t cap);

/** The seat's keeping at start: its locks, its file's path, and what the
 *  file holds into @p kept. */
void online_seat_open(app_state *app, seat_file *kept);

/** The seat (or its absence, @p keep false) to a writer thread. */
void online_seat_save(struct app_online *o, bool keep);

/** At exit: waits for the writers still running, frees the locks. */
void online_seat_close(struct app_online *o);

/* ---- app_online_host.c ---------------------------------------------------- */

/** Starts the hosted server on @p port (0: any free one). @return false,
 *  said in the model's error. */
bool online_host_start(app_state *app, int port);

/** Stops the hosted server, if one runs. */
void online_host_stop(struct app_online *o);

#endif /* TTT_HAVE_NET */

#endif /* GAME_APP_ONLINE_INTERNAL_H */
