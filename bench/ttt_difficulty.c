/*
 * ttt_difficulty.c - the difficulty table (issue 3): every preset and the
 * three simple agents play at least 1,000 games against the random agent,
 * the rule-based agent and the perfect AI, as X and as O, and the table
 * shows their win / draw / loss percentages. The presets in ai.c were
 * chosen from this table; --sweep prints the same figures for a range of
 * mistake probabilities, which is how they were chosen.
 *
 * --ladder plays the pairings issue 11 asks about on the big boards:
 * Unbeatable against each preset and the threat agent, each preset against
 * the one below, the threat agent against Medium, and Unbeatable against
 * itself, with a time limit per move (--time, default 100 ms), each side of
 * each pairing from its own context as the desktop game's worker does.
 * The limit is counted in the searching thread's CPU time (the engine's
 * cpu_clock knob, as ttt_frame does), so a busy machine gives every move
 * the same search and the figures do not depend on the load.
 *
 *   ttt_difficulty [--json] [--games N] [--size N] [--sweep]
 *   ttt_difficulty --ladder [--json] [--games N] [--size N] [--time MS]
 *
 * Seeds are fixed, so a run is reproducible.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ai_internal.h"
#include "bench_util.h"
#include "board_defaults.h"

#define GAMES_DEFAULT 1000
/* --ladder: games per colour and pairing, and the time limit of a move. */
#define LADDER_GAMES_DEFAULT 100
#define LADDER_TIME_MS_DEFAULT 100
#define SEED_BASE 0x5EED0000u
/* Mistake probabilities shown by --sweep. */
static const double SWEEP_P[] = {0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3,
                                 0.4, 0.5,  0.6,  0.7, 0.8,  0.9, 1.0};

/* A player: a name and its options. */
typedef struct player {
    char name[32];
    ttt_ai_options opts;
} player;

typedef struct tally {
    int win, draw, loss;
    /* --ladder: losses as O on a board the first player wins
     * (ttt_board_value()), lost from the first move against perfect play:
     * they count in `loss` but not against "no loss". */
    int lost_won_board;
} tally;

/* A named level, with its preset for n x n boards (default k). */
static player preset_player(ttt_difficulty d, int n)
{
    player p;
    TTT_INIT(&p.opts);
    bench_check(ttt_ai_options_preset(&p.opts, d, n, board_default_k(n)), "ttt_ai_options_preset");
    snprintf(p.name, sizeof p.name, "%s", ttt_difficulty_name(d));
    return p;
}

static player agent_player(ttt_agent a)
{
    player p;
    TTT_INIT(&p.opts);
    p.opts.agent = a;
    snprintf(p.name, sizeof p.name, "%s", ttt_agent_name(a));
    return p;
}

static player perfect_player(int n)
{
    player p = preset_player(TTT_DIFFICULTY_UNBEATABLE, n);
    snprintf(p.name, sizeof p.name, "perfect");
    return p;
}

/* One game on an n x n board (default k); returns the winner. `ctx`, when
 * not NULL, holds a context for X and one for O. When `report` is X or O
 * and that side wins, the game's moves go to stderr (row,col from 0), so a
 * lost game can be replayed and analysed. */
static ttt_player play_with(int n, const player *x, const player *o, uint64_t seed,
                            ttt_ai_context *const *ctx, ttt_player report)
{
    ttt_pos moves[TTT_MAX_SQUARES];
    int count = 0;
    int k = board_default_k(n);
    ttt_game *g = NULL;
    bench_check(ttt_game_new(n, k, TTT_PLAYER_X, NULL, &g), "ttt_game_new");
    ttt_ai_options ox = x->opts, oo = o->opts;
    ttt_state s = TTT_STATE_X_TO_MOVE;
    for (uint64_t ply = 0; s == TTT_STATE_X_TO_MOVE || s == TTT_STATE_O_TO_MOVE; ply++) {
        int side = s == TTT_STATE_X_TO_MOVE ? 0 : 1;
        ttt_ai_options *opts = side == 0 ? &ox : &oo;
        /* Distinct, reproducible seeds for every move of every game. */
        opts->seed = seed * 0x100000001B3u + ply;
        ttt_ai_result r;
        TTT_INIT(&r);
        /* A deadline counts the thread's CPU time, not the wall clock. */
        ai_knobs knobs = {0, false, 0, 0, true};
        bench_check(ttt__ai_move_knobs(ctx ? ctx[side] : NULL, g, opts, &knobs, &r), "ttt_ai_move");
        bench_check(ttt_game_move(g, r.move, NULL), "ttt_game_move");
        if (count < TTT_MAX_SQUARES) moves[count++] = r.move;
        s = ttt_game_state(g);
    }
    ttt_player w = ttt_game_winner(g);
    if (report != TTT_PLAYER_NONE && w == report) {
        fprintf(stderr, "%dx%d: %s (X) against %s (O), seed %llu, %s won:", n, n, x->name, o->name,
                (unsigned long long)seed, w == TTT_PLAYER_X ? "X" : "O");
        for (int i = 0; i < count; i++)
            fprintf(stderr, " %d,%d", moves[i].row, moves[i].col);
        fprintf(stderr, "\n");
    }
    ttt_game_free(g);
    return w;
}

static ttt_player play(int n, const player *x, const player *o, uint64_t seed)
{
    return play_with(n, x, o, seed, NULL, TTT_PLAYER_NONE);
}

/* `games` games of `p` against `opp`, p playing `side`. */
static tally match(int n, const player *p, const player *opp, ttt_player side, int games,
                   uint64_t seed)
{
    tally t = {0, 0, 0, 0};
    for (int i = 0; i < games; i++) {
        uint64_t s = seed + (uint64_t)i;
        ttt_player w = side == TTT_PLAYER_X ? play(n, p, opp, s) : play(n, opp, p, s);
        if (w == TTT_PLAYER_NONE)
            t.draw++;
        else if (w == side)
            t.win++;
        else
            t.loss++;
    }
    return t;
}

static double pct(int x, int games)
{
    return 100.0 * x / games;
}

typedef struct config {
    int json, games, size, sweep, ladder, time_ms, rung;
} config;

static void run_table(const config *cfg, const player *players, int np, const player *opps, int no)
{
    static const ttt_player SIDES[2] = {TTT_PLAYER_X, TTT_PLAYER_O};
    if (cfg->json) {
        printf("{\"games\": %d, \"size\": %d, \"rows\": [", cfg->games, cfg->size);
    } else {
        printf("Difficulty table: %d games per pairing on %dx%d; win / draw / loss %% of the "
               "player\n\n",
               cfg->games, cfg->size, cfg->size);
        printf("%-16s", "player");
        for (int j = 0; j < no; j++)
            for (int s = 0; s < 2; s++) {
                char h[64];
                snprintf(h, sizeof h, "vs %.20s as %c", opps[j].name, s ? 'O' : 'X');
                printf(" | %-17s", h);
            }
        printf("\n");
    }
    int first = 1;
    for (int i = 0; i < np; i++) {
        if (!cfg->json) printf("%-16s", players[i].name);
        for (int j = 0; j < no; j++) {
            for (int s = 0; s < 2; s++) {
                /* The same seeds for every player: differences between rows
                 * are then the players', not the dice's. */
                uint64_t seed = SEED_BASE + (uint64_t)(j * 2 + s) * 1000003u;
                tally t = match(cfg->size, &players[i], &opps[j], SIDES[s], cfg->games, seed);
                if (cfg->json) {
                    printf("%s{\"player\": \"%s\", \"p\": %.3f, \"opponent\": \"%s\", \"as\": "
                           "\"%c\", \"win\": %.1f, \"draw\": %.1f, \"loss\": %.1f}",
                           first ? "" : ", ", players[i].name, players[i].opts.mistake_probability,
                           opps[j].name, s ? 'O' : 'X', pct(t.win, cfg->games),
                           pct(t.draw, cfg->games), pct(t.loss, cfg->games));
                    first = 0;
                } else {
                    printf(" | %5.1f %5.1f %5.1f", pct(t.win, cfg->games), pct(t.draw, cfg->games),
                           pct(t.loss, cfg->games));
                }
                fflush(stdout);
            }
        }
        if (!cfg->json) printf("\n");
    }
    printf(cfg->json ? "]}\n" : "\n");
}

/* What issue 11 requires of a rung (bits). */
#define NEED_NO_LOSS 1u      /* the first player loses no game */
#define NEED_SCORE_65 2u     /* the first player scores at least 65% */
#define NEED_LOSS_PER_100 4u /* the first player loses at most 1 game in 100 */

/* One rung of the ladder: `a` plays `b`, `games` games with each colour
 * (or, when `only_as_o`, all as O), and what is required of it. */
typedef struct rung {
    player a, b;
    int only_as_o;
    unsigned need;
} rung;

static player timed(player p, int time_ms)
{
    p.opts.deadline_ms = time_ms;
    return p;
}

/* The games of one rung, both colours (or only as O), player a's tally. */
static tally play_rung(const config *cfg, const rung *r, int index, ttt_ai_context *const *ctx)
{
    tally sum = {0, 0, 0, 0};
    ttt_outcome value = TTT_OUTCOME_UNKNOWN;
    int won_board =
        ttt_board_value(cfg->size, board_default_k(cfg->size), &value, NULL) == TTT_OK &&
        value == TTT_OUTCOME_WIN;
    for (int side = r->only_as_o ? 1 : 0; side < 2; side++) {
        for (int g = 0; g < cfg->games; g++) {
            uint64_t seed =
                SEED_BASE + (uint64_t)index * 1000003u + (uint64_t)side * 7919u + (uint64_t)g;
            ttt_player mine = side == 0 ? TTT_PLAYER_X : TTT_PLAYER_O;
            /* A lost game that breaks a requirement is printed. */
            ttt_player theirs = TTT_PLAYER_NONE;
            if (r->need & (NEED_NO_LOSS | NEED_LOSS_PER_100)) theirs = ttt_player_other(mine);
            ttt_player w = side == 0 ? play_with(cfg->size, &r->a, &r->b, seed, ctx, theirs)
                                     : play_with(cfg->size, &r->b, &r->a, seed, ctx, theirs);
            if (w == TTT_PLAYER_NONE)
                sum.draw++;
            else if (w == mine)
                sum.win++;
            else
                sum.loss++;
            sum.lost_won_board += won_board && side == 1 && w == TTT_PLAYER_X;
        }
    }
    return sum;
}

/* Whether a rung's tally meets its requirements, which are written into
 * `need` (64 bytes) for the table. */
static int judge_rung(const rung *r, const tally *sum, double score, char *need)
{
    int games = sum->win + sum->draw + sum->loss, ok = 1;
    need[0] = '\0';
    if (r->need & NEED_NO_LOSS) {
        strcat(need, "no loss ");
        ok &= sum->loss == sum->lost_won_board;
    }
    if (r->need & NEED_SCORE_65) {
        strcat(need, ">= 65% ");
        ok &= score >= 65.0;
    }
    if (r->need & NEED_LOSS_PER_100) {
        strcat(need, "<= 1 loss per 100 ");
        ok &= (sum->loss - sum->lost_won_board) * 100 <= games;
    }
    if (need[0]) need[strlen(need) - 1] = '\0';
    return ok;
}

static int run_ladder(const config *cfg)
{
    int t = cfg->time_ms;
    player unbeatable = timed(preset_player(TTT_DIFFICULTY_UNBEATABLE, cfg->size), t);
    player hard = timed(preset_player(TTT_DIFFICULTY_HARD, cfg->size), t);
    player medium = timed(preset_player(TTT_DIFFICULTY_MEDIUM, cfg->size), t);
    player easy = timed(preset_player(TTT_DIFFICULTY_EASY, cfg->size), t);
    player threat = agent_player(TTT_AGENT_THREAT);
    const rung rungs[] = {
        {unbeatable, hard, 0, NEED_NO_LOSS | NEED_SCORE_65},
        {unbeatable, medium, 0, NEED_NO_LOSS},
        {unbeatable, easy, 0, NEED_NO_LOSS},
        {unbeatable, threat, 0, NEED_NO_LOSS},
        {unbeatable, unbeatable, 1, NEED_LOSS_PER_100},
        {hard, medium, 0, NEED_SCORE_65},
        {medium, easy, 0, NEED_SCORE_65},
        {hard, threat, 0, 0},
    };
    int nr = (int)(sizeof rungs / sizeof rungs[0]);
    ttt_ai_context *ctx[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++)
        if (!(ctx[i] = ttt_ai_context_new(NULL, 0)))
            bench_check(TTT_ERR_NOMEM, "ttt_ai_context_new");
    int n = cfg->size, k = board_default_k(n), failures = 0, printed = 0;
    if (cfg->json)
        printf("{\"size\": %d, \"k\": %d, \"time_ms\": %d, \"clock\": \"thread cpu\", "
               "\"games\": %d, \"rungs\": [",
               n, k, t, cfg->games);
    else
        printf("Ladder on %dx%d, k = %d: %d games per colour and pairing, %d ms of thread CPU "
               "a move\n"
               "(score: a win 1, a draw 1/2, of the first player's games)\n\n"
               "  player       opponent     as   games   wins  draws losses   score  required\n",
               n, n, k, cfg->games, t);
    for (int i = 0; i < nr; i++) {
        const rung *r = &rungs[i];
        if (cfg->rung && cfg->rung != i + 1) continue;
        tally sum = play_rung(cfg, r, i, ctx);
        int games = sum.win + sum.draw + sum.loss;
        double score = 100.0 * (sum.win + 0.5 * sum.draw) / games;
        char need[64] = "";
        int ok = judge_rung(r, &sum, score, need);
        failures += !ok;
        if (cfg->json)
            printf("%s{\"player\": \"%s\", \"opponent\": \"%s\", \"as\": \"%s\", \"games\": %d, "
                   "\"win\": %d, \"draw\": %d, \"loss\": %d, \"lost_as_o_on_won_board\": %d, "
                   "\"score\": %.1f, \"required\": \"%s\", \"met\": %s}",
                   printed++ ? ", " : "", r->a.name, r->b.name, r->only_as_o ? "O" : "both", games,
                   sum.win, sum.draw, sum.loss, sum.lost_won_board, score, need,
                   ok ? "true" : "false");
        else
            printf("  %-12s %-12s %-4s %5d  %5d  %5d  %5d  %5.1f%%  %s%s\n", r->a.name, r->b.name,
                   r->only_as_o ? "O" : "both", games, sum.win, sum.draw, sum.loss, score, need,
                   ok ? "" : "  NOT MET");
        if (!cfg->json && sum.lost_won_board && (r->need & (NEED_NO_LOSS | NEED_LOSS_PER_100)))
            printf("  (%d of the losses as O on a first-player win: not held against it)\n",
                   sum.lost_won_board);
        fflush(stdout);
    }
    if (cfg->json)
        printf("], \"met\": %s}\n", failures ? "false" : "true");
    else
        printf("\n%s\n", failures ? "Some requirements were not met." : "Every requirement met.");
    for (int i = 0; i < 2; i++)
        ttt_ai_context_free(ctx[i]);
    return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ttt_difficulty [--json] [--games N] [--size N] [--sweep]\n"
            "       ttt_difficulty --ladder [--json] [--games N] [--size N] [--time MS]\n"
            "  --json     one JSON object instead of the table\n"
            "  --games N  games per pairing and side (default %d; %d with --ladder)\n"
            "  --size N   board size 3..8 with its default k (default 3)\n"
            "  --sweep    mistake probabilities from 0 to 1 instead of the presets\n"
            "  --ladder   Unbeatable against every preset, the threat agent and itself,\n"
            "             each preset against the one below (exit status 1 when a\n"
            "             requirement of issue 11 is not met)\n"
            "  --time MS  time limit of a move on boards above 4x4, in the thread's\n"
            "             CPU time (default %d)\n"
            "  --rung I   play only the I-th pairing of the ladder (from 1)\n",
            GAMES_DEFAULT, LADDER_GAMES_DEFAULT, LADDER_TIME_MS_DEFAULT);
}

int main(int argc, char **argv)
{
    config cfg = {0, 0, 3, 0, 0, LADDER_TIME_MS_DEFAULT, 0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) {
            cfg.json = 1;
        } else if (!strcmp(argv[i], "--ladder")) {
            cfg.ladder = 1;
        } else if (!strcmp(argv[i], "--rung") && i + 1 < argc) {
            cfg.rung = bench_arg_int("ttt_difficulty", "--rung", argv[++i], 1, 99);
        } else if (!strcmp(argv[i], "--time") && i + 1 < argc) {
            cfg.time_ms = bench_arg_int("ttt_difficulty", "--time", argv[++i], 1, 600000);
        } else if (!strcmp(argv[i], "--sweep")) {
            cfg.sweep = 1;
        } else if (!strcmp(argv[i], "--games") && i + 1 < argc) {
            cfg.games = bench_arg_int("ttt_difficulty", "--games", argv[++i], 1, INT_MAX);
        } else if (!strcmp(argv[i], "--size") && i + 1 < argc) {
            cfg.size =
                bench_arg_int("ttt_difficulty", "--size", argv[++i], TTT_MIN_SIZE, TTT_MAX_SIZE);
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return EXIT_SUCCESS;
        } else {
            usage(stderr);
            return EXIT_FAILURE;
        }
    }
    if (cfg.games == 0) cfg.games = cfg.ladder ? LADDER_GAMES_DEFAULT : GAMES_DEFAULT;
    if (cfg.size < TTT_MIN_SIZE || cfg.size > TTT_MAX_SIZE) {
        usage(stderr);
        return EXIT_FAILURE;
    }
    if (cfg.ladder) return run_ladder(&cfg);
    player opps[3] = {agent_player(TTT_AGENT_RANDOM), agent_player(TTT_AGENT_RULES),
                      perfect_player(cfg.size)};
    player players[sizeof SWEEP_P / sizeof SWEEP_P[0]];
    int np = 0;
    if (cfg.sweep) {
        for (size_t i = 0; i < sizeof SWEEP_P / sizeof SWEEP_P[0]; i++) {
            players[np] = perfect_player(cfg.size);
            players[np].opts.mistake_probability = SWEEP_P[i];
            snprintf(players[np].name, sizeof players[np].name, "p=%.2f", SWEEP_P[i]);
            np++;
        }
    } else {
        /* Every level the library has, leaving room for the four agents. */
        int room = (int)(sizeof players / sizeof players[0]) - 4;
        for (int d = 0; d < ttt_difficulty_count() && np < room; d++)
            players[np++] = preset_player((ttt_difficulty)d, cfg.size);
        players[np++] = agent_player(TTT_AGENT_RANDOM);
        players[np++] = agent_player(TTT_AGENT_FIRST_FREE);
        players[np++] = agent_player(TTT_AGENT_RULES);
        players[np++] = agent_player(TTT_AGENT_THREAT);
    }
    run_table(&cfg, players, np, opps, 3);
    return EXIT_SUCCESS;
}
