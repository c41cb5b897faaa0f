/* cli_online_wait.c - online_wait() of cli_online_wait.h: poll() on POSIX
 * systems, a line-reading thread on Windows. */
#include "cli_online_wait.h"

#include <stdio.h>
#include <string.h>

#ifdef _WIN32

#include <windows.h>

/* How often the wait looks at the library's queue, in milliseconds. */
#define ONLINE_WAIT_POLL_MS 50

/* The reading thread's hand-over, one line at a time. Locking: `lock`
 * guards every field; the thread reads a line only after `want` was set,
 * and hands it over in `have`. */
typedef struct line_reader {
    CRITICAL_SECTION lock;
    CONDITION_VARIABLE cond;
    HANDLE thread;
    int want, have, done;
    cli_read_status rs;
    char line[CLI_LINE_MAX];
} line_reader;

/* One per process (standard input is one per process); the thread lives
 * until the process ends, blocked in a read the program cannot cancel. */
static line_reader reader;
static INIT_ONCE reader_once = INIT_ONCE_STATIC_INIT;

static DWORD WINAPI reader_main(void *arg)
{
    char line[CLI_LINE_MAX];
    (void)arg;
    for (;;) {
        cli_read_status rs;
        EnterCriticalSection(&reader.lock);
        while (!reader.want) {
            SleepConditionVariableCS(&reader.cond, &reader.lock, INFINITE);
        }
        LeaveCriticalSection(&reader.lock);
        rs = cli_read_line(stdin, line, sizeof line);
        EnterCriticalSection(&reader.lock);
        reader.want = 0;
        reader.have = 1;
        reader.rs = rs;
        memcpy(reader.line, line, sizeof line);
        reader.done = rs == CLI_READ_EOF || rs == CLI_READ_ERROR || rs == CLI_READ_ENDLESS;
        WakeAllConditionVariable(&reader.cond);
        LeaveCriticalSection(&reader.lock);
        if (reader.done) {
            return 0;
        }
    }
}

static BOOL CALLBACK reader_init(INIT_ONCE *once, void *param, void **ctx)
{
    (void)once;
    (void)param;
    (void)ctx;
    InitializeCriticalSection(&reader.lock);
    InitializeConditionVariable(&reader.cond);
    reader.thread = CreateThread(NULL, 0, reader_main, NULL, 0, NULL);
    return reader.thread != NULL;
}

online_wait_result online_wait(net_client *net, int want_input, char *line, size_t cap,
                               cli_read_status *rs)
{
    online_wait_result got = ONLINE_WAIT_AGAIN;
    (void)net;
    if (!want_input) {
        Sleep(ONLINE_WAIT_POLL_MS);
        return ONLINE_WAIT_AGAIN;
    }
    if (!InitOnceExecuteOnce(&reader_once, reader_init, NULL, NULL)) {
        *rs = CLI_READ_ERROR;
        return ONLINE_WAIT_LINE;
    }
    EnterCriticalSection(&reader.lock);
    if (!reader.have && !reader.done) {
        reader.want = 1;
        WakeAllConditionVariable(&reader.cond);
        SleepConditionVariableCS(&reader.cond, &reader.lock, ONLINE_WAIT_POLL_MS);
    }
    if (reader.have) {
        reader.have = 0;
        *rs = reader.rs;
        snprintf(line, cap, "%s", reader.line);
        got = ONLINE_WAIT_LINE;
    } else if (reader.done) {
        *rs = CLI_READ_EOF;
        got = ONLINE_WAIT_LINE;
    }
    LeaveCriticalSection(&reader.lock);
    return got;
}

#else /* POSIX */

#include <poll.h>

online_wait_result online_wait(net_client *net, int want_input, char *line, size_t cap,
                               cli_read_status *rs)
{
    struct pollfd fds[2];
    int n;
    fds[0].fd = net_client_fd(net);
    fds[0].events = POLLIN;
    fds[1].fd = 0;
    fds[1].events = POLLIN;
    n = poll(fds, want_input ? 2 : 1, -1);
    if (n > 0 && want_input && (fds[1].revents & (POLLIN | POLLHUP))) {
        *rs = cli_read_line(stdin, line, cap);
        return ONLINE_WAIT_LINE;
    }
    return ONLINE_WAIT_AGAIN;
}

#endif
