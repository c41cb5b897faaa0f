/* cli_battle.c - `ttt battle`: N games between two computer players, with
 * the results as counts and percentages. Every move gets its own seed
 * derived from --seed, the game and the ply, so a run can be repeated. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "cli_board.h"
#include "cli_options.h"
#include "cli_signal.h"
#include "clock.h"
#include "i18n.h"
#include "rng.h"

/* Games played unless --games says otherwise. */
#define DEFAULT_GAMES 100
/* Most games accepted: enough for statistics, bounded for time. */
#define MAX_GAMES 1000000
/* Per-move thinking time unless --time says; irrelevant on 3x3. */
#define DEFAULT_THINK_MS 200
/* Longest --time accepted: one minute per move. */
#define MAX_THINK_MS 60000
/* Percent of a whole. */
#define PERCENT 100.0
/* Room for an agent's name as typed. */
#define NAME_MAX_LEN 32
/* Room for a results label: "X (" name ") wins", in any language. */
#define LABEL_MAX_LEN (NAME_MAX_LEN + 64)
/* Least width of the results table's label column, in characters. */
#define LABEL_COLUMN_WIDTH 22
/* Widths of the games and share columns, in characters. */
#define GAMES_COLUMN_WIDTH 8
#define SHARE_COLUMN_WIDTH 7
/* Counter spacing between games in the seed stream: more than any game's plies. */
#define SEED_STRIDE_PER_GAME (TTT_MAX_SQUARES + 1)

static const char BATTLE_HELP[] =
    N_("Usage: ttt battle --x AGENT --o AGENT [OPTIONS]\n"
       "\n"
       "Play N games between two computer players and count the results.\n"
       "\n"
       "Agents: perfect (or unbeatable), easy, medium, hard, random, first-free, rules,\n"
       "threat\n"
       "  perfect     minimax without mistakes (same as 'unbeatable')\n"
       "  easy, medium, hard   minimax with the engine's difficulty presets\n"
       "  random      a random free square\n"
       "  first-free  the first free square, row by row\n"
       "  rules       win if it can, else block, else centre, else a corner\n"
       "  threat      win, else block, else make or block open fours and threes,\n"
       "              else extend its longest line\n"
       "\n"
       "Options:\n"
       "  --x AGENT        the agent playing X (default: perfect)\n"
       "  --o AGENT        the agent playing O (default: random)\n"
       "  --games N        number of games, 1 to 1000000 (default: 100)\n"
       "  --seed S         seed for repeatable runs (default: from the clock; printed)\n"
       "  --size N, --k K  board size and line length, as for 'ttt play'\n"
       "  --o-starts       O moves first in every game\n"
       "  --alternate      the players take turns to move first\n"
       "  --time MS        thinking time per move on large boards (default: 200)\n"
       "  --ponder         each player first thinks on its opponent's time: before\n"
       "                   its move, as long as the opponent took over the last one\n"
       "  -h, --help       show this help\n"
       "\n"
       "Exit status: 0 when all games were played, 2 for bad arguments,\n"
       "130 after Ctrl-C, 1 on other failures.\n");

typedef struct battle_settings {
    int size, k, games, alternate, ponder;
    ttt_player first_player;
    uint64_t seed;
    cli_ai_choice agent[2]; /* [0] plays X, [1] plays O */
    char name[2][NAME_MAX_LEN];
} battle_settings;

/* Results, counted per outcome. */
typedef struct battle_tally {
    int x_wins, o_wins, draws;
} battle_tally;

enum {
    OPT_X,
    OPT_O,
    OPT_GAMES,
    OPT_SEED,
    OPT_SIZE,
    OPT_K,
    OPT_O_STARTS,
    OPT_ALTERNATE,
    OPT_TIME,
    OPT_PONDER,
    OPT_HELP,
    OPT_COUNT
};

static const cli_option BATTLE_OPTIONS[OPT_COUNT] = {
    [OPT_X] = {"x", 0, 1},
    [OPT_O] = {"o", 0, 1},
    [OPT_GAMES] = {"games", 0, 1},
    [OPT_SEED] = {"seed", 0, 1},
    [OPT_SIZE] = CLI_OPTION_SIZE,
    [OPT_K] = CLI_OPTION_K,
    [OPT_O_STARTS] = {"o-starts", 0, 0},
    [OPT_ALTERNATE] = {"alternate", 0, 0},
    [OPT_TIME] = CLI_OPTION_TIME,
    [OPT_PONDER] = {"ponder", 0, 0},
    [OPT_HELP] = {"help", 'h', 0},
};

/* Sets one side's agent from its name. */
static int set_agent(battle_settings *s, int side, const char *option, const char *name)
{
    if (!cli_parse_agent("battle", option, name, &s->agent[side])) return 0;
    snprintf(s->name[side], sizeof s->name[side], "%s", name);
    return 1;
}

/* Parses the command line; CLI_EXIT_OK, -1 for help, or CLI_EXIT_USAGE. */
static int parse_settings(int argc, char **argv, battle_settings *s)
{
    const char *cmd = "battle", *value = NULL;
    int opt;
    cli_shared shared;
    cli_shared_init(&shared, DEFAULT_THINK_MS, MAX_THINK_MS);
    memset(s, 0, sizeof *s);
    s->games = DEFAULT_GAMES;
    s->first_player = TTT_PLAYER_X;
    for (int side = 0; side < 2; side++)
        cli_ai_choice_init(&s->agent[side], TTT_DIFFICULTY_UNBEATABLE);
    s->seed = game_seed_from_clock(); /* unless --seed */
    if (!set_agent(s, 0, "--x", "perfect") || !set_agent(s, 1, "--o", "random"))
        return CLI_EXIT_FAILURE;

    cli_parser p;
    cli_parser_init(&p, argc, argv, cmd);
    while ((opt = cli_parser_next(&p, BATTLE_OPTIONS, OPT_COUNT, &value)) != CLI_ARG_END) {
        switch (opt) {
        case CLI_ARG_ERROR: return CLI_EXIT_USAGE;
        case CLI_ARG_POSITIONAL:
            cli_usage_error(cmd, _("unexpected argument '%s'"), value);
            return CLI_EXIT_USAGE;
        case OPT_HELP: return -1;
        case OPT_X:
            if (!set_agent(s, 0, "--x", value)) return CLI_EXIT_USAGE;
            break;
        case OPT_O:
            if (!set_agent(s, 1, "--o", value)) return CLI_EXIT_USAGE;
            break;
        case OPT_GAMES:
            if (!cli_parse_int(cmd, "--games", value, 1, MAX_GAMES, &s->games))
                return CLI_EXIT_USAGE;
            break;
        case OPT_SEED:
            if (!cli_parse_seed(cmd, "--seed", value, &s->seed)) return CLI_EXIT_USAGE;
            break;
        case OPT_SIZE:
            if (!cli_shared_read(&shared, cmd, CLI_SHARED_SIZE, value)) return CLI_EXIT_USAGE;
            break;
        case OPT_K:
            if (!cli_shared_read(&shared, cmd, CLI_SHARED_K, value)) return CLI_EXIT_USAGE;
            break;
        case OPT_O_STARTS: s->first_player = TTT_PLAYER_O; break;
        case OPT_ALTERNATE: s->alternate = 1; break;
        case OPT_PONDER: s->ponder = 1; break;
        case OPT_TIME:
            if (!cli_shared_read(&shared, cmd, CLI_SHARED_TIME, value)) return CLI_EXIT_USAGE;
            break;
        default: return CLI_EXIT_FAILURE;
        }
    }
    s->size = shared.size;
    int st = cli_shared_k(&shared, cmd, s->size, &s->k);
    if (st != CLI_EXIT_OK) return st;
    for (int side = 0; side < 2; side++) {
        if (!cli_ai_choice_apply(&s->agent[side], s->size, s->k)) return CLI_EXIT_FAILURE;
        s->agent[side].opts.deadline_ms = shared.time_ms;
    }
    return CLI_EXIT_OK;
}

/* Plays one game from the empty board in @p game to its end, or until
 * Ctrl-C (then the game is left unfinished). ai[0] plays X, ai[1] O (the
 * same context unless pondering). With --ponder, before its move a side
 * first ponders (ttt_ai_ponder()) the position its opponent moved from,
 * in @p prev, for as long as the opponent's move took: its thinking on the
 * opponent's time, done one after the other rather than at once. */
static ttt_status play_one(const battle_settings *s, ttt_ai_context *const ai[2], ttt_game *game,
                           ttt_game *prev, int index)
{
    ttt_player turn;
    int ply = 0;
    ttt_status st = TTT_OK;
    uint64_t last_us = 0; /* the last move's thinking time */
    while ((turn = ttt_game_turn(game)) != TTT_PLAYER_NONE) {
        if (cli_signal_interrupted()) return TTT_OK;
        int side = turn == TTT_PLAYER_X ? 0 : 1;
        ttt_ai_options opts = s->agent[side].opts;
        opts.seed = cli_seed_mix(s->seed, (uint64_t)index * SEED_STRIDE_PER_GAME + (uint64_t)ply);
        if (s->ponder && ply > 0) {
            ttt_ai_options ponder = opts;
            ponder.deadline_ms = last_us / 1000u > 0 ? (int)(last_us / 1000u) : 1;
            st = ttt_ai_ponder(ai[side], prev, &ponder, NULL);
            if (st != TTT_OK) return st;
        }
        if (s->ponder) ttt_game_copy(prev, game);
        ttt_ai_result r;
        TTT_INIT(&r);
        uint64_t t0 = game_clock_us();
        st = ttt_ai_move(ai[side], game, &opts, &r);
        last_us = game_clock_us() - t0;
        if (st == TTT_OK) st = ttt_game_move(game, r.move, NULL);
        if (st != TTT_OK) return st;
        ply++;
    }
    return st;
}

/* Widths of the results table's columns, in characters on screen: at least
 * the English layout's, wider where a translation's words are longer. */
typedef struct results_columns {
    int label, games, share;
} results_columns;

/* The larger of @p width and the width of @p text. */
static int wider(int width, const char *text)
{
    int w = cli_text_width(text);
    return w > width ? w : width;
}

/* One results line: label, count, percentage of all games. */
static void print_row(const results_columns *cols, const char *label, int count, int games)
{
    fputs("  ", stdout);
    cli_print_padded(stdout, label, cols->label, CLI_ALIGN_LEFT);
    /* The share's number is one column narrower: its '%' follows. */
    printf(" %*d  %*.1f%%\n", cols->games, count, cols->share - 1, PERCENT * count / games);
}

/* The heading line and the results table. */
static void print_results(const battle_settings *s, const battle_tally *tally)
{
    char label[2][LABEL_MAX_LEN];
    /* TRANSLATORS: rows of the battle's results table; %s is an agent's
       name as typed (perfect, random, ...), which stays in English. */
    snprintf(label[0], sizeof label[0], _("X (%s) wins"), s->name[0]);
    snprintf(label[1], sizeof label[1], _("O (%s) wins"), s->name[1]);
    /* TRANSLATORS: the results table's other rows and its first heading. */
    const char *draws = _("draws"), *total = _("total"), *result = _("result");
    /* TRANSLATORS: headings of the results table's counts and percentages. */
    const char *games = _("games"), *share = _("share");
    /* TRANSLATORS: who moves first, the %s before "seed" in "Battle on ...". */
    const char *first = s->first_player == TTT_PLAYER_X ? _("X first") : _("O first");
    if (s->alternate) first = _("alternating first");
    printf(P_("Battle on %dx%d, k = %d: X = %s, O = %s, %d game, %s, seed %llu\n\n",
              "Battle on %dx%d, k = %d: X = %s, O = %s, %d games, %s, seed %llu\n\n", s->games),
           s->size, s->size, s->k, s->name[0], s->name[1], s->games, first,
           (unsigned long long)s->seed);

    results_columns cols = {LABEL_COLUMN_WIDTH, GAMES_COLUMN_WIDTH, SHARE_COLUMN_WIDTH};
    const char *labels[] = {label[0], label[1], draws, total, result};
    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
        cols.label = wider(cols.label, labels[i]);
    cols.games = wider(cols.games, games);
    cols.share = wider(cols.share, share);
    fputs("  ", stdout);
    cli_print_padded(stdout, result, cols.label, CLI_ALIGN_LEFT);
    fputs(" ", stdout);
    cli_print_padded(stdout, games, cols.games, CLI_ALIGN_RIGHT);
    fputs("  ", stdout);
    cli_print_padded(stdout, share, cols.share, CLI_ALIGN_RIGHT);
    fputs("\n", stdout);
    print_row(&cols, label[0], tally->x_wins, s->games);
    print_row(&cols, draws, tally->draws, s->games);
    print_row(&cols, label[1], tally->o_wins, s->games);
    print_row(&cols, total, tally->x_wins + tally->draws + tally->o_wins, s->games);
}

int cli_battle_main(int argc, char **argv)
{
    battle_settings s;
    int status = parse_settings(argc, argv, &s);
    if (status < 0) {
        fputs(_(BATTLE_HELP), stdout);
        return cli_finish(CLI_EXIT_OK);
    }
    if (status != CLI_EXIT_OK) return status;

    ttt_game *game = NULL;
    ttt_status st = ttt_game_new(s.size, s.k, s.first_player, NULL, &game);
    if (st == TTT_ERR_NOMEM) return cli_out_of_memory("battle");
    if (st != TTT_OK) {
        cli_usage_error("battle", _("cannot start a %dx%d game with k = %d: %s"), s.size, s.size,
                        s.k, cli_status_text(st));
        return CLI_EXIT_USAGE;
    }
    /* One context serves both sides: its table holds positions, not players.
     * Pondering, each side has its own, as two programs would. */
    ttt_cancel *cancel = ttt_cancel_new(NULL);
    ttt_ai_context *ai[2] = {ttt_ai_context_new(NULL, 0), NULL};
    ai[1] = s.ponder ? ttt_ai_context_new(NULL, 0) : ai[0];
    ttt_game *prev = NULL;
    if (!cancel || !ai[0] || !ai[1] || ttt_game_clone(game, &prev) != TTT_OK) {
        fputs(_("ttt battle: out of memory\n"), stderr);
        ttt_cancel_free(cancel);
        if (ai[1] != ai[0]) ttt_ai_context_free(ai[1]);
        ttt_ai_context_free(ai[0]);
        ttt_game_free(prev);
        ttt_game_free(game);
        return CLI_EXIT_FAILURE;
    }
    for (int side = 0; side < 2; side++)
        s.agent[side].opts.cancel = cancel;
    if (!cli_signal_install(cancel)) fputs(_("ttt battle: warning: cannot catch Ctrl-C\n"), stderr);

    battle_tally tally = {0, 0, 0};
    int played = 0;
    for (int i = 0; i < s.games; i++) {
        if (i > 0) {
            /* ttt_game_start_next swaps the first player; undo that unless alternating. */
            ttt_game_start_next(game);
            if (!s.alternate && ttt_game_first_player(game) != s.first_player)
                ttt_game_start_next(game);
        }
        st = play_one(&s, ai, game, prev, i);
        if (st != TTT_OK || cli_signal_interrupted()) break;
        ttt_player winner = ttt_game_winner(game);
        if (winner == TTT_PLAYER_X)
            tally.x_wins++;
        else if (winner == TTT_PLAYER_O)
            tally.o_wins++;
        else
            tally.draws++;
        played++;
    }
    cli_signal_uninstall();
    ttt_cancel_free(cancel);
    if (ai[1] != ai[0]) ttt_ai_context_free(ai[1]);
    ttt_ai_context_free(ai[0]);
    ttt_game_free(prev);
    ttt_game_free(game);
    if (st == TTT_OK && cli_signal_interrupted()) {
        fprintf(stderr, _("ttt battle: interrupted (Ctrl-C) after %d of %d games\n"), played,
                s.games);
        return cli_finish(CLI_EXIT_INTERRUPTED);
    }
    if (st != TTT_OK) {
        fprintf(stderr, _("ttt battle: game %d failed: %s\n"), played + 1, cli_status_text(st));
        return cli_finish(CLI_EXIT_FAILURE);
    }

    print_results(&s, &tally);
    return cli_finish(CLI_EXIT_OK);
}
