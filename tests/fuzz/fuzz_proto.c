/*
 * fuzz_proto.c - libFuzzer target for the online protocol's reader
 * (game/net/proto.h): any bytes as a client's request (what ttt-server
 * reads from strangers) and as a server's reply (what the client library
 * reads).
 *
 * Checked: a refused request has a reason code and a detail sentence; an
 * accepted request is in range (board, k, square, code and token) and what
 * proto_write_request() makes of it reads back as the same request; an
 * accepted reply writes and reads back as the same reply, and its state
 * replays as a legal game or is refused by the engine with a status; the
 * address a client connects to with an accepted request as its first names
 * the room of a join, watch or resume and nothing else (proto_connect_url).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto.h"

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_proto: %s\n", what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The address for an accepted request @p q (read from @p text) as the first
 * one queued names its room when it is a join, watch or resume, else none. */
static void check_connect_url(const char *text, size_t size, const proto_request *q)
{
    static const char base[] = "wss://h/";
    char url[sizeof base + 16];
    int named =
        q->type == PROTO_REQ_JOIN || q->type == PROTO_REQ_WATCH || q->type == PROTO_REQ_RESUME;
    if (proto_connect_url(base, NULL, text, size, url, sizeof url) != 0) fail("no address");
    if (!named && strcmp(url, base) != 0) fail("an address names a room no request asked for");
    if (named && (strncmp(url, "wss://h/?room=", 14) != 0 || strcmp(url + 14, q->code) != 0))
        fail("an address does not name the request's room");
}

static void check_request(const char *text, size_t size)
{
    proto_request q, again;
    char detail[PROTO_MESSAGE_MAX], detail2[PROTO_MESSAGE_MAX];
    proto_parse_status st = proto_parse_request(text, size, &q, detail, sizeof detail);
    char *out;
    if (st != PROTO_PARSE_OK) {
        if (detail[0] == '\0') fail("a refusal without a detail");
        if (strcmp(proto_parse_reason(st), "ok") == 0) fail("a refusal reads ok");
        return;
    }
    switch (q.type) {
    case PROTO_REQ_CREATE:
        if (q.size < TTT_MIN_SIZE || q.size > TTT_MAX_SIZE || q.k < TTT_MIN_K || q.k > q.size)
            fail("create out of range");
        break;
    case PROTO_REQ_RESUME:
        if (!proto_token_valid(q.token)) fail("resume with a bad token");
        /* fall through */
    case PROTO_REQ_JOIN:
    case PROTO_REQ_WATCH:
        if (!proto_code_valid(q.code)) fail("a bad room code accepted");
        break;
    case PROTO_REQ_MOVE:
        if (q.row < 0 || q.row >= TTT_MAX_SIZE || q.col < 0 || q.col >= TTT_MAX_SIZE ||
            q.ply < -1 || q.ply >= TTT_MAX_SQUARES)
            fail("move out of range");
        break;
    default: break;
    }
    check_connect_url(text, size, &q);
    out = proto_write_request(&q);
    if (out == NULL) fail("an accepted request does not write");
    if (proto_parse_request(out, strlen(out), &again, detail2, sizeof detail2) != PROTO_PARSE_OK)
        fail("a written request does not read back");
    if (memcmp(&q, &again, sizeof q) != 0) fail("a request changed on its way round");
    free(out);
}

static void check_reply(const char *text, size_t size)
{
    proto_reply r, again;
    char *out;
    ttt_game *game = NULL;
    if (proto_parse_reply(text, size, &r) != 0) return;
    out = proto_write_reply(&r);
    if (out == NULL) fail("an accepted reply does not write");
    if (proto_parse_reply(out, strlen(out), &again) != 0)
        fail("a written reply does not read back");
    if (memcmp(&r, &again, sizeof r) != 0) fail("a reply changed on its way round");
    free(out);
    if (r.type == PROTO_REP_STATE) {
        ttt_status st = proto_state_replay(&r.state, &game);
        if ((st == TTT_OK) != (game != NULL)) fail("replay's status and game disagree");
        ttt_game_free(game);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_request((const char *)data, size);
    check_reply((const char *)data, size);
    return 0;
}
