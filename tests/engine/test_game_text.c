/*
 * test_game_text.c - the board as text through the public API (game.c's
 * ttt_game_format and ttt_game_parse): the 3x3 format, format and parse
 * round trips on every size, what parse accepts, and every parse error.
 */
#include <stdio.h>
#include <stdlib.h>

#include "engine_test_util.h"
#include "ttt/common.h"

/* ========================================================================= */
/* Text                                                                      */
/* ========================================================================= */

static void test_format_3x3(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    static const int moves[][2] = {{0, 0}, {0, 1}, {1, 1}, {2, 2}};
    play_moves(g, moves, 4);
    static const char grid[] = "+---+---+---+\n"
                               "| X | O |   |\n"
                               "+---+---+---+\n"
                               "|   | X |   |\n"
                               "+---+---+---+\n"
                               "|   |   | O |\n"
                               "+---+---+---+\n";
    char buf[TTT_FORMAT_MAX];
    int len = 0;
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_GRID, buf, sizeof buf, &len), TTT_OK);
    assert_string_equal(buf, grid);
    assert_int_equal(len, strlen(grid));
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_COMPACT, buf, sizeof buf, &len), TTT_OK);
    assert_string_equal(buf, "xo. .x. ..o");
    assert_int_equal(len, 11);

    /* Buffer sizes: exactly the text plus the NUL fits; one less does not,
     * and then the buffer holds an empty string and len the length needed. */
    char exact[sizeof grid];
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_GRID, exact, sizeof exact, &len), TTT_OK);
    assert_string_equal(exact, grid);
    len = 0;
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_GRID, exact, sizeof exact - 1, &len),
                     TTT_ERR_BUFFER);
    assert_int_equal(exact[0], '\0');
    assert_int_equal(len, strlen(grid));
    char one = 'z';
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_COMPACT, &one, 1, NULL), TTT_ERR_BUFFER);
    assert_int_equal(one, '\0');
    one = 'z';
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_COMPACT, &one, 0, &len), TTT_ERR_BUFFER);
    assert_int_equal(one, 'z'); /* cap 0: nothing written */
    assert_int_equal(len, 11);
    assert_int_equal(ttt_game_format(g, (ttt_format_style)7, buf, sizeof buf, &len), TTT_ERR_RANGE);
    assert_int_equal(ttt_game_format(NULL, TTT_FORMAT_GRID, buf, sizeof buf, &len), TTT_ERR_NULL);
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_GRID, NULL, 1, &len), TTT_ERR_NULL);
    /* No buffer and no room: the length alone. A negative room is refused. */
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_COMPACT, NULL, 0, &len), TTT_ERR_BUFFER);
    assert_int_equal(len, 11);
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_COMPACT, buf, -1, &len), TTT_ERR_RANGE);
    ttt_game_free(g);
}

/* Checks the grid text of g square by square against its owners. */
static void assert_grid_matches(const ttt_game *g, const char *text)
{
    int size = ttt_game_size(g);
    const size_t line_len = (size_t)(4 * size + 1); /* "+---" per square and a closing "+" */
    assert_int_equal(strlen(text), (size_t)(2 * size + 1) * (line_len + 1));
    for (int line = 0; line < 2 * size + 1; line++) {
        const char *l = text + (size_t)line * (line_len + 1);
        assert_int_equal(l[line_len], '\n');
        for (int c = 0; c < size; c++) {
            const char *cell = l + 4 * c;
            if (line % 2 == 0) {
                assert_memory_equal(cell, "+---", 4);
            } else {
                ttt_player owner = TTT_PLAYER_NONE;
                assert_int_equal(ttt_game_owner(g, (ttt_pos){line / 2, c}, &owner), TTT_OK);
                static const char *const CELL[3] = {"|   ", "| X ", "| O "};
                const char *want = CELL[owner];
                assert_memory_equal(cell, want, 4);
            }
        }
        assert_int_equal(l[line_len - 1], line % 2 == 0 ? '+' : '|');
    }
}

/* Positions from random games on every size and k, at every ply: format,
 * parse back, and get the same board, state, turn and text. */
static void test_format_parse_round_trip(void **state)
{
    (void)state;
    uint64_t rng = 5;
    const int games_per_config = 3;
    for (int size = TTT_MIN_SIZE; size <= TTT_MAX_SIZE; size++)
        for (int k = TTT_MIN_K; k <= size; k++)
            for (int gi = 0; gi < games_per_config; gi++) {
                ttt_game *g = NULL;
                ttt_player first = gi % 2 ? TTT_PLAYER_O : TTT_PLAYER_X;
                assert_int_equal(ttt_game_new(size, k, first, NULL, &g), TTT_OK);
                for (;;) {
                    snapshot s;
                    snapshot_take(g, &s);
                    assert_grid_matches(g, s.grid);
                    /* The player who would move next if play went on: the
                     * first player after an even number of moves. This
                     * settles the cases the board alone leaves open. */
                    ttt_player to_move = s.move_count % 2 == 0 ? first : ttt_player_other(first);
                    ttt_game *p = NULL;
                    assert_int_equal(ttt_game_parse(s.compact, size, k, to_move, NULL, &p), TTT_OK);
                    snapshot t;
                    snapshot_take(p, &t);
                    assert_string_equal(t.compact, s.compact);
                    assert_string_equal(t.grid, s.grid);
                    assert_int_equal(t.state, s.state);
                    assert_int_equal(t.turn, s.turn);
                    assert_int_equal(t.first, s.first);
                    assert_int_equal(t.winner, s.winner);
                    assert_int_equal(t.move_count, s.move_count);
                    assert_int_equal(t.nlines, s.nlines);
                    assert_memory_equal(t.lines, s.lines, sizeof s.lines);
                    assert_int_equal(t.nhist, 0); /* a parsed game starts there */
                    assert_int_equal(ttt_game_undo(p), TTT_ERR_NO_HISTORY);
                    /* Parsing with the side left open gives the same board. */
                    ttt_game_free(p);
                    p = NULL;
                    ttt_status st = ttt_game_parse(s.compact, size, k, TTT_PLAYER_NONE, NULL, &p);
                    assert_int_equal(st, TTT_OK);
                    snapshot_take(p, &t);
                    assert_string_equal(t.compact, s.compact);
                    ttt_game_free(p);
                    if (s.turn == TTT_PLAYER_NONE) break;
                    play_random(g, &rng);
                }
                ttt_game_free(g);
            }
}

static void test_parse_accepts(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    /* The example: marks in either case, three kinds of blank,
     * spaces, tabs, newlines and bars ignored. */
    assert_int_equal(ttt_game_parse("x__ o_o _x_", 3, 3, TTT_PLAYER_NONE, NULL, &g), TTT_OK);
    char buf[TTT_FORMAT_MAX];
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_COMPACT, buf, sizeof buf, NULL), TTT_OK);
    assert_string_equal(buf, "x.. o.o .x.");
    ttt_player p = ttt_game_turn(g);
    assert_int_equal(p, TTT_PLAYER_X); /* equal counts, no preference: X */
    ttt_game_free(g);
    assert_int_equal(ttt_game_parse("|X|-|.|\n|O|_|o|\t\r\n|.|x|_|", 3, 3, TTT_PLAYER_O, NULL, &g),
                     TTT_OK);
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_COMPACT, buf, sizeof buf, NULL), TTT_OK);
    assert_string_equal(buf, "x.. o.o .x.");
    p = ttt_game_turn(g);
    assert_int_equal(p, TTT_PLAYER_O);
    p = ttt_game_first_player(g);
    assert_int_equal(p, TTT_PLAYER_O);
    /* Play on from a parsed position, and undo back to it. */
    assert_int_equal(ttt_game_move(g, (ttt_pos){1, 1}, NULL), TTT_OK);
    ttt_state st = ttt_game_state(g);
    assert_int_equal(st, TTT_STATE_O_WON);
    assert_int_equal(ttt_game_undo(g), TTT_OK);
    assert_int_equal(ttt_game_undo(g), TTT_ERR_NO_HISTORY);
    ttt_game_start_next(g);
    p = ttt_game_first_player(g);
    assert_int_equal(p, TTT_PLAYER_X);
    ttt_game_free(g);

    /* One mark more: the other side moves, whatever the board looks like. */
    assert_int_equal(ttt_game_parse("o.. ... ...", 3, 3, TTT_PLAYER_NONE, NULL, &g), TTT_OK);
    p = ttt_game_turn(g);
    assert_int_equal(p, TTT_PLAYER_X);
    p = ttt_game_first_player(g);
    assert_int_equal(p, TTT_PLAYER_O);
    ttt_game_free(g);

    /* Finished positions: a win with equal counts (O moved last), a draw. */
    assert_int_equal(ttt_game_parse("xx. ooo ..x", 3, 3, TTT_PLAYER_NONE, NULL, &g), TTT_OK);
    st = ttt_game_state(g);
    assert_int_equal(st, TTT_STATE_O_WON);
    p = ttt_game_first_player(g);
    assert_int_equal(p, TTT_PLAYER_X);
    ttt_game_free(g);
    assert_int_equal(ttt_game_parse("xox xoo oxx", 3, 3, TTT_PLAYER_NONE, NULL, &g), TTT_OK);
    st = ttt_game_state(g);
    assert_int_equal(st, TTT_STATE_DRAW);
    ttt_game_free(g);
    /* A double line through the last mark is legal. */
    assert_int_equal(ttt_game_parse("xxx xoo xoo", 3, 3, TTT_PLAYER_NONE, NULL, &g), TTT_OK);
    int n = 0;
    assert_int_equal(ttt_game_winning_lines(g, NULL, 0, &n), TTT_ERR_BUFFER);
    assert_int_equal(n, 2);
    ttt_game_free(g);
}

/* Each parse error, and *out is NULL after every failure. */
static void test_parse_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int size, k;
        ttt_player to_move;
        ttt_status want;
    } cases[] = {
        {"x__ o_a _x_", 3, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_CHAR},
        {"x__ o_o _x+", 3, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_CHAR},
        {"x,_ o_o _x_", 3, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_CHAR},
        {"x__ o_o _x", 3, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_COUNT},
        {"x__ o_o _x__", 3, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_COUNT},
        {"", 3, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_COUNT},
        {"x__ o_o _x_", 4, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_COUNT},
        {"xx. ... ...", 3, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_MARKS},
        {"oo. o.. x..", 3, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_MARKS},
        {"x.. ... ...", 3, 3, TTT_PLAYER_X, TTT_ERR_PARSE_TURN},
        {"xo. ... ..o", 3, 3, TTT_PLAYER_O, TTT_ERR_PARSE_TURN},
        /* O has the line with equal counts, so O moved last and X is to move. */
        {"xx. ooo ..x", 3, 3, TTT_PLAYER_O, TTT_ERR_PARSE_TURN},
        /* Both players have a line. */
        {"xxx ooo ...", 3, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_WIN},
        /* O has the line but X has more marks: O cannot have moved last. */
        {"ooo xx. x.x", 3, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_WIN},
        /* X has two lines with no common square: no single move made both. */
        {"xxx.. o..o. .o..o o.... xxx..", 5, 3, TTT_PLAYER_NONE, TTT_ERR_PARSE_WIN},
        /* A run of six with k = 3 holds windows with no common square. */
        {"xxxxxx.. oooooo.. ........ ........ ........ ........ ........ ........", 8, 3,
         TTT_PLAYER_NONE, TTT_ERR_PARSE_WIN},
        {"x.. ... ...", 2, 3, TTT_PLAYER_NONE, TTT_ERR_SIZE},
        {"x.. ... ...", 9, 3, TTT_PLAYER_NONE, TTT_ERR_SIZE},
        {"x.. ... ...", 3, 2, TTT_PLAYER_NONE, TTT_ERR_K},
        {"x.. ... ...", 3, 4, TTT_PLAYER_NONE, TTT_ERR_K},
        {"x.. ... ...", 3, 3, (ttt_player)3, TTT_ERR_PLAYER},
        {"x.. ... ...", 3, 3, (ttt_player)-1, TTT_ERR_PLAYER},
        {NULL, 3, 3, TTT_PLAYER_NONE, TTT_ERR_NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char sentinel = 0;
        ttt_game *g = (ttt_game *)(void *)&sentinel; /* any non-NULL value, to see it cleared */
        ttt_status st =
            ttt_game_parse(cases[i].text, cases[i].size, cases[i].k, cases[i].to_move, NULL, &g);
        if (st != cases[i].want)
            fail_msg("case %zu \"%s\": got %s, want %s", i, cases[i].text ? cases[i].text : "NULL",
                     ttt_status_message(st), ttt_status_message(cases[i].want));
        assert_null(g);
    }
    assert_int_equal(ttt_game_parse("x.. ... ...", 3, 3, TTT_PLAYER_NONE, NULL, NULL),
                     TTT_ERR_NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_3x3),
        cmocka_unit_test(test_format_parse_round_trip),
        cmocka_unit_test(test_parse_accepts),
        cmocka_unit_test(test_parse_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
