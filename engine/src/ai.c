/*
 * ai.c - the public AI layer (ttt/ai.h): contexts, options and presets,
 * and the dispatch of ttt_ai_move() and ttt_ai_analyze() to the agents
 * (agents.c), the 3x3 table and the root's players and analysis (root_*.c).
 * It decides which player runs and owns the growable structs; the
 * searching is all below it.
 */
#include <string.h>

#include "agents.h"
#include "ai_internal.h"
#include "alloc.h"
#include "api_check.h"
#include "board_values.h"
#include "support_clock.h"
#include "game_internal.h"
#include "root.h"
#include "table3.h"

/*
 * The named levels. Chosen from the difficulty table that bench/
 * ttt_difficulty prints (docs/ai.md has the table): each level must
 * win at least as often against the random agent and lose no more often
 * against perfect play than the level below, and the steps should be large
 * enough to feel; and (issue 29) on every board each level must score at
 * least 65% against the level below at 100 ms a move (its --ladder).
 *
 * The manual's mistake model alone is harsh: a skipped refutation anywhere
 * deep in the tree makes a losing move look like a win, so even p = 0.05
 * lost about half its games as O against perfect play, and every p > 0
 * level played more recklessly, not more weakly, against a random player.
 * Limiting the fallible levels to a two-ply random search (their own move
 * and the reply, then the line-counting heuristic) makes the levels feel
 * like people: Hard can be forked, Medium misses threats, Easy blunders.
 *
 * The values differ per board. On the drawn small boards a level scores
 * 65% against the one below only if it loses clearly more: Unbeatable,
 * which never loses, scores 65% only against a level it beats in 30% of
 * the games (a win 1, a draw 1/2). So from 1.0 Hard on 3x3 and 4x4 misses
 * some threats (3x3: p = 0.15, the old Medium), Medium many or most and
 * Easy most (3x3) or all of them (4x4, where even a random player draws
 * 37% of its games against perfect play and any p < 1 Easy left Medium
 * below 65%). Measured at 100 ms a move, 600 games a pairing (the ladder;
 * docs/ai.md): 3x3 Unbeatable-Hard 70%, Hard-Medium 72%, Medium-Easy 72%;
 * 4x4 66%, 68%, 69%. Before (0.5, 0.15, 0.02 on both): 3x3 54%, 63%, 79%;
 * 4x4 52%, 59%, 67%. The price: Hard on 3x3 loses 30% (as X) and 51% (as
 * O) of its games to perfect play, and more than it wins against the threat
 * agent. 5x5 keeps the old values, which meet 65% there (66%, 66%, 83%).
 * On 3x3, 1000 games per pairing (win % vs random as X / as O; loss % vs
 * perfect as X / as O):
 *   easy       p = 0.70, depth 2:  74 / 43;  83 / 98
 *   medium     p = 0.40, depth 2:  89 / 65;  59 / 88
 *   hard       p = 0.15, depth 2:  96 / 78;  30 / 51
 *   unbeatable p = 0:              99 / 92;   0 /  0
 */
#define SMALL_BOARD_SIZE 4 /* 3x3 and 4x4: their own values below */
#define EASY_MISTAKE_P_3 0.7
#define MEDIUM_MISTAKE_P_3 0.4
#define HARD_MISTAKE_P_3 0.15
#define EASY_MISTAKE_P_4 1.0
#define MEDIUM_MISTAKE_P_4 0.65
#define HARD_MISTAKE_P_4 0.25
#define EASY_MISTAKE_P 0.5 /* 5x5 */
#define MEDIUM_MISTAKE_P 0.15
#define HARD_MISTAKE_P 0.02
#define UNBEATABLE_MISTAKE_P 0.0
#define FALLIBLE_MAX_DEPTH 2

/*
 * The big boards (6x6 to 8x8, issue 21). There Unbeatable plays proven-
 * safe moves and a drawn 7x7 board gives few chances, so the presets above
 * left Unbeatable 54% against Hard on 7x7 and Hard 60% against Medium (65%
 * is asked), while a higher p alone made Hard lose to the threat agent,
 * whose short tactics it then missed. So the levels there get a tactical
 * net (ai_knobs::safety_plies: no forced win or loss within that
 * many plies is missed) and make their mistakes in the rest of their play:
 * Hard sees 7 plies and errs often (p = 0.7), Medium 3 (p = 0.6), Easy none
 * (p = 0.5, as on the small boards, so a person still beats it). Measured
 * at 100 ms a move (bench/ttt_difficulty --ladder, 200 games a pairing;
 * Unbeatable's pairings 40 games): on 7x7 Unbeatable scores 75% against
 * Hard, Hard 74% against Medium, Medium 72% against Easy, and Hard beats
 * the threat agent 29 times for 6 losses; on 8x8 85%, 79%, 71%, and 65
 * wins for 18 losses. From 1.0 6x6 plays so too: with the 3x3 values
 * there (a first-player win with k = 4, where the colour decides most
 * games) Hard scored 62% against Medium in 600 games; with these 75%,
 * Medium 72% against Easy, Unbeatable 86% against Hard (its only losses
 * as O, the board's value), Hard 129 wins for 66 losses against the threat
 * agent (100 ms of thread CPU a move, docs/ai.md, 2026-11-27).
 */
#define BIG_BOARD_SIZE 6
#define BIG_EASY_MISTAKE_P 0.5
#define BIG_MEDIUM_MISTAKE_P 0.6
#define BIG_HARD_MISTAKE_P 0.7
#define BIG_EASY_SAFETY_PLIES 0
#define BIG_MEDIUM_SAFETY_PLIES 3
#define BIG_HARD_SAFETY_PLIES 7

/* The transposition table of a call without a context: 2^14 buckets,
 * 1 MB, cleared in well under a millisecond. Freeing a large block makes
 * the C library keep the next one of that size on its heap, where it must
 * be cleared (16 MB took 5 to 15 ms a call), instead of mapping fresh
 * pages that are zero for free. A program that searches often keeps a
 * ttt_ai_context and its larger table instead. */
#define ONE_CALL_TT_BITS 14

/* The sizes of the 1.0 structs: a caller's smaller struct was not set up
 * with TTT_INIT(). When a field is added, these stay as they are
 * (offsetof the new field), so 1.0 programs keep working. */
#define AI_OPTIONS_SIZE_1_0 sizeof(ttt_ai_options)
#define AI_RESULT_SIZE_1_0 sizeof(ttt_ai_result)
#define ANALYSIS_SIZE_1_0 sizeof(ttt_analysis)
#define PONDER_RESULT_SIZE_1_0 sizeof(ttt_ponder_result)

/* Bytes of one bucket of the transposition table (tt.h). */
#define TT_BUCKET_BYTES (TT_BUCKET * sizeof(search_tt_entry))

/* ========================================================================= */
/* Presets                                                                   */
/* ========================================================================= */

static ttt_status check_board(int size, int k)
{
    if (size < TTT_MIN_SIZE || size > TTT_MAX_SIZE) return TTT_ERR_SIZE;
    if (k < TTT_MIN_K || k > size) return TTT_ERR_K;
    return TTT_OK;
}

/* A level's tuning beside its mistake probability (ttt_ai_options::level):
 * how far ahead it searches and its tactical net, on a board of `size`. */
typedef struct level_tuning {
    int max_depth;
    int safety_plies;
} level_tuning;

/* The tuning of ttt_ai_options::level (0: none, all zero). */
static level_tuning tuning_of(int level, int size)
{
    static const int BIG_SAFETY[ENGINE_DIFFICULTY_COUNT] = {
        BIG_EASY_SAFETY_PLIES, BIG_MEDIUM_SAFETY_PLIES, BIG_HARD_SAFETY_PLIES, 0};
    static const int DEPTH[ENGINE_DIFFICULTY_COUNT] = {FALLIBLE_MAX_DEPTH, FALLIBLE_MAX_DEPTH,
                                                       FALLIBLE_MAX_DEPTH, 0};
    level_tuning t = {0, 0};
    if (level < 1 || level > ENGINE_DIFFICULTY_COUNT) return t;
    t.max_depth = DEPTH[level - 1];
    t.safety_plies = size >= BIG_BOARD_SIZE ? BIG_SAFETY[level - 1] : 0;
    return t;
}

void ttt__ai_level_tuning(ttt_difficulty level, int size, int *max_depth, int *safety_plies)
{
    level_tuning t = tuning_of((int)level + 1, size);
    *max_depth = t.max_depth;
    *safety_plies = t.safety_plies;
}

ttt_status ttt_ai_options_preset(ttt_ai_options *opts, ttt_difficulty level, int size, int k)
{
    static const double P3[ENGINE_DIFFICULTY_COUNT] = {EASY_MISTAKE_P_3, MEDIUM_MISTAKE_P_3,
                                                       HARD_MISTAKE_P_3, UNBEATABLE_MISTAKE_P};
    static const double P4[ENGINE_DIFFICULTY_COUNT] = {EASY_MISTAKE_P_4, MEDIUM_MISTAKE_P_4,
                                                       HARD_MISTAKE_P_4, UNBEATABLE_MISTAKE_P};
    static const double P[ENGINE_DIFFICULTY_COUNT] = {EASY_MISTAKE_P, MEDIUM_MISTAKE_P,
                                                      HARD_MISTAKE_P, UNBEATABLE_MISTAKE_P};
    static const double BIG_P[ENGINE_DIFFICULTY_COUNT] = {BIG_EASY_MISTAKE_P, BIG_MEDIUM_MISTAKE_P,
                                                          BIG_HARD_MISTAKE_P, UNBEATABLE_MISTAKE_P};
    if (!opts) return TTT_ERR_NULL;
    if (api_struct_size(opts) < AI_OPTIONS_SIZE_1_0) return TTT_ERR_STRUCT_SIZE;
    if ((int)level < 0 || (int)level >= ENGINE_DIFFICULTY_COUNT) return TTT_ERR_RANGE;
    ttt_status st = check_board(size, k);
    if (st != TTT_OK) return st;
    const double *p = size >= BIG_BOARD_SIZE     ? BIG_P
                      : size > SMALL_BOARD_SIZE  ? P
                      : size == SMALL_BOARD_SIZE ? P4
                                                 : P3;
    opts->agent = TTT_AGENT_MINIMAX;
    opts->mistake_probability = p[level];
    opts->level = (int)level + 1;
    return TTT_OK;
}

/* ========================================================================= */
/* Solved boards                                                             */
/* ========================================================================= */

ttt_status ttt_board_value(int size, int k, ttt_outcome *first_player, int *plies)
{
    if (!first_player) return TTT_ERR_NULL;
    ttt_status st = check_board(size, k);
    if (st != TTT_OK) return st;
    for (int i = 0; i < BOARD_VALUE_COUNT; i++) {
        const board_value *v = &ttt__board_values[i];
        if (v->size != size || v->k != k) continue;
        *first_player = v->first_player;
        if (plies) *plies = v->plies;
        return TTT_OK;
    }
    return TTT_ERR_K; /* not reached: the table has every board */
}

/* ========================================================================= */
/* Contexts                                                                  */
/* ========================================================================= */

/* What the public context is: the search's tables, kept between calls. */
struct ttt_ai_context {
    search_tables tables;
};

/* The largest table (log2 of its buckets) within `bytes`, at least one
 * bucket. */
static int table_bits_within(size_t bytes)
{
    int bits = 0;
    while (bits < 40 && ((size_t)TT_BUCKET_BYTES << (bits + 1)) <= bytes)
        bits++;
    return bits;
}

ttt_ai_context *ttt_ai_context_new(const ttt_allocator *alloc, size_t table_bytes)
{
    if (!ttt__alloc_valid(alloc)) return NULL;
    ttt_allocator a = ttt__alloc_copy(alloc);
    /* Zeroed: no board yet (size 0), no table, generation 0. */
    ttt_ai_context *ctx = ttt__alloc_zeroed(&a, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->tables.alloc = a;
    ctx->tables.tt_capped = table_bytes > 0;
    ctx->tables.tt_bits_cap = table_bits_within(table_bytes);
    return ctx;
}

void ttt_ai_context_free(ttt_ai_context *ctx)
{
    if (!ctx) return;
    ttt_allocator a = ctx->tables.alloc;
    ttt__search_tables_free(&ctx->tables);
    ttt__free(&a, ctx, sizeof *ctx);
}

ttt_status ttt_ai_context_reserve(ttt_ai_context *ctx, int size, int k)
{
    if (!ctx) return TTT_ERR_NULL;
    ttt_status st = check_board(size, k);
    if (st != TTT_OK) return st;
    /* 3x3 is answered from the constant table: no search tables needed. */
    st = ttt__search_prepare(&ctx->tables, size, k, !ttt__table3_usable(size, k));
    if (st == TTT_OK && size * size > BOARD_SOLVABLE_SQUARES)
        st = ttt__search_prepare_proof(&ctx->tables);
    return st;
}

/* ========================================================================= */
/* Shared set-up                                                             */
/* ========================================================================= */

/* The position as seen by the player to move. */
typedef struct position {
    uint64_t mover, other;
    int size, k;
} position;

static ttt_status read_position(const ttt_game *g, position *pos)
{
    if (g->state != TTT_STATE_X_TO_MOVE && g->state != TTT_STATE_O_TO_MOVE)
        return TTT_ERR_GAME_OVER;
    int side = g->state == TTT_STATE_X_TO_MOVE ? 0 : 1;
    pos->mover = g->marks[side];
    pos->other = g->marks[1 - side];
    pos->size = g->size;
    pos->k = g->k;
    return TTT_OK;
}

/* Seeds a call's generator from the options' seed and the position, so one
 * seed used for a whole game still varies from move to move. */
static rng_state seed_rng(uint64_t seed, const position *pos)
{
    rng_state r = {seed ^ (pos->mover * 0xD6E8FEB86659FD93u) ^ (pos->other * 0xA0761D6478BD642Fu)};
    (void)rng_next(&r);
    return r;
}

/* The tables of a call without a context: on the caller's stack, with the
 * game's allocator and a small table, freed again by the caller. */
static void one_call_tables(search_tables *t, const ttt_game *game)
{
    memset(t, 0, sizeof *t);
    t->alloc = game->alloc;
    t->tt_capped = 1;
    t->tt_bits_cap = ONE_CALL_TT_BITS;
}

/* ========================================================================= */
/* Choosing a move                                                           */
/* ========================================================================= */

/* Reads and checks the options and knobs (NULL: the defaults). */
static ttt_status read_ai_options(const ttt_ai_options *opts, const ai_knobs *knobs,
                                  ttt_ai_options *o, ai_knobs *k)
{
    ttt_status st = api_read_struct(o, sizeof *o, opts, AI_OPTIONS_SIZE_1_0);
    if (st != TTT_OK) return st;
    /* The negated comparison also refuses NaN. */
    if (!(o->mistake_probability >= 0.0 && o->mistake_probability <= 1.0)) return TTT_ERR_RANGE;
    if (o->deadline_ms < 0 || o->trace_depth < 0) return TTT_ERR_RANGE;
    if ((int)o->agent < 0 || (int)o->agent >= ENGINE_AGENT_COUNT) return TTT_ERR_RANGE;
    if (o->level < 0 || o->level > ENGINE_DIFFICULTY_COUNT) return TTT_ERR_RANGE;
    memset(k, 0, sizeof *k);
    if (knobs) *k = *knobs;
    if (k->max_depth < 0 || k->safety_plies < 0) return TTT_ERR_RANGE;
    return TTT_OK;
}

/* Runs the player the options ask for on the tables `t`. */
static ttt_status play(search_tables *t, const ttt_ai_options *o, const ai_knobs *k,
                       const position *pos, uint64_t start_us, ttt_ai_result *r)
{
    rng_state rng = seed_rng(o->seed, pos);
    int perfect = o->mistake_probability == 0.0;
    level_tuning tune = tuning_of(o->level, pos->size);
    int max_depth = k->max_depth > 0 ? k->max_depth : tune.max_depth;
    int safety = k->safety_plies > 0 ? k->safety_plies : tune.safety_plies;
    if (o->agent == TTT_AGENT_MINIMAX && perfect && !o->trace && max_depth == 0 &&
        ttt__table3_usable(pos->size, pos->k)) {
        ttt__root_table3_move(pos->mover, pos->other, pos->size, &rng, r);
        return TTT_OK;
    }
    int minimax = o->agent == TTT_AGENT_MINIMAX;
    ttt_status st = ttt__search_prepare(t, pos->size, pos->k, minimax);
    if (st != TTT_OK) return st;
    if (!minimax) { /* the agents read the position and search nothing */
        search_pos p;
        ttt__pos_init(&p, &t->board, pos->mover, pos->other);
        int sq = ttt__agent_move(o->agent, &p, &rng);
        r->move.row = sq / pos->size;
        r->move.col = sq % pos->size;
        return TTT_OK;
    }
    /* The proof-number search works on boards the threat phase does not
     * finish; without memory for its table the call does without it. */
    if (perfect && t->board.nsq > BOARD_SOLVABLE_SQUARES) (void)ttt__search_prepare_proof(t);
    search_limits lim = {o->deadline_ms, o->cancel,      o->trace,       o->trace_user,
                         o->trace_depth, k->search_only, k->node_budget, k->cpu_clock};
    search_ctx c;
    ttt__search_begin(&c, t, &lim, start_us, pos->mover, pos->other);
    if (perfect) {
        (void)ttt__root_move(&c, max_depth, &rng, r);
    } else {
        ttt__root_mistake_move(&c, o->mistake_probability, max_depth, safety, &rng, r);
    }
    r->stopped = c.stopped;
    r->nodes = c.nodes;
    return TTT_OK;
}

ttt_status ttt__ai_move_knobs(ttt_ai_context *ctx, const ttt_game *game, const ttt_ai_options *opts,
                              const ai_knobs *knobs, ttt_ai_result *out)
{
    uint64_t start_us = ttt__clock_us();
    if (!game || !out) return TTT_ERR_NULL;
    if (api_check_result(out, AI_RESULT_SIZE_1_0) != TTT_OK) return TTT_ERR_STRUCT_SIZE;
    ttt_ai_options o;
    ai_knobs k;
    ttt_status st = read_ai_options(opts, knobs, &o, &k);
    if (st != TTT_OK) return st;
    position pos;
    st = read_position(game, &pos);
    if (st != TTT_OK) return st;

    ttt_ai_result r;
    memset(&r, 0, sizeof r);
    r.size = sizeof r;
    r.outcome = TTT_OUTCOME_UNKNOWN;
    if (ctx) {
        st = play(&ctx->tables, &o, &k, &pos, start_us, &r);
    } else {
        search_tables t;
        one_call_tables(&t, game);
        st = play(&t, &o, &k, &pos, start_us, &r);
        ttt__search_tables_free(&t);
    }
    if (st == TTT_OK) api_write_struct(out, &r, sizeof r);
    return st;
}

ttt_status ttt_ai_move(ttt_ai_context *ctx, const ttt_game *game, const ttt_ai_options *opts,
                       ttt_ai_result *out)
{
    return ttt__ai_move_knobs(ctx, game, opts, NULL, out);
}

/* ========================================================================= */
/* Analysis                                                                  */
/* ========================================================================= */

static ttt_status analyze(search_tables *t, const ttt_ai_options *o, const ai_knobs *k,
                          const position *pos, uint64_t start_us, ttt_analysis *out)
{
    int use_table3 = ttt__table3_usable(pos->size, pos->k) && !o->trace;
    ttt_status st = ttt__search_prepare(t, pos->size, pos->k, !use_table3);
    if (st != TTT_OK) return st;
    if (t->board.nsq > BOARD_SOLVABLE_SQUARES) (void)ttt__search_prepare_proof(t);
    search_limits lim = {o->deadline_ms, o->cancel,      o->trace,       o->trace_user,
                         o->trace_depth, k->search_only, k->node_budget, k->cpu_clock};
    search_ctx c;
    ttt__search_begin(&c, t, &lim, start_us, pos->mover, pos->other);
    if (use_table3)
        ttt__root_table3_analysis(&c, out);
    else
        ttt__root_analyze(&c, out);
    out->stopped = c.stopped;
    out->nodes = c.nodes;
    return TTT_OK;
}

ttt_status ttt__ai_analyze_knobs(ttt_ai_context *ctx, const ttt_game *game,
                                 const ttt_ai_options *opts, const ai_knobs *knobs,
                                 ttt_analysis *out)
{
    uint64_t start_us = ttt__clock_us();
    if (!game || !out) return TTT_ERR_NULL;
    if (api_check_result(out, ANALYSIS_SIZE_1_0) != TTT_OK) return TTT_ERR_STRUCT_SIZE;
    ttt_ai_options o;
    ai_knobs k;
    ttt_status st = read_ai_options(opts, knobs, &o, &k);
    if (st != TTT_OK) return st;

    /* Built aside and copied on success: a failed call leaves *out alone. */
    ttt_analysis a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.value = TTT_OUTCOME_UNKNOWN;
    a.best_move.row = a.best_move.col = -1;
    position pos;
    if (read_position(game, &pos) != TTT_OK) { /* finished: nothing to analyse */
        api_write_struct(out, &a, sizeof a);
        return TTT_OK;
    }
    if (ctx) {
        st = analyze(&ctx->tables, &o, &k, &pos, start_us, &a);
    } else {
        search_tables t;
        one_call_tables(&t, game);
        st = analyze(&t, &o, &k, &pos, start_us, &a);
        ttt__search_tables_free(&t);
    }
    if (st == TTT_OK) api_write_struct(out, &a, sizeof a);
    return st;
}

ttt_status ttt_ai_analyze(ttt_ai_context *ctx, const ttt_game *game, const ttt_ai_options *opts,
                          ttt_analysis *out)
{
    return ttt__ai_analyze_knobs(ctx, game, opts, NULL, out);
}

/* ========================================================================= */
/* Pondering                                                                 */
/* ========================================================================= */

ttt_status ttt__ai_ponder_knobs(ttt_ai_context *ctx, const ttt_game *game,
                                const ttt_ai_options *opts, const ai_knobs *knobs,
                                ttt_ponder_result *out)
{
    uint64_t start_us = ttt__clock_us();
    if (!ctx || !game) return TTT_ERR_NULL;
    if (out && api_check_result(out, PONDER_RESULT_SIZE_1_0) != TTT_OK) return TTT_ERR_STRUCT_SIZE;
    ttt_ai_options o;
    ai_knobs k;
    ttt_status st = read_ai_options(opts, knobs, &o, &k);
    if (st != TTT_OK) return st;
    ttt_ponder_result r;
    memset(&r, 0, sizeof r);
    r.size = sizeof r;
    r.settled = true;
    position pos;
    /* A finished game, a fallible player, or a board small enough to solve
     * within a move: nothing worth pondering. */
    if (read_position(game, &pos) == TTT_OK && o.agent == TTT_AGENT_MINIMAX &&
        o.mistake_probability == 0.0 && pos.size * pos.size > BOARD_EXACT_SQUARES) {
        search_tables *t = &ctx->tables;
        st = ttt__search_prepare(t, pos.size, pos.k, 1);
        if (st == TTT_OK) st = ttt__search_prepare_proof(t);
        if (st != TTT_OK) return st;
        search_limits lim = {o.deadline_ms, o.cancel, NULL, NULL, 0, 0, k.node_budget, k.cpu_clock};
        search_ctx c;
        ttt__search_begin(&c, t, &lim, start_us, pos.mover, pos.other);
        ponder_info info;
        ttt__root_ponder(&c, &info);
        r.settled = info.settled != 0;
        r.replies = info.replies;
        r.replies_settled = info.replies_settled;
        r.stopped = c.stopped != 0;
        r.nodes = c.nodes;
    }
    if (out) api_write_struct(out, &r, sizeof r);
    return TTT_OK;
}

ttt_status ttt_ai_ponder(ttt_ai_context *ctx, const ttt_game *game, const ttt_ai_options *opts,
                         ttt_ponder_result *out)
{
    return ttt__ai_ponder_knobs(ctx, game, opts, NULL, out);
}
