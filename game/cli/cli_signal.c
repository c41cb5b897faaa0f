/* cli_signal.c - the SIGINT handler. A signal handler may only store to a
 * volatile sig_atomic_t or a lock-free atomic (C11 7.14.1.1): it sets the
 * `interrupted` flag and requests the search's cancel token, which the
 * engine documents as async-signal-safe (one lock-free atomic store). These
 * two are the program's only mutable globals, and nothing else touches them
 * but the functions below. The program is single-threaded, so the handler
 * never runs while the main thread changes `handler_cancel`. */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* sigaction */
#endif

#include "cli_signal.h"

#include <signal.h>
#include <stddef.h>

static volatile sig_atomic_t interrupted = 0;
static ttt_cancel *volatile handler_cancel = NULL;

static void on_sigint(int signum)
{
    (void)signum;
    interrupted = 1;
    ttt_cancel *cancel = handler_cancel;
    if (cancel) ttt_cancel_request(cancel);
}

static int set_action(void (*handler)(int))
{
#if defined(_WIN32)
    return signal(SIGINT, handler) != SIG_ERR;
#else
    struct sigaction sa;
    sa.sa_handler = handler;
    sa.sa_flags = 0; /* no SA_RESTART: let fgets() return with EINTR */
    if (sigemptyset(&sa.sa_mask) != 0) return 0;
    return sigaction(SIGINT, &sa, NULL) == 0;
#endif
}

int cli_signal_install(ttt_cancel *cancel)
{
    handler_cancel = cancel;
    return set_action(on_sigint);
}

void cli_signal_uninstall(void)
{
    (void)set_action(SIG_DFL);
    handler_cancel = NULL;
}

int cli_signal_interrupted(void)
{
    return interrupted != 0;
}
