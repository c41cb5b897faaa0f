/*
 * test_oracle.c - perft-style oracle counts for classic tic-tac-toe.
 *
 * Walking the whole 3x3 game tree through the public API (move, recurse,
 * undo) must visit the known number of positions and finished games. An
 * independent walker on a plain array, with its own line check, must agree
 * at every node, so a wrong count points at the engine rather than at the
 * walk.
 */
#include <stdlib.h>

#include "engine_test_util.h"

/* The known counts for 3x3 with X first (see e.g. the On-Line Encyclopedia
 * of Integer Sequences and every tic-tac-toe perft): nodes including the
 * root, finished games by result, and distinct boards. */
#define ORACLE_NODES 549946L
#define ORACLE_FINISHED 255168L
#define ORACLE_X_WINS 131184L
#define ORACLE_O_WINS 77904L
#define ORACLE_DRAWS 46080L
#define ORACLE_DISTINCT 5478L
#define ORACLE_DISTINCT_FINISHED 958L

#define SIDE 3
#define SQUARES (SIDE * SIDE)
/* 3^9 boards, each square empty, X or O: a base-3 number indexes them. */
#define BOARD_CODES 19683

typedef struct counts {
    long nodes, finished, first_wins, second_wins, draws;
    long distinct, distinct_finished;           /* deduplicated by board contents */
    long distinct_turn, distinct_turn_finished; /* by board and side to move */
    unsigned char seen[BOARD_CODES];            /* boards visited */
    unsigned char seen_turn[BOARD_CODES][2];    /* boards visited with X / O to move */
} counts;

/* Base-3 code of the board: 0 empty, 1 X, 2 O per square. */
static int board_code(const ttt_player *board)
{
    int code = 0;
    for (int i = 0; i < SQUARES; i++)
        code = code * 3 + (int)board[i];
    return code;
}

/* Records one position in the distinct-position tables. */
static void note_position(counts *c, const ttt_player *board, ttt_player to_move, int over)
{
    int code = board_code(board);
    if (!c->seen[code]) {
        c->seen[code] = 1;
        c->distinct++;
        if (over) c->distinct_finished++;
    }
    /* A finished position has nobody to move; file it under slot 0. */
    int slot = over ? 0 : to_move == TTT_PLAYER_O;
    if (!c->seen_turn[code][slot]) {
        c->seen_turn[code][slot] = 1;
        c->distinct_turn++;
        if (over) c->distinct_turn_finished++;
    }
}

/* ========================================================================= */
/* The walk through the engine                                               */
/* ========================================================================= */

/* Visits g and everything below it. `mirror` is the independent board,
 * kept in step with the engine's by the walk itself. */
static void engine_walk(ttt_game *g, ttt_player *mirror, ttt_player first, counts *c)
{
    c->nodes++;
    ttt_state st;
    ttt_player turn;
    st = ttt_game_state(g);
    turn = ttt_game_turn(g);

    /* The independent verdict for this node. */
    ttt_player second = ttt_player_other(first);
    int first_line = brute_has_line(mirror, SIDE, SIDE, first);
    int second_line = brute_has_line(mirror, SIDE, SIDE, second);
    int filled = 0;
    for (int i = 0; i < SQUARES; i++)
        filled += mirror[i] != TTT_PLAYER_NONE;
    assert_false(first_line && second_line);

    if (st == TTT_STATE_X_WON || st == TTT_STATE_O_WON || st == TTT_STATE_DRAW) {
        ttt_player winner = ttt_game_winner(g);
        assert_int_equal(turn, TTT_PLAYER_NONE);
        c->finished++;
        if (st == TTT_STATE_DRAW) {
            assert_false(first_line || second_line);
            assert_int_equal(filled, SQUARES);
            c->draws++;
        } else if (winner == first) {
            assert_true(first_line);
            c->first_wins++;
        } else {
            assert_int_equal(winner, second);
            assert_true(second_line);
            c->second_wins++;
        }
        note_position(c, mirror, TTT_PLAYER_NONE, 1);
        return;
    }
    assert_false(first_line || second_line);
    assert_true(filled < SQUARES);
    assert_int_equal(turn, filled % 2 == 0 ? first : second);
    note_position(c, mirror, turn, 0);

    ttt_pos free_sq[SQUARES];
    int nfree = 0;
    assert_int_equal(ttt_game_empty_squares(g, free_sq, SQUARES, &nfree), TTT_OK);
    assert_int_equal(nfree, SQUARES - filled);
    for (int i = 0; i < nfree; i++) {
        int sq = free_sq[i].row * SIDE + free_sq[i].col;
        assert_int_equal(ttt_game_move(g, free_sq[i], NULL), TTT_OK);
        mirror[sq] = turn;
        engine_walk(g, mirror, first, c);
        mirror[sq] = TTT_PLAYER_NONE;
        assert_int_equal(ttt_game_undo(g), TTT_OK);
    }
}

/* ========================================================================= */
/* The independent walk                                                      */
/* ========================================================================= */

/* The same tree on a plain array with no engine calls at all, from
 * `first`'s opening move. */
static void plain_walk(ttt_player *board, ttt_player first, ttt_player mover, int filled, counts *c)
{
    c->nodes++;
    ttt_player last = mover == TTT_PLAYER_X ? TTT_PLAYER_O : TTT_PLAYER_X;
    if (filled > 0 && brute_has_line(board, SIDE, SIDE, last)) {
        c->finished++;
        if (last == first)
            c->first_wins++;
        else
            c->second_wins++;
        note_position(c, board, TTT_PLAYER_NONE, 1);
        return;
    }
    if (filled == SQUARES) {
        c->finished++;
        c->draws++;
        note_position(c, board, TTT_PLAYER_NONE, 1);
        return;
    }
    note_position(c, board, mover, 0);
    for (int sq = 0; sq < SQUARES; sq++) {
        if (board[sq] != TTT_PLAYER_NONE) continue;
        board[sq] = mover;
        plain_walk(board, first, last, filled + 1, c);
        board[sq] = TTT_PLAYER_NONE;
    }
}

/* ========================================================================= */
/* Tests                                                                     */
/* ========================================================================= */

static void assert_oracle(const counts *c)
{
    assert_int_equal(c->nodes, ORACLE_NODES);
    assert_int_equal(c->finished, ORACLE_FINISHED);
    assert_int_equal(c->first_wins, ORACLE_X_WINS);
    assert_int_equal(c->second_wins, ORACLE_O_WINS);
    assert_int_equal(c->draws, ORACLE_DRAWS);
    assert_int_equal(c->first_wins + c->second_wins + c->draws, c->finished);
    /* 5,478 and 958 count boards. With a fixed first player the side to
     * move follows from the board, so keying by board and side gives the
     * same numbers; both are asserted to make the definition explicit. */
    assert_int_equal(c->distinct, ORACLE_DISTINCT);
    assert_int_equal(c->distinct_finished, ORACLE_DISTINCT_FINISHED);
    assert_int_equal(c->distinct_turn, ORACLE_DISTINCT);
    assert_int_equal(c->distinct_turn_finished, ORACLE_DISTINCT_FINISHED);
}

static void run_engine_walk(ttt_player first)
{
    counts *c = calloc(1, sizeof *c);
    assert_non_null(c);
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(SIDE, SIDE, first, NULL, &g), TTT_OK);
    ttt_player mirror[SQUARES] = {TTT_PLAYER_NONE};
    engine_walk(g, mirror, first, c);
    assert_oracle(c);
    /* The walk leaves the game where it started. */
    int moves = ttt_game_move_count(g);
    assert_int_equal(moves, 0);
    assert_int_equal(ttt_game_undo(g), TTT_ERR_NO_HISTORY);
    ttt_game_free(g);
    free(c);
}

static void test_engine_tree_x_first(void **state)
{
    (void)state;
    run_engine_walk(TTT_PLAYER_X);
}

/* With O first the counts are the same with the roles of X and O swapped. */
static void test_engine_tree_o_first(void **state)
{
    (void)state;
    run_engine_walk(TTT_PLAYER_O);
}

static void test_plain_tree(void **state)
{
    (void)state;
    counts *c = calloc(1, sizeof *c);
    assert_non_null(c);
    ttt_player board[SQUARES] = {TTT_PLAYER_NONE};
    plain_walk(board, TTT_PLAYER_X, TTT_PLAYER_X, 0, c);
    assert_oracle(c);
    free(c);
}

/* Every one of the 3^9 boards: ttt_game_parse() accepts exactly those that
 * some legal game reaches (with X or with O moving first), and reads them
 * with the right state. Reachability comes from the plain walks above, so
 * this checks the parser's legality rules exhaustively. */
static void test_parse_accepts_exactly_reachable_boards(void **state)
{
    (void)state;
    counts *from_x = calloc(1, sizeof *from_x), *from_o = calloc(1, sizeof *from_o);
    assert_non_null(from_x);
    assert_non_null(from_o);
    ttt_player board[SQUARES] = {TTT_PLAYER_NONE};
    plain_walk(board, TTT_PLAYER_X, TTT_PLAYER_X, 0, from_x);
    plain_walk(board, TTT_PLAYER_O, TTT_PLAYER_O, 0, from_o);

    long accepted = 0, reachable_boards = 0;
    for (int code = 0; code < BOARD_CODES; code++) {
        /* Decode in the order board_code() encodes: first square most significant. */
        char text[SQUARES + 1];
        int rest = code, xs = 0, os = 0;
        for (int i = SQUARES - 1; i >= 0; i--) {
            int v = rest % 3;
            rest /= 3;
            board[i] = (ttt_player)v;
            text[i] = ".xo"[v];
            xs += v == 1;
            os += v == 2;
        }
        text[SQUARES] = '\0';
        int reachable = from_x->seen[code] || from_o->seen[code];
        reachable_boards += reachable;
        ttt_game *g = NULL;
        ttt_status st = ttt_game_parse(text, SIDE, SIDE, TTT_PLAYER_NONE, NULL, &g);
        if (reachable != (st == TTT_OK))
            fail_msg("board %s: reachable %d, parse says %s", text, reachable,
                     ttt_status_message(st));
        if (st != TTT_OK) {
            assert_null(g);
            continue;
        }
        accepted++;
        int x_line = brute_has_line(board, SIDE, SIDE, TTT_PLAYER_X);
        int o_line = brute_has_line(board, SIDE, SIDE, TTT_PLAYER_O);
        /* With equal counts and no line the board leaves the side open and
         * TTT_PLAYER_NONE means X. */
        ttt_state want = xs > os ? TTT_STATE_O_TO_MOVE : TTT_STATE_X_TO_MOVE;
        if (xs + os == SQUARES) want = TTT_STATE_DRAW;
        if (o_line) want = TTT_STATE_O_WON;
        if (x_line) want = TTT_STATE_X_WON; /* the engine refuses boards with both */
        ttt_state got = ttt_game_state(g);
        if (got != want) fail_msg("board %s: state %d, want %d", text, (int)got, (int)want);
        ttt_game_free(g);
    }
    assert_int_equal(accepted, reachable_boards);
    /* Each opening reaches 5,478 boards; the two sets overlap in the boards
     * with equal mark counts and no line for the player who would have
     * moved last, so the union is smaller than twice that. */
    assert_true(reachable_boards > ORACLE_DISTINCT && reachable_boards < 2 * ORACLE_DISTINCT);
    free(from_x);
    free(from_o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_tree_x_first),
        cmocka_unit_test(test_engine_tree_o_first),
        cmocka_unit_test(test_plain_tree),
        cmocka_unit_test(test_parse_accepts_exactly_reachable_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
