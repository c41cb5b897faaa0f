/*
 * online.h - the desktop game's online room, without SDL or sockets: what
 * the client library (game/net/net_client.h) reported, folded into one
 * state (the connection, the seat, the room's last state from the server)
 * and put into words for the status line. app/app_online.c feeds it from
 * net_client_poll() each frame; the tests feed it proto_reply values by
 * hand, with no network.
 *
 *   net_client --events--> app_online.c --online_on_*--> online_model
 *   online_model --online_apply--> play_state (play_online_sync: the board)
 *   online_model --online_status_text--> the status line
 *
 * The server decides every result: the model only carries its state.
 */
#ifndef GAME_ONLINE_H
#define GAME_ONLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "play.h"
#include "proto.h"

/** Where the connection stands. */
typedef enum online_link {
    ONLINE_LINK_OFF = 0,      /**< Not online. */
    ONLINE_LINK_CONNECTING,   /**< The first connection is being made. */
    ONLINE_LINK_UP,           /**< Connected (the server said welcome). */
    ONLINE_LINK_RECONNECTING, /**< Dropped: the library tries again by itself. */
    ONLINE_LINK_STOPPED       /**< Given up (a fatal error, said in `error`). */
} online_link;

/** The online room as the desktop game knows it. */
typedef struct online_model {
    online_link link;
    bool joined;                     /**< A `joined` reply came: seat, code, token hold. */
    int seat;                        /**< 0 or 1, or -1 watching. */
    char code[PROTO_CODE_LEN + 1];   /**< The room's code ("" before joined). */
    char token[PROTO_TOKEN_LEN + 1]; /**< The seat's token ("" watching). */
    bool have_state;
    proto_state state;             /**< The room's last state from the server. */
    unsigned long states;          /**< States received (tests count them). */
    char error[PROTO_MESSAGE_MAX]; /**< The server's last error message, "" when none. */
    char error_reason[PROTO_REASON_MAX];
    bool token_changed; /**< joined gave a new code or token: the app saves it, then clears. */
} online_model;

/** Start afresh, connecting. */
void online_model_start(online_model *m);
/** Back to ONLINE_LINK_OFF, forgetting everything. */
void online_model_reset(online_model *m);

/** The connection came up (the server's welcome). */
void online_on_connected(online_model *m);
/** The connection dropped; the library tries again. */
void online_on_disconnected(online_model *m);
/** The library gave up. */
void online_on_stopped(online_model *m);
/** A reply from the server. @return true when the room's state changed
 *  (the board is to be brought up to date with online_apply()). */
bool online_on_reply(online_model *m, const proto_reply *r);

/** Your mark in the current game: X, O, or NONE watching (or before a seat). */
ttt_player online_my_side(const online_model *m);
/** Is the game of the last state over (won, drawn, resigned)? */
bool online_game_over(const online_model *m);
/** Can you resign now (a seat, the game playing)? */
bool online_can_resign(const online_model *m);
/** Can you ask for a rematch now (a seat, the game over, not asked yet)? */
bool online_can_rematch(const online_model *m);

/** Show the room's last state on the board (play_online_sync). @return
 *  false when the engine refused it. */
bool online_apply(const online_model *m, play_state *p);

/** The status line: the connection first (connecting, reconnecting, your
 *  friend left, waiting for your friend), then the game's turn or result,
 *  in the current language. */
void online_status_text(const online_model *m, char *buf, size_t cap);

/** The scores of the room as view.h's play_score, under the marks of the
 *  game on screen as the score line shows them: wins[0] the wins of the
 *  player who is X in this game, wins[1] of the one who is O (they swap
 *  columns with the sides at a rematch), and the draws. */
play_score online_score(const online_model *m);

#endif /* GAME_ONLINE_H */
