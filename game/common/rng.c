/* rng.c - the programs' SplitMix64 generator (see rng.h). */
#include "rng.h"

#include "clock.h"

/* The golden-ratio increment of SplitMix64. */
#define RNG_GOLDEN UINT64_C(0x9E3779B97F4A7C15)

game_rng game_rng_seeded(uint64_t seed)
{
    /* One step first, so that seeds 0, 1, 2 ... start far apart. */
    game_rng r = {seed};
    r.state = game_rng_next(&r);
    return r;
}

uint64_t game_rng_next(game_rng *rng)
{
    uint64_t z = (rng->state += RNG_GOLDEN);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

int game_rng_below(game_rng *rng, int n)
{
    if (n <= 1) {
        (void)game_rng_next(rng);
        return 0;
    }
    return (int)(((game_rng_next(rng) >> 32) * (uint64_t)n) >> 32);
}

int game_rng_chance(game_rng *rng, double p)
{
    return (double)(game_rng_next(rng) >> 11) * 0x1.0p-53 < p;
}

uint64_t game_seed_from_clock(void)
{
    game_rng r = {game_clock_us()};
    return game_rng_next(&r);
}
