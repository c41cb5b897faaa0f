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
    /* common.h, version.h */
    const char *(*status_string)(ttt_status);
    ttt_player (*player_other)(ttt_player);
    const char *(*version)(void);
    long (*version_num)(void);
    /* game.h */
    ttt_status (*game_new)(ttt_game **, int, int, ttt_player);
    void (*game_free)(ttt_game *);
    ttt_status (*game_clone)(const ttt_game *, ttt_game **);
    void (*game_copy)(ttt_game *, const ttt_game *);
    int (*default_k)(int);
    int (*game_size)(const ttt_game *);
    int (*game_k)(const ttt_game *);
    ttt_state (*game_state)(const ttt_game *);
    int (*game_over)(const ttt_game *);
    ttt_player (*game_turn)(const ttt_game *);
    ttt_player (*game_first_player)(const ttt_game *);
    ttt_player (*game_winner)(const ttt_game *);
    ttt_player (*game_owner)(const ttt_game *, int, int);
    int (*game_move_count)(const ttt_game *);
    ttt_status (*game_history)(const ttt_game *, ttt_pos *, int, int *);
    ttt_status (*game_squares)(const ttt_game *, ttt_square *, int, int *);
    ttt_status (*game_empty_squares)(const ttt_game *, ttt_pos *, int, int *);
    ttt_status (*game_can_move)(const ttt_game *, int, int);
    ttt_status (*game_move)(ttt_game *, int, int, ttt_state *);
    ttt_status (*game_undo)(ttt_game *);
    void (*game_start_next)(ttt_game *);
    int (*victory_set_count)(int, int);
    ttt_status (*victory_sets)(int, int, ttt_line *, int, int *);
    ttt_status (*game_winning_lines)(const ttt_game *, ttt_line *, int, int *);
    ttt_status (*game_format)(const ttt_game *, ttt_format_style, char *, size_t, size_t *);
    ttt_status (*game_parse)(ttt_game **, const char *, int, int, ttt_player);
    /* ai.h */
    ttt_status (*cancel_new)(ttt_cancel **);
    void (*cancel_free)(ttt_cancel *);
    void (*cancel_request)(ttt_cancel *);
    void (*cancel_reset)(ttt_cancel *);
    int (*cancel_requested)(const ttt_cancel *);
    void (*ai_options_init)(ttt_ai_options *);
    ttt_status (*ai_options_preset)(ttt_ai_options *, ttt_difficulty);
    const char *(*difficulty_name)(ttt_difficulty);
    ttt_status (*difficulty_from_name)(const char *, ttt_difficulty *);
    const char *(*agent_name)(ttt_agent);
    ttt_status (*agent_from_name)(const char *, ttt_agent *);
    ttt_status (*ai_move)(const ttt_game *, const ttt_ai_options *, ttt_ai_result *);
    ttt_status (*ai_analyze)(const ttt_game *, const ttt_ai_options *, ttt_analysis *);
    const char *(*outcome_name)(ttt_outcome);
    ttt_status (*ai_context_new)(ttt_ai_context **);
    void (*ai_context_free)(ttt_ai_context *);
    ttt_status (*ai_context_move)(ttt_ai_context *, const ttt_game *, const ttt_ai_options *,
                                  ttt_ai_result *);
    ttt_status (*ai_context_analyze)(ttt_ai_context *, const ttt_game *, const ttt_ai_options *,
                                     ttt_analysis *);
    /* util.h */
    ttt_rng (*rng_seeded)(uint64_t);
    uint64_t (*rng_next)(ttt_rng *);
    int (*rng_below)(ttt_rng *, int);
    int (*rng_chance)(ttt_rng *, double);
    uint64_t (*clock_us)(void);
} API = {
    ttt_status_string,
    ttt_player_other,
    ttt_version,
    ttt_version_num,
    ttt_game_new,
    ttt_game_free,
    ttt_game_clone,
    ttt_game_copy,
    ttt_default_k,
    ttt_game_size,
    ttt_game_k,
    ttt_game_state,
    ttt_game_over,
    ttt_game_turn,
    ttt_game_first_player,
    ttt_game_winner,
    ttt_game_owner,
    ttt_game_move_count,
    ttt_game_history,
    ttt_game_squares,
    ttt_game_empty_squares,
    ttt_game_can_move,
    ttt_game_move,
    ttt_game_undo,
    ttt_game_start_next,
    ttt_victory_set_count,
    ttt_victory_sets,
    ttt_game_winning_lines,
    ttt_game_format,
    ttt_game_parse,
    ttt_cancel_new,
    ttt_cancel_free,
    ttt_cancel_request,
    ttt_cancel_reset,
    ttt_cancel_requested,
    ttt_ai_options_init,
    ttt_ai_options_preset,
    ttt_difficulty_name,
    ttt_difficulty_from_name,
    ttt_agent_name,
    ttt_agent_from_name,
    ttt_ai_move,
    ttt_ai_analyze,
    ttt_outcome_name,
    ttt_ai_context_new,
    ttt_ai_context_free,
    ttt_ai_context_move,
    ttt_ai_context_analyze,
    ttt_rng_seeded,
    ttt_rng_next,
    ttt_rng_below,
    ttt_rng_chance,
    ttt_clock_us,
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
    int size = 4, k = ttt_default_k(size);
    assert_int_equal(k, 4);
    int nsets = ttt_victory_set_count(size, k);
    assert_int_equal(nsets, 10); /* four rows, four columns, two diagonals */
    ttt_line all[TTT_MAX_VICTORY_SETS];
    int got = 0;
    assert_int_equal(ttt_victory_sets(size, k, all, TTT_MAX_VICTORY_SETS, &got), TTT_OK);
    assert_int_equal(got, nsets);

    ttt_game *game = NULL;
    ttt_status st = ttt_game_new(&game, size, k, TTT_PLAYER_X);
    if (st != TTT_OK) fail_msg("ttt_game_new: %s", ttt_status_string(st));

    assert_int_equal(ttt_game_size(game), size);
    assert_int_equal(ttt_game_k(game), k);

    /* A click on each square in turn: one call per click, which also says
     * what state the game is in now; a refusal says why. */
    char text[TTT_FORMAT_MAX];
    static const int clicks[][2] = {{0, 0}, {0, 0}, {0, 1}, {1, 1}, {0, 2},
                                    {9, 9}, {2, 2}, {1, 0}, {3, 3}};
    int accepted = 0;
    ttt_state after = TTT_STATE_X_TO_MOVE;
    for (size_t i = 0; i < sizeof clicks / sizeof clicks[0]; i++) {
        ttt_state before = ttt_game_state(game);
        ttt_state now = before;
        st = ttt_game_move(game, clicks[i][0], clicks[i][1], &now);
        if (st == TTT_OK) {
            assert_int_equal(now, ttt_game_state(game));
            after = now;
            accepted++;
        } else {
            /* A front end shows the reason; the state is untouched. */
            assert_true(st == TTT_ERR_OCCUPIED || st == TTT_ERR_OUTSIDE);
            assert_non_null(ttt_status_string(st));
            assert_int_equal(now, before);
        }
        render(game, text, sizeof text);
    }
    assert_int_equal(after, TTT_STATE_X_WON); /* X: (0,0) (1,1) (2,2) (3,3) */
    assert_int_equal(ttt_game_state(game), TTT_STATE_X_WON);
    assert_true(ttt_game_over(game));
    assert_int_equal(accepted, 7);

    assert_int_equal(ttt_game_winner(game), TTT_PLAYER_X);
    assert_int_equal(ttt_game_turn(game), TTT_PLAYER_NONE);
    assert_int_equal(ttt_game_first_player(game), TTT_PLAYER_X);
    assert_int_equal(ttt_player_other(ttt_game_winner(game)), TTT_PLAYER_O);

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
        ttt_player owner = ttt_game_owner(game, squares[i].pos.row, squares[i].pos.col);
        assert_int_equal(owner, squares[i].owner);
        marks += owner != TTT_PLAYER_NONE;
    }
    moves = ttt_game_move_count(game);
    assert_int_equal(marks, moves);
    /* Off the board nobody owns anything. */
    assert_int_equal(ttt_game_owner(game, -1, 0), TTT_PLAYER_NONE);
    assert_int_equal(ttt_game_owner(game, 0, size), TTT_PLAYER_NONE);
    ttt_pos free_sq[TTT_MAX_SQUARES];
    int nfree = 0;
    assert_int_equal(ttt_game_empty_squares(game, free_sq, TTT_MAX_SQUARES, &nfree), TTT_OK);
    assert_int_equal(nfree + moves, size * size);

    /* A worker gets its own copy; the copy is independent. */
    ttt_game *copy = NULL;
    assert_int_equal(ttt_game_clone(game, &copy), TTT_OK);
    assert_int_equal(ttt_game_undo(copy), TTT_OK);
    assert_int_equal(ttt_game_state(copy), TTT_STATE_X_TO_MOVE);
    assert_int_equal(ttt_game_state(game), TTT_STATE_X_WON);
    /* And copy back without allocating, even across sizes. */
    ttt_game *small = NULL;
    assert_int_equal(ttt_game_new(&small, 3, 3, TTT_PLAYER_O), TTT_OK);
    ttt_game_copy(small, copy);
    assert_int_equal(ttt_game_size(small), size);
    ttt_game_copy(small, small); /* onto itself: nothing changes */
    assert_int_equal(ttt_game_size(small), size);

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
    ttt_game_start_next(game);
    assert_int_equal(ttt_game_first_player(game), TTT_PLAYER_O);

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
    /* Arguments out of range give 0 rather than a status. */
    assert_int_equal(ttt_default_k(2), 0);
    assert_int_equal(ttt_default_k(9), 0);
    assert_int_equal(ttt_victory_set_count(3, 4), 0);

    assert_int_equal(ttt_game_history(NULL, pos, TTT_MAX_SQUARES, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_history(g, pos, TTT_MAX_SQUARES, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_history(g, NULL, 1, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_squares(NULL, sq, TTT_MAX_SQUARES, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_squares(g, sq, TTT_MAX_SQUARES, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_squares(g, NULL, 1, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_empty_squares(NULL, pos, TTT_MAX_SQUARES, &i), TTT_ERR_NULL);
    assert_int_equal(ttt_game_empty_squares(g, pos, TTT_MAX_SQUARES, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_empty_squares(g, NULL, 1, &i), TTT_ERR_NULL);

    assert_int_equal(ttt_game_can_move(NULL, 0, 0), TTT_ERR_NULL);
    assert_int_equal(ttt_game_move(NULL, 0, 0, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_game_undo(NULL), TTT_ERR_NULL);

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
    assert_int_equal(ttt_game_move_count(g), 0);
    ttt_game_free(g);
}

/*
 * A NULL game given to a query breaks its precondition (common.h). A build
 * with NDEBUG, like this project's default, answers with the documented
 * neutral values instead of crashing; without NDEBUG the engine's assert()
 * stops the program, so there is nothing to test in-process.
 */
static void test_null_game_queries(void **state)
{
    (void)state;
#ifdef NDEBUG
    assert_int_equal(ttt_game_size(NULL), 0);
    assert_int_equal(ttt_game_k(NULL), 0);
    assert_int_equal(ttt_game_state(NULL), TTT_STATE_DRAW);
    assert_true(ttt_game_over(NULL));
    assert_int_equal(ttt_game_turn(NULL), TTT_PLAYER_NONE);
    assert_int_equal(ttt_game_first_player(NULL), TTT_PLAYER_NONE);
    assert_int_equal(ttt_game_winner(NULL), TTT_PLAYER_NONE);
    assert_int_equal(ttt_game_owner(NULL, 0, 0), TTT_PLAYER_NONE);
    assert_int_equal(ttt_game_move_count(NULL), 0);
    ttt_game_start_next(NULL); /* does nothing */
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(&g, 3, 3, TTT_PLAYER_X), TTT_OK);
    ttt_game_copy(NULL, g);
    ttt_game_copy(g, NULL);
    assert_int_equal(ttt_game_size(g), 3);
    ttt_game_free(g);
    ttt_ai_options_init(NULL);
    assert_int_equal(ttt_cancel_requested(NULL), 0);
    ttt_cancel_request(NULL);
    ttt_cancel_reset(NULL);
    assert_int_equal(ttt_rng_next(NULL), 0);
    assert_int_equal(ttt_rng_below(NULL, 5), 0);
#else
    skip();
#endif
}

/* The version macros agree with each other and with the library. */
static void test_version(void **state)
{
    (void)state;
    assert_int_equal(TTT_VERSION_NUM,
                     TTT_VERSION_ENCODE(TTT_VERSION_MAJOR, TTT_VERSION_MINOR, TTT_VERSION_PATCH));
    assert_int_equal(ttt_version_num(), TTT_VERSION_NUM);
    assert_true(TTT_VERSION_AT_LEAST(0, 2, 0));
    assert_true(TTT_VERSION_AT_LEAST(TTT_VERSION_MAJOR, TTT_VERSION_MINOR, TTT_VERSION_PATCH));
    assert_false(TTT_VERSION_AT_LEAST(TTT_VERSION_MAJOR, TTT_VERSION_MINOR, TTT_VERSION_PATCH + 1));
    assert_false(TTT_VERSION_AT_LEAST(TTT_VERSION_MAJOR + 1, 0, 0));
    assert_true(TTT_VERSION_ENCODE(0, 10, 0) > TTT_VERSION_ENCODE(0, 9, 999));
    char text[32];
    snprintf(text, sizeof text, "%d.%d.%d", TTT_VERSION_MAJOR, TTT_VERSION_MINOR,
             TTT_VERSION_PATCH);
    assert_string_equal(text, TTT_VERSION_STRING);
}

/* The random-number generator repeats for a seed and stays in range. */
static void test_rng(void **state)
{
    (void)state;
    ttt_rng a = ttt_rng_seeded(42), b = ttt_rng_seeded(42), c = ttt_rng_seeded(43);
    int differ = 0, counts[7] = {0};
    for (int i = 0; i < 7000; i++) {
        uint64_t x = ttt_rng_next(&a);
        assert_true(x == ttt_rng_next(&b));
        differ += x != ttt_rng_next(&c);
        int r = ttt_rng_below(&a, 7);
        (void)ttt_rng_below(&b, 7);
        assert_true(r >= 0 && r < 7);
        counts[r]++;
    }
    assert_true(differ > 6990);
    for (int r = 0; r < 7; r++) /* 1000 expected each; 5 sigma is about 150 */
        assert_true(counts[r] > 850 && counts[r] < 1150);
    assert_int_equal(ttt_rng_below(&a, 1), 0);
    assert_int_equal(ttt_rng_below(&a, 0), 0);
    for (int i = 0; i < 100; i++) {
        assert_false(ttt_rng_chance(&a, 0.0));
        assert_true(ttt_rng_chance(&a, 1.0));
    }
    uint64_t t0 = ttt_clock_us(), t1 = ttt_clock_us();
    assert_true(t1 >= t0);
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
    assert_int_equal(ttt_game_empty_squares(g, pos, -1, &n), TTT_ERR_RANGE);
    assert_int_equal(ttt_game_winning_lines(g, lines, -1, &n), TTT_ERR_RANGE);
    assert_int_equal(ttt_victory_sets(3, 3, lines, -1, &n), TTT_ERR_RANGE);
    ttt_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_application_session),
        cmocka_unit_test(test_null_arguments),
        cmocka_unit_test(test_null_game_queries),
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_rng),
        cmocka_unit_test(test_negative_capacities),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
