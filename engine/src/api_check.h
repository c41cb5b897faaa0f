/*
 * api_check.h - how the engine checks what a caller hands it. Private to
 * the engine.
 *
 * Preconditions, in the manner of Lua's api_check: a broken promise (a
 * NULL game passed to a query) fails an assert() in a build without
 * NDEBUG, and in a build with NDEBUG makes the call return the neutral
 * value the header documents, never crash.
 *
 * Growable structs (options and results that start with `size_t size`,
 * see TTT_INIT() in ttt/common.h): the caller's struct may be older
 * (smaller) or newer (larger) than the engine's. The engine copies the
 * caller's options into a zeroed struct of its own, so fields the caller
 * does not know keep their defaults, and writes a result only as far as
 * the caller's size reaches.
 */
#ifndef TTT_API_CHECK_H
#define TTT_API_CHECK_H

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "ttt/common.h"

/* Checks `cond`; when it fails (with NDEBUG), returns `ret` from the
 * calling function. */
#define TTT__API_CHECK(cond, ret)                                                                  \
    do {                                                                                           \
        assert(cond);                                                                              \
        if (!(cond)) return ret;                                                                   \
    } while (0)

/* The same for a function returning nothing. */
#define TTT__API_CHECK_VOID(cond)                                                                  \
    do {                                                                                           \
        assert(cond);                                                                              \
        if (!(cond)) return;                                                                       \
    } while (0)

/* The size a growable struct's first field declares. */
static inline size_t api_struct_size(const void *s)
{
    size_t size;
    memcpy(&size, s, sizeof size);
    return size;
}

/*
 * Reads the caller's options `src` (NULL: all defaults) into `dst`, a
 * struct of `dst_size` bytes of the engine's own. `min_size` is the size
 * of the 1.0 struct: a smaller one was not set up with TTT_INIT(). A
 * caller's struct larger than ours comes from newer headers; what lies
 * beyond our fields must then be zero (defaults), or the caller asked for
 * options this library does not have.
 */
static inline ttt_status api_read_struct(void *dst, size_t dst_size, const void *src,
                                         size_t min_size)
{
    memset(dst, 0, dst_size);
    memcpy(dst, &dst_size, sizeof dst_size);
    if (!src) return TTT_OK;
    size_t have = api_struct_size(src);
    if (have < min_size) return TTT_ERR_STRUCT_SIZE;
    const unsigned char *bytes = (const unsigned char *)src;
    for (size_t i = dst_size; i < have; i++)
        if (bytes[i]) return TTT_ERR_STRUCT_SIZE;
    size_t n = have < dst_size ? have : dst_size;
    memcpy((unsigned char *)dst + sizeof have, bytes + sizeof have, n - sizeof have);
    return TTT_OK;
}

/* Whether a result struct the caller handed in is large enough to fill. */
static inline ttt_status api_check_result(const void *out, size_t min_size)
{
    return api_struct_size(out) < min_size ? TTT_ERR_STRUCT_SIZE : TTT_OK;
}

/* Writes the engine's result `src` (`src_size` bytes) into the caller's
 * `dst` as far as the caller's size reaches, keeping its size field; a
 * larger caller's struct keeps its zeroes beyond ours. */
static inline void api_write_struct(void *dst, const void *src, size_t src_size)
{
    size_t have = api_struct_size(dst);
    size_t n = have < src_size ? have : src_size;
    memcpy((unsigned char *)dst + sizeof have, (const unsigned char *)src + sizeof have,
           n - sizeof have);
}

#endif /* TTT_API_CHECK_H */
