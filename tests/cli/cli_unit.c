/* cli_unit.c - unit tests of the terminal program's pure parts (move
 * parsing, option scanning, value conversion, seeds) and, on POSIX systems,
 * a test that Ctrl-C ends `ttt play` cleanly with status 130. */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L /* posix_spawn, kill, poll, nanosleep */
#endif

#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "board_defaults.h"
#include "cli_args.h"
#include "cli_board.h"
#include "clock.h"
#include "rng.h"
#include "cli_input.h"
#include "textesc.h"

#if !defined(_WIN32)
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#endif

/* Writable copies of string literals as an argument vector, as main()
 * receives it. */
#define TEST_ARGS_MAX 16
#define TEST_ARG_TEXT_MAX 256
typedef struct test_argv {
    char text[TEST_ARGS_MAX][TEST_ARG_TEXT_MAX];
    char *argv[TEST_ARGS_MAX + 1];
    int argc;
} test_argv;

/* Fills @p a with copies of @p words (NULL-terminated); returns a->argv. */
static char **test_argv_init(test_argv *a, const char *const *words)
{
    a->argc = 0;
    for (; words[a->argc] && a->argc < TEST_ARGS_MAX; a->argc++) {
        snprintf(a->text[a->argc], sizeof a->text[a->argc], "%s", words[a->argc]);
        a->argv[a->argc] = a->text[a->argc];
    }
    a->argv[a->argc] = NULL;
    return a->argv;
}

/* ---------------------------------------------------------------------- */
/* Move parsing                                                            */
/* ---------------------------------------------------------------------- */

/* A 3x3 game with X in the centre; O to move. */
static ttt_game *centre_game(void)
{
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    assert_int_equal(ttt_game_move(g, (ttt_pos){1, 1}, NULL), TTT_OK);
    return g;
}

static void expect_move(const ttt_game *g, const char *line, int row, int col)
{
    cli_input in;
    cli_parse_move(g, line, &in);
    assert_int_equal(in.kind, CLI_INPUT_MOVE);
    assert_int_equal(in.pos.row, row);
    assert_int_equal(in.pos.col, col);
}

static void expect_refusal(const ttt_game *g, const char *line, const char *reason)
{
    cli_input in;
    cli_parse_move(g, line, &in);
    assert_int_equal(in.kind, CLI_INPUT_INVALID);
    assert_non_null(strstr(in.reason, reason));
}

static void test_moves_accepted(void **state)
{
    (void)state;
    ttt_game *g = centre_game();
    expect_move(g, "1 1", 0, 0);
    expect_move(g, "  3   2  ", 2, 1);
    expect_move(g, "1,3", 0, 2);
    expect_move(g, "2, 1", 1, 0);
    expect_move(g, "1", 0, 0); /* squares count from 1, row by row */
    expect_move(g, "9", 2, 2);
    expect_move(g, "+4", 1, 0);
    expect_move(g, "3 3\r", 2, 2);
    ttt_game_free(g);
}

static void test_moves_refused(void **state)
{
    (void)state;
    ttt_game *g = centre_game();
    expect_refusal(g, "", "nothing typed");
    expect_refusal(g, " , ", "nothing typed");
    expect_refusal(g, "abc", "'abc' is not a number");
    expect_refusal(g, "1 b", "'b' is not a number");
    expect_refusal(g, "1.5", "'1.5' is not a number");
    expect_refusal(g, "0 2", "row 0 is outside the board (rows are 1 to 3)");
    expect_refusal(g, "2 4", "column 4 is outside the board (columns are 1 to 3)");
    expect_refusal(g, "-1 2", "row -1 is outside");
    expect_refusal(g, "0", "square 0 is outside the board (squares are 1 to 9)");
    expect_refusal(g, "99999999999999999999", "is outside the board");
    expect_refusal(g, "1 2 3", "too many numbers");
    expect_refusal(g, "2 2", "row 2, column 2 (square 5) is already taken by X");
    expect_refusal(g, "5", "already taken by X");
    ttt_game_free(g);
}

static void test_move_commands(void **state)
{
    (void)state;
    ttt_game *g = centre_game();
    cli_input in;
    const char *quits[] = {"q", "Quit", "EXIT"};
    for (size_t i = 0; i < sizeof quits / sizeof quits[0]; i++) {
        cli_parse_move(g, quits[i], &in);
        assert_int_equal(in.kind, CLI_INPUT_QUIT);
    }
    const char *helps[] = {"h", "help", "?"};
    for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++) {
        cli_parse_move(g, helps[i], &in);
        assert_int_equal(in.kind, CLI_INPUT_HELP);
    }
    cli_parse_move(g, "quitter", &in);
    assert_int_equal(in.kind, CLI_INPUT_INVALID);
    ttt_game_free(g);
}

static void test_moves_large_board_and_game_over(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(8, 5, TTT_PLAYER_X, NULL, &g), TTT_OK);
    expect_move(g, "8 8", 7, 7);
    expect_move(g, "64", 7, 7);
    expect_move(g, "10", 1, 1);
    expect_refusal(g, "65", "squares are 1 to 64");
    ttt_game_free(g);

    assert_int_equal(ttt_game_parse("xxx oo. ...", 3, 3, TTT_PLAYER_NONE, NULL, &g), TTT_OK);
    expect_refusal(g, "3 3", "the game is over");
    ttt_game_free(g);
}

/* ---------------------------------------------------------------------- */
/* Options and values                                                      */
/* ---------------------------------------------------------------------- */

enum { T_SIZE, T_FLAG, T_HELP, T_COUNT };
static const cli_option TEST_OPTIONS[T_COUNT] = {
    [T_SIZE] = {"size", 0, 1}, [T_FLAG] = {"flag", 0, 0}, [T_HELP] = {"help", 'h', 0}};

static void test_parser(void **state)
{
    (void)state;
    static const char *const words[] = {"cmd",       "--size", "4",  "--size=5", "-h",
                                        "---------", "--flag", "--", "--flag",   NULL};
    test_argv args;
    char **argv = test_argv_init(&args, words);
    cli_parser p;
    const char *value = NULL;
    cli_parser_init(&p, args.argc, argv, "test");
    assert_int_equal(cli_parser_next(&p, TEST_OPTIONS, T_COUNT, &value), T_SIZE);
    assert_string_equal(value, "4");
    assert_int_equal(cli_parser_next(&p, TEST_OPTIONS, T_COUNT, &value), T_SIZE);
    assert_string_equal(value, "5");
    assert_int_equal(cli_parser_next(&p, TEST_OPTIONS, T_COUNT, &value), T_HELP);
    /* A board of dashes is an argument, not an option. */
    assert_int_equal(cli_parser_next(&p, TEST_OPTIONS, T_COUNT, &value), CLI_ARG_POSITIONAL);
    assert_string_equal(value, "---------");
    assert_int_equal(cli_parser_next(&p, TEST_OPTIONS, T_COUNT, &value), T_FLAG);
    /* After "--" everything is positional. */
    assert_int_equal(cli_parser_next(&p, TEST_OPTIONS, T_COUNT, &value), CLI_ARG_POSITIONAL);
    assert_string_equal(value, "--flag");
    assert_int_equal(cli_parser_next(&p, TEST_OPTIONS, T_COUNT, &value), CLI_ARG_END);

    static const char *const bad[] = {"cmd", "--sizes", "3", NULL};
    cli_parser_init(&p, 3, test_argv_init(&args, bad), "test");
    assert_int_equal(cli_parser_next(&p, TEST_OPTIONS, T_COUNT, &value), CLI_ARG_ERROR);
    static const char *const missing[] = {"cmd", "--size", NULL};
    cli_parser_init(&p, 2, test_argv_init(&args, missing), "test");
    assert_int_equal(cli_parser_next(&p, TEST_OPTIONS, T_COUNT, &value), CLI_ARG_ERROR);
}

static void test_values(void **state)
{
    (void)state;
    int n = 0;
    assert_true(cli_parse_int("t", "--n", "42", 1, 100, &n));
    assert_int_equal(n, 42);
    assert_false(cli_parse_int("t", "--n", "101", 1, 100, &n));
    assert_false(cli_parse_int("t", "--n", "4x", 1, 100, &n));
    assert_false(cli_parse_int("t", "--n", "", 1, 100, &n));
    assert_false(cli_parse_int("t", "--n", " 4", 1, 100, &n));

    uint64_t seed = 0;
    assert_true(cli_parse_seed("t", "--seed", "18446744073709551615", &seed));
    assert_true(seed == UINT64_MAX);
    assert_false(cli_parse_seed("t", "--seed", "18446744073709551616", &seed));
    assert_false(cli_parse_seed("t", "--seed", "-1", &seed));

    int size = 0;
    assert_true(cli_parse_size("t", "--size", "8", &size));
    assert_int_equal(size, 8);
    assert_false(cli_parse_size("t", "--size", "2", &size));

    ttt_player p = TTT_PLAYER_NONE;
    assert_true(cli_parse_player("t", "--turn", "O", &p));
    assert_int_equal(p, TTT_PLAYER_O);
    assert_false(cli_parse_player("t", "--turn", "y", &p));
}

static void test_difficulty_and_agents(void **state)
{
    (void)state;
    cli_ai_choice c;
    cli_ai_choice_init(&c, TTT_DIFFICULTY_UNBEATABLE);
    assert_true(cli_parse_difficulty("t", "-d", "0.25", &c));
    assert_int_equal(c.preset, CLI_NO_PRESET);
    assert_int_equal(c.opts.agent, TTT_AGENT_MINIMAX);
    assert_true(c.opts.mistake_probability > 0.24 && c.opts.mistake_probability < 0.26);
    assert_false(cli_parse_difficulty("t", "-d", "-0.1", &c));
    assert_false(cli_parse_difficulty("t", "-d", "nan", &c));
    assert_false(cli_parse_difficulty("t", "-d", "silly", &c));

    /* A level is applied once the board is known. */
    assert_true(cli_parse_difficulty("t", "-d", "unbeatable", &c));
    assert_true(cli_ai_choice_apply(&c, 3, 3));
    assert_true(c.opts.mistake_probability == 0.0);
    assert_true(cli_parse_difficulty("t", "-d", "EASY", &c));
    assert_int_equal(c.preset, TTT_DIFFICULTY_EASY);
    assert_true(cli_ai_choice_apply(&c, 7, 5));
    assert_true(c.opts.mistake_probability > 0.0);
    assert_false(cli_ai_choice_apply(&c, 9, 5)); /* the engine refuses the board */

    assert_true(cli_parse_agent("t", "--x", "random", &c));
    assert_int_equal(c.opts.agent, TTT_AGENT_RANDOM);
    assert_int_equal(c.preset, CLI_NO_PRESET);
    assert_true(cli_parse_agent("t", "--x", "first-free", &c));
    assert_int_equal(c.opts.agent, TTT_AGENT_FIRST_FREE);
    assert_true(cli_parse_agent("t", "--x", "rules", &c));
    assert_int_equal(c.opts.agent, TTT_AGENT_RULES);
    assert_true(cli_parse_agent("t", "--x", "perfect", &c));
    assert_true(cli_ai_choice_apply(&c, 3, 3));
    assert_int_equal(c.opts.agent, TTT_AGENT_MINIMAX);
    assert_true(c.opts.mistake_probability == 0.0);
    assert_false(cli_parse_agent("t", "--x", "minimax", &c));
}

static void test_seed_mix_and_text(void **state)
{
    (void)state;
    /* Neighbouring counters must not give equal or merely shifted seeds. */
    assert_true(cli_seed_mix(1, 0) != cli_seed_mix(1, 1));
    assert_true(cli_seed_mix(1, 0) != cli_seed_mix(2, 0));
    assert_true(cli_seed_mix(7, 3) == cli_seed_mix(7, 3));

    char buf[32];
    cli_outcome_text(TTT_OUTCOME_WIN, 1, buf, sizeof buf);
    assert_string_equal(buf, "win in 1 move");
    cli_outcome_text(TTT_OUTCOME_LOSS, 4, buf, sizeof buf);
    assert_string_equal(buf, "loss in 4 moves");
    cli_outcome_text(TTT_OUTCOME_DRAW, 9, buf, sizeof buf);
    assert_string_equal(buf, "draw");
    assert_int_equal(cli_square_number(4, (ttt_pos){3, 3}), 16);
}

/* In English (no catalogue is loaded here), the words for each engine
 * status are the engine's own: the documentation quotes them. */
static void test_status_text_is_the_engines_in_english(void **state)
{
    (void)state;
    for (int st = TTT_OK; st <= TTT_ERR_STRUCT_SIZE + 1; st++)
        assert_string_equal(cli_status_text((ttt_status)st), ttt_status_message((ttt_status)st));
}

/* game/common: the programs' default line length, their generator and
 * clock (the engine keeps its own private ones). */
static void test_common_defaults_rng_clock(void **state)
{
    (void)state;
    static const int want[TTT_MAX_SIZE + 1] = {0, 0, 0, 3, 4, 4, 4, 5, 5};
    for (int size = TTT_MIN_SIZE; size <= TTT_MAX_SIZE; size++) {
        int k = board_default_k(size);
        assert_int_equal(k, want[size]);
        ttt_game *g = NULL;
        assert_int_equal(ttt_game_new(size, k, TTT_PLAYER_X, NULL, &g), TTT_OK);
        ttt_game_free(g);
    }
    assert_int_equal(board_default_k(TTT_MIN_SIZE - 1), 0);
    assert_int_equal(board_default_k(TTT_MAX_SIZE + 1), 0);

    /* The generator repeats for a seed and stays in range. */
    game_rng a = game_rng_seeded(42), b = game_rng_seeded(42), c = game_rng_seeded(43);
    int differ = 0, counts[7] = {0};
    for (int i = 0; i < 7000; i++) {
        uint64_t x = game_rng_next(&a);
        assert_true(x == game_rng_next(&b));
        differ += x != game_rng_next(&c);
        int r = game_rng_below(&a, 7);
        (void)game_rng_below(&b, 7);
        assert_true(r >= 0 && r < 7);
        counts[r]++;
    }
    assert_true(differ > 6990);
    for (int r = 0; r < 7; r++) /* 1000 expected each; 5 sigma is about 150 */
        assert_true(counts[r] > 850 && counts[r] < 1150);
    assert_int_equal(game_rng_below(&a, 1), 0);
    assert_int_equal(game_rng_below(&a, 0), 0);
    for (int i = 0; i < 100; i++) {
        assert_false(game_rng_chance(&a, 0.0));
        assert_true(game_rng_chance(&a, 1.0));
    }
    uint64_t t0 = game_clock_us(), t1 = game_clock_us();
    assert_true(t1 >= t0);
}

/* Columns are padded by characters on screen, not bytes, so translated
 * labels with accents line up. */
static void test_padding_counts_characters(void **state)
{
    (void)state;
    assert_int_equal(cli_text_width("draws"), 5);
    assert_int_equal(cli_text_width(""), 0);
    if (!setlocale(LC_CTYPE, "C.UTF-8")) skip();
    assert_int_equal(cli_text_width("\xc3\xa9galit\xc3\xa9s"), 8); /* "égalités" */
    assert_int_equal(cli_text_width("Niederlage in 3 Halbz\xc3\xbcgen"), 25);
    /* Bytes that are not UTF-8 count one each rather than stopping the count. */
    assert_int_equal(cli_text_width("a\xff"
                                    "b"),
                     3);

    FILE *f = tmpfile();
    assert_non_null(f);
    cli_print_padded(f, "\xc3\xa9t\xc3\xa9", 5, CLI_ALIGN_LEFT);
    fputs("|", f);
    cli_print_padded(f, "ab", 4, CLI_ALIGN_RIGHT);
    fputs("|", f);
    cli_print_padded(f, "toolong", 3, CLI_ALIGN_LEFT);
    rewind(f);
    char line[64] = "";
    assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    assert_string_equal(line, "\xc3\xa9t\xc3\xa9  |  ab|toolong");
    setlocale(LC_CTYPE, "C");
}

/* ---------------------------------------------------------------------- */
/* Ctrl-C                                                                  */
/* ---------------------------------------------------------------------- */

#if !defined(_WIN32)
/* How long to wait for the program's prompt or its exit. */
#define WAIT_MS 20000
/* Pause after the prompt so the program is blocked in its read. */
#define SETTLE_NS 200000000L

/* Reads from @p fd into @p buf until @p needle appears or the fd closes. */
static void read_until(int fd, char *buf, size_t cap, size_t *len, const char *needle)
{
    while (!(needle && strstr(buf, needle))) {
        struct pollfd pfd = {fd, POLLIN, 0};
        int ready = poll(&pfd, 1, WAIT_MS);
        assert_true(ready > 0); /* timed out: the program hung */
        assert_true(*len + 1 < cap);
        ssize_t got = read(fd, buf + *len, cap - 1 - *len);
        if (got < 0 && errno == EINTR) continue;
        assert_true(got >= 0);
        if (got == 0) break;
        *len += (size_t)got;
        buf[*len] = '\0';
    }
}

static void test_ctrl_c_ends_play(void **state)
{
    (void)state;
    int to_child[2], from_child[2];
    assert_int_equal(pipe(to_child), 0);
    assert_int_equal(pipe(from_child), 0);
    posix_spawn_file_actions_t actions;
    assert_int_equal(posix_spawn_file_actions_init(&actions), 0);
    assert_int_equal(posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO), 0);
    assert_int_equal(posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO), 0);
    assert_int_equal(posix_spawn_file_actions_addclose(&actions, to_child[1]), 0);
    assert_int_equal(posix_spawn_file_actions_addclose(&actions, from_child[0]), 0);

    static const char *const words[] = {TTT_CLI_PATH, "play", "--opponent", "human", NULL};
    test_argv args;
    pid_t pid = 0;
    assert_int_equal(
        posix_spawn(&pid, TTT_CLI_PATH, &actions, NULL, test_argv_init(&args, words), NULL), 0);
    posix_spawn_file_actions_destroy(&actions);
    close(to_child[0]);
    close(from_child[1]);

    char out[8192] = "";
    size_t len = 0;
    read_until(from_child[0], out, sizeof out, &len, "your move");
    struct timespec settle = {0, SETTLE_NS};
    nanosleep(&settle, NULL);
    assert_int_equal(kill(pid, SIGINT), 0);
    read_until(from_child[0], out, sizeof out, &len, NULL); /* to end of output */

    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    close(to_child[1]); /* kept open so the program was blocked reading */
    close(from_child[0]);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 130);
    assert_non_null(strstr(out, "Interrupted (Ctrl-C): the game is left unfinished."));
}
#endif

/* ---------------------------------------------------------------------- */
/* Line reading (issue 13)                                                 */
/* ---------------------------------------------------------------------- */

/* A stream holding @p len bytes of @p bytes, at its start. */
static FILE *stream_of(const char *bytes, size_t len)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    rewind(f);
    return f;
}

/* A NUL makes its own line a refused line and leaves the next one alone
 * (the line after "5\0x" was swallowed before). */
static void test_read_line_nul(void **state)
{
    (void)state;
    static const char input[] = "5\0x\n1\n\0\n9";
    FILE *f = stream_of(input, sizeof input - 1);
    char buf[CLI_LINE_MAX];
    assert_int_equal(cli_read_line(f, buf, sizeof buf), CLI_READ_NUL);
    assert_int_equal(cli_read_line(f, buf, sizeof buf), CLI_READ_OK);
    assert_string_equal(buf, "1");
    assert_int_equal(cli_read_line(f, buf, sizeof buf), CLI_READ_NUL);
    assert_int_equal(cli_read_line(f, buf, sizeof buf), CLI_READ_OK);
    assert_string_equal(buf, "9");
    assert_int_equal(cli_read_line(f, buf, sizeof buf), CLI_READ_EOF);
    fclose(f);
}

/* Long lines are refused whole; CRLF and a last line without a newline are
 * lines; no line end at all in CLI_LINE_SKIP_MAX bytes stops reading. */
static void test_read_line_lengths(void **state)
{
    (void)state;
    char buf[8];
    static const char input[] = "1234567\n12345678\n2 3\r\n\n7";
    FILE *f = stream_of(input, sizeof input - 1);
    assert_int_equal(cli_read_line(f, buf, sizeof buf), CLI_READ_OK);
    assert_string_equal(buf, "1234567");
    assert_int_equal(cli_read_line(f, buf, sizeof buf), CLI_READ_TOO_LONG);
    assert_int_equal(cli_read_line(f, buf, sizeof buf), CLI_READ_OK);
    assert_string_equal(buf, "2 3");
    assert_int_equal(cli_read_line(f, buf, sizeof buf), CLI_READ_OK);
    assert_string_equal(buf, "");
    assert_int_equal(cli_read_line(f, buf, sizeof buf), CLI_READ_OK);
    assert_string_equal(buf, "7");
    assert_int_equal(cli_read_line(f, buf, sizeof buf), CLI_READ_EOF);
    fclose(f);

    static char zeros[CLI_LINE_SKIP_MAX + 10];
    f = stream_of(zeros, sizeof zeros);
    char line[CLI_LINE_MAX];
    assert_int_equal(cli_read_line(f, line, sizeof line), CLI_READ_ENDLESS);
    fclose(f);
    static char letters[CLI_LINE_SKIP_MAX + 10];
    memset(letters, 'a', sizeof letters);
    f = stream_of(letters, sizeof letters);
    assert_int_equal(cli_read_line(f, line, sizeof line), CLI_READ_ENDLESS);
    fclose(f);
    /* Just under the limit: one long line, refused, then the end. */
    letters[CLI_LINE_SKIP_MAX - 1] = '\n';
    f = stream_of(letters, CLI_LINE_SKIP_MAX);
    assert_int_equal(cli_read_line(f, line, sizeof line), CLI_READ_TOO_LONG);
    assert_int_equal(cli_read_line(f, line, sizeof line), CLI_READ_EOF);
    fclose(f);
}

/* ---------------------------------------------------------------------- */
/* Escaping in messages (game/common/textesc, shared with tictactoe)       */
/* ---------------------------------------------------------------------- */

static void expect_escaped(const char *in, const char *out)
{
    char buf[128];
    assert_int_equal(textesc(buf, sizeof buf, in), strlen(out));
    assert_string_equal(buf, out);
}

static void test_textesc(void **state)
{
    (void)state;
    expect_escaped("plain 2 3, C:\\dir", "plain 2 3, C:\\dir");
    expect_escaped("\x1b[2J\t\r\n\x7f", "\\x1b[2J\\x09\\x0d\\x0a\\x7f");
    /* Valid UTF-8 passes; C1 controls (U+0080..U+009F) do not. */
    expect_escaped("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2",
                   "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2");
    expect_escaped("\xc2\x9b"
                   "31m",
                   "\\xc2\\x9b31m");
    /* Stray, overlong, surrogate, past U+10FFFF, cut short. */
    expect_escaped("\xff\x80", "\\xff\\x80");
    expect_escaped("\xc0\xaf", "\\xc0\\xaf");
    expect_escaped("\xe0\x80\xaf", "\\xe0\\x80\\xaf");
    expect_escaped("\xed\xa0\x80", "\\xed\\xa0\\x80");
    expect_escaped("\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80");
    expect_escaped("\xe2\x82", "\\xe2\\x82");
    /* Cut to the buffer before a whole escape or sequence, never inside. */
    char small[6];
    assert_int_equal(textesc(small, sizeof small,
                             "ab\x1b"
                             "cd"),
                     8);
    assert_string_equal(small, "ab");
    assert_int_equal(textesc(small, sizeof small, "a\xc3\xa9\xc3\xa9\xc3\xa9"), 7);
    assert_string_equal(small, "a\xc3\xa9\xc3\xa9");
    assert_int_equal(textesc(NULL, 0, "\x01"), 4);
    /* The printf form: a long message is written whole. */
    FILE *f = tmpfile();
    assert_non_null(f);
    static char big[5000];
    memset(big, 'a', sizeof big - 1);
    textesc_printf(f, "%s\x1b!", big);
    assert_int_equal(ftell(f), (long)(sizeof big - 1) + 5);
    fclose(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves_accepted),
        cmocka_unit_test(test_moves_refused),
        cmocka_unit_test(test_move_commands),
        cmocka_unit_test(test_moves_large_board_and_game_over),
        cmocka_unit_test(test_parser),
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_difficulty_and_agents),
        cmocka_unit_test(test_seed_mix_and_text),
        cmocka_unit_test(test_read_line_nul),
        cmocka_unit_test(test_textesc),
        cmocka_unit_test(test_read_line_lengths),
        cmocka_unit_test(test_status_text_is_the_engines_in_english),
        cmocka_unit_test(test_padding_counts_characters),
        cmocka_unit_test(test_common_defaults_rng_clock),
#if !defined(_WIN32)
        cmocka_unit_test(test_ctrl_c_ends_play),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
