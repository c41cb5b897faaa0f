/*
 * rng.h - the programs' random-number generator (ttt, tictactoe, the bench
 * programs and the tests): SplitMix64 (Steele, Lea and Flood, 2014), one
 * 64-bit word of state kept in the caller's memory. The engine's own
 * generator, from the support library (engine/support/support_rng.h),
 * under the programs' names: tests/ai replays the engine's mistake coins
 * with it.
 *
 * Not for cryptography. Functions keep no global state and are thread
 * safe on distinct generators.
 */
#ifndef GAME_RNG_H
#define GAME_RNG_H

#include <stdint.h>

#include "support_rng.h"

/** The whole state of a generator; any value is valid. */
typedef rng_state game_rng;

/** A generator started from `seed`: equal seeds give equal sequences,
 *  nearby seeds unrelated ones. */
game_rng game_rng_seeded(uint64_t seed);

/** The next 64 random bits; advances the generator by one step. */
static inline uint64_t game_rng_next(game_rng *rng)
{
    return rng_next(rng);
}

/** A uniform integer in [0, n) (0 for n below 1); one step; the bias is
 *  below 2^-32. */
static inline int game_rng_below(game_rng *rng, int n)
{
    return rng_below(rng, n);
}

/** True with probability p (never for p <= 0, always for p >= 1); one step. */
static inline int game_rng_chance(game_rng *rng, double p)
{
    return rng_chance(rng, p);
}

/** A seed that differs from run to run (and call to call): the monotonic
 *  clock, mixed. For a program that wants variety where the player gave
 *  no seed; the engine itself never seeds from the clock. */
uint64_t game_seed_from_clock(void);

#endif /* GAME_RNG_H */
