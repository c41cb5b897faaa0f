/*
 * support_rng.h - the one random-number generator of the engine and the
 * programs, SplitMix64 (Steele, Lea and Flood, 2014): a tiny, well-mixed
 * generator whose whole state is one word, kept in the caller's own memory
 * (no global generator). Every random choice of the AI (a pick among equal
 * moves, a mistake) comes from one of these, seeded from
 * ttt_ai_options::seed; the programs use the same functions through
 * game/common/rng.h, which tests/ai relies on to replay the mistake
 * model's coins. Part of the support library, never in the public API;
 * static inline, so it adds no symbol to the engine.
 */
#ifndef TTT_SUPPORT_RNG_H
#define TTT_SUPPORT_RNG_H

#include <stdint.h>

/* The whole state; any value is valid. */
typedef struct rng_state {
    uint64_t state;
} rng_state;

/* The golden-ratio increment of SplitMix64, also a good odd multiplier for
 * mixing keys. */
#define RNG_GOLDEN UINT64_C(0x9E3779B97F4A7C15)

static inline uint64_t rng_next(rng_state *r)
{
    uint64_t z = (r->state += RNG_GOLDEN);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform integer in [0, n), n > 0 (multiply-shift: bias below 2^-32). */
static inline int rng_below(rng_state *r, int n)
{
    if (n <= 1) {
        (void)rng_next(r);
        return 0;
    }
    return (int)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* True with probability p: exactly never for p <= 0, always for p >= 1. */
static inline int rng_chance(rng_state *r, double p)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53 < p;
}

#endif /* TTT_SUPPORT_RNG_H */
