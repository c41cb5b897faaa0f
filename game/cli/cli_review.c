/* cli_review.c - `ttt review FILE`: a game record's moves, one by one, with
 * the solver's verdict on each (game/common/verdict.h): whether it kept,
 * gained or threw away the result, and the better move; as text for
 * people, or one JSON object for programs. The same verdicts as the
 * desktop game's review screen. Everything is worked out before anything
 * is printed, so an error leaves stdout empty. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "cli_board.h"
#include "cli_options.h"
#include "cli_record.h"
#include "cli_signal.h"
#include "i18n.h"
#include "verdict.h"

/* Room for a game's result in words ("X won", "unfinished"), in any
 * language. */
#define RESULT_TEXT_MAX 64

/* The solver's time for each move's position on boards it cannot solve at
 * once (3x3 to 5x5 are proven well within it). */
#define DEFAULT_MOVE_MS 1000
/* Longest --time accepted: a minute per move. */
#define MAX_MOVE_MS 60000

static const char REVIEW_HELP[] =
    N_("Usage: ttt review FILE [--json] [--time MS]\n"
       "\n"
       "Go through a game record's moves with the solver's verdict on each:\n"
       "whether the move kept the result, gained on the player's last move, or\n"
       "threw it away, and the move that was better. FILE is a game record\n"
       "(docs/cli.md, \"Game records\"), as 'ttt play' saves them, or '-' for\n"
       "standard input.\n"
       "\n"
       "Options:\n"
       "  --json       print one JSON object instead of text (rows and columns from 0)\n"
       "  --time MS    the solver's time for each move (default: 1000); boards up\n"
       "               to 5x5 are proven long before it, larger ones show what it\n"
       "               proved and estimates for the rest, marked as such\n"
       "  -h, --help   show this help\n"
       "\n"
       "A move is one mark: \"a loss in 5 moves\" counts both players' moves.\n"
       "Exit status: 0 on success, 2 for bad arguments or a malformed file,\n"
       "130 after Ctrl-C, 1 on other failures.\n");

enum { OPT_JSON, OPT_TIME, OPT_HELP, OPT_COUNT };

static const cli_option REVIEW_OPTIONS[OPT_COUNT] = {
    [OPT_JSON] = {"json", 0, 0},
    [OPT_TIME] = CLI_OPTION_TIME,
    [OPT_HELP] = {"help", 'h', 0},
};

typedef struct review_settings {
    const char *file;
    int json;
    int move_ms;
} review_settings;

/* What the review found: the record, the value before the first move and
 * a verdict per move. */
typedef struct review_result {
    record rec;
    verdict_value start;
    int start_known;
    verdict verdicts[TTT_MAX_SQUARES];
    int count;
} review_result;

static int parse_settings(int argc, char **argv, review_settings *s)
{
    const char *cmd = "review", *value = NULL;
    int opt;
    cli_shared shared;
    cli_shared_init(&shared, DEFAULT_MOVE_MS, MAX_MOVE_MS);
    memset(s, 0, sizeof *s);
    cli_parser p;
    cli_parser_init(&p, argc, argv, cmd);
    while ((opt = cli_parser_next(&p, REVIEW_OPTIONS, OPT_COUNT, &value)) != CLI_ARG_END) {
        switch (opt) {
        case CLI_ARG_ERROR: return CLI_EXIT_USAGE;
        case CLI_ARG_POSITIONAL:
            if (s->file) {
                cli_usage_error(cmd, _("one FILE expected, got '%s' and '%s'"), s->file, value);
                return CLI_EXIT_USAGE;
            }
            s->file = value;
            break;
        case OPT_HELP: return -1;
        case OPT_JSON: s->json = 1; break;
        case OPT_TIME:
            if (!cli_shared_read(&shared, cmd, CLI_SHARED_TIME, value)) return CLI_EXIT_USAGE;
            break;
        default: return CLI_EXIT_FAILURE;
        }
    }
    if (!s->file) {
        cli_usage_error(cmd, "%s", _("missing FILE, for example: ttt review game.ttt"));
        return CLI_EXIT_USAGE;
    }
    s->move_ms = shared.time_ms;
    return CLI_EXIT_OK;
}

/* Analyse the position before each move and judge the move. Returns TTT_OK
 * or the engine's status; a Ctrl-C stops it early (cli_signal_interrupted). */
static ttt_status review_moves(review_result *res, int move_ms, ttt_cancel *cancel)
{
    const record *r = &res->rec;
    ttt_game *g = NULL;
    ttt_status st = ttt_game_new(r->size, r->k, r->first, NULL, &g);
    if (st != TTT_OK) return st;
    ttt_ai_context *ctx = ttt_ai_context_new(NULL, 0);
    if (!ctx) {
        ttt_game_free(g);
        return TTT_ERR_NOMEM;
    }
    ttt_ai_options ao;
    TTT_INIT(&ao);
    ao.deadline_ms = move_ms;
    ao.cancel = cancel;
    for (int i = 0; i < r->move_count && st == TTT_OK && !cli_signal_interrupted(); i++) {
        ttt_analysis a;
        TTT_INIT(&a);
        st = ttt_ai_analyze(ctx, g, &ao, &a);
        if (st != TTT_OK) break;
        if (i == 0) {
            res->start = verdict_position_value(&a);
            res->start_known = 1;
        }
        const verdict_value *earlier = i >= 2 ? &res->verdicts[i - 2].after : NULL;
        ttt_player mover = ttt_game_turn(g);
        if (!verdict_compute(&a, i + 1, mover, r->moves[i], earlier, &res->verdicts[i]))
            st = TTT_ERR_OCCUPIED; /* cannot happen: the record's moves are legal */
        else
            res->count = i + 1;
        if (st == TTT_OK) st = ttt_game_move(g, r->moves[i], NULL);
    }
    ttt_ai_context_free(ctx);
    ttt_game_free(g);
    return st;
}

/* "X won", "a draw", "unfinished, O to move" for the header. */
static void result_text(const record *r, char *buf, size_t cap)
{
    ttt_state st = record_final_state(r);
    switch (st) {
    case TTT_STATE_X_WON:
    case TTT_STATE_O_WON:
        /* TRANSLATORS: how a reviewed game ended; %c is X or O. */
        snprintf(buf, cap, _("%c won"), st == TTT_STATE_X_WON ? 'X' : 'O');
        break;
    case TTT_STATE_DRAW: snprintf(buf, cap, "%s", _("a draw")); break;
    case TTT_STATE_X_TO_MOVE:
    case TTT_STATE_O_TO_MOVE:
    default:
        /* TRANSLATORS: a reviewed game that did not end; %c is X or O. */
        snprintf(buf, cap, _("unfinished, %c to move"), st == TTT_STATE_O_TO_MOVE ? 'O' : 'X');
        break;
    }
}

static ttt_status print_text(const char *file, const review_result *res)
{
    const record *r = &res->rec;
    ttt_game *g = NULL;
    ttt_status st = record_to_game(r, &g);
    if (st != TTT_OK) return st;
    char result[RESULT_TEXT_MAX], value[VERDICT_VALUE_TEXT_MAX];
    result_text(r, result, sizeof result);
    printf(P_("%s: %dx%d board, %d in a row wins; %c moved first; %d move, %s.\n",
              "%s: %dx%d board, %d in a row wins; %c moved first; %d moves, %s.\n", r->move_count),
           file, r->size, r->size, r->k, cli_player_char(r->first), r->move_count, result);
    st = cli_board_print(stdout, g, CLI_BOARD_WINNING_LINE);
    ttt_game_free(g);
    if (st != TTT_OK) return st;
    if (res->start_known) {
        verdict_value_text(&res->start, value, sizeof value);
        /* TRANSLATORS: the value of the empty board (or the record's
           first position) for the player who moves first. */
        printf(_("Before the first move: %s for %c.\n"), value, cli_player_char(r->first));
    }
    int threw[3] = {0, 0, 0};
    for (int i = 0; i < res->count; i++) {
        char text[VERDICT_TEXT_MAX];
        verdict_text(&res->verdicts[i], r->size, text, sizeof text);
        printf("%s\n", text);
        if (res->verdicts[i].kind == VERDICT_THREW_AWAY) threw[res->verdicts[i].mover]++;
    }
    /* TRANSLATORS: the review's summary: how many moves of each player
       were proven to throw the result away. */
    printf(_("Moves that threw the result away: X %d, O %d.\n"), threw[TTT_PLAYER_X],
           threw[TTT_PLAYER_O]);
    return TTT_OK;
}

static void print_value_json(const verdict_value *v)
{
    printf("{\"outcome\":\"%s\",\"plies\":", ttt_outcome_name(v->outcome));
    if (v->proven)
        printf("%d", v->plies);
    else
        printf("null");
    printf(",\"proven\":%s,\"estimate\":%d}", v->proven ? "true" : "false", v->estimate);
}

/* One JSON object on one line; every string is one of our fixed names. */
static void print_json(const review_result *res)
{
    const record *r = &res->rec;
    printf("{\"size\":%d,\"k\":%d,\"first\":\"%c\",\"state\":\"%s\",\"start\":", r->size, r->k,
           cli_player_char(r->first), ttt_state_name(record_final_state(r)));
    if (res->start_known)
        print_value_json(&res->start);
    else
        printf("null");
    printf(",\"moves\":[");
    for (int i = 0; i < res->count; i++) {
        const verdict *v = &res->verdicts[i];
        printf("%s{\"number\":%d,\"player\":\"%c\",\"row\":%d,\"col\":%d,\"before\":", i ? "," : "",
               v->number, cli_player_char(v->mover), v->move.row, v->move.col);
        print_value_json(&v->before);
        printf(",\"after\":");
        print_value_json(&v->after);
        printf(",\"verdict\":\"%s\",\"better\":", verdict_kind_key(v->kind));
        if (v->has_better) {
            printf("{\"row\":%d,\"col\":%d,\"value\":", v->better.row, v->better.col);
            print_value_json(&v->better_value);
            printf("}");
        } else {
            printf("null");
        }
        printf("}");
    }
    printf("]}\n");
}

int cli_review_main(int argc, char **argv)
{
    review_settings s;
    int status = parse_settings(argc, argv, &s);
    if (status < 0) {
        fputs(_(REVIEW_HELP), stdout);
        return cli_finish(CLI_EXIT_OK);
    }
    if (status != CLI_EXIT_OK) return status;
    review_result *res = calloc(1, sizeof *res);
    if (!res) return cli_out_of_memory("review");
    status = cli_read_record("review", s.file, &res->rec);
    if (status != CLI_EXIT_OK) {
        free(res);
        return status;
    }
    ttt_cancel *cancel = ttt_cancel_new(NULL);
    if (!cancel) {
        free(res);
        return cli_out_of_memory("review");
    }
    if (!cli_signal_install(cancel))
        fputs(_("ttt review: warning: cannot catch Ctrl-C; it will stop the review abruptly\n"),
              stderr);
    ttt_status st = review_moves(res, s.move_ms, cancel);
    int interrupted = cli_signal_interrupted();
    cli_signal_uninstall();
    ttt_cancel_free(cancel);
    if (interrupted) {
        free(res);
        fputs(_("ttt review: interrupted (Ctrl-C)\n"), stderr);
        return CLI_EXIT_INTERRUPTED;
    }
    if (st == TTT_OK) {
        if (s.json)
            print_json(res);
        else
            st = print_text(s.file, res);
    }
    free(res);
    if (st != TTT_OK) {
        fprintf(stderr, _("ttt review: the review failed: %s\n"), cli_status_text(st));
        return cli_finish(CLI_EXIT_FAILURE);
    }
    return cli_finish(CLI_EXIT_OK);
}
