/*
 * pn_table.h - the proof-number search's table (pn_table.c): for each
 * position it has searched, its proof and disproof numbers and the move
 * that settles it. Beside the transposition table in the table layer, kept
 * in a ttt_ai_context from call to call (its facts hold for the board
 * whoever asks). Private to the engine.
 *
 * Entries are 24 bytes, four to a bucket. A table of 336 KB and more also
 * holds the pairing search's cache (pairing.h), 1/16 of its size or less. A number of 0 is settled:
 * proof number 0, the attacker wins; disproof number 0, it never does. Replacement keeps the
 * entries with the most work below them.
 */
#ifndef TTT_PN_TABLE_H
#define TTT_PN_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "ttt/common.h"

/* Proof and disproof numbers: 0 is proven (disproven), PN_INF the other. */
#define PN_INF 0x3FFFFFFFu
/* Entries per bucket. */
#define PN_BUCKET 4
/* No move stored. */
#define PN_NO_MOVE 255

typedef struct pn_entry {
    uint64_t key;
    uint32_t pn, dn;
    uint32_t work; /* nodes searched below it, saturating: what replacement weighs */
    uint8_t move;  /* the move that proves (attacker) or disproves (defender), in the
                      key's symmetry frame, or PN_NO_MOVE */
    uint8_t used;  /* 0: an empty slot */
    uint8_t spare[2];
} pn_entry;

typedef struct pn_table {
    pn_entry *entries; /* NULL: no table */
    uint64_t bucket_mask;
    size_t bytes; /* allocated: the entries, then the pairing cache */
    /* The pairing search's cache of run patterns (pairing.h), in the same
     * allocation after the entries, at most 1/16 of their size; NULL with
     * no table or a table too small for one. */
    struct pair_cache *pairs;
    int pair_bits; /* its entries, log2 */
} pn_table;

/* The entry of `key`, or NULL. */
pn_entry *ttt__pn_find(const pn_table *t, uint64_t key);

/* Stores the numbers of `key`, and `move` unless it is negative (an entry
 * of the same key keeps its move then, and the larger work). */
void ttt__pn_store(pn_table *t, uint64_t key, uint32_t pn, uint32_t dn, uint32_t work, int move);

/* Allocates 2^bits buckets (emptied) from `a`, freeing the old table;
 * keeps the old table on failure. Returns 0 on success. */
int ttt__pn_alloc(pn_table *t, const ttt_allocator *a, int bucket_bits);

/* Empties the table. */
void ttt__pn_clear(pn_table *t);

/* Frees the table (to `a`, which allocated it). */
void ttt__pn_free(pn_table *t, const ttt_allocator *a);

/* Bytes of a table of 2^bits buckets (its entries). */
static inline size_t pn_table_bytes(int bucket_bits)
{
    return ((size_t)1 << bucket_bits) * PN_BUCKET * sizeof(pn_entry);
}

#endif /* TTT_PN_TABLE_H */
