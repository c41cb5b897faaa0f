/*
 * test_prefs_format_write.c - the settings file's text (prefs_format.c) written and read
 * back: every setting and score, unknown keys and values read back the same (or dropped with one
 * warning when no line would), extras that would not read back left out, the puzzle statistics,
 * unknown [stats] entries after unknown sections. Reading alone is test_prefs_format.c. No SDL:
 * files go to a fresh directory under /tmp.
 */
/* mkdtemp, lstat: POSIX, which the C11 mode does not expose by itself. */
#define _POSIX_C_SOURCE 200809L

#include <sys/stat.h>
#include <unistd.h>

#include "ini_reader.h" /* INI_READER_MAX_LINE, the reader's line limit */

#include "prefs_fixture.h"

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
 * back longer than the limit, and the reader split it. An indented line (more of
 * the previous key's value) can give an entry no line under the limit
 * holds: that one is dropped, with one warning, and what would have been
 * the rest of its line never reads as a known key. */
static void test_long_lines_read_back_the_same_or_are_dropped(void **state)
{
    fixture *f = *state;
    char text[1024];
    char value[256];
    /* "pad=" + value + "size=7" is INI_READER_MAX_LINE - 2 bytes, the longest kept. */
    size_t len = (size_t)INI_READER_MAX_LINE - 2 - strlen("pad=") - strlen("size=7");
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
     * `key = value` used to be split (the 199 bytes the reader reads at once). */
    char key[64];
    memset(key, 'k', 49);
    key[49] = '\0';
    len = (size_t)INI_READER_MAX_LINE - 1 - strlen(key) - strlen(" = ");
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
 * key cut to 49 bytes, which can end in a blank that the reader trims from a
 * written key. Dropped with one warning for all, as is a continued value
 * with " ;" in it (the reader, as inih 55, keeps the comment in a continued value, but
 * reads it as one in `key=value`); ordinary continued values are kept, one
 * entry per line. */
static void test_keys_with_trailing_blanks_are_dropped(void **state)
{
    fixture *f = *state;
    char key[64], cut[64], text[512];
    memset(key, 'a', 48);
    snprintf(key + 48, sizeof key - 48, " tail"); /* 53 bytes: kept whole */
    snprintf(cut, sizeof cut, "%.49s", key);      /* what the reader continues: ends in ' ' */
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

/* [puzzles]: counts and the daily puzzle's date read and written back;
 * a bad value warns and falls back, an unknown key is kept. */
static void test_puzzle_statistics_round_trip(void **state)
{
    (void)state;
    static prefs p, back;
    prefs_defaults(&p);
    assert_int_equal(p.puzzles.daily_day, PUZZLE_STATS_NO_DAY);
    const char *text = "[puzzles]\nsolved = 12\nmissed = 3\nstreak = 4\nbest_streak = 7\n"
                       "daily_solved = 2026-11-27\nfuture = 1\n";
    assert_int_equal(prefs_parse_ini(text, &p, "p.ini", NULL), 0);
    assert_int_equal(p.puzzles.solved, 12);
    assert_int_equal(p.puzzles.missed, 3);
    assert_int_equal(p.puzzles.streak, 4);
    assert_int_equal(p.puzzles.best, 7);
    int64_t day = 0;
    assert_true(puzzle_day_from_date("2026-11-27", &day));
    assert_int_equal(p.puzzles.daily_day, day);
    FILE *out = tmpfile();
    assert_non_null(out);
    prefs_write(&p, out);
    char *written = read_all(out);
    assert_non_null(strstr(written, "daily_solved = 2026-11-27\n"));
    assert_non_null(strstr(written, "future=1\n"));
    assert_int_equal(prefs_parse_ini(written, &back, "w", NULL), 0);
    assert_int_equal(back.puzzles.best, 7);
    assert_int_equal(back.puzzles.daily_day, day);
    fclose(out);
    prefs_defaults(&p);
    assert_int_equal(
        prefs_parse_ini("[puzzles]\nsolved = -1\ndaily_solved = soon\n", &p, "bad.ini", NULL), 2);
    assert_int_equal(p.puzzles.solved, 0);
    assert_int_equal(p.puzzles.daily_day, PUZZLE_STATS_NO_DAY);
}

/* ------------------------------------------------------------------------- */
static const char *written_text(const prefs *p, char *buf, size_t cap)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    prefs_write(p, f);
    rewind(f);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* How many of @p p's unknown entries are [section] key=value. */
static int extras_with(const prefs *p, const char *section, const char *key, const char *value)
{
    int n = 0;
    for (int i = 0; i < p->extra_count; i++)
        n += strcmp(p->extra[i].section, section) == 0 && strcmp(p->extra[i].key, key) == 0 &&
             strcmp(p->extra[i].value, value) == 0;
    return n;
}

/* Issue 26, the fuzzer's finding: unknown entries of [stats] (here an empty
 * key, and an empty key with a value) after unknown sections (with bytes
 * 0xff in their names). The game writes the sections it knows in a fixed
 * order, [stats] right after [scores], and the unknown sections after them:
 * every unknown entry is kept, in its section and in its order there, and
 * the saved text loads back without a warning and saves to the same text.
 * (The fuzzer's check took [stats] for an unknown section and expected it
 * after the ones before it in the file.) */
static void test_unknown_stats_entries_after_unknown_sections_are_kept(void **state)
{
    (void)state;
    static const char text[] = "[scores\xff\xff"
                               "ores\xff]\n"
                               "x_w=1\n"
                               "=\n"
                               "[stats]\n"
                               "=\n"
                               "=0\n"
                               "[windo]\n"
                               "size=3\n"
                               "[scores\xff]\n"
                               "x_wins=2\n";
    static prefs p, back;
    assert_int_equal(prefs_parse_ini(text, &p, "finding", NULL), 0);
    assert_int_equal(p.extra_count, 6);
    assert_int_equal(extras_with(&p,
                                 "scores\xff\xff"
                                 "ores\xff",
                                 "x_w", "1"),
                     1);
    assert_int_equal(extras_with(&p,
                                 "scores\xff\xff"
                                 "ores\xff",
                                 "", ""),
                     1);
    assert_int_equal(extras_with(&p, PREFS_STATS_SECTION, "", ""), 1);
    assert_int_equal(extras_with(&p, PREFS_STATS_SECTION, "", "0"), 1);
    assert_int_equal(extras_with(&p, "windo", "size", "3"), 1);
    assert_int_equal(extras_with(&p, "scores\xff", "x_wins", "2"), 1);
    assert_int_equal(p.wins_x, 0); /* not [scores] */

    static char first[4096], second[4096];
    written_text(&p, first, sizeof first);
    /* [stats] with its two entries in their order, before the unknown sections,
     * which follow in the order they first appeared. */
    const char *stats = strstr(first, "\n[stats]\n");
    assert_non_null(stats);
    assert_non_null(strstr(stats, "\n=\n=0\n"));
    const char *a = strstr(first, "\n[scores\xff\xff"
                                  "ores\xff]\nx_w=1\n=\n");
    const char *b = strstr(first, "\n[windo]\nsize=3\n");
    const char *c = strstr(first, "\n[scores\xff]\nx_wins=2\n");
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    assert_true(stats < a && a < b && b < c);

    assert_int_equal(prefs_parse_ini(first, &back, "written", NULL), 0);
    assert_int_equal(back.extra_count, p.extra_count);
    for (int i = 0; i < p.extra_count; i++)
        assert_int_equal(extras_with(&back, p.extra[i].section, p.extra[i].key, p.extra[i].value),
                         1);
    assert_string_equal(written_text(&back, second, sizeof second), first);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_written_and_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_empty_key_reads_back_the_same, setup, teardown),
        cmocka_unit_test_setup_teardown(test_value_starting_with_a_semicolon_reads_back_the_same,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_long_lines_read_back_the_same_or_are_dropped, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_keys_with_trailing_blanks_are_dropped, setup,
                                        teardown),
        cmocka_unit_test(test_unwritable_extras_are_not_written),
        cmocka_unit_test(test_puzzle_statistics_round_trip),
        cmocka_unit_test(test_unknown_stats_entries_after_unknown_sections_are_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
