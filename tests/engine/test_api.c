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
#include <stdlib.h>
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
    const char *(*status_name)(ttt_status);
    const char *(*status_message)(ttt_status);
    const char *(*player_name)(ttt_player);
    ttt_status (*player_from_name)(const char *, ttt_player *);
    ttt_player (*player_other)(ttt_player);
    const char *(*version)(void);
    long (*version_num)(void);
    /* game.h */
    ttt_status (*game_new)(int, int, ttt_player, const ttt_allocator *, ttt_game **);
    void (*game_free)(ttt_game *);
    ttt_status (*game_clone)(const ttt_game *, ttt_game **);
    void (*game_copy)(ttt_game *, const ttt_game *);
    int (*game_size)(const ttt_game *);
    int (*game_k)(const ttt_game *);
    ttt_state (*game_state)(const ttt_game *);
    const char *(*state_name)(ttt_state);
    bool (*game_over)(const ttt_game *);
    ttt_player (*game_turn)(const ttt_game *);
    ttt_player (*game_first_player)(const ttt_game *);
    ttt_player (*game_winner)(const ttt_game *);
    ttt_status (*game_owner)(const ttt_game *, ttt_pos, ttt_player *);
    int (*game_move_count)(const ttt_game *);
    ttt_status (*game_history)(const ttt_game *, ttt_pos *, int, int *);
    ttt_status (*game_squares)(const ttt_game *, ttt_square *, int, int *);
    ttt_status (*game_empty_squares)(const ttt_game *, ttt_pos *, int, int *);
    ttt_status (*game_can_move)(const ttt_game *, ttt_pos);
    ttt_status (*game_move)(ttt_game *, ttt_pos, ttt_state *);
    ttt_status (*game_undo)(ttt_game *);
    void (*game_start_next)(ttt_game *);
    int (*victory_set_count)(int, int);
    ttt_status (*victory_sets)(int, int, ttt_line *, int, int *);
    ttt_status (*game_winning_lines)(const ttt_game *, ttt_line *, int, int *);
    ttt_status (*game_format)(const ttt_game *, ttt_format_style, char *, int, int *);
    ttt_status (*game_parse)(const char *, int, int, ttt_player, const ttt_allocator *,
                             ttt_game **);
    /* ai.h */
    ttt_cancel *(*cancel_new)(const ttt_allocator *);
    void (*cancel_free)(ttt_cancel *);
    void (*cancel_request)(ttt_cancel *);
    void (*cancel_reset)(ttt_cancel *);
    bool (*cancel_requested)(const ttt_cancel *);
    ttt_status (*ai_options_preset)(ttt_ai_options *, ttt_difficulty, int, int);
    const char *(*difficulty_name)(ttt_difficulty);
    ttt_status (*difficulty_from_name)(const char *, ttt_difficulty *);
    const char *(*agent_name)(ttt_agent);
    ttt_status (*agent_from_name)(const char *, ttt_agent *);
    int (*difficulty_count)(void);
    int (*agent_count)(void);
    const char *(*outcome_name)(ttt_outcome);
    ttt_ai_context *(*ai_context_new)(const ttt_allocator *, size_t);
    void (*ai_context_free)(ttt_ai_context *);
    ttt_status (*ai_context_reserve)(ttt_ai_context *, int, int);
    ttt_status (*ai_move)(ttt_ai_context *, const ttt_game *, const ttt_ai_options *,
                          ttt_ai_result *);
    ttt_status (*ai_analyze)(ttt_ai_context *, const ttt_game *, const ttt_ai_options *,
                             ttt_analysis *);
} API = {
    ttt_status_name,
    ttt_status_message,
    ttt_player_name,
    ttt_player_from_name,
    ttt_player_other,
    ttt_version,
    ttt_version_num,
    ttt_game_new,
    ttt_game_free,
    ttt_game_clone,
    ttt_game_copy,
    ttt_game_size,
    ttt_game_k,
    ttt_game_state,
    ttt_state_name,
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
    ttt_ai_options_preset,
    ttt_difficulty_name,
    ttt_difficulty_from_name,
    ttt_agent_name,
    ttt_agent_from_name,
    ttt_difficulty_count,
    ttt_agent_count,
    ttt_outcome_name,
    ttt_ai_context_new,
    ttt_ai_context_free,
    ttt_ai_context_reserve,
    ttt_ai_move,
    ttt_ai_analyze,
};

/* The first field of every growable struct is its size (common.h). */
_Static_assert(offsetof(ttt_ai_options, size) == 0 && offsetof(ttt_ai_result, size) == 0 &&
                   offsetof(ttt_ai_options, size) == 0 && offsetof(ttt_analysis, size) == 0 &&
                   offsetof(ttt_trace_step, size) == 0,
               "growable structs start with their size");

/* common.h: "the numeric values are part of the ABI and never change". */
_Static_assert(TTT_OK == 0 && TTT_ERR_NULL == 1 && TTT_ERR_SIZE == 2 && TTT_ERR_K == 3 &&
                   TTT_ERR_PLAYER == 4 && TTT_ERR_OUTSIDE == 5 && TTT_ERR_OCCUPIED == 6 &&
                   TTT_ERR_GAME_OVER == 7 && TTT_ERR_NO_HISTORY == 8 && TTT_ERR_BUFFER == 9 &&
                   TTT_ERR_RANGE == 10 && TTT_ERR_NOMEM == 11 && TTT_ERR_PARSE_CHAR == 12 &&
                   TTT_ERR_PARSE_COUNT == 13 && TTT_ERR_PARSE_MARKS == 14 &&
                   TTT_ERR_PARSE_TURN == 15 && TTT_ERR_PARSE_WIN == 16 &&
                   TTT_ERR_STRUCT_SIZE == 17 && TTT_ERR_ALLOCATOR == 18,
               "ttt_status values are ABI");
_Static_assert(TTT_PLAYER_NONE == 0 && TTT_PLAYER_X == 1 && TTT_PLAYER_O == 2,
               "ttt_player values are ABI");
_Static_assert(TTT_STATE_X_TO_MOVE == 0 && TTT_STATE_O_TO_MOVE == 1 && TTT_STATE_X_WON == 2 &&
                   TTT_STATE_O_WON == 3 && TTT_STATE_DRAW == 4 && TTT_STATE_INVALID == -1,
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
static void render(const ttt_game *g, char *out, int cap)
{
    int len = 0;
    assert_int_equal(ttt_game_format(g, TTT_FORMAT_GRID, out, cap, &len), TTT_OK);
    assert_int_equal(strlen(out), len);
}

/* A settings screen: a size and a line length, and how many lines win. */
static void test_settings_screen(void **state)
{
    (void)state;
    int size = 4, k = 4;
    int nsets = ttt_victory_set_count(size, k);
    assert_int_equal(nsets, 10); /* four rows, four columns, two diagonals */
    ttt_line all[TTT_MAX_VICTORY_SETS];
    int got = 0;
    assert_int_equal(ttt_victory_sets(size, k, all, TTT_MAX_VICTORY_SETS, &got), TTT_OK);
    assert_int_equal(got, nsets);
}

/* The first part of a session: clicks until X wins on 4x4; returns the won
 * game and the number of accepted clicks. */
static ttt_game *play_clicks_to_a_win(int *accepted_out)
{
    assert_non_null(API.version);
    assert_string_equal(ttt_version(), TTT_VERSION_STRING);

    int size = 4, k = 4;
    ttt_game *game = NULL;
    ttt_status st = ttt_game_new(size, k, TTT_PLAYER_X, NULL, &game);
    if (st != TTT_OK) fail_msg("ttt_game_new: %s", ttt_status_message(st));

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
        st = ttt_game_move(game, (ttt_pos){clicks[i][0], clicks[i][1]}, &now);
        if (st == TTT_OK) {
            assert_int_equal(now, ttt_game_state(game));
            after = now;
            accepted++;
        } else {
            /* A front end shows the reason; the state is untouched. */
            assert_true(st == TTT_ERR_OCCUPIED || st == TTT_ERR_OUTSIDE);
            assert_non_null(ttt_status_message(st));
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
        ttt_player owner = TTT_PLAYER_X;
        assert_int_equal(ttt_game_owner(game, squares[i].pos, &owner), TTT_OK);
        assert_int_equal(owner, squares[i].owner);
        marks += owner != TTT_PLAYER_NONE;
    }
    moves = ttt_game_move_count(game);
    assert_int_equal(marks, moves);
    /* A square off the board is refused, not reported empty. */
    ttt_player off = TTT_PLAYER_X;
    assert_int_equal(ttt_game_owner(game, (ttt_pos){-1, 0}, &off), TTT_ERR_OUTSIDE);
    assert_int_equal(ttt_game_owner(game, (ttt_pos){0, size}, &off), TTT_ERR_OUTSIDE);
    assert_int_equal(off, TTT_PLAYER_X);
    ttt_pos free_sq[TTT_MAX_SQUARES];
    int nfree = 0;
    assert_int_equal(ttt_game_empty_squares(game, free_sq, TTT_MAX_SQUARES, &nfree), TTT_OK);
    assert_int_equal(nfree + moves, size * size);
    *accepted_out = accepted;
    return game;
}

static void test_application_session(void **state)
{
    (void)state;
    int accepted = 0;
    ttt_game *game = play_clicks_to_a_win(&accepted);
    int size = ttt_game_size(game), k = ttt_game_k(game);

    /* A worker gets its own copy; the copy is independent. */
    ttt_game *copy = NULL;
    assert_int_equal(ttt_game_clone(game, &copy), TTT_OK);
    assert_int_equal(ttt_game_undo(copy), TTT_OK);
    assert_int_equal(ttt_game_state(copy), TTT_STATE_X_TO_MOVE);
    assert_int_equal(ttt_game_state(game), TTT_STATE_X_WON);
    /* And copy back without allocating, even across sizes. */
    ttt_game *small = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_O, NULL, &small), TTT_OK);
    ttt_game_copy(small, copy);
    assert_int_equal(ttt_game_size(small), size);
    ttt_game_copy(small, small); /* onto itself: nothing changes */
    assert_int_equal(ttt_game_size(small), size);

    /* Save as text, load it back. */
    char saved[TTT_FORMAT_MAX];
    assert_int_equal(ttt_game_format(game, TTT_FORMAT_COMPACT, saved, sizeof saved, NULL), TTT_OK);
    ttt_game *loaded = NULL;
    assert_int_equal(ttt_game_parse(saved, size, k, TTT_PLAYER_NONE, NULL, &loaded), TTT_OK);
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
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    int i = 0;
    ttt_pos pos[TTT_MAX_SQUARES];
    ttt_square sq[TTT_MAX_SQUARES];
    ttt_line lines[TTT_MAX_VICTORY_SETS];
    char buf[TTT_FORMAT_MAX];
    int len;

    assert_non_null(ttt_status_message((ttt_status)12345));
    assert_int_equal(ttt_player_other((ttt_player)12345), TTT_PLAYER_NONE);

    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, NULL), TTT_ERR_NULL);
    ttt_game *out = g;
    assert_int_equal(ttt_game_clone(NULL, &out), TTT_ERR_NULL);
    assert_null(out);
    assert_int_equal(ttt_game_clone(g, NULL), TTT_ERR_NULL);
    /* Arguments out of range give 0 rather than a status. */
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

    assert_int_equal(ttt_game_can_move(NULL, (ttt_pos){0, 0}), TTT_ERR_NULL);
    assert_int_equal(ttt_game_move(NULL, (ttt_pos){0, 0}, NULL), TTT_ERR_NULL);
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
    assert_int_equal(ttt_game_parse(NULL, 3, 3, TTT_PLAYER_NONE, NULL, &out), TTT_ERR_NULL);
    assert_null(out);
    assert_int_equal(ttt_game_parse("... ... ...", 3, 3, TTT_PLAYER_NONE, NULL, NULL),
                     TTT_ERR_NULL);

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
    assert_int_equal(ttt_game_state(NULL), TTT_STATE_INVALID);
    assert_true(ttt_game_over(NULL));
    assert_int_equal(ttt_game_turn(NULL), TTT_PLAYER_NONE);
    assert_int_equal(ttt_game_first_player(NULL), TTT_PLAYER_NONE);
    assert_int_equal(ttt_game_winner(NULL), TTT_PLAYER_NONE);
    ttt_player owner = TTT_PLAYER_X;
    assert_int_equal(ttt_game_owner(NULL, (ttt_pos){0, 0}, &owner), TTT_ERR_NULL);
    assert_int_equal(ttt_game_move_count(NULL), 0);
    ttt_game_start_next(NULL); /* does nothing */
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    ttt_game_copy(NULL, g);
    ttt_game_copy(g, NULL);
    assert_int_equal(ttt_game_size(g), 3);
    ttt_game_free(g);
    assert_int_equal(ttt_cancel_requested(NULL), 0);
    ttt_cancel_request(NULL);
    ttt_cancel_reset(NULL);
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

/* ========================================================================= */
/* Names                                                                     */
/* ========================================================================= */

static void test_names(void **state)
{
    (void)state;
    /* Every status has a distinct name and a message, with no hole. */
    for (int a = 0; a <= TTT_ERR_ALLOCATOR; a++) {
        const char *name = ttt_status_name((ttt_status)a);
        assert_string_not_equal(name, "unknown");
        assert_string_not_equal(ttt_status_message((ttt_status)a), "unknown status");
        for (int b = 0; b < a; b++)
            assert_string_not_equal(name, ttt_status_name((ttt_status)b));
    }
    assert_string_equal(ttt_status_name((ttt_status)(TTT_ERR_ALLOCATOR + 1)), "unknown");
    assert_string_equal(ttt_status_name(TTT_ERR_OCCUPIED), "occupied");
    assert_string_equal(ttt_status_name((ttt_status)-1), "unknown");

    assert_string_equal(ttt_player_name(TTT_PLAYER_X), "X");
    assert_string_equal(ttt_player_name(TTT_PLAYER_O), "O");
    assert_string_equal(ttt_player_name(TTT_PLAYER_NONE), "none");
    assert_string_equal(ttt_player_name((ttt_player)7), "none");
    static const struct {
        const char *text;
        ttt_status st;
        ttt_player p;
    } PLAYERS[] = {{"x", TTT_OK, TTT_PLAYER_X},
                   {"X", TTT_OK, TTT_PLAYER_X},
                   {"o", TTT_OK, TTT_PLAYER_O},
                   {"O", TTT_OK, TTT_PLAYER_O},
                   {"none", TTT_ERR_RANGE, TTT_PLAYER_NONE},
                   {"", TTT_ERR_RANGE, TTT_PLAYER_NONE},
                   {"xo", TTT_ERR_RANGE, TTT_PLAYER_NONE}};
    for (size_t i = 0; i < sizeof PLAYERS / sizeof PLAYERS[0]; i++) {
        ttt_player p = TTT_PLAYER_NONE;
        assert_int_equal(ttt_player_from_name(PLAYERS[i].text, &p), PLAYERS[i].st);
        assert_int_equal(p, PLAYERS[i].p);
    }
    ttt_player p;
    assert_int_equal(ttt_player_from_name(NULL, &p), TTT_ERR_NULL);
    assert_int_equal(ttt_player_from_name("x", NULL), TTT_ERR_NULL);

    assert_string_equal(ttt_state_name(TTT_STATE_O_TO_MOVE), "o-to-move");
    assert_string_equal(ttt_state_name(TTT_STATE_DRAW), "draw");
    assert_string_equal(ttt_state_name((ttt_state)5), "unknown");
    assert_string_equal(ttt_state_name(TTT_STATE_INVALID), "invalid");
    assert_string_equal(ttt_status_name(TTT_ERR_ALLOCATOR), "allocator");
    assert_string_equal(ttt_outcome_name(TTT_OUTCOME_LOSS), "loss");

    /* Levels and agents read back from their names, in any case. */
    assert_int_equal(ttt_difficulty_count(), 4);
    assert_int_equal(ttt_agent_count(), 5);
    for (int d = 0; d < ttt_difficulty_count(); d++) {
        char upper[32];
        snprintf(upper, sizeof upper, "%s", ttt_difficulty_name((ttt_difficulty)d));
        upper[0] = (char)(upper[0] - 'a' + 'A');
        ttt_difficulty back = TTT_DIFFICULTY_EASY;
        assert_int_equal(ttt_difficulty_from_name(upper, &back), TTT_OK);
        assert_int_equal(back, d);
    }
    for (int a = 0; a < ttt_agent_count(); a++) {
        ttt_agent back = TTT_AGENT_MINIMAX;
        assert_int_equal(ttt_agent_from_name(ttt_agent_name((ttt_agent)a), &back), TTT_OK);
        assert_int_equal(back, a);
    }
    ttt_agent agent = TTT_AGENT_RULES;
    assert_int_equal(ttt_agent_from_name("minimax2", &agent), TTT_ERR_RANGE);
    assert_int_equal(agent, TTT_AGENT_RULES);
}

/* The same position and options give the same move; only the seed varies it. */
static void test_default_seed(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    ttt_ai_result first, again;
    TTT_INIT(&first);
    TTT_INIT(&again);
    assert_int_equal(ttt_ai_move(NULL, g, NULL, &first), TTT_OK);
    for (int i = 0; i < 20; i++) {
        assert_int_equal(ttt_ai_move(NULL, g, NULL, &again), TTT_OK);
        assert_int_equal(again.move.row, first.move.row);
        assert_int_equal(again.move.col, first.move.col);
    }
    /* Every first move on 3x3 draws: other seeds pick other squares. */
    ttt_ai_options o;
    TTT_INIT(&o);
    int seen = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        o.seed = seed;
        assert_int_equal(ttt_ai_move(NULL, g, &o, &again), TTT_OK);
        seen |= 1 << (again.move.row * 3 + again.move.col);
    }
    assert_true(seen & ~(1 << (first.move.row * 3 + first.move.col)));
    ttt_game_free(g);
}

/* Negative capacities are range errors, not crashes. */
static void test_negative_capacities(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
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
        cmocka_unit_test(test_settings_screen), cmocka_unit_test(test_application_session),
        cmocka_unit_test(test_null_arguments),  cmocka_unit_test(test_null_game_queries),
        cmocka_unit_test(test_version),         cmocka_unit_test(test_negative_capacities),
        cmocka_unit_test(test_names),           cmocka_unit_test(test_default_seed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
