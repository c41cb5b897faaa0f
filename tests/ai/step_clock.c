/*
 * step_clock.c - the engine's clock for tests, moving only when it is read
 * (see step_clock.h).
 */
#include "step_clock.h"

#include <stdatomic.h>

/* The engine's declarations (engine/support/support_clock.h): both defined
 * here, so that the engine's clock file is never linked in (defining one
 * of the two would not do: the file would come in for the other, and with
 * it a second definition). */
uint64_t ttt__clock_us(void);
uint64_t ttt__thread_cpu_us(void);

static atomic_uint_fast64_t readings;

uint64_t ttt__clock_us(void)
{
    /* Starts one step past 0: a clock at 0 is no time at all. */
    return (uint64_t)(atomic_fetch_add(&readings, 1) + 1) * STEP_CLOCK_US;
}

/* The thread's CPU time (the engine's deadlines counted in CPU time): the
 * same steps, since only the work done counts here too. */
uint64_t ttt__thread_cpu_us(void)
{
    return ttt__clock_us();
}

uint64_t step_clock_readings(void)
{
    return (uint64_t)atomic_load(&readings);
}
