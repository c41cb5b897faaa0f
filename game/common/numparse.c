/*
 * numparse.c - the checked number parser shared by the programs; see
 * numparse.h.
 */
#include "numparse.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

/* strtol and friends skip leading blanks and accept an empty tail; the
 * whole text must be the number here. */
static int starts_like_number(const char *text, int allow_sign)
{
    unsigned char c = (unsigned char)text[0];
    if (isdigit(c)) return 1;
    if (allow_sign && (c == '-' || c == '+'))
        return isdigit((unsigned char)text[1]) || text[1] == '.';
    return allow_sign == 2 && c == '.';
}

numparse_result numparse_long(const char *text, long lo, long hi, long *out)
{
    if (!text || !starts_like_number(text, 1)) return NUMPARSE_NOT_NUMBER;
    char *end = NULL;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end != '\0') return NUMPARSE_NOT_NUMBER;
    if (errno == ERANGE || v < lo || v > hi) return NUMPARSE_RANGE;
    *out = v;
    return NUMPARSE_OK;
}

numparse_result numparse_int(const char *text, int lo, int hi, int *out)
{
    long v = 0;
    numparse_result r = numparse_long(text, lo, hi, &v);
    if (r == NUMPARSE_OK) *out = (int)v;
    return r;
}

numparse_result numparse_u64(const char *text, uint64_t *out)
{
    /* strtoull would quietly negate "-1": digits only. */
    if (!text || !starts_like_number(text, 0)) return NUMPARSE_NOT_NUMBER;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end != '\0') return NUMPARSE_NOT_NUMBER;
    if (errno == ERANGE
#if ULLONG_MAX > UINT64_MAX
        || v > UINT64_MAX
#endif
    )
        return NUMPARSE_RANGE;
    *out = (uint64_t)v;
    return NUMPARSE_OK;
}

numparse_result numparse_double(const char *text, double lo, double hi, double *out)
{
    /* Only digits, a sign or a point may start it: no blanks, and no
     * "inf", "nan" or hexadecimal spelled out by strtod. */
    if (!text || !starts_like_number(text, 2)) return NUMPARSE_NOT_NUMBER;
    for (const char *c = text; *c; c++)
        if (*c == 'x' || *c == 'X') return NUMPARSE_NOT_NUMBER;
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end != '\0') return NUMPARSE_NOT_NUMBER;
    /* Finite, said without isfinite(): MinGW-w64's macro passes a double
     * through a float branch, which -Wfloat-conversion rejects. */
    bool finite = v > -HUGE_VAL && v < HUGE_VAL;
    if (errno == ERANGE || !finite || !(v >= lo && v <= hi)) return NUMPARSE_RANGE;
    *out = v;
    return NUMPARSE_OK;
}
