/* cli_puzzle.c - `ttt puzzle`: a shipped puzzle ("X to play and win in
 * N") played in the terminal, the day's puzzle, or the whole set re-proven
 * by the independent checker (--check). The puzzles, their answers and the
 * daily pick are game/common/puzzle.h's, as in the desktop game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_defaults.h"
#include "cli.h"
#include "cli_args.h"
#include "cli_board.h"
#include "cli_input.h"
#include "i18n.h"
#include "puzzle.h"
#include "textesc.h"

static const char PUZZLE_HELP[] =
    N_("Usage: ttt puzzle [--board N [--k K]] [--level L] [--number I]\n"
       "       ttt puzzle --daily\n"
       "       ttt puzzle --check\n"
       "\n"
       "Solve a puzzle: the side to move has exactly one winning move. Find it,\n"
       "then keep winning against the solver's best defence. Each puzzle was\n"
       "proven by the engine and again by an independent checker.\n"
       "\n"
       "Options:\n"
       "  --board N    a puzzle on an N x N board (3 to 8)\n"
       "  --k K        marks in a line (default: the board's usual one)\n"
       "  --level L    easy, medium or hard\n"
       "  --number I   puzzle number I of the set\n"
       "  --daily      the day's puzzle, the same for everyone on that (UTC) day\n"
       "  --check      re-prove every puzzle of the set with the checker\n"
       "  -h, --help   show this help\n"
       "\n"
       "Without --number, the puzzle of the chosen board and level changes each\n"
       "day. A move is one mark: \"win in 5 moves\" counts both players' moves.\n"
       "Exit status: 0 when the puzzle was played (solved or not) or the set\n"
       "holds, 1 when --check finds a fault, 2 for bad arguments.\n");

enum {
    OPT_BOARD,
    OPT_K,
    OPT_LEVEL,
    OPT_NUMBER,
    OPT_DAILY,
    OPT_DATE,
    OPT_CHECK,
    OPT_HELP,
    OPT_COUNT
};

/* --date YYYY-MM-DD is for the tests (the daily pick of a given day); it is
 * not in the help. */
static const cli_option PUZZLE_OPTIONS[OPT_COUNT] = {
    [OPT_BOARD] = {"board", 0, 1},   [OPT_K] = {"k", 0, 1},         [OPT_LEVEL] = {"level", 0, 1},
    [OPT_NUMBER] = {"number", 0, 1}, [OPT_DAILY] = {"daily", 0, 0}, [OPT_DATE] = {"date", 0, 1},
    [OPT_CHECK] = {"check", 0, 0},   [OPT_HELP] = {"help", 'h', 0},
};

typedef struct puzzle_settings {
    int size, k, number, daily, check;
    puzzle_difficulty level;
    int64_t day;
    int has_day;
} puzzle_settings;

static int parse_settings(int argc, char **argv, puzzle_settings *s)
{
    const char *cmd = "puzzle", *value = NULL;
    int opt;
    memset(s, 0, sizeof *s);
    cli_parser p;
    cli_parser_init(&p, argc, argv, cmd);
    while ((opt = cli_parser_next(&p, PUZZLE_OPTIONS, OPT_COUNT, &value)) != CLI_ARG_END) {
        switch (opt) {
        case CLI_ARG_ERROR: return CLI_EXIT_USAGE;
        case CLI_ARG_POSITIONAL:
            cli_usage_error(cmd, _("unexpected argument '%s'"), value);
            return CLI_EXIT_USAGE;
        case OPT_HELP: return -1;
        case OPT_BOARD:
            if (!cli_parse_size(cmd, "--board", value, &s->size)) return CLI_EXIT_USAGE;
            break;
        case OPT_K:
            if (!cli_parse_int(cmd, "--k", value, 3, 8, &s->k)) return CLI_EXIT_USAGE;
            break;
        case OPT_LEVEL:
            if (!puzzle_difficulty_from_name(value, &s->level)) {
                cli_usage_error(cmd, _("--level %s: use easy, medium or hard"), value);
                return CLI_EXIT_USAGE;
            }
            break;
        case OPT_NUMBER:
            if (!cli_parse_int(cmd, "--number", value, 1, puzzle_count(), &s->number))
                return CLI_EXIT_USAGE;
            break;
        case OPT_DAILY: s->daily = 1; break;
        case OPT_DATE:
            if (!puzzle_day_from_date(value, &s->day)) {
                cli_usage_error(cmd, _("--date %s: use a date such as 2026-11-26"), value);
                return CLI_EXIT_USAGE;
            }
            s->has_day = 1;
            break;
        case OPT_CHECK: s->check = 1; break;
        default: return CLI_EXIT_FAILURE;
        }
    }
    int choices = s->daily + s->check + (s->number > 0);
    if (choices > 1 || (choices == 1 && (s->size || s->k || s->level))) {
        cli_usage_error(cmd, "%s",
                        _("--daily, --check and --number go alone (not with each other, "
                          "--board, --k or --level)"));
        return CLI_EXIT_USAGE;
    }
    if (s->k && !s->size) {
        cli_usage_error(cmd, "%s", _("--k needs --board"));
        return CLI_EXIT_USAGE;
    }
    if (s->size && !s->k) s->k = board_default_k(s->size);
    if (s->k > s->size && s->size) {
        cli_usage_error(cmd, "--k %d: %s", s->k, cli_status_text(TTT_ERR_K));
        return CLI_EXIT_USAGE;
    }
    if (!s->has_day) s->day = puzzle_utc_day_now();
    return CLI_EXIT_OK;
}

/* --check: every puzzle re-proven, a line per board, a summary. */
static int check_set(void)
{
    int n = puzzle_count(), bad = 0;
    unsigned long long total_nodes = 0;
    for (int i = 0; i < n; i++) {
        uint64_t nodes = 0;
        puzzle_fault f = puzzle_verify(i, 0, &nodes);
        total_nodes += nodes;
        if (f != PUZZLE_FAULT_NONE) {
            printf(_("Puzzle %d: NOT proven (%s)\n"), i + 1, puzzle_fault_name(f));
            bad++;
        }
    }
    for (int size = 3; size <= 8; size++)
        for (int k = 3; k <= size; k++) {
            int c = puzzle_find(size, k, PUZZLE_ANY, NULL, 0);
            if (!c) continue;
            printf(_("%dx%d, %d in a row: %d puzzles (easy %d, medium %d, hard %d)\n"), size, size,
                   k, c, puzzle_find(size, k, PUZZLE_EASY, NULL, 0),
                   puzzle_find(size, k, PUZZLE_MEDIUM, NULL, 0),
                   puzzle_find(size, k, PUZZLE_HARD, NULL, 0));
        }
    printf(_("Checked %d puzzles with the independent checker: %d proven, %d not "
             "(%llu positions searched).\n"),
           n, n - bad, bad, total_nodes);
    return bad ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
}

/* A grade in words, translated. */
static const char *level_words(puzzle_difficulty d)
{
    switch (d) {
    case PUZZLE_EASY: return _("easy");
    case PUZZLE_MEDIUM: return _("medium");
    case PUZZLE_HARD: return _("hard");
    default: return _("any");
    }
}

/* "row 2, column 3" (1-based). */
static void square_text(ttt_pos pos, char *buf, size_t cap)
{
    snprintf(buf, cap, _("row %d, column %d"), pos.row + 1, pos.col + 1);
}

/* The puzzle to play: by number, the day's, or the day's of the filter. */
static int choose(const puzzle_settings *s)
{
    if (s->number) return s->number - 1;
    if (s->daily) return puzzle_daily(s->day);
    int n = puzzle_find(s->size, s->k, s->level, NULL, 0);
    if (n == 0) return -1;
    int *idx = malloc((size_t)n * sizeof *idx);
    if (!idx) return -2;
    puzzle_find(s->size, s->k, s->level, idx, n);
    int pick = idx[(int)(((s->day % n) + n) % n)];
    free(idx);
    return pick;
}

static int play(int index)
{
    puzzle_play p;
    if (puzzle_play_start(&p, index) != 0) return cli_out_of_memory("puzzle");
    const puzzle_entry *e = p.entry;
    char me = e->to_move == 'o' ? 'O' : 'X', them = e->to_move == 'o' ? 'X' : 'O';
    printf(_("Puzzle %d of %d: %dx%d board, %d in a row wins; %s.\n"), index + 1, puzzle_count(),
           e->size, e->size, e->k, level_words((puzzle_difficulty)e->difficulty));
    printf(_("%c to play and win in %d moves.\n"), me, e->plies);
    int echo = !cli_stdin_is_terminal(), status = CLI_EXIT_OK;
    char line[CLI_LINE_MAX], sq[64], sq2[64];
    while (p.status == PUZZLE_PLAYING) {
        (void)cli_board_print(stdout, puzzle_play_game(&p), CLI_BOARD_PLAIN);
        printf(_("Your move, %c (row column, or square number): "), me);
        if (fflush(stdout) != 0) break;
        cli_read_status rs = cli_read_line(stdin, line, sizeof line);
        if (rs == CLI_READ_TOO_LONG || rs == CLI_READ_NUL) {
            printf("\n%s\n", _("Not accepted; type a move such as '2 3'."));
            continue;
        }
        if (rs != CLI_READ_OK) {
            if (rs == CLI_READ_INTERRUPTED) status = CLI_EXIT_INTERRUPTED;
            printf("\n%s\n", _("Left the puzzle unsolved."));
            break;
        }
        if (echo) {
            textesc_write(stdout, line);
            putchar('\n');
        }
        cli_input in;
        cli_parse_move(puzzle_play_game(&p), line, &in);
        if (in.kind == CLI_INPUT_QUIT) {
            puts(_("Left the puzzle unsolved."));
            break;
        }
        if (in.kind == CLI_INPUT_HELP) {
            puts(_("Type the row and the column, counted from 1 at the top left ('2 3' is\n"
                   "row 2, column 3), or a square's number, row by row. 'q' quits."));
            continue;
        }
        if (in.kind == CLI_INPUT_INVALID) {
            textesc_printf(stdout, _("Not accepted: %s. Try again."), in.reason);
            putchar('\n');
            continue;
        }
        puzzle_move_result r;
        switch (puzzle_play_move(&p, in.pos, &r)) {
        case PUZZLE_MOVE_GOOD:
            square_text(r.reply, sq, sizeof sq);
            printf(_("Good. %c answers at %s.\n"), them, sq);
            break;
        case PUZZLE_MOVE_SOLVED:
            (void)cli_board_print(stdout, puzzle_play_game(&p), CLI_BOARD_WINNING_LINE);
            printf(_("Solved! %c wins.\n"), me);
            break;
        case PUZZLE_MOVE_MISSED:
            if (r.has_winning_move) {
                square_text(r.winning_move, sq, sizeof sq);
                printf(_("Missed: that move does not win in time. The winning move was %s.\n"), sq);
            } else {
                puts(_("Missed: that move does not win in time."));
            }
            if (r.has_refutation) {
                square_text(r.refutation, sq2, sizeof sq2);
                if (r.refutation_wins)
                    printf(_("Refutation: %c answers at %s and wins in %d moves.\n"), them, sq2,
                           r.refutation_plies);
                else
                    printf(_("Refutation: %c answers at %s and holds: %c no longer wins in "
                             "time.\n"),
                           them, sq2, me);
            }
            (void)cli_board_print(stdout, puzzle_play_game(&p), CLI_BOARD_PLAIN);
            break;
        case PUZZLE_MOVE_ILLEGAL: puts(_("Not accepted: that square is taken.")); break;
        }
    }
    puzzle_play_end(&p);
    return status;
}

int cli_puzzle_main(int argc, char **argv)
{
    puzzle_settings s;
    int st = parse_settings(argc, argv, &s);
    if (st < 0) {
        fputs(_(PUZZLE_HELP), stdout);
        return cli_finish(CLI_EXIT_OK);
    }
    if (st != CLI_EXIT_OK) return st;
    if (s.check) return cli_finish(check_set());
    int index = choose(&s);
    if (index == -2) return cli_out_of_memory("puzzle");
    if (index < 0) {
        cli_usage_error("puzzle", _("no puzzle on %dx%d with %d in a row at level %s"), s.size,
                        s.size, s.k, level_words(s.level));
        return CLI_EXIT_USAGE;
    }
    return cli_finish(play(index));
}
