/*
 * test_cli_options.c - the options the `ttt` commands share
 * (game/cli/cli_options.h): --size, --k and --time read in one place, with
 * the `=` form and the scanner's refusals, repeated options (the last one
 * counts), k checked against the size whichever came first, and numbers
 * out of range refused with a message naming the option. Messages go to
 * stderr, which each test captures. English messages (LC_ALL=C).
 */
#define _POSIX_C_SOURCE 200809L /* dup, fileno */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_options.h"

/* Room for what a test's commands write on stderr. */
#define CAPTURE_BYTES 2048
/* Most arguments in one test's command line. */
#define MAX_ARGS 16
/* The defaults a command gives: --time's default and longest. */
#define TEST_DEFAULT_MS 2000
#define TEST_MAX_MS 60000

enum { O_SIZE, O_K, O_TIME, O_JSON, O_COUNT };
static const cli_option OPTIONS[O_COUNT] = {
    [O_SIZE] = CLI_OPTION_SIZE,
    [O_K] = CLI_OPTION_K,
    [O_TIME] = CLI_OPTION_TIME,
    [O_JSON] = {"json", 0, false},
};

/* stderr, sent to a temporary file while a test runs. */
typedef struct capture {
    FILE *file;
    int saved_fd;
    char text[CAPTURE_BYTES];
} capture;

static void capture_start(capture *c)
{
    fflush(stderr);
    c->file = tmpfile();
    assert_non_null(c->file);
    c->saved_fd = dup(fileno(stderr));
    assert_true(c->saved_fd >= 0);
    assert_true(dup2(fileno(c->file), fileno(stderr)) >= 0);
}

/* Stops capturing; the text written is in c->text. */
static const char *capture_end(capture *c)
{
    fflush(stderr);
    assert_true(dup2(c->saved_fd, fileno(stderr)) >= 0);
    close(c->saved_fd);
    rewind(c->file);
    size_t n = fread(c->text, 1, sizeof c->text - 1, c->file);
    c->text[n] = '\0';
    fclose(c->file);
    return c->text;
}

/* Parses a `test` command's arguments (up to NULL) as a command does:
 * CLI_EXIT_OK with *k set, or CLI_EXIT_USAGE; stderr in *err_text. */
static int parse(cli_shared *sh, int *k, char *err_text, size_t cap, ...)
{
    static char name[] = "test";
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = name;
    va_list ap;
    va_start(ap, cap);
    for (char *a = va_arg(ap, char *); a && argc <= MAX_ARGS; a = va_arg(ap, char *))
        argv[argc++] = a;
    va_end(ap);
    argv[argc] = NULL;

    capture c;
    capture_start(&c);
    cli_shared_init(sh, TEST_DEFAULT_MS, TEST_MAX_MS);
    cli_parser p;
    cli_parser_init(&p, argc, argv, "test");
    const char *value = NULL;
    int opt, status = CLI_EXIT_OK;
    while (status == CLI_EXIT_OK &&
           (opt = cli_parser_next(&p, OPTIONS, O_COUNT, &value)) != CLI_ARG_END) {
        switch (opt) {
        case O_SIZE:
            if (!cli_shared_read(sh, "test", CLI_SHARED_SIZE, value)) status = CLI_EXIT_USAGE;
            break;
        case O_K:
            if (!cli_shared_read(sh, "test", CLI_SHARED_K, value)) status = CLI_EXIT_USAGE;
            break;
        case O_TIME:
            if (!cli_shared_read(sh, "test", CLI_SHARED_TIME, value)) status = CLI_EXIT_USAGE;
            break;
        case O_JSON: break;
        default: status = CLI_EXIT_USAGE; break;
        }
    }
    if (status == CLI_EXIT_OK) status = cli_shared_k(sh, "test", sh->size, k);
    snprintf(err_text, cap, "%s", capture_end(&c));
    return status;
}

static void expect_in(const char *text, const char *fragment)
{
    if (!strstr(text, fragment)) fail_msg("\"%s\" lacks \"%s\"", text, fragment);
}

static void test_defaults(void **state)
{
    (void)state;
    cli_shared sh;
    int k = 0;
    char err[CAPTURE_BYTES];
    assert_int_equal(parse(&sh, &k, err, sizeof err, NULL), CLI_EXIT_OK);
    assert_int_equal(sh.size, TTT_MIN_SIZE);
    assert_false(sh.size_given);
    assert_null(sh.k_text);
    assert_int_equal(k, 3);
    assert_int_equal(sh.time_ms, TEST_DEFAULT_MS);
    assert_string_equal(err, "");
    /* The default k follows the size. */
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--size", "7", NULL), CLI_EXIT_OK);
    assert_true(sh.size_given);
    assert_int_equal(k, 5);
}

static void test_values_and_equals_forms(void **state)
{
    (void)state;
    cli_shared sh;
    int k = 0;
    char err[CAPTURE_BYTES];
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--size=5", "--k", "4", "--time=250", NULL),
                     CLI_EXIT_OK);
    assert_int_equal(sh.size, 5);
    assert_int_equal(k, 4);
    assert_int_equal(sh.time_ms, 250);
    /* --k before --size refers to the size given later. */
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--k=6", "--size", "8", NULL), CLI_EXIT_OK);
    assert_int_equal(sh.size, 8);
    assert_int_equal(k, 6);
}

static void test_repeated_options_last_counts(void **state)
{
    (void)state;
    cli_shared sh;
    int k = 0;
    char err[CAPTURE_BYTES];
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--size", "4", "--size", "6", "--k", "5",
                           "--k", "3", "--time", "9", "--time=10", NULL),
                     CLI_EXIT_OK);
    assert_int_equal(sh.size, 6);
    assert_int_equal(k, 3);
    assert_int_equal(sh.time_ms, 10);
}

static void test_numbers_out_of_range(void **state)
{
    (void)state;
    cli_shared sh;
    int k = 0;
    char err[CAPTURE_BYTES];
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--size", "9", NULL), CLI_EXIT_USAGE);
    expect_in(err, "ttt test: --size 9: board size must be between 3 and 8");
    assert_int_equal(sh.size, TTT_MIN_SIZE); /* a refused value changes nothing */
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--size", "2", NULL), CLI_EXIT_USAGE);
    expect_in(err, "--size 2:");
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--size", "four", NULL), CLI_EXIT_USAGE);
    expect_in(err, "--size: 'four' is not a whole number");
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--k", "4", NULL), CLI_EXIT_USAGE);
    expect_in(err, "--k: 4 is out of range (3 to 3)");
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--size", "5", "--k", "2", NULL),
                     CLI_EXIT_USAGE);
    expect_in(err, "--k: 2 is out of range (3 to 5)");
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--k", "x", NULL), CLI_EXIT_USAGE);
    expect_in(err, "--k: 'x' is not a whole number");
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--time", "0", NULL), CLI_EXIT_USAGE);
    expect_in(err, "--time: 0 is out of range (1 to 60000)");
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--time=60001", NULL), CLI_EXIT_USAGE);
    expect_in(err, "--time: 60001 is out of range (1 to 60000)");
    assert_int_equal(sh.time_ms, TEST_DEFAULT_MS);
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--time", "99999999999999999999", NULL),
                     CLI_EXIT_USAGE);
    expect_in(err, "--time: 99999999999999999999 is out of range");
    /* Every message points to the command's help. */
    expect_in(err, "(see 'ttt test --help')");
}

static void test_scanner_refusals(void **state)
{
    (void)state;
    cli_shared sh;
    int k = 0;
    char err[CAPTURE_BYTES];
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--siz", "4", NULL), CLI_EXIT_USAGE);
    expect_in(
        err,
        "ttt test: unknown option '--siz': options are not abbreviated (did you mean --size?)");
    assert_int_equal(sh.size, TTT_MIN_SIZE);
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--ti=5", NULL), CLI_EXIT_USAGE);
    expect_in(err, "unknown option '--ti'");
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--size", NULL), CLI_EXIT_USAGE);
    expect_in(err, "option --size needs a value");
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--time", NULL), CLI_EXIT_USAGE);
    expect_in(err, "option --time needs a value");
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--json=1", NULL), CLI_EXIT_USAGE);
    expect_in(err, "option --json takes no value");
    /* The value of --k is whatever follows, even an option's name. */
    assert_int_equal(parse(&sh, &k, err, sizeof err, "--k", "--size", NULL), CLI_EXIT_USAGE);
    expect_in(err, "--k: '--size' is not a whole number");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_values_and_equals_forms),
        cmocka_unit_test(test_repeated_options_last_counts),
        cmocka_unit_test(test_numbers_out_of_range),
        cmocka_unit_test(test_scanner_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
