/* proto_unit.c - the online protocol's reader and writer (game/net/proto.h)
 * without a network: every request type round trips; each kind of bad
 * input gets its reason; codes and tokens are checked character by
 * character; a state whose moves are not a legal game does not replay. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "proto.h"

static proto_parse_status parse(const char *text, proto_request *q)
{
    char detail[PROTO_MESSAGE_MAX];
    proto_parse_status st = proto_parse_request(text, strlen(text), q, detail, sizeof detail);
    if (st != PROTO_PARSE_OK) {
        assert_true(detail[0] != '\0');
    }
    return st;
}

static void test_requests_round_trip(void **state)
{
    static const char *const texts[] = {
        "{\"type\":\"hello\",\"version\":1,\"agent\":\"ttt 1.0.0\"}",
        "{\"type\":\"create\",\"size\":8,\"k\":5,\"first\":\"joiner\"}",
        "{\"type\":\"join\",\"code\":\"ABC234\"}",
        "{\"type\":\"watch\",\"code\":\"ZZZZZZ\"}",
        "{\"type\":\"resume\",\"code\":\"ABC234\",\"token\":\"0123456789abcdef0123456789abcdef\"}",
        "{\"type\":\"move\",\"row\":7,\"col\":0,\"ply\":63}",
        "{\"type\":\"resign\"}",
        "{\"type\":\"rematch\"}",
        "{\"type\":\"ping\",\"extra\":[1,2,3]}",
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        proto_request q, again;
        char *out;
        assert_int_equal(parse(texts[i], &q), PROTO_PARSE_OK);
        out = proto_write_request(&q);
        assert_non_null(out);
        assert_int_equal(parse(out, &again), PROTO_PARSE_OK);
        assert_memory_equal(&q, &again, sizeof q);
        free(out);
    }
}

static void test_refusals(void **state)
{
    static const struct {
        const char *text;
        proto_parse_status want;
    } cases[] = {
        {"", PROTO_PARSE_JSON},
        {"{", PROTO_PARSE_JSON},
        {"[]", PROTO_PARSE_JSON},
        {"\"hello\"", PROTO_PARSE_JSON},
        {"{\"type\":\"ping\"} trailing", PROTO_PARSE_JSON},
        {"{}", PROTO_PARSE_TYPE},
        {"{\"type\":7}", PROTO_PARSE_TYPE},
        {"{\"type\":\"HELLO\",\"version\":1}", PROTO_PARSE_UNKNOWN_TYPE},
        {"{\"type\":\"hello\"}", PROTO_PARSE_FIELD},
        {"{\"type\":\"create\",\"size\":2,\"k\":3}", PROTO_PARSE_FIELD},
        {"{\"type\":\"create\",\"size\":4,\"k\":5}", PROTO_PARSE_FIELD},
        {"{\"type\":\"create\",\"size\":4,\"k\":3,\"first\":\"me\"}", PROTO_PARSE_FIELD},
        {"{\"type\":\"join\",\"code\":\"abc234\"}", PROTO_PARSE_FIELD},
        {"{\"type\":\"join\",\"code\":\"ABC2340\"}", PROTO_PARSE_FIELD},
        {"{\"type\":\"join\",\"code\":\"ABO234\"}", PROTO_PARSE_FIELD},
        {"{\"type\":\"resume\",\"code\":\"ABC234\",\"token\":\"0123\"}", PROTO_PARSE_FIELD},
        {"{\"type\":\"resume\",\"code\":\"ABC234\",\"token\":\"0123456789ABCDEF0123456789abcdef\"}",
         PROTO_PARSE_FIELD},
        {"{\"type\":\"move\",\"row\":8,\"col\":0}", PROTO_PARSE_FIELD},
        {"{\"type\":\"move\",\"row\":-1,\"col\":0}", PROTO_PARSE_FIELD},
        {"{\"type\":\"move\",\"row\":1e300,\"col\":0}", PROTO_PARSE_FIELD},
        {"{\"type\":\"move\",\"row\":0.5,\"col\":0}", PROTO_PARSE_FIELD},
        {"{\"type\":\"move\",\"row\":0,\"col\":0,\"ply\":64}", PROTO_PARSE_FIELD},
    };
    size_t i;
    proto_request q;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(parse(cases[i].text, &q), cases[i].want);
    }
    /* A NUL inside the text is not JSON text. */
    {
        static const char with_nul[] = "{\"type\":\"ping\"}\0x";
        char detail[PROTO_MESSAGE_MAX];
        assert_int_equal(
            proto_parse_request(with_nul, sizeof with_nul - 1, &q, detail, sizeof detail),
            PROTO_PARSE_JSON);
    }
    assert_string_equal(proto_parse_reason(PROTO_PARSE_UNKNOWN_TYPE), "unknown-type");
}

static void test_state_round_trip_and_replay(void **state)
{
    proto_reply r, again;
    ttt_game *g = NULL;
    char *out;
    (void)state;
    memset(&r, 0, sizeof r);
    r.type = PROTO_REP_STATE;
    r.seat = -1; /* what a reader gives every reply without a seat */
    memcpy(r.state.code, "K7M2QX", 7);
    r.state.size = 3;
    r.state.k = 3;
    r.state.game = 2;
    r.state.x_seat = 1;
    r.state.status = PROTO_STATUS_PLAYING;
    r.state.resigned = -1;
    r.state.moves = 2;
    r.state.move[0].row = 1;
    r.state.move[0].col = 1;
    r.state.move[1].row = 0;
    r.state.move[1].col = 2;
    r.state.taken[0] = r.state.taken[1] = 1;
    r.state.connected[0] = 1;
    r.state.score[0] = 1;
    r.state.watchers = 3;
    out = proto_write_reply(&r);
    assert_non_null(out);
    assert_int_equal(proto_parse_reply(out, strlen(out), &again), 0);
    assert_memory_equal(&r, &again, sizeof r);
    free(out);
    assert_int_equal(proto_state_replay(&again.state, &g), TTT_OK);
    assert_int_equal(ttt_game_move_count(g), 2);
    ttt_game_free(g);
    /* The same square twice is no game. */
    again.state.move[1] = again.state.move[0];
    assert_int_equal(proto_state_replay(&again.state, &g), TTT_ERR_OCCUPIED);
    assert_null(g);
}

static void test_replies(void **state)
{
    static const char *const bad[] = {
        "{\"type\":\"joined\",\"code\":\"ABC234\",\"seat\":0}",
        ("{\"type\":\"joined\",\"code\":\"ABC234\",\"seat\":2,\"token\":"
         "\"0123456789abcdef0123456789abcdef\"}"),
        "{\"type\":\"state\",\"state\":{\"code\":\"ABC234\",\"size\":3}}",
        "{\"type\":\"error\"}",
        "{\"type\":\"nope\"}",
    };
    proto_reply r;
    size_t i;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(proto_parse_reply(bad[i], strlen(bad[i]), &r), -1);
    }
    {
        static const char watcher[] = "{\"type\":\"joined\",\"code\":\"ABC234\",\"seat\":-1}";
        assert_int_equal(proto_parse_reply(watcher, strlen(watcher), &r), 0);
    }
    assert_int_equal(r.seat, -1);
    assert_string_equal(r.token, "");
    assert_true(proto_code_valid("23456Z"));
    assert_false(proto_code_valid("23456"));
    assert_false(proto_code_valid("I23456"));
    assert_true(proto_token_valid("ffffffffffffffffffffffffffffffff"));
    assert_false(proto_token_valid("fffffffffffffffffffffffffffffffg"));
}

/* The room in the address to connect to (docs/protocol.md, "Transport"). */
static void test_connect_url(void **state)
{
    static const char join[] = "{\"type\":\"join\",\"code\":\"K7M2QX\"}";
    static const char create[] = "{\"type\":\"create\",\"size\":3,\"k\":3}";
    proto_request rejoin;
    char out[64];
    (void)state;
    memset(&rejoin, 0, sizeof rejoin);
    rejoin.type = PROTO_REQ_RESUME;
    strcpy(rejoin.code, "ABC234");
    /* Nothing queued, a create: the address as it is (any server). */
    assert_int_equal(proto_connect_url("ws://h:7682/", NULL, NULL, 0, out, sizeof out), 0);
    assert_string_equal(out, "ws://h:7682/");
    assert_int_equal(
        proto_connect_url("ws://h:7682/", NULL, create, strlen(create), out, sizeof out), 0);
    assert_string_equal(out, "ws://h:7682/");
    /* A join names its room; a path, a query and no path at all. */
    assert_int_equal(proto_connect_url("ws://h:7682/", NULL, join, strlen(join), out, sizeof out),
                     0);
    assert_string_equal(out, "ws://h:7682/?room=K7M2QX");
    assert_int_equal(
        proto_connect_url("wss://h/ttt?x=1", NULL, join, strlen(join), out, sizeof out), 0);
    assert_string_equal(out, "wss://h/ttt?x=1&room=K7M2QX");
    assert_int_equal(proto_connect_url("wss://h", NULL, join, strlen(join), out, sizeof out), 0);
    assert_string_equal(out, "wss://h/?room=K7M2QX");
    assert_int_equal(proto_connect_url("/", NULL, join, strlen(join), out, sizeof out), 0);
    assert_string_equal(out, "/?room=K7M2QX");
    /* The place to take back wins over what is queued. */
    assert_int_equal(proto_connect_url("/", &rejoin, join, strlen(join), out, sizeof out), 0);
    assert_string_equal(out, "/?room=ABC234");
    /* Too small, and text that is no request. */
    assert_int_equal(proto_connect_url("/", &rejoin, NULL, 0, out, 8), -1);
    assert_int_equal(proto_connect_url("/", NULL, "{", 1, out, sizeof out), 0);
    assert_string_equal(out, "/");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_requests_round_trip),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_state_round_trip_and_replay),
        cmocka_unit_test(test_replies),
        cmocka_unit_test(test_connect_url),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
