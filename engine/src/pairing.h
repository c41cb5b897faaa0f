/*
 * pairing.h - pairing strategies (pairing.c): a proof that the defender
 * can keep a side from ever completing a line, and the strategy itself
 * (which square answers which). Part of the knowledge layer: it reads the
 * incremental position (position.h) and calls nothing above it. Private to
 * the engine.
 *
 * A pairing strategy against side a is a set of disjoint pairs of empty
 * squares such that every line a can still complete (no mark of the
 * defender on it) holds both squares of one pair. The defender answers
 * each mark of a on a paired square with a mark on its partner (anything
 * when a plays elsewhere), so every such line keeps a defender's mark.
 */
#ifndef TTT_PAIRING_H
#define TTT_PAIRING_H

#include <stddef.h>
#include <stdint.h>

#include "position.h"

/* No partner: the square is in no pair. */
#define PAIRING_NONE 255

/* A cache of the search's per-run patterns (a pure function of a run's
 * length, free squares and windows to block), so that a run seen before
 * costs a look-up, not a new enumeration: 2^bits entries of 328 bytes,
 * direct-mapped. The proof-number table keeps one after its entries
 * (pn_table.h). It changes nothing that the search finds, only its cost.
 * One search at a time may use a cache. */
typedef struct pair_cache pair_cache;

/* Entries of the largest and the smallest cache, log2. */
#define PAIR_CACHE_MAX_BITS 10
#define PAIR_CACHE_MIN_BITS 6

/* Bytes of a pair_cache of 2^bits entries. */
size_t ttt__pair_cache_bytes(int bits);

/* The entries (log2) of the largest cache within `budget` bytes, at most
 * 2^PAIR_CACHE_MAX_BITS; -1 when not even 2^PAIR_CACHE_MIN_BITS fit. */
int ttt__pair_cache_bits(size_t budget);

/* Makes `cache` (ttt__pair_cache_bytes(bits) bytes) an empty cache. */
void ttt__pair_cache_init(pair_cache *cache, int bits);

/* Whether the defender of side a has a pairing strategy against every line
 * of a that holds at least `min_count` of a's marks (fewer cannot be
 * finished in the moves a has left), none of the defender's and none of
 * the squares in `blocked` (squares the defender is about to take: the
 * block of a single threat). Gives up after `budget` steps of its search
 * (a "no" then only means none was found). With `partner` non-NULL, fills
 * it on success: partner[sq] is the square paired with sq, or
 * PAIRING_NONE. `cache` may be NULL (no cache). */
int ttt__pairing_find(const search_pos *p, int a, int min_count, uint64_t blocked, int budget,
                      uint8_t *partner, pair_cache *cache);

#endif /* TTT_PAIRING_H */
