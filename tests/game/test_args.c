/*
 * test_args.c - the desktop game's command line, settings text forms, menu
 * rules and timing statistics (whole-history and recent-window percentiles):
 * the SDL-free modules.
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
#include "level.h"
#include "menu.h"
#include "level.h"
#include "settings.h"
#include "stats.h"

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
    expect_error(parse("--s", "4", NULL),
                 "--size, --side, --speed, --seed, --settings, --server, --stats, --screenshot");
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

/* The one table of settings keys: every key refuses a bad value with a
 * message quoting it and leaves the settings alone, writes a value that
 * reads back the same, and every option it names is in --help; a menu row
 * copies its key with the fields that go with it. */
static void test_settings_keys_table(void **state)
{
    (void)state;
    int count = 0;
    for (const settings_key *key; (key = settings_key_at(count)) != NULL; count++) {
        assert_ptr_equal(settings_key_named(key->name), key);
        settings s, before;
        settings_defaults(&s);
        before = s;
        char err[320] = "";
        assert_false(settings_set(&s, key->name, "bogus\x01", err, sizeof err));
        assert_memory_equal(&s, &before, sizeof s);
        if (!strstr(err, "bogus\x01"))
            fail_msg("key %s: message '%s' lacks the value", key->name, err);
        char buf[64];
        const char *text = settings_key_write(key, &s, buf, sizeof buf);
        settings back = s;
        assert_true(settings_key_read(key, &back, text, err, sizeof err));
        assert_memory_equal(&back, &s, sizeof s);
        if (key->flag) {
            assert_ptr_equal(settings_key_for_flag(key->flag), key);
            assert_non_null(key->help);
            assert_non_null(key->placeholder);
        }
    }
    assert_int_equal(count, 13);
    assert_null(settings_key_named("volume"));
    assert_null(settings_key_for_flag("--volume"));

    settings src, dst;
    settings_defaults(&src);
    settings_defaults(&dst);
    assert_true(settings_set(&src, "side", "random", NULL, 0));
    assert_true(settings_set(&src, "difficulty", "0.42", NULL, 0));
    assert_true(settings_set(&src, "size", "6", NULL, 0));
    menu_copy_row(&dst, &src, MENU_ROW_SIDE);
    assert_true(dst.side_random);
    menu_copy_row(&dst, &src, MENU_ROW_MISTAKES);
    assert_int_equal(dst.difficulty, SETTINGS_DIFFICULTY_CUSTOM);
    assert_true(dst.mistake_probability > 0.419 && dst.mistake_probability < 0.421);
    menu_copy_row(&dst, &src, MENU_ROW_K);
    assert_int_equal(dst.board_size, 6);
    assert_int_equal(dst.k, src.k);
    assert_int_equal(dst.theme, 0); /* rows not copied stay */
}

static void test_settings_round_trip(void **state)
{
    (void)state;
    settings a;
    settings_defaults(&a);
    assert_true(settings_set(&a, "mode", "pvp", NULL, 0));
    assert_true(settings_set(&a, "difficulty", "0.3", NULL, 0));
    assert_true(settings_set(&a, "size", "6", NULL, 0));
    assert_true(settings_set(&a, "k", "5", NULL, 0));
    assert_true(settings_set(&a, "overlay", "on", NULL, 0));
    assert_true(settings_set(&a, "side", "o", NULL, 0));
    assert_true(a.sound); /* on by default */
    assert_true(settings_set(&a, "sound", "off", NULL, 0));
    assert_false(settings_set(&a, "sound", "loud", NULL, 0));
    assert_false(a.sound); /* a bad value changes nothing */
    assert_false(settings_set(&a, "colour", "red", NULL, 0));
    /* Write as INI lines, read back line by line through settings_set. */
    FILE *f = tmpfile();
    settings_write(&a, f);
    rewind(f);
    settings b;
    settings_defaults(&b);
    char line[128];
    while (fgets(line, sizeof line, f)) {
        char key[64], value[64];
        assert_int_equal(sscanf(line, "%63s = %63s", key, value), 2);
        assert_true(settings_set(&b, key, value, NULL, 0));
    }
    fclose(f);
    assert_int_equal(b.mode, a.mode);
    assert_int_equal(b.difficulty, a.difficulty);
    assert_true(b.mistake_probability > 0.29 && b.mistake_probability < 0.31);
    assert_int_equal(b.board_size, 6);
    assert_int_equal(b.k, 5);
    assert_true(b.show_overlay);
    assert_false(b.sound);
    assert_int_equal(b.human_side, TTT_PLAYER_O);
}

static void test_who_plays(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    assert_false(settings_computer_plays(&s, TTT_PLAYER_X));
    assert_true(settings_computer_plays(&s, TTT_PLAYER_O));
    s.human_side = TTT_PLAYER_O;
    assert_true(settings_computer_plays(&s, TTT_PLAYER_X));
    s.mode = SETTINGS_MODE_TWO_PLAYERS;
    assert_false(settings_computer_plays(&s, TTT_PLAYER_X));
    assert_false(settings_computer_plays(&s, TTT_PLAYER_O));
    s.mode = SETTINGS_MODE_COMPUTER_VS_COMPUTER;
    assert_true(settings_computer_plays(&s, TTT_PLAYER_X));
    assert_true(settings_computer_plays(&s, TTT_PLAYER_O));
    assert_false(settings_computer_plays(&s, TTT_PLAYER_NONE));
}

static void test_menu_rules(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    menu_state m;
    menu_init(&m);
    /* Choosing a new mode or difficulty invalidates the AI; re-choosing does nothing. */
    assert_int_equal(menu_choose(&s, MENU_ROW_MODE, SETTINGS_MODE_TWO_PLAYERS), MENU_CHANGE_AI);
    assert_int_equal(menu_choose(&s, MENU_ROW_MODE, SETTINGS_MODE_TWO_PLAYERS), MENU_CHANGE_NONE);
    /* Between two players the computer's settings do not apply: shown
     * disabled, refused, and passed over by the keyboard. */
    assert_false(menu_row_enabled(&s, MENU_ROW_DIFFICULTY));
    assert_false(menu_row_enabled(&s, MENU_ROW_SIDE));
    assert_false(menu_row_enabled(&s, MENU_ROW_SPEED));
    assert_true(menu_row_enabled(&s, MENU_ROW_FIRST));
    assert_true(menu_row_enabled(&s, MENU_ROW_SOUND)); /* in every mode */
    assert_int_equal(menu_choose(&s, MENU_ROW_DIFFICULTY, TTT_DIFFICULTY_EASY), MENU_CHANGE_NONE);
    assert_int_equal(menu_set_slider(&s, 0.5), MENU_CHANGE_NONE);
    assert_false(menu_option_enabled(&s, MENU_ROW_SIDE, 0));
    m.focus = MENU_ROW_MODE;
    menu_key_press(&m, &s, MENU_KEY_DOWN);
    assert_int_equal(m.focus, MENU_ROW_FIRST);
    menu_key_press(&m, &s, MENU_KEY_UP);
    assert_int_equal(m.focus, MENU_ROW_MODE);
    /* Watching: the speed applies, your side and the think delay do not. */
    menu_choose(&s, MENU_ROW_MODE, SETTINGS_MODE_COMPUTER_VS_COMPUTER);
    assert_true(menu_row_enabled(&s, MENU_ROW_SPEED));
    assert_true(menu_row_enabled(&s, MENU_ROW_DIFFICULTY));
    assert_false(menu_row_enabled(&s, MENU_ROW_SIDE));
    assert_false(menu_row_enabled(&s, MENU_ROW_THINK_DELAY));
    menu_choose(&s, MENU_ROW_MODE, SETTINGS_MODE_HUMAN_VS_COMPUTER);
    assert_false(menu_row_enabled(&s, MENU_ROW_SPEED));
    assert_true(menu_row_enabled(&s, MENU_ROW_SIDE));
    /* Custom comes back at the player's own value after a preset. */
    assert_int_equal(menu_set_slider(&s, 0.75), MENU_CHANGE_AI);
    assert_int_equal(menu_choose(&s, MENU_ROW_DIFFICULTY, TTT_DIFFICULTY_EASY), MENU_CHANGE_AI);
    assert_true(settings_effective_mistake_probability(&s) != 0.75);
    assert_int_equal(menu_choose(&s, MENU_ROW_DIFFICULTY, SETTINGS_DIFFICULTY_CUSTOM),
                     MENU_CHANGE_AI);
    assert_true(s.mistake_probability == 0.75);
    assert_true(settings_effective_mistake_probability(&s) == 0.75);
    assert_int_equal(menu_choose(&s, MENU_ROW_DIFFICULTY, TTT_DIFFICULTY_EASY), MENU_CHANGE_AI);
    assert_int_equal(menu_choose(&s, MENU_ROW_FIRST, 1), MENU_CHANGE_FIRST);
    assert_int_equal(s.first_player, TTT_PLAYER_O);
    assert_int_equal(menu_choose(&s, MENU_ROW_OVERLAY, 1), MENU_CHANGE_DISPLAY);
    assert_int_equal(menu_selected_option(&s, MENU_ROW_SOUND), 1);
    assert_int_equal(menu_choose(&s, MENU_ROW_SOUND, 0), MENU_CHANGE_SOUND);
    assert_false(s.sound);
    assert_int_equal(menu_choose(&s, MENU_ROW_SOUND, 0), MENU_CHANGE_NONE);
    assert_string_equal(menu_option_label(MENU_ROW_SOUND, 0), "Off");
    assert_true(s.show_overlay);
    assert_int_equal(menu_choose(&s, MENU_ROW_SIDE, 7), MENU_CHANGE_NONE);
    /* The slider makes the difficulty custom, in whole percent. */
    menu_choose(&s, MENU_ROW_DIFFICULTY, TTT_DIFFICULTY_HARD);
    assert_int_equal(menu_set_slider(&s, 0.123), MENU_CHANGE_AI);
    assert_int_equal(s.difficulty, SETTINGS_DIFFICULTY_CUSTOM);
    assert_true(s.mistake_probability > 0.119 && s.mistake_probability < 0.121);
    assert_int_equal(menu_set_slider(&s, 0.12), MENU_CHANGE_NONE);
    /* Keyboard: focus moves, wraps to Done, Enter on Done closes. */
    m.focus = MENU_ROW_SIDE;
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_RIGHT), MENU_CHANGE_AI | MENU_CHANGE_SIDE);
    assert_int_equal(s.human_side, TTT_PLAYER_O);
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_RIGHT), MENU_CHANGE_AI | MENU_CHANGE_SIDE);
    assert_true(s.side_random);
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_RIGHT), MENU_CHANGE_NONE);
    m.focus = MENU_ROW_SIDE;
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_LEFT), MENU_CHANGE_AI | MENU_CHANGE_SIDE);
    assert_false(s.side_random);
    assert_int_equal(s.human_side, TTT_PLAYER_O);
    /* Board size resets k to the size's default; k beyond the size is refused. */
    assert_int_equal(menu_choose(&s, MENU_ROW_SIZE, 0), MENU_CHANGE_NONE);
    assert_int_equal(menu_choose(&s, MENU_ROW_K, 1), MENU_CHANGE_NONE);
    assert_false(menu_option_enabled(&s, MENU_ROW_K, 1));
    assert_int_equal(menu_choose(&s, MENU_ROW_SIZE, 2), MENU_CHANGE_BOARD);
    assert_int_equal(s.board_size, 5);
    assert_int_equal(s.k, 4); /* the engine's default for 5x5 */
    assert_int_equal(menu_choose(&s, MENU_ROW_K, 2), MENU_CHANGE_BOARD);
    assert_int_equal(s.k, 5);
    assert_int_equal(menu_choose(&s, MENU_ROW_K, 3), MENU_CHANGE_NONE); /* k 6 on 5x5 */
    /* Theme and think delay; Reset scores is an action, never "selected". */
    assert_int_equal(menu_choose(&s, MENU_ROW_THEME, 2), MENU_CHANGE_DISPLAY);
    assert_int_equal(s.theme, 2);
    assert_int_equal(menu_choose(&s, MENU_ROW_THINK_DELAY, 0), MENU_CHANGE_DISPLAY);
    assert_int_equal(s.think_delay_ms, 0);
    assert_int_equal(menu_selected_option(&s, MENU_ROW_SCORES), -1);
    assert_int_equal(menu_choose(&s, MENU_ROW_SCORES, 0), MENU_CHANGE_RESET_SCORES);
    m.focus = MENU_ROW_SCORES;
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_RIGHT), MENU_CHANGE_NONE);
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_ACTIVATE), MENU_CHANGE_RESET_SCORES);
    /* menu_copy_row copies only that row's settings. */
    settings saved;
    settings_defaults(&saved);
    menu_copy_row(&saved, &s, MENU_ROW_THEME);
    assert_int_equal(saved.theme, 2);
    assert_int_equal(saved.board_size, 3);
    assert_true(saved.sound);
    menu_copy_row(&saved, &s, MENU_ROW_SOUND);
    assert_false(saved.sound);
    menu_copy_row(&saved, &s, MENU_ROW_K);
    assert_int_equal(saved.board_size, 5);
    assert_int_equal(saved.k, 5);
    m.focus = 0;
    menu_key_press(&m, &s, MENU_KEY_UP);
    assert_int_equal(m.focus, MENU_FOCUS_DONE);
    assert_int_equal(menu_key_press(&m, &s, MENU_KEY_ACTIVATE), MENU_CHANGE_CLOSE);
    m.focus = MENU_ROW_MISTAKES;
    double before = s.mistake_probability;
    menu_key_press(&m, &s, MENU_KEY_RIGHT);
    assert_true(s.mistake_probability > before + 0.04);
    /* Every option has a label. */
    int counts[MENU_ROW_COUNT];
    menu_option_counts(counts);
    for (int r = 0; r < MENU_ROW_COUNT; r++) {
        assert_true(strlen(menu_row_label(r)) > 0);
        for (int o = 0; o < counts[r]; o++)
            assert_true(strlen(menu_option_label(r, o)) > 0);
    }
}

/* Issue 29: the mistakes slider shows the levels in their order on every
 * board (on 7x7 it read Easy 50%, Medium 60%, Hard 70%), and the words say
 * what the level does there. */
static void test_levels_read_right(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    for (int size = 3; size <= 8; size++) {
        s.board_size = size;
        s.k = size < 5 ? 3 : 5;
        double prev = 2.0;
        char prev_words[LEVEL_TEXT_MAX] = "";
        for (int d = TTT_DIFFICULTY_EASY; d <= TTT_DIFFICULTY_UNBEATABLE; d++) {
            s.difficulty = d;
            double v = settings_effective_mistake_probability(&s);
            assert_true(v < prev);
            prev = v;
            char words[LEVEL_TEXT_MAX];
            settings_level_description(&s, words, sizeof words);
            assert_string_not_equal(words, prev_words);
            memcpy(prev_words, words, sizeof words);
        }
    }
    s.board_size = 7;
    s.k = 5;
    s.difficulty = TTT_DIFFICULTY_HARD;
    char words[LEVEL_TEXT_MAX];
    settings_level_description(&s, words, sizeof words);
    assert_string_equal(words, "sees every win and loss 7 moves ahead");
    s.difficulty = SETTINGS_DIFFICULTY_CUSTOM;
    s.mistake_probability = 0.3;
    assert_true(settings_effective_mistake_probability(&s) == 0.3);
    settings_level_description(&s, words, sizeof words);
    assert_string_equal(words, "skips 30% of the moves it should weigh");
}

static void test_percentiles(void **state)
{
    (void)state;
    stats s;
    stats_init(&s, 16.0);
    assert_true(stats_series_percentile(&s.frame_work, 50.0) == 0.0);
    assert_true(stats_ai_fits_budget(&s)); /* no AI moves: nothing exceeded */
    /* 1..100 in a shuffled order: nearest rank gives p50 = 50, p99 = 99. */
    for (int i = 0; i < 100; i++)
        stats_series_add(&s.frame_work, (double)((i * 37) % 100 + 1));
    assert_true(stats_series_percentile(&s.frame_work, 50.0) == 50.0);
    assert_true(stats_series_percentile(&s.frame_work, 99.0) == 99.0);
    assert_true(stats_series_percentile(&s.frame_work, 100.0) == 100.0);
    assert_true(s.frame_work.max_ms == 100.0);
    assert_int_equal(s.frame_work.total, 100);
    /* Median of the AI times and the budget verdict. */
    stats_series_add(&s.ai, 3.0);
    stats_series_add(&s.ai, 1.0);
    stats_series_add(&s.ai, 2.0);
    assert_true(stats_series_percentile(&s.ai, 50.0) == 2.0);
    assert_true(stats_ai_fits_budget(&s));
    stats_series_add(&s.ai, 20.0);
    assert_false(stats_ai_fits_budget(&s));
    /* The report has every key the issue asks for, one per line. */
    FILE *f = tmpfile();
    stats_print(&s, f);
    rewind(f);
    char buf[2048];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    const char *keys[] = {"\nframes: ",
                          "\nframe_budget_ms: 16.000",
                          "\nframe_p50_ms: 50.000",
                          "\nframe_p99_ms: 99.000",
                          "\nframe_max_ms: 100.000",
                          "\nai_moves: 4",
                          "\nai_median_ms: 2.000",
                          "\nai_worst_ms: 20.000",
                          "\nai_fits_budget: no"};
    char with_nl[2100];
    snprintf(with_nl, sizeof with_nl, "\n%s", buf);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!strstr(with_nl, keys[i])) fail_msg("stats lack \"%s\":\n%s", keys[i] + 1, buf);
    stats_free(&s);
}

static void test_recent_percentiles(void **state)
{
    (void)state;
    static const double pcts[3] = {0.0, 50.0, 100.0};
    double out[3] = {-1.0, -1.0, -1.0};
    float scratch[STATS_RECENT_SAMPLES];
    stats_series series = {0};
    /* Empty: zeros, like stats_series_percentile(). */
    stats_series_recent_percentiles(&series, STATS_RECENT_SAMPLES, pcts, out, 3, scratch);
    for (int i = 0; i < 3; i++)
        assert_true(out[i] == 0.0);
    /* Fewer samples than the window: all of them, in any order. */
    for (int i = 0; i < 100; i++)
        stats_series_add(&series, (double)((i * 37) % 100 + 1));
    stats_series_recent_percentiles(&series, STATS_RECENT_SAMPLES, pcts, out, 3, scratch);
    assert_true(out[0] == 1.0 && out[1] == 50.0 && out[2] == 100.0);
    /* 1..2000 in order: only the last 1024 (977..2000) count. */
    for (int i = 101; i <= 2000; i++)
        stats_series_add(&series, (double)i);
    stats_series_recent_percentiles(&series, STATS_RECENT_SAMPLES, pcts, out, 3, scratch);
    assert_true(out[0] == 977.0);
    assert_true(out[1] == 977.0 + 511.0); /* nearest rank 512 of 1024 */
    assert_true(out[2] == 2000.0);
    /* The whole-history figure is unchanged by the window. */
    assert_true(stats_series_percentile(&series, 0.0) == 1.0);
    free(series.values);

    /* Past the cap the series is a ring: the window straddles its seam. */
    stats_series ring = {0};
    size_t total = STATS_MAX_SAMPLES + 5;
    for (size_t i = 0; i < total; i++)
        assert_true(stats_series_add(&ring, (double)i));
    assert_int_equal(ring.count, STATS_MAX_SAMPLES);
    assert_int_equal(ring.next, 5);
    stats_series_recent_percentiles(&ring, 10, pcts, out, 3, scratch);
    assert_true(out[0] == (double)(total - 10));
    assert_true(out[1] == (double)(total - 6)); /* rank 5 of 10 */
    assert_true(out[2] == (double)(total - 1));
    free(ring.values);
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
        cmocka_unit_test(test_settings_round_trip),
        cmocka_unit_test(test_settings_keys_table),
        cmocka_unit_test(test_who_plays),
        cmocka_unit_test(test_short_help_version_and_first),
        cmocka_unit_test(test_menu_rules),
        cmocka_unit_test(test_levels_read_right),
        cmocka_unit_test(test_percentiles),
        cmocka_unit_test(test_recent_percentiles),
    };
    return cmocka_run_group_tests_name("game_args", tests, NULL, NULL);
}
