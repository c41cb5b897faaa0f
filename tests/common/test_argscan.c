/*
 * test_argscan.c - the programs' command-line scanner (game/common/argscan.h):
 * long options with "=VALUE" or the next argument, short options, "--", the
 * refusals (unknown, abbreviated, without their value, with a value they do
 * not take) and their messages. English messages (LC_ALL=C).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <string.h>

#include "argscan.h"

/* Room for a message in these tests. */
#define MESSAGE_BYTES 256
/* Most arguments in one test's command line. */
#define MAX_ARGS 8

enum { O_SIZE, O_SEED, O_SAVE, O_K, O_DIFFICULTY, O_VERBOSE, O_HELP, O_COUNT };

static const argscan_option OPTIONS[O_COUNT] = {
    [O_SIZE] = {"size", 0, true},
    [O_SEED] = {"seed", 0, true},
    [O_SAVE] = {"save", 0, true},
    [O_K] = {"k", 0, true},
    [O_DIFFICULTY] = {"difficulty", 'd', true},
    [O_VERBOSE] = {"verbose", 'v', false},
    [O_HELP] = {"help", 'h', false},
};

/* A command line: the program's name, then the arguments up to NULL. */
typedef struct cmdline {
    char *argv[MAX_ARGS + 2];
    int argc;
    argscan scan;
} cmdline;

static void start(cmdline *c, ...)
{
    static char name[] = "prog";
    c->argc = 0;
    c->argv[c->argc++] = name;
    va_list ap;
    va_start(ap, c);
    for (char *a = va_arg(ap, char *); a && c->argc <= MAX_ARGS; a = va_arg(ap, char *))
        c->argv[c->argc++] = a;
    va_end(ap);
    c->argv[c->argc] = NULL;
    argscan_init(&c->scan, c->argc, c->argv);
}

static int next(cmdline *c, const char **value)
{
    return argscan_next(&c->scan, OPTIONS, O_COUNT, value);
}

/* The next argument is refused, with a message containing @p fragment. */
static void expect_refusal(cmdline *c, argscan_error why, const char *fragment)
{
    const char *value = "unchanged";
    assert_int_equal(next(c, &value), ARGSCAN_ERROR);
    assert_null(value);
    assert_int_equal(c->scan.error, why);
    char msg[MESSAGE_BYTES];
    argscan_message(&c->scan, OPTIONS, O_COUNT, msg, sizeof msg);
    if (!strstr(msg, fragment)) fail_msg("message \"%s\" lacks \"%s\"", msg, fragment);
}

static void test_long_options_and_values(void **state)
{
    (void)state;
    cmdline c;
    const char *value = NULL;
    start(&c, "--size", "4", "--k=3", "--seed=", "--verbose", "--save", "--size", NULL);
    assert_int_equal(next(&c, &value), O_SIZE);
    assert_string_equal(value, "4");
    assert_int_equal(next(&c, &value), O_K);
    assert_string_equal(value, "3");
    /* An empty value after '=' is a value; the option decides about it. */
    assert_int_equal(next(&c, &value), O_SEED);
    assert_string_equal(value, "");
    assert_int_equal(next(&c, &value), O_VERBOSE);
    assert_null(value);
    /* The next argument is the value, whatever it looks like. */
    assert_int_equal(next(&c, &value), O_SAVE);
    assert_string_equal(value, "--size");
    assert_int_equal(next(&c, &value), ARGSCAN_END);
    assert_int_equal(next(&c, &value), ARGSCAN_END);
}

static void test_repeated_options_each_reported(void **state)
{
    (void)state;
    cmdline c;
    const char *value = NULL;
    start(&c, "--size", "4", "--size=5", "-v", "-v", NULL);
    assert_int_equal(next(&c, &value), O_SIZE);
    assert_string_equal(value, "4");
    assert_int_equal(next(&c, &value), O_SIZE);
    assert_string_equal(value, "5");
    assert_int_equal(next(&c, &value), O_VERBOSE);
    assert_int_equal(next(&c, &value), O_VERBOSE);
    assert_int_equal(next(&c, &value), ARGSCAN_END);
}

static void test_short_options(void **state)
{
    (void)state;
    cmdline c;
    const char *value = NULL;
    start(&c, "-d", "hard", "-d=easy", "-h", NULL);
    assert_int_equal(next(&c, &value), O_DIFFICULTY);
    assert_string_equal(value, "hard");
    assert_int_equal(next(&c, &value), O_DIFFICULTY);
    assert_string_equal(value, "easy");
    assert_int_equal(next(&c, &value), O_HELP);
    /* No bundling and no attached value: "-dhard" is not -d hard. */
    start(&c, "-dhard", NULL);
    expect_refusal(&c, ARGSCAN_UNKNOWN, "unknown option '-dhard'");
    start(&c, "-x", NULL);
    expect_refusal(&c, ARGSCAN_UNKNOWN, "unknown option '-x'");
}

static void test_positional_and_end_of_options(void **state)
{
    (void)state;
    cmdline c;
    const char *value = NULL;
    /* A board of dashes, a negative number and "-" are arguments. */
    start(&c, "---------", "-1", "-", "--", "--size", "--", NULL);
    assert_int_equal(next(&c, &value), ARGSCAN_POSITIONAL);
    assert_string_equal(value, "---------");
    assert_int_equal(next(&c, &value), ARGSCAN_POSITIONAL);
    assert_string_equal(value, "-1");
    assert_int_equal(next(&c, &value), ARGSCAN_POSITIONAL);
    assert_string_equal(value, "-");
    /* After "--", everything is positional, a second "--" too. */
    assert_int_equal(next(&c, &value), ARGSCAN_POSITIONAL);
    assert_string_equal(value, "--size");
    assert_int_equal(next(&c, &value), ARGSCAN_POSITIONAL);
    assert_string_equal(value, "--");
    assert_int_equal(next(&c, &value), ARGSCAN_END);
    start(&c, "--", NULL);
    assert_int_equal(next(&c, &value), ARGSCAN_END);
}

/* The bug this scanner exists to avoid: `--siz 4` read as `--size 4`. */
static void test_abbreviations_refused(void **state)
{
    (void)state;
    cmdline c;
    start(&c, "--siz", "4", NULL);
    expect_refusal(&c, ARGSCAN_ABBREVIATED,
                   "unknown option '--siz': options are not abbreviated (did you mean --size?)");
    /* The walk goes on after a refusal; the value was not taken. */
    const char *value = NULL;
    assert_int_equal(next(&c, &value), ARGSCAN_POSITIONAL);
    assert_string_equal(value, "4");
    start(&c, "--siz=4", NULL);
    expect_refusal(&c, ARGSCAN_ABBREVIATED, "unknown option '--siz':");
    start(&c, "--s", NULL);
    expect_refusal(&c, ARGSCAN_ABBREVIATED, "(did you mean --size, --seed, --save?)");
    start(&c, "--verb", NULL);
    expect_refusal(&c, ARGSCAN_ABBREVIATED, "did you mean --verbose?");
    start(&c, "--diff", "hard", NULL);
    expect_refusal(&c, ARGSCAN_ABBREVIATED, "did you mean --difficulty?");
    /* Longer than a name, or a name with more after it: unknown. */
    start(&c, "--sizes", "4", NULL);
    expect_refusal(&c, ARGSCAN_UNKNOWN, "unknown option '--sizes'");
    start(&c, "--kk", NULL);
    expect_refusal(&c, ARGSCAN_UNKNOWN, "unknown option '--kk'");
}

static void test_missing_and_unexpected_values(void **state)
{
    (void)state;
    cmdline c;
    start(&c, "--size", NULL);
    expect_refusal(&c, ARGSCAN_MISSING_VALUE, "option --size needs a value");
    assert_int_equal(c.scan.bad_option, O_SIZE);
    /* A short option is named by its long name. */
    start(&c, "-d", NULL);
    expect_refusal(&c, ARGSCAN_MISSING_VALUE, "option --difficulty needs a value");
    start(&c, "--verbose=yes", NULL);
    expect_refusal(&c, ARGSCAN_UNEXPECTED_VALUE, "option --verbose takes no value");
    start(&c, "-h=1", NULL);
    expect_refusal(&c, ARGSCAN_UNEXPECTED_VALUE, "option --help takes no value");
    const char *value = NULL;
    assert_int_equal(next(&c, &value), ARGSCAN_END);
}

static void test_unknown_options_quoted(void **state)
{
    (void)state;
    cmdline c;
    /* Quoted without its value. */
    start(&c, "--colour=red", NULL);
    expect_refusal(&c, ARGSCAN_UNKNOWN, "unknown option '--colour'");
    char msg[MESSAGE_BYTES];
    assert_null(strstr(argscan_message(&c.scan, OPTIONS, O_COUNT, msg, sizeof msg), "red"));
    /* A long name is cut, and says so. */
    char longname[] =
        "--aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    start(&c, longname, NULL);
    expect_refusal(&c, ARGSCAN_UNKNOWN, "...'");
    argscan_message(&c.scan, OPTIONS, O_COUNT, msg, sizeof msg);
    assert_true(strlen(msg) < strlen(longname));
    /* A message never overruns its buffer, and nothing refused says nothing. */
    char tiny[8];
    argscan_message(&c.scan, OPTIONS, O_COUNT, tiny, sizeof tiny);
    assert_int_equal(strlen(tiny), sizeof tiny - 1);
    start(&c, "--size", "3", NULL);
    const char *value = NULL;
    assert_int_equal(next(&c, &value), O_SIZE);
    assert_string_equal(argscan_message(&c.scan, OPTIONS, O_COUNT, msg, sizeof msg), "");
}

/* A table without long names, and an empty table. */
static void test_short_only_and_empty_tables(void **state)
{
    (void)state;
    static const argscan_option SHORT_ONLY[] = {{NULL, 'n', true}};
    char name[] = "prog", n[] = "-n", s[] = "--n";
    char *argv[] = {name, n, NULL};
    argscan a;
    argscan_init(&a, 2, argv);
    const char *value = NULL;
    assert_int_equal(argscan_next(&a, SHORT_ONLY, 1, &value), ARGSCAN_ERROR);
    char msg[MESSAGE_BYTES];
    assert_string_equal(argscan_message(&a, SHORT_ONLY, 1, msg, sizeof msg),
                        "option -n needs a value");
    argv[1] = s;
    argscan_init(&a, 2, argv);
    assert_int_equal(argscan_next(&a, SHORT_ONLY, 1, &value), ARGSCAN_ERROR);
    assert_int_equal(a.error, ARGSCAN_UNKNOWN);
    argscan_init(&a, 2, argv);
    assert_int_equal(argscan_next(&a, NULL, 0, &value), ARGSCAN_ERROR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_long_options_and_values),
        cmocka_unit_test(test_repeated_options_each_reported),
        cmocka_unit_test(test_short_options),
        cmocka_unit_test(test_positional_and_end_of_options),
        cmocka_unit_test(test_abbreviations_refused),
        cmocka_unit_test(test_missing_and_unexpected_values),
        cmocka_unit_test(test_unknown_options_quoted),
        cmocka_unit_test(test_short_only_and_empty_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
