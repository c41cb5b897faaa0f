/*
 * support_clock.h - the one monotonic clock of the engine (its deadlines)
 * and the programs (game/common/clock.h wraps it as game_clock_us()).
 * Part of the support library (engine/support/CMakeLists.txt): compiled
 * into the engine and linked by the programs, never in the public API.
 * A leaf: it calls nothing of the engine's.
 */
#ifndef TTT_SUPPORT_CLOCK_H
#define TTT_SUPPORT_CLOCK_H

#include <stdint.h>

/* Microseconds since an arbitrary fixed point on a clock that never goes
 * backwards and that setting the system time does not move. Only
 * differences mean anything. Thread safe. */
uint64_t ttt__clock_us(void);

/* Microseconds of CPU time the calling thread has used (0 where the
 * system cannot tell). Only differences mean anything. For the engine's
 * benchmark and tests (a deadline counted in the search's own CPU time,
 * which other processes on a busy machine do not eat into). */
uint64_t ttt__thread_cpu_us(void);

#endif /* TTT_SUPPORT_CLOCK_H */
