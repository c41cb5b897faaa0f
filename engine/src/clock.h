/*
 * clock.h - a monotonic microsecond clock for the AI's deadlines and the
 * default seed. Private to the engine.
 */
#ifndef TTT_CLOCK_H
#define TTT_CLOCK_H

#include <stdint.h>

/* Microseconds since an arbitrary fixed point; never goes backwards. Only
 * differences between two calls mean anything. Thread safe. */
uint64_t clock_now_us(void);

#endif /* TTT_CLOCK_H */
