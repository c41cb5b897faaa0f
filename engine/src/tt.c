/*
 * tt.c - allocation and the replacement scheme of the transposition table
 * (see tt.h).
 */
#include <string.h>

#include "alloc.h"
#include "tt.h"

#define BUCKET_BYTES (TT_BUCKET * sizeof(search_tt_entry))

int ttt__tt_alloc(search_tt *t, const ttt_allocator *a, int bucket_bits)
{
    /* Zeroed through calloc() where it can be (see ttt__alloc_zeroed): the
     * system hands out zeroed pages lazily, so a large table costs only the
     * pages a search touches. One extra bucket for the alignment. */
    size_t bytes = tt_bytes(bucket_bits) + BUCKET_BYTES;
    void *block = ttt__alloc_zeroed(a, bytes);
    if (!block) return -1;
    ttt__free(a, t->block, t->block_bytes);
    uintptr_t at = (uintptr_t)block;
    at = (at + BUCKET_BYTES - 1) & ~(uintptr_t)(BUCKET_BYTES - 1);
    t->block = block;
    t->block_bytes = bytes;
    t->entries = (search_tt_entry *)at;
    t->bucket_mask = ((uint64_t)1 << bucket_bits) - 1;
    return 0;
}

void ttt__tt_clear(search_tt *t)
{
    if (t->entries) memset(t->entries, 0, (size_t)(t->bucket_mask + 1) * BUCKET_BYTES);
}

void ttt__tt_free(search_tt *t, const ttt_allocator *a)
{
    ttt__free(a, t->block, t->block_bytes);
    t->block = NULL;
    t->block_bytes = 0;
    t->entries = NULL;
    t->bucket_mask = 0;
}

/* What an entry is worth keeping: this call's before earlier calls', then
 * the more searched. */
static int worth(const search_tt *t, const search_tt_entry *e)
{
    return (e->gen == t->gen ? 256 : 0) + e->depth;
}

search_tt_entry *ttt__tt_slot(search_tt *t, uint64_t key)
{
    search_tt_entry *b = tt_bucket(t, key), *victim = NULL;
    for (int i = 0; i < TT_BUCKET; i++) {
        if (b[i].gen && b[i].key == key) return &b[i];
        if (!b[i].gen) {
            if (!victim || victim->gen) victim = &b[i];
        } else if (!victim || (victim->gen && worth(t, &b[i]) < worth(t, victim))) {
            victim = &b[i];
        }
    }
    memset(victim, 0, sizeof *victim);
    victim->key = key;
    victim->gen = t->gen;
    victim->move = TT_NO_MOVE;
    return victim;
}
