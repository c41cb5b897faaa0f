/*
 * online_web_hook.c - the page's hold on the online game's network client
 * (see online_web_hook.h): one client, its events drained every 20 ms into
 * what the page reads back.
 */
#include "online_web_hook.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <emscripten.h>
#include <emscripten/eventloop.h>

#include "net_client.h"
#include "platform_web.h"
#include "ttt/ttt.h"

/* How often the events are drained (the game's own online screen polls
 * once per frame instead). */
#define POLL_MS 20
#define JSON_CAP 4096

static net_client *client;
static long poll_timer;
static bool connected, stopped, have_state;
static int connects, disconnects, joins, seat = -2;
static char code[PROTO_CODE_LEN + 1], server[256], last_error[PROTO_REASON_MAX];
static int errors;
static proto_state room;
static char json[JSON_CAP];

static void poll_cb(void *user)
{
    net_event ev;
    (void)user;
    while (client != NULL && net_client_poll(client, &ev)) {
        switch (ev.type) {
        case NET_EV_CONNECTED:
            connected = true;
            connects++;
            break;
        case NET_EV_DISCONNECTED:
            if (connected) disconnects++;
            connected = false;
            break;
        case NET_EV_STOPPED:
            connected = false;
            stopped = true;
            break;
        case NET_EV_REPLY:
            if (ev.reply.type == PROTO_REP_JOINED) {
                seat = ev.reply.seat;
                joins++;
                memcpy(code, ev.reply.code, sizeof code);
            } else if (ev.reply.type == PROTO_REP_STATE) {
                room = ev.reply.state;
                have_state = true;
            } else if (ev.reply.type == PROTO_REP_ERROR) {
                errors++;
                memcpy(last_error, ev.reply.reason, sizeof last_error);
            }
            break;
        }
    }
}

EMSCRIPTEN_KEEPALIVE int ttt_web_net_start(const char *url)
{
    char err[160];
    if (client != NULL) return 0;
    if (url != NULL && url[0] != '\0') {
        snprintf(server, sizeof server, "%s", url);
    } else {
        platform_web_server_url(server, sizeof server);
    }
    if (net_client_start(server, "tictactoe-web " TTT_VERSION_STRING, &client, err, sizeof err) !=
        0) {
        emscripten_log(EM_LOG_WARN, "online: %s", err);
        return -1;
    }
    poll_timer = emscripten_set_interval(poll_cb, POLL_MS, NULL);
    return 0;
}

static int send(proto_request *req)
{
    if (client == NULL && ttt_web_net_start(NULL) != 0) return -1;
    return net_client_send(client, req);
}

EMSCRIPTEN_KEEPALIVE int ttt_web_net_create(int size, int k)
{
    proto_request req;
    memset(&req, 0, sizeof req);
    req.type = PROTO_REQ_CREATE;
    req.size = size;
    req.k = k;
    req.creator_first = 1;
    return send(&req);
}

EMSCRIPTEN_KEEPALIVE int ttt_web_net_join(const char *room_code)
{
    proto_request req;
    memset(&req, 0, sizeof req);
    req.type = PROTO_REQ_JOIN;
    snprintf(req.code, sizeof req.code, "%s", room_code);
    return send(&req);
}

EMSCRIPTEN_KEEPALIVE int ttt_web_net_move(int row, int col)
{
    proto_request req;
    memset(&req, 0, sizeof req);
    req.type = PROTO_REQ_MOVE;
    req.row = row;
    req.col = col;
    req.ply = have_state ? room.moves : 0;
    return send(&req);
}

/* Appends to json; the caller checks that it fitted. */
static size_t used;
static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void put(const char *fmt, ...)
{
    va_list ap;
    int n;
    if (used >= sizeof json) return;
    va_start(ap, fmt);
    n = vsnprintf(json + used, sizeof json - used, fmt, ap);
    va_end(ap);
    used = n < 0 ? sizeof json : used + (size_t)n;
}

EMSCRIPTEN_KEEPALIVE const char *ttt_web_net_json(void)
{
    poll_cb(NULL);
    used = 0;
    /* Codes, reasons and the server's address are plain ASCII without
     * quotes or backslashes (the protocol's alphabet, ws:// URLs). */
    put("{\"started\":%s,\"server\":\"%s\",\"connected\":%s,\"stopped\":%s,\"connects\":%d,"
        "\"disconnects\":%d,\"joins\":%d,\"seat\":%d,\"code\":\"%s\",\"errors\":%d,\"last_error\":"
        "\"%s\"",
        client != NULL ? "true" : "false", server, connected ? "true" : "false",
        stopped ? "true" : "false", connects, disconnects, joins, seat, code, errors, last_error);
    if (have_state) {
        put(",\"room\":{\"code\":\"%s\",\"size\":%d,\"k\":%d,\"game\":%d,\"x_seat\":%d,"
            "\"status\":\"%s\",\"connected\":[%s,%s],\"taken\":[%s,%s],\"moves\":[",
            room.code, room.size, room.k, room.game, room.x_seat, proto_status_name(room.status),
            room.connected[0] ? "true" : "false", room.connected[1] ? "true" : "false",
            room.taken[0] ? "true" : "false", room.taken[1] ? "true" : "false");
        for (int i = 0; i < room.moves; i++) {
            put("%s[%d,%d]", i > 0 ? "," : "", room.move[i].row, room.move[i].col);
        }
        put("]}");
    }
    put("}");
    if (used >= sizeof json) snprintf(json, sizeof json, "{\"error\":\"too long\"}");
    return json;
}
