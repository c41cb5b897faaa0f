/*
 * ini_reader.c - the settings file's lines (see ini_reader.h for what is
 * read and why the game has its own reader).
 */
#include "ini_reader.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

/* The UTF-8 byte-order mark. */
static const char BOM[] = "\xEF\xBB\xBF";

bool ini_reader_is_blank(char c)
{
    return isspace((unsigned char)c) != 0;
}

/* Drops blanks at the end of @p s, in place; returns @p s. */
static char *strip_end(char *s)
{
    char *p = s + strlen(s);
    while (p > s && ini_reader_is_blank(p[-1]))
        *--p = '\0';
    return s;
}

static char *skip_blanks(char *s)
{
    while (*s && ini_reader_is_blank(*s))
        s++;
    return s;
}

/* The first of @p chars (NULL: none) or of an inline comment (a blank,
 * then one of the inline comment prefixes) in @p s, or its end. */
static char *find_stop(char *s, const char *chars)
{
    bool after_blank = false;
    while (*s && !(chars && strchr(chars, *s)) &&
           !(after_blank && strchr(INI_READER_INLINE_COMMENT_PREFIXES, *s))) {
        after_blank = ini_reader_is_blank(*s);
        s++;
    }
    return s;
}

/* Copies at most @p cap - 1 bytes of @p src, always terminated. */
static void copy_cut(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap) n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* The next line of *text into @p line (at most INI_READER_MAX_LINE - 1
 * bytes, its '\n' included if it fits); false at the end of the text. */
static bool next_line(const char **text, char *line)
{
    if (**text == '\0') return false;
    size_t n = 0;
    while (n < INI_READER_MAX_LINE - 1 && **text) {
        char c = *(*text)++;
        line[n++] = c;
        if (c == '\n') break;
    }
    line[n] = '\0';
    return true;
}

/* The state of one reading. */
typedef struct reading {
    char section[INI_READER_MAX_SECTION];
    char prev_key[INI_READER_MAX_NAME];
    ini_reader_entry_fn entry;
    void *user;
    int error, line_no;
} reading;

static void fail(reading *r)
{
    if (!r->error) r->error = r->line_no;
}

/* One line whose text starts at @p start (trimmed) and began at @p line. */
static void read_line(reading *r, char *line, char *start)
{
    if (strchr(INI_READER_COMMENT_PREFIXES, *start)) return; /* a comment, or blank */
    if (r->prev_key[0] && start > line) {                    /* a continuation */
        if (!r->entry(r->user, r->section, r->prev_key, start)) fail(r);
        return;
    }
    if (*start == '[') {
        char *end = find_stop(start + 1, "]");
        if (*end != ']') {
            fail(r);
            return;
        }
        *end = '\0';
        copy_cut(r->section, sizeof r->section, start + 1);
        r->prev_key[0] = '\0';
        return;
    }
    char *end = find_stop(start, "=:");
    if (*end != '=' && *end != ':') {
        fail(r);
        return;
    }
    *end = '\0';
    char *key = strip_end(start), *value = end + 1;
    end = find_stop(value, NULL);
    *end = '\0';
    value = strip_end(skip_blanks(value));
    copy_cut(r->prev_key, sizeof r->prev_key, key);
    if (!r->entry(r->user, r->section, key, value)) fail(r);
}

int ini_reader_parse(const char *text, ini_reader_entry_fn entry, void *user)
{
    reading r;
    memset(&r, 0, sizeof r);
    r.entry = entry;
    r.user = user;
    char line[INI_READER_MAX_LINE];
    while (next_line(&text, line)) {
        r.line_no++;
        char *start = line;
        if (r.line_no == 1 && strncmp(start, BOM, sizeof BOM - 1) == 0) start += sizeof BOM - 1;
        /* An empty line's text is its NUL, which is no comment prefix. */
        start = skip_blanks(strip_end(start));
        if (*start) read_line(&r, line, start);
    }
    return r.error;
}
