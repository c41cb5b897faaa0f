/*
 * fuzz_cli_input.c - libFuzzer target for what `ttt play` does with typed
 * input: cli_read_line() over the input as a stream (NUL bytes, CR, long
 * lines, no line end, end of input anywhere) and cli_parse_move() on every
 * line it returns, against a game that goes on as moves are accepted. The
 * first two bytes choose the board (size 3 to 8 and k) and the line buffer's
 * size (the longest, or 8 bytes, so lines too long are reached with short
 * input), so big boards are
 * reached; every accepted move is played, a finished game starts again.
 *
 * Checked: a line returned is NUL-terminated within the buffer with no
 * '\n' in it; a refused line has a reason; an accepted move is legal (the
 * engine takes it); the reader always makes progress and ends.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_input.h"

/* Lines read from one input at most (the input itself is at most a few KiB). */
#define MAX_LINES 4096

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_cli_input: %s\n", what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    int n = TTT_MIN_SIZE + data[0] % (TTT_MAX_SIZE - TTT_MIN_SIZE + 1);
    int k = TTT_MIN_K + data[1] % (n - TTT_MIN_K + 1);
    /* A small buffer now and then, so "too long" is reached with short input. */
    size_t cap = data[1] & 0x80 ? 8 : CLI_LINE_MAX;
    data += 2;
    size -= 2;
    ttt_game *g = NULL;
    if (ttt_game_new(n, k, TTT_PLAYER_X, NULL, &g) != TTT_OK) fail("ttt_game_new failed");
    /* fmemopen wants a writable buffer (and refuses a zero size: an empty
     * stream is /dev/null), so the read-only input is copied. */
    char *copy = size ? malloc(size) : NULL;
    if (size && !copy) fail("out of memory");
    if (copy) memcpy(copy, data, size);
    FILE *in = copy ? fmemopen(copy, size, "rb") : fopen("/dev/null", "rb");
    if (!in) fail("cannot open the input as a stream");
    char line[CLI_LINE_MAX];
    for (int i = 0; i < MAX_LINES; i++) {
        memset(line, 'Z', sizeof line);
        cli_read_status rs = cli_read_line(in, line, cap);
        if (rs == CLI_READ_EOF || rs == CLI_READ_ERROR || rs == CLI_READ_ENDLESS) break;
        if (rs == CLI_READ_INTERRUPTED) fail("interrupted without a signal");
        if (rs != CLI_READ_OK) continue;
        if (!memchr(line, '\0', cap)) fail("a line is not terminated within the buffer");
        if (strchr(line, '\n')) fail("a line holds its newline");
        cli_input move;
        cli_parse_move(g, line, &move);
        if (!memchr(move.reason, '\0', sizeof move.reason)) fail("reason not terminated");
        switch (move.kind) {
        case CLI_INPUT_MOVE:
            if (ttt_game_move(g, move.pos, NULL) != TTT_OK)
                fail("an accepted move was refused by the engine");
            break;
        case CLI_INPUT_INVALID:
            if (move.reason[0] == '\0') fail("a refusal without a reason");
            break;
        default: break;
        }
        if (ttt_game_over(g)) ttt_game_start_next(g);
    }
    fclose(in);
    free(copy);
    ttt_game_free(g);
    return 0;
}
