/*
 * test_api_memory.c - the engine's public API and memory: the allocator
 * hook (every block back once, failures at any allocation), the AI
 * context's table budget, and the growable structs' sizes.
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
/* The allocator hook                                                        */
/* ========================================================================= */

/* An allocator that counts, can fail its Nth allocation, and checks that
 * every block comes back once with the size it was asked for: the size is
 * kept in front of the block. */
typedef struct counting {
    long allocs, frees, fail_at;
    long long live_bytes;
    size_t largest;
} counting;

#define HEADER 16 /* keeps the block aligned for any object */

static void *counting_malloc(void *user, size_t size)
{
    counting *c = user;
    c->allocs++;
    if (c->fail_at && c->allocs == c->fail_at) return NULL;
    unsigned char *p = malloc(size + HEADER);
    if (!p) return NULL;
    memcpy(p, &size, sizeof size);
    c->live_bytes += (long long)size;
    if (size > c->largest) c->largest = size;
    return p + HEADER;
}

static void counting_free(void *user, void *ptr, size_t size)
{
    counting *c = user;
    assert_non_null(ptr);
    unsigned char *p = (unsigned char *)ptr - HEADER;
    size_t asked;
    memcpy(&asked, p, sizeof asked);
    assert_int_equal(asked, size);
    c->frees++;
    c->live_bytes -= (long long)size;
    free(p);
}

static ttt_allocator counting_allocator(counting *c)
{
    memset(c, 0, sizeof *c);
    ttt_allocator a = {counting_malloc, counting_free, c};
    return a;
}

static void test_allocator(void **state)
{
    (void)state;
    counting c;
    ttt_allocator a = counting_allocator(&c);
    ttt_game *g = NULL, *copy = NULL, *parsed = NULL;
    assert_int_equal(ttt_game_new(5, 4, TTT_PLAYER_X, &a, &g), TTT_OK);
    assert_int_equal(ttt_game_clone(g, &copy), TTT_OK); /* the original's allocator */
    assert_int_equal(
        ttt_game_parse("x.... ..... ..o.. ..... .....", 5, 4, TTT_PLAYER_NONE, &a, &parsed),
        TTT_OK);
    assert_int_equal(c.allocs, 3);
    /* A search without a context takes its table from the game's allocator
     * and gives it back before returning. */
    ttt_ai_result r;
    TTT_INIT(&r);
    long before = c.allocs;
    assert_int_equal(ttt_ai_move(NULL, parsed, NULL, &r), TTT_OK);
    assert_true(c.allocs > before);
    assert_int_equal(c.allocs - before, c.frees);
    ttt_game_free(g);
    ttt_game_free(copy);
    ttt_game_free(parsed);

    /* Tokens and contexts too; a context's table stays until it is freed. */
    ttt_cancel *cancel = ttt_cancel_new(&a);
    ttt_ai_context *ctx = ttt_ai_context_new(&a, 0);
    assert_non_null(cancel);
    assert_non_null(ctx);
    assert_int_equal(ttt_ai_context_reserve(ctx, 6, 4), TTT_OK);
    assert_true(c.live_bytes >= (16 << 20)); /* the default 16 MB table of 6x6 */
    ttt_cancel_free(cancel);
    ttt_ai_context_free(ctx);
    assert_int_equal(c.live_bytes, 0);
    assert_int_equal(c.allocs, c.frees);

    /* A failed allocation is TTT_ERR_NOMEM or NULL, and nothing leaks. */
    ttt_allocator failing = counting_allocator(&c);
    c.fail_at = 1;
    g = copy;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, &failing, &g), TTT_ERR_NOMEM);
    assert_null(g);
    c.allocs = 0;
    assert_null(ttt_cancel_new(&failing));
    c.allocs = 0;
    assert_null(ttt_ai_context_new(&failing, 0));
    assert_int_equal(c.live_bytes, 0);

    /* An allocator must have its two functions: its own status, not a
     * NULL argument's. */
    ttt_allocator incomplete = {counting_malloc, NULL, &c};
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, &incomplete, &g), TTT_ERR_ALLOCATOR);
    assert_int_equal(ttt_game_parse("... ... ...", 3, 3, TTT_PLAYER_NONE, &incomplete, &g),
                     TTT_ERR_ALLOCATOR);
    assert_null(ttt_cancel_new(&incomplete));
    assert_null(ttt_ai_context_new(&incomplete, 0));
}

/* A table budget bounds the context's table, and proofs stay the same. */
static void test_table_budget(void **state)
{
    (void)state;
    counting c;
    ttt_allocator a = counting_allocator(&c);
    ttt_ai_context *small = ttt_ai_context_new(&a, 4096);
    assert_non_null(small);
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(5, 4, TTT_PLAYER_X, NULL, &g), TTT_OK);
    ttt_analysis with_budget, without;
    TTT_INIT(&with_budget);
    TTT_INIT(&without);
    /* No deadline, so the result holds at any speed (under Valgrind, on a
     * busy machine): 5x5 would otherwise get the default one second, and
     * a slow run would stop short of proving every square. A cancel token
     * that is never requested is the public way to ask for that. */
    ttt_cancel *never = ttt_cancel_new(NULL);
    assert_non_null(never);
    ttt_ai_options o;
    TTT_INIT(&o);
    o.cancel = never;
    c.largest = 0; /* what the search allocates: its table */
    assert_int_equal(ttt_ai_analyze(small, g, &o, &with_budget), TTT_OK);
    assert_true(c.largest > 0);
    /* 4096 bytes of buckets and one more bucket for the alignment. */
    assert_true(c.largest <= 4096 + 64);
    assert_int_equal(ttt_ai_analyze(NULL, g, &o, &without), TTT_OK);
    assert_false(with_budget.stopped || without.stopped);
    ttt_cancel_free(never);
    assert_true(with_budget.all_proven && without.all_proven);
    assert_int_equal(with_budget.value, TTT_OUTCOME_DRAW);
    assert_int_equal(with_budget.value, without.value);
    for (int i = 0; i < without.count; i++) {
        assert_int_equal(with_budget.moves[i].outcome, without.moves[i].outcome);
        assert_int_equal(with_budget.moves[i].plies, without.moves[i].plies);
    }
    ttt_ai_context_free(small);
    ttt_game_free(g);
    assert_int_equal(c.live_bytes, 0);
}

/* ========================================================================= */
/* Growable structs                                                           */
/* ========================================================================= */

static void test_struct_sizes(void **state)
{
    (void)state;
    ttt_game *g = NULL;
    assert_int_equal(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);

    /* TTT_INIT() zeroes every byte and stores the size, evaluating its
     * argument once. */
    ttt_analysis filled[2];
    memset(filled, 0xA5, sizeof filled);
    ttt_analysis *next = filled;
    TTT_INIT(next++);
    assert_ptr_equal(next, filled + 1);
    assert_int_equal(filled[0].size, sizeof filled[0]);
    const unsigned char *bytes = (const unsigned char *)&filled[0];
    for (size_t i = sizeof filled[0].size; i < sizeof filled[0]; i++)
        assert_int_equal(bytes[i], 0);
    assert_int_equal(filled[1].count, (int)0xA5A5A5A5u); /* the next one untouched */

    /* A result or options struct without its size is refused, untouched. */
    ttt_ai_result r;
    memset(&r, 0, sizeof r);
    assert_int_equal(ttt_ai_move(NULL, g, NULL, &r), TTT_ERR_STRUCT_SIZE);
    assert_int_equal(r.move.row, 0);
    assert_int_equal(r.nodes, 0);
    TTT_INIT(&r);
    ttt_ai_options o;
    memset(&o, 0, sizeof o);
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_ERR_STRUCT_SIZE);
    assert_int_equal(ttt_ai_options_preset(&o, TTT_DIFFICULTY_HARD, 3, 3), TTT_ERR_STRUCT_SIZE);
    ttt_analysis a;
    memset(&a, 0, sizeof a);
    assert_int_equal(ttt_ai_analyze(NULL, g, NULL, &a), TTT_ERR_STRUCT_SIZE);
    ttt_ai_options ao;
    memset(&ao, 0, sizeof ao);
    TTT_INIT(&a);
    assert_int_equal(ttt_ai_analyze(NULL, g, &ao, &a), TTT_ERR_STRUCT_SIZE);

    /* A program built with newer headers: its larger structs work as long
     * as it asks for nothing this library lacks, and a larger result keeps
     * what this library does not fill. */
    struct {
        ttt_ai_options o;
        int newer_option;
    } newer;
    TTT_INIT(&newer.o);
    memset(&newer, 0, sizeof newer);
    newer.o.size = sizeof newer;
    struct {
        ttt_ai_result r;
        int newer_field;
    } big;
    memset(&big, 0, sizeof big);
    big.r.size = sizeof big;
    assert_int_equal(ttt_ai_move(NULL, g, &newer.o, &big.r), TTT_OK);
    assert_int_equal(big.r.size, sizeof big);
    assert_int_equal(big.newer_field, 0);
    assert_true(big.r.proven);
    assert_int_equal(big.r.outcome, TTT_OUTCOME_DRAW);
    newer.newer_option = 1;
    assert_int_equal(ttt_ai_move(NULL, g, &newer.o, &big.r), TTT_ERR_STRUCT_SIZE);

    /* Presets need a board. */
    TTT_INIT(&o);
    assert_int_equal(ttt_ai_options_preset(&o, TTT_DIFFICULTY_HARD, 9, 3), TTT_ERR_SIZE);
    assert_int_equal(ttt_ai_options_preset(&o, TTT_DIFFICULTY_HARD, 4, 5), TTT_ERR_K);
    assert_int_equal(ttt_ai_options_preset(&o, (ttt_difficulty)9, 4, 4), TTT_ERR_RANGE);
    assert_int_equal(ttt_ai_options_preset(&o, TTT_DIFFICULTY_HARD, 4, 4), TTT_OK);
    assert_true(o.mistake_probability > 0.0);
    ttt_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_allocator),
        cmocka_unit_test(test_table_budget),
        cmocka_unit_test(test_struct_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
