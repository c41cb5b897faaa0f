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
    o->agent = (ttt_agent)(b % (unsigned)(ttt_agent_count() + 1)); /* one past the last */
    b = next_byte(r);
    o->mistake_probability = b == 255 ? 1.5 : b / 254.0;
    o->level = (int)(next_byte(r) % (unsigned)(ttt_difficulty_count() + 1)); /* a level's tuning */
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
        ttt_difficulty level = (ttt_difficulty)(next_byte(r) % (unsigned)ttt_difficulty_count());
        if (ttt_ai_options_preset(o, level, n, k) != TTT_OK) fail("a preset was refused", NULL);
    }
}

/* What one input works on: the bytes, the game, a cancel token, and the
 * position before the current call. */
typedef struct session {
    reader r;
    ttt_game *g;
    ttt_cancel *cancel;
    inv_position before, after;
    int searches;
} session;

/* A board of any size and k, either side first, from three bytes. */
static ttt_game *random_game(session *f)
{
    int n = TTT_MIN_SIZE + (int)(next_byte(&f->r) % (TTT_MAX_SIZE - TTT_MIN_SIZE + 1));
    int k = TTT_MIN_K + (int)(next_byte(&f->r) % (unsigned)(n - TTT_MIN_K + 1));
    ttt_player first = next_byte(&f->r) % 2 ? TTT_PLAYER_O : TTT_PLAYER_X;
    ttt_game *g = NULL;
    if (ttt_game_new(n, k, first, NULL, &g) != TTT_OK) fail("ttt_game_new failed", f->g);
    return g;
}

/* A move anywhere, one square past each edge. */
static void op_move(session *f)
{
    ttt_game *g = f->g;
    int row = (int)(next_byte(&f->r) % (unsigned)(f->before.size + 2)) - 1;
    int col = (int)(next_byte(&f->r) % (unsigned)(f->before.size + 2)) - 1;
    ttt_status can = ttt_game_can_move(g, (ttt_pos){row, col});
    ttt_status st = ttt_game_move(g, (ttt_pos){row, col}, NULL);
    if (st != can) fail("ttt_game_move disagrees with ttt_game_can_move", g);
    check(g, &f->after);
    if (st != TTT_OK) {
        if (!inv_same(&f->before, &f->after)) fail("a refused move changed the game", g);
        return;
    }
    if (f->after.count != f->before.count + 1) fail("a move did not add one mark", g);
    if (ttt_game_undo(g) != TTT_OK) fail("undo after a move failed", g);
    check(g, &f->after);
    if (!inv_same(&f->before, &f->after)) fail("undo did not restore the position", g);
    if (ttt_game_move(g, (ttt_pos){row, col}, NULL) != TTT_OK)
        fail("the move was refused the second time", g);
}

static void op_undo(session *f)
{
    ttt_status st = ttt_game_undo(f->g);
    if (st != (f->before.nhist > 0 ? TTT_OK : TTT_ERR_NO_HISTORY)) fail("undo's status", f->g);
}

static void op_next(session *f)
{
    ttt_game_start_next(f->g);
    if (ttt_game_move_count(f->g) != 0) fail("ttt_game_start_next left marks", f->g);
}

/* A computer move with random (sometimes bad) options. */
static void op_ai_move(session *f)
{
    if (f->searches++ >= MAX_SEARCHES) return;
    ttt_game *g = f->g;
    ttt_ai_options o;
    random_options(&f->r, &o, f->cancel, ttt_game_size(g), ttt_game_k(g));
    ttt_ai_result res;
    TTT_INIT(&res);
    ttt_status st = ttt_ai_move(NULL, g, &o, &res);
    int bad_options = (int)o.agent >= ttt_agent_count() || o.mistake_probability > 1.0;
    if (bad_options) {
        if (st != TTT_ERR_RANGE && st != TTT_ERR_GAME_OVER) fail("bad options accepted", g);
    } else if (f->before.turn == TTT_PLAYER_NONE) {
        if (st != TTT_ERR_GAME_OVER) fail("a move for a finished game", g);
    } else if (st == TTT_OK) {
        if (ttt_game_move(g, res.move, NULL) != TTT_OK) fail("the AI chose an illegal move", g);
    } else if (st != TTT_ERR_NOMEM) {
        fail("ttt_ai_move failed on a game in progress", g);
    }
}

/* An analysis with a random deadline and cancel token. */
static void op_analysis(session *f)
{
    if (f->searches++ >= MAX_SEARCHES) return;
    ttt_game *g = f->g;
    ttt_ai_options o;
    random_options(&f->r, &o, f->cancel, ttt_game_size(g), ttt_game_k(g));
    ttt_ai_options ao;
    TTT_INIT(&ao);
    ao.deadline_ms = o.deadline_ms;
    ao.cancel = o.cancel;
    ttt_analysis an;
    TTT_INIT(&an);
    ttt_status st = ttt_ai_analyze(NULL, g, &ao, &an);
    if (st != TTT_OK) {
        if (st != TTT_ERR_NOMEM) fail("ttt_ai_analyze failed", g);
        return;
    }
    int expect = f->before.turn == TTT_PLAYER_NONE ? 0 : f->before.nfree;
    if (an.count != expect) fail("the analysis does not list every free square", g);
    for (int i = 0; i < an.count; i++)
        if (ttt_game_can_move(g, an.moves[i].pos) != TTT_OK)
            fail("the analysis lists a taken square", g);
}

/* A clone, and a copy onto a game of another size. */
static void op_clone(session *f)
{
    ttt_game *c = NULL, *d = NULL;
    if (ttt_game_clone(f->g, &c) != TTT_OK) fail("clone failed", f->g);
    if (ttt_game_new(8, 5, TTT_PLAYER_O, NULL, &d) != TTT_OK) fail("new failed", f->g);
    ttt_game_copy(d, f->g);
    check(c, &f->after);
    if (!inv_same(&f->before, &f->after)) fail("the clone differs", f->g);
    check(d, &f->after);
    if (!inv_same(&f->before, &f->after)) fail("the copy differs", f->g);
    ttt_game_free(c);
    ttt_game_free(d);
}

static void op_new_game(session *f)
{
    ttt_game *fresh = random_game(f);
    ttt_game_free(f->g);
    f->g = fresh;
}

/* A run of legal moves, each byte picking a free square. */
static void op_run(session *f)
{
    int run = 1 + (int)(next_byte(&f->r) % MAX_RUN);
    for (int i = 0; i < run && f->r.at < f->r.size; i++) {
        ttt_pos free_squares[TTT_MAX_SQUARES];
        int nfree = 0;
        if (ttt_game_empty_squares(f->g, free_squares, TTT_MAX_SQUARES, &nfree) != TTT_OK)
            fail("ttt_game_empty_squares failed", f->g);
        if (nfree == 0 || ttt_game_turn(f->g) == TTT_PLAYER_NONE) break;
        ttt_pos m = free_squares[next_byte(&f->r) % (unsigned)nfree];
        if (ttt_game_move(f->g, m, NULL) != TTT_OK) fail("a free square was refused", f->g);
        check(f->g, &f->after);
        if (f->after.count != f->before.count + 1) fail("a move did not add one mark", f->g);
        f->before = f->after;
    }
}

/* Formatting into a buffer of any size. */
static void op_format(session *f)
{
    char buf[TTT_FORMAT_MAX];
    int cap = (int)(next_byte(&f->r) % 64), len = 0;
    ttt_format_style style = next_byte(&f->r) % 2 ? TTT_FORMAT_GRID : TTT_FORMAT_COMPACT;
    ttt_status st = ttt_game_format(f->g, style, buf, cap, &len);
    int agree = st == TTT_OK ? len < cap : st == TTT_ERR_BUFFER && len >= cap;
    if (!agree) fail("format's status and length disagree", f->g);
}

/* The calls an input's bytes choose from; moves are the most frequent. */
static void (*const OPS[])(session *) = {
    op_move,    op_move,     op_move,  op_undo,     op_next,   op_ai_move,
    op_ai_move, op_analysis, op_clone, op_new_game, op_format, op_run,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    session f;
    memset(&f, 0, sizeof f);
    f.r = (reader){data, size, 0};
    f.g = random_game(&f); /* the header: board size, k and the first player */
    f.cancel = ttt_cancel_new(NULL);
    if (!f.cancel) fail("ttt_cancel_new failed", f.g);
    check(f.g, &f.before);
    for (int op = 0; op < MAX_OPS && f.r.at < f.r.size; op++) {
        OPS[next_byte(&f.r) % (sizeof OPS / sizeof OPS[0])](&f);
        check(f.g, &f.before);
    }
    ttt_game_free(f.g);
    ttt_cancel_free(f.cancel);
    return 0;
}
