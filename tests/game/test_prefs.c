/*
 * test_prefs.c - the settings file (prefs.c): valid, missing, corrupt and
 * out-of-range files, unknown keys kept across a save (and read back the
 * same, or dropped with one warning when no line would), saving atomically
 * (no temporary file left behind, success or failure), and directories that
 * cannot be written. No SDL: files go to a fresh directory under /tmp.
 */
/* mkdtemp, lstat: POSIX, which the C11 mode does not expose by itself. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ini.h> /* INI_MAX_LINE, the parser's line limit */

#include "prefs.h"

/* A scratch directory per test, removed afterwards. */
typedef struct fixture {
    char dir[256];
    char path[512];
    FILE *warn; /* Captures warnings. */
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/ttt-prefs-XXXXXX");
    if (!mkdtemp(f->dir)) return -1;
    snprintf(f->path, sizeof f->path, "%s/settings.ini", f->dir);
    f->warn = tmpfile();
    if (!f->warn) return -1;
    *state = f;
    return 0;
}

static void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            chmod(p, 0700);
            remove_tree(p);
        } else {
            remove(p);
        }
    }
    closedir(d);
    rmdir(dir);
}

static int teardown(void **state)
{
    fixture *f = *state;
    chmod(f->dir, 0700);
    remove_tree(f->dir);
    fclose(f->warn);
    free(f);
    return 0;
}

static void write_file(const char *path, const char *text)
{
    FILE *out = fopen(path, "w");
    assert_non_null(out);
    fputs(text, out);
    assert_int_equal(fclose(out), 0);
}

static char *read_all(FILE *f)
{
    static char buf[16384];
    fflush(f);
    rewind(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    return buf;
}

static char *read_path(const char *path)
{
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    char *text = read_all(in);
    fclose(in);
    return text;
}

static int count_lines(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

/* Only the settings file, never a leftover temporary one, in @p dir. */
static void assert_no_temp_file(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strstr(e->d_name, PREFS_TEMP_SUFFIX)) fail_msg("left behind: %s/%s", dir, e->d_name);
    closedir(d);
}

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

static void test_written_and_read_back(void **state)
{
    fixture *f = *state;
    prefs p;
    prefs_defaults(&p);
    settings_set(&p.settings, "mode", "pvp", NULL, 0);
    settings_set(&p.settings, "difficulty", "0.37", NULL, 0);
    settings_set(&p.settings, "size", "6", NULL, 0);
    settings_set(&p.settings, "k", "5", NULL, 0);
    settings_set(&p.settings, "side", "random", NULL, 0);
    settings_set(&p.settings, "theme", "contrast", NULL, 0);
    settings_set(&p.settings, "think_delay_ms", "600", NULL, 0);
    p.wins_x = 5;
    p.wins_o = 7;
    p.draws = 9;
    p.you_wins = 11;
    p.computer_wins = 13;
    assert_true(prefs_save(f->path, &p, f->warn));
    assert_no_temp_file(f->dir);
    prefs q;
    assert_int_equal(prefs_load(f->path, &q, f->warn), PREFS_LOADED);
    assert_string_equal(read_all(f->warn), "");
    assert_int_equal(q.settings.mode, p.settings.mode);
    assert_int_equal(q.settings.difficulty, SETTINGS_DIFFICULTY_CUSTOM);
    assert_true(q.settings.mistake_probability > 0.369 && q.settings.mistake_probability < 0.371);
    assert_int_equal(q.settings.board_size, 6);
    assert_int_equal(q.settings.k, 5);
    assert_true(q.settings.side_random);
    assert_int_equal(q.settings.theme, 2);
    assert_int_equal(q.settings.think_delay_ms, 600);
    assert_int_equal(q.wins_x, 5);
    assert_int_equal(q.wins_o, 7);
    assert_int_equal(q.draws, 9);
    assert_int_equal(q.you_wins, 11);
    assert_int_equal(q.computer_wins, 13);
    /* Saving over an existing file replaces it. */
    q.draws = 10;
    assert_true(prefs_save(f->path, &q, f->warn));
    prefs r;
    prefs_load(f->path, &r, NULL);
    assert_int_equal(r.draws, 10);
    assert_no_temp_file(f->dir);
}

/* Settings and scores as text, to compare two prefs' known keys. */
static char *known_text(const prefs *p, char *buf, size_t cap)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    settings_write(&p->settings, f);
    fprintf(f, "%d %d %d %d %d\n", p->wins_x, p->wins_o, p->draws, p->you_wins, p->computer_wins);
    rewind(f);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Load @p text from f->path into @p p, expecting @p want_warnings warning
 * lines. Then save p, load the saved file into @p back and check what
 * prefs.h promises: no warning, the same settings and scores, the same
 * unknown entries (the tests give them grouped by section, so the order is
 * the file's), and a second save writes the same text. Returns the saved
 * text (a static buffer). */
static const char *load_and_round_trip(fixture *f, const char *text, int want_warnings, prefs *p,
                                       prefs *back)
{
    write_file(f->path, text);
    FILE *warn = tmpfile();
    assert_non_null(warn);
    assert_int_equal(prefs_load(f->path, p, warn), PREFS_LOADED);
    assert_int_equal(count_lines(read_all(warn)), want_warnings);
    fclose(warn);

    assert_true(prefs_save(f->path, p, f->warn));
    static char saved[16384];
    snprintf(saved, sizeof saved, "%s", read_path(f->path));
    warn = tmpfile();
    assert_non_null(warn);
    assert_int_equal(prefs_load(f->path, back, warn), PREFS_LOADED);
    assert_string_equal(read_all(warn), "");
    fclose(warn);

    static char a[4096], b[4096];
    assert_string_equal(known_text(p, a, sizeof a), known_text(back, b, sizeof b));
    assert_int_equal(back->extra_count, p->extra_count);
    for (int i = 0; i < p->extra_count; i++) {
        assert_string_equal(back->extra[i].section, p->extra[i].section);
        assert_string_equal(back->extra[i].key, p->extra[i].key);
        assert_string_equal(back->extra[i].value, p->extra[i].value);
    }
    assert_true(prefs_save(f->path, back, f->warn));
    assert_string_equal(read_path(f->path), saved);
    assert_string_equal(read_all(f->warn), "");
    return saved;
}

/* 1. An empty key. Written as " = x" it read back as more of the previous
 * key's value (mode got a bad second value, with a warning every load). */
static void test_empty_key_reads_back_the_same(void **state)
{
    fixture *f = *state;
    prefs p, back;
    const char *saved =
        load_and_round_trip(f, "[settings]\nmode = cvc\n=x\n[window]\n=\n", 0, &p, &back);
    assert_int_equal(p.extra_count, 2);
    assert_string_equal(p.extra[0].key, "");
    assert_string_equal(p.extra[0].value, "x");
    assert_string_equal(p.extra[1].section, "window");
    assert_string_equal(p.extra[1].value, "");
    assert_non_null(strstr(saved, "\n=x\n"));
    assert_non_null(strstr(saved, "[window]\n=\n"));
    assert_int_equal(back.settings.mode, SETTINGS_MODE_COMPUTER_VS_COMPUTER);
}

/* 2. A value starting with ';' (no blank before it, so not a comment).
 * Written as "note = ;x" the ';' started an inline comment. */
static void test_value_starting_with_a_semicolon_reads_back_the_same(void **state)
{
    fixture *f = *state;
    prefs p, back;
    const char *saved = load_and_round_trip(
        f, "[settings]\nsize = 5\n[notes]\nnote =;x\nother=;\nmixed = a;b ; comment\n", 0, &p,
        &back);
    assert_int_equal(p.extra_count, 3);
    assert_string_equal(p.extra[0].value, ";x");
    assert_string_equal(p.extra[1].value, ";");
    assert_string_equal(p.extra[2].value, "a;b");
    assert_non_null(strstr(saved, "\nnote=;x\nother=;\nmixed=a;b\n"));
    assert_int_equal(back.settings.board_size, 5);
}

/* 3. Long lines. One at the parser's limit with no blanks around '=' came
 * back longer than the limit, and inih split it. An indented line (more of
 * the previous key's value) can give an entry no line under the limit
 * holds: that one is dropped, with one warning, and what would have been
 * the rest of its line never reads as a known key. */
static void test_long_lines_read_back_the_same_or_are_dropped(void **state)
{
    fixture *f = *state;
    char text[1024];
    char value[256];
    /* "pad=" + value + "size=7" is INI_MAX_LINE - 2 bytes, the longest kept. */
    size_t len = (size_t)INI_MAX_LINE - 2 - strlen("pad=") - strlen("size=7");
    memset(value, 'a', len);
    snprintf(value + len, sizeof value - len, "size=7");
    snprintf(text, sizeof text, "[settings]\nsize = 5\npad=%s\n", value);
    prefs p, back;
    const char *saved = load_and_round_trip(f, text, 0, &p, &back);
    assert_int_equal(p.extra_count, 1);
    assert_string_equal(p.extra[0].value, value);
    char line[300];
    snprintf(line, sizeof line, "\npad=%s\n", value);
    assert_non_null(strstr(saved, line));
    assert_int_equal(back.settings.board_size, 5);

    /* A 49-byte key continued by a value ending in "size=7", placed where
     * `key = value` used to be split (the 199 bytes inih reads at once). */
    char key[64];
    memset(key, 'k', 49);
    key[49] = '\0';
    len = (size_t)INI_MAX_LINE - 1 - strlen(key) - strlen(" = ");
    memset(value, 'b', len);
    snprintf(value + len, sizeof value - len, "size=7");
    snprintf(text, sizeof text, "[settings]\nsize = 5\n%s = short\n    %s\n", key, value);
    saved = load_and_round_trip(f, text, 1, &p, &back);
    assert_int_equal(p.extra_count, 1);
    assert_string_equal(p.extra[0].key, key);
    assert_string_equal(p.extra[0].value, "short");
    assert_null(strstr(saved, "size=7"));
    assert_int_equal(back.settings.board_size, 5);
    assert_int_equal(back.settings.k, 4); /* 5x5's default, unchanged */
}

/* 4. Keys with a trailing blank: an indented line continues the previous
 * key cut to 49 bytes, which can end in a blank that inih trims from a
 * written key. Dropped with one warning for all, as is a continued value
 * with " ;" in it (inih 55 keeps the comment in a continued value, but
 * reads it as one in `key=value`); ordinary continued values are kept, one
 * entry per line. */
static void test_keys_with_trailing_blanks_are_dropped(void **state)
{
    fixture *f = *state;
    char key[64], cut[64], text[512];
    memset(key, 'a', 48);
    snprintf(key + 48, sizeof key - 48, " tail"); /* 53 bytes: kept whole */
    snprintf(cut, sizeof cut, "%.49s", key);      /* what inih continues: ends in ' ' */
    snprintf(text, sizeof text,
             "[future]\n%s = one\n  two\n  three\nnote = a\n  b\n  c ; comment\n[settings]\n"
             "theme = dark\n",
             key);
    prefs p, back;
    const char *saved = load_and_round_trip(f, text, 1, &p, &back);
    assert_int_equal(p.extra_count, 3);
    assert_string_equal(p.extra[0].key, key);
    assert_string_equal(p.extra[0].value, "one");
    assert_string_equal(p.extra[1].key, "note");
    assert_string_equal(p.extra[1].value, "a");
    assert_string_equal(p.extra[2].key, "note");
    assert_string_equal(p.extra[2].value, "b");
    assert_null(strstr(saved, "two"));
    assert_null(strstr(saved, "three"));
    assert_null(strstr(saved, "comment"));
    assert_int_equal(back.settings.theme, 1);

    /* The warning names the dropped entry. */
    FILE *warn = tmpfile();
    assert_non_null(warn);
    prefs_parse_ini(text, &p, "t.ini", warn);
    char want[128];
    snprintf(want, sizeof want, "[future] '%s'", cut);
    assert_non_null(strstr(read_all(warn), want));
    fclose(warn);
}

/* prefs_write() skips an extra filled in by hand that would not read back. */
static void test_unwritable_extras_are_not_written(void **state)
{
    (void)state;
    static const char *const bad[][3] = {
        {"x", " lead", "v"}, {"x", "trail ", "v"}, {"x", "k", " v"},   {"x", "k", "v "},
        {"x", "a=b", "v"},   {"x", "a:b", "v"},    {"x", ";c", "v"},   {"x", "#c", "v"},
        {"x", "[s", "v"},    {"x", "k", "a ;b"},   {"x", "k ;c", "v"}, {"x", "k", "a\nb"},
        {"s]", "k", "v"},    {"s ;c", "k", "v"},
    };
    size_t n = sizeof bad / sizeof bad[0];
    static prefs p, back;
    prefs_defaults(&p);
    for (size_t i = 0; i < n; i++) {
        prefs_extra *e = &p.extra[p.extra_count++];
        snprintf(e->section, sizeof e->section, "%s", bad[i][0]);
        snprintf(e->key, sizeof e->key, "%s", bad[i][1]);
        snprintf(e->value, sizeof e->value, "%s", bad[i][2]);
    }
    prefs_extra *good = &p.extra[p.extra_count++];
    snprintf(good->section, sizeof good->section, "x");
    snprintf(good->key, sizeof good->key, "good");
    snprintf(good->value, sizeof good->value, "yes");
    FILE *out = tmpfile();
    assert_non_null(out);
    prefs_write(&p, out);
    char *text = read_all(out);
    assert_int_equal(prefs_parse_ini(text, &back, "w", NULL), 0);
    assert_int_equal(back.extra_count, 1);
    assert_string_equal(back.extra[0].key, "good");
    fclose(out);
}

/* Can this process create files in a directory whose mode forbids it?
 * (root can, so the read-only directory is then no test.) */
static bool permissions_enforced(const char *dir)
{
    char probe[1024];
    snprintf(probe, sizeof probe, "%s/probe", dir);
    FILE *p = fopen(probe, "w");
    if (!p) return true;
    fclose(p);
    remove(probe);
    return false;
}

static void test_unwritable_directory_warns_and_goes_on(void **state)
{
    fixture *f = *state;
    prefs p;
    prefs_defaults(&p);
    p.wins_x = 1;
    /* Works as root too: the parent of the file is a regular file. */
    char file_parent[600];
    snprintf(file_parent, sizeof file_parent, "%s/plain", f->dir);
    write_file(file_parent, "not a directory\n");
    char bad[700];
    snprintf(bad, sizeof bad, "%s/settings.ini", file_parent);
    assert_false(prefs_save(bad, &p, f->warn));
    char *warn = read_all(f->warn);
    assert_int_equal(count_lines(warn), 1);
    assert_non_null(strstr(warn, bad));
    assert_non_null(strstr(warn, "not saved"));

    /* A read-only directory, where permissions apply (not as root). */
    char ro[600];
    snprintf(ro, sizeof ro, "%s/ro", f->dir);
    assert_int_equal(mkdir(ro, 0700), 0);
    char ro_file[700];
    snprintf(ro_file, sizeof ro_file, "%s/settings.ini", ro);
    write_file(ro_file, "[settings]\ntheme = dark\n");
    assert_int_equal(chmod(ro, 0500), 0);
    if (permissions_enforced(ro)) {
        assert_false(prefs_save(ro_file, &p, NULL));
        /* The old file is untouched and nothing else appeared. */
        prefs q;
        prefs_load(ro_file, &q, NULL);
        assert_int_equal(q.settings.theme, 1);
        assert_int_equal(q.wins_x, 0);
        assert_no_temp_file(ro);
    } else {
        print_message("running as root: read-only directory not enforced, "
                      "the parent-is-a-file case stands in for it\n");
    }
    chmod(ro, 0700);
}

static void test_a_directory_is_not_replaced(void **state)
{
    fixture *f = *state;
    /* The target is a directory: refused before anything is written. */
    char target[600];
    snprintf(target, sizeof target, "%s/taken", f->dir);
    assert_int_equal(mkdir(target, 0700), 0);
    char inside[700];
    snprintf(inside, sizeof inside, "%s/x", target);
    write_file(inside, "keep\n");
    prefs p;
    prefs_defaults(&p);
    assert_false(prefs_save(target, &p, f->warn));
    assert_non_null(strstr(read_all(f->warn), "not a regular file"));
    assert_no_temp_file(f->dir);
}

/* ------------------------------------------------------------------------- */
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

/* A line longer than inih's buffer is refused for its key, never split: the
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

/* A symlinked settings file (dotfiles) keeps its link: the target gets the
 * new text. Relative links, chains and a dangling link too. */
static void test_symlink_is_kept_and_its_target_written(void **state)
{
    fixture *f = *state;
    char real[700], sub[600];
    snprintf(sub, sizeof sub, "%s/dotfiles", f->dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(real, sizeof real, "%s/settings.ini", sub);
    write_file(real, "[settings]\ntheme = dark\n");
    assert_int_equal(symlink("dotfiles/settings.ini", f->path), 0);
    prefs p;
    assert_int_equal(prefs_load(f->path, &p, NULL), PREFS_LOADED);
    assert_int_equal(p.settings.theme, 1);
    p.wins_o = 7;
    assert_true(prefs_save(f->path, &p, f->warn));
    struct stat st;
    assert_int_equal(lstat(f->path, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    prefs q;
    assert_int_equal(prefs_load(real, &q, NULL), PREFS_LOADED);
    assert_int_equal(q.wins_o, 7);
    assert_int_equal(q.settings.theme, 1);

    /* A chain of two links, the second absolute. */
    char chain[600];
    snprintf(chain, sizeof chain, "%s/chain.ini", f->dir);
    assert_int_equal(symlink(f->path, chain), 0);
    p.wins_o = 8;
    assert_true(prefs_save(chain, &p, NULL));
    assert_int_equal(lstat(chain, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    prefs_load(real, &q, NULL);
    assert_int_equal(q.wins_o, 8);

    /* A dangling link: the file it names is created. */
    char dangling[600], later[700];
    snprintf(dangling, sizeof dangling, "%s/dangling.ini", f->dir);
    snprintf(later, sizeof later, "%s/later.ini", sub);
    assert_int_equal(symlink(later, dangling), 0);
    assert_true(prefs_save(dangling, &p, NULL));
    assert_int_equal(lstat(dangling, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(prefs_load(later, &q, NULL), PREFS_LOADED);
    assert_int_equal(q.wins_o, 8);
    assert_no_temp_file(f->dir);
    assert_no_temp_file(sub);
}

/* The permission bits survive a save; a new file gets 0666 less the umask. */
static void test_permissions_are_kept(void **state)
{
    fixture *f = *state;
    prefs p;
    prefs_defaults(&p);
    mode_t old = umask(022);
    assert_true(prefs_save(f->path, &p, NULL));
    struct stat st;
    assert_int_equal(stat(f->path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0644);
    assert_int_equal(chmod(f->path, 0600), 0);
    p.draws = 1;
    assert_true(prefs_save(f->path, &p, NULL));
    assert_int_equal(stat(f->path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0600);
    assert_int_equal(chmod(f->path, 0640), 0);
    assert_true(prefs_save(f->path, &p, NULL));
    assert_int_equal(stat(f->path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    umask(old);
}

/* A read-only file (no write bit, even for root) is not replaced: one
 * warning, the text unchanged. */
static void test_read_only_file_is_not_overwritten(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[settings]\ntheme = dark\n");
    assert_int_equal(chmod(f->path, 0444), 0);
    prefs p;
    prefs_defaults(&p);
    assert_false(prefs_save(f->path, &p, f->warn));
    char *warn = read_all(f->warn);
    assert_int_equal(count_lines(warn), 1);
    assert_non_null(strstr(warn, "read-only"));
    assert_string_equal(read_path(f->path), "[settings]\ntheme = dark\n");
    struct stat st;
    assert_int_equal(stat(f->path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0444);
    assert_no_temp_file(f->dir);
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

/* Two instances: each saves what it changed. Counters add, settings changed
 * by one win for those keys only, unknown keys from the file stay. */
static void test_two_instances_merge(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[settings]\ntheme = light\nsize = 3\n[scores]\nx_wins = 10\ndraws = 1\n"
                        "future_counter = 4\n[future]\nsound = loud\n");
    prefs a_base, a, b_base, b;
    assert_int_equal(prefs_load(f->path, &a_base, NULL), PREFS_LOADED);
    b_base = a_base;
    a = a_base;
    b = b_base;
    /* A: three X wins and a dark theme. B: two draws and a 4x4 board. */
    a.wins_x += 3;
    a.settings.theme = 1;
    b.draws += 2;
    assert_true(settings_set(&b.settings, "size", "4", NULL, 0));
    assert_true(prefs_save_merged(f->path, &a_base, &a, f->warn));
    a_base = a;
    assert_true(prefs_save_merged(f->path, &b_base, &b, f->warn));
    b_base = b;
    /* A again: one more X win; its old size 3 is not a change of its own. */
    a.wins_x += 1;
    assert_true(prefs_save_merged(f->path, &a_base, &a, f->warn));
    a_base = a;
    assert_string_equal(read_all(f->warn), "");

    prefs q;
    assert_int_equal(prefs_load(f->path, &q, f->warn), PREFS_LOADED);
    assert_int_equal(q.wins_x, 14);
    assert_int_equal(q.draws, 3);
    assert_int_equal(q.settings.theme, 1);
    assert_int_equal(q.settings.board_size, 4);
    const char *text = read_path(f->path);
    assert_non_null(strstr(text, "future_counter=4"));
    assert_non_null(strstr(text, "[future]\nsound=loud\n"));

    /* B resets its scores: what it saw goes (10 X wins), A's four stay. */
    b.wins_x = b.draws = 0;
    assert_true(prefs_save_merged(f->path, &b_base, &b, NULL));
    prefs_load(f->path, &q, NULL);
    assert_int_equal(q.wins_x, 4);
    assert_int_equal(q.draws, 0);

    /* A file that cannot be read under the lock is left alone. */
    write_file(f->path, "");
    assert_int_equal(truncate(f->path, PREFS_MAX_FILE_BYTES + 1), 0);
    a.wins_x += 1;
    assert_false(prefs_save_merged(f->path, &a_base, &a, f->warn));
    struct stat st;
    assert_int_equal(stat(f->path, &st), 0);
    assert_int_equal(st.st_size, PREFS_MAX_FILE_BYTES + 1);
}

/* An entry before any section (one this instance has and the file has
 * not) is written before the first section, where it reads back. */
static void test_merge_keeps_entries_before_any_section(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[settings]\ntheme = light\n[scores]\nx_wins = 1\n");
    prefs base, mine, q;
    prefs_load(f->path, &base, NULL);
    assert_int_equal(prefs_parse_ini("top = 1\n[settings]\ntheme = light\n[scores]\nx_wins = 1\n",
                                     &mine, NULL, NULL),
                     0);
    mine.wins_x = 2;
    assert_true(prefs_save_merged(f->path, &base, &mine, NULL));
    prefs_load(f->path, &q, NULL);
    assert_int_equal(q.extra_count, 1);
    assert_string_equal(q.extra[0].section, "");
    assert_string_equal(q.extra[0].key, "top");
    assert_int_equal(q.settings.theme, 0);
    assert_int_equal(q.wins_x, 2);
}

/* A file with entries straight from another version: a counter in [scores]
 * the game does not know is merged as a counter too. */
static void test_unknown_counters_are_merged_as_counters(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[scores]\nx_wins = 1\n");
    prefs base, mine;
    prefs_load(f->path, &base, NULL);
    mine = base;
    mine.wins_x = 2;
    /* Meanwhile a newer version added its own counter and a win. */
    write_file(f->path, "[scores]\nx_wins = 5\nhvc_3x3_wins = 9\n");
    assert_true(prefs_save_merged(f->path, &base, &mine, NULL));
    prefs q;
    prefs_load(f->path, &q, NULL);
    assert_int_equal(q.wins_x, 6);
    assert_non_null(strstr(read_path(f->path), "hvc_3x3_wins=9"));
}

#define INSTANCES 3
#define GAMES_EACH 20

/* Three processes, each "playing" GAMES_EACH games and saving after each,
 * as the game does, while a fourth reads the file in a loop: the counts add
 * up to the games played, and the reader never finds the file missing,
 * empty or unreadable. Deterministic: the lock orders the saves, the
 * rename makes each version appear whole; no timing is involved. */
static void test_three_instances_lose_nothing(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[scores]\nx_wins = 0\no_wins = 0\ndraws = 0\n");
    pid_t reader = fork();
    assert_true(reader >= 0);
    if (reader == 0) {
        /* Until killed: every read must see a whole file. */
        for (;;) {
            prefs p;
            FILE *in = fopen(f->path, "r");
            if (!in) _exit(3);
            int c = fgetc(in);
            fclose(in);
            if (c == EOF) _exit(4);
            if (prefs_load(f->path, &p, NULL) != PREFS_LOADED) _exit(5);
        }
    }
    pid_t kids[INSTANCES];
    for (int i = 0; i < INSTANCES; i++) {
        kids[i] = fork();
        assert_true(kids[i] >= 0);
        if (kids[i] == 0) {
            prefs base, mine;
            if (prefs_load(f->path, &base, NULL) != PREFS_LOADED) _exit(6);
            mine = base;
            for (int g = 0; g < GAMES_EACH; g++) {
                int *slot = g % 3 == 0 ? &mine.wins_x : (g % 3 == 1 ? &mine.wins_o : &mine.draws);
                (*slot)++;
                if (!prefs_save_merged(f->path, &base, &mine, stderr)) _exit(7);
                base = mine;
            }
            _exit(0);
        }
    }
    for (int i = 0; i < INSTANCES; i++) {
        int status = 0;
        assert_int_equal(waitpid(kids[i], &status, 0), kids[i]);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
    }
    int status = 0;
    assert_int_equal(waitpid(reader, &status, WNOHANG), 0); /* still reading, no failure */
    kill(reader, SIGKILL);
    assert_int_equal(waitpid(reader, &status, 0), reader);
    assert_true(WIFSIGNALED(status));
    prefs q;
    assert_int_equal(prefs_load(f->path, &q, NULL), PREFS_LOADED);
    assert_int_equal(q.wins_x + q.wins_o + q.draws, INSTANCES * GAMES_EACH);
    assert_int_equal(q.wins_x, INSTANCES * 7);
    assert_int_equal(q.wins_o, INSTANCES * 7);
    assert_int_equal(q.draws, INSTANCES * 6);
    assert_no_temp_file(f->dir);
}

static void test_parser_takes_anything(void **state)
{
    (void)state;
    prefs p;
    assert_int_equal(prefs_parse_ini(NULL, &p, NULL, NULL), 0);
    assert_int_equal(prefs_parse_ini("", &p, NULL, NULL), 0);
    /* A line longer than inih's buffer, a name longer than we keep, many
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
        cmocka_unit_test_setup_teardown(test_written_and_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_empty_key_reads_back_the_same, setup, teardown),
        cmocka_unit_test_setup_teardown(test_value_starting_with_a_semicolon_reads_back_the_same,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_long_lines_read_back_the_same_or_are_dropped, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_keys_with_trailing_blanks_are_dropped, setup,
                                        teardown),
        cmocka_unit_test(test_unwritable_extras_are_not_written),
        cmocka_unit_test_setup_teardown(test_unwritable_directory_warns_and_goes_on, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_directory_is_not_replaced, setup, teardown),
        cmocka_unit_test(test_parser_takes_anything),
        cmocka_unit_test_setup_teardown(test_fifo_and_directory_are_refused_at_once, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_long_lines_are_refused_not_split, setup, teardown),
        cmocka_unit_test_setup_teardown(test_scores_saturate_at_the_cap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_duplicate_keys_the_last_counts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_symlink_is_kept_and_its_target_written, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_permissions_are_kept, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_only_file_is_not_overwritten, setup, teardown),
        cmocka_unit_test_setup_teardown(test_warnings_escape_control_characters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_two_instances_merge, setup, teardown),
        cmocka_unit_test_setup_teardown(test_merge_keeps_entries_before_any_section, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_unknown_counters_are_merged_as_counters, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_three_instances_lose_nothing, setup, teardown),
    };
    return cmocka_run_group_tests_name("game_prefs", tests, NULL, NULL);
}
