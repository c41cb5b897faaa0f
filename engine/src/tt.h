/*
 * tt.h - the transposition table, private to the engine: what the searches
 * learned about positions, kept in a ttt_ai_context from call to call.
 *
 * Entries are 16 bytes, four to a 64-byte bucket (one cache line). Each
 * holds one of three kinds of fact about a position (with a side to move):
 *   TT_KIND_VALUE   alpha-beta: a score bound and the remaining depth it
 *                   was searched to (TT_DEPTH_EXACT when no heuristic leaf
 *                   was used), and the best move;
 *   TT_KIND_MOVER   threat search with the side to move as the attacker:
 *   TT_KIND_OTHER   or with the other side as the attacker: the attacker
 *                   wins within win_r plies (0: not known), and does not
 *                   win within fail_r plies (TT_UNBOUNDED: not at all).
 * The kind is folded into the key, so the three never answer for each
 * other. Threat facts are exact whoever stored them; an alpha-beta value
 * from an earlier call (another generation) counts only when exact, so a
 * reused table never changes a depth-limited result.
 *
 * Replacement: a store goes to the entry of the same key, else an empty
 * one, else the one of its bucket worth least: entries of earlier calls
 * before those of this call, then the least searched (depth, or for
 * threat facts the log2 of the nodes below).
 */
#ifndef TTT_TT_H
#define TTT_TT_H

#include <stddef.h>
#include <stdint.h>

#include "ttt/common.h"

enum { TT_KIND_VALUE = 0, TT_KIND_MOVER = 1, TT_KIND_OTHER = 2 };
enum { TT_BOUND_EXACT = 0, TT_BOUND_LOWER = 1, TT_BOUND_UPPER = 2 };

#define TT_DEPTH_EXACT 255
#define TT_UNBOUNDED 255
#define TT_NO_MOVE 255
#define TT_BUCKET 4

typedef struct search_tt_entry {
    uint64_t key;
    int16_t score;
    uint8_t depth;  /* remaining depth (value), or effort (threat facts) */
    uint8_t bound;  /* TT_BOUND_* (value entries) */
    uint8_t move;   /* best move in the key's symmetry frame, or TT_NO_MOVE */
    uint8_t gen;    /* the call that stored it; 0 marks an empty slot */
    uint8_t win_r;  /* threat facts: attacker wins within this many plies; 0 unknown */
    uint8_t fail_r; /* threat facts: no win within this many plies */
} search_tt_entry;

typedef struct search_tt {
    search_tt_entry *entries; /* aligned to a bucket */
    void *block;              /* what the allocator returned */
    size_t block_bytes;       /* its size */
    uint64_t bucket_mask;     /* buckets - 1 */
    uint8_t gen;
} search_tt;

/* The key of `kind` for a position key. */
static inline uint64_t tt_kind_key(uint64_t key, int kind)
{
    /* Bits 60-63 are never set by an exact key (at most 25 squares per
     * half), so the kinds of exact keys cannot collide. */
    static const uint64_t SALT[3] = {0, UINT64_C(0x5000000000000000), UINT64_C(0xA000000000000000)};
    return key ^ SALT[kind];
}

/* The bucket of `key`. */
static inline search_tt_entry *tt_bucket(const search_tt *t, uint64_t key)
{
    uint64_t h = key * UINT64_C(0x9E3779B97F4A7C15);
    h ^= h >> 31;
    return &t->entries[(h & t->bucket_mask) * TT_BUCKET];
}

/* Asks the CPU to start loading the bucket of `key`, so that the lookup
 * after a node's cheap tests finds it in the cache. */
static inline void tt_prefetch(const search_tt *t, uint64_t key)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(tt_bucket(t, key));
#else
    (void)t;
    (void)key;
#endif
}

/* The entry of `key` in the table, or NULL. */
static inline search_tt_entry *tt_find(const search_tt *t, uint64_t key)
{
    search_tt_entry *e = tt_bucket(t, key);
    for (int i = 0; i < TT_BUCKET; i++)
        if (e[i].key == key && e[i].gen) return &e[i];
    return NULL;
}

/* Where to store `key`: its entry, or the one the replacement scheme
 * gives up (reset to an empty entry of this generation). */
search_tt_entry *ttt__tt_slot(search_tt *t, uint64_t key);

/* Allocates 2^bits buckets (emptied) from `a`, freeing the old table;
 * keeps the old table on failure. Returns 0 on success. */
int ttt__tt_alloc(search_tt *t, const ttt_allocator *a, int bucket_bits);

/* Empties the table. */
void ttt__tt_clear(search_tt *t);

/* Frees the table (to `a`, which allocated it); the table is then empty
 * and without entries. */
void ttt__tt_free(search_tt *t, const ttt_allocator *a);

/* Bytes of a table of 2^bits buckets. */
static inline size_t tt_bytes(int bucket_bits)
{
    return ((size_t)1 << bucket_bits) * TT_BUCKET * sizeof(search_tt_entry);
}

/* A new call: a new generation (never 0, the empty mark). Returns
 * non-zero when the generations came round again: entries of 255 calls ago
 * would then pass for this call's. */
static inline int tt_new_generation(search_tt *t)
{
    int wrapped = t->gen == UINT8_MAX;
    t->gen = (uint8_t)(wrapped ? 1 : t->gen + 1);
    return wrapped;
}

#endif /* TTT_TT_H */
