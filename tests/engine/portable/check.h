/*
 * check.h - the portable tests' whole framework: CHECK(cond) and
 * CHECK_EQ(a, b) report the failing line and count it, and main() returns
 * check_status(). Not a cmocka replacement: these programs exist so the
 * engine is tested where cmocka is not available (MinGW under Wine), and
 * they need nothing but stdio.
 */
#ifndef TTT_TESTS_CHECK_H
#define TTT_TESTS_CHECK_H

#include <stdio.h>

/* Failures so far in this program. One per translation unit: each portable
 * test is a single file. */
static int check_failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            check_failures++;                                                                      \
        }                                                                                          \
    } while (0)

/* For integers and enums: prints both values. */
#define CHECK_EQ(a, b)                                                                             \
    do {                                                                                           \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                            \
        if (check_a_ != check_b_) {                                                                \
            fprintf(stderr, "%s:%d: check failed: %s == %s (%lld != %lld)\n", __FILE__, __LINE__,  \
                    #a, #b, check_a_, check_b_);                                                   \
            check_failures++;                                                                      \
        }                                                                                          \
    } while (0)

/* A message naming what failed, for checks with their own description. */
#define CHECK_MSG(cond, msg)                                                                       \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, (msg));                             \
            check_failures++;                                                                      \
        }                                                                                          \
    } while (0)

/* main()'s return value: prints a one-line verdict. */
static inline int check_status(const char *name)
{
    if (check_failures) {
        fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
        return 1;
    }
    printf("%s: all checks passed\n", name);
    return 0;
}

#endif /* TTT_TESTS_CHECK_H */
