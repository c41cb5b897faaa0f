/* textesc.c - escaping control characters and invalid UTF-8 in messages
 * (see textesc.h). */
#include "textesc.h"

#include <stdlib.h>
#include <string.h>

/* Bytes of one escape, "\\xNN", without a NUL. */
#define ESCAPE_LEN (sizeof "\\x00" - 1)
/* Bytes textesc_write() gathers before each write. */
#define WRITE_CHUNK 256

/* Length of the well-formed UTF-8 sequence at @p s (1 to 4), or 0 when the
 * byte there does not start one (RFC 3629: no overlong forms, no
 * surrogates, nothing past U+10FFFF). */
static size_t utf8_length(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x80) return 1;
    size_t n;
    unsigned lo = 0x80, hi = 0xbf; /* allowed range of the second byte */
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        if (c == 0xe0) lo = 0xa0;
        if (c == 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        if (c == 0xf0) lo = 0x90;
        if (c == 0xf4) hi = 0x8f;
    } else {
        return 0;
    }
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf) return 0;
    return n;
}

/* The next piece of output for the text at @p s: either a run of bytes to
 * copy (*copy set, returns its length) or one byte to escape (*copy
 * clear, returns 1). */
static size_t next_piece(const unsigned char *s, int *copy)
{
    size_t n = utf8_length(s);
    int control = n == 1 ? (s[0] < 0x20 || s[0] == 0x7f) : (n == 2 && s[0] == 0xc2 && s[1] < 0xa0);
    *copy = n > 0 && !control;
    return n > 0 && !control ? n : 1;
}

size_t textesc(char *dst, size_t cap, const char *src)
{
    static const char HEX[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)src;
    size_t total = 0, used = 0;
    int room = cap > 0;
    while (*s) {
        int copy;
        size_t n = next_piece(s, &copy);
        char esc[ESCAPE_LEN] = {'\\', 'x', HEX[s[0] >> 4], HEX[s[0] & 15]};
        const char *piece = copy ? (const char *)s : esc;
        size_t len = copy ? n : sizeof esc;
        if (room && used + len < cap) {
            memcpy(dst + used, piece, len);
            used += len;
        } else {
            room = 0; /* cut here: nothing after a piece that did not fit */
        }
        total += len;
        s += n;
    }
    if (cap > 0) dst[used] = '\0';
    return total;
}

void textesc_write(FILE *out, const char *text)
{
    char buf[WRITE_CHUNK];
    const unsigned char *s = (const unsigned char *)text;
    size_t used = 0;
    while (*s) {
        int copy;
        size_t n = next_piece(s, &copy);
        if (used + ESCAPE_LEN >= sizeof buf) {
            fwrite(buf, 1, used, out);
            used = 0;
        }
        if (copy) {
            memcpy(buf + used, s, n);
            used += n;
        } else {
            used += (size_t)snprintf(buf + used, sizeof buf - used, "\\x%02x", s[0]);
        }
        s += n;
    }
    fwrite(buf, 1, used, out);
}

void textesc_vprintf(FILE *out, const char *fmt, va_list ap)
{
    char msg[TEXTESC_MESSAGE_MAX];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    if (n < 0) {
        va_end(again);
        return;
    }
    if ((size_t)n < sizeof msg) {
        va_end(again);
        textesc_write(out, msg);
        return;
    }
    /* Longer than the buffer (a path of thousands of bytes): the whole
     * message if memory allows, so its end (the reason) is not lost. */
    char *whole = malloc((size_t)n + 1);
    if (whole && vsnprintf(whole, (size_t)n + 1, fmt, again) == n) {
        textesc_write(out, whole);
    } else {
        /* Cut at the start of a UTF-8 sequence so the cut does not show as
         * an escaped stray byte, then mark it. */
        size_t end = sizeof msg - 4;
        while (end > 0 && ((unsigned char)msg[end] & 0xc0) == 0x80)
            end--;
        memcpy(msg + end, "...", 4);
        textesc_write(out, msg);
    }
    free(whole);
    va_end(again);
}

void textesc_printf(FILE *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    textesc_vprintf(out, fmt, ap);
    va_end(ap);
}
