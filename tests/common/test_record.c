/*
 * test_record.c - the game record's text (game/common/record.h): what is
 * written reads back the same; a file with comments, blank lines, Windows
 * line ends and every optional key reads; every kind of malformed file is
 * refused with the right line and a reason, leaving the caller's record as
 * it was; every prefix of a good file is either a record or refused with a
 * line inside the file (never a crash or a line number past the end).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "record.h"

/* A record filled with a pattern, to see that a refusal changed nothing. */
static void poison(record *r)
{
    memset(r, 0x5A, sizeof *r);
}

static bool parse(const char *text, record *out, record_error *err)
{
    return record_parse(text, strlen(text), out, err);
}

static void test_round_trip(void **state)
{
    (void)state;
    record r;
    record_init(&r);
    r.size = 4;
    r.k = 3;
    r.first = TTT_PLAYER_O;
    r.mode = RECORD_MODE_HUMAN_VS_COMPUTER;
    r.human = TTT_PLAYER_X;
    snprintf(r.difficulty, sizeof r.difficulty, "%s", "0.250");
    const ttt_pos moves[] = {{0, 0}, {1, 1}, {0, 1}, {2, 2}, {0, 2}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        r.moves[r.move_count++] = moves[i];
    char text[RECORD_TEXT_MAX];
    size_t n = record_write(&r, text, sizeof text);
    assert_true(n > 0);
    assert_int_equal(n, strlen(text));
    assert_non_null(strstr(text, "ttt-game 1\n"));
    assert_non_null(strstr(text, "size 4\nk 3\nfirst o\n"));
    assert_non_null(strstr(text, "mode human-vs-computer\nhuman x\ndifficulty 0.250\n"));
    /* O moved first and took the top row: the result is written. */
    assert_non_null(strstr(text, "result o-won\nmoves\n1 1\n2 2\n1 2\n3 3\n1 3\n"));
    record back;
    record_error err;
    assert_true(record_parse(text, n, &back, &err));
    assert_memory_equal(&back, &r, sizeof r);
    assert_int_equal(record_final_state(&back), TTT_STATE_O_WON);

    /* A buffer too small gives nothing rather than half a file. */
    char tiny[16];
    assert_int_equal(record_write(&r, tiny, sizeof tiny), 0);
    assert_string_equal(tiny, "");
}

static void test_reads_a_hand_written_file(void **state)
{
    (void)state;
    const char *text = "# A game typed by hand\r\n"
                       "\r\n"
                       "   ttt-game 1   # the format\r\n"
                       "size 3\r\n"
                       "mode pvp\r\n"
                       "moves\r\n"
                       "2 2   # the centre\r\n"
                       "1,1\r\n"
                       "\t3 3\t\r\n"
                       "# no more moves";
    record r;
    record_error err;
    assert_true(parse(text, &r, &err));
    assert_int_equal(r.size, 3);
    assert_int_equal(r.k, 3); /* the usual k for the size */
    assert_int_equal(r.first, TTT_PLAYER_X);
    assert_int_equal(r.mode, RECORD_MODE_TWO_PLAYERS);
    assert_int_equal(r.human, TTT_PLAYER_NONE);
    assert_int_equal(r.move_count, 3);
    assert_int_equal(r.moves[0].row, 1);
    assert_int_equal(r.moves[0].col, 1);
    assert_int_equal(r.moves[1].row, 0);
    assert_int_equal(r.moves[2].col, 2);
    ttt_game *g = NULL;
    assert_int_equal(record_to_game(&r, &g), TTT_OK);
    assert_int_equal(ttt_game_move_count(g), 3);
    assert_int_equal(ttt_game_turn(g), TTT_PLAYER_O);
    record again;
    record_init(&again);
    record_from_game(&again, g);
    assert_int_equal(again.move_count, 3);
    assert_memory_equal(again.moves, r.moves, sizeof r.moves[0] * 3);
    ttt_game_free(g);

    /* No moves at all is a game not begun; k defaults by the size. */
    assert_true(parse("ttt-game 1\nsize 7\nmoves\n", &r, &err));
    assert_int_equal(r.move_count, 0);
    assert_int_equal(r.k, 5);
}

/* The file @p text must be refused at @p line with a reason containing
 * @p words, and leave the record alone. */
static void expect_refused(const char *text, int line, const char *words)
{
    record r, before;
    poison(&r);
    before = r;
    record_error err;
    if (parse(text, &r, &err)) fail_msg("accepted:\n%s", text);
    assert_memory_equal(&r, &before, sizeof r);
    if (err.line != line || !strstr(err.reason, words))
        fail_msg("refused at line %d (%s), expected line %d with '%s', for:\n%s", err.line,
                 err.reason, line, words, text);
}

static void test_refusals(void **state)
{
    (void)state;
    expect_refused("", 1, "not a game record");
    expect_refused("# only a comment\n", 2, "not a game record");
    expect_refused("[settings]\nsize = 3\n", 1, "not a game record");
    expect_refused("ttt-game 2\nsize 3\nmoves\n", 1, "version '2'");
    expect_refused("ttt-game 1\ncolour red\nmoves\n", 2, "unknown key 'colour'");
    expect_refused("ttt-game 1\nsize 3\nsize 4\nmoves\n", 3, "given twice (first on line 2)");
    expect_refused("ttt-game 1\nsize 9\nmoves\n", 2, "size '9'");
    expect_refused("ttt-game 1\nsize three\nmoves\n", 2, "size 'three'");
    expect_refused("ttt-game 1\nsize\nmoves\n", 2, "needs a value");
    /* k is checked against the size, whichever comes first, at its line. */
    expect_refused("ttt-game 1\nk 5\nsize 4\nmoves\n", 2, "k '5'");
    expect_refused("ttt-game 1\nsize 4\nk 2\nmoves\n", 3, "k '2'");
    expect_refused("ttt-game 1\nsize 3\nfirst z\nmoves\n", 3, "first 'z'");
    expect_refused("ttt-game 1\nsize 3\nhuman both\nmoves\n", 3, "human 'both'");
    expect_refused("ttt-game 1\nsize 3\nmode solo\nmoves\n", 3, "mode 'solo'");
    expect_refused("ttt-game 1\nsize 3\ndifficulty EASY!\nmoves\n", 3, "difficulty 'EASY!'");
    expect_refused("ttt-game 1\nsize 3\nresult won\nmoves\n", 3, "result 'won'");
    expect_refused("ttt-game 1\nmoves\n", 2, "no 'size' line");
    expect_refused("ttt-game 1\nsize 3\nmoves 2 2\n", 3, "nothing after it");
    expect_refused("ttt-game 1\nsize 3\n", 3, "no 'moves' line");
    expect_refused("ttt-game 1\nsize 3\nmoves\ncentre\n", 4, "'centre' is not a move");
    expect_refused("ttt-game 1\nsize 3\nmoves\n2\n", 4, "'2' is not a move");
    expect_refused("ttt-game 1\nsize 3\nmoves\n2 2 2\n", 4, "'2 2 2' is not a move");
    expect_refused("ttt-game 1\nsize 3\nmoves\n-1 2\n", 4, "'-1 2' is not a move");
    expect_refused("ttt-game 1\nsize 3\nmoves\n4 1\n", 4, "row 4 is outside the board");
    expect_refused("ttt-game 1\nsize 3\nmoves\n1 0\n", 4, "column 0 is outside the board");
    expect_refused("ttt-game 1\nsize 3\nmoves\n2 2\n1 1\n2 2\n", 6,
                   "move 3: row 2, column 2 is already taken by X");
    /* X takes the top row in five moves; a sixth comes after the end. */
    expect_refused("ttt-game 1\nsize 3\nmoves\n1 1\n2 1\n1 2\n2 2\n1 3\n3 3\n", 9,
                   "move 6 comes after the end of the game (x-won)");
    /* The result is checked against the moves, at the result's line. */
    expect_refused("ttt-game 1\nsize 3\nresult draw\nmoves\n1 1\n2 1\n1 2\n2 2\n1 3\n", 3,
                   "the result is 'draw', but the moves end 'x-won'");
    expect_refused("ttt-game 1\nsize 3\nresult x-won\nmoves\n2 2\n", 3, "end 'unfinished'");

    char nul[] = "ttt-game 1\nsize 3\nmoves\n2\0 2\n";
    record r;
    record_error err;
    assert_false(record_parse(nul, sizeof nul - 1, &r, &err));
    assert_int_equal(err.line, 4);
    assert_non_null(strstr(err.reason, "NUL"));

    char long_line[RECORD_LINE_MAX + 64];
    memset(long_line, 'x', sizeof long_line);
    memcpy(long_line, "ttt-game 1\nsize ", 16);
    long_line[sizeof long_line - 1] = '\0';
    expect_refused(long_line, 2, "longer than 200 characters");
    /* A long comment is a comment. */
    char long_comment[RECORD_LINE_MAX * 3];
    int n = snprintf(long_comment, sizeof long_comment, "ttt-game 1\nsize 3 # ");
    memset(long_comment + n, 'c', sizeof long_comment - (size_t)n - 10);
    snprintf(long_comment + sizeof long_comment - 10, 10, "\nmoves\n");
    assert_true(parse(long_comment, &r, &err));
}

static void test_too_large(void **state)
{
    (void)state;
    static char big[RECORD_MAX_BYTES + 2];
    memset(big, '#', sizeof big);
    record r;
    record_error err;
    assert_false(record_parse(big, sizeof big, &r, &err));
    assert_int_equal(err.line, 1);
    assert_non_null(strstr(err.reason, "64 KiB"));
}

/* Every prefix of a good file, cut anywhere, reads or is refused at a line
 * of the file (or just after its last, for something missing). */
static void test_every_prefix(void **state)
{
    (void)state;
    const char *text = "# a whole game\nttt-game 1\nsize 3\nk 3\nfirst o\nmode cvc\n"
                       "difficulty hard\nresult draw\nmoves\n2 2\n1 1\n1 2\n3 2\n2 1\n2 3\n"
                       "1 3\n3 1\n3 3\n";
    record full;
    record_error err;
    assert_true(parse(text, &full, &err));
    assert_int_equal(full.move_count, 9);
    size_t len = strlen(text);
    int accepted = 0;
    for (size_t cut = 0; cut <= len; cut++) {
        int lines = 1;
        for (size_t i = 0; i < cut; i++)
            lines += text[i] == '\n';
        record r;
        if (record_parse(text, cut, &r, &err)) {
            accepted++;
            continue;
        }
        if (err.line < 1 || err.line > lines + 1 || err.reason[0] == '\0')
            fail_msg("prefix of %zu bytes: line %d of %d, '%s'", cut, err.line, lines, err.reason);
    }
    /* Only the whole file has the moves the result says: a draw. */
    assert_int_equal(accepted, 2); /* with and without the last newline */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),   cmocka_unit_test(test_reads_a_hand_written_file),
        cmocka_unit_test(test_refusals),     cmocka_unit_test(test_too_large),
        cmocka_unit_test(test_every_prefix),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
