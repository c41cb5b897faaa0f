/*
 * fuzz_parse.c - libFuzzer target for the board parser. The first three
 * bytes choose the size, k and side to move (in range most of the time,
 * out of range sometimes, so the argument checks are fuzzed too); the rest
 * is the text. Whatever ttt_game_parse() accepts must be a reachable
 * position (every invariant of invariants.h holds), its compact text must
 * read back as the same board, and the grid text must fit TTT_FORMAT_MAX.
 * Anything refused must leave *out NULL. A crash, a sanitizer report or a
 * broken invariant (abort) is a finding.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "invariants.h"

/* Reports a broken invariant and stops: libFuzzer saves the input. */
static void fail(const char *what, const char *text)
{
    fprintf(stderr, "fuzz_parse: %s\ntext: \"%s\"\n", what, text);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3) return 0;
    /* 0..9 covers every valid size (3..8) and a few invalid ones. */
    int n = data[0] % 10;
    int k = data[1] % 10;
    ttt_player to_move = (ttt_player)(data[2] % 4); /* 3 is not a player */
    data += 3;
    size -= 3;
    /* The parser reads a NUL-terminated string; an embedded NUL simply ends it. */
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';

    ttt_game *g = (ttt_game *)text; /* must be overwritten */
    ttt_status st = ttt_game_parse(text, n, k, to_move, NULL, &g);
    if (st != TTT_OK) {
        if (g != NULL) fail("a refused parse left *out set", text);
        if (strcmp(ttt_status_message(st), "unknown status") == 0) fail("unnamed status", text);
        free(text);
        return 0;
    }
    if (!g) fail("TTT_OK without a game", text);

    inv_position p;
    const char *why = inv_check(g, &p);
    if (why) fail(why, text);
    if (p.size != n || p.k != k) fail("size or k differ from the arguments", text);
    if (p.nhist != 0) fail("a parsed game has history", text);
    if (to_move != TTT_PLAYER_NONE && p.turn != TTT_PLAYER_NONE && p.turn != to_move)
        fail("the side to move contradicts the argument", text);

    /* The compact text parses again to the same position, whatever to_move. */
    ttt_game *again = NULL;
    if (ttt_game_parse(p.compact, n, k, p.turn, NULL, &again) != TTT_OK)
        fail("compact text refused", text);
    inv_position q;
    if (inv_capture(again, &q) != NULL) fail("the re-parsed game cannot be queried", text);
    if (strcmp(p.compact, q.compact) != 0 || p.state != q.state || p.turn != q.turn)
        fail("the compact text does not round-trip", text);
    ttt_game_free(again);

    /* The grid fits the documented maximum, and the reported length is right. */
    char grid[TTT_FORMAT_MAX];
    int len = 0;
    if (ttt_game_format(g, TTT_FORMAT_GRID, grid, sizeof grid, &len) != TTT_OK)
        fail("the grid does not fit TTT_FORMAT_MAX", text);
    if ((size_t)len != strlen(grid)) fail("the grid's reported length is wrong", text);
    char small[8];
    if (ttt_game_format(g, TTT_FORMAT_GRID, small, sizeof small, &len) != TTT_ERR_BUFFER ||
        small[0] != '\0')
        fail("a short buffer is not refused with an empty string", text);

    ttt_game_free(g);
    free(text);
    return 0;
}
