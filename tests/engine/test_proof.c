/*
 * test_proof.c - the proof-number search (engine/src/proof.c) on its own:
 * its answers to "does this side ever win from here?" against an
 * independent brute force (brute_force.h), for both sides, on boards small
 * enough to solve outright, with the move it gives for its answer checked
 * too. Behaviour only: no node counts. A wrong proof or disproof update
 * gives a wrong answer, or none within the node cap.
 *
 * The public API reaches this search only on boards above 5x5 and after a
 * deadline's share, so it is called here directly through the engine's
 * internal headers (the test links ttt_engine_internal).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "alloc.h"
#include "brute_force.h"
#include "proof.h"
#include "search_ctx.h"

/* Nodes one question may take: far more than any position here needs
 * (the most is a few thousand), so a search that does not finish has gone
 * wrong rather than run out of time. */
#define NODE_CAP 2000000u
/* Positions tried per board and number of empty squares. */
#define POSITIONS 12

static void tables_for(search_tables *t, int n, int k)
{
    memset(t, 0, sizeof *t);
    t->alloc = ttt__alloc_copy(NULL); /* malloc and free */
    assert_int_equal(ttt__search_prepare(t, n, k, 0), TTT_OK);
    assert_int_equal(ttt__search_prepare_proof(t), TTT_OK);
}

/* The engine's answer for side `a` (0: the player to move, 1: the other),
 * and the move that shows it. */
static proof_result prove(search_tables *t, const bf_board *b, char me, int a)
{
    uint64_t mover, other;
    bf_bitboards(b, me, &mover, &other);
    search_limits lim = {0, NULL, NULL, NULL, 0, 1, 0, 0}; /* no book: the search itself */
    search_ctx c;
    ttt__search_begin(&c, t, &lim, 0, mover, other);
    c.deadline_us = 0; /* nothing but the node cap */
    c.node_limit = NODE_CAP;
    proof_result r;
    ttt__prove(&c, c.pn, a, 0, &r);
    return r;
}

static const char *side_name(int a)
{
    return a == 0 ? "the player to move" : "the other player";
}

/* Checks both sides' answers on one position against the brute force. */
static void check_position(search_tables *t, bf_board *b, char me)
{
    for (int a = 0; a < 2; a++) {
        char attacker = a == 0 ? me : bf_other(me);
        bool truth = bf_forces_win(b, attacker, me);
        proof_result r = prove(t, b, me, a);
        if (r.solved != (truth ? 1 : -1))
            fail_msg("%.*s (%dx%d, k %d, %c to move): does %s win? %s, the prover says %d",
                     b->n * b->n, b->cells, b->n, b->n, b->k, me, side_name(a),
                     truth ? "yes" : "no", r.solved);
        if (r.move < 0) continue; /* a rule settled it: no move to check */
        assert_true(r.move < b->n * b->n);
        assert_int_equal(b->cells[r.move], '.');
        /* The move the answer names, played, keeps the answer. */
        b->cells[r.move] = me;
        bool line = bf_line_through(b, r.move);
        bool after = line ? me == attacker : bf_forces_win(b, attacker, bf_other(me));
        b->cells[r.move] = '.';
        if (a == 0 && r.solved == 1 && !after)
            fail_msg("%.*s: the prover's winning move %d does not win", b->n * b->n, b->cells,
                     r.move);
        if (a == 1 && r.solved == -1 && after)
            fail_msg("%.*s: the prover's defence %d loses", b->n * b->n, b->cells, r.move);
    }
}

static void check_one(void *tables, bf_board *b, char me)
{
    check_position(tables, b, me);
}

/* Random positions of a board with `empty` squares left. */
static void check_board(int n, int k, int empty, unsigned seed)
{
    search_tables t;
    tables_for(&t, n, k);
    bf_each_position(n, k, empty, seed, POSITIONS, check_one, &t);
    ttt__search_tables_free(&t);
}

/* 3x3 from the empty board: neither side wins. */
static void test_empty_3x3_is_no_win(void **state)
{
    (void)state;
    search_tables t;
    tables_for(&t, 3, 3);
    bf_board b = {3, 3, "........."};
    for (int a = 0; a < 2; a++) {
        proof_result r = prove(&t, &b, 'x', a);
        assert_int_equal(r.solved, -1);
    }
    /* After a corner and a wrong reply (the edge beside it), X wins. */
    bf_board won = {3, 3, "xo......."};
    proof_result r = prove(&t, &won, 'x', 0);
    assert_int_equal(r.solved, 1);
    ttt__search_tables_free(&t);
}

static void test_3x3_positions(void **state)
{
    (void)state;
    for (int empty = 4; empty <= 8; empty++)
        check_board(3, 3, empty, 31u + (unsigned)empty);
}

/* 4x4 with k 3 (the first player wins), k 4 (a draw). */
static void test_4x4_positions(void **state)
{
    (void)state;
    for (int empty = 6; empty <= 9; empty++) {
        check_board(4, 3, empty, 101u + (unsigned)empty);
        check_board(4, 4, empty, 211u + (unsigned)empty);
    }
}

/* 5x5 with k 4, late in the game. */
static void test_5x5_positions(void **state)
{
    (void)state;
    for (int empty = 6; empty <= 8; empty++)
        check_board(5, 4, empty, 307u + (unsigned)empty);
}

/* The table is kept between questions (a context reuses it): answers for
 * one side never leak into the other's. */
static void test_sides_share_a_table(void **state)
{
    (void)state;
    search_tables t;
    tables_for(&t, 4, 4);
    unsigned seed = 5u;
    for (int i = 0; i < POSITIONS; i++) {
        bf_board b;
        char me = bf_random_position(&b, 4, 4, 8, &seed);
        check_position(&t, &b, me);
        check_position(&t, &b, me); /* again, from what the table learned */
    }
    ttt__search_tables_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_3x3_is_no_win), cmocka_unit_test(test_3x3_positions),
        cmocka_unit_test(test_4x4_positions),       cmocka_unit_test(test_5x5_positions),
        cmocka_unit_test(test_sides_share_a_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
