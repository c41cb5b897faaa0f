/*
 * fault_engine.c - allocation failure at every N, for each entry point of
 * the engine's public API, as SQLite's malloc tests do: set up the call with
 * no fault armed, fail its Nth allocation, make the call, and check that it
 * returned TTT_ERR_NOMEM (or coped and returned TTT_OK), left its inputs as
 * they were and leaked nothing (ASan's leak check at exit); then N + 1,
 * until a call makes fewer than N allocations and so runs whole. Each entry
 * point of the 0.2 API runs on three boards (3x3, 5x5 k 4, 8x8 k 5) in
 * mid-game; the entry points that cannot allocate are called too, and show
 * 0 values of N.
 *
 * Prints, per entry point, how many values of N were reached; fails (exit
 * status 1) on the first broken promise. Linked with fault_shim.c and the
 * linker's --wrap (see CMakeLists.txt).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fault_shim.h"
#include "invariants.h"
#include "ttt/ttt.h"

/* The search's deadline: enough to allocate everything a search does, short
 * enough for hundreds of calls. On the step clock (tests/ai/step_clock.h,
 * linked in): a budget of work, so every run allocates the same whatever
 * the machine's speed, and the counts printed are the same everywhere. */
#define SEARCH_DEADLINE_MS 20

typedef struct fixture {
    int size, k;
    ttt_game *game;         /* mid-game, X to move */
    ttt_game *out;          /* what a call creates, freed by the harness */
    ttt_game *other;        /* a second game, for copy */
    ttt_cancel *cancel_out; /* what ttt_cancel_new creates */
    ttt_ai_context *ctx;    /* a context made before the fault is armed */
    ttt_ai_context *ctx_out;
    inv_position before;
    char text[TTT_FORMAT_MAX];
} fixture;

static int failures;

static void fail(const char *entry, int size, long n, const char *what)
{
    fprintf(stderr, "fault_engine: %s on %dx%d, allocation %ld failed: %s\n", entry, size, size, n,
            what);
    failures++;
}

/* ------------------------------------------------------------------------- */
/* The calls: each returns its status; the fixture was set up without faults */
/* ------------------------------------------------------------------------- */

static ttt_status call_new(fixture *f)
{
    return ttt_game_new(f->size, f->k, TTT_PLAYER_O, NULL, &f->out);
}
static ttt_status call_clone(fixture *f)
{
    return ttt_game_clone(f->game, &f->out);
}
static ttt_status call_copy(fixture *f)
{
    ttt_game_copy(f->other, f->game);
    return TTT_OK;
}
static ttt_status call_parse(fixture *f)
{
    return ttt_game_parse(f->text, f->size, f->k, TTT_PLAYER_NONE, NULL, &f->out);
}
static ttt_status call_move(fixture *f)
{
    ttt_pos empty[TTT_MAX_SQUARES];
    int n = 0;
    ttt_game_empty_squares(f->game, empty, TTT_MAX_SQUARES, &n);
    ttt_state after;
    return ttt_game_move(f->game, empty[n / 2], &after);
}
static ttt_status call_undo(fixture *f)
{
    return ttt_game_undo(f->game);
}
static ttt_status call_start_next(fixture *f)
{
    ttt_game_start_next(f->game);
    return TTT_OK;
}
static ttt_status call_format(fixture *f)
{
    char buf[TTT_FORMAT_MAX];
    return ttt_game_format(f->game, TTT_FORMAT_GRID, buf, sizeof buf, NULL);
}
static ttt_status call_queries(fixture *f)
{
    ttt_pos moves[TTT_MAX_SQUARES];
    ttt_square squares[TTT_MAX_SQUARES];
    ttt_line lines[TTT_MAX_WINNING_SETS];
    int count = 0;
    ttt_status st = ttt_game_history(f->game, moves, TTT_MAX_SQUARES, &count);
    if (st == TTT_OK) st = ttt_game_squares(f->game, squares, TTT_MAX_SQUARES, &count);
    if (st == TTT_OK) st = ttt_game_empty_squares(f->game, moves, TTT_MAX_SQUARES, &count);
    /* The value queries cannot fail; they are called for what they allocate (nothing). */
    (void)ttt_game_state(f->game);
    (void)ttt_game_over(f->game);
    (void)ttt_game_turn(f->game);
    (void)ttt_game_winner(f->game);
    ttt_player owner;
    (void)ttt_game_owner(f->game, (ttt_pos){0, 0}, &owner);
    (void)ttt_game_move_count(f->game);
    ttt_status can = ttt_game_can_move(f->game, (ttt_pos){0, 0});
    if (st == TTT_OK && can != TTT_OK && can != TTT_ERR_OCCUPIED) st = can;
    ttt_status lines_st = ttt_game_winning_lines(f->game, lines, TTT_MAX_WINNING_SETS, &count);
    if (st == TTT_OK && lines_st != TTT_OK && lines_st != TTT_ERR_BUFFER) st = lines_st;
    return st;
}
static ttt_status call_victory_sets(fixture *f)
{
    static ttt_line lines[4096];
    int count = 0;
    if (ttt_victory_set_count(f->size, f->k) <= 0) return TTT_ERR_RANGE;
    return ttt_victory_sets(f->size, f->k, lines, 4096, &count);
}
static ttt_status call_options(fixture *f)
{
    (void)f;
    ttt_ai_options o;
    TTT_INIT(&o);
    ttt_agent agent;
    ttt_difficulty level;
    ttt_status st = ttt_ai_options_preset(&o, TTT_DIFFICULTY_HARD, 5, 4);
    if (st == TTT_OK) st = ttt_agent_from_name(ttt_agent_name(TTT_AGENT_RULES), &agent);
    if (st == TTT_OK)
        st = ttt_difficulty_from_name(ttt_difficulty_name(TTT_DIFFICULTY_EASY), &level);
    return st;
}
static ttt_status call_cancel_new(fixture *f)
{
    f->cancel_out = ttt_cancel_new(NULL);
    if (!f->cancel_out) return TTT_ERR_NOMEM;
    ttt_cancel_request(f->cancel_out);
    if (!ttt_cancel_requested(f->cancel_out)) return TTT_ERR_RANGE;
    ttt_cancel_reset(f->cancel_out);
    return TTT_OK;
}
static ttt_status call_context_new(fixture *f)
{
    f->ctx_out = ttt_ai_context_new(NULL, 0);
    return f->ctx_out ? TTT_OK : TTT_ERR_NOMEM;
}

/* The search's options: a short deadline, a fixed seed. */
static void search_options(ttt_ai_options *o, ttt_agent agent, double p)
{
    TTT_INIT(o);
    o->agent = agent;
    o->mistake_probability = p;
    o->deadline_ms = SEARCH_DEADLINE_MS;
    o->seed = 7;
}
static ttt_status checked_move(fixture *f, ttt_status st, const ttt_ai_result *r)
{
    if (st == TTT_OK && ttt_game_can_move(f->game, r->move) != TTT_OK)
        return TTT_ERR_OCCUPIED; /* an illegal move: reported as a failure */
    return st;
}
static ttt_status ai_move(fixture *f, ttt_agent agent, double p)
{
    ttt_ai_options o;
    search_options(&o, agent, p);
    ttt_ai_result r;
    TTT_INIT(&r);
    return checked_move(f, ttt_ai_move(NULL, f->game, &o, &r), &r);
}
static ttt_status call_ai_minimax(fixture *f)
{
    return ai_move(f, TTT_AGENT_MINIMAX, 0.0);
}
static ttt_status call_ai_mistakes(fixture *f)
{
    return ai_move(f, TTT_AGENT_MINIMAX, 0.4);
}
static ttt_status call_ai_random(fixture *f)
{
    return ai_move(f, TTT_AGENT_RANDOM, 0.0);
}
static ttt_status call_ai_rules(fixture *f)
{
    return ai_move(f, TTT_AGENT_RULES, 0.0);
}
/* An analysis's options: the same short deadline. */
static void analysis_options(ttt_ai_options *o)
{
    ttt_ai_options m;
    search_options(&m, TTT_AGENT_MINIMAX, 0.0);
    TTT_INIT(o);
    o->deadline_ms = m.deadline_ms;
}
static ttt_status call_ai_analyze(fixture *f)
{
    ttt_ai_options o;
    analysis_options(&o);
    ttt_analysis a;
    TTT_INIT(&a);
    return ttt_ai_analyze(NULL, f->game, &o, &a);
}
/* A context's first move allocates its tables; its second reuses them. */
static ttt_status call_context_move(fixture *f)
{
    ttt_ai_options o;
    search_options(&o, TTT_AGENT_MINIMAX, 0.0);
    ttt_ai_result r;
    TTT_INIT(&r);
    ttt_status st = checked_move(f, ttt_ai_move(f->ctx, f->game, &o, &r), &r);
    if (st != TTT_OK) return st;
    return checked_move(f, ttt_ai_move(f->ctx, f->game, &o, &r), &r);
}
/* Building a board's tables ahead; whether it failed or not, the context
 * must still play (checked in run_once once the fault is disarmed). */
static ttt_status call_context_reserve(fixture *f)
{
    return ttt_ai_context_reserve(f->ctx, ttt_game_size(f->game), ttt_game_k(f->game));
}
static ttt_status call_ai_threat(fixture *f)
{
    return ai_move(f, TTT_AGENT_THREAT, 0.0);
}
static ttt_status call_context_analyze(fixture *f)
{
    ttt_ai_options o;
    analysis_options(&o);
    ttt_analysis a;
    TTT_INIT(&a);
    return ttt_ai_analyze(f->ctx, f->game, &o, &a);
}

/* A ponder builds the context's tables on its first call, as a reserve
 * does; the context must still play after a failure. */
static ttt_status call_context_ponder(fixture *f)
{
    ttt_ai_options o;
    analysis_options(&o);
    ttt_ponder_result r;
    TTT_INIT(&r);
    return ttt_ai_ponder(f->ctx, f->game, &o, &r);
}

/* What a call does with the fixture's game. */
enum effect { READS, MUTATES, CREATES };

typedef struct entry_point {
    const char *name;
    ttt_status (*call)(fixture *);
    enum effect effect;
} entry_point;

static const entry_point ENTRY_POINTS[] = {
    {"ttt_game_new", call_new, CREATES},
    {"ttt_game_clone", call_clone, CREATES},
    {"ttt_game_parse", call_parse, CREATES},
    {"ttt_game_copy", call_copy, READS},
    {"ttt_game_move", call_move, MUTATES},
    {"ttt_game_undo", call_undo, MUTATES},
    {"ttt_game_start_next", call_start_next, MUTATES},
    {"ttt_game_format", call_format, READS},
    {"ttt_game_* queries (state, squares, lines...)", call_queries, READS},
    {"ttt_victory_set_count/sets", call_victory_sets, READS},
    {"ttt_ai_options_*, *_name, *_from_name", call_options, READS},
    {"ttt_cancel_new (request, reset)", call_cancel_new, READS},
    {"ttt_ai_context_new", call_context_new, READS},
    {"ttt_ai_move (minimax)", call_ai_minimax, READS},
    {"ttt_ai_move (minimax, p 0.4)", call_ai_mistakes, READS},
    {"ttt_ai_move (random)", call_ai_random, READS},
    {"ttt_ai_move (rules)", call_ai_rules, READS},
    {"ttt_ai_move (threat)", call_ai_threat, READS},
    {"ttt_ai_context_reserve (then a move)", call_context_reserve, READS},
    {"ttt_ai_analyze", call_ai_analyze, READS},
    {"ttt_ai_move with a context (twice)", call_context_move, READS},
    {"ttt_ai_analyze with a context", call_context_analyze, READS},
    {"ttt_ai_ponder", call_context_ponder, READS},
};
#define ENTRY_COUNT (sizeof ENTRY_POINTS / sizeof ENTRY_POINTS[0])

/* A mid-game position: a few marks spread over the board, X to move. */
static void setup(fixture *f, int size, int k)
{
    memset(f, 0, sizeof *f);
    f->size = size;
    f->k = k;
    if (ttt_game_new(size, k, TTT_PLAYER_X, NULL, &f->game) != TTT_OK ||
        ttt_game_new(TTT_MAX_SIZE, 5, TTT_PLAYER_O, NULL, &f->other) != TTT_OK ||
        !(f->ctx = ttt_ai_context_new(NULL, 0)))
        abort();
    for (int i = 0; i < 4; i++) {
        ttt_pos free_squares[TTT_MAX_SQUARES];
        int n = 0;
        if (ttt_game_empty_squares(f->game, free_squares, TTT_MAX_SQUARES, &n) != TTT_OK) abort();
        ttt_pos m = free_squares[(i * 7 + 1) % n];
        if (ttt_game_move(f->game, m, NULL) != TTT_OK) abort();
    }
    if (ttt_game_format(f->game, TTT_FORMAT_COMPACT, f->text, sizeof f->text, NULL) != TTT_OK)
        abort();
    if (inv_check(f->game, &f->before)) abort();
}

static void teardown(fixture *f)
{
    ttt_game_free(f->game);
    ttt_game_free(f->other);
    ttt_game_free(f->out);
    ttt_cancel_free(f->cancel_out);
    ttt_ai_context_free(f->ctx);
    ttt_ai_context_free(f->ctx_out);
}

/* Fail allocation N of one call; returns whether the fault was reached. */
static int run_once(const entry_point *e, int size, int k, long n, ttt_status *ok_status)
{
    fixture f;
    setup(&f, size, k);
    fault_reset();
    fault_fail_alloc(n);
    ttt_status st = e->call(&f);
    int fired = fault_fired();
    fault_fail_alloc(0);
    if (n == 0) {
        *ok_status = st;
    } else if (!fired) {
        if (st != *ok_status) fail(e->name, size, n, "a different status with no fault reached");
    } else if (st != TTT_ERR_NOMEM && st != *ok_status) {
        char why[96];
        snprintf(why, sizeof why, "status %s, not TTT_ERR_NOMEM", ttt_status_message(st));
        fail(e->name, size, n, why);
    }
    /* The game is whole whatever happened; a failed call changed nothing. */
    inv_position after;
    const char *broken = inv_check(f.game, &after);
    if (broken) fail(e->name, size, n, broken);
    if (st != TTT_OK && !inv_same(&f.before, &after))
        fail(e->name, size, n, "a failed call changed the game");
    if (e->call == call_cancel_new && (st == TTT_OK) != (f.cancel_out != NULL))
        fail(e->name, size, n, "a token and the status disagree");
    if (e->call == call_context_new && (st == TTT_OK) != (f.ctx_out != NULL))
        fail(e->name, size, n, "a context and the status disagree");
    if (e->call == call_context_reserve) {
        ttt_ai_options o;
        search_options(&o, TTT_AGENT_MINIMAX, 0.0);
        ttt_ai_result r;
        TTT_INIT(&r);
        if (checked_move(&f, ttt_ai_move(f.ctx, f.game, &o, &r), &r) != TTT_OK)
            fail(e->name, size, n, "the context does not play after the reserve");
    }
    if (e->effect == CREATES) {
        if (st == TTT_OK && !f.out) fail(e->name, size, n, "TTT_OK without a game");
        if (st != TTT_OK && f.out) fail(e->name, size, n, "a game returned with an error");
        if (f.out && inv_check(f.out, &after)) fail(e->name, size, n, "the new game is broken");
    }
    if (e->call == call_copy && st == TTT_OK) {
        if (inv_check(f.other, &after) || !inv_same(&f.before, &after))
            fail(e->name, size, n, "the copy differs");
    }
    teardown(&f);
    return fired;
}

int main(void)
{
    static const int boards[][2] = {{3, 3}, {5, 4}, {8, 5}};
    long total = 0;
    for (size_t i = 0; i < ENTRY_COUNT; i++) {
        const entry_point *e = &ENTRY_POINTS[i];
        long reached = 0;
        for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
            ttt_status ok_status = TTT_OK;
            run_once(e, boards[b][0], boards[b][1], 0, &ok_status);
            for (long n = 1; run_once(e, boards[b][0], boards[b][1], n, &ok_status); n++)
                reached++;
        }
        printf("%-56s %4ld allocation failures (3 boards)\n", e->name, reached);
        total += reached;
    }
    printf("fault_engine: %zu entry points, %ld runs with a failed allocation, %d problems\n",
           ENTRY_COUNT, total, failures);
    return failures ? 1 : 0;
}
