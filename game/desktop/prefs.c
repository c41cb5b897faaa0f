/*
 * prefs.c - reading and writing the settings file (see prefs.h).
 *
 * libinih calls a handler per `key = value` line; the handler only collects
 * the entries, and they are applied afterwards in a fixed order (size before
 * k, whatever the file's order), because settings_set("size") resets k to
 * that size's default and a k is only valid against its board size.
 *
 * Unknown entries are written back as `key=value`, exactly as inih reported
 * them, with no blanks added: a blank before ';' would start an inline
 * comment, and `key = value` can grow past inih's line buffer. An entry that
 * no line would read back the same way (see writable() for the rules) is
 * dropped when the file is read, with one warning, so what is kept is what
 * is saved.
 *
 * Saving has three parts: the text (prefs_write() into memory), the merge
 * with the file as it is now (entries, not structs: a key this version
 * does not know merges like one it does), and the atomic replacement under
 * the lock (replace_file(), the only part that differs on Windows).
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* open_memstream, fsync, readlink, lstat, mkstemp */
#endif

#include "prefs.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifdef _WIN32
#include <io.h>
#include <windows.h>
#else
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#endif

#include <ini.h>

#include "i18n.h"
#include "numparse.h"
#include "textesc.h"

#define SECTION_SETTINGS "settings"
#define SECTION_SCORES "scores"
#define SECTION_WINDOW "window"
/* Window places and sizes accepted from the file, in screen points. */
#define WINDOW_MAX_COORD 100000
#define WINDOW_MAX_SIZE 16384
/* Most entries collected from one file; a real file has about fifteen. */
#define MAX_ENTRIES 256

typedef struct entry {
    char section[PREFS_NAME_MAX];
    char key[PREFS_NAME_MAX];
    char value[PREFS_VALUE_MAX];
    int order; /* Position in the file, to keep extras in order. */
} entry;

typedef struct parse_ctx {
    entry *entries;
    int count;
    int too_long; /* Entries dropped for a name or value too long to keep. */
    int too_many; /* Entries dropped past MAX_ENTRIES. */
    char first_dropped[PREFS_NAME_MAX];
} parse_ctx;

/* In the order prefs_write() writes them. */
#define SCORE_KEY_COUNT 9
static const char *const SCORE_KEYS[SCORE_KEY_COUNT] = {"you_wins",   "computer_wins", "draws",
                                                        "x_wins",     "o_wins",        "pvp_draws",
                                                        "cvc_x_wins", "cvc_o_wins",    "cvc_draws"};

/* The count each of SCORE_KEYS names, in the same order (prefs_write()
 * lists them in that order too). */
static void score_slots(prefs *p, int *slots[SCORE_KEY_COUNT])
{
    int *all[SCORE_KEY_COUNT] = {&p->you_wins,   &p->computer_wins, &p->draws,
                                 &p->wins_x,     &p->wins_o,        &p->pvp_draws,
                                 &p->cvc_wins_x, &p->cvc_wins_o,    &p->cvc_draws};
    memcpy(slots, all, sizeof all);
}

void prefs_defaults(prefs *p)
{
    memset(p, 0, sizeof *p);
    settings_defaults(&p->settings);
}

/* Copy @p src into @p dst if it fits; false (dst untouched) if not. */
static bool copy_str(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap) return false;
    memcpy(dst, src, n + 1);
    return true;
}

static int collect(void *user, const char *section, const char *name, const char *value)
{
    parse_ctx *ctx = user;
    if (!section) section = "";
    if (!name) name = "";
    if (!value) value = "";
    if (ctx->count >= MAX_ENTRIES) {
        ctx->too_many++;
        return 1;
    }
    entry *e = &ctx->entries[ctx->count];
    if (!copy_str(e->section, sizeof e->section, section) ||
        !copy_str(e->key, sizeof e->key, name) || !copy_str(e->value, sizeof e->value, value)) {
        if (ctx->too_long++ == 0) {
            /* Name the key in the warning, cut to what the buffer holds. */
            snprintf(ctx->first_dropped, sizeof ctx->first_dropped, "%.*s",
                     (int)(sizeof ctx->first_dropped - 1), name);
        }
        return 1;
    }
    e->order = ctx->count++;
    /* Always succeed: bad values are judged later, one warning per key. */
    return 1;
}

/* One warning line, `tictactoe: ` and the formatted text, with whatever
 * came from the file or its name escaped (textesc.h): a key or a path can
 * hold terminal escape sequences. */
static void warnf(FILE *warn, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void warnf(FILE *warn, const char *fmt, ...)
{
    if (!warn) return;
    va_list ap;
    va_start(ap, fmt);
    fputs("tictactoe: ", warn);
    textesc_vprintf(warn, fmt, ap);
    fputc('\n', warn);
    va_end(ap);
}

static void warn_key(FILE *warn, const char *source, const char *section, const char *key,
                     const char *why)
{
    /* TRANSLATORS: a settings file's problem: the file, [its section], the
       key, and what is wrong with its value (already translated). */
    warnf(warn, _("%s: [%s] %s: %s; using the default"), source, section, key, why);
}

static bool parse_score(const char *text, int *out)
{
    return numparse_int(text, 0, PREFS_MAX_SCORE, out) == NUMPARSE_OK;
}

/* A [window] entry into p->window. @return 0 when read, 1 for a bad value
 * (warned about), -1 for a key of no window (kept as an unknown entry). */
static int apply_window(prefs *p, const entry *e, const char *source, FILE *warn, bool *sized)
{
    prefs_window *w = &p->window;
    int *number = NULL;
    long lo = 0, hi = 0;
    bool *flag = NULL;
    if (strcmp(e->key, "x") == 0 || strcmp(e->key, "y") == 0) {
        number = e->key[0] == 'x' ? &w->x : &w->y;
        lo = -WINDOW_MAX_COORD;
        hi = WINDOW_MAX_COORD;
    } else if (strcmp(e->key, "width") == 0 || strcmp(e->key, "height") == 0) {
        number = e->key[0] == 'w' ? &w->width : &w->height;
        lo = 1;
        hi = WINDOW_MAX_SIZE;
    } else if (strcmp(e->key, "maximized") == 0) {
        flag = &w->maximized;
    } else if (strcmp(e->key, "fullscreen") == 0) {
        flag = &w->fullscreen;
    } else {
        return -1;
    }
    bool ok = number ? numparse_int(e->value, (int)lo, (int)hi, number) == NUMPARSE_OK
                     : settings_parse_bool(e->value, flag);
    if (!ok) {
        warn_key(warn, source, e->section, e->key,
                 number ? _("not a number of screen points") : _("use yes or no"));
        return 1;
    }
    if (number == &w->width || number == &w->height) sized[number == &w->height] = true;
    return 0;
}

/* inih's longest section name, including the NUL (MAX_SECTION in its ini.c,
 * not in ini.h): a longer one is cut short when read. */
#define SECTION_NAME_MAX 50
/* Longest line written, without its newline: the line and its newline must
 * fit inih's INI_MAX_LINE buffer with the NUL, or the line is split (inih
 * 55) or cut (newer inih) when read. */
#define LINE_MAX_CHARS ((size_t)INI_MAX_LINE - 2)

static bool is_blank(char c)
{
    return isspace((unsigned char)c) != 0;
}

/* No newline and no inline comment (a blank followed by one of inih's
 * INI_INLINE_COMMENT_PREFIXES) anywhere in @p s, which inih scans from its
 * first character (a ';' there is not a comment: no blank before it). */
static bool plain_text(const char *s)
{
    for (const char *c = s; *c; c++) {
        if (*c == '\n') return false;
#if INI_ALLOW_INLINE_COMMENTS
        if (c > s && is_blank(c[-1]) && strchr(INI_INLINE_COMMENT_PREFIXES, *c)) return false;
#endif
    }
    return true;
}

/* Whether @p s would survive inih's trimming: no blank at either end. */
static bool trimmed(const char *s)
{
    size_t n = strlen(s);
    return n == 0 || (!is_blank(s[0]) && !is_blank(s[n - 1]));
}

/*
 * Whether the line `key=value` under `[section]` (no section line for "")
 * reads back as this same section, key and value. inih reads a line that
 * starts with a blank as more of the previous key's value, one that starts
 * with ';' or '#' as a comment and one that starts with '[' as a section; it
 * ends the key at the first '=' or ':', trims blanks around key and value,
 * ends the line at an inline comment (a blank then ';') and cuts section
 * names to 49 bytes. The key may be empty (`=value` reads back as it is).
 */
static bool writable(const char *section, const char *key, const char *value)
{
    if (!plain_text(section) || strchr(section, ']') || strlen(section) >= SECTION_NAME_MAX)
        return false;
    if (!plain_text(key) || !trimmed(key) || strpbrk(key, "=:")) return false;
    if (key[0] != '\0' && (key[0] == '[' || strchr(INI_START_COMMENT_PREFIXES, key[0])))
        return false;
    if (!plain_text(value) || !trimmed(value)) return false;
    return strlen(key) + 1 + strlen(value) <= LINE_MAX_CHARS;
}

static void keep_extra(prefs *p, const entry *e, int *dropped)
{
    if (p->extra_count >= PREFS_MAX_EXTRA) {
        (*dropped)++;
        return;
    }
    prefs_extra *x = &p->extra[p->extra_count++];
    /* The entry's buffers are the same sizes, so these always fit. */
    copy_str(x->section, sizeof x->section, e->section);
    copy_str(x->key, sizeof x->key, e->key);
    copy_str(x->value, sizeof x->value, e->value);
}

/* Apply one [settings] entry; warn (once per entry) when its value is bad. */
static int apply_setting(prefs *p, const entry *e, const char *source, FILE *warn)
{
    char why[256];
    if (settings_set(&p->settings, e->key, e->value, why, sizeof why)) return 0;
    warn_key(warn, source, e->section, e->key, why);
    return 1;
}

/* Whether entry @p i is the last one in the file with its section and key
 * (for a key given twice, the last one counts). */
static bool last_of_its_key(const parse_ctx *ctx, int i)
{
    const entry *e = &ctx->entries[i];
    for (int j = i + 1; j < ctx->count; j++)
        if (strcmp(ctx->entries[j].key, e->key) == 0 &&
            strcmp(ctx->entries[j].section, e->section) == 0)
            return false;
    return true;
}

/* Whether the line at @p line (up to its '\n' or NUL) is a comment. */
static bool comment_line(const char *line, size_t len)
{
    size_t i = 0;
    while (i < len && is_blank(line[i]))
        i++;
    return i < len && strchr(INI_START_COMMENT_PREFIXES, line[i]) != NULL;
}

/*
 * A copy of @p text in which each line longer than PREFS_LINE_MAX bytes
 * (without its "\n" or "\r\n") is replaced by an empty line, so inih never
 * splits it into a made-up second entry; line numbers stay the same. One
 * warning per refused line that is not a comment. NULL when out of memory.
 */
static char *without_long_lines(const char *text, const char *source, FILE *warn, int *problems)
{
    size_t total = strlen(text);
    char *copy = malloc(total + 1);
    if (!copy) return NULL;
    const char *in = text;
    char *out = copy;
    for (int line = 1; *in; line++) {
        const char *nl = strchr(in, '\n');
        size_t len = nl ? (size_t)(nl - in) : strlen(in);
        size_t body = len > 0 && in[len - 1] == '\r' ? len - 1 : len;
        if (body > PREFS_LINE_MAX) {
            if (!comment_line(in, body)) {
                /* Name the key: the text before '=' or ':', trimmed. */
                size_t k = 0;
                while (k < body && is_blank(in[k]))
                    k++;
                size_t end = k;
                while (end < body && in[end] != '=' && in[end] != ':')
                    end++;
                while (end > k && is_blank(in[end - 1]))
                    end--;
                int shown = end - k > 40 ? 40 : (int)(end - k);
                warnf(warn, _("%s: line %d is longer than %d bytes; key '%.*s%s' ignored"), source,
                      line, PREFS_LINE_MAX, shown, in + k, end - k > 40 ? "..." : "");
                (*problems)++;
            }
        } else {
            memcpy(out, in, len);
            out += len;
        }
        in += len;
        if (*in == '\n') *out++ = *in++;
    }
    *out = '\0';
    return copy;
}

/* Collect the entries of @p text (long lines refused) into @p ctx, whose
 * entries array the caller frees. Returns inih's result (0, or the first
 * bad line), or PREFS_PARSE_NOMEM. */
static int collect_entries(const char *text, parse_ctx *ctx, const char *source, FILE *warn,
                           int *problems)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->entries = calloc(MAX_ENTRIES, sizeof *ctx->entries);
    if (!ctx->entries) return PREFS_PARSE_NOMEM;
    char *filtered = without_long_lines(text, source, warn, problems);
    if (!filtered) {
        free(ctx->entries);
        ctx->entries = NULL;
        return PREFS_PARSE_NOMEM;
    }
    int line = ini_parse_string(filtered, collect, ctx);
    free(filtered);
    if (line < 0) { /* inih's own allocation failed (a heap-buffer build) */
        free(ctx->entries);
        ctx->entries = NULL;
        return PREFS_PARSE_NOMEM;
    }
    return line;
}

int prefs_parse_ini(const char *text, prefs *p, const char *source, FILE *warn)
{
    prefs_defaults(p);
    if (!source) source = "settings";
    if (!text) return 0;
    parse_ctx ctx;
    int problems = 0;
    int line = collect_entries(text, &ctx, source, warn, &problems);
    if (line == PREFS_PARSE_NOMEM) {
        warnf(warn, _("%s: out of memory while reading it"), source);
        return PREFS_PARSE_NOMEM;
    }
    if (line > 0) {
        /* inih reports the first such line only; one warning is what we want. */
        warnf(warn, _("%s: line %d is not `key = value` or `[section]`; ignored"), source, line);
        problems++;
    }
    if (ctx.too_long > 0) {
        warnf(warn, _("%s: key '%s': name or value too long; ignored"), source, ctx.first_dropped);
        problems++;
    }
    if (ctx.too_many > 0) {
        warnf(warn, _("%s: more than %d entries; the rest were ignored"), source, MAX_ENTRIES);
        problems++;
    }

    /* [settings]: size first, then the rest, then k (see the file comment);
     * of a key given twice, only the last counts. */
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < ctx.count; i++) {
            const entry *e = &ctx.entries[i];
            if (strcmp(e->section, SECTION_SETTINGS) != 0 || !settings_is_key(e->key)) continue;
            if (!last_of_its_key(&ctx, i)) continue;
            int want = strcmp(e->key, "size") == 0 ? 0 : (strcmp(e->key, "k") == 0 ? 2 : 1);
            if (want == pass) problems += apply_setting(p, e, source, warn);
        }
    }

    /* [scores], [window], and everything unknown kept in file order. */
    int dropped = 0;
    int unwritable = 0;
    bool sized[2] = {false, false};
    for (int i = 0; i < ctx.count; i++) {
        const entry *e = &ctx.entries[i];
        if (strcmp(e->section, SECTION_SETTINGS) == 0 && settings_is_key(e->key)) continue;
        if (strcmp(e->section, SECTION_WINDOW) == 0) {
            int r = apply_window(p, e, source, warn, sized);
            if (r >= 0) {
                problems += r;
                continue;
            }
        }
        if (strcmp(e->section, SECTION_SCORES) == 0) {
            int *slots[SCORE_KEY_COUNT];
            score_slots(p, slots);
            int k = -1;
            for (int j = 0; j < SCORE_KEY_COUNT; j++)
                if (strcmp(e->key, SCORE_KEYS[j]) == 0) k = j;
            if (k >= 0) {
                if (!last_of_its_key(&ctx, i)) continue;
                if (!parse_score(e->value, slots[k])) {
                    *slots[k] = 0;
                    warn_key(warn, source, e->section, e->key,
                             _("not a count from 0 to 1000000000"));
                    problems++;
                }
                continue;
            }
        }
        if (!writable(e->section, e->key, e->value)) {
            /* Kept, it would come back changed (or change another key) on
             * the next load: drop it now, with one warning for them all. */
            if (unwritable++ == 0)
                warnf(warn,
                      _("%s: [%s] '%s': cannot be saved so that it reads back the same; ignored"),
                      source, e->section, e->key);
            continue;
        }
        keep_extra(p, e, &dropped);
    }
    p->window.known = sized[0] && sized[1];
    if (unwritable > 0) problems++;
    if (dropped > 0) {
        warnf(warn, _("%s: more than %d unknown keys; %d will not be saved"), source,
              PREFS_MAX_EXTRA, dropped);
        problems++;
    }
    free(ctx.entries);
    return problems;
}

/* ------------------------------------------------------------------------- */
/* Reading the file                                                          */
/* ------------------------------------------------------------------------- */

/*
 * Read the whole of @p path into a malloc'd, NUL-terminated *text. Anything
 * but a regular file is refused before a byte is read (a FIFO is opened
 * without blocking, then refused). On PREFS_UNREADABLE *why says why (and
 * *err the errno, or 0).
 */
static prefs_status read_text(const char *path, char **text, const char **why, int *err)
{
    *text = NULL;
    *err = 0;
#ifdef _WIN32
    FILE *f = fopen(path, "rb");
    if (!f) {
        *err = errno;
        *why = N_("cannot read it");
        return errno == ENOENT ? PREFS_MISSING : PREFS_UNREADABLE;
    }
    struct _stat st;
    if (_fstat(_fileno(f), &st) != 0 || (st.st_mode & _S_IFMT) != _S_IFREG) {
        fclose(f);
        *why = N_("not a regular file");
        return PREFS_UNREADABLE;
    }
#else
    /* O_NONBLOCK: opening a FIFO with no writer would otherwise wait for one. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        *err = errno;
        *why = N_("cannot read it");
        return errno == ENOENT ? PREFS_MISSING : PREFS_UNREADABLE;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        *why = N_("not a regular file");
        return PREFS_UNREADABLE;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        *err = errno;
        close(fd);
        *why = N_("cannot read it");
        return PREFS_UNREADABLE;
    }
#endif
    if (st.st_size > PREFS_MAX_FILE_BYTES) {
        fclose(f);
        *why = N_("too large to be a settings file");
        return PREFS_UNREADABLE;
    }
    char *buf = malloc(PREFS_MAX_FILE_BYTES + 1);
    if (!buf) {
        fclose(f);
        *why = N_("out of memory");
        return PREFS_UNREADABLE;
    }
    size_t n = fread(buf, 1, PREFS_MAX_FILE_BYTES + 1, f);
    bool bad = ferror(f) != 0;
    if (bad) *err = errno;
    fclose(f);
    if (bad || n > PREFS_MAX_FILE_BYTES) {
        *why = bad ? N_("read error") : N_("too large to be a settings file");
        free(buf);
        return PREFS_UNREADABLE;
    }
    /* A NUL inside the file ends the text there; what follows is ignored. */
    buf[n] = '\0';
    *text = buf;
    return PREFS_LOADED;
}

prefs_status prefs_load(const char *path, prefs *p, FILE *warn)
{
    prefs_defaults(p);
    char *text;
    const char *why = NULL;
    int err = 0;
    prefs_status st = read_text(path, &text, &why, &err);
    if (st == PREFS_MISSING) return st;
    if (st == PREFS_LOADED && prefs_parse_ini(text, p, path, warn) == PREFS_PARSE_NOMEM) {
        /* Half a file is no file: the save at exit must not write the
         * defaults over the user's scores. */
        prefs_defaults(p);
        st = PREFS_UNREADABLE;
        why = N_("out of memory");
    }
    free(text);
    if (st == PREFS_UNREADABLE) {
        if (err)
            /* TRANSLATORS: the settings file, why it cannot be read, and
               the system's reason. */
            warnf(warn, _("%s: %s (%s); using the defaults, the file is left alone"), path, _(why),
                  strerror(err));
        else
            warnf(warn, _("%s: %s; using the defaults, the file is left alone"), path, _(why));
    }
    return st;
}

/* ------------------------------------------------------------------------- */
/* Writing the text                                                          */
/* ------------------------------------------------------------------------- */

static void write_extras(const prefs *p, FILE *out, const char *section)
{
    for (int i = 0; i < p->extra_count; i++) {
        const prefs_extra *e = &p->extra[i];
        /* No blanks added around '=' (see the file comment); prefs_parse_ini()
         * keeps only writable entries, this guards a hand-filled prefs. */
        if (strcmp(e->section, section) == 0 && writable(e->section, e->key, e->value))
            fprintf(out, "%s=%s\n", e->key, e->value);
    }
}

/* A count as saved: within what the loader accepts. */
static long saturated(long count)
{
    return count < 0 ? 0 : (count > PREFS_MAX_SCORE ? PREFS_MAX_SCORE : count);
}

void prefs_write(const prefs *p, FILE *out)
{
    fprintf(out, "; Tic-tac-toe settings and scores. Written by the game; edits are kept\n"
                 "; while it is closed. A bad value falls back to its default.\n");
    /* Entries that came before any [section] go back there. */
    write_extras(p, out, "");
    fprintf(out, "\n[" SECTION_SETTINGS "]\n");
    settings_write(&p->settings, out);
    write_extras(p, out, SECTION_SETTINGS);
    fprintf(out, "\n[" SECTION_SCORES "]\n");
    const int values[SCORE_KEY_COUNT] = {p->you_wins,   p->computer_wins, p->draws,
                                         p->wins_x,     p->wins_o,        p->pvp_draws,
                                         p->cvc_wins_x, p->cvc_wins_o,    p->cvc_draws};
    for (int i = 0; i < SCORE_KEY_COUNT; i++)
        fprintf(out, "%s = %ld\n", SCORE_KEYS[i], saturated(values[i]));
    write_extras(p, out, SECTION_SCORES);
    if (p->window.known) {
        const prefs_window *w = &p->window;
        fprintf(out,
                "\n[" SECTION_WINDOW "]\nx = %d\ny = %d\nwidth = %d\nheight = %d\nmaximized = %s\n"
                "fullscreen = %s\n",
                w->x, w->y, w->width, w->height, w->maximized ? "yes" : "no",
                w->fullscreen ? "yes" : "no");
        write_extras(p, out, SECTION_WINDOW);
    }
    /* Unknown sections, each once, in the order they first appeared. */
    for (int i = 0; i < p->extra_count; i++) {
        const char *sec = p->extra[i].section;
        if (sec[0] == '\0' || strcmp(sec, SECTION_SETTINGS) == 0 ||
            strcmp(sec, SECTION_SCORES) == 0 ||
            (p->window.known && strcmp(sec, SECTION_WINDOW) == 0))
            continue;
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = strcmp(p->extra[j].section, sec) == 0;
        if (seen || !writable(sec, "", "")) continue;
        fprintf(out, "\n[%s]\n", sec);
        write_extras(p, out, sec);
    }
}

/* prefs_write()'s text in a malloc'd string (*len bytes), or NULL when out
 * of memory. */
static char *written_text(const prefs *p, size_t *len)
{
#ifdef _WIN32
    /* No open_memstream: a temporary file, read back. */
    FILE *f = tmpfile();
    if (!f) return NULL;
    prefs_write(p, f);
    long size = ftell(f);
    char *buf = size >= 0 ? malloc((size_t)size + 1) : NULL;
    bool ok = buf && fseek(f, 0, SEEK_SET) == 0 && fread(buf, 1, (size_t)size, f) == (size_t)size;
    fclose(f);
    if (!ok) {
        free(buf);
        return NULL;
    }
    buf[size] = '\0';
    *len = (size_t)size;
    return buf;
#else
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    if (!f) return NULL;
    prefs_write(p, f);
    bool ok = !ferror(f);
    if (fclose(f) != 0) ok = false;
    if (!ok) {
        free(buf);
        return NULL;
    }
    *len = size;
    return buf;
#endif
}

/* ------------------------------------------------------------------------- */
/* The merge                                                                 */
/* ------------------------------------------------------------------------- */

/* The last entry of @p ctx with this section and key, or NULL. */
static entry *find_entry(const parse_ctx *ctx, const char *section, const char *key)
{
    for (int i = ctx->count - 1; i >= 0; i--)
        if (strcmp(ctx->entries[i].key, key) == 0 && strcmp(ctx->entries[i].section, section) == 0)
            return &ctx->entries[i];
    return NULL;
}

/* A counter's value in an entry: a bad or missing one counts as 0. */
static long counter_value(const entry *e)
{
    long v = 0;
    if (!e || numparse_long(e->value, 0, PREFS_MAX_SCORE, &v) != NUMPARSE_OK) return 0;
    return v;
}

/* Set (section, key) to @p value in @p out: every entry of it, or a new one
 * at the end. False when there is no room (out has 2 * MAX_ENTRIES). */
static bool set_entry(parse_ctx *out, const char *section, const char *key, const char *value)
{
    bool found = false;
    for (int i = 0; i < out->count; i++) {
        entry *e = &out->entries[i];
        if (strcmp(e->key, key) == 0 && strcmp(e->section, section) == 0) {
            copy_str(e->value, sizeof e->value, value);
            found = true;
        }
    }
    if (found) return true;
    if (out->count >= 2 * MAX_ENTRIES) return false;
    entry *e = &out->entries[out->count++];
    copy_str(e->section, sizeof e->section, section);
    copy_str(e->key, sizeof e->key, key);
    copy_str(e->value, sizeof e->value, value);
    return true;
}

/* @p ctx's entries as INI text, each section once: the entries before any
 * section first (they have no header), then each section in the order it
 * first appears. NULL when out of memory. */
static char *entries_text(const parse_ctx *ctx)
{
    size_t cap = 1;
    for (int i = 0; i < ctx->count; i++)
        cap += strlen(ctx->entries[i].section) + strlen(ctx->entries[i].key) +
               strlen(ctx->entries[i].value) + 8;
    char *text = malloc(cap);
    if (!text) return NULL;
    size_t used = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < ctx->count; i++) {
            const char *sec = ctx->entries[i].section;
            if ((sec[0] == '\0') != (pass == 0)) continue;
            bool seen = false;
            for (int j = 0; j < i && !seen; j++)
                seen = strcmp(ctx->entries[j].section, sec) == 0;
            if (seen) continue;
            if (sec[0]) used += (size_t)snprintf(text + used, cap - used, "[%s]\n", sec);
            for (int j = i; j < ctx->count; j++)
                if (strcmp(ctx->entries[j].section, sec) == 0)
                    used += (size_t)snprintf(text + used, cap - used, "%s=%s\n",
                                             ctx->entries[j].key, ctx->entries[j].value);
        }
    }
    text[used] = '\0';
    return text;
}

/*
 * The merge of the file's text @p disk (NULL: no file) with this instance's
 * @p base and @p mine, as the text to save (malloc'd), or NULL when out of
 * memory. See prefs.h for the rules.
 */
static char *merged_text(const char *disk, const prefs *base, const prefs *mine, size_t *len)
{
    char *result = NULL, *base_text = NULL, *mine_text = NULL, *joined = NULL;
    parse_ctx d = {0}, b = {0}, m = {0}, out = {0};
    size_t base_len = 0, mine_len = 0;
    int ignored = 0;
    base_text = written_text(base, &base_len);
    mine_text = written_text(mine, &mine_len);
    out.entries = calloc(2 * MAX_ENTRIES, sizeof *out.entries);
    if (!base_text || !mine_text || !out.entries) goto done;
    if (collect_entries(disk ? disk : "", &d, "", NULL, &ignored) == PREFS_PARSE_NOMEM ||
        collect_entries(base_text, &b, "", NULL, &ignored) == PREFS_PARSE_NOMEM ||
        collect_entries(mine_text, &m, "", NULL, &ignored) == PREFS_PARSE_NOMEM)
        goto done;
    memcpy(out.entries, d.entries, (size_t)d.count * sizeof *d.entries);
    out.count = d.count;
    for (int i = 0; i < m.count; i++) {
        const entry *e = &m.entries[i];
        const entry *was = find_entry(&b, e->section, e->key);
        if (strcmp(e->section, PREFS_COUNTER_SECTION) == 0) {
            long delta = counter_value(e) - counter_value(was);
            if (delta == 0) continue;
            long now = saturated(counter_value(find_entry(&out, e->section, e->key)) + delta);
            char value[32];
            snprintf(value, sizeof value, "%ld", now);
            if (!set_entry(&out, e->section, e->key, value)) goto done;
        } else if (!was || strcmp(was->value, e->value) != 0) {
            if (!set_entry(&out, e->section, e->key, e->value)) goto done;
        }
    }
    /* Read the merged entries back as a prefs, so the saved text has the
     * same form and checks as any other save. */
    joined = entries_text(&out);
    if (!joined) goto done;
    prefs *merged = malloc(sizeof *merged);
    if (!merged) goto done;
    if (prefs_parse_ini(joined, merged, NULL, NULL) != PREFS_PARSE_NOMEM)
        result = written_text(merged, len);
    free(merged);
done:
    free(joined);
    free(base_text);
    free(mine_text);
    free(d.entries);
    free(b.entries);
    free(m.entries);
    free(out.entries);
    return result;
}

/* ------------------------------------------------------------------------- */
/* Replacing the file                                                        */
/* ------------------------------------------------------------------------- */

/* Why a save failed, for the one warning. */
typedef struct save_error {
    const char *why;
    int err; /* errno, or 0 */
} save_error;

static bool save_fail(save_error *e, const char *why, int err)
{
    e->why = why;
    e->err = err;
    return false;
}

/* @p a followed by @p b in a malloc'd string, or NULL. */
static char *joined_str(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    char *s = malloc(na + nb + 1);
    if (!s) return NULL;
    memcpy(s, a, na);
    memcpy(s + na, b, nb + 1);
    return s;
}

#ifdef _WIN32

/* The file to replace: @p path itself (links are not followed on Windows). */
static char *resolve_target(const char *path, save_error *e)
{
    char *s = joined_str(path, "");
    if (!s) save_fail(e, N_("out of memory"), 0);
    return s;
}

typedef HANDLE lock_handle;
#define NO_LOCK INVALID_HANDLE_VALUE

static lock_handle take_lock(const char *target, save_error *e)
{
    char *name = joined_str(target, PREFS_LOCK_SUFFIX);
    if (!name) {
        save_fail(e, N_("out of memory"), 0);
        return NO_LOCK;
    }
    HANDLE h = CreateFileA(name, GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                           NULL, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
    free(name);
    if (h == INVALID_HANDLE_VALUE) {
        save_fail(e, N_("cannot create the lock file"), 0);
        return NO_LOCK;
    }
    OVERLAPPED ov;
    memset(&ov, 0, sizeof ov);
    for (int waited = 0;; waited += 10) {
        if (LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ov))
            return h;
        if (waited >= PREFS_LOCK_WAIT_MS) break;
        Sleep(10);
    }
    CloseHandle(h);
    save_fail(e, N_("another instance holds the lock"), 0);
    return NO_LOCK;
}

static void drop_lock(lock_handle h)
{
    OVERLAPPED ov;
    memset(&ov, 0, sizeof ov);
    UnlockFileEx(h, 0, 1, 0, &ov);
    CloseHandle(h);
}

/* Write @p text to a temporary file beside @p target, flush it to the disk
 * and move it over @p target. */
static bool replace_file(const char *target, const char *text, size_t len, save_error *e)
{
    struct _stat st;
    if (_stat(target, &st) == 0) {
        if ((st.st_mode & _S_IFMT) != _S_IFREG) return save_fail(e, N_("not a regular file"), 0);
        if (!(st.st_mode & _S_IWRITE)) return save_fail(e, N_("the file is read-only"), 0);
    }
    /* One name is enough: only the lock holder writes it. */
    char *tmp = joined_str(target, PREFS_TEMP_SUFFIX);
    if (!tmp) return save_fail(e, N_("out of memory"), 0);
    bool ok = false;
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        save_fail(e, N_("cannot create the temporary file"), errno);
    } else {
        bool written = fwrite(text, 1, len, f) == len && fflush(f) == 0 && _commit(_fileno(f)) == 0;
        int err = errno;
        if (fclose(f) != 0 && written) {
            written = false;
            err = errno;
        }
        if (!written)
            save_fail(e, N_("cannot write the temporary file"), err);
        else if (!MoveFileExA(tmp, target, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
            save_fail(e, N_("cannot replace the file"), 0);
        else
            ok = true;
        if (!ok) remove(tmp);
    }
    free(tmp);
    return ok;
}

#else /* POSIX */

/* Links followed at most (as the kernel's ELOOP limit). */
#define MAX_LINK_DEPTH 40

/*
 * The file a save replaces, malloc'd: @p path, or, when it is a symlink
 * (a chain of them), the file it finally points to, so the link is kept
 * and its target gets the new text. A dangling link gives its target.
 */
static char *resolve_target(const char *path, save_error *e)
{
    char *cur = joined_str(path, "");
    if (!cur) {
        save_fail(e, N_("out of memory"), 0);
        return NULL;
    }
    for (int depth = 0;; depth++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) return cur;
        if (depth == MAX_LINK_DEPTH) {
            free(cur);
            save_fail(e, N_("too many levels of symbolic links"), ELOOP);
            return NULL;
        }
        size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
        char *link = malloc(cap);
        ssize_t n = link ? readlink(cur, link, cap) : -1;
        if (n < 0 || (size_t)n >= cap) {
            int err = link ? errno : 0;
            free(link);
            free(cur);
            save_fail(e, link ? N_("cannot read the symbolic link") : N_("out of memory"), err);
            return NULL;
        }
        link[n] = '\0';
        char *next;
        const char *slash = strrchr(cur, '/');
        if (link[0] == '/' || !slash) {
            next = link;
        } else {
            /* Relative to the link's own directory. */
            cur[slash - cur + 1] = '\0';
            next = joined_str(cur, link);
            free(link);
            if (!next) {
                free(cur);
                save_fail(e, N_("out of memory"), 0);
                return NULL;
            }
        }
        free(cur);
        cur = next;
    }
}

typedef int lock_handle;
#define NO_LOCK (-1)

static lock_handle take_lock(const char *target, save_error *e)
{
    char *name = joined_str(target, PREFS_LOCK_SUFFIX);
    if (!name) {
        save_fail(e, N_("out of memory"), 0);
        return NO_LOCK;
    }
    int fd = open(name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
    int err = errno;
    free(name);
    if (fd < 0) {
        save_fail(e, N_("cannot create the lock file"), err);
        return NO_LOCK;
    }
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    /* Polled rather than F_SETLKW, so a stuck instance cannot hang this one. */
    const struct timespec pause = {0, 10 * 1000 * 1000};
    for (int waited = 0;; waited += 10) {
        if (fcntl(fd, F_SETLK, &fl) == 0) return fd;
        if ((errno != EACCES && errno != EAGAIN && errno != EINTR) || waited >= PREFS_LOCK_WAIT_MS)
            break;
        nanosleep(&pause, NULL);
    }
    err = errno;
    close(fd);
    save_fail(e,
              err == EACCES || err == EAGAIN ? "another instance holds the lock"
                                             : "cannot lock the file",
              err);
    return NO_LOCK;
}

static void drop_lock(lock_handle fd)
{
    close(fd); /* releases the fcntl lock */
}

/* The directory part of @p path ("." when it has none), malloc'd. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash) return joined_str(".", "");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (!d) return NULL;
    memcpy(d, path, n);
    d[n] = '\0';
    return d;
}

/* Write all of @p text to @p fd. */
static bool write_all(int fd, const char *text, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, text, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = EIO;
            return false;
        }
        text += n;
        len -= (size_t)n;
    }
    return true;
}

/*
 * Write @p text to a new temporary file beside @p target with the target's
 * permission bits, fsync it, rename it over @p target and fsync the
 * directory, so the rename itself survives a power cut.
 */
static bool replace_file(const char *target, const char *text, size_t len, save_error *e)
{
    mode_t mode;
    struct stat st;
    if (stat(target, &st) == 0) {
        if (!S_ISREG(st.st_mode)) return save_fail(e, N_("not a regular file"), 0);
        /* Root may write anything: the bits, not access(), say read-only. */
        if ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0)
            return save_fail(e, N_("the file is read-only"), 0);
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    char *tmp = joined_str(target, PREFS_TEMP_SUFFIX "-XXXXXX");
    char *dir = dir_of(target);
    if (!tmp || !dir) {
        free(tmp);
        free(dir);
        return save_fail(e, N_("out of memory"), 0);
    }
    bool ok = false;
    int fd = mkstemp(tmp);
    if (fd < 0) {
        save_fail(e, N_("cannot create the temporary file"), errno);
    } else {
        bool written = fchmod(fd, mode) == 0 && write_all(fd, text, len) && fsync(fd) == 0;
        int err = errno;
        if (close(fd) != 0 && written) {
            written = false;
            err = errno;
        }
        if (!written) {
            save_fail(e, N_("cannot write the temporary file"), err);
        } else if (rename(tmp, target) != 0) {
            save_fail(e, N_("cannot replace the file"), errno);
        } else {
            ok = true;
            /* The rename is done; a directory that cannot be synced only
             * weakens the guarantee against a power cut, so it is not a
             * failure (some file systems refuse fsync on directories). */
            int dfd = open(dir, O_RDONLY | O_CLOEXEC);
            if (dfd >= 0) {
                (void)fsync(dfd);
                close(dfd);
            }
        }
        if (!ok) unlink(tmp);
    }
    free(tmp);
    free(dir);
    return ok;
}

#endif

bool prefs_save_merged(const char *path, const prefs *base, const prefs *mine, FILE *warn)
{
    save_error e = {NULL, 0};
    char *text = NULL, *disk = NULL;
    size_t len = 0;
    bool ok = false;
    lock_handle lock = NO_LOCK;
    char *target = resolve_target(path, &e);
    if (!target) goto done;
    lock = take_lock(target, &e);
    if (lock == NO_LOCK) goto done;
    if (base) {
        const char *why = NULL;
        int err = 0;
        prefs_status st = read_text(target, &disk, &why, &err);
        if (st == PREFS_UNREADABLE) {
            save_fail(&e, why, err);
            goto done;
        }
        /* No file (a first run, or removed meanwhile): nothing to merge
         * with, and what this instance holds is all there is. */
        text = st == PREFS_MISSING ? written_text(mine, &len) : merged_text(disk, base, mine, &len);
    } else {
        text = written_text(mine, &len);
    }
    if (!text) {
        save_fail(&e, N_("out of memory"), 0);
        goto done;
    }
    ok = replace_file(target, text, len, &e);
done:
    if (lock != NO_LOCK) drop_lock(lock);
    if (!ok) {
        if (e.err)
            /* TRANSLATORS: the settings file, why it cannot be saved, and
               the system's reason. */
            warnf(warn, _("%s: %s (%s); settings not saved, the game goes on"), path, _(e.why),
                  strerror(e.err));
        else
            warnf(warn, _("%s: %s; settings not saved, the game goes on"), path,
                  e.why ? _(e.why) : _("unknown error"));
    }
    free(disk);
    free(text);
    free(target);
    return ok;
}

bool prefs_save(const char *path, const prefs *p, FILE *warn)
{
    return prefs_save_merged(path, NULL, p, warn);
}
