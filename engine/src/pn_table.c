/*
 * pn_table.c - the proof-number search's table: allocation, lookup and
 * replacement (see pn_table.h).
 */
#include <string.h>

#include "alloc.h"
#include "pairing.h"
#include "pn_table.h"

static pn_entry *bucket(const pn_table *t, uint64_t key)
{
    uint64_t h = key * UINT64_C(0x9E3779B97F4A7C15);
    h ^= h >> 29;
    return &t->entries[(h & t->bucket_mask) * PN_BUCKET];
}

pn_entry *ttt__pn_find(const pn_table *t, uint64_t key)
{
    pn_entry *e = bucket(t, key);
    for (int i = 0; i < PN_BUCKET; i++)
        if (e[i].used && e[i].key == key) return &e[i];
    return NULL;
}

void ttt__pn_store(pn_table *t, uint64_t key, uint32_t pn, uint32_t dn, uint32_t work, int move)
{
    pn_entry *b = bucket(t, key), *victim = NULL;
    for (int i = 0; i < PN_BUCKET; i++) {
        if (b[i].used && b[i].key == key) { /* an update keeps what it does not know */
            b[i].pn = pn;
            b[i].dn = dn;
            if (work > b[i].work) b[i].work = work;
            if (move >= 0) b[i].move = (uint8_t)move;
            return;
        }
        if (!b[i].used) {
            if (!victim || victim->used) victim = &b[i];
        } else if (!victim || (victim->used && b[i].work < victim->work)) {
            victim = &b[i];
        }
    }
    victim->key = key;
    victim->pn = pn;
    victim->dn = dn;
    victim->work = work;
    victim->move = (uint8_t)(move < 0 ? PN_NO_MOVE : move);
    victim->used = 1;
}

int ttt__pn_alloc(pn_table *t, const ttt_allocator *a, int bucket_bits)
{
    size_t entries = pn_table_bytes(bucket_bits), bytes = entries;
    int pair_bits = ttt__pair_cache_bits(entries / 16);
    if (pair_bits >= 0) bytes += ttt__pair_cache_bytes(pair_bits);
    pn_entry *e = ttt__alloc_zeroed(a, bytes);
    if (!e) return -1;
    ttt__free(a, t->entries, t->bytes);
    t->entries = e;
    t->bytes = bytes;
    t->pairs = pair_bits >= 0 ? (pair_cache *)((char *)e + entries) : NULL;
    t->pair_bits = pair_bits;
    if (t->pairs) ttt__pair_cache_init(t->pairs, pair_bits);
    t->bucket_mask = ((uint64_t)1 << bucket_bits) - 1;
    return 0;
}

void ttt__pn_clear(pn_table *t)
{
    if (t->entries) memset(t->entries, 0, t->bytes);
    if (t->pairs) ttt__pair_cache_init(t->pairs, t->pair_bits);
}

void ttt__pn_free(pn_table *t, const ttt_allocator *a)
{
    ttt__free(a, t->entries, t->bytes);
    t->entries = NULL;
    t->pairs = NULL;
    t->bytes = 0;
    t->bucket_mask = 0;
}
