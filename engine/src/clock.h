/*
 * clock.h - the monotonic clock the AI's deadlines are measured with.
 * Private to the engine (a leaf: it calls nothing of the engine's); the
 * programs have their own (game/common/clock.h).
 */
#ifndef TTT_CLOCK_H
#define TTT_CLOCK_H

#include <stdint.h>

/* Microseconds since an arbitrary fixed point on a clock that never goes
 * backwards and that setting the system time does not move. Only
 * differences mean anything. Thread safe. */
uint64_t ttt__clock_us(void);

#endif /* TTT_CLOCK_H */
