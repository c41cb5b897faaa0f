/*
 * step_clock.c - the engine's clock for tests, moving only when it is read
 * (see step_clock.h).
 */
#include "step_clock.h"

#include <stdatomic.h>

/* The engine's declaration (engine/src/clock.h): defined here, it stands in
 * for the engine's own. */
uint64_t ttt__clock_us(void);

static atomic_uint_fast64_t readings;

uint64_t ttt__clock_us(void)
{
    /* Starts one step past 0: a clock at 0 is no time at all. */
    return (uint64_t)(atomic_fetch_add(&readings, 1) + 1) * STEP_CLOCK_US;
}

uint64_t step_clock_readings(void)
{
    return (uint64_t)atomic_load(&readings);
}
