/*
 * api_check.h - how the engine checks a caller's preconditions, in the
 * manner of Lua's api_check: a broken promise (a NULL game passed to a
 * query) fails an assert() in a build without NDEBUG, and in a build with
 * NDEBUG makes the call return the neutral value the header documents,
 * never crash. Private to the engine.
 */
#ifndef TTT_API_CHECK_H
#define TTT_API_CHECK_H

#include <assert.h>

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

#endif /* TTT_API_CHECK_H */
