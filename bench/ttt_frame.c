/*
 * ttt_frame.c - Unbeatable within one frame (issue 29, item 1): the
 * perfect player with a deadline of 16 ms of its thread's CPU time a move
 * (one 60 Hz frame; the deadline is counted in the searching thread's CPU
 * time, so the other work of a busy machine does not shorten it), in
 * self-play and against the threat agent (as X and as O), on every board
 * the game offers or the ones asked for. Per board: the slowest move in
 * CPU time and in wall time, the median, the share of moves decided by a
 * proof rather than by the heuristic search, and the losing moves: a move
 * not proven at the deadline that a deeper, node-budgeted search proves
 * lost, from a position the same search proves held (a drawn or won
 * position turned into a lost one). Each losing move is printed to stderr
 * as the game's moves up to it, ready for tests/ai. "Games lost" leaves
 * out the second player's games on the boards that are a first-player win
 * (ttt_board_value()): those are lost from its first move.
 *
 * With --ponder MS the run is made twice in the same process, first
 * without and then with pondering: before each of its moves that follows
 * an opponent's move, the Unbeatable side first ponders the position the
 * opponent moved from (ttt_ai_ponder()) for MS ms of CPU time, as the
 * desktop game does while a person thinks. The two runs use the same
 * seeds, so their figures compare within one run of the machine. With
 * --ponder-only only the second run is made (the same seeds: a long run's
 * two passes can go to two processes).
 *
 *   ttt_frame [--json] [--games N] [--deadline MS] [--board N:K]...
 *             [--check-nodes N] [--ponder MS [--ponder-only]] [--seed S]
 *
 * Without --board: every board from 4x4 to 8x8 with k from 3 to n.
 */
#include <stdlib.h>
#include <string.h>

#include "ai_internal.h"
#include "bench_util.h"

#define GAMES_DEFAULT 4
#define DEADLINE_MS_DEFAULT 16
#define CHECK_NODES_DEFAULT 200000
#define MAX_BOARDS 32
#define MAX_MOVES (TTT_MAX_SQUARES * 4)

static const char *const PROGRAM = "ttt_frame";

typedef struct board_spec {
    int size, k;
} board_spec;

typedef struct config {
    board_spec boards[MAX_BOARDS];
    int nboards;
    int games;
    int deadline_ms;
    int ponder_ms;
    int ponder_only; /* --ponder-only: the pass with pondering alone */
    uint64_t check_nodes;
    uint64_t seed;
    int json;
} config;

/* What one run over one board measured. */
typedef struct board_figures {
    int moves, proven, safe, stopped;
    double *cpu, *wall; /* per Unbeatable move, microseconds */
    int losses, unclear, checked;
    int games, x_wins, draws, o_wins;
    int ai_games_lost;
    double ponder_cpu_us; /* total CPU time of the ponders */
    int ponders, ponder_settled;
} board_figures;

/* A pairing: who plays X and who plays O (1: Unbeatable, 0: the threat agent). */
typedef struct pairing {
    int x_ai, o_ai;
    const char *name;
} pairing;

static const pairing PAIRINGS[] = {
    {1, 1, "self-play"},
    {1, 0, "vs threat (as X)"},
    {0, 1, "vs threat (as O)"},
};
#define NPAIRINGS ((int)(sizeof PAIRINGS / sizeof PAIRINGS[0]))

static void print_record(const ttt_game *g, const char *what)
{
    ttt_pos moves[TTT_MAX_SQUARES];
    int n = 0;
    bench_check(ttt_game_history(g, moves, TTT_MAX_SQUARES, &n), "ttt_game_history");
    fprintf(stderr, "%s (%dx%d k=%d):", what, ttt_game_size(g), ttt_game_size(g), ttt_game_k(g));
    for (int i = 0; i < n; i++)
        fprintf(stderr, " %d,%d", moves[i].row, moves[i].col);
    fprintf(stderr, "\n");
}

/* A perfect move with a node budget (the checker's): its result. */
static ttt_ai_result checked_move(ttt_ai_context *chk, const ttt_game *g, uint64_t nodes)
{
    ttt_ai_options o;
    TTT_INIT(&o);
    ai_knobs k = {0, false, 0, nodes, false};
    ttt_ai_result r;
    TTT_INIT(&r);
    bench_check(ttt__ai_move_knobs(chk, g, &o, &k, &r), "ttt_ai_move (check)");
    return r;
}

/* Whether the move just played in `after` (from `before`) lost a position
 * that could be held: 1 a loss, 0 not, -1 unclear (the checker proved the
 * move lost but not that the position before could be held). */
static int losing_move(ttt_ai_context *chk, const ttt_game *before, const ttt_game *after,
                       uint64_t nodes)
{
    if (ttt_game_over(after)) return 0;
    ttt_ai_result r = checked_move(chk, after, nodes);
    if (!r.proven || r.outcome != TTT_OUTCOME_WIN) return 0; /* the opponent has no proven win */
    ttt_ai_result b = checked_move(chk, before, nodes);
    if (b.proven && b.outcome == TTT_OUTCOME_LOSS) return 0; /* already lost */
    return b.proven ? 1 : -1;
}

static void play_board(const config *cfg, board_spec bs, int ponder_ms, board_figures *f)
{
    ttt_ai_context *ctx[2], *chk = ttt_ai_context_new(NULL, 0);
    if (!chk) bench_check(TTT_ERR_NOMEM, "ttt_ai_context_new");
    for (int p = 0; p < NPAIRINGS; p++) {
        for (int gi = 0; gi < cfg->games; gi++) {
            for (int s = 0; s < 2; s++) {
                ctx[s] = ttt_ai_context_new(NULL, 0);
                if (!ctx[s]) bench_check(TTT_ERR_NOMEM, "ttt_ai_context_new");
                bench_check(ttt_ai_context_reserve(ctx[s], bs.size, bs.k), "reserve");
            }
            ttt_game *g = NULL, *prev = NULL;
            bench_check(ttt_game_new(bs.size, bs.k, TTT_PLAYER_X, NULL, &g), "ttt_game_new");
            uint64_t seed = cfg->seed + (uint64_t)(p * 1000 + gi);
            while (!ttt_game_over(g)) {
                int side = ttt_game_turn(g) == TTT_PLAYER_X ? 0 : 1;
                int ai = side == 0 ? PAIRINGS[p].x_ai : PAIRINGS[p].o_ai;
                ttt_ai_options o;
                TTT_INIT(&o);
                o.seed = seed + (uint64_t)ttt_game_move_count(g) * 7919u;
                ttt_ai_result r;
                TTT_INIT(&r);
                if (!ai) {
                    o.agent = TTT_AGENT_THREAT;
                    bench_check(ttt_ai_move(NULL, g, &o, &r), "ttt_ai_move (threat)");
                } else {
                    if (ponder_ms > 0 && prev) { /* the opponent's thinking time */
                        ttt_ai_options po;
                        TTT_INIT(&po);
                        po.deadline_ms = ponder_ms;
                        ai_knobs pk = {0, false, 0, 0, true};
                        ttt_ponder_result pr;
                        TTT_INIT(&pr);
                        double c0 = bench_cpu_us();
                        bench_check(ttt__ai_ponder_knobs(ctx[side], prev, &po, &pk, &pr),
                                    "ttt_ai_ponder");
                        f->ponder_cpu_us += bench_cpu_us() - c0;
                        f->ponders++;
                        f->ponder_settled += pr.settled;
                    }
                    o.deadline_ms = cfg->deadline_ms;
                    ai_knobs k = {0, false, 0, 0, true};
                    double c0 = bench_cpu_us(), w0 = bench_now_us();
                    bench_check(ttt__ai_move_knobs(ctx[side], g, &o, &k, &r), "ttt_ai_move");
                    f->cpu[f->moves] = bench_cpu_us() - c0;
                    f->wall[f->moves] = bench_now_us() - w0;
                    f->moves++;
                    f->proven += r.proven;
                    f->safe += r.safe;
                    f->stopped += r.stopped;
                }
                if (prev) ttt_game_free(prev);
                bench_check(ttt_game_clone(g, &prev), "ttt_game_clone");
                bench_check(ttt_game_move(g, r.move, NULL), "ttt_game_move");
                if (ai && !r.safe && cfg->check_nodes) {
                    f->checked++;
                    int lost = losing_move(chk, prev, g, cfg->check_nodes);
                    if (lost) {
                        if (lost > 0)
                            f->losses++;
                        else
                            f->unclear++;
                        print_record(g, lost > 0 ? "losing move" : "move proven lost (held?)");
                    }
                }
            }
            ttt_player w = ttt_game_winner(g);
            f->games++;
            f->x_wins += w == TTT_PLAYER_X;
            f->o_wins += w == TTT_PLAYER_O;
            f->draws += w == TTT_PLAYER_NONE;
            int ai_lost =
                (w == TTT_PLAYER_X && PAIRINGS[p].o_ai) || (w == TTT_PLAYER_O && PAIRINGS[p].x_ai);
            /* On a first-player win the second player is lost from the
             * start: its games lost are the board's value, not a fault. */
            ttt_outcome value = TTT_OUTCOME_UNKNOWN;
            int plies = 0;
            if (ttt_board_value(bs.size, bs.k, &value, &plies) == TTT_OK &&
                value == TTT_OUTCOME_WIN && w == TTT_PLAYER_X)
                ai_lost = 0;
            if (ai_lost) {
                f->ai_games_lost++;
                print_record(g, "game lost by Unbeatable");
            }
            ttt_game_free(prev);
            ttt_game_free(g);
            ttt_ai_context_free(ctx[0]);
            ttt_ai_context_free(ctx[1]);
        }
    }
    ttt_ai_context_free(chk);
}

static void report(const config *cfg, board_spec bs, int ponder_ms, board_figures *f, int first)
{
    bench_stats cpu = {0, 0, 0, 0}, wall = {0, 0, 0, 0};
    if (f->moves) {
        bench_summarise(f->cpu, f->moves, &cpu);
        bench_summarise(f->wall, f->moves, &wall);
    }
    double proven = f->moves ? 100.0 * f->proven / f->moves : 0.0;
    double safe = f->moves ? 100.0 * f->safe / f->moves : 0.0;
    if (cfg->json) {
        printf("%s\n    {\"size\": %d, \"k\": %d, \"ponder_ms\": %d, \"games\": %d, \"moves\": %d, "
               "\"proven\": %d, \"safe\": %d, \"heuristic\": %d, \"stopped\": %d, \"losses\": %d, "
               "\"unclear\": %d, \"checked\": %d, \"games_lost\": %d, "
               "\"x_draw_o\": [%d, %d, %d], \"ponders\": %d, \"ponders_settled\": %d, "
               "\"ponder_cpu_ms\": %.1f, ",
               first ? "" : ",", bs.size, bs.k, ponder_ms, f->games, f->moves, f->proven, f->safe,
               f->moves - f->safe, f->stopped, f->losses, f->unclear, f->checked, f->ai_games_lost,
               f->x_wins, f->draws, f->o_wins, f->ponders, f->ponder_settled,
               f->ponder_cpu_us / 1000.0);
        bench_json_stats(stdout, "cpu_us", &cpu);
        printf(", ");
        bench_json_stats(stdout, "wall_us", &wall);
        printf("}");
    } else {
        printf("| (%d,%d,%d) | %s | %d | %d | %.1f%% | %.1f%% | %.2f ms | %.2f ms | %.2f ms | %d / "
               "%d / %d | "
               "%d | %d | %d |\n",
               bs.size, bs.size, bs.k, ponder_ms ? "yes" : "no", f->games, f->moves, proven, safe,
               cpu.median / 1000.0, cpu.max / 1000.0, wall.max / 1000.0, f->x_wins, f->draws,
               f->o_wins, f->ai_games_lost, f->losses, f->unclear);
    }
    fflush(stdout);
}

static void usage(void)
{
    fprintf(stderr,
            "usage: %s [--json] [--games N] [--deadline MS] [--board N:K]... "
            "[--check-nodes N] [--ponder MS [--ponder-only]] [--seed S]\n",
            PROGRAM);
    exit(2);
}

int main(int argc, char **argv)
{
    config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.games = GAMES_DEFAULT;
    cfg.deadline_ms = DEADLINE_MS_DEFAULT;
    cfg.check_nodes = CHECK_NODES_DEFAULT;
    cfg.seed = 0x16F0000u;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        if (!strcmp(a, "--json")) {
            cfg.json = 1;
        } else if (!strcmp(a, "--games") && more) {
            cfg.games = bench_arg_int(PROGRAM, a, argv[++i], 1, 100000);
        } else if (!strcmp(a, "--deadline") && more) {
            cfg.deadline_ms = bench_arg_int(PROGRAM, a, argv[++i], 1, 100000);
        } else if (!strcmp(a, "--ponder") && more) {
            cfg.ponder_ms = bench_arg_int(PROGRAM, a, argv[++i], 0, 1000000);
        } else if (!strcmp(a, "--ponder-only")) {
            cfg.ponder_only = 1;
        } else if (!strcmp(a, "--check-nodes") && more) {
            cfg.check_nodes = (uint64_t)bench_arg_int(PROGRAM, a, argv[++i], 0, 2000000000);
        } else if (!strcmp(a, "--seed") && more) {
            cfg.seed = bench_arg_seed(PROGRAM, a, argv[++i]);
        } else if (!strcmp(a, "--board") && more) {
            int n = 0, k = 0;
            char extra;
            if (cfg.nboards == MAX_BOARDS || sscanf(argv[++i], "%d:%d%c", &n, &k, &extra) != 2 ||
                n < 4 || n > TTT_MAX_SIZE || k < 3 || k > n) {
                fprintf(stderr, "%s: --board wants N:K with 4 <= N <= %d and 3 <= K <= N\n",
                        PROGRAM, TTT_MAX_SIZE);
                return 2;
            }
            cfg.boards[cfg.nboards++] = (board_spec){n, k};
        } else {
            usage();
        }
    }
    if (!cfg.nboards)
        for (int n = 4; n <= TTT_MAX_SIZE; n++)
            for (int k = 3; k <= n; k++)
                cfg.boards[cfg.nboards++] = (board_spec){n, k};

    if (cfg.json)
        printf("{\"deadline_ms\": %d, \"clock\": \"thread cpu\", \"games_per_pairing\": %d, "
               "\"check_nodes\": %llu, \"boards\": [",
               cfg.deadline_ms, cfg.games, (unsigned long long)cfg.check_nodes);
    else
        printf("Unbeatable at %d ms of thread CPU a move; %d games per pairing (self-play, vs "
               "threat as X, as O); losses checked with %llu nodes\n\n"
               "| Board | Ponder | Games | Moves | Value proven | Proven safe | Median CPU | "
               "Slowest CPU | Slowest "
               "wall | X / draw / O | Games lost | Losing moves | Unclear |\n"
               "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
               cfg.deadline_ms, cfg.games, (unsigned long long)cfg.check_nodes);
    int first = 1;
    for (int b = 0; b < cfg.nboards; b++) {
        for (int pass = cfg.ponder_ms && cfg.ponder_only; pass < (cfg.ponder_ms ? 2 : 1); pass++) {
            board_figures f;
            memset(&f, 0, sizeof f);
            size_t cap = (size_t)cfg.games * NPAIRINGS * MAX_MOVES;
            f.cpu = malloc(cap * sizeof *f.cpu);
            f.wall = malloc(cap * sizeof *f.wall);
            if (!f.cpu || !f.wall) bench_check(TTT_ERR_NOMEM, "malloc");
            int ponder = pass ? cfg.ponder_ms : 0;
            play_board(&cfg, cfg.boards[b], ponder, &f);
            report(&cfg, cfg.boards[b], ponder, &f, first);
            first = 0;
            free(f.cpu);
            free(f.wall);
        }
    }
    if (cfg.json) printf("\n]}\n");
    return 0;
}
