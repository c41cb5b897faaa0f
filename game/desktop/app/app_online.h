/*
 * app_online.h - online play in the desktop game: the connection to a
 * ttt-server (the client library, game/net/net_client.h, on its own
 * thread), polled once per frame and never waited on; a server run inside
 * the game for "Host a game on this network" (server/server.h, on a
 * thread of its own, on a free port, its database beside the settings);
 * and the seat's token kept beside the settings so that a game quit in
 * the middle goes on at the next start.
 *
 * What it knows of the room is logic/online.h's online_model (no SDL, no
 * sockets); the board is the turn flow's online mode (play_online_sync).
 * Built with the online parts only where libwebsockets, cJSON and SQLite
 * are (TTT_NET and TTT_BUILD_SERVER), and in the browser (TTT_NET on the
 * browser's WebSocket, without the hosted server: TTT_HAVE_HOST off; the
 * server is the page's own); elsewhere (Windows) app_online_available()
 * is false and every call does nothing.
 */
#ifndef GAME_APP_ONLINE_H
#define GAME_APP_ONLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "app_state.h"

/** Room for the addresses, the link and the lines the lobby shows. */
#define APP_ONLINE_TEXT_MAX 256
/** Longest server URL kept. */
#define APP_ONLINE_URL_MAX 256

/** Is online play built in? */
bool app_online_available(void);

/** At start: a seat kept from the last run goes on (connects and resumes
 *  with its token; restarts the hosted server on its port). */
void app_online_init(app_state *app);

/** At exit: stops the connection and a hosted server; the seat's token
 *  stays in its file for the next start. */
void app_online_quit(app_state *app);

/** Each frame: takes what the connection reported (never waits), brings
 *  the board and the status up to date. */
void app_online_poll(app_state *app);

/** How long the loop may sleep while a room is open (it polls the
 *  connection), in ms; -1 when no room is open. */
int app_online_poll_ms(const app_state *app);

/** Is a room open (connecting, playing or reconnecting)? */
bool app_online_active(const app_state *app);

/** Create a room with the settings' board, k and first player ("X first"
 *  means you start). Without a server URL (the --server option, the
 *  settings file's online_server, TTT_SERVER) the game hosts one itself. */
void app_online_create(app_state *app);

/** Host a server on this network and create a room on it. */
void app_online_host(app_state *app);

/** Join by what was typed: a room code (on the server set, or on
 *  localhost), "HOST:PORT CODE", or an invite link ".../#join=CODE". A
 *  bad code is refused by the server, whose message shows. */
void app_online_join(app_state *app, const char *typed);

/** The turn flow's send_move hook (play.h): your move to the server;
 *  @p user is the app_state. */
bool app_online_send_move(void *user, ttt_pos pos, int ply);

/** Resign the game in progress; ask for a rematch after it. */
void app_online_resign(app_state *app);
void app_online_rematch(app_state *app);

/** Leave the room for good (the token is forgotten) and go back to a
 *  local game. */
void app_online_leave(app_state *app);

/** The status line and the scores while a room is open (prepare_frame). */
void app_online_view(const app_state *app, view_game *v);

/** The lobby's lines: the room's code, the invite link, this machine's
 *  addresses when hosting, the last error. "" when there is none. */
const char *app_online_code(const app_state *app);
void app_online_link(const app_state *app, char *buf, size_t cap);
void app_online_addresses(const app_state *app, char *buf, size_t cap);
const char *app_online_error(const app_state *app);

/** Can you resign / ask for a rematch now? */
bool app_online_can_resign(const app_state *app);
bool app_online_can_rematch(const app_state *app);

/** Tests: the room's state changes received so far, and the seat (-1:
 *  watching or none). */
unsigned long app_online_states(const app_state *app);
int app_online_seat(const app_state *app);

#endif /* GAME_APP_ONLINE_H */
