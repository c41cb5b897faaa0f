/*
 * clock.h - the programs' monotonic clock (ttt, the bench programs, the
 * tests): microseconds that never go backwards and that setting the
 * system time does not move. The same clock as the engine's deadlines:
 * one implementation, in the support library (engine/support/), which
 * ttt_game_common links. The desktop game times with SDL's counter.
 */
#ifndef GAME_CLOCK_H
#define GAME_CLOCK_H

#include <stdint.h>

#include "support_clock.h"

/** Microseconds since an arbitrary fixed point; only differences mean
 *  anything. Thread safe. */
static inline uint64_t game_clock_us(void)
{
    return ttt__clock_us();
}

#endif /* GAME_CLOCK_H */
