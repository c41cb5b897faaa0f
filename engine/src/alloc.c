/*
 * alloc.c - the engine's allocations (see alloc.h): the caller's
 * ttt_allocator, or the C library's behind the same three functions.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

static void *libc_malloc(void *user, size_t size)
{
    (void)user;
    return malloc(size);
}

static void libc_free(void *user, void *ptr, size_t size)
{
    (void)user;
    (void)size;
    free(ptr);
}

static const ttt_allocator LIBC = {libc_malloc, libc_free, NULL};

int ttt__alloc_valid(const ttt_allocator *alloc)
{
    return !alloc || (alloc->malloc_fn && alloc->free_fn);
}

ttt_allocator ttt__alloc_copy(const ttt_allocator *alloc)
{
    return alloc ? *alloc : LIBC;
}

void *ttt__alloc(const ttt_allocator *a, size_t size)
{
    return a->malloc_fn(a->user, size ? size : 1);
}

void *ttt__alloc_zeroed(const ttt_allocator *a, size_t size)
{
    if (a->malloc_fn == libc_malloc) return calloc(1, size ? size : 1);
    void *p = ttt__alloc(a, size);
    if (p) memset(p, 0, size);
    return p;
}

void ttt__free(const ttt_allocator *a, void *ptr, size_t size)
{
    if (ptr) a->free_fn(a->user, ptr, size ? size : 1);
}
