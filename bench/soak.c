/*
 * soak.c - ttt_soak: a long run of whole games that checks every invariant
 * after every move, to find the rare state bug no unit test thought of.
 *
 * Games cycle through every pairing of a random agent and the AI at each
 * difficulty (the AI as X and as O, and random against random) on several
 * board sizes. After every move: mark counts, whose turn, the state agrees
 * with an independent line check, the winning lines, can_move, the text
 * round trip (tests/engine/portable/invariants.h), and undo followed by the
 * same move restores exactly the position before and after it. The random
 * agent also tries illegal moves now and then, which must change nothing.
 * On 3x3 the unbeatable AI must never lose.
 *
 * Usage: ttt_soak [--games N] [--seed S] [--max-depth D] [--json] [--quiet]
 *   --games N      games to play (default 1000000)
 *   --seed S       seed of the whole run (default 1); the same seed plays
 *                  the same games
 *   --max-depth D  depth limit for the AI on boards larger than 3x3
 *                  (default 2), so a game costs microseconds, not seconds;
 *                  3x3 is always played at the presets' own depth
 *   --json         one JSON object on stdout instead of the table
 *   --quiet        no progress lines on stderr
 * Exit status: 0 when no invariant broke, 1 otherwise, 2 for bad usage.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "rng.h"
#include "invariants.h"

#include "ai_internal.h" /* the depth limit on the larger boards */

/* Board sizes and their line lengths, cycled game by game. */
static const int SIZES[][2] = {{3, 3}, {4, 4}, {5, 4}, {7, 5}};
#define SIZE_COUNT ((int)(sizeof SIZES / sizeof SIZES[0]))

/* The difficulties played: those of 1.0. */
#define LEVEL_COUNT 4
/* Agents: the random mover, or the AI at a difficulty. */
#define AGENT_RANDOM (-1)
/* The pairings: random against random, then each difficulty as X against
 * random, then random against each difficulty as O. */
#define PAIRING_COUNT (1 + 2 * LEVEL_COUNT)
/* One move in this many, the random agent first tries an illegal one. */
#define ILLEGAL_TRY_ONE_IN 8
/* Progress on stderr every this many games. */
#define PROGRESS_EVERY 100000L
/* Violations printed in full; the rest are only counted. */
#define VIOLATIONS_SHOWN 10

typedef struct soak_args {
    long games;
    uint64_t seed;
    int max_depth;
    int json, quiet;
} soak_args;

/* Per size and pairing: how the games ended. */
typedef struct tally {
    long games, x_wins, o_wins, draws;
} tally;

typedef struct soak {
    soak_args args;
    game_rng rng;
    long moves, violations, illegal_tries;
    tally by[SIZE_COUNT][PAIRING_COUNT];
} soak;

static uint64_t next_random(soak *s)
{
    return game_rng_next(&s->rng);
}

static void violation(soak *s, long game, const char *what, const inv_position *p)
{
    if (s->violations++ < VIOLATIONS_SHOWN)
        fprintf(stderr, "ttt_soak: game %ld, %dx%d k=%d, after %d moves (%s): %s\n", game, p->size,
                p->size, p->k, p->count, p->compact, what);
}

static void agents_of(int pairing, int *x_agent, int *o_agent)
{
    *x_agent = *o_agent = AGENT_RANDOM;
    if (pairing >= 1 && pairing <= LEVEL_COUNT) *x_agent = pairing - 1;
    if (pairing > LEVEL_COUNT) *o_agent = pairing - 1 - LEVEL_COUNT;
}

static const char *agent_name(int agent)
{
    return agent == AGENT_RANDOM ? "random" : ttt_difficulty_name((ttt_difficulty)agent);
}

/* Chooses the next move of `agent`; returns 0 on success. */
static int choose(soak *s, long game, const ttt_game *g, const inv_position *p, int agent,
                  ttt_pos *move)
{
    if (agent == AGENT_RANDOM) {
        int pick = (int)(next_random(s) % (uint64_t)p->nfree);
        for (int i = 0; i < p->size * p->size; i++)
            if (p->board[i] == TTT_PLAYER_NONE && pick-- == 0) {
                move->row = i / p->size;
                move->col = i % p->size;
                return 0;
            }
        violation(s, game, "no free square although the game goes on", p);
        return 1;
    }
    ttt_ai_options o;
    TTT_INIT(&o);
    ttt_ai_options_preset(&o, (ttt_difficulty)agent, p->size, ttt_game_k(g));
    o.seed = next_random(s);
    /* Beyond 3x3 every level searches to --max-depth, to keep a game quick. */
    ai_knobs k = {p->size > 3 ? s->args.max_depth : 0, false, 0, 0, false};
    ttt_ai_result res;
    TTT_INIT(&res);
    ttt_status st = ttt__ai_move_knobs(NULL, g, &o, &k, &res);
    if (st != TTT_OK) {
        violation(s, game, ttt_status_message(st), p);
        return 1;
    }
    *move = res.move;
    return 0;
}

/* Tries a move that must be refused (occupied or outside) and checks that
 * nothing changed. */
static void try_illegal(soak *s, long game, ttt_game *g, const inv_position *before)
{
    int n = before->size, row, col;
    if (before->count > 0 && next_random(s) % 2) {
        /* An occupied square, chosen among the marks on the board. */
        int pick = (int)(next_random(s) % (uint64_t)before->count), i = 0;
        for (; i < n * n; i++)
            if (before->board[i] != TTT_PLAYER_NONE && pick-- == 0) break;
        row = i / n;
        col = i % n;
    } else {
        /* One square beyond an edge. */
        row = next_random(s) % 2 ? -1 : n;
        col = (int)(next_random(s) % (uint64_t)n);
    }
    s->illegal_tries++;
    if (ttt_game_move(g, (ttt_pos){row, col}, NULL) == TTT_OK) {
        violation(s, game, "an illegal move was accepted", before);
        return;
    }
    inv_position after;
    if (inv_capture(g, &after) != NULL || !inv_same(before, &after))
        violation(s, game, "a refused move changed the game", before);
}

/* Plays game number `game`; returns how it ended. */
static ttt_state play(soak *s, long game, ttt_game *g, int pairing)
{
    int x_agent, o_agent;
    agents_of(pairing, &x_agent, &o_agent);
    inv_position before, after, undone;
    const char *why = inv_check(g, &before);
    if (why) {
        violation(s, game, why, &before);
        return TTT_STATE_DRAW;
    }
    while (before.turn != TTT_PLAYER_NONE) {
        int agent = before.turn == TTT_PLAYER_X ? x_agent : o_agent;
        if (agent == AGENT_RANDOM && next_random(s) % ILLEGAL_TRY_ONE_IN == 0)
            try_illegal(s, game, g, &before);
        ttt_pos m;
        if (choose(s, game, g, &before, agent, &m) != 0) break;
        if (ttt_game_move(g, m, NULL) != TTT_OK) {
            violation(s, game, "the chosen move was refused", &before);
            break;
        }
        s->moves++;
        if ((why = inv_check(g, &after)) != NULL) {
            violation(s, game, why, &after);
            break;
        }
        if (after.count != before.count + 1 ||
            after.board[m.row * after.size + m.col] != before.turn)
            violation(s, game, "the move did not add the mover's mark", &after);
        /* Undo restores the previous position; the same move restores this one. */
        if (ttt_game_undo(g) != TTT_OK || inv_capture(g, &undone) != NULL ||
            !inv_same(&before, &undone))
            violation(s, game, "undo did not restore the previous position", &before);
        if (ttt_game_move(g, m, NULL) != TTT_OK || inv_capture(g, &undone) != NULL ||
            !inv_same(&after, &undone))
            violation(s, game, "replaying the move after undo gave another position", &after);
        before = after;
    }
    /* A known result: perfect play never loses classic tic-tac-toe. */
    if (before.size == 3 &&
        ((x_agent == TTT_DIFFICULTY_UNBEATABLE && before.state == TTT_STATE_O_WON) ||
         (o_agent == TTT_DIFFICULTY_UNBEATABLE && before.state == TTT_STATE_X_WON)))
        violation(s, game, "the unbeatable AI lost on 3x3", &before);
    return before.state;
}

static int parse_args(int argc, char **argv, soak_args *a)
{
    a->games = 1000000;
    a->seed = 1;
    a->max_depth = 2;
    a->json = a->quiet = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            a->json = 1;
        else if (strcmp(argv[i], "--quiet") == 0)
            a->quiet = 1;
        else if (strcmp(argv[i], "--games") == 0 && i + 1 < argc) {
            a->games = bench_arg_int("ttt_soak", "--games", argv[++i], 1, INT_MAX);
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            a->seed = bench_arg_seed("ttt_soak", "--seed", argv[++i]);
        } else if (strcmp(argv[i], "--max-depth") == 0 && i + 1 < argc) {
            a->max_depth = bench_arg_int("ttt_soak", "--max-depth", argv[++i], 1, TTT_MAX_SQUARES);
        } else {
            return 1;
        }
    }
    return 0;
}

static void report(const soak *s, double seconds)
{
    double gps = (double)s->args.games / seconds, mps = (double)s->moves / seconds;
    if (s->args.json) {
        printf("{\"games\": %ld, \"seed\": %" PRIu64 ", \"max_depth\": %d, \"moves\": %ld, "
               "\"illegal_tries\": %ld, \"seconds\": %.3f, \"games_per_second\": %.1f, "
               "\"moves_per_second\": %.1f, \"violations\": %ld, \"by_size\": [",
               s->args.games, s->args.seed, s->args.max_depth, s->moves, s->illegal_tries, seconds,
               gps, mps, s->violations);
        for (int z = 0; z < SIZE_COUNT; z++) {
            printf("%s{\"size\": %d, \"k\": %d, \"pairings\": [", z ? ", " : "", SIZES[z][0],
                   SIZES[z][1]);
            for (int p = 0; p < PAIRING_COUNT; p++) {
                int xa, oa;
                agents_of(p, &xa, &oa);
                const tally *t = &s->by[z][p];
                printf("%s{\"x\": \"%s\", \"o\": \"%s\", \"games\": %ld, \"x_wins\": %ld, "
                       "\"o_wins\": %ld, \"draws\": %ld}",
                       p ? ", " : "", agent_name(xa), agent_name(oa), t->games, t->x_wins,
                       t->o_wins, t->draws);
            }
            printf("]}");
        }
        printf("]}\n");
        return;
    }
    printf("ttt_soak: %ld games, %ld moves in %.1f s: %.0f games/s, %.0f moves/s "
           "(seed %" PRIu64 ", AI depth limit %d above 3x3)\n",
           s->args.games, s->moves, seconds, gps, mps, s->args.seed, s->args.max_depth);
    printf("%-6s %-12s %-12s %9s %7s %7s %7s\n", "board", "X", "O", "games", "X won", "O won",
           "drawn");
    for (int z = 0; z < SIZE_COUNT; z++)
        for (int p = 0; p < PAIRING_COUNT; p++) {
            int xa, oa;
            agents_of(p, &xa, &oa);
            const tally *t = &s->by[z][p];
            if (!t->games) continue;
            char board[16];
            snprintf(board, sizeof board, "%dx%d/%d", SIZES[z][0], SIZES[z][0], SIZES[z][1]);
            printf("%-6s %-12s %-12s %9ld %6.1f%% %6.1f%% %6.1f%%\n", board, agent_name(xa),
                   agent_name(oa), t->games, 100.0 * (double)t->x_wins / (double)t->games,
                   100.0 * (double)t->o_wins / (double)t->games,
                   100.0 * (double)t->draws / (double)t->games);
        }
    printf("illegal moves tried and refused: %ld\n", s->illegal_tries);
    printf("invariant violations: %ld\n", s->violations);
}

int main(int argc, char **argv)
{
    static soak s; /* the tallies are large-ish; keep them off the stack */
    if (parse_args(argc, argv, &s.args) != 0) {
        fprintf(stderr,
                "usage: ttt_soak [--games N] [--seed S] [--max-depth D] [--json] [--quiet]\n");
        return 2;
    }
    s.rng = game_rng_seeded(s.args.seed);

    ttt_game *games[SIZE_COUNT];
    for (int z = 0; z < SIZE_COUNT; z++)
        bench_check(ttt_game_new(SIZES[z][0], SIZES[z][1], TTT_PLAYER_X, NULL, &games[z]),
                    "ttt_game_new");

    double start = bench_now_us();
    for (long i = 0; i < s.args.games; i++) {
        int z = (int)(i % SIZE_COUNT);
        int pairing = (int)(i / SIZE_COUNT % PAIRING_COUNT);
        /* ttt_game_start_next alternates the first player, so both sides open. */
        ttt_game_start_next(games[z]);
        ttt_state end = play(&s, i, games[z], pairing);
        tally *t = &s.by[z][pairing];
        t->games++;
        t->x_wins += end == TTT_STATE_X_WON;
        t->o_wins += end == TTT_STATE_O_WON;
        t->draws += end == TTT_STATE_DRAW;
        if (!s.args.quiet && (i + 1) % PROGRESS_EVERY == 0)
            fprintf(stderr, "ttt_soak: %ld games, %.0f s, %ld violations\n", i + 1,
                    (bench_now_us() - start) / 1e6, s.violations);
    }
    double seconds = (bench_now_us() - start) / 1e6;
    for (int z = 0; z < SIZE_COUNT; z++)
        ttt_game_free(games[z]);
    report(&s, seconds > 0 ? seconds : 1e-9);
    return s.violations ? 1 : 0;
}
