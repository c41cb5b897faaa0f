/* cli_online_wait.h - `ttt online`'s wait for whichever comes first: an
 * event of the client library or a line of standard input. On POSIX
 * systems one poll() over the library's event descriptor and standard
 * input; on Windows, where neither a console nor a pipe can be waited on
 * beside the library, a thread reads the lines and the wait looks at the
 * library's queue every ONLINE_WAIT_POLL_MS. */
#ifndef TTT_CLI_ONLINE_WAIT_H
#define TTT_CLI_ONLINE_WAIT_H

#include <stddef.h>

#include "cli_input.h"
#include "net_client.h"

/* What online_wait() found. */
typedef enum online_wait_result {
    ONLINE_WAIT_AGAIN, /* events may be queued (or a signal came): look */
    ONLINE_WAIT_LINE   /* a line was read: its status and text are set */
} online_wait_result;

/* Waits until the library has events, or, when @p want_input, a line of
 * standard input was read into @p line (@p cap bytes, cli_read_line()'s
 * status in @p rs). Standard input is read only while @p want_input. */
online_wait_result online_wait(net_client *net, int want_input, char *line, size_t cap,
                               cli_read_status *rs);

#endif /* TTT_CLI_ONLINE_WAIT_H */
