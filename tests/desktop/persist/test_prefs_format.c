/*
 * test_prefs_format.c (was test_prefs.c) - the settings file's text (prefs_format.c) read: valid,
 * missing, corrupt and out-of-range files, unknown keys kept across a save, the [window] section,
 * long and duplicate lines, FIFOs and directories refused, warnings escaped, and the parser fed
 * anything. Written and read back is test_prefs_format_write.c; saving (atomic, merged, under the
 * lock) is test_prefs_merge.c. No SDL: files go to a fresh directory under /tmp.
 */
/* mkdtemp, lstat: POSIX, which the C11 mode does not expose by itself. */
#define _POSIX_C_SOURCE 200809L

#include <sys/stat.h>
#include <unistd.h>

#include "ini_reader.h" /* INI_READER_MAX_LINE, the reader's line limit */

#include "prefs_fixture.h"

/* ------------------------------------------------------------------------- */

static void test_valid_file(void **state)
{
    fixture *f = *state;
    write_file(f->path, "; a comment\n"
                        "[settings]\n"
                        "mode = two-players\n"
                        "difficulty = hard\n"
                        "side = o\n"
                        "first = o\n"
                        "speed = fast\n"
                        "overlay = on\n"
                        "k = 5\n" /* before size: still applied after it */
                        "size = 7\n"
                        "think_delay_ms = 0\n"
                        "theme = contrast\n"
                        "[scores]\n"
                        "x_wins = 3\n"
                        "o_wins = 2\n"
                        "you_wins = 8\n"
                        "computer_wins = 13\n"
                        "draws = 11\n");
    prefs p;
    assert_int_equal(prefs_load(f->path, &p, f->warn), PREFS_LOADED);
    assert_string_equal(read_all(f->warn), "");
    assert_int_equal(p.settings.mode, SETTINGS_MODE_TWO_PLAYERS);
    assert_int_equal(p.settings.difficulty, TTT_DIFFICULTY_HARD);
    assert_int_equal(p.settings.human_side, TTT_PLAYER_O);
    assert_int_equal(p.settings.first_player, TTT_PLAYER_O);
    assert_int_equal(p.settings.speed, SETTINGS_SPEED_FAST);
    assert_true(p.settings.show_overlay);
    assert_int_equal(p.settings.board_size, 7);
    assert_int_equal(p.settings.k, 5);
    assert_int_equal(p.settings.think_delay_ms, 0);
    assert_int_equal(p.settings.theme, 2);
    assert_int_equal(p.wins_x, 3);
    assert_int_equal(p.wins_o, 2);
    assert_int_equal(p.you_wins, 8);
    assert_int_equal(p.computer_wins, 13);
    assert_int_equal(p.draws, 11);
    assert_int_equal(p.extra_count, 0);
}

static void test_missing_file_gives_defaults_silently(void **state)
{
    fixture *f = *state;
    prefs p, d;
    assert_int_equal(prefs_load(f->path, &p, f->warn), PREFS_MISSING);
    prefs_defaults(&d);
    assert_memory_equal(&p.settings, &d.settings, sizeof p.settings);
    assert_int_equal(p.wins_x + p.wins_o + p.draws + p.you_wins + p.computer_wins, 0);
    assert_string_equal(read_all(f->warn), "");
}

static void test_corrupt_file_keeps_good_values(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[settings]\n"
                        "mode = pvp\n"
                        "this line is not an entry\n"
                        "theme = dark\n"
                        "[broken\n"
                        "\x01\x02\xff garbage\n"
                        "[scores]\n"
                        "draws = 4\n");
    prefs p;
    assert_int_equal(prefs_load(f->path, &p, f->warn), PREFS_LOADED);
    char *warn = read_all(f->warn);
    /* One warning, naming the file and the first bad line. */
    assert_int_equal(count_lines(warn), 1);
    assert_non_null(strstr(warn, f->path));
    assert_non_null(strstr(warn, "line 3"));
    assert_int_equal(p.settings.mode, SETTINGS_MODE_TWO_PLAYERS);
    assert_int_equal(p.settings.theme, 1);
    assert_int_equal(p.draws, 4);
}

static void test_out_of_range_values_fall_back_one_warning_each(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[settings]\n"
                        "size = 12\n"
                        "think_delay_ms = 250\n"
                        "difficulty = 7.5\n"
                        "theme = purple\n"
                        "[scores]\n"
                        "x_wins = -4\n"
                        "o_wins = 6\n"
                        "you_wins = 1000000001\n"
                        "computer_wins = lots\n");
    prefs p, d;
    prefs_defaults(&d);
    assert_int_equal(prefs_load(f->path, &p, f->warn), PREFS_LOADED);
    char *warn = read_all(f->warn);
    assert_int_equal(count_lines(warn), 6);
    const char *keys[] = {"size", "difficulty", "theme", "x_wins", "you_wins", "computer_wins"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char needle[64];
        snprintf(needle, sizeof needle, "] %s: ", keys[i]);
        if (!strstr(warn, needle)) fail_msg("no warning for %s in:\n%s", keys[i], warn);
    }
    assert_non_null(strstr(warn, f->path));
    assert_int_equal(p.settings.board_size, d.settings.board_size);
    assert_int_equal(p.settings.difficulty, d.settings.difficulty);
    assert_int_equal(p.settings.theme, d.settings.theme);
    assert_int_equal(p.settings.think_delay_ms, 250); /* good values kept */
    assert_int_equal(p.wins_x, 0);
    assert_int_equal(p.wins_o, 6);
    assert_int_equal(p.you_wins, 0);
    assert_int_equal(p.computer_wins, 0);
}

static void test_k_beyond_size_falls_back_to_the_sizes_default(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[settings]\nsize = 4\nk = 6\n");
    prefs p;
    prefs_load(f->path, &p, f->warn);
    assert_int_equal(p.settings.board_size, 4);
    assert_int_equal(p.settings.k, 4);
    assert_non_null(strstr(read_all(f->warn), "] k: "));
}

static void test_unknown_keys_survive_a_save(void **state)
{
    fixture *f = *state;
    write_file(f->path, "top = level\n"
                        "[settings]\n"
                        "mode = cvc\n"
                        "volume = 7\n"
                        "[scores]\n"
                        "streak = 3\n"
                        "[plugins]\n"
                        "x = 10\n"
                        "y = 20\n");
    prefs p;
    prefs_load(f->path, &p, f->warn);
    assert_string_equal(read_all(f->warn), "");
    assert_int_equal(p.settings.mode, SETTINGS_MODE_COMPUTER_VS_COMPUTER);
    assert_int_equal(p.extra_count, 5);
    p.settings.theme = 1;
    assert_true(prefs_save(f->path, &p, f->warn));
    char *text = read_path(f->path);
    assert_non_null(strstr(text, "top=level\n"));
    assert_non_null(strstr(text, "volume=7\n"));
    assert_non_null(strstr(text, "streak=3\n"));
    assert_non_null(strstr(text, "[plugins]\nx=10\ny=20\n"));
    assert_non_null(strstr(text, "theme = dark\n"));
    /* Each kept in its own section. */
    char *settings_at = strstr(text, "[settings]");
    char *scores = strstr(text, "[scores]");
    assert_non_null(settings_at);
    assert_non_null(scores);
    char *volume = strstr(text, "volume=7");
    char *streak = strstr(text, "streak=3");
    assert_true(volume > settings_at && volume < scores);
    assert_true(streak > scores);
    /* And they survive another round. */
    prefs q;
    prefs_load(f->path, &q, f->warn);
    assert_int_equal(q.extra_count, 5);
    assert_int_equal(q.settings.theme, 1);
    assert_no_temp_file(f->dir);
}

/* [window]: where the window was left, read and written back; a bad
 * value is warned about, an incomplete section is not used. */
static void test_window_section(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[window]\nx = -30\ny = 40\nwidth = 900\nheight = 700\n"
                        "maximized = yes\nfullscreen = no\ntabs = 2\n");
    prefs p;
    assert_int_equal(prefs_load(f->path, &p, f->warn), PREFS_LOADED);
    assert_string_equal(read_all(f->warn), "");
    assert_true(p.window.known);
    assert_int_equal(p.window.x, -30);
    assert_int_equal(p.window.y, 40);
    assert_int_equal(p.window.width, 900);
    assert_int_equal(p.window.height, 700);
    assert_true(p.window.maximized);
    assert_false(p.window.fullscreen);
    assert_int_equal(p.extra_count, 1); /* tabs: not ours, kept */
    p.window.fullscreen = true;
    assert_true(prefs_save(f->path, &p, f->warn));
    prefs q;
    prefs_load(f->path, &q, f->warn);
    assert_true(q.window.known && q.window.fullscreen && q.window.maximized);
    assert_int_equal(q.window.width, 900);
    assert_int_equal(q.extra_count, 1);
    char *text = read_path(f->path);
    assert_int_equal(strstr(text, "[window]") - text, strrchr(text, '[') - text); /* once */
    /* No size, or a bad one: not used. */
    write_file(f->path, "[window]\nx = 1\nwidth = huge\nheight = 700\n");
    prefs_load(f->path, &p, f->warn);
    assert_false(p.window.known);
    assert_non_null(strstr(read_all(f->warn), "[window] width"));
}

/* Issue 13: what the file, the disk or a second instance can do             */
/* ------------------------------------------------------------------------- */

/* A FIFO (or a directory) as the settings file is refused at once, with a
 * warning, instead of blocking the game's start until a writer appears. */
static void test_fifo_and_directory_are_refused_at_once(void **state)
{
    fixture *f = *state;
    assert_int_equal(mkfifo(f->path, 0600), 0);
    /* Without the fix, open() blocks here: an alarm turns that into a
     * failure rather than a hung test. */
    alarm(10);
    prefs p;
    assert_int_equal(prefs_load(f->path, &p, f->warn), PREFS_UNREADABLE);
    alarm(0);
    char *warn = read_all(f->warn);
    assert_non_null(strstr(warn, "not a regular file"));
    assert_non_null(strstr(warn, "left alone"));
    assert_int_equal(count_lines(warn), 1);

    char dir[600];
    snprintf(dir, sizeof dir, "%s/adir", f->dir);
    assert_int_equal(mkdir(dir, 0700), 0);
    assert_int_equal(prefs_load(dir, &p, NULL), PREFS_UNREADABLE);
}

/* A line longer than the reader's buffer is refused for its key, never split: the
 * tail of `foo = aaa...x_wins = 999` used to set x_wins, and a long comment
 * ending in `size = 8` used to come back as a junk key. */
static void test_long_lines_are_refused_not_split(void **state)
{
    fixture *f = *state;
    char text[1024];
    char a[200];
    memset(a, 'a', 193);
    a[193] = '\0';
    snprintf(text, sizeof text, "[scores]\nfoo = %sx_wins = 999\ndraws = 2\n", a);
    prefs p;
    int problems = prefs_parse_ini(text, &p, "long.ini", f->warn);
    assert_int_equal(problems, 1);
    assert_int_equal(p.wins_x, 0);
    assert_int_equal(p.draws, 2);
    assert_int_equal(p.extra_count, 0);
    char *warn = read_all(f->warn);
    assert_non_null(strstr(warn, "line 2 is longer than 198 bytes; key 'foo' ignored"));

    /* A long comment: ignored silently, and nothing of it is saved. */
    char c[300];
    memset(c, 'c', 250);
    c[250] = '\0';
    snprintf(text, sizeof text, "[settings]\n; %s size = 8\ntheme = dark\n", c);
    FILE *w2 = tmpfile();
    assert_non_null(w2);
    assert_int_equal(prefs_parse_ini(text, &p, "comment.ini", w2), 0);
    assert_string_equal(read_all(w2), "");
    fclose(w2);
    assert_int_equal(p.settings.board_size, 3);
    assert_int_equal(p.settings.theme, 1);
    assert_int_equal(p.extra_count, 0);
    /* The longest line kept is PREFS_LINE_MAX bytes, with "\r\n" too. */
    char key[PREFS_LINE_MAX + 1];
    memset(key, 'k', 40);
    key[40] = '\0';
    char value[PREFS_LINE_MAX];
    size_t vlen = PREFS_LINE_MAX - 40 - 1;
    memset(value, 'v', vlen);
    value[vlen] = '\0';
    snprintf(text, sizeof text, "[x]\r\n%s=%s\r\n", key, value);
    assert_int_equal(prefs_parse_ini(text, &p, "edge.ini", NULL), 0);
    assert_int_equal(p.extra_count, 1);
    assert_string_equal(p.extra[0].value, value);
}

/* Counts above the cap are saved as the cap, which the loader accepts;
 * they used to be saved as they were, then refused (and so reset to 0). */
static void test_scores_saturate_at_the_cap(void **state)
{
    fixture *f = *state;
    prefs p;
    prefs_defaults(&p);
    p.wins_x = (int)PREFS_MAX_SCORE + 5;
    p.draws = (int)PREFS_MAX_SCORE;
    assert_true(prefs_save(f->path, &p, f->warn));
    prefs q;
    assert_int_equal(prefs_load(f->path, &q, f->warn), PREFS_LOADED);
    assert_string_equal(read_all(f->warn), "");
    assert_int_equal(q.wins_x, PREFS_MAX_SCORE);
    assert_int_equal(q.draws, PREFS_MAX_SCORE);
}

/* The last of two equal keys counts: a bad last value gives the default
 * (it used to warn "using the default" and keep the first value). */
static void test_duplicate_keys_the_last_counts(void **state)
{
    fixture *f = *state;
    prefs p;
    assert_int_equal(prefs_parse_ini("[settings]\ntheme = dark\ntheme = bogus\nsize = 5\nsize = 4\n"
                                     "[scores]\ndraws = 3\ndraws = -1\nx_wins = 1\nx_wins = 2\n",
                                     &p, "dup.ini", f->warn),
                     2);
    assert_int_equal(p.settings.theme, 0);
    assert_int_equal(p.settings.board_size, 4);
    assert_int_equal(p.draws, 0);
    assert_int_equal(p.wins_x, 2);
    char *warn = read_all(f->warn);
    assert_non_null(strstr(warn, "theme"));
    assert_non_null(strstr(warn, "draws"));
}

/* Warnings show the file's bytes escaped: an escape sequence in a key or a
 * value cannot reach the terminal. */
static void test_warnings_escape_control_characters(void **state)
{
    fixture *f = *state;
    prefs p;
    prefs_parse_ini("[settings]\ntheme = \x1b[2Jdark\xff\n[scores]\n\x1b]0;x\x07 = 1\n", &p,
                    "odd\x1b.ini", f->warn);
    char *warn = read_all(f->warn);
    assert_null(strchr(warn, '\x1b'));
    assert_null(strchr(warn, '\x07'));
    assert_null(strchr(warn, '\xff'));
    assert_non_null(strstr(warn, "\\x1b[2Jdark\\xff"));
    assert_non_null(strstr(warn, "odd\\x1b.ini"));
}

/* prefs_write()'s text for @p p, in @p buf. */
static void test_parser_takes_anything(void **state)
{
    (void)state;
    prefs p;
    assert_int_equal(prefs_parse_ini(NULL, &p, NULL, NULL), 0);
    assert_int_equal(prefs_parse_ini("", &p, NULL, NULL), 0);
    /* A line longer than the reader's buffer, a name longer than we keep, many
     * unknown keys, odd bytes: warnings, never a crash. */
    static char big[40000];
    size_t n = 0;
    n += (size_t)snprintf(big + n, sizeof big - n, "[settings]\nsize = ");
    for (int i = 0; i < 500; i++)
        big[n++] = '9';
    n += (size_t)snprintf(big + n, sizeof big - n, "\n[x]\n");
    for (int i = 0; i < 300 && n < sizeof big - 64; i++)
        n += (size_t)snprintf(big + n, sizeof big - n, "key%d = v\n", i);
    n += (size_t)snprintf(big + n, sizeof big - n, "[settings]\nmode = pvp\n=\n[]\n;\n\r\n");
    big[n] = '\0';
    FILE *warn = tmpfile();
    assert_non_null(warn);
    assert_true(prefs_parse_ini(big, &p, "big.ini", warn) > 0);
    assert_int_equal(p.settings.board_size, 3);
    assert_true(p.extra_count <= PREFS_MAX_EXTRA);
    fclose(warn);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_valid_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_missing_file_gives_defaults_silently, setup, teardown),
        cmocka_unit_test_setup_teardown(test_corrupt_file_keeps_good_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_out_of_range_values_fall_back_one_warning_each, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_k_beyond_size_falls_back_to_the_sizes_default, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_unknown_keys_survive_a_save, setup, teardown),
        cmocka_unit_test_setup_teardown(test_window_section, setup, teardown),
        cmocka_unit_test(test_parser_takes_anything),
        cmocka_unit_test_setup_teardown(test_fifo_and_directory_are_refused_at_once, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_long_lines_are_refused_not_split, setup, teardown),
        cmocka_unit_test_setup_teardown(test_scores_saturate_at_the_cap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_duplicate_keys_the_last_counts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_warnings_escape_control_characters, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
