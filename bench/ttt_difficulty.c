/*
 * ttt_difficulty.c - the difficulty table (issue 3): every preset and the
 * three simple agents play at least 1,000 games against the random agent,
 * the rule-based agent and the perfect AI, as X and as O, and the table
 * shows their win / draw / loss percentages. The presets in ai.c were
 * chosen from this table; --sweep prints the same figures for a range of
 * mistake probabilities, which is how they were chosen.
 *
 *   ttt_difficulty [--json] [--games N] [--size N] [--sweep]
 *
 * Seeds are fixed, so a run is reproducible.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#define GAMES_DEFAULT 1000
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
} tally;

static player preset_player(ttt_difficulty d)
{
    player p;
    ttt_ai_options_init(&p.opts);
    bench_check(ttt_ai_options_preset(&p.opts, d), "ttt_ai_options_preset");
    snprintf(p.name, sizeof p.name, "%s", ttt_difficulty_name(d));
    return p;
}

static player agent_player(ttt_agent a)
{
    player p;
    ttt_ai_options_init(&p.opts);
    p.opts.agent = a;
    snprintf(p.name, sizeof p.name, "%s", ttt_agent_name(a));
    return p;
}

static player perfect_player(void)
{
    player p = preset_player(TTT_DIFFICULTY_UNBEATABLE);
    snprintf(p.name, sizeof p.name, "perfect");
    return p;
}

/* One game on an n x n board (default k); returns the winner. */
static ttt_player play(int n, const player *x, const player *o, uint64_t seed)
{
    int k = ttt_default_k(n);
    ttt_game *g = NULL;
    bench_check(ttt_game_new(&g, n, k, TTT_PLAYER_X), "ttt_game_new");
    ttt_ai_options ox = x->opts, oo = o->opts;
    ttt_state s = TTT_STATE_X_TO_MOVE;
    for (uint64_t ply = 0; s == TTT_STATE_X_TO_MOVE || s == TTT_STATE_O_TO_MOVE; ply++) {
        ttt_ai_options *opts = s == TTT_STATE_X_TO_MOVE ? &ox : &oo;
        /* Distinct, reproducible seeds for every move of every game. */
        opts->seed = seed * 0x100000001B3u + ply;
        ttt_ai_result r;
        bench_check(ttt_ai_move(g, opts, &r), "ttt_ai_move");
        bench_check(ttt_game_move(g, r.move.row, r.move.col, NULL), "ttt_game_move");
        s = ttt_game_state(g);
    }
    ttt_player w = ttt_game_winner(g);
    ttt_game_free(g);
    return w;
}

/* `games` games of `p` against `opp`, p playing `side`. */
static tally match(int n, const player *p, const player *opp, ttt_player side, int games,
                   uint64_t seed)
{
    tally t = {0, 0, 0};
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
    int json, games, size, sweep;
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

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ttt_difficulty [--json] [--games N] [--size N] [--sweep]\n"
            "  --json     one JSON object instead of the table\n"
            "  --games N  games per pairing and side (default %d)\n"
            "  --size N   board size 3..8 with its default k (default 3)\n"
            "  --sweep    mistake probabilities from 0 to 1 instead of the presets\n",
            GAMES_DEFAULT);
}

int main(int argc, char **argv)
{
    config cfg = {0, GAMES_DEFAULT, 3, 0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) {
            cfg.json = 1;
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
    if (cfg.games <= 0 || cfg.size < TTT_MIN_SIZE || cfg.size > TTT_MAX_SIZE) {
        usage(stderr);
        return EXIT_FAILURE;
    }
    player opps[3] = {agent_player(TTT_AGENT_RANDOM), agent_player(TTT_AGENT_RULES),
                      perfect_player()};
    player players[sizeof SWEEP_P / sizeof SWEEP_P[0]];
    int np = 0;
    if (cfg.sweep) {
        for (size_t i = 0; i < sizeof SWEEP_P / sizeof SWEEP_P[0]; i++) {
            players[np] = perfect_player();
            players[np].opts.mistake_probability = SWEEP_P[i];
            snprintf(players[np].name, sizeof players[np].name, "p=%.2f", SWEEP_P[i]);
            np++;
        }
    } else {
        for (int d = 0; d < TTT_DIFFICULTY_COUNT; d++)
            players[np++] = preset_player((ttt_difficulty)d);
        players[np++] = agent_player(TTT_AGENT_RANDOM);
        players[np++] = agent_player(TTT_AGENT_FIRST_FREE);
        players[np++] = agent_player(TTT_AGENT_RULES);
    }
    run_table(&cfg, players, np, opps, 3);
    return EXIT_SUCCESS;
}
