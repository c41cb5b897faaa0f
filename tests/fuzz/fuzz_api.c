/*
 * fuzz_api.c - libFuzzer target for arbitrary sequences of calls on a game:
 * moves (legal, occupied, outside the board, after the end), undo, next
 * game, new games of every size, clone and copy, formatting into short
 * buffers, computer moves with random agents, mistake probabilities, depth
 * limits, seeds, deadlines and cancel flags, and analyses. After every call
 * every invariant of invariants.h must hold, and an accepted move must be
 * undone to exactly the position before it.
 *
 * The input is structured so that few bytes reach long games on big boards:
 * its first three bytes choose the board (size 3 to 8, k, who starts), and
 * one operation plays a run of up to MAX_RUN legal moves, one byte each,
 * every byte choosing among the free squares (so no byte is wasted on an
 * occupied square). A whole 8x8 game is about 70 bytes. Without this the
 * fuzzer's inputs stayed near 60 bytes and 3x3 after 5 minutes.
 *
 * Each input stays cheap (a few milliseconds): at most MAX_OPS calls, at most
 * MAX_SEARCHES searches, each with a deadline of a few milliseconds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "invariants.h"

#define MAX_OPS 256
#define MAX_SEARCHES 6
#define MAX_DEADLINE_MS 3
/* Most moves in one run (the 8x8 board has 64 squares). */
#define MAX_RUN 64

typedef struct reader {
    const uint8_t *data;
    size_t size, at;
} reader;

/* The next byte, or 0 once the input is used up. */
static unsigned next_byte(reader *r)
{
    return r->at < r->size ? r->data[r->at++] : 0u;
}

static void fail(const char *what, const ttt_game *g)
{
    char text[TTT_FORMAT_MAX] = "?";
    if (g) ttt_game_format(g, TTT_FORMAT_COMPACT, text, sizeof text, NULL);
    fprintf(stderr, "fuzz_api: %s\nboard: %s\n", what, text);
    abort();
}

static void check(const ttt_game *g, inv_position *p)
{
    const char *why = inv_check(g, p);
    if (why) fail(why, g);
}

/* A random but bounded set of options for an n x n board with line length
 * k; sometimes out of range on purpose. */
static void random_options(reader *r, ttt_ai_options *o, ttt_cancel *cancel, int n, int k)
{
    TTT_INIT(o);
    unsigned b = next_byte(r);
    o->agent = (ttt_agent)(b % (TTT_AGENT_COUNT + 1)); /* one value past the last */
    b = next_byte(r);
    o->mistake_probability = b == 255 ? 1.5 : b / 254.0;
    o->max_depth = (int)(next_byte(r) % 6);
    o->deadline_ms = 1 + (int)(next_byte(r) % MAX_DEADLINE_MS);
    o->seed = (uint64_t)next_byte(r) << 8 | next_byte(r);
    b = next_byte(r);
    if (b % 8 == 0) {
        ttt_cancel_request(cancel);
        o->cancel = cancel;
    } else if (b % 8 == 1) {
        ttt_cancel_reset(cancel);
        o->cancel = cancel;
    }
    if (b % 16 == 2) {
        ttt_difficulty level = (ttt_difficulty)(next_byte(r) % TTT_DIFFICULTY_COUNT);
        if (ttt_ai_options_preset(o, level, n, k) != TTT_OK) fail("a preset was refused", NULL);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size, 0};
    ttt_game *g = NULL;
    /* The header: board size, k and the first player. */
    int n0 = TTT_MIN_SIZE + (int)(next_byte(&r) % (TTT_MAX_SIZE - TTT_MIN_SIZE + 1));
    int k0 = TTT_MIN_K + (int)(next_byte(&r) % (unsigned)(n0 - TTT_MIN_K + 1));
    ttt_player first0 = next_byte(&r) % 2 ? TTT_PLAYER_O : TTT_PLAYER_X;
    if (ttt_game_new(n0, k0, first0, NULL, &g) != TTT_OK) fail("ttt_game_new failed", NULL);
    ttt_cancel *cancel = ttt_cancel_new(NULL);
    if (!cancel) fail("ttt_cancel_new failed", g);
    inv_position before, after;
    int searches = 0;
    check(g, &before);

    for (int op = 0; op < MAX_OPS && r.at < r.size; op++) {
        unsigned what = next_byte(&r) % 12;
        switch (what) {
        case 0:
        case 1:
        case 2: { /* a move anywhere, one square past each edge */
            int row = (int)(next_byte(&r) % (unsigned)(before.size + 2)) - 1;
            int col = (int)(next_byte(&r) % (unsigned)(before.size + 2)) - 1;
            ttt_status can = ttt_game_can_move(g, (ttt_pos){row, col});
            ttt_status st = ttt_game_move(g, (ttt_pos){row, col}, NULL);
            if (st != can) fail("ttt_game_move disagrees with ttt_game_can_move", g);
            if (st == TTT_OK) {
                check(g, &after);
                if (after.count != before.count + 1) fail("a move did not add one mark", g);
                if (ttt_game_undo(g) != TTT_OK) fail("undo after a move failed", g);
                check(g, &after);
                if (!inv_same(&before, &after)) fail("undo did not restore the position", g);
                if (ttt_game_move(g, (ttt_pos){row, col}, NULL) != TTT_OK)
                    fail("the move was refused the second time", g);
            } else {
                check(g, &after);
                if (!inv_same(&before, &after)) fail("a refused move changed the game", g);
            }
            break;
        }
        case 3: {
            ttt_status st = ttt_game_undo(g);
            if (st != (before.nhist > 0 ? TTT_OK : TTT_ERR_NO_HISTORY)) fail("undo's status", g);
            break;
        }
        case 4:
            ttt_game_start_next(g);
            if (ttt_game_move_count(g) != 0) fail("ttt_game_start_next left marks", g);
            break;
        case 5:
        case 6: { /* a computer move */
            if (searches++ >= MAX_SEARCHES) break;
            ttt_ai_options o;
            random_options(&r, &o, cancel, ttt_game_size(g), ttt_game_k(g));
            ttt_ai_result res;
            TTT_INIT(&res);
            ttt_status st = ttt_ai_move(NULL, g, &o, &res);
            int bad_options = o.agent >= TTT_AGENT_COUNT || o.mistake_probability > 1.0;
            if (bad_options) {
                if (st != TTT_ERR_RANGE && st != TTT_ERR_GAME_OVER) fail("bad options accepted", g);
            } else if (before.turn == TTT_PLAYER_NONE) {
                if (st != TTT_ERR_GAME_OVER) fail("a move for a finished game", g);
            } else if (st == TTT_OK) {
                if (ttt_game_move(g, res.move, NULL) != TTT_OK)
                    fail("the AI chose an illegal move", g);
            } else if (st != TTT_ERR_NOMEM) {
                fail("ttt_ai_move failed on a game in progress", g);
            }
            break;
        }
        case 7: { /* an analysis */
            if (searches++ >= MAX_SEARCHES) break;
            ttt_ai_options o;
            random_options(&r, &o, cancel, ttt_game_size(g), ttt_game_k(g));
            ttt_analysis_options ao;
            TTT_INIT(&ao);
            ao.deadline_ms = o.deadline_ms;
            ao.cancel = o.cancel;
            ttt_analysis an;
            TTT_INIT(&an);
            ttt_status st = ttt_ai_analyze(NULL, g, &ao, &an);
            if (st != TTT_OK) {
                if (st != TTT_ERR_NOMEM) fail("ttt_ai_analyze failed", g);
                break;
            }
            int expect = before.turn == TTT_PLAYER_NONE ? 0 : before.nfree;
            if (an.count != expect) fail("the analysis does not list every free square", g);
            for (int i = 0; i < an.count; i++) {
                ttt_pos m = an.moves[i].pos;
                if (ttt_game_can_move(g, m) != TTT_OK) fail("the analysis lists a taken square", g);
            }
            break;
        }
        case 8: { /* clone, and copy onto a game of another size */
            ttt_game *c = NULL, *d = NULL;
            if (ttt_game_clone(g, &c) != TTT_OK) fail("clone failed", g);
            if (ttt_game_new(8, 5, TTT_PLAYER_O, NULL, &d) != TTT_OK) fail("new failed", g);
            ttt_game_copy(d, g);
            check(c, &after);
            if (!inv_same(&before, &after)) fail("the clone differs", g);
            check(d, &after);
            if (!inv_same(&before, &after)) fail("the copy differs", g);
            ttt_game_free(c);
            ttt_game_free(d);
            break;
        }
        case 9: { /* a new game of any size */
            int n = TTT_MIN_SIZE + (int)(next_byte(&r) % (TTT_MAX_SIZE - TTT_MIN_SIZE + 1));
            int k = TTT_MIN_K + (int)(next_byte(&r) % (unsigned)(n - TTT_MIN_K + 1));
            ttt_player first = next_byte(&r) % 2 ? TTT_PLAYER_O : TTT_PLAYER_X;
            ttt_game *fresh = NULL;
            if (ttt_game_new(n, k, first, NULL, &fresh) != TTT_OK) fail("new failed", g);
            ttt_game_free(g);
            g = fresh;
            break;
        }
        case 11: { /* a run of legal moves, each byte picking a free square */
            int run = 1 + (int)(next_byte(&r) % MAX_RUN);
            for (int i = 0; i < run && r.at < r.size; i++) {
                ttt_pos free_squares[TTT_MAX_SQUARES];
                int nfree = 0;
                if (ttt_game_empty_squares(g, free_squares, TTT_MAX_SQUARES, &nfree) != TTT_OK)
                    fail("ttt_game_empty_squares failed", g);
                if (nfree == 0 || ttt_game_turn(g) == TTT_PLAYER_NONE) break;
                ttt_pos m = free_squares[next_byte(&r) % (unsigned)nfree];
                if (ttt_game_move(g, m, NULL) != TTT_OK) fail("a free square was refused", g);
                check(g, &after);
                if (after.count != before.count + 1) fail("a move did not add one mark", g);
                before = after;
            }
            break;
        }
        default: { /* formatting into a buffer of any size */
            char buf[TTT_FORMAT_MAX];
            size_t cap = next_byte(&r) % 64, len = 0;
            ttt_format_style style = next_byte(&r) % 2 ? TTT_FORMAT_GRID : TTT_FORMAT_COMPACT;
            ttt_status st = ttt_game_format(g, style, buf, cap, &len);
            if (st == TTT_OK ? len >= cap : st != TTT_ERR_BUFFER || len < cap)
                fail("format's status and length disagree", g);
            break;
        }
        }
        check(g, &before);
    }
    ttt_game_free(g);
    ttt_cancel_free(cancel);
    return 0;
}
