/*
 * step_clock.h - a clock for tests that moves only when it is read: linked
 * into a test program (tests/ai/step_clock.c), it replaces the engine's
 * clocks (ttt__clock_us() and ttt__thread_cpu_us(), engine/support/
 * support_clock.h), and every reading advances
 * it by STEP_CLOCK_US microseconds. The engine reads its clock every few
 * dozen nodes of a search (every 128 nodes of alpha-beta, every 16 of the
 * proof-number search) and at each phase's start, so a search's deadline
 * becomes a budget of work: the same search gives the same move after the
 * same nodes on any machine, at any load, under any sanitizer, and the
 * deadline's whole logic (each phase's share of it, a threat level begun
 * only when it can finish) runs as it does in the game.
 *
 * It works because the test links the engine's static library, where the
 * clocks are an object file of their own (support_clock.c): a program
 * that defines both functions itself never pulls that file in. A test should check
 * step_clock_readings() after a search, so that a build where the engine's
 * clock is used after all (a shared library, a renamed function) fails
 * instead of quietly measuring wall-clock time again.
 */
#ifndef TESTS_STEP_CLOCK_H
#define TESTS_STEP_CLOCK_H

#include <stdint.h>

/** Microseconds each reading of the clock adds. On the 2-core development
 *  machine an 8x8 search reads the engine's clock about 10 times per
 *  millisecond of CPU time, so a deadline of D ms is about the work such a
 *  search does in D ms of CPU there. */
#define STEP_CLOCK_US 100u

/** How many times the engine has read the clock in this process. */
uint64_t step_clock_readings(void);

#endif /* TESTS_STEP_CLOCK_H */
