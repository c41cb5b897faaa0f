/*
 * test_online_app.c - the desktop game online, end to end: the real app
 * loop (SDL's dummy driver, fixed-step clock) in a room on a real
 * ttt-server started on a free loopback port (tests/server/harness.h),
 * against a friend on the client library (what `ttt online` uses). The
 * app's lobby creates the room and joins by code (a bad code gets the
 * server's error, shown); a whole game, a watcher and a rematch; the app
 * watching a full room; hosting on this network; a server
 * killed with SIGKILL and restarted, after which both come back and
 * finish; the app quit mid-game and started again, back in its seat.
 *
 * No clocks: every wait polls the app one pass at a time, with an
 * iteration guard far above what is needed (a failure guard, never a
 * deadline that a slow machine could hit on a good run).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app_driver.h"
#include "app_online.h"
#include "harness.h"
#include "input.h"
#include "screen_game.h"
#include "screen_gamemenu.h"
#include "screen_online.h"
#include "screen_speech.h"
#include "screens.h"
#include "speech.h"

/* Passes of the loop a network wait may take: each pass yields the CPU
 * for a moment so the client's and the server's threads run. */
#define NET_GUARD 60000
#define YIELD_MS 1

#define STEP_UNTIL(app, cond)                                                                      \
    do {                                                                                           \
        for (int guard_ = 0; !(cond); guard_++) {                                                  \
            if (guard_ >= NET_GUARD) fail_msg("never came: %s", #cond);                            \
            steps((app), 1);                                                                       \
            SDL_Delay(YIELD_MS);                                                                   \
        }                                                                                          \
    } while (0)

/* Each test's server, settings file and server URL. */
typedef struct world {
    test_server srv;
    char settings_path[400];
    char url[64];
} world;

static void tweak(app_config *cfg, void *user)
{
    world *w = user;
    cfg->settings_path = w->settings_path;
    cfg->args.server = w->url;
}

static app_state *start_app(world *w)
{
    settings s = two_players(3);
    return start_with(&s, tweak, w);
}

static void world_open(world *w)
{
    memset(w, 0, sizeof *w);
    server_start(&w->srv, 0, NULL);
    snprintf(w->settings_path, sizeof w->settings_path, "%s/settings.ini", w->srv.dir);
    snprintf(w->url, sizeof w->url, "ws://127.0.0.1:%d/", w->srv.port);
}

static void world_close(world *w)
{
    server_stop(&w->srv, 1);
    server_cleanup(&w->srv);
}

static int moves_on_board(const app_state *app)
{
    return ttt_game_move_count(app->play.game);
}

/* Through the game menu's entry to the lobby, then its Create row. */
static void create_room(app_state *app)
{
    input_do(app, APP_ACTION_MENU);
    steps(app, 2);
    assert_true(app_showing(app, SCREEN_GAMEMENU));
    click_rect(app, app->gamemenu_screen.layout.rows[GAMEMENU_ONLINE]);
    steps(app, 2);
    assert_true(app_showing(app, SCREEN_ONLINE));
    click_rect(app, app->online_screen.layout.rows[ONLINE_CREATE]);
    steps(app, 1);
    STEP_UNTIL(app, app_online_code(app)[0] != '\0' && app_online_states(app) > 0);
    assert_int_equal(app_online_seat(app), 0);
    assert_true(app->play.online);
    assert_non_null(strstr(app->view.game.status, "Waiting for your friend"));
    char link[APP_ONLINE_TEXT_MAX];
    app_online_link(app, link, sizeof link);
    assert_non_null(strstr(link, "/#join="));
    assert_non_null(strstr(link, app_online_code(app)));
    /* Back to the board. */
    input_do(app, APP_ACTION_BACK);
    steps(app, 1);
    assert_false(app_showing(app, SCREEN_ONLINE));
}

/* The friend joins the app's room. */
static void friend_joins(test_client *b, const world *w, const app_state *app)
{
    client_open(b, &w->srv);
    send_code(b, PROTO_REQ_JOIN, app_online_code(app));
    (void)client_expect(b, PROTO_REP_JOINED);
    assert_int_equal(b->seat, 1);
}

/* X (the app) wins along the top row; O (the friend) plays the middle row. */
static const int GAME[5][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};

/* Plays GAME's moves @p from .. @p to - 1: the app's by a click, the
 * friend's on the client library; each seen by both before the next. */
static void play_moves(app_state *app, test_client *b, int game, int from, int to)
{
    for (int i = from; i < to; i++) {
        if (i % 2 == 0) {
            STEP_UNTIL(app, app->view.game.person_to_move);
            click_square(app, GAME[i][0], GAME[i][1]);
        } else {
            send_move(b, GAME[i][0], GAME[i][1]);
        }
        STEP_UNTIL(app, moves_on_board(app) == i + 1);
        client_wait_moves(b, game, i + 1);
    }
}

/* A whole game against the client, a watcher, and a rematch with sides
 * swapped. */
static void test_game_against_client(void **state)
{
    (void)state;
    world w;
    world_open(&w);
    settings vs = two_players(3);
    vs.mode = SETTINGS_MODE_HUMAN_VS_COMPUTER;
    app_state *app = start_with(&vs, tweak, &w);
    create_room(app);
    test_client b;
    friend_joins(&b, &w, app);
    STEP_UNTIL(app, app->view.game.person_to_move);
    assert_string_equal(app->view.game.status, "Your move \xE2\x80\x94 you are X");

    /* A click out of turn is refused here: nothing reaches the server. */
    play_moves(app, &b, 1, 0, 1);
    click_square(app, 2, 2);
    steps(app, 3);
    assert_int_equal(moves_on_board(app), 1);

    test_client watcher;
    client_open(&watcher, &w.srv);
    send_code(&watcher, PROTO_REQ_WATCH, app_online_code(app));
    (void)client_expect(&watcher, PROTO_REP_JOINED);
    assert_int_equal(watcher.seat, -1);

    play_moves(app, &b, 1, 1, 5);
    STEP_UNTIL(app, app->play.game_over);
    assert_int_equal(b.state.status, PROTO_STATUS_X_WON);
    client_wait_moves(&watcher, 1, 5);
    assert_int_equal(watcher.state.status, PROTO_STATUS_X_WON);
    steps(app, SETTLE_FRAMES);
    assert_string_equal(app->view.game.status, "You win!");
    assert_int_equal(app->view.game.score.wins[0], 1);
    assert_int_equal(app->view.game.score.wins[1], 0);
    /* The scores name the players as people, never the computer (the
     * local mode is set to play the computer). */
    assert_true(app->view.game.online);
    char score[SPEECH_TEXT_MAX];
    speech_score(&app->view.game, 0, score, sizeof score);
    assert_string_equal(score, "You (X): 1");
    speech_score(&app->view.game, 2, score, sizeof score);
    assert_string_equal(score, "Friend (O): 0");
    /* The local scores are not the room's. */
    assert_int_equal(PVP(app).wins[0], 0);
    assert_int_equal(app->view.game.strike_count, 1);

    /* Rematch: the app's New game asks, the friend agrees; sides swap. */
    screen_game_scene k;
    screen_game_scene_now(app, &k);
    assert_true(k.enabled[LAYOUT_BUTTON_NEW_GAME]);
    input_do(app, APP_ACTION_NEW_GAME);
    proto_request rm = {.type = PROTO_REQ_REMATCH};
    client_send(&b, &rm);
    STEP_UNTIL(app, !app->play.game_over && app->play.online_side == TTT_PLAYER_O);
    assert_string_equal(app->view.game.status, "Your friend's move (X)");
    send_move(&b, 1, 1);
    STEP_UNTIL(app, app->view.game.person_to_move);
    /* Resign from the lobby: the friend wins the second game. */
    input_do(app, APP_ACTION_MENU);
    steps(app, 1);
    input_do(app, APP_ACTION_ONLINE);
    steps(app, 1);
    assert_true(app_showing(app, SCREEN_ONLINE));
    assert_true(screen_online_enabled(app, ONLINE_RESIGN));
    /* The first press only asks; unanswered, the question runs out. */
    char label[VIEW_STATUS_MAX];
    click_rect(app, app->online_screen.layout.rows[ONLINE_RESIGN]);
    steps(app, 1);
    assert_true(screen_online_resign_armed(app));
    screen_online_label(app, ONLINE_RESIGN, label, sizeof label);
    assert_string_equal(label, "Resign? Press again to give up");
    steps(app, APP_RESIGN_CONFIRM_MS / STEP_MS + 2);
    assert_false(screen_online_resign_armed(app));
    assert_int_equal(app->online_screen.resign_armed_ms, 0);
    screen_online_label(app, ONLINE_RESIGN, label, sizeof label);
    assert_string_equal(label, "Resign");
    assert_false(app->play.game_over);
    /* Two presses resign. */
    click_rect(app, app->online_screen.layout.rows[ONLINE_RESIGN]);
    steps(app, 1);
    assert_false(app->play.game_over);
    click_rect(app, app->online_screen.layout.rows[ONLINE_RESIGN]);
    STEP_UNTIL(app, app->play.game_over);
    assert_int_equal(app->online_screen.resign_armed_ms, 0);
    steps(app, 1);
    assert_string_equal(app->view.game.status, "You resigned");
    /* One game each: the friend's as X now, the app's first as O now. */
    assert_int_equal(app->view.game.score.wins[0], 1);
    assert_int_equal(app->view.game.score.wins[1], 1);

    /* Leaving: a local game again. */
    click_rect(app, app->online_screen.layout.rows[ONLINE_LEAVE]);
    steps(app, 1);
    assert_false(app->play.online);
    assert_false(app_online_active(app));
    client_close(&watcher);
    client_close(&b);
    stop(app);
    world_close(&w);
}

/* The server killed mid-game and restarted on its port: both come back
 * and finish. Then the app quits mid-game and starts again: back in its
 * seat from the token kept beside the settings. */
static void test_server_killed_and_app_restarted(void **state)
{
    (void)state;
    world w;
    world_open(&w);
    app_state *app = start_app(&w);
    create_room(app);
    test_client b;
    friend_joins(&b, &w, app);
    play_moves(app, &b, 1, 0, 2);

    int port = w.srv.port;
    server_stop(&w.srv, 0); /* SIGKILL */
    STEP_UNTIL(app, strstr(app->view.game.status, "reconnecting") != NULL);
    server_start(&w.srv, port, NULL);
    STEP_UNTIL(app, app->view.game.person_to_move);
    assert_int_equal(moves_on_board(app), 2);
    play_moves(app, &b, 1, 2, 3);

    /* Quit mid-game; the friend sees the seat empty. */
    stop(app);
    client_wait_presence(&b, 0, 0);
    app = start_app(&w);
    STEP_UNTIL(app, app_online_seat(app) == 0 && moves_on_board(app) == 3);
    assert_true(app->play.online);
    client_wait_presence(&b, 0, 1);
    play_moves(app, &b, 1, 3, 5);
    STEP_UNTIL(app, app->play.game_over);
    assert_int_equal(b.state.status, PROTO_STATUS_X_WON);
    /* Left for good: the next start is a local game. */
    app_online_leave(app);
    stop(app);
    app = start_app(&w);
    steps(app, 3);
    assert_false(app->play.online);
    stop(app);
    client_close(&b);
    world_close(&w);
}

/* Types @p text into the lobby as SDL_TEXTINPUT events (a few bytes
 * each, as SDL sends them). */
static void type_text(app_state *app, const char *text)
{
    size_t len = strlen(text);
    for (size_t at = 0; at < len;) {
        SDL_Event ev;
        SDL_zero(ev);
        ev.type = SDL_TEXTINPUT;
        ev.text.windowID = SDL_GetWindowID(app->window);
        size_t n = SDL_min(len - at, sizeof ev.text.text - 1);
        memcpy(ev.text.text, text + at, n);
        at += n;
        assert_int_equal(SDL_PushEvent(&ev), 1);
        steps(app, 1);
    }
}

/* Join by code from the lobby: a bad code gets the server's error, shown;
 * a good one takes seat 1 in the friend's room. */
static void test_join_by_code(void **state)
{
    (void)state;
    world w;
    world_open(&w);
    test_client a;
    client_open(&a, &w.srv);
    send_create(&a, 3, 3);
    (void)client_expect(&a, PROTO_REP_JOINED);

    app_state *app = start_app(&w);
    input_do(app, APP_ACTION_ONLINE);
    steps(app, 1);
    assert_true(app_showing(app, SCREEN_ONLINE));
    /* Letters typed are the code, not the game's keys (S, R, M...). */
    type_text(app, "zzzz");
    press_key(app, SDLK_BACKSPACE);
    steps(app, 1);
    type_text(app, "zzz");
    assert_string_equal(app->online_screen.typed, "zzzzzz");
    assert_false(app_showing(app, SCREEN_STATS));
    /* Spoken at the join entry: the code, not the drawn cursor's "_". */
    app->online_screen.focus = ONLINE_JOIN;
    char spoken[VIEW_STATUS_MAX];
    screen_speech_focus(app, spoken, sizeof spoken);
    assert_string_equal(spoken, "Join the room, Room code: zzzzzz");
    press_key(app, SDLK_RETURN);
    STEP_UNTIL(app, app_online_error(app)[0] != '\0');
    assert_false(app_online_seat(app) >= 0);
    /* Not the shape of a code: said at once, nothing sent. */
    app->online_screen.typed[0] = '\0';
    type_text(app, "abc");
    click_rect(app, app->online_screen.layout.rows[ONLINE_JOIN]);
    steps(app, 1);
    assert_non_null(strstr(app_online_error(app), "6"));

    /* The friend's code, as an invite link. */
    app->online_screen.typed[0] = '\0';
    char link[128];
    snprintf(link, sizeof link, "http://127.0.0.1:%d/#join=%s", w.srv.port, a.code);
    type_text(app, link);
    click_rect(app, app->online_screen.layout.rows[ONLINE_JOIN]);
    STEP_UNTIL(app, app_online_seat(app) == 1 && app_online_states(app) > 0);
    client_wait_presence(&a, 1, 1);
    assert_int_equal(app_online_error(app)[0], '\0');
    /* The creator moves first: the app, O, waits. */
    send_move(&a, 1, 1);
    STEP_UNTIL(app, moves_on_board(app) == 1);
    assert_true(app->view.game.person_to_move);
    client_close(&a);
    stop(app);
    world_close(&w);
}

/* The app joins a room whose seats are taken: it watches, sees the moves,
 * and its clicks send nothing. */
static void test_watch_full_room(void **state)
{
    (void)state;
    world w;
    world_open(&w);
    test_client a, b;
    client_open(&a, &w.srv);
    send_create(&a, 3, 3);
    (void)client_expect(&a, PROTO_REP_JOINED);
    client_open(&b, &w.srv);
    send_code(&b, PROTO_REQ_JOIN, a.code);
    (void)client_expect(&b, PROTO_REP_JOINED);

    app_state *app = start_app(&w);
    input_do(app, APP_ACTION_ONLINE);
    steps(app, 1);
    type_text(app, a.code);
    press_key(app, SDLK_RETURN);
    STEP_UNTIL(app, app_online_states(app) > 0);
    assert_int_equal(app_online_seat(app), -1);
    send_move(&a, 0, 0);
    STEP_UNTIL(app, moves_on_board(app) == 1);
    assert_string_equal(app->view.game.status, "Watching: O to move");
    assert_false(app->view.game.person_to_move);
    /* A watcher has no rematch to ask for: New game is greyed out. */
    screen_game_scene k;
    screen_game_scene_now(app, &k);
    assert_false(k.enabled[LAYOUT_BUTTON_NEW_GAME]);
    assert_false(k.new_game_lit);
    click_square(app, 2, 2);
    steps(app, 3);
    send_move(&b, 1, 1);
    STEP_UNTIL(app, moves_on_board(app) == 2);
    client_wait_moves(&a, 1, 2);
    assert_int_equal(a.state.moves, 2); /* the watcher's click never became a move */
    client_close(&a);
    client_close(&b);
    stop(app);
    world_close(&w);
}

static void tweak_hosting(app_config *cfg, void *user)
{
    cfg->settings_path = user;
    cfg->args.server = NULL;
}

/* Host a game on this network: the server runs inside the game, on a free
 * port, its database beside the settings; a friend joins on the address
 * the lobby shows; the host quits and starts again: the server comes back
 * on the same port and both players are back in the room. */
static void test_host_on_this_network(void **state)
{
    (void)state;
    unsetenv("TTT_SERVER");
    char dir[] = "/tmp/ttt-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char settings_path[128], db[128], cmd[160];
    snprintf(settings_path, sizeof settings_path, "%s/settings.ini", dir);
    snprintf(db, sizeof db, "%s/online-host.sqlite", dir);
    settings s = two_players(3);
    app_state *app = start_with(&s, tweak_hosting, settings_path);
    input_do(app, APP_ACTION_ONLINE);
    steps(app, 1);
    click_rect(app, app->online_screen.layout.rows[ONLINE_HOST]);
    STEP_UNTIL(app, app_online_code(app)[0] != '\0' && app_online_states(app) > 0);
    char addresses[APP_ONLINE_TEXT_MAX];
    app_online_addresses(app, addresses, sizeof addresses);
    const char *colon = strrchr(addresses, ':');
    assert_non_null(colon);
    test_server ts;
    memset(&ts, 0, sizeof ts);
    ts.port = atoi(colon + 1);
    assert_true(ts.port > 0);
    FILE *f = fopen(db, "rb");
    assert_non_null(f);
    fclose(f);

    test_client b;
    client_open(&b, &ts);
    send_code(&b, PROTO_REQ_JOIN, app_online_code(app));
    (void)client_expect(&b, PROTO_REP_JOINED);
    /* The friend came: the lobby gives way to the board. */
    STEP_UNTIL(app, !app_showing(app, SCREEN_ONLINE));
    play_moves(app, &b, 1, 0, 2);

    /* The host quits mid-game and starts again. */
    stop(app);
    app = start_with(&s, tweak_hosting, settings_path);
    STEP_UNTIL(app, app_online_seat(app) == 0 && moves_on_board(app) == 2);
    app_online_addresses(app, addresses, sizeof addresses);
    colon = strrchr(addresses, ':');
    assert_non_null(colon);
    assert_int_equal(atoi(colon + 1), ts.port);
    client_wait_presence(&b, 0, 1);
    play_moves(app, &b, 1, 2, 5);
    STEP_UNTIL(app, app->play.game_over);
    client_close(&b);
    app_online_leave(app);
    stop(app);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_against_client),
        cmocka_unit_test(test_server_killed_and_app_restarted),
        cmocka_unit_test(test_join_by_code),
        cmocka_unit_test(test_watch_full_room),
        cmocka_unit_test(test_host_on_this_network),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
