/*
 * alloc.h - every allocation the engine makes goes through here, to the
 * caller's ttt_allocator or to the C library's malloc() and free(). A
 * leaf: it calls nothing of the engine's. Private to the engine.
 */
#ifndef TTT_ALLOC_H
#define TTT_ALLOC_H

#include <stddef.h>

#include "ttt/common.h"

/* Whether `alloc` can be used: NULL (the C library), or one with both
 * required functions. */
int ttt__alloc_valid(const ttt_allocator *alloc);

/* The allocator an object keeps: a copy of `alloc`, or the C library's
 * for NULL. `alloc` must be valid. */
ttt_allocator ttt__alloc_copy(const ttt_allocator *alloc);

/* `size` bytes, or NULL. */
void *ttt__alloc(const ttt_allocator *a, size_t size);

/* `size` bytes, all zero, or NULL. With the C library's allocator this is
 * calloc(), whose large blocks come as fresh pages the system zeroes only
 * when they are first touched: a 16 MB transposition table then costs the
 * pages a search uses, not a 16 MB memset. Another allocator's block is
 * cleared here. */
void *ttt__alloc_zeroed(const ttt_allocator *a, size_t size);

/* Releases a block of `size` bytes from ttt__alloc() or
 * ttt__alloc_zeroed(); NULL is ignored. */
void ttt__free(const ttt_allocator *a, void *ptr, size_t size);

#endif /* TTT_ALLOC_H */
