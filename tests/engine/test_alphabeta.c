/*
 * test_alphabeta.c - the alpha-beta search and its transposition table
 * (engine/src/alphabeta.c, tt.c, score.h) on their own: every root move's
 * value, outcome and distance, against an independent brute force
 * (brute_force.h) on boards small enough to search to the end. The table
 * stores win and loss scores counted from the node and gives them back
 * counted from the root; getting that wrong for a win or a loss (a sign,
 * a ply) changes the distances the search reports, which this test
 * compares, with the table kept from one search to the next as a context
 * keeps it. Behaviour only: no node counts.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "alloc.h"
#include "alphabeta.h"
#include "brute_force.h"
#include "score.h"
#include "search_ctx.h"

/* Positions tried per board and number of empty squares. */
#define POSITIONS 10

static void tables_for(search_tables *t, int n, int k)
{
    memset(t, 0, sizeof *t);
    t->alloc = ttt__alloc_copy(NULL); /* malloc and free */
    assert_int_equal(ttt__search_prepare(t, n, k, 1), TTT_OK);
    assert_non_null(t->tt.entries);
}

static const char *outcome_word(ttt_outcome o)
{
    return ttt_outcome_name(o);
}

/* Every root move of one position, searched to the end with exact values
 * for all, against the brute force's value of the move. */
static void check_position(search_tables *t, bf_board *b, char me)
{
    uint64_t mover, other;
    int empty = bf_bitboards(b, me, &mover, &other);
    search_limits lim = {0, NULL, NULL, NULL, 0, 1, 0, 0};
    search_ctx c;
    ttt__search_begin(&c, t, &lim, 0, mover, other);
    c.deadline_us = 0; /* small boards: to the end */
    alphabeta_root_result r;
    ttt__alphabeta_root(&c, ~UINT64_C(0), 0, 1, &r);
    assert_true(r.completed);
    assert_true(r.exact);
    assert_int_equal(r.count, empty);
    for (int i = 0; i < r.count; i++) {
        int sq = r.squares[i];
        bf_value truth = bf_move_value(b, sq, me);
        ttt_outcome outcome;
        int plies;
        score_outcome(r.scores[i], 1, empty, &outcome, &plies);
        ttt_outcome want = truth.result > 0   ? TTT_OUTCOME_WIN
                           : truth.result < 0 ? TTT_OUTCOME_LOSS
                                              : TTT_OUTCOME_DRAW;
        if (outcome != want || plies != truth.plies)
            fail_msg("%.*s (%dx%d, k %d, %c to move), square %d: the search says %s in %d, "
                     "it is %s in %d",
                     b->n * b->n, b->cells, b->n, b->n, b->k, me, sq, outcome_word(outcome), plies,
                     outcome_word(want), truth.plies);
    }
}

static void check_one(void *tables, bf_board *b, char me)
{
    check_position(tables, b, me);
}

/* Random positions of a board with `empty` squares left, one table for
 * all of them (each search a new generation of it). */
static void check_board(int n, int k, int empty, unsigned seed)
{
    search_tables t;
    tables_for(&t, n, k);
    bf_each_position(n, k, empty, seed, POSITIONS, check_one, &t);
    ttt__search_tables_free(&t);
}

static void test_3x3_positions(void **state)
{
    (void)state;
    for (int empty = 3; empty <= 9; empty++)
        check_board(3, 3, empty, 17u + (unsigned)empty);
}

/* 4x4 with k 3, where wins come fast and transpose often, and k 4. */
static void test_4x4_positions(void **state)
{
    (void)state;
    for (int empty = 5; empty <= 9; empty++) {
        check_board(4, 3, empty, 401u + (unsigned)empty);
        check_board(4, 4, empty, 503u + (unsigned)empty);
    }
}

/* A game played out move by move with one table, as a context plays: the
 * entries of one search are met again, a ply nearer the root, in the next. */
static void test_table_across_a_game(void **state)
{
    (void)state;
    static const struct {
        int n, k, start_empty;
        unsigned seed;
    } GAMES[] = {{4, 3, 10, 7u}, {4, 3, 9, 8u}, {4, 4, 9, 9u}, {4, 4, 10, 10u}};
    for (size_t g = 0; g < sizeof GAMES / sizeof GAMES[0]; g++) {
        search_tables t;
        tables_for(&t, GAMES[g].n, GAMES[g].k);
        unsigned seed = GAMES[g].seed;
        bf_board b;
        char me = bf_random_position(&b, GAMES[g].n, GAMES[g].k, GAMES[g].start_empty, &seed);
        while (memchr(b.cells, '.', (size_t)(b.n * b.n))) {
            check_position(&t, &b, me);
            /* Play the brute force's best move, then the other side's. */
            int best_sq = -1;
            bf_value best = {-2, 0};
            for (int sq = 0; sq < b.n * b.n; sq++) {
                if (b.cells[sq] != '.') continue;
                bf_value v = bf_move_value(&b, sq, me);
                if (best.result == -2 || bf_better(v, best)) {
                    best = v;
                    best_sq = sq;
                }
            }
            b.cells[best_sq] = me;
            if (bf_line_through(&b, best_sq)) break;
            me = bf_other(me);
        }
        ttt__search_tables_free(&t);
    }
}

/* The engine's threat-space survey (the public analysis, which solves 4x4
 * without this search) and the alpha-beta search agree on every square of
 * positions too large for the brute force, from the empty board on. */
static void check_against_analysis(search_tables *t, bf_board *b, char me)
{
    uint64_t mover, other;
    int empty = bf_bitboards(b, me, &mover, &other);
    char text[80];
    int len = 0;
    for (int r = 0; r < b->n; r++) {
        if (r) text[len++] = ' ';
        memcpy(text + len, b->cells + r * b->n, (size_t)b->n);
        len += b->n;
    }
    text[len] = '\0';
    ttt_game *g = NULL;
    assert_int_equal(
        ttt_game_parse(text, b->n, b->k, me == 'x' ? TTT_PLAYER_X : TTT_PLAYER_O, NULL, &g),
        TTT_OK);
    ttt_analysis a;
    TTT_INIT(&a);
    assert_int_equal(ttt_ai_analyze(NULL, g, NULL, &a), TTT_OK);
    assert_true(a.all_proven);
    ttt_game_free(g);

    search_limits lim = {0, NULL, NULL, NULL, 0, 1, 0, 0};
    search_ctx c;
    ttt__search_begin(&c, t, &lim, 0, mover, other);
    c.deadline_us = 0;
    alphabeta_root_result r;
    ttt__alphabeta_root(&c, ~UINT64_C(0), 0, 1, &r);
    assert_true(r.completed && r.exact);
    for (int i = 0; i < r.count; i++) {
        int sq = r.squares[i];
        ttt_outcome outcome;
        int plies;
        score_outcome(r.scores[i], 1, empty, &outcome, &plies);
        const ttt_move_value *m = NULL;
        for (int j = 0; j < a.count; j++)
            if (a.moves[j].pos.row * b->n + a.moves[j].pos.col == sq) m = &a.moves[j];
        assert_non_null(m);
        if (outcome != m->outcome || plies != m->plies)
            fail_msg("%s (k %d, %c to move), square %d: alpha-beta says %s in %d, the analysis %s "
                     "in %d",
                     text, b->k, me, sq, outcome_word(outcome), plies, outcome_word(m->outcome),
                     m->plies);
    }
}

static void test_4x4_early(void **state)
{
    (void)state;
    for (int k = 3; k <= 4; k++) {
        search_tables t;
        tables_for(&t, 4, k);
        bf_board empty = {4, k, "................"};
        check_against_analysis(&t, &empty, 'x');
        unsigned seed = 77u + (unsigned)k;
        for (int e = 11; e <= 15; e++) {
            for (int i = 0; i < 4; i++) {
                bf_board b;
                char me = bf_random_position(&b, 4, k, e, &seed);
                check_against_analysis(&t, &b, me);
            }
        }
        ttt__search_tables_free(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_3x3_positions),
        cmocka_unit_test(test_4x4_positions),
        cmocka_unit_test(test_table_across_a_game),
        cmocka_unit_test(test_4x4_early),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
