/* util.c - ttt-server's small shared pieces: the clock, the log line,
 * random tokens and room codes from the OS, and the text hash of the room
 * and address tables. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "server_internal.h"

uint64_t srv_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * USEC_PER_SEC + (uint64_t)ts.tv_nsec / 1000;
}

/* One line per event that matters, on stderr (the journal under systemd). */
void srv_log(const char *fmt, ...)
{
    va_list ap;
    fputs("ttt-server: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
}

/* Random bytes from the OS; exits when there are none (no safe tokens). */
static void random_bytes(unsigned char *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(buf + got, n - got, 0);
        if (r < 0) {
            if (errno == EINTR) {
                continue;
            }
            srv_log("no random numbers from the system: %s", strerror(errno));
            exit(1);
        }
        got += (size_t)r;
    }
}

void srv_new_token(char out[PROTO_TOKEN_LEN + 1])
{
    static const char hex[] = "0123456789abcdef";
    unsigned char b[PROTO_TOKEN_BYTES];
    int i;
    random_bytes(b, sizeof b);
    for (i = 0; i < PROTO_TOKEN_BYTES; i++) {
        out[2 * i] = hex[b[i] >> 4];
        out[2 * i + 1] = hex[b[i] & 15];
    }
    out[PROTO_TOKEN_LEN] = '\0';
}

void srv_new_code(char out[PROTO_CODE_LEN + 1], const char *shard)
{
    int i = 0;
    while (i < PROTO_CODE_LEN) {
        const char *set = i == 0 && shard != NULL ? shard : PROTO_CODE_ALPHABET;
        const size_t n = strlen(set);
        unsigned char b;
        random_bytes(&b, 1);
        /* Only bytes below the largest multiple of n, so every letter is
         * equally likely. */
        if (b < 256 - 256 % n) {
            out[i++] = set[b % n];
        }
    }
    out[PROTO_CODE_LEN] = '\0';
}

/* Compares tokens in time independent of where they differ. */
int srv_token_equal(const char *a, const char *b)
{
    unsigned diff = 0;
    int i;
    for (i = 0; i < PROTO_TOKEN_LEN; i++) {
        diff |= (unsigned)(unsigned char)a[i] ^ (unsigned)(unsigned char)b[i];
    }
    return diff == 0 && a[0] != '\0';
}

unsigned srv_hash_text(const char *s)
{
    unsigned h = 2166136261u;
    while (*s) {
        h = (h ^ (unsigned char)*s++) * 16777619u;
    }
    return h;
}
