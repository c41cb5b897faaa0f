/*
 * ai.c - the public AI entry points (ttt/ai.h): options and presets, cancel
 * tokens, contexts, the simple agents (random, first free, rule-based), the
 * minimax agent's choice among equal moves, and position analysis. The
 * searching itself is in search.c (exact and heuristic) and
 * search_mistake.c (the fallible search of the design manual); exact 3x3
 * values come from table3.c.
 */
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "agents.h"
#include "api_check.h"
#include "game_internal.h"
#include "search.h"
#include "table3.h"
#include "ttt/util.h"

/* ========================================================================= */
/* Presets                                                                   */
/* ========================================================================= */

/*
 * The named levels. Chosen from the difficulty table that bench/
 * ttt_difficulty prints (docs/ai.md has the table): each level must
 * win at least as often against the random agent and lose no more often
 * against perfect play than the level below, and the steps should be large
 * enough to feel.
 *
 * The manual's mistake model alone is harsh: a skipped refutation anywhere
 * deep in the tree makes a losing move look like a win, so even p = 0.05
 * lost about half its games as O against perfect play, and every p > 0
 * level played more recklessly, not more weakly, against a random player.
 * Limiting the fallible levels to a two-ply random search (their own move
 * and the reply, then the line-counting heuristic) makes the levels feel
 * like people: Hard almost never errs but can be forked, Medium misses a
 * threat now and then, Easy blunders often. Measured on 3x3, 1000 games
 * per pairing (win % vs random as X / as O; loss % vs perfect as X / as O):
 *   easy       p = 0.50, depth 2:  84 / 58;  68 / 93
 *   medium     p = 0.15, depth 2:  97 / 79;  21 / 46
 *   hard       p = 0.02, depth 2:  99 / 86;   3 /  6
 *   unbeatable p = 0:              99 / 92;   0 /  0
 */
#define EASY_MISTAKE_P 0.5
#define MEDIUM_MISTAKE_P 0.15
#define HARD_MISTAKE_P 0.02
#define UNBEATABLE_MISTAKE_P 0.0
#define FALLIBLE_MAX_DEPTH 2
#define EASY_MAX_DEPTH FALLIBLE_MAX_DEPTH
#define MEDIUM_MAX_DEPTH FALLIBLE_MAX_DEPTH
#define HARD_MAX_DEPTH FALLIBLE_MAX_DEPTH

/*
 * The fallible search on boards larger than 3x3: random for this many plies
 * (the AI's move and the reply), then valued by the deterministic search to
 * LARGE_LEAF_DEPTH more plies, or to the end where the board is small
 * enough to solve. A full random tree, as on 3x3, cannot be searched there.
 */
#define LARGE_RANDOM_PLIES 2
#define LARGE_LEAF_DEPTH 2
/* The transposition table of a one-call context (ttt_ai_move(),
 * ttt_ai_analyze()): 2^14 buckets, 1 MB, cleared in well under a
 * millisecond. A program that searches often keeps a ttt_ai_context and
 * its larger table instead. */
#define ONE_CALL_TT_BITS 14
/* Boards up to this many squares are solved exactly by search_negamax. */
#define SOLVABLE_SQUARES 16

static const char *const DIFFICULTY_NAMES[TTT_DIFFICULTY_COUNT] = {"easy", "medium", "hard",
                                                                   "unbeatable"};
static const char *const AGENT_NAMES[TTT_AGENT_COUNT] = {"minimax", "random", "first-free", "rules",
                                                         "threat"};

void ttt_ai_options_init(ttt_ai_options *opts)
{
    TTT__API_CHECK_VOID(opts != NULL);
    memset(opts, 0, sizeof *opts);
    opts->agent = TTT_AGENT_MINIMAX;
    opts->mistake_probability = 0.0;
    opts->max_depth = 0;
    opts->deadline_ms = 0;
    opts->cancel = NULL;
    opts->trace = NULL;
    opts->trace_user = NULL;
    opts->trace_depth = 0;
    /* A varying seed without global state: the clock, and where this call's
     * options live, mixed so nearby times give unrelated seeds. */
    ttt_rng mix = {ttt_clock_us() ^ (uint64_t)(uintptr_t)opts};
    opts->seed = rng_next(&mix);
}

ttt_status ttt_ai_options_preset(ttt_ai_options *opts, ttt_difficulty level)
{
    if (!opts) return TTT_ERR_NULL;
    static const double P[TTT_DIFFICULTY_COUNT] = {EASY_MISTAKE_P, MEDIUM_MISTAKE_P, HARD_MISTAKE_P,
                                                   UNBEATABLE_MISTAKE_P};
    static const int DEPTH[TTT_DIFFICULTY_COUNT] = {EASY_MAX_DEPTH, MEDIUM_MAX_DEPTH,
                                                    HARD_MAX_DEPTH, 0};
    if ((int)level < 0 || (int)level >= TTT_DIFFICULTY_COUNT) return TTT_ERR_RANGE;
    opts->agent = TTT_AGENT_MINIMAX;
    opts->mistake_probability = P[level];
    opts->max_depth = DEPTH[level];
    return TTT_OK;
}

/* What the name functions give for a value out of range. */
#define UNKNOWN_NAME "unknown"

const char *ttt_difficulty_name(ttt_difficulty level)
{
    if ((int)level < 0 || (int)level >= TTT_DIFFICULTY_COUNT) return UNKNOWN_NAME;
    return DIFFICULTY_NAMES[level];
}

/* ASCII case-insensitive equality, independent of the C locale. */
static int same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        if (x != *b) return 0;
    }
    return *a == *b;
}

ttt_status ttt_difficulty_from_name(const char *name, ttt_difficulty *level)
{
    if (!name || !level) return TTT_ERR_NULL;
    for (int i = 0; i < TTT_DIFFICULTY_COUNT; i++) {
        if (same_name(name, DIFFICULTY_NAMES[i])) {
            *level = (ttt_difficulty)i;
            return TTT_OK;
        }
    }
    return TTT_ERR_RANGE;
}

const char *ttt_agent_name(ttt_agent agent)
{
    if ((int)agent < 0 || (int)agent >= TTT_AGENT_COUNT) return UNKNOWN_NAME;
    return AGENT_NAMES[agent];
}

ttt_status ttt_agent_from_name(const char *name, ttt_agent *agent)
{
    if (!name || !agent) return TTT_ERR_NULL;
    for (int i = 0; i < TTT_AGENT_COUNT; i++) {
        if (same_name(name, AGENT_NAMES[i])) {
            *agent = (ttt_agent)i;
            return TTT_OK;
        }
    }
    return TTT_ERR_RANGE;
}

/* ========================================================================= */
/* Cancel tokens                                                             */
/* ========================================================================= */

/* A lock-free atomic store is async-signal-safe; a SIGINT handler may
 * request a stop (ttt/ai.h promises it). */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "cancel tokens need a lock-free atomic int");

struct ttt_cancel {
    atomic_int requested;
};

ttt_status ttt_cancel_new(ttt_cancel **out)
{
    if (!out) return TTT_ERR_NULL;
    *out = malloc(sizeof **out);
    if (!*out) return TTT_ERR_NOMEM;
    atomic_init(&(*out)->requested, 0);
    return TTT_OK;
}

void ttt_cancel_free(ttt_cancel *cancel)
{
    free(cancel);
}

void ttt_cancel_request(ttt_cancel *cancel)
{
    TTT__API_CHECK_VOID(cancel != NULL);
    atomic_store_explicit(&cancel->requested, 1, memory_order_relaxed);
}

void ttt_cancel_reset(ttt_cancel *cancel)
{
    TTT__API_CHECK_VOID(cancel != NULL);
    atomic_store_explicit(&cancel->requested, 0, memory_order_relaxed);
}

int ttt_cancel_requested(const ttt_cancel *cancel)
{
    TTT__API_CHECK(cancel != NULL, 0);
    /* The search only polls: no other memory is published through the
     * token, so relaxed order is enough. */
    return atomic_load_explicit(&cancel->requested, memory_order_relaxed);
}

const char *ttt_outcome_name(ttt_outcome outcome)
{
    switch (outcome) {
    case TTT_OUTCOME_UNKNOWN: return "unknown";
    case TTT_OUTCOME_WIN: return "win";
    case TTT_OUTCOME_DRAW: return "draw";
    case TTT_OUTCOME_LOSS: return "loss";
    }
    return "unknown";
}

/* ========================================================================= */
/* Contexts                                                                  */
/* ========================================================================= */

ttt_status ttt_ai_context_new(ttt_ai_context **out)
{
    if (!out) return TTT_ERR_NULL;
    /* Zeroed: no board yet (size 0), no table, generation 0. */
    *out = calloc(1, sizeof **out);
    return *out ? TTT_OK : TTT_ERR_NOMEM;
}

ttt_status ttt_ai_context_reserve(ttt_ai_context *ctx, int size, int k)
{
    if (!ctx) return TTT_ERR_NULL;
    if (size < TTT_MIN_SIZE || size > TTT_MAX_SIZE) return TTT_ERR_SIZE;
    if (k < TTT_MIN_K || k > size) return TTT_ERR_K;
    /* 3x3 is answered from the constant table: no search tables needed. */
    return ttt__search_prepare(ctx, size, k, !ttt__table3_usable(size, k));
}

void ttt_ai_context_free(ttt_ai_context *ctx)
{
    if (!ctx) return;
    ttt__tt_free(&ctx->tt);
    free(ctx);
}

/* ========================================================================= */
/* Shared set-up                                                             */
/* ========================================================================= */

static ttt_status check_options(const ttt_ai_options *o)
{
    /* The negated comparison also refuses NaN. */
    if (!(o->mistake_probability >= 0.0 && o->mistake_probability <= 1.0)) return TTT_ERR_RANGE;
    if (o->max_depth < 0 || o->deadline_ms < 0 || o->trace_depth < 0) return TTT_ERR_RANGE;
    if ((int)o->agent < 0 || (int)o->agent >= TTT_AGENT_COUNT) return TTT_ERR_RANGE;
    return TTT_OK;
}

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
static ttt_rng seed_rng(uint64_t seed, const position *pos)
{
    ttt_rng r = {seed ^ (pos->mover * 0xD6E8FEB86659FD93u) ^ (pos->other * 0xA0761D6478BD642Fu)};
    (void)rng_next(&r);
    return r;
}

static void set_move(ttt_ai_result *out, int size, int sq)
{
    out->move.row = sq / size;
    out->move.col = sq % size;
}

/* ========================================================================= */
/* Agents                                                                    */
/* ========================================================================= */

static void simple_agent(ttt_ai_context *ctx, const ttt_ai_options *o, const position *pos,
                         ttt_rng *rng, ttt_ai_result *out)
{
    search_pos p;
    ttt__pos_init(&p, &ctx->board, pos->mover, pos->other);
    set_move(out, pos->size, ttt__agent_move(o->agent, &p, rng));
}

/* Picks at random among the moves whose rank is highest. */
static int pick_best(const uint8_t *squares, const int *ranks, int n, ttt_rng *rng, int *best)
{
    int top = ranks[0], ties = 0;
    for (int i = 1; i < n; i++)
        if (ranks[i] > top) top = ranks[i];
    for (int i = 0; i < n; i++)
        ties += ranks[i] == top;
    int pick = rng_below(rng, ties);
    for (int i = 0; i < n; i++) {
        if (ranks[i] != top) continue;
        if (pick-- == 0) {
            *best = i;
            return squares[i];
        }
    }
    *best = 0;
    return squares[0];
}

/* The fallible search; p > 0. */
static void mistake_move(search_ctx *c, const ttt_ai_options *o, const position *pos, ttt_rng *rng,
                         ttt_ai_result *out)
{
    int empty = c->pos.nempty;
    int random_plies = c->b->nsq <= TTT_MIN_SIZE * TTT_MIN_SIZE ? empty : LARGE_RANDOM_PLIES;
    int leaf_depth = c->b->nsq <= SOLVABLE_SQUARES ? empty : LARGE_LEAF_DEPTH;
    if (o->max_depth > 0) {
        if (random_plies > o->max_depth) random_plies = o->max_depth;
        leaf_depth = o->max_depth - random_plies;
    }
    search_mistake_result r;
    ttt__search_mistake_root(c, rng, o->mistake_probability, random_plies, leaf_depth, &r);
    int ranks[TTT_MAX_SQUARES], i;
    for (int j = 0; j < r.count; j++)
        ranks[j] = search_rank_ai(r.values[j]);
    set_move(out, pos->size, pick_best(r.squares, ranks, r.count, rng, &i));
    /* What the fallible search believes; never "exact", since a skipped
     * branch may hide a better reply. A heuristic value is no outcome. */
    if (r.values[i] != SEARCH_UNKNOWN)
        ttt__search_score_outcome(c, r.values[i], r.exact[i], &out->outcome, &out->plies);
    /* leaf_depth is a bound, not what the search reached: never more than
     * the plies left in the game. */
    out->depth = random_plies + leaf_depth < empty ? random_plies + leaf_depth : empty;
    out->plies = 0; /* plies are reported only for exact values */
}

static ttt_status minimax_agent(ttt_ai_context *ctx, const ttt_ai_options *o, const position *pos,
                                ttt_rng *rng, uint64_t start_us, ttt_ai_result *out)
{
    ttt_status st = ttt__search_prepare(ctx, pos->size, pos->k, 1);
    if (st != TTT_OK) return st;
    search_ctx c;
    ttt__search_begin(&c, ctx, o, start_us, pos->mover, pos->other);
    if (o->mistake_probability > 0.0)
        mistake_move(&c, o, pos, rng, out);
    else
        set_move(out, pos->size, ttt__root_move(&c, o, rng, out));
    out->stopped = c.stopped;
    out->nodes = c.nodes;
    return TTT_OK;
}

/*
 * Perfect play on 3x3 from the table: no search at all. Among the equally
 * good moves the pick is random, but weighted: the moves that win most
 * often against a fallible (random) opponent, within CHANCE_TOLERANCE of
 * the best, weigh 1 + FAVOURITE_BONUS, the others 1. Every equal move keeps
 * a chance (all nine first moves occur; a corner about 24 times in 25),
 * the play stays perfect, and the unbeatable level wins against weak
 * players at least as often as the fallible levels (99.5% as X against
 * the random agent). Uniform picking among drawn moves made it the most
 * passive level of all: 97% as X, below Hard.
 */
#define FAVOURITE_BONUS 40
#define CHANCE_TOLERANCE 0 /* in 1/TABLE3_CHANCE_SCALE */

static void table3_move(const position *pos, ttt_rng *rng, ttt_ai_result *out)
{
    table3_values v;
    ttt__table3_move_values(pos->mover, pos->other, &v);
    int top = v.ranks[0], best_chance = 0, total = 0;
    int weight[TABLE3_SQUARES], chance[TABLE3_SQUARES];
    for (int i = 1; i < v.count; i++)
        if (v.ranks[i] > top) top = v.ranks[i];
    for (int i = 0; i < v.count; i++) {
        chance[i] =
            v.ranks[i] == top ? ttt__table3_vs_random(pos->mover, pos->other, v.squares[i]) : 0;
        if (chance[i] > best_chance) best_chance = chance[i];
    }
    for (int i = 0; i < v.count; i++) {
        weight[i] = v.ranks[i] != top                             ? 0
                    : chance[i] + CHANCE_TOLERANCE >= best_chance ? 1 + FAVOURITE_BONUS
                                                                  : 1;
        total += weight[i];
    }
    int pick = rng_below(rng, total), i = 0;
    while (pick >= weight[i])
        pick -= weight[i++];
    set_move(out, pos->size, v.squares[i]);
    out->outcome = v.outcomes[i];
    out->plies = v.plies[i];
    out->exact = 1;
    out->depth = v.plies[i];
}

ttt_status ttt_ai_context_move(ttt_ai_context *ctx, const ttt_game *game,
                               const ttt_ai_options *opts, ttt_ai_result *out)
{
    uint64_t start_us = ttt_clock_us();
    if (!ctx || !game || !out) return TTT_ERR_NULL;
    ttt_ai_options defaults;
    if (!opts) {
        ttt_ai_options_init(&defaults);
        opts = &defaults;
    }
    ttt_status st = check_options(opts);
    if (st != TTT_OK) return st;
    position pos;
    st = read_position(game, &pos);
    if (st != TTT_OK) return st;

    ttt_ai_result r;
    memset(&r, 0, sizeof r);
    r.outcome = TTT_OUTCOME_UNKNOWN;
    ttt_rng rng = seed_rng(opts->seed, &pos);
    if (opts->agent != TTT_AGENT_MINIMAX) {
        st = ttt__search_prepare(ctx, pos.size, pos.k, 0);
        if (st != TTT_OK) return st;
        simple_agent(ctx, opts, &pos, &rng, &r);
    } else if (ttt__table3_usable(pos.size, pos.k) && opts->mistake_probability == 0.0 &&
               !opts->trace && opts->max_depth == 0) {
        table3_move(&pos, &rng, &r);
    } else {
        st = minimax_agent(ctx, opts, &pos, &rng, start_us, &r);
        if (st != TTT_OK) return st;
    }
    *out = r;
    return TTT_OK;
}

ttt_status ttt_ai_move(const ttt_game *game, const ttt_ai_options *opts, ttt_ai_result *out)
{
    /* A context of this call's own, on the stack: only its table is
     * allocated, and freed again before returning. */
    ttt_ai_context ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.tt_bits_cap = ONE_CALL_TT_BITS;
    ttt_status st = ttt_ai_context_move(&ctx, game, opts, out);
    ttt__tt_free(&ctx.tt);
    return st;
}

/* ========================================================================= */
/* Analysis                                                                  */
/* ========================================================================= */

static ttt_status analyze_into(ttt_ai_context *ctx, const ttt_game *game,
                               const ttt_ai_options *opts, uint64_t start_us, ttt_analysis *out);

ttt_status ttt_ai_context_analyze(ttt_ai_context *ctx, const ttt_game *game,
                                  const ttt_ai_options *opts, ttt_analysis *out)
{
    uint64_t start_us = ttt_clock_us();
    if (!ctx || !game || !out) return TTT_ERR_NULL;
    /* Built aside and copied on success: a failed call leaves *out alone. */
    ttt_analysis result;
    ttt_status st = analyze_into(ctx, game, opts, start_us, &result);
    if (st == TTT_OK) *out = result;
    return st;
}

ttt_status ttt_ai_analyze(const ttt_game *game, const ttt_ai_options *opts, ttt_analysis *out)
{
    ttt_ai_context ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.tt_bits_cap = ONE_CALL_TT_BITS;
    ttt_status st = ttt_ai_context_analyze(&ctx, game, opts, out);
    ttt__tt_free(&ctx.tt);
    return st;
}

/* Analysis of a 3x3 position from the table: every value exact. */
static void table3_analysis(const search_ctx *c, const position *pos, ttt_analysis *out)
{
    int score[TTT_MAX_SQUARES], proven[TTT_MAX_SQUARES];
    for (int sq = 0; sq < TTT_MAX_SQUARES; sq++)
        proven[sq] = 1;
    ttt__table3_scores(pos->mover, pos->other, score);
    ttt__root_fill_analysis(c, score, proven, 0, out);
}

static ttt_status analyze_into(ttt_ai_context *ctx, const ttt_game *game,
                               const ttt_ai_options *opts, uint64_t start_us, ttt_analysis *out)
{
    ttt_ai_options o;
    ttt_ai_options_init(&o);
    if (opts) {
        ttt_status st = check_options(opts);
        if (st != TTT_OK) return st;
        o = *opts;
    }
    memset(out, 0, sizeof *out);
    out->value = TTT_OUTCOME_UNKNOWN;
    out->best_move.row = out->best_move.col = -1;
    position pos;
    if (read_position(game, &pos) != TTT_OK) return TTT_OK; /* finished: nothing to analyse */

    int use_table3 = ttt__table3_usable(pos.size, pos.k) && !o.trace;
    ttt_status st = ttt__search_prepare(ctx, pos.size, pos.k, !use_table3);
    if (st != TTT_OK) return st;
    search_ctx c;
    ttt__search_begin(&c, ctx, &o, start_us, pos.mover, pos.other);
    if (use_table3) {
        table3_analysis(&c, &pos, out);
        return TTT_OK;
    }
    ttt__root_analyze(&c, out);
    return TTT_OK;
}
