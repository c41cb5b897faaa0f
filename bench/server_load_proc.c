/* server_load_proc.c - bench/server_load's view of processes: the clock,
 * the server started (and restarted on the same port) with its log, the
 * server's and this program's CPU, memory and the load average. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "server_load.h"

uint64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

void start_server(int port)
{
    char portbuf[16];
    FILE *f;
    B.pid = fork();
    if (B.pid < 0) {
        perror("fork");
        exit(1);
    }
    if (B.pid == 0) {
        FILE *log = freopen(B.log, "a", stderr);
        (void)log;
        snprintf(portbuf, sizeof portbuf, "%d", port);
        execl(B.server_path, B.server_path, "--port", portbuf, "--bind", "127.0.0.1", "--db", B.db,
              "--limit", "rooms-per-address=1000000", "--limit", "max-connections=1000000",
              "--limit", "join-guesses=1000000", "--limit", "join-guesses-per-min=1000000",
              (char *)NULL);
        _exit(127);
    }
    for (;;) {
        char line[512];
        int found = 0;
        f = fopen(B.log, "r");
        while (f != NULL && fgets(line, sizeof line, f) != NULL) {
            const char *at = strstr(line, "listening on port ");
            if (at != NULL) {
                B.port = atoi(at + strlen("listening on port "));
                found = 1;
            }
        }
        if (f != NULL) {
            fclose(f);
        }
        if (found && (port == 0 || B.port == port)) {
            break;
        }
        usleep(20000);
    }
}

/* This program's CPU seconds so far (the generator). */
double own_cpu_s(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) {
        return 0;
    }
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* The machine's one-minute load average (other jobs share it). */
double load_average(void)
{
    double l = 0;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f != NULL) {
        if (fscanf(f, "%lf", &l) != 1) {
            l = 0;
        }
        fclose(f);
    }
    return l;
}

/* The server's CPU seconds so far. */
double server_cpu_s(void)
{
    char path[64], buf[1024];
    unsigned long ut = 0, st = 0;
    FILE *f;
    char *p;
    snprintf(path, sizeof path, "/proc/%d/stat", (int)B.pid);
    f = fopen(path, "r");
    if (f == NULL || fgets(buf, sizeof buf, f) == NULL) {
        if (f) fclose(f);
        return 0;
    }
    fclose(f);
    p = strrchr(buf, ')');
    if (p == NULL ||
        sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2) {
        return 0;
    }
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

long rss_kb(pid_t pid)
{
    char path[64], line[256];
    long kb = 0;
    FILE *f;
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    f = fopen(path, "r");
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "VmRSS:", 6) == 0) {
            kb = atol(line + 6);
        }
    }
    if (f) fclose(f);
    return kb;
}
