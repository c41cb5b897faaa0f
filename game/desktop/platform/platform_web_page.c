/*
 * platform_web_page.c - what the online game reads of the page in a web
 * browser (see platform_web.h): the room of a "#join=CODE" link and the
 * server of the page's own origin, and the seat the tab keeps in its
 * sessionStorage. The JavaScript halves are platform_web.js's.
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "platform_web.h"

/* The page's side (platform_web.js). */
extern void ttt_web_location_hash(char *buf, int cap);
extern void ttt_web_page_server(char *buf, int cap);
extern void ttt_web_seat_load(char *buf, int cap);
extern void ttt_web_seat_save(const char *text);
extern void ttt_web_forget_join_link(void);

/* ------------------------------------------------------------------------- */
/* The page's address                                                        */
/* ------------------------------------------------------------------------- */

bool platform_web_join_code(char *code, size_t cap)
{
    char hash[256];
    const char *p;
    size_t n = 0;
    if (cap == 0) return false;
    code[0] = '\0';
    ttt_web_location_hash(hash, (int)sizeof hash);
    p = strstr(hash, "join=");
    if (p == NULL || !(p == hash + 1 || p[-1] == '&' || p[-1] == '#')) return false;
    for (p += 5; *p != '\0' && *p != '&'; p++) {
        char ch = *p;
        if (ch >= 'a' && ch <= 'z') ch = (char)(ch - 'a' + 'A');
        if (!((ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')) || n + 1 >= cap) {
            code[0] = '\0';
            return false;
        }
        code[n++] = ch;
    }
    code[n] = '\0';
    return n > 0;
}

void platform_web_server_url(char *url, size_t cap)
{
    if (cap > 0) ttt_web_page_server(url, (int)cap);
}

void platform_web_forget_join_link(void)
{
    ttt_web_forget_join_link();
}

void platform_web_seat_load(char *text, size_t cap)
{
    if (cap > 0) ttt_web_seat_load(text, (int)cap);
}

void platform_web_seat_save(const char *text)
{
    ttt_web_seat_save(text);
}
