/* cli_signal.h - Ctrl-C handling for the interactive commands: the handler
 * only sets flags; the game loop notices them and ends cleanly. */
#ifndef CLI_SIGNAL_H
#define CLI_SIGNAL_H

#include <stdatomic.h>

/* Installs the SIGINT handler. On POSIX systems it is installed without
 * SA_RESTART so that a blocked read returns and the prompt loop can stop.
 * Returns 1 on success, 0 if the handler could not be installed. */
int cli_signal_install(void);

/* Non-zero once Ctrl-C has been pressed. */
int cli_signal_interrupted(void);

/* A flag for ttt_ai_options::cancel that Ctrl-C sets, so a long search stops
 * promptly; NULL where the platform cannot set it from a signal handler. */
atomic_int *cli_signal_cancel_flag(void);

#endif /* CLI_SIGNAL_H */
