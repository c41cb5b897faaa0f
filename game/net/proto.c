/* proto.c - the online protocol's JSON, read and written with cJSON
 * (docs/protocol.md is the reference; this file follows it). Every reader
 * checks kinds and ranges before a value is used, so a request that parses
 * is one the server can act on without further checks of its shape. */
#include "proto.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cJSON needs NUL-terminated text; requests longer than this are refused
 * before they get here (the server's max-message limit is lower). */
#define PROTO_TEXT_MAX (64 * 1024)

static const char *const request_names[] = {"hello", "create", "join",    "watch", "resume",
                                            "move",  "resign", "rematch", "ping"};
static const char *const reply_names[] = {"welcome", "joined", "state", "error", "pong"};
static const char *const status_names[] = {"waiting", "playing", "x-won", "o-won", "draw"};

const char *proto_parse_reason(proto_parse_status status)
{
    switch (status) {
    case PROTO_PARSE_OK: return "ok";
    case PROTO_PARSE_JSON: return "bad-json";
    case PROTO_PARSE_TYPE: return "bad-type";
    case PROTO_PARSE_UNKNOWN_TYPE: return "unknown-type";
    case PROTO_PARSE_FIELD: return "bad-field";
    }
    return "bad-json";
}

const char *proto_status_name(proto_status status)
{
    if ((int)status < 0 || (size_t)status >= sizeof status_names / sizeof status_names[0]) {
        return "playing";
    }
    return status_names[status];
}

int proto_code_valid(const char *code)
{
    size_t i;
    for (i = 0; i < PROTO_CODE_LEN; i++) {
        if (code[i] == '\0' || strchr(PROTO_CODE_ALPHABET, code[i]) == NULL) {
            return 0;
        }
    }
    return code[i] == '\0';
}

int proto_token_valid(const char *token)
{
    size_t i;
    for (i = 0; i < PROTO_TOKEN_LEN; i++) {
        char c = token[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            return 0;
        }
    }
    return token[i] == '\0';
}

/* A copy of @p text with a NUL after it, or NULL. */
static char *terminated(const char *text, size_t len)
{
    char *s;
    if (len > PROTO_TEXT_MAX) {
        return NULL;
    }
    s = malloc(len + 1);
    if (s != NULL) {
        memcpy(s, text, len);
        s[len] = '\0';
    }
    return s;
}

/* The whole number in @p obj's field @p name within [lo, hi]: 0, or -1
 * (missing, not a whole number, out of range) with @p detail said. */
static int get_int(const cJSON *obj, const char *name, int lo, int hi, int *out, char *detail,
                   size_t cap)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, name);
    double v;
    if (!cJSON_IsNumber(item)) {
        snprintf(detail, cap, "'%s' must be a number", name);
        return -1;
    }
    v = item->valuedouble;
    if (!(v >= lo && v <= hi) || v != (double)(int)v) {
        snprintf(detail, cap, "'%s' must be a whole number from %d to %d", name, lo, hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* The string field @p name, fitting in @p cap bytes, or NULL with @p detail. */
static const char *get_string(const cJSON *obj, const char *name, size_t cap_out, char *detail,
                              size_t cap)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsString(item) || item->valuestring == NULL) {
        snprintf(detail, cap, "'%s' must be a string", name);
        return NULL;
    }
    if (strlen(item->valuestring) >= cap_out) {
        snprintf(detail, cap, "'%s' is too long", name);
        return NULL;
    }
    return item->valuestring;
}

static proto_parse_status read_request(const cJSON *root, proto_request *out, char *detail,
                                       size_t cap)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(root, "type");
    const char *s;
    size_t i, n = sizeof request_names / sizeof request_names[0];

    if (!cJSON_IsString(type) || type->valuestring == NULL) {
        snprintf(detail, cap, "a message needs a \"type\" string");
        return PROTO_PARSE_TYPE;
    }
    for (i = 0; i < n && strcmp(type->valuestring, request_names[i]) != 0; i++) {
    }
    if (i == n) {
        snprintf(detail, cap, "unknown message type");
        return PROTO_PARSE_UNKNOWN_TYPE;
    }
    out->type = (proto_request_type)i;
    switch (out->type) {
    case PROTO_REQ_HELLO:
        if (get_int(root, "version", 0, 1000000, &out->version, detail, cap) != 0) {
            return PROTO_PARSE_FIELD;
        }
        if (cJSON_GetObjectItemCaseSensitive(root, "agent") != NULL) {
            s = get_string(root, "agent", sizeof out->agent, detail, cap);
            if (s == NULL) {
                return PROTO_PARSE_FIELD;
            }
            strcpy(out->agent, s);
        }
        break;
    case PROTO_REQ_CREATE: {
        const cJSON *first;
        if (get_int(root, "size", TTT_MIN_SIZE, TTT_MAX_SIZE, &out->size, detail, cap) != 0 ||
            get_int(root, "k", TTT_MIN_K, out->size, &out->k, detail, cap) != 0) {
            return PROTO_PARSE_FIELD;
        }
        out->creator_first = 1;
        first = cJSON_GetObjectItemCaseSensitive(root, "first");
        if (first != NULL) {
            if (cJSON_IsString(first) && strcmp(first->valuestring, "creator") == 0) {
                out->creator_first = 1;
            } else if (cJSON_IsString(first) && strcmp(first->valuestring, "joiner") == 0) {
                out->creator_first = 0;
            } else {
                snprintf(detail, cap, "'first' must be \"creator\" or \"joiner\"");
                return PROTO_PARSE_FIELD;
            }
        }
        break;
    }
    case PROTO_REQ_JOIN:
    case PROTO_REQ_WATCH:
    case PROTO_REQ_RESUME:
        s = get_string(root, "code", sizeof out->code, detail, cap);
        if (s == NULL || !proto_code_valid(s)) {
            snprintf(detail, cap, "'code' must be %d characters of %s", PROTO_CODE_LEN,
                     PROTO_CODE_ALPHABET);
            return PROTO_PARSE_FIELD;
        }
        strcpy(out->code, s);
        if (out->type == PROTO_REQ_RESUME) {
            s = get_string(root, "token", sizeof out->token, detail, cap);
            if (s == NULL || !proto_token_valid(s)) {
                snprintf(detail, cap, "'token' must be %d hexadecimal digits", PROTO_TOKEN_LEN);
                return PROTO_PARSE_FIELD;
            }
            strcpy(out->token, s);
        }
        break;
    case PROTO_REQ_MOVE:
        if (get_int(root, "row", 0, TTT_MAX_SIZE - 1, &out->row, detail, cap) != 0 ||
            get_int(root, "col", 0, TTT_MAX_SIZE - 1, &out->col, detail, cap) != 0) {
            return PROTO_PARSE_FIELD;
        }
        out->ply = -1;
        if (cJSON_GetObjectItemCaseSensitive(root, "ply") != NULL &&
            get_int(root, "ply", 0, TTT_MAX_SQUARES - 1, &out->ply, detail, cap) != 0) {
            return PROTO_PARSE_FIELD;
        }
        break;
    case PROTO_REQ_RESIGN:
    case PROTO_REQ_REMATCH:
    case PROTO_REQ_PING: break;
    }
    return PROTO_PARSE_OK;
}

proto_parse_status proto_parse_request(const char *text, size_t len, proto_request *out,
                                       char *detail, size_t cap)
{
    char *s;
    cJSON *root;
    proto_parse_status st;

    memset(out, 0, sizeof *out);
    out->ply = -1;
    if (cap > 0) {
        detail[0] = '\0';
    }
    s = terminated(text, len);
    if (s == NULL || strlen(s) != len) {
        free(s);
        snprintf(detail, cap, "not JSON text");
        return PROTO_PARSE_JSON;
    }
    root = cJSON_ParseWithOpts(s, NULL, 1);
    free(s);
    if (root == NULL || !cJSON_IsObject(root)) {
        cJSON_Delete(root);
        snprintf(detail, cap, "not a JSON object");
        return PROTO_PARSE_JSON;
    }
    st = read_request(root, out, detail, cap);
    cJSON_Delete(root);
    return st;
}

/* Text of @p root (deleted), or NULL. */
static char *print_and_free(cJSON *root)
{
    char *text = NULL;
    if (root != NULL) {
        text = cJSON_PrintUnformatted(root);
        cJSON_Delete(root);
    }
    return text;
}

char *proto_write_request(const proto_request *req)
{
    cJSON *root = cJSON_CreateObject();
    int ok;
    if (root == NULL || (size_t)req->type >= sizeof request_names / sizeof request_names[0]) {
        cJSON_Delete(root);
        return NULL;
    }
    ok = cJSON_AddStringToObject(root, "type", request_names[req->type]) != NULL;
    switch (req->type) {
    case PROTO_REQ_HELLO:
        ok = ok && cJSON_AddNumberToObject(root, "version", req->version) != NULL;
        if (req->agent[0] != '\0') {
            ok = ok && cJSON_AddStringToObject(root, "agent", req->agent) != NULL;
        }
        break;
    case PROTO_REQ_CREATE:
        ok = ok && cJSON_AddNumberToObject(root, "size", req->size) != NULL &&
             cJSON_AddNumberToObject(root, "k", req->k) != NULL &&
             cJSON_AddStringToObject(root, "first", req->creator_first ? "creator" : "joiner") !=
                 NULL;
        break;
    case PROTO_REQ_RESUME:
        ok = ok && cJSON_AddStringToObject(root, "token", req->token) != NULL;
        /* fall through */
    case PROTO_REQ_JOIN:
    case PROTO_REQ_WATCH:
        ok = ok && cJSON_AddStringToObject(root, "code", req->code) != NULL;
        break;
    case PROTO_REQ_MOVE:
        ok = ok && cJSON_AddNumberToObject(root, "row", req->row) != NULL &&
             cJSON_AddNumberToObject(root, "col", req->col) != NULL;
        if (req->ply >= 0) {
            ok = ok && cJSON_AddNumberToObject(root, "ply", req->ply) != NULL;
        }
        break;
    case PROTO_REQ_RESIGN:
    case PROTO_REQ_REMATCH:
    case PROTO_REQ_PING: break;
    }
    if (!ok) {
        cJSON_Delete(root);
        return NULL;
    }
    return print_and_free(root);
}

static cJSON *pair(int a, int b)
{
    int v[2];
    v[0] = a;
    v[1] = b;
    return cJSON_CreateIntArray(v, 2);
}

static cJSON *bool_pair(int a, int b)
{
    cJSON *arr = cJSON_CreateArray();
    if (arr != NULL) {
        cJSON_AddItemToArray(arr, cJSON_CreateBool(a));
        cJSON_AddItemToArray(arr, cJSON_CreateBool(b));
    }
    return arr;
}

static cJSON *write_state(const proto_state *st)
{
    cJSON *o = cJSON_CreateObject(), *moves, *score;
    int i, ok;
    if (o == NULL) {
        return NULL;
    }
    ok = cJSON_AddStringToObject(o, "code", st->code) != NULL &&
         cJSON_AddNumberToObject(o, "size", st->size) != NULL &&
         cJSON_AddNumberToObject(o, "k", st->k) != NULL &&
         cJSON_AddNumberToObject(o, "game", st->game) != NULL &&
         cJSON_AddNumberToObject(o, "x_seat", st->x_seat) != NULL &&
         cJSON_AddStringToObject(o, "status", proto_status_name(st->status)) != NULL &&
         cJSON_AddNumberToObject(o, "resigned", st->resigned) != NULL &&
         cJSON_AddNumberToObject(o, "watchers", st->watchers) != NULL;
    moves = cJSON_AddArrayToObject(o, "moves");
    ok = ok && moves != NULL;
    for (i = 0; ok && i < st->moves && i < TTT_MAX_SQUARES; i++) {
        ok = cJSON_AddItemToArray(moves, pair(st->move[i].row, st->move[i].col));
    }
    ok = ok && cJSON_AddItemToObject(o, "taken", bool_pair(st->taken[0], st->taken[1])) &&
         cJSON_AddItemToObject(o, "connected", bool_pair(st->connected[0], st->connected[1])) &&
         cJSON_AddItemToObject(o, "rematch", bool_pair(st->rematch[0], st->rematch[1]));
    score = cJSON_CreateIntArray(st->score, 3);
    ok = ok && cJSON_AddItemToObject(o, "score", score);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

char *proto_write_reply(const proto_reply *rep)
{
    cJSON *root = cJSON_CreateObject();
    int ok;
    if (root == NULL || (size_t)rep->type >= sizeof reply_names / sizeof reply_names[0]) {
        cJSON_Delete(root);
        return NULL;
    }
    ok = cJSON_AddStringToObject(root, "type", reply_names[rep->type]) != NULL;
    switch (rep->type) {
    case PROTO_REP_WELCOME:
        ok = ok && cJSON_AddNumberToObject(root, "version", rep->version) != NULL &&
             cJSON_AddStringToObject(root, "agent", rep->agent) != NULL &&
             cJSON_AddNumberToObject(root, "max_message_bytes", rep->max_message_bytes) != NULL &&
             cJSON_AddNumberToObject(root, "idle_timeout_s", rep->idle_timeout_s) != NULL;
        break;
    case PROTO_REP_JOINED:
        ok = ok && cJSON_AddStringToObject(root, "code", rep->code) != NULL &&
             cJSON_AddNumberToObject(root, "seat", rep->seat) != NULL;
        if (rep->seat >= 0) {
            ok = ok && cJSON_AddStringToObject(root, "token", rep->token) != NULL;
        }
        break;
    case PROTO_REP_STATE: {
        cJSON *st = write_state(&rep->state);
        ok = ok && st != NULL && cJSON_AddItemToObject(root, "state", st);
        if (st != NULL && !ok) {
            cJSON_Delete(st);
        }
        break;
    }
    case PROTO_REP_ERROR:
        ok = ok && cJSON_AddStringToObject(root, "reason", rep->reason) != NULL &&
             cJSON_AddStringToObject(root, "message", rep->message) != NULL &&
             cJSON_AddBoolToObject(root, "fatal", rep->fatal) != NULL;
        break;
    case PROTO_REP_PONG: break;
    }
    if (!ok) {
        cJSON_Delete(root);
        return NULL;
    }
    return print_and_free(root);
}

static int read_bools(const cJSON *o, const char *name, int out[2])
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, name);
    int i;
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != 2) {
        return -1;
    }
    for (i = 0; i < 2; i++) {
        const cJSON *b = cJSON_GetArrayItem(a, i);
        if (!cJSON_IsBool(b)) {
            return -1;
        }
        out[i] = cJSON_IsTrue(b);
    }
    return 0;
}

static int read_state(const cJSON *o, proto_state *st)
{
    char scratch[PROTO_MESSAGE_MAX];
    const size_t cap = sizeof scratch;
    const char *s;
    const cJSON *moves, *score;
    int i, n;

    if (!cJSON_IsObject(o)) {
        return -1;
    }
    s = get_string(o, "code", sizeof st->code, scratch, cap);
    if (s == NULL || !proto_code_valid(s)) {
        return -1;
    }
    strcpy(st->code, s);
    if (get_int(o, "size", TTT_MIN_SIZE, TTT_MAX_SIZE, &st->size, scratch, cap) != 0 ||
        get_int(o, "k", TTT_MIN_K, st->size, &st->k, scratch, cap) != 0 ||
        get_int(o, "game", 1, 1 << 30, &st->game, scratch, cap) != 0 ||
        get_int(o, "x_seat", 0, 1, &st->x_seat, scratch, cap) != 0 ||
        get_int(o, "resigned", -1, 1, &st->resigned, scratch, cap) != 0 ||
        get_int(o, "watchers", 0, 1 << 30, &st->watchers, scratch, cap) != 0) {
        return -1;
    }
    s = get_string(o, "status", 16, scratch, cap);
    if (s == NULL) {
        return -1;
    }
    for (i = 0; i < 5 && strcmp(s, status_names[i]) != 0; i++) {
    }
    if (i == 5) {
        return -1;
    }
    st->status = (proto_status)i;
    moves = cJSON_GetObjectItemCaseSensitive(o, "moves");
    if (!cJSON_IsArray(moves)) {
        return -1;
    }
    n = cJSON_GetArraySize(moves);
    if (n > st->size * st->size) {
        return -1;
    }
    st->moves = n;
    for (i = 0; i < n; i++) {
        const cJSON *m = cJSON_GetArrayItem(moves, i), *r, *c;
        if (!cJSON_IsArray(m) || cJSON_GetArraySize(m) != 2) {
            return -1;
        }
        r = cJSON_GetArrayItem(m, 0);
        c = cJSON_GetArrayItem(m, 1);
        if (!cJSON_IsNumber(r) || !cJSON_IsNumber(c) || r->valuedouble < 0 ||
            r->valuedouble >= st->size || c->valuedouble < 0 || c->valuedouble >= st->size) {
            return -1;
        }
        st->move[i].row = (int)r->valuedouble;
        st->move[i].col = (int)c->valuedouble;
    }
    if (read_bools(o, "taken", st->taken) != 0 || read_bools(o, "connected", st->connected) != 0 ||
        read_bools(o, "rematch", st->rematch) != 0) {
        return -1;
    }
    score = cJSON_GetObjectItemCaseSensitive(o, "score");
    if (!cJSON_IsArray(score) || cJSON_GetArraySize(score) != 3) {
        return -1;
    }
    for (i = 0; i < 3; i++) {
        const cJSON *v = cJSON_GetArrayItem(score, i);
        if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > (double)(1 << 30)) {
            return -1;
        }
        st->score[i] = (int)v->valuedouble;
    }
    return 0;
}

static int read_reply(const cJSON *root, proto_reply *out)
{
    char scratch[PROTO_MESSAGE_MAX];
    const size_t cap = sizeof scratch;
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(root, "type");
    const char *s;
    size_t i, n = sizeof reply_names / sizeof reply_names[0];

    if (!cJSON_IsString(type) || type->valuestring == NULL) {
        return -1;
    }
    for (i = 0; i < n && strcmp(type->valuestring, reply_names[i]) != 0; i++) {
    }
    if (i == n) {
        return -1;
    }
    out->type = (proto_reply_type)i;
    switch (out->type) {
    case PROTO_REP_WELCOME:
        if (get_int(root, "version", 0, 1000000, &out->version, scratch, cap) != 0 ||
            get_int(root, "max_message_bytes", 0, 1 << 30, &out->max_message_bytes, scratch, cap) !=
                0 ||
            get_int(root, "idle_timeout_s", 0, 1 << 30, &out->idle_timeout_s, scratch, cap) != 0) {
            return -1;
        }
        s = get_string(root, "agent", sizeof out->agent, scratch, cap);
        if (s == NULL) {
            return -1;
        }
        strcpy(out->agent, s);
        return 0;
    case PROTO_REP_JOINED:
        s = get_string(root, "code", sizeof out->code, scratch, cap);
        if (s == NULL || !proto_code_valid(s) ||
            get_int(root, "seat", -1, 1, &out->seat, scratch, cap) != 0) {
            return -1;
        }
        strcpy(out->code, s);
        if (out->seat >= 0) {
            s = get_string(root, "token", sizeof out->token, scratch, cap);
            if (s == NULL || !proto_token_valid(s)) {
                return -1;
            }
            strcpy(out->token, s);
        }
        return 0;
    case PROTO_REP_STATE:
        return read_state(cJSON_GetObjectItemCaseSensitive(root, "state"), &out->state);
    case PROTO_REP_ERROR: {
        const cJSON *fatal = cJSON_GetObjectItemCaseSensitive(root, "fatal");
        s = get_string(root, "reason", sizeof out->reason, scratch, cap);
        if (s == NULL) {
            return -1;
        }
        strcpy(out->reason, s);
        s = get_string(root, "message", sizeof out->message, scratch, cap);
        if (s != NULL) {
            strcpy(out->message, s);
        }
        out->fatal = cJSON_IsTrue(fatal);
        return 0;
    }
    case PROTO_REP_PONG: return 0;
    }
    return -1;
}

int proto_parse_reply(const char *text, size_t len, proto_reply *out)
{
    char *s = terminated(text, len);
    cJSON *root;
    int rc;

    memset(out, 0, sizeof *out);
    out->seat = -1;
    out->state.resigned = -1;
    if (s == NULL || strlen(s) != len) {
        free(s);
        return -1;
    }
    root = cJSON_ParseWithOpts(s, NULL, 1);
    free(s);
    if (root == NULL || !cJSON_IsObject(root)) {
        cJSON_Delete(root);
        return -1;
    }
    rc = read_reply(root, out);
    cJSON_Delete(root);
    return rc;
}

int proto_connect_url(const char *base, const proto_request *rejoin, const char *first,
                      size_t first_len, char *out, size_t cap)
{
    const char *code = NULL;
    const char *authority = strstr(base, "://");
    proto_request q;
    char detail[PROTO_MESSAGE_MAX];
    int n;

    if (rejoin != NULL) {
        code = rejoin->code;
    } else if (first != NULL && first_len > 0 &&
               proto_parse_request(first, first_len, &q, detail, sizeof detail) == PROTO_PARSE_OK &&
               (q.type == PROTO_REQ_JOIN || q.type == PROTO_REQ_WATCH ||
                q.type == PROTO_REQ_RESUME)) {
        code = q.code;
    }
    if (code == NULL || !proto_code_valid(code)) {
        n = snprintf(out, cap, "%s", base);
    } else {
        /* "ws://HOST:PORT" has no path: the query follows a "/". */
        const char *slash =
            authority != NULL && strchr(authority + 3, '/') == NULL && strchr(base, '?') == NULL
                ? "/"
                : "";
        n = snprintf(out, cap, "%s%s%c%s=%s", base, slash, strchr(base, '?') != NULL ? '&' : '?',
                     PROTO_ROOM_PARAM, code);
    }
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

ttt_status proto_state_replay(const proto_state *state, ttt_game **game)
{
    ttt_status st = ttt_game_new(state->size, state->k, TTT_PLAYER_X, NULL, game);
    int i;
    for (i = 0; st == TTT_OK && i < state->moves; i++) {
        st = ttt_game_move(*game, state->move[i], NULL);
    }
    if (st != TTT_OK) {
        ttt_game_free(*game);
        *game = NULL;
    }
    return st;
}
