/* proto.h - the online protocol's messages (docs/protocol.md) as C structs,
 * and their JSON text both ways: what a client sends the server (requests)
 * and what the server sends back (replies). Pure functions over cJSON: no
 * sockets, no clocks, no globals, so the server, the client library and the
 * fuzzer (tests/fuzz/fuzz_proto.c) share one reader and one writer. */
#ifndef TTT_NET_PROTO_H
#define TTT_NET_PROTO_H

#include <stddef.h>

#include "ttt/ttt.h"

/* The protocol version this code speaks; a hello with another is refused. */
#define PROTO_VERSION 1
/* Room codes: PROTO_CODE_LEN characters of PROTO_CODE_ALPHABET, which has no
 * 0/O, 1/I/L to misread aloud (31 letters: 31^6, about 887 million codes). */
#define PROTO_CODE_LEN 6
#define PROTO_CODE_ALPHABET "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
/* Seat tokens: 128 random bits as 32 lower-case hexadecimal digits. */
#define PROTO_TOKEN_BYTES 16
#define PROTO_TOKEN_LEN (2 * PROTO_TOKEN_BYTES)
/* Longest reason code and error message carried by an error reply. */
#define PROTO_REASON_MAX 32
#define PROTO_MESSAGE_MAX 160
/* Longest program name in a hello or welcome ("ttt 1.0.0"). */
#define PROTO_AGENT_MAX 64

/* What a client asks for. */
typedef enum proto_request_type {
    PROTO_REQ_HELLO,   /* version, agent: must come first */
    PROTO_REQ_CREATE,  /* size, k, creator_first: a new room, the sender takes seat 0 */
    PROTO_REQ_JOIN,    /* code: seat 1 if free, else watch */
    PROTO_REQ_WATCH,   /* code: watch without a seat */
    PROTO_REQ_RESUME,  /* code, token: take one's seat back */
    PROTO_REQ_MOVE,    /* row, col, ply (-1: not given) */
    PROTO_REQ_RESIGN,  /* the game in progress is lost */
    PROTO_REQ_REMATCH, /* after a game: again, sides swapped, once both ask */
    PROTO_REQ_PING     /* keeps an idle connection open; answered by pong */
} proto_request_type;

typedef struct proto_request {
    proto_request_type type;
    int version;                     /* hello */
    char agent[PROTO_AGENT_MAX];     /* hello (optional, "" when absent) */
    int size, k;                     /* create */
    int creator_first;               /* create: 1 when the creator moves first */
    char code[PROTO_CODE_LEN + 1];   /* join, watch, resume */
    char token[PROTO_TOKEN_LEN + 1]; /* resume */
    int row, col;                    /* move, 0-based */
    int ply;                         /* move: the move's number from 0, or -1 */
} proto_request;

/* Why a request's text was refused, before any room is looked at. */
typedef enum proto_parse_status {
    PROTO_PARSE_OK = 0,
    PROTO_PARSE_JSON,         /* not JSON, or not one object */
    PROTO_PARSE_TYPE,         /* no "type" string */
    PROTO_PARSE_UNKNOWN_TYPE, /* a type this version does not know */
    PROTO_PARSE_FIELD         /* a field missing, of the wrong kind or out of range */
} proto_parse_status;

/* The reason code of a parse status, as sent in an error reply:
 * "bad-json", "bad-type", "unknown-type", "bad-field" ("ok" for OK). */
const char *proto_parse_reason(proto_parse_status status);

/* Reads one request from @p text (@p len bytes, no NUL needed). On failure
 * @p detail (of @p cap bytes) says which field and why, for the error's
 * message. Never reads past @p len. */
proto_parse_status proto_parse_request(const char *text, size_t len, proto_request *out,
                                       char *detail, size_t cap);

/* Writes @p req as JSON; the caller frees the result with free(). NULL when
 * memory runs out. */
char *proto_write_request(const proto_request *req);

/* Non-zero when @p code is PROTO_CODE_LEN characters of the alphabet. */
int proto_code_valid(const char *code);
/* Non-zero when @p token is PROTO_TOKEN_LEN lower-case hexadecimal digits. */
int proto_token_valid(const char *token);

/* The query parameter that names the room in the address a client
 * connects to ("?room=K7M2QX"), for a reverse proxy that routes each room
 * to the server holding it (docs/server.md, "More than one machine"). */
#define PROTO_ROOM_PARAM "room"

/* Writes into @p out (of @p cap bytes) the address to connect to: @p base
 * (a "ws://HOST[:PORT][/PATH]" address, or only its path) with
 * "?room=CODE" added ("&room=CODE" when it has a query already), CODE
 * being the room the connection is for: that of @p rejoin when it is not
 * NULL (the seat or the room to take back after a drop), else that of the
 * request @p first (@p first_len bytes, the first one queued: NULL or 0
 * when none) when it is a join, watch or resume. With no room (a create,
 * any other request, nothing queued), @p base as it is: any server may
 * take it. Every client builds its address here, so they all route alike.
 * 0, or -1 when @p out is too small. */
int proto_connect_url(const char *base, const proto_request *rejoin, const char *first,
                      size_t first_len, char *out, size_t cap);

/* Where a room's game stands. */
typedef enum proto_status {
    PROTO_STATUS_WAITING, /* seat 1 is empty: waiting for a friend */
    PROTO_STATUS_PLAYING,
    PROTO_STATUS_X_WON,
    PROTO_STATUS_O_WON,
    PROTO_STATUS_DRAW
} proto_status;

/* "waiting", "playing", "x-won", "o-won", "draw". */
const char *proto_status_name(proto_status status);

/* A room's whole state, sent to everyone in it after every change. */
typedef struct proto_state {
    char code[PROTO_CODE_LEN + 1];
    int size, k;
    int game;   /* 1 for the room's first game, +1 per rematch */
    int x_seat; /* the seat playing X, which moves first: 0 or 1 */
    proto_status status;
    int resigned;                  /* the seat that resigned this game, or -1 */
    int moves;                     /* moves played */
    ttt_pos move[TTT_MAX_SQUARES]; /* in order */
    int taken[2];                  /* a player holds the seat (seat 0 always) */
    int connected[2];              /* that player is connected now */
    int rematch[2];                /* that player asked for a rematch */
    int score[3];                  /* games won by seat 0, by seat 1, drawn */
    int watchers;                  /* connected watchers */
} proto_state;

/* What the server sends. */
typedef enum proto_reply_type {
    PROTO_REP_WELCOME, /* version, agent, limits: the answer to hello */
    PROTO_REP_JOINED,  /* code, seat (-1: watching), token ("" for watchers) */
    PROTO_REP_STATE,   /* state */
    PROTO_REP_ERROR,   /* reason, message, request type it answers, fatal */
    PROTO_REP_PONG
} proto_reply_type;

typedef struct proto_reply {
    proto_reply_type type;
    int version;                     /* welcome */
    char agent[PROTO_AGENT_MAX];     /* welcome */
    int max_message_bytes;           /* welcome: the server's limit, for the client */
    int idle_timeout_s;              /* welcome: ping at least this often */
    char code[PROTO_CODE_LEN + 1];   /* joined */
    int seat;                        /* joined */
    char token[PROTO_TOKEN_LEN + 1]; /* joined */
    proto_state state;               /* state */
    char reason[PROTO_REASON_MAX];   /* error */
    char message[PROTO_MESSAGE_MAX]; /* error */
    int fatal;                       /* error: the server closes the connection after it */
} proto_reply;

/* Writes @p rep as JSON; the caller frees the result with free(). NULL when
 * memory runs out. */
char *proto_write_reply(const proto_reply *rep);

/* Reads one reply; 0 on success, -1 on anything it cannot read (a client
 * drops such a message). */
int proto_parse_reply(const char *text, size_t len, proto_reply *out);

/* Fills @p game (a game of the state's size and k, X first) by replaying
 * the state's moves: TTT_OK, or the engine's status for a move it refuses. */
ttt_status proto_state_replay(const proto_state *state, ttt_game **game);

#endif /* TTT_NET_PROTO_H */
