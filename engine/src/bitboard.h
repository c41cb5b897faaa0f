/*
 * bitboard.h - the bit helpers every engine module uses on its 64-bit
 * boards (see game_internal.h for the square numbering). Private to the
 * engine; static inline, so they add no symbols to the library.
 *
 * Population count: the search keeps its counts per line up to date move
 * by move (board.h), so bb_count() is off its hottest path, but threat
 * squares, moves left and the simple agents still count bits. Where the
 * compiler may emit the CPU's POPCNT instruction (x86 built with -mpopcnt
 * or -march=... that has it, ARM64, POWER) the builtin is one instruction.
 * On baseline x86-64, GCC and clang turn __builtin_popcountll into a call
 * to libgcc's generic routine, so there the code that counts a lot is
 * compiled a second time for CPUs with POPCNT and chosen at run time
 * (BB_HAVE_TARGET_POPCNT, bb_cpu_has_popcnt(); see threat.c); everywhere
 * else, MSVC and MinGW included, the branch-free SWAR count below is used,
 * which is as fast as libgcc's and needs nothing from the CPU.
 */
#ifndef TTT_BITBOARD_H
#define TTT_BITBOARD_H

#include <stdint.h>

/* The bit of square `sq` (0..63). */
static inline uint64_t bb_bit(int sq)
{
    return (uint64_t)1 << sq;
}

/* Portable population count (the "SWAR" sum of bit fields; Hacker's
 * Delight 5-1). Twelve operations, no table, no branch. */
static inline int bb_count_portable(uint64_t b)
{
    b = b - ((b >> 1) & UINT64_C(0x5555555555555555));
    b = (b & UINT64_C(0x3333333333333333)) + ((b >> 2) & UINT64_C(0x3333333333333333));
    b = (b + (b >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((b * UINT64_C(0x0101010101010101)) >> 56);
}

/* Whether the compiler can emit a POPCNT instruction for this translation
 * unit without being told the CPU has one. */
#if defined(__POPCNT__) || defined(__aarch64__) || defined(__powerpc64__) ||                       \
    (defined(__ARM_NEON) && defined(__GNUC__))
#define BB_NATIVE_POPCNT 1
#else
#define BB_NATIVE_POPCNT 0
#endif

/* Whether functions may be compiled for a POPCNT-capable x86 CPU with
 * __attribute__((target("popcnt"))) and chosen at run time. */
#if !BB_NATIVE_POPCNT && (defined(__GNUC__) || defined(__clang__)) &&                              \
    (defined(__x86_64__) || defined(__i386__))
#define BB_HAVE_TARGET_POPCNT 1
#else
#define BB_HAVE_TARGET_POPCNT 0
#endif

/* Number of squares set. */
static inline int bb_count(uint64_t b)
{
#if BB_NATIVE_POPCNT
    return __builtin_popcountll(b);
#else
    return bb_count_portable(b);
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

/* Whether the CPU running this has the POPCNT instruction (x86 only; the
 * answer is only asked where BB_HAVE_TARGET_POPCNT is 1). */
static inline int bb_cpu_has_popcnt(void)
{
#if BB_HAVE_TARGET_POPCNT
    return __builtin_cpu_supports("popcnt");
#else
    return BB_NATIVE_POPCNT;
#endif
}

#endif /* TTT_BITBOARD_H */
