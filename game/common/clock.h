/*
 * clock.h - the programs' monotonic clock (ttt, the bench programs, the
 * tests): microseconds that never go backwards and that setting the
 * system time does not move. The desktop game times with SDL's counter.
 */
#ifndef GAME_CLOCK_H
#define GAME_CLOCK_H

#include <stdint.h>

/** Microseconds since an arbitrary fixed point; only differences mean
 *  anything. Thread safe. */
uint64_t game_clock_us(void);

#endif /* GAME_CLOCK_H */
