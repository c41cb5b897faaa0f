/*
 * support_clock.c - the monotonic clock of the engine and the programs
 * (support_clock.h): clock_gettime on POSIX,
 * QueryPerformanceCounter on Windows (MinGW and MSVC). A wall clock would
 * not do: it can jump when the system time is set.
 */
#if defined(_WIN32)
#include <windows.h>
#else
/* clock_gettime and CLOCK_MONOTONIC are POSIX, hidden by a strict -std=c11. */
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 199309L
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 199309L
#endif
#include <time.h>
#endif

#include "support_clock.h"

#define US_PER_S 1000000u
#define NS_PER_US 1000u

#if defined(_WIN32)

uint64_t ttt__clock_us(void)
{
    LARGE_INTEGER freq, now;
    /* Both calls always succeed on Windows XP and later. The frequency is
     * fixed at boot; asking each time keeps this module free of state. */
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&now);
    uint64_t ticks = (uint64_t)now.QuadPart, hz = (uint64_t)freq.QuadPart;
    /* Split to avoid overflowing ticks * 1e6 on long uptimes. */
    return ticks / hz * US_PER_S + ticks % hz * US_PER_S / hz;
}

uint64_t ttt__thread_cpu_us(void)
{
    FILETIME created, exited, kernel, user;
    if (!GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user)) return 0;
    uint64_t k = ((uint64_t)kernel.dwHighDateTime << 32) | kernel.dwLowDateTime;
    uint64_t u = ((uint64_t)user.dwHighDateTime << 32) | user.dwLowDateTime;
    return (k + u) / 10u; /* 100 ns units */
}

#else

uint64_t ttt__clock_us(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0;
    return (uint64_t)ts.tv_sec * US_PER_S + (uint64_t)ts.tv_nsec / NS_PER_US;
}

uint64_t ttt__thread_cpu_us(void)
{
#if defined(CLOCK_THREAD_CPUTIME_ID)
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
    return (uint64_t)ts.tv_sec * US_PER_S + (uint64_t)ts.tv_nsec / NS_PER_US;
#else
    return 0;
#endif
}

#endif
