/* cli_play.c - `ttt play`: a game in the terminal against the computer or
 * a friend. Settings are parsed and checked before anything is printed, so
 * bad arguments leave stdout empty. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "cli_args.h"
#include "cli_board.h"
#include "cli_input.h"
#include "cli_options.h"
#include "cli_record.h"
#include "cli_signal.h"
#include "cli_trace.h"
#include "i18n.h"
#include "rng.h"
#include "textesc.h"

/* How long the computer may think per move unless --time says otherwise;
 * 3x3 and 4x4 are solved well within it. */
#define DEFAULT_THINK_MS 2000
/* Longest --time accepted: ten minutes. */
#define MAX_THINK_MS 600000
/* Plies of the search shown by --verbose unless --verbose-depth says. */
#define DEFAULT_VERBOSE_DEPTH 2
/* Room for short descriptive texts (difficulty, outcomes). */
#define LABEL_MAX 64
/* Room for the first word of an answer to "Play again?" ("yes", "oui",
 * "sí"): a longer word is cut, and then is no yes. */
#define ANSWER_WORD_MAX 16

static const char PLAY_HELP[] =
    N_("Usage: ttt play [OPTIONS]\n"
       "\n"
       "Play tic-tac-toe in the terminal, against the computer or a friend.\n"
       "\n"
       "Options:\n"
       "  --first WHO              who makes the first move: human (the default) or\n"
       "                           computer, or the mark: x (the default) or o\n"
       "  --o-starts               O makes the first move instead of X (--first o)\n"
       "  --size N                 board size, 3 to 8 (default: 3)\n"
       "  --k K                    marks in a line to win, 3 to N (default: 3 on 3x3,\n"
       "                           4 on 4x4 to 6x6, 5 on 7x7 and 8x8)\n"
       "  -d, --difficulty LEVEL   easy, medium (the default), hard or unbeatable, or a\n"
       "                           mistake probability from 0 (perfect) to 1 (random)\n"
       "  --seed S                 seed for the computer's choices, for repeatable games\n"
       "  --opponent computer|human  play the computer (default) or a friend at the\n"
       "                           same keyboard\n"
       "  --time MS                the computer's thinking time per move (default: 2000)\n"
       "  --resume FILE            go on with the game in a game record (the board,\n"
       "                           who began and the moves come from it)\n"
       "  --save FILE              write the game to FILE as a game record after every\n"
       "                           move (for 'ttt review FILE' or --resume)\n"
       "  -v, --verbose            show the positions the computer examined and the\n"
       "                           outcome found for each, indented by depth\n"
       "  --verbose-depth N        how many moves deep --verbose shows, 1 to 6 (default: 2)\n"
       "  -h, --help               show this help\n"
       "\n"
       "Moves: type the row and the column, counted from 1 at the top left\n"
       "('2 3' is row 2, column 3), or the square number shown in the empty\n"
       "square (1 to N*N, row by row). 'q' quits, 'h' shows this reminder.\n"
       "The game also ends cleanly at end of input (Ctrl-D) or on Ctrl-C. After\n"
       "a game, 'y' plays another (the other player begins), anything else stops.\n"
       "\n"
       "Exit status: 0 when the game ends or is left, 2 for bad arguments,\n"
       "130 after Ctrl-C, 1 on other failures.\n");

/* Who sits on each side. */
typedef struct play_settings {
    int size, k;
    ttt_player first_player;  /* X, or O with --o-starts. */
    int computer_moves_first; /* --first computer. */
    int two_humans;           /* --opponent human. */
    cli_ai_choice ai;         /* The computer's play (difficulty, time). */
    char difficulty[LABEL_MAX];
    char difficulty_key[RECORD_DIFFICULTY_MAX]; /* As given, for a saved record. */
    uint64_t seed;
    int verbose, verbose_depth;
    const char *resume; /* --resume FILE, or NULL. */
    const char *save;   /* --save FILE, or NULL. */
    record resumed;     /* The record --resume read. */
} play_settings;

/* The running program: settings, the game, and who the computer is. */
typedef struct play_session {
    play_settings settings;
    ttt_game *game;
    ttt_ai_context *ai;  /* The computer's tables, kept from move to move. */
    ttt_player computer; /* TTT_PLAYER_NONE when two people play. */
    int echo_input;      /* Piped input is not echoed by a terminal: echo it. */
    int games;           /* Games begun this session. */
    int wins[3], draws;  /* Finished games, wins by ttt_player. */
} play_session;

enum {
    OPT_FIRST,
    OPT_O_STARTS,
    OPT_SIZE,
    OPT_K,
    OPT_DIFFICULTY,
    OPT_SEED,
    OPT_OPPONENT,
    OPT_TIME,
    OPT_RESUME,
    OPT_SAVE,
    OPT_VERBOSE,
    OPT_VERBOSE_DEPTH,
    OPT_HELP,
    OPT_COUNT
};

static const cli_option PLAY_OPTIONS[OPT_COUNT] = {
    [OPT_FIRST] = {"first", 0, 1},
    [OPT_O_STARTS] = {"o-starts", 0, 0},
    [OPT_SIZE] = CLI_OPTION_SIZE,
    [OPT_K] = CLI_OPTION_K,
    [OPT_DIFFICULTY] = {"difficulty", 'd', 1},
    [OPT_SEED] = {"seed", 0, 1},
    [OPT_OPPONENT] = {"opponent", 0, 1},
    [OPT_TIME] = CLI_OPTION_TIME,
    [OPT_RESUME] = {"resume", 0, 1},
    [OPT_SAVE] = {"save", 0, 1},
    [OPT_VERBOSE] = {"verbose", 'v', 0},
    [OPT_VERBOSE_DEPTH] = {"verbose-depth", 0, 1},
    [OPT_HELP] = {"help", 'h', 0},
};

/* --first: a role (human, computer) or a mark (x, o), the same values as
 * the desktop game's; a role sets *role_given. */
static int parse_first(const char *cmd, const char *value, play_settings *s, int *role_given)
{
    if (strcasecmp(value, "human") == 0 || strcasecmp(value, "you") == 0) {
        *role_given = 1;
        s->computer_moves_first = 0;
    } else if (strcasecmp(value, "computer") == 0) {
        *role_given = 1;
        s->computer_moves_first = 1;
    } else if (strcasecmp(value, "x") == 0) {
        s->first_player = TTT_PLAYER_X;
    } else if (strcasecmp(value, "o") == 0) {
        s->first_player = TTT_PLAYER_O;
    } else {
        cli_usage_error(cmd, _("--first: '%s' is none of human, computer, x or o"), value);
        return 0;
    }
    return 1;
}

/* --opponent computer|human. */
static int parse_opponent(const char *cmd, const char *value, play_settings *s)
{
    if (strcmp(value, "computer") == 0) {
        s->two_humans = 0;
    } else if (strcmp(value, "human") == 0) {
        s->two_humans = 1;
    } else {
        cli_usage_error(cmd, _("--opponent: '%s' is neither 'computer' nor 'human'"), value);
        return 0;
    }
    return 1;
}

/* Which options were given, for the checks made once all are read. */
typedef struct given_options {
    cli_shared shared;            /* --size, --k, --time */
    int depth, first_role, board; /* --verbose-depth; --first human|computer; a board option */
} given_options;

/* What can only be checked once every option is read: k against the size
 * (whichever came first), options that need a computer, a record to
 * resume, the level for the board. CLI_EXIT_OK, CLI_EXIT_USAGE or
 * CLI_EXIT_FAILURE. */
static int finish_settings(const char *cmd, const given_options *g, play_settings *s)
{
    if (s->resume) {
        if (g->board || g->first_role) {
            cli_usage_error(cmd, "%s",
                            _("--resume takes the board and who begins from the record: leave "
                              "out --size, --k, --first and --o-starts"));
            return CLI_EXIT_USAGE;
        }
        int st = cli_read_record(cmd, s->resume, &s->resumed);
        if (st != CLI_EXIT_OK) return st;
        ttt_state end = record_final_state(&s->resumed);
        if (end != TTT_STATE_X_TO_MOVE && end != TTT_STATE_O_TO_MOVE) {
            cli_usage_error(cmd, _("%s: the game is over; there is nothing to resume"), s->resume);
            return CLI_EXIT_USAGE;
        }
        s->size = s->resumed.size;
        s->k = s->resumed.k;
        s->first_player = s->resumed.first;
    } else {
        s->size = g->shared.size;
        int st = cli_shared_k(&g->shared, cmd, s->size, &s->k);
        if (st != CLI_EXIT_OK) return st;
    }
    if (s->two_humans && (s->verbose || g->depth)) {
        cli_usage_error(cmd, _("--verbose shows the computer's search; there is no computer "
                               "with --opponent human"));
        return CLI_EXIT_USAGE;
    }
    if (s->two_humans && g->first_role) {
        cli_usage_error(cmd, _("--first human|computer chooses between you and the computer; "
                               "with --opponent human use --first o to let O begin"));
        return CLI_EXIT_USAGE;
    }
    if (g->depth) s->verbose = 1;
    if (!cli_ai_choice_apply(&s->ai, s->size, s->k)) return CLI_EXIT_FAILURE;
    s->ai.opts.deadline_ms = g->shared.time_ms;
    return CLI_EXIT_OK;
}

/* Parses the command line into @p s. Returns CLI_EXIT_OK to play, -1 after
 * printing help, or CLI_EXIT_USAGE. */
static int parse_settings(int argc, char **argv, play_settings *s)
{
    const char *cmd = "play";
    const char *value = NULL;
    int opt;
    given_options g;
    memset(&g, 0, sizeof g);
    cli_shared_init(&g.shared, DEFAULT_THINK_MS, MAX_THINK_MS);
    memset(s, 0, sizeof *s);
    s->first_player = TTT_PLAYER_X;
    s->verbose_depth = DEFAULT_VERBOSE_DEPTH;
    /* The desktop game's default too: a newcomer can win, and unbeatable
     * is one option away. */
    cli_ai_choice_init(&s->ai, TTT_DIFFICULTY_MEDIUM);
    s->seed = game_seed_from_clock(); /* varies from run to run unless --seed is given */
    snprintf(s->difficulty, sizeof s->difficulty, "medium");
    snprintf(s->difficulty_key, sizeof s->difficulty_key, "medium");

    cli_parser p;
    cli_parser_init(&p, argc, argv, cmd);
    while ((opt = cli_parser_next(&p, PLAY_OPTIONS, OPT_COUNT, &value)) != CLI_ARG_END) {
        switch (opt) {
        case CLI_ARG_ERROR: return CLI_EXIT_USAGE;
        case CLI_ARG_POSITIONAL:
            cli_usage_error(cmd, _("unexpected argument '%s'"), value);
            return CLI_EXIT_USAGE;
        case OPT_HELP: return -1;
        case OPT_FIRST: {
            ttt_player before = s->first_player;
            if (!parse_first(cmd, value, s, &g.first_role)) return CLI_EXIT_USAGE;
            if (s->first_player != before || strcasecmp(value, "x") == 0) g.board = 1;
            break;
        }
        case OPT_O_STARTS:
            s->first_player = TTT_PLAYER_O;
            g.board = 1;
            break;
        case OPT_SIZE:
            if (!cli_shared_read(&g.shared, cmd, CLI_SHARED_SIZE, value)) return CLI_EXIT_USAGE;
            g.board = 1;
            break;
        case OPT_K:
            if (!cli_shared_read(&g.shared, cmd, CLI_SHARED_K, value)) return CLI_EXIT_USAGE;
            g.board = 1;
            break;
        case OPT_DIFFICULTY:
            if (!cli_parse_difficulty(cmd, "--difficulty", value, &s->ai)) return CLI_EXIT_USAGE;
            /* A level is shown by name, a bare probability with its meaning. */
            if (isdigit((unsigned char)value[0]) || value[0] == '.')
                snprintf(s->difficulty, sizeof s->difficulty, _("mistake probability %s"), value);
            else
                snprintf(s->difficulty, sizeof s->difficulty, "%s", value);
            snprintf(s->difficulty_key, sizeof s->difficulty_key, "%s", value);
            for (char *c = s->difficulty_key; *c; c++)
                *c = (char)tolower((unsigned char)*c);
            break;
        case OPT_SEED:
            if (!cli_parse_seed(cmd, "--seed", value, &s->seed)) return CLI_EXIT_USAGE;
            break;
        case OPT_OPPONENT:
            if (!parse_opponent(cmd, value, s)) return CLI_EXIT_USAGE;
            break;
        case OPT_TIME:
            if (!cli_shared_read(&g.shared, cmd, CLI_SHARED_TIME, value)) return CLI_EXIT_USAGE;
            break;
        case OPT_RESUME: s->resume = value; break;
        case OPT_SAVE: s->save = value; break;
        case OPT_VERBOSE: s->verbose = 1; break;
        case OPT_VERBOSE_DEPTH:
            if (!cli_parse_int(cmd, "--verbose-depth", value, 1, CLI_TRACE_DEPTH_MAX,
                               &s->verbose_depth))
                return CLI_EXIT_USAGE;
            g.depth = 1;
            break;
        default: return CLI_EXIT_FAILURE; /* a table entry without a case */
        }
    }
    return finish_settings(cmd, &g, s);
}

/* "X" or "X (you)" / "O (computer)" for messages. */
static void describe(const play_session *ps, ttt_player who, char *buf, size_t cap)
{
    if (ps->computer == TTT_PLAYER_NONE)
        snprintf(buf, cap, "%c", cli_player_char(who));
    else
        snprintf(buf, cap, who == ps->computer ? _("%c (computer)") : _("%c (you)"),
                 cli_player_char(who));
}

static void print_intro(const play_session *ps)
{
    const play_settings *s = &ps->settings;
    if (ps->games > 1) {
        /* TRANSLATORS: the start of another game in the same session. */
        printf(_("Game %d: %c moves first.\n\n"), ps->games, cli_player_char(s->first_player));
        return;
    }
    printf(_("Tic-tac-toe on a %dx%d board: %d in a row wins.\n"), s->size, s->size, s->k);
    if (ps->computer == TTT_PLAYER_NONE) {
        fputs(_("Two players: X and O take turns at this keyboard.\n"), stdout);
    } else {
        printf(_("You are %c; the computer is %c (difficulty: %s, seed %llu).\n"),
               cli_player_char(ttt_player_other(ps->computer)), cli_player_char(ps->computer),
               s->difficulty, (unsigned long long)s->seed);
    }
    printf(_("%c moves first. Type a move as 'row column' (from 1, e.g. '2 3') or as the\n"
             "number shown in an empty square; 'q' quits.\n\n"),
           cli_player_char(s->first_player));
    if (s->resume) {
        /* TRANSLATORS: %s is the game record's file; then how many moves
           it holds and who is to move. */
        printf(P_("Resumed from %s: %d move played; %c to move.\n\n",
                  "Resumed from %s: %d moves played; %c to move.\n\n", s->resumed.move_count),
               s->resume, s->resumed.move_count, cli_player_char(ttt_game_turn(ps->game)));
    }
}

/* Asks the engine for the computer's move, printing the trace if asked.
 * Returns TTT_OK with the move in *move. */
static ttt_status computer_move(play_session *ps, ttt_pos *move)
{
    ttt_ai_options opts = ps->settings.ai.opts;
    int count = ttt_game_move_count(ps->game);
    /* One seed per move, so a --seed replays the whole game. */
    opts.seed = cli_seed_mix(ps->settings.seed,
                             (uint64_t)count + (uint64_t)(ps->games - 1) * TTT_MAX_SQUARES);
    cli_trace trace;
    cli_trace_init(&trace, ps->game);
    if (ps->settings.verbose) cli_trace_attach(&trace, &opts, ps->settings.verbose_depth);

    ttt_ai_result r;
    TTT_INIT(&r);
    ttt_status st = ttt_ai_move(ps->ai, ps->game, &opts, &r);
    if (st == TTT_OK && ps->settings.verbose) {
        printf(P_("The computer's search, %d move deep (outcome for the player who moved,\n"
                  "both players' moves counted from now):\n",
                  "The computer's search, %d moves deep (outcome for the player who moved,\n"
                  "both players' moves counted from now):\n",
                  ps->settings.verbose_depth),
               ps->settings.verbose_depth);
        cli_trace_print(&trace, stdout);
        char text[LABEL_MAX];
        cli_outcome_text(r.outcome, r.plies, text, sizeof text);
        printf(r.stopped ? _("Positions visited: %llu; expected outcome of its move: %s (search "
                             "cut short).\n")
                         : _("Positions visited: %llu; expected outcome of its move: %s.\n"),
               (unsigned long long)r.nodes, text);
    }
    cli_trace_free(&trace);
    if (st == TTT_OK) *move = r.move;
    return st;
}

/* Reads lines until one is a legal move for the player to move. Returns
 * CLI_INPUT_MOVE with the move, CLI_INPUT_QUIT, or reports the end of input
 * through *end (EOF, interrupt, error). */
static cli_command_kind human_move(play_session *ps, ttt_player who, ttt_pos *move,
                                   cli_read_status *end)
{
    char line[CLI_LINE_MAX], name[LABEL_MAX];
    int size = ps->settings.size;
    describe(ps, who, name, sizeof name);
    for (;;) {
        printf(_("%s, your move (row column, 1-%d, or square 1-%d): "), name, size, size * size);
        if (fflush(stdout) != 0) {
            *end = CLI_READ_ERROR;
            return CLI_INPUT_INVALID;
        }
        cli_read_status rs = cli_read_line(stdin, line, sizeof line);
        if (rs == CLI_READ_TOO_LONG || rs == CLI_READ_NUL) {
            printf(
                "%s\n%s\n", ps->echo_input ? "..." : "",
                rs == CLI_READ_NUL
                    ? _("Not accepted: that line has a NUL byte in it; type a move such as '2 3'.")
                    : _("That line is too long; type a move such as '2 3'."));
            continue;
        }
        if (rs != CLI_READ_OK) {
            *end = rs;
            return CLI_INPUT_INVALID;
        }
        /* What was typed, shown back harmlessly (escape sequences included). */
        if (ps->echo_input) {
            textesc_write(stdout, line);
            putchar('\n');
        }
        cli_input in;
        cli_parse_move(ps->game, line, &in);
        switch (in.kind) {
        case CLI_INPUT_MOVE: *move = in.pos; return CLI_INPUT_MOVE;
        case CLI_INPUT_QUIT: return CLI_INPUT_QUIT;
        case CLI_INPUT_HELP:
            fputs(_("Type the row and the column, counted from 1 at the top left ('2 3' is\n"
                    "row 2, column 3), or the number shown in an empty square. 'q' quits.\n"),
                  stdout);
            break;
        case CLI_INPUT_INVALID:
            textesc_printf(stdout, _("Not accepted: %s. Try again."), in.reason);
            putchar('\n');
            break;
        }
    }
}

/* Announces the end of a finished game. */
static void print_result(const play_session *ps)
{
    ttt_player winner = ttt_game_winner(ps->game);
    if (winner == TTT_PLAYER_NONE) {
        printf(_("Draw: the board is full and nobody has %d in a row.\n"), ps->settings.k);
    } else if (ps->computer == TTT_PLAYER_NONE) {
        printf(_("%c wins!\n"), cli_player_char(winner));
    } else if (winner == ps->computer) {
        printf(_("%c wins: the computer wins this one.\n"), cli_player_char(winner));
    } else {
        printf(_("%c wins: you win! Well played.\n"), cli_player_char(winner));
    }
}

/* Writes the game so far to --save's file, if one was given. Returns 0
 * after reporting a failure. */
static int save_game(const play_session *ps)
{
    const play_settings *s = &ps->settings;
    if (!s->save) return 1;
    record r;
    record_init(&r);
    record_from_game(&r, ps->game);
    if (ps->computer == TTT_PLAYER_NONE) {
        r.mode = RECORD_MODE_TWO_PLAYERS;
    } else {
        r.mode = RECORD_MODE_HUMAN_VS_COMPUTER;
        r.human = ttt_player_other(ps->computer);
        snprintf(r.difficulty, sizeof r.difficulty, "%s", s->difficulty_key);
    }
    return cli_write_record("play", s->save, &r);
}

/* How a game ended, when it did not end on the board. */
typedef enum game_end {
    GAME_FINISHED = 0, /* Won or drawn. */
    GAME_LEFT,         /* 'q', or the end of input: said goodbye. */
    GAME_STOPPED       /* Ctrl-C, or a failure: the status says which. */
} game_end;

/* Plays until the game ends or the player leaves; returns the exit status
 * and, in *end, how it ended. */
static int play_game(play_session *ps, game_end *end_how)
{
    ttt_player who;
    *end_how = GAME_STOPPED;
    print_intro(ps);
    if (cli_board_print(stdout, ps->game, CLI_BOARD_NUMBERS | CLI_BOARD_WINNING_LINE) != TTT_OK)
        return CLI_EXIT_FAILURE;
    while ((who = ttt_game_turn(ps->game)) != TTT_PLAYER_NONE) {
        ttt_pos move = {0, 0};
        printf("\n");
        if (who == ps->computer) {
            ttt_status st = computer_move(ps, &move);
            if (cli_signal_interrupted()) break;
            if (st != TTT_OK) {
                fprintf(stderr, _("ttt play: the computer could not move: %s\n"),
                        cli_status_text(st));
                return CLI_EXIT_FAILURE;
            }
            printf(_("%c (computer) plays row %d, column %d (square %d).\n"), cli_player_char(who),
                   move.row + 1, move.col + 1, cli_square_number(ps->settings.size, move));
        } else {
            cli_read_status end = CLI_READ_OK;
            cli_command_kind kind = human_move(ps, who, &move, &end);
            if (kind == CLI_INPUT_QUIT) {
                printf(_("%c leaves the game. Goodbye!\n"), cli_player_char(who));
                *end_how = GAME_LEFT;
                return CLI_EXIT_OK;
            }
            if (kind != CLI_INPUT_MOVE) {
                if (end == CLI_READ_INTERRUPTED) break;
                if (end == CLI_READ_EOF) {
                    printf("\n%s", _("End of input: the game is left unfinished. Goodbye!\n"));
                    *end_how = GAME_LEFT;
                    return CLI_EXIT_OK;
                }
                if (end == CLI_READ_ENDLESS) {
                    fprintf(stderr,
                            _("ttt play: the input has no line end in %d bytes; is it a "
                              "file of moves, one per line?\n"),
                            CLI_LINE_SKIP_MAX);
                    return CLI_EXIT_FAILURE;
                }
                fputs(_("ttt play: cannot read the move: input or output error\n"), stderr);
                return CLI_EXIT_FAILURE;
            }
        }
        ttt_status st = ttt_game_move(ps->game, move, NULL);
        if (st != TTT_OK) { /* cannot happen: both kinds of move were checked */
            fprintf(stderr, _("ttt play: move refused: %s\n"), cli_status_text(st));
            return CLI_EXIT_FAILURE;
        }
        if (!save_game(ps)) return CLI_EXIT_FAILURE;
        printf("\n");
        if (cli_board_print(stdout, ps->game, CLI_BOARD_NUMBERS | CLI_BOARD_WINNING_LINE) != TTT_OK)
            return CLI_EXIT_FAILURE;
    }
    if (cli_signal_interrupted()) {
        printf("\n%s", _("Interrupted (Ctrl-C): the game is left unfinished. Goodbye!\n"));
        return CLI_EXIT_INTERRUPTED;
    }
    printf("\n");
    print_result(ps);
    *end_how = GAME_FINISHED;
    return CLI_EXIT_OK;
}

/* The session's score after a game. */
static void print_score(play_session *ps)
{
    ttt_player winner = ttt_game_winner(ps->game);
    if (winner == TTT_PLAYER_NONE)
        ps->draws++;
    else
        ps->wins[winner]++;
    if (ps->computer == TTT_PLAYER_NONE)
        /* TRANSLATORS: the score after each game between two players. */
        printf(_("Score: X %d, O %d, draws %d.\n"), ps->wins[TTT_PLAYER_X], ps->wins[TTT_PLAYER_O],
               ps->draws);
    else
        /* TRANSLATORS: the score after each game against the computer. */
        printf(_("Score: you %d, the computer %d, draws %d.\n"),
               ps->wins[ttt_player_other(ps->computer)], ps->wins[ps->computer], ps->draws);
}

/* Is @p line a yes: y, yes, or the language's own words? */
static int is_yes(const char *line)
{
    char word[ANSWER_WORD_MAX];
    size_t n = 0;
    while (*line == ' ' || *line == '\t')
        line++;
    while (line[n] && line[n] != ' ' && line[n] != '\t' && n + 1 < sizeof word) {
        word[n] = (char)tolower((unsigned char)line[n]);
        n++;
    }
    word[n] = '\0';
    /* TRANSLATORS: the short and the long answer "yes" to "Play again?",
       in lower case; y and yes are understood too. */
    return n > 0 && (strcmp(word, "y") == 0 || strcmp(word, "yes") == 0 ||
                     strcmp(word, _("y")) == 0 || strcmp(word, _("yes")) == 0);
}

/* Asks for another game. Returns 1 for yes; 0 after saying goodbye. */
static int ask_rematch(play_session *ps)
{
    char line[CLI_LINE_MAX];
    printf("\n%s", _("Play again? (y/n): "));
    if (fflush(stdout) != 0) return 0;
    cli_read_status rs = cli_read_line(stdin, line, sizeof line);
    if (rs == CLI_READ_OK && ps->echo_input) printf("%s\n", line);
    if (rs == CLI_READ_OK && is_yes(line)) return 1;
    if (rs != CLI_READ_OK && ps->echo_input) printf("\n");
    printf("%s\n", _("Goodbye!"));
    return 0;
}

/* Games until the player stops: each finished game offers another, with
 * the other player beginning. Returns the exit status. */
static int play_session_games(play_session *ps)
{
    for (;;) {
        ps->games++;
        game_end how = GAME_STOPPED;
        int status = play_game(ps, &how);
        if (how != GAME_FINISHED) return status;
        print_score(ps);
        if (!ask_rematch(ps)) return CLI_EXIT_OK;
        /* The same board and sides; the other player begins. */
        if (ttt_game_size(ps->game) != ps->settings.size) return CLI_EXIT_FAILURE;
        ttt_game_start_next(ps->game);
        ps->settings.first_player = ttt_game_first_player(ps->game);
        printf("\n");
    }
}

/* Who the computer is: as the options say; resuming, the record's
 * computer, or else the side not to move (you take over the side to move). */
static ttt_player choose_computer(const play_settings *s, const ttt_game *game)
{
    if (s->two_humans) return TTT_PLAYER_NONE;
    if (s->resume) {
        if (s->resumed.mode == RECORD_MODE_HUMAN_VS_COMPUTER && s->resumed.human != TTT_PLAYER_NONE)
            return ttt_player_other(s->resumed.human);
        return ttt_player_other(ttt_game_turn(game));
    }
    return s->computer_moves_first ? s->first_player : ttt_player_other(s->first_player);
}

int cli_play_main(int argc, char **argv)
{
    play_session ps;
    memset(&ps, 0, sizeof ps);
    int status = parse_settings(argc, argv, &ps.settings);
    if (status < 0) {
        fputs(_(PLAY_HELP), stdout);
        return cli_finish(CLI_EXIT_OK);
    }
    if (status != CLI_EXIT_OK) return status;

    const play_settings *s = &ps.settings;
    ttt_status st = s->resume ? record_to_game(&s->resumed, &ps.game)
                              : ttt_game_new(s->size, s->k, s->first_player, NULL, &ps.game);
    if (st == TTT_ERR_NOMEM) return cli_out_of_memory("play");
    if (st != TTT_OK) {
        cli_usage_error("play", _("cannot start a %dx%d game with k = %d: %s"), s->size, s->size,
                        s->k, cli_status_text(st));
        return CLI_EXIT_USAGE;
    }
    ps.computer = choose_computer(s, ps.game);
    ps.echo_input = !cli_stdin_is_terminal();
    ttt_cancel *cancel = ttt_cancel_new(NULL);
    ps.ai = ttt_ai_context_new(NULL, 0);
    if (!cancel || !ps.ai) {
        fputs(_("ttt play: out of memory\n"), stderr);
        ttt_cancel_free(cancel);
        ttt_ai_context_free(ps.ai);
        ttt_game_free(ps.game);
        return CLI_EXIT_FAILURE;
    }
    ps.settings.ai.opts.cancel = cancel;
    if (!cli_signal_install(cancel)) {
        fputs(_("ttt play: warning: cannot catch Ctrl-C; it will end the game abruptly\n"), stderr);
    }
    status = play_session_games(&ps);
    cli_signal_uninstall();
    ttt_cancel_free(cancel);
    ttt_ai_context_free(ps.ai);
    ttt_game_free(ps.game);
    return cli_finish(status);
}
