/*
 * platform_posix.c - platform.h on Linux and other POSIX systems.
 */
#if !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* readlink */
#endif

#include "platform.h"

#include <string.h>
#include <unistd.h>

bool platform_exe_dir(char *buf, size_t cap)
{
    if (cap < 2) return false;
    buf[0] = '\0';
#if defined(__linux__)
    ssize_t n = readlink("/proc/self/exe", buf, cap - 1);
    if (n <= 0 || (size_t)n >= cap - 1) {
        buf[0] = '\0';
        return false;
    }
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash) {
        buf[0] = '\0';
        return false;
    }
    slash[1] = '\0';
    return true;
#else
    return false;
#endif
}

void platform_console_init(void)
{
    /* A terminal shows the locale's character set already. */
}
