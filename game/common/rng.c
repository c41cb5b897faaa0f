/* rng.c - the programs' seeding of the SplitMix64 generator (rng.h). */
#include "rng.h"

#include "clock.h"

game_rng game_rng_seeded(uint64_t seed)
{
    /* One step first, so that seeds 0, 1, 2 ... start far apart. */
    game_rng r = {seed};
    r.state = game_rng_next(&r);
    return r;
}

uint64_t game_seed_from_clock(void)
{
    game_rng r = {game_clock_us()};
    return game_rng_next(&r);
}
