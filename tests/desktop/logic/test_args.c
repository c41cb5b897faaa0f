/*
 * test_args.c - the desktop game's command line (args.c, SDL-free): every
 * option and its values, short options and "--", errors that leave the
 * settings alone, --help and --version. Until issue 26 this file also held
 * the settings', menu's and statistics' tests, now test_settings.c,
 * test_menu.c and test_stats.c beside it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "args.h"
#include "settings.h"

typedef struct parsed {
    args_result result;
    settings s;
    args_options o;
    char err[256];
} parsed;

/* Room for the arguments of one parse() and their text. */
#define ARGS_MAX 48
#define ARG_TEXT_MAX 256

/* Writable copies of the arguments, as main() receives them. Static, since
 * the options keep pointers into them (--settings, --screenshot); valid
 * until the next call. */
static char arg_text[ARGS_MAX][ARG_TEXT_MAX];

/* arg_text[i] holding a copy of @p text. */
static char *arg_copy(int i, const char *text)
{
    snprintf(arg_text[i], sizeof arg_text[i], "%s", text);
    return arg_text[i];
}

/* Parse a NULL-terminated list of arguments (program name added). */
static parsed parse(const char *first, ...)
{
    char *argv[ARGS_MAX];
    int argc = 0;
    argv[argc] = arg_copy(argc, "tictactoe");
    argc++;
    va_list ap;
    va_start(ap, first);
    for (const char *a = first; a && argc < ARGS_MAX - 1; a = va_arg(ap, const char *)) {
        argv[argc] = arg_copy(argc, a);
        argc++;
    }
    va_end(ap);
    argv[argc] = NULL;
    parsed p;
    settings_defaults(&p.s);
    args_defaults(&p.o);
    p.err[0] = '\0';
    FILE *sink = tmpfile();
    assert_non_null(sink);
    p.result = args_parse(argc, argv, &p.s, &p.o, sink, p.err, sizeof p.err);
    fclose(sink);
    return p;
}

static void test_defaults(void **state)
{
    (void)state;
    parsed p = parse(NULL);
    assert_int_equal(p.result, ARGS_RUN);
    assert_int_equal(p.s.mode, SETTINGS_MODE_HUMAN_VS_COMPUTER);
    assert_int_equal(p.s.board_size, 3);
    assert_int_equal(p.s.k, 3);
    assert_int_equal(p.s.human_side, TTT_PLAYER_X);
    assert_int_equal(p.s.think_delay_ms, SETTINGS_DEFAULT_THINK_DELAY_MS);
    assert_int_equal(p.o.width, ARGS_DEFAULT_WIDTH);
    assert_false(p.o.print_stats);
    assert_null(p.o.screenshot);
}

static void test_every_flag(void **state)
{
    (void)state;
    parsed p = parse("--mode", "cvc", "--difficulty", "hard", "--size", "5", "--k", "4", "--side",
                     "o", "--first", "O", "--seed", "42", "--frame-budget-ms", "8.5", "--width",
                     "1000", "--height=700", "--fullscreen", "--stats", "--quit-after-frames", "10",
                     "--quit-after-games=3", "--screenshot", "out.bmp", "--speed", "fast",
                     "--think-delay-ms", "0", "--overlay", "--mute", NULL);
    assert_int_equal(p.result, ARGS_RUN);
    assert_int_equal(p.s.mode, SETTINGS_MODE_COMPUTER_VS_COMPUTER);
    assert_int_equal(p.s.difficulty, TTT_DIFFICULTY_HARD);
    assert_int_equal(p.s.board_size, 5);
    assert_int_equal(p.s.k, 4);
    assert_int_equal(p.s.human_side, TTT_PLAYER_O);
    assert_int_equal(p.s.first_player, TTT_PLAYER_O);
    assert_int_equal(p.s.speed, SETTINGS_SPEED_FAST);
    assert_int_equal(p.s.think_delay_ms, 0);
    assert_true(p.s.show_overlay);
    assert_false(p.s.sound);
    assert_true(p.o.seed_given);
    assert_int_equal(p.o.seed, 42);
    assert_true(p.o.frame_budget_ms > 8.49 && p.o.frame_budget_ms < 8.51);
    assert_int_equal(p.o.width, 1000);
    assert_int_equal(p.o.height, 700);
    assert_true(p.o.fullscreen);
    assert_true(p.o.print_stats);
    assert_int_equal(p.o.quit_after_frames, 10);
    assert_int_equal(p.o.quit_after_games, 3);
    assert_string_equal(p.o.screenshot, "out.bmp");
}

static void test_mode_names_and_custom_difficulty(void **state)
{
    (void)state;
    parsed p = parse("--mode", "two-players", "--difficulty", "0.4", NULL);
    assert_int_equal(p.result, ARGS_RUN);
    assert_int_equal(p.s.mode, SETTINGS_MODE_TWO_PLAYERS);
    assert_int_equal(p.s.difficulty, SETTINGS_DIFFICULTY_CUSTOM);
    assert_true(p.s.mistake_probability > 0.39 && p.s.mistake_probability < 0.41);
    p = parse("--mode=human-vs-computer", "--difficulty=UNBEATABLE", NULL);
    assert_int_equal(p.result, ARGS_RUN);
    assert_int_equal(p.s.mode, SETTINGS_MODE_HUMAN_VS_COMPUTER);
    assert_int_equal(p.s.difficulty, TTT_DIFFICULTY_UNBEATABLE);
}

static void test_size_sets_default_k_in_any_order(void **state)
{
    (void)state;
    parsed p = parse("--size", "7", NULL);
    assert_int_equal(p.result, ARGS_RUN);
    assert_int_equal(p.s.k, 5);
    /* --k before --size still refers to the new size. */
    p = parse("--k", "6", "--size", "8", NULL);
    assert_int_equal(p.result, ARGS_RUN);
    assert_int_equal(p.s.board_size, 8);
    assert_int_equal(p.s.k, 6);
}

static void expect_error(parsed p, const char *fragment)
{
    assert_int_equal(p.result, ARGS_ERROR);
    if (!strstr(p.err, fragment)) fail_msg("error \"%s\" lacks \"%s\"", p.err, fragment);
}

static void test_bad_flags_and_values(void **state)
{
    (void)state;
    expect_error(parse("--bogus", NULL), "unknown option '--bogus'");
    expect_error(parse("stray", NULL), "unexpected argument");
    expect_error(parse("--mode", NULL), "needs a value");
    expect_error(parse("--mode", "chess", NULL), "bad mode");
    expect_error(parse("--difficulty", "impossible", NULL), "bad difficulty");
    expect_error(parse("--difficulty", "1.5", NULL), "bad difficulty");
    expect_error(parse("--size", "2", NULL), "bad size");
    expect_error(parse("--size", "9", NULL), "bad size");
    expect_error(parse("--size", "3x", NULL), "bad size");
    expect_error(parse("--k", "4", NULL), "bad k");
    expect_error(parse("--size", "4", "--k", "5", NULL), "bad k");
    expect_error(parse("--side", "z", NULL), "bad side");
    expect_error(parse("--first", "", NULL), "--first: bad value");
    expect_error(parse("--seed", "-1", NULL), "bad seed");
    expect_error(parse("--seed", "abc", NULL), "bad seed");
    expect_error(parse("--frame-budget-ms", "0", NULL), "bad budget");
    expect_error(parse("--frame-budget-ms", "nan", NULL), "bad budget");
    expect_error(parse("--width", "10", NULL), "bad size");
    expect_error(parse("--height", "big", NULL), "bad size");
    expect_error(parse("--quit-after-frames", "0", NULL), "bad count");
    expect_error(parse("--quit-after-games", "-3", NULL), "bad count");
    expect_error(parse("--screenshot", "shot.png", NULL), ".bmp");
    expect_error(parse("--stats=yes", NULL), "takes no value");
    expect_error(parse("--think-delay-ms", "-1", NULL), "bad think delay");
    /* Names are matched whole (argscan.h): an abbreviation is refused,
     * with the options it could have meant. */
    expect_error(parse("--siz", "4", NULL),
                 "unknown option '--siz': options are not abbreviated (did you mean --size?)");
    expect_error(parse("--siz=4", NULL), "unknown option '--siz'");
    expect_error(parse("--s", "4", NULL), "--size, --side, --speed, --seed, --speak, --settings, "
                                          "--server, --stats, --screenshot, --speech-log");
    expect_error(parse("--quit", "5", NULL), "--quit-after-frames, --quit-after-games");
    expect_error(parse("--help=me", NULL), "option --help takes no value");
    expect_error(parse("-x", NULL), "unknown option '-x'");
    expect_error(parse("--", "--size", NULL), "unexpected argument '--size'");
}

/* -h and -V are --help and --version; "--" alone ends the options. */
static void test_short_options_and_end_of_options(void **state)
{
    (void)state;
    assert_int_equal(parse("-V", NULL).result, ARGS_EXIT);
    assert_int_equal(parse("-h", NULL).result, ARGS_EXIT);
    parsed p = parse("--size", "5", "--", NULL);
    assert_int_equal(p.result, ARGS_RUN);
    assert_int_equal(p.s.board_size, 5);
}

static void test_error_leaves_settings_alone(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    args_options o;
    args_defaults(&o);
    char *argv[] = {arg_copy(0, "tictactoe"), arg_copy(1, "--mode"), arg_copy(2, "cvc"),
                    arg_copy(3, "--size"),    arg_copy(4, "12"),     NULL};
    char err[128];
    FILE *sink = tmpfile();
    assert_int_equal(args_parse(5, argv, &s, &o, sink, err, sizeof err), ARGS_ERROR);
    fclose(sink);
    assert_int_equal(s.mode, SETTINGS_MODE_HUMAN_VS_COMPUTER);
}

static void test_settings_file_theme_and_random_side(void **state)
{
    (void)state;
    parsed p = parse("--settings", "/tmp/x.ini", "--theme", "dark", "--side", "random", NULL);
    assert_int_equal(p.result, ARGS_RUN);
    assert_string_equal(p.o.settings_path, "/tmp/x.ini");
    assert_int_equal(p.s.theme, 1);
    assert_true(p.s.side_random);
    p = parse("--theme=contrast", "--side=o", NULL);
    assert_int_equal(p.result, ARGS_RUN);
    assert_int_equal(p.s.theme, 2);
    assert_false(p.s.side_random);
    assert_int_equal(p.s.human_side, TTT_PLAYER_O);
    assert_null(p.o.settings_path);
    p = parse("--theme", "purple", NULL);
    assert_int_equal(p.result, ARGS_ERROR);
    assert_non_null(strstr(p.err, "--theme: bad theme 'purple'"));
    p = parse("--settings=", NULL);
    assert_int_equal(p.result, ARGS_ERROR);
    /* Every key settings_write() writes is one settings_set() knows. */
    assert_true(settings_is_key("think_delay_ms"));
    assert_false(settings_is_key("volume"));
}

static void test_help_and_version_exit(void **state)
{
    (void)state;
    assert_int_equal(parse("--help", NULL).result, ARGS_EXIT);
    assert_int_equal(parse("--version", NULL).result, ARGS_EXIT);
    FILE *f = tmpfile();
    args_usage(f, "tictactoe");
    rewind(f);
    char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    const char *flags[] = {"--mode",
                           "--difficulty",
                           "--size",
                           "--k",
                           "--side",
                           "--first",
                           "--seed",
                           "--frame-budget-ms",
                           "--width",
                           "--height",
                           "--fullscreen",
                           "--stats",
                           "--version",
                           "--help",
                           "--quit-after-frames",
                           "--quit-after-games",
                           "--screenshot"};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (!strstr(buf, flags[i])) fail_msg("usage lacks %s", flags[i]);
}

/* -h and -V as well as the long forms; --first takes a mark (a setting) or a
 * role (human, computer), the same values as `ttt play --first`. */
static void test_short_help_version_and_first(void **state)
{
    (void)state;
    assert_int_equal(parse("-h", NULL).result, ARGS_EXIT);
    assert_int_equal(parse("-V", NULL).result, ARGS_EXIT);
    assert_int_equal(parse("-x", NULL).result, ARGS_ERROR);

    parsed p = parse("--first", "o", NULL);
    assert_int_equal(p.result, ARGS_RUN);
    assert_int_equal(p.s.first_player, TTT_PLAYER_O);
    assert_int_equal(p.o.first_role, ARGS_FIRST_BY_MARK);
    p = parse("--first=computer", NULL);
    assert_int_equal(p.result, ARGS_RUN);
    assert_int_equal(p.o.first_role, ARGS_FIRST_COMPUTER);
    assert_int_equal(p.s.first_player, TTT_PLAYER_X); /* the setting is untouched */
    p = parse("--first", "Human", NULL);
    assert_int_equal(p.o.first_role, ARGS_FIRST_HUMAN);
    p = parse("--first", "computer", "--first", "x", NULL); /* the last one counts */
    assert_int_equal(p.o.first_role, ARGS_FIRST_BY_MARK);
    p = parse("--first", "nobody", NULL);
    assert_int_equal(p.result, ARGS_ERROR);
    assert_non_null(strstr(p.err, "human or computer"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_every_flag),
        cmocka_unit_test(test_mode_names_and_custom_difficulty),
        cmocka_unit_test(test_size_sets_default_k_in_any_order),
        cmocka_unit_test(test_bad_flags_and_values),
        cmocka_unit_test(test_short_options_and_end_of_options),
        cmocka_unit_test(test_error_leaves_settings_alone),
        cmocka_unit_test(test_settings_file_theme_and_random_side),
        cmocka_unit_test(test_help_and_version_exit),
        cmocka_unit_test(test_short_help_version_and_first),
    };
    return cmocka_run_group_tests_name("desktop_args", tests, NULL, NULL);
}
