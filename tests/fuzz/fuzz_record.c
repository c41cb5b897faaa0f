/*
 * fuzz_record.c - libFuzzer target for the game record's reader
 * (game/common/record.h): any bytes to record_parse().
 *
 * Checked: a refusal has a line from 1 to one past the last line and a
 * reason, and leaves the caller's record byte for byte as it was; an
 * accepted record is a legal game (record_to_game plays every move), its
 * board and k are in range, and what record_write() makes of it reads back
 * as the same record and writes the same text again.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_record: %s\n", what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    int lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    record r, before;
    memset(&r, 0xA5, sizeof r);
    before = r;
    record_error err;
    if (!record_parse(text, size, &r, &err)) {
        if (memcmp(&r, &before, sizeof r) != 0) fail("a refusal changed the record");
        if (err.line < 1 || err.line > lines + 1) fail("a refusal's line is outside the file");
        if (err.reason[0] == '\0') fail("a refusal without a reason");
        if (!memchr(err.reason, '\0', sizeof err.reason)) fail("an unterminated reason");
        return 0;
    }
    if (r.size < TTT_MIN_SIZE || r.size > TTT_MAX_SIZE || r.k < TTT_MIN_K || r.k > r.size)
        fail("an accepted board out of range");
    if (r.move_count < 0 || r.move_count > r.size * r.size) fail("too many moves");
    ttt_game *g = NULL;
    if (record_to_game(&r, &g) != TTT_OK) fail("an accepted record is not a legal game");
    if (ttt_game_move_count(g) != r.move_count) fail("the game lost moves");
    ttt_game_free(g);
    char text1[RECORD_TEXT_MAX], text2[RECORD_TEXT_MAX];
    size_t n1 = record_write(&r, text1, sizeof text1);
    if (n1 == 0) fail("record_write() found RECORD_TEXT_MAX too small");
    record back;
    if (!record_parse(text1, n1, &back, &err)) fail("the written text does not read back");
    if (memcmp(&back, &r, sizeof r) != 0) fail("the written text reads back differently");
    size_t n2 = record_write(&back, text2, sizeof text2);
    if (n2 != n1 || memcmp(text1, text2, n1) != 0) fail("writing is not stable");
    return 0;
}
