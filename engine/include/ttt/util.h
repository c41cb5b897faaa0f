/**
 * @file util.h
 * @brief The engine's random-number generator and monotonic clock, shared
 *        with programs so that they need no copies of their own.
 *
 * The AI draws every random choice from a ::ttt_rng seeded from
 * ttt_ai_options::seed, and measures deadlines with ttt_clock_us(). A
 * front-end that needs random numbers (a random side, random test games)
 * or wants to time against the same clock uses these.
 *
 * @code
 * ttt_rng rng = ttt_rng_seeded(42);
 * int square = ttt_rng_below(&rng, 9);   // 0..8, the same for the same seed
 * @endcode
 */
#ifndef TTT_UTIL_H
#define TTT_UTIL_H

#include <stdint.h>

#include "ttt/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief A seeded random-number generator (SplitMix64): one 64-bit word of
 *        state, so it is a plain value that can be copied and stored.
 *
 * Not for cryptography. Each ::ttt_rng belongs to whoever holds it; the
 * functions keep no global state and are thread safe on distinct
 * generators.
 */
typedef struct ttt_rng {
    uint64_t state; /**< The whole state; any value is valid. */
} ttt_rng;

/**
 * @brief A generator started from @p seed. Equal seeds give equal sequences;
 *        nearby seeds give unrelated ones.
 * @param seed  Any value.
 * @return The generator.
 */
TTT_API ttt_rng ttt_rng_seeded(uint64_t seed);

/**
 * @brief The next 64 random bits.
 * @param rng  The generator (not NULL); advanced by one step.
 * @return A uniformly distributed 64-bit value.
 */
TTT_API uint64_t ttt_rng_next(ttt_rng *rng);

/**
 * @brief A uniform integer in [0, @p n).
 * @param rng  The generator (not NULL); advanced by one step.
 * @param n    The bound, at least 1 (a smaller @p n gives 0).
 * @return The integer; the bias is below 2^-32.
 */
TTT_API int ttt_rng_below(ttt_rng *rng, int n);

/**
 * @brief True with probability @p p.
 * @param rng  The generator (not NULL); advanced by one step.
 * @param p    The probability: 0 (or less) is never, 1 (or more) is always.
 * @return Non-zero with probability @p p.
 */
TTT_API int ttt_rng_chance(ttt_rng *rng, double p);

/**
 * @brief Microseconds on a monotonic clock, the one the AI's deadlines are
 *        measured with (clock_gettime(CLOCK_MONOTONIC) on POSIX,
 *        QueryPerformanceCounter on Windows).
 *
 * Only differences between two readings mean anything; the clock never goes
 * backwards, and system time changes do not move it.
 * @return Microseconds since an arbitrary fixed point. Thread safe.
 */
TTT_API uint64_t ttt_clock_us(void);

#ifdef __cplusplus
}
#endif

#endif /* TTT_UTIL_H */
