/* cli_signal.h - Ctrl-C handling for the interactive commands: the handler
 * only sets a flag and requests the search's cancel token; the game loop
 * notices them and ends cleanly. */
#ifndef CLI_SIGNAL_H
#define CLI_SIGNAL_H

#include "ttt/ai.h"

/* Installs the SIGINT handler. On POSIX systems it is installed without
 * SA_RESTART so that a blocked read returns and the prompt loop can stop.
 * Ctrl-C then also requests @p cancel (may be NULL; the caller owns it and
 * must call cli_signal_uninstall() before freeing it), so a long search
 * stops promptly. Returns 1 on success, 0 if the handler could not be
 * installed. */
int cli_signal_install(ttt_cancel *cancel);

/* Restores the default SIGINT action and forgets the cancel token. */
void cli_signal_uninstall(void);

/* Non-zero once Ctrl-C has been pressed. */
int cli_signal_interrupted(void);

#endif /* CLI_SIGNAL_H */
