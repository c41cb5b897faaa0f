/* cli_analyze.c - `ttt analyze BOARD`: the value of a position for the side
 * to move and the outcome of every free square, as text for people or as
 * one JSON object for programs. Everything is computed before anything is
 * printed, so an error leaves stdout empty. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "cli_board.h"
#include "cli_options.h"
#include "i18n.h"

/* Default time limit: boards up to 5x5, and many positions on larger
 * ones, are proven long before it; elsewhere the squares the search could
 * not prove show its estimate. */
#define DEFAULT_ANALYZE_MS 5000
/* Longest --time accepted: ten minutes. */
#define MAX_ANALYZE_MS 600000
/* Room for an outcome's words, in any language. */
#define OUTCOME_TEXT_MAX 96
/* Least width of the outcome column in the text table ("loss in 8 moves"
 * fits); wider when a translation's outcomes are longer. */
#define OUTCOME_COLUMN_WIDTH 16
/* Least widths of the square, row and column columns ("square", ...). */
#define SQUARE_COLUMN_WIDTH 6
#define ROW_COLUMN_WIDTH 3
#define COL_COLUMN_WIDTH 6

static const char ANALYZE_HELP[] =
    N_("Usage: ttt analyze BOARD [--size N] [--k K] [--turn x|o] [--json]\n"
       "\n"
       "Show the value of a position for the side to move and the outcome of\n"
       "every free square under perfect play.\n"
       "\n"
       "BOARD is the engine's text format: x and o are marks; '.', '_' and '-'\n"
       "are empty squares; spaces and '|' are ignored. Rows are read top to\n"
       "bottom, for example \"x.. .o. ...\" or \"x__|_o_|___\". Quote it for the shell.\n"
       "\n"
       "Options:\n"
       "  --size N     board size, 3 to 8 (default: from the number of squares)\n"
       "  --k K        marks in a line to win (default: 3 on 3x3, 4 on 4x4 to 6x6,\n"
       "               5 on 7x7 and 8x8)\n"
       "  --turn x|o   the side to move when the mark counts are equal (default: x);\n"
       "               an error if it contradicts the board\n"
       "  --json       print one JSON object instead of text (rows and columns from 0)\n"
       "  --time MS    time limit for the search (default: 5000); squares the search\n"
       "               could not prove in time show its estimate instead\n"
       "  -h, --help   show this help\n"
       "\n"
       "Text output counts rows and columns from 1; JSON output counts them from 0.\n"
       "Exit status: 0 on success, 2 for bad arguments or an unparseable board,\n"
       "1 on other failures.\n");

typedef struct analyze_settings {
    const char *board;
    int size, k, json;
    ttt_player turn;
    ttt_ai_options opts;
} analyze_settings;

enum { OPT_SIZE, OPT_K, OPT_TURN, OPT_JSON, OPT_TIME, OPT_HELP, OPT_COUNT };

static const cli_option ANALYZE_OPTIONS[OPT_COUNT] = {
    [OPT_SIZE] = CLI_OPTION_SIZE, [OPT_K] = CLI_OPTION_K,       [OPT_TURN] = {"turn", 0, 1},
    [OPT_JSON] = {"json", 0, 0},  [OPT_TIME] = CLI_OPTION_TIME, [OPT_HELP] = {"help", 'h', 0},
};

/* The board size implied by the number of squares in @p text, or
 * TTT_MIN_SIZE when it is not a square number the engine supports (the
 * engine's parser then says what is wrong). */
static int infer_size(const char *text)
{
    int squares = 0;
    for (const char *p = text; *p; p++)
        if (strchr("xXoO._-", *p)) squares++;
    for (int n = TTT_MIN_SIZE; n <= TTT_MAX_SIZE; n++)
        if (n * n == squares) return n;
    return TTT_MIN_SIZE;
}

static int parse_settings(int argc, char **argv, analyze_settings *s)
{
    const char *cmd = "analyze", *value = NULL;
    int opt;
    cli_shared shared;
    cli_shared_init(&shared, DEFAULT_ANALYZE_MS, MAX_ANALYZE_MS);
    memset(s, 0, sizeof *s);
    s->turn = TTT_PLAYER_NONE;
    TTT_INIT(&s->opts);

    cli_parser p;
    cli_parser_init(&p, argc, argv, cmd);
    while ((opt = cli_parser_next(&p, ANALYZE_OPTIONS, OPT_COUNT, &value)) != CLI_ARG_END) {
        switch (opt) {
        case CLI_ARG_ERROR: return CLI_EXIT_USAGE;
        case CLI_ARG_POSITIONAL:
            if (s->board) {
                cli_usage_error(cmd,
                                _("one BOARD expected, got '%s' and '%s' (quote a board "
                                  "that contains spaces)"),
                                s->board, value);
                return CLI_EXIT_USAGE;
            }
            s->board = value;
            break;
        case OPT_HELP: return -1;
        case OPT_SIZE:
            if (!cli_shared_read(&shared, cmd, CLI_SHARED_SIZE, value)) return CLI_EXIT_USAGE;
            break;
        case OPT_K:
            if (!cli_shared_read(&shared, cmd, CLI_SHARED_K, value)) return CLI_EXIT_USAGE;
            break;
        case OPT_TURN:
            if (!cli_parse_player(cmd, "--turn", value, &s->turn)) return CLI_EXIT_USAGE;
            break;
        case OPT_JSON: s->json = 1; break;
        case OPT_TIME:
            if (!cli_shared_read(&shared, cmd, CLI_SHARED_TIME, value)) return CLI_EXIT_USAGE;
            break;
        default: return CLI_EXIT_FAILURE;
        }
    }
    if (!s->board) {
        cli_usage_error(cmd, "%s", _("missing BOARD, for example: ttt analyze \"x.. .o. ...\""));
        return CLI_EXIT_USAGE;
    }
    s->size = shared.size_given ? shared.size : infer_size(s->board);
    int st = cli_shared_k(&shared, cmd, s->size, &s->k);
    if (st != CLI_EXIT_OK) return st;
    s->opts.deadline_ms = shared.time_ms;
    return CLI_EXIT_OK;
}

/* The JSON name of a game state. */
static const char *state_name(ttt_state state)
{
    switch (state) {
    case TTT_STATE_X_TO_MOVE:
    case TTT_STATE_O_TO_MOVE: return "playing";
    case TTT_STATE_X_WON: return "x_won";
    case TTT_STATE_O_WON: return "o_won";
    case TTT_STATE_DRAW: return "draw";
    case TTT_STATE_INVALID: break; /* no game: not reached */
    }
    return "playing";
}

/* Writes the one-object JSON form documented in docs/cli.md. Every string
 * printed is one of our own fixed names, so nothing needs escaping. A
 * square (and the position) is either proven, with its outcome and plies,
 * or estimated: outcome "unknown", plies null, and the search's estimate. */
static void print_json(int size, int k, ttt_player turn, ttt_state state, const ttt_analysis *a)
{
    int playing = turn != TTT_PLAYER_NONE;
    printf("{\"size\":%d,\"k\":%d,\"to_move\":", size, k);
    if (playing)
        printf("\"%c\"", cli_player_char(turn));
    else
        printf("null");
    printf(",\"state\":\"%s\"", state_name(state));
    ttt_outcome board_value = TTT_OUTCOME_UNKNOWN;
    if (ttt_board_value(size, k, &board_value, NULL) == TTT_OK)
        printf(",\"board_value\":\"%s\"", ttt_outcome_name(board_value));
    if (playing)
        printf(",\"value\":\"%s\",\"proven\":%s,\"estimate\":%d", ttt_outcome_name(a->value),
               a->proven ? "true" : "false", a->estimate);
    printf(",\"best\":[");
    int first = 1;
    for (int i = 0; playing && i < a->count; i++) {
        if (!a->moves[i].best) continue;
        printf("%s{\"row\":%d,\"col\":%d}", first ? "" : ",", a->moves[i].pos.row,
               a->moves[i].pos.col);
        first = 0;
    }
    printf("],\"moves\":[");
    for (int i = 0; playing && i < a->count; i++) {
        const ttt_move_value *m = &a->moves[i];
        printf("%s{\"row\":%d,\"col\":%d,\"outcome\":\"%s\",\"plies\":", i ? "," : "", m->pos.row,
               m->pos.col, ttt_outcome_name(m->outcome));
        if (m->proven)
            printf("%d", m->plies);
        else
            printf("null");
        printf(",\"proven\":%s,\"estimate\":%d}", m->proven ? "true" : "false", m->estimate);
    }
    printf("]}\n");
}

/* A square's or the position's value in words: the proven outcome, or the
 * estimate with its sign ("estimate +312"). */
static void value_text(ttt_outcome outcome, int plies, int proven, int estimate, char *buf,
                       size_t cap)
{
    if (proven)
        cli_outcome_text(outcome, plies, buf, cap);
    else
        /* TRANSLATORS: a value the search could not prove: its estimate, a
           signed number from -1000 (lost) to +1000 (won). */
        snprintf(buf, cap, _("estimate %+d"), estimate);
}

/* Where a square comes in the text table, by its value for the mover:
 * proven wins (fastest first), proven draws, the squares the search could
 * only estimate (highest first), proven losses (slowest first). */
static int table_rank(const ttt_move_value *m, int *key)
{
    if (!m->proven) {
        *key = -m->estimate;
        return 2;
    }
    switch (m->outcome) {
    case TTT_OUTCOME_WIN: *key = m->plies; return 0;
    case TTT_OUTCOME_DRAW: *key = 0; return 1;
    default: *key = -m->plies; return 3;
    }
}

/* Whether square a comes after square b in the text table. */
static int table_after(const ttt_move_value *a, const ttt_move_value *b)
{
    int ka, kb, ra = table_rank(a, &ka), rb = table_rank(b, &kb);
    return ra != rb ? ra > rb : ka > kb;
}

/* The order of the analysis's squares in the text table (stable: equal
 * values stay row by row). */
static void table_order(const ttt_analysis *a, int *order)
{
    for (int i = 0; i < a->count; i++) {
        int j = i;
        while (j > 0 && table_after(&a->moves[order[j - 1]], &a->moves[i])) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}

/* The larger of a least column width and the width of a heading. */
static int column_width(int least, const char *heading)
{
    int width = cli_text_width(heading);
    return width > least ? width : least;
}

/* What perfect play makes of this board from the empty position, as the
 * engine has proven it (ttt_board_value). */
static void print_board_value(int size, int k)
{
    ttt_outcome v;
    int plies = 0;
    if (ttt_board_value(size, k, &v, &plies) != TTT_OK) return;
    /* TRANSLATORS: a move is one mark; the count is both players'. */
    if (v == TTT_OUTCOME_WIN)
        printf(P_("From the empty board, the first player wins with perfect play (in %d "
                  "move).\n",
                  "From the empty board, the first player wins with perfect play (in %d "
                  "moves).\n",
                  plies),
               plies);
    else if (v == TTT_OUTCOME_DRAW)
        fputs(_("From the empty board, perfect play ends in a draw.\n"), stdout);
    else
        fputs(_("This program has not solved this board from the empty position.\n"), stdout);
}

/* Writes the board, the value and the table of moves for people. */
static ttt_status print_text(const ttt_game *game, int size, int k, ttt_player turn,
                             ttt_state state, const ttt_analysis *a)
{
    ttt_status st = cli_board_print(stdout, game, CLI_BOARD_WINNING_LINE);
    if (st != TTT_OK) return st;
    if (turn == TTT_PLAYER_NONE) {
        if (state == TTT_STATE_DRAW)
            fputs(_("The game is over: a draw. There are no moves to analyse.\n"), stdout);
        else
            printf(_("The game is over: %c has won. There are no moves to analyse.\n"),
                   state == TTT_STATE_X_WON ? 'X' : 'O');
        return TTT_OK;
    }
    char text[OUTCOME_TEXT_MAX];
    char mover = cli_player_char(turn);
    printf(_("%c to move; %d in a row wins.\n"), mover, k);
    print_board_value(size, k);
    value_text(a->value, a->plies, a->proven, a->estimate, text, sizeof text);
    if (a->proven)
        printf(_("Value for %c: %s.\n"), mover, text);
    else
        printf(_("Value for %c: not proven within the time limit (%s; try a larger --time).\n"),
               mover, text);
    if (!a->all_proven)
        printf(_("Squares without a proven outcome show the search's estimate, from -%d (lost) "
                 "to +%d (won).\n"),
               TTT_AI_ESTIMATE_WIN, TTT_AI_ESTIMATE_WIN);
    fputs("\n", stdout);

    /* The columns are as wide as their headings, which depend on the
     * language, and the outcome column as its longest entry. */
    /* TRANSLATORS: headings of the analysis table: the square's number, its
       row and its column, right-aligned above numbers (a column widens to
       its heading). */
    const char *square = _("square"), *row = _("row"), *column = _("column");
    /* TRANSLATORS: after the outcome of each move that keeps the position's
       value, in the analysis table. */
    const char *best = _("best");
    int square_w = column_width(SQUARE_COLUMN_WIDTH, square);
    int row_w = column_width(ROW_COLUMN_WIDTH, row);
    int col_w = column_width(COL_COLUMN_WIDTH, column);
    int outcome_w = OUTCOME_COLUMN_WIDTH;
    for (int i = 0; i < a->count; i++) {
        const ttt_move_value *m = &a->moves[i];
        value_text(m->outcome, m->plies, m->proven, m->estimate, text, sizeof text);
        outcome_w = column_width(outcome_w, text);
    }
    fputs("  ", stdout);
    cli_print_padded(stdout, square, square_w, CLI_ALIGN_RIGHT);
    fputs("  ", stdout);
    cli_print_padded(stdout, row, row_w, CLI_ALIGN_RIGHT);
    fputs("  ", stdout);
    cli_print_padded(stdout, column, col_w, CLI_ALIGN_RIGHT);
    fputs("  ", stdout);
    /* TRANSLATORS: heading of the analysis table's last column; %c is X or O. */
    printf(_("outcome for %c"), mover);
    fputs("\n", stdout);
    int order[TTT_MAX_SQUARES];
    table_order(a, order);
    for (int i = 0; i < a->count; i++) {
        const ttt_move_value *m = &a->moves[order[i]];
        value_text(m->outcome, m->plies, m->proven, m->estimate, text, sizeof text);
        printf("  %*d  %*d  %*d  ", square_w, cli_square_number(size, m->pos), row_w,
               m->pos.row + 1, col_w, m->pos.col + 1);
        /* Pad the outcome only when "best" follows it: no trailing blanks. */
        if (m->best) {
            cli_print_padded(stdout, text, outcome_w, CLI_ALIGN_LEFT);
            printf("  %s", best);
        } else {
            fputs(text, stdout);
        }
        fputs("\n", stdout);
    }
    return TTT_OK;
}

int cli_analyze_main(int argc, char **argv)
{
    analyze_settings s;
    int status = parse_settings(argc, argv, &s);
    if (status < 0) {
        fputs(_(ANALYZE_HELP), stdout);
        return cli_finish(CLI_EXIT_OK);
    }
    if (status != CLI_EXIT_OK) return status;

    ttt_game *game = NULL;
    ttt_status st = ttt_game_parse(s.board, s.size, s.k, s.turn, NULL, &game);
    if (st == TTT_ERR_NOMEM) return cli_out_of_memory("analyze");
    if (st != TTT_OK) {
        if (st == TTT_ERR_PARSE_TURN)
            cli_usage_error("analyze", "--turn: %s", cli_status_text(st));
        else if (st == TTT_ERR_K)
            cli_usage_error("analyze", "--k %d: %s", s.k, cli_status_text(st));
        else
            cli_usage_error("analyze", _("BOARD '%s' (size %d, k %d): %s"), s.board, s.size, s.k,
                            cli_status_text(st));
        return CLI_EXIT_USAGE;
    }
    ttt_player turn = TTT_PLAYER_NONE;
    ttt_state state = TTT_STATE_X_TO_MOVE;
    ttt_analysis analysis;
    TTT_INIT(&analysis);
    turn = ttt_game_turn(game);
    state = ttt_game_state(game);
    if (turn != TTT_PLAYER_NONE) st = ttt_ai_analyze(NULL, game, &s.opts, &analysis);
    if (st != TTT_OK) {
        fprintf(stderr, _("ttt analyze: the analysis failed: %s\n"), cli_status_text(st));
        ttt_game_free(game);
        return CLI_EXIT_FAILURE;
    }
    if (s.json)
        print_json(s.size, s.k, turn, state, &analysis);
    else
        st = print_text(game, s.size, s.k, turn, state, &analysis);
    ttt_game_free(game);
    if (st != TTT_OK) {
        fprintf(stderr, _("ttt analyze: cannot print the board: %s\n"), cli_status_text(st));
        return cli_finish(CLI_EXIT_FAILURE);
    }
    return cli_finish(CLI_EXIT_OK);
}
