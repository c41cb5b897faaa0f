/*
 * test_api.c - the engine's public API as an application uses it.
 *
 * Includes only the umbrella header, pins every function's signature and
 * every enum value that the headers promise never to change (so an API or
 * ABI change fails to compile here), plays a short session the way a front
 * end would, and checks that every pointer argument is checked.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "ttt/ttt.h"

/* ========================================================================= */
/* Signatures and ABI values, checked at compile time                        */
/* ========================================================================= */

/* Assigning each function to a pointer of the exact expected type makes any
 * change of a parameter or return type a compile error (with -Werror, and a
 * warning at least without it). */
static const struct api_table {
    const char *(*status_string)(ttt_status);
    ttt_player (*player_other)(ttt_player);
    const char *(*version)(void);
    ttt_status (*game_new)(ttt_game **, int, int, ttt_player);
    void (*game_free)(ttt_game *);
    ttt_status (*game_clone)(const ttt_game *, ttt_game **);
    ttt_status (*game_copy)(ttt_game *, const ttt_game *);
    ttt_status (*default_k)(int, int *);
    ttt_status (*game_size)(const ttt_game *, int *);
    ttt_status (*game_k)(const ttt_game *, int *);
    ttt_status (*game_state)(const ttt_game *, ttt_state *);
    ttt_status (*game_turn)(const ttt_game *, ttt_player *);
    ttt_status (*game_first_player)(const ttt_game *, ttt_player *);
    ttt_status (*game_winner)(const ttt_game *, ttt_player *);
    ttt_status (*game_owner)(const ttt_game *, int, int, ttt_player *);
    ttt_status (*game_move_count)(const ttt_game *, int *);
    ttt_status (*game_history)(const ttt_game *, ttt_pos *, int, int *);
    ttt_status (*game_squares)(const ttt_game *, ttt_square *, int, int *);
    ttt_status (*game_free_squares)(const ttt_game *, ttt_pos *, int, int *);
    ttt_status (*game_can_move)(const ttt_game *, int, int);
    ttt_status (*game_move)(ttt_game *, int, int);
    ttt_status (*game_undo)(ttt_game *);
    ttt_status (*game_next)(ttt_game *);
    ttt_status (*victory_set_count)(int, int, int *);
    ttt_status (*victory_sets)(int, int, ttt_line *, int, int *);
    ttt_status (*game_winning_lines)(const ttt_game *, ttt_line *, int, int *);
    ttt_status (*game_format)(const ttt_game *, ttt_format_style, char *, size_t, size_t *);
    ttt_status (*game_parse)(ttt_game **, const char *, int, int, ttt_player);
} API = {
    ttt_status_string,     ttt_player_other,
    ttt_version,           ttt_game_new,
    ttt_game_free,         ttt_game_clone,
    ttt_game_copy,         ttt_default_k,
    ttt_game_size,         ttt_game_k,
    ttt_game_state,        ttt_game_turn,
    ttt_game_first_player, ttt_game_winner,
    ttt_game_owner,        ttt_game_move_count,
    ttt_game_history,      ttt_game_squares,
    ttt_game_free_squares, ttt_game_can_move,
    ttt_game_move,         ttt_game_undo,
    ttt_game_next,         ttt_victory_set_count,
    ttt_victory_sets,      ttt_game_winning_lines,
    ttt_game_format,       ttt_game_parse,
};

/* common.h: "the numeric values are part of the ABI and never change". */
_Static_assert(TTT_OK == 0 && TTT_ERR_NULL == 1 && TTT_ERR_SIZE == 2 && TTT_ERR_K == 3 &&
                   TTT_ERR_PLAYER == 4 && TTT_ERR_OUTSIDE == 5 && TTT_ERR_OCCUPIED == 6 &&
                   TTT_ERR_GAME_OVER == 7 && TTT_ERR_NO_HISTORY == 8 && TTT_ERR_BUFFER == 9 &&
                   TTT_ERR_RANGE == 10 && TTT_ERR_NOMEM == 11 && TTT_ERR_PARSE_CHAR == 12 &&
                   TTT_ERR_PARSE_COUNT == 13 && TTT_ERR_PARSE_MARKS == 14 &&
                   TTT_ERR_PARSE_TURN == 15 && TTT_ERR_PARSE_WIN == 16 && TTT_ERR_CANCELLED == 17,
               "ttt_status values are ABI");
_Static_assert(TTT_PLAYER_NONE == 0 && TTT_PLAYER_X == 1 && TTT_PLAYER_O == 2,
               "ttt_player values are ABI");
_Static_assert(TTT_STATE_X_TO_MOVE == 0 && TTT_STATE_O_TO_MOVE == 1 && TTT_STATE_X_WON == 2 &&
                   TTT_STATE_O_WON == 3 && TTT_STATE_DRAW == 4,
               "ttt_state values are ABI");
_Static_assert(TTT_FORMAT_GRID == 0 && TTT_FORMAT_COMPACT == 1, "ttt_format_style values");
_Static_assert(TTT_MIN_SIZE == 3 && TTT_MAX_SIZE == 8 && TTT_MIN_K == 3, "board limits");
_Static_assert(TTT_MAX_SQUARES == TTT_MAX_SIZE * TTT_MAX_SIZE, "TTT_MAX_SQUARES");
/* The largest victory-set count, 2n(n-k+1) + 2(n-k+1)^2 at n = 8, k = 3. */
_Static_assert(TTT_MAX_VICTORY_SETS == 2 * 8 * 6 + 2 * 6 * 6, "TTT_MAX_VICTORY_SETS");
_Static_assert(TTT_MAX_WINNING_SETS >= 4 * TTT_MAX_SIZE, "TTT_MAX_WINNING_SETS");
_Static_assert(TTT_FORMAT_MAX == (2 * 8 + 1) * (4 * 8 + 2) + 1, "TTT_FORMAT_MAX");
_Static_assert(sizeof(((ttt_line *)0)->squares) / sizeof(ttt_pos) == TTT_MAX_SIZE,
               "a line holds up to TTT_MAX_SIZE squares");

/* ========================================================================= */
/* A session, as a front end would run it                                    */
/* ========================================================================= */

/* Prints nothing (tests stay quiet) but renders into a buffer the way a
 * terminal front end would before writing it out. */
static void render(const ttt_game *g, char *out, size_t cap)
{
    size_t len = 0;
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_GRID, out, cap, &len), TTT_OK);
    assert_int_equal(strlen(out), len);
}

static void test_application_session(void **state)
{
    (void)state;
    assert_non_null(API.version);
    assert_string_equal(ttt_version(), TTT_VERSION_STRING);

    /* Settings screen: pick a size, take its default k. */
    int size = 4, k = 0;
    assert_int_equal(ttt_default_k(size, &k), TTT_OK);
    int nsets = 0;
    assert_int_equal(ttt_victory_set_count(size, k, &nsets), TTT_OK);
    ttt_line all[TTT_MAX_VICTORY_SETS];
    int got = 0;
    assert_int_equal(ttt_victory_sets(size, k, all, TTT_MAX_VICTORY_SETS, &got), TTT_OK);
    assert_int_equal(got, nsets);

    ttt_game *game = NULL;
    ttt_status st = ttt_game_new(&game, size, k, TTT_PLAYER_X);
    if (st != TTT_OK) fail_msg("ttt_game_new: %s", ttt_status_string(st));

    int qsize = 0, qk = 0;
    assert_int_equal(ttt_game_size(game, &qsize), TTT_OK);
    assert_int_equal(ttt_game_k(game, &qk), TTT_OK);
    assert_int_equal(qsize, size);
    assert_int_equal(qk, k);

    /* A click on each square in turn: the front end asks can_move first,
     * then moves, then redraws from the squares list. */
    char text[TTT_FORMAT_MAX];
    static const int clicks[][2] = {{0, 0}, {0, 0}, {0, 1}, {1, 1}, {0, 2},
                                    {9, 9}, {2, 2}, {1, 0}, {3, 3}};
    int accepted = 0;
    for (size_t i = 0; i < sizeof clicks / sizeof clicks[0]; i++) {
        st = ttt_game_can_move(game, clicks[i][0], clicks[i][1]);
        if (st == TTT_OK) {
            assert_int_equal(ttt_game_move(game, clicks[i][0], clicks[i][1]), TTT_OK);
            accepted++;
        } else {
            /* A front end shows the reason. */
            assert_true(st == TTT_ERR_OCCUPIED || st == TTT_ERR_OUTSIDE);
            assert_non_null(ttt_status_string(st));
        }
        render(game, text, sizeof text);
    }
    ttt_state gs;
    assert_int_equal(ttt_game_state(game, &gs), TTT_OK);
    assert_int_equal(gs, TTT_STATE_X_WON); /* X: (0,0) (1,1) (2,2) (3,3) */
    assert_int_equal(accepted, 7);

    ttt_player winner = TTT_PLAYER_NONE, turn = TTT_PLAYER_X, first = TTT_PLAYER_NONE;
    assert_int_equal(ttt_game_winner(game, &winner), TTT_OK);
    assert_int_equal(ttt_game_turn(game, &turn), TTT_OK);
    assert_int_equal(ttt_game_first_player(game, &first), TTT_OK);
    assert_int_equal(winner, TTT_PLAYER_X);
    assert_int_equal(turn, TTT_PLAYER_NONE);
    assert_int_equal(first, TTT_PLAYER_X);
    assert_int_equal(ttt_player_other(winner), TTT_PLAYER_O);

    /* Strike through the winning line from its first square to its last. */
    ttt_line win[TTT_MAX_WINNING_SETS];
    int nwin = 0;
    assert_int_equal(ttt_game_winning_lines(game, win, TTT_MAX_WINNING_SETS, &nwin), TTT_OK);
    assert_int_equal(nwin, 1);
    assert_int_equal(win[0].squares[0].row, 0);
    assert_int_equal(win[0].squares[win[0].length - 1].row, 3);

    /* Redraw from the squares list; count marks. */
    ttt_square squares[TTT_MAX_SQUARES];
    int nsq = 0, marks = 0, moves = 0;
    assert_int_equal(ttt_game_squares(game, squares, TTT_MAX_SQUARES, &nsq), TTT_OK);
    for (int i = 0; i < nsq; i++) {
        ttt_player owner;
        assert_int_equal(ttt_game_owner(game, squares[i].pos.row, squares[i].pos.col, &owner),
                         TTT_OK);
        assert_int_equal(owner, squares[i].owner);
        marks += owner != TTT_PLAYER_NONE;
    }
    assert_int_equal(ttt_game_move_count(game, &moves), TTT_OK);
    assert_int_equal(marks, moves);
    ttt_pos free_sq[TTT_MAX_SQUARES];
    int nfree = 0;
    assert_int_equal(ttt_game_free_squares(game, free_sq, TTT_MAX_SQUARES, &nfree), TTT_OK);
    assert_int_equal(nfree + moves, size * size);

    /* A worker gets its own copy; the copy is independent. */
    ttt_game *copy = NULL;
    assert_int_equal(ttt_game_clone(game, &copy), TTT_OK);
    assert_int_equal(ttt_game_undo(copy), TTT_OK);
    ttt_state cs;
    assert_int_equal(ttt_game_state(copy, &cs), TTT_OK);
    assert_int_equal(cs, TTT_STATE_X_TO_MOVE);
    assert_int_equal(ttt_game_state(game, &gs), TTT_OK);
    assert_int_equal(gs, TTT_STATE_X_WON);
    /* And copy back without allocating, even across sizes. */
    ttt_game *small = NULL;
    assert_int_equal(ttt_game_new(&small, 3, 3, TTT_PLAYER_O), TTT_OK);
    assert_int_equal(ttt_game_copy(small, copy), TTT_OK);
    assert_int_equal(ttt_game_size(small, &qsize), TTT_OK);
    assert_int_equal(qsize, size);
    assert_int_equal(ttt_game_copy(small, small), TTT_OK);

    /* Save as text, load it back. */
    char saved[TTT_FORMAT_MAX];
    assert_int_equal(ttt_game_format(game, TTT_FORMAT_COMPACT, saved, sizeof saved, NULL), TTT_OK);
    ttt_game *loaded = NULL;
    assert_int_equal(ttt_game_parse(&loaded, saved, size, k, TTT_PLAYER_NONE), TTT_OK);
    char again[TTT_FORMAT_MAX];
    assert_int_equal(ttt_game_format(loaded, TTT_FORMAT_COMPACT, again, sizeof again, NULL),
                     TTT_OK);
    assert_string_equal(saved, again);

    /* Take back, then the next game: O goes first. */
    ttt_pos hist[TTT_MAX_SQUARES];
    int nhist = 0;
    assert_int_equal(ttt_game_history(game, hist, TTT_MAX_SQUARES, &nhist), TTT_OK);
    assert_int_equal(nhist, accepted);
    assert_int_equal(ttt_game_undo(game), TTT_OK);
    assert_int_equal(ttt_game_next(game), TTT_OK);
    assert_int_equal(ttt_game_first_player(game, &first), TTT_OK);
    assert_int_equal(first, TTT_PLAYER_O);

    ttt_game_free(loaded);
    ttt_game_free(small);
    ttt_game_free(copy);
    ttt_game_free(game);
    ttt_game_free(NULL); /* allowed */
}

/* ========================================================================= */
/* Every pointer argument is checked                                         */
/* ========================================================================= */

static void test_null_arguments(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(&g, 3, 3, TTT_PLAYER_X), TTT_OK);
    int i = 0;
    ttt_state s;
    ttt_player p;
    ttt_pos pos[TTT_MAX_SQUARES];
    ttt_square sq[TTT_MAX_SQUARES];
    ttt_line lines[TTT_MAX_VICTORY_SETS];
    char buf[TTT_FORMAT_MAX];
    size_t len;

    assert_non_null(ttt_status_string((ttt_status)12345));
    assert_int_equal(ttt_player_other((ttt_player)12345), TTT_PLAYER_NONE);

    assert_int_equal(ttt_game_new(NULL, 3, 3, TTT_PLAYER_X), TTT_ERR_NULL);
    ttt_game *out = g;
    assert_int_equal(ttt_game_clone(NULL, &out), TTT_ERR_NULL);
    assert_null(out);
    assert_int_equal(ttt_game_clone(g, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_copy(NULL, g), TTT_ERR_NULL);
    assert_int_equal(ttt_game_copy(g, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_default_k(3, NULL), TTT_ERR_NULL);

    assert_int_equal(ttt_game_size(NULL, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_size(g, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_k(NULL, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_k(g, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_state(NULL, &s), TTT_ERR_NULL);
    assert_int_equal(ttt_game_state(g, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_turn(NULL, &p), TTT_ERR_NULL);
    assert_int_equal(ttt_game_turn(g, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_first_player(NULL, &p), TTT_ERR_NULL);
    assert_int_equal(ttt_game_first_player(g, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_winner(NULL, &p), TTT_ERR_NULL);
    assert_int_equal(ttt_game_winner(g, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_owner(NULL, 0, 0, &p), TTT_ERR_NULL);
    assert_int_equal(ttt_game_owner(g, 0, 0, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_move_count(NULL, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_move_count(g, NULL), TTT_ERR_NULL);

    assert_int_equal(ttt_game_history(NULL, pos, TTT_MAX_SQUARES, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_history(g, pos, TTT_MAX_SQUARES, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_history(g, NULL, 1, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_squares(NULL, sq, TTT_MAX_SQUARES, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_squares(g, sq, TTT_MAX_SQUARES, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_squares(g, NULL, 1, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_free_squares(NULL, pos, TTT_MAX_SQUARES, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_free_squares(g, pos, TTT_MAX_SQUARES, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_free_squares(g, NULL, 1, &i), TTT_ERR_NULL);

    assert_int_equal(ttt_game_can_move(NULL, 0, 0), TTT_ERR_NULL);
    assert_int_equal(ttt_game_move(NULL, 0, 0), TTT_ERR_NULL);
    assert_int_equal(ttt_game_undo(NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_next(NULL), TTT_ERR_NULL);

    assert_int_equal(ttt_victory_set_count(3, 3, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_victory_sets(3, 3, lines, TTT_MAX_VICTORY_SETS, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_victory_sets(3, 3, NULL, 1, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_winning_lines(NULL, lines, TTT_MAX_WINNING_SETS, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_winning_lines(g, lines, TTT_MAX_WINNING_SETS, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_winning_lines(g, NULL, 1, &i), TTT_ERR_NULL);

    assert_int_equal(ttt_game_format(NULL, TTT_FORMAT_GRID, buf, sizeof buf, &len), TTT_ERR_NULL);
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_GRID, NULL, sizeof buf, &len), TTT_ERR_NULL);
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_GRID, buf, sizeof buf, NULL), TTT_OK);
    out = g;
    assert_int_equal(ttt_game_parse(&out, NULL, 3, 3, TTT_PLAYER_NONE), TTT_ERR_NULL);
    assert_null(out);
    assert_int_equal(ttt_game_parse(NULL, "... ... ...", 3, 3, TTT_PLAYER_NONE), TTT_ERR_NULL);

    /* None of the refused calls touched the game. */
    assert_int_equal(ttt_game_move_count(g, &i), TTT_OK);
    assert_int_equal(i, 0);
    ttt_game_free(g);
}

/* Negative capacities are range errors, not crashes. */
static void test_negative_capacities(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(&g, 3, 3, TTT_PLAYER_X), TTT_OK);
    int n = 0;
    ttt_pos pos[1];
    ttt_square sq[1];
    ttt_line lines[1];
    assert_int_equal(ttt_game_history(g, pos, -1, &n), TTT_ERR_RANGE);
    assert_int_equal(ttt_game_squares(g, sq, -1, &n), TTT_ERR_RANGE);
    assert_int_equal(ttt_game_free_squares(g, pos, -1, &n), TTT_ERR_RANGE);
    assert_int_equal(ttt_game_winning_lines(g, lines, -1, &n), TTT_ERR_RANGE);
    assert_int_equal(ttt_victory_sets(3, 3, lines, -1, &n), TTT_ERR_RANGE);
    ttt_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_application_session),
        cmocka_unit_test(test_null_arguments),
        cmocka_unit_test(test_negative_capacities),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
