/*
 * bitboard.h - the bit helpers every engine module uses on its 64-bit
 * boards (see game_internal.h for the square numbering). Private to the
 * engine; static inline, so they add no symbols to the library.
 */
#ifndef TTT_BITBOARD_H
#define TTT_BITBOARD_H

#include <stdint.h>

/* The bit of square `sq` (0..63). */
static inline uint64_t bb_bit(int sq)
{
    return (uint64_t)1 << sq;
}

/* Number of squares set. */
static inline int bb_count(uint64_t b)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(b);
#else
    int n = 0;
    for (; b; b &= b - 1)
        n++;
    return n;
#endif
}

/* Index of the lowest square set; b must not be 0. */
static inline int bb_lowest(uint64_t b)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(b);
#else
    int i = 0;
    while (!(b & 1)) {
        b >>= 1;
        i++;
    }
    return i;
#endif
}

#endif /* TTT_BITBOARD_H */
