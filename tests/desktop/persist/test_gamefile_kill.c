/*
 * test_gamefile_kill.c (was test_kill.c) - a game in progress is never lost (issue 22): the real
 * app, in a child process, plays a long two-player game on 8x8 (k = 8, so nobody wins early), one
 * move after another, each written to the game file by the saver's thread; the test kills the child
 * with SIGKILL at a random moment, over and over (the game is long: until the engine calls the
 * draw, 57 moves). After every kill the game file must read as a whole game record (never empty,
 * half written or missing), hold the moves played in their order, and lack at most the move being
 * made: the child reports each move once its save is done, so the file has the moves reported, or
 * one more. Then the app is started on the file and the game is on the board.
 *
 * POSIX only (fork, kill); SDL's dummy video driver in the children.
 */
#define _POSIX_C_SOURCE 200809L /* fork, kill, mkdtemp, nanosleep */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "app_driver.h"
#include "gamefile.h"

/* Rounds of play and kill, and the longest a child plays before the kill. */
#define ROUNDS 24
#define MAX_PLAY_MS 400

static char dir[256], game_path[512];

/* The squares in the order they are played: every square once, spread
 * over the board. */
static ttt_pos square(int i)
{
    int j = (i * 37) % 64; /* 37 is prime to 64: a permutation */
    return (ttt_pos){j / 8, j % 8};
}

static void tweak(app_config *cfg, void *user)
{
    (void)user;
    cfg->game_path = game_path;
}

/* The child: plays on until killed, writing the number of moves saved to
 * @p fd after each one. */
static void play_until_killed(int fd)
{
    settings s = two_players(8);
    assert_true(settings_set(&s, "k", "8", NULL, 0));
    app_state *app = start_with(&s, tweak, NULL);
    steps(app, 2);
    for (int i = 0; i < 64; i++) {
        ttt_pos p = square(i);
        /* The engine calls a draw once no line can be finished. */
        if (ttt_game_over(app->play.game)) break;
        assert_true(play_click(&app->play, p.row, p.col));
        steps(app, 1); /* hands the game file a snapshot */
        if (!app_wait_for_saves(app, 10000)) _exit(3);
        int n = i + 1;
        if (write(fd, &n, sizeof n) != (ssize_t)sizeof n) _exit(4);
    }
    stop(app);
    _exit(0);
}

/* Sleep @p ms milliseconds. */
static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0 && errno == EINTR) {
    }
}

static void test_kill_at_any_moment(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/ttt-kill-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(game_path, sizeof game_path, "%s/settings.ttt", dir);
    unsigned seed = (unsigned)time(NULL);
    printf("seed %u\n", seed);
    srand(seed);
    int mid_save = 0;
    for (int round = 0; round < ROUNDS; round++) {
        remove(game_path);
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        fflush(NULL);
        pid_t child = fork();
        assert_true(child >= 0);
        if (child == 0) {
            close(fds[0]);
            play_until_killed(fds[1]);
        }
        close(fds[1]);
        /* Let it play a while, a different while each round. */
        int flags = fcntl(fds[0], F_GETFL);
        fcntl(fds[0], F_SETFL, flags | O_NONBLOCK);
        int reported = 0, n = 0;
        long wait = 30 + rand() % MAX_PLAY_MS;
        for (long waited = 0; waited < wait; waited++) {
            sleep_ms(1);
            while (read(fds[0], &n, sizeof n) == (ssize_t)sizeof n)
                reported = n;
        }
        assert_int_equal(kill(child, SIGKILL), 0);
        int status = 0;
        assert_int_equal(waitpid(child, &status, 0), child);
        while (read(fds[0], &n, sizeof n) == (ssize_t)sizeof n)
            reported = n;
        close(fds[0]);
        assert_true(WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) == 0));
        record r;
        char why[300];
        gamefile_status st = gamefile_read(game_path, &r, why, sizeof why);
        if (reported == 0 && st == GAMEFILE_MISSING) continue; /* killed before a first save */
        if (st != GAMEFILE_LOADED)
            fail_msg("round %d: after %d moves saved, the game file is %d: %s", round, reported,
                     (int)st, why);
        if (r.move_count != reported && r.move_count != reported + 1)
            fail_msg("round %d: %d moves saved, the file has %d", round, reported, r.move_count);
        mid_save += r.move_count == reported + 1;
        for (int i = 0; i < r.move_count; i++) {
            ttt_pos p = square(i);
            assert_int_equal(r.moves[i].row, p.row);
            assert_int_equal(r.moves[i].col, p.col);
        }
        assert_int_equal(r.size, 8);
        assert_int_equal(r.k, 8);
        assert_int_equal(r.mode, RECORD_MODE_TWO_PLAYERS);
    }
    printf("%d rounds, %d killed between a move and its save\n", ROUNDS, mid_save);

    /* The app started on what the file holds has that game on the board. */
    record r;
    char why[300];
    if (gamefile_read(game_path, &r, why, sizeof why) == GAMEFILE_LOADED) {
        settings s = two_players(3);
        app_config cfg;
        app_config_defaults(&cfg);
        cfg.fixed_step_ms = STEP_MS;
        cfg.pace_frames = false;
        cfg.assets_dir = TTT_TEST_ASSETS_DIR;
        cfg.args.width = 600;
        cfg.args.height = 700;
        cfg.game_path = game_path;
        cfg.resume = r.move_count > 0 ? &r : NULL;
        app_state *app = calloc(1, sizeof *app);
        assert_non_null(app);
        assert_true(app_init(app, &s, &cfg));
        steps(app, 2);
        if (r.move_count > 0) {
            assert_int_equal(ttt_game_size(app->play.game), 8);
            assert_int_equal(mark_count(app), r.move_count);
            for (int i = 0; i < r.move_count; i++)
                assert_int_not_equal(owner(app, r.moves[i].row, r.moves[i].col), TTT_PLAYER_NONE);
        }
        stop(app);
    }
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kill_at_any_moment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
