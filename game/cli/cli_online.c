/* cli_online.c - `ttt online`: a room on a ttt-server played in the
 * terminal, with `ttt play`'s board and move parser, over the client
 * library (game/net/net_client.h). The library runs the connection on its
 * own thread, reconnects and resumes by itself; this file waits
 * (online_wait(), cli_online_wait.c) for the library's events and, when it
 * is the player's turn or a game has ended, for standard input.
 *
 * The seat's token is kept in a file (online_state_path()), so `ttt online
 * resume`, or `join` with the same code, takes the same seat back after the
 * program was closed. Built only where the client library is (TTT_NET):
 * Linux and Windows, not the browser. Its messages are in English only for now
 * (not yet in the catalogues). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef _WIN32
#include <direct.h>
#include <windows.h>
#define online_mkdir(dir) _mkdir(dir)
#else
#define online_mkdir(dir) mkdir(dir, 0700)
#endif

#include "board_defaults.h"
#include "cli.h"
#include "cli_args.h"
#include "cli_board.h"
#include "cli_input.h"
#include "cli_online.h"
#include "cli_online_wait.h"
#include "cli_signal.h"
#include "net_client.h"
#include "ttt/ttt.h"

/* The server when neither --server nor TTT_SERVER says: one on this machine
 * (ttt-server's default port). */
#define ONLINE_DEFAULT_SERVER "ws://localhost:7682/"
#define ONLINE_URL_MAX 512
#define ONLINE_PATH_MAX 1024

static const char ONLINE_HELP[] =
    "Usage: ttt online create [--size N] [--k K] [--first me|friend] [--server URL]\n"
    "       ttt online join CODE [--server URL]\n"
    "       ttt online watch CODE [--server URL]\n"
    "       ttt online resume [--server URL]\n"
    "\n"
    "Play a friend on another device through a ttt-server. 'create' opens a\n"
    "room and shows its code; your friend types 'ttt online join CODE' (or\n"
    "opens the server's page). Anyone else who joins watches.\n"
    "\n"
    "Options:\n"
    "  --server URL     the server, ws://HOST:PORT/ or wss://HOST/ (default: the\n"
    "                   TTT_SERVER environment variable, else " ONLINE_DEFAULT_SERVER ")\n"
    "  --size N         board size, 3 to 8 (create; default 3)\n"
    "  --k K            marks in a line to win, 3 to N (create)\n"
    "  --first WHO      who moves first in the first game: me (default) or friend\n"
    "  -h, --help       show this help\n"
    "\n"
    "Moves as in 'ttt play': 'row column' from 1 or the square's number.\n"
    "'resign' gives the game up; after a game, 'y' asks for a rematch (sides\n"
    "swap). 'q' or Ctrl-C leaves: the seat stays yours, and 'ttt online resume'\n"
    "(or 'join CODE' again) takes it back. A dropped connection is retried by\n"
#ifdef _WIN32
    "itself. The seat's token is kept in %LOCALAPPDATA%\\ttt\\online\n"
    "(TTT_ONLINE_STATE names another file).\n"
#else
    "itself. The seat's token is kept in $XDG_STATE_HOME/ttt/online (or\n"
    "~/.local/state/ttt/online; TTT_ONLINE_STATE names another file).\n"
#endif
    "\n"
    "Exit status: 0 when the game ends or is left, 1 when the server refuses\n"
    "or cannot be reached for good, 2 for bad arguments, 130 after Ctrl-C.\n";

typedef enum online_mode { ONLINE_CREATE, ONLINE_JOIN, ONLINE_WATCH, ONLINE_RESUME } online_mode;

typedef struct online {
    online_mode mode;
    char server[ONLINE_URL_MAX];
    char code[PROTO_CODE_LEN + 1];
    char token[PROTO_TOKEN_LEN + 1];
    int size, k, creator_first;
    net_client *net;
    int seat; /* -2 until joined, -1 watching */
    proto_state state;
    int have_state;
    ttt_game *game;
    int prompted; /* the prompt for this position was shown */
    int input_eof;
    int reconnecting; /* a "connection lost" line was shown */
    int rematch_asked;
    int shown_moves, shown_game, shown_status; /* what was printed last */
    int shown_connected;                       /* the friend's presence shown */
    int interactive;                           /* standard input is a terminal */
} online;

/* The file that keeps the seat: TTT_ONLINE_STATE, or the XDG state dir
 * (%LOCALAPPDATA%\ttt on Windows). */
static int online_state_path(char *buf, size_t cap, int make_dir)
{
    const char *env = getenv("TTT_ONLINE_STATE");
    char dir[ONLINE_PATH_MAX];
    if (env != NULL && env[0] != '\0') {
        return snprintf(buf, cap, "%s", env) < (int)cap ? 0 : -1;
    }
#ifdef _WIN32
    {
        /* %LOCALAPPDATA%\ttt: the seat belongs to this machine. */
        const char *local = getenv("LOCALAPPDATA");
        if (local == NULL || local[0] == '\0') {
            return -1;
        }
        snprintf(dir, sizeof dir, "%s/ttt", local);
    }
#else
    {
        const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
        if (xdg != NULL && xdg[0] == '/') {
            snprintf(dir, sizeof dir, "%s/ttt", xdg);
        } else if (home != NULL && home[0] != '\0') {
            snprintf(dir, sizeof dir, "%s/.local/state/ttt", home);
        } else {
            return -1;
        }
    }
#endif
    if (make_dir) {
        /* Each level of ~/.local/state/ttt, quietly if it exists. */
        char *p;
        for (p = dir + 1; *p; p++) {
            if (*p == '/') {
                *p = '\0';
                (void)online_mkdir(dir);
                *p = '/';
            }
        }
        (void)online_mkdir(dir);
    }
    return snprintf(buf, cap, "%s/online", dir) < (int)cap ? 0 : -1;
}

/* Reads the kept seat: 0 when there is one for @p server. */
static int state_load(const char *server, char code[PROTO_CODE_LEN + 1],
                      char token[PROTO_TOKEN_LEN + 1])
{
    char path[ONLINE_PATH_MAX], url[ONLINE_URL_MAX], c[32], t[64];
    FILE *f;
    int ok;
    if (online_state_path(path, sizeof path, 0) != 0 || (f = fopen(path, "r")) == NULL) {
        return -1;
    }
    ok = fscanf(f, "server %511s\ncode %31s\ntoken %63s\n", url, c, t) == 3 &&
         strcmp(url, server) == 0 && proto_code_valid(c) && proto_token_valid(t);
    fclose(f);
    if (!ok) {
        return -1;
    }
    memcpy(code, c, PROTO_CODE_LEN + 1);
    memcpy(token, t, PROTO_TOKEN_LEN + 1);
    return 0;
}

static void state_save(const online *o)
{
    char path[ONLINE_PATH_MAX], tmp[ONLINE_PATH_MAX + 8];
    FILE *f;
    if (online_state_path(path, sizeof path, 1) != 0) {
        return;
    }
    snprintf(tmp, sizeof tmp, "%s.new", path);
    f = fopen(tmp, "w");
    if (f == NULL) {
        fprintf(stderr, "ttt online: cannot keep the seat in %s: %s\n", tmp, strerror(errno));
        return;
    }
    (void)chmod(tmp, 0600); /* the token is the seat: the user's alone */
    fprintf(f, "server %s\ncode %s\ntoken %s\n", o->server, o->code, o->token);
#ifdef _WIN32
    /* rename() does not replace a file on Windows. */
    if (fclose(f) != 0 || !MoveFileExA(tmp, path, MOVEFILE_REPLACE_EXISTING)) {
#else
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
#endif
        fprintf(stderr, "ttt online: cannot keep the seat in %s\n", path);
    }
}

static int my_mark_is_x(const online *o)
{
    return o->seat == o->state.x_seat;
}

static char seat_mark(const online *o, int seat)
{
    return seat == o->state.x_seat ? 'X' : 'O';
}

static int game_over(const online *o)
{
    return o->have_state && o->state.status != PROTO_STATUS_WAITING &&
           o->state.status != PROTO_STATUS_PLAYING;
}

static int my_turn(const online *o)
{
    return o->seat >= 0 && o->have_state && o->game != NULL &&
           o->state.status == PROTO_STATUS_PLAYING &&
           (ttt_game_turn(o->game) == TTT_PLAYER_X) == my_mark_is_x(o);
}

static void print_result(const online *o)
{
    int winner_seat = -1;
    if (o->state.status == PROTO_STATUS_DRAW) {
        printf("Draw: the board is full and nobody has %d in a row.\n", o->state.k);
    } else {
        winner_seat =
            (o->state.status == PROTO_STATUS_X_WON) ? o->state.x_seat : 1 - o->state.x_seat;
        if (o->state.resigned >= 0) {
            printf("%c resigns: %c wins.\n", seat_mark(o, o->state.resigned),
                   seat_mark(o, winner_seat));
        } else {
            printf("%c wins!", seat_mark(o, winner_seat));
            if (o->seat >= 0) {
                printf(winner_seat == o->seat ? " You win! Well played.\n"
                                              : " Your friend wins.\n");
            } else {
                printf("\n");
            }
        }
    }
    if (o->seat >= 0) {
        printf("Score: you %d, your friend %d, draws %d.\n", o->state.score[o->seat],
               o->state.score[1 - o->seat], o->state.score[2]);
    } else {
        printf("Score: seat 1 %d, seat 2 %d, draws %d.\n", o->state.score[0], o->state.score[1],
               o->state.score[2]);
    }
}

/* Shows what changed in a new state. */
static void on_state(online *o, const proto_state *st)
{
    ttt_game *g = NULL;
    int friend_seat = o->seat >= 0 ? 1 - o->seat : -1;
    if (proto_state_replay(st, &g) != TTT_OK) {
        fprintf(stderr, "ttt online: the server sent a game that is not legal; ignored\n");
        return;
    }
    ttt_game_free(o->game);
    o->game = g;
    o->state = *st;
    o->have_state = 1;
    if (friend_seat >= 0 && st->taken[friend_seat] &&
        st->connected[friend_seat] != o->shown_connected) {
        o->shown_connected = st->connected[friend_seat];
        printf(o->shown_connected ? "Your friend is here.\n"
                                  : "Your friend has left; the seat is kept for them.\n");
    }
    if (st->status == PROTO_STATUS_WAITING) {
        if (o->shown_status != (int)PROTO_STATUS_WAITING) {
            printf("Waiting for your friend: they type 'ttt online join %s'.\n", st->code);
            o->shown_status = PROTO_STATUS_WAITING;
        }
        return;
    }
    if (st->game == o->shown_game && st->moves == o->shown_moves &&
        (int)st->status == o->shown_status) {
        return;
    }
    if (st->game != o->shown_game) {
        o->rematch_asked = 0;
        printf("\nGame %d on a %dx%d board, %d in a row wins. X moves first.", st->game, st->size,
               st->size, st->k);
        if (o->seat >= 0) {
            printf(" You are %c.\n", seat_mark(o, o->seat));
        } else {
            printf(" You are watching.\n");
        }
    }
    if (st->moves > 0 && st->game == o->shown_game && st->moves == o->shown_moves + 1) {
        ttt_pos last = st->move[st->moves - 1];
        printf("%c plays row %d, column %d.\n", st->moves % 2 == 1 ? 'X' : 'O', last.row + 1,
               last.col + 1);
    }
    o->shown_game = st->game;
    o->shown_moves = st->moves;
    o->shown_status = (int)st->status;
    o->prompted = 0;
    printf("\n");
    (void)cli_board_print(stdout, o->game, CLI_BOARD_NUMBERS | CLI_BOARD_WINNING_LINE);
    printf("\n");
    if (game_over(o)) {
        print_result(o);
    } else if (o->seat >= 0 && !my_turn(o)) {
        printf("Your friend's move...\n");
    }
}

/* Handles one line typed by the player; returns 1 to leave. */
static int on_line(online *o, const char *line)
{
    cli_input in;
    proto_request q;
    memset(&q, 0, sizeof q);
    if (strcmp(line, "q") == 0 || strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0) {
        return 1;
    }
    if (strcmp(line, "h") == 0 || strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
        printf("Type 'row column' (from 1) or a square's number; 'resign' gives up; 'q' leaves "
               "(the seat stays yours).\n");
        o->prompted = 0;
        return 0;
    }
    if (game_over(o)) {
        if (line[0] == 'y' || line[0] == 'Y') {
            q.type = PROTO_REQ_REMATCH;
            (void)net_client_send(o->net, &q);
            o->rematch_asked = 1;
            printf("Rematch asked; waiting for your friend (sides swap).\n");
            return 0;
        }
        return 1;
    }
    if (strcmp(line, "resign") == 0) {
        q.type = PROTO_REQ_RESIGN;
        (void)net_client_send(o->net, &q);
        return 0;
    }
    if (line[0] == '\0') {
        return 0;
    }
    if (!my_turn(o)) {
        printf("Not your turn: wait for your friend's move.\n");
        return 0;
    }
    cli_parse_move(o->game, line, &in);
    if (in.kind != CLI_INPUT_MOVE) {
        printf("Not accepted: %s. Try again.\n", in.kind == CLI_INPUT_INVALID ? in.reason : "?");
        o->prompted = 0;
        return 0;
    }
    q.type = PROTO_REQ_MOVE;
    q.row = in.pos.row;
    q.col = in.pos.col;
    q.ply = o->state.moves;
    (void)net_client_send(o->net, &q);
    /* Wait for the server's state before prompting again. */
    o->prompted = 1;
    return 0;
}

/* Handles one event; returns -1 to stop with a failure, 1 to stop. */
static int on_event(online *o, const net_event *ev)
{
    switch (ev->type) {
    case NET_EV_CONNECTED:
        if (o->reconnecting) {
            printf("Connected again.\n");
            o->reconnecting = 0;
        }
        return 0;
    case NET_EV_DISCONNECTED:
        if (!o->reconnecting) {
            printf("Connection to %s lost; reconnecting...\n", o->server);
            o->reconnecting = 1;
        }
        return 0;
    case NET_EV_STOPPED:
        fprintf(stderr, "ttt online: the server cannot be used; giving up\n");
        return -1;
    case NET_EV_REPLY: break;
    }
    switch (ev->reply.type) {
    case PROTO_REP_JOINED:
        if (o->seat == -2) {
            memcpy(o->code, ev->reply.code, sizeof o->code);
            o->seat = ev->reply.seat;
            if (o->seat >= 0) {
                memcpy(o->token, ev->reply.token, sizeof o->token);
                state_save(o);
                printf("Room %s: you hold seat %d. Your friend joins with 'ttt online join "
                       "%s'.\n",
                       o->code, o->seat + 1, o->code);
            } else {
                printf("Room %s: you are watching.\n", o->code);
            }
            fflush(stdout);
        }
        return 0;
    case PROTO_REP_STATE:
        on_state(o, &ev->reply.state);
        if (o->seat < 0 && game_over(o)) {
            return 1;
        }
        return 0;
    case PROTO_REP_ERROR:
        fprintf(stderr, "ttt online: the server says: %s (%s)\n", ev->reply.message,
                ev->reply.reason);
        if (o->seat == -2) {
            return -1; /* the room could not be had */
        }
        o->prompted = 0;
        return 0;
    default: return 0;
    }
}

static void show_prompt(online *o)
{
    if (o->prompted || o->input_eof) {
        return;
    }
    if (my_turn(o)) {
        printf("%c, your move (row column, 1-%d, or square 1-%d): ", seat_mark(o, o->seat),
               o->state.size, o->state.size * o->state.size);
        o->prompted = 1;
    } else if (game_over(o) && o->seat >= 0 && !o->rematch_asked) {
        printf("Play again (sides swap)? (y/n): ");
        o->prompted = 1;
    }
    fflush(stdout);
}

/* Piped input is read only when a line is due (a script's moves wait for
 * their turn); a person at a terminal may type at any time ('q', 'resign',
 * or a move too early, which is refused). */
static int wants_input(const online *o)
{
    if (o->input_eof) {
        return 0;
    }
    if (o->interactive && o->seat >= 0) {
        return 1;
    }
    return o->prompted && (my_turn(o) || (game_over(o) && !o->rematch_asked));
}

static int run(online *o)
{
    proto_request q;
    char err[256];
    int status = CLI_EXIT_OK;

    if (net_client_start(o->server, "ttt " TTT_VERSION_STRING, &o->net, err, sizeof err) != 0) {
        cli_usage_error("online", "%s", err);
        return CLI_EXIT_USAGE;
    }
    memset(&q, 0, sizeof q);
    switch (o->mode) {
    case ONLINE_CREATE:
        q.type = PROTO_REQ_CREATE;
        q.size = o->size;
        q.k = o->k;
        q.creator_first = o->creator_first;
        break;
    case ONLINE_JOIN:
    case ONLINE_RESUME:
        q.type = o->token[0] != '\0' ? PROTO_REQ_RESUME : PROTO_REQ_JOIN;
        memcpy(q.code, o->code, sizeof q.code);
        memcpy(q.token, o->token, sizeof q.token);
        break;
    case ONLINE_WATCH:
        q.type = PROTO_REQ_WATCH;
        memcpy(q.code, o->code, sizeof q.code);
        break;
    }
    o->interactive = cli_stdin_is_terminal();
    printf("Connecting to %s...\n", o->server);
    fflush(stdout);
    (void)net_client_send(o->net, &q);
    if (!cli_signal_install(NULL)) {
        fputs("ttt online: warning: cannot catch Ctrl-C\n", stderr);
    }
    for (;;) {
        char line[CLI_LINE_MAX];
        cli_read_status rs = CLI_READ_OK;
        net_event ev;
        online_wait_result n;
        int stop = 0;
        while (!stop && net_client_poll(o->net, &ev)) {
            int rc = on_event(o, &ev);
            if (rc < 0) {
                status = CLI_EXIT_FAILURE;
                stop = 1;
            } else if (rc > 0) {
                stop = 1;
            }
        }
        fflush(stdout);
        if (stop) {
            break;
        }
        if (o->input_eof && game_over(o)) {
            break;
        }
        show_prompt(o);
        n = online_wait(o->net, wants_input(o), line, sizeof line, &rs);
        if (cli_signal_interrupted()) {
            printf("\nInterrupted (Ctrl-C): the seat stays yours; 'ttt online resume' goes on.\n");
            status = CLI_EXIT_INTERRUPTED;
            break;
        }
        if (n == ONLINE_WAIT_LINE) {
            o->prompted = 0;
            if (rs == CLI_READ_OK) {
                if (!cli_stdin_is_terminal()) {
                    printf("%s\n", line);
                }
                if (on_line(o, line)) {
                    printf("You leave the room; the seat stays yours ('ttt online resume').\n");
                    break;
                }
            } else if (rs == CLI_READ_EOF || rs == CLI_READ_ERROR || rs == CLI_READ_ENDLESS) {
                o->input_eof = 1;
                if (!game_over(o)) {
                    printf("\nEnd of input: you leave the room; the seat stays yours.\n");
                    break;
                }
            } else if (rs == CLI_READ_INTERRUPTED) {
                continue;
            } else {
                printf("Not accepted: that line is too long.\n");
            }
        }
    }
    cli_signal_uninstall();
    net_client_stop(o->net);
    ttt_game_free(o->game);
    return cli_finish(status);
}

int cli_online_main(int argc, char **argv)
{
    static const cli_option options[] = {
        {"server", 0, 1}, {"size", 0, 1}, {"k", 0, 1}, {"first", 0, 1}, {"help", 'h', 0},
    };
    cli_parser p;
    online *o = calloc(1, sizeof *o);
    const char *value, *env = getenv("TTT_SERVER");
    int opt, k_given = 0, status;
    int positional = 0;

    if (o == NULL) {
        return cli_out_of_memory("online");
    }
    o->seat = -2;
    o->size = 3;
    o->creator_first = 1;
    o->shown_status = -1;
    snprintf(o->server, sizeof o->server, "%s",
             env != NULL && env[0] != '\0' ? env : ONLINE_DEFAULT_SERVER);
    cli_parser_init(&p, argc, argv, "online");
    while ((opt = cli_parser_next(&p, options, sizeof options / sizeof options[0], &value)) !=
           CLI_ARG_END) {
        if (opt == CLI_ARG_ERROR) {
            free(o);
            return CLI_EXIT_USAGE;
        }
        if (opt == CLI_ARG_POSITIONAL) {
            if (positional == 0) {
                if (strcmp(value, "create") == 0) {
                    o->mode = ONLINE_CREATE;
                } else if (strcmp(value, "join") == 0) {
                    o->mode = ONLINE_JOIN;
                } else if (strcmp(value, "watch") == 0) {
                    o->mode = ONLINE_WATCH;
                } else if (strcmp(value, "resume") == 0) {
                    o->mode = ONLINE_RESUME;
                } else {
                    cli_usage_error("online", "'%s' is none of create, join, watch, resume", value);
                    free(o);
                    return CLI_EXIT_USAGE;
                }
            } else if (positional == 1 && (o->mode == ONLINE_JOIN || o->mode == ONLINE_WATCH)) {
                size_t i;
                char code[PROTO_CODE_LEN + 1];
                snprintf(code, sizeof code, "%s", value);
                for (i = 0; code[i]; i++) {
                    code[i] =
                        (char)(code[i] >= 'a' && code[i] <= 'z' ? code[i] - 'a' + 'A' : code[i]);
                }
                if (strlen(value) != PROTO_CODE_LEN || !proto_code_valid(code)) {
                    cli_usage_error("online", "'%s' is not a room code (%d characters of %s)",
                                    value, PROTO_CODE_LEN, PROTO_CODE_ALPHABET);
                    free(o);
                    return CLI_EXIT_USAGE;
                }
                memcpy(o->code, code, sizeof o->code);
            } else {
                cli_usage_error("online", "unexpected argument '%s'", value);
                free(o);
                return CLI_EXIT_USAGE;
            }
            positional++;
            continue;
        }
        switch (opt) {
        case 0: snprintf(o->server, sizeof o->server, "%s", value); break;
        case 1:
            if (!cli_parse_size("online", "--size", value, &o->size)) {
                free(o);
                return CLI_EXIT_USAGE;
            }
            break;
        case 2:
            if (!cli_parse_int("online", "--k", value, TTT_MIN_K, TTT_MAX_SIZE, &o->k)) {
                free(o);
                return CLI_EXIT_USAGE;
            }
            k_given = 1;
            break;
        case 3:
            if (strcmp(value, "me") == 0) {
                o->creator_first = 1;
            } else if (strcmp(value, "friend") == 0) {
                o->creator_first = 0;
            } else {
                cli_usage_error("online", "--first: '%s' is neither 'me' nor 'friend'", value);
                free(o);
                return CLI_EXIT_USAGE;
            }
            break;
        case 4:
            fputs(ONLINE_HELP, stdout);
            free(o);
            return cli_finish(CLI_EXIT_OK);
        default: break;
        }
    }
    if (positional == 0) {
        cli_usage_error("online", "missing create, join CODE, watch CODE or resume");
        free(o);
        return CLI_EXIT_USAGE;
    }
    if ((o->mode == ONLINE_JOIN || o->mode == ONLINE_WATCH) && positional < 2) {
        cli_usage_error("online", "join and watch need the room's code");
        free(o);
        return CLI_EXIT_USAGE;
    }
    if (!k_given) {
        o->k = board_default_k(o->size);
    }
    if (o->k > o->size) {
        cli_usage_error("online", "--k %d is longer than the board's side %d", o->k, o->size);
        free(o);
        return CLI_EXIT_USAGE;
    }
    if (o->mode == ONLINE_RESUME) {
        if (state_load(o->server, o->code, o->token) != 0) {
            cli_usage_error("online", "no room kept for %s to resume", o->server);
            free(o);
            return CLI_EXIT_USAGE;
        }
    } else if (o->mode == ONLINE_JOIN) {
        /* Joining the room one holds a seat in takes that seat back. */
        char code[PROTO_CODE_LEN + 1], token[PROTO_TOKEN_LEN + 1];
        if (state_load(o->server, code, token) == 0 && strcmp(code, o->code) == 0) {
            memcpy(o->token, token, sizeof o->token);
        }
    }
    status = run(o);
    free(o);
    return status;
}
