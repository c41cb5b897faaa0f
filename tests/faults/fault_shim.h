/*
 * fault_shim.h - fault injection for the tests in tests/faults/, in the
 * style of SQLite's malloc and I/O failure tests: fail the Nth allocation,
 * or the Nth call of one I/O function, and see that the program still keeps
 * its promises.
 *
 * Linux only: the programs under test are linked again with the linker's
 * --wrap for each function named here (see CMakeLists.txt), so every call
 * from the project's own code (engine, programs, settings file) goes
 * through fault_shim.c; calls inside the C library and SDL do not.
 *
 *   allocations: malloc, calloc, realloc, SDL_malloc, SDL_calloc, SDL_realloc
 *   I/O:         open, mkstemp, fchmod, write, fsync, close, rename, fcntl
 *
 * In a process (tictactoe, ttt), the environment arms it:
 *   TTT_FAULT_ALLOC=N        the Nth allocation fails (ENOMEM), once
 *   TTT_FAULT_IO=CALL:N      the Nth call of CALL fails (EIO), once
 *   TTT_FAULT_REPORT=FILE    at exit, FILE gets "allocations A\nfired F\n"
 * In a test program, the functions below do the same.
 */
#ifndef TTT_FAULT_SHIM_H
#define TTT_FAULT_SHIM_H

/** Zero the counters and disarm every fault. */
void fault_reset(void);

/** Fail the @p n th allocation counted from now (1 = the next); 0: none. */
void fault_fail_alloc(long n);

/** Fail the @p n th call of @p call ("write", "rename", ...) from now with
 * errno @p err; @p n 0 disarms. */
void fault_fail_io(const char *call, long n, int err);

/** Allocations since the last fault_reset(). */
long fault_alloc_count(void);

/** Calls of @p call since the last fault_reset(). */
long fault_io_count(const char *call);

/** Whether an armed fault was reached (and fired) since fault_reset(). */
int fault_fired(void);

/** The I/O calls the shim can fail, NULL-terminated. */
extern const char *const FAULT_IO_CALLS[];

#endif
