/*
 * cancel.c - the cancel token (ttt/ai.h): one lock-free atomic flag that any
 * thread, or a signal handler, sets and the search polls. A leaf: the
 * searches call ttt_cancel_requested() and nothing here calls back.
 */
#include <stdatomic.h>

#include "alloc.h"
#include "api_check.h"
#include "ttt/ai.h"

/* A lock-free atomic store is async-signal-safe; a SIGINT handler may
 * request a stop (ttt/ai.h promises it). */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "cancel tokens need a lock-free atomic int");

struct ttt_cancel {
    atomic_int requested;
    ttt_allocator alloc; /* what it was made with, and is freed with */
};

ttt_cancel *ttt_cancel_new(const ttt_allocator *alloc)
{
    if (!ttt__alloc_valid(alloc)) return NULL;
    ttt_allocator a = ttt__alloc_copy(alloc);
    ttt_cancel *c = ttt__alloc(&a, sizeof *c);
    if (!c) return NULL;
    atomic_init(&c->requested, 0);
    c->alloc = a;
    return c;
}

void ttt_cancel_free(ttt_cancel *cancel)
{
    if (!cancel) return;
    ttt_allocator a = cancel->alloc;
    ttt__free(&a, cancel, sizeof *cancel);
}

void ttt_cancel_request(ttt_cancel *cancel)
{
    TTT__API_CHECK_VOID(cancel != NULL);
    atomic_store_explicit(&cancel->requested, 1, memory_order_relaxed);
}

void ttt_cancel_reset(ttt_cancel *cancel)
{
    TTT__API_CHECK_VOID(cancel != NULL);
    atomic_store_explicit(&cancel->requested, 0, memory_order_relaxed);
}

bool ttt_cancel_requested(const ttt_cancel *cancel)
{
    TTT__API_CHECK(cancel != NULL, false);
    /* The search only polls: no other memory is published through the
     * token, so relaxed order is enough. */
    return atomic_load_explicit(&cancel->requested, memory_order_relaxed) != 0;
}
