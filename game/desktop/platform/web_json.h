/*
 * web_json.h - the small JSON writer of the browser build's page hooks (the
 * test hook's state and the screen-reader mirror's model, platform_web.c
 * and platform_web_mirror.c): it appends to a fixed buffer and notes when
 * the buffer ran out, so a hook never allocates on the frame's path. Only
 * writing: what the page sends back comes as numbers and C strings, never
 * as JSON to parse.
 */
#ifndef GAME_WEB_JSON_H
#define GAME_WEB_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "app_state.h"

/** A JSON writer over a buffer. */
typedef struct json_out {
    char *buf;   /**< Where the text goes, NUL-terminated as it grows. */
    size_t cap;  /**< The buffer's size in bytes. */
    size_t used; /**< Bytes written so far. */
    bool full;   /**< It ran out: the text is cut, and the caller drops it. */
} json_out;

/** Append printf-style text as it is (the caller writes the punctuation). */
void json_put(json_out *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/** Append @p s as a JSON string: quotes, backslashes and control characters
 *  escaped; UTF-8 passes through. */
void json_put_string(json_out *j, const char *s);

/** Append a rectangle in output pixels as {x, y, w, h} in CSS pixels (the
 *  page's coordinates: output pixels over the device pixel ratio). */
void json_put_rect(json_out *j, const app_state *app, layout_rect r);

/** Append `"key":true` or `"key":false`. */
void json_put_bool(json_out *j, const char *key, bool value);

/** Append `"key":"value"`, the value escaped. */
void json_put_key_string(json_out *j, const char *key, const char *value);

/** Append `"key":{x, y, w, h}` (json_put_rect()). */
void json_put_key_rect(json_out *j, const app_state *app, const char *key, layout_rect r);

#endif /* GAME_WEB_JSON_H */
