/*
 * web_json.c - the browser build's JSON writer (see web_json.h).
 */
#include "web_json.h"

#include <stdarg.h>
#include <stdio.h>

void json_put(json_out *j, const char *fmt, ...)
{
    if (j->full) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(j->buf + j->used, j->cap - j->used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= j->cap - j->used)
        j->full = true;
    else
        j->used += (size_t)n;
}

void json_put_string(json_out *j, const char *s)
{
    json_put(j, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            json_put(j, "\\%c", c);
        else if (c < 0x20)
            json_put(j, "\\u%04x", c);
        else
            json_put(j, "%c", c);
    }
    json_put(j, "\"");
}

void json_put_rect(json_out *j, const app_state *app, layout_rect r)
{
    double scale = app->out_w > 0 ? (double)app->win_w / (double)app->out_w : 1.0;
    json_put(j, "{\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f}", r.x * scale, r.y * scale,
             r.w * scale, r.h * scale);
}

void json_put_bool(json_out *j, const char *key, bool value)
{
    json_put(j, "\"%s\":%s", key, value ? "true" : "false");
}

void json_put_key_string(json_out *j, const char *key, const char *value)
{
    json_put(j, "\"%s\":", key);
    json_put_string(j, value);
}

void json_put_key_rect(json_out *j, const app_state *app, const char *key, layout_rect r)
{
    json_put(j, "\"%s\":", key);
    json_put_rect(j, app, r);
}
