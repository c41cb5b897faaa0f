/* cli_signal.c - the SIGINT handler. A signal handler may only store to a
 * volatile sig_atomic_t or a lock-free atomic (C11 7.14.1.1), so these two
 * flags are the program's only mutable globals, and nothing else touches
 * them but the accessors below. */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* sigaction */
#endif

#include "cli_signal.h"

#include <signal.h>
#include <stddef.h>

static volatile sig_atomic_t interrupted = 0;

/* The search's cancel flag can be set from the handler only when atomic_int
 * is always lock-free, which it is on every platform we build for. */
#define CANCEL_FROM_HANDLER (ATOMIC_INT_LOCK_FREE == 2)
static atomic_int cancel_search = 0;

static void on_sigint(int signum)
{
    (void)signum;
    interrupted = 1;
#if CANCEL_FROM_HANDLER
    atomic_store(&cancel_search, 1);
#endif
}

int cli_signal_install(void)
{
#if defined(_WIN32)
    return signal(SIGINT, on_sigint) != SIG_ERR;
#else
    struct sigaction sa;
    sa.sa_handler = on_sigint;
    sa.sa_flags = 0; /* no SA_RESTART: let fgets() return with EINTR */
    if (sigemptyset(&sa.sa_mask) != 0) return 0;
    return sigaction(SIGINT, &sa, NULL) == 0;
#endif
}

int cli_signal_interrupted(void)
{
    return interrupted != 0;
}

atomic_int *cli_signal_cancel_flag(void)
{
#if CANCEL_FROM_HANDLER
    return &cancel_search;
#else
    return NULL;
#endif
}
