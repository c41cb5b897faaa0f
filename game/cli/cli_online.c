/* cli_online.c - `ttt online`: a room on a ttt-server played in the
 * terminal, with `ttt play`'s board and move parser, over the client
 * library (game/net/net_client.h). The library runs the connection on its
 * own thread, reconnects and resumes by itself; this file waits
 * (online_wait(), cli_online_wait.c) for the library's events and, when it
 * is the player's turn or a game has ended, for standard input.
 *
 * The seat's token is kept in a file (cli_online_seat.c), so `ttt online
 * resume`, or `join` with the same code, takes the same seat back after the
 * program was closed. Built only where the client library is (TTT_NET):
 * Linux and Windows, not the browser. Its messages are in the ttt domain's
 * catalogues (po/ttt). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_defaults.h"
#include "cli.h"
#include "cli_args.h"
#include "cli_board.h"
#include "cli_input.h"
#include "cli_online.h"
#include "cli_online_seat.h"
#include "cli_online_wait.h"
#include "cli_signal.h"
#include "i18n.h"
#include "net_client.h"
#include "ttt/ttt.h"

/* The server when neither --server nor TTT_SERVER says: one on this machine
 * (ttt-server's default port). */
#define ONLINE_DEFAULT_SERVER "ws://localhost:7682/"

/* The help in three parts, each translated whole: the middle one (where
 * the seat is kept) differs by platform. */
static const char ONLINE_HELP[] =
    N_("Usage: ttt online create [--size N] [--k K] [--first me|friend] [--server URL]\n"
       "       ttt online join CODE [--server URL]\n"
       "       ttt online watch CODE [--server URL]\n"
       "       ttt online resume [--server URL]\n"
       "\n"
       "Play a friend on another device through a ttt-server. 'create' opens a\n"
       "room and shows its code; your friend types 'ttt online join CODE' (or\n"
       "opens the server's page). Anyone else who joins watches.\n"
       "\n"
       "Options:\n"
       "  --server URL     the server, ws://HOST:PORT/ or wss://HOST/; HOST:PORT\n"
       "                   alone is ws://HOST:PORT/ (default: the\n"
       "                   TTT_SERVER environment variable, else ws://localhost:7682/)\n"
       "  --size N         board size, 3 to 8 (create; default 3)\n"
       "  --k K            marks in a line to win, 3 to N (create)\n"
       "  --first WHO      who moves first in the first game: me (default) or friend\n"
       "  -h, --help       show this help\n"
       "\n"
       "Moves as in 'ttt play': 'row column' from 1 or the square's number.\n"
       "'resign' gives the game up; after a game, 'y' asks for a rematch (sides\n"
       "swap). 'q' or Ctrl-C leaves: the seat stays yours, and 'ttt online resume'\n"
       "(or 'join CODE' again) takes it back. A dropped connection is retried by\n"
       "itself.\n");
#ifdef _WIN32
/* xgettext:no-c-format */
static const char ONLINE_HELP_SEAT[] =
    N_("The seat's token is kept in %LOCALAPPDATA%\\ttt\\online\n"
       "(TTT_ONLINE_STATE names another file).\n");
#else
static const char ONLINE_HELP_SEAT[] =
    N_("The seat's token is kept in $XDG_STATE_HOME/ttt/online (or\n"
       "~/.local/state/ttt/online; TTT_ONLINE_STATE names another file).\n");
#endif
static const char ONLINE_HELP_EXIT[] =
    N_("Exit status: 0 when the game ends or is left, 1 when the server refuses\n"
       "or cannot be reached for good, 2 for bad arguments, 130 after Ctrl-C.\n");

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
    int shown_friend_rematch;                  /* "your friend asks for a rematch" shown */
    int server_given;                          /* --server or TTT_SERVER named the server */
    int shown_moves, shown_game, shown_status; /* what was printed last */
    int shown_connected;                       /* the friend's presence shown */
    int interactive;                           /* standard input is a terminal */
} online;

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
        printf(_("Draw: the board is full and nobody has %d in a row.\n"), o->state.k);
    } else {
        winner_seat =
            (o->state.status == PROTO_STATUS_X_WON) ? o->state.x_seat : 1 - o->state.x_seat;
        if (o->state.resigned >= 0) {
            /* TRANSLATORS: ttt online: X or O gave the game up; the other wins. */
            printf(_("%c resigns: %c wins.\n"), seat_mark(o, o->state.resigned),
                   seat_mark(o, winner_seat));
        } else if (o->seat < 0) {
            printf(_("%c wins!\n"), seat_mark(o, winner_seat));
        } else if (winner_seat == o->seat) {
            /* TRANSLATORS: ttt online: you won; %c is your mark, X or O. */
            printf(_("%c wins! You win! Well played.\n"), seat_mark(o, winner_seat));
        } else {
            /* TRANSLATORS: ttt online: the other player (a person) won; %c is
               their mark, X or O. */
            printf(_("%c wins! Your friend wins.\n"), seat_mark(o, winner_seat));
        }
    }
    if (o->seat >= 0) {
        printf(_("Score: you %d, your friend %d, draws %d.\n"), o->state.score[o->seat],
               o->state.score[1 - o->seat], o->state.score[2]);
    } else {
        printf(_("Score: seat 1 %d, seat 2 %d, draws %d.\n"), o->state.score[0], o->state.score[1],
               o->state.score[2]);
    }
}

/* The server's URL from what the user typed: "HOST:PORT" (as the desktop
 * game's lobby shows a hosted game) is taken as ws://HOST:PORT/. */
static void set_server(online *o, const char *value)
{
    if (strstr(value, "://") != NULL || value[0] == '\0') {
        snprintf(o->server, sizeof o->server, "%s", value);
    } else {
        snprintf(o->server, sizeof o->server, "ws://%s%s", value,
                 strchr(value, '/') != NULL ? "" : "/");
    }
}

/* The command a friend types to join: "ttt online join CODE", with the
 * server when it is not the one a friend's ttt uses by default. */
static void join_command(const online *o, char *buf, size_t cap)
{
    if (strcmp(o->server, ONLINE_DEFAULT_SERVER) != 0) {
        snprintf(buf, cap, "ttt online join %s --server %s", o->code, o->server);
    } else {
        snprintf(buf, cap, "ttt online join %s", o->code);
    }
}

/* After a join hint: this machine's own name means nothing on the
 * friend's, so a loopback server gets a note. */
static void print_remote_note(const online *o)
{
    const char *host = strstr(o->server, "://");
    host = host != NULL ? host + 3 : o->server;
    if (strncmp(host, "localhost", 9) == 0 || strncmp(host, "127.", 4) == 0 ||
        strncmp(host, "[::1]", 5) == 0) {
        const char *port = strchr(host[0] == '[' ? strchr(host, ']') : host, ':');
        int digits = port != NULL ? (int)strspn(port + 1, "0123456789") : 0;
        printf(" ");
        /* TRANSLATORS: ttt online, after the join hint; keep
           "--server ws://" and the port (%.*s) as they are. */
        printf(_("From another machine: --server ws://THIS-MACHINE'S-ADDRESS:%.*s/."),
               digits > 0 ? digits : 4, digits > 0 ? port + 1 : "PORT");
    }
}

/* Shows what changed in a new state. */
static void on_state(online *o, const proto_state *st)
{
    ttt_game *g = NULL;
    int friend_seat = o->seat >= 0 ? 1 - o->seat : -1;
    if (proto_state_replay(st, &g) != TTT_OK) {
        fputs(_("ttt online: the server sent a game that is not legal; ignored\n"), stderr);
        return;
    }
    ttt_game_free(o->game);
    o->game = g;
    o->state = *st;
    o->have_state = 1;
    if (friend_seat >= 0 && st->taken[friend_seat] &&
        st->connected[friend_seat] != o->shown_connected) {
        o->shown_connected = st->connected[friend_seat];
        fputs(o->shown_connected ? _("Your friend is here.\n")
                                 : _("Your friend has left; the seat is kept for them.\n"),
              stdout);
    }
    if (friend_seat >= 0 && st->status != PROTO_STATUS_WAITING &&
        st->status != PROTO_STATUS_PLAYING && st->rematch[friend_seat] &&
        !o->shown_friend_rematch && st->game == o->shown_game) {
        o->shown_friend_rematch = 1;
        if (!o->rematch_asked) {
            fputs(_("Your friend asks for a rematch (sides swap): 'y' accepts.\n"), stdout);
            o->prompted = 0;
        }
    }
    if (st->status == PROTO_STATUS_WAITING) {
        if (o->shown_status != (int)PROTO_STATUS_WAITING) {
            if (o->seat >= 0 && o->mode == ONLINE_CREATE) {
                fputs(_("Waiting for your friend.\n"), stdout); /* the room's line said how */
            } else if (o->seat >= 0) {
                char cmd[ONLINE_URL_MAX + 64];
                join_command(o, cmd, sizeof cmd);
                /* TRANSLATORS: ttt online; %s is the command to type. */
                printf(_("Waiting for your friend: they type '%s'."), cmd);
                print_remote_note(o);
                printf("\n");
            } else {
                fputs(_("Waiting for the second player.\n"), stdout);
            }
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
        o->shown_friend_rematch = 0;
        printf("\n");
        printf(_("Game %d on a %dx%d board, %d in a row wins. X moves first."), st->game, st->size,
               st->size, st->k);
        if (o->seat >= 0) {
            printf(" ");
            printf(_("You are %c.\n"), seat_mark(o, o->seat));
        } else {
            printf(" %s", _("You are watching.\n"));
        }
    }
    if (st->moves > 0 && st->game == o->shown_game && st->moves == o->shown_moves + 1) {
        ttt_pos last = st->move[st->moves - 1];
        printf(_("%c plays row %d, column %d.\n"), st->moves % 2 == 1 ? 'X' : 'O', last.row + 1,
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
        fputs(_("Your friend's move...\n"), stdout);
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
        /* TRANSLATORS: ttt online's help line; 'resign' and 'q' are typed
           as they are (not translated). */
        fputs(_("Type 'row column' (from 1) or a square's number; 'resign' gives up; 'q' leaves "
                "(the seat stays yours).\n"),
              stdout);
        o->prompted = 0;
        return 0;
    }
    if (game_over(o)) {
        /* "y" or "yes", in English or the language's words (as ttt play). */
        if (line[0] == 'y' || line[0] == 'Y' || strcmp(line, _("y")) == 0 ||
            strcmp(line, _("yes")) == 0) {
            q.type = PROTO_REQ_REMATCH;
            (void)net_client_send(o->net, &q);
            o->rematch_asked = 1;
            fputs(_("Rematch asked; waiting for your friend (sides swap).\n"), stdout);
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
        fputs(_("Not your turn: wait for your friend's move.\n"), stdout);
        return 0;
    }
    cli_parse_move(o->game, line, &in);
    if (in.kind != CLI_INPUT_MOVE) {
        printf(_("Not accepted: %s. Try again."), in.kind == CLI_INPUT_INVALID ? in.reason : "?");
        printf("\n");
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
            fputs(_("Connected again.\n"), stdout);
            o->reconnecting = 0;
            o->prompted = 0; /* the prompt again, under these lines */
        }
        return 0;
    case NET_EV_DISCONNECTED:
        if (!o->reconnecting) {
            printf(_("Connection to %s lost; reconnecting...\n"), o->server);
            o->reconnecting = 1;
        }
        return 0;
    case NET_EV_STOPPED:
        fputs(_("ttt online: the server cannot be used; giving up\n"), stderr);
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
                online_seat_save(o->server, o->code, o->token);
                printf(_("Room %s: you hold seat %d."), o->code, o->seat + 1);
                if (o->mode == ONLINE_CREATE) {
                    char cmd[ONLINE_URL_MAX + 64];
                    join_command(o, cmd, sizeof cmd);
                    printf(" ");
                    /* TRANSLATORS: ttt online; %s is the command to type. */
                    printf(_("Your friend joins with '%s'."), cmd);
                    print_remote_note(o);
                }
                printf("\n");
            } else {
                printf(_("Room %s: you are watching.\n"), o->code);
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
        /* TRANSLATORS: ttt online; the server's message (English) and its
           reason's code. */
        fprintf(stderr, _("ttt online: the server says: %s (%s)\n"), ev->reply.message,
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
        char name[2] = {seat_mark(o, o->seat), '\0'};
        printf(_("%s, your move (row column, 1-%d, or square 1-%d): "), name, o->state.size,
               o->state.size * o->state.size);
        o->prompted = 1;
    } else if (game_over(o) && o->seat >= 0 && !o->rematch_asked) {
        fputs(_("Play again (sides swap)? (y/n): "), stdout);
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
    printf(_("Connecting to %s...\n"), o->server);
    fflush(stdout);
    (void)net_client_send(o->net, &q);
    if (!cli_signal_install(NULL)) {
        fputs(_("ttt online: warning: cannot catch Ctrl-C\n"), stderr);
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
            printf("\n%s",
                   _("Interrupted (Ctrl-C): the seat stays yours; 'ttt online resume' goes on.\n"));
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
                    fputs(_("You leave the room; the seat stays yours ('ttt online resume').\n"),
                          stdout);
                    break;
                }
            } else if (rs == CLI_READ_EOF || rs == CLI_READ_ERROR || rs == CLI_READ_ENDLESS) {
                o->input_eof = 1;
                if (!game_over(o)) {
                    printf("\n%s", _("End of input: you leave the room; the seat stays yours.\n"));
                    break;
                }
            } else if (rs == CLI_READ_INTERRUPTED) {
                continue;
            } else {
                fputs(_("Not accepted: that line is too long.\n"), stdout);
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
    o->server_given = env != NULL && env[0] != '\0';
    set_server(o, o->server_given ? env : ONLINE_DEFAULT_SERVER);
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
                    cli_usage_error("online", _("'%s' is none of create, join, watch, resume"),
                                    value);
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
                    cli_usage_error("online", _("'%s' is not a room code (%d characters of %s)"),
                                    value, PROTO_CODE_LEN, PROTO_CODE_ALPHABET);
                    free(o);
                    return CLI_EXIT_USAGE;
                }
                memcpy(o->code, code, sizeof o->code);
            } else {
                cli_usage_error("online", _("unexpected argument '%s'"), value);
                free(o);
                return CLI_EXIT_USAGE;
            }
            positional++;
            continue;
        }
        switch (opt) {
        case 0:
            set_server(o, value);
            o->server_given = 1;
            break;
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
                cli_usage_error("online", _("--first: '%s' is neither 'me' nor 'friend'"), value);
                free(o);
                return CLI_EXIT_USAGE;
            }
            break;
        case 4:
            fputs(_(ONLINE_HELP), stdout);
            fputs(_(ONLINE_HELP_SEAT), stdout);
            fputs("\n", stdout);
            fputs(_(ONLINE_HELP_EXIT), stdout);
            free(o);
            return cli_finish(CLI_EXIT_OK);
        default: break;
        }
    }
    if (positional == 0) {
        cli_usage_error("online", "%s", _("missing create, join CODE, watch CODE or resume"));
        free(o);
        return CLI_EXIT_USAGE;
    }
    if ((o->mode == ONLINE_JOIN || o->mode == ONLINE_WATCH) && positional < 2) {
        cli_usage_error("online", "%s", _("join and watch need the room's code"));
        free(o);
        return CLI_EXIT_USAGE;
    }
    if (!k_given) {
        o->k = board_default_k(o->size);
    }
    if (o->k > o->size) {
        cli_usage_error("online", _("--k %d is longer than the board's side %d"), o->k, o->size);
        free(o);
        return CLI_EXIT_USAGE;
    }
    if (o->mode == ONLINE_RESUME) {
        if (online_seat_load(o->server, o->server_given, o->code, o->token) != 0) {
            cli_usage_error("online", _("no room kept for %s to resume"), o->server);
            free(o);
            return CLI_EXIT_USAGE;
        }
    } else if (o->mode == ONLINE_JOIN) {
        /* Joining the room one holds a seat in takes that seat back. */
        char code[PROTO_CODE_LEN + 1], token[PROTO_TOKEN_LEN + 1], url[ONLINE_URL_MAX];
        memcpy(url, o->server, sizeof url);
        if (online_seat_load(url, o->server_given, code, token) == 0 &&
            strcmp(code, o->code) == 0) {
            memcpy(o->token, token, sizeof o->token);
            memcpy(o->server, url, sizeof o->server); /* the kept server, unless one was named */
        }
    }
    status = run(o);
    free(o);
    return status;
}
