/*
 * test_ini_reader.c - the game's INI reader (game/desktop/ini_reader.c)
 * reads every text exactly as libinih 55, which the game used before 1.0,
 * does: the same entries, in the same order, with the same sections, and
 * the same first bad line. libinih (Debian's libinih-dev, which the test
 * command installs) is the independent implementation this checks against,
 * over hand-written texts with each rule's edge cases and 200,000 random
 * ones built from the characters that matter to the rules.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <ini.h>

#include "ini_reader.h"

/* What a reader reported: each entry as "[section] key = value\n". */
typedef struct transcript {
    char text[16384];
    size_t len;
    int reject_key; /* entries with this first letter are refused (returns 0) */
} transcript;

static int record(void *user, const char *section, const char *key, const char *value)
{
    transcript *t = user;
    int n =
        snprintf(t->text + t->len, sizeof t->text - t->len, "[%s] %s = %s\n", section, key, value);
    if (n > 0 && (size_t)n < sizeof t->text - t->len) t->len += (size_t)n;
    return !(t->reject_key && key[0] == t->reject_key);
}

/* Reads @p text with both and fails on any difference. */
static void same_as_inih(const char *text, int reject_key)
{
    transcript ours, theirs;
    memset(&ours, 0, sizeof ours);
    memset(&theirs, 0, sizeof theirs);
    ours.reject_key = theirs.reject_key = reject_key;
    int ours_line = ini_reader_parse(text, record, &ours);
    int theirs_line = ini_parse_string(text, record, &theirs);
    if (ours_line != theirs_line || strcmp(ours.text, theirs.text) != 0)
        fail_msg("text:\n%s\n--- ours (error line %d):\n%s--- libinih (error line %d):\n%s", text,
                 ours_line, ours.text, theirs_line, theirs.text);
}

static void test_written_cases(void **state)
{
    (void)state;
    static const char *const TEXTS[] = {
        "",
        "\n\n\n",
        "a=1\nb = 2\n  c  =  3  \n",
        "[settings]\nsize=5\n[window]\nwidth : 800\n",
        "; comment\n# another\n  ; indented comment\nk=v ; inline\nk2=v;not inline\n",
        "\xEF\xBB\xBFkey=after a BOM\n",
        "x\xEF\xBB\xBFkey=a BOM not at the start\n",
        "key=value\n  more of it\n\tand more\n[s]\n  no previous key here\n",
        "[unterminated\nk=v\n",
        "[with ; comment]\n[with;semicolon]\n[a] trailing\nk=v\n",
        "no separator\nk=v\n=empty key\n:colon key\nk:v=w\nk=v:w\n",
        "k=\nk2= \n k3 = v3\n",
        "[]\nk=v\n[  spaced  ]\nk=v\n",
        "a=1\r\nb=2\r\n[c]\r\nd=4\r\n",
        "[a-section-name-that-is-much-longer-than-forty-nine-bytes-long]\nk=v\n",
        "a-key-name-that-is-much-longer-than-forty-nine-bytes-long=1\n  continued\n",
        "k=v\n;\n#\n[s]\n=\n:\n",
        "last line without newline=yes",
    };
    for (size_t i = 0; i < sizeof TEXTS / sizeof TEXTS[0]; i++) {
        same_as_inih(TEXTS[i], 0);
        same_as_inih(TEXTS[i], 'k'); /* a refused entry counts as an error */
    }
}

/* Lines longer than the buffer, which both read as several. */
static void test_long_lines(void **state)
{
    (void)state;
    char text[1200];
    for (int len = 190; len <= 210; len++) {
        memset(text, 'v', sizeof text);
        memcpy(text, "key=", 4);
        text[len] = '\n';
        memcpy(text + len + 1, "k2=x\n", 6);
        same_as_inih(text, 0);
        text[0] = ' ';
        same_as_inih(text, 0);
    }
}

/* Random texts over the characters the rules turn on. */
static void test_random_texts(void **state)
{
    (void)state;
    static const char ALPHABET[] = "ab =:;#[]\t\n\n\n \r\xEF\xBB\xBFk";
    uint64_t x = 20261124u;
    char text[600];
    for (int round = 0; round < 200000; round++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        size_t n = (size_t)(x % (sizeof text - 1));
        for (size_t i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            text[i] = ALPHABET[x % (sizeof ALPHABET - 1)];
        }
        text[n] = '\0';
        same_as_inih(text, round % 7 == 0 ? 'k' : 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_written_cases),
        cmocka_unit_test(test_long_lines),
        cmocka_unit_test(test_random_texts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
