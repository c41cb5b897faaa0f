/*
 * platform_win32.c - platform.h on Windows.
 */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <io.h>
#include <stdio.h>
#include <stdlib.h>

#include "platform.h"

/* The console's output code page before ours, given back at exit: the
 * console outlives the program (cmd.exe goes on with it). 0: unchanged. */
static UINT saved_output_cp;

static void restore_output_cp(void)
{
    if (saved_output_cp != 0) SetConsoleOutputCP(saved_output_cp);
}

bool platform_exe_dir(char *buf, size_t cap)
{
    if (cap < 2 || cap > MAXDWORD) return false;
    buf[0] = '\0';
    /* The ANSI form: bindtextdomain() takes a path in the ANSI code page. A
     * result that fills the buffer may have been cut. */
    DWORD n = GetModuleFileNameA(NULL, buf, (DWORD)cap);
    if (n == 0 || n >= cap) {
        buf[0] = '\0';
        return false;
    }
    char *sep = NULL;
    for (char *p = buf; *p; p++)
        if (*p == '\\' || *p == '/') sep = p;
    if (!sep) {
        buf[0] = '\0';
        return false;
    }
    sep[1] = '\0';
    return true;
}

/* Does the C library's stream @p fd lead anywhere (a console, a file or a
 * pipe)? A GUI program started from a console has no standard handles. */
static bool stream_is_open(int fd)
{
    return _get_osfhandle(fd) >= 0;
}

void platform_console_init(void)
{
    /* A GUI-subsystem program (tictactoe.exe) has no console of its own:
     * its output reaches the console it was started from only when it
     * attaches to it. Streams that were redirected are left alone. */
    bool out_open = stream_is_open(_fileno(stdout));
    bool err_open = stream_is_open(_fileno(stderr));
    if ((!out_open || !err_open) && AttachConsole(ATTACH_PARENT_PROCESS)) {
        if (!out_open) (void)freopen("CONOUT$", "w", stdout);
        if (!err_open) (void)freopen("CONOUT$", "w", stderr);
    }
    /* Without a console there is nothing to set: output to a file or a
     * pipe is bytes, UTF-8 as written. */
    UINT cp = GetConsoleOutputCP();
    if (cp != 0 && cp != CP_UTF8 && SetConsoleOutputCP(CP_UTF8)) {
        saved_output_cp = cp;
        atexit(restore_output_cp);
    }
}
