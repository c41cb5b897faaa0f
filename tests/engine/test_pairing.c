/*
 * test_pairing.c - the pairing search (engine/src/pairing.c) and its cache
 * of run patterns: on random positions of (7,7,5) and (8,8,5), the search
 * with a cache (a large one, and a small one where entries keep replacing
 * each other) answers exactly as the search without, with the same pairs;
 * every pairing it gives is checked here with lines of the test's own (the
 * windows of k along rows, columns and diagonals): disjoint pairs of empty
 * squares, and each line the attacker can still fill holding one; and the
 * proof-number table carries a cache only when it is large enough for one
 * (1/16 of its size). Behaviour only: no timings, no node counts.
 *
 * Internal headers: the test links ttt_engine_internal.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "alloc.h"
#include "pairing.h"
#include "pn_table.h"
#include "search_ctx.h"

/* Positions per board; steps a search may take (the prover's budget). */
#define POSITIONS 3000
#define BUDGET 400

static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Every window of k squares on the n x n board, as square sets. */
static int all_windows(int n, int k, uint64_t *out)
{
    static const int dir[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int count = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            for (int d = 0; d < 4; d++) {
                int er = r + dir[d][0] * (k - 1), ec = c + dir[d][1] * (k - 1);
                if (er < 0 || er >= n || ec < 0 || ec >= n) continue;
                uint64_t w = 0;
                for (int i = 0; i < k; i++)
                    w |= (uint64_t)1 << ((r + dir[d][0] * i) * n + c + dir[d][1] * i);
                out[count++] = w;
            }
    return count;
}

/* The pairing `partner` holds against side a's lines with at least
 * min_count of its marks and none of the other side's. */
static void check_partner(int n, int k, const uint64_t bb[2], int a, int min_count,
                          const uint8_t *partner)
{
    uint64_t windows[4 * TTT_MAX_SQUARES];
    int nw = all_windows(n, k, windows);
    uint64_t empty = ~(bb[0] | bb[1]);
    for (int sq = 0; sq < n * n; sq++) {
        if (partner[sq] == PAIRING_NONE) continue;
        assert_true(partner[sq] < n * n);
        assert_int_equal(partner[partner[sq]], sq);
        assert_true(partner[sq] != sq);
        assert_true(empty >> sq & 1);
    }
    for (int i = 0; i < nw; i++) {
        uint64_t w = windows[i];
        if (w & bb[1 - a] || __builtin_popcountll(w & bb[a]) < min_count) continue;
        int held = 0;
        for (uint64_t m = w; m && !held; m &= m - 1) {
            int sq = __builtin_ctzll(m);
            held = partner[sq] != PAIRING_NONE && (w >> partner[sq] & 1);
        }
        assert_true(held);
    }
}

static void tables_for(search_tables *t, int n, int k)
{
    memset(t, 0, sizeof *t);
    t->alloc = ttt__alloc_copy(NULL);
    assert_int_equal(ttt__search_prepare(t, n, k, 0), TTT_OK);
}

/* Random positions of the n x n board: marks of both sides, about as many
 * each, none of them a completed line (the search runs on open games). */
static void compare_on_board(int n, int k, uint64_t seed)
{
    search_tables t;
    tables_for(&t, n, k);
    pair_cache *big = malloc(ttt__pair_cache_bytes(PAIR_CACHE_MAX_BITS));
    pair_cache *small = malloc(ttt__pair_cache_bytes(PAIR_CACHE_MIN_BITS));
    assert_non_null(big);
    assert_non_null(small);
    ttt__pair_cache_init(big, PAIR_CACHE_MAX_BITS);
    ttt__pair_cache_init(small, PAIR_CACHE_MIN_BITS);
    int found = 0, tried = 0;
    for (int i = 0; i < POSITIONS; i++) {
        int marks = 6 + (int)(next_random(&seed) % (uint64_t)(n * n - 20));
        uint64_t bb[2] = {0, 0};
        for (int m = 0; m < marks; m++) {
            int sq;
            do
                sq = (int)(next_random(&seed) % (uint64_t)(n * n));
            while ((bb[0] | bb[1]) >> sq & 1);
            bb[m & 1] |= (uint64_t)1 << sq;
        }
        search_pos p;
        ttt__pos_init(&p, &t.board, bb[0], bb[1]);
        if (pos_threats(&p, 0) && pos_threats(&p, 1)) continue;
        for (int a = 0; a < 2; a++) {
            /* The prover's count (lines a can fill in the moves it has
             * left), and higher ones, where only some windows of a run
             * need blocking. */
            int counts[4] = {k - (p.nempty + 1) / 2, 1, 2, 3};
            for (int ci = 0; ci < 4; ci++) {
                int min_count = counts[ci];
                uint8_t plain[TTT_MAX_SQUARES], cached[TTT_MAX_SQUARES], tiny[TTT_MAX_SQUARES];
                int r0 = ttt__pairing_find(&p, a, min_count, 0, BUDGET, plain, NULL);
                int r1 = ttt__pairing_find(&p, a, min_count, 0, BUDGET, cached, big);
                int r2 = ttt__pairing_find(&p, a, min_count, 0, BUDGET, tiny, small);
                tried++;
                assert_int_equal(r0, r1);
                assert_int_equal(r0, r2);
                if (!r0) continue;
                found++;
                assert_memory_equal(plain, cached, (size_t)(n * n));
                assert_memory_equal(plain, tiny, (size_t)(n * n));
                check_partner(n, k, bb, a, min_count < 0 ? 0 : min_count, cached);
            }
        }
    }
    /* Both answers come up often enough for the comparison to mean
     * something. */
    assert_true(found > tried / 20);
    assert_true(found < tried - tried / 20);
    free(big);
    free(small);
    ttt__search_tables_free(&t);
}

static void test_cache_7x7(void **state)
{
    (void)state;
    compare_on_board(7, 5, 7);
}

static void test_cache_8x8(void **state)
{
    (void)state;
    compare_on_board(8, 5, 8);
}

/* A table gets a cache of at most 1/16 of its entries' size, and none
 * when even the smallest would not fit; a cleared table keeps it usable. */
static void test_table_cache(void **state)
{
    (void)state;
    ttt_allocator a = ttt__alloc_copy(NULL);
    pn_table tab;
    memset(&tab, 0, sizeof tab);
    assert_int_equal(ttt__pn_alloc(&tab, &a, 0), 0);
    assert_null(tab.pairs);
    assert_int_equal(tab.bytes, pn_table_bytes(0));
    assert_int_equal(ttt__pn_alloc(&tab, &a, 16), 0);
    assert_non_null(tab.pairs);
    assert_true(tab.pair_bits >= PAIR_CACHE_MIN_BITS && tab.pair_bits <= PAIR_CACHE_MAX_BITS);
    assert_true(tab.bytes - pn_table_bytes(16) <= pn_table_bytes(16) / 16);
    assert_int_equal(tab.bytes - pn_table_bytes(16), ttt__pair_cache_bytes(tab.pair_bits));
    ttt__pn_clear(&tab);
    assert_non_null(tab.pairs);
    search_tables t;
    tables_for(&t, 7, 5);
    search_pos p;
    ttt__pos_init(&p, &t.board, 0, 0);
    /* The empty board has no pairing against lines of no marks; asked
     * twice, the second answer comes from the cache. */
    assert_int_equal(ttt__pairing_find(&p, 0, 0, 0, BUDGET, NULL, tab.pairs), 0);
    assert_int_equal(ttt__pairing_find(&p, 0, 0, 0, BUDGET, NULL, tab.pairs), 0);
    ttt__search_tables_free(&t);
    ttt__pn_free(&tab, &a);
    assert_null(tab.pairs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cache_7x7),
        cmocka_unit_test(test_cache_8x8),
        cmocka_unit_test(test_table_cache),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
